/*
 * Unit-test helpers (see helpers.h).
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export/collapse.h"
#include "helpers.h"
#include "input/reader.h"
#include "util/xalloc.h"

static void
rec_put(struct rec_sink *r, const char *s, size_t n)
{
	xgrow((void **)&r->text, &r->cap, r->len + n + 1, 1);
	memcpy(r->text + r->len, s, n);
	r->len += n;
	r->text[r->len] = '\0';
}

static void
rec_begin(void *ctx)
{
	struct rec_sink *r = ctx;

	r->nframes = 0;
	r->start = r->len;
}

static void
rec_frame(void *ctx, const char *name, size_t len)
{
	struct rec_sink *r = ctx;

	if (r->nframes++ > 0)
		rec_put(r, ";", 1);
	rec_put(r, name, len);
}

static void
rec_count(struct rec_sink *r, struct tf_count c)
{
	char num[COUNT_BUFSZ + 2];
	size_t n;

	num[0] = ' ';
	n = count_format(num + 1, c);
	num[n + 1] = '\n';
	rec_put(r, num, n + 2);
}

static void
rec_end(void *ctx, struct tf_count c)
{
	struct rec_sink *r = ctx;

	xgrow((void **)&r->spans, &r->capspans, 2 * (r->nspans + 1),
	    sizeof *r->spans);
	r->spans[2 * r->nspans] = r->start;
	r->spans[2 * r->nspans + 1] = r->len - r->start;
	r->nspans++;
	rec_count(r, c);
}

static uint64_t
rec_last(void *ctx)
{
	return ((struct rec_sink *)ctx)->nspans - 1;
}

/* The same stack again: its names as first recorded, the new count. */
static void
rec_again(void *ctx, uint64_t handle, struct tf_count c)
{
	struct rec_sink *r = ctx;
	size_t start = r->spans[2 * handle], len = r->spans[2 * handle + 1];

	xgrow((void **)&r->text, &r->cap, r->len + len + 1, 1);
	memcpy(r->text + r->len, r->text + start, len);
	r->len += len;
	r->text[r->len] = '\0';
	rec_count(r, c);
}

/* Where the open stack has got to: its text's start and length, frames. */
static uint64_t
rec_at(void *ctx)
{
	struct rec_sink *r = ctx;

	xgrow((void **)&r->steps, &r->capsteps, 3 * (r->nsteps + 1),
	    sizeof *r->steps);
	r->steps[3 * r->nsteps] = r->start;
	r->steps[3 * r->nsteps + 1] = r->len - r->start;
	r->steps[3 * r->nsteps + 2] = (size_t)r->nframes;
	return r->nsteps++;
}

/* The frames a stack had when at() was asked (its text only grew since). */
static void
rec_resume(void *ctx, uint64_t handle)
{
	struct rec_sink *r = ctx;
	size_t len = r->steps[3 * handle + 1];

	xgrow((void **)&r->text, &r->cap, r->len + len + 1, 1);
	memmove(r->text + r->len, r->text + r->steps[3 * handle], len);
	r->len += len;
	r->text[r->len] = '\0';
	r->nframes = (int)r->steps[3 * handle + 2];
}

static uint32_t
rec_intern(void *ctx, const char *name, size_t len)
{
	struct rec_sink *r = ctx;

	xgrow((void **)&r->names, &r->namescap, r->nameslen + len + 1, 1);
	xgrow((void **)&r->nameoff, &r->capnames, r->nnames + 2,
	    sizeof *r->nameoff);
	memcpy(r->names + r->nameslen, name, len);
	r->nameoff[r->nnames] = r->nameslen;
	r->nameslen += len;
	r->nameoff[++r->nnames] = r->nameslen;
	return (uint32_t)(r->nnames - 1);
}

static void
rec_frame_id(void *ctx, uint32_t id)
{
	struct rec_sink *r = ctx;
	size_t off = r->nameoff[id];

	rec_frame(ctx, r->names + off, r->nameoff[id + 1] - off);
}

static const struct stack_sink_speed rec_speed = {
	rec_last, rec_again, rec_at, rec_resume, rec_intern, rec_frame_id
};

/* A recorder for another thread; rec_join() appends what it recorded. */
struct rec_fork {
	struct stack_sink sink; /* first: the handle rec_join() gets back */
	struct rec_sink r;
};

static struct stack_sink *
rec_fork(void *ctx)
{
	struct rec_fork *f = xcalloc(1, sizeof *f);

	(void)ctx;
	rec_init(&f->r, &f->sink);
	return &f->sink;
}

static void
rec_join(void *ctx, struct stack_sink *child)
{
	struct rec_sink *r = ctx;
	struct rec_fork *f = (struct rec_fork *)child;
	size_t base = r->len, i;

	rec_put(r, f->r.text, f->r.len);
	xgrow((void **)&r->spans, &r->capspans, 2 * (r->nspans + f->r.nspans),
	    sizeof *r->spans);
	for (i = 0; i < f->r.nspans; i++) {
		r->spans[2 * r->nspans] = f->r.spans[2 * i] + base;
		r->spans[2 * r->nspans + 1] = f->r.spans[2 * i + 1];
		r->nspans++;
	}
	r->joins++;
	rec_free(&f->r);
	free(f);
}

static void
rec_drop(void *ctx, struct stack_sink *child)
{
	struct rec_fork *f = (struct rec_fork *)child;

	((struct rec_sink *)ctx)->drops++;
	rec_free(&f->r);
	free(f);
}

static const struct stack_sink_par rec_par = { rec_fork, rec_join, rec_drop };

void
rec_init(struct rec_sink *r, struct stack_sink *sink)
{
	memset(r, 0, sizeof *r);
	rec_put(r, "", 0);
	sink->ctx = r;
	sink->begin = rec_begin;
	sink->frame = rec_frame;
	sink->end = rec_end;
	sink->speed = &rec_speed;
	sink->par = &rec_par;
	sink->inorder = NULL;
}

void
rec_free(struct rec_sink *r)
{
	free(r->text);
	free(r->spans);
	free(r->steps);
	free(r->names);
	free(r->nameoff);
	memset(r, 0, sizeof *r);
}

/* rec_load_failing(): where reading fails (SIZE_MAX: nowhere). */
static size_t rec_fail_at = SIZE_MAX;

static void
rec_run(struct rec_sink *r, const struct load_opts *o, const char *buf,
    size_t len, struct diag *d, int hooks)
{
	struct stack_sink sink;
	struct reader *rd = reader_mem_failing(buf, len, rec_fail_at, "test");
	struct load_result res;
	char *err = NULL;

	rec_init(r, &sink);
	if (!hooks)
		sink.speed = NULL, sink.par = NULL;
	diag_init(d, "test");
	if (loader_run(rd, o, &sink, d, &res, &err) != 0) {
		rec_put(r, "ERROR: ", 7);
		rec_put(r, err, strlen(err));
		free(err);
	}
	r->lines = res.lines;
	r->samples = res.samples;
	r->parts = res.parts;
	reader_close(rd);
}

/*
 * Load with and without the sink's last()/again() shortcut that loaders
 * may use for repeated samples, in one thread (perf: also with memos that
 * start over every few samples) and in two (perf: a reading thread, or
 * two parts read at once, cut wherever they can be): all must give the
 * same stacks and the same messages.
 */
const char *
rec_load(struct rec_sink *r, enum input_format fmt,
    const struct load_opts *opts, const char *buf, size_t len, struct diag *d)
{
	struct load_opts o;
	struct rec_sink plain;
	struct diag pd;
	char *a = NULL, *b = NULL;
	size_t alen = 0, blen = 0;
	FILE *fa, *fb;

	int way;

	memset(&o, 0, sizeof o);
	if (opts != NULL)
		o = *opts;
	o.format = fmt;
	o.threads = 1;
	rec_run(&plain, &o, buf, len, &pd, 0);
	fa = open_memstream(&a, &alen);
	diag_print(&pd, fa);
	fclose(fa);
	/*
	 * Then with the shortcut: in one thread, again with memos that start
	 * over every few samples (perf), then in two (perf), the last way
	 * in two parts (r is left with that one).
	 */
	for (way = 1; way <= 4; way++) {
		if (way > 1)
			rec_free(r), diag_free(d);
		o.threads = way <= 2 ? 1 : 2;
		o.perf.memo_budget = way == 2 ? 8192 + 2048 : 0;
		o.part_min = way == 4 ? 1 : 0;
		rec_run(r, &o, buf, len, d, 1);
		ck_assert_uint_eq(r->joins + r->drops, (uint64_t)r->parts / 2);
		ck_assert_str_eq(plain.text, r->text);
		ck_assert_uint_eq(plain.lines, r->lines);
		ck_assert_uint_eq(plain.samples, r->samples);
		fb = open_memstream(&b, &blen);
		diag_print(d, fb);
		fclose(fb);
		ck_assert_str_eq(a, b);
		free(b);
	}
	free(a);
	diag_free(&pd);
	rec_free(&plain);
	return r->text;
}

const char *
rec_load_failing(struct rec_sink *r, enum input_format fmt,
    const struct load_opts *opts, const char *buf, size_t len,
    size_t fail_at, struct diag *d)
{
	const char *text;

	rec_fail_at = fail_at;
	text = rec_load(r, fmt, opts, buf, len, d);
	rec_fail_at = SIZE_MAX;
	return text;
}

uint64_t
count_before(const char *in, size_t at, const char *pat)
{
	size_t i, n = strlen(pat);
	uint64_t c = 0;

	for (i = 0; i < at; i++)
		c += strncmp(in + i, pat, n) == 0;
	return c;
}

void
rec_read_errors(enum input_format fmt, const char *in, size_t len,
    int (*count_ok)(const char *in, size_t at, uint64_t samples))
{
	struct rec_sink r;
	struct diag d;
	char *msgs = NULL;
	size_t mlen = 0, at, k;
	FILE *fp;

	for (k = 1; k <= 12; k++) {
		at = k == 12 ? len - 1 : len * k / 12;
		rec_load_failing(&r, fmt, NULL, in, len, at, &d);
		fp = open_memstream(&msgs, &mlen);
		diag_print(&d, fp);
		fclose(fp);
		ck_assert_msg(strstr(msgs, "Input/output error") != NULL,
		    "at %zu: %s", at, msgs);
		ck_assert_msg(count_ok(in, at, r.samples), "at %zu: %llu samples",
		    at, (unsigned long long)r.samples);
		/*
		 * Cut in two near the middle, unless the error is met while
		 * the format is told (the first 64 KiB) or where the cut is
		 * looked for; an error in the first part drops the second.
		 */
		ck_assert_msg(r.parts == 2 || at < READER_PEEK_MAX || k == 6,
		    "at %zu", at);
		if (r.parts == 2 && k != 6)
			ck_assert_uint_eq(r.drops, k < 6 ? 1 : 0);
		free(msgs);
		msgs = NULL;
		rec_free(&r);
		diag_free(&d);
	}
}

/* A wrapper sink that passes everything on (a transform's skeleton). */
struct pass_sink {
	struct stack_sink *inner; /* first: for sink_fwd_*() */
};

static void
pass_begin(void *ctx)
{
	struct stack_sink *k = ((struct pass_sink *)ctx)->inner;

	k->begin(k->ctx);
}

static void
pass_frame(void *ctx, const char *name, size_t len)
{
	struct stack_sink *k = ((struct pass_sink *)ctx)->inner;

	k->frame(k->ctx, name, len);
}

static void
pass_end(void *ctx, struct tf_count c)
{
	struct stack_sink *k = ((struct pass_sink *)ctx)->inner;

	k->end(k->ctx, c);
}

static const struct stack_sink_speed pass_speed = {
	sink_fwd_last, sink_fwd_again, sink_fwd_at, sink_fwd_resume,
	sink_fwd_intern, sink_fwd_frame_id
};

static void
pass_init(struct pass_sink *w, struct stack_sink *sink,
    struct stack_sink *inner)
{
	w->inner = inner;
	sink->ctx = w;
	sink->begin = pass_begin;
	sink->frame = pass_frame;
	sink->end = pass_end;
	sink->speed = inner->speed != NULL ? &pass_speed : NULL;
	sink->par = NULL;
	sink->inorder = NULL;
}

struct tree *
tree_load(enum input_format fmt, const char *text, size_t len, int shortcut,
    int *parts)
{
	struct load_opts o;

	memset(&o, 0, sizeof o);
	o.format = fmt;
	return tree_load_opts(&o, text, len, shortcut, parts);
}

struct tree *
tree_load_opts(const struct load_opts *opts, const char *text, size_t len,
    int shortcut, int *parts)
{
	struct reader *rd = reader_mem(text, len, "test");
	struct tree *t = tree_new(1);
	struct stack_sink sink, wsink;
	struct sink_tree st;
	struct pass_sink w;
	struct load_result res;
	struct load_opts o = *opts;
	struct diag d;
	char *err = NULL;

	memset(&res, 0, sizeof res);
	o.threads = parts != NULL ? 2 : 1;
	o.part_min = 1;
	diag_init(&d, "test");
	sink_tree_init(&st, &sink, t, 0);
	if (!shortcut)
		sink.speed = NULL;
	if (shortcut == 2)
		pass_init(&w, &wsink, &sink);
	ck_assert_int_eq(loader_run(rd, &o, shortcut == 2 ? &wsink : &sink, &d,
	    &res, &err), 0);
	if (parts != NULL)
		*parts = res.parts;
	diag_free(&d);
	reader_close(rd);
	return t;
}

struct tree *
tree_from_folded(const char *text)
{
	struct tree *t = tree_load(FORMAT_FOLDED, text, strlen(text), 1, NULL);

	tree_finish(t);
	return t;
}

char *
collapse_string(const struct tree *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	collapse_write(t, 0, fp);
	fclose(fp);
	return buf;
}

uint32_t
node_at(const struct tree *t, const char *path)
{
	uint32_t node = TREE_ROOT, id;
	const char *p = path, *semi;
	size_t n;

	if (*path == '\0')
		return TREE_ROOT;
	for (;;) {
		semi = strchr(p, ';');
		n = semi ? (size_t)(semi - p) : strlen(p);
		id = strtab_lookup(tree_strtab_c(t), p, n);
		if (id == UINT32_MAX)
			return TREE_NONE;
		node = tree_find_child(t, node, id);
		if (node == TREE_NONE || semi == NULL)
			return node;
		p = semi + 1;
	}
}

unsigned long long
total_at(const struct tree *t, const char *path)
{
	uint32_t n = node_at(t, path);

	return n == TREE_NONE ? ~0ULL : (unsigned long long)tree_total(t, 0, n).n;
}

unsigned long long
self_at(const struct tree *t, const char *path)
{
	uint32_t n = node_at(t, path);

	return n == TREE_NONE ? ~0ULL : (unsigned long long)tree_self(t, 0, n).n;
}

/* The node for path "a;b;c" of t, made when missing. */
uint32_t
path_node(struct tree *t, const char *path)
{
	char buf[256], *p, *save = NULL;
	uint32_t id = TREE_ROOT;

	strcpy(buf, path);
	for (p = strtok_r(buf, ";", &save); p != NULL;
	    p = strtok_r(NULL, ";", &save))
		id = tree_child(t, id, strtab_intern(tree_strtab(t), p,
		    strlen(p)));
	return id;
}
