/*
 * The viewer's time range: the range picked on the heat map, the
 * baseline it may be compared with, and the tree they make, which the
 * viewer's history takes as its original in place of the tree as loaded
 * (transforms and zooms then apply on top of it).  Curses-free.
 *
 * The tree of a range is tree_range() of the tree as loaded (the store
 * names stacks by its node ids).  A comparison is one tree of two
 * profiles, as --diff makes them: profile 0 (BEFORE) the baseline range,
 * or with vs_rest every sample outside the range; profile 1 (AFTER) the
 * range.  Idle samples (heatmap_idle_nodes()) are left out of both
 * unless show_idle is set, as the heat map leaves them out.
 */
#ifndef TFLAME_MODEL_TIMEVIEW_H
#define TFLAME_MODEL_TIMEVIEW_H

#include <stddef.h>
#include <stdint.h>

#include "model/heatgrid.h"
#include "model/store.h"
#include "model/tree.h"

struct timeview_ahead;

struct timeview {
	struct tree *loaded;        /* borrowed: the tree as loaded */
	const struct store *store;  /* borrowed: its samples with times */
	int64_t tmin, tmax;         /* the store's span */
	uint8_t *idle;              /* owned: a byte per node of loaded */
	uint32_t nidle;             /* how many are set */
	int show_idle;              /* idle samples count too */
	int rows;                   /* the heat map's rows (--rows) */
	int on;                     /* a range is picked: */
	int64_t t0, t1;             /*   [t0, t1) in the samples' ns */
	int base_on;                /* a baseline is marked (b): */
	int64_t b0, b1;             /*   [b0, b1) */
	int vs_rest;                /* B: the range against the rest */
	struct tree *tree;          /* owned: the range's tree, or the
	                               comparison's (two profiles) */
	uint64_t kept;              /* samples in the range */
	/* The heat map as last built, kept between two openings of the
	   screen (building it reads every sample): with idle samples or
	   not, and the search marks it was built with. */
	struct heatgrid grid;       /* owned; grid.hm.cell NULL: none */
	int grid_idle;
	const void *grid_marks;
	/* The idle nodes and the map made ahead on a second thread once
	   the input is loaded (timeview_ahead_start()). */
	struct timeview_ahead *ahead; /* owned: the thread, NULL: none */
	int ahead_tried;            /* it was started (or could not be) */
	/* The cursor cell of the map, kept between two openings: its
	   time (ns); cursor_on 0: none yet. */
	int cursor_on;
	int64_t cursor_t;
};

/* Set up over the loaded tree and its store (an empty store: no time). */
void timeview_init(struct timeview *tv, struct tree *loaded,
    const struct store *s);
void timeview_free(struct timeview *tv);

/*
 * The loaded tree and the store grew (a pipe that streamed): the span and
 * the idle nodes again.  Not while a range is on.
 */
void timeview_refresh(struct timeview *tv);

/*
 * Make the idle nodes and the heat map (rows, the idle samples left out
 * unless shown, match: a byte per node of loaded, taken and freed, or
 * NULL; marks: what the match bytes stand for, grid_marks then) on a
 * second thread, when the CPU budget has one: the first opening of the
 * map then only groups its cells.  From here until timeview_ahead_wait()
 * (which timeview_refresh() and timeview_free() call) nothing may change
 * the loaded tree or the store.  Returns 1 when the thread started.
 */
int timeview_ahead_start(struct timeview *tv, uint8_t *match,
    const void *marks);

/* Wait for that thread; what it made becomes tv->idle and tv->grid. */
void timeview_ahead_wait(struct timeview *tv);

/* Tell that thread to give up, wait for it, and drop what it made. */
void timeview_ahead_stop(struct timeview *tv);

/* True when the store holds samples with times. */
int timeview_has_time(const struct timeview *tv);

/*
 * Pick [t0, t1) (vs_rest: against the rest) and make its tree (the
 * comparison's when a baseline is marked or vs_rest is set): returned,
 * and kept in tv->tree (the one before it is freed).  NULL when t1 <= t0.
 */
struct tree *timeview_pick(struct timeview *tv, int64_t t0, int64_t t1,
    int vs_rest);

/*
 * Take tv->tree (the caller frees it): the viewer still shows it while
 * the next one is made, and lets it go after.
 */
struct tree *timeview_detach(struct timeview *tv);

/* Drop the range, its tree and the comparison (the baseline stays). */
void timeview_clear(struct timeview *tv);

/*
 * A tree of two profiles over t's nodes: profile 0 the samples in
 * [a0, a1) (rest: every sample outside [b0, b1) instead), profile 1 those
 * in [b0, b1).  skip: as tree_range()'s.
 */
struct tree *tree_range_pair(const struct tree *t, const struct store *s,
    int64_t a0, int64_t a1, int64_t b0, int64_t b1, int rest,
    const uint8_t *skip);

/*
 * The breadcrumb's words: "time 4.20-6.02 s", with a baseline "time
 * 4.20-6.02 s vs 1.00-2.00 s", against the rest "time 4.20-6.02 s vs
 * the rest"; "" with no range.  Returns the length.
 */
size_t timeview_words(const struct timeview *tv, char *buf, size_t cap);

#endif
