/*
 * The modes and their combinations, decided in one table (cli/modes.h).
 *
 * A command line is four things here: its mode (the viewer, --collapse,
 * --svg, --top, --tree, --heatmap), whether it is --diff, whether it has transform
 * flags (--focus, --exclude, --hide, --collapse-recursion,
 * --merge-threads), and whether it records (--record) or reads an input.
 * The first rule that matches them gives the path.  Whether an input is a
 * pipe is known only once it is open: a plan says whether the viewer may
 * draw a pipe while it loads (mode_draws_early()).
 *
 * Why each combination goes where it goes:
 *  - The viewer draws a single profile from a pipe while it loads.  With
 *    --diff it waits for both profiles (the colours compare whole
 *    profiles).  With transform flags it waits for the whole input: the
 *    flags' transforms are made once, from the whole profile, before the
 *    viewer starts, as the first steps of its history (undoable; the
 *    transform keys redo theirs as a pipe grows).  tflame(1) says so.
 *  - --record in the terminal is the live viewer; the same reasons make
 *    transform flags a usage error there (its keys transform live), and
 *    --record with --diff has nothing to compare.  --record with
 *    --collapse, --svg, --top or --tree records, then writes.
 *  - --collapse prints sorted folded input as it was read (no tree) only
 *    when nothing changes the stacks: no --diff, no transform.
 *  - --heatmap counts one profile's samples as they were recorded: not
 *    with --diff, not with transforms (which change trees, not samples).
 */
#include "config.h"

#include <stddef.h>

#include "cli/modes.h"
#include "util/macros.h"

#define ANY (-1)

struct mode_rule {
	int mode;         /* enum run_mode, or ANY */
	int diff;         /* 0, 1, or ANY */
	int xforms;       /* 0: no transform flag, 1: some, or ANY */
	int record;       /* 0, 1, or ANY */
	enum mode_path path;
	int stream, inorder;
	const char *why;  /* PATH_USAGE's message */
};

static const struct mode_rule rules[] = {
	/* mode          diff xforms record  path       stream inorder */
	{ANY,            1,   ANY,   1,      PATH_USAGE, 0, 0,
	    "--record and --diff exclude each other"},
	{MODE_VIEW,      0,   1,     1,      PATH_USAGE, 0, 0,
	    "transform options do not go with --record's live viewer (use "
	    "its keys f, x, m, c and T, or --collapse, --svg, --top or "
	    "--tree)"},
	{MODE_VIEW,      0,   0,     1,      PATH_LIVE, 1, 0, NULL},
	{MODE_VIEW,      0,   0,     0,      PATH_VIEW, 1, 0, NULL},
	{MODE_VIEW,      ANY, ANY,   0,      PATH_VIEW, 0, 0, NULL},
	{MODE_COLLAPSE,  0,   0,     ANY,    PATH_COLLAPSE, 0, 1, NULL},
	{MODE_COLLAPSE,  ANY, ANY,   ANY,    PATH_COLLAPSE, 0, 0, NULL},
	{MODE_SVG,       ANY, ANY,   ANY,    PATH_SVG, 0, 0, NULL},
	{MODE_TOP,       ANY, ANY,   ANY,    PATH_TEXT, 0, 0, NULL},
	{MODE_TREE,      ANY, ANY,   ANY,    PATH_TEXT, 0, 0, NULL},
	{MODE_HEATMAP,   1,   ANY,   ANY,    PATH_USAGE, 0, 0,
	    "--heatmap maps one profile: it does not go with --diff"},
	{MODE_HEATMAP,   0,   1,     ANY,    PATH_USAGE, 0, 0,
	    "--heatmap counts the samples as recorded: transform options "
	    "do not go with it"},
	{MODE_HEATMAP,   0,   0,     ANY,    PATH_HEATMAP, 0, 0, NULL},
	{MODE_ANNOTATE,  1,   ANY,   ANY,    PATH_USAGE, 0, 0,
	    "--annotate reads one profile: it does not go with --diff"},
	{MODE_ANNOTATE,  0,   1,     ANY,    PATH_USAGE, 0, 0,
	    "--annotate reads the profile as loaded: transform options do "
	    "not go with it"},
	{MODE_ANNOTATE,  0,   0,     ANY,    PATH_TEXT, 0, 0, NULL},
};

/*
 * --time: a range of the samples' times, cut from the whole profile once
 * it is loaded, so the viewer waits for the whole input and --collapse
 * builds the tree.  One profile only, except that --time twice with
 * --diff and one input compares the two ranges (BEFORE the first, AFTER
 * the second); the live viewer has its own clock, and the heat map shows
 * every second (its cells pick ranges).
 */
static void
time_rules(const struct options *o, struct mode_plan *p)
{
	if (o->time2 != NULL && !o->diff)
		p->why = "--time given twice compares two ranges: with --diff "
		    "and one input";
	else if (o->time2 != NULL && o->input2 != NULL)
		p->why = "--time given twice compares two ranges of one input, "
		    "not of two";
	else if (o->diff && o->time2 == NULL)
		p->why = "--time cuts one profile: it does not go with --diff "
		    "(give it twice with one input to compare two ranges)";
	else if (p->path == PATH_LIVE)
		p->why = "--time does not go with --record's live viewer "
		    "(record with --collapse, --svg, --top or --tree)";
	else if (p->path == PATH_HEATMAP)
		p->why = "--heatmap maps every second: it does not go with "
		    "--time";
	else if (o->mode == MODE_ANNOTATE)
		p->why = "--annotate reads the whole profile: it does not go "
		    "with --time";
	if (p->why != NULL) {
		p->path = PATH_USAGE;
		return;
	}
	p->stream = 0;
	p->inorder = 0;
}

/*
 * --flamechart: the SVG of the samples in time order, as they were
 * recorded (the sample store names the loaded tree's stacks), so one
 * profile, no transforms, no --time cut, no --reverse.
 */
static void
flamechart_rules(const struct options *o, struct mode_plan *p)
{
	if (p->path != PATH_SVG)
		p->why = "--flamechart draws an SVG: it goes with --svg";
	else if (o->diff)
		p->why = "--flamechart draws one profile: it does not go with "
		    "--diff";
	else if (o->nxforms > 0)
		p->why = "--flamechart draws the samples as recorded: transform "
		    "options do not go with it";
	else if (o->time != NULL)
		p->why = "--flamechart draws the whole recording: it does not "
		    "go with --time";
	else if (o->reverse)
		p->why = "--flamechart keeps the stacks' order: it does not go "
		    "with --reverse";
	if (p->why != NULL)
		p->path = PATH_USAGE;
}

/* Does rule field f (or ANY) match v? */
static int
match(int f, int v)
{
	return f == ANY || f == v;
}

void
mode_plan(const struct options *o, struct mode_plan *p)
{
	const struct mode_rule *r = NULL;
	int diff = o->diff != 0, xf = o->nxforms > 0, rec = o->record.on != 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rules) && r == NULL; i++)
		if (match(rules[i].mode, (int)o->mode) &&
		    match(rules[i].diff, diff) && match(rules[i].xforms, xf) &&
		    match(rules[i].record, rec))
			r = &rules[i];
	p->path = r != NULL ? r->path : PATH_USAGE;
	p->why = r != NULL ? r->why : "internal error: no mode for these "
	    "options";
	p->stream = r != NULL && r->stream;
	p->inorder = r != NULL && r->inorder;
	p->modules = !diff && (o->mode == MODE_VIEW || o->mode == MODE_TOP);
	p->order = o->mode != MODE_COLLAPSE;
	if (p->path != PATH_USAGE && p->path != PATH_LIVE &&
	    o->record.window != 0) {
		p->path = PATH_USAGE;
		p->why = "--window goes with --record's live viewer";
	}
	if (p->path != PATH_USAGE && o->time != NULL)
		time_rules(o, p);
	if (p->path != PATH_USAGE && o->svg.flamechart)
		flamechart_rules(o, p);
	if (p->path == PATH_USAGE)
		p->stream = p->inorder = p->modules = p->order = 0;
}

int
mode_draws_early(const struct mode_plan *p, int pipe)
{
	return p->path == PATH_LIVE || (p->path == PATH_VIEW && p->stream &&
	    pipe);
}

const char *
mode_path_name(enum mode_path path)
{
	static const char *const names[] = {
		"usage", "live", "view", "collapse", "svg", "text", "heatmap"
	};

	return (size_t)path < ARRAY_SIZE(names) ? names[path] : "?";
}
