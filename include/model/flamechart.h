/*
 * The flame chart (time order, #49): the samples of a time interval
 * left to right in time, one lane per thread, not merged or sorted.
 *
 * A lane holds its thread's samples sorted by time (a recording's CPUs
 * may give them out of order).  At depth d (1: the root frames) a bar is
 * a run of consecutive samples of the lane whose stacks have the same
 * tree node at depth d: the same frame with the same callers, so a bar
 * always lies inside the bar above it.  Each sample covers the time from
 * its own to the next one's, unless that is further than the lane's cap:
 *
 *	step   the median gap between the lane's samples (of up to 4096
 *	       gaps spread over it; the chart's when the lane has none)
 *	cap    4 * step
 *	cover  sample k covers [t_k, t_{k+1}) when t_{k+1} - t_k <= cap,
 *	       else (a gap follows, or it is the lane's last sample)
 *	       [t_k, t_k + step)
 *
 * so a bar is [t_first, t_last + cover of the last), and a gap longer
 * than cap (the thread slept, or was not sampled) breaks every bar and
 * shows as a gap.  Samples with the same time keep the order of their
 * stacks' node ids.
 *
 * The chart's interval is [tmin, tmax): the first sample to the last plus
 * the busiest lane's step.
 *
 * Layout is only of what is visible: fc_layout() lays out one lane over
 * [t0, t1) on a number of cells, bar by bar, jumping over runs with block
 * minima (64 and 4096 samples) of two per-sample numbers: the depth two
 * neighbours share and the depth of the stack.  Its cost grows with
 * cells and depths shown, not with samples.  A bar whose rounded cell
 * edges leave it no cell is drawn as part of a "+" run (FC_NONE node),
 * as the graph draws frames too narrow to see.
 *
 * Curses-free.
 */
#ifndef TFLAME_MODEL_FLAMECHART_H
#define TFLAME_MODEL_FLAMECHART_H

#include <stddef.h>
#include <stdint.h>

#include "model/store.h"
#include "model/tree.h"

#define FC_NONE UINT32_MAX
#define FC_MAX_DEPTH 65534u /* deeper frames are not shown */

/* One sample of a lane: 16 bytes. */
struct fc_sample {
	int64_t t;
	uint32_t stack;     /* the leaf node */
	uint16_t lcp;       /* depth it shares with the one before (0:
	                       none, or a gap past the cap) */
	uint16_t nd;        /* FC_MAX_DEPTH + 1 - its depth */
};

struct fc_lane {
	uint32_t thread;    /* the store's thread index */
	int32_t pid, tid;
	const char *comm;   /* borrowed from the store; NULL: unknown */
	uint64_t n;
	struct fc_sample *s;
	uint16_t *b1, *b2;  /* per 64 / 4096 samples: least lcp */
	uint16_t *d1, *d2;  /* per 64 / 4096 samples: least nd */
	uint32_t maxdepth;  /* once ready */
	int64_t step, cap;
	size_t cap_s;       /* room in s */
	int sorted;         /* s came in time order */
	int ready;          /* sorted, lcp, nd, blocks and maxdepth made */
};

struct flamechart {
	const struct tree *tree;   /* borrowed: the stacks' tree */
	int64_t tmin, tmax;        /* first sample; last sample + step */
	int64_t step;              /* the busiest lane's step */
	uint64_t n;                /* samples */
	struct fc_lane *lane;      /* by samples, most first */
	uint32_t nlanes;
	uint32_t *top;             /* each node's root frame */
};

/*
 * Build the chart of s's samples in [t0, t1) (INT64_MIN, INT64_MAX:
 * all), their stacks nodes of t.  skip: as store_fold()'s (a byte per
 * node, NULL: none).  Returns 0, or -1 when no sample falls in the
 * interval (fc is then empty and may still be freed).
 */
int fc_build(struct flamechart *fc, const struct tree *t,
    const struct store *s, int64_t t0, int64_t t1, const uint8_t *skip);
/*
 * A lane is made ready (sorted, its step, bars' numbers, maxdepth) when
 * first laid out, or by this; fc_build() readies the busiest.  Opening
 * costs one pass over the samples and the lanes shown, not every lane.
 */
void fc_lane_ready(struct flamechart *fc, uint32_t l);
void fc_free(struct flamechart *fc);

/* Lane l's name, "comm tid" ("tid 42", "all" without threads). */
size_t fc_lane_name(const struct flamechart *fc, uint32_t l, char *buf,
    size_t cap);

/* The end of sample k's cover in lane l. */
int64_t fc_cover_end(const struct fc_lane *ln, uint64_t k);

/* One bar of a layout. */
struct fc_bar {
	uint32_t depth;     /* 1: the root frames */
	int x0, x1;         /* cells [x0, x1) */
	uint32_t node;      /* the frame; FC_NONE: a "+" run */
	uint64_t i0, i1;    /* the lane's samples [i0, i1) */
	int64_t ts, te;     /* the time [ts, te) it covers */
};

struct fc_layout {
	struct fc_bar *bar; /* by depth, then x */
	size_t n, cap;
};

/*
 * Lay lane l out over [t0, t1) on width cells, depths 1 to maxdepth:
 * out is emptied and filled.  Cell x shows [t0 + x * (t1 - t0) / width,
 * t0 + (x + 1) * (t1 - t0) / width).
 */
void fc_layout(struct flamechart *fc, uint32_t l, int64_t t0,
    int64_t t1, int width, uint32_t maxdepth, struct fc_layout *out);
void fc_layout_free(struct fc_layout *out);

/* The node at depth d on the way to leaf (FC_NONE: the leaf is shallower). */
uint32_t fc_ancestor(const struct tree *t, uint32_t leaf, uint32_t d);

#endif
