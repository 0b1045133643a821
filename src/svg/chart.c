/*
 * --flamechart (#49): the frames of a flame chart, for the SVG writer
 * (see svg/svg.h's struct svg_chart).
 *
 * The lines come in time order (from the sample store, a lane per
 * thread) or in the input's order (folded input: flamegraph.pl draws
 * --flamechart lines as they come).  Walking them, a line shares the
 * open frames whose names agree with its own from the root; the frames
 * past that close at the current time, its own past that open; then the
 * time advances by its weight.  A function that comes back later is a
 * new frame, so x reads as time.  Frames narrower than the minimum
 * width are dropped as they close; the result is sorted by (depth,
 * start) as svg_graph_build()'s.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/strtab.h"
#include "svg/svg.h"
#include "util/xalloc.h"

struct open {
	uint32_t name;
	double start, samp;
};

struct cflow {
	struct svg_graph *g;
	struct open *o;
	size_t nopen, capopen, capframes;
	double time, stime, minw;
	uint32_t *names;
	size_t capnames;
};

static void
close_open(struct cflow *f, size_t i)
{
	struct svg_graph *g = f->g;
	struct svg_frame *fr;

	if (f->time - f->o[i].start < f->minw || f->time <= f->o[i].start)
		return;
	xgrow((void **)&g->frames, &f->capframes, g->nframes + 1,
	    sizeof *g->frames);
	fr = &g->frames[g->nframes++];
	memset(fr, 0, sizeof *fr);
	fr->start = f->o[i].start;
	fr->end = f->time;
	fr->samples = f->stime - f->o[i].samp;
	fr->name = f->o[i].name;
	fr->depth = (uint32_t)i;
	if (fr->depth > g->depthmax)
		g->depthmax = fr->depth;
}

/* One line: its names from the root (names[0] the root's). */
static void
flow(struct cflow *f, size_t len, const struct svg_chart_line *ln)
{
	size_t n = 0, i;

	while (n < f->nopen && n < len && f->o[n].name == f->names[n])
		n++;
	for (i = f->nopen; i > n; i--)
		close_open(f, i - 1);
	xgrow((void **)&f->o, &f->capopen, len, sizeof *f->o);
	for (i = n; i < len; i++) {
		f->o[i].name = f->names[i];
		f->o[i].start = f->time;
		f->o[i].samp = f->stime;
	}
	f->nopen = len;
	f->time += ln->w;
	f->stime += ln->samples;
}

/* Line ln's names into f->names: the root, its lane, its frames. */
static size_t
line_names(struct cflow *f, const struct tree *t, const struct svg_chart *c,
    const struct svg_chart_line *ln)
{
	const struct tree_node *nd = tree_nodes(t);
	size_t lane = c->lane_name != NULL && ln->lane < c->nlanes;
	size_t len = 1 + lane + nd[ln->node].depth, i;
	uint32_t k;

	xgrow((void **)&f->names, &f->capnames, len, sizeof *f->names);
	f->names[0] = nd[TREE_ROOT].name;
	if (lane)
		f->names[1] = c->lane_name[ln->lane];
	for (k = ln->node, i = len; k != TREE_ROOT; k = nd[k].parent)
		f->names[--i] = nd[k].name;
	return len;
}

static int
cmp_frame(const void *a, const void *b)
{
	const struct svg_frame *x = a, *y = b;

	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return (x->start > y->start) - (x->start < y->start);
}

int
svg_chart_graph(struct svg_graph *g, const struct tree *t,
    const struct svg_chart *c, double width, double minwidth,
    int minwidth_percent)
{
	struct cflow f;
	size_t i, n = tree_size(t);
	double total = 0;

	memset(g, 0, sizeof *g);
	g->maxdelta = 1;
	g->t = t;
	for (i = 0; i < c->n; i++)
		if (c->line[i].node < n && c->line[i].w > 0)
			total += c->line[i].w;
	if (!(total > 0))
		return SVG_EMPTY;
	memset(&f, 0, sizeof f);
	f.g = g;
	f.minw = minwidth_percent ? total * minwidth / 100 :
	    minwidth / ((width - 2 * SVG_XPAD) / total);
	for (i = 0; i < c->n; i++)
		if (c->line[i].node < n && c->line[i].w > 0)
			flow(&f, line_names(&f, t, c, &c->line[i]),
			    &c->line[i]);
	for (i = f.nopen; i > 0; i--)
		close_open(&f, i - 1);
	g->time = f.time;
	free(f.o);
	free(f.names);
	qsort(g->frames, g->nframes, sizeof *g->frames, cmp_frame);
	return SVG_OK;
}

void
svg_chart_add(struct svg_chart *c, uint32_t node, double w, double samples)
{
	xgrow((void **)&c->line, &c->cap, c->n + 1, sizeof *c->line);
	c->line[c->n].node = node;
	c->line[c->n].lane = 0;
	c->line[c->n].w = w;
	c->line[c->n].samples = samples;
	c->n++;
}

void
svg_chart_free(struct svg_chart *c)
{
	free(c->line);
	free(c->lane_name);
	memset(c, 0, sizeof *c);
}

/* A sample of the store, for the sort. */
struct ssample {
	uint32_t rank;       /* its lane */
	uint32_t node;
	int64_t t;
	uint64_t w;
};

static int
cmp_ss(const void *a, const void *b)
{
	const struct ssample *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return (x->node > y->node) - (x->node < y->node);
}

/* Threads by samples, most first (then by index). */
static const uint64_t *sort_cnt;

static int
cmp_thr(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	if (sort_cnt[x] != sort_cnt[y])
		return sort_cnt[x] > sort_cnt[y] ? -1 : 1;
	return (x > y) - (x < y);
}

/* Name each lane "comm tid" in t's strtab. */
static void
name_lanes(struct svg_chart *c, struct tree *t, const struct store *s,
    const uint32_t *thr)
{
	char buf[STORE_NAME_MAX + 32];
	const char *comm;
	int32_t pid, tid;
	uint32_t l;
	int n;

	c->lane_name = xreallocarray(NULL, c->nlanes, sizeof *c->lane_name);
	for (l = 0; l < c->nlanes; l++) {
		store_thread(s, thr[l], &pid, &tid);
		comm = store_thread_name(s, thr[l]);
		n = snprintf(buf, sizeof buf, "%s%s%ld", comm ? comm : "",
		    comm ? " " : "tid ", (long)tid);
		if (n < 0)
			n = 0;
		c->lane_name[l] = strtab_intern(tree_strtab(t), buf,
		    (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
	}
}

size_t
svg_chart_from_store(struct svg_chart *c, struct tree *t,
    const struct store *s)
{
	uint32_t nthr = store_threads(s), nn = tree_size(t), i;
	uint64_t *cnt = xcalloc(nthr ? nthr : 1, sizeof *cnt), n = 0;
	uint32_t *thr = xreallocarray(NULL, nthr ? nthr : 1, sizeof *thr);
	uint32_t *rank = xreallocarray(NULL, nthr ? nthr : 1, sizeof *rank);
	struct ssample *ss;
	struct store_iter it;
	struct store_sample x;

	memset(c, 0, sizeof *c);
	store_iter_init(&it, s, INT64_MIN, INT64_MAX);
	while (store_iter_next(&it, &x))
		if (x.stack != 0 && x.stack < nn) {
			cnt[x.thread]++;
			n++;
		}
	for (i = 0; i < nthr; i++)
		thr[i] = i;
	sort_cnt = cnt;
	qsort(thr, nthr, sizeof *thr, cmp_thr);
	for (i = 0; i < nthr; i++) {
		rank[thr[i]] = i;
		c->nlanes += cnt[thr[i]] > 0;
	}
	ss = xreallocarray(NULL, n ? n : 1, sizeof *ss);
	n = 0;
	store_iter_init(&it, s, INT64_MIN, INT64_MAX);
	while (store_iter_next(&it, &x))
		if (x.stack != 0 && x.stack < nn) {
			ss[n].rank = rank[x.thread];
			ss[n].node = x.stack;
			ss[n].t = x.t;
			ss[n++].w = x.w;
		}
	qsort(ss, n, sizeof *ss, cmp_ss);
	c->line = xreallocarray(NULL, n ? n : 1, sizeof *c->line);
	c->cap = n ? n : 1;
	for (c->n = 0; c->n < n; c->n++) {
		c->line[c->n].node = ss[c->n].node;
		c->line[c->n].lane = ss[c->n].rank;
		c->line[c->n].w = (double)ss[c->n].w;
		c->line[c->n].samples = 1;
	}
	if (c->nlanes > 1)
		name_lanes(c, t, s, thr);
	free(ss);
	free(cnt);
	free(thr);
	free(rank);
	return c->n;
}
