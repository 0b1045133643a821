/*
 * The status line's counts of the selection (statusbar.c draws the line;
 * this file words its numbers), in their unit as model/units.h words
 * them: "2.46 s cpu-clock, 1,228 samples", "45.67% of all", "100.00% of
 * zoom" (once zoomed in, for the zoomed frame and the frames inside it),
 * "self 0 s"; a selected "+" bar gives its frames' total.  With --diff
 * the same four fields say "before 1,200 (12.00%)", "after 1,300
 * (13.00%)", "change +100 (+1.00 pp)" and which profile gives the widths:
 * each side's weight and share of its own total, the change in weight and
 * in percentage points (AFTER minus BEFORE; the other way with --negate).
 */
#include "config.h"

#include <stdio.h>

#include "diff/diff.h"
#include "model/count.h"
#include "model/units.h"
#include "tui/statusbar.h"
#include "tui/text.h"
#include "tui/view.h"

#define BRIEF_COLS 60   /* narrower: the weight without the sample records */

/* Format c into out with thousands separators: 1,234,567 or 12.5. */
static void
fmt_count(char *out, size_t cap, struct tf_count c)
{
	units_group(out, cap, c);
}

/*
 * The words of t's numbers in profile prof (model/units.h): u->samples
 * says the weight has a unit of its own beside the sample records.
 */
static void
tree_units(const struct tui_view *v, const struct tree *t, int prof,
    struct tf_units *u)
{
	units_of_tree(u, t, prof, v->svg.opts.event, v->svg.opts.countname);
}

/*
 * A weight as the differential fields show it: "1.75 s" for a weight with
 * a unit, else grouped, "1,200".
 */
static void
fmt_weight(const struct tui_view *v, char *out, size_t cap, struct tf_count c)
{
	struct tf_units u;

	tree_units(v, v->tree, v->prof, &u);
	if (u.samples)
		units_weight(out, cap, &u, c);
	else
		fmt_count(out, cap, c);
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
 * "100 samples" and "5".  On a screen under BRIEF_COLS columns the weight
 * alone: "2.46 s cpu-clock".
 */
static void
count_text(const struct tui_view *v, char *n, size_t ncap, char *s,
    size_t scap)
{
	struct tf_units u;
	const struct tree *t = v->tree;

	tree_units(v, t, v->prof, &u);
	if (v->cols < BRIEF_COLS)
		u.samples = 0;
	units_total(n, ncap, &u, tree_total(v->tree, v->prof, v->sel),
	    u.samples ? tree_samples(v->tree, v->prof, v->sel) : 0);
	units_weight(s, scap, &u, shown_self(v));
}

/* The selection's total in profile prof: a "+" bar's is its frames'. */
static struct tf_count
sel_total(const struct tui_view *v, int prof)
{
	if (view_sel_merged(v))
		return v->nar_total[prof];
	return tree_total(v->tree, prof, v->sel);
}

/* part as a percentage of whole, "12.34%". */
void
statusbar_share(char *out, size_t cap, double part, double whole)
{
	snprintf(out, cap, "%.2f%%", whole > 0 ? 100.0 * part / whole : 0.0);
}

/* The share of all, "12.34%", of the selection in profile prof. */
static void
share_of_all(const struct tui_view *v, int prof, char *out, size_t cap)
{
	statusbar_share(out, cap, count_value(sel_total(v, prof)),
	    count_value(tree_total(v->tree, prof, TREE_ROOT)));
}

/*
 * "1,234 samples", "2.46 s cpu-clock, 1,228 samples"; --diff: "before
 * 1,200 (12.00%)".
 */
void
statusbar_samples(struct tui_view *v, struct tui_text *tx)
{
	struct tf_count total = sel_total(v, v->diff ? DIFF_BEFORE : v->prof);
	char n[128], s[64], p[32], buf[192];

	if (v->diff) {
		fmt_weight(v, n, sizeof n, total);
		share_of_all(v, DIFF_BEFORE, p, sizeof p);
		snprintf(buf, sizeof buf, "before %s (%s)", n, p);
	} else if (view_sel_merged(v)) {
		/* The frames' weight and records, worded as a frame's. */
		struct tf_units u;

		tree_units(v, v->tree, v->prof, &u);
		if (v->cols < BRIEF_COLS)
			u.samples = 0;
		units_total(n, sizeof n, &u, total, v->nar_samples);
		snprintf(buf, sizeof buf, "%s", n);
	} else {
		count_text(v, n, sizeof n, s, sizeof s);
		snprintf(buf, sizeof buf, "%s", n);
	}
	text_append_ascii(tx, buf);
}

/* "45.67% of all"; --diff: "after 1,300 (13.00%)". */
void
statusbar_of_all(struct tui_view *v, struct tui_text *tx)
{
	char n[64], p[32], buf[128];

	if (v->diff) {
		fmt_weight(v, n, sizeof n, sel_total(v, DIFF_AFTER));
		share_of_all(v, DIFF_AFTER, p, sizeof p);
		snprintf(buf, sizeof buf, "after %s (%s)", n, p);
	} else {
		share_of_all(v, v->prof, p, sizeof p);
		snprintf(buf, sizeof buf, "%s of all", p);
	}
	text_append_ascii(tx, buf);
}

/*
 * The selected frame's change in percentage points of each side's total
 * (AFTER's share minus BEFORE's; the other way with --negate): "+3.45".
 */
static void
diff_points(const struct tui_view *v, char *buf, size_t cap)
{
	double tb = count_value(tree_total(v->tree, DIFF_BEFORE, TREE_ROOT));
	double ta = count_value(tree_total(v->tree, DIFF_AFTER, TREE_ROOT));
	double sb = tb > 0 ? 100.0 *
	    count_value(sel_total(v, DIFF_BEFORE)) / tb : 0;
	double sa = ta > 0 ? 100.0 *
	    count_value(sel_total(v, DIFF_AFTER)) / ta : 0;
	double pp = v->negate ? sb - sa : sa - sb;

	if (pp > -0.005 && pp < 0.005)
		pp = 0; /* no "-0.00" */
	snprintf(buf, cap, "%+.2f", pp);
}

/*
 * "100.00% of zoom", once zoomed in, for the zoomed frame and the frames
 * inside it (at the root it would repeat "of all", and every cursor move
 * would send it again; a dimmed caller is more than the zoom); --diff:
 * "change +100 (+3.45 pp)".
 */
void
statusbar_of_zoom(struct tui_view *v, struct tui_text *tx)
{
	double vb, va, d;
	char buf[96];

	if (v->diff) {
		vb = count_value(sel_total(v, DIFF_BEFORE));
		va = count_value(sel_total(v, DIFF_AFTER));
		d = v->negate ? vb - va : va - vb;
		text_append_ascii(tx, "change ");
		text_append_ascii(tx, d > 0 ? "+" : d < 0 ? "-" : "");
		fmt_weight(v, buf, sizeof buf,
		    (struct tf_count){(uint64_t)(d < 0 ? -d : d), 0});
		text_append_ascii(tx, buf);
		diff_points(v, buf, sizeof buf);
		text_append_ascii(tx, " (");
		text_append_ascii(tx, buf);
		text_append_ascii(tx, " pp)");
		return;
	}
	if (v->zoom == TREE_ROOT ||
	    (!view_sel_merged(v) && !in_zoom(v, v->sel)))
		return;
	statusbar_share(buf, sizeof buf, count_value(sel_total(v, v->prof)),
	    count_value(tree_total(v->tree, v->prof, v->zoom)));
	text_append_ascii(tx, buf);
	text_append_ascii(tx, " of zoom");
}

/* "self 12"; --diff: "[widths: after]". */
void
statusbar_self(struct tui_view *v, struct tui_text *tx)
{
	char n[128], s[64];

	if (v->diff) {
		text_append_ascii(tx, v->prof == DIFF_AFTER ?
		    "[widths: after]" : "[widths: before]");
		return;
	}
	if (view_sel_merged(v))
		return; /* the frames of a "+" bar have no one self */
	count_text(v, n, sizeof n, s, sizeof s);
	text_append_ascii(tx, "self ");
	text_append_ascii(tx, s);
}
