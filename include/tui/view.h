/*
 * The graph screen's state: the flame, icicle and reverse views of a tree.
 *
 * Vocabulary (see also layout/layout.h):
 *  - The "selection" is one frame, kept as a node id (so it survives a new
 *    layout) and as its rectangle in the current layout, or a "+" bar
 *    (below).
 *  - The "history" holds zooms and transforms as steps on one stack
 *    (model/history.h, view_xform.c): Enter and Esc push a zoom, f F x m
 *    c T o a transform, Backspace pops either.  "fwd" is the tree after
 *    the transforms, the history's original the tree as loaded.
 *  - The "picture" is the whole graph, rows stacked in the view's
 *    orientation, padded to at least the graph area's height so that the
 *    root sits on the last graph line in the flame view; "scroll" is the
 *    first picture line on the screen.
 *  - The "graph area" is the screen minus the status lines at the bottom.
 *  - A "+" bar (a LAYOUT_MERGED rectangle) stands for frames too narrow
 *    to draw.  It can be selected: sel_rect is then that rectangle, want
 *    and sel its first frame, and the status line counts its frames
 *    (view_narrow_count()); Enter lists them (view_narrow.c).  A frame
 *    hidden in a "+" bar is shown selected as that bar.
 *  - The "reverse view" shows the reverse (caller) tree of the loaded one
 *    (model/reverse.h), built on first use and kept; "tree" is the one
 *    shown.  Both trees give every name the same strtab id, so what is
 *    kept per name id (colours, search marks) serves both.
 *  - The "search" is a compiled pattern, its marks per name id, and its
 *    hits in each tree (search/search.h); frames whose name is marked
 *    are drawn in the match colour.  The "prompt" is the line editor that
 *    reads a pattern on the last screen line.
 *
 * Event flow: the graph is a screen (tui/screen.h): struct tui_view starts
 * with its struct tui_screen.  A key goes to the top screen's handler,
 * which changes the state and returns reaction flags (TUI_*); it never
 * draws.  The loop in tui.c acts on the flags: it lays the screen out again
 * when asked, then draws everything in one place (erase(), draw, one
 * doupdate()), and curses sends only the cells that changed.
 */
#ifndef TFLAME_TUI_VIEW_H
#define TFLAME_TUI_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "layout/layout.h"
#include "model/history.h"
#include "model/tree.h"
#include "search/search.h"
#include "svg/svg.h"
#include "tui/paint.h"
#include "tui/prompt.h"
#include "tui/screen.h"
#include "tui/text.h"
#include "tui/tui.h"

/* The search: what the status line shows and the drawing colours. */
struct tui_search {
	struct search_re *re;    /* owned; NULL: no search */
	char *pattern;           /* owned: the pattern applied (bytes) */
	size_t patlen;
	unsigned flags;          /* SEARCH_* it was compiled with */
	int caseless;            /* Tab: ignore case from now on */
	unsigned char *marks;    /* owned; 1 per matching name id */
	uint32_t nfailed;        /* names PCRE2 gave up on */
	struct search_hits hits[2]; /* the matching frames of the normal and
	                            the reverse tree, */
	int hits_ok[2];          /* found for the current pattern */
	struct search_order order[2]; /* flame order of the normal and the
	                            reverse tree, built on first search */
	uint32_t zoom_node;      /* the zoom node zoom_matched is for
	                            (TREE_NONE: not computed) */
	struct tf_count zoom_matched;
};

struct tui_revbuild;
struct tui_undoahead;
struct timeview;

struct tui_view {
	struct tui_screen screen; /* first: the graph is a screen */
	struct tree *tree;       /* borrowed: the tree shown, fwd or rev */
	struct tree *fwd;        /* borrowed: the tree after the transforms
	                            (the history's; the tree as loaded when
	                            there are none) */
	struct tree *rev;        /* owned: its reverse, NULL until built */
	struct tui_revbuild *revbuild; /* owned: rev being built by a thread */
	struct tui_undoahead *ahead; /* owned: the next undo's trees being
	                            made by a thread (view_undo.c) */
	int reverse;             /* the reverse view is shown */
	int prof;                /* profile the widths come from */
	int skip_depth;          /* frames shallower are no functions (`t`) */
	int diff;                /* differential: colour by each frame's change */
	int negate;              /* differential: change counted BEFORE - AFTER */
	uint64_t maxdelta;       /* differential: largest change in maxdelta_of */
	struct svg_view svg;     /* `s`: export options (borrowed strings) */
	const char *input;       /* borrowed: the input's name, or NULL */
	int saving;              /* the prompt asks for a file name */
	char *confirm;           /* owned: the file `y` would overwrite */
	const struct tree *maxdelta_of;
	struct layout layout;    /* owned; borrows node ids from tree */
	int inverted;            /* icicle view */
	uint32_t zoom;           /* zoom node */
	struct history xh;       /* zooms and transforms; its original is
	                            the tree as loaded */
	uint32_t want;           /* the node the user selected */
	uint32_t sel;            /* the node shown selected: want, or its
	                            nearest visible ancestor while want is
	                            too narrow to draw (a small window) */
	uint32_t sel_rect;       /* its rectangle in layout (a "+" bar:
	                            view_sel_merged()) */
	uint32_t *trail;         /* owned: the way back up: the frames
	                            left for their parents, last on top */
	size_t ntrail, captrail;
	uint32_t trail_at;       /* the frame the trail is good for */
	uint32_t nar_rect;       /* the "+" bar nar_n and nar_total are for */
	uint64_t nar_gen;        /* in the layout of this generation */
	uint32_t nar_n;          /* its frames */
	struct tf_count nar_total[TREE_MAX_PROFILES]; /* and their total */
	uint64_t nar_samples;    /* and their sample records (v->prof) */
	long scroll;             /* first picture line shown */
	uint32_t trunk_rect;     /* the trunk's first folded frame, */
	uint32_t trunk_first;    /* its row, and the rows folded into */
	uint32_t trunk_n;        /* one "... N frames" line (0: none) */
	int trunk_open;          /* e, Enter on it: the trunk unfolded */
	int cols, lines;         /* screen size at the last layout */
	int graph_lines;         /* lines of the graph area */
	int status_lines;        /* 1 or 2 */
	const char *msg;         /* one-shot status message (static text,
	                            or msgbuf) */
	char msgbuf[320];
	const char *progress;    /* while loading: the progress line
	                            (progbuf), else NULL */
	char progbuf[320];
	uint64_t nwarnings;
	const struct diag *diag; /* borrowed: the messages panel's (`!`) */
	int msgs_seen;           /* the panel was opened: no count any more */

	/* Status line: the selected name, converted once per selection. */
	struct tui_text sel_text;
	uint32_t sel_text_node;
	size_t name_off;         /* first column of the name shown */
	int name_scrolls;        /* the name is wider than the line */

	struct tui_text label;   /* scratch for frame labels */
	struct tui_text line;    /* scratch for status text */
	unsigned char *style;    /* owned; per name id: 0 = not yet known,
	                            else 0x80 | family << 3 | shade */
	size_t nstyle;           /* entries in style */
	struct paint_chain chain;/* --colors=chain: the wakers' nodes */
	struct paint_chain cold; /* the nodes only off the CPU */

	struct tui_search search;
	struct prompt prompt;
	int cursor_on;           /* the terminal cursor is shown (prompt) */
	int mouse_off;           /* M: the mouse left to the terminal */
	struct timeview *time;   /* owned: the time range (`H`), NULL: the
	                            input has no store */
};

/* view_flame.c */
void view_flame_init(struct tui_view *v, struct tree *t,
    const struct tui_opts *o);
void view_flame_done(struct tui_view *v);
void view_flame_relayout(struct tui_view *v, int cols, int lines);
int view_flame_show(struct tui_view *v, uint32_t node);

void view_flame_zoom(struct tui_view *v, uint32_t node);
int view_flame_enter(struct tui_screen *s);

/* view_mouse.c: the graph's mouse (click, wheel, M) and clipboard (y, Y) */
int view_mouse_event(struct tui_screen *s);
int view_mouse_toggle(struct tui_screen *s);
int view_copy_name(struct tui_screen *s);
int view_copy_subtree(struct tui_screen *s);

/* view_annotate.c: `a`, the selected function's source lines */
struct linetab;
void view_annotate_setup(const struct linetab *lt, const struct tree *loaded,
    const char *(*perfdata)(void));
int view_annotate_open(struct tui_screen *s);

/* view_narrow.c: the frames behind a "+" bar */
int view_narrow_open(struct tui_screen *s);
void view_narrow_count(struct tui_view *v);

/* view_search.c: the search ("/", n, N, #, Tab) and its prompt */
int view_search_apply(struct tui_view *v, const char *pat, size_t len,
    unsigned flags);
void view_search_refresh(struct tui_view *v);
void view_search_grown(struct tui_view *v, size_t n);
int view_search_input(struct tui_view *v, int key);
int view_search_open(struct tui_screen *s);
int view_search_quote(struct tui_screen *s);
int view_search_name(struct tui_view *v, const char *name, size_t len);
int view_search_case(struct tui_screen *s);
int view_search_next(struct tui_screen *s);
int view_search_prev(struct tui_screen *s);

/* view_reverse.c: the reverse view ("r") and its tree's thread */
int view_reverse_toggle(struct tui_screen *s);
void view_reverse_start(struct tui_view *v);
void view_reverse_stop(struct tui_view *v);
void view_reverse_grown(struct tui_view *v);
/*
 * The reverse view's sibling order with the first n steps of the history:
 * heaviest first, unless an "o" there chose names.
 */
enum tree_order view_reverse_order(const struct tui_view *v, size_t n);
/*
 * Undoing ahead (view_undo.c): start after an undo; stop before anything
 * else changes the history; take before the undo it was for (its trees
 * go into the history, which gives them back on that undo).
 */
void view_undo_start(struct tui_view *v);
void view_undo_stop(struct tui_view *v);
void view_undo_take(struct tui_view *v);

/* view_save.c: "s", save as SVG */
int view_save_open(struct tui_screen *s);
int view_save_input(struct tui_view *v, int key);
int view_save_answer(struct tui_view *v, int key);

/* view_table.c: "t", the function table */
int view_table_open(struct tui_screen *s);
void view_table_to_graph(struct tui_view *v, uint32_t name);

/* view_sandwich.c: "S", the sandwich of a function */
int view_sandwich_open(struct tui_screen *s);
void view_sandwich_push(struct tui_view *v, uint32_t name);

/* view_messages.c: "!", the messages panel, and the status line's count */
int view_messages_open(struct tui_screen *s);
void view_messages_count(const struct tui_view *v, char *buf, size_t cap);

/* view_xform.c: transforms, the one history, the breadcrumb */
int view_xform_lines(const struct tui_view *v);
void view_xform_draw(struct tui_view *v, int y);
void view_xform_push_zoom(struct tui_view *v);
/*
 * The transform keys (model/xform.h's registry): view_xform_key() acts on
 * one (0: not a transform's); view_xform_bindings() fills out (NULL: only
 * counts) with their help rows, whose fn is NULL: the key table's owner
 * hands those keys to view_xform_key().
 */
int view_xform_key(struct tui_screen *s, int key);
size_t view_xform_bindings(struct tui_binding *out);
int view_xform_undo(struct tui_screen *s);
int view_xform_reset(struct tui_screen *s);
void view_xform_grown(struct tui_view *v);
const char *view_xform_subtitle(const struct tui_view *v, char *buf,
    size_t cap, const char *given);
/*
 * The history's original becomes base (a time range's tree; NULL: the
 * tree as loaded again): the transforms are made again on it, the zoom
 * and the selection kept by their paths, the graph laid out again.
 */
void view_xform_rebase(struct tui_view *v, struct tree *base);
/*
 * The time range's state (v->time) for an input with sample times
 * (o->store); done: the history's original the tree as loaded again, the
 * range's tree freed.
 */
void view_xform_time_init(struct tui_view *v, const struct tui_opts *o);
void view_xform_time_done(struct tui_view *v);

/* view_heatmap.c: "H", the heat map and the time range */
int view_heatmap_open(struct tui_screen *s);
/*
 * Idle work once the input is loaded: the heat map made ahead on a
 * second thread (model/timeview.h), so that H opens at once.
 */
int view_heatmap_pending(const struct tui_view *v);
void view_heatmap_ahead(struct tui_view *v);

/* view_timeorder.c: "O", the time order (flame chart) of the range */
int view_timeorder_open(struct tui_screen *s);

/* stream.c: the tree grew while loading; or was made anew (ids changed) */
void view_flame_grown(struct tui_view *v);
void view_flame_renumber(struct tui_view *v, int (*remake)(void *),
    void *arg);

/* The graph screen of screen s. */
static inline struct tui_view *
view_of(struct tui_screen *s)
{
	return (struct tui_view *)(void *)s;
}

/* True when node is drawn as a search match. */
static inline int
view_is_match(const struct tui_view *v, uint32_t node)
{
	return v->search.re != NULL && node != TREE_ROOT &&
	    v->search.marks[tree_node(v->tree, node)->name];
}

/* True when the selection is a "+" bar. */
static inline int
view_sel_merged(const struct tui_view *v)
{
	return v->sel_rect != LAYOUT_NONE &&
	    (v->layout.rects[v->sel_rect].flags & LAYOUT_MERGED);
}

/* statusbar.c */
int statusbar_lines(int cols, int lines);
void statusbar_draw(struct tui_view *v, int y);
int statusbar_scroll(struct tui_view *v, int dir);
void statusbar_progress(const struct tui_view *v, char *buf, size_t cap,
    const char *verb, const struct tui_progress *p, double secs);

#endif
