/*
 * A Chrome/V8 profile read into flat arrays (loaders/chrome_ctx.h) into
 * the sink: ids resolved through a hash table, parents checked for
 * cycles, each sample's time and weight from the deltas, and each
 * sample's stack handed over (see chrome.c for the rules).
 *
 * With the sink's speed hooks, every node's frames are given once: the
 * first sample of a node gives the frames from the nearest ancestor whose
 * place is known (resume()), remembering each new frame's place (at());
 * later samples of the node are again() of the stack the first one
 * closed (last()).  A profile of N nodes and S samples costs O(N + S)
 * sink calls however deep its stacks; without the hooks (the tests'
 * recording sinks) every sample gives its whole path.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loaders/chrome_ctx.h"
#include "util/xalloc.h"

struct idmap {
	int64_t *keys;
	uint32_t *vals;
	size_t mask;
	uint32_t *direct;       /* ids 0..ndirect-1 (V8 numbers them so) */
	size_t ndirect;
};

/* The folding state of one profile. */
struct fold {
	struct cp_ctx *x;
	struct cp_prof *p;
	const struct stack_sink_speed *sp;
	uint64_t *at, *last;
	uint8_t *flags;         /* FL_AT, FL_LAST, FL_DROP */
	uint32_t *chain;
	const char *root;
	size_t rootlen;
	uint64_t root_at;
	int root_has_at;
	char *scratch;
	size_t scap;
	uint32_t lastmod_off, lastmod_len, lastmod_id;
	int lastmod_ok;
	uint64_t empty;         /* samples of (root) itself, left out */
	struct idmap m;
};

/*
 * One of a profile's two arrays, read in order: from the profile's array,
 * or (a mark) from the text, a batch at a time.
 */
struct cursor {
	struct json j;
	int text, done;
	int64_t buf[1024];
	size_t n, i;            /* the batch, and the next in it */
	size_t read;            /* elements given so far */
};

#define FL_AT 1
#define FL_LAST 2
#define FL_DROP 4

static uint64_t
id_hash(int64_t id)
{
	uint64_t h = (uint64_t)id * 0x9e3779b97f4a7c15ULL;

	return h ^ (h >> 29);
}

/* Index p's nodes by id: 0, or -1 on a missing or repeated id. */
static int
map_build(struct cp_ctx *x, struct cp_prof *p, struct idmap *m)
{
	size_t cap = 16, i, h;

	while (cap < p->nnodes * 2)
		cap *= 2;
	if (cp_charge(x, (uint64_t)cap * (sizeof *m->keys + sizeof *m->vals),
	    "node index") != 0)
		return -1;
	m->keys = xreallocarray(NULL, cap, sizeof *m->keys);
	m->vals = xreallocarray(NULL, cap, sizeof *m->vals);
	m->mask = cap - 1;
	for (i = 0; i < cap; i++)
		m->keys[i] = CP_NOID;
	for (i = 0; i < p->nnodes; i++) {
		if (p->nodes[i].id == CP_NOID)
			return cp_fail(x, "nodes[%zu]: no id", i);
		for (h = id_hash(p->nodes[i].id) & m->mask;
		    m->keys[h] != CP_NOID; h = (h + 1) & m->mask)
			if (m->keys[h] == p->nodes[i].id)
				return cp_fail(x, "nodes[%zu]: id %lld repeated",
				    i, (long long)p->nodes[i].id);
		m->keys[h] = p->nodes[i].id;
		m->vals[h] = (uint32_t)i;
	}
	/* Ids from 0 or 1 up, as V8 writes them: a table by id. */
	for (i = 0, h = 0; i < p->nnodes; i++)
		if (p->nodes[i].id < 0 ||
		    (uint64_t)p->nodes[i].id >= 2 * (uint64_t)p->nnodes + 2)
			return 0;
	if (cp_charge(x, (uint64_t)(2 * p->nnodes + 2) * sizeof *m->direct,
	    "node index") != 0)
		return -1;
	m->ndirect = 2 * p->nnodes + 2;
	m->direct = xreallocarray(NULL, m->ndirect, sizeof *m->direct);
	for (i = 0; i < m->ndirect; i++)
		m->direct[i] = CP_NONE;
	for (i = 0; i < p->nnodes; i++)
		m->direct[p->nodes[i].id] = (uint32_t)i;
	return 0;
}

/* The index of node id, or CP_NONE. */
static uint32_t
map_get(const struct idmap *m, int64_t id)
{
	size_t h;

	if (m->direct != NULL)
		return id >= 0 && (uint64_t)id < m->ndirect ?
		    m->direct[id] : CP_NONE;
	if (id == CP_NOID)
		return CP_NONE;
	for (h = id_hash(id) & m->mask; m->keys[h] != CP_NOID;
	    h = (h + 1) & m->mask)
		if (m->keys[h] == id)
			return m->vals[h];
	return CP_NONE;
}

/* Give node c the parent index par (once). */
static int
set_parent(struct cp_ctx *x, struct cp_prof *p, uint32_t c, uint32_t par)
{
	if (p->nodes[c].parent != CP_NONE && p->nodes[c].parent != par)
		return cp_fail(x, "node %lld: two parents",
		    (long long)p->nodes[c].id);
	p->nodes[c].parent = par;
	return 0;
}

/* Parents from `parent` ids and `children` lists (edges hold indices). */
static int
resolve_parents(struct cp_ctx *x, struct cp_prof *p, const struct idmap *m)
{
	size_t i;
	uint32_t c;

	for (i = 0; i < p->nnodes; i++) {
		if (p->nodes[i].parent_id == CP_NOID)
			continue;
		if ((c = map_get(m, p->nodes[i].parent_id)) == CP_NONE)
			return cp_fail(x, "node %lld: parent %lld does not "
			    "exist", (long long)p->nodes[i].id,
			    (long long)p->nodes[i].parent_id);
		if (set_parent(x, p, (uint32_t)i, c) != 0)
			return -1;
	}
	for (i = 0; i < p->nedges; i++) {
		if ((c = map_get(m, p->edges[i].child)) == CP_NONE)
			return cp_fail(x, "node %lld: child %lld does not "
			    "exist", (long long)p->nodes[p->edges[i].parent].id,
			    (long long)p->edges[i].child);
		if (set_parent(x, p, c, (uint32_t)p->edges[i].parent) != 0)
			return -1;
	}
	return 0;
}

/* Refuse a parent cycle: walk up from each node to a node seen before. */
static int
check_cycles(struct cp_ctx *x, struct cp_prof *p, uint32_t *stack)
{
	uint8_t *st;
	size_t i, n;
	uint32_t c;

	if (cp_charge(x, p->nnodes, "cycle check") != 0)
		return -1;
	st = xcalloc(p->nnodes ? p->nnodes : 1, 1); /* 0 new, 1 open, 2 done */
	for (i = 0; i < p->nnodes; i++) {
		n = 0;
		for (c = (uint32_t)i; c != CP_NONE && st[c] == 0;
		    c = p->nodes[c].parent) {
			st[c] = 1;
			stack[n++] = c;
		}
		if (c != CP_NONE && st[c] == 1) {
			free(st);
			return cp_fail(x, "node %lld: parent cycle",
			    (long long)p->nodes[c].id);
		}
		while (n > 0)
			st[stack[--n]] = 2;
	}
	free(st);
	return 0;
}

/* Node n's frame name: its functionName, or (anonymous FILE:LINE). */
static const char *
node_name(struct fold *f, const struct cp_node *n, size_t *len)
{
	const char *url, *base;
	size_t bl, i;
	int k;

	if (n->fn_len > 0) {
		*len = n->fn_len;
		return f->x->names + n->fn_off;
	}
	if (n->url_len == 0) {
		/* (the arena is NULL when the input kept no string) */
		*len = 11;
		return "(anonymous)";
	}
	url = f->x->names + n->url_off;
	for (i = n->url_len; i > 0 && url[i - 1] != '/'; i--)
		;
	base = url + i;
	bl = n->url_len - i;
	if (bl == 0) {
		*len = 11;
		return "(anonymous)";
	}
	xgrow((void **)&f->scratch, &f->scap, bl + 40, 1);
	memcpy(f->scratch, "(anonymous ", 11);
	memcpy(f->scratch + 11, base, bl);
	if (n->line >= 0)
		k = snprintf(f->scratch + 11 + bl, 40, ":%lld)",
		    (long long)n->line + 1);
	else
		k = snprintf(f->scratch + 11 + bl, 40, ")");
	*len = 11 + bl + (size_t)k;
	return f->scratch;
}

/* Give node n's module (its url's last part) to the frame just given. */
static void
give_module(struct fold *f, const struct cp_node *n)
{
	const struct load_opts *o = f->x->opts;
	const char *url;
	size_t i;

	if (o->module_id == NULL || o->module_set == NULL || n->url_len == 0)
		return;
	url = f->x->names + n->url_off;
	if (!f->lastmod_ok || f->lastmod_off != n->url_off ||
	    f->lastmod_len != n->url_len) {
		for (i = n->url_len; i > 0 && url[i - 1] != '/'; i--)
			;
		if (i == n->url_len)
			i = 0;
		f->lastmod_id = o->module_id(f->x->sink->ctx, url + i,
		    n->url_len - i, 0);
		f->lastmod_off = n->url_off;
		f->lastmod_len = n->url_len;
		f->lastmod_ok = 1;
	}
	o->module_set(f->x->sink->ctx, f->lastmod_id);
}

/* Hand the sample's time and place to the sample hook. */
static void
give_meta(struct fold *f, int64_t t_us)
{
	struct sample_meta m;

	if (f->x->opts->sample == NULL)
		return;
	m.t = t_us * 1000;
	m.has_time = 1;
	m.pid = f->p->pid;
	m.tid = f->p->tid;
	m.cpu = -1;
	m.comm = NULL;
	m.commlen = 0;
	f->x->opts->sample(f->x->sink->ctx, &m);
}

/* Give one sample of node k, weighing w microseconds, at t_us. */
static void
give(struct fold *f, uint32_t k, int64_t w, int64_t t_us)
{
	struct stack_sink *s = f->x->sink;
	struct tf_count c = { (uint64_t)w, 0 };
	const struct cp_node *nodes = f->p->nodes;
	uint32_t cur = k, m = 0, i;
	const char *nm;
	size_t len;

	if (f->sp != NULL && (f->flags[k] & FL_LAST)) {
		give_meta(f, t_us);
		f->sp->again(s->ctx, f->last[k], c);
		f->x->res->samples++;
		return;
	}
	while (cur != CP_NONE && !(f->flags[cur] & FL_DROP) &&
	    !(f->sp != NULL && (f->flags[cur] & FL_AT))) {
		f->chain[m++] = cur;
		cur = nodes[cur].parent;
	}
	if (m == 0 && f->root == NULL &&
	    (cur == CP_NONE || (f->flags[cur] & FL_DROP))) {
		f->empty++;
		return;
	}
	s->begin(s->ctx);
	if (cur != CP_NONE && !(f->flags[cur] & FL_DROP)) {
		f->sp->resume(s->ctx, f->at[cur]);
	} else if (f->root != NULL) {
		if (f->sp != NULL && f->root_has_at) {
			f->sp->resume(s->ctx, f->root_at);
		} else {
			s->frame(s->ctx, f->root, f->rootlen);
			if (f->sp != NULL) {
				f->root_at = f->sp->at(s->ctx);
				f->root_has_at = 1;
			}
		}
	}
	for (i = m; i > 0; i--) {
		nm = node_name(f, &nodes[f->chain[i - 1]], &len);
		s->frame(s->ctx, nm, len);
		give_module(f, &nodes[f->chain[i - 1]]);
		if (f->sp != NULL) {
			f->at[f->chain[i - 1]] = f->sp->at(s->ctx);
			f->flags[f->chain[i - 1]] |= FL_AT;
		}
	}
	give_meta(f, t_us);
	s->end(s->ctx, c);
	f->x->res->samples++;
	if (f->sp != NULL) {
		f->last[k] = f->sp->last(s->ctx);
		f->flags[k] |= FL_LAST;
	}
}

/* A start or end time in microseconds (seconds in the head format). */
static int
time_us(struct cp_ctx *x, const struct cp_prof *p, double v, int64_t *out,
    const char *what)
{
	if (p->tree)
		v = round(v * 1e6);
	if (!(v > -(double)CP_MAX_US && v < (double)CP_MAX_US))
		return cp_fail(x, "%s: out of range", what);
	*out = (int64_t)v;
	return 0;
}

/* Start reading one array: from the text at mark, else p's own. */
static void
cursor_init(struct cursor *c, const struct cp_ctx *x, int text, size_t mark)
{
	memset(c, 0, sizeof *c);
	c->text = text;
	if (text) {
		json_init_at(&c->j, x->j.s, x->j.n, mark);
		c->done = json_array(&c->j) != 1;
	}
}

/* The next element read from the text: 1, 0 at the end, -1 (error set). */
static int
cursor_text(struct cp_ctx *x, struct cursor *c, int64_t *v)
{
	char buf[200];
	int r;

	if (c->i == c->n) {
		if (c->done || c->j.err != NULL) {
			if (c->j.err == NULL)
				return 0;
			return cp_fail(x, "%s", json_error(&c->j, buf,
			    sizeof buf));
		}
		r = json_ints(&c->j, c->buf, sizeof c->buf / sizeof c->buf[0],
		    &c->n);
		c->i = 0;
		c->done = r != 1;
		if (r < 0)
			return cp_fail(x, "%s", json_error(&c->j, buf,
			    sizeof buf));
		if (c->n == 0)
			return 0;
	}
	*v = c->buf[c->i++];
	return 1;
}

/*
 * Map the batch of sample ids just read to node indices, in place: one
 * tight loop, so that the table's cache misses overlap.  0, or -1.
 */
static int
map_batch(struct fold *f, struct cursor *c)
{
	size_t i;
	int64_t id;
	uint32_t k;

	for (i = 0; i < c->n; i++) {
		id = c->buf[i];
		if (id < 0 || id >= (int64_t)CP_NONE)
			return cp_fail(f->x, "samples[%zu]: node id %lld out "
			    "of range", c->read + i, (long long)id);
		if ((k = map_get(&f->m, id)) == CP_NONE)
			return cp_fail(f->x, "samples[%zu]: node %lld does "
			    "not exist", c->read + i, (long long)id);
		c->buf[i] = k;
	}
	return 0;
}

/* The next sample's node index: 1, 0 after the last, -1 (error set). */
static int
next_sample(struct fold *f, struct cursor *c, uint32_t *k)
{
	int64_t v;
	int r;

	if (!c->text) {
		if (c->read == f->p->nsamples)
			return 0;
		*k = f->p->samples[c->read++];
		return 1;
	}
	if (c->i == c->n && !c->done && c->j.err == NULL) {
		/* a new batch: read it, map it whole */
		if ((r = cursor_text(f->x, c, &v)) != 1)
			return r;
		c->i = 0;
		if (map_batch(f, c) != 0)
			return -1;
	}
	if ((r = cursor_text(f->x, c, &v)) != 1)
		return r;
	*k = (uint32_t)v;
	c->read++;
	return 1;
}

/* The next delta (us): 1, 0 after the last, -1 (error set). */
static int
next_delta(struct fold *f, struct cursor *c, size_t *bi, int64_t *d)
{
	const struct cp_prof *p = f->p;
	int r;

	if (!c->text) {
		if (c->read == p->ndeltas)
			return 0;
		*d = p->deltas[c->read];
		if (*d == CP_BIG) {
			while (*bi < p->nbig && p->big[*bi].at < c->read)
				(*bi)++;
			*d = *bi < p->nbig ? p->big[*bi].v : 0;
		}
		c->read++;
		return 1;
	}
	if ((r = cursor_text(f->x, c, d)) != 1)
		return r;
	if (*d <= -CP_MAX_US || *d >= CP_MAX_US)
		return cp_fail(f->x, "timeDeltas[%zu]: %lld out of range",
		    c->read, (long long)*d);
	c->read++;
	return 1;
}

/* How many elements the samples left in the text have (for a message). */
static size_t
count_marked(struct cp_ctx *x, const struct cp_prof *p)
{
	struct cursor c;
	int64_t v;

	cursor_init(&c, x, 1, p->smark);
	while (cursor_text(x, &c, &v) == 1)
		c.read++;
	json_free(&c.j);
	return c.read;
}

/* Fewer deltas than samples: count the samples left for the message. */
static int
few_deltas(struct fold *f, struct cursor *cs, size_t ndeltas)
{
	uint32_t k;
	int r;

	while ((r = next_sample(f, cs, &k)) == 1)
		;
	if (r < 0)
		return -1;
	return cp_fail(f->x, "%zu samples but %zu %s", cs->read, ndeltas,
	    f->p->absolute ? "timestamps" : "timeDeltas");
}

/* Every sample's time and weight, handed over. */
static int
give_samples(struct fold *f)
{
	struct cp_prof *p = f->p;
	struct cp_ctx *x = f->x;
	struct cursor cs, cd;
	int64_t start = 0, end = 0, t, d, w;
	size_t bi = 0;
	uint32_t k;
	int rs, rd;

	if (p->has_dmark && p->ndeltas > 0)
		return cp_fail(x, "both timeDeltas and timestamps");
	if (p->has_start && !p->absolute &&
	    time_us(x, p, p->start, &start, "startTime") != 0)
		return -1;
	if (p->has_end && time_us(x, p, p->end, &end, "endTime") != 0)
		return -1;
	cursor_init(&cs, x, p->has_smark, p->smark);
	cursor_init(&cd, x, p->has_dmark, p->dmark);
	if ((rs = next_sample(f, &cs, &k)) != 1)
		return rs;
	if ((rd = next_delta(f, &cd, &bi, &d)) != 1)
		return rd < 0 ? -1 : few_deltas(f, &cs, 0);
	t = start + d;
	while (rs == 1) {
		if (t <= -CP_MAX_US || t >= CP_MAX_US)
			return cp_fail(x, "sample %zu: time out of range",
			    cs.read - 1);
		if ((rd = next_delta(f, &cd, &bi, &d)) < 0)
			return -1;
		w = rd == 1 ? d : p->has_end ? end - t : 0;
		give(f, k, w > 0 ? w : 0, t);
		if ((rs = next_sample(f, &cs, &k)) < 0)
			return -1;
		if (rs == 1 && rd == 0)
			return few_deltas(f, &cs, cd.read);
		t += d;
	}
	return 0;
}

/*
 * Resolve p's ids into f->m, check them, and map the samples held in an
 * array to node indices (those left in the text are mapped as read).
 */
static int
resolve(struct fold *f)
{
	struct cp_ctx *x = f->x;
	struct cp_prof *p = f->p;
	size_t i;
	uint32_t k;

	if (map_build(x, p, &f->m) != 0 ||
	    (!p->tree && resolve_parents(x, p, &f->m) != 0) ||
	    check_cycles(x, p, f->chain) != 0)
		return -1;
	for (i = 0; i < p->nsamples; i++) {
		if ((k = map_get(&f->m, p->samples[i])) == CP_NONE)
			return cp_fail(x, "samples[%zu]: node %lu does not "
			    "exist", i, (unsigned long)p->samples[i]);
		p->samples[i] = k;
	}
	return 0;
}

int
cp_fold(struct cp_ctx *x, struct cp_prof *p, const char *root,
    size_t rootlen)
{
	struct fold f;
	size_t i, n = p->nnodes ? p->nnodes : 1;
	int rc = -1;

	if (p->has_smark ? p->smark_empty : p->nsamples == 0)
		return 0;
	if (p->nnodes == 0)
		return cp_fail(x, "%zu samples but no nodes", p->has_smark ?
		    count_marked(x, p) : p->nsamples);
	memset(&f, 0, sizeof f);
	f.x = x;
	f.p = p;
	f.sp = x->sink->speed;
	f.root = root;
	f.rootlen = rootlen;
	if (cp_charge(x, (uint64_t)n * (sizeof *f.chain + 1 +
	    (f.sp != NULL ? 2 * sizeof *f.at : 0)), "stacks") != 0)
		return -1;
	f.chain = xreallocarray(NULL, n, sizeof *f.chain);
	f.flags = xcalloc(n, 1);
	if (f.sp != NULL) {
		f.at = xreallocarray(NULL, n, sizeof *f.at);
		f.last = xreallocarray(NULL, n, sizeof *f.last);
	}
	if (resolve(&f) != 0)
		goto out;
	for (i = 0; i < p->nnodes; i++)
		if (p->nodes[i].parent == CP_NONE &&
		    p->nodes[i].fn_len == 6 &&
		    memcmp(x->names + p->nodes[i].fn_off, "(root)", 6) == 0)
			f.flags[i] |= FL_DROP;
	rc = give_samples(&f);
	if (rc == 0 && f.empty > 0)
		diag_note(x->d, "%llu samples of (root) itself left out",
		    (unsigned long long)f.empty);
out:
	free(f.chain);
	free(f.flags);
	free(f.at);
	free(f.last);
	free(f.scratch);
	free(f.m.keys);
	free(f.m.vals);
	free(f.m.direct);
	return rc;
}
