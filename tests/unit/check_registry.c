/*
 * Unit tests of the format table (loaders/loader.h): every row is
 * complete and reachable by its id and its name, the names are unique,
 * detection takes the best score, and a row's sniffer says 0 to the
 * other formats' inputs' first bytes where those are told apart.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <stdio.h>

#include "loaders/loader.h"
#include "util/diag.h"

static const char perf_text[] =
    "perf 1234 [000] 1.000000: 1 cycles:\n"
    "\tffffffff8100 native_write_msr+0x4 ([kernel.kallsyms])\n"
    "\n";
static const char folded_text[] = "main;f;g 3\nmain;h 1\n";
static const char stap_text[] =
    " 0xffffffff8100 : schedule+0x0/0x100 [kernel]\n"
    " 0x400000 : main+0x10/0x20 [/bin/x]\n"
    "  12\n";
static const char bpftrace_text[] =
    "Attaching 1 probe...\n@[\n    f+1\n]: 3\n";
static const char asprof_text[] = "java/lang/Thread.run_[j];write_[k] 3\n";
static const char memleak_text[] =
    "\t80 bytes in 5 allocations from stack\n\t\tmain+0x6d [allocs]\n";
static const char pprof_bytes[] = "\x0a\x04\x08\x01\x10\x02\x12\x00";

START_TEST(test_rows)
{
	const struct format *f, *g;
	size_t i, j, n = 0;

	for (i = 0; (f = format_at(i)) != NULL; i++, n++) {
		ck_assert_ptr_nonnull(f->name);
		ck_assert_ptr_nonnull(f->help);
		ck_assert_ptr_nonnull(f->sniff);
		ck_assert_ptr_nonnull(f->load);
		ck_assert(strlen(f->help) > 0 && strchr(f->help, '\n') == NULL);
		ck_assert_ptr_eq(format_get(f->id), f);
		ck_assert_int_eq(format_parse(f->name), f->id);
		ck_assert_str_eq(format_name(f->id), f->name);
		if (f->alias != NULL)
			ck_assert_int_eq(format_parse(f->alias), f->id);
		for (j = 0; j < i; j++) {
			g = format_at(j);
			ck_assert_str_ne(g->name, f->name);
			ck_assert_int_ne(g->id, f->id);
		}
	}
	ck_assert_uint_eq(n, FORMAT_UNKNOWN - 1); /* every id has its row */
	ck_assert_ptr_null(format_at(n + 1));
	ck_assert_ptr_null(format_get(FORMAT_AUTO));
	ck_assert_ptr_null(format_get(FORMAT_UNKNOWN));
	ck_assert_int_eq(format_parse("auto"), FORMAT_AUTO);
	ck_assert_int_eq(format_parse("help"), FORMAT_UNKNOWN);
	ck_assert_int_eq(format_parse("collapsed"), FORMAT_FOLDED);
}
END_TEST

/* The best score wins: each sample scores highest with its own sniffer. */
START_TEST(test_best_score)
{
	static const struct {
		const char *buf;
		size_t len;
		enum input_format want;
	} cases[] = {
		{perf_text, sizeof perf_text - 1, FORMAT_PERF},
		{folded_text, sizeof folded_text - 1, FORMAT_FOLDED},
		{stap_text, sizeof stap_text - 1, FORMAT_STAP},
		{bpftrace_text, sizeof bpftrace_text - 1, FORMAT_BPFTRACE},
		{pprof_bytes, sizeof pprof_bytes - 1, FORMAT_PPROF},
		{asprof_text, sizeof asprof_text - 1, FORMAT_ASPROF},
		{memleak_text, sizeof memleak_text - 1, FORMAT_MEMLEAK},
		{"\n \n", 3, FORMAT_FOLDED},
		{"hello world\n", 12, FORMAT_UNKNOWN},
	};
	const struct format *f, *best;
	size_t i, j;
	int s, top;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		best = NULL;
		top = 0;
		for (j = 0; (f = format_at(j)) != NULL; j++) {
			s = f->sniff(cases[i].buf, cases[i].len, 1);
			ck_assert(s >= 0 && s <= SNIFF_SURE);
			if (s > top) {
				top = s;
				best = f;
			}
		}
		ck_assert_int_eq(best ? best->id : FORMAT_UNKNOWN, cases[i].want);
		ck_assert_int_eq(format_detect(cases[i].buf, cases[i].len),
		    cases[i].want);
	}
}
END_TEST

/* An "@NAME[" line is bpftrace, but below a perf sample that has one. */
START_TEST(test_ties_and_order)
{
	static const char both[] =
	    "perf 1234 [000] 1.000000: 1 cycles:\n"
	    "\tffffffff8100 @x[ ([kernel.kallsyms])\n"
	    "\n";

	ck_assert_int_eq(format_detect(both, sizeof both - 1), FORMAT_PERF);
	ck_assert_int_eq(format_get(FORMAT_BPFTRACE)->sniff("@x[1]: 3\n", 9, 1) > 0, 1);
	ck_assert_int_lt(format_get(FORMAT_BPFTRACE)->sniff("@x[1]: 3\n", 9, 1),
	    format_get(FORMAT_BPFTRACE)->sniff(bpftrace_text,
	    sizeof bpftrace_text - 1, 1));
}
END_TEST

/* The fields a loader did not read: each once, escaped, bounded. */
START_TEST(test_skipped_fields)
{
	struct load_skipped k;
	struct diag d;
	char name[16];
	int i;

	memset(&k, 0, sizeof k);
	load_skipped_add(&k, "", "hitCount", 8);
	load_skipped_add(&k, "callFrame.", "url", 3);
	load_skipped_add(&k, "", "hitCount", 8);
	load_skipped_add(&k, "", "hit", 3);      /* a prefix of one seen */
	load_skipped_add(&k, "", "Count", 5);    /* a suffix of one seen */
	load_skipped_add(&k, "", "a\033[2Jb", 6);
	ck_assert_str_eq(k.names, "hitCount, callFrame.url, hit, Count, "
	    "a\\e[2Jb");
	for (i = 0; i < 100; i++) {
		snprintf(name, sizeof name, "field%d", i);
		load_skipped_add(&k, "", name, strlen(name));
	}
	ck_assert_uint_lt(k.len, sizeof k.names);
	ck_assert_uint_gt(k.more, 0);
	diag_init(&d, "test");
	load_skipped_note(&d, &k);
	ck_assert_int_eq(diag_count(&d), 1);
	diag_free(&d);
}
END_TEST

int
main(void)
{
Suite *s = suite_create("registry");
	TCase *tc = tcase_create("table");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_rows);
	tcase_add_test(tc, test_best_score);
	tcase_add_test(tc, test_ties_and_order);
	tcase_add_test(tc, test_skipped_fields);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
