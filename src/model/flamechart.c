/*
 * The flame chart (see model/flamechart.h): lanes of samples in time
 * order, and the layout of what is visible.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/flamechart.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define B1 64u
#define B2 4096u
#define GAPS 4096u          /* gaps looked at for a lane's step */
#define CAP_STEPS 4         /* a sample covers at most 4 steps */
#define STEP_DEFAULT 1000000LL /* 1 ms: no two samples to measure */

enum field { F_LCP, F_ND };

static inline uint16_t
fv(const struct fc_sample *s, enum field f)
{
	return f == F_LCP ? s->lcp : s->nd;
}

/* The block minima of field f: a1 per B1 samples, a2 per B2. */
static void
blocks(struct fc_lane *ln, enum field f, uint16_t **a1, uint16_t **a2)
{
	uint64_t n1 = (ln->n + B1 - 1) / B1, n2 = (ln->n + B2 - 1) / B2, k;
	uint16_t *m1 = xreallocarray(NULL, n1 ? n1 : 1, sizeof *m1);
	uint16_t *m2 = xreallocarray(NULL, n2 ? n2 : 1, sizeof *m2);

	for (k = 0; k < n1; k++)
		m1[k] = UINT16_MAX;
	for (k = 0; k < n2; k++)
		m2[k] = UINT16_MAX;
	for (k = 0; k < ln->n; k++) {
		uint16_t v = fv(&ln->s[k], f);

		if (v < m1[k / B1])
			m1[k / B1] = v;
	}
	for (k = 0; k < n1; k++)
		if (m1[k] < m2[k * B1 / B2])
			m2[k * B1 / B2] = m1[k];
	*a1 = m1;
	*a2 = m2;
}

/* The first k' >= k whose field f is below th; ln->n when none. */
static uint64_t
next_lt(const struct fc_lane *ln, enum field f, uint64_t k, uint16_t th)
{
	const uint16_t *a1 = f == F_LCP ? ln->b1 : ln->d1;
	const uint16_t *a2 = f == F_LCP ? ln->b2 : ln->d2;

	while (k < ln->n) {
		if (k % B2 == 0 && a2[k / B2] >= th)
			k += B2;
		else if (k % B1 == 0 && a1[k / B1] >= th)
			k += B1;
		else if (fv(&ln->s[k], f) < th)
			return k;
		else
			k++;
	}
	return ln->n;
}

/* The last k' <= k whose field f is below th; UINT64_MAX when none. */
static uint64_t
prev_lt(const struct fc_lane *ln, enum field f, uint64_t k, uint16_t th)
{
	const uint16_t *a1 = f == F_LCP ? ln->b1 : ln->d1;
	const uint16_t *a2 = f == F_LCP ? ln->b2 : ln->d2;

	for (;;) {
		if ((k + 1) % B2 == 0 && a2[k / B2] >= th) {
			if (k < B2)
				return UINT64_MAX;
			k -= B2;
		} else if ((k + 1) % B1 == 0 && a1[k / B1] >= th) {
			if (k < B1)
				return UINT64_MAX;
			k -= B1;
		} else if (fv(&ln->s[k], f) < th) {
			return k;
		} else {
			if (k == 0)
				return UINT64_MAX;
			k--;
		}
	}
}

static int
cmp_sample(const void *a, const void *b)
{
	const struct fc_sample *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return (x->stack > y->stack) - (x->stack < y->stack);
}

static int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* The median of up to GAPS positive gaps spread over the lane; 0: none. */
static int64_t
median_gap(const struct fc_lane *ln)
{
	int64_t g[GAPS];
	uint64_t stride = ln->n > GAPS ? ln->n / GAPS : 1, k;
	size_t m = 0;

	for (k = 1; k < ln->n && m < GAPS; k += stride) {
		int64_t d = ln->s[k].t - ln->s[k - 1].t;

		if (d > 0)
			g[m++] = d;
	}
	if (m == 0)
		return 0;
	qsort(g, m, sizeof *g, cmp_i64);
	return g[m / 2];
}

/* The depth the stacks a and b share (the nodes' depths, FC_MAX_DEPTH
 * at most); top: each node's root frame. */
static uint32_t
lca_depth(const struct tree_node *nd, const uint32_t *top, uint32_t a,
    uint32_t b)
{
	uint32_t da, db;

	if (a == b)
		return nd[a].depth;
	if (top[a] != top[b])
		return 0;
	da = nd[a].depth;
	db = nd[b].depth;
	for (; da > db; da--)
		a = nd[a].parent;
	for (; db > da; db--)
		b = nd[b].parent;
	while (a != b) {
		a = nd[a].parent;
		b = nd[b].parent;
		da--;
	}
	return da;
}

static uint16_t
clamp_depth(uint32_t d)
{
	return (uint16_t)(d > FC_MAX_DEPTH ? FC_MAX_DEPTH : d);
}

/* Sort lane ln by time, unless it is already (the common case). */
static void
lane_sort(struct fc_lane *ln)
{
	if (!ln->sorted)
		qsort(ln->s, ln->n, sizeof *ln->s, cmp_sample);
	ln->sorted = 1;
}

/* Measure lane ln's step, set lcp and nd, make the blocks. */
static void
lane_finish(struct fc_lane *ln, const struct tree_node *nd,
    const uint32_t *top, int64_t step0)
{
	uint64_t k;

	ln->step = median_gap(ln);
	if (ln->step == 0)
		ln->step = step0;
	ln->cap = ln->step > INT64_MAX / CAP_STEPS ? INT64_MAX :
	    ln->step * CAP_STEPS;
	ln->maxdepth = 0;
	for (k = 0; k < ln->n; k++) {
		struct fc_sample *x = &ln->s[k];
		uint16_t d = clamp_depth(nd[x->stack].depth);

		x->nd = (uint16_t)(FC_MAX_DEPTH + 1 - d);
		if (d > ln->maxdepth)
			ln->maxdepth = d;
		if (k == 0 || (uint64_t)x->t - (uint64_t)x[-1].t >
		    (uint64_t)ln->cap)
			x->lcp = 0;
		else
			x->lcp = clamp_depth(lca_depth(nd, top, x[-1].stack,
			    x->stack));
	}
	blocks(ln, F_LCP, &ln->b1, &ln->b2);
	blocks(ln, F_ND, &ln->d1, &ln->d2);
}

static int
cmp_lane(const void *a, const void *b)
{
	const struct fc_lane *x = a, *y = b;

	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return (x->thread > y->thread) - (x->thread < y->thread);
}

/* A sample the chart leaves out: no node of t, or skipped. */
static int
left_out(uint32_t st, uint32_t nnodes, const uint8_t *skip)
{
	return st == 0 || st >= nnodes || (skip != NULL && skip[st]);
}

/* Each node's root frame (its ancestor at depth 1; the root: itself). */
static uint32_t *
root_frames(const struct tree *t)
{
	const struct tree_node *nd = tree_nodes(t);
	uint32_t n = tree_size(t), i, *top = xreallocarray(NULL, n,
	    sizeof *top);

	for (i = 0; i < n; i++)
		top[i] = nd[i].depth <= 1 ? i : top[nd[i].parent];
	return top;
}

/*
 * Fill the lanes in one pass, each sized by its thread's samples in the
 * store (store_thread_added(): at least those in the interval; room
 * never written is never given pages), noting whether each lane's
 * samples came in order.
 */
static void
fill_lanes(struct flamechart *fc, const struct store *s, int64_t t0,
    int64_t t1, const uint8_t *skip, int64_t *tlast)
{
	uint32_t nthr = store_threads(s), nn = tree_size(fc->tree), i, l;
	struct fc_lane *lane = xcalloc(nthr ? nthr : 1, sizeof *lane);
	struct store_iter it;
	struct store_sample x;

	*tlast = INT64_MIN;
	fc->tmin = INT64_MAX;
	store_iter_init(&it, s, t0, t1);
	while (store_iter_next(&it, &x)) {
		struct fc_lane *ln = &lane[x.thread];
		struct fc_sample *y;

		if (left_out(x.stack, nn, skip))
			continue;
		if (ln->n == ln->cap_s) {
			/* The first sample, or more than the store said. */
			if (ln->n == 0) {
				ln->sorted = 1;
				ln->thread = x.thread;
			}
			xgrow((void **)&ln->s, &ln->cap_s, TF_MAX(ln->n + 1,
			    store_thread_added(s, x.thread)), sizeof *ln->s);
		}
		y = &ln->s[ln->n];
		y->t = x.t;
		y->stack = x.stack;
		if (ln->n > 0 && ln->sorted && cmp_sample(y - 1, y) > 0)
			ln->sorted = 0;
		ln->n++;
		if (x.t < fc->tmin)
			fc->tmin = x.t;
		if (x.t > *tlast)
			*tlast = x.t;
	}
	/* The threads with samples become the lanes. */
	for (i = 0, l = 0; i < nthr; i++) {
		if (lane[i].n == 0)
			continue;
		lane[l] = lane[i];
		store_thread(s, i, &lane[l].pid, &lane[l].tid);
		lane[l].comm = store_thread_name(s, i);
		fc->n += lane[l].n;
		l++;
	}
	fc->lane = lane;
	fc->nlanes = l;
}

void
fc_lane_ready(struct flamechart *fc, uint32_t l)
{
	struct fc_lane *ln;

	if (l >= fc->nlanes || fc->lane[l].ready)
		return;
	ln = &fc->lane[l];
	lane_sort(ln);
	lane_finish(ln, tree_nodes(fc->tree), fc->top, fc->step);
	ln->ready = 1;
}

int
fc_build(struct flamechart *fc, const struct tree *t, const struct store *s,
    int64_t t0, int64_t t1, const uint8_t *skip)
{
	int64_t tlast;

	memset(fc, 0, sizeof *fc);
	fc->tree = t;
	fill_lanes(fc, s, t0, t1, skip, &tlast);
	if (fc->n == 0)
		return -1;
	qsort(fc->lane, fc->nlanes, sizeof *fc->lane, cmp_lane);
	fc->top = root_frames(t);
	/* The chart's step: the busiest lane's, for lanes with none. */
	lane_sort(&fc->lane[0]);
	fc->step = median_gap(&fc->lane[0]);
	if (fc->step == 0)
		fc->step = STEP_DEFAULT;
	fc_lane_ready(fc, 0);
	fc->tmax = tlast > INT64_MAX - fc->step ? INT64_MAX :
	    tlast + fc->step;
	return 0;
}

void
fc_free(struct flamechart *fc)
{
	uint32_t l;

	free(fc->top);
	for (l = 0; l < fc->nlanes; l++) {
		free(fc->lane[l].s);
		free(fc->lane[l].b1);
		free(fc->lane[l].b2);
		free(fc->lane[l].d1);
		free(fc->lane[l].d2);
	}
	free(fc->lane);
	memset(fc, 0, sizeof *fc);
}

size_t
fc_lane_name(const struct flamechart *fc, uint32_t l, char *buf, size_t cap)
{
	const struct fc_lane *ln = &fc->lane[l];
	int n;

	if (ln->tid < 0 && ln->pid < 0)
		n = snprintf(buf, cap, "%s", ln->comm ? ln->comm : "all");
	else if (ln->comm != NULL)
		n = snprintf(buf, cap, "%s %ld", ln->comm, (long)ln->tid);
	else
		n = snprintf(buf, cap, "tid %ld", (long)ln->tid);
	if (n < 0)
		return 0;
	return (size_t)n < cap ? (size_t)n : cap ? cap - 1 : 0;
}

int64_t
fc_cover_end(const struct fc_lane *ln, uint64_t k)
{
	int64_t t = ln->s[k].t, d;

	if (k + 1 < ln->n) {
		d = ln->s[k + 1].t - t;
		if (d > ln->cap)
			d = ln->step; /* before a gap */
	} else {
		d = ln->step;
	}
	return t > INT64_MAX - d ? INT64_MAX : t + d;
}

uint32_t
fc_ancestor(const struct tree *t, uint32_t leaf, uint32_t d)
{
	const struct tree_node *nd = tree_nodes(t);

	if (leaf >= tree_size(t) || nd[leaf].depth < d)
		return FC_NONE;
	while (nd[leaf].depth > d)
		leaf = nd[leaf].parent;
	return leaf;
}

/* What one layout call looks at. */
struct view {
	const struct flamechart *fc;
	const struct fc_lane *ln;
	int64_t t0, t1;
	double span;
	int w;
	struct fc_layout *out;
};

/* The cell of time t, rounded down or to the nearest edge, in [-1, w+1]. */
static int
cell_at(const struct view *v, int64_t t, int nearest)
{
	double x = ((double)t - (double)v->t0) * v->w / v->span;

	x = nearest ? floor(x + 0.5) : floor(x);
	if (x < -1)
		return -1;
	if (x > v->w + 1)
		return v->w + 1;
	return (int)x;
}

/* The time cell x starts at. */
static int64_t
cell_time(const struct view *v, int x)
{
	if (x <= 0)
		return v->t0;
	if (x >= v->w)
		return v->t1;
	return v->t0 + (int64_t)(v->span * x / v->w);
}

/* The first sample of the lane at or after t. */
static uint64_t
lower_bound(const struct fc_lane *ln, int64_t t)
{
	uint64_t lo = 0, hi = ln->n;

	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (ln->s[mid].t < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static struct fc_bar *
add_bar(struct fc_layout *out)
{
	xgrow((void **)&out->bar, &out->cap, out->n + 1, sizeof *out->bar);
	memset(&out->bar[out->n], 0, sizeof *out->bar);
	return &out->bar[out->n++];
}

/* A "+" in cell x at depth d for samples from i0: a new run or more of
 * the one that ends at x. */
static void
add_plus(const struct view *v, uint32_t d, int x, uint64_t i0, size_t *open)
{
	struct fc_bar *b;

	if (*open != SIZE_MAX && v->out->bar[*open].x1 == x) {
		b = &v->out->bar[*open];
	} else {
		*open = v->out->n;
		b = add_bar(v->out);
		b->depth = d;
		b->node = FC_NONE;
		b->x0 = x;
		b->i0 = i0;
		b->ts = cell_time(v, x);
	}
	b->x1 = x + 1;
	b->te = cell_time(v, x + 1);
	b->i1 = lower_bound(v->ln, b->te);
	if (b->i1 < b->i0)
		b->i1 = b->i0;
}

/* The bars of depth d. */
static void
layout_row(const struct view *v, uint32_t d)
{
	const struct fc_lane *ln = v->ln;
	uint16_t deep = (uint16_t)(FC_MAX_DEPTH + 2 - d); /* nd < deep */
	uint64_t k = lower_bound(ln, v->t0), s, e;
	size_t open = SIZE_MAX;
	int x = 0, xk, xs, xe;

	if (k > 0 && fc_cover_end(ln, k - 1) > v->t0)
		k--;
	while (x < v->w && k < ln->n) {
		if ((k = next_lt(ln, F_ND, k, deep)) >= ln->n)
			break;
		xk = cell_at(v, ln->s[k].t, 0);
		if (xk >= v->w)
			break;
		if (xk > x)
			x = xk;
		s = prev_lt(ln, F_LCP, k, (uint16_t)d);
		e = next_lt(ln, F_LCP, k + 1, (uint16_t)d);
		xs = cell_at(v, ln->s[s].t, 1);
		xe = cell_at(v, fc_cover_end(ln, e - 1), 1);
		if (xs < x)
			xs = x;
		if (xe > v->w)
			xe = v->w;
		if (xe > xs) {
			struct fc_bar *b = add_bar(v->out);

			b->depth = d;
			b->x0 = xs;
			b->x1 = xe;
			b->node = fc_ancestor(v->fc->tree, ln->s[k].stack, d);
			b->i0 = s;
			b->i1 = e;
			b->ts = ln->s[s].t;
			b->te = fc_cover_end(ln, e - 1);
			x = xe;
			k = e;
			continue;
		}
		add_plus(v, d, x, s, &open);
		x++;
		s = lower_bound(ln, cell_time(v, x));
		k = s > e ? s : e;
	}
}

void
fc_layout(struct flamechart *fc, uint32_t l, int64_t t0, int64_t t1,
    int width, uint32_t maxdepth, struct fc_layout *out)
{
	struct view v;
	uint32_t d;

	out->n = 0;
	if (l >= fc->nlanes || width <= 0 || t1 <= t0)
		return;
	fc_lane_ready(fc, l);
	v.fc = fc;
	v.ln = &fc->lane[l];
	v.t0 = t0;
	v.t1 = t1;
	v.span = (double)t1 - (double)t0;
	v.w = width;
	v.out = out;
	if (maxdepth > v.ln->maxdepth)
		maxdepth = v.ln->maxdepth;
	for (d = 1; d <= maxdepth; d++)
		layout_row(&v, d);
}

void
fc_layout_free(struct fc_layout *out)
{
	free(out->bar);
	memset(out, 0, sizeof *out);
}
