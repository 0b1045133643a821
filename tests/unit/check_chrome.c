/*
 * The Chrome/V8 loader's rules on crafted profiles (issue #52): frame
 * names (anonymous functions, (root) left out, (program) kept), sample
 * weights (time to the next sample, the last to endTime, negative ones
 * 0), each sample's time for the sample store, modules from urls, the
 * older head format, traces (chunks keyed by id, several threads), and
 * the messages for broken ones (missing ids, cycles, ranges).  Every
 * load runs with and without the sink's speed hooks (rec_load compares
 * the two).
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loaders/loader.h"
#include "util/diag.h"
#include "util/xalloc.h"
#include "helpers.h"

/*
 * Fold doc as a Chrome profile: the recorded stacks, or "ERROR: ...".  A
 * .cpuprofile's samples are checked as they are given, so some may reach
 * the sink before an error; the caller drops a failed load whole (exit 1,
 * nothing printed), so only the error is compared.
 */
static char *
fold(const char *doc, const struct load_opts *opts)
{
	struct rec_sink r;
	struct diag d;
	char *out, *e;

	out = xstrdup(rec_load(&r, FORMAT_CHROME, opts, doc, strlen(doc),
	    &d));
	if ((e = strstr(out, "ERROR: ")) != NULL)
		memmove(out, e, strlen(e) + 1);
	rec_free(&r);
	diag_free(&d);
	return out;
}

#define FOLD_EQ(doc, want) do { \
	char *got_ = fold((doc), NULL); \
	ck_assert_str_eq(got_, (want)); \
	free(got_); \
} while (0)

/* A node: id, name, url, 0-based line, children list (JSON). */
#define NODE(id, fn, url, line, ch) "{\"id\":" #id ",\"callFrame\":{" \
	"\"functionName\":\"" fn "\",\"url\":\"" url "\",\"lineNumber\":" \
	#line ",\"columnNumber\":0},\"children\":[" ch "]}"

START_TEST(anonymous_names)
{
	FOLD_EQ("{\"nodes\":[" NODE(1, "(root)", "", -1, "2,3,4,5") ","
	    NODE(2, "", "file:///srv/app/main.js", 4, "") ","
	    NODE(3, "", "", 7, "") ","
	    NODE(4, "", "extensions::SafeBuiltins", 0, "") ","
	    NODE(5, "", "http://h/x.js", -1, "") "],"
	    "\"startTime\":0,\"endTime\":40,\"samples\":[2,3,4,5],"
	    "\"timeDeltas\":[0,10,10,10]}",
	    "(anonymous main.js:5) 10\n"
	    "(anonymous) 10\n"
	    "(anonymous extensions::SafeBuiltins:1) 10\n"
	    "(anonymous x.js) 10\n");
	/* no string anywhere (the fuzzer's first find: a NULL arena) */
	FOLD_EQ("{\"nodes\":[{\"id\":1}],\"samples\":[1],"
	    "\"timeDeltas\":[0],\"endTime\":3}", "(anonymous) 3\n");
}
END_TEST

START_TEST(root_dropped_program_kept)
{
	FOLD_EQ("{\"nodes\":[" NODE(1, "(root)", "", -1, "2,3,4") ","
	    NODE(2, "(program)", "", -1, "") ","
	    NODE(3, "(garbage collector)", "", -1, "") ","
	    NODE(4, "main", "", 0, "5") ","
	    NODE(5, "(idle)", "", -1, "") "],"
	    "\"startTime\":100,\"endTime\":160,\"samples\":[2,3,5,1],"
	    "\"timeDeltas\":[5,10,20,20]}",
	    /* the sample of (root) itself has no frames: left out */
	    "(program) 10\n"
	    "(garbage collector) 20\n"
	    "main;(idle) 20\n");
}
END_TEST

START_TEST(weights)
{
	/* t = 10, 30, 25, 60; endTime 50: weights 20, 0 (-5), 35, 0 (-10) */
	FOLD_EQ("{\"nodes\":[" NODE(1, "(root)", "", -1, "2") ","
	    NODE(2, "f", "", 0, "") "],"
	    "\"startTime\":0,\"endTime\":50,\"samples\":[2,2,2,2],"
	    "\"timeDeltas\":[10,20,-5,35]}",
	    "f 20\nf 0\nf 35\nf 0\n");
	/* no endTime: the last weighs 0; one delta more: it ends the last */
	FOLD_EQ("{\"nodes\":[" NODE(1, "f", "", 0, "") "],"
	    "\"samples\":[1,1],\"timeDeltas\":[3,4]}", "f 4\nf 0\n");
	FOLD_EQ("{\"nodes\":[" NODE(1, "f", "", 0, "") "],"
	    "\"samples\":[1,1],\"timeDeltas\":[3,4,6]}", "f 4\nf 6\n");
	/* a delta past 32 bits */
	FOLD_EQ("{\"nodes\":[" NODE(1, "f", "", 0, "") "],"
	    "\"samples\":[1,1],\"timeDeltas\":[0,5000000000],"
	    "\"endTime\":5000000007}", "f 5000000000\nf 7\n");
}
END_TEST

static int64_t times[16];
static int ntimes;

static void
record_time(void *ctx, const struct sample_meta *m)
{
	(void)ctx;
	ck_assert(m->has_time);
	if (ntimes < 16)
		times[ntimes++] = m->t;
}

START_TEST(sample_times)
{
	struct load_opts o;
	char *got;

	memset(&o, 0, sizeof o);
	o.sample = record_time;
	ntimes = 0;
	got = fold("{\"nodes\":[" NODE(1, "f", "", 0, "") "],"
	    "\"startTime\":1000000,\"samples\":[1,1,1],"
	    "\"timeDeltas\":[7,1000,-3]}", &o);
	ck_assert_str_eq(got, "f 1000\nf 0\nf 0\n");
	free(got);
	/* rec_load loads five ways; the last way's three times, in ns */
	ck_assert_int_ge(ntimes, 3);
	ck_assert(times[ntimes - 3] == 1000007000LL);
	ck_assert(times[ntimes - 2] == 1001007000LL);
	ck_assert(times[ntimes - 1] == 1001004000LL);
}
END_TEST

START_TEST(head_format)
{
	/* nested children; startTime/endTime in seconds; timestamps in us */
	FOLD_EQ("{\"head\":{\"functionName\":\"(root)\",\"id\":1,\"children\":["
	    "{\"functionName\":\"a\",\"url\":\"\",\"lineNumber\":0,\"id\":2,"
	    "\"children\":[{\"functionName\":\"b\",\"id\":3,\"children\":[]}]},"
	    "{\"functionName\":\"\",\"url\":\"/x/y.js\",\"lineNumber\":2,"
	    "\"id\":4,\"children\":[]}]},"
	    "\"startTime\":1,\"endTime\":2,\"samples\":[3,2,4],"
	    "\"timestamps\":[1000000,1000300,1000700]}",
	    "a;b 300\na 400\n(anonymous y.js:3) 999300\n");
}
END_TEST

START_TEST(parents_and_order)
{
	/* parent ids instead of children, nodes after the samples */
	FOLD_EQ("{\"samples\":[30,20],\"timeDeltas\":[1,2],\"endTime\":10,"
	    "\"nodes\":[{\"id\":30,\"parent\":20,\"callFrame\":"
	    "{\"functionName\":\"c\"}},{\"id\":20,\"parent\":10,\"callFrame\":"
	    "{\"functionName\":\"b\"}},{\"id\":10,\"callFrame\":"
	    "{\"functionName\":\"(root)\"}}]}",
	    "b;c 2\nb 7\n");
}
END_TEST

START_TEST(broken)
{
	FOLD_EQ("{\"nodes\":[" NODE(1, "f", "", 0, "2") "],\"samples\":[1],"
	    "\"timeDeltas\":[1]}",
	    "ERROR: test: node 1: child 2 does not exist");
	FOLD_EQ("{\"nodes\":[" NODE(1, "f", "", 0, "2") ","
	    NODE(2, "g", "", 0, "1") "],\"samples\":[1],\"timeDeltas\":[1]}",
	    "ERROR: test: node 1: parent cycle");
	FOLD_EQ("{\"nodes\":[" NODE(1, "f", "", 0, "3") ","
	    NODE(2, "g", "", 0, "3") "," NODE(3, "h", "", 0, "")
	    "],\"samples\":[1],\"timeDeltas\":[1]}",
	    "ERROR: test: node 3: two parents");
	FOLD_EQ("{\"nodes\":[" NODE(1, "f", "", 0, "") "],\"samples\":[1,2],"
	    "\"timeDeltas\":[1,1]}",
	    "ERROR: test: samples[1]: node 2 does not exist");
	FOLD_EQ("{\"nodes\":[" NODE(1, "f", "", 0, "") "],\"samples\":[1,1],"
	    "\"timeDeltas\":[1]}",
	    "ERROR: test: 2 samples but 1 timeDeltas");
	FOLD_EQ("{\"nodes\":[" NODE(1, "f", "", 0, "") "],\"samples\":[1],"
	    "\"timeDeltas\":[1",
	    "ERROR: test: byte 137: truncated: the input ends inside a value");
	FOLD_EQ("{\"nodes\":[" NODE(1, "f", "", 0, "") "],\"samples\":[1],"
	    "\"startTime\":-1e20,\"timeDeltas\":[1]}",
	    "ERROR: test: startTime: -1e+20 out of range");
}
END_TEST

START_TEST(trace_chunks)
{
	/* a Profile and its chunks by id, members in any order */
	FOLD_EQ("[{\"pid\":1,\"tid\":2,\"ph\":\"P\",\"name\":\"Profile\","
	    "\"id\":\"0x1\",\"args\":{\"data\":{\"startTime\":100}}},"
	    "{\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,"
	    "\"callFrame\":{\"functionName\":\"(root)\"}},{\"id\":2,"
	    "\"parent\":1,\"callFrame\":{\"functionName\":\"f\"}}],"
	    "\"samples\":[2]},\"timeDeltas\":[5]}},\"id\":\"0x1\","
	    "\"name\":\"ProfileChunk\",\"ph\":\"P\",\"pid\":1,\"tid\":2},"
	    "{\"name\":\"ProfileChunk\",\"id\":\"0x1\",\"ph\":\"P\","
	    "\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":3,"
	    "\"parent\":2,\"callFrame\":{\"functionName\":\"g\"}}],"
	    "\"samples\":[3,2]},\"timeDeltas\":[10,20],\"endTime\":150}}},"
	    "{\"name\":\"UpdateCounters\",\"args\":{\"data\":{\"nodes\":63}}}]",
	    "f 10\nf;g 20\nf 15\n");
}
END_TEST

START_TEST(trace_threads)
{
	/* two CpuProfile events; thread names; the same name twice */
	static const char prof[] = "\"args\":{\"data\":{\"cpuProfile\":{"
	    "\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"w\"}}],"
	    "\"samples\":[1],\"timeDeltas\":[0],\"endTime\":4}}}";
	char doc[2048];

	snprintf(doc, sizeof doc, "{\"traceEvents\":["
	    "{\"name\":\"CpuProfile\",\"pid\":1,\"tid\":7,%s},"
	    "{\"name\":\"CpuProfile\",\"pid\":1,\"tid\":8,%s},"
	    "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":7,"
	    "\"args\":{\"name\":\"Main\"}}],\"metadata\":{}}", prof, prof);
	FOLD_EQ(doc, "Main;w 4\n1:8;w 4\n");
	snprintf(doc, sizeof doc, "{\"traceEvents\":["
	    "{\"name\":\"CpuProfile\",\"pid\":1,\"tid\":7,%s},"
	    "{\"name\":\"CpuProfile\",\"pid\":1,\"tid\":8,%s},"
	    "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":7,"
	    "\"args\":{\"name\":\"W\"}},"
	    "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":8,"
	    "\"args\":{\"name\":\"W\"}}]}", prof, prof);
	FOLD_EQ(doc, "W-7;w 4\nW-8;w 4\n");
}
END_TEST

static char mods[256];

static uint32_t
mod_id(void *ctx, const char *name, size_t len, unsigned kind)
{
	(void)ctx;
	(void)kind;
	strncat(mods, name, len < 64 ? len : 64);
	strcat(mods, ",");
	return 7;
}

static void
mod_set(void *ctx, uint32_t id)
{
	(void)ctx;
	ck_assert_uint_eq(id, 7);
}

START_TEST(modules)
{
	struct load_opts o;
	char *got;

	memset(&o, 0, sizeof o);
	o.module_id = mod_id;
	o.module_set = mod_set;
	mods[0] = '\0';
	got = fold("{\"nodes\":[" NODE(1, "(root)", "", -1, "2") ","
	    NODE(2, "f", "file:///a/b/app.js", 0, "3") ","
	    NODE(3, "g", "node:internal/x", 0, "") "],"
	    "\"samples\":[3],\"timeDeltas\":[0]}", &o);
	ck_assert_str_eq(got, "f;g 0\n");
	free(got);
	ck_assert_ptr_nonnull(strstr(mods, "app.js,x,"));
}
END_TEST

START_TEST(detect)
{
	static const char *const yes[] = {
		"{\"nodes\":[{\"id\":1,\"callFrame\":{}}]}",
		" {\"head\":{\"functionName\":\"(root)\"}}",
		"{\"traceEvents\":[]}",
		"[{\"pid\":1,\"ts\":5,\"ph\":\"X\"}]",
	};
	size_t i;

	for (i = 0; i < sizeof yes / sizeof yes[0]; i++)
		ck_assert_int_eq(format_detect(yes[i], strlen(yes[i])),
		    FORMAT_CHROME);
	ck_assert_int_ne(format_detect("{\"type\": \"map\"}", 15),
	    FORMAT_CHROME);
	ck_assert_int_eq(format_parse("chrome"), FORMAT_CHROME);
	ck_assert_int_eq(format_parse("cpuprofile"), FORMAT_CHROME);
}
END_TEST

static Suite *
chrome_suite(void)
{
	Suite *s = suite_create("chrome");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, anonymous_names);
	tcase_add_test(tc, root_dropped_program_kept);
	tcase_add_test(tc, weights);
	tcase_add_test(tc, sample_times);
	tcase_add_test(tc, head_format);
	tcase_add_test(tc, parents_and_order);
	tcase_add_test(tc, broken);
	tcase_add_test(tc, trace_chunks);
	tcase_add_test(tc, trace_threads);
	tcase_add_test(tc, modules);
	tcase_add_test(tc, detect);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(chrome_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
