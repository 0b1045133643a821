/*
 * The heat map (see model/heatmap.h).  Two ways to the same cells: when
 * the seconds from the first sample to the last are few (no clock jump
 * of days), one pass over the chunks' columns into a column for each of
 * them, the empty ones squeezed out after (build_dense()); else one pass
 * gathers the seconds that hold samples (each time the second changes;
 * sorted and made unique after), a second counts the cells, finding a
 * sample's column from the one before it, else by binary search
 * (build_sparse()).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model/heatmap.h"
#include "util/xalloc.h"

/* floor(a / b) for b > 0, also for negative a. */
static int64_t
floordiv(int64_t a, int64_t b)
{
	int64_t q = a / b;

	return (a % b != 0 && a < 0) ? q - 1 : q;
}

static int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* The distinct seconds (after sec0) of the samples, ascending. */
static void
gather_seconds(struct heatmap *hm, const struct store *s)
{
	struct store_iter it;
	struct store_sample x;
	int64_t *sec = NULL, last = 0;
	size_t n = 0, cap = 0, i, k;
	int have = 0;

	store_iter_init(&it, s, INT64_MIN, INT64_MAX);
	while (store_iter_next(&it, &x)) {
		int64_t sc = floordiv(x.t, HEATMAP_NS) - hm->sec0;

		if (have && sc == last)
			continue;
		xgrow((void **)&sec, &cap, n + 1, sizeof *sec);
		sec[n++] = last = sc;
		have = 1;
	}
	qsort(sec, n, sizeof *sec, cmp_i64);
	for (i = k = 0; i < n; i++)
		if (k == 0 || sec[i] != sec[k - 1])
			sec[k++] = sec[i];
	hm->sec = sec;
	hm->ncols = (uint32_t)k;
}

long
heatmap_column(const struct heatmap *hm, int64_t sec)
{
	size_t lo = 0, hi = hm->ncols;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (hm->sec[mid] < sec)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < hm->ncols && hm->sec[lo] == sec ? (long)lo : -1;
}

/*
 * The dense way, when the seconds from the first to the last are few
 * enough (DENSE_CELLS cells, and at most 4 a sample and 1,000 more): a
 * column for every one of them, filled in
 * one pass that reads the chunks' columns as they lie (a chunk's base
 * split once into its second and the rest, so a sample costs a division
 * by a constant); the columns no sample fell in are then squeezed out.
 */
#define DENSE_CELLS (1u << 22)

struct dense {
	struct heatmap *hm;
	uint32_t *cell, *match;
	uint64_t *colsum;
	uint8_t *seen;            /* a sample (kept or skipped) fell here */
	int64_t ncols;
	const uint8_t *skip, *mbytes;
	uint32_t nstacks;
};

/* Count chunk c's samples into d. */
static void
dense_chunk(struct dense *d, const struct store_cols *c)
{
	struct heatmap *hm = d->hm;
	int64_t bs = floordiv(c->base, HEATMAP_NS), col0;
	uint64_t br = (uint64_t)(c->base - bs * HEATMAP_NS), rows =
	    (uint64_t)hm->rows;
	uint32_t i;

	col0 = bs - hm->sec0;
	for (i = 0; i < c->n; i++) {
		uint64_t off = br + c->dt[i], q = off / (uint64_t)HEATMAP_NS;
		uint64_t rem = off - q * (uint64_t)HEATMAP_NS;
		size_t col = (size_t)(col0 + (int64_t)q), at;
		uint32_t st = c->stack[i];

		d->seen[col] = 1;
		if (d->skip != NULL && st < d->nstacks && d->skip[st]) {
			hm->skipped++;
			continue;
		}
		at = col * (size_t)rows + (size_t)(rem * rows /
		    (uint64_t)HEATMAP_NS);
		d->cell[at] += d->cell[at] < UINT32_MAX;
		if (d->mbytes != NULL && st < d->nstacks && d->mbytes[st])
			d->match[at] += d->match[at] < UINT32_MAX;
		d->colsum[col]++;
		hm->kept++;
	}
}

/* Keep the columns a sample fell in, in order; their seconds. */
static void
dense_squeeze(struct dense *d)
{
	struct heatmap *hm = d->hm;
	size_t rows = (size_t)hm->rows, k = 0, c, i;

	hm->sec = xreallocarray(NULL, (size_t)d->ncols, sizeof *hm->sec);
	for (c = 0; c < (size_t)d->ncols; c++) {
		if (!d->seen[c])
			continue;
		if (k != c) {
			memcpy(d->cell + k * rows, d->cell + c * rows,
			    rows * sizeof *d->cell);
			if (d->match != NULL)
				memcpy(d->match + k * rows, d->match + c * rows,
				    rows * sizeof *d->match);
			d->colsum[k] = d->colsum[c];
		}
		hm->sec[k++] = (int64_t)c;
	}
	hm->ncols = (uint32_t)k;
	for (i = 0; i < k * rows; i++)
		if (d->cell[i] > hm->max)
			hm->max = d->cell[i];
	hm->cell = d->cell;
	hm->match = d->match;
	hm->colsum = d->colsum;
}

/* The dense way (see above); -2 when stop was set on the way. */
static int
build_dense(struct heatmap *hm, const struct store *s, int64_t ncols,
    const uint8_t *skip, const uint8_t *match, uint32_t nstacks,
    const atomic_int *stop)
{
	struct dense d;
	struct store_cols c;
	size_t k, nc = store_nchunks(s);

	memset(&d, 0, sizeof d);
	d.hm = hm;
	d.ncols = ncols;
	d.skip = skip;
	d.mbytes = match;
	d.nstacks = nstacks;
	d.cell = xcalloc((size_t)ncols * (size_t)hm->rows, sizeof *d.cell);
	if (match != NULL)
		d.match = xcalloc((size_t)ncols * (size_t)hm->rows,
		    sizeof *d.match);
	d.colsum = xcalloc((size_t)ncols, sizeof *d.colsum);
	d.seen = xcalloc((size_t)ncols, 1);
	for (k = 0; k < nc; k++) {
		if (stop != NULL && atomic_load_explicit(stop,
		    memory_order_relaxed))
			break;
		store_chunk_cols(s, k, &c);
		dense_chunk(&d, &c);
	}
	dense_squeeze(&d);
	free(d.seen);
	return k < nc ? -2 : 0;
}

/* The sparse way: the seconds gathered first, then the cells. */
static void
build_sparse(struct heatmap *hm, const struct store *s, const uint8_t *skip,
    const uint8_t *match, uint32_t nstacks)
{
	struct store_iter it;
	struct store_sample x;
	long col = -1;
	size_t cells;
	int rows = hm->rows;

	gather_seconds(hm, s);
	cells = (size_t)hm->ncols * (size_t)rows;
	hm->cell = xcalloc(cells, sizeof *hm->cell);
	if (match != NULL)
		hm->match = xcalloc(cells, sizeof *hm->match);
	hm->colsum = xcalloc(hm->ncols, sizeof *hm->colsum);
	store_iter_init(&it, s, INT64_MIN, INT64_MAX);
	while (store_iter_next(&it, &x)) {
		int64_t sec = floordiv(x.t, HEATMAP_NS);
		int64_t off = x.t - sec * HEATMAP_NS;
		int row = (int)(off * rows / HEATMAP_NS);
		size_t at;

		if (skip != NULL && x.stack < nstacks && skip[x.stack]) {
			hm->skipped++;
			continue;
		}
		sec -= hm->sec0;
		if (col < 0 || hm->sec[col] != sec)
			col = heatmap_column(hm, sec);
		at = (size_t)col * (size_t)rows + (size_t)row;
		if (hm->cell[at] < UINT32_MAX)
			hm->cell[at]++;
		if (hm->cell[at] > hm->max)
			hm->max = hm->cell[at];
		if (match != NULL && x.stack < nstacks && match[x.stack] &&
		    hm->match[at] < UINT32_MAX)
			hm->match[at]++;
		hm->colsum[col]++;
		hm->kept++;
	}
}

int
heatmap_build(struct heatmap *hm, const struct store *s, int rows,
    const uint8_t *skip, const uint8_t *match, uint32_t nstacks)
{
	return heatmap_build_until(hm, s, rows, skip, match, nstacks, NULL);
}

int
heatmap_build_until(struct heatmap *hm, const struct store *s, int rows,
    const uint8_t *skip, const uint8_t *match, uint32_t nstacks,
    const atomic_int *stop)
{
	int64_t tmin, tmax;
	uint64_t span;

	memset(hm, 0, sizeof *hm);
	if (rows < 1)
		rows = 1;
	if (rows > HEATMAP_ROWS_MAX)
		rows = HEATMAP_ROWS_MAX;
	hm->rows = rows;
	if (!store_span(s, &tmin, &tmax))
		return -1;
	hm->sec0 = floordiv(tmin, HEATMAP_NS);
	span = (uint64_t)(floordiv(tmax, HEATMAP_NS) - hm->sec0) + 1;
	/* Dense only where its columns are not mostly empty, by far. */
	if (span <= DENSE_CELLS / (uint64_t)rows &&
	    span <= 4 * store_count(s) + 1000) {
		if (build_dense(hm, s, (int64_t)span, skip, match, nstacks,
		    stop) == 0)
			return 0;
		heatmap_free(hm);
		return -2;
	}
	build_sparse(hm, s, skip, match, nstacks);
	return 0;
}

void
heatmap_free(struct heatmap *hm)
{
	free(hm->sec);
	free(hm->cell);
	free(hm->match);
	free(hm->colsum);
	memset(hm, 0, sizeof *hm);
}

void
heatmap_range(const struct heatmap *hm, int64_t sec_a, int row_a,
    int64_t sec_b, int row_b, int64_t *t0, int64_t *t1)
{
	int64_t a, b;

	if (sec_b < sec_a || (sec_b == sec_a && row_b < row_a)) {
		int64_t ts = sec_a;
		int tr = row_a;

		sec_a = sec_b;
		row_a = row_b;
		sec_b = ts;
		row_b = tr;
	}
	/* A row starts at the first whole nanosecond of its share. */
	a = (hm->sec0 + sec_a) * HEATMAP_NS +
	    ((int64_t)row_a * HEATMAP_NS + hm->rows - 1) / hm->rows;
	b = (hm->sec0 + sec_b) * HEATMAP_NS +
	    (((int64_t)row_b + 1) * HEATMAP_NS + hm->rows - 1) / hm->rows;
	*t0 = a;
	*t1 = b;
}

unsigned
heatmap_row_ms(const struct heatmap *hm, int row)
{
	return (unsigned)((int64_t)row * 1000 / hm->rows);
}

/* Does name[0..len) hold one of FlameScope's idle function names? */
static int
idle_name(const char *name, size_t len)
{
	static const char *const idle[] = {
		"cpuidle", "cpu_idle", "cpu_bringup_and_idle",
		"native_safe_halt", "xen_hypercall_sched_op",
		"xen_hypercall_vcpu_op"
	};
	size_t i, k, n;

	for (i = 0; i < sizeof idle / sizeof idle[0]; i++) {
		n = strlen(idle[i]);
		for (k = 0; k + n <= len; k++)
			if (memcmp(name + k, idle[i], n) == 0)
				return 1;
	}
	return 0;
}

uint8_t *
heatmap_idle_nodes(const struct tree *t, uint32_t *n)
{
	uint32_t size = tree_size(t), i, names = strtab_count(tree_strtab_c(t));
	const struct tree_node *nodes = tree_nodes(t);
	uint8_t *idle = xcalloc(size, 1), *sw = xcalloc(size, 1);
	int8_t *byname = xcalloc(names ? names : 1, 1); /* 0 unknown, 1, -1 */
	uint32_t count = 0;

	for (i = 1; i < size; i++) {
		uint32_t par = nodes[i].parent, nm = nodes[i].name;
		size_t len;
		const char *s = tree_name(t, i, &len);

		/* V8's (idle) frame (Chrome profiles), and what is under it. */
		if (idle[par] || (len == 6 && memcmp(s, "(idle)", 6) == 0)) {
			idle[i] = 1;
			count++;
			continue;
		}
		if (par == TREE_ROOT)
			sw[i] = len >= 7 && memcmp(s, "swapper", 7) == 0;
		else
			sw[i] = sw[par];
		if (!sw[i])
			continue;
		if (byname[nm] == 0)
			byname[nm] = idle_name(s, len) ? 1 : -1;
		idle[i] = idle[par] || byname[nm] > 0;
		count += idle[i];
	}
	free(sw);
	free(byname);
	if (n != NULL)
		*n = count;
	return idle;
}
