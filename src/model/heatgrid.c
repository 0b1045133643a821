/*
 * The heat map grouped for a screen (model/heatgrid.h).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/heatgrid.h"
#include "model/tree.h"
#include "util/macros.h"
#include "util/xalloc.h"

/* The seconds shown: every one from the first to the last, or a jump's. */
static void
seconds(struct heatgrid *g)
{
	const struct heatmap *hm = &g->hm;
	uint64_t span = hm->ncols > 0 ?
	    (uint64_t)(hm->sec[hm->ncols - 1] - hm->sec[0]) + 1 : 0;
	uint32_t i, c;

	if (span > 4 * (uint64_t)hm->ncols + 1000)
		span = hm->ncols;
	g->nsec = (uint32_t)span;
	g->secs = xreallocarray(NULL, span + 1, sizeof *g->secs);
	g->colidx = xreallocarray(NULL, span + 1, sizeof *g->colidx);
	for (i = 0, c = 0; i < span; i++) {
		g->secs[i] = span == hm->ncols ? hm->sec[i] : hm->sec[0] + i;
		g->colidx[i] = c < hm->ncols && hm->sec[c] == g->secs[i] ?
		    (long)c++ : -1;
	}
}

void
heatgrid_build(struct heatgrid *g, const struct store *s, int rows,
    const uint8_t *skip, const uint8_t *match, uint32_t nstacks)
{
	heatgrid_build_until(g, s, rows, skip, match, nstacks, NULL);
}

int
heatgrid_build_until(struct heatgrid *g, const struct store *s, int rows,
    const uint8_t *skip, const uint8_t *match, uint32_t nstacks,
    const atomic_int *stop)
{
	heatgrid_free(g);
	if (heatmap_build_until(&g->hm, s, rows, skip, match, nstacks,
	    stop) == -2)
		return -2;
	seconds(g);
	return 0;
}

void
heatgrid_free(struct heatgrid *g)
{
	heatmap_free(&g->hm);
	free(g->secs);
	free(g->colidx);
	free(g->val);
	free(g->mval);
	free(g->colval);
	memset(g, 0, sizeof *g);
}

void
heatgrid_cols(const struct heatgrid *g, int cx, uint32_t *c0, uint32_t *c1)
{
	*c0 = (uint32_t)cx * (uint32_t)g->cw;
	*c1 = TF_MIN(*c0 + (uint32_t)g->cw, g->nsec);
}

void
heatgrid_rows(const struct heatgrid *g, int cy, int *r0, int *r1)
{
	*r0 = cy * g->rk;
	*r1 = TF_MIN(*r0 + g->rk, g->hm.rows);
}

/* Add up cell (x, y) of the grouping. */
static void
add_cell(struct heatgrid *g, int x, int y)
{
	const struct heatmap *hm = &g->hm;
	size_t at = (size_t)x * (size_t)g->ncy + (size_t)y, k;
	uint32_t c, c0, c1;
	int r, r0, r1;

	heatgrid_cols(g, x, &c0, &c1);
	heatgrid_rows(g, y, &r0, &r1);
	for (c = c0; c < c1; c++)
		for (r = r0; r < r1 && g->colidx[c] >= 0; r++) {
			k = (size_t)g->colidx[c] * (size_t)hm->rows + (size_t)r;
			g->val[at] += hm->cell[k];
			if (hm->match != NULL)
				g->mval[at] += hm->match[k];
		}
	g->vmax = TF_MAX(g->vmax, g->val[at]);
}

void
heatgrid_fit(struct heatgrid *g, int cols, int cells_up)
{
	static const int steps[] = {1, 2, 5};
	uint32_t c, c0, c1;
	long cw = 1;
	int k, x, y;

	cols = TF_MAX(cols, 1);
	cells_up = TF_MAX(cells_up, 1);
	for (k = 0; (long)g->nsec > cw * cols; k++)
		cw = steps[(k + 1) % 3] * (long)pow(10, (k + 1) / 3);
	g->cw = (int)cw;
	g->ncx = TF_MAX((int)(((long)g->nsec + cw - 1) / cw), 1);
	for (g->rk = 1; g->rk < g->hm.rows; g->rk++)
		if ((g->hm.rows + g->rk - 1) / g->rk <= cells_up)
			break;
	g->ncy = TF_MAX((g->hm.rows + g->rk - 1) / g->rk, 1);
	free(g->val);
	free(g->mval);
	free(g->colval);
	g->val = xcalloc((size_t)g->ncx * (size_t)g->ncy, sizeof *g->val);
	g->mval = xcalloc((size_t)g->ncx * (size_t)g->ncy, sizeof *g->mval);
	g->colval = xcalloc((size_t)g->ncx, sizeof *g->colval);
	g->vmax = g->smax = 0;
	for (x = 0; x < g->ncx && g->nsec > 0; x++) {
		heatgrid_cols(g, x, &c0, &c1);
		for (c = c0; c < c1; c++)
			if (g->colidx[c] >= 0)
				g->colval[x] += g->hm.colsum[g->colidx[c]];
		g->smax = TF_MAX(g->smax, g->colval[x]);
		for (y = 0; y < g->ncy; y++)
			add_cell(g, x, y);
	}
}

uint64_t
heatgrid_val(const struct heatgrid *g, int cx, int cy)
{
	return g->val[(size_t)cx * (size_t)g->ncy + (size_t)cy];
}

uint64_t
heatgrid_mval(const struct heatgrid *g, int cx, int cy)
{
	return g->mval[(size_t)cx * (size_t)g->ncy + (size_t)cy];
}

int64_t
heatgrid_time(const struct heatgrid *g, int cx, int cy, int end)
{
	uint32_t c0, c1;
	int r0, r1;
	int64_t a, b;

	heatgrid_cols(g, cx, &c0, &c1);
	heatgrid_rows(g, cy, &r0, &r1);
	if (end) {
		heatmap_range(&g->hm, g->secs[c1 - 1], r1 - 1,
		    g->secs[c1 - 1], r1 - 1, &a, &b);
		return b;
	}
	heatmap_range(&g->hm, g->secs[c0], r0, g->secs[c0], r0, &a, &b);
	return a;
}

void
heatgrid_at(const struct heatgrid *g, int64_t t, int *cx, int *cy)
{
	int64_t sec = t / HEATMAP_NS, off;
	uint32_t lo = 0, hi = g->nsec;

	if (t % HEATMAP_NS < 0)
		sec--;
	off = t - sec * HEATMAP_NS;
	sec -= g->hm.sec0;
	while (lo < hi) { /* the first second past sec */
		uint32_t mid = lo + (hi - lo) / 2;

		if (g->secs[mid] <= sec)
			lo = mid + 1;
		else
			hi = mid;
	}
	*cx = lo > 0 && g->cw > 0 ? (int)((lo - 1) / (uint32_t)g->cw) : 0;
	*cy = g->rk > 0 ? (int)(off * g->hm.rows / HEATMAP_NS) / g->rk : 0;
	*cx = TF_MAX(0, TF_MIN(*cx, g->ncx - 1));
	*cy = TF_MAX(0, TF_MIN(*cy, g->ncy - 1));
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

uint32_t
heatgrid_top(const struct heatgrid *g, const struct store *s, int cx,
    int cy, const uint8_t *skip, uint32_t nstacks)
{
	uint32_t c, c0, c1, *st = NULL, best = TREE_NONE;
	size_t n = 0, cap = 0, i, run, bestrun = 0;
	struct store_iter it;
	struct store_sample x;
	int r0, r1;
	int64_t a, b;

	heatgrid_cols(g, cx, &c0, &c1);
	heatgrid_rows(g, cy, &r0, &r1);
	for (c = c0; c < c1; c++) {
		if (g->colidx[c] < 0)
			continue;
		heatmap_range(&g->hm, g->secs[c], r0, g->secs[c], r1 - 1,
		    &a, &b);
		store_iter_init(&it, s, a, b);
		while (store_iter_next(&it, &x)) {
			if (x.stack >= nstacks ||
			    (skip != NULL && skip[x.stack]))
				continue;
			if (n == cap)
				xgrow((void **)&st, &cap, n + 1, sizeof *st);
			st[n++] = x.stack;
		}
	}
	if (n > 0)
		qsort(st, n, sizeof *st, cmp_u32);
	for (i = 0; i < n; i += run) {
		for (run = 1; i + run < n && st[i + run] == st[i]; run++)
			;
		if (run > bestrun) {
			bestrun = run;
			best = st[i];
		}
	}
	free(st);
	return best;
}

int
heatgrid_level(uint64_t v, uint64_t max, int logscale, int levels)
{
	int l;

	if (v == 0 || max == 0)
		return 0;
	if (logscale)
		l = (int)ceil((levels - 1) * log1p((double)v) /
		    log1p((double)max));
	else
		l = (int)(((uint64_t)(levels - 1) * v + max - 1) / max);
	return TF_MAX(1, TF_MIN(l, levels - 1));
}
