/*
 * Unit tests of two text formats of issue #52: async-profiler's collapsed
 * stacks (src/loaders/asprof.c) and bcc memleak's reports
 * (src/loaders/memleak.c), their detection, and the words of a weight in
 * bytes (model/units.h).
 *
 * Each loader runs twice: into the recording sink of helpers.c (the
 * stacks as folded lines, what --collapse sees) and into a tree the way
 * the viewer loads (module hooks, sample records, memleak's records
 * hook), whose names, modules and records are then read back.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "loaders/loader.h"
#include "loaders/sink_tree.h"
#include "model/units.h"
#include "input/reader.h"

#ifndef TESTS_DATADIR
#define TESTS_DATADIR "tests/data"
#endif

/* A load into a tree as the viewer does it: modules and records kept. */
struct vload {
	struct tree *t;
	struct diag d;
	struct load_result res;
	int rc;
};

static void
viewer_load(struct vload *v, enum input_format fmt, const char *in)
{
	struct reader *rd = reader_mem(in, strlen(in), "test");
	struct stack_sink sink;
	struct sink_tree st;
	struct load_opts o;
	char *err = NULL;

	memset(&o, 0, sizeof o);
	memset(&v->res, 0, sizeof v->res);
	o.format = fmt;
	o.threads = 1;
	v->t = tree_new(1);
	diag_init(&v->d, "test");
	sink_tree_init(&st, &sink, v->t, 0);
	o.weighted = sink_tree_keep_samples;
	o.weighted_arg = &st;
	o.module_id = sink_tree_module_id;
	o.module_set = sink_tree_module_set;
	o.records = sink_tree_records;
	v->rc = loader_run(rd, &o, &sink, &v->d, &v->res, &err);
	ck_assert_ptr_null(err);
	reader_close(rd);
	tree_finish(v->t);
}

static void
vload_free(struct vload *v)
{
	tree_free(v->t);
	diag_free(&v->d);
}

/* The module name of the node at path, "" for none. */
static const char *
module_at(const struct tree *t, const char *path, unsigned *kind)
{
	uint32_t n = node_at(t, path), m;
	size_t len;

	ck_assert_uint_ne(n, TREE_NONE);
	m = tree_module(t, n);
	*kind = TREE_MOD_KIND(m);
	return m == TREE_MOD_NONE ? "" : tree_module_name(t, m, &len);
}

/* The diagnostics of d as text. */
static char *
diag_text(const struct diag *d)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	diag_print(d, fp);
	fclose(fp);
	return buf;
}

static char *
slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	ck_assert_ptr_nonnull(fp);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	buf = malloc((size_t)n + 1);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, fp), (size_t)n);
	buf[n] = '\0';
	fclose(fp);
	return buf;
}

/* ------------------------------------------------------ async-profiler */

static const char asprof_in[] =
    "[main tid=7];java/lang/Thread.run_[j];Foo.bar_[i];Foo.baz_[0] 5\n"
    "[main tid=7];java/lang/Thread.run_[j];Foo.qux_[1];write_[k] 3\n"
    "[main tid=7];JVM::thread_native_entry;os::malloc 2\n";

/* Without module hooks (--collapse, --svg): the text as it is. */
START_TEST(asprof_text_kept)
{
	struct rec_sink r;
	struct diag d;

	ck_assert_str_eq(rec_load(&r, FORMAT_ASPROF, NULL, asprof_in,
	    sizeof asprof_in - 1, &d), asprof_in);
	ck_assert_uint_eq(diag_count(&d), 0);
	rec_free(&r);
	diag_free(&d);
}
END_TEST

/* With them (the viewer, --top): the suffix is the frame's module. */
START_TEST(asprof_types_as_modules)
{
	static const struct {
		const char *path, *module;
		unsigned kind;
	} want[] = {
		{"[main tid=7]", "", 0},
		{"[main tid=7];java/lang/Thread.run", "JIT-compiled",
		    TREE_MOD_JIT},
		{"[main tid=7];java/lang/Thread.run;Foo.bar", "inlined",
		    TREE_MOD_INLINE},
		{"[main tid=7];java/lang/Thread.run;Foo.bar;Foo.baz",
		    "interpreted", TREE_MOD_JIT},
		{"[main tid=7];java/lang/Thread.run;Foo.qux", "C1-compiled",
		    TREE_MOD_JIT},
		{"[main tid=7];java/lang/Thread.run;Foo.qux;write", "kernel",
		    TREE_MOD_KERNEL},
		{"[main tid=7];JVM::thread_native_entry;os::malloc", "", 0},
	};
	struct vload v;
	unsigned kind;
	size_t i;

	viewer_load(&v, FORMAT_AUTO, asprof_in);
	ck_assert_int_eq(v.rc, 0);
	ck_assert_int_eq(v.res.format, FORMAT_ASPROF);
	ck_assert_uint_eq(v.res.samples, 3);
	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		ck_assert_str_eq(module_at(v.t, want[i].path, &kind),
		    want[i].module);
		ck_assert_uint_eq(kind, want[i].kind);
	}
	ck_assert_uint_eq(total_at(v.t, "[main tid=7];java/lang/Thread.run"),
	    8);
	/* The suffixed names are gone from the tree. */
	ck_assert_uint_eq(node_at(v.t, "[main tid=7];java/lang/Thread.run_[j]"),
	    TREE_NONE);
	vload_free(&v);
}
END_TEST

/* Bad lines: a message with the line number; the others load. */
START_TEST(asprof_bad_lines)
{
	static const char in[] =
	    "a_[j];b_[i] 5\n"
	    "a_[j];b_[i]\n"                      /* no count */
	    "a_[j] 99999999999999999999999\n"    /* past 64 bits */
	    "# a comment\n"
	    "\n"
	    "a_[j];c_[0] 2\n"
	    "_[j];x_[1 4\n";                     /* cut suffix */
	struct vload v;
	char *msg;

	viewer_load(&v, FORMAT_ASPROF, in);
	ck_assert_int_eq(v.rc, 0);
	ck_assert_uint_eq(v.res.samples, 3);
	ck_assert_uint_eq(v.res.lines, 7);
	msg = diag_text(&v.d);
	ck_assert_ptr_nonnull(strstr(msg, "test:2:"));
	ck_assert_ptr_nonnull(strstr(msg, "test:3:"));
	ck_assert_ptr_nonnull(strstr(msg, "too large"));
	ck_assert_uint_eq(diag_count(&v.d), 2);
	ck_assert_uint_eq(total_at(v.t, "a"), 7);
	ck_assert_uint_eq(self_at(v.t, "a;c"), 2);
	/* A suffix alone stays a name; one cut short is no suffix. */
	ck_assert_uint_eq(self_at(v.t, "_[j];x_[1"), 4);
	free(msg);
	vload_free(&v);
}
END_TEST

/* The corpus file, byte for byte through --collapse's path. */
START_TEST(asprof_sample2)
{
	char *in = slurp(TESTS_DATADIR "/asprof/sample2.collapsed");
	struct rec_sink r;
	struct diag d;

	ck_assert_int_eq(format_detect(in, strlen(in)), FORMAT_ASPROF);
	ck_assert_str_eq(rec_load(&r, FORMAT_ASPROF, NULL, in, strlen(in), &d),
	    in);
	ck_assert_uint_eq(r.samples, 17);
	rec_free(&r);
	diag_free(&d);
	free(in);
}
END_TEST

static enum input_format
detect(const char *s)
{
	return format_detect(s, strlen(s));
}

/* Preferred over folded only with a sign of async-profiler. */
START_TEST(asprof_detect)
{
	ck_assert_int_eq(detect("java/lang/Thread.run_[j];a 1\n"),
	    FORMAT_ASPROF);
	ck_assert_int_eq(detect("Foo$Bar.<init>_[i] 1\n"), FORMAT_ASPROF);
	ck_assert_int_eq(detect("main;foo_[0] 1\n"), FORMAT_ASPROF);
	ck_assert_int_eq(detect("main;foo_[1] 1\n"), FORMAT_ASPROF);
	ck_assert_int_eq(detect("[worker-1 tid=1234];start_thread 3\n"),
	    FORMAT_ASPROF);
	/* perf's and DTrace's folded annotations stay folded. */
	ck_assert_int_eq(detect("java;do_syscall_64_[k];x_[k] 1\n"),
	    FORMAT_FOLDED);
	ck_assert_int_eq(detect("node;LazyCompile:~f x.js:1_[j] 1\n"),
	    FORMAT_FOLDED);
	ck_assert_int_eq(detect("java;Interpreter_[j] 1\n"), FORMAT_FOLDED);
	ck_assert_int_eq(detect("a`f;com/foo/Qux:.inl_[i] 5\n"),
	    FORMAT_FOLDED);
	ck_assert_int_eq(detect("[unknown];tid=5] 1\n"), FORMAT_FOLDED);
	ck_assert_int_eq(detect("main;a 1\n"), FORMAT_FOLDED);
	/* Mostly not folded: not asprof either. */
	ck_assert_int_eq(detect("x_[0] 1\nfoo\nbar\n"), FORMAT_UNKNOWN);
	ck_assert_int_eq(format_parse("async-profiler"), FORMAT_ASPROF);
}
END_TEST

/* ------------------------------------------------------------- memleak */

/* bcc's tools/memleak_example.txt: its last report wins. */
START_TEST(memleak_example)
{
	char *in = slurp(TESTS_DATADIR "/memleak/memleak_example.txt");
	struct rec_sink r;
	struct diag d;

	ck_assert_int_eq(format_detect(in, strlen(in)), FORMAT_MEMLEAK);
	ck_assert_str_eq(rec_load(&r, FORMAT_MEMLEAK, NULL, in, strlen(in),
	    &d), "__libc_start_call_main;main;aeMain;processTimeEvents;"
	    "serverCron;zmalloc 45\n");
	ck_assert_uint_eq(diag_count(&d), 0);
	rec_free(&r);
	diag_free(&d);
	free(in);
}
END_TEST

static const char memleak_in[] =
    "Attaching to pid 5193, Ctrl+C to quit.\n"
    "[11:16:33] Top 2 stacks with outstanding allocations:\n"
    "\t64 bytes in 4 allocations from stack\n"
    "\t\tmain+0x6d [allocs]\n"
    "\n"
    "[11:16:34] Top 3 stacks with outstanding allocations:\n"
    "\taddr = 948cd0 size = 16\n"
    "\taddr = 948d10 size = 4096\n"
    "\t32 bytes in 2 allocations from stack\n"
    "\t\t0x0000559b4789639f\tmalloc+0x2f [libc.so.6]\n"
    "\t\t0x0000559b478876ee\tns;fn+0x2e [/opt/app/bin/app]\n"
    "\t\t[unknown]\n"
    "\t4096 bytes in 1 allocations from stack\n"
    "\t\tkmalloc_order [kernel]\n"
    "\t\t__kmalloc+0x1a [kernel]\n"
    "\t\tmain [allocs]\n";

/* The last report, each block leaf first, offsets and addresses gone. */
START_TEST(memleak_last_report)
{
	struct rec_sink r;
	struct diag d;

	ck_assert_str_eq(rec_load(&r, FORMAT_MEMLEAK, NULL, memleak_in,
	    sizeof memleak_in - 1, &d),
	    "[unknown];ns:fn;malloc 32\n"
	    "main;__kmalloc;kmalloc_order 4096\n");
	ck_assert_uint_eq(diag_count(&d), 0);
	rec_free(&r);
	diag_free(&d);
}
END_TEST

/* In the viewer: bytes weigh, allocations are the records, modules kept. */
START_TEST(memleak_viewer)
{
	struct vload v;
	unsigned kind;

	viewer_load(&v, FORMAT_AUTO, memleak_in);
	ck_assert_int_eq(v.rc, 0);
	ck_assert_int_eq(v.res.format, FORMAT_MEMLEAK);
	ck_assert_str_eq(v.res.event, "bytes");
	ck_assert_uint_eq(tree_total(v.t, 0, TREE_ROOT).n, 4128);
	ck_assert_uint_eq(tree_samples(v.t, 0, TREE_ROOT), 3);
	ck_assert_uint_eq(tree_samples(v.t, 0, node_at(v.t,
	    "[unknown];ns:fn;malloc")), 2);
	ck_assert_str_eq(module_at(v.t, "[unknown];ns:fn;malloc", &kind),
	    "libc.so.6");
	ck_assert_uint_eq(kind, 0);
	ck_assert_str_eq(module_at(v.t, "[unknown];ns:fn", &kind), "app");
	ck_assert_str_eq(module_at(v.t, "[unknown]", &kind), "");
	ck_assert_str_eq(module_at(v.t, "main;__kmalloc", &kind), "kernel");
	ck_assert_uint_eq(kind, TREE_MOD_KERNEL);
	vload_free(&v);
}
END_TEST

/* Hostile lines: a message with the line number, the rest loads. */
START_TEST(memleak_hostile)
{
	static const char in[] =
	    "[11:16:33] Top 9 stacks with outstanding allocations:\n"
	    "\t99999999999999999999 bytes in 1 allocations from stack\n"
	    "\t\tskipped+0x1 [a]\n"
	    "\t12 bytes in allocations from stack\n"
	    "\t\tskipped_too [a]\n"
	    "\t7 bytes in 18446744073709551615 allocations from stack\n"
	    "\t\tkept+0x1 [a]\n"
	    "\t5 bytes in 2 allocations from sta\n"
	    "\t18446744073709551615 bytes in 1 allocations from stack\n"
	    "\t\tbig [a]\n"
	    "\t\tcut_short+0x1 [a\n"
	    "\t3 bytes in 1 allocations from stack\n";
	struct rec_sink r;
	struct diag d;
	char *msg;

	ck_assert_str_eq(rec_load(&r, FORMAT_MEMLEAK, NULL, in,
	    sizeof in - 1, &d),
	    "kept 7\n"
	    "cut_short+0x1 [a;big 18446744073709551615\n"
	    " 3\n");
	msg = diag_text(&d);
	ck_assert_ptr_nonnull(strstr(msg, "test:2:"));
	ck_assert_ptr_nonnull(strstr(msg, "too large"));
	ck_assert_ptr_nonnull(strstr(msg, "test:4:"));
	ck_assert_ptr_nonnull(strstr(msg, "test:8:"));
	ck_assert_ptr_nonnull(strstr(msg, "test:11:"));
	ck_assert_uint_eq(diag_count(&d), 4);
	free(msg);
	rec_free(&r);
	diag_free(&d);
}
END_TEST

/* A capture cut after a header keeps the report before, and says so. */
START_TEST(memleak_empty_last)
{
	static const char in[] =
	    "[11:16:33] Top 1 stacks with outstanding allocations:\n"
	    "\t8 bytes in 1 allocations from stack\n"
	    "\t\tf [a]\n"
	    "[11:16:38] Top 1 stacks with outstanding allocations:\n";
	struct rec_sink r;
	struct diag d;
	char *msg;

	ck_assert_str_eq(rec_load(&r, FORMAT_MEMLEAK, NULL, in,
	    sizeof in - 1, &d), "f 8\n");
	msg = diag_text(&d);
	ck_assert_ptr_nonnull(strstr(msg, "(line 4)"));
	free(msg);
	rec_free(&r);
	diag_free(&d);
	/* Nothing but text: no samples, no error. */
	ck_assert_str_eq(rec_load(&r, FORMAT_MEMLEAK, NULL, "hello\n", 6, &d),
	    "");
	rec_free(&r);
	diag_free(&d);
}
END_TEST

START_TEST(memleak_detect)
{
	ck_assert_int_eq(detect("\t80 bytes in 5 allocations from stack\n"
	    "\t\tmain+0x6d [allocs]\n"), FORMAT_MEMLEAK);
	ck_assert_int_eq(detect("Attaching to pid 5193, Ctrl+C to quit.\n"
	    "[11:16:33] Top 2 stacks with outstanding allocations:\n"),
	    FORMAT_MEMLEAK);
	ck_assert_int_eq(detect("80 bytes in 5 allocations 1\n"),
	    FORMAT_FOLDED);
}
END_TEST

/* --------------------------------------------------------------- units */

START_TEST(units_bytes)
{
	static const struct {
		uint64_t b;
		const char *want;
	} cases[] = {
		{0, "0 B"}, {45, "45 B"}, {1023, "1023 B"}, {1024, "1.00 KiB"},
		{1536, "1.50 KiB"}, {10240, "10.0 KiB"}, {102400, "100 KiB"},
		{1047552, "1023 KiB"}, {1048575, "1.00 MiB"},
		{5u * 1048576 / 2, "2.50 MiB"}, {3ull << 30, "3.00 GiB"},
		{UINT64_MAX, "16.0 EiB"},
	};
	struct tf_units u;
	char buf[128];
	size_t i;

	units_init(&u, "bytes", NULL, 1);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		units_weight(buf, sizeof buf, &u,
		    (struct tf_count){cases[i].b, 0.0});
		ck_assert_str_eq(buf, cases[i].want);
	}
	units_total(buf, sizeof buf, &u, (struct tf_count){4128, 0.0}, 3);
	ck_assert_str_eq(buf, "4.03 KiB, 3 allocations");
	units_total(buf, sizeof buf, &u, (struct tf_count){1, 0.0}, 1);
	ck_assert_str_eq(buf, "1 B, 1 allocation");
	/* As many allocations as bytes: the size alone. */
	units_init(&u, "bytes", NULL, 0);
	units_total(buf, sizeof buf, &u, (struct tf_count){45, 0.0}, 45);
	ck_assert_str_eq(buf, "45 B");
	/* --countname wins. */
	units_init(&u, "bytes", "octets", 1);
	units_total(buf, sizeof buf, &u, (struct tf_count){45, 0.0}, 4);
	ck_assert_str_eq(buf, "45 octets, 4 samples");
}
END_TEST

static Suite *
textfmt_suite(void)
{
	Suite *s = suite_create("textfmt");
	TCase *tc = tcase_create("asprof");

	tcase_add_test(tc, asprof_text_kept);
	tcase_add_test(tc, asprof_types_as_modules);
	tcase_add_test(tc, asprof_bad_lines);
	tcase_add_test(tc, asprof_sample2);
	tcase_add_test(tc, asprof_detect);
	suite_add_tcase(s, tc);
	tc = tcase_create("memleak");
	tcase_add_test(tc, memleak_example);
	tcase_add_test(tc, memleak_last_report);
	tcase_add_test(tc, memleak_viewer);
	tcase_add_test(tc, memleak_hostile);
	tcase_add_test(tc, memleak_empty_last);
	tcase_add_test(tc, memleak_detect);
	suite_add_tcase(s, tc);
	tc = tcase_create("units");
	tcase_add_test(tc, units_bytes);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(textfmt_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
