/*
 * The status lines at the bottom of the flame graph screen.
 *
 * On a screen of at least 8 lines there are two, always (so the graph does
 * not jump when the selection moves to a longer name):
 *
 *	NAME  1,234 samples  45.67% of all  100.00% of zoom  self 12
 *	in libc.so.6  [flame]  zoomed: NAME            2 messages (!)  ? help
 *
 * ("of zoom" only once zoomed in, and only for the zoomed frame and the
 * frames inside it: at the root it would repeat "of all", and a dimmed
 * caller is more than all of the zoom.)  In the reverse view a frame of
 * the first level shows its function's own self total as "self".  The
 * counts are worded by model/units.h: perf input has the weight in its
 * unit and the sample records ("2.46 s cpu-clock, 1,228 samples ... self
 * 0 s"), folded input "1,234 samples" or --countname's word
 * (statusbar_count.c words the counts, tui/statusbar.h).  "in
 * MODULE" names the frame's module when the input gave one (perf's DSO;
 * "in several modules" for frames merged by name across modules; "inlined
 * in MODULE" for perf's inlined frames, the module of their caller): not a
 * count, it stays off the first line so the counts fit there.  A selected
 * "+" bar shows "+ N frames" for the name and its frames' total.
 *
 * With a search, its pattern and figures follow the view's name:
 *
 *	[flame]  /malloc/i  Matched 12.34% of all  40.00% of zoom  3/12 frames
 *
 * "Matched" is flamegraph.pl's figure (search/search.h: a stack with
 * several matching frames counts once); "of zoom", shown once zoomed in,
 * is the same within the zoomed frame; "3/12" says the selection is the
 * third of twelve matching frames in flame order ("12 frames" when it is
 * not one of them).  The reverse view is named "[reverse flame]" or
 * "[reverse icicle]".  While the search prompt is open it takes the last
 * status line.
 *
 * While the input is still loading, a progress line takes the place of the
 * search and the hints, and of the counts when they do not fit on the first
 * line (of everything on a one-line status bar):
 *
 *	[flame]  reading stdin: 182.4 MB, 1,204,332 samples, 3,911 stacks, 94.1 MB/s
 *
 * The first line shows the selected frame's full name, never cut: when the
 * counts do not fit after it they move to the second line, and a name wider
 * than the screen is shown from its start with ">" at the right edge; the
 * keys < and > scroll it a screen at a time (statusbar_scroll()), with "<"
 * and ">" marking which way there is more.  (A timed marquee moved under
 * the reader's eyes and sent a redraw every 1.5 s.)  With C, the name's
 * template arguments are collapsed to "<…>" (tui/text.h).  A smaller
 * screen gets one line holding everything, scrolling the same way.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "diff/diff.h"
#include "model/count.h"
#include "model/units.h"
#include "search/search.h"
#include "tui/colors.h"
#include "tui/prompt.h"
#include "tui/statusbar.h"
#include "tui/text.h"
#include "tui/view.h"
#include "util/macros.h"

#define STATS_BUFSZ 256
#define PATTERN_COLS 32 /* a longer pattern is cut with ".." */

/* Return how many status lines a screen of this size gets. */
int
statusbar_lines(int cols, int lines)
{
	(void)cols;
	return lines >= 8 ? 2 : 1;
}

/* True for perf's module of an inlined frame, "(inlined)". */
static int
is_inlined(const char *name, size_t len)
{
	return len == 7 && memcmp(name, "inlined", 7) == 0;
}

/*
 * "in libc.so.6", "in [kernel.kallsyms]", "in several modules", "inlined
 * in libc.so.6": the selection's module, when the input named one (perf).
 */
static void
f_module(struct tui_view *v, struct tui_text *tx)
{
	uint32_t mod = tree_module(v->tree, v->sel), node;
	const char *name;
	size_t len;

	if (mod == TREE_MOD_NONE || view_sel_merged(v))
		return;
	name = tree_module_name(v->tree, mod, &len);
	if (len == 0)
		return;
	if (is_inlined(name, len)) {
		/*
		 * perf's "(inlined)": the code is in its caller's module, the
		 * nearest caller not inlined (in the reverse view a frame's
		 * parent is its callee: there, only "inlined").
		 */
		text_append_ascii(tx, "inlined");
		if (v->reverse)
			return;
		for (node = tree_node(v->tree, v->sel)->parent;
		    node != TREE_ROOT; node = tree_node(v->tree, node)->parent) {
			if ((mod = tree_module(v->tree, node)) == TREE_MOD_NONE)
				return;
			name = tree_module_name(v->tree, mod, &len);
			if (!is_inlined(name, len))
				break;
		}
		if (node == TREE_ROOT || len == 0)
			return;
		text_append_ascii(tx, " ");
	}
	text_append_ascii(tx, "in ");
	text_append(tx, name, len, TEXT_ALL);
}

/* The name of the view, as the status line shows it. */
static const char *
view_name(const struct tui_view *v)
{
	if (v->reverse)
		return v->inverted ? "[reverse icicle]" : "[reverse flame]";
	return v->inverted ? "[icicle]" : "[flame]";
}

/* "[flame]", "[reverse icicle]"... */
static void
f_view(struct tui_view *v, struct tui_text *tx)
{
	text_append_ascii(tx, view_name(v));
}

/* The one-shot message, or while loading the progress line. */
static void
f_msg(struct tui_view *v, struct tui_text *tx)
{
	if (v->msg != NULL)
		text_append(tx, v->msg, strlen(v->msg), TEXT_ALL);
	else if (v->progress != NULL)
		text_append(tx, v->progress, strlen(v->progress), TEXT_ALL);
}

/* True when the search's fields are shown (a message needs the room). */
static int
search_shown(const struct tui_view *v)
{
	return v->search.re != NULL && v->msg == NULL && v->progress == NULL;
}

/* Append pattern s[0..len) to tx, cut with ".." past maxw columns. */
static void
append_pattern(struct tui_text *tx, const char *s, size_t len, size_t maxw)
{
	size_t start = tx->cols;

	prompt_text_append(tx, s, len, start + maxw);
	if (tx->more || tx->cols > start + maxw) {
		while (tx->n > 0 && tx->cols > start + maxw - 2)
			tx->cols -= tx->width[--tx->n];
		tx->more = 0;
		text_append_ascii(tx, "..");
	}
}

/* "/PATTERN/" or "/PATTERN/i". */
static void
f_pattern(struct tui_view *v, struct tui_text *tx)
{
	struct tui_search *s = &v->search;

	if (!search_shown(v))
		return;
	text_append_ascii(tx, "/");
	append_pattern(tx, s->pattern, s->patlen, PATTERN_COLS);
	text_append_ascii(tx, search_re_caseless(s->re) ? "/i" : "/");
}

/*
 * "Matched 12.34% of all" (flamegraph.pl's figure: search/search.h), or
 * "no match".
 */
static void
f_matched(struct tui_view *v, struct tui_text *tx)
{
	const struct search_hits *h = &v->search.hits[v->reverse];
	char pa[32];

	if (!search_shown(v))
		return;
	if (h->nnodes == 0) {
		text_append_ascii(tx, "no match");
		return;
	}
	statusbar_share(pa, sizeof pa, count_value(h->matched[v->prof]),
	    count_value(tree_total(v->tree, v->prof, TREE_ROOT)));
	text_append_ascii(tx, "Matched ");
	text_append_ascii(tx, pa);
	text_append_ascii(tx, " of all");
}

/* "40.00% of zoom": the matched share within the zoomed frame. */
static void
f_matched_zoom(struct tui_view *v, struct tui_text *tx)
{
	struct tui_search *s = &v->search;
	const struct search_hits *h = &s->hits[v->reverse];
	char pz[32];

	if (!search_shown(v) || h->nnodes == 0 || v->zoom == TREE_ROOT)
		return;
	if (s->zoom_node != v->zoom) {
		s->zoom_matched = search_matched_under(h, v->tree,
		    s->marks, &s->order[v->reverse], v->prof, v->zoom);
		s->zoom_node = v->zoom;
	}
	statusbar_share(pz, sizeof pz, count_value(s->zoom_matched),
	    count_value(tree_total(v->tree, v->prof, v->zoom)));
	text_append_ascii(tx, pz);
	text_append_ascii(tx, " of zoom");
}

/* "3/12 frames": the selection's place among the matches in flame order. */
static void
f_index(struct tui_view *v, struct tui_text *tx)
{
	const struct search_hits *h = &v->search.hits[v->reverse];
	uint32_t n = h->nnodes, pos;
	char buf[48];

	if (!search_shown(v) || n == 0)
		return;
	pos = search_hits_find(h, &v->search.order[v->reverse], v->sel);
	if (pos < n && h->nodes[pos] == v->sel)
		snprintf(buf, sizeof buf, "%lu/%lu frame%s",
		    (unsigned long)pos + 1, (unsigned long)n, n == 1 ? "" : "s");
	else
		snprintf(buf, sizeof buf, "%lu frame%s", (unsigned long)n,
		    n == 1 ? "" : "s");
	text_append_ascii(tx, buf);
}

/* Name bytes of node as shown: the root is "all". */
static const char *
shown_name(const struct tui_view *v, uint32_t node, size_t *len)
{
	if (node == TREE_ROOT) {
		*len = 3;
		return "all";
	}
	return tree_name(v->tree, node, len);
}

/* "zoomed: NAME" (the end of the line is cut when space is short). */
static void
f_zoomed(struct tui_view *v, struct tui_text *tx)
{
	const char *name;
	size_t len;

	if (v->zoom == TREE_ROOT || v->msg != NULL || v->progress != NULL)
		return;
	text_append_ascii(tx, "zoomed: ");
	name = shown_name(v, v->zoom, &len);
	if (text_templates())
		name = text_shorten(name, len, TEXT_ALL, &len);
	text_append(tx, name, len, (size_t)TF_MAX(v->cols, 0));
}

/* "2 messages (!)", until the messages panel has been opened. */
static void
f_messages(struct tui_view *v, struct tui_text *tx)
{
	char buf[64];
	size_t n;

	view_messages_count(v, buf, sizeof buf);
	n = strlen(buf);
	while (n > 0 && buf[n - 1] == ' ')
		buf[--n] = '\0';
	text_append_ascii(tx, buf);
}

/*
 * "? help" (not while loading, with a message or with a search: they need
 * the room, and who searches knows the keys).
 */
static void
f_help(struct tui_view *v, struct tui_text *tx)
{
	if (v->progress == NULL && v->msg == NULL && v->search.re == NULL)
		text_append_ascii(tx, "? help");
}

/*
 * The fields, in the order they are drawn: the left ones from the left,
 * then the right ones flush right.  When the line is too narrow, the
 * field with the highest prio number goes first (the later one of a tie);
 * a field with a min is first cut with ".." down to min columns; prio 0
 * never goes; dprio is the prio in differential mode, where the change
 * matters more than which side gives the widths (w says that too).
 * SB_COUNT fields follow the name on the first line when all of them fit
 * there; on a one-line status bar the fields that fit follow the name.
 * Fields of later work slot in as rows.
 */
enum sb_where { SB_LEFT, SB_RIGHT };
#define SB_COUNT 0x1             /* a count of the selection */
#define SB_MSG_COLOUR 0x2        /* drawn in the message colour */

static const struct sb_field {
	const char *name;        /* what it is, for the reader */
	int prio;                /* 0: always shown; higher: dropped sooner */
	int dprio;               /* prio with --diff */
	int min;                 /* > 0: may be cut down to min columns */
	enum sb_where where;
	unsigned flags;
	sb_fill *fill;
} sb_fields[] = {
	/* name           prio dprio  min  where     flags          fill */
	{"samples",          2,    2,   0, SB_LEFT,  SB_COUNT,      statusbar_samples},
	{"share of all",     3,    3,   0, SB_LEFT,  SB_COUNT,      statusbar_of_all},
	{"share of zoom",    6,    4,   0, SB_LEFT,  SB_COUNT,      statusbar_of_zoom},
	{"self",             5,    6,   0, SB_LEFT,  SB_COUNT,      statusbar_self},
	{"module",           5,    5,   0, SB_LEFT,  0,             f_module},
	{"view",             0,    0,   0, SB_LEFT,  0,             f_view},
	{"message",          1,    1,  12, SB_LEFT,  SB_MSG_COLOUR, f_msg},
	{"pattern",          2,    2,   0, SB_LEFT,  0,             f_pattern},
	{"matched",          3,    3,   0, SB_LEFT,  0,             f_matched},
	{"matched in zoom",  7,    7,   0, SB_LEFT,  0,             f_matched_zoom},
	{"match index",      3,    3,   0, SB_LEFT,  0,             f_index},
	{"zoomed",           8,    8,  12, SB_LEFT,  0,             f_zoomed},
	{"messages",         4,    4,   0, SB_RIGHT, 0,             f_messages},
	{"help",             0,    0,   0, SB_RIGHT, 0,             f_help},
};
#define SB_NFIELDS ARRAY_SIZE(sb_fields)
#define SB_MESSAGE 6             /* the row of the message */
#define SB_GAP 2                 /* columns between two fields */

/* The text of each field (scratch, kept from draw to draw). */
static struct tui_text sb_text[SB_NFIELDS];

/* The priority of field i in v's mode. */
static int
sb_prio(const struct tui_view *v, size_t i)
{
	return v->diff ? sb_fields[i].dprio : sb_fields[i].prio;
}

/*
 * Narrow the fields in use[] (their columns; 0: not shown) to fit cols
 * columns, cutting and dropping by priority.  Returns the columns used.
 */
static size_t
sb_fit(const struct tui_view *v, size_t *use, size_t cols)
{
	size_t i, total = 0, n = 0, worst, cut;

	for (i = 0; i < SB_NFIELDS; i++)
		if (use[i] > 0) {
			total += use[i];
			n++;
		}
	total += n > 1 ? (n - 1) * SB_GAP : 0;
	while (total > cols) {
		worst = SB_NFIELDS;
		for (i = 0; i < SB_NFIELDS; i++)
			if (use[i] > 0 && sb_prio(v, i) > 0 &&
			    (worst == SB_NFIELDS ||
			    sb_prio(v, i) >= sb_prio(v, worst)))
				worst = i;
		if (worst == SB_NFIELDS)
			break; /* only fields that always stay: cut at the end */
		if (sb_fields[worst].min > 0 &&
		    use[worst] > (size_t)sb_fields[worst].min) {
			cut = TF_MIN(total - cols,
			    use[worst] - (size_t)sb_fields[worst].min);
			use[worst] -= cut;
			total -= cut;
			continue;
		}
		total -= use[worst] + (n > 1 ? SB_GAP : 0);
		use[worst] = 0;
		n--;
	}
	return total;
}

/* Draw field i in w columns at (y, x); returns the columns drawn. */
static int
sb_draw_field(size_t i, int y, int x, size_t w)
{
	colors_use(sb_fields[i].flags & SB_MSG_COLOUR ? COLORS_STATUS_MSG :
	    COLORS_STATUS, PALETTE_USER, 0);
	return text_draw_label(&sb_text[i], y, x, (int)w);
}

/* Lay out and draw the fields in use[] on line y. */
static void
sb_draw_line(const struct tui_view *v, size_t *use, int y, int cols)
{
	size_t i, right = 0, nr = 0;
	int x = 0, first = 1;

	sb_fit(v, use, (size_t)cols);
	for (i = 0; i < SB_NFIELDS; i++) {
		if (use[i] == 0 || sb_fields[i].where != SB_LEFT)
			continue;
		if (!first)
			x += SB_GAP;
		first = 0;
		if (x < cols)
			x += sb_draw_field(i, y, x,
			    TF_MIN(use[i], (size_t)(cols - x)));
	}
	for (i = 0; i < SB_NFIELDS; i++)
		if (use[i] > 0 && sb_fields[i].where == SB_RIGHT) {
			right += use[i];
			nr++;
		}
	if (nr == 0)
		return;
	right += (nr - 1) * SB_GAP;
	x = TF_MAX(cols - (int)right, first ? 0 : x + SB_GAP);
	for (i = 0; i < SB_NFIELDS; i++) {
		if (use[i] == 0 || sb_fields[i].where != SB_RIGHT || x >= cols)
			continue;
		x += sb_draw_field(i, y, x,
		    TF_MIN(use[i], (size_t)(cols - x))) + SB_GAP;
	}
}

/*
 * Append the characters of field text f to tx, in w columns at most (cut
 * with ".." when it is wider).
 */
static void
sb_text_append(struct tui_text *tx, const struct tui_text *f, size_t w)
{
	size_t i, used = 0, room = f->cols > w ? (w > 2 ? w - 2 : 0) : w;

	for (i = 0; i < f->n && used + f->width[i] <= room; i++) {
		text_append_wc(tx, f->wc[i], f->width[i]);
		used += f->width[i];
	}
	if (f->cols > w)
		text_append_ascii(tx, w >= 2 ? ".." : "");
}

/* The label of the search prompt. */
static const char *
prompt_label(const struct tui_view *v)
{
	if (v->saving)
		return "Save SVG as: ";
	return v->search.caseless ? "Search (ignore case): " : "Search: ";
}

/* Paint line y in the status colours. */
static void
blank(int y, int cols)
{
	int x;

	move(y, 0);
	for (x = 0; x < cols; x++)
		addch(' ');
}

/*
 * Draw tx on line y: whole when it fits, else the window starting at
 * column v->name_off between "<" and ">" markers.
 */
static void
draw_scrolling(struct tui_view *v, const struct tui_text *tx, int y)
{
	int cols = v->cols, avail = cols - 2;

	if (tx->cols <= (size_t)cols && !tx->more) {
		text_draw(tx, y, 0, 0, cols);
		return;
	}
	v->name_scrolls = 1;
	if (avail < 1) {
		text_draw(tx, y, 0, v->name_off, cols);
		return;
	}
	if (v->name_off + (size_t)avail > tx->cols)
		v->name_off = tx->cols > (size_t)avail ? tx->cols - avail : 0;
	text_draw(tx, y, 1, v->name_off, avail);
	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	mvaddch(y, 0, v->name_off > 0 ? '<' : ' ');
	mvaddch(y, cols - 1,
	    v->name_off + (size_t)avail < tx->cols ? '>' : ' ');
}

/* Draw the status lines from screen line y down. */
void
statusbar_draw(struct tui_view *v, int y)
{
	struct tui_text *a = &v->sel_text;
	const char *name;
	char mname[48];
	size_t len, i, use[SB_NFIELDS], counts = 0, nc = 0;
	int cols = v->cols, on_first, two = v->status_lines >= 2;

	if (v->sel != v->sel_text_node) {
		v->sel_text_node = v->sel;
		v->name_off = 0;
	}
	v->name_scrolls = 0;
	if (view_sel_merged(v))
		view_narrow_count(v);
	for (i = 0; i < SB_NFIELDS; i++) {
		text_clear(&sb_text[i]);
		sb_fields[i].fill(v, &sb_text[i]);
		use[i] = sb_text[i].cols;
		if ((sb_fields[i].flags & SB_COUNT) && use[i] > 0) {
			counts += use[i];
			nc++;
		}
	}
	counts += nc > 1 ? (nc - 1) * SB_GAP : 0;

	/*
	 * The first line's blanks take the name's attributes: the same
	 * background, and when a shorter name follows a longer one the
	 * terminal clears the rest of the line without an attribute change
	 * (about 30 bytes less for every move of the selection).
	 */
	for (i = 0; i < (size_t)v->status_lines; i++) {
		colors_use(i == 0 ? COLORS_STATUS_NAME : COLORS_STATUS,
		    PALETTE_USER, 0);
		blank(y + (int)i, cols);
	}
	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	if (v->prompt.active && !two) {
		prompt_draw(&v->prompt, y, cols, prompt_label(v));
		return;
	}
	if (v->progress != NULL && !two) {
		colors_use(COLORS_STATUS_MSG, PALETTE_USER, 0);
		text_draw_label(&sb_text[SB_MESSAGE], y, 0, cols);
		return;
	}

	/* First line: the name, and the counts when they all fit after it. */
	name = shown_name(v, v->sel, &len);
	if (text_templates())
		name = text_shorten(name, len, TEXT_ALL, &len);
	text_set(a, name, len, TEXT_ALL);
	if (view_sel_merged(v)) {
		snprintf(mname, sizeof mname, "+ %lu frame%s",
		    (unsigned long)v->nar_n, v->nar_n == 1 ? "" : "s");
		text_set_ascii(a, mname);
	}
	if (a->more)
		text_append_ascii(a, " [name cut: too long]");
	on_first = !a->more && a->cols + SB_GAP + counts <= (size_t)cols;
	/* One line: the fields that fit after the name, by priority. */
	if (!two && !a->more && a->cols + SB_GAP < (size_t)cols)
		sb_fit(v, use, (size_t)cols - a->cols - SB_GAP);
	for (i = 0; i < SB_NFIELDS; i++) {
		/* Two lines: the counts, when they all fit after the name. */
		if (use[i] == 0 || (two && (!on_first ||
		    !(sb_fields[i].flags & SB_COUNT))))
			continue;
		text_append_ascii(a, "  ");
		sb_text_append(a, &sb_text[i], use[i]);
		use[i] = 0;
	}
	colors_use(COLORS_STATUS_NAME, PALETTE_USER, 0);
	draw_scrolling(v, a, y);
	if (!two)
		return;
	if (v->prompt.active) {
		prompt_draw(&v->prompt, y + 1, cols, prompt_label(v));
		return;
	}
	/* Second line: the counts if they moved here, the view, the rest. */
	sb_draw_line(v, use, y + 1, cols);
}

/* Scroll a name wider than the line a step left (dir < 0) or right. */
int
statusbar_scroll(struct tui_view *v, int dir)
{
	size_t total = v->sel_text.cols, avail, step, old = v->name_off;

	if (!v->name_scrolls || v->cols < 3) {
		v->msg = "< >: the line is shown whole, nothing to scroll.";
		return TUI_REDRAW;
	}
	avail = (size_t)v->cols - 2;
	step = avail > 16 ? avail - 8 : TF_MAX(avail / 2, (size_t)1);
	if (dir < 0)
		v->name_off = v->name_off > step ? v->name_off - step : 0;
	else if (v->name_off + avail < total)
		v->name_off = TF_MIN(v->name_off + step, total - avail);
	return v->name_off != old ? TUI_REDRAW : 0;
}

/* bytes as "812 B", "12.3 kB", "182.4 MB" or "1.21 GB" (powers of 1000). */
static void
fmt_bytes(char *out, size_t cap, double bytes)
{
	if (bytes < 1e3)
		snprintf(out, cap, "%.0f B", bytes);
	else if (bytes < 1e6)
		snprintf(out, cap, "%.1f kB", bytes / 1e3);
	else if (bytes < 1e9)
		snprintf(out, cap, "%.1f MB", bytes / 1e6);
	else
		snprintf(out, cap, "%.2f GB", bytes / 1e9);
}

/*
 * The progress line of a loading input, from the tree as last finished:
 * "VERB SOURCE: 182.4 MB, 1,204,332 samples, 3,911 stacks, 94.1 MB/s",
 * the weight worded as the status line words it ("3.2 MB, 9.09 s
 * cpu-clock, 9,083 samples, ...").
 */
void
statusbar_progress(const struct tui_view *v, char *buf, size_t cap,
    const char *verb, const struct tui_progress *p, double secs)
{
	/* The tree as loaded, not as transformed (view_xform.c). */
	const struct tree *t = v->xh.base != NULL ? v->xh.base : v->fwd;
	uint64_t stacks = tree_stacks(t, v->prof);
	char by[32], ns[128], nst[64], rate[32];
	struct tf_units u;

	/* Raw bytes: the status line escapes what it draws (text_set()). */
	fmt_bytes(by, sizeof by, (double)p->bytes);
	units_of_tree(&u, t, v->prof, v->svg.opts.event,
	    v->svg.opts.countname);
	units_total(ns, sizeof ns, &u, tree_total(t, v->prof, TREE_ROOT),
	    u.samples ? tree_samples(t, v->prof, TREE_ROOT) : 0);
	units_group(nst, sizeof nst, (struct tf_count){stacks, 0.0});
	if (secs > 0)
		fmt_bytes(rate, sizeof rate, (double)p->bytes / secs);
	else
		snprintf(rate, sizeof rate, "-");
	snprintf(buf, cap, "%s %.120s: %s, %s, %s stack%s, %s/s", verb,
	    p->source, by, ns, nst, stacks == 1 ? "" : "s", rate);
}
