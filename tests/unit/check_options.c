/*
 * Unit tests of cli/options.c, the option table: every option of the
 * table is in --help and in tflame(1)'s OPTIONS, every option the manual
 * documents there (a .TP tag) and every --option --help names is in the
 * table; the rows set what they say, transforms keep their order, and
 * bad usage exits with EXIT_USAGE.
 */
#include "config.h"

#include <check.h>
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "model/xform.h"
#include "util/fatal.h"
#include "util/macros.h"

#define MAN_PAGE TESTS_SRCDIR "/man/tflame.1"
#define NAME_MAX_LEN 64

/* --help's text (the caller frees it). */
static char *
help_text(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	options_usage(fp);
	ck_assert_int_eq(fclose(fp), 0);
	return buf;
}

/* Is c a character of an option's name? */
static int
name_char(int c)
{
	return islower(c) || isdigit(c) || c == '-';
}

/* Does text hold flag ("--name" or "-x") as a whole word? */
static int
has_flag(const char *text, const char *flag)
{
	const char *p = text;
	size_t n = strlen(flag);

	while ((p = strstr(p, flag)) != NULL) {
		if ((p == text || !name_char((unsigned char)p[-1])) &&
		    !name_char((unsigned char)p[n]) && !isalnum((unsigned char)p[n]))
			return 1;
		p++;
	}
	return 0;
}

/* Is "--name" (name: n bytes) or letter c an option of the table? */
static int
in_table(const char *name, size_t n, int c)
{
	const char *s;
	size_t i;
	int letter;

	for (i = 0; (s = options_name(i, &letter)) != NULL; i++)
		if (name != NULL ? strlen(s) == n && memcmp(s, name, n) == 0 :
		    letter == c)
			return 1;
	return 0;
}

/*
 * The man page's OPTIONS section, its .TP tag lines put apart: tags gets
 * every tag line, body everything (both NUL-terminated; the caller frees).
 */
static void
man_options(char **tags, char **body)
{
	FILE *fp = fopen(MAN_PAGE, "r"), *t, *b;
	char line[4096];
	size_t tl = 0, bl = 0;
	int in = 0, tag = 0;

	ck_assert_msg(fp != NULL, "cannot open %s", MAN_PAGE);
	t = open_memstream(tags, &tl);
	b = open_memstream(body, &bl);
	while (fgets(line, sizeof line, fp) != NULL) {
		if (strncmp(line, ".SH ", 4) == 0)
			in = strncmp(line, ".SH OPTIONS", 11) == 0;
		if (!in)
			continue;
		fputs(line, b);
		if (tag)
			fputs(line, t);
		tag = strncmp(line, ".TP", 3) == 0;
	}
	fclose(fp);
	fclose(t);
	fclose(b);
	ck_assert_msg(bl > 0, "no OPTIONS section in %s", MAN_PAGE);
}

/*
 * The next option written in roff at or after *p (\-\-name, with \- for
 * each hyphen, or \-x): its name into name (letter options: "" and
 * *letter); NULL when there is none.
 */
static const char *
man_next(const char *p, char *name, int *letter)
{
	size_t n;

	for (; (p = strstr(p, "\\-")) != NULL; p++) {
		if (strncmp(p, "\\-\\-", 4) == 0 && name_char((unsigned char)p[4]) &&
		    p[4] != '-') {
			p += 4;
			for (n = 0; n + 1 < NAME_MAX_LEN; ) {
				if (strncmp(p, "\\-", 2) == 0) {
					name[n++] = '-';
					p += 2;
				} else if (islower((unsigned char)*p) ||
				    isdigit((unsigned char)*p))
					name[n++] = *p++;
				else
					break;
			}
			name[n] = '\0';
			*letter = 0;
			return p;
		}
		if (isalpha((unsigned char)p[2]) && !isalnum((unsigned char)p[3])) {
			name[0] = '\0';
			*letter = p[2];
			return p + 3;
		}
	}
	return NULL;
}

/* Every option of the table is in --help. */
START_TEST(test_table_in_help)
{
	char *help = help_text(), flag[NAME_MAX_LEN + 2];
	const char *s;
	size_t i;
	int letter;

	for (i = 0; (s = options_name(i, &letter)) != NULL; i++) {
		if (*s != '\0') {
			snprintf(flag, sizeof flag, "--%s", s);
			ck_assert_msg(has_flag(help, flag), "%s is not in --help",
			    flag);
		}
		if (letter != 0) {
			snprintf(flag, sizeof flag, "-%c", letter);
			ck_assert_msg(has_flag(help, flag), "%s is not in --help",
			    flag);
		}
	}
	ck_assert_uint_gt(i, 40);
	free(help);
}
END_TEST

/* Every --option --help names is in the table (but perf's, after "="). */
START_TEST(test_help_in_table)
{
	char *help = help_text();
	const char *p = help;
	size_t n;

	while ((p = strstr(p, "--")) != NULL) {
		n = strspn(p + 2, "abcdefghijklmnopqrstuvwxyz0123456789-");
		if (n > 0 && (p == help || (p[-1] != '=' && !name_char(p[-1]))))
			ck_assert_msg(in_table(p + 2, n, 0), "--help names "
			    "--%.*s, which is no option", (int)n, p + 2);
		p += 2 + n;
	}
	free(help);
}
END_TEST

/* Every option of the table is in tflame(1)'s OPTIONS: a long one as a tag. */
START_TEST(test_table_in_man)
{
	char *tags, *body, flag[NAME_MAX_LEN + 8];
	const char *s, *p;
	size_t i;
	int letter, found;
	char name[NAME_MAX_LEN];
	int l;

	man_options(&tags, &body);
	for (i = 0; (s = options_name(i, &letter)) != NULL; i++) {
		for (found = 0, p = *s != '\0' ? tags : body;
		    !found && (p = man_next(p, name, &l)) != NULL; )
			found = *s != '\0' ? strcmp(name, s) == 0 : l == letter;
		if (*s != '\0')
			snprintf(flag, sizeof flag, "--%s", s);
		else
			snprintf(flag, sizeof flag, "-%c", letter);
		ck_assert_msg(found, "%s is not documented in %s's OPTIONS",
		    flag, MAN_PAGE);
	}
	free(tags);
	free(body);
}
END_TEST

/* Every option tflame(1) documents in OPTIONS (its tags) is in the table. */
START_TEST(test_man_in_table)
{
	char *tags, *body, name[NAME_MAX_LEN];
	const char *p = NULL;
	int letter, n = 0;

	man_options(&tags, &body);
	for (p = tags; (p = man_next(p, name, &letter)) != NULL; n++)
		ck_assert_msg(letter != 0 ? in_table(NULL, 0, letter) :
		    in_table(name, strlen(name), 0), "%s documents %s%s%c, "
		    "which is not in the option table", MAN_PAGE,
		    letter ? "-" : "--", name, letter ? letter : ' ');
	ck_assert_int_gt(n, 40);
	free(tags);
	free(body);
}
END_TEST

/*
 * Parse args (NULL-terminated) into o, as a fresh process would, from a
 * writable copy (static: o points into it; no allocation to leak when
 * valgrind runs the tests in one process).
 */
static void
parse(struct options *o, const char *const *args)
{
	static char pool[1024], *argv[16];
	size_t at = 0, n;
	int argc;

	for (argc = 0; args[argc] != NULL; argc++) {
		n = strlen(args[argc]) + 1;
		ck_assert(argc + 1 < (int)ARRAY_SIZE(argv) &&
		    at + n <= sizeof pool);
		argv[argc] = memcpy(pool + at, args[argc], n);
		at += n;
	}
	argv[argc] = NULL;
	optind = 0; /* glibc: start again from scratch */
	options_parse(o, argc, argv);
}

/* The rows set what they say; the defaults are flamegraph.pl's. */
START_TEST(test_rows_set)
{
	const char *const argv[] = {"tflame", "-ci", "--pid", "--all", "--threads=1",
	    "--map", "m", "--width=800", "--fontsize=9.5", "--minwidth=1%",
	    "--order=weight", "--search=x", "-f", "folded", "in", NULL};
	struct options o;

	parse(&o, argv);
	ck_assert_int_eq(o.mode, MODE_COLLAPSE);
	ck_assert_int_eq(o.inverted, 1);
	ck_assert_int_eq(o.load.perf.pid, 1);
	ck_assert_int_eq(o.load.kernel && o.load.perf.jit, 1);
	ck_assert_int_eq(o.load.threads, 1);
	ck_assert_str_eq(o.load.bpftrace.map, "m");
	ck_assert_int_eq(o.svg.width, 800);
	ck_assert_int_eq(o.svg.height, 16);
	ck_assert(o.svg.fontsize == 9.5);
	ck_assert_str_eq(o.svg.minwidth, "1%");
	ck_assert_str_eq(o.svg.fonttype, "Verdana");
	ck_assert_int_eq(o.order_weight, 1);
	ck_assert_str_eq(o.search, "x");
	ck_assert_int_eq(o.load.format, FORMAT_FOLDED);
	ck_assert_str_eq(o.input, "in");
	ck_assert_int_eq(o.top_rows, 20);
}
END_TEST

/* Transform flags are steps in the order given; they make the subtitle. */
START_TEST(test_xforms)
{
	const char *const argv[] = {"tflame", "--merge-threads", "--focus=a", "--hide",
	    "b", "--collapse-recursion", "--exclude=c", "--svg=-", NULL};
	struct options o;

	parse(&o, argv);
	ck_assert_int_eq(o.nxforms, 5);
	ck_assert_ptr_eq(o.xforms[0].kind, xform_by_flag("merge-threads"));
	ck_assert_ptr_null(o.xforms[0].re);
	ck_assert_ptr_eq(o.xforms[1].kind, xform_by_flag("focus"));
	ck_assert_str_eq(o.xforms[1].re, "a");
	ck_assert_ptr_eq(o.xforms[2].kind, xform_by_flag("hide"));
	ck_assert_str_eq(o.xforms[2].re, "b");
	ck_assert_ptr_eq(o.xforms[3].kind, xform_by_flag("collapse-recursion"));
	ck_assert_ptr_eq(o.xforms[4].kind, xform_by_flag("exclude"));
	ck_assert_str_eq(o.svg.path, "-");
	ck_assert_ptr_nonnull(o.svg.subtitle);
	ck_assert_ptr_nonnull(strstr(o.svg.subtitle, "focus a"));
}
END_TEST

/* --record: the command after --, the default frequency. */
START_TEST(test_record)
{
	const char *const argv[] = {"tflame", "--record", "--top=5", "--", "sleep", "1",
	    NULL};
	struct options o;

	parse(&o, argv);
	ck_assert_int_eq(o.record.on, 1);
	ck_assert_int_eq(o.mode, MODE_TOP);
	ck_assert_int_eq(o.text_mode, 1);
	ck_assert_int_eq(o.top_rows, 5);
	ck_assert_int_eq(o.record.freq, 99);
	ck_assert_str_eq(o.record.cmd[0], "sleep");
	ck_assert_ptr_null(o.input);
}
END_TEST

/* Bad usage exits with EXIT_USAGE (each in its own process). */
static const char *const bad[][6] = {
	{"tflame", "-Zc", NULL},
	{"tflame", "-cf", NULL},
	{"tflame", "--collapse", "--svg=x", NULL},
	{"tflame", "--tree", "--top", NULL},
	{"tflame", "--threads=3", NULL},
	{"tflame", "--record", "-a", "--focus=x", NULL},
	{"tflame", "--record", "-a", "--window=1", "--svg=x"},
	{"tflame", "--record", "-a", "--diff", NULL},
	{"tflame", "--focus=(", "x", NULL},
};

START_TEST(test_bad_usage)
{
	struct options o;

	parse(&o, bad[_i]);
}
END_TEST

static Suite *
options_suite(void)
{
	Suite *s = suite_create("options");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, test_table_in_help);
	tcase_add_test(tc, test_help_in_table);
	tcase_add_test(tc, test_table_in_man);
	tcase_add_test(tc, test_man_in_table);
	tcase_add_test(tc, test_rows_set);
	tcase_add_test(tc, test_xforms);
	tcase_add_test(tc, test_record);
	/* Each exits: only where every test has a process of its own. */
	if (getenv("CK_FORK") == NULL || strcmp(getenv("CK_FORK"), "no") != 0)
		tcase_add_loop_exit_test(tc, test_bad_usage, EXIT_USAGE, 0,
		    (int)ARRAY_SIZE(bad));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(options_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
