/*
 * The heat map as a screen shows it (model/heatmap.h's cells grouped):
 * its seconds from the first to the last, empty ones too (FlameScope
 * draws them), unless the clock jumps (a span of more than four times the
 * seconds with samples plus 1,000: only those seconds, not a day of empty
 * columns); a cell column of cw seconds and a cell row of rk rows, chosen
 * so that the map fits; each cell's samples, and its matches.  Curses-free
 * (the heat map screen, view_heatmap.c, draws it).
 */
#ifndef TFLAME_MODEL_HEATGRID_H
#define TFLAME_MODEL_HEATGRID_H

#include <stdatomic.h>
#include <stdint.h>

#include "model/heatmap.h"
#include "model/store.h"

struct heatgrid {
	struct heatmap hm;         /* owned */
	uint32_t nsec;             /* the seconds shown, */
	int64_t *secs;             /* owned: each one's second (after sec0) */
	long *colidx;              /* owned: its column of hm, -1: empty */
	int cw, rk;                /* seconds a cell column, rows a cell row */
	int ncx, ncy;              /* cells across and up */
	uint64_t *val, *mval;      /* owned: ncx * ncy cells (column after
	                              column, offset 0 first), matches */
	uint64_t *colval;          /* owned: ncx column totals */
	uint64_t vmax, smax;       /* the largest cell and column total */
};

/*
 * Build the map of s (heatmap_build()'s rows, skip, match and nstacks)
 * and its seconds.  g is then fitted with heatgrid_fit().
 */
void heatgrid_build(struct heatgrid *g, const struct store *s, int rows,
    const uint8_t *skip, const uint8_t *match, uint32_t nstacks);
void heatgrid_free(struct heatgrid *g);

/* heatgrid_build(), given up (-2, g empty) once *stop is set. */
int heatgrid_build_until(struct heatgrid *g, const struct store *s,
    int rows, const uint8_t *skip, const uint8_t *match, uint32_t nstacks,
    const atomic_int *stop);

/*
 * Group for at most cols cell columns and cells_up cell rows: cw from 1,
 * 2, 5, 10, 20, 50..., rk the fewest rows a cell row that fit.
 */
void heatgrid_fit(struct heatgrid *g, int cols, int cells_up);

/* Cell column cx's seconds [*c0, *c1) (indices of secs); row cy's rows. */
void heatgrid_cols(const struct heatgrid *g, int cx, uint32_t *c0,
    uint32_t *c1);
void heatgrid_rows(const struct heatgrid *g, int cy, int *r0, int *r1);

/* The samples of cell (cx, cy), and those that matched. */
uint64_t heatgrid_val(const struct heatgrid *g, int cx, int cy);
uint64_t heatgrid_mval(const struct heatgrid *g, int cx, int cy);

/*
 * The time (ns) at the start of cell (cx, cy): of its first second and
 * first row; end: at the end of its last second's last row.
 */
int64_t heatgrid_time(const struct heatgrid *g, int cx, int cy, int end);

/*
 * The cell (*cx, *cy) that holds time t (ns): its second's, or the
 * nearest second shown before it (the first when none).
 */
void heatgrid_at(const struct heatgrid *g, int64_t t, int *cx, int *cy);

/*
 * The stack (leaf node) most of cell (cx, cy)'s samples in s have,
 * skip's stacks left out (as heatmap_build()'s); TREE_NONE when none.
 */
uint32_t heatgrid_top(const struct heatgrid *g, const struct store *s,
    int cx, int cy, const uint8_t *skip, uint32_t nstacks);

/*
 * The step (0 to levels - 1) of v against max on a linear or logarithmic
 * scale: 0 only for no sample, levels - 1 for max.
 */
int heatgrid_level(uint64_t v, uint64_t max, int logscale, int levels);

#endif
