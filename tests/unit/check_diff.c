/*
 * Differential profiles: difffolded.pl's 3-column output, -n and -s, on the
 * worked example of formats.md section 6.1.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "check_suites.h"
#include "diff/diff.h"
#include "export/collapse.h"
#include "helpers.h"

static const char F1[] = "main;a 10\nmain;b 5\nmain;c;0x7f001234 2\n";
static const char F2[] = "main;a 12\nmain;b 1\nmain;d 6\nmain;c;0x7f00ABCD 3\n";

/* Load BEFORE and AFTER folded texts into one two-profile tree. */
static struct tree *
load_pair(const char *before, const char *after, int strip_hex)
{
	struct tree *t = tree_new(2);
	const char *text[2] = {before, after};
	int p;

	for (p = 0; p < 2; p++) {
		struct reader *rd = reader_mem(text[p], strlen(text[p]), "t");
		struct stack_sink tsink, fsink;
		struct sink_tree st;
		struct diff_filter f;
		struct load_result res;
		struct diag d;

		memset(&res, 0, sizeof res);
		diag_init(&d, "t");
		sink_tree_init(&st, &tsink, t, p);
		diff_filter_init(&f, &fsink, &tsink, strip_hex);
		load_folded(rd, NULL, &fsink, &d, &res, NULL);
		diff_filter_free(&f);
		diag_free(&d);
		reader_close(rd);
	}
	tree_finish(t);
	return t;
}

static char *
diff_string(const struct tree *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	collapse_write_diff(t, fp);
	fclose(fp);
	return buf;
}

START_TEST(test_default)
{
	struct tree *t = load_pair(F1, F2, 0);
	char *out = diff_string(t);

	/* A stack only on one side gets 0 on the other. */
	ck_assert_str_eq(out,
	    "main;a 10 12\nmain;b 5 1\nmain;c;0x7f001234 2 0\n"
	    "main;c;0x7f00ABCD 0 3\nmain;d 0 6\n");
	free(out);
	tree_free(t);
}
END_TEST

/* -n: T1 = 17, T2 = 22; every BEFORE count becomes int(c * 22 / 17). */
START_TEST(test_normalize)
{
	struct tree *t = load_pair(F1, F2, 0);
	char *out;

	ck_assert_int_eq(diff_normalize(t), 0);
	out = diff_string(t);
	/* 10*22/17 = 12.94 -> 12; 5*22/17 = 6.47 -> 6; 2*22/17 = 2.59 -> 2. */
	ck_assert_str_eq(out,
	    "main;a 12 12\nmain;b 6 1\nmain;c;0x7f001234 2 0\n"
	    "main;c;0x7f00ABCD 0 3\nmain;d 0 6\n");
	free(out);
	tree_free(t);
	/* An empty BEFORE cannot be scaled. */
	t = load_pair("", F2, 0);
	ck_assert_int_eq(diff_normalize(t), -1);
	tree_free(t);
}
END_TEST

/* -s: hex addresses of either case fold, so the two c;0x... stacks merge. */
START_TEST(test_strip_hex)
{
	struct tree *t = load_pair(F1, F2, 1);
	char *out = diff_string(t);
	char buf[64];

	ck_assert_str_eq(out,
	    "main;a 10 12\nmain;b 5 1\nmain;c;0x... 2 3\nmain;d 0 6\n");
	ck_assert_uint_eq(diff_strip_hex(buf, "a0x1fZ;0x;0xg0xAb", 17), 19);
	buf[19] = '\0';
	ck_assert_str_eq(buf, "a0x...Z;0x;0xg0x...");
	free(out);
	tree_free(t);
}
END_TEST

/* Fractional counts are truncated (inferno's rule). */
START_TEST(test_fractions_truncated)
{
	struct tree *t = load_pair("a 14.2343983248723\nb 11.98\n", "a 13\nb 15\n", 0);
	char *out = diff_string(t);

	ck_assert_str_eq(out, "a 14 13\nb 11 15\n");
	free(out);
	tree_free(t);
}
END_TEST

/*
 * The colour rule on formats.md 6.2's worked example (difffolded -s F1 F2):
 * maxdelta = 6 (main;d 0 6).
 *   a    10 -> 12  d=+2  X = 210*(6-2)/6 = 140  rgb(255,140,140)
 *   b     5 ->  1  d=-4  X = 210*(6-4)/6 =  70  rgb(70,70,255)
 *   c     (not a leaf)  d=0                      white
 *   0x... 2 ->  3  d=+1  X = 210*5/6 = 175      rgb(255,175,175)
 *   d     0 ->  6  d=+6  X = 0 (only in AFTER)  rgb(255,0,0)
 */
START_TEST(test_colour_rule)
{
	struct tree *t = load_pair(F1, F2, 1);
	uint64_t m = diff_maxdelta(t);
	struct diff_rgb c;

	ck_assert_uint_eq(m, 6);
	c = diff_colour(diff_delta(t, node_at(t, "main;a"), 0), m);
	ck_assert(c.r == 255 && c.g == 140 && c.b == 140);   /* growth */
	c = diff_colour(diff_delta(t, node_at(t, "main;b"), 0), m);
	ck_assert(c.r == 70 && c.g == 70 && c.b == 255);     /* shrinkage */
	c = diff_colour(diff_delta(t, node_at(t, "main;c"), 0), m);
	ck_assert(c.r == 255 && c.g == 255 && c.b == 255);   /* unchanged */
	c = diff_colour(diff_delta(t, node_at(t, "main;c;0x..."), 0), m);
	ck_assert(c.r == 255 && c.g == 175 && c.b == 175);
	c = diff_colour(diff_delta(t, node_at(t, "main;d"), 0), m);
	ck_assert(c.r == 255 && c.g == 0 && c.b == 0);       /* only in AFTER */
	/* --negate swaps the hues: b's shrinkage shows red. */
	c = diff_colour(diff_delta(t, node_at(t, "main;b"), 1), m);
	ck_assert(c.r == 255 && c.g == 70 && c.b == 70);
	tree_free(t);
}
END_TEST

/* Only in BEFORE: deepest blue; normalisation changes the deltas. */
START_TEST(test_colour_only_before_normalized)
{
	struct tree *t = load_pair("x;gone 8\nx;kept 8\n", "x;kept 4\n", 0);
	struct diff_rgb c;

	/* gone: 8 -> 0, d=-8 = -M: rgb(0,0,255); kept: 8 -> 4, d=-4: X=105. */
	c = diff_colour(diff_delta(t, node_at(t, "x;gone"), 0), diff_maxdelta(t));
	ck_assert(c.r == 0 && c.g == 0 && c.b == 255);
	c = diff_colour(diff_delta(t, node_at(t, "x;kept"), 0), diff_maxdelta(t));
	ck_assert(c.r == 105 && c.b == 255);
	/* -n: BEFORE 16 -> AFTER 4, so gone 8 -> 2, kept 8 -> 2: kept grew by 2. */
	ck_assert_int_eq(diff_normalize(t), 0);
	ck_assert_int_eq(diff_delta(t, node_at(t, "x;kept"), 0), 2);
	ck_assert_int_eq(diff_delta(t, node_at(t, "x;gone"), 0), -2);
	c = diff_colour(diff_delta(t, node_at(t, "x;kept"), 0), diff_maxdelta(t));
	ck_assert(c.r == 255 && c.g == 0 && c.b == 0);
	tree_free(t);
}
END_TEST

/* alloc1 vs alloc2: no frame at depth 1 or 2 on both sides. */
START_TEST(test_disjoint)
{
	struct tree *t;

	t = load_pair("alloc1;main;malloc 30\n", "alloc2;main;malloc 54\n", 0);
	ck_assert_int_eq(diff_disjoint(t), 1);
	tree_free(t);
	/* The same command: shared at depth 1. */
	t = load_pair(F1, F2, 0);
	ck_assert_int_eq(diff_disjoint(t), 0);
	tree_free(t);
	/* Different roots, but one frame shared at depth 2 under one. */
	t = load_pair("x;main 3\ny;a 1\n", "x;main 4\n", 0);
	ck_assert_int_eq(diff_disjoint(t), 0);
	tree_free(t);
	/* Sharing only deeper than 2 is still disjoint at the top. */
	t = load_pair("a;b;c 1\n", "z;b;c 1\n", 0);
	ck_assert_int_eq(diff_disjoint(t), 1);
	tree_free(t);
}
END_TEST

/* Totals more than 10% apart: said with the ratio; within 10%: nothing. */
START_TEST(test_totals_note)
{
	struct tree *t;
	char buf[128];
	struct tf_units u;

	units_init(&u, NULL, NULL, 0);
	t = load_pair("a 30\n", "a 54\n", 0);
	ck_assert_int_eq(diff_totals_note(t, &u, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "AFTER has 1.8x the samples of BEFORE; -n scales");
	tree_free(t);
	t = load_pair("a 200\n", "a 50\n", 0);
	ck_assert_int_eq(diff_totals_note(t, &u, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "BEFORE has 4.0x the samples of AFTER; -n scales");
	tree_free(t);
	t = load_pair("a 100\n", "a 110\n", 0);
	ck_assert_int_eq(diff_totals_note(t, &u, buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "");
	tree_free(t);
	t = load_pair("a 100\n", "a 111\n", 0);
	ck_assert_int_eq(diff_totals_note(t, &u, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "AFTER has 1.11x the samples of BEFORE; -n scales");
	tree_free(t);
	/* An empty side: nothing to scale (another note says so). */
	t = load_pair("", "a 5\n", 0);
	ck_assert_int_eq(diff_totals_note(t, &u, buf, sizeof buf), 0);
	tree_free(t);
	/* Said in the weight's unit (#48: cycles were called samples). */
	t = load_pair("a 100\n", "a 150\n", 0);
	units_init(&u, "cycles", NULL, 1);
	ck_assert_int_eq(diff_totals_note(t, &u, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "AFTER has 1.5x the cycles of BEFORE; -n scales");
	units_init(&u, "cpu-clock", NULL, 0);
	ck_assert_int_eq(diff_totals_note(t, &u, buf, sizeof buf), 1);
	ck_assert_str_eq(buf,
	    "AFTER has 1.5x the cpu-clock samples of BEFORE; -n scales");
	units_init(&u, "cpu-clock", "bytes", 1);
	ck_assert_int_eq(diff_totals_note(t, &u, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "AFTER has 1.5x the bytes of BEFORE; -n scales");
	ck_assert_int_eq(diff_totals_note(t, NULL, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "AFTER has 1.5x the weight of BEFORE; -n scales");
	tree_free(t);
}
END_TEST


Suite *
suite_diff(void)
{
	Suite *s = suite_create("diff");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_default);
	tcase_add_test(tc, test_disjoint);
	tcase_add_test(tc, test_totals_note);
	tcase_add_test(tc, test_normalize);
	tcase_add_test(tc, test_strip_hex);
	tcase_add_test(tc, test_fractions_truncated);
	tcase_add_test(tc, test_colour_rule);
	tcase_add_test(tc, test_colour_only_before_normalized);
	suite_add_tcase(s, tc);
	return s;
}
