/*
 * SVG export: a tree as the interactive SVG flame graph flamegraph.pl draws.
 *
 * Both `tflame --svg` and the viewer's export go through svg_write(), so the
 * same tree and the same struct svg_view give the same bytes.
 *
 * What is reproduced from flamegraph.pl (see formats.md section 7):
 *  - the frames.  flamegraph.pl sorts the folded lines as whole strings,
 *    count text included, then merges neighbouring lines by their shared
 *    prefix ("flow").  The tree's unique stacks are visited in exactly that
 *    order (see svg/flow.c), so a frame can be drawn twice as flamegraph.pl
 *    draws it (a sibling "foo-bar" sorts between "foo"'s own line and the
 *    lines of "foo"'s callees);
 *  - pruning by --minwidth, the geometry (x, width, y, height, label
 *    position, label cut with ".."), the tooltip text "NAME (N samples,
 *    P%)" with its rounding and thousands separators, the differential
 *    tooltip "; +D%" and colours, every palette and --hash;
 *  - the document structure (element order, ids, classes), so tools that
 *    read flamegraph.pl's SVGs read these.
 * What differs, on purpose:
 *  - every text is XML-escaped: names, title, subtitle, countname, the font
 *    name; control characters and invalid UTF-8 become U+FFFD, so the file
 *    is always well-formed XML; what goes into the script is JSON-escaped;
 *  - frames are written sorted by (depth, x), so output is reproducible
 *    (flamegraph.pl writes them in Perl's random hash order);
 *  - the script is tflame's own (svg/script.c).  It zooms on click, keeps
 *    the zoomed frame's ancestors (dimmed), searches with a JavaScript
 *    regular expression (a leading "(?i)" as in PCRE) matched against the
 *    frame names, not the whole tooltip, shows "Matched: x%" of all
 *    samples, toggles case with the "ic" button or Ctrl-I, and keeps the
 *    zoom and the search in the URL (?x=..&y=..&s=..&ic=1) as
 *    flamegraph.pl does;
 *  - perf input (a tree that keeps sample records, or svg_opts.event
 *    set) words its tooltips as the viewer's status line does
 *    (model/units.h): "NAME (2.46 s cpu-clock, 1,228 samples, P%)",
 *    "NAME (6,000,000 cycles, 3 samples, P%)", --countname naming the
 *    weight; each such frame's group then has the weight in data-w for
 *    the script.  Folded input keeps "NAME (N samples, P%)";
 *  - a zero-count line of the input is not in the tree, so it draws nothing
 *    even with --minwidth=0 (flamegraph.pl draws it zero pixels wide), and
 *    duplicate lines are already merged (flamegraph.pl merges them too,
 *    unless another line sorts between them);
 *  - flamegraph.pl keys frames by (name, depth, end), so a zero-width frame
 *    ending where a real one of the same name and depth ends replaces it
 *    (a frame goes missing); tflame keeps both, and prunes the empty one.
 */
#ifndef TFLAME_SVG_SVG_H
#define TFLAME_SVG_SVG_H

#include <stdint.h>
#include <stdio.h>

#include "layout/palette.h"
#include "model/store.h"
#include "model/tree.h"

/* svg_view.prof for a differential graph: profile 0 = before, 1 = after. */
#define SVG_DIFF (-1)

/* Return values of svg_write() and svg_write_file(). */
enum {
	SVG_OK = 0,
	SVG_EMPTY,   /* no samples to draw: nothing is written */
	SVG_EUSAGE,  /* a bad option value (e.g. --minwidth) */
	SVG_EIO      /* a write, flush, sync, close or rename failed */
};

/* flamegraph.pl's appearance options (defaults from svg_view_init()). */
struct svg_opts {
	const char *title;     /* NULL: "Flame Graph", "Icicle Graph" inverted */
	const char *subtitle;  /* NULL or "": none */
	long width;            /* image width, px (1200) */
	long height;           /* height of one frame row, px (16) */
	const char *minwidth;  /* leave out frames narrower than this many
	                          px ("0.1"), or percent of the total ("0.5%") */
	const char *fonttype;  /* CSS font family ("Verdana") */
	double fontsize;       /* px (12) */
	const char *countname; /* unit in tooltips ("samples") */
	const char *event;     /* perf's event, NULL or "" when none: the
	                          viewer words its numbers by it (units.h) */
	const char *nametype;  /* prefix of the details line ("Function:") */
	enum palette_scheme colors; /* PALETTE_HOT */
	int hash;              /* colours from flamegraph.pl's namehash */
};

/*
 * --flamechart (#49): the stacks in time order, not sorted, each line's
 * frames merged with the line before only while their names agree from
 * the root (flamegraph.pl --flamechart's rule), x the lines' weights in
 * their order.  A line is a stack (its last node) with its weight; lines
 * of a lane come together, under a frame named for the lane when there
 * are several (lane_name: strtab ids of the tree drawn).
 */
struct svg_chart_line {
	uint32_t node;
	uint32_t lane;       /* index into lane_name; ignored without lanes */
	double w;
	double samples;      /* sample records (0: not kept) */
};

struct svg_chart {
	struct svg_chart_line *line;  /* owned */
	size_t n, cap;
	uint32_t *lane_name;          /* owned; NULL: no lane frames */
	uint32_t nlanes;
};

/* What to draw: the options plus the viewer's state. */
struct svg_view {
	struct svg_opts opts;
	int prof;            /* profile whose counts are drawn, or SVG_DIFF:
	                        widths from profile 1, colours and "; +D%" from
	                        the change 0 -> 1, as flamegraph.pl draws a
	                        "stack before after" file */
	int inverted;        /* icicle: root at the top */
	int reverse;         /* every stack reversed (leaf first) before
	                        merging, as flamegraph.pl --reverse */
	int negate;          /* differential: swap red and blue, negate D */
	const char *search;  /* initial search (a JavaScript regex), or NULL */
	int search_icase;    /* initial search ignores case */
	/*
	 * Initial zoom: zoom_node of zoom_tree (NULL: the tree drawn), matched
	 * by its names from the root, so a node of the viewer's own reverse
	 * tree works too.  TREE_NONE or TREE_ROOT: not zoomed.  A node that is
	 * not drawn (too narrow) gives its nearest drawn ancestor.  The whole
	 * graph stays in the file: "Reset Zoom" shows it.
	 */
	const struct tree *zoom_tree;
	uint32_t zoom_node;
	const struct svg_chart *chart; /* --flamechart: these lines (title
	                        "Flame Chart"); NULL: the flame graph */
};

/*
 * flamegraph.pl's defaults for drawing t: hot colours, 1200 px wide,
 * flame orientation, no search, no zoom; differential (SVG_DIFF) when t has
 * two profiles, profile 0 otherwise.
 */
void svg_view_init(struct svg_view *v, const struct tree *t);

/*
 * Write the SVG of t (after tree_finish) as v says to fp.  Returns SVG_OK,
 * or an SVG_E* code with a message in *err (free it) when err is not NULL.
 * Numbers are written with a "." whatever the locale.  fp is flushed but
 * not closed.
 */
int svg_write(FILE *fp, const struct tree *t, const struct svg_view *v,
    char **err);

/*
 * svg_write() into path by the output rule of util/outfile.h: "-",
 * /dev/stdout and /dev/fd/N are the descriptor as it is; a symbolic link
 * is opened through the link and its file written in place (a dangling
 * one created, a loop an error); a device or FIFO is written into; a
 * regular file or a new name appears complete or not at all (an unnamed
 * temporary file in the same directory, synced, linked and renamed over
 * path), keeping the permission bits of a file it replaces.  A directory,
 * a missing or unwritable directory, or any write error gives SVG_EIO and
 * a message naming path; no temporary file is left behind.  A signal that
 * ends the process stops the write, the output is aborted, and the signal
 * is raised again (so tflame ends by it).
 */
int svg_write_file(const char *path, const struct tree *t,
    const struct svg_view *v, char **err);

/* ------------------------------------------------------------------------
 * The pieces svg_write() is made of, exposed for the unit tests.
 */

#define SVG_XPAD 10        /* flamegraph.pl's left and right padding, px */
#define SVG_FONTWIDTH 0.59 /* average glyph width as a share of fontsize */
#define SVG_NUMSZ 512      /* room for any number svg_format_*() writes */

/* One rectangle: a run of consecutive sorted lines through one node. */
struct svg_frame {
	double start, end;  /* in counts: [start, end) of the total */
	double delta;       /* differential: the line's change, at its leaf */
	double samples;     /* sample records (tree_samples; 0 when not kept) */
	uint32_t name;      /* strtab id (of svg_graph.t) of the frame's name */
	uint32_t depth;     /* root = 0 */
	int has_delta;
	int waker;          /* below a "--" frame (--colors=chain) */
	int cold;           /* every line through it ends off the CPU */
};

/* The frames of one graph, as flamegraph.pl's flow merges them. */
struct svg_graph {
	const struct tree *t;      /* the tree drawn, with the names */
	struct svg_frame *frames;  /* the frames kept, by (depth, start) */
	size_t nframes;
	double time;               /* the total (after counts if differential) */
	double maxdelta;           /* largest |after - before| of a line, >= 1 */
	uint32_t depthmax;         /* deepest frame kept */
};

/*
 * Build g from t: prof as in svg_view, reverse for --reverse; frames
 * narrower than minwidth px of a width px image (or minwidth percent of the
 * total) are left out.  Returns SVG_OK, or SVG_EMPTY (g then needs no free
 * beyond svg_graph_free()) when the total is 0.
 */
int svg_graph_build(struct svg_graph *g, const struct tree *t, int prof,
    int reverse, double width, double minwidth, int minwidth_percent);
void svg_graph_free(struct svg_graph *g);

/*
 * Build g from the lines of c (svg/chart.c), as svg_graph_build() does
 * from a tree: SVG_OK, or SVG_EMPTY when they weigh nothing.
 */
int svg_chart_graph(struct svg_graph *g, const struct tree *t,
    const struct svg_chart *c, double width, double minwidth,
    int minwidth_percent);

/*
 * The lines of the samples of store s (nodes of t), a lane per thread,
 * most samples first, each in time order (the same time: by node), the
 * lanes named "comm tid" (interned in t) when there are two or more.
 * Returns the number of lines (0: none; c is then empty).
 */
size_t svg_chart_from_store(struct svg_chart *c, struct tree *t,
    const struct store *s);
/* Add one line of weight w to c (lane 0). */
void svg_chart_add(struct svg_chart *c, uint32_t node, double w,
    double samples);
void svg_chart_free(struct svg_chart *c);

/*
 * The frame to zoom to for node zn of tree zt (see svg_view), or SIZE_MAX:
 * the widest frame reached by zn's names from the root, or by as many of
 * them as are drawn.
 */
size_t svg_graph_find(const struct svg_graph *g, const struct tree *zt,
    uint32_t zn);

/* flamegraph.pl's --minwidth: "0.1" or "5%" (digits and dots).  0 or -1. */
int svg_minwidth_parse(const char *s, double *value, int *percent);

/*
 * s[0..len) as XML text: & < > (and " when quot) as entities; control
 * characters, U+FFFE, U+FFFF and bytes that are not valid UTF-8 as U+FFFD.
 */
void svg_put_xml(FILE *fp, const char *s, size_t len, int quot);

/*
 * s[0..len) as a JSON string literal that is safe inside a CDATA section
 * and a script: quotes included, < > & and controls as \u escapes.
 */
void svg_put_json(FILE *fp, const char *s, size_t len);

/* Characters in s[0..len), a byte that is not valid UTF-8 counting as one. */
size_t svg_char_count(const char *s, size_t len);

/* Bytes taken by the first nchars characters of s[0..len). */
size_t svg_char_prefix(const char *s, size_t len, size_t nchars);

/* len without a final "_[k]", "_[w]", "_[i]", "_[j]" annotation (or async-profiler's "_[0]", "_[1]"). */
size_t svg_strip_annotation(const char *name, size_t len);

/*
 * v rounded half to even, with a "," between groups of three digits
 * ("1,234,567"), as flamegraph.pl prints sample counts; *rounded (when not
 * NULL) gets the rounded value.  Returns the length.
 */
size_t svg_format_samples(char *buf, size_t cap, double v, double *rounded);

/* v as Perl prints a number: up to 15 significant digits ("95.5", "85"). */
size_t svg_format_num(char *buf, size_t cap, double v);

/* flamegraph.pl's differential fill for a frame's delta (--negate: negate). */
struct palette_rgb svg_diff_rgb(double delta, double maxdelta, int negate);

/* The embedded script (svg/script.c). */
extern const char svg_script[];

#endif
