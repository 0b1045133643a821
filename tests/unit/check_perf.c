/*
 * The perf script loader: the worked examples and edge cases of
 * formats.md sections 1.13 and 1.14, with tflame's documented fixes.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "check_suites.h"
#include "helpers.h"
#include "util/xalloc.h"

/* Collapse perf text with options; returns a malloc'ed folded string. */
static char *
collapse_perf(const char *in, const struct load_opts *opts, struct diag *d)
{
	struct reader *rd = reader_mem(in, strlen(in), "test");
	struct tree *t = tree_new(1);
	struct stack_sink sink;
	struct sink_tree st;
	struct load_result res;
	struct load_opts o;
	char *err = NULL, *out;

	memset(&o, 0, sizeof o);
	if (opts)
		o = *opts;
	o.format = FORMAT_PERF;
	diag_init(d, "test");
	sink_tree_init(&st, &sink, t, 0);
	ck_assert_int_eq(loader_run(rd, &o, &sink, d, &res, &err), 0);
	reader_close(rd);
	tree_finish(t);
	out = collapse_string(t);
	tree_free(t);
	return out;
}

static const char P1[] =
    "# comment line\n"
    "myapp 1234/1240 [003] 100.000001:     250000 cpu-clock:\n"
    "\tffffffff81000001 do_syscall_64+0x5b ([kernel.kallsyms])\n"
    "\t    7f0000001000 __libc_write+0x10 (/usr/lib/libc-2.31.so)\n"
    "\t          401000 main (/usr/bin/myapp)\n"
    "\n"
    "myapp 1234/1240 [003] 100.000002:     250000 cpu-clock:\n"
    "\t          401010 work(int) (/usr/bin/myapp)\n"
    "\t          401000 main (/usr/bin/myapp)\n"
    "\n"
    "my app 1234/1241 [001] 100.000003:     250000 cpu-clock:\n"
    "\t    7f0000002000 [unknown] (/usr/lib/libz.so.1)\n"
    "\t               0 [unknown] ([unknown])\n"
    "\n"
    "myapp 1234/1240 [003] 100.000004:          7 cycles:\n"
    "\t          401000 main (/usr/bin/myapp)\n"
    "\n";

START_TEST(test_p1_default)
{
	struct diag d;
	char *out = collapse_perf(P1, NULL, &d);

	ck_assert_str_eq(out,
	    "my_app;[unknown];[libz.so.1] 250000\n"
	    "myapp;main;__libc_write;do_syscall_64 250000\n"
	    "myapp;main;work 250000\n");
	/* The skipped event is named in a note. */
	ck_assert_uint_eq(d.nnotes, 1);
	ck_assert_ptr_nonnull(strstr(d.notes[0], "\"cycles\" (1)"));
	ck_assert_ptr_nonnull(strstr(d.notes[0], "\"cpu-clock\""));
	free(out);
	diag_free(&d);
}
END_TEST

START_TEST(test_p1_options)
{
	struct load_opts o;
	struct diag d;
	char *out;

	memset(&o, 0, sizeof o);
	o.perf.tid = 1;
	out = collapse_perf(P1, &o, &d);
	ck_assert_str_eq(out,
	    "my_app-1234/1241;[unknown];[libz.so.1] 250000\n"
	    "myapp-1234/1240;main;__libc_write;do_syscall_64 250000\n"
	    "myapp-1234/1240;main;work 250000\n");
	free(out);
	diag_free(&d);

	memset(&o, 0, sizeof o);
	o.kernel = 1;
	out = collapse_perf(P1, &o, &d);
	ck_assert_str_eq(out,
	    "my_app;[unknown];[libz.so.1] 250000\n"
	    "myapp;main;__libc_write;do_syscall_64_[k] 250000\n"
	    "myapp;main;work 250000\n");
	free(out);
	diag_free(&d);

	memset(&o, 0, sizeof o);
	o.addrs = 1;
	out = collapse_perf(P1, &o, &d);
	ck_assert_str_eq(out,
	    "my_app;[unknown <0>];[libz.so.1 <7f0000002000>] 250000\n"
	    "myapp;main;__libc_write;do_syscall_64 250000\n"
	    "myapp;main;work 250000\n");
	free(out);
	diag_free(&d);

	memset(&o, 0, sizeof o);
	o.perf.event_filter = "cycles";
	out = collapse_perf(P1, &o, &d);
	ck_assert_str_eq(out, "myapp;main 7\n");
	free(out);
	diag_free(&d);
}
END_TEST

/* Name tidying: Java, quotes, Go receivers, C++ templates, vdso, vmlinux. */
START_TEST(test_p2_tidy)
{
	static const char P2[] =
	    "java 4242 [000] 10.000000:   1000 cycles:\n"
	    "\t    7f722d142778 Ljava/io/PrintStream;::print (/tmp/perf-4242.map)\n"
	    "\t    7f722d0004e7 LFoo;::bar->LBaz;::qux+0x10 (/tmp/perf-4242.map)\n"
	    "\t    7f72421d2d76 JavaCalls::call_helper(JavaValue*, methodHandle*) (/opt/jdk/libjvm.so)\n"
	    "\t    7f72421d0000 [unknown] (/tmp/perf-4242.map)\n"
	    "\n"
	    "go 5000 [001] 10.000001:      7 cycles:\n"
	    "\t          4a1b2c net/http.(*Client).Do+0x2c (/usr/bin/go)\n"
	    "\t          4a1b00 (anonymous namespace)::helper(int) (/usr/bin/go)\n"
	    "\t          4a1a80 ns::(anonymous namespace)::inner(int) (/usr/bin/go)\n"
	    "\t          4a1a00 RegExp:\"quoted\";'x' (/usr/bin/go)\n"
	    "\t          4a1900 std::function<void (int)>::operator()(int) const (/usr/bin/go)\n"
	    "\t    7ffd00000900 __vdso_clock_gettime ([vdso])\n"
	    "\t          8c3453 tcp_sendmsg (/lib/modules/4.3.0/build/vmlinux)\n"
	    "\n";
	struct load_opts o;
	struct diag d;
	char *out;

	memset(&o, 0, sizeof o);
	o.kernel = o.perf.jit = 1;
	out = collapse_perf(P2, &o, &d);
	/*
	 * As stackcollapse-perf.pl --all, except the bracket-aware C++ cut
	 * (inferno): "std::function<void (int)>::operator", not "std::function<void ".
	 */
	ck_assert_str_eq(out,
	    "go;tcp_sendmsg_[k];__vdso_clock_gettime_[k];std::function<void (int)>::operator;"
	    "RegExp:quoted:x;ns::(anonymous namespace)::inner;net/http.(*Client).Do 7\n"
	    "java;[perf-4242.map]_[j];JavaCalls::call_helper;LFoo:::bar_[j];LBaz:::qux_[i];"
	    "java/io/PrintStream:::print_[j] 1000\n");
	free(out);
	diag_free(&d);
}
END_TEST

/* Header forms: spaces and numbers in comm, one-char comm, pid/tid, no timestamp, pid -1. */
START_TEST(test_headers)
{
	static const char in[] =
	    "V8 WorkerThread 25607 4794564.109216: 104345 cycles:\n"
	    "\t1 f (m)\n\n"
	    "Thread 2 main 1234 [000] 1.0: 5 cycles:\n"
	    "\t1 g (m)\n\n"
	    "a 1 [000] 1.0: 5 cycles:\n"
	    "\t1 h (m)\n\n"
	    "func_ab 15294 cycles:\n"
	    "\t1 i (m)\n\n"
	    "swapper 5/0 [000] 1.0: 2 cycles:u:\n"
	    "\t1 j (m)\n\n"
	    ":-1    -1 [001]    91.216986: 1 cycles:\n"
	    "\t1 k (m)\n\n";
	struct load_opts o;
	struct diag d;
	char *out;

	memset(&o, 0, sizeof o);
	o.perf.tid = 1;
	out = collapse_perf(in, &o, &d);
	ck_assert_str_eq(out,
	    ":-1-?/-1;k 1\n"
	    "Thread_2_main-?/1234;g 5\n"
	    "V8_WorkerThread-?/25607;f 104345\n"
	    "a-?/1;h 5\n"
	    "func_ab-?/15294;i 1\n"
	    "swapper-5/0;j 2\n");
	ck_assert_uint_eq(d.nbad, 0);
	free(out);
	diag_free(&d);
}
END_TEST

/*
 * A negative period ("-5") is no pid: the command name stays
 * "perl", the period that cannot be read counts 1 and the line has no
 * event, as stackcollapse-perf.pl reads it (the header used to become the
 * frame "perl__2748_[001]__84.207655:").  A task that has gone keeps its
 * pid of -1.
 */
START_TEST(test_negative_period)
{
	static const char in[] =
	    "perl  2748 [001]  84.207655:        -5 cycles:u: \n"
	    "\t 7f1 main (/usr/bin/perl)\n\n"
	    "perl  2748 [001]  84.207700:        -1 cycles:u: \n"
	    "\t 7f1 main (/usr/bin/perl)\n\n"
	    "perl  2748 [001]  84.207800:         3 cycles:u: \n"
	    "\t 7f1 main (/usr/bin/perl)\n\n"
	    ":-1    -1 [001]    91.216986: 1 cycles:u:\n"
	    "\t1 k (m)\n\n";
	struct load_opts o;
	struct diag d;
	char *out;

	memset(&o, 0, sizeof o);
	o.perf.tid = 1;
	out = collapse_perf(in, &o, &d);
	ck_assert_str_eq(out,
	    ":-1-?/-1;k 1\n"
	    "perl-?/2748;main 5\n");
	ck_assert_uint_eq(d.nbad, 0);
	free(out);
	diag_free(&d);
	out = collapse_perf(in, NULL, &d);
	ck_assert_str_eq(out, ":-1;k 1\nperl;main 5\n");
	free(out);
	diag_free(&d);
}
END_TEST

/*
 * An event name with a NUL byte in it (damaged input) is counted under
 * the name up to that byte, the same whether the input is read in one
 * thread or two (two parts used to count it twice).
 */
START_TEST(test_event_nul)
{
	static const char in[] =
	    "a 1 1.0: 1 cycles:\n\t1 f (m)\n\n"
	    "a 1 1.0: 1 c\0x-lock:\n\t1 f (m)\n\n"
	    "a 1 1.0: 1 cycles:\n\t1 f (m)\n\n"
	    "a 1 1.0: 1 cycles:\n\t1 f (m)\n\n"
	    "a 1 1.0: 1 c\0y-lock:\n\t1 f (m)\n\n";
	struct rec_sink r;
	struct diag d;
	size_t i;
	int found = 0;

	rec_load(&r, FORMAT_PERF, NULL, in, sizeof in - 1, &d);
	ck_assert_str_eq(r.text, "a;f 1\na;f 1\na;f 1\n");
	for (i = 0; i < d.nnotes; i++)
		found += strstr(d.notes[i], "skipped \"c\" (2);") != NULL;
	ck_assert_int_eq(found, 1);
	diag_free(&d);
	rec_free(&r);
}
END_TEST

/* Sample boundaries: no trailing empty line, header after header, blank-space lines, CRLF. */
START_TEST(test_boundaries)
{
	static const char in[] =
	    "aa 1 1.0: 5 cycles:\r\n"
	    "\t1 f (m)\r\n"
	    "bb 2 1.0: 7 cycles:\r\n"
	    "\t1 g (m)\r\n"
	    "  \t \r\n"
	    "cc 3 1.0: 3 cycles:\r\n"
	    "# comment in a sample\r\n"
	    "\t1 x (m)\r\n"
	    "\t1 y (m)";
	struct diag d;
	char *out = collapse_perf(in, NULL, &d);

	ck_assert_str_eq(out, "aa;f 5\nbb;g 7\ncc;y;x 3\n");
	free(out);
	diag_free(&d);
}
END_TEST

/* Samples without stack lines and without call chains; tracepoint arguments. */
START_TEST(test_no_callchain)
{
	static const char in[] =
	    "sleep 3 1.0: 3 cycles:\n\n"
	    "           false 39654 19115.489713:          1 cycles:u:  ffffffff9b201293 [unknown] ([unknown])\n"
	    "           false 39654 19115.489719:          1 cycles:      7fa68b1f2d84 _dl_start+0x4 (/usr/lib/ld-2.31.so)\n"
	    "\n"
	    "perf 44 [002] 3.0: sched:sched_switch: prev_comm=perf prev_pid=44 ==> next_comm=swapper/2\n"
	    "\tffffffff81000001 schedule+0x5b ([kernel.kallsyms])\n\n";
	struct diag d;
	char *out = collapse_perf(in, NULL, &d);

	/* cycles:u and cycles are one event; the tracepoint is another. */
	ck_assert_str_eq(out, "false;[unknown] 1\nfalse;_dl_start 1\nsleep 3\n");
	ck_assert_uint_eq(d.nnotes, 1);
	ck_assert_ptr_nonnull(strstr(d.notes[0], "sched:sched_switch"));
	free(out);
	diag_free(&d);
}
END_TEST

/* Odd stack lines: deleted modules, upper-case offsets, versioned vmlinux, jitdump, period 0. */
START_TEST(test_stack_lines)
{
	static const char in[] =
	    "app 1 1.0: 4 cycles:\n"
	    "\t7f01 foo+0x1 (/usr/lib/libfoo.so (deleted))\n"
	    "\t7f02 bar+0x1A (/usr/lib/libbar.so)\n"
	    "\t7f03 baz (/usr/lib/debug/boot/vmlinux-5.4.14-cloudflare-2020.1.11)\n"
	    "\t7f04 qux (/lib/modules/5.4/kernel/net/nf.ko)\n"
	    "\t7f05 jitted (/tmp/jitted-31714-4145673320.so)\n"
	    "\t7f06 __mmap64 (inlined)\n"
	    "\t7f07  (/usr/lib/libbaz.so)\n"
	    "\n"
	    "app 1 1.0: 0 cycles:\n"
	    "\t7f01 zero (m)\n\n";
	struct load_opts o;
	struct diag d;
	char *out;

	memset(&o, 0, sizeof o);
	o.kernel = o.perf.jit = 1;
	out = collapse_perf(in, &o, &d);
	ck_assert_str_eq(out,
	    "app; ;__mmap64;jitted_[j];qux_[k];baz_[k];bar+0x1A;foo 4\n");
	free(out);
	diag_free(&d);
}
END_TEST

/* Malformed lines are reported with their number; the sample goes on. */
START_TEST(test_weird_lines)
{
	static const char in[] =
	    "inline-counter 26037  8801.193547:     250000 cpu-clock:uhH:\n"
	    "\t          401b97 main+0x1f (./inline-counter)\n"
	    "\t          THIS_IS_A_WEIRD_LINE\n"
	    "\t          401b00 start (./inline-counter)\n"
	    "\n"
	    "\t          401b94 orphan (./inline-counter)\n";
	struct diag d;
	char *out = collapse_perf(in, NULL, &d);

	ck_assert_str_eq(out, "inline-counter;start;main 250000\n");
	ck_assert_uint_eq(d.nbad, 2);
	ck_assert_uint_eq(d.first_bad[0], 3);
	ck_assert_uint_eq(d.first_bad[1], 6);
	ck_assert_ptr_nonnull(strstr(d.bad_msg[0], "unrecognized stack line"));
	ck_assert_ptr_nonnull(strstr(d.bad_msg[1], "outside a sample"));
	free(out);
	diag_free(&d);
}
END_TEST

/* Rust legacy names with --demangle. */
START_TEST(test_demangle)
{
	static const char in[] =
	    "boa 1 1.0: 2 cycles:\n"
	    "\t1 gc::gc::GcBox$LT$T$GT$::new::_$u7b$$u7b$closure$u7d$$u7d$::ha2ed0674a1c3dc9f+0x10 (m)\n"
	    "\t2 _$LT$F$u20$as$u20$alloc..boxed..FnBox$LT$A$GT$$GT$::call_box::h8612a2a83552fc2d (m)\n"
	    "\t3 keep$LT$me$GT$ (m)\n"
	    "\n";
	struct load_opts o;
	struct diag d;
	char *out;

	memset(&o, 0, sizeof o);
	o.demangle = 1;
	out = collapse_perf(in, &o, &d);
	ck_assert_str_eq(out, "boa;keep$LT$me$GT$;<F as alloc::boxed::FnBox<A>>::call_box;"
	    "gc::gc::GcBox<T>::new::_{{closure}} 2\n");
	free(out);
	diag_free(&d);
}
END_TEST

/*
 * Repeated samples are read once (the loader's memo): the result and the
 * messages must be those of reading every sample (rec_load() loads both
 * ways and compares), whatever sits between the repeats.
 */
static const char REPEATS[] =
    "java 1/1 [000] 1.0: 5 cpu-clock:\n"
    "\t1 Ljava/lang/Thread;::run (/x.so)\n"
    "\t2 main (/x)\n"
    "\n"
    "node 1/1 [000] 1.0: 5 cpu-clock:\n"
    "\t1 Ljava/lang/Thread;::run (/x.so)\n"
    "\t2 main (/x)\n"
    "\n"
    "java 1/1 [000] 1.1: 7 cpu-clock:\n"
    "\t1 Ljava/lang/Thread;::run (/x.so)\n"
    "# a comment inside a sample\n"
    "\t2 main (/x)\n"
    "\n"
    "a 1/1 [000] 1.2: 1 cpu-clock:\n"
    "\t1 f->g (/x)\n"
    "\t3 nonsense\n"
    "\t2 main (/x)\n"
    "\n"
    "a 1/1 [000] 1.3: 2 cpu-clock:\n"
    "\t1 f->g (/x)\n"
    "\t3 nonsense\n"
    "\t2 main (/x)\n"
    "\n"
    "a 1/1 [000] 1.4: 4 cpu-clock:\n"
    "\t1 f->g (/x)\n"
    "\t9 (anonymous namespace)::h (/x)\n"
    "\t2 main (/x)\n"
    "a 1/1 [000] 1.5: 8 cpu-clock:\n"
    "\t1 f->g (/x)\n"
    "\tzz0 word (/x)\n"
    "\t2 main (/x)\n"
    "\n"
    "a 1/1 [000] 1.6: 16 cpu-clock:\n"
    "\t1 f->g (/x)\n"
    "\t2 main (/x)\n";

START_TEST(test_repeats)
{
	struct rec_sink r;
	struct diag d;
	const char *out;

	out = rec_load(&r, FORMAT_PERF, NULL, REPEATS, sizeof REPEATS - 1, &d);
	/* Each sample in input order (the recording sink does not merge). */
	ck_assert_str_eq(out,
	    "java;main;java/lang/Thread:::run 5\n"
	    "node;main;Ljava/lang/Thread:::run 5\n"
	    "java;main;java/lang/Thread:::run 7\n"
	    "a;main;f;g_[i] 1\n"
	    "a;main;f;g_[i] 2\n"
	    "a;main;f;g_[i] 4\n"
	    "a;main;word;f;g_[i] 8\n"
	    "a;main;f;g_[i] 16\n");
	/* "nonsense" is reported each time, with its own line number. */
	ck_assert_uint_eq(diag_count(&d), 2);
	ck_assert_uint_eq(d.first_bad[0], 16);
	ck_assert_uint_eq(d.first_bad[1], 21);
	diag_free(&d);
	rec_free(&r);
}
END_TEST

/*
 * Whole sample bodies seen before (read by two threads, a body is looked
 * up at once): a body counts for its own root only, the java root reads
 * it otherwise, a body with a bad line is reported every time with its
 * own line number, comments and blank-but-spaced lines end or interrupt
 * bodies as in one thread, and the line and sample counts agree.
 */
START_TEST(test_bodies)
{
	static const char *const body[] = {
	    "\t1 f (/x)\n\t2 main (/x)\n",
	    "\t1 Ljava/lang/Thread;::run (/x)\n\t2 main (/x)\n",
	    "\t1 f (/x)\n\tnonsense\n\t2 main (/x)\n",
	    "\t1 f (/x)\n# a comment\n\t2 main (/x)\n",
	    "\t3 g->h (/x)\n\t2 main (/x)\n",
	};
	static const char *const root[] = {"a", "java", "b"};
	static const char *const end[] = {"\n", "  \n", "\n"};
	char *buf = NULL;
	const char *out;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	uint64_t line = 1, bad[64];
	int i, nbad = 0;
	struct rec_sink r;
	struct diag d;

	for (i = 0; i < 60; i++) {
		const char *b = body[i % 5], *q;

		fprintf(fp, "%s 1/1 [000] 1.%d: %d cpu-clock:\n", root[i % 3], i,
		    i + 1);
		line++;
		for (q = b; *q != '\0'; q++) {
			if (*q != '\n')
				continue;
			if (q - b >= 8 && strncmp(q - 8, "nonsense", 8) == 0)
				bad[nbad++] = line;
			line++;
		}
		fprintf(fp, "%s%s", b, end[i % 3]);
		line++;
	}
	fclose(fp);
	out = rec_load(&r, FORMAT_PERF, NULL, buf, len, &d);
	ck_assert_uint_eq(r.samples, 60);
	ck_assert_uint_eq(r.lines, line - 1);
	ck_assert_uint_eq(diag_count(&d), (uint64_t)nbad);
	ck_assert_int_eq(nbad, 12);
	for (i = 0; i < DIAG_KEEP; i++)
		ck_assert_uint_eq(d.first_bad[i], bad[i]);
	ck_assert_ptr_nonnull(strstr(out, "java;main;java/lang/Thread:::run 2\n"));
	ck_assert_ptr_nonnull(strstr(out, "a;main;Ljava/lang/Thread:::run 7\n"));
	ck_assert_ptr_nonnull(strstr(out, "b;main;g;h_[i] 15\n"));
	diag_free(&d);
	rec_free(&r);
	free(buf);
}
END_TEST

/*
 * Two parts read at once (rec_load()'s third way cuts any input at the
 * empty line after its middle): the stacks, line numbers in messages and
 * the event kept by default must be those of one thread reading it all.
 */
/* tmpl with every "@" replaced by i. */
static void
put_numbered(FILE *fp, const char *tmpl, int i)
{
	for (; *tmpl != '\0'; tmpl++)
		if (*tmpl == '@')
			fprintf(fp, "%d", i);
		else
			fputc(*tmpl, fp);
}

static char *
parts_input(const char *first, int nfirst, const char *second, int nsecond,
    size_t *len)
{
	char *buf = NULL;
	FILE *fp = open_memstream(&buf, len);
	int i;

	for (i = 0; i < nfirst; i++)
		put_numbered(fp, first, i);
	fputs("\n", fp);
	for (i = 0; i < nsecond; i++)
		put_numbered(fp, second, i);
	fclose(fp);
	return buf;
}

START_TEST(test_parts)
{
	static const struct {
		const char *first, *second;
		int nfirst, nsecond;
		const char *want; /* in the output or the messages */
	} t[] = {
	    /* The first part has no event: the second part's first wins. */
	    {"\t@ f (/x)\t@\n", "x 1/1 [0] 1.0: 1 instructions:\n"
	     "\t@ f (/x)\n\nx 1/1 [0] 2.0: @ cycles:u:\n\t1 g (/x)\n\n",
	     40, 3, "showing \"instructions\" (3 samples), skipped \"cycles\" (3)"},
	    /* The first part's first event is kept in the second too. */
	    {"y 1/1 [0] 1.@: @ cycles:\n\t1 f (/x)\n\n",
	     "y 1/1 [0] 2.@: @ instructions:u:\n\t2 g (/x)\n\n", 5, 5,
	     "showing \"cycles\" (5 samples), skipped \"instructions\" (5)"},
	    /* 20 events, 10 in each part: 16 named, then "and more". */
	    {"z 1/1 [0] 1.@: 1 ev@:\n\t1 f (/x)\n\n",
	     "z 1/1 [0] 2.@: 1 ev1@:\n\t1 f (/x)\n\n", 10, 10,
	     "\"ev15\" (1) and more"},
	    /* Bad lines on both sides; a header cut off at the very end. */
	    {"w 1/1 [0] 1.@: 1 cpu-clock:\n\tnot a frame @\n\t1 f (/x)\n\n",
	     "w 1/1 [0] 2.@: 2 cpu-clock:\n\t1 f (/x)\n\t? @\n\n", 3, 4,
	     "w;f 2\n"},
	};
	struct rec_sink r;
	struct diag d;
	char *in, *msgs = NULL;
	const char *out;
	size_t len, mlen = 0, i;
	FILE *fp;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		in = parts_input(t[i].first, t[i].nfirst, t[i].second,
		    t[i].nsecond, &len);
		if (i == 3) {
			static const char cut[] = "w 1/1 [0] 9.0: 1 cpu-clock:\n";

			in = xreallocarray(in, len + sizeof cut, 1);
			memcpy(in + len, cut, sizeof cut - 1);
			len += sizeof cut - 1;
		}
		out = rec_load(&r, FORMAT_PERF, NULL, in, len, &d);
		ck_assert_int_eq(r.parts, 2);
		fp = open_memstream(&msgs, &mlen);
		diag_print(&d, fp);
		fclose(fp);
		ck_assert_msg(strstr(out, t[i].want) != NULL ||
		    strstr(msgs, t[i].want) != NULL, "case %zu: no \"%s\" in\n%s%s",
		    i, t[i].want, out, msgs);
		if (i == 3) {
			/* 3 + 4 bad lines, the cut-off header: 5 kept, 8 counted. */
			static const uint64_t bad[] = {2, 6, 10, 16, 20};
			size_t k;

			ck_assert_uint_eq(d.nbad, 8);
			for (k = 0; k < DIAG_KEEP; k++)
				ck_assert_uint_eq(d.first_bad[k], bad[k]);
		}
		free(msgs);
		msgs = NULL;
		diag_free(&d);
		rec_free(&r);
		free(in);
	}
}
END_TEST

/* The samples before an error at byte at: the headers, the last one's cut. */
static int
headers_before(const char *in, size_t at, uint64_t samples)
{
	uint64_t n = count_before(in, at, ":\n");

	return samples == n || samples + 1 == n;
}

/*
 * A read error (a bad disk block) anywhere in the input: in two parts the
 * stacks and messages must be those of one thread, which stops at the
 * error - also when the error is in the first part and the second part,
 * after it, reads well (it must then be dropped, not merged).
 */
START_TEST(test_read_error_parts)
{
	struct rec_sink r;
	struct diag d;
	size_t len;
	char *in;

	/* Over 700 KB: more than the reader's first block (256 KiB). */
	in = parts_input("p 1/1 [0] 1.@: 1 cycles:\n\t@ f@ (/x)\n\t1 main (/x)\n\n",
	    7000, "q 2/2 [1] 2.@: 1 cycles:\n\t2 g@ (/x)\n\t1 main (/x)\n\n",
	    7000, &len);
	ck_assert_uint_gt(len, 700000);
	rec_load(&r, FORMAT_PERF, NULL, in, len, &d);
	ck_assert_uint_eq(r.samples, 14000);
	rec_free(&r);
	diag_free(&d);
	rec_read_errors(FORMAT_PERF, in, len, headers_before);
	free(in);
}
END_TEST

/*
 * Inputs made of random picks among the kinds of lines perf script (and
 * damage) produce, with few distinct ones so that bodies and lines repeat:
 * every way rec_load() reads them - with and without the repeated-text
 * shortcuts, in one thread, a reading thread, or two parts - must agree.
 */
START_TEST(test_random_mix)
{
	static const char *const kind[] = {
	    "a 1/1 [0] 1.0: 3 cycles:\n", "b 2/2 [1] 2.0: 5 cycles:u:\n",
	    "java 3/3 [0] 3.0: 1 instructions:\n", "c 4 5.0: cycles:\n",
	    "\t1 f (/x)\n", "\t2 g (/x)\n", "\t3 Lj/T;::run (/x)\n",
	    "\t4 h (/x)\n", "\t1 f (/x)\n", "\t2 g (/x)\n",
	    "\n", "\n", "\n", "  \n", "\r\n", "# c\n", "\tbad\n", "junk\n",
	    "\t5 [unknown] (/y)\r\n", "d 1/1 [0] 4.0: 2 cycles:  6 k (/z)\n",
	    "\t7\r\n", "\t8 s p (/x) \n", "    9 i (/x)\n",
	};
	const size_t nk = sizeof kind / sizeof kind[0];
	unsigned seed = 12345;
	struct rec_sink r;
	struct diag d;
	char *buf;
	size_t len, i, n;
	int round, parts = 0;
	FILE *fp;

	for (round = 0; round < 300; round++) {
		buf = NULL;
		fp = open_memstream(&buf, &len);
		n = 20 + (size_t)round * 2;
		for (i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			fputs(kind[(seed >> 16) % nk], fp);
		}
		fclose(fp);
		rec_load(&r, FORMAT_PERF, NULL, buf, len, &d);
		parts += r.parts == 2;
		diag_free(&d);
		rec_free(&r);
		free(buf);
	}
	ck_assert_int_gt(parts, 250);
}
END_TEST

/*
 * Lines that differ only in address, offset or module give the same
 * frames and may share a line id; lines with other frames must not, even
 * when their hashes meet in the table (thousands of distinct lines make
 * them meet).  Bodies longer than a remembered key (64 KiB) are read too.
 * Every way of reading must agree (rec_load()).
 */
START_TEST(test_same_frames)
{
	static const char *const mod[] = {"/x", "/y", "[kernel.kallsyms]"};
	unsigned seed = 777;
	struct rec_sink r;
	struct diag d;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	int i, k, n;

	for (i = 0; i < 3000; i++) {
		fprintf(fp, "%s 1/1 [000] 1.%d: 1 cpu-clock:\n",
		    i % 7 == 0 ? "java" : "a", i);
		n = i % 500 == 0 ? 3000 : 1 + i % 9;
		for (k = 0; k < n; k++) {
			seed = seed * 1103515245u + 12345u;
			fprintf(fp, "\t%x f%u+0x%x (%s)\n", (seed >> 8) & 0xffff,
			    (seed >> 16) % 2500, seed & 0xff,
			    mod[(seed >> 4) % 3]);
		}
		fputs("\n", fp);
	}
	fclose(fp);
	rec_load(&r, FORMAT_PERF, NULL, buf, len, &d);
	ck_assert_uint_eq(r.samples, 3000);
	ck_assert_uint_eq(diag_count(&d), 0);
	diag_free(&d);
	rec_free(&r);
	free(buf);
}
END_TEST

/*
 * A stack line is first compared with the line that came after the line
 * before it last time (its caller then).  Lines of the same length that
 * differ only in the first byte of their name, a middle one, or the byte
 * before the closing ")", lines that start with another whole line, of
 * lengths on either side of 16, 32 and 48 bytes, followed by one another at random, a few with "\r\n", some too
 * short to compare 16 bytes at a time: every way of reading must agree
 * (rec_load()), and give the stacks built here.
 */
START_TEST(test_callers)
{
	static const int width[] = {1, 2, 5, 8, 12, 13, 14, 15, 16, 17, 20,
	    28, 29, 30, 31, 32, 33, 45};
	enum { NW = sizeof width / sizeof width[0], NP = 6 * NW };
	static char want[400][500];
	static int count[400];
	char pool[NP][80], name[NP][56], *buf = NULL;
	int pick[8], nwant = 0, i, k, depth, v, w, j;
	unsigned seed = 4242;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	struct rec_sink r;
	struct diag d;
	const char *out;

	/*
	 * Variants 0-2 are "\t1 NAME (/x)" with NAME "fxx..x", "gxx..x" or
	 * "fx..y..x"; variants 3-5 are "\t1 [unknown] (/NAME)", the frame
	 * "[NAME]", with NAME "fxx..x", "fxx..z" or "fxx..x)x" (variant 3's
	 * line and "x)").
	 */
	for (w = 0; w < NW; w++)
		for (v = 0; v < 6; v++) {
			char *n = name[w * 6 + v] + 1;

			memset(n, 'x', (size_t)width[w]);
			n[0] = v == 1 ? 'g' : 'f';
			if (v == 2 && width[w] > 2)
				n[width[w] / 2] = 'y';
			if (v == 4 && width[w] > 1)
				n[width[w] - 1] = 'z';
			n[width[w]] = '\0';
			if (v == 5)
				strcat(n, ")x");
			if (v < 3) {
				snprintf(pool[w * 6 + v], sizeof pool[0],
				    "\t1 %.50s (/x)", n);
				memmove(n - 1, n, strlen(n) + 1);
			} else {
				snprintf(pool[w * 6 + v], sizeof pool[0],
				    "\t1 [unknown] (/%.50s)", n);
				n[-1] = '[';
				strcat(n, "]");
			}
		}
	for (i = 0; i < 400; i++) {
		char stack[500] = "a";

		seed = seed * 1103515245u + 12345u;
		depth = 2 + (int)((seed >> 16) % 5);
		fprintf(fp, "a 1/1 [000] 1.%d: 1 cpu-clock:\n", i);
		for (k = 0; k < depth; k++) {
			seed = seed * 1103515245u + 12345u;
			/*
			 * Mostly the same few stacks, so that callers repeat;
			 * else another line of the same length, or any line.
			 */
			pick[k] = (k * 5 + i % 3) % NW * 6 + (k % 2) * 3;
			if ((seed >> 16) % 3 == 0)
				pick[k] += (int)((seed >> 8) % 3);
			if ((seed >> 20) % 8 == 0)
				pick[k] = (int)((seed >> 10) % NP);
			fprintf(fp, "%s%s", pool[pick[k]],
			    (seed >> 4) % 13 == 0 ? "\r\n" : "\n");
		}
		fputs("\n", fp);
		for (k = depth - 1; k >= 0; k--) {
			strcat(stack, ";");
			strcat(stack, name[pick[k]]);
		}
		for (j = 0; j < nwant && strcmp(want[j], stack) != 0; j++)
			;
		if (j == nwant) {
			ck_assert_int_lt(nwant, 400);
			strcpy(want[nwant], stack);
			count[nwant++] = 0;
		}
		count[j]++;
	}
	fclose(fp);
	out = rec_load(&r, FORMAT_PERF, NULL, buf, len, &d);
	ck_assert_uint_eq(r.samples, 400);
	ck_assert_uint_eq(diag_count(&d), 0);
	/* The sink was given each sample: "stack 1" lines, in input order. */
	for (j = 0; j < nwant; j++) {
		char line[520];
		const char *q;
		int seen = 0;

		snprintf(line, sizeof line, "%.499s 1\n", want[j]);
		for (q = out; (q = strstr(q, line)) != NULL; q++)
			seen += q == out || q[-1] == '\n';
		ck_assert_msg(seen == count[j], "%s: %d, not %d", want[j], seen,
		    count[j]);
	}
	diag_free(&d);
	rec_free(&r);
	free(buf);
}
END_TEST

Suite *
suite_perf(void)
{
	Suite *s = suite_create("perf");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_p1_default);
	tcase_add_test(tc, test_p1_options);
	tcase_add_test(tc, test_p2_tidy);
	tcase_add_test(tc, test_headers);
	tcase_add_test(tc, test_negative_period);
	tcase_add_test(tc, test_event_nul);
	tcase_add_test(tc, test_boundaries);
	tcase_add_test(tc, test_no_callchain);
	tcase_add_test(tc, test_stack_lines);
	tcase_add_test(tc, test_weird_lines);
	tcase_add_test(tc, test_demangle);
	tcase_add_test(tc, test_repeats);
	tcase_add_test(tc, test_bodies);
	tcase_add_test(tc, test_parts);
	tcase_add_test(tc, test_read_error_parts);
	tcase_add_test(tc, test_random_mix);
	tcase_add_test(tc, test_same_frames);
	tcase_add_test(tc, test_callers);
	suite_add_tcase(s, tc);
	return s;
}
