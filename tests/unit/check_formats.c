/*
 * Unit tests of the SystemTap and DTrace loaders and of format detection.
 *
 * Each loader test feeds a string through reader_mem() into a recording
 * sink, which writes every stack it receives as a folded line ("root;...;
 * leaf COUNT\n", in input order, not sorted), and then compares that text
 * and the diagnostics.  The detection tests ask format_detect() about small
 * inputs and about every file under tests/data (the conformance corpus and
 * the SystemTap/DTrace fixtures), whose format follows from its path.
 *
 * A self-contained Check program with its own main(); each test runs in its
 * own process.
 */
#include "config.h"

#include <check.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loaders/framebuf.h"
#include "loaders/loader.h"
#include "util/diag.h"
#include "input/reader.h"
#include "util/xalloc.h"

#ifndef TESTS_DATADIR
#define TESTS_DATADIR "tests/data"
#endif

/* ------------------------------------------------------------ recorder */

struct rec {
	char *buf;          /* the stacks as folded lines */
	size_t len, cap;
	int in_stack;
	size_t nframes;     /* frames of the open stack */
	unsigned nstacks;
	int protocol_error; /* begin/frame/end out of order */
};

static void
rec_append(struct rec *r, const char *s, size_t n)
{
	xgrow((void **)&r->buf, &r->cap, r->len + n + 1, 1);
	memcpy(r->buf + r->len, s, n);
	r->len += n;
	r->buf[r->len] = '\0';
}

static void
rec_begin(void *ctx)
{
	struct rec *r = ctx;

	if (r->in_stack)
		r->protocol_error = 1;
	r->in_stack = 1;
	r->nframes = 0;
}

static void
rec_frame(void *ctx, const char *name, size_t len)
{
	struct rec *r = ctx;

	if (!r->in_stack)
		r->protocol_error = 1;
	if (r->nframes++ > 0)
		rec_append(r, ";", 1);
	rec_append(r, name, len);
}

static void
rec_end(void *ctx, struct tf_count c)
{
	struct rec *r = ctx;
	char num[32];
	int n;

	if (!r->in_stack)
		r->protocol_error = 1;
	r->in_stack = 0;
	n = snprintf(num, sizeof num, " %llu\n", (unsigned long long)c.n);
	rec_append(r, num, (size_t)n);
	r->nstacks++;
}

/* One load: the recorded stacks, the diagnostics and the result. */
struct run {
	struct rec rec;
	struct stack_sink sink;
	struct diag d;
	struct load_result res;
	char *err;
	int rc;
};

enum which { RUN_STAP, RUN_DTRACE, RUN_AUTO };

static void
run_load(struct run *x, enum which w, const char *in, size_t len,
    const struct load_opts *opts)
{
	struct load_opts def;
	struct reader *r;

	memset(x, 0, sizeof *x);
	memset(&def, 0, sizeof def);
	if (opts == NULL)
		opts = &def;
	x->sink.ctx = &x->rec;
	x->sink.begin = rec_begin;
	x->sink.frame = rec_frame;
	x->sink.end = rec_end;
	diag_init(&x->d, "test");
	r = reader_mem(in, len, "test");
	switch (w) {
	case RUN_STAP:
		load_stap(r, opts, &x->sink, &x->d, &x->res, NULL);
		break;
	case RUN_DTRACE:
		load_dtrace(r, opts, &x->sink, &x->d, &x->res, NULL);
		break;
	case RUN_AUTO:
		x->rc = loader_run(r, opts, &x->sink, &x->d, &x->res, &x->err);
		break;
	}
	reader_close(r);
	ck_assert_int_eq(x->rec.protocol_error, 0);
	ck_assert_int_eq(x->rec.in_stack, 0);
}

static void
run_free(struct run *x)
{
	free(x->rec.buf);
	free(x->err);
	diag_free(&x->d);
}

/* The recorded text, "" when nothing was recorded. */
static const char *
out(const struct run *x)
{
	return x->rec.buf != NULL ? x->rec.buf : "";
}

/* Does any diagnostic (bad line or note) contain s? */
static int
diag_has(const struct diag *d, const char *s)
{
	size_t i;

	for (i = 0; i < DIAG_KEEP && i < d->nbad; i++)
		if (strstr(d->bad_msg[i], s) != NULL)
			return 1;
	for (i = 0; i < d->nnotes; i++)
		if (strstr(d->notes[i], s) != NULL)
			return 1;
	return 0;
}

/* Load a NUL-terminated input and compare the recorded stacks. */
static void
expect(enum which w, const char *in, const struct load_opts *o,
    const char *want)
{
	struct run x;

	run_load(&x, w, in, strlen(in), o);
	ck_assert_str_eq(out(&x), want);
	ck_assert_uint_eq(x.d.nbad, 0);
	ck_assert_uint_eq(x.d.nnotes, 0);
	run_free(&x);
}

static void
stap(const char *in, const char *want)
{
	expect(RUN_STAP, in, NULL, want);
}

/* DTrace input after a standard header. */
static void
dtrace_opts(const char *body, int includeoffset, int demangle,
    const char *want)
{
	struct load_opts o;
	char *in;

	memset(&o, 0, sizeof o);
	o.includeoffset = includeoffset;
	o.demangle = demangle;
	in = xasprintf("CPU     ID                    FUNCTION:NAME\n"
	    "  0  64091                        :tick-60s\n\n%s", body);
	expect(RUN_DTRACE, in, &o, want);
	free(in);
}

static void
dtrace(const char *body, const char *want)
{
	dtrace_opts(body, 0, 0, want);
}

/* ----------------------------------------------------------- SystemTap */

START_TEST(stap_kernel_stack)
{
	stap(" 0xffffffff8103ce3b : native_safe_halt+0xb/0x10 [kernel]\n"
	    " 0xffffffff8101c6a3 : default_idle+0x53/0x1d0 [kernel]\n"
	    " 0xffffffff81013236 : cpu_idle+0xd6/0x120 [kernel]\n"
	    "\t2404\n",
	    "cpu_idle;default_idle;native_safe_halt 2404\n");
}
END_TEST

START_TEST(stap_last_plus_cut)
{
	/* Everything from the last "+" goes, the module with it. */
	stap(" 0x1 : main+0x21/0x30 [/usr/bin/app]\n 1\n", "main 1\n");
	stap(" 0x1 : operator+(int)+0x21/0x30 [/usr/bin/app]\n 1\n",
	    "operator+(int) 1\n");
	stap(" 0x1 : a+b+0x2\n 1\n", "a+b 1\n");
	/* No offset: the module stays. */
	stap(" 0x7f : foo [/usr/bin/app]\n 1\n", "foo [/usr/bin/app] 1\n");
}
END_TEST

START_TEST(stap_last_sep_cut)
{
	/* Everything up to and including the last " : " goes. */
	stap(" 0x1 : a : b+0x1/0x2 [k]\n 1\n", "b 1\n");
	stap(" 0x1 :b+0x1\n 1\n", "0x1 :b 1\n");
	/* A bare address has no " : " and stays as it is. */
	stap(" 0x00007f0000004000\n 1\n", "0x00007f0000004000 1\n");
}
END_TEST

START_TEST(stap_empty_frame)
{
	stap(" 0x1 : +0x1/0x2 [k]\n 1\n", "- 1\n");
	stap("+0x10\n 1\n", "- 1\n");
}
END_TEST

START_TEST(stap_libstdcxx)
{
	/*
	 * The Perl tool cuts at the "+" inside "libstdc++" ("_Znwm+0x1/0x2
	 * [/usr/lib64/libstdc+"); the offset is looked for before the
	 * module only.
	 */
	stap(" 0x7f00 : _Znwm+0x1/0x2 [/usr/lib64/libstdc++.so.6]\n 1\n",
	    "_Znwm 1\n");
	stap(" 0x7f00 : operator new [/usr/lib64/libstdc++.so.6]\n 1\n",
	    "operator new [/usr/lib64/libstdc++.so.6] 1\n");
}
END_TEST

START_TEST(stap_literal_names)
{
	/* "%" stays (no printf quirk); ";" becomes ":". */
	stap(" 0x1 : pct%d_x+0x1/0x2 [a]\n 0x2 : 100%+0x1/0x2 [a]\n 3\n",
	    "100%;pct%d_x 3\n");
	stap(" 0x1 : parse;tokens+0x1/0x2 [a]\n 1\n", "parse:tokens 1\n");
}
END_TEST

START_TEST(stap_script_frames)
{
	stap(" main::fib at /tmp/fib.pl line 6\n"
	    " main::run\n"
	    " fib@/tmp/fib.lua:3\n"
	    " 0x0000000000400c21 : main+0x101/0x160 [/usr/bin/perl]\n"
	    "\t31\n",
	    "main;fib@/tmp/fib.lua:3;main::run;"
	    "main::fib at /tmp/fib.pl line 6 31\n");
}
END_TEST

START_TEST(stap_counts)
{
	/* Blank lines do not end a stack; a count ends it. */
	stap(" a\n\n \t \n b\n\t7\n", "b;a 7\n");
	/* A count with no frames is the empty stack, also right after one. */
	stap("\t9\n", " 9\n");
	stap(" a\n 1\n 2\n", "a 1\n 2\n");
	/* Trailing whitespace on a count line (Perl: a frame "5 "). */
	stap(" a\n 5 \n b\n 1\n", "a 5\nb 1\n");
	/* The largest count that fits. */
	stap(" a\n18446744073709551615\n", "a 18446744073709551615\n");
	/* CRLF line ends. */
	stap(" 0x1 : a+0x1/0x2 [k]\r\n 0x2 : b+0x1/0x2 [k]\r\n 4\r\n",
	    "b;a 4\n");
}
END_TEST

START_TEST(stap_count_overflow)
{
	struct run x;
	const char *in = " a\n18446744073709551616\n b\n 2\n";

	run_load(&x, RUN_STAP, in, strlen(in), NULL);
	ck_assert_str_eq(out(&x), "b 2\n");
	ck_assert_uint_eq(x.d.nbad, 1);
	ck_assert_uint_eq(x.d.first_bad[0], 2);
	ck_assert(diag_has(&x.d, "count too large for 64 bits"));
	run_free(&x);
}
END_TEST

START_TEST(stap_trailing_frames)
{
	struct run x;
	const char *in = " a\n 1\n\n x\n y\n";

	run_load(&x, RUN_STAP, in, strlen(in), NULL);
	ck_assert_str_eq(out(&x), "a 1\n");
	ck_assert_uint_eq(x.res.samples, 1);
	ck_assert(diag_has(&x.d, "input ends in the middle of a stack: the "
	    "frames from line 4 on have no count line"));
	run_free(&x);
}
END_TEST

START_TEST(stap_empty_input)
{
	stap("", "");
	stap("\n\n  \n", "");
}
END_TEST

START_TEST(stap_nul_bytes)
{
	struct run x;
	static const char in[] = " 0x1 : f\0o+0x1/0x2 [k]\n\0\n 1\n";
	static const char want[] = "\0;f\0o 1\n";

	/* A NUL is an ordinary byte: "\0" alone is a frame, not a count. */
	run_load(&x, RUN_STAP, in, sizeof in - 1, NULL);
	ck_assert_uint_eq(x.rec.len, sizeof want - 1);
	ck_assert(memcmp(x.rec.buf, want, x.rec.len) == 0);
	ck_assert_uint_eq(x.d.nbad, 0);
	run_free(&x);
}
END_TEST

START_TEST(stap_long_line)
{
	size_t n = 10u << 20, i;
	char *in = xmalloc(n + 16);
	struct run x;

	/* A 10 MB frame line is one 10 MB frame (its offset cut). */
	in[0] = ' ';
	for (i = 1; i < n; i++)
		in[i] = 'a';
	memcpy(in + n, "+0x1\n 3\n", 8);
	run_load(&x, RUN_STAP, in, n + 8, NULL);
	ck_assert_uint_eq(x.rec.nstacks, 1);
	ck_assert_uint_eq(x.rec.len, (n - 1) + 3);
	ck_assert(memcmp(x.rec.buf + n - 1, " 3\n", 3) == 0);
	run_free(&x);
	free(in);
}
END_TEST

START_TEST(stap_deep_stack)
{
	size_t n = 100000, i;
	char *in = xmalloc(n * 2 + 8);
	struct run x;

	/* 100,000 frames: no recursion anywhere. */
	for (i = 0; i < n; i++)
		memcpy(in + 2 * i, "a\n", 2);
	memcpy(in + 2 * n, "1\n", 2);
	run_load(&x, RUN_STAP, in, 2 * n + 2, NULL);
	ck_assert_uint_eq(x.rec.nstacks, 1);
	ck_assert_uint_eq(x.rec.len, 2 * n - 1 + 3);
	run_free(&x);
	free(in);
}
END_TEST

START_TEST(stap_too_many_frames)
{
	size_t n = FRAMEBUF_MAX_FRAMES + 1, i;
	char *in = xmalloc(n * 2 + 16);
	struct run x;

	for (i = 0; i < n; i++)
		memcpy(in + 2 * i, "a\n", 2);
	memcpy(in + 2 * n, "1\n b\n 2\n", 8);
	run_load(&x, RUN_STAP, in, 2 * n + 8, NULL);
	ck_assert_str_eq(out(&x), "b 2\n");
	ck_assert_uint_eq(x.d.nbad, 1);
	ck_assert_uint_eq(x.d.first_bad[0], n + 1);
	ck_assert(diag_has(&x.d, "more than 1000000 frames"));
	run_free(&x);
	free(in);
}
END_TEST

/* -------------------------------------------------------------- DTrace */

START_TEST(dtrace_offsets)
{
	dtrace("  genunix`kmem_cpu_reload+0x20\n"
	    "  genunix`vn_rele+0x82\n"
	    "  unix`sys_syscall+0x17a\n"
	    "    1\n",
	    "unix`sys_syscall;genunix`vn_rele;genunix`kmem_cpu_reload 1\n");
	/* The last "+" only. */
	dtrace("  a`operator+(int)+0x10\n  1\n", "a`operator+(int) 1\n");
}
END_TEST

START_TEST(dtrace_cpp)
{
	dtrace("  myapp`ns::Klass::method(int, char*)+0x44\n  1\n",
	    "myapp`ns::Klass::method 1\n");
	/* The last "(" or "<" after the first "::" (both reference tools). */
	dtrace("  myapp`std::vector<int>::push_back+0x10\n  1\n",
	    "myapp`std::vector 1\n");
	/* Without "::" nothing is cut. */
	dtrace("  libjvm.dylib`java_start(Thread*)+0xf6\n  1\n",
	    "libjvm.dylib`java_start(Thread*) 1\n");
	dtrace("  libjvm.dylib`JavaCalls::call_helper+0x6ae\n  1\n",
	    "libjvm.dylib`JavaCalls::call_helper 1\n");
}
END_TEST

START_TEST(dtrace_inline)
{
	dtrace("  test`baz\n  test`foo->bar\n  test`main\n  1\n",
	    "test`main;test`foo;bar_[i];test`baz 1\n");
	dtrace("  a`x->y->z+0x8\n  2\n", "a`x;y_[i];z_[i] 2\n");
	/* Trailing empty parts are dropped; an empty middle part is kept. */
	dtrace("  a`x->\n  1\n", "a`x 1\n");
	dtrace("  a`x->->y\n  1\n", "a`x;_[i];y_[i] 1\n");
}
END_TEST

START_TEST(dtrace_semicolon)
{
	dtrace("  libjvm.so`Lcom/foo/Bar;.baz->Lcom/foo/Qux;.inl+0x8\n  5\n",
	    "libjvm.so`Lcom/foo/Bar:.baz;com/foo/Qux:.inl_[i] 5\n");
	dtrace("  a`b;c\n  1\n", "a`b:c 1\n");
}
END_TEST

START_TEST(dtrace_java_l)
{
	/* A Java type descriptor (no backtick; a "/" or ";") loses its L. */
	dtrace("  Lcom/foo/Bar;.run\n  1\n", "com/foo/Bar:.run 1\n");
	dtrace("  LFoo;.run\n  1\n", "Foo:.run 1\n");
	/* Other names keep it (Perl: "weird`start", "oader`main"). */
	dtrace("  Lweird`start\n  1\n", "Lweird`start 1\n");
	dtrace("  Loader`main+0x1\n  1\n", "Loader`main 1\n");
	dtrace("  LLVMFoo\n  1\n", "LLVMFoo 1\n");
	dtrace("  a`f->LLVMFoo\n  1\n", "a`f;LLVMFoo_[i] 1\n");
}
END_TEST

START_TEST(dtrace_hex)
{
	dtrace("  0xfffffffffb8001d6\n  unix`0xfffffffffb8001d6\n"
	    "  0x104d08831\n  1\n",
	    "0x104d08831;unix`0xfffffffffb8001d6;0xfffffffffb8001d6 1\n");
}
END_TEST

START_TEST(dtrace_empty_frame)
{
	dtrace("  +0x10\n  a`b\n  1\n", "a`b;- 1\n");
}
END_TEST

START_TEST(dtrace_includeoffset)
{
	/* The leaf loses its own offset only (FlameGraph #202 fixed). */
	dtrace_opts("  genunix`segvn_fault\n  unix`pagefault+0x96\n"
	    "  unix`trap+0x2c7\n  1\n", 1, 0,
	    "unix`trap+0x2c7;unix`pagefault+0x96;genunix`segvn_fault 1\n");
	dtrace_opts("  a`f+0x1\n  a`g+0x2\n  1\n", 1, 0, "a`g+0x2;a`f 1\n");
	/* C++ arguments still go, and with them the offset (inferno). */
	dtrace_opts("  a`leaf\n  a`ns::f(int)+0x2\n  1\n", 1, 0,
	    "a`ns::f;a`leaf 1\n");
	/* An empty stack. */
	dtrace_opts("  1\n", 1, 0, " 1\n");
}
END_TEST

START_TEST(dtrace_demangle)
{
	const char *callbox = "  rg`_$LT$F$u20$as$u20$alloc..boxed..FnBox$LT$"
	    "A$GT$$GT$::call_box::h8612a2a83552fc2d+0xa5\n  1\n";
	const char *llvm = "  rg`std::panicking::try::do_call::"
	    "h08ca64c12e8a9bb0 (.llvm.15516475458848885060)+0x25\n  1\n";

	dtrace_opts(callbox, 0, 1,
	    "rg`<F as alloc::boxed::FnBox<A>>::call_box 1\n");
	dtrace_opts(callbox, 0, 0,
	    "rg`_$LT$F$u20$as$u20$alloc..boxed..FnBox$LT$"
	    "A$GT$$GT$::call_box::h8612a2a83552fc2d 1\n");
	/* Trailing spaces are trimmed for demangling, kept otherwise. */
	dtrace_opts(llvm, 0, 1, "rg`std::panicking::try::do_call 1\n");
	dtrace_opts(llvm, 0, 0,
	    "rg`std::panicking::try::do_call::h08ca64c12e8a9bb0  1\n");
	/* With --includeoffset the offset is put back after the name. */
	dtrace_opts("  rg`leaf\n  rg`foo::bar::h0123456789abcdef+0x10\n  1\n",
	    1, 1, "rg`foo::bar+0x10;rg`leaf 1\n");
	/* Only the symbol after a module's backtick is demangled. */
	dtrace_opts("  foo::bar::h0123456789abcdef\n  1\n", 0, 1,
	    "foo::bar::h0123456789abcdef 1\n");
}
END_TEST

START_TEST(dtrace_header)
{
	/* Up to and including the first blank line, whatever its length. */
	expect(RUN_DTRACE, "h1\nh2\nh3\n\n  a`b\n  1\n", NULL, "a`b 1\n");
	expect(RUN_DTRACE, "\n  a`b\n  1\n", NULL, "a`b 1\n");
	expect(RUN_DTRACE, "h1\n \t \n\n\n  a`b\n  1\n", NULL, "a`b 1\n");
}
END_TEST

START_TEST(dtrace_header_only)
{
	struct run x;
	const char *in = "CPU     ID                    FUNCTION:NAME\n"
	    "  8  35077                        :tick-60s\n";

	run_load(&x, RUN_DTRACE, in, strlen(in), NULL);
	ck_assert_str_eq(out(&x), "");
	ck_assert(diag_has(&x.d, "file ended while skipping the header"));
	run_free(&x);
	run_load(&x, RUN_DTRACE, "", 0, NULL);
	ck_assert_str_eq(out(&x), "");
	ck_assert(diag_has(&x.d, "file ended while skipping the header"));
	run_free(&x);
}
END_TEST

START_TEST(dtrace_count_in_header)
{
	struct run x;
	const char *in = "  a`b+0x1\n  5\n\n  c`d\n  2\n";

	/* No header: the first stack is lost, and that is said. */
	run_load(&x, RUN_DTRACE, in, strlen(in), NULL);
	ck_assert_str_eq(out(&x), "c`d 2\n");
	ck_assert_uint_eq(x.d.nbad, 1);
	ck_assert_uint_eq(x.d.first_bad[0], 2);
	ck_assert(diag_has(&x.d, "count line in the header"));
	run_free(&x);
}
END_TEST

START_TEST(dtrace_counts)
{
	/* Trailing whitespace (inferno); no frames: the empty stack. */
	dtrace("  a`b\n    2  \t\n", "a`b 2\n");
	dtrace("    3\n  a`b\n  4\n", " 3\na`b 4\n");
	dtrace("  a`b\n\n  \n  a`c\n  4\n", "a`c;a`b 4\n");
}
END_TEST

START_TEST(dtrace_count_overflow)
{
	struct run x;
	const char *in = "\n  a`b\n  99999999999999999999\n  c`d\n  1\n";

	run_load(&x, RUN_DTRACE, in, strlen(in), NULL);
	ck_assert_str_eq(out(&x), "c`d 1\n");
	ck_assert_uint_eq(x.d.nbad, 1);
	ck_assert_uint_eq(x.d.first_bad[0], 3);
	ck_assert(diag_has(&x.d, "count too large for 64 bits"));
	run_free(&x);
}
END_TEST

START_TEST(dtrace_truncated)
{
	struct run x;
	/* formats.md's d1: "2 " is a count here, then a dangling frame. */
	const char *in = "CPU     ID                    FUNCTION:NAME\n"
	    "  0  64091                        :tick-60s\n\n\n"
	    "              libc.so.1`memcpy+0x1a\n"
	    "              myapp`ns::Klass::method(int, char*)+0x44\n"
	    "              myapp`std::vector<int>::push_back+0x10\n"
	    "              libjvm.so`Lcom/foo/Bar;.baz->Lcom/foo/Qux;.inl+0x8\n"
	    "              Lweird`start\n"
	    "              0xfffffffffb8001d6\n"
	    "              \n"
	    "                5\n\n"
	    "              libc.so.1`memcpy+0x1a\n"
	    "              myapp`main+0x8\n"
	    "                3\n"
	    "              libc.so.1`memcpy+0x2b\n"
	    "              myapp`main+0x9\n"
	    "                2 \n"
	    "              dangling`frame+0x1\n";

	run_load(&x, RUN_DTRACE, in, strlen(in), NULL);
	ck_assert_str_eq(out(&x),
	    "0xfffffffffb8001d6;Lweird`start;libjvm.so`Lcom/foo/Bar:.baz;"
	    "com/foo/Qux:.inl_[i];myapp`std::vector;myapp`ns::Klass::method;"
	    "libc.so.1`memcpy 5\n"
	    "myapp`main;libc.so.1`memcpy 3\n"
	    "myapp`main;libc.so.1`memcpy 2\n");
	ck_assert_uint_eq(x.d.nbad, 0);
	ck_assert(diag_has(&x.d, "input ends in the middle of a stack: the "
	    "frames from line 20 on have no count line and were dropped"));
	run_free(&x);
}
END_TEST

START_TEST(dtrace_stack_ustack)
{
	/* stack() and ustack() in one key print as one run of frames. */
	dtrace("  zfs`arc_memory_throttle+0x1\n  genunix`fop_write+0x5d\n"
	    "  unix`sys_syscall+0x1a2\n\n  libc.so.1`__write+0xa\n"
	    "  app`main+0x1f\n  3\n",
	    "app`main;libc.so.1`__write;unix`sys_syscall;genunix`fop_write;"
	    "zfs`arc_memory_throttle 3\n");
}
END_TEST

START_TEST(dtrace_nul_bytes)
{
	struct run x;
	static const char in[] = "\n  a`f\0g+0x1\n  \0\n  1\n";

	/* "\0" is a frame (not blank, not a count). */
	run_load(&x, RUN_DTRACE, in, sizeof in - 1, NULL);
	ck_assert_uint_eq(x.rec.len, 10);
	ck_assert(memcmp(x.rec.buf, "\0;a`f\0g 1\n", 10) == 0);
	run_free(&x);
}
END_TEST

START_TEST(dtrace_long_line)
{
	size_t n = 10u << 20, i;
	char *in = xmalloc(n + 32);
	struct run x;

	memcpy(in, "\n  m`", 5);
	for (i = 5; i < n; i++)
		in[i] = 'a';
	memcpy(in + n, "+0x1\n 3\n", 8);
	run_load(&x, RUN_DTRACE, in, n + 8, NULL);
	ck_assert_uint_eq(x.rec.nstacks, 1);
	ck_assert_uint_eq(x.rec.len, (n - 3) + 3);
	ck_assert(memcmp(x.rec.buf, "m`aaa", 5) == 0);
	run_free(&x);
	free(in);
}
END_TEST

/* ----------------------------------------------------------- detection */

static enum input_format
detect(const char *s)
{
	return format_detect(s, strlen(s));
}

START_TEST(detect_small)
{
	/* perf */
	ck_assert_int_eq(detect(
	    "java 12688 [002] 6544038.708352: 235 cpu-clock:\n"
	    "\t7f72421d2d76 JavaCalls::call_helper(JavaValue*) (/opt/jvm.so)\n"
	    "\n"), FORMAT_PERF);
	/* DTrace: with its column header, without (-q), header alone */
	ck_assert_int_eq(detect("CPU     ID                    FUNCTION:NAME\n"
	    "  0  64091                        :tick-60s\n\n"
	    "              genunix`kmem_cpu_reload+0x20\n                1\n"),
	    FORMAT_DTRACE);
	ck_assert_int_eq(detect(
	    "\n\n  libc.so.1`_lwp_start\n  0x104d08831\n  7\n"),
	    FORMAT_DTRACE);
	ck_assert_int_eq(detect("CPU     ID                    FUNCTION:NAME\n"
	    "  8  35077                        :tick-60s\n"), FORMAT_DTRACE);
	/* SystemTap */
	ck_assert_int_eq(detect(
	    " 0xffffffff8103ce3b : native_safe_halt+0xb/0x10 [kernel]\n"
	    " 0xffffffff8101c6a3 : default_idle+0x53/0x1d0 [kernel]\n"
	    "\t2404\n"), FORMAT_STAP);
	ck_assert_int_eq(detect("\t3\n main::fib\n"
	    " 0x0000000000400c21 : main+0x101/0x160 [/usr/bin/perl]\n\t31\n"),
	    FORMAT_STAP);
	/* folded */
	ck_assert_int_eq(detect("a;b;c 5\na;b 2\n"), FORMAT_FOLDED);
	ck_assert_int_eq(detect("genunix`a;unix`b 5\n"), FORMAT_FOLDED);
	ck_assert_int_eq(detect("\nmod`a;mod`b 5\n 3\n"), FORMAT_FOLDED);
	/* A few bad lines (reported by the loader): one in three at most. */
	ck_assert_int_eq(detect("main;a 5\nnot folded\nmain;b 3\n"),
	    FORMAT_FOLDED);
	ck_assert_int_eq(detect("main;a 5\nnot folded\nnot either\n"),
	    FORMAT_UNKNOWN);
	ck_assert_int_eq(detect("# just a comment\n"), FORMAT_FOLDED);
	ck_assert_int_eq(detect(""), FORMAT_FOLDED);
	ck_assert_int_eq(detect("\n \n"), FORMAT_FOLDED);
	/* garbage */
	ck_assert_int_eq(detect("\nthis\nis an unknown\nformat\n"),
	    FORMAT_UNKNOWN);
	ck_assert_int_eq(format_detect("\x7f" "ELF\2\1\1\0\0\0\0", 11),
	    FORMAT_UNKNOWN);
	ck_assert_int_eq(detect("<?xml version=\"1.0\"?>\n<svg>\n"),
	    FORMAT_UNKNOWN);
	/* A stack without its count: not enough to tell. */
	ck_assert_int_eq(detect(" 0xffffffff8103ce3b : native_safe_halt+0xb\n"),
	    FORMAT_UNKNOWN);
}
END_TEST

/* Fill READER_PEEK_MAX bytes with line after head: a stack with no end. */
static enum input_format
detect_endless(const char *head, const char *line)
{
	size_t n = READER_PEEK_MAX, hl = strlen(head), ll = strlen(line), i;
	char *buf = xmalloc(n);
	enum input_format f;

	memcpy(buf, head, hl);
	for (i = hl; i + ll <= n; i += ll)
		memcpy(buf + i, line, ll);
	memset(buf + i, ' ', n - i);
	f = format_detect(buf, n);
	free(buf);
	return f;
}

START_TEST(detect_deep_first_stack)
{
	/* The first count is beyond the bytes detection looks at. */
	ck_assert_int_eq(detect_endless("",
	    " 0xffffffff8101c6a3 : default_idle+0x53/0x1d0 [kernel]\n"),
	    FORMAT_STAP);
	ck_assert_int_eq(detect_endless("\n", "  genunix`fop_write+0x5d\n"),
	    FORMAT_DTRACE);
	ck_assert_int_eq(detect_endless("", "a;b;c 1\n"), FORMAT_FOLDED);
	ck_assert_int_eq(detect_endless("", "what\n"), FORMAT_UNKNOWN);
}
END_TEST

START_TEST(detect_unknown_message)
{
	struct run x;
	struct load_opts o;
	const char *in = "\nthis\nis an unknown\nformat\n";

	memset(&o, 0, sizeof o);
	o.format = FORMAT_AUTO;
	run_load(&x, RUN_AUTO, in, strlen(in), &o);
	ck_assert_int_eq(x.rc, -1);
	ck_assert_str_eq(x.err, "cannot tell the format of test; use --format");
	run_free(&x);
	/* Detected, then loaded by the right loader. */
	in = " 0x1 : a+0x1/0x2 [k]\n 0x2 : b+0x1/0x2 [k]\n\t4\n";
	run_load(&x, RUN_AUTO, in, strlen(in), &o);
	ck_assert_int_eq(x.rc, 0);
	ck_assert_int_eq(x.res.format, FORMAT_STAP);
	ck_assert_str_eq(out(&x), "b;a 4\n");
	run_free(&x);
	in = "\n  a`f+0x1\n  a`g\n  4\n";
	run_load(&x, RUN_AUTO, in, strlen(in), &o);
	ck_assert_int_eq(x.rc, 0);
	ck_assert_int_eq(x.res.format, FORMAT_DTRACE);
	ck_assert_str_eq(out(&x), "a`g;a`f 4\n");
	run_free(&x);
}
END_TEST

/*
 * What each file under tests/data is, from its path (relative to
 * TESTS_DATADIR); -1 for files that are not inputs (READMEs, SVGs, palette
 * maps, C sources of recorded programs, the SVG tests' references).  Folded files with a few bad lines (bad-lines.txt, bad_before.txt)
 * are still folded.
 */
static int
expected_format(const char *rel, const struct stat *sb)
{
	size_t n = strlen(rel);

	if (strstr(rel, "README") != NULL ||
	    (n > 4 && (strcmp(rel + n - 4, ".svg") == 0 ||
	    strcmp(rel + n - 4, ".map") == 0)) ||
	    (n > 2 && strcmp(rel + n - 2, ".c") == 0))
		return -1;
	/*
	 * The bpftrace and pprof corpora: expected outputs, captures, profiles; their
	 * scripts, sources and case list are not inputs.
	 */
	if (strncmp(rel, "corpus/bpftrace/", 16) == 0 ||
	    strncmp(rel, "corpus/pprof/", 13) == 0) {
		if (strstr(rel, "/results") != NULL)
			return FORMAT_FOLDED;
		if (rel[7] == 'b')
			return n > 4 && strcmp(rel + n - 4, ".txt") == 0 &&
			    strstr(rel, "/src/") == NULL ? FORMAT_BPFTRACE : -1;
		if (strstr(rel, "not-a-profile") != NULL)
			return FORMAT_UNKNOWN;
		return (n > 6 && strcmp(rel + n - 6, ".pb.gz") == 0) ||
		    strstr(rel, "google-pprof/sample.cpu") != NULL ||
		    strstr(rel, ".crash") != NULL ? FORMAT_PPROF : -1;
	}
	/* speedscope and Firefox files; their READMEs, scripts, snapshot no. */
	if (strncmp(rel, "speedscope/", 11) == 0 ||
	    strncmp(rel, "firefox/", 8) == 0) {
		if (strstr(rel, "/results/") != NULL)
			return FORMAT_FOLDED;
		if (!(n > 5 && strcmp(rel + n - 5, ".json") == 0))
			return -1;
		return rel[0] == 's' ? FORMAT_SPEEDSCOPE : FORMAT_FIREFOX;
	}
	/* Chrome/V8 profiles and traces; their folded results; no others. */
	if (strncmp(rel, "chrome/", 7) == 0) {
		if (n > 7 && strcmp(rel + n - 7, ".folded") == 0)
			return FORMAT_FOLDED;
		return (n > 11 && strcmp(rel + n - 11, ".cpuprofile") == 0) ||
		    (n > 8 && strcmp(rel + n - 8, ".json.gz") == 0) ?
		    FORMAT_CHROME : -1;
	}
	/* The SVG tests' fixtures: only their *.folded files are profiles. */
	if (strncmp(rel, "svg/", 4) == 0 &&
	    !(n > 7 && strcmp(rel + n - 7, ".folded") == 0))
		return -1;
	/* The --top and --tree expected outputs are no profiles. */
	if (strncmp(rel, "top/", 4) == 0)
		return -1;
	/* perf annotate's output, for the annotate model: no profile. */
	if (strncmp(rel, "srcline/", 8) == 0 && strstr(rel, "annotate") != NULL)
		return -1;
	/* The time fixtures are perf script text (FlameScope's). */
	if (strncmp(rel, "time/", 5) == 0)
		return FORMAT_PERF;
	/* Recordings of our own: "*.perf", plain or gzipped. */
	if ((n > 5 && strcmp(rel + n - 5, ".perf") == 0) ||
	    (n > 8 && strcmp(rel + n - 8, ".perf.gz") == 0))
		return FORMAT_PERF;
	/* An empty file is an empty profile (inferno's no-events.txt). */
	if (sb->st_size == 0)
		return FORMAT_FOLDED;
	/* --nameattr files, not profiles. */
	if (strncmp(rel, "corpus/inferno/flamegraph/nameattr/", 35) == 0)
		return FORMAT_UNKNOWN;
	if (strstr(rel, "/results/") != NULL ||
	    strstr(rel, "/results-perl-today/") != NULL ||
	    strstr(rel, "/expected/") != NULL)
		return FORMAT_FOLDED;
	if (strncmp(rel, "corpus/flamegraph/test/", 23) == 0 ||
	    strcmp(rel, "corpus/flamegraph/example-perf-stacks.txt.gz") == 0 ||
	    strncmp(rel, "corpus/inferno/collapse-perf/", 29) == 0)
		return FORMAT_PERF;
	if (strcmp(rel, "corpus/flamegraph/example-dtrace-stacks.txt") == 0 ||
	    strncmp(rel, "corpus/inferno/collapse-dtrace/", 31) == 0)
		return FORMAT_DTRACE;
	if (strncmp(rel, "stap/", 5) == 0)
		return FORMAT_STAP;
	/* async-profiler's collapsed stacks; bcc memleak, its folded result. */
	if (strncmp(rel, "asprof/", 7) == 0)
		return FORMAT_ASPROF;
	if (strncmp(rel, "memleak/", 8) == 0)
		return n > 7 && strcmp(rel + n - 7, ".folded") == 0 ?
		    FORMAT_FOLDED : FORMAT_MEMLEAK;
	/* DTrace captures of our own (tui/kernel.dtrace). */
	if (n > 7 && strcmp(rel + n - 7, ".dtrace") == 0)
		return FORMAT_DTRACE;
	if (strcmp(rel,
	    "corpus/inferno/collapse-guess/unknown-format.txt") == 0)
		return FORMAT_UNKNOWN;
	/*
	 * A perf header, a blank line, then stack lines: inferno says no
	 * format; tflame loads it as perf and reports the orphaned lines.
	 */
	if (strcmp(rel, "corpus/inferno/collapse-guess/"
	    "invalid-perf-with-empty-line-after-event-line.txt") == 0)
		return FORMAT_PERF;
	return FORMAT_FOLDED;
}

static int nchecked, nwrong;

static int
detect_file(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
	const char *rel = path + strlen(TESTS_DATADIR) + 1, *buf;
	struct reader *r;
	char *err = NULL;
	int want;
	enum input_format got;
	size_t len;

	(void)ftw;
	if (type != FTW_F || (want = expected_format(rel, sb)) < 0)
		return 0;
	r = reader_open(path, &err);
	if (r == NULL) {
		fprintf(stderr, "%s\n", err);
		free(err);
		nwrong++;
		return 0;
	}
	len = reader_peek(r, &buf);
	got = format_detect(buf, len);
	reader_close(r);
	nchecked++;
	if ((int)got != want) {
		fprintf(stderr, "%s: detected %s, expected %s\n", rel,
		    format_name(got), format_name((enum input_format)want));
		nwrong++;
	}
	return 0;
}

START_TEST(detect_corpus)
{
	nchecked = nwrong = 0;
	ck_assert_int_eq(nftw(TESTS_DATADIR, detect_file, 16, FTW_PHYS), 0);
	ck_assert_int_gt(nchecked, 250);
	ck_assert_int_eq(nwrong, 0);
}
END_TEST

/* ---------------------------------------------------------------- main */

static Suite *
formats_suite(void)
{
	Suite *s = suite_create("formats");
	TCase *tc;

	tc = tcase_create("stap");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, stap_kernel_stack);
	tcase_add_test(tc, stap_last_plus_cut);
	tcase_add_test(tc, stap_last_sep_cut);
	tcase_add_test(tc, stap_empty_frame);
	tcase_add_test(tc, stap_libstdcxx);
	tcase_add_test(tc, stap_literal_names);
	tcase_add_test(tc, stap_script_frames);
	tcase_add_test(tc, stap_counts);
	tcase_add_test(tc, stap_count_overflow);
	tcase_add_test(tc, stap_trailing_frames);
	tcase_add_test(tc, stap_empty_input);
	tcase_add_test(tc, stap_nul_bytes);
	tcase_add_test(tc, stap_long_line);
	tcase_add_test(tc, stap_deep_stack);
	tcase_add_test(tc, stap_too_many_frames);
	suite_add_tcase(s, tc);

	tc = tcase_create("dtrace");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, dtrace_offsets);
	tcase_add_test(tc, dtrace_cpp);
	tcase_add_test(tc, dtrace_inline);
	tcase_add_test(tc, dtrace_semicolon);
	tcase_add_test(tc, dtrace_java_l);
	tcase_add_test(tc, dtrace_hex);
	tcase_add_test(tc, dtrace_empty_frame);
	tcase_add_test(tc, dtrace_includeoffset);
	tcase_add_test(tc, dtrace_demangle);
	tcase_add_test(tc, dtrace_header);
	tcase_add_test(tc, dtrace_header_only);
	tcase_add_test(tc, dtrace_count_in_header);
	tcase_add_test(tc, dtrace_counts);
	tcase_add_test(tc, dtrace_count_overflow);
	tcase_add_test(tc, dtrace_truncated);
	tcase_add_test(tc, dtrace_stack_ustack);
	tcase_add_test(tc, dtrace_nul_bytes);
	tcase_add_test(tc, dtrace_long_line);
	suite_add_tcase(s, tc);

	tc = tcase_create("detect");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, detect_small);
	tcase_add_test(tc, detect_deep_first_stack);
	tcase_add_test(tc, detect_unknown_message);
	tcase_add_test(tc, detect_corpus);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(formats_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
