/*
 * Firefox Profiler files (samply, Firefox's own export, profiles imported
 * into profiler.firefox.com), in both of their shapes:
 *
 *  - the processed format (meta.preprocessedProfileVersion): per thread
 *    column tables, {"prefix": [...], "frame": [...], "length": n};
 *    samples.stack -> stackTable (prefix, frame) -> frameTable.func ->
 *    funcTable.name, a string index into the thread's stringArray (or
 *    stringTable), or into shared.stringArray in newer versions;
 *  - the Gecko format (Firefox's own, older): tables as {"schema":
 *    {"column": index}, "data": [[row], ...]}; frameTable.location is the
 *    string; a child process's profile may be stored as JSON text in
 *    "threads" or in "processes", and a DevTools recording wraps one in
 *    {"profile": {...}}.
 *
 * Each thread is a root frame, "NAME" or "NAME-TID".  A stack is its
 * frames from the root down, followed through the prefixes (each an
 * earlier row, as the Firefox Profiler requires: that rules out cycles).
 * A sample weighs its "weight" when the table has one, else 1; its time
 * ("time", or the running sum of "timeDeltas", in milliseconds; a child
 * process's shifted by the difference of the meta.startTime values) goes
 * to the sample hook in nanoseconds.  A null stack is a sample with no
 * stack (idle): left out.
 *
 * The input is read whole (reader_slurp) and walked with the pull reader
 * (util/json.h); a table's columns are kept as doubles while the thread is
 * read, each value at least two bytes of input, so memory stays within a
 * few times the input whatever "length" says (it is not read).  A value
 * that depends on one later in its object ("data" before "schema",
 * "threads" before "shared") is remembered by its offset (json_mark) and
 * read when its keys are known.  Errors name the field and refuse the
 * file.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loaders/loader.h"
#include "loaders/firefox_ctx.h"
#include "util/json.h"
#include "util/xalloc.h"

#define FF_MAX_BYTES ((size_t)1 << 30)
#define FF_MAX_NEST 4          /* profiles inside JSON text inside ... */

struct ff {
	struct stack_sink *sink;
	const struct load_opts *opts;
	struct load_result *res;
	struct diag *d;
	char *err;
	struct strs shared;      /* shared.stringArray */
	struct load_skipped skipped; /* fields not read, for `!` */
	double root_start;       /* the outer profile's meta.startTime */
	int has_root_start;
	size_t ti;               /* threads read so far (for messages) */
	uint32_t *stack;
	size_t scap;
};

/* One thread's tables. */
struct thread {
	char *name;
	size_t namelen;
	int64_t tid;            /* as a number, when it is one */
	int has_tid;
	char tidtext[32];       /* as the file has it */
	struct col prefix, frame, func, location, fname;
	struct col sstack, stime, sdelta, sweight;
	int has_weight;
	struct strs str;         /* the thread's own strings */
	uint64_t *at;            /* per stack row: the sink's at() handle */
	unsigned char *known;    /* ... once it has been given */
	int own_str;
	struct load_skipped *skipped; /* the loader's */
};

static int
fail(struct ff *x, const char *fmt, ...) ATTR_FORMAT(2, 3);

static int
fail(struct ff *x, const char *fmt, ...)
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

static int
fail_json(struct ff *x, const struct json *j, const struct doc *dc,
    size_t depth)
{
	char buf[128];

	if (j->err == NULL)
		return fail(x, "malformed JSON");
	(void)depth;
	if (dc->text)
		return fail(x, "in a profile held as JSON text: %s",
		    json_error(j, buf, sizeof buf));
	return fail(x, "%s", json_error(j, buf, sizeof buf));
}

/* Whether i is an index of a string of s. */
static int
str_ok(const struct strs *s, double i)
{
	return i >= 0 && i < (double)s->n && i == floor(i);
}

static void
give_str(struct ff *x, struct strs *s, size_t i)
{
	struct stack_sink *k = x->sink;
	const char *p = s->arena + s->off[i];
	size_t n = s->off[i + 1] - s->off[i];

	if (k->speed == NULL) {
		k->frame(k->ctx, p, n);
		return;
	}
	if (s->ids[i] == UINT32_MAX)
		s->ids[i] = k->speed->intern(k->ctx, p, n);
	k->speed->frame_id(k->ctx, s->ids[i]);
}

/* The string index naming frame f of thread t, or an error. */
static int
frame_name(struct ff *x, struct thread *t, struct strs *s, double f,
    size_t *out)
{
	double fn, name;

	if (!(f >= 0 && f == floor(f)))
		return fail(x, "threads[%zu].stackTable: frame %g is not a row",
		    x->ti, f);
	if (t->location.n > 0 || t->func.n == 0) {
		if (f >= (double)t->location.n)
			return fail(x, "threads[%zu].stackTable: frame %.0f out of "
			    "range (%zu frames)", x->ti, f, t->location.n);
		name = t->location.v[(size_t)f];
	} else {
		if (f >= (double)t->func.n)
			return fail(x, "threads[%zu].stackTable: frame %.0f out of "
			    "range (%zu frames)", x->ti, f, t->func.n);
		fn = t->func.v[(size_t)f];
		if (!(fn >= 0 && fn < (double)t->fname.n && fn == floor(fn)))
			return fail(x, "threads[%zu].frameTable[%.0f]: func %g out "
			    "of range (%zu functions)", x->ti, f, fn,
			    t->fname.n);
		name = t->fname.v[(size_t)fn];
	}
	if (!str_ok(s, name))
		return fail(x, "threads[%zu]: string %g out of range (%zu "
		    "strings)", x->ti, name, s->n);
	*out = (size_t)name;
	return 0;
}

/* Check the stack table: prefixes name earlier rows, frames exist. */
static int
check_stacks(struct ff *x, struct thread *t, struct strs *s)
{
	size_t i, nm = 0;
	double p;

	if (t->frame.n != t->prefix.n)
		return fail(x, "threads[%zu].stackTable: prefix and frame "
		    "differ in length", x->ti);
	for (i = 0; i < t->prefix.n; i++) {
		p = t->prefix.v[i];
		if (!isnan(p) && !(p >= 0 && p < (double)i && p == floor(p)))
			return fail(x, "threads[%zu].stackTable[%zu]: prefix %g "
			    "is not an earlier row (a cycle?)", x->ti, i, p);
		if (frame_name(x, t, s, t->frame.v[i], &nm) < 0)
			return -1;
		/* keep the string index, so samples need no checks */
		t->frame.v[i] = (double)nm;
	}
	return 0;
}

/* Sample i of t: its weight as a count, or an error. */
static int
sample_weight(struct ff *x, const struct thread *t, size_t i,
    struct tf_count *c)
{
	double w;

	*c = COUNT_INT(1);
	if (!t->has_weight || i >= t->sweight.n || isnan(t->sweight.v[i]))
		return 0;
	w = t->sweight.v[i];
	if (!(w >= 0) || w >= 1.8e19)
		return fail(x, "threads[%zu].samples[%zu]: weight %g", x->ti,
		    i, w);
	c->n = (uint64_t)w;
	c->frac = w - (double)c->n;
	return 0;
}

/*
 * The frames of stack row st after begin(): from the root, or, with the
 * sink's shortcuts, from the nearest row already given (resume(), the
 * handle at() gave then): each row's frames are then named once per
 * thread, however many samples share them.
 */
static void
give_stack(struct ff *x, struct thread *t, struct strs *s, size_t st)
{
	struct stack_sink *k = x->sink;
	size_t depth = 0, row;
	double p = (double)st;

	while (!isnan(p) && (t->known == NULL || !t->known[(size_t)p])) {
		xgrow((void **)&x->stack, &x->scap, depth + 1,
		    sizeof *x->stack);
		x->stack[depth++] = (uint32_t)p;
		p = t->prefix.v[(size_t)p];
	}
	if (!isnan(p))
		k->speed->resume(k->ctx, t->at[(size_t)p]);
	else
		k->frame(k->ctx, t->name, t->namelen);
	while (depth > 0) {
		row = x->stack[--depth];
		give_str(x, s, (size_t)t->frame.v[row]);
		if (t->known != NULL) {
			t->at[row] = k->speed->at(k->ctx);
			t->known[row] = 1;
		}
	}
}

/* One sample: the thread's root frame, the stack from the root. */
static void
emit(struct ff *x, struct thread *t, struct strs *s, size_t st,
    struct tf_count c, double ms, int has_time)
{
	struct stack_sink *k = x->sink;

	if (count_is_zero(c))
		return;
	k->begin(k->ctx);
	give_stack(x, t, s, st);
	if (x->opts->sample != NULL && has_time && isfinite(ms) &&
	    fabs(ms) < 9e12) {
		struct sample_meta m = { .t = (int64_t)(ms * 1e6),
		    .has_time = 1, .pid = -1, .tid = -1, .cpu = -1 };

		if (t->has_tid && t->tid >= 0 && t->tid <= INT32_MAX)
			m.tid = (int32_t)t->tid;
		x->opts->sample(k->ctx, &m);
	}
	k->end(k->ctx, c);
	x->res->samples++;
}

/* The thread's samples into the sink. */
static int
emit_thread(struct ff *x, struct thread *t, double offset_ms)
{
	struct strs *s = t->own_str ? &t->str : &x->shared;
	struct tf_count c;
	double st, ms = offset_ms;
	size_t i;
	int has_time = t->stime.n > 0 || t->sdelta.n > 0;

	if (s->ids == NULL && s->n == 0 && t->sstack.n > 0)
		return fail(x, "threads[%zu]: no string table", x->ti);
	if (check_stacks(x, t, s) < 0)
		return -1;
	if (x->sink->speed != NULL && t->prefix.n > 0) {
		t->at = xreallocarray(NULL, t->prefix.n, sizeof *t->at);
		t->known = xcalloc(t->prefix.n, 1);
	}
	if (t->name == NULL) {
		t->name = xasprintf("thread %zu", x->ti);
		t->namelen = strlen(t->name);
	}
	if (t->has_tid) {
		char *n = xasprintf("%.*s-%s", (int)t->namelen, t->name,
		    t->tidtext);

		free(t->name);
		t->name = n;
		t->namelen = strlen(n);
	}
	for (i = 0; i < t->sstack.n; i++) {
		st = t->sstack.v[i];
		if (i < t->stime.n)
			ms = t->stime.v[i] + offset_ms;
		else if (i < t->sdelta.n && !isnan(t->sdelta.v[i]))
			ms += t->sdelta.v[i];
		if (isnan(st))
			continue;
		if (!(st >= 0 && st < (double)t->prefix.n && st == floor(st)))
			return fail(x, "threads[%zu].samples[%zu]: stack %g out "
			    "of range (%zu stacks)", x->ti, i, st, t->prefix.n);
		if (sample_weight(x, t, i, &c) < 0)
			return -1;
		emit(x, t, s, (size_t)st, c, ms, has_time);
	}
	return 0;
}

static void
thread_free(struct thread *t)
{
	free(t->name);
	col_free(&t->prefix);
	col_free(&t->frame);
	col_free(&t->func);
	col_free(&t->location);
	col_free(&t->fname);
	col_free(&t->sstack);
	col_free(&t->stime);
	col_free(&t->sdelta);
	col_free(&t->sweight);
	strs_free(&t->str);
	free(t->at);
	free(t->known);
}

/* A thread's member k: its tables, name, tid. */
static int
thread_member(struct json *j, const struct doc *dc, struct thread *t,
    const char *k, size_t kn)
{
	const char *v;
	size_t vn;

	if (json_key_is(k, kn, "name") && json_peek(j) == JSON_STRING) {
		if (json_string(j, &v, &vn) < 0)
			return -1;
		free(t->name);
		t->name = xmemdup(v, vn);
		t->namelen = vn;
		return 0;
	}
	if (json_key_is(k, kn, "tid") && json_peek(j) == JSON_NUMBER) {
		if (json_int(j, &t->tid, 1) < 0)
			return -1;
		t->has_tid = 1;
		snprintf(t->tidtext, sizeof t->tidtext, "%lld",
		    (long long)t->tid);
		return 0;
	}
	if (json_key_is(k, kn, "tid") && json_peek(j) == JSON_STRING) {
		/* newer processed profiles: "tid": "1234" */
		if (json_string(j, &v, &vn) < 0)
			return -1;
		if (vn > 0 && vn < sizeof t->tidtext) {
			memcpy(t->tidtext, v, vn);
			t->tidtext[vn] = '\0';
			char *end;

			t->has_tid = 1;
			t->tid = strtoll(t->tidtext, &end, 10);
			if (*end != '\0')
				t->tid = -1; /* a name, not a number */
		}
		return 0;
	}
	if (json_key_is(k, kn, "samples")) {
		struct want w = { { "stack", "time", "timeDeltas", "weight" },
		    { &t->sstack, &t->stime, &t->sdelta, &t->sweight },
		    { 0, 0, 0, 0 } };

		if (read_table(j, dc, &w) < 0)
			return -1;
		t->has_weight = w.seen[3];
		return 0;
	}
	if (json_key_is(k, kn, "stackTable")) {
		struct want w = { { "prefix", "frame", NULL, NULL },
		    { &t->prefix, &t->frame, NULL, NULL }, { 0, 0, 0, 0 } };

		return read_table(j, dc, &w);
	}
	if (json_key_is(k, kn, "frameTable")) {
		struct want w = { { "func", "location", NULL, NULL },
		    { &t->func, &t->location, NULL, NULL }, { 0, 0, 0, 0 } };

		return read_table(j, dc, &w);
	}
	if (json_key_is(k, kn, "funcTable")) {
		struct want w = { { "name", NULL, NULL, NULL },
		    { &t->fname, NULL, NULL, NULL }, { 0, 0, 0, 0 } };

		return read_table(j, dc, &w);
	}
	if ((json_key_is(k, kn, "stringArray") ||
	    json_key_is(k, kn, "stringTable")) && json_peek(j) == JSON_ARRAY) {
		strs_free(&t->str);
		t->own_str = 1;
		return read_strs(j, &t->str);
	}
	load_skipped_add(t->skipped, "threads.", k, kn);
	return json_skip(j);
}

/* One thread object: read, then its samples into the sink. */
static int
read_thread(struct ff *x, struct json *j, const struct doc *dc,
    size_t depth, double offset_ms)
{
	struct thread t;
	const char *k;
	size_t kn;
	int rc;

	memset(&t, 0, sizeof t);
	t.skipped = &x->skipped;
	rc = json_object(j);
	while (rc >= 0 && (rc = json_key(j, &k, &kn)) == 1)
		rc = thread_member(j, dc, &t, k, kn);
	if (rc < 0)
		rc = fail_json(x, j, dc, depth);
	else
		rc = emit_thread(x, &t, offset_ms);
	thread_free(&t);
	x->ti++;
	return rc;
}

static int read_profile(struct ff *x, const struct doc *dc, size_t mark,
    size_t depth);

/* A profile held as JSON text (the Gecko format's child processes). */
static int
read_text_profile(struct ff *x, struct json *j, const struct doc *dc,
    size_t depth)
{
	struct doc sub;
	const char *v;
	size_t vn;
	char *copy;
	int rc;

	if (json_string(j, &v, &vn) < 0)
		return fail_json(x, j, dc, depth);
	copy = xmemdup(v, vn);
	sub.s = copy;
	sub.n = vn;
	sub.text = 1;
	rc = read_profile(x, &sub, 0, depth + 1);
	free(copy);
	return rc;
}

/* "threads" or "processes": objects (threads) or profiles as text. */
static int
read_list(struct ff *x, const struct doc *dc, size_t mark, size_t depth,
    double offset_ms, int processes)
{
	struct json j;
	int rc;

	json_init_at(&j, dc->s, dc->n, mark);
	rc = json_array(&j) < 0 ? fail_json(x, &j, dc, depth) : 0;
	while (rc == 0) {
		if ((rc = json_item(&j)) <= 0) {
			rc = rc < 0 ? fail_json(x, &j, dc, depth) : 0;
			break;
		}
		if (json_peek(&j) == JSON_STRING)
			rc = read_text_profile(x, &j, dc, depth);
		else if (processes)
			rc = read_profile(x, dc, json_mark(&j), depth + 1) < 0 ? -1 :
			    json_skip(&j) < 0 ? fail_json(x, &j, dc, depth) : 0;
		else
			rc = read_thread(x, &j, dc, depth, offset_ms);
	}
	json_free(&j);
	return rc;
}

/* meta: startTime, for the child processes' offsets. */
static int
read_meta(struct json *j, double *start, int *has)
{
	const char *k;
	size_t kn;
	int rc;

	if (json_peek(j) != JSON_OBJECT)
		return json_skip(j);
	if (json_object(j) < 0)
		return -1;
	while ((rc = json_key(j, &k, &kn)) == 1)
		if (json_key_is(k, kn, "startTime") &&
		    json_peek(j) == JSON_NUMBER) {
			if (json_double(j, start) < 0)
				return -1;
			*has = isfinite(*start);
		} else if (json_skip(j) < 0) {
			return -1;
		}
	return rc;
}

/* "shared": {"stringArray": [...]} (newer processed profiles). */
static int
read_shared(struct ff *x, struct json *j)
{
	const char *k;
	size_t kn;
	int rc;

	if (json_object(j) < 0)
		return -1;
	while ((rc = json_key(j, &k, &kn)) == 1)
		if (json_key_is(k, kn, "stringArray") && x->shared.n == 0) {
			if (read_strs(j, &x->shared) < 0)
				return -1;
		} else if (json_skip(j) < 0) {
			return -1;
		}
	return rc;
}

/*
 * A profile object at mark of dc: meta, shared, then its threads and
 * processes (or the profile a DevTools recording wraps).
 */
static int
read_profile(struct ff *x, const struct doc *dc, size_t mark, size_t depth)
{
	struct json j;
	const char *k;
	size_t kn, mt = NO_MARK, mp = NO_MARK, mw = NO_MARK;
	double start = 0, offset = 0;
	int rc, has = 0;

	if (depth >= FF_MAX_NEST)
		return fail(x, "profiles nested more than %d deep (in \"threads\", "
		    "\"processes\" or \"profile\")", FF_MAX_NEST);
	json_init_at(&j, dc->s, dc->n, mark);
	rc = json_object(&j);
	while (rc >= 0 && (rc = json_key(&j, &k, &kn)) == 1) {
		if (json_key_is(k, kn, "meta"))
			rc = read_meta(&j, &start, &has);
		else if (json_key_is(k, kn, "shared") &&
		    json_peek(&j) == JSON_OBJECT)
			rc = read_shared(x, &j);
		else if (json_key_is(k, kn, "threads") &&
		    json_peek(&j) == JSON_ARRAY)
			mt = json_mark(&j), rc = json_skip(&j);
		else if (json_key_is(k, kn, "processes") &&
		    json_peek(&j) == JSON_ARRAY)
			mp = json_mark(&j), rc = json_skip(&j);
		else if (json_key_is(k, kn, "profile") &&
		    json_peek(&j) == JSON_OBJECT)
			mw = json_mark(&j), rc = json_skip(&j);
		else {
			load_skipped_add(&x->skipped, "", k, kn);
			rc = json_skip(&j);
		}
	}
	if (rc >= 0 && dc->text && mark == 0)
		rc = json_done(&j);
	if (rc < 0) {
		rc = fail_json(x, &j, dc, depth);
		goto out;
	}
	if (mt == NO_MARK && mw != NO_MARK) {
		rc = read_profile(x, dc, mw, depth + 1);
		goto out;
	}
	if (mt == NO_MARK) {
		rc = fail(x, "no \"threads\"");
		goto out;
	}
	if (has && !x->has_root_start) {
		x->root_start = start;
		x->has_root_start = 1;
	} else if (has) {
		offset = start - x->root_start;
	}
	rc = read_list(x, dc, mt, depth, offset, 0);
	if (rc == 0 && mp != NO_MARK)
		rc = read_list(x, dc, mp, depth, offset, 1);
out:
	json_free(&j);
	return rc;
}

int
load_firefox(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	struct ff x;
	struct doc dc;
	struct json j;
	struct slurp in;
	int rc;

	if ((rc = loader_slurp(r, FF_MAX_BYTES, &in, err)) != 0)
		return rc < 0 ? -1 : 0;
	memset(&x, 0, sizeof x);
	x.sink = sink;
	x.opts = opts;
	x.res = res;
	x.d = d;
	dc.s = in.buf;
	dc.n = in.len;
	dc.text = 0;
	/* The whole text first: well formed, nothing after it. */
	json_init(&j, in.buf, in.len);
	rc = json_skip(&j) < 0 || json_done(&j) < 0 ?
	    fail_json(&x, &j, &dc, 0) : 0;
	json_free(&j);
	if (rc == 0)
		rc = read_profile(&x, &dc, 0, 0);
	if (rc < 0)
		*err = xasprintf("%s: %s", reader_name(r), x.err);
	else
		load_skipped_note(d, &x.skipped);
	free(x.err);
	free(x.stack);
	strs_free(&x.shared);
	slurp_free(&in);
	return rc < 0 ? -1 : 0;
}

/* memmem() within the first n bytes, for a literal. */
static int
has(const char *buf, size_t len, const char *lit)
{
	return memmem(buf, len, lit, strlen(lit)) != NULL;
}

/*
 * The first bytes: a JSON object with "meta" and "threads" (or
 * "stackTable"), or a DevTools recording ("label", "duration" and
 * "markers" before the profile it wraps).
 */
static int
firefox_score(const char *buf, size_t len, int complete)
{
	size_t i = 0;

	(void)complete;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < len && (buf[i] == ' ' || buf[i] == '\n' || buf[i] == '\r' ||
	    buf[i] == '\t'))
		i++;
	if (i >= len || buf[i] != '{')
		return 0;
	buf += i;
	len -= i;
	if (has(buf, len, "\"meta\"") && (has(buf, len, "\"threads\"") ||
	    has(buf, len, "\"stackTable\"") ||
	    has(buf, len, "\"preprocessedProfileVersion\"")))
		return 85;
	if (has(buf, len, "\"label\"") && has(buf, len, "\"duration\"") &&
	    has(buf, len, "\"markers\""))
		return 60;
	return 0;
}

const struct format format_firefox = {
	.id = FORMAT_FIREFOX,
	.name = "firefox",
	.alias = "gecko",
	.help = "Firefox Profiler JSON (samply; processed and Gecko formats)",
	.sniff = firefox_score,
	.load = load_firefox,
	.weighted = 1, /* weights (time, bytes) of one sample each */
};
