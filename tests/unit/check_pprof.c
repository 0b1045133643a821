/*
 * Unit tests of the pprof loader's bounds: hostile profiles
 * must neither hang nor balloon.
 *
 * The profiles are written here by a small protobuf writer (struct pb), so
 * each test says what it feeds: drop_frames patterns that backtrack
 * without end over many names (each distinct name matched once, under the
 * search module's limits and a total time budget), tables that would
 * take many times the input's size (refused with a message), and indices
 * out of range (printed unsigned).
 *
 * The memory tests load in a child process with an address-space limit
 * (so that a regression fails instead of taking the machine) and read its
 * peak resident size from wait4(): at most four times the input plus 100
 * MB.  A self-contained Check program with its own main(); each test runs
 * in its own process.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "loaders/loader.h"
#include "model/units.h"
#include "loaders/pprof_ctx.h"
#include "util/diag.h"
#include "input/reader.h"
#include "util/xalloc.h"

/* ------------------------------------------------------ protobuf writer */

struct pb {
	unsigned char *b;
	size_t len, cap;
};

static void
pb_raw(struct pb *p, const void *s, size_t n)
{
	xgrow((void **)&p->b, &p->cap, p->len + n, 1);
	if (n > 0)
		memcpy(p->b + p->len, s, n);
	p->len += n;
}

static void
pb_varint(struct pb *p, uint64_t v)
{
	unsigned char t[10];
	size_t n = 0;

	while (v >= 0x80) {
		t[n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	t[n++] = (unsigned char)v;
	pb_raw(p, t, n);
}

/* Field num as a varint. */
static void
pb_int(struct pb *p, unsigned num, uint64_t v)
{
	pb_varint(p, (uint64_t)num << 3);
	pb_varint(p, v);
}

/* Field num, length-delimited. */
static void
pb_bytes(struct pb *p, unsigned num, const void *s, size_t n)
{
	pb_varint(p, (uint64_t)num << 3 | 2);
	pb_varint(p, n);
	pb_raw(p, s, n);
}

/* Field num holding the message sub, which is emptied for the next one. */
static void
pb_sub(struct pb *p, unsigned num, struct pb *sub)
{
	pb_bytes(p, num, sub->b, sub->len);
	sub->len = 0;
}

static void
pb_str(struct pb *p, const char *s)
{
	pb_bytes(p, 6, s, strlen(s));
}

static void
pb_free(struct pb *p)
{
	free(p->b);
	memset(p, 0, sizeof *p);
}

/* sample_type {type 1, unit 2}: strings 1 and 2 must be its names. */
static void
pb_sample_type(struct pb *p)
{
	struct pb m = {NULL, 0, 0};

	pb_int(&m, 1, 1);
	pb_int(&m, 2, 2);
	pb_sub(p, 1, &m);
	pb_free(&m);
}

/* A function (id, name) and a location (id) with one line of it. */
static void
pb_func_loc(struct pb *p, uint64_t fid, uint64_t name, uint64_t lid)
{
	struct pb m = {NULL, 0, 0}, l = {NULL, 0, 0};

	if (name != 0) {
		pb_int(&m, 1, fid);
		pb_int(&m, 2, name);
		pb_sub(p, 5, &m);
	}
	if (lid != 0) {
		pb_int(&m, 1, lid);
		pb_int(&l, 1, fid);
		pb_sub(&m, 4, &l);
		pb_sub(p, 4, &m);
	}
	pb_free(&m);
	pb_free(&l);
}

/* A sample of value 1 at locations leaf, root. */
static void
pb_sample2(struct pb *p, uint64_t leaf, uint64_t root)
{
	struct pb m = {NULL, 0, 0};

	pb_int(&m, 1, leaf);
	pb_int(&m, 1, root);
	pb_int(&m, 2, 1);
	pb_sub(p, 2, &m);
	pb_free(&m);
}

/*
 * The drop_frames bomb of the issue: drop_frames "(a+)+$" and nfunc
 * functions named "aaa...a!N" (alen a's), which it backtracks over without
 * end; nloc locations, location i of function i % nfunc, each the leaf of
 * one sample under "main".  drop, when not NULL, replaces drop_frames;
 * keep, when not NULL, is keep_frames.
 */
static void
drop_bomb(struct pb *p, size_t nfunc, size_t nloc, size_t alen,
    const char *drop, const char *keep)
{
	char name[256];
	size_t i;

	memset(p, 0, sizeof *p);
	pb_sample_type(p);
	pb_str(p, "");
	pb_str(p, "samples");
	pb_str(p, "count");
	pb_str(p, drop != NULL ? drop : "(a+)+$");
	pb_str(p, "main");
	pb_str(p, keep != NULL ? keep : "");
	memset(name, 'a', alen);
	for (i = 0; i < nfunc; i++) {
		snprintf(name + alen, sizeof name - alen, "!%zu", i);
		pb_str(p, name);
	}
	pb_int(p, 7, 3);
	if (keep != NULL)
		pb_int(p, 8, 5);
	pb_func_loc(p, 1, 4, 1);        /* main: function 1, location 1 */
	for (i = 0; i < nfunc; i++)
		pb_func_loc(p, i + 2, i + 6, 0);
	for (i = 0; i < nloc; i++) {
		pb_func_loc(p, i % nfunc + 2, 0, i + 2);
		pb_sample2(p, i + 2, 1);
	}
}

/* ------------------------------------------------------------ loading */

/* One load: the stacks as folded lines, the messages, the error. */
struct run {
	struct pb text;
	size_t nframes;
	struct diag d;
	struct load_result res;
	char *err;
	int rc;
	double secs;            /* processor time of the load */
};

static void
run_begin(void *ctx)
{
	struct run *x = ctx;

	x->nframes = 0;
}

static void
run_frame(void *ctx, const char *name, size_t len)
{
	struct run *x = ctx;

	if (x->nframes++ > 0)
		pb_raw(&x->text, ";", 1);
	pb_raw(&x->text, name, len);
}

static void
run_end(void *ctx, struct tf_count c)
{
	struct run *x = ctx;
	char num[32];
	int n = snprintf(num, sizeof num, " %llu\n", (unsigned long long)c.n);

	pb_raw(&x->text, num, (size_t)n);
}

/* Seconds of a clock. */
static double
now_on(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double
now(void)
{
	return now_on(CLOCK_MONOTONIC);
}

/* Load p (or the file path when p is NULL) with opts (NULL: defaults). */
static void
run_load(struct run *x, const struct pb *p, const char *path,
    const struct load_opts *opts)
{
	struct load_opts def;
	struct stack_sink sink;
	struct reader *r;
	char *oerr = NULL;
	double t0;

	memset(x, 0, sizeof *x);
	memset(&def, 0, sizeof def);
	memset(&sink, 0, sizeof sink);
	def.format = FORMAT_PPROF;
	if (opts == NULL)
		opts = &def;
	sink.ctx = x;
	sink.begin = run_begin;
	sink.frame = run_frame;
	sink.end = run_end;
	diag_init(&x->d, "test");
	r = p != NULL ? reader_mem((const char *)p->b, p->len, "test") :
	    reader_open(path, &oerr);
	ck_assert_ptr_nonnull(r);
	t0 = now_on(CLOCK_THREAD_CPUTIME_ID);
	x->rc = load_pprof(r, opts, &sink, &x->d, &x->res, &x->err);
	x->secs = now_on(CLOCK_THREAD_CPUTIME_ID) - t0;
	reader_close(r);
	pb_raw(&x->text, "", 1);
	x->text.len--;
}

static void
run_free(struct run *x)
{
	pb_free(&x->text);
	free(x->err);
	diag_free(&x->d);
}

/* The messages of d as printed, in a string (owned by the caller). */
static char *
messages(const struct diag *d)
{
	char *s = NULL;
	size_t n = 0;
	FILE *fp = open_memstream(&s, &n);

	ck_assert_ptr_nonnull(fp);
	diag_print(d, fp);
	fclose(fp);
	return s;
}

/* Do the messages contain s? */
static int
has_note(const struct run *x, const char *s)
{
	char *m = messages(&x->d);
	int r = strstr(m, s) != NULL;

	if (!r)
		fprintf(stderr, "messages: %s\n", m);
	free(m);
	return r;
}

/* Every line of the folded text starts with "main;". */
static size_t
count_stacks(const struct run *x)
{
	const char *s = (const char *)x->text.b;
	size_t n = 0;

	while (s != NULL && *s != '\0') {
		ck_assert_msg(strncmp(s, "main;", 5) == 0, "stack %s", s);
		n++;
		s = strchr(s, '\n');
		if (s != NULL)
			s++;
	}
	return n;
}

/*
 * The budget given to drop_frames (PPROF_MATCH_BUDGET_MS), in seconds of
 * processor time: the tests measure the load's processor time against it
 * (the machines that run them are shared, so wall time says little; the
 * test case's timeout bounds that).
 */
#ifndef PPROF_MATCH_BUDGET_MS
#define PPROF_MATCH_BUDGET_MS 2000
#endif
#define BUDGET_S ((double)PPROF_MATCH_BUDGET_MS / 1000)

/* --------------------------------------------- item 1: drop_frames bombs */

/*
 * 100 names (a 1.2 KB profile took 15 s): each is given up on by the match
 * limit, in much less than the budget; no name is pruned, the profile
 * loads, and the note says how many names were given up on.
 */
START_TEST(drop_bomb_100)
{
	struct pb p;
	struct run x;

	drop_bomb(&p, 100, 100, 24, NULL, NULL);
	run_load(&x, &p, NULL, NULL);
	ck_assert_int_eq(x.rc, 0);
	ck_assert_uint_eq(x.res.samples, 100);
	ck_assert_uint_eq(count_stacks(&x), 100);
	ck_assert_msg(x.secs < BUDGET_S + 10, "%.1f s", x.secs);
	ck_assert(has_note(&x, "drop_frames: the match limit gave up on 100 "
	    "names; they are kept"));
	run_free(&x);
	pb_free(&p);
}
END_TEST

/*
 * 20,000 names (still running after 300 s): past the budget drop_frames is
 * not applied at all, and the note says so; within 10 s of the budget.
 */
START_TEST(drop_bomb_20000)
{
	struct pb p;
	struct run x;

	drop_bomb(&p, 20000, 20000, 28, NULL, NULL);
	run_load(&x, &p, NULL, NULL);
	ck_assert_int_eq(x.rc, 0);
	ck_assert_uint_eq(x.res.samples, 20000);
	ck_assert_uint_eq(count_stacks(&x), 20000);
	ck_assert_msg(x.secs < BUDGET_S + 10, "%.1f s", x.secs);
	ck_assert(has_note(&x, "drop_frames: matching took more than"));
	ck_assert(has_note(&x, "not applied"));
	run_free(&x);
	pb_free(&p);
}
END_TEST

/*
 * 20,000 locations of one function: its name is matched once, not once per
 * location (the note counts one name given up on).
 */
START_TEST(drop_bomb_one_function)
{
	struct pb p;
	struct run x;

	drop_bomb(&p, 1, 20000, 24, NULL, NULL);
	run_load(&x, &p, NULL, NULL);
	ck_assert_int_eq(x.rc, 0);
	ck_assert_uint_eq(count_stacks(&x), 20000);
	ck_assert_msg(x.secs < BUDGET_S + 10, "%.1f s", x.secs);
	ck_assert(has_note(&x, "the match limit gave up on 1 name; it is "
	    "kept"));
	run_free(&x);
	pb_free(&p);
}
END_TEST

/*
 * The bomb as keep_frames, behind a drop_frames that matches every name:
 * bounded by the same budget, and the note names both.
 */
START_TEST(keep_bomb)
{
	struct pb p;
	struct run x;

	drop_bomb(&p, 20000, 20000, 28, ".*", "(a+)+$");
	run_load(&x, &p, NULL, NULL);
	ck_assert_int_eq(x.rc, 0);
	ck_assert_uint_eq(count_stacks(&x), 20000);
	ck_assert_msg(x.secs < BUDGET_S + 10, "%.1f s", x.secs);
	ck_assert(has_note(&x, "drop_frames/keep_frames: matching took more "
	    "than"));
	ck_assert(has_note(&x, "not applied"));
	run_free(&x);
	pb_free(&p);
}
END_TEST

/*
 * drop_frames still prunes what it matches, each name once: locations of
 * "aaa!1" (matched by "(a+)+!1") are dropped with their callees where a
 * caller that is not dropped lies above them, the others kept; with keep_frames "a+!1" nothing is dropped.  A profile of
 * ordinary size matches every name well within the budget, so no note.
 */
static void
drop_plain(struct pb *p, const char *keep)
{
	memset(p, 0, sizeof *p);
	pb_sample_type(p);
	pb_str(p, "");
	pb_str(p, "samples");
	pb_str(p, "count");
	pb_str(p, "(a+)+!1");
	pb_str(p, "main");
	pb_str(p, "aaa!0");
	pb_str(p, "aaa!1");
	pb_str(p, "leaf");
	pb_str(p, keep != NULL ? keep : "");
	pb_int(p, 7, 3);
	if (keep != NULL)
		pb_int(p, 8, 8);
	pb_func_loc(p, 1, 4, 1);
	pb_func_loc(p, 2, 5, 2);
	pb_func_loc(p, 3, 6, 3);
	pb_func_loc(p, 4, 7, 4);
	/* leaf <- aaa!0 <- main, leaf <- aaa!1 <- main (as two samples) */
	pb_sample2(p, 4, 2);
	pb_sample2(p, 2, 1);
	pb_sample2(p, 4, 3);
	pb_sample2(p, 3, 1);
}

START_TEST(drop_still_prunes)
{
	struct pb p;
	struct run x;

	drop_plain(&p, NULL);
	run_load(&x, &p, NULL, NULL);
	ck_assert_int_eq(x.rc, 0);
	ck_assert_str_eq((const char *)x.text.b,
	    "aaa!0;leaf 1\nmain;aaa!0 1\naaa!1;leaf 1\nmain 1\n");
	ck_assert_uint_eq(diag_count(&x.d), 0);
	run_free(&x);
	pb_free(&p);
	drop_plain(&p, "a+!1");
	run_load(&x, &p, NULL, NULL);
	ck_assert_int_eq(x.rc, 0);
	ck_assert_str_eq((const char *)x.text.b,
	    "aaa!0;leaf 1\nmain;aaa!0 1\naaa!1;leaf 1\nmain;aaa!1 1\n");
	run_free(&x);
	pb_free(&p);
}
END_TEST

/* ------------------------------------------ item 5: tables and memory */

/* Write p to a new temporary file (path in buf), then free p. */
static void
write_tmp(struct pb *p, char *path, size_t cap)
{
	int fd;
	FILE *fp;

	snprintf(path, cap, "/tmp/check_pprof.XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	fp = fdopen(fd, "wb");
	ck_assert_ptr_nonnull(fp);
	ck_assert_uint_eq(fwrite(p->b, 1, p->len, fp), p->len);
	ck_assert_int_eq(fclose(fp), 0);
	pb_free(p);
}

/*
 * Load the file path (len bytes) in a child process under an address-space
 * limit; the child exits 0 when the load was refused with a message that
 * holds want, 1 when it loaded, 2 otherwise (fatal() exits 1 too, out of
 * memory).  Asserts exit 0, a peak resident size within 4 x len + 100 MB,
 * and under 10 s of processor time (these bombs have no time budget of
 * their own; the machines that run the tests are shared, so wall time
 * says little).
 */
static void
refused_within(const char *path, size_t len, const char *want)
{
	struct rusage ru;
	int status;
	pid_t pid;
	double t0 = now(), secs, wall;
	long long peak, bound = 4 * (long long)len + (100ll << 20);

	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct run x;
#ifndef __SANITIZE_ADDRESS__
		struct rlimit rl;

		rl.rlim_cur = rl.rlim_max = (rlim_t)(bound + (1ll << 30));
		setrlimit(RLIMIT_AS, &rl);
#endif
		run_load(&x, NULL, path, NULL);
		if (x.rc == 0)
			_exit(1);
		if (x.err == NULL || strstr(x.err, want) == NULL) {
			fprintf(stderr, "error: %s\n", x.err ? x.err : "(none)");
			_exit(2);
		}
		fprintf(stderr, "refused: %s\n", x.err);
		_exit(0);
	}
	ck_assert_int_eq(wait4(pid, &status, 0, &ru), pid);
	wall = now() - t0;
	secs = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	    (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	peak = (long long)ru.ru_maxrss * 1024;
	unlink(path);
	fprintf(stderr, "%zu bytes: peak %lld MB (bound %lld MB), %.2f s "
	    "processor, %.2f s wall\n", len, peak >> 20, bound >> 20, secs,
	    wall);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "child status %d (1: loaded, 2: another error)", status);
#ifndef __SANITIZE_ADDRESS__
	/*
	 * AddressSanitizer's shadow memory and quarantine are no part of
	 * tflame's peak: the bound is checked in the plain build only, as
	 * hostile.sh's ulimit is.
	 */
	ck_assert_msg(peak <= bound, "peak %lld MB > %lld MB", peak >> 20,
	    bound >> 20);
#endif
	ck_assert_msg(secs < 10, "%.1f s", secs);
}

/*
 * The bomb made smaller: 32 Mi empty strings (64 MiB), which took
 * 16 bytes each and more while the table grew: refused from the count.
 */
START_TEST(empty_strings)
{
	struct pb p;
	char path[64];
	size_t i, n = 32u << 20, len;

	memset(&p, 0, sizeof p);
	pb_sample_type(&p);
	p.b = xreallocarray(p.b, p.len + 2 * n, 1);
	p.cap = p.len + 2 * n;
	for (i = 0; i < n; i++) {
		p.b[p.len++] = 0x32;
		p.b[p.len++] = 0x00;
	}
	len = p.len;
	write_tmp(&p, path, sizeof path);
	refused_within(path, len, "refused: its strings, mappings, functions "
	    "and locations would take its tables past 192 MiB");
}
END_TEST

/*
 * Every location without lines is named "[basename of its mapping]": one
 * 1 MiB file name behind 4,000 locations (4 bytes each) would copy 4 GiB of
 * names.  Refused by the same bound.
 */
START_TEST(mapping_names)
{
	struct pb p, m = {NULL, 0, 0};
	char path[64], *file;
	size_t i, n = 4000, flen = 1u << 20, len;

	memset(&p, 0, sizeof p);
	pb_sample_type(&p);
	pb_str(&p, "");
	pb_str(&p, "samples");
	pb_str(&p, "count");
	file = xmalloc(flen);
	memset(file, 'f', flen);
	pb_bytes(&p, 6, file, flen);
	free(file);
	pb_int(&m, 1, 1);
	pb_int(&m, 5, 3);
	pb_sub(&p, 3, &m);
	for (i = 0; i < n; i++) {
		pb_int(&m, 1, i + 1);
		pb_int(&m, 2, 1);
		pb_sub(&p, 4, &m);
	}
	pb_sample2(&p, 1, 2);
	pb_free(&m);
	len = p.len;
	write_tmp(&p, path, sizeof path);
	refused_within(path, len, "refused: the frame names would take its "
	    "tables past 66 MiB");
}
END_TEST

/*
 * Locations are 48 bytes in the decoder: 8 Mi empty ones (2 bytes each,
 * 16 MiB) would take 384 MiB and their id index as much again.
 */
START_TEST(empty_locations)
{
	struct pb p;
	char path[64];
	size_t i, n = 8u << 20, len;

	memset(&p, 0, sizeof p);
	pb_sample_type(&p);
	pb_str(&p, "");
	pb_str(&p, "samples");
	pb_str(&p, "count");
	p.b = xreallocarray(p.b, p.len + 2 * n, 1);
	p.cap = p.len + 2 * n;
	for (i = 0; i < n; i++) {
		p.b[p.len++] = 0x22;
		p.b[p.len++] = 0x00;
	}
	len = p.len;
	write_tmp(&p, path, sizeof path);
	refused_within(path, len, "refused: its strings, mappings, functions "
	    "and locations would take its tables past 96 MiB");
}
END_TEST

/*
 * One sample with 64 Mi values (a byte each) for one sample type: they
 * are counted past the types, not kept (512 MiB), and the sample refused.
 */
START_TEST(sample_values)
{
	struct pb p, m = {NULL, 0, 0};
	char path[64];
	size_t i, n = 64u << 20, len;
	unsigned char *v = xmalloc(n);

	memset(&p, 0, sizeof p);
	pb_sample_type(&p);
	pb_str(&p, "");
	pb_str(&p, "samples");
	pb_str(&p, "count");
	for (i = 0; i < n; i++)
		v[i] = 1;
	pb_bytes(&m, 2, v, n);
	free(v);
	pb_sub(&p, 2, &m);
	pb_free(&m);
	len = p.len;
	write_tmp(&p, path, sizeof path);
	refused_within(path, len, "has 67108864 values for 1 sample types");
}
END_TEST

/* ------------------------------------------- the sample type's unit */

/* One sample of f under main, of a sample type with unit `unit`. */
static const char *
event_of_unit(struct run *x, const char *type, const char *unit)
{
	struct pb p;

	memset(&p, 0, sizeof p);
	pb_sample_type(&p);
	pb_str(&p, "");
	pb_str(&p, type);
	pb_str(&p, unit);
	pb_str(&p, "main");
	pb_str(&p, "f");
	pb_func_loc(&p, 1, 3, 1);
	pb_func_loc(&p, 2, 4, 2);
	pb_sample2(&p, 2, 1);
	run_load(x, &p, NULL, NULL);
	pb_free(&p);
	ck_assert_int_eq(x->rc, 0);
	ck_assert_str_eq((const char *)x->text.b, "main;f 1\n");
	return x->res.event;
}

/*
 * Nanoseconds are a duration ("5.95 s time"), bytes a size ("7.03 MiB"),
 * in the event the front ends word weights by (model/units.h); other
 * units stay counts.
 */
START_TEST(units_as_events)
{
	struct run x;

	ck_assert_str_eq(event_of_unit(&x, "cpu", "nanoseconds"),
	    UNITS_NS_EVENT);
	run_free(&x);
	ck_assert_str_eq(event_of_unit(&x, "inuse_space", "bytes"), "bytes");
	run_free(&x);
	ck_assert_str_eq(event_of_unit(&x, "samples", "count"), "");
	run_free(&x);
}
END_TEST

/* ------------------------------------ item 11: indices printed unsigned */

START_TEST(index_unsigned)
{
	struct pb p, m = {NULL, 0, 0};
	struct run x;

	memset(&p, 0, sizeof p);
	pb_int(&m, 1, UINT64_MAX);
	pb_int(&m, 2, 2);
	pb_sub(&p, 1, &m);
	pb_str(&p, "");
	pb_str(&p, "samples");
	pb_str(&p, "count");
	run_load(&x, &p, NULL, NULL);
	ck_assert_int_eq(x.rc, -1);
	ck_assert_ptr_nonnull(x.err);
	ck_assert_msg(strstr(x.err, "sample_type.type: string index "
	    "18446744073709551615 out of range") != NULL, "%s", x.err);
	run_free(&x);
	pb_free(&p);
	/* Function.name 2^63 (negative as a signed number) */
	pb_sample_type(&p);
	pb_str(&p, "");
	pb_str(&p, "samples");
	pb_str(&p, "count");
	pb_func_loc(&p, 1, (uint64_t)1 << 63, 1);
	run_load(&x, &p, NULL, NULL);
	ck_assert_int_eq(x.rc, -1);
	ck_assert_msg(strstr(x.err, "Function.name: string index "
	    "9223372036854775808 out of range") != NULL, "%s", x.err);
	run_free(&x);
	pb_free(&p);
	pb_free(&m);
}
END_TEST

static Suite *
pprof_suite(void)
{
	Suite *s = suite_create("pprof");
	TCase *tc;

	tc = tcase_create("drop_frames");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, drop_bomb_100);
	tcase_add_test(tc, drop_bomb_20000);
	tcase_add_test(tc, drop_bomb_one_function);
	tcase_add_test(tc, keep_bomb);
	tcase_add_test(tc, drop_still_prunes);
	suite_add_tcase(s, tc);

	tc = tcase_create("tables");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, empty_strings);
	tcase_add_test(tc, mapping_names);
	tcase_add_test(tc, empty_locations);
	tcase_add_test(tc, sample_values);
	suite_add_tcase(s, tc);

	tc = tcase_create("messages");
	tcase_add_test(tc, index_unsigned);
	tcase_add_test(tc, units_as_events);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(pprof_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
