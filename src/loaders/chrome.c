/*
 * Chrome/V8 CPU profiles: the .cpuprofile that `node --cpu-prof` and
 * DevTools write, and the older tree format of v8-profiler-node8.
 *
 *   {"nodes": [{"id", "callFrame": {"functionName", "url", "lineNumber"},
 *     "children": [id...]?, "parent": id?}...], "startTime", "endTime",
 *    "samples": [node id...], "timeDeltas": [us...]}
 *   {"head": {"functionName", "url", "lineNumber", "id", "children":
 *     [nested nodes]}, "startTime", "endTime" (seconds), "samples",
 *    "timestamps": [absolute us...]}
 *
 * Sample i is at startTime + timeDeltas[0] + ... + timeDeltas[i] (the
 * i-th timestamp in the older format) and weighs the time to the next
 * sample, the last one endTime - t[last]; a negative weight is 0.  The
 * weights are microseconds.  The stack is the node's path from the root
 * without "(root)"; an empty functionName is "(anonymous FILE:LINE)",
 * FILE the url's last path part and LINE 1-based, or "(anonymous)"
 * without a url.  (program), (idle) and (garbage collector) stay frames of
 * their own under the root.  A frame's module is its url's last part.
 *
 * The input is read whole (reader_slurp) and walked once by the JSON
 * pull reader (util/json.h) into flat arrays (loaders/chrome_ctx.h);
 * then the ids are resolved, parent cycles refused, and the samples
 * handed to the sink, each distinct stack once by its frames and then by
 * the sink's again() when it offers the speed hooks.  Nothing recurses:
 * the older format's nested children are walked with a stack of their
 * own, bounded by the JSON reader's nesting bound.  Traces
 * (chrome_trace.c) fill the same arrays.
 */
#include "config.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loaders/chrome_ctx.h"
#include "loaders/loader.h"
#include "model/units.h"
#include "util/escape.h"
#include "util/xalloc.h"

#define CP_MAX_BYTES ((size_t)2 << 30)   /* the input, inflated */
#define CP_MEM_PER_BYTE 4                /* arrays: bytes per input byte */
#define CP_MEM_SLACK ((uint64_t)1 << 20)

int
cp_charge(struct cp_ctx *x, uint64_t n, const char *what)
{
	x->mem += n;
	if (x->mem > x->memcap)
		return cp_fail(x, "%s: more memory than %llu bytes for an input "
		    "of this size; refused", what,
		    (unsigned long long)x->memcap);
	return 0;
}

int
cp_fail(struct cp_ctx *x, const char *fmt, ...)
{
	va_list ap;
	char buf[256];

	if (x->err != NULL)
		return -1;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	x->err = xstrdup(buf);
	return -1;
}

int
cp_json_fail(struct cp_ctx *x)
{
	char buf[200];

	if (x->err != NULL)
		return -1;
	if (x->j.err == NULL)
		json_fail(&x->j, "unexpected value");
	return cp_fail(x, "%s", json_error(&x->j, buf, sizeof buf));
}

/* Grow an array by one element, charging what it grew by. */
static int
grow(struct cp_ctx *x, void **p, size_t *cap, size_t need, size_t elem,
    const char *what)
{
	size_t old = *cap;

	if (need <= *cap)
		return 0;
	xgrow(p, cap, need, elem);
	return cp_charge(x, (uint64_t)(*cap - old) * elem, what);
}

struct cp_prof *
cp_new_prof(struct cp_ctx *x)
{
	struct cp_prof *p;

	if (grow(x, (void **)&x->profs, &x->capprofs, x->nprofs + 1,
	    sizeof *x->profs, "profiles") != 0)
		return NULL;
	p = &x->profs[x->nprofs++];
	memset(p, 0, sizeof *p);
	p->pid = p->tid = -1;
	return p;
}

int64_t
cp_keep(struct cp_ctx *x, const char *s, size_t n)
{
	int64_t off = (int64_t)x->nlen;

	if (x->nlen + n >= UINT32_MAX)
		return cp_fail(x, "names over 4 GiB");
	if (grow(x, (void **)&x->names, &x->ncap, x->nlen + n + 1, 1,
	    "names") != 0)
		return -1;
	memcpy(x->names + x->nlen, s, n);
	x->nlen += n;
	return off;
}

/* Keep the string value next in the input as *off, *len. */
static int
keep_string(struct cp_ctx *x, uint32_t *off, uint32_t *len)
{
	const char *s;
	size_t n;
	int64_t o;

	if (json_peek(&x->j) == JSON_NULL)
		return json_skip(&x->j) == 1 ? 0 : cp_json_fail(x);
	if (json_string(&x->j, &s, &n) != 1)
		return cp_json_fail(x);
	if ((o = cp_keep(x, s, n)) < 0)
		return -1;
	*off = (uint32_t)o;
	*len = (uint32_t)n;
	return 0;
}

/* A new node of p (NULL on error). */
static struct cp_node *
new_node(struct cp_ctx *x, struct cp_prof *p)
{
	struct cp_node *n;

	if (p->nnodes >= CP_NONE - 1) {
		cp_fail(x, "more than 4 billion nodes");
		return NULL;
	}
	if (grow(x, (void **)&p->nodes, &p->capnodes, p->nnodes + 1,
	    sizeof *p->nodes, "nodes") != 0)
		return NULL;
	n = &p->nodes[p->nnodes++];
	memset(n, 0, sizeof *n);
	n->id = CP_NOID;
	n->parent_id = CP_NOID;
	n->parent = CP_NONE;
	n->line = -1;
	return n;
}

/* Read one callFrame-like member (key k) into node i: 1 used, 0 not, -1. */
static int
frame_member(struct cp_ctx *x, struct cp_prof *p, size_t i, const char *k,
    size_t kn)
{
	struct cp_node *n = &p->nodes[i];
	int64_t v;

	if (json_key_is(k, kn, "functionName"))
		return keep_string(x, &p->nodes[i].fn_off,
		    &p->nodes[i].fn_len) == 0 ? 1 : -1;
	if (json_key_is(k, kn, "url"))
		return keep_string(x, &p->nodes[i].url_off,
		    &p->nodes[i].url_len) == 0 ? 1 : -1;
	if (json_key_is(k, kn, "lineNumber")) {
		if (json_int(&x->j, &v, 1) != 1)
			return cp_json_fail(x);
		n->line = v < -1 || v > INT32_MAX ? -1 : v;
		return 1;
	}
	if (json_key_is(k, kn, "id")) {
		if (json_int(&x->j, &n->id, 0) != 1)
			return cp_json_fail(x);
		return 1;
	}
	return 0;
}

/* Read the callFrame object of node i. */
static int
read_callframe(struct cp_ctx *x, struct cp_prof *p, size_t i)
{
	const char *k;
	size_t kn;
	int r;

	if (json_object(&x->j) != 1)
		return cp_json_fail(x);
	while ((r = json_key(&x->j, &k, &kn)) == 1) {
		if (json_key_is(k, kn, "id")) {
			if (json_skip(&x->j) != 1)
				return cp_json_fail(x);
			continue;
		}
		if ((r = frame_member(x, p, i, k, kn)) < 0)
			return -1;
		if (r == 0) {
			load_skipped_add(&x->skipped, "callFrame.", k, kn);
			if (json_skip(&x->j) != 1)
				return cp_json_fail(x);
		}
	}
	return r == 0 ? 0 : cp_json_fail(x);
}

/* Read node i's children list as edges. */
static int
read_children(struct cp_ctx *x, struct cp_prof *p, size_t i)
{
	size_t got, k;
	int r;

	if (json_array(&x->j) != 1)
		return cp_json_fail(x);
	do {
		r = json_ints(&x->j, x->ibuf, sizeof x->ibuf /
		    sizeof x->ibuf[0], &got);
		if (r < 0)
			return cp_json_fail(x);
		if (grow(x, (void **)&p->edges, &p->capedges, p->nedges + got,
		    sizeof *p->edges, "children") != 0)
			return -1;
		for (k = 0; k < got; k++) {
			p->edges[p->nedges].parent = (int64_t)i; /* index for now */
			p->edges[p->nedges++].child = x->ibuf[k];
		}
	} while (r == 1);
	return 0;
}

int
cp_read_nodes(struct cp_ctx *x, struct cp_prof *p)
{
	const char *k;
	size_t kn, i;
	int r;

	if (json_array(&x->j) != 1)
		return cp_json_fail(x);
	while ((r = json_item(&x->j)) == 1) {
		if (new_node(x, p) == NULL)
			return -1;
		i = p->nnodes - 1;
		if (json_object(&x->j) != 1)
			return cp_json_fail(x);
		while ((r = json_key(&x->j, &k, &kn)) == 1) {
			if (json_key_is(k, kn, "callFrame"))
				r = read_callframe(x, p, i);
			else if (json_key_is(k, kn, "children"))
				r = read_children(x, p, i);
			else if (json_key_is(k, kn, "parent"))
				r = json_int(&x->j, &p->nodes[i].parent_id, 0)
				    == 1 ? 0 : cp_json_fail(x);
			else if ((r = frame_member(x, p, i, k, kn)) == 1)
				r = 0;
			else if (r == 0) {
				load_skipped_add(&x->skipped, "", k, kn);
				r = json_skip(&x->j) == 1 ? 0 : cp_json_fail(x);
			}
			if (r < 0)
				return -1;
		}
		if (r < 0)
			return cp_json_fail(x);
	}
	return r == 0 ? 0 : cp_json_fail(x);
}

/*
 * Read the older format's head: nested nodes, walked with a stack of
 * parents (the JSON reader bounds the nesting).
 */
static int
read_head(struct cp_ctx *x, struct cp_prof *p)
{
	uint32_t stack[JSON_MAX_DEPTH], cur;
	size_t top = 0, kn;
	const char *k;
	int r;

	p->tree = 1;
	if (new_node(x, p) == NULL)
		return -1;
	cur = (uint32_t)(p->nnodes - 1);
	if (json_object(&x->j) != 1)
		return cp_json_fail(x);
	for (;;) {
		r = json_key(&x->j, &k, &kn);
		if (r == 1 && json_key_is(k, kn, "children")) {
			if (json_array(&x->j) != 1)
				return cp_json_fail(x);
			if (top == JSON_MAX_DEPTH)
				return cp_fail(x, "head: nested too deep");
			stack[top++] = cur;
		} else if (r == 1) {
			if ((r = frame_member(x, p, cur, k, kn)) < 0)
				return -1;
			if (r == 0 && json_skip(&x->j) != 1)
				return cp_json_fail(x);
			continue;
		} else if (r < 0) {
			return cp_json_fail(x);
		} else if (top == 0) {
			return 0; /* the head closed */
		}
		/* The next child of stack[top - 1], or back to it. */
		if ((r = json_item(&x->j)) < 0)
			return cp_json_fail(x);
		if (r == 0) {
			cur = stack[--top];
			continue;
		}
		if (new_node(x, p) == NULL)
			return -1;
		cur = (uint32_t)(p->nnodes - 1);
		p->nodes[cur].parent = stack[top - 1];
		if (json_object(&x->j) != 1)
			return cp_json_fail(x);
	}
}

/*
 * At most how many elements the integer array just opened has: one per
 * two bytes up to its ']' (0 when there is none).  Arrays of millions of
 * samples are then allocated once, not doubled and copied; the pages
 * past the last element are never touched.
 */
static size_t
array_count(const struct cp_ctx *x)
{
	const char *s = x->j.s + x->j.pos, *e;

	e = memchr(s, ']', x->j.n - x->j.pos);
	return e == NULL ? 0 : (size_t)(e - s) / 2 + 1;
}

/* Make room for n more elements, exactly (charged). */
static int
reserve(struct cp_ctx *x, void **p, size_t *cap, size_t used, size_t n,
    size_t elem, const char *what)
{
	if (n == 0 || used + n <= *cap)
		return 0;
	if (cp_charge(x, (uint64_t)(used + n - *cap) * elem, what) != 0)
		return -1;
	*p = xreallocarray(*p, used + n, elem);
	*cap = used + n;
	return 0;
}

int
cp_read_samples(struct cp_ctx *x, struct cp_prof *p)
{
	size_t got, k;
	int r;

	if (json_array(&x->j) != 1)
		return cp_json_fail(x);
	if (reserve(x, (void **)&p->samples, &p->capsamples, p->nsamples,
	    array_count(x), sizeof *p->samples, "samples") != 0)
		return -1;
	do {
		r = json_ints(&x->j, x->ibuf, sizeof x->ibuf /
		    sizeof x->ibuf[0], &got);
		if (r < 0)
			return cp_json_fail(x);
		if (grow(x, (void **)&p->samples, &p->capsamples,
		    p->nsamples + got, sizeof *p->samples, "samples") != 0)
			return -1;
		for (k = 0; k < got; k++) {
			if (x->ibuf[k] < 0 || x->ibuf[k] >= (int64_t)CP_NONE)
				return cp_fail(x, "samples[%zu]: node id %lld "
				    "out of range", p->nsamples,
				    (long long)x->ibuf[k]);
			p->samples[p->nsamples++] = (uint32_t)x->ibuf[k];
		}
	} while (r == 1);
	return 0;
}

/* Append one delta (us) to p. */
static int
push_delta(struct cp_ctx *x, struct cp_prof *p, int64_t v)
{
	if (grow(x, (void **)&p->deltas, &p->capdeltas, p->ndeltas + 1,
	    sizeof *p->deltas, "timeDeltas") != 0)
		return -1;
	if (v > INT32_MIN && v <= INT32_MAX) {
		p->deltas[p->ndeltas++] = (int32_t)v;
		return 0;
	}
	if (grow(x, (void **)&p->big, &p->capbig, p->nbig + 1,
	    sizeof *p->big, "timeDeltas") != 0)
		return -1;
	p->big[p->nbig].at = p->ndeltas;
	p->big[p->nbig++].v = v;
	p->deltas[p->ndeltas++] = CP_BIG;
	return 0;
}

/* timeDeltas, or (absolute) the older format's timestamps as deltas. */
static int
read_times(struct cp_ctx *x, struct cp_prof *p, int absolute)
{
	size_t got, k;
	int64_t v;
	int r;

	if (json_array(&x->j) != 1)
		return cp_json_fail(x);
	if (reserve(x, (void **)&p->deltas, &p->capdeltas, p->ndeltas,
	    array_count(x), sizeof *p->deltas, "timeDeltas") != 0)
		return -1;
	p->absolute = absolute;
	do {
		r = json_ints(&x->j, x->ibuf, sizeof x->ibuf /
		    sizeof x->ibuf[0], &got);
		if (r < 0)
			return cp_json_fail(x);
		for (k = 0; k < got; k++) {
			v = x->ibuf[k];
			if (v <= -CP_MAX_US || v >= CP_MAX_US)
				return cp_fail(x, "%s[%zu]: %lld out of range",
				    absolute ? "timestamps" : "timeDeltas",
				    p->ndeltas, (long long)v);
			if (absolute) {
				int64_t d = v - p->last_ts;

				p->last_ts = v;
				v = d;
			}
			if (push_delta(x, p, v) != 0)
				return -1;
		}
	} while (r == 1);
	return 0;
}

int
cp_read_deltas(struct cp_ctx *x, struct cp_prof *p)
{
	return read_times(x, p, 0);
}

/* Read a start or end time (microseconds, or seconds in the head format). */
static int
read_time(struct cp_ctx *x, double *out, int *has, const char *what)
{
	double v;

	if (json_peek(&x->j) == JSON_NULL)
		return json_skip(&x->j) == 1 ? 0 : cp_json_fail(x);
	if (json_double(&x->j, &v) != 1)
		return cp_json_fail(x);
	/* Kept as read; the head format's seconds are scaled by cp_fold. */
	if (!(v > -(double)CP_MAX_US && v < (double)CP_MAX_US))
		return cp_fail(x, "%s: %g out of range", what, v);
	*out = v;
	*has = 1;
	return 0;
}

/*
 * Leave a .cpuprofile's samples or timeDeltas array in the text: its
 * offset, read when the samples are given (chrome_fold.c), where every
 * element is checked.
 */
static int
mark_array(struct cp_ctx *x, size_t *mark, int *has, int *empty,
    const char *what)
{
	if (*has)
		return cp_fail(x, "%s given twice", what);
	*mark = json_mark(&x->j);
	if (json_skip_numbers(&x->j, empty) == 1) {
		*has = 1;
		return 0;
	}
	/* not an array, or no end: the reader's own message */
	if (json_peek(&x->j) != JSON_ARRAY)
		(void)json_array(&x->j);
	else
		(void)json_skip(&x->j);
	return cp_json_fail(x);
}

int
cp_member(struct cp_ctx *x, struct cp_prof *p, const char *k, size_t kn)
{
	int r, stream = x->stream && p == x->profs;

	if (json_key_is(k, kn, "nodes"))
		r = cp_read_nodes(x, p);
	else if (json_key_is(k, kn, "head"))
		r = read_head(x, p);
	else if (json_key_is(k, kn, "samples"))
		r = stream ? mark_array(x, &p->smark, &p->has_smark,
		    &p->smark_empty, "samples") : cp_read_samples(x, p);
	else if (json_key_is(k, kn, "timeDeltas"))
		r = stream ? mark_array(x, &p->dmark, &p->has_dmark,
		    &p->dmark_empty, "timeDeltas") : read_times(x, p, 0);
	else if (json_key_is(k, kn, "timestamps"))
		r = read_times(x, p, 1);
	else if (json_key_is(k, kn, "startTime"))
		r = read_time(x, &p->start, &p->has_start, "startTime");
	else if (json_key_is(k, kn, "endTime"))
		r = read_time(x, &p->end, &p->has_end, "endTime");
	else
		return 0;
	return r < 0 ? -1 : 1;
}

int
cp_read_profile(struct cp_ctx *x, struct cp_prof *p, int key_read,
    const char *k, size_t kn)
{
	int r;

	if (key_read)
		goto member;
	while ((r = json_key(&x->j, &k, &kn)) == 1) {
member:
		if ((r = cp_member(x, p, k, kn)) < 0)
			return -1;
		if (r == 0) {
			load_skipped_add(&x->skipped, "", k, kn);
			if (json_skip(&x->j) != 1)
				return cp_json_fail(x);
		}
	}
	return r == 0 ? 0 : cp_json_fail(x);
}

void
cp_free_profs(struct cp_ctx *x)
{
	size_t i;

	for (i = 0; i < x->nprofs; i++) {
		free(x->profs[i].nodes);
		free(x->profs[i].edges);
		free(x->profs[i].samples);
		free(x->profs[i].deltas);
		free(x->profs[i].big);
	}
	free(x->profs);
	x->profs = NULL;
	x->nprofs = x->capprofs = 0;
}

/*
 * The document: a trace's array of events, or an object with a
 * .cpuprofile's or the head format's members, or traceEvents.
 */
static int
read_document(struct cp_ctx *x)
{
	const char *k;
	size_t kn;
	int r;

	if (json_peek(&x->j) == JSON_ARRAY)
		return cp_read_trace_events(x);
	if (json_object(&x->j) != 1)
		return cp_json_fail(x);
	/* The profile is row 0, made before any trace's. */
	if (cp_new_prof(x) == NULL)
		return -1;
	x->stream = 1;
	while ((r = json_key(&x->j, &k, &kn)) == 1) {
		if (json_key_is(k, kn, "traceEvents")) {
			if (cp_read_trace_events(x) != 0)
				return -1;
			continue;
		}
		if ((r = cp_member(x, &x->profs[0], k, kn)) < 0)
			return -1;
		if (r == 0) {
			load_skipped_add(&x->skipped, "", k, kn);
			if (json_skip(&x->j) != 1)
				return cp_json_fail(x);
		}
	}
	return r == 0 ? 0 : cp_json_fail(x);
}

int
load_chrome(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	struct cp_ctx *x = xcalloc(1, sizeof *x);
	struct slurp in;
	int rc = 0, s;

	x->opts = opts;
	x->sink = sink;
	x->d = d;
	x->res = res;
	if ((s = loader_slurp(r, CP_MAX_BYTES, &in, err)) != 0) {
		free(x);
		return s < 0 ? -1 : 0;
	}
	x->memcap = (uint64_t)CP_MEM_PER_BYTE * in.len + CP_MEM_SLACK;
	/* the weights are microseconds: the front ends show durations */
	snprintf(res->event, sizeof res->event, "%s", UNITS_US_EVENT);
	json_init(&x->j, in.buf, in.len);
	if (read_document(x) != 0 || (json_done(&x->j) != 1 &&
	    cp_json_fail(x) != 0))
		goto bad;
	if (x->trace ? cp_fold_trace(x) != 0 : x->nprofs > 0 &&
	    cp_fold(x, &x->profs[0], NULL, 0) != 0)
		goto bad;
	load_skipped_note(d, &x->skipped);
	goto out;
bad:
	if (err != NULL)
		*err = xasprintf("%s: %s", reader_name(r),
		    x->err != NULL ? x->err : "malformed profile");
	rc = -1;
out:
	json_free(&x->j);
	cp_free_profs(x);
	free(x->names);
	free(x->threads);
	free(x->err);
	free(x);
	slurp_free(&in);
	return rc;
}

/* Does buf[0..len) hold lit? */
static int
has(const char *buf, size_t len, const char *lit)
{
	size_t n = strlen(lit), i;

	for (i = 0; i + n <= len; i++)
		if (buf[i] == lit[0] && memcmp(buf + i, lit, n) == 0)
			return 1;
	return 0;
}

/*
 * Score buf as a Chrome profile: JSON whose first bytes hold a
 * .cpuprofile's or the head format's keys, or trace events.
 */
static int
chrome_sniff(const char *buf, size_t len, int complete)
{
	size_t i = 0;

	(void)complete;
	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
	    buf[i] == '\r'))
		i++;
	if (i == len || (buf[i] != '{' && buf[i] != '['))
		return 0;
	if (buf[i] == '{' && has(buf + i, len - i, "\"nodes\"") &&
	    has(buf + i, len - i, "\"callFrame\""))
		return 95;
	if (buf[i] == '{' && has(buf + i, len - i, "\"head\"") &&
	    has(buf + i, len - i, "\"functionName\""))
		return 95;
	if (has(buf + i, len - i, "\"traceEvents\"") ||
	    (buf[i] == '[' && has(buf + i, len - i, "\"ph\"") &&
	    has(buf + i, len - i, "\"ts\"")))
		return 85;
	return 0;
}

const struct format format_chrome = {
	.id = FORMAT_CHROME,
	.name = "chrome",
	.alias = "cpuprofile",
	.help = "Chrome/V8 .cpuprofile (node --cpu-prof) and Performance "
	    "traces",
	.sniff = chrome_sniff,
	.load = load_chrome,
	.weighted = 1, /* a weight (us) per sample record */
};
