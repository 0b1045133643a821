/*
 * speedscope's file format (py-spy --format speedscope, rbspy, many
 * exporters; the schema is speedscope's file-format-schema.json).
 *
 *	{"$schema": ".../file-format-schema.json",
 *	 "shared": {"frames": [{"name": ...}, ...]},
 *	 "profiles": [{"type": "sampled", "name", "unit", "startValue",
 *	     "samples": [[frame, ...], ...], "weights": [w, ...]},
 *	     {"type": "evented", "name", "unit", "startValue",
 *	     "events": [{"type": "O"|"C", "frame", "at"}, ...]}]}
 *
 * A sampled profile's samples[j] is a stack of frame indices, root first,
 * weighing weights[j]; an evented profile's events give each stack the
 * time it was on top (the span between two events while it is open).
 * Weights in a time unit become nanoseconds, so that every format's
 * durations are one number; "none" and "bytes" stay as they are.  With
 * several profiles each gets a root frame named by its "name".  Each
 * sample's time (sampled: startValue plus the weights before it;
 * evented: the event that put it on top) goes to the sample hook when
 * the unit is a time.
 *
 * The whole input is read into memory (reader_slurp) and walked with the
 * pull reader (util/json.h) without a tree: "shared" may come after
 * "profiles", and "unit" or "weights" after "samples", so the loader
 * remembers where those values start (json_mark), skips them, and reads
 * them afterwards; samples and weights are read side by side by two
 * readers.  What is kept is the frame names (less than the input) and one
 * stack.  Errors name the field ("profiles[0].events[3]: ...") or the
 * byte offset, and refuse the input.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loaders/loader.h"
#include "model/units.h"
#include "util/json.h"
#include "util/xalloc.h"

#define SS_MAX_BYTES ((size_t)1 << 30)
#define NO_MARK ((size_t)-1)

struct ss {
	const char *s;
	size_t n;
	struct load_skipped skipped; /* fields not read, for `!` */
	struct stack_sink *sink;
	const struct load_opts *opts;
	struct load_result *res;
	struct diag *d;
	char *err;               /* the first error, malloc'ed */
	/* shared.frames: names in one arena */
	char *arena;
	size_t alen, acap;
	size_t *off;
	uint32_t *len, *ids;     /* ids: the sink's, or UINT32_MAX */
	size_t nframes, fcap;
	/* the stack being built */
	uint32_t *stack;
	size_t depth, scap;
	/* the profile being read */
	size_t nprof, pi;
	char *pname;
	size_t pnamelen;
	double factor;           /* to nanoseconds; 0: not a time */
	const char *unit_seen;
	int mixed;          /* profiles of different units were added up */
};

static int
fail(struct ss *x, const char *fmt, ...) ATTR_FORMAT(2, 3);

static int
fail(struct ss *x, const char *fmt, ...)
{
	va_list ap;
	char buf[256];

	if (x->err == NULL) {
		va_start(ap, fmt);
		vsnprintf(buf, sizeof buf, fmt, ap);
		va_end(ap);
		x->err = xstrdup(buf);
	}
	return -1;
}

/* The reader's own error (with its byte offset), as the loader's. */
static int
fail_json(struct ss *x, const struct json *j)
{
	char buf[128];

	if (j->err == NULL)
		return fail(x, "malformed JSON");
	return fail(x, "%s", json_error(j, buf, sizeof buf));
}

/* A JSON value of ours read to its end, or its error. */
#define TRY(x, j, call) do { if ((call) < 0) return fail_json((x), (j)); } \
	while (0)

/* shared.frames[]: every frame's name into the arena. */
static int
read_frames(struct ss *x, struct json *j)
{
	const char *k, *v;
	size_t kn, vn;
	int got, rc;

	TRY(x, j, json_array(j));
	while ((rc = json_item(j)) == 1) {
		TRY(x, j, json_object(j));
		got = 0;
		while ((rc = json_key(j, &k, &kn)) == 1) {
			if (!json_key_is(k, kn, "name")) {
				load_skipped_add(&x->skipped, "frames.", k, kn);
				TRY(x, j, json_skip(j));
				continue;
			}
			TRY(x, j, json_string(j, &v, &vn));
			if (vn > UINT32_MAX)
				return fail(x, "shared.frames[%zu]: name too long",
				    x->nframes);
			xgrow((void **)&x->arena, &x->acap, x->alen + vn, 1);
			memcpy(x->arena + x->alen, v, vn);
			xgrow((void **)&x->off, &x->fcap, x->nframes + 1,
			    sizeof *x->off);
			x->len = xreallocarray(x->len, x->fcap, sizeof *x->len);
			x->off[x->nframes] = x->alen;
			x->len[x->nframes] = (uint32_t)vn;
			x->alen += vn;
			got = 1;
		}
		if (rc < 0)
			return fail_json(x, j);
		if (!got)
			return fail(x, "shared.frames[%zu]: no \"name\"",
			    x->nframes);
		x->nframes++;
	}
	if (rc < 0)
		return fail_json(x, j);
	x->ids = xreallocarray(NULL, x->nframes ? x->nframes : 1,
	    sizeof *x->ids);
	memset(x->ids, 0xff, (x->nframes ? x->nframes : 1) * sizeof *x->ids);
	return 0;
}

/* "shared": {"frames": [...]} */
static int
read_shared(struct ss *x, size_t mark)
{
	struct json j;
	const char *k;
	size_t kn;
	int rc, got = 0;

	json_init_at(&j, x->s, x->n, mark);
	if (json_object(&j) < 0) {
		rc = fail_json(x, &j);
		goto out;
	}
	while ((rc = json_key(&j, &k, &kn)) == 1) {
		if (json_key_is(k, kn, "frames")) {
			if ((rc = read_frames(x, &j)) < 0)
				goto out;
			got = 1;
		} else if (json_skip(&j) < 0) {
			break;
		}
	}
	rc = rc < 0 ? fail_json(x, &j) : got ? 0 :
	    fail(x, "shared: no \"frames\"");
out:
	json_free(&j);
	return rc;
}

/* Push frame index v (read from the input) on the stack, checked. */
static int
push(struct ss *x, int64_t v, const char *field, size_t at)
{
	if (v < 0 || (uint64_t)v >= x->nframes)
		return fail(x, "profiles[%zu].%s[%zu]: frame %lld out of range "
		    "(%zu frames)", x->pi, field, at, (long long)v, x->nframes);
	xgrow((void **)&x->stack, &x->scap, x->depth + 1, sizeof *x->stack);
	x->stack[x->depth++] = (uint32_t)v;
	return 0;
}

static void
give_frame(struct ss *x, uint32_t f)
{
	struct stack_sink *k = x->sink;

	if (k->speed == NULL) {
		k->frame(k->ctx, x->arena + x->off[f], x->len[f]);
		return;
	}
	if (x->ids[f] == UINT32_MAX)
		x->ids[f] = k->speed->intern(k->ctx, x->arena + x->off[f],
		    x->len[f]);
	k->speed->frame_id(k->ctx, x->ids[f]);
}

/*
 * A weight w in the profile's unit as a count (nanoseconds for a time),
 * or -1 when it is not one (negative, not finite, too large).
 */
static int
weight_count(const struct ss *x, double w, struct tf_count *c)
{
	double v = x->factor > 0 ? w * x->factor : w;

	if (!(v >= 0) || v >= 1.8e19)
		return -1;
	if (x->factor > 0) {
		*c = COUNT_INT((uint64_t)(v + 0.5));
	} else {
		c->n = (uint64_t)v;
		c->frac = v - (double)c->n;
	}
	return 0;
}

/* The stack as a sample weighing c, at time t_ns (a time unit only). */
static void
emit(struct ss *x, struct tf_count c, int64_t t_ns)
{
	struct stack_sink *k = x->sink;
	size_t i;

	if (count_is_zero(c))
		return;
	k->begin(k->ctx);
	if (x->nprof > 1)
		k->frame(k->ctx, x->pname, x->pnamelen);
	for (i = 0; i < x->depth; i++)
		give_frame(x, x->stack[i]);
	if (x->opts->sample != NULL && x->factor > 0) {
		struct sample_meta m = { .t = t_ns, .has_time = 1, .pid = -1,
		    .tid = -1, .cpu = -1 };

		x->opts->sample(k->ctx, &m);
	}
	k->end(k->ctx, c);
	x->res->samples++;
}

/* A time in the profile's unit as nanoseconds (clamped). */
static int64_t
to_ns(const struct ss *x, double v)
{
	v *= x->factor;
	if (!(v > -9.2e18))
		return INT64_MIN;
	if (v >= 9.2e18)
		return INT64_MAX;
	return (int64_t)v;
}

/* samples[i]: its frame indices onto the emptied stack (in batches). */
static int
read_stack(struct ss *x, struct json *js, size_t i)
{
	int64_t v[256];
	size_t got, k;
	int rc;

	x->depth = 0;
	if (json_array(js) < 0)
		return fail_json(x, js);
	do {
		rc = json_ints(js, v, sizeof v / sizeof v[0], &got);
		for (k = 0; k < got; k++)
			if (push(x, v[k], "samples", i) < 0)
				return -1;
	} while (rc == 1);
	return rc < 0 ? fail_json(x, js) : 0;
}

/* A sampled profile: samples and weights side by side. */
static int
read_sampled(struct ss *x, size_t ms, size_t mw, double start)
{
	struct json js, jw;
	struct tf_count c;
	int64_t t = to_ns(x, start), dt;
	double w;
	size_t i;
	int rc, rw;

	if (ms == NO_MARK || mw == NO_MARK)
		return fail(x, "profiles[%zu]: a sampled profile needs "
		    "\"samples\" and \"weights\"", x->pi);
	json_init_at(&js, x->s, x->n, ms);
	json_init_at(&jw, x->s, x->n, mw);
	rc = json_array(&js) < 0 ? fail_json(x, &js) :
	    json_array(&jw) < 0 ? fail_json(x, &jw) : 0;
	for (i = 0; rc == 0; i++) {
		if ((rc = json_item(&js)) <= 0) {
			if (rc < 0)
				rc = fail_json(x, &js);
			else if ((rw = json_item(&jw)) != 0)
				rc = rw < 0 ? fail_json(x, &jw) : fail(x,
				    "profiles[%zu]: more weights than samples",
				    x->pi);
			break;
		}
		if ((rw = json_item(&jw)) <= 0) {
			rc = rw < 0 ? fail_json(x, &jw) : fail(x,
			    "profiles[%zu]: fewer weights than samples", x->pi);
			break;
		}
		if ((rc = read_stack(x, &js, i)) < 0)
			break;
		if (json_double(&jw, &w) < 0) {
			rc = fail_json(x, &jw);
			break;
		}
		if (weight_count(x, w, &c) < 0) {
			rc = fail(x, "profiles[%zu].weights[%zu]: not a weight",
			    x->pi, i);
			break;
		}
		emit(x, c, t);
		dt = (int64_t)(c.n > INT64_MAX ? INT64_MAX : c.n);
		t = t > INT64_MAX - dt ? INT64_MAX : t + dt;
	}
	json_free(&js);
	json_free(&jw);
	return rc;
}

/* One evented event: {"type", "frame", "at"} in any order. */
static int
read_event(struct ss *x, struct json *j, size_t i, int *open, int64_t *frame,
    double *at)
{
	const char *k, *v;
	size_t kn, vn;
	int rc, seen = 0;

	TRY(x, j, json_object(j));
	while ((rc = json_key(j, &k, &kn)) == 1) {
		if (json_key_is(k, kn, "type")) {
			TRY(x, j, json_string(j, &v, &vn));
			if (vn != 1 || (v[0] != 'O' && v[0] != 'C'))
				return fail(x, "profiles[%zu].events[%zu]: "
				    "type is not \"O\" or \"C\"", x->pi, i);
			*open = v[0] == 'O';
			seen |= 1;
		} else if (json_key_is(k, kn, "frame")) {
			TRY(x, j, json_int(j, frame, 0));
			seen |= 2;
		} else if (json_key_is(k, kn, "at")) {
			TRY(x, j, json_double(j, at));
			seen |= 4;
		} else {
			TRY(x, j, json_skip(j));
		}
	}
	if (rc < 0)
		return fail_json(x, j);
	if (seen != 7 || !isfinite(*at))
		return fail(x, "profiles[%zu].events[%zu]: needs \"type\", "
		    "\"frame\" and \"at\"", x->pi, i);
	return 0;
}

/* The span [last, at) while the stack is open: a sample weighing it. */
static int
span(struct ss *x, double last, double at)
{
	struct tf_count c;
	int64_t t0 = to_ns(x, last), t1;

	if (x->depth == 0 || !(at > last))
		return 0;
	if (x->factor > 0) {
		t1 = to_ns(x, at);
		if (t1 <= t0)
			return 0;
		c = COUNT_INT((uint64_t)t1 - (uint64_t)t0);
	} else if (weight_count(x, at - last, &c) < 0) {
		return fail(x, "profiles[%zu]: a span too long", x->pi);
	}
	emit(x, c, t0);
	return 0;
}

/* An evented profile: each span between events weighs the open stack. */
static int
read_evented(struct ss *x, size_t me)
{
	struct json j;
	int64_t frame = 0;
	double at = 0, last = 0;
	size_t i;
	int rc, open = 0;

	if (me == NO_MARK)
		return fail(x, "profiles[%zu]: an evented profile needs "
		    "\"events\"", x->pi);
	json_init_at(&j, x->s, x->n, me);
	x->depth = 0;
	rc = json_array(&j) < 0 ? fail_json(x, &j) : 0;
	for (i = 0; rc == 0; i++) {
		if ((rc = json_item(&j)) <= 0) {
			rc = rc < 0 ? fail_json(x, &j) : 0;
			break;
		}
		if ((rc = read_event(x, &j, i, &open, &frame, &at)) < 0)
			break;
		if (i > 0 && at < last) {
			rc = fail(x, "profiles[%zu].events[%zu]: at %g comes "
			    "before the previous event's %g", x->pi, i, at,
			    last);
			break;
		}
		if (i > 0 && (rc = span(x, last, at)) < 0)
			break;
		last = at;
		if (open) {
			rc = push(x, frame, "events", i);
		} else if (x->depth == 0 || x->stack[x->depth - 1] != frame) {
			rc = x->depth == 0 ? fail(x, "profiles[%zu].events[%zu]:"
			    " closes frame %lld but none is open", x->pi, i,
			    (long long)frame) : fail(x, "profiles[%zu]."
			    "events[%zu]: closes frame %lld but frame %u is "
			    "open (out of order)", x->pi, i, (long long)frame,
			    x->stack[x->depth - 1]);
		} else {
			x->depth--;
		}
	}
	if (rc == 0 && x->depth > 0)
		rc = fail(x, "profiles[%zu]: frame %u still open after the "
		    "last event (unbalanced)", x->pi, x->stack[x->depth - 1]);
	json_free(&j);
	return rc;
}

/* The profile's unit: its factor to nanoseconds (0: not a time). */
static void
set_unit(struct ss *x, const char *u, size_t n)
{
	static const struct { const char *name; double f; } units[] = {
		{ "nanoseconds", 1 }, { "microseconds", 1e3 },
		{ "milliseconds", 1e6 }, { "seconds", 1e9 },
		{ "none", 0 }, { "bytes", 0 },
	};
	const char *word;
	size_t i;

	for (i = 0; i < sizeof units / sizeof units[0]; i++)
		if (json_key_is(u, n, units[i].name))
			break;
	if (i == sizeof units / sizeof units[0]) {
		diag_note(x->d, "profiles[%zu]: unit not known; its weights "
		    "read as plain numbers", x->pi);
		i = 4;
	}
	x->factor = units[i].f;
	word = x->factor > 0 ? "nanoseconds" : i == 5 ? "bytes" : "samples";
	if (x->unit_seen != NULL && strcmp(x->unit_seen, word) != 0 &&
	    (x->mixed = 1))
		diag_note(x->d, "profiles[%zu]: weighs %s, an earlier "
		    "profile %s; added together", x->pi, word, x->unit_seen);
	x->unit_seen = word;
	snprintf(x->res->units.unit, sizeof x->res->units.unit, "%s", word);
}

/* One element of "profiles": its fields, then its samples or events. */
static int
read_profile(struct ss *x, struct json *j)
{
	const char *k, *v;
	size_t kn, vn, ms = NO_MARK, mw = NO_MARK, me = NO_MARK;
	double start = 0;
	int rc, type = 0, unit = 0; /* type: 1 sampled, 2 evented */

	x->factor = 0;
	x->pnamelen = 0;
	TRY(x, j, json_object(j));
	while ((rc = json_key(j, &k, &kn)) == 1) {
		if (json_key_is(k, kn, "type")) {
			TRY(x, j, json_string(j, &v, &vn));
			type = json_key_is(v, vn, "sampled") ? 1 :
			    json_key_is(v, vn, "evented") ? 2 : -1;
		} else if (json_key_is(k, kn, "name") &&
		    json_peek(j) == JSON_STRING) {
			TRY(x, j, json_string(j, &v, &vn));
			free(x->pname);
			x->pname = xmemdup(v, vn);
			x->pnamelen = vn;
		} else if (json_key_is(k, kn, "unit")) {
			TRY(x, j, json_string(j, &v, &vn));
			set_unit(x, v, vn);
			unit = 1;
		} else if (json_key_is(k, kn, "startValue")) {
			TRY(x, j, json_double(j, &start));
		} else {
			size_t m = json_mark(j);

			if (json_key_is(k, kn, "samples"))
				ms = m;
			else if (json_key_is(k, kn, "weights"))
				mw = m;
			else if (json_key_is(k, kn, "events"))
				me = m;
			else
				load_skipped_add(&x->skipped, "profiles.", k,
				    kn);
			TRY(x, j, json_skip(j));
		}
	}
	if (rc < 0)
		return fail_json(x, j);
	if (!unit)
		set_unit(x, "none", 4);
	if (x->pnamelen == 0) {
		free(x->pname);
		x->pname = xasprintf("profile %zu", x->pi + 1);
		x->pnamelen = strlen(x->pname);
	}
	if (!isfinite(start))
		start = 0;
	if (type == 1)
		return read_sampled(x, ms, mw, start);
	if (type == 2)
		return read_evented(x, me);
	return fail(x, "profiles[%zu]: type is not \"sampled\" or \"evented\"",
	    x->pi);
}

/* The top level: where "shared" and "profiles" are, and how many. */
static int
read_top(struct ss *x, size_t *mshared, size_t *mprof)
{
	struct json j;
	const char *k;
	size_t kn;
	int rc;

	json_init(&j, x->s, x->n);
	rc = json_object(&j);
	while (rc >= 0 && (rc = json_key(&j, &k, &kn)) == 1) {
		if (json_key_is(k, kn, "shared")) {
			*mshared = json_mark(&j);
			rc = json_skip(&j);
		} else if (json_key_is(k, kn, "profiles")) {
			*mprof = json_mark(&j);
			x->nprof = 0;
			rc = json_array(&j);
			while (rc >= 0 && (rc = json_item(&j)) == 1) {
				x->nprof++;
				rc = json_skip(&j);
			}
		} else {
			load_skipped_add(&x->skipped, "", k, kn);
			rc = json_skip(&j);
		}
	}
	if (rc >= 0)
		rc = json_done(&j);
	rc = rc < 0 ? fail_json(x, &j) : *mprof == NO_MARK ?
	    fail(x, "no \"profiles\"") : *mshared == NO_MARK ?
	    fail(x, "no \"shared\"") : 0;
	json_free(&j);
	return rc;
}

static int
read_all(struct ss *x)
{
	struct json j;
	size_t ms = NO_MARK, mp = NO_MARK;
	int rc;

	if (read_top(x, &ms, &mp) < 0 || read_shared(x, ms) < 0)
		return -1;
	json_init_at(&j, x->s, x->n, mp);
	rc = json_array(&j) < 0 ? fail_json(x, &j) : 0;
	for (x->pi = 0; rc == 0; x->pi++) {
		if ((rc = json_item(&j)) <= 0) {
			rc = rc < 0 ? fail_json(x, &j) : 0;
			break;
		}
		rc = read_profile(x, &j);
	}
	json_free(&j);
	return rc;
}

int
load_speedscope(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	struct ss x;
	struct slurp in;
	int rc;

	if ((rc = loader_slurp(r, SS_MAX_BYTES, &in, err)) != 0)
		return rc < 0 ? -1 : 0;
	memset(&x, 0, sizeof x);
	x.s = in.buf;
	x.n = in.len;
	x.sink = sink;
	x.opts = opts;
	x.res = res;
	x.d = d;
	snprintf(res->units.type, sizeof res->units.type, "speedscope");
	rc = read_all(&x);
	if (rc < 0)
		*err = xasprintf("%s: %s", reader_name(r), x.err);
	else
		load_skipped_note(d, &x.skipped);
	if (rc >= 0 && x.unit_seen != NULL && !x.mixed &&
	    strcmp(x.unit_seen, "nanoseconds") == 0)
		/* Every weight a time: the front ends show durations. */
		snprintf(res->event, sizeof res->event, "%s", UNITS_NS_EVENT);
	free(x.err);
	free(x.arena);
	free(x.off);
	free(x.len);
	free(x.ids);
	free(x.stack);
	free(x.pname);
	slurp_free(&in);
	return rc < 0 ? -1 : 0;
}

/* The first bytes: a JSON object naming speedscope's schema. */
static int
speedscope_sniff(const char *buf, size_t len, int complete)
{
	static const char sig[] = "speedscope.app/file-format-schema";
	size_t i = 0;

	(void)complete;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < len && (buf[i] == ' ' || buf[i] == '\n' || buf[i] == '\r' ||
	    buf[i] == '\t'))
		i++;
	if (i >= len || buf[i] != '{')
		return 0;
	return memmem(buf + i, len - i, sig, sizeof sig - 1) != NULL;
}

static int
speedscope_score(const char *buf, size_t len, int complete)
{
	return speedscope_sniff(buf, len, complete) == 1 ? 95 : 0;
}

const struct format format_speedscope = {
	.id = FORMAT_SPEEDSCOPE,
	.name = "speedscope",
	.help = "speedscope JSON (py-spy, rbspy; sampled and evented)",
	.sniff = speedscope_score,
	.load = load_speedscope,
	.weighted = 1, /* weights (time, bytes) of one sample each */
};
