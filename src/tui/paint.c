/*
 * The flame painter.  See tui/paint.h.
 */
#include "config.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "layout/palette.h"
#include "tui/paint.h"
#include "util/macros.h"
#include "util/xalloc.h"

/* Paint n cells from (y, x) with c in the current attributes. */
void
paint_fill(int y, int x, int n, int c)
{
	char buf[64];
	int k;

	memset(buf, c, sizeof buf);
	move(y, x);
	for (; n > 0; n -= k) {
		k = TF_MIN(n, (int)sizeof buf);
		addnstr(buf, k);
	}
}

/* Style byte of a frame by its name, a user frame by its module's kind. */
unsigned char
paint_name_style(const char *s, size_t len, unsigned modkind)
{
	enum palette_family f = palette_family(s, len);

	if (f == PALETTE_USER)
		f = palette_module_family(modkind);
	return (unsigned char)(0x80 | (unsigned)f << 3 |
	    palette_shade(palette_value(s, len), COLORS_SHADES));
}

/*
 * Style byte of a --diff frame: red or blue by its own change, as
 * flamegraph.pl colours it, the shade by the size of the change against
 * the largest one.
 */
unsigned char
paint_diff_style(int64_t delta, uint64_t maxdelta)
{
	uint64_t a = delta < 0 ? (uint64_t)-delta : (uint64_t)delta;
	unsigned shade;
	enum palette_family f;

	if (delta == 0 || maxdelta == 0)
		return (unsigned char)(0x80 | PALETTE_DIFF_SAME << 3);
	f = delta > 0 ? PALETTE_DIFF_GROW : PALETTE_DIFF_SHRINK;
	shade = (unsigned)((long double)a * COLORS_SHADES / maxdelta);
	if (shade >= COLORS_SHADES)
		shade = COLORS_SHADES - 1;
	return (unsigned char)(0x80 | (unsigned)f << 3 | shade);
}

/* Without shades the direction of a change is a mark: "+grew", "-shrank". */
char
paint_diff_mark(int64_t delta)
{
	return delta > 0 ? '+' : delta < 0 ? '-' : '=';
}

/* A frame's colour from a style byte. */
void
paint_use_style(struct paint_style *st, unsigned char style)
{
	st->role = COLORS_FRAME;
	st->family = (enum palette_family)((style >> 3) & 0x7);
	st->shade = style & 0x7u;
}

unsigned char
paint_chain_style(struct paint_chain *c, const struct tree *t, uint32_t node,
    unsigned char style)
{
	enum palette_family f = (enum palette_family)((style >> 3) & 0x7);

	if (f == PALETTE_GREY)
		return style;
	if (c->t != t || c->n != tree_size(t)) {
		c->n = tree_size(t);
		c->t = t;
		c->marks = xreallocarray(c->marks, c->n + 1, 1);
		palette_chain_marks(t, c->marks);
	}
	f = node < c->n && c->marks[node] ? PALETTE_INLINE : PALETTE_KERNEL;
	return (unsigned char)((style & ~0x38u) | (unsigned)f << 3);
}

unsigned char
paint_cold_style(struct paint_chain *c, const struct tree *t, int prof,
    uint32_t node, unsigned char style)
{
	enum palette_family f = (enum palette_family)((style >> 3) & 0x7);

	if (c->t != t || c->n != tree_size(t)) {
		c->n = tree_size(t);
		c->t = t;
		c->marks = xreallocarray(c->marks, c->n + 1, 1);
		c->any = palette_cold_marks(t, prof, c->marks);
	}
	if (!c->any || f == PALETTE_GREY || node >= c->n || !c->marks[node])
		return style;
	return (unsigned char)((style & ~0x38u) | PALETTE_KERNEL << 3);
}

void
paint_chain_free(struct paint_chain *c)
{
	free(c->marks);
	memset(c, 0, sizeof *c);
}

/* The label of a bar: its name (the root: "all"), shortened, marked. */
static void
label(const struct painter *p, const struct layout_rect *r, char mark,
    int y, int x, int n)
{
	const char *name;
	char buf[512];
	size_t len;

	if (r->node == TREE_ROOT) {
		name = "all";
		len = 3;
		mark = 0;
	} else
		name = tree_name(p->t, r->node, &len);
	/* Keep the end of a long name: the method (layout/shortname.h). */
	name = text_shorten(name, len, (size_t)n - (mark != 0), &len);
	if (mark != 0) {
		if (len > sizeof buf - 1)
			len = sizeof buf - 1;
		buf[0] = mark;
		memcpy(buf + 1, name, len - (len == sizeof buf - 1));
		text_set(p->label, buf, len + (len < sizeof buf - 1),
		    (size_t)n);
	} else
		text_set(p->label, name, len, (size_t)n);
	text_draw_label(p->label, y, x, n);
}

/*
 * Paint rectangle i on line y: a bar with its name, and a one-cell gap
 * at its right end (unless it reaches the right edge) so that neighbours
 * of the same colour stay apart.
 */
static void
paint_rect(const struct painter *p, uint32_t i, int y)
{
	const struct layout_rect *r = &p->l->rects[i];
	struct paint_style st;
	long x0, x1;
	int n;

	layout_cells(r, &x0, &x1);
	x0 = TF_MAX(x0, 0L);
	x1 = TF_MIN(x1, (long)p->cols);
	n = (int)(x1 - x0);
	if (n <= 0)
		return;
	n -= x1 < p->cols && n >= 2;
	memset(&st, 0, sizeof st);
	st.role = COLORS_FRAME;
	st.family = PALETTE_USER;
	p->style(p, i, &st);
	if (r->flags & LAYOUT_MERGED) {
		colors_use(st.selected ? COLORS_SELECTED : COLORS_MERGED,
		    PALETTE_USER, 0);
		paint_fill(y, (int)x0, n, colors_mode() == COLORS_MONO ?
		    COLORS_MERGED_CHAR : ' ');
		mvaddch(y, (int)x0, COLORS_MERGED_CHAR);
		return;
	}
	colors_use(st.selected ? COLORS_SELECTED : st.role, st.family,
	    st.shade);
	if (st.selected && st.match)
		attron(A_UNDERLINE); /* the selected match */
	paint_fill(y, (int)x0, n, ' ');
	if (st.selected && n >= 3) {
		/* A marker at each end: the selection, whatever the colours. */
		mvaddch(y, (int)x0, COLORS_SEL_LEFT);
		mvaddch(y, (int)x0 + n - 1, COLORS_SEL_RIGHT);
		x0++;
		n -= 2;
	}
	label(p, r, st.mark, y, (int)x0, n);
}

/* Paint the rectangles of one row. */
void
paint_row(const struct painter *p, uint32_t depth, int y)
{
	const struct layout *l = p->l;
	uint32_t i;

	if (depth >= l->nrows)
		return;
	for (i = l->row_start[depth]; i < l->row_start[depth + 1]; i++)
		paint_rect(p, i, y);
}
