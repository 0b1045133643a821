/*
 * Chrome Performance-panel traces: a JSON array of trace events, or
 * {"traceEvents": [...]}.  The events that matter:
 *
 *   CpuProfile    args.data.cpuProfile is a whole profile (older Chrome);
 *   Profile       opens a profile (args.data.startTime), keyed by its id,
 *                 else by pid:tid;
 *   ProfileChunk  appends args.data.cpuProfile.nodes and .samples and
 *                 args.data.timeDeltas to the profile of its key (and may
 *                 set startTime/endTime); Chrome 141 leaves args.data out
 *                 of some chunks, which then add nothing;
 *   thread_name   metadata (ph "M"): args.name names pid:tid's thread.
 *
 * The members of an event come in any order, so an event's args are read
 * into a staging profile before its name is known, then appended to its
 * profile or dropped.  With several profiles each is folded under a root
 * frame named by its thread ("NAME", "NAME-TID" when two threads share a
 * name; "pid:tid" without a thread_name).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loaders/chrome_ctx.h"
#include "util/xalloc.h"

/* An event's members, as far as they matter. */
struct event {
	char name[16];
	char ph;
	int64_t pid, tid;
	char id[40];
	int has_id;
	int64_t tname;          /* args.name in the arena, or -1 */
	uint32_t tname_len;
};

/* Copy a short string value (cut to fit) into out. */
static int
small_string(struct cp_ctx *x, char *out, size_t cap)
{
	const char *s;
	size_t n;

	if (json_peek(&x->j) != JSON_STRING)
		return json_skip(&x->j) == 1 ? 0 : cp_json_fail(x);
	if (json_string(&x->j, &s, &n) != 1)
		return cp_json_fail(x);
	if (n >= cap)
		n = cap - 1;
	memcpy(out, s, n);
	out[n] = '\0';
	return 0;
}

/* args.data: a cpuProfile object, timeDeltas, startTime, endTime. */
static int
read_data(struct cp_ctx *x, struct cp_prof *st)
{
	const char *k;
	size_t kn;
	int r;

	if (json_peek(&x->j) != JSON_OBJECT)
		return json_skip(&x->j) == 1 ? 0 : cp_json_fail(x);
	json_object(&x->j);
	while ((r = json_key(&x->j, &k, &kn)) == 1) {
		if (json_key_is(k, kn, "cpuProfile")) {
			if (json_peek(&x->j) != JSON_OBJECT) {
				if (json_skip(&x->j) != 1)
					return cp_json_fail(x);
				continue;
			}
			json_object(&x->j);
			if (cp_read_profile(x, st, 0, NULL, 0) != 0)
				return -1;
			continue;
		}
		/* Other events' data have other members ("nodes": 63). */
		r = 0;
		if ((json_key_is(k, kn, "timeDeltas") &&
		    json_peek(&x->j) == JSON_ARRAY) ||
		    ((json_key_is(k, kn, "startTime") ||
		    json_key_is(k, kn, "endTime")) &&
		    json_peek(&x->j) == JSON_NUMBER))
			r = cp_member(x, st, k, kn);
		if (r < 0)
			return -1;
		if (r == 0 && json_skip(&x->j) != 1)
			return cp_json_fail(x);
	}
	return r == 0 ? 0 : cp_json_fail(x);
}

/* args: data, and name (thread_name's). */
static int
read_args(struct cp_ctx *x, struct cp_prof *st, struct event *e)
{
	const char *k, *s;
	size_t kn, n;
	int r;

	if (json_peek(&x->j) != JSON_OBJECT)
		return json_skip(&x->j) == 1 ? 0 : cp_json_fail(x);
	json_object(&x->j);
	while ((r = json_key(&x->j, &k, &kn)) == 1) {
		if (json_key_is(k, kn, "data")) {
			if (read_data(x, st) != 0)
				return -1;
		} else if (json_key_is(k, kn, "name") &&
		    json_peek(&x->j) == JSON_STRING) {
			if (json_string(&x->j, &s, &n) != 1)
				return cp_json_fail(x);
			if (n > 4096)
				n = 4096;
			if ((e->tname = cp_keep(x, s, n)) < 0)
				return -1;
			e->tname_len = (uint32_t)n;
		} else if (json_skip(&x->j) != 1) {
			return cp_json_fail(x);
		}
	}
	return r == 0 ? 0 : cp_json_fail(x);
}

/* An integer member, or -1 when it is not one. */
static int
int_member(struct cp_ctx *x, int64_t *v)
{
	if (json_peek(&x->j) != JSON_NUMBER)
		return json_skip(&x->j) == 1 ? 0 : cp_json_fail(x);
	return json_int(&x->j, v, 1) == 1 ? 0 : cp_json_fail(x);
}

/* Read one event's members (the object is next). */
static int
read_event(struct cp_ctx *x, struct cp_prof *st, struct event *e)
{
	const char *k;
	char ph[4];
	size_t kn;
	int r;

	memset(e, 0, sizeof *e);
	e->pid = e->tid = -1;
	e->tname = -1;
	if (json_peek(&x->j) != JSON_OBJECT)
		return json_skip(&x->j) == 1 ? 0 : cp_json_fail(x);
	json_object(&x->j);
	while ((r = json_key(&x->j, &k, &kn)) == 1) {
		if (json_key_is(k, kn, "name"))
			r = small_string(x, e->name, sizeof e->name);
		else if (json_key_is(k, kn, "ph")) {
			ph[0] = '\0';
			r = small_string(x, ph, sizeof ph);
			e->ph = ph[0];
		} else if (json_key_is(k, kn, "pid"))
			r = int_member(x, &e->pid);
		else if (json_key_is(k, kn, "tid"))
			r = int_member(x, &e->tid);
		else if (json_key_is(k, kn, "id")) {
			e->has_id = 1;
			if (json_peek(&x->j) == JSON_NUMBER) {
				int64_t v;

				r = int_member(x, &v);
				snprintf(e->id, sizeof e->id, "%lld",
				    (long long)v);
			} else {
				r = small_string(x, e->id, sizeof e->id);
			}
		} else if (json_key_is(k, kn, "args"))
			r = read_args(x, st, e);
		else
			r = json_skip(&x->j) == 1 ? 0 : cp_json_fail(x);
		if (r < 0)
			return -1;
	}
	return r == 0 ? 0 : cp_json_fail(x);
}

/* The profile keyed key, made when make (NULL on error or when none). */
static struct cp_prof *
find_prof(struct cp_ctx *x, const char *key, const struct event *e,
    int make)
{
	struct cp_prof *p;
	size_t i;

	for (i = 0; i < x->nprofs; i++)
		if (strcmp(x->profs[i].key, key) == 0)
			return &x->profs[i];
	if (!make || (p = cp_new_prof(x)) == NULL)
		return NULL;
	snprintf(p->key, sizeof p->key, "%s", key);
	p->pid = e->pid >= INT32_MIN && e->pid <= INT32_MAX ?
	    (int32_t)e->pid : -1;
	p->tid = e->tid >= INT32_MIN && e->tid <= INT32_MAX ?
	    (int32_t)e->tid : -1;
	return p;
}

/* Move or copy array src (n of elem bytes) onto the end of dst's. */
static int
append(struct cp_ctx *x, void **dst, size_t *dn, size_t *dcap, void **src,
    size_t *sn, size_t *scap, size_t elem)
{
	void *t;
	size_t c;

	if (*sn == 0)
		return 0;
	if (*dn == 0) {
		/* swap: the staging array becomes the profile's */
		t = *dst;
		*dst = *src;
		*src = t;
		c = *dcap;
		*dcap = *scap;
		*scap = c;
		*dn = *sn;
		*sn = 0;
		return 0;
	}
	c = *dcap;
	xgrow(dst, dcap, *dn + *sn, elem);
	if (cp_charge(x, (uint64_t)(*dcap - c) * elem, "profile chunks") != 0)
		return -1;
	memcpy((char *)*dst + *dn * elem, *src, *sn * elem);
	*dn += *sn;
	*sn = 0;
	return 0;
}

/* Append the staged chunk st to p, then empty st. */
static int
take_chunk(struct cp_ctx *x, struct cp_prof *p, struct cp_prof *st)
{
	size_t i, n0 = p->nnodes, e0 = p->nedges, d0 = p->ndeltas,
	    b0 = p->nbig;

	if (st->has_start) {
		p->start = st->start;
		p->has_start = 1;
	}
	if (st->has_end) {
		p->end = st->end;
		p->has_end = 1;
	}
	if (append(x, (void **)&p->nodes, &p->nnodes, &p->capnodes,
	    (void **)&st->nodes, &st->nnodes, &st->capnodes,
	    sizeof *p->nodes) != 0 ||
	    append(x, (void **)&p->edges, &p->nedges, &p->capedges,
	    (void **)&st->edges, &st->nedges, &st->capedges,
	    sizeof *p->edges) != 0 ||
	    append(x, (void **)&p->samples, &p->nsamples, &p->capsamples,
	    (void **)&st->samples, &st->nsamples, &st->capsamples,
	    sizeof *p->samples) != 0 ||
	    append(x, (void **)&p->deltas, &p->ndeltas, &p->capdeltas,
	    (void **)&st->deltas, &st->ndeltas, &st->capdeltas,
	    sizeof *p->deltas) != 0 ||
	    append(x, (void **)&p->big, &p->nbig, &p->capbig,
	    (void **)&st->big, &st->nbig, &st->capbig, sizeof *p->big) != 0)
		return -1;
	/* The chunk's indices are relative to its own arrays. */
	for (i = e0; i < p->nedges; i++)
		p->edges[i].parent += (int64_t)n0;
	for (i = b0; i < p->nbig; i++)
		p->big[i].at += d0;
	return 0;
}

/* Empty the staging profile, keeping its arrays. */
static void
stage_reset(struct cp_prof *st)
{
	st->nnodes = st->nedges = st->nsamples = st->ndeltas = st->nbig = 0;
	st->has_start = st->has_end = 0;
	st->tree = st->absolute = 0;
	st->last_ts = 0;
}

/* What event e does with what was staged for it. */
static int
apply_event(struct cp_ctx *x, struct cp_prof *st, const struct event *e)
{
	struct cp_prof *p;
	char key[48];
	int whole = strcmp(e->name, "CpuProfile") == 0;

	if (e->ph == 'M' && strcmp(e->name, "thread_name") == 0 &&
	    e->tname >= 0) {
		xgrow((void **)&x->threads, &x->capthreads, x->nthreads + 1,
		    sizeof *x->threads);
		if (cp_charge(x, sizeof *x->threads, "threads") != 0)
			return -1;
		x->threads[x->nthreads].pid = (int32_t)e->pid;
		x->threads[x->nthreads].tid = (int32_t)e->tid;
		x->threads[x->nthreads].off = (uint32_t)e->tname;
		x->threads[x->nthreads++].len = e->tname_len;
		return 0;
	}
	if (!whole && strcmp(e->name, "Profile") != 0 &&
	    strcmp(e->name, "ProfileChunk") != 0)
		return 0;
	if (e->has_id && !whole)
		snprintf(key, sizeof key, "id %s", e->id);
	else
		snprintf(key, sizeof key, "%lld:%lld", (long long)e->pid,
		    (long long)e->tid);
	if ((p = find_prof(x, key, e, 1)) == NULL)
		return -1;
	return take_chunk(x, p, st);
}

int
cp_read_trace_events(struct cp_ctx *x)
{
	struct cp_prof st;
	struct event e;
	int r, rc = -1;

	x->trace = 1;
	memset(&st, 0, sizeof st);
	if (json_array(&x->j) != 1)
		return cp_json_fail(x);
	while ((r = json_item(&x->j)) == 1) {
		if (read_event(x, &st, &e) != 0 || apply_event(x, &st, &e) != 0)
			goto out;
		stage_reset(&st);
	}
	if (r < 0) {
		cp_json_fail(x);
		goto out;
	}
	rc = 0;
out:
	free(st.nodes);
	free(st.edges);
	free(st.samples);
	free(st.deltas);
	free(st.big);
	return rc;
}

/* The thread name of profile p into buf: "NAME", or "pid:tid". */
static size_t
thread_name(struct cp_ctx *x, const struct cp_prof *p, char *buf,
    size_t cap)
{
	size_t i;
	int n;

	for (i = x->nthreads; i > 0; i--)
		if (x->threads[i - 1].pid == p->pid &&
		    x->threads[i - 1].tid == p->tid) {
			n = snprintf(buf, cap, "%.*s",
			    (int)x->threads[i - 1].len,
			    x->names + x->threads[i - 1].off);
			return (size_t)n < cap ? (size_t)n : cap - 1;
		}
	n = snprintf(buf, cap, "%ld:%ld", (long)p->pid, (long)p->tid);
	return (size_t)n < cap ? (size_t)n : cap - 1;
}

int
cp_fold_trace(struct cp_ctx *x)
{
	char name[4200], other[4200];
	size_t i, k, len, used = 0;
	int dup;

	for (i = 0; i < x->nprofs; i++)
		used += x->profs[i].nsamples > 0;
	for (i = 0; i < x->nprofs; i++) {
		if (x->profs[i].nsamples == 0)
			continue;
		if (used == 1) {
			if (cp_fold(x, &x->profs[i], NULL, 0) != 0)
				return -1;
			continue;
		}
		len = thread_name(x, &x->profs[i], name, sizeof name - 16);
		/* (past 256 profiles every name gets its tid) */
		for (k = 0, dup = used > 256; k < x->nprofs && !dup; k++)
			dup = k != i && x->profs[k].nsamples > 0 &&
			    thread_name(x, &x->profs[k], other, sizeof other)
			    == len && memcmp(name, other, len) == 0;
		if (dup)
			len += (size_t)snprintf(name + len, 16, "-%ld",
			    (long)x->profs[i].tid);
		if (cp_fold(x, &x->profs[i], name, len) != 0)
			return -1;
	}
	return 0;
}
