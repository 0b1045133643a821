/*
 * Off-CPU time (issue #47): the words of --units' counts, flamegraph.pl's
 * chain palette and which frames are a waker's, and the intervals made
 * from perf script's scheduler events (loaders/offcpu.h), exactly, with
 * each way an interval ends and each damage.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "input/reader.h"
#include "layout/palette.h"
#include "loaders/offcpu.h"
#include "model/units.h"

START_TEST(test_units_words)
{
	struct tf_units u;
	char buf[128];

	ck_assert_str_eq(units_event("samples"), "");
	ck_assert_str_eq(units_event("ns"), UNITS_NS_EVENT);
	ck_assert_str_eq(units_event("bytes"), "bytes");
	ck_assert_ptr_null(units_event("minutes"));
	ck_assert_ptr_null(units_event(""));
	/* offcputime -f: microseconds, no sample records beside them. */
	units_init(&u, units_event("us"), NULL, 0);
	units_total(buf, sizeof buf, &u, (struct tf_count){1200412, 0.0}, 0);
	ck_assert_str_eq(buf, "1.20 s time");
	units_weight(buf, sizeof buf, &u, (struct tf_count){35000, 0.0});
	ck_assert_str_eq(buf, "35.0 ms");
	units_init(&u, units_event("ms"), NULL, 0);
	units_weight(buf, sizeof buf, &u, (struct tf_count){1500, 0.0});
	ck_assert_str_eq(buf, "1.50 s");
	units_init(&u, units_event("s"), NULL, 0);
	units_weight(buf, sizeof buf, &u, (struct tf_count){2, 0.0});
	ck_assert_str_eq(buf, "2.00 s");
	units_init(&u, units_event("ns"), NULL, 0);
	units_weight(buf, sizeof buf, &u, (struct tf_count){2500000, 0.0});
	ck_assert_str_eq(buf, "2.50 ms");
	units_init(&u, units_event("bytes"), NULL, 0);
	units_total(buf, sizeof buf, &u, (struct tf_count){1572864, 0.0}, 0);
	ck_assert_str_eq(buf, "1.50 MiB");
	/* --countname keeps its word. */
	units_init(&u, units_event("us"), "us", 0);
	units_total(buf, sizeof buf, &u, (struct tf_count){35000, 0.0}, 0);
	ck_assert_str_eq(buf, "35,000 us");
	/* Off-CPU intervals: nanoseconds, one record each. */
	units_init(&u, UNITS_OFFCPU_EVENT, NULL, 1);
	units_total(buf, sizeof buf, &u, (struct tf_count){1200000000, 0.0}, 4);
	ck_assert_str_eq(buf, "1.20 s off-CPU, 4 samples");
	/* cpu-clock without periods stays a count of samples. */
	units_init(&u, "cpu-clock", NULL, 0);
	units_total(buf, sizeof buf, &u, (struct tf_count){286, 0.0}, 286);
	ck_assert_str_eq(buf, "286 cpu-clock samples");
}
END_TEST

/* flamegraph.pl's chain palette: blue, and aqua hashed with "_[w]". */
START_TEST(test_chain_palette)
{
	struct palette_rgb c, w;

	ck_assert_int_eq(palette_scheme_parse("chain"), PALETTE_CHAIN);
	ck_assert_str_eq(palette_scheme_name(PALETTE_CHAIN), "chain");
	/* formats.md 7.6: blue of "main" (v = 0.7786) is (126,126,243). */
	c = palette_chain_rgb(0, 0, "main", 4);
	ck_assert_int_eq(c.r, 126);
	ck_assert_int_eq(c.g, 126);
	ck_assert_int_eq(c.b, 243);
	c = palette_scheme_rgb(PALETTE_CHAIN, 0, "main", 4);
	ck_assert_int_eq(c.b, 243);
	/* A waker's frame is what flamegraph.pl draws for NAME_[w]. */
	w = palette_chain_rgb(1, 0, "main", 4);
	c = palette_scheme_rgb(PALETTE_AQUA, 0, "main_[w]", 8);
	ck_assert_int_eq(w.r, c.r);
	ck_assert_int_eq(w.g, c.g);
	ck_assert_int_eq(w.b, c.b);
	ck_assert_int_eq(w.g, w.b);
	ck_assert(w.r >= 50 && w.r < 110 && w.g >= 165);
	c = palette_chain_rgb(1, 0, "main_[w]", 8);
	ck_assert_int_eq(c.r, w.r);
	ck_assert_int_eq(c.g, w.g);
	/* Its background is blue, as flamegraph.pl's. */
	{
		const char *top, *bottom;

		palette_scheme_background(PALETTE_CHAIN, &top, &bottom);
		ck_assert_str_eq(bottom, "#e0e0ff");
	}
}
END_TEST

/* The frames below a "--" are a waker's, whatever the depth. */
START_TEST(test_chain_marks)
{
	struct tree *t = tree_from_folded(
	    "sleeper;main;sleep;-;schedule;--;hrtimer_wakeup;swapper/1 5\n"
	    "sleeper;main;read 2\n"
	    "r;--;--;w 1\n");
	unsigned char *m;

	m = calloc(tree_size(t), 1);
	palette_chain_marks(t, m);
	ck_assert_int_eq(m[node_at(t, "sleeper;main;sleep;-;schedule")], 0);
	ck_assert_int_eq(m[node_at(t, "sleeper;main;sleep;-;schedule;--")], 0);
	ck_assert_int_eq(m[node_at(t,
	    "sleeper;main;sleep;-;schedule;--;hrtimer_wakeup")], 1);
	ck_assert_int_eq(m[node_at(t,
	    "sleeper;main;sleep;-;schedule;--;hrtimer_wakeup;swapper/1")], 1);
	ck_assert_int_eq(m[node_at(t, "sleeper;main;read")], 0);
	ck_assert_int_eq(m[node_at(t, "r;--;--")], 1);
	ck_assert_int_eq(m[node_at(t, "r;--;--;w")], 1);
	ck_assert_int_eq(m[TREE_ROOT], 0);
	free(m);
	tree_free(t);
}
END_TEST

/* A switch-out of comm/tid at time, state st, to the idle task. */
#define OUT(comm, tid, time, st) \
	comm " " #tid " [000] " time ": sched:sched_switch: prev_comm=" comm \
	" prev_pid=" #tid " prev_prio=120 prev_state=" st \
	" ==> next_comm=swapper/0 next_pid=0 next_prio=120\n"
/* The idle task switching to comm/tid at time. */
#define IN(comm, tid, time) \
	"swapper 0 [000] " time ": sched:sched_switch: prev_comm=swapper/0 " \
	"prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=" comm \
	" next_pid=" #tid " next_prio=120\n\n"
#define WAKE(comm, tid, time) \
	"swapper 0 [001] " time ": sched:sched_wakeup: comm=" comm " pid=" \
	#tid " prio=120 target_cpu=000\n\n"
#define SLEEP_STACK \
	"\tffffffff82265ec8 __schedule+0x628 ([kernel.kallsyms])\n" \
	"\tffffffff82266833 schedule+0x23 ([kernel.kallsyms])\n" \
	"\t           cf503 clock_nanosleep+0x23 (/usr/lib/libc.so.6)\n" \
	"\t            1149 main+0x10 (/tmp/app)\n\n"
#define READ_STACK \
	"\tffffffff82266833 schedule+0x23 ([kernel.kallsyms])\n" \
	"\tffffffff8226d000 io_schedule+0x10 ([kernel.kallsyms])\n" \
	"\t            1200 main+0x40 (/tmp/app)\n\n"

/* text through the perf loader and the off-CPU sink: the folded lines. */
static char *
fold(const char *text, const struct offcpu_opts *oo, int threads,
    char **msgs)
{
	struct reader *rd = reader_mem(text, strlen(text), "test");
	struct tree *t = tree_new(1);
	struct stack_sink sink;
	struct sink_tree st;
	struct load_result res;
	struct load_opts lo;
	struct offcpu *oc;
	struct diag d;
	char *err = NULL, *out;
	size_t len = 0;
	FILE *fp;

	memset(&lo, 0, sizeof lo);
	memset(&res, 0, sizeof res);
	lo.format = FORMAT_PERF;
	lo.threads = threads;
	diag_init(&d, "test");
	sink_tree_init(&st, &sink, t, 0);
	oc = offcpu_new(&sink, &lo, oo, &d);
	ck_assert_int_eq(loader_run(rd, &lo, offcpu_sink(oc), &d, &res, &err),
	    0);
	offcpu_finish(oc);
	offcpu_free(oc);
	tree_finish(t);
	out = collapse_string(t);
	fp = open_memstream(msgs, &len);
	diag_print(&d, fp);
	fclose(fp);
	diag_free(&d);
	reader_close(rd);
	tree_free(t);
	return out;
}

/* Each way an interval ends, in nanoseconds exactly. */
START_TEST(test_intervals)
{
	static const char in[] =
	    /* 1: switch-out at 1.0 (S), switch-in at 1.3: 300 ms */
	    OUT("app", 100, "1.000000", "S") SLEEP_STACK
	    IN("app", 100, "1.300000")
	    /* 2: out at 2.0 (D), woken at 2.05, no switch-in: 50 ms */
	    OUT("rd", 200, "2.000000", "D") READ_STACK
	    WAKE("rd", 200, "2.050000")
	    WAKE("rd", 200, "2.070000")
	    /* 3: preempted at 3.0 (R+), its own sample at 3.0125 */
	    OUT("app", 100, "3.000000", "R+") SLEEP_STACK
	    "app 100 [000] 3.012500: 250000 cpu-clock: \n"
	    "\t            1149 main+0x10 (/tmp/app)\n\n";
	struct offcpu_opts oo = {0, 0};
	char *out, *msgs;
	int threads;

	for (threads = 1; threads <= 2; threads++) {
		out = fold(in, &oo, threads, &msgs);
		ck_assert_str_eq(out,
		    "app;main;clock_nanosleep;schedule;__schedule;[off-CPU R] 12500000\n"
		    "app;main;clock_nanosleep;schedule;__schedule;[off-CPU S] 300000000\n"
		    "rd;main;io_schedule;schedule;[off-CPU D] 50000000\n");
		ck_assert_ptr_nonnull(strstr(msgs, "off-CPU: 3 intervals: 1 "
		    "ended at their switch-in, 1 at their wakeup (no switch-in "
		    "recorded), 1 at the task's next event"));
		free(out);
		free(msgs);
	}
}
END_TEST

/* Damage: messages with line numbers, never a negative or endless one. */
START_TEST(test_damage)
{
	static const char in[] =
	    /* line 1: out at 5.0; its switch-in at 4.9 (line 7) */
	    OUT("app", 100, "5.000000", "S") SLEEP_STACK
	    IN("app", 100, "4.900000")
	    /* line 9 and 15: the same switch-out twice; in at 6.1 */
	    OUT("app", 100, "6.000000", "S") SLEEP_STACK
	    OUT("app", 100, "6.000000", "S") SLEEP_STACK
	    IN("app", 100, "6.100000")
	    /* line 23: switched out, never seen again */
	    OUT("rd", 200, "7.000000", "D") READ_STACK
	    /* line 28: fields that do not read */
	    "app 100 [000] 8.0: sched:sched_switch: prev_comm=app\n\n";
	struct offcpu_opts oo = {0, 0};
	char *out, *msgs;

	out = fold(in, &oo, 1, &msgs);
	ck_assert_str_eq(out,
	    "app;main;clock_nanosleep;schedule;__schedule;[off-CPU S] 100000000\n");
	ck_assert_ptr_nonnull(strstr(msgs, "test:7: switch-in before its "
	    "switch-out (out of order): interval left out"));
	ck_assert_ptr_nonnull(strstr(msgs, "test:15: repeated switch-out"));
	ck_assert_ptr_nonnull(strstr(msgs, "test:23: switched out, never seen "
	    "again: interval left out: \"task 200\""));
	ck_assert_ptr_nonnull(strstr(msgs, "test:28: sched_switch without"));
	ck_assert_ptr_nonnull(strstr(msgs, "2 intervals left out: 1 out of "
	    "order, 1 never ended"));
	free(out);
	free(msgs);
}
END_TEST

/* --off-cpu=MIN, offcpu-time samples, --hot-cold's on-CPU samples. */
START_TEST(test_min_offcpu_time_hot_cold)
{
	static const char in[] =
	    OUT("app", 100, "1.000000", "S") SLEEP_STACK
	    IN("app", 100, "1.000500")
	    OUT("app", 100, "2.000000", "S") SLEEP_STACK
	    IN("app", 100, "2.002000")
	    "app 100 [000] 3.0: 123456789 offcpu-time: \n"
	    "\t            1200 main+0x40 (/tmp/app)\n\n"
	    "app 100 [000] 4.0: 250000 cpu-clock: \n"
	    "\t            1300 spin+0x4 (/tmp/app)\n"
	    "\t            1149 main+0x10 (/tmp/app)\n\n";
	struct offcpu_opts oo = {1000000, 0};
	char *out, *msgs;

	out = fold(in, &oo, 1, &msgs);
	ck_assert_str_eq(out,
	    "app;main;[off-CPU] 123456789\n"
	    "app;main;clock_nanosleep;schedule;__schedule;[off-CPU S] 2000000\n");
	ck_assert_ptr_nonnull(strstr(msgs, "1 intervals shorter than the "
	    "minimum left out"));
	free(out);
	free(msgs);
	oo.hot_cold = 1;
	oo.min_ns = 0;
	out = fold(in, &oo, 1, &msgs);
	ck_assert_str_eq(out,
	    "app;main;[off-CPU] 123456789\n"
	    "app;main;clock_nanosleep;schedule;__schedule;[off-CPU S] 2500000\n"
	    "app;main;spin 250000\n");
	free(out);
	free(msgs);
}
END_TEST

START_TEST(test_parse_min)
{
	int64_t ns = -1;

	ck_assert_int_eq(offcpu_parse_min("1ms", &ns), 0);
	ck_assert_int_eq(ns, 1000000);
	ck_assert_int_eq(offcpu_parse_min("500us", &ns), 0);
	ck_assert_int_eq(ns, 500000);
	ck_assert_int_eq(offcpu_parse_min("0.5s", &ns), 0);
	ck_assert_int_eq(ns, 500000000);
	ck_assert_int_eq(offcpu_parse_min("250ns", &ns), 0);
	ck_assert_int_eq(ns, 250);
	ck_assert_int_eq(offcpu_parse_min("0", &ns), 0);
	ck_assert_int_eq(ns, 0);
	ck_assert_int_eq(offcpu_parse_min("5", &ns), -1);
	ck_assert_int_eq(offcpu_parse_min("-1ms", &ns), -1);
	ck_assert_int_eq(offcpu_parse_min("1 ms", &ns), -1);
	ck_assert_int_eq(offcpu_parse_min("1e30s", &ns), -1);
	ck_assert_int_eq(offcpu_parse_min("", &ns), -1);
}
END_TEST

/* Hot/cold: the frames whose every line ends off the CPU. */
START_TEST(test_cold_marks)
{
	struct tree *t = tree_from_folded(
	    "app;main;spin 30\n"
	    "app;main;sleep;schedule;[off-CPU S] 50\n"
	    "app;main;read;[off-CPU D] 7\n"
	    "app;main;read 1\n"
	    "app;main 2\n"
	    "idle;[off-CPU I] 9\n");
	unsigned char *m = calloc(tree_size(t), 1);

	ck_assert_int_eq(palette_cold_marks(t, 0, m), 1);
	ck_assert_int_eq(m[node_at(t, "app;main;sleep")], 1);
	ck_assert_int_eq(m[node_at(t, "app;main;sleep;schedule")], 1);
	ck_assert_int_eq(m[node_at(t, "app;main;sleep;schedule;[off-CPU S]")],
	    1);
	ck_assert_int_eq(m[node_at(t, "app;main;read;[off-CPU D]")], 1);
	ck_assert_int_eq(m[node_at(t, "app;main;read")], 0); /* 1 on-CPU */
	ck_assert_int_eq(m[node_at(t, "app;main")], 0);
	ck_assert_int_eq(m[node_at(t, "app;main;spin")], 0);
	ck_assert_int_eq(m[node_at(t, "idle")], 1);
	ck_assert_int_eq(m[TREE_ROOT], 0);
	ck_assert(palette_offcpu_name("[off-CPU]", 9));
	ck_assert(!palette_offcpu_name("[off-CPU", 8));
	ck_assert(!palette_offcpu_name("off-CPU S]", 10));
	tree_free(t);
	/* Nothing off the CPU: nothing marked. */
	t = tree_from_folded("a;b 1\na;c;d 2\n");
	m = realloc(m, tree_size(t));
	ck_assert_int_eq(palette_cold_marks(t, 0, m), 0);
	ck_assert_int_eq(m[node_at(t, "a;c")], 0);
	free(m);
	tree_free(t);
}
END_TEST

static Suite *
suite_offcpu(void)
{
	Suite *s = suite_create("offcpu");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_units_words);
	tcase_add_test(tc, test_chain_palette);
	tcase_add_test(tc, test_chain_marks);
	tcase_add_test(tc, test_intervals);
	tcase_add_test(tc, test_damage);
	tcase_add_test(tc, test_min_offcpu_time_hot_cold);
	tcase_add_test(tc, test_parse_min);
	tcase_add_test(tc, test_cold_marks);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(suite_offcpu());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
