/*
 * The speedscope and Firefox Profiler loaders, rule by rule (issue #52
 * items 2 and 3): stacks root first, weights and units, evented spans,
 * one root frame per profile or thread, the times given to the sample
 * hook, the order of keys not mattering, and every hostile input refused
 * with a message that names the field or the byte.
 *
 * rec_load() loads each text with and without the sink's intern
 * shortcut and checks both give the same; its text is the stacks in
 * arrival order, or "ERROR: message".
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "loaders/loader.h"
#include "util/diag.h"
#include "util/xalloc.h"

/* The times the sample hook got, in order. */
static int64_t times[64];
static size_t ntimes;

static void
hook(void *ctx, const struct sample_meta *m)
{
	(void)ctx;
	if (m->has_time && ntimes < 64)
		times[ntimes++] = m->t;
}

/*
 * Load text as fmt: the recorded stacks or the error (after the stacks
 * given before it was found).  Then once more, alone, for the times the
 * hook gets (rec_load runs it several ways).
 */
static char *
load(enum input_format fmt, const char *text)
{
	struct rec_sink r;
	struct stack_sink sink;
	struct load_result res;
	struct load_opts o;
	struct reader *rd;
	struct diag d;
	char *out, *err = NULL;

	memset(&o, 0, sizeof o);
	out = xstrdup(rec_load(&r, fmt, &o, text, strlen(text), &d));
	rec_free(&r);
	diag_free(&d);
	o.format = fmt;
	o.sample = hook;
	ntimes = 0;
	rec_init(&r, &sink);
	diag_init(&d, "test");
	rd = reader_mem(text, strlen(text), "test");
	if (loader_run(rd, &o, &sink, &d, &res, &err) != 0)
		free(err);
	reader_close(rd);
	rec_free(&r);
	diag_free(&d);
	return out;
}

#define SS_HEAD "{\"$schema\": " \
	"\"https://www.speedscope.app/file-format-schema.json\", "
#define SS_FRAMES "\"shared\": {\"frames\": [{\"name\": \"a\"}, " \
	"{\"name\": \"b\"}, {\"name\": \"c\"}]}"

/* Stack's text contains want. */
static void
expect(enum input_format fmt, const char *text, const char *want)
{
	char *got = load(fmt, text);

	if (strcmp(got, want) != 0)
		ck_abort_msg("got\n%s\nwant\n%s", got, want);
	free(got);
}

/* Loading fails with a message containing each of the words. */
static void
refused(enum input_format fmt, const char *text, const char *w1,
    const char *w2)
{
	char *got = load(fmt, text);

	ck_assert_msg(strstr(got, "ERROR: ") != NULL, "accepted: %s", got);
	ck_assert_msg(strstr(got, w1) != NULL, "no \"%s\" in %s", w1, got);
	ck_assert_msg(w2 == NULL || strstr(got, w2) != NULL, "no \"%s\" in %s",
	    w2, got);
	free(got);
}

START_TEST(ss_sampled_units)
{
	/* Root first; seconds become nanoseconds; none stays, fractions too. */
	expect(FORMAT_SPEEDSCOPE, SS_HEAD SS_FRAMES ", \"profiles\": [{"
	    "\"type\": \"sampled\", \"unit\": \"seconds\", \"startValue\": 1, "
	    "\"samples\": [[0, 1], [0, 2, 1]], \"weights\": [0.5, 2]}]}",
	    "a;b 500000000\na;c;b 2000000000\n");
	ck_assert_uint_eq(ntimes, 2);
	ck_assert_int_eq(times[0], 1000000000);
	ck_assert_int_eq(times[1], 1500000000);
	expect(FORMAT_SPEEDSCOPE, SS_HEAD SS_FRAMES ", \"profiles\": [{"
	    "\"type\": \"sampled\", \"unit\": \"none\", "
	    "\"samples\": [[2], [1]], \"weights\": [3, 0.25]}]}",
	    "c 3\nb 0.25\n");
	ck_assert_uint_eq(ntimes, 0); /* not a time: no times */
	expect(FORMAT_SPEEDSCOPE, SS_HEAD SS_FRAMES ", \"profiles\": [{"
	    "\"type\": \"sampled\", \"unit\": \"microseconds\", "
	    "\"samples\": [[2], []], \"weights\": [3, 1]}]}",
	    "c 3000\n 1000\n");
	/* A zero weight adds nothing. */
	expect(FORMAT_SPEEDSCOPE, SS_HEAD SS_FRAMES ", \"profiles\": [{"
	    "\"type\": \"sampled\", \"unit\": \"bytes\", "
	    "\"samples\": [[2], [0]], \"weights\": [0, 4096]}]}", "a 4096\n");
}
END_TEST

START_TEST(ss_any_key_order)
{
	/* profiles before shared; unit and weights after samples */
	expect(FORMAT_SPEEDSCOPE, SS_HEAD "\"profiles\": [{\"samples\": "
	    "[[0, 1]], \"weights\": [7], \"type\": \"sampled\", \"unit\": "
	    "\"milliseconds\"}], " SS_FRAMES "}", "a;b 7000000\n");
}
END_TEST

START_TEST(ss_evented)
{
	/* a from 0 to 10, b on top of it from 2 to 5 (ms) */
	expect(FORMAT_SPEEDSCOPE, SS_HEAD SS_FRAMES ", \"profiles\": [{"
	    "\"type\": \"evented\", \"unit\": \"milliseconds\", "
	    "\"startValue\": 0, \"endValue\": 10, \"events\": ["
	    "{\"type\": \"O\", \"frame\": 0, \"at\": 0},"
	    "{\"type\": \"O\", \"frame\": 1, \"at\": 2},"
	    "{\"at\": 5, \"frame\": 1, \"type\": \"C\"},"
	    "{\"type\": \"O\", \"frame\": 2, \"at\": 5},"
	    "{\"type\": \"C\", \"frame\": 2, \"at\": 5},"
	    "{\"type\": \"C\", \"frame\": 0, \"at\": 10}]}]}",
	    "a 2000000\na;b 3000000\na 5000000\n");
	ck_assert_uint_eq(ntimes, 3);
	ck_assert_int_eq(times[0], 0);
	ck_assert_int_eq(times[1], 2000000);
	ck_assert_int_eq(times[2], 5000000);
}
END_TEST

START_TEST(ss_profiles_are_roots)
{
	expect(FORMAT_SPEEDSCOPE, SS_HEAD SS_FRAMES ", \"profiles\": ["
	    "{\"type\": \"sampled\", \"name\": \"MainThread\", "
	    "\"samples\": [[0]], \"weights\": [1]},"
	    "{\"type\": \"sampled\", \"samples\": [[1]], \"weights\": [2]}]}",
	    "MainThread;a 1\nprofile 2;b 2\n");
}
END_TEST

START_TEST(ss_refused)
{
	const char *p = SS_HEAD SS_FRAMES ", \"profiles\": [{\"type\": "
	    "\"evented\", \"unit\": \"none\", \"events\": [";
	char buf[1024];

	snprintf(buf, sizeof buf, "%s%s", p, "{\"type\": \"O\", \"frame\": 0, "
	    "\"at\": 0}, {\"type\": \"O\", \"frame\": 1, \"at\": 1}, "
	    "{\"type\": \"C\", \"frame\": 0, \"at\": 2}]}]}");
	refused(FORMAT_SPEEDSCOPE, buf, "events[2]", "out of order");
	snprintf(buf, sizeof buf, "%s%s", p, "{\"type\": \"O\", \"frame\": 0, "
	    "\"at\": 0}]}]}");
	refused(FORMAT_SPEEDSCOPE, buf, "profiles[0]", "unbalanced");
	snprintf(buf, sizeof buf, "%s%s", p, "{\"type\": \"O\", \"frame\": 0, "
	    "\"at\": 5}, {\"type\": \"C\", \"frame\": 0, \"at\": 4}]}]}");
	refused(FORMAT_SPEEDSCOPE, buf, "events[1]", "before");
	snprintf(buf, sizeof buf, "%s%s", p, "{\"type\": \"C\", \"frame\": 0, "
	    "\"at\": 5}]}]}");
	refused(FORMAT_SPEEDSCOPE, buf, "events[0]", "none is open");
	snprintf(buf, sizeof buf, "%s%s", p, "{\"type\": \"O\", \"frame\": 3, "
	    "\"at\": 5}]}]}");
	refused(FORMAT_SPEEDSCOPE, buf, "events[0]", "out of range");
	refused(FORMAT_SPEEDSCOPE, SS_HEAD SS_FRAMES ", \"profiles\": [{"
	    "\"type\": \"sampled\", \"samples\": [[0], [-1]], \"weights\": "
	    "[1, 1]}]}", "samples[1]", "out of range");
	refused(FORMAT_SPEEDSCOPE, SS_HEAD SS_FRAMES ", \"profiles\": [{"
	    "\"type\": \"sampled\", \"samples\": [[0], [1]], \"weights\": "
	    "[1]}]}", "fewer weights", NULL);
	refused(FORMAT_SPEEDSCOPE, SS_HEAD SS_FRAMES ", \"profiles\": [{"
	    "\"type\": \"sampled\", \"samples\": [[0]], \"weights\": "
	    "[1, 2]}]}", "more weights", NULL);
	refused(FORMAT_SPEEDSCOPE, SS_HEAD SS_FRAMES ", \"profiles\": [{"
	    "\"type\": \"sampled\", \"samples\": [[0]], \"weights\": "
	    "[-1]}]}", "weights[0]", NULL);
	refused(FORMAT_SPEEDSCOPE, SS_HEAD SS_FRAMES ", \"profiles\": [{"
	    "\"type\": \"sampled\", \"samples\": [[0]], \"weights\": [1]}",
	    "byte ", NULL);
	refused(FORMAT_SPEEDSCOPE, SS_HEAD "\"profiles\": []}", "no \"shared\"",
	    NULL);
	refused(FORMAT_SPEEDSCOPE, SS_HEAD SS_FRAMES ", \"profiles\": [{"
	    "\"type\": \"flat\"}]}", "profiles[0]", "type");
}
END_TEST

/* A processed thread: stacks a, a;b, a;c; strings of its own. */
#define FF_THREAD(NAME, TID, SAMPLES) "{\"name\": \"" NAME "\"" TID ", " \
	"\"samples\": " SAMPLES ", " \
	"\"stackTable\": {\"length\": 3, \"prefix\": [null, 0, 0], " \
	"\"frame\": [0, 1, 2]}, " \
	"\"frameTable\": {\"length\": 3, \"func\": [0, 1, 2]}, " \
	"\"funcTable\": {\"length\": 3, \"name\": [2, 1, 0]}, " \
	"\"stringArray\": [\"c\", \"b\", \"a\"]}"

START_TEST(ff_processed)
{
	/* null stacks left out; the weight column; NAME-TID; time in ms */
	expect(FORMAT_FIREFOX, "{\"meta\": {\"preprocessedProfileVersion\": "
	    "40, \"startTime\": 5}, \"threads\": ["
	    FF_THREAD("Main", ", \"tid\": 7", "{\"length\": 99999999999, "
	    "\"stack\": [1, null, 2, 0], \"time\": [1, 2, 3.5, 4], "
	    "\"weight\": [2, 9, 1, 3], \"weightType\": \"samples\"}") ", "
	    FF_THREAD("Other", "", "{\"stack\": [2], \"timeDeltas\": [10], "
	    "\"weight\": null}") "]}",
	    "Main-7;a;b 2\nMain-7;a;c 1\nMain-7;a 3\nOther;a;c 1\n");
	ck_assert_uint_eq(ntimes, 4);
	ck_assert_int_eq(times[0], 1000000);
	ck_assert_int_eq(times[1], 3500000);
	ck_assert_int_eq(times[3], 10000000);
	/* newer profiles write the tid as a string */
	expect(FORMAT_FIREFOX, "{\"meta\": {}, \"threads\": ["
	    FF_THREAD("W", ", \"tid\": \"42\"", "{\"stack\": [1]}") "]}",
	    "W-42;a;b 1\n");
}
END_TEST

/* Profiles inside profiles (processes, the DevTools wrapper): bounded. */
START_TEST(ff_nested_objects)
{
	char buf[2048] = "{\"meta\": {}, \"threads\": [" FF_THREAD("P", "",
	    "{\"stack\": [0]}") "]}";
	char next[2048];
	int i;

	expect(FORMAT_FIREFOX, "{\"meta\": {}, \"threads\": [], \"processes\": "
	    "[{\"meta\": {}, \"threads\": [" FF_THREAD("C", "",
	    "{\"stack\": [2]}") "]}]}", "C;a;c 1\n");
	for (i = 0; i < 4; i++) {
		snprintf(next, sizeof next, "{\"meta\": {}, \"threads\": [], "
		    "\"processes\": [%s]}", buf);
		strcpy(buf, next);
	}
	refused(FORMAT_FIREFOX, buf, "nested more than 4 deep", NULL);
}
END_TEST

START_TEST(ff_shared_strings_after)
{
	expect(FORMAT_FIREFOX, "{\"meta\": {}, \"threads\": [{\"name\": \"T\", "
	    "\"samples\": {\"stack\": [1], \"time\": [0]}, "
	    "\"stackTable\": {\"prefix\": [null, 0], \"frame\": [0, 1]}, "
	    "\"frameTable\": {\"func\": [1, 0]}, "
	    "\"funcTable\": {\"name\": [0, 1]}}], "
	    "\"shared\": {\"stringArray\": [\"x\", \"y\"]}}", "T;y;x 1\n");
}
END_TEST

START_TEST(ff_gecko)
{
	/* data before schema; a child process as JSON text, 1 s later */
	expect(FORMAT_FIREFOX, "{\"meta\": {\"version\": 3, \"startTime\": "
	    "1000}, \"threads\": [{\"name\": \"G\", \"samples\": {\"data\": "
	    "[[1, 2.5], [null, 3]], \"schema\": {\"stack\": 0, \"time\": 1}}, "
	    "\"stackTable\": {\"schema\": {\"prefix\": 0, \"frame\": 1}, "
	    "\"data\": [[null, 0], [0, 1]]}, "
	    "\"frameTable\": {\"schema\": {\"location\": 0, \"line\": 1}, "
	    "\"data\": [[1, 4], [0]]}, "
	    "\"stringTable\": [\"leaf (f.js:1)\", \"(root)\"]}, "
	    "\"{\\\"meta\\\": {\\\"startTime\\\": 2000}, \\\"threads\\\": "
	    "[{\\\"name\\\": \\\"Child\\\", \\\"samples\\\": {\\\"schema\\\": "
	    "{\\\"stack\\\": 0, \\\"time\\\": 1}, \\\"data\\\": [[0, 1]]}, "
	    "\\\"stackTable\\\": {\\\"schema\\\": {\\\"prefix\\\": 0, "
	    "\\\"frame\\\": 1}, \\\"data\\\": [[null, 0]]}, "
	    "\\\"frameTable\\\": {\\\"schema\\\": {\\\"location\\\": 0}, "
	    "\\\"data\\\": [[0]]}, \\\"stringTable\\\": [\\\"main\\\"]}]}\"]}",
	    "G;(root);leaf (f.js:1) 1\nChild;main 1\n");
	ck_assert_uint_eq(ntimes, 2);
	ck_assert_int_eq(times[0], 2500000);
	ck_assert_int_eq(times[1], 1001000000);
	/* a DevTools recording around it */
	expect(FORMAT_FIREFOX, "{\"label\": \"x\", \"duration\": 1, "
	    "\"markers\": [], \"profile\": {\"meta\": {}, \"threads\": ["
	    FF_THREAD("M", "", "{\"stack\": [0]}") "]}}", "M;a 1\n");
}
END_TEST

START_TEST(ff_refused)
{
	/* a prefix that is not an earlier row: a cycle, refused */
	refused(FORMAT_FIREFOX, "{\"meta\": {}, \"threads\": [{\"name\": \"T\", "
	    "\"samples\": {\"stack\": [1]}, \"stackTable\": {\"prefix\": "
	    "[1, 0], \"frame\": [0, 0]}, \"frameTable\": {\"func\": [0]}, "
	    "\"funcTable\": {\"name\": [0]}, \"stringArray\": [\"x\"]}]}",
	    "stackTable[0]", "cycle");
	refused(FORMAT_FIREFOX, "{\"meta\": {}, \"threads\": ["
	    FF_THREAD("M", "", "{\"stack\": [3]}") "]}", "samples[0]",
	    "out of range");
	refused(FORMAT_FIREFOX, "{\"meta\": {}, \"threads\": [{\"name\": \"T\", "
	    "\"samples\": {\"stack\": [0]}, \"stackTable\": {\"prefix\": "
	    "[null], \"frame\": [0]}, \"frameTable\": {\"func\": [5]}, "
	    "\"funcTable\": {\"name\": [0]}, \"stringArray\": [\"x\"]}]}",
	    "func 5", "out of range");
	refused(FORMAT_FIREFOX, "{\"meta\": {}, \"threads\": [{\"name\": \"T\", "
	    "\"samples\": {\"stack\": [0]}, \"stackTable\": {\"prefix\": "
	    "[null], \"frame\": [0]}, \"frameTable\": {\"func\": [0]}, "
	    "\"funcTable\": {\"name\": [4]}, \"stringArray\": [\"x\"]}]}",
	    "string 4", "out of range");
	refused(FORMAT_FIREFOX, "{\"meta\": {}, \"threads\": ["
	    FF_THREAD("M", "", "{\"stack\": [0], \"weight\": [-2]}") "]}",
	    "samples[0]", "weight");
	refused(FORMAT_FIREFOX, "{\"meta\": {}, \"threads\": [{\"name\": ",
	    "byte ", NULL);
	refused(FORMAT_FIREFOX, "{\"meta\": {}, \"threads\": [\"{\\\"meta\\\": "
	    "{}, \\\"threads\\\": [\\\"{\\\\\\\"threads\\\\\\\": [\\\\\\\"\\\\\\\""
	    "]}\\\"]}\"]}", "JSON text", NULL);
	refused(FORMAT_FIREFOX, "{\"meta\": {}}", "no \"threads\"", NULL);
}
END_TEST

START_TEST(deep_nesting)
{
	size_t i, n = 100000;
	char *s = malloc(2 * n + 64);

	strcpy(s, "{\"meta\": {}, \"threads\": ");
	for (i = 0; i < n; i++)
		strcat(s + i, "[");
	refused(FORMAT_FIREFOX, s, "nested deeper", NULL);
	strcpy(s, SS_HEAD "\"x\": ");
	for (i = 0; i < n; i++)
		strcat(s + i, "[");
	refused(FORMAT_SPEEDSCOPE, s, "nested deeper", NULL);
	free(s);
}
END_TEST

START_TEST(detection)
{
	static const char ss[] = SS_HEAD SS_FRAMES ", \"profiles\": []}";
	static const char ff[] = "{\n \"meta\": {\"interval\": 1},\n"
	    " \"threads\": []}";
	static const char dev[] = "{\"label\":\"simple\",\"duration\":1.5,"
	    "\"markers\":[],\"frames\":[]";

	ck_assert_int_eq(format_detect(ss, sizeof ss - 1), FORMAT_SPEEDSCOPE);
	ck_assert_int_eq(format_detect(ff, sizeof ff - 1), FORMAT_FIREFOX);
	ck_assert_int_eq(format_detect(dev, sizeof dev - 1), FORMAT_FIREFOX);
	ck_assert_int_eq(format_parse("speedscope"), FORMAT_SPEEDSCOPE);
	ck_assert_int_eq(format_parse("firefox"), FORMAT_FIREFOX);
	ck_assert_int_eq(format_parse("gecko"), FORMAT_FIREFOX);
	ck_assert_int_ne(format_detect("{\"nodes\": []}", 13), FORMAT_FIREFOX);
	ck_assert_int_ne(format_detect("{\"nodes\": []}", 13),
	    FORMAT_SPEEDSCOPE);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("runtimes");
	TCase *tc = tcase_create("speedscope");
	TCase *tf = tcase_create("firefox");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, ss_sampled_units);
	tcase_add_test(tc, ss_any_key_order);
	tcase_add_test(tc, ss_evented);
	tcase_add_test(tc, ss_profiles_are_roots);
	tcase_add_test(tc, ss_refused);
	tcase_add_test(tc, detection);
	tcase_add_test(tf, ff_processed);
	tcase_add_test(tf, ff_shared_strings_after);
	tcase_add_test(tf, ff_gecko);
	tcase_add_test(tf, ff_refused);
	tcase_add_test(tf, ff_nested_objects);
	tcase_add_test(tf, deep_nesting);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, tf);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
