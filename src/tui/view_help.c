/*
 * The help screen: every key of the key table of the screen that opened
 * it, that screen's legend (for the graph: what the colours mean), and how
 * to leave.  Drawn from the table itself, so it cannot fall out of step
 * with the bindings.
 *
 * The text is laid out for the screen's width as a list of lines (a
 * description or a legend line too wide is wrapped at spaces, under its
 * own column), and the screen shows a window of that list: on a small
 * terminal (40x10) j/k, Up/Down, PgUp/PgDn, Space, g/G scroll it, so every
 * key and the whole legend can be read at any size.  The last line of the
 * screen always says how to go back (any other key) and, when the list is
 * longer than the screen, which lines are shown.
 *
 * The help's own text is ours (ASCII, and "…"): columns are counted as
 * characters, not bytes.  In a locale that is not UTF-8 it is copied with
 * ASCII for those glyphs (text_own_dup(): "…" as ".."), never sent as raw
 * bytes the terminal would garble.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/colors.h"
#include "tui/screen.h"
#include "tui/text.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define KEY_CTRL(c) ((c) & 0x1f)

/* One line of the laid-out help text. */
struct help_line {
	const char *s;           /* borrowed: the text, NULL for a blank line */
	int len;                 /* its bytes */
	int x;                   /* the column it starts at */
	enum colors_role role;
	const char *key;         /* borrowed: key names drawn at column 3 */
};

struct help {
	struct tui_screen screen; /* first */
	const struct tui_binding *b; /* borrowed: the key table shown */
	size_t nb;
	char **what;             /* owned: each binding's words, for the
	                            locale (text_own_dup()) */
	char *legend;            /* owned: the legend's lines joined into
	                            paragraphs, '\n' between two */
	struct help_line *line;  /* owned: the text laid out for cols */
	size_t nline, capline;
	int laid_cols;           /* the width line was laid out for (0: not) */
	long top;                /* first line shown */
};

/* Columns of our own text s[0..len) (UTF-8 continuation bytes take none). */
static int
cols_of(const char *s, int len)
{
	int i, c = 0;

	for (i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			c++;
	return c;
}

/* Bytes of s[0..len) that fill at most cols columns. */
static int
bytes_in(const char *s, int len, int cols)
{
	int i, c = 0;

	for (i = 0; i < len; i++) {
		if (((unsigned char)s[i] & 0xc0) != 0x80 && c++ == cols)
			break;
	}
	return i;
}

/* Append a line of the laid-out text. */
static void
add(struct help *h, const char *s, int len, int x, enum colors_role role,
    const char *key)
{
	struct help_line *l;

	xgrow((void **)&h->line, &h->capline, h->nline + 1, sizeof *h->line);
	l = &h->line[h->nline++];
	l->s = s;
	l->len = len;
	l->x = x;
	l->role = role;
	l->key = key;
}

/*
 * Append s, wrapped at spaces to the columns from x to cols; the first
 * line carries key (NULL: none).
 */
static void
add_wrapped(struct help *h, const char *s, int len, int x, int cols,
    enum colors_role role, const char *key)
{
	int w = TF_MAX(cols - x, 8), n, cut;

	do {
		n = bytes_in(s, len, w);
		cut = n;
		if (n < len) {
			/* Break at the last space that fits, if there is one. */
			while (cut > 0 && s[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = n;
		}
		add(h, s, cut, x, role, key);
		key = NULL;
		s += cut;
		len -= cut;
		while (len > 0 && *s == ' ') {
			s++;
			len--;
		}
	} while (len > 0);
}

/* What the percentages are, said under the title. */
static const char weight_note[] =
    "Percentages are shares of the weight (the event count), not of samples.";

/* Lay the help text out for cols columns. */
static void
layout(struct help *h, int cols)
{
	const struct tui_binding *b = h->b;
	const char *p, *e;
	size_t i;
	int kw = 0;

	h->nline = 0;
	h->laid_cols = cols;
	for (i = 0; i < h->nb; i++)
		kw = TF_MAX(kw, cols_of(b[i].keys, (int)strlen(b[i].keys)));
	/* On a narrow screen the description goes under the keys. */
	add(h, "tflame: keys", 12, 1, COLORS_TITLE, NULL);
	add_wrapped(h, weight_note, (int)strlen(weight_note), 1, cols - 1,
	    COLORS_NORMAL, NULL);
	for (i = 0; i < h->nb; i++) {
		/* A binding without keys text is described by the row before. */
		if (b[i].keys[0] == '\0')
			continue;
		if (3 + kw + 3 + 20 <= cols)
			add_wrapped(h, h->what[i], (int)strlen(h->what[i]),
			    3 + kw + 3, cols, COLORS_NORMAL, b[i].keys);
		else {
			add(h, NULL, 0, 0, COLORS_NORMAL, b[i].keys);
			add_wrapped(h, h->what[i], (int)strlen(h->what[i]), 5,
			    cols, COLORS_NORMAL, NULL);
		}
	}
	add(h, NULL, 0, 0, COLORS_NORMAL, NULL);
	for (p = h->legend; *p != '\0'; p = e + (*e == '\n')) {
		e = strchr(p, '\n');
		if (e == NULL)
			e = p + strlen(p);
		add_wrapped(h, p, (int)(e - p), 1, cols - 1, COLORS_NORMAL,
		    NULL);
	}
}

/* Lines of text the screen shows (the last line is the footer). */
static long
page(const struct tui_screen *s)
{
	return TF_MAX((long)s->lines - 1, 1L);
}

/* Keep top within the text. */
static void
clamp(struct help *h)
{
	long max = (long)h->nline - page(&h->screen);

	if (h->top > max)
		h->top = max;
	if (h->top < 0)
		h->top = 0;
}

/* Write s[0..len) at (y, x), cut to fit in cols columns. */
static void
put(int y, int x, const char *s, int len, int cols)
{
	if (x >= cols)
		return;
	mvaddnstr(y, x, s, bytes_in(s, len, cols - x));
}

/* Paint the help screen. */
static void
help_draw(struct tui_screen *s)
{
	struct help *h = (struct help *)(void *)s;
	const struct help_line *l;
	int y, last = s->lines - 1, cols = s->cols;
	char foot[160];
	long i;

	if (h->laid_cols != cols)
		layout(h, cols);
	clamp(h);
	for (y = 0, i = h->top; y < last && i < (long)h->nline; y++, i++) {
		l = &h->line[i];
		if (l->key != NULL) {
			colors_use(COLORS_KEY, PALETTE_USER, 0);
			put(y, 3, l->key, (int)strlen(l->key), cols);
		}
		if (l->s != NULL) {
			colors_use(l->role, PALETTE_USER, 0);
			put(y, l->x, l->s, l->len, cols);
		}
	}
	colors_use(COLORS_TITLE, PALETTE_USER, 0);
	if ((long)h->nline <= page(s))
		snprintf(foot, sizeof foot, "Press any key to go back.");
	else
		snprintf(foot, sizeof foot, "%ld-%ld/%zu  j k PgUp PgDn; "
		    "else back", h->top + 1,
		    TF_MIN(h->top + page(s), (long)h->nline), h->nline);
	if (last >= 0)
		put(last, 1, foot, (int)strlen(foot), cols);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
}

/* Scroll keys move the text; any other key goes back. */
static int
help_key(struct tui_screen *s, int key)
{
	struct help *h = (struct help *)(void *)s;
	long old = h->top;

	switch (key) {
	case 'j':
	case KEY_DOWN:
	case KEY_CTRL('N'):
		h->top++;
		break;
	case 'k':
	case KEY_UP:
	case KEY_CTRL('P'):
		h->top--;
		break;
	case KEY_NPAGE:
	case ' ':
	case KEY_CTRL('F'):
		h->top += TF_MAX(page(s) - 1, 1L);
		break;
	case KEY_PPAGE:
	case KEY_CTRL('B'):
		h->top -= TF_MAX(page(s) - 1, 1L);
		break;
	case 'g':
	case KEY_HOME:
		h->top = 0;
		break;
	case 'G':
	case KEY_END:
		h->top = (long)h->nline;
		break;
	default:
		return TUI_CLOSE | TUI_REDRAW;
	}
	clamp(h);
	return h->top != old ? TUI_REDRAW : 0;
}

/* Lay the text out again for a new width. */
static void
help_resize(struct tui_screen *s, int cols, int lines)
{
	struct help *h = (struct help *)(void *)s;

	(void)lines;
	layout(h, cols);
}

/* Release the help screen. */
static void
help_free(struct tui_screen *s)
{
	struct help *h = (struct help *)(void *)s;
	size_t i;

	for (i = 0; i < h->nb; i++)
		free(h->what[i]);
	free(h->what);
	free(h->line);
	free(h->legend);
	free(h);
}

static const struct tui_screen_ops help_ops = {
	.name = "help",
	.resize = help_resize,
	.draw = help_draw,
	.key = help_key,
	.free = help_free,
};

/* Open the help screen over the top of st. */
void
help_open(struct tui_stack *st, const struct tui_binding *b, size_t n,
    const char *const *legend, size_t nlegend)
{
	struct help *h = xcalloc(1, sizeof *h);
	size_t i, len = 1, o = 0, k;
	char *own;

	h->screen.ops = &help_ops;
	h->b = b;
	h->nb = n;
	h->what = xreallocarray(NULL, n > 0 ? n : 1, sizeof *h->what);
	for (i = 0; i < n; i++)
		h->what[i] = text_own_dup(b[i].what);
	/*
	 * The legend's lines are cut for 80 columns; a line ending a
	 * sentence ends a paragraph, the others flow on, so that the legend
	 * wraps well at any width.
	 */
	for (i = 0; i < nlegend; i++)
		len += strlen(legend[i]) + 1;
	h->legend = xmalloc(len);
	for (i = 0; i < nlegend; i++) {
		k = strlen(legend[i]);
		if (i > 0) {
			h->legend[o] = o > 0 && h->legend[o - 1] == '.' ?
			    '\n' : ' ';
			o++;
		}
		memcpy(h->legend + o, legend[i], k);
		o += k;
	}
	h->legend[o] = '\0';
	own = text_own_dup(h->legend);
	free(h->legend);
	h->legend = own;
	screen_push(st, &h->screen);
}
