/*
 * The folded grammar (formats.md section 4.2) and the folded loader.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_suites.h"
#include "helpers.h"
#include "loaders/folded.h"

static int
parse(const char *line, struct folded_line *fl)
{
	return folded_parse(line, strlen(line), 1, fl);
}

START_TEST(test_parse_valid)
{
	struct folded_line fl;

	ck_assert_int_eq(parse("a;b 5", &fl), 1);
	ck_assert_uint_eq(fl.stack_len, 3);
	ck_assert_uint_eq(fl.count.n, 5);
	ck_assert_int_eq(fl.has_two, 0);
	/* TAB works as the separator; spaces inside names are kept. */
	ck_assert_int_eq(parse("my frame;b\t7", &fl), 1);
	ck_assert_uint_eq(fl.stack_len, 10);
	/* Fractions: "5.", "1.5". */
	ck_assert_int_eq(parse("a 5.", &fl), 1);
	ck_assert_uint_eq(fl.count.n, 5);
	ck_assert_int_eq(parse("a 1.5", &fl), 1);
	ck_assert(fl.count.frac == 0.5);
	/* An empty stack is valid: " 5". */
	ck_assert_int_eq(parse(" 5", &fl), 1);
	ck_assert_uint_eq(fl.stack_len, 0);
	/* Two counts: a differential line. */
	ck_assert_int_eq(parse("a;b 10 12", &fl), 1);
	ck_assert_int_eq(fl.has_two, 1);
	ck_assert_uint_eq(fl.count1.n, 10);
	ck_assert_uint_eq(fl.count.n, 12);
	ck_assert_uint_eq(fl.stack_len, 3);
}
END_TEST

START_TEST(test_parse_invalid)
{
	struct folded_line fl;

	ck_assert_int_eq(parse("", &fl), 0);
	ck_assert_int_eq(parse("a", &fl), 0);
	ck_assert_int_eq(parse("a .5", &fl), 0);
	ck_assert_int_eq(parse("a 1.5.3", &fl), 0);
	ck_assert_int_eq(parse("a 5 ", &fl), 0);   /* trailing space */
	ck_assert_int_eq(parse("a -5", &fl), 0);   /* no sign */
	ck_assert_int_eq(parse("a 1e", &fl), 0);   /* an exponent needs digits */
	ck_assert_int_eq(parse("a 1e5", &fl), 1);  /* exponents read */
	ck_assert_uint_eq(fl.count.n, 100000);
	ck_assert_int_eq(parse("# comment", &fl), 0);
	ck_assert_int_eq(parse("a 99999999999999999999", &fl), -1);
}
END_TEST

/* Frames: empty middle fields kept, trailing ones dropped. */
START_TEST(test_frames_split)
{
	struct rec_sink r;
	struct diag d;
	static const char in[] = "a;;b 1\na;b; 2\n; 3\n;x 4\n# c 5\n";

	rec_load(&r, FORMAT_FOLDED, NULL, in, sizeof in - 1, &d);
	ck_assert_str_eq(r.text, "a;;b 1\na;b 2\n 3\n;x 4\n# c 5\n");
	ck_assert_uint_eq(d.nbad, 0);
	rec_free(&r);
	diag_free(&d);
}
END_TEST

/* Invalid lines are counted with their line numbers; the rest loads. */
START_TEST(test_bad_lines_reported)
{
	static const char in[] = "main;a 5\ngarbage here\n\n# just a comment\nmain;b x\nmain;c 2\r\n";
	struct rec_sink r;
	struct diag d;

	rec_load(&r, FORMAT_FOLDED, NULL, in, sizeof in - 1, &d);
	ck_assert_str_eq(r.text, "main;a 5\nmain;c 2\n");
	ck_assert_uint_eq(d.nbad, 2);
	ck_assert_uint_eq(d.first_bad[0], 2);
	ck_assert_uint_eq(d.first_bad[1], 5);
	ck_assert_ptr_nonnull(strstr(d.bad_msg[0], "garbage here"));
	rec_free(&r);
	diag_free(&d);
}
END_TEST

/* Duplicates merge and --collapse sorts byte-wise. */
START_TEST(test_merge_sort)
{
	struct tree *t = tree_from_folded("b;x 1\na 2\nb;x 3\nB 1\n");
	char *out = collapse_string(t);

	ck_assert_str_eq(out, "B 1\na 2\nb;x 4\n");
	free(out);
	tree_free(t);
}
END_TEST

/*
 * Each line starts from the frames it shares with the line before: shared
 * up to a byte inside a name ("a;b" after "a;bc"), a whole line that is a
 * prefix of the next one or the next one of it, a name that goes on
 * ("d" then "dd"), trailing ";" dropped.
 */
START_TEST(test_shared_frames)
{
	struct tree *t = tree_from_folded(
	    "a;bc;d 1\n"
	    "a;b;d 1\n"
	    "a;b 1\n"
	    "a;b;d;e 1\n"
	    "a;b;d 1\n"
	    "a;b;dd 1\n"
	    "a;b;dd;x 1\n"
	    "a 1\n"
	    "ab;c 1\n"
	    "a;b;d;e 2\n"
	    "a;b;d;e;;; 1\n"
	    "a;b;d;e;f 1\n"
	    "a;b;d;e 1\n");
	char *out = collapse_string(t);

	ck_assert_str_eq(out, "a 1\na;b 1\na;b;d 2\na;b;d;e 5\na;b;d;e;f 1\n"
	    "a;b;dd 1\na;b;dd;x 1\na;bc;d 1\nab;c 1\n");
	/* The root, a, a;b, a;bc, a;bc;d, a;b;d, e, f, dd, x, ab, ab;c. */
	ck_assert_uint_eq(tree_size(t), 12);
	free(out);
	tree_free(t);
}
END_TEST

/* The samples before an error at byte at: the lines, the one it cuts too. */
static int
lines_before(const char *in, size_t at, uint64_t samples)
{
	uint64_t n = count_before(in, at, "\n");

	return samples == n || samples == n + 1;
}

/*
 * A read error (a bad disk block) anywhere in the input: in two parts the
 * stacks and messages must be those of one thread, which stops at the
 * error - also when the error is in the first part and the second part,
 * after it, reads well (it must then be dropped, not merged).
 */
START_TEST(test_read_error_parts)
{
	char *in = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&in, &len);
	int i;

	/* Over 600 KB: more than the reader's first block (256 KiB). */
	for (i = 0; i < 40000; i++)
		fprintf(fp, "main;f%d;g%d %d\n", i, i % 7, 1 + i % 3);
	fclose(fp);
	ck_assert_uint_gt(len, 600000);
	rec_read_errors(FORMAT_FOLDED, in, len, lines_before);
	free(in);
}
END_TEST

Suite *
suite_folded(void)
{
	Suite *s = suite_create("folded");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_parse_valid);
	tcase_add_test(tc, test_parse_invalid);
	tcase_add_test(tc, test_frames_split);
	tcase_add_test(tc, test_bad_lines_reported);
	tcase_add_test(tc, test_merge_sort);
	tcase_add_test(tc, test_shared_frames);
	tcase_add_test(tc, test_read_error_parts);
	suite_add_tcase(s, tc);
	return s;
}
