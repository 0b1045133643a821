/*
 * Unit tests of the perf loader's frame-cleaning rules
 * (loaders/perf_clean.h), one rule at a time, each with the exact frames
 * it must give: a stack line is parsed, its symbol cut into parts and
 * each part cleaned, and the frames are compared joined by ";",
 * outermost first (as --collapse prints them).
 *
 * A self-contained Check program with its own main().
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loaders/perf_clean.h"

/* Options for a rule: which of --demangle, --addrs, --kernel, --jit. */
enum {
	O_DEMANGLE = 1, O_ADDRS = 2, O_KERNEL = 4, O_JIT = 8
};

static char out[4096];

/*
 * The frames of stack line `line` with options `o` (and a root starting
 * with "java" when java), outermost first and joined by ";"; "NOT A
 * STACK LINE" when it does not parse.
 */
static const char *
frames(const char *line, int o, int java)
{
	struct load_opts opts;
	struct stack_line sl;
	const char *ps[PERF_MAX_PARTS];
	size_t pl[PERF_MAX_PARTS], n, i, w, used = 0;
	char *f;

	if (!perf_parse_stack_line(line, strlen(line), &sl))
		return "NOT A STACK LINE";
	memset(&opts, 0, sizeof opts);
	opts.demangle = (o & O_DEMANGLE) != 0;
	opts.addrs = (o & O_ADDRS) != 0;
	opts.kernel = (o & O_KERNEL) != 0;
	opts.perf.jit = (o & O_JIT) != 0;
	n = perf_split_parts(&sl, ps, pl);
	out[0] = '\0';
	for (i = 0; i < n; i++) {
		f = malloc(perf_clean_room(pl[i], &sl));
		ck_assert_ptr_nonnull(f);
		w = perf_clean_part(f, ps[i], pl[i], i, &sl, &opts, java);
		ck_assert_uint_lt(used + w + 2, sizeof out);
		if (i > 0)
			out[used++] = ';';
		memcpy(out + used, f, w);
		used += w;
		out[used] = '\0';
		free(f);
	}
	return out;
}

/* The pieces of a parsed line, as "pc|symbol|module". */
static const char *
pieces(const char *line)
{
	struct stack_line sl;

	if (!perf_parse_stack_line(line, strlen(line), &sl))
		return "NOT A STACK LINE";
	snprintf(out, sizeof out, "%.*s|%.*s|%.*s", (int)sl.pclen, sl.pc,
	    (int)sl.funclen, sl.func, (int)sl.modlen, sl.mod);
	return out;
}

START_TEST(test_parse)
{
	/* The module runs from the last " (" to the last ")". */
	ck_assert_str_eq(pieces("\t    7f72421d2d76 JavaCalls::call_helper("
	    "JavaValue*) (/opt/libjvm.so)"),
	    "7f72421d2d76|JavaCalls::call_helper(JavaValue*)|/opt/libjvm.so");
	ck_assert_str_eq(pieces("ffff operator() (int) const (/lib/x.so)  \r"),
	    "ffff|operator() (int) const|/lib/x.so");
	/* " (deleted)" after the module path is not part of it. */
	ck_assert_str_eq(pieces("  ab f (/tmp/a.so (deleted))"),
	    "ab|f|/tmp/a.so");
	/* An empty symbol is a one-space frame. */
	ck_assert_str_eq(pieces("  ab  (/lib/x.so)"), "ab| |/lib/x.so");
	ck_assert_str_eq(pieces("  ab f ([unknown])"), "ab|f|[unknown]");
	/* Not stack lines. */
	ck_assert_str_eq(pieces("  ab f"), "NOT A STACK LINE");
	ck_assert_str_eq(pieces("  ab(f) (m)"), "NOT A STACK LINE");
	ck_assert_str_eq(pieces("  ab f)"), "NOT A STACK LINE");
	ck_assert_str_eq(pieces("   "), "NOT A STACK LINE");
}
END_TEST

START_TEST(test_hex_token)
{
	ck_assert_int_eq(perf_hex_token("  7f00 x", 8), 1);
	ck_assert_int_eq(perf_hex_token("7f00", 4), 1);
	ck_assert_int_eq(perf_hex_token("\tdeadBEEF\t", 10), 1);
	ck_assert_int_eq(perf_hex_token("7f00x f", 7), 0);
	ck_assert_int_eq(perf_hex_token("xyz f", 5), 0);
	ck_assert_int_eq(perf_hex_token("   ", 3), 0);
	ck_assert_int_eq(perf_hex_token("", 0), 0);
}
END_TEST

START_TEST(test_offset)
{
	/* "+0x" and lower-case hex digits at the end go. */
	ck_assert_str_eq(frames("  1 main+0x1a (/bin/a)", 0, 0), "main");
	ck_assert_str_eq(frames("  1 main+0x (/bin/a)", 0, 0), "main+0x");
	ck_assert_str_eq(frames("  1 main+0x1A (/bin/a)", 0, 0), "main+0x1A");
	ck_assert_str_eq(frames("  1 main+1a (/bin/a)", 0, 0), "main+1a");
}
END_TEST

START_TEST(test_args)
{
	/* The argument list is cut at the first "(" outside <>, (), [], {}. */
	ck_assert_str_eq(frames("  1 f(int, char*) (/bin/a)", 0, 0), "f");
	ck_assert_str_eq(frames("  1 std::function<int (int)>::operator()(int)"
	    " (/bin/a)", 0, 0), "std::function<int (int)>::operator");
	ck_assert_str_eq(frames("  1 a[b(c)]::d(e) (/bin/a)", 0, 0),
	    "a[b(c)]::d");
	ck_assert_str_eq(frames("  1 ns::(anonymous namespace)::f(int) (/bin/a)",
	    0, 0), "ns::(anonymous namespace)::f");
	/* Go closures: "(" after "." stays. */
	ck_assert_str_eq(frames("  1 main.(*T).m (/bin/a)", 0, 0),
	    "main.(*T).m");
	/* A name starting with "(" adds no frame. */
	ck_assert_str_eq(frames("  1 (anonymous namespace)::f (/bin/a)", 0, 0),
	    "");
}
END_TEST

START_TEST(test_semicolon_quotes)
{
	ck_assert_str_eq(frames("  1 a;b (/bin/a)", 0, 0), "a:b");
	ck_assert_str_eq(frames("  1 say\"hi'there (/bin/a)", 0, 0),
	    "sayhithere");
	/* --demangle keeps quotes (Rust lifetimes). */
	ck_assert_str_eq(frames("  1 f<'a> (/bin/a)", O_DEMANGLE, 0), "f<'a>");
	ck_assert_str_eq(frames("  1 f<'a> (/bin/a)", 0, 0), "f<a>");
}
END_TEST

START_TEST(test_demangle)
{
	ck_assert_str_eq(frames("  1 core::ptr::drop_in_place::"
	    "h0123456789abcdef (/bin/a)", O_DEMANGLE, 0),
	    "core::ptr::drop_in_place");
	ck_assert_str_eq(frames("  1 _$LT$T$u20$as$u20$a..B$GT$::f::"
	    "h0123456789abcdef (/bin/a)", O_DEMANGLE, 0), "<T as a::B>::f");
	ck_assert_str_eq(frames("  1 core::ptr::drop_in_place::"
	    "h0123456789abcdef (/bin/a)", 0, 0),
	    "core::ptr::drop_in_place::h0123456789abcdef");
}
END_TEST

START_TEST(test_inline)
{
	/* Inlined callees after "->": each gets _[i] once. */
	ck_assert_str_eq(frames("  1 a->b->c (/bin/a)", 0, 0),
	    "a;b_[i];c_[i]");
	ck_assert_str_eq(frames("  1 a->b_[i] (/bin/a)", 0, 0), "a;b_[i]");
	/* Trailing empty parts are dropped, inner ones kept. */
	ck_assert_str_eq(frames("  1 a->b-> (/bin/a)", 0, 0), "a;b_[i]");
	ck_assert_str_eq(frames("  1 a->->b (/bin/a)", 0, 0), "a;_[i];b_[i]");
	/* The offset goes before the cut. */
	ck_assert_str_eq(frames("  1 a(int)->b(x)+0x10 (/bin/a)", 0, 0),
	    "a;b_[i]");
}
END_TEST

START_TEST(test_java)
{
	ck_assert_str_eq(frames("  1 Ljava/lang/Thread;::run (/tmp/perf-1.map)",
	    0, 1), "java/lang/Thread:::run");
	ck_assert_str_eq(frames("  1 Ljava/lang/Thread;::run (/tmp/perf-1.map)",
	    0, 0), "Ljava/lang/Thread:::run");
	ck_assert_str_eq(frames("  1 Lfoo (/bin/a)", 0, 1), "Lfoo");
}
END_TEST

START_TEST(test_unknown)
{
	/* "[unknown]" takes the module's base name. */
	ck_assert_str_eq(frames("  7f00 [unknown] (/usr/lib/libc.so.6)", 0, 0),
	    "[libc.so.6]");
	ck_assert_str_eq(frames("  7f00 [unknown] ([unknown])", 0, 0),
	    "[unknown]");
	ck_assert_str_eq(frames("  7f00 [unknown] (/usr/lib/libc.so.6)",
	    O_ADDRS, 0), "[libc.so.6 <7f00>]");
	ck_assert_str_eq(frames("  7f00 [unknown] ([unknown])", O_ADDRS, 0),
	    "[unknown <7f00>]");
	ck_assert_str_eq(frames("  7f00 [unknown] (libx.so)", 0, 0), "[libx.so]");
}
END_TEST

START_TEST(test_kernel)
{
	ck_assert_int_eq(perf_kernel_module("[kernel.kallsyms]", 17), 1);
	ck_assert_int_eq(perf_kernel_module("[vdso]", 6), 1);
	ck_assert_int_eq(perf_kernel_module("/boot/vmlinux", 13), 1);
	ck_assert_int_eq(perf_kernel_module("/boot/vmlinux-5.4.14-cloudflare",
	    31), 1);
	ck_assert_int_eq(perf_kernel_module("/lib/modules/nf.ko", 18), 1);
	ck_assert_int_eq(perf_kernel_module("[unknown]", 9), 0);
	ck_assert_int_eq(perf_kernel_module("/boot/vmlinux-5 x", 17), 0);
	ck_assert_int_eq(perf_kernel_module("/usr/lib/libc.so.6", 18), 0);
	ck_assert_int_eq(perf_kernel_module("", 0), 0);
	ck_assert_str_eq(frames("  1 schedule ([kernel.kallsyms])", O_KERNEL, 0),
	    "schedule_[k]");
	ck_assert_str_eq(frames("  1 schedule ([kernel.kallsyms])", 0, 0),
	    "schedule");
	/* One annotation at most: an inlined part is _[i], not _[k]. */
	ck_assert_str_eq(frames("  1 a->b ([kernel.kallsyms])", O_KERNEL, 0),
	    "a_[k];b_[i]");
}
END_TEST

START_TEST(test_jit)
{
	ck_assert_int_eq(perf_jit_module("/tmp/perf-1234.map", 18), 1);
	ck_assert_int_eq(perf_jit_module("/x/tmp/perf-12.map", 18), 1);
	ck_assert_int_eq(perf_jit_module("/tmp/perf-abc.map", 17), 1);
	ck_assert_int_eq(perf_jit_module("/x/tmp/perf-ab.map", 18), 0);
	ck_assert_int_eq(perf_jit_module("/tmp/jitted-12-3.so", 19), 1);
	ck_assert_int_eq(perf_jit_module("/tmp/jitted-12-3.so.1", 21), 0);
	ck_assert_int_eq(perf_jit_module("/opt/perf-12.map", 16), 0);
	ck_assert_str_eq(frames("  1 Interp (/tmp/perf-9.map)", O_JIT, 0),
	    "Interp_[j]");
	ck_assert_str_eq(frames("  1 Interp_[j] (/tmp/perf-9.map)", O_JIT, 0),
	    "Interp_[j]");
	ck_assert_str_eq(frames("  1 Interp (/tmp/perf-9.map)", 0, 0), "Interp");
	/* Kernel before JIT. */
	ck_assert_str_eq(frames("  1 f (/tmp/perf-9.ko)", O_KERNEL | O_JIT, 0),
	    "f_[k]");
}
END_TEST

/* srcline: s is one (1) with location want ("" for none), or not (0). */
static void
srcline_is(const char *s, int is, const char *want)
{
	const char *loc = NULL;
	size_t n = 99;

	ck_assert_int_eq(perf_srcline_parse(s, strlen(s), &loc, &n), is);
	if (!is)
		return;
	ck_assert_uint_eq(n, strlen(want));
	if (n > 0)
		ck_assert(memcmp(loc, want, n) == 0);
}

START_TEST(test_srcline)
{
	srcline_is("  hot.c:8", 1, "hot.c:8");
	srcline_is("  /usr/src/a b.c:12  ", 1, "/usr/src/a b.c:12");
	srcline_is("  hot.c:8 (discriminator 2)", 1, "hot.c:8");
	srcline_is("  ??:0", 1, "");
	srcline_is("  :0", 1, "");
	srcline_is("  [kernel.kallsyms][ffffffff81775b9a]", 1, "");
	srcline_is("  hot.c:", 0, "");
	srcline_is("  hot.c", 0, "");
	srcline_is("  123", 0, "");
	srcline_is("  x (y)", 0, "");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("perf_clean");
	TCase *tc = tcase_create("rules");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_parse);
	tcase_add_test(tc, test_hex_token);
	tcase_add_test(tc, test_offset);
	tcase_add_test(tc, test_args);
	tcase_add_test(tc, test_semicolon_quotes);
	tcase_add_test(tc, test_demangle);
	tcase_add_test(tc, test_inline);
	tcase_add_test(tc, test_java);
	tcase_add_test(tc, test_unknown);
	tcase_add_test(tc, test_kernel);
	tcase_add_test(tc, test_jit);
	tcase_add_test(tc, test_srcline);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
