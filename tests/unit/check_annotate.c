/*
 * The annotate model (model/annotate.h): a function's lines from the
 * srcline table, over a subtree; hottest first then file order; the
 * source text read from a file; perf annotate --stdio -l parsed.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/annotate.h"
#include "model/strtab.h"
#include "model/tree.h"

/* Insert the stack path ("a;b;c") with weight w; the leaf's node. */
static uint32_t
add_stack(struct tree *t, const char *path, uint64_t w)
{
	uint32_t n = TREE_ROOT;
	const char *p = path, *e;

	for (;;) {
		e = strchr(p, ';');
		n = tree_child(t, n, strtab_intern(tree_strtab(t), p,
		    e != NULL ? (size_t)(e - p) : strlen(p)));
		if (e == NULL)
			break;
		p = e + 1;
	}
	tree_add_self(t, 0, n, COUNT_INT(w));
	return n;
}

static void
add_line(struct linetab *lt, uint32_t node, const char *loc, uint64_t w)
{
	linetab_add(lt, node, loc, strlen(loc), COUNT_INT(w));
}

START_TEST(test_build)
{
	struct tree *t = tree_new(1);
	struct linetab *lt = linetab_new();
	struct annotation a;
	uint32_t x, y, z, name, top;

	x = add_stack(t, "main;f", 10);
	y = add_stack(t, "main;g;f", 6);
	z = add_stack(t, "main;g", 3);
	add_line(lt, x, "f.c:8", 5);
	add_line(lt, x, "f.c:7", 2);
	add_line(lt, y, "f.c:8", 4);
	add_line(lt, y, "f.c:3", 2);
	add_line(lt, z, "g.c:1", 3);
	tree_finish(t);
	name = strtab_lookup(tree_strtab(t), "f", 1);
	annotate_build(&a, t, 0, lt, TREE_ROOT, name);
	annotate_sort(&a);
	ck_assert(a.self == 16);
	ck_assert_uint_eq(a.n, 4); /* 8, 7, 3 and 3 without a line */
	ck_assert_str_eq(a.lines[0].file, "f.c");
	ck_assert_uint_eq(a.lines[0].line, 8);
	ck_assert(a.lines[0].weight == 9);
	ck_assert(annotate_share(&a, 0) == 9 * 100.0 / 16);
	/* the samples without a line are a row; ties in file order */
	ck_assert_uint_eq(a.lines[1].line, 0);
	ck_assert_ptr_null(a.lines[1].file);
	ck_assert(a.lines[1].weight == 3);
	ck_assert_uint_eq(a.lines[2].line, 3);
	ck_assert_uint_eq(a.lines[3].line, 7);
	annotate_free(&a);
	/* under main;g only */
	top = tree_find_child(t, tree_find_child(t, TREE_ROOT,
	    strtab_lookup(tree_strtab(t), "main", 4)),
	    strtab_lookup(tree_strtab(t), "g", 1));
	annotate_build(&a, t, 0, lt, top, name);
	annotate_sort(&a);
	ck_assert(a.self == 6);
	ck_assert_uint_eq(a.n, 2);
	ck_assert_uint_eq(a.lines[0].line, 8);
	ck_assert(a.lines[0].weight == 4);
	annotate_free(&a);
	linetab_free(lt);
	tree_free(t);
}
END_TEST

/* Read a whole file of tests/data into *len bytes. */
static char *
slurp(const char *name, size_t *len)
{
	char path[1024], *buf;
	FILE *fp;

	snprintf(path, sizeof path, "%s/%s", TESTS_DATADIR, name);
	fp = fopen(path, "rb");
	ck_assert_ptr_nonnull(fp);
	buf = malloc(1 << 20);
	*len = fread(buf, 1, (1 << 20) - 1, fp);
	buf[*len] = '\0';
	fclose(fp);
	return buf;
}

START_TEST(test_perf_annotate)
{
	struct annotation a;
	size_t len, k;
	char *text = slurp("srcline/hot.annotate", &len);

	ck_assert_int_eq(annotate_parse_perf(&a, text, len), 0);
	annotate_sort(&a);
	ck_assert_uint_eq(a.n, 2);
	ck_assert_str_eq(a.lines[0].file, "hot.c");
	ck_assert_uint_eq(a.lines[0].line, 8);
	ck_assert(annotate_share(&a, 0) >= 50);
	ck_assert_ptr_nonnull(a.lines[0].text);
	ck_assert_ptr_nonnull(strstr(a.lines[0].text, "the hot line"));
	ck_assert_ptr_nonnull(a.lines[0].disasm);
	ck_assert_ptr_nonnull(strstr(a.lines[0].disasm, "div"));
	ck_assert_uint_eq(a.lines[1].line, 7);
	ck_assert_ptr_nonnull(strstr(a.lines[1].text, "for ("));
	ck_assert_uint_gt(a.samples, 0);
	annotate_free(&a);
	/* every cut of it, in a buffer of just that size: no overread */
	for (k = 0; k < len; k += 3) {
		char *cut = malloc(k + (k == 0));

		memcpy(cut, text, k);
		(void)annotate_parse_perf(&a, cut, k);
		annotate_sort(&a);
		annotate_free(&a);
		free(cut);
	}
	/* no summary: nothing */
	ck_assert_int_eq(annotate_parse_perf(&a, "Error:\nno samples\n", 18),
	    -1);
	annotate_free(&a);
	free(text);
}
END_TEST

START_TEST(test_source)
{
	struct tree *t = tree_new(1);
	struct linetab *lt = linetab_new();
	struct annotation a;
	char loc[1100];
	uint32_t x;

	snprintf(loc, sizeof loc, "%s/srcline/hot.c:8", TESTS_DATADIR);
	x = add_stack(t, "main;hot_function", 4);
	add_line(lt, x, loc, 3);
	add_line(lt, x, "/nonexistent/x.c:1", 1);
	add_line(lt, x, "/dev/zero:1", 0);
	tree_finish(t);
	annotate_build(&a, t, 0, lt, TREE_ROOT,
	    strtab_lookup(tree_strtab(t), "hot_function", 12));
	annotate_sort(&a);
	annotate_read_source(&a);
	ck_assert_uint_eq(a.n, 2);
	ck_assert_ptr_nonnull(a.lines[0].text);
	ck_assert_ptr_nonnull(strstr(a.lines[0].text, "s += (s ^ i)"));
	ck_assert_ptr_null(a.lines[1].text);
	annotate_free(&a);
	linetab_free(lt);
	tree_free(t);
}
END_TEST

START_TEST(test_missing)
{
	struct tree *t = tree_new(1);
	struct missing_syms m;
	char buf[1024];

	add_stack(t, "xz;main;[liblzma.so.5]", 60);
	add_stack(t, "xz;main;work", 25);
	add_stack(t, "xz;main;[unknown]", 5);
	add_stack(t, "xz;main;0x7f00dead", 4);
	add_stack(t, "xz;main;[libc.so.6 <7f0000002000>]", 3);
	add_stack(t, "xz;main;cafe", 2);             /* a name, not an address */
	add_stack(t, "xz;main;[a] [b]", 1);          /* not a bare [module] */
	tree_finish(t);
	ck_assert_int_eq(annotate_missing(t, 0, &m), 1);
	ck_assert(m.share == 72);
	ck_assert_uint_eq(m.n, 4);
	ck_assert_str_eq(m.mod[0].name, "liblzma.so.5");
	ck_assert(m.mod[0].share == 60);
	ck_assert_str_eq(m.mod[1].name, "unknown");
	ck_assert_str_eq(m.mod[2].name, "addresses");
	ck_assert_str_eq(m.mod[3].name, "libc.so.6");
	ck_assert_uint_eq(m.more, 0);
	annotate_missing_text(&m, 0, buf, sizeof buf);
	ck_assert_ptr_nonnull(strstr(buf, "72.0% of the samples"));
	ck_assert_ptr_nonnull(strstr(buf, "liblzma.so.5 60.0%"));
	ck_assert_ptr_nonnull(strstr(buf, "-dbgsym"));
	ck_assert_ptr_nonnull(strstr(buf, "debuginfod"));
	ck_assert_ptr_nonnull(strstr(buf, "--call-graph=dwarf"));
	ck_assert_ptr_nonnull(strstr(buf, "--addrs"));
	annotate_missing_text(&m, 1, buf, sizeof buf);
	ck_assert_ptr_null(strstr(buf, "What helps"));
	tree_free(t);
	/* 10% or less: nothing to say */
	t = tree_new(1);
	add_stack(t, "a;[libx.so]", 10);
	add_stack(t, "a;b", 90);
	tree_finish(t);
	ck_assert_int_eq(annotate_missing(t, 0, &m), 0);
	ck_assert(m.share == 10);
	tree_free(t);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("annotate");
	TCase *tc = tcase_create("lines");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_build);
	tcase_add_test(tc, test_perf_annotate);
	tcase_add_test(tc, test_source);
	tcase_add_test(tc, test_missing);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
