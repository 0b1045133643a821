/*
 * The sample store (see model/store.h): chunks of columns, and a thread
 * table behind an open-addressing hash of (pid, tid).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model/store.h"
#include "util/hash.h"
#include "util/xalloc.h"

#define THR_BITS 20
#define THR_MASK ((1u << THR_BITS) - 1)
#define BACK_WINDOW ((int64_t)1 << 28) /* a chunk takes 268 ms before its first sample */

struct chunk {
	int64_t base;       /* t = base + dt */
	int64_t tmin, tmax;
	uint32_t n, cap;
	uint32_t *stack, *dt, *w, *thr;
	uint64_t *wide;     /* every weight, once one did not fit in w */
};

struct store {
	struct chunk *c;
	size_t nc, cc;
	uint64_t count;
	int64_t tmin, tmax;
	/* the thread table */
	int32_t *pid, *tid;
	uint32_t nthr, cthr;
	uint32_t *slot;     /* hash slots: index + 1, 0 empty */
	uint32_t mask;
	/* the last thread looked up: most samples repeat it */
	int32_t last_pid, last_tid;
	uint32_t last_idx;
	/* thread names: name_at[i] - 1 is the offset of thread i's name in
	   names (0: none yet), each ended by a NUL */
	uint32_t *name_at;
	uint8_t *renames;   /* names given to each thread after its first */
	uint32_t added_thr; /* the thread of the sample added last */
	uint64_t *thr_n;    /* samples added per thread */
	char *names;
	size_t nnames, cnames;
};

struct store *
store_new(void)
{
	struct store *s = xcalloc(1, sizeof *s);

	s->last_idx = UINT32_MAX;
	return s;
}

static void
chunk_free(struct chunk *c)
{
	free(c->stack);
	free(c->dt);
	free(c->w);
	free(c->thr);
	free(c->wide);
}

void
store_free(struct store *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->nc; i++)
		chunk_free(&s->c[i]);
	free(s->c);
	free(s->pid);
	free(s->tid);
	free(s->slot);
	free(s->name_at);
	free(s->renames);
	free(s->thr_n);
	free(s->names);
	free(s);
}

static uint32_t
thr_hash(int32_t pid, int32_t tid)
{
	uint64_t k = ((uint64_t)(uint32_t)pid << 32) | (uint32_t)tid;

	return (uint32_t)(hash_fold(k, HASH_K1) >> 7);
}

/* Double the hash and place every thread again. */
static void
thr_rehash(struct store *s)
{
	uint32_t n = s->mask ? (s->mask + 1) * 2 : 64, i;

	free(s->slot);
	s->slot = xcalloc(n, sizeof *s->slot);
	s->mask = n - 1;
	for (i = 0; i < s->nthr; i++) {
		uint32_t h = thr_hash(s->pid[i], s->tid[i]) & s->mask;

		while (s->slot[h] != 0)
			h = (h + 1) & s->mask;
		s->slot[h] = i + 1;
	}
}

/* Add (pid, tid) at the end of the thread table (not to the hash). */
static void
thr_append(struct store *s, int32_t pid, int32_t tid)
{
	if (s->nthr == s->cthr) {
		size_t cap = s->cthr, cap2 = s->cthr;

		xgrow((void **)&s->pid, &cap, s->nthr + 1, sizeof *s->pid);
		xgrow((void **)&s->tid, &cap2, s->nthr + 1, sizeof *s->tid);
		s->cthr = (uint32_t)(cap < cap2 ? cap : cap2);
		s->name_at = xreallocarray(s->name_at, s->cthr,
		    sizeof *s->name_at);
		s->renames = xreallocarray(s->renames, s->cthr,
		    sizeof *s->renames);
		s->thr_n = xreallocarray(s->thr_n, s->cthr, sizeof *s->thr_n);
	}
	s->name_at[s->nthr] = 0;
	s->renames[s->nthr] = 0;
	s->thr_n[s->nthr] = 0;
	s->pid[s->nthr] = pid;
	s->tid[s->nthr] = tid;
	s->nthr++;
}

/* The thread table's index of (pid, tid), added when new. */
static uint32_t
thr_index(struct store *s, int32_t pid, int32_t tid)
{
	uint32_t h;

	if (s->last_idx != UINT32_MAX && pid == s->last_pid &&
	    tid == s->last_tid)
		return s->last_idx;
	if (s->mask == 0 || (s->nthr + 1) * 2 > s->mask + 1)
		thr_rehash(s);
	h = thr_hash(pid, tid) & s->mask;
	while (s->slot[h] != 0) {
		uint32_t i = s->slot[h] - 1;

		if (s->pid[i] == pid && s->tid[i] == tid)
			goto found;
		h = (h + 1) & s->mask;
	}
	if (s->nthr >= STORE_MAX_THREADS - 1) {
		/* The table is full: the rest share the last index. */
		if (s->nthr == STORE_MAX_THREADS - 1)
			thr_append(s, -1, -1);
		return STORE_MAX_THREADS - 1;
	}
	thr_append(s, pid, tid);
	s->slot[h] = s->nthr;
	s->last_pid = pid;
	s->last_tid = tid;
	return s->last_idx = s->nthr - 1;
found:
	s->last_pid = pid;
	s->last_tid = tid;
	return s->last_idx = s->slot[h] - 1;
}

/* Room for one more sample in c (its columns grow up to STORE_CHUNK). */
static void
chunk_room(struct chunk *c)
{
	uint32_t cap;

	if (c->n < c->cap)
		return;
	cap = c->cap ? c->cap * 2 : 256;
	if (cap > STORE_CHUNK)
		cap = STORE_CHUNK;
	c->stack = xreallocarray(c->stack, cap, sizeof *c->stack);
	c->dt = xreallocarray(c->dt, cap, sizeof *c->dt);
	c->w = xreallocarray(c->w, cap, sizeof *c->w);
	c->thr = xreallocarray(c->thr, cap, sizeof *c->thr);
	if (c->wide != NULL)
		c->wide = xreallocarray(c->wide, cap, sizeof *c->wide);
	c->cap = cap;
}

/* A chunk that takes no more samples gives back the room it did not use. */
static void
chunk_fit(struct chunk *c)
{
	if (c->n == c->cap || c->n == 0)
		return;
	c->stack = xreallocarray(c->stack, c->n, sizeof *c->stack);
	c->dt = xreallocarray(c->dt, c->n, sizeof *c->dt);
	c->w = xreallocarray(c->w, c->n, sizeof *c->w);
	c->thr = xreallocarray(c->thr, c->n, sizeof *c->thr);
	if (c->wide != NULL)
		c->wide = xreallocarray(c->wide, c->n, sizeof *c->wide);
	c->cap = c->n;
}

/* The chunk that takes a sample at time t: the last one, or a new one. */
static struct chunk *
chunk_for(struct store *s, int64_t t)
{
	struct chunk *c = s->nc ? &s->c[s->nc - 1] : NULL;
	int64_t base;

	if (c != NULL && c->n < STORE_CHUNK && t >= c->base &&
	    (uint64_t)t - (uint64_t)c->base <= UINT32_MAX)
		return c;
	if (c != NULL)
		chunk_fit(c);
	if (s->nc == s->cc)
		xgrow((void **)&s->c, &s->cc, s->nc + 1, sizeof *s->c);
	c = &s->c[s->nc++];
	memset(c, 0, sizeof *c);
	base = t < INT64_MIN + BACK_WINDOW ? INT64_MIN : t - BACK_WINDOW;
	c->base = base;
	c->tmin = c->tmax = t;
	return c;
}

void
store_add(struct store *s, uint32_t stack, int64_t t, uint64_t w,
    int32_t pid, int32_t tid, int32_t cpu)
{
	struct chunk *c = chunk_for(s, t);
	uint32_t thr = thr_index(s, pid, tid);
	uint32_t cu = cpu < 0 || cpu >= (int32_t)STORE_CPU_NONE ?
	    STORE_CPU_NONE : (uint32_t)cpu;

	s->added_thr = thr;
	s->thr_n[thr]++;
	chunk_room(c);
	if (w > UINT32_MAX && c->wide == NULL) {
		uint32_t i;

		c->wide = xreallocarray(NULL, c->cap, sizeof *c->wide);
		for (i = 0; i < c->n; i++)
			c->wide[i] = c->w[i];
	}
	c->stack[c->n] = stack;
	c->dt[c->n] = (uint32_t)((uint64_t)t - (uint64_t)c->base);
	c->w[c->n] = w > UINT32_MAX ? UINT32_MAX : (uint32_t)w;
	if (c->wide != NULL)
		c->wide[c->n] = w;
	c->thr[c->n] = (cu << THR_BITS) | thr;
	c->n++;
	if (t < c->tmin)
		c->tmin = t;
	if (t > c->tmax)
		c->tmax = t;
	if (s->count == 0 || t < s->tmin)
		s->tmin = t;
	if (s->count == 0 || t > s->tmax)
		s->tmax = t;
	s->count++;
}

uint64_t
store_count(const struct store *s)
{
	return s->count;
}

int
store_span(const struct store *s, int64_t *tmin, int64_t *tmax)
{
	if (s->count == 0)
		return 0;
	*tmin = s->tmin;
	*tmax = s->tmax;
	return 1;
}

uint32_t
store_threads(const struct store *s)
{
	return s->nthr;
}

void
store_thread(const struct store *s, uint32_t i, int32_t *pid, int32_t *tid)
{
	if (i >= s->nthr) {
		*pid = *tid = -1;
		return;
	}
	*pid = s->pid[i];
	*tid = s->tid[i];
}

size_t
store_memory(const struct store *s)
{
	size_t m = sizeof *s + s->cc * sizeof *s->c, i;

	for (i = 0; i < s->nc; i++)
		m += (size_t)s->c[i].cap * (4 * sizeof(uint32_t) +
		    (s->c[i].wide ? sizeof(uint64_t) : 0));
	m += (size_t)s->cthr * (sizeof *s->pid + sizeof *s->tid +
	    sizeof *s->name_at + sizeof *s->renames + sizeof *s->thr_n) +
	    s->cnames;
	if (s->mask)
		m += ((size_t)s->mask + 1) * sizeof *s->slot;
	return m;
}

void
store_iter_init(struct store_iter *it, const struct store *s, int64_t t0,
    int64_t t1)
{
	it->s = s;
	it->t0 = t0;
	it->t1 = t1;
	it->chunk = 0;
	it->i = 0;
	it->whole = -1;
}

/* Does chunk c hold nothing in [t0, t1) (-1), everything (1), or some (0)? */
static int
chunk_overlap(const struct chunk *c, int64_t t0, int64_t t1)
{
	if (c->n == 0 || c->tmax < t0 || c->tmin >= t1)
		return -1;
	return c->tmin >= t0 && c->tmax < t1;
}

static uint64_t
chunk_weight(const struct chunk *c, uint32_t i)
{
	return c->wide ? c->wide[i] : c->w[i];
}

int
store_iter_next(struct store_iter *it, struct store_sample *out)
{
	const struct store *s = it->s;

	while (it->chunk < s->nc) {
		const struct chunk *c = &s->c[it->chunk];

		if (it->whole < 0) {
			it->whole = chunk_overlap(c, it->t0, it->t1);
			if (it->whole < 0) {
				it->chunk++;
				continue;
			}
		}
		while (it->i < c->n) {
			uint32_t i = it->i++;
			int64_t t = c->base + (int64_t)c->dt[i];

			if (!it->whole && (t < it->t0 || t >= it->t1))
				continue;
			out->stack = c->stack[i];
			out->t = t;
			out->w = chunk_weight(c, i);
			out->thread = c->thr[i] & THR_MASK;
			out->cpu = c->thr[i] >> THR_BITS;
			return 1;
		}
		it->chunk++;
		it->i = 0;
		it->whole = -1;
	}
	return 0;
}

size_t
store_nchunks(const struct store *s)
{
	return s->nc;
}

void
store_chunk_cols(const struct store *s, size_t k, struct store_cols *out)
{
	const struct chunk *c = &s->c[k];

	out->base = c->base;
	out->tmin = c->tmin;
	out->tmax = c->tmax;
	out->n = c->n;
	out->stack = c->stack;
	out->dt = c->dt;
}

uint64_t
store_fold(const struct store *s, int64_t t0, int64_t t1, uint64_t *w,
    uint64_t *n, uint32_t nstacks, const uint8_t *skip)
{
	uint64_t added = 0;
	size_t k;

	for (k = 0; k < s->nc; k++) {
		const struct chunk *c = &s->c[k];
		int whole = chunk_overlap(c, t0, t1);
		uint32_t i;

		if (whole < 0)
			continue;
		for (i = 0; i < c->n; i++) {
			uint32_t st = c->stack[i];

			if (!whole) {
				int64_t t = c->base + (int64_t)c->dt[i];

				if (t < t0 || t >= t1)
					continue;
			}
			if (st >= nstacks || (skip != NULL && skip[st]))
				continue;
			if (w != NULL)
				w[st] += chunk_weight(c, i);
			if (n != NULL)
				n[st]++;
			added++;
		}
	}
	return added;
}

void
store_append_mapped(struct store *dst, const struct store *src,
    const uint32_t *map, uint32_t nmap)
{
	struct store_iter it;
	struct store_sample x;

	store_iter_init(&it, src, INT64_MIN, INT64_MAX);
	while (store_iter_next(&it, &x)) {
		int32_t pid, tid;

		store_thread(src, x.thread, &pid, &tid);
		store_add(dst, x.stack < nmap ? map[x.stack] : x.stack, x.t,
		    x.w, pid, tid,
		    x.cpu == STORE_CPU_NONE ? -1 : (int32_t)x.cpu);
		if (src->name_at != NULL && src->name_at[x.thread] != 0) {
			const char *nm = store_thread_name(src, x.thread);

			store_name_last(dst, nm, strlen(nm));
		}
	}
}

/* Keep chunk c's samples with t >= t0, in order; returns how many went. */
static uint32_t
chunk_cut(struct chunk *c, int64_t t0)
{
	uint32_t i, k = 0, n = c->n;

	c->tmin = INT64_MAX;
	c->tmax = INT64_MIN;
	for (i = 0; i < n; i++) {
		int64_t t = c->base + (int64_t)c->dt[i];

		if (t < t0)
			continue;
		c->stack[k] = c->stack[i];
		c->dt[k] = c->dt[i];
		c->w[k] = c->w[i];
		c->thr[k] = c->thr[i];
		if (c->wide != NULL)
			c->wide[k] = c->wide[i];
		if (t < c->tmin)
			c->tmin = t;
		if (t > c->tmax)
			c->tmax = t;
		k++;
	}
	c->n = k;
	return n - k;
}

uint64_t
store_cut(struct store *s, int64_t t0)
{
	uint64_t gone = 0;
	size_t i, k = 0;

	if (s->count == 0 || s->tmin >= t0)
		return 0;
	for (i = 0; i < s->nc; i++) {
		struct chunk *c = &s->c[i];

		if (c->n > 0 && c->tmin < t0)
			gone += chunk_cut(c, t0);
		if (c->n == 0 && i + 1 < s->nc) {
			chunk_free(c); /* the last one still takes samples */
			continue;
		}
		if (k != i)
			s->c[k] = *c;
		k++;
	}
	s->nc = k;
	s->count -= gone;
	s->tmin = INT64_MAX;
	s->tmax = INT64_MIN;
	for (i = 0; i < s->nc; i++) {
		if (s->c[i].n == 0)
			continue;
		if (s->c[i].tmin < s->tmin)
			s->tmin = s->c[i].tmin;
		if (s->c[i].tmax > s->tmax)
			s->tmax = s->c[i].tmax;
	}
	if (s->count == 0)
		s->tmin = s->tmax = 0;
	return gone;
}

void
store_remap(struct store *s, const uint32_t *map, uint32_t nmap)
{
	size_t k;
	uint32_t i;

	for (k = 0; k < s->nc; k++) {
		struct chunk *c = &s->c[k];

		for (i = 0; i < c->n; i++)
			c->stack[i] = c->stack[i] < nmap ? map[c->stack[i]] :
			    STORE_STACK_NONE;
	}
}

void
store_name_last(struct store *s, const char *name, size_t len)
{
	uint32_t i = s->added_thr;
	const char *cur;

	if (s->count == 0 || i >= s->nthr || name == NULL)
		return;
	if (len > STORE_NAME_MAX)
		len = STORE_NAME_MAX;
	if (memchr(name, '\0', len) != NULL)
		len = strlen(name);
	if (s->name_at[i] != 0) {
		/* the same name (most samples): nothing to do */
		cur = s->names + s->name_at[i] - 1;
		if (strncmp(cur, name, len) == 0 && cur[len] == '\0')
			return;
		if (s->renames[i] == STORE_RENAMES)
			return;
		s->renames[i]++;
	}
	if (s->nnames + len + 1 > UINT32_MAX - 1)
		return; /* 4 GiB of names: the rest go unnamed */
	xgrow((void **)&s->names, &s->cnames, s->nnames + len + 1, 1);
	memcpy(s->names + s->nnames, name, len);
	s->names[s->nnames + len] = '\0';
	s->name_at[i] = (uint32_t)s->nnames + 1;
	s->nnames += len + 1;
}

const char *
store_thread_name(const struct store *s, uint32_t i)
{
	if (i >= s->nthr || s->name_at[i] == 0)
		return NULL;
	return s->names + s->name_at[i] - 1;
}

uint64_t
store_thread_added(const struct store *s, uint32_t i)
{
	return i < s->nthr ? s->thr_n[i] : 0;
}
