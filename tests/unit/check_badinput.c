/*
 * Bad input: each case ends in a clear message or a correct result, never
 * a crash (every test runs in its own process, so a crash fails it).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "check_suites.h"
#include "helpers.h"
#include "util/xalloc.h"

START_TEST(test_empty_input)
{
	struct rec_sink r;
	struct diag d;

	/* Empty and blank input load as nothing, without an error. */
	rec_load(&r, FORMAT_AUTO, NULL, "", 0, &d);
	ck_assert_str_eq(r.text, "");
	rec_free(&r);
	diag_free(&d);
	rec_load(&r, FORMAT_AUTO, NULL, "\n \n\t\n", 5, &d);
	ck_assert_str_eq(r.text, "");
	rec_free(&r);
	diag_free(&d);
}
END_TEST

START_TEST(test_garbage_unknown_format)
{
	static const unsigned char junk[] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0xff, 0xfe, '\n', 3, 4};
	struct rec_sink r;
	struct diag d;

	rec_load(&r, FORMAT_AUTO, NULL, (const char *)junk, sizeof junk, &d);
	ck_assert_str_eq(r.text, "ERROR: cannot tell the format of test; use --format");
	rec_free(&r);
	diag_free(&d);
}
END_TEST

/* The stacks in a recording: its lines (names may hold NUL bytes). */
static uint64_t
stacks_in(const struct rec_sink *r)
{
	uint64_t k = 0;
	size_t i;

	for (i = 0; i < r->len; i++)
		k += r->text[i] == '\n';
	return k;
}

/* Random bytes forced through each loader: no crash, lines counted bad. */
START_TEST(test_random_bytes)
{
	size_t n = 1 << 20, i;
	uint64_t lines = 0;
	char *buf = xmalloc(n);
	struct rec_sink r;
	struct diag d;
	unsigned s = 12345;

	for (i = 0; i < n; i++) {
		s = s * 1103515245u + 12345u;
		buf[i] = (char)(s >> 16);
	}
	for (i = 0; i < n; i++)
		lines += buf[i] == '\n';
	lines += buf[n - 1] != '\n';
	/*
	 * rec_load() checks that every way of reading agrees; here, every
	 * line is counted, the samples counted are the stacks the sink
	 * received, and bad lines are reported.
	 */
	rec_load(&r, FORMAT_PERF, NULL, buf, n, &d);
	ck_assert_uint_eq(r.lines, lines);
	ck_assert_uint_eq(r.samples, stacks_in(&r));
	ck_assert_uint_gt(d.nbad, 0);
	rec_free(&r);
	diag_free(&d);
	rec_load(&r, FORMAT_FOLDED, NULL, buf, n, &d);
	ck_assert_uint_eq(r.lines, lines);
	ck_assert_uint_eq(r.samples, stacks_in(&r));
	ck_assert_uint_gt(d.nbad, 0);
	ck_assert_uint_le(r.samples + d.nbad, lines);
	rec_free(&r);
	diag_free(&d);
	free(buf);
}
END_TEST

/* NUL bytes inside names are kept as bytes, not string ends. */
START_TEST(test_nul_bytes)
{
	static const char in[] = "a\0b;c 5\nok 1\n";
	struct rec_sink r;
	struct diag d;

	rec_load(&r, FORMAT_FOLDED, NULL, in, sizeof in - 1, &d);
	ck_assert_uint_eq(r.len, 13);
	ck_assert_int_eq(memcmp(r.text, "a\0b;c 5\nok 1\n", 13), 0);
	rec_free(&r);
	diag_free(&d);
}
END_TEST

/* A 10 MB line loads (folded) and one of 70 MB is skipped with a message. */
START_TEST(test_long_lines)
{
	size_t big = 10u << 20, huge = 70u << 20;
	char *buf = xmalloc(huge + 64);
	struct rec_sink r;
	struct diag d;

	memset(buf, 'x', big);
	memcpy(buf + big, " 3\nnext 1\n", 10);
	rec_load(&r, FORMAT_FOLDED, NULL, buf, big + 10, &d);
	ck_assert_uint_eq(r.len, big + 3 + 7);
	ck_assert_int_eq(memcmp(r.text + big, " 3\nnext 1\n", 10), 0);
	rec_free(&r);
	diag_free(&d);

	memset(buf, 'y', huge);
	memcpy(buf + huge, " 3\nnext 1\n", 10);
	rec_load(&r, FORMAT_FOLDED, NULL, buf, huge + 10, &d);
	ck_assert_str_eq(r.text, "next 1\n");
	ck_assert_uint_eq(d.nbad, 1);
	ck_assert_uint_eq(d.first_bad[0], 1);
	ck_assert_ptr_nonnull(strstr(d.bad_msg[0], "too long"));
	rec_free(&r);
	diag_free(&d);
	free(buf);
}
END_TEST

/* A perf sample 100,000 frames deep. */
START_TEST(test_deep_perf_sample)
{
	size_t depth = 100000, i, off;
	char *buf = xmalloc(depth * 32 + 64);
	struct rec_sink r;
	struct diag d;

	off = (size_t)sprintf(buf, "deep 1 1.0: 1 cycles:\n");
	for (i = 0; i < depth; i++)
		off += (size_t)sprintf(buf + off, "\t%zx f%zu (m)\n", i + 1, depth - 1 - i);
	buf[off++] = '\n';
	rec_load(&r, FORMAT_PERF, NULL, buf, off, &d);
	ck_assert_int_eq(strncmp(r.text, "deep;f0;f1;f2;", 14), 0);
	ck_assert_ptr_nonnull(strstr(r.text, ";f99999 1\n"));
	ck_assert_uint_eq(d.nbad, 0);
	rec_free(&r);
	diag_free(&d);
	free(buf);
}
END_TEST

/*
 * A perf sample of more than 1,000,000 frames is skipped with a message
 * at its header's line; the samples before and after it load, however
 * the lines are read (the same few lines repeated: each is found by the
 * one before it until the limit).
 */
START_TEST(test_too_deep_perf_sample)
{
	size_t depth = 1000001, i, off;
	char *buf = xmalloc(depth * 16 + 256);
	struct rec_sink r;
	struct diag d;

	off = (size_t)sprintf(buf, "a 1 1.0: 1 cycles:\n\t1 f (m)\n\n"
	    "deep 1 1.0: 1 cycles:\n");
	for (i = 0; i < depth; i++)
		off += (size_t)sprintf(buf + off, "\t%zu g (m)\n", i % 3);
	off += (size_t)sprintf(buf + off, "\nb 1 1.0: 2 cycles:\n\t1 f (m)\n");
	rec_load(&r, FORMAT_PERF, NULL, buf, off, &d);
	ck_assert_str_eq(r.text, "a;f 1\nb;f 2\n");
	ck_assert_uint_eq(r.samples, 2);
	ck_assert_uint_eq(d.nbad, 1);
	ck_assert_uint_eq(d.first_bad[0], 4);
	ck_assert_ptr_nonnull(strstr(d.bad_msg[0], "more than 1000000 frames"));
	rec_free(&r);
	diag_free(&d);
	free(buf);
}
END_TEST

/* Truncated samples: the file ends inside a header or a stack line. */
START_TEST(test_truncated)
{
	static const char in1[] = "app 1 1.0: 5 cycles:\n\t1 main (m)\n\t2 sta";
	static const char in2[] = "app 1 1.0: 5 cycles:\n\t1 main (m)\n\napp 2 1.0";
	struct rec_sink r;
	struct diag d;

	rec_load(&r, FORMAT_PERF, NULL, in1, sizeof in1 - 1, &d);
	ck_assert_str_eq(r.text, "app;main 5\n");
	ck_assert_uint_eq(d.nbad, 1);
	rec_free(&r);
	diag_free(&d);
	/* A header cut off at the end has no stack: dropped, and said so. */
	rec_load(&r, FORMAT_PERF, NULL, in2, sizeof in2 - 1, &d);
	ck_assert_str_eq(r.text, "app;main 5\n");
	ck_assert_uint_eq(d.nbad, 1);
	ck_assert_uint_eq(d.first_bad[0], 4);
	rec_free(&r);
	diag_free(&d);
}
END_TEST

/*
 * A first line longer than the 64 KiB format detection looks at: the
 * window is extended to the end of the line (folded), or of the frame
 * line after a perf header.
 */
START_TEST(test_long_first_line)
{
	size_t big = 200000;
	char *buf = xmalloc(big + 64);
	struct rec_sink r;
	struct diag d;

	memset(buf, 'x', big);
	memcpy(buf, "main;", 5);
	memcpy(buf + big, " 3\nmain;b 1\n", 12);
	rec_load(&r, FORMAT_AUTO, NULL, buf, big + 12, &d);
	ck_assert_uint_eq(r.len, big + 12);
	ck_assert_int_eq(strncmp(r.text, "main;xxx", 8), 0);
	ck_assert_str_eq(r.text + big, " 3\nmain;b 1\n");
	ck_assert_uint_eq(d.nbad, 0);
	rec_free(&r);
	diag_free(&d);

	memcpy(buf, "p 1 1.0: 1 cycles:\n\t1 ", 22);
	memcpy(buf + big, " (m)\n\n", 6);
	rec_load(&r, FORMAT_AUTO, NULL, buf, big + 6, &d);
	ck_assert_int_eq(strncmp(r.text, "p;xxx", 5), 0);
	ck_assert_uint_eq(d.nbad, 0);
	rec_free(&r);
	diag_free(&d);
	free(buf);
}
END_TEST

/* perf stack lines before the first header: perf, the lines reported. */
START_TEST(test_perf_orphans_detected)
{
	static const char in[] = "\t1 main (m)\n\t2 start (m)\n\n"
	    "app 1 1.0: 2 cycles:\n\t1 main (m)\n\n";
	struct rec_sink r;
	struct diag d;

	rec_load(&r, FORMAT_AUTO, NULL, in, sizeof in - 1, &d);
	ck_assert_str_eq(r.text, "app;main 2\n");
	ck_assert_uint_eq(d.nbad, 2);
	ck_assert_uint_eq(d.first_bad[0], 1);
	ck_assert_uint_eq(d.first_bad[1], 2);
	rec_free(&r);
	diag_free(&d);
}
END_TEST

/* Hostile names are escaped in messages. */
START_TEST(test_message_escaped)
{
	static const char in[] = "ok 1\n\033]0;pwned\007\033[2J\n";
	struct rec_sink r;
	struct diag d;

	rec_load(&r, FORMAT_FOLDED, NULL, in, sizeof in - 1, &d);
	ck_assert_uint_eq(d.nbad, 1);
	ck_assert_ptr_null(strchr(d.bad_msg[0], '\033'));
	ck_assert_ptr_nonnull(strstr(d.bad_msg[0], "\\e]0;pwned\\x07\\e[2J"));
	rec_free(&r);
	diag_free(&d);
}
END_TEST

Suite *
suite_badinput(void)
{
	Suite *s = suite_create("badinput");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_empty_input);
	tcase_add_test(tc, test_garbage_unknown_format);
	tcase_add_test(tc, test_random_bytes);
	tcase_add_test(tc, test_nul_bytes);
	tcase_add_test(tc, test_long_lines);
	tcase_add_test(tc, test_deep_perf_sample);
	tcase_add_test(tc, test_too_deep_perf_sample);
	tcase_add_test(tc, test_truncated);
	tcase_add_test(tc, test_message_escaped);
	tcase_add_test(tc, test_long_first_line);
	tcase_add_test(tc, test_perf_orphans_detected);
	suite_add_tcase(s, tc);
	return s;
}
