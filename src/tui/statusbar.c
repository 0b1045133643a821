/*
 * The status lines at the bottom of the flame graph screen.
 *
 * On a screen of at least 8 lines there are two, always (so the graph does
 * not jump when the selection moves to a longer name):
 *
 *	NAME  1,234 samples  45.67% of all  100.00% of zoom  self 12
 *	[flame]  zoomed: NAME                          2 messages (!)  ? help
 *
 * ("of zoom" only once zoomed in, and only for the zoomed frame and the
 * frames inside it: at the root it would repeat "of all", and a dimmed
 * caller is more than all of the zoom.)  In the reverse view a frame of
 * the first level shows its function's own self total as "self".  The counts are worded by
 * model/units.h: perf input has the weight in its unit and the sample
 * records ("2.46 s cpu-clock, 1,228 samples ... self 0 s"), folded input
 * "1,234 samples" or --countname's word.
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
 * than the screen scrolls across the line, a step every 1.5 seconds, with
 * "<" and ">" showing which way there is more.  A smaller screen gets one
 * line holding everything, scrolling the same way.
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

/* Format c into out with thousands separators: 1,234,567 or 12.5. */
static void
fmt_count(char *out, size_t cap, struct tf_count c)
{
	units_group(out, cap, c);
}

/*
 * The selected frame's self count as shown: in the reverse view a frame
 * of the first level is the function sampled there, and its self is all
 * of that node (the reverse tree keeps the count at the outermost caller).
 */
static struct tf_count
shown_self(const struct tui_view *v)
{
	if (v->reverse && v->sel != TREE_ROOT &&
	    tree_node(v->tree, v->sel)->depth == 1)
		return tree_total(v->tree, v->prof, v->sel);
	return tree_self(v->tree, v->prof, v->sel);
}

/* True when node is the zoomed frame or inside it (not a dimmed caller). */
static int
in_zoom(const struct tui_view *v, uint32_t node)
{
	uint32_t depth = tree_node(v->tree, v->zoom)->depth;

	while (node != TREE_NONE && tree_node(v->tree, node)->depth > depth)
		node = tree_node(v->tree, node)->parent;
	return node == v->zoom;
}

/*
 * The selected frame's numbers in their unit (model/units.h) into n and
 * its self weight into s: "2.46 s cpu-clock, 1,228 samples" and "0 s",
 * "100 samples" and "5".
 */
static void
count_text(const struct tui_view *v, char *n, size_t ncap, char *s,
    size_t scap)
{
	struct tf_units u;
	const struct tree *t = v->tree;

	units_init(&u, v->svg.opts.event, v->svg.opts.countname,
	    tree_has_samples(t) && tree_samples(t, v->prof, TREE_ROOT) !=
	    tree_total(t, v->prof, TREE_ROOT).n);
	units_total(n, ncap, &u, tree_total(v->tree, v->prof, v->sel),
	    tree_samples(v->tree, v->prof, v->sel));
	units_weight(s, scap, &u, shown_self(v));
}

/* part as a percentage of whole, "12.34%". */
static void
fmt_share(char *out, size_t cap, double part, double whole)
{
	snprintf(out, cap, "%.2f%%", whole > 0 ? 100.0 * part / whole : 0.0);
}

/*
 * The selected frame's change in percentage points of each side's total
 * (AFTER's share minus BEFORE's; the other way with --negate): "+3.45".
 */
static void
diff_points(const struct tui_view *v, char *buf, size_t cap, double *pp)
{
	double tb = count_value(tree_total(v->tree, DIFF_BEFORE, TREE_ROOT));
	double ta = count_value(tree_total(v->tree, DIFF_AFTER, TREE_ROOT));
	double sb = tb > 0 ? 100.0 *
	    count_value(tree_total(v->tree, DIFF_BEFORE, v->sel)) / tb : 0;
	double sa = ta > 0 ? 100.0 *
	    count_value(tree_total(v->tree, DIFF_AFTER, v->sel)) / ta : 0;

	*pp = v->negate ? sb - sa : sa - sb;
	if (*pp > -0.005 && *pp < 0.005)
		*pp = 0; /* no "-0.00" */
	snprintf(buf, cap, "%+.2f", *pp);
}

/*
 * The counts of the selected frame in differential mode: BEFORE and AFTER
 * samples with their shares of each side's total, and the change.
 */
static void
diff_stats(const struct tui_view *v, char *buf, size_t cap)
{
	struct tf_count b = tree_total(v->tree, DIFF_BEFORE, v->sel);
	struct tf_count a = tree_total(v->tree, DIFF_AFTER, v->sel);
	double vb = count_value(b), va = count_value(a), d, pp;
	char nb[64], na[64], nd[64], pb[32], pa[32], np[40];

	fmt_count(nb, sizeof nb, b);
	fmt_count(na, sizeof na, a);
	fmt_share(pb, sizeof pb, vb,
	    count_value(tree_total(v->tree, DIFF_BEFORE, TREE_ROOT)));
	fmt_share(pa, sizeof pa, va,
	    count_value(tree_total(v->tree, DIFF_AFTER, TREE_ROOT)));
	d = v->negate ? vb - va : va - vb;
	fmt_count(nd, sizeof nd, (struct tf_count){(uint64_t)(d < 0 ? -d : d), 0});
	diff_points(v, np, sizeof np, &pp);
	/* A line cut at cap is still useful: the status bar scrolls it. */
	if (snprintf(buf, cap, "before %s (%s)  after %s (%s)  change %s%s "
	    "(%s pp)  [widths: %s]", nb, pb, na, pa,
	    d > 0 ? "+" : d < 0 ? "-" : "", nd, np,
	    v->prof == DIFF_AFTER ? "after" : "before") >= (int)cap)
		buf[cap - 1] = '\0';
}

/*
 * The counts of a selected "+" bar: the total of its frames, and its
 * shares ("N frames" is the name's place; view_narrow_count()).
 */
static void
merged_stats(const struct tui_view *v, char *buf, size_t cap)
{
	struct tf_count total = v->nar_total[v->prof];
	double t = count_value(total);
	char n[64], pa[32], pz[32];

	fmt_count(n, sizeof n, total);
	fmt_share(pa, sizeof pa, t,
	    count_value(tree_total(v->tree, v->prof, TREE_ROOT)));
	pz[0] = '\0';
	if (v->zoom != TREE_ROOT) {
		memcpy(pz, "  ", 3);
		fmt_share(pz + 2, sizeof pz - 2, t,
		    count_value(tree_total(v->tree, v->prof, v->zoom)));
		strncat(pz, " of zoom", sizeof pz - strlen(pz) - 1);
	}
	snprintf(buf, cap, "%s sample%s  %s of all%s", n,
	    total.n == 1 && total.frac == 0.0 ? "" : "s", pa, pz);
}

/* The counts of the selected frame. */
static void
stats(const struct tui_view *v, char *buf, size_t cap)
{
	struct tf_count total = tree_total(v->tree, v->prof, v->sel);
	double t = count_value(total);
	char n[128], s[64], pa[32], pz[32];

	if (view_sel_merged(v)) {
		merged_stats(v, buf, cap);
		return;
	}
	if (v->diff) {
		diff_stats(v, buf, cap);
		return;
	}

	count_text(v, n, sizeof n, s, sizeof s);
	fmt_share(pa, sizeof pa, t,
	    count_value(tree_total(v->tree, v->prof, TREE_ROOT)));
	pz[0] = '\0';
	if (v->zoom != TREE_ROOT && in_zoom(v, v->sel)) {
		memcpy(pz, "  ", 3);
		fmt_share(pz + 2, sizeof pz - 2, t,
		    count_value(tree_total(v->tree, v->prof, v->zoom)));
		strncat(pz, " of zoom", sizeof pz - strlen(pz) - 1);
	}
	snprintf(buf, cap, "%s  %s of all%s  self %s", n, pa, pz, s);
}

/* The name of the view, as the status line shows it. */
static const char *
view_name(const struct tui_view *v)
{
	if (v->reverse)
		return v->inverted ? "[reverse icicle]" : "[reverse flame]";
	return v->inverted ? "[icicle]" : "[flame]";
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

/*
 * Append the search's part of the status line to tx:
 * "  /PATTERN/  Matched 12.34% of all[  50.00% of zoom]  3/12 frames".
 */
static void
search_part(struct tui_view *v, struct tui_text *tx)
{
	struct tui_search *s = &v->search;
	const struct search_hits *h = &s->hits[v->reverse];
	uint32_t n = h->nnodes, pos;
	char buf[160], pa[32], pz[32], ix[24];

	if (s->re == NULL)
		return;
	if (s->zoom_node != v->zoom) {
		s->zoom_matched = search_matched_under(h, v->tree,
		    s->marks, &s->order[v->reverse], v->prof, v->zoom);
		s->zoom_node = v->zoom;
	}
	text_append_ascii(tx, "  /");
	append_pattern(tx, s->pattern, s->patlen, PATTERN_COLS);
	text_append_ascii(tx, search_re_caseless(s->re) ? "/i" : "/");
	if (n == 0) {
		text_append_ascii(tx, "  no match");
		return;
	}
	fmt_share(pa, sizeof pa, count_value(h->matched[v->prof]),
	    count_value(tree_total(v->tree, v->prof, TREE_ROOT)));
	pz[0] = '\0';
	if (v->zoom != TREE_ROOT) {
		memcpy(pz, "  ", 3);
		fmt_share(pz + 2, sizeof pz - 2, count_value(s->zoom_matched),
		    count_value(tree_total(v->tree, v->prof, v->zoom)));
		strncat(pz, " of zoom", sizeof pz - strlen(pz) - 1);
	}
	ix[0] = '\0';
	pos = search_hits_find(h, &s->order[v->reverse], v->sel);
	if (pos < n && h->nodes[pos] == v->sel)
		snprintf(ix, sizeof ix, "%lu/", (unsigned long)pos + 1);
	snprintf(buf, sizeof buf, "  Matched %s of all%s  %s%lu frame%s", pa,
	    pz, ix, (unsigned long)n, n == 1 ? "" : "s");
	text_append_ascii(tx, buf);
}

/* The label of the search prompt. */
static const char *
prompt_label(const struct tui_view *v)
{
	if (v->saving)
		return "Save SVG as: ";
	return v->search.caseless ? "Search (ignore case): " : "Search: ";
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
	struct tui_text *a = &v->sel_text, *b = &v->line;
	char st[STATS_BUFSZ], right[64], mname[48];
	const char *name;
	size_t len, sw, rw;
	int cols = v->cols, on_first, two = v->status_lines >= 2, i;

	if (v->sel != v->sel_text_node) {
		v->sel_text_node = v->sel;
		v->name_off = 0;
	}
	v->name_scrolls = 0;
	if (view_sel_merged(v))
		view_narrow_count(v);
	stats(v, st, sizeof st);
	sw = strlen(st);
	view_messages_count(v, right, sizeof right);
	strncat(right, "? help", sizeof right - strlen(right) - 1);
	rw = strlen(right);

	/*
	 * The first line's blanks take the name's attributes: the same
	 * background, and when a shorter name follows a longer one the
	 * terminal clears the rest of the line without an attribute change
	 * (about 30 bytes less for every move of the selection).
	 */
	for (i = 0; i < v->status_lines; i++) {
		colors_use(i == 0 ? COLORS_STATUS_NAME : COLORS_STATUS,
		    PALETTE_USER, 0);
		blank(y + i, cols);
	}
	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	if (v->prompt.active && !two) {
		prompt_draw(&v->prompt, y, cols, prompt_label(v));
		return;
	}
	if (v->progress != NULL && !two) {
		colors_use(COLORS_STATUS_MSG, PALETTE_USER, 0);
		text_set_ascii(b, v->msg != NULL ? v->msg : v->progress);
		text_draw_label(b, y, 0, cols);
		return;
	}

	/* First line: the name, and the counts when they fit after it. */
	name = shown_name(v, v->sel, &len);
	text_set(a, name, len, TEXT_ALL);
	if (view_sel_merged(v)) {
		snprintf(mname, sizeof mname, "+ %lu frame%s",
		    (unsigned long)v->nar_n, v->nar_n == 1 ? "" : "s");
		text_set_ascii(a, mname);
	}
	if (a->more)
		text_append_ascii(a, " [name cut: too long]");
	on_first = !a->more && a->cols + 2 + sw <= (size_t)cols;
	if (!two || on_first) {
		text_append_ascii(a, "  ");
		text_append_ascii(a, st);
	}
	if (!two) {
		text_append_ascii(a, "  ");
		text_append_ascii(a, view_name(v));
		search_part(v, a);
		text_append_ascii(a, "  ");
		text_append_ascii(a, right);
	}
	colors_use(COLORS_STATUS_NAME, PALETTE_USER, 0);
	draw_scrolling(v, a, y);
	if (!two)
		return;
	if (v->prompt.active) {
		prompt_draw(&v->prompt, y + 1, cols, prompt_label(v));
		return;
	}

	/* Second line: the counts if they moved here, the view, the hints. */
	text_clear(b);
	if (!on_first && v->progress == NULL) {
		/* While loading, the progress has this line to itself. */
		text_append_ascii(b, st);
		text_append_ascii(b, "  ");
	}
	text_append_ascii(b, view_name(v));
	if (v->msg == NULL && v->progress == NULL)
		search_part(v, b); /* else the message needs the room */
	if (v->msg != NULL || v->progress != NULL) {
		colors_use(COLORS_STATUS, PALETTE_USER, 0);
		i = text_draw_label(b, y + 1, 0, cols) + 2;
		if (i < cols) {
			colors_use(COLORS_STATUS_MSG, PALETTE_USER, 0);
			text_set_ascii(b, v->msg != NULL ? v->msg : v->progress);
			text_draw_label(b, y + 1, i, cols - i);
		}
		return;
	}
	if (v->zoom != TREE_ROOT) {
		text_append_ascii(b, "  zoomed: ");
		name = shown_name(v, v->zoom, &len);
		text_append(b, name, len, (size_t)cols);
	}
	/*
	 * The hints on the right go first when space is short, then the end
	 * of the left part (the zoomed name, cut with ".."); the counts are
	 * cut only when they alone are wider than the screen.  With a search,
	 * the hints give way to it entirely.
	 */
	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	if (b->cols + 2 + rw <= (size_t)cols || (v->search.re == NULL &&
	    (on_first ? 0 : sw) + 2 + rw + 8 <= (size_t)cols)) {
		text_draw_label(b, y + 1, 0, cols - (int)rw - 2);
		mvaddstr(y + 1, cols - (int)rw, right);
	} else
		text_draw_label(b, y + 1, 0, cols);
}

/* Scroll a name wider than the line one step further. */
int
statusbar_tick(struct tui_view *v)
{
	size_t total = v->sel_text.cols, avail, step;

	if (!v->name_scrolls || v->cols < 3)
		return 0;
	avail = (size_t)v->cols - 2;
	step = avail > 16 ? avail - 8 : TF_MAX(avail / 2, (size_t)1);
	if (v->name_off + avail >= total)
		v->name_off = 0;
	else
		v->name_off = TF_MIN(v->name_off + step, total - avail);
	return TUI_REDRAW;
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
 * "VERB SOURCE: 182.4 MB, 1,204,332 samples, 3,911 stacks, 94.1 MB/s".
 */
void
statusbar_progress(const struct tui_view *v, char *buf, size_t cap,
    const char *verb, const struct tui_progress *p, double secs)
{
	struct tf_count samples = tree_total(v->fwd, v->prof, TREE_ROOT);
	uint64_t stacks = tree_stacks(v->fwd, v->prof);
	char by[32], ns[64], nst[64], rate[32];

	/* Raw bytes: the status line escapes what it draws (text_set()). */
	fmt_bytes(by, sizeof by, (double)p->bytes);
	fmt_count(ns, sizeof ns, samples);
	fmt_count(nst, sizeof nst, (struct tf_count){stacks, 0.0});
	if (secs > 0)
		fmt_bytes(rate, sizeof rate, (double)p->bytes / secs);
	else
		snprintf(rate, sizeof rate, "-");
	snprintf(buf, cap, "%s %.120s: %s, %s sample%s, %s stack%s, %s/s", verb,
	    p->source, by, ns, samples.n == 1 && samples.frac == 0.0 ? "" : "s",
	    nst, stacks == 1 ? "" : "s", rate);
}
