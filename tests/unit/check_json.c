/*
 * Unit tests of the JSON pull reader (util/json.h): walking objects and
 * arrays, strings with every escape, numbers at the edges of their range
 * and in any locale, skipping, and the errors of truncated, malformed and
 * too deeply nested input, each with its byte offset; and reading a whole
 * input into memory (reader_slurp()), as the JSON loaders do.
 */
#include "config.h"

#include <check.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/json.h"
#include "input/mapguard.h"
#include "input/reader.h"
#include "util/xalloc.h"

static const char *
err_of(const struct json *j)
{
	static char buf[128];

	return json_error(j, buf, sizeof buf);
}

START_TEST(walk_object)
{
	const char *doc = " {\"a\": [1, -2, 3], \"b\": {\"c\": \"x\"}, "
	    "\"d\": true, \"e\": null, \"f\": 2.5e3} ";
	struct json j;
	const char *k, *s;
	size_t kn, sn;
	int64_t v, sum = 0;
	double d = 0;
	int b = 0, keys = 0;

	json_init(&j, doc, strlen(doc));
	ck_assert_int_eq(json_object(&j), 1);
	while (json_key(&j, &k, &kn) == 1) {
		keys++;
		if (json_key_is(k, kn, "a")) {
			ck_assert_int_eq(json_array(&j), 1);
			while (json_item(&j) == 1) {
				ck_assert_int_eq(json_int(&j, &v, 0), 1);
				sum += v;
			}
		} else if (json_key_is(k, kn, "b")) {
			ck_assert_int_eq(json_object(&j), 1);
			ck_assert_int_eq(json_key(&j, &k, &kn), 1);
			ck_assert(json_key_is(k, kn, "c"));
			ck_assert_int_eq(json_string(&j, &s, &sn), 1);
			ck_assert_int_eq((int)sn, 1);
			ck_assert_int_eq(s[0], 'x');
			ck_assert_int_eq(json_key(&j, &k, &kn), 0);
		} else if (json_key_is(k, kn, "d")) {
			ck_assert_int_eq(json_bool(&j, &b), 1);
		} else if (json_key_is(k, kn, "f")) {
			ck_assert_int_eq(json_double(&j, &d), 1);
		} else {
			ck_assert_int_eq(json_peek(&j), JSON_NULL);
			ck_assert_int_eq(json_skip(&j), 1);
		}
	}
	ck_assert_str_eq(err_of(&j), "");
	ck_assert_int_eq(keys, 5);
	ck_assert_int_eq((int)sum, 2);
	ck_assert_int_eq(b, 1);
	ck_assert(d == 2500.0);
	ck_assert_int_eq(json_done(&j), 1);
	json_free(&j);
}
END_TEST

START_TEST(empty_containers)
{
	const char *doc = "[[], {}, [[]]]";
	struct json j;
	int n = 0;

	json_init(&j, doc, strlen(doc));
	ck_assert_int_eq(json_array(&j), 1);
	while (json_item(&j) == 1) {
		ck_assert_int_eq(json_skip(&j), 1);
		n++;
	}
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(json_done(&j), 1);
	json_free(&j);
}
END_TEST

START_TEST(string_escapes)
{
	/* Every escape, a surrogate pair, a lone surrogate, raw UTF-8. */
	const char *doc = "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00"
	    "\\ud800x\xc3\xa9\"";
	const char *want = "a\"b\\c/d\b\f\n\r\t\xc3\xa9\xf0\x9f\x98\x80"
	    "\xef\xbf\xbdx\xc3\xa9";
	struct json j;
	const char *s;
	size_t n;

	json_init(&j, doc, strlen(doc));
	ck_assert_int_eq(json_string(&j, &s, &n), 1);
	ck_assert_int_eq((int)n, (int)strlen(want));
	ck_assert(memcmp(s, want, n) == 0);
	ck_assert_int_eq(json_done(&j), 1);
	json_free(&j);
}
END_TEST

START_TEST(string_in_place)
{
	/* A string without escapes is not copied. */
	const char *doc = "\"plain name\"";
	struct json j;
	const char *s;
	size_t n;

	json_init(&j, doc, strlen(doc));
	ck_assert_int_eq(json_string(&j, &s, &n), 1);
	ck_assert_ptr_eq(s, doc + 1);
	ck_assert_int_eq((int)n, 10);
	json_free(&j);
}
END_TEST

/* Read doc as one integer (frac as json_int's). */
static int
one_int(const char *doc, int64_t *v, int frac)
{
	struct json j;
	int r;

	json_init(&j, doc, strlen(doc));
	r = json_int(&j, v, frac);
	if (r == 1)
		r = json_done(&j);
	json_free(&j);
	return r;
}

START_TEST(integers)
{
	int64_t v;

	ck_assert_int_eq(one_int("0", &v, 0), 1);
	ck_assert(v == 0);
	ck_assert_int_eq(one_int("9223372036854775807", &v, 0), 1);
	ck_assert(v == INT64_MAX);
	ck_assert_int_eq(one_int("-9223372036854775808", &v, 0), 1);
	ck_assert(v == INT64_MIN);
	ck_assert_int_eq(one_int("9223372036854775808", &v, 0), -1);
	ck_assert_int_eq(one_int("123456789012345678901234", &v, 0), -1);
	ck_assert_int_eq(one_int("1.5", &v, 0), -1);
	ck_assert_int_eq(one_int("1.5", &v, 1), 1);
	ck_assert(v == 1);
	ck_assert_int_eq(one_int("-2.9e2", &v, 1), 1);
	ck_assert(v == -290);
	ck_assert_int_eq(one_int("1e30", &v, 1), -1);
	ck_assert_int_eq(one_int("01", &v, 0), -1);
	ck_assert_int_eq(one_int("-", &v, 0), -1);
	ck_assert_int_eq(one_int("1.", &v, 1), -1);
	ck_assert_int_eq(one_int("1e", &v, 1), -1);
}
END_TEST

START_TEST(doubles_any_locale)
{
	/* A locale whose decimal point is a comma does not change a thing. */
	const char *docs[] = { "1234567890.123", "0.000125", "-1.5E-3", "7" };
	double want[] = { 1234567890.123, 0.000125, -0.0015, 7.0 };
	size_t i;

	setlocale(LC_NUMERIC, "de_DE.UTF-8");
	for (i = 0; i < sizeof docs / sizeof docs[0]; i++) {
		struct json j;
		double d;

		json_init(&j, docs[i], strlen(docs[i]));
		ck_assert_int_eq(json_double(&j, &d), 1);
		ck_assert_msg(fabs(d - want[i]) <= fabs(want[i]) * 1e-12,
		    "%s read as %.17g", docs[i], d);
		json_free(&j);
	}
	setlocale(LC_NUMERIC, "C");
}
END_TEST

START_TEST(int_arrays)
{
	/* The fast path, blanks and the slow path mixed, read in batches of 3. */
	const char *doc = "[[5,-7, 8 ,0,123456789012345678901, 9]], [1, 2.5], "
	    "[1,2,3], [4,]";
	struct json j;
	int64_t out[3], all[16];
	size_t got, n = 0;
	int r;

	json_init(&j, doc, 20);  /* "[[5,-7, 8 ,0,1234567" truncated */
	ck_assert_int_eq(json_array(&j), 1);
	ck_assert_int_eq(json_item(&j), 1);
	ck_assert_int_eq(json_array(&j), 1);
	do {
		r = json_ints(&j, out, 3, &got);
		memcpy(all + n, out, got * sizeof *out);
		n += got;
	} while (r == 1);
	ck_assert_int_eq(r, -1);
	ck_assert_int_eq((int)n, 5);
	ck_assert(all[0] == 5 && all[1] == -7 && all[2] == 8 && all[3] == 0 &&
	    all[4] == 1234567);
	ck_assert_str_eq(err_of(&j), "byte 20: truncated: the input ends inside "
	    "a value");
	json_free(&j);

	json_init(&j, "[1,22,-333,4444,5]", 18);
	ck_assert_int_eq(json_array(&j), 1);
	ck_assert_int_eq(json_ints(&j, out, 3, &got), 1);
	ck_assert_int_eq((int)got, 3);
	ck_assert(out[0] == 1 && out[1] == 22 && out[2] == -333);
	ck_assert_int_eq(json_ints(&j, out, 3, &got), 0);
	ck_assert_int_eq((int)got, 2);
	ck_assert(out[0] == 4444 && out[1] == 5);
	ck_assert_int_eq(json_done(&j), 1);
	json_free(&j);

	json_init(&j, "[1, 2.5]", 8);
	ck_assert_int_eq(json_array(&j), 1);
	ck_assert_int_eq(json_ints(&j, out, 3, &got), -1);
	ck_assert_int_eq((int)got, 1);
	ck_assert_str_eq(err_of(&j), "byte 7: an integer expected");
	json_free(&j);

	json_init(&j, "[4,]", 4);
	ck_assert_int_eq(json_array(&j), 1);
	ck_assert_int_eq(json_ints(&j, out, 3, &got), -1);
	ck_assert_str_eq(err_of(&j), "byte 3: a value expected");
	json_free(&j);
}
END_TEST

/* Skip doc whole: json_skip's result, and the error text in *msg. */
static int
skip_all(const char *doc, size_t len, char *msg, size_t size)
{
	struct json j;
	int r;

	json_init(&j, doc, len);
	r = json_skip(&j);
	if (r == 1)
		r = json_done(&j);
	json_error(&j, msg, size);
	json_free(&j);
	return r;
}

START_TEST(errors_with_offsets)
{
	static const struct {
		const char *doc, *msg;
	} cases[] = {
		{ "{\"a\": [1, 2", "byte 11: truncated" },
		{ "{\"a\": \"abc", "byte 10: truncated" },
		{ "[1, 2,]", "byte 6: a value expected" },
		{ "{\"a\" 1}", "byte 5: ':' expected" },
		{ "{\"a\": 1,}", "byte 8: a key expected" },
		{ "[1 2]", "byte 3: ',' or ']' expected" },
		{ "{\"a\": tru}", "byte 6: a bad literal" },
		{ "[\"a\\x\"]", "byte 4: a bad escape" },
		{ "[\"a\nb\"]", "byte 3: a control character" },
		{ "[1] 2", "byte 4: bytes after the end" },
		{ "", "byte 0: truncated" },
		{ "[1}", "byte 2: ',' or ']' expected" },
	};
	char msg[128];
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_int_eq(skip_all(cases[i].doc, strlen(cases[i].doc),
		    msg, sizeof msg), -1);
		ck_assert_msg(strncmp(msg, cases[i].msg,
		    strlen(cases[i].msg)) == 0, "%s: got \"%s\", want \"%s\"",
		    cases[i].doc, msg, cases[i].msg);
	}
}
END_TEST

START_TEST(deep_nesting)
{
	/* 100,000 open brackets: an error, no deep recursion. */
	size_t n = 100000, i;
	char *doc = xmalloc(2 * n), msg[128];

	for (i = 0; i < n; i++) {
		doc[i] = '[';
		doc[2 * n - 1 - i] = ']';
	}
	ck_assert_int_eq(skip_all(doc, 2 * n, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "byte 512: nested deeper than 512 levels");
	/* 512 levels are fine. */
	ck_assert_int_eq(skip_all(doc + n - 512, 1024, msg, sizeof msg), 1);
	free(doc);
}
END_TEST

START_TEST(sticky_error)
{
	/* After the first error every call fails, and the first one stays. */
	const char *doc = "[1, x, 3]";
	struct json j;
	int64_t v;

	json_init(&j, doc, strlen(doc));
	ck_assert_int_eq(json_array(&j), 1);
	ck_assert_int_eq(json_item(&j), 1);
	ck_assert_int_eq(json_int(&j, &v, 0), 1);
	ck_assert_int_eq(json_item(&j), 1);
	ck_assert_int_eq(json_int(&j, &v, 0), -1);
	ck_assert_int_eq(json_item(&j), -1);
	ck_assert_int_eq(json_peek(&j), JSON_BAD);
	ck_assert_str_eq(err_of(&j), "byte 4: a number expected");
	ck_assert_int_eq(json_fail(&j, "later"), -1);
	ck_assert_str_eq(err_of(&j), "byte 4: a number expected");
	json_free(&j);
}
END_TEST

START_TEST(misuse_is_an_error)
{
	/* json_key in an array, json_item in an object: errors, not UB. */
	const char *doc = "[{\"a\": 1}]";
	struct json j;
	const char *k;
	size_t kn;

	json_init(&j, doc, strlen(doc));
	ck_assert_int_eq(json_array(&j), 1);
	ck_assert_int_eq(json_key(&j, &k, &kn), -1);
	json_free(&j);
	json_init(&j, doc + 1, strlen(doc) - 2);
	ck_assert_int_eq(json_object(&j), 1);
	ck_assert_int_eq(json_item(&j), -1);
	json_free(&j);
	json_init(&j, "", 0);
	ck_assert_int_eq(json_item(&j), -1);
	json_free(&j);
}
END_TEST

/* reader_slurp(), which the JSON loaders read their input with. */
START_TEST(slurp_whole_input)
{
	static char big[200000];
	struct reader *r;
	struct slurp in;

	memset(big, 'x', sizeof big);
	r = reader_mem(big, sizeof big, "test");
	ck_assert_int_eq(reader_slurp(r, sizeof big, &in), 0);
	ck_assert_int_eq((int)in.len, (int)sizeof big);
	ck_assert(memcmp(in.buf, big, in.len) == 0 && in.buf[in.len] == '\0');
	ck_assert_uint_eq(in.map, 0);
	slurp_free(&in);
	reader_close(r);

	r = reader_mem(big, sizeof big, "test");
	ck_assert_int_eq(reader_slurp(r, sizeof big - 1, &in), 1);
	ck_assert_ptr_null(in.buf);
	reader_close(r);

	r = reader_mem_failing(big, sizeof big, 100000, "test");
	ck_assert_int_eq(reader_slurp(r, sizeof big, &in), -1);
	ck_assert_ptr_null(in.buf);
	reader_close(r);

	/*
	 * A one-line file peeked first (as format detection does), whose
	 * size is a multiple of the page size: read, not mapped.
	 */
	{
		FILE *fp = tmpfile();
		const char *p;
		char *big3 = xmalloc(3 << 20);
		int all;

		memset(big3, 'y', 3 << 20);
		ck_assert_ptr_nonnull(fp);
		ck_assert_uint_eq(fwrite(big3, 1, 3 << 20, fp), 3 << 20);
		fflush(fp);
		rewind(fp);
		r = reader_fdopen(fileno(fp), "file", 0, NULL);
		ck_assert_uint_eq(reader_peek_line(r, 0, &p, &all), 3 << 20);
		ck_assert_int_eq(reader_slurp(r, 4 << 20, &in), 0);
		ck_assert_uint_eq(in.len, 3 << 20);
		ck_assert_uint_eq(in.map, 0);
		ck_assert(memcmp(in.buf, big3, in.len) == 0 &&
		    in.buf[in.len] == '\0');
		ck_assert_uint_eq(reader_peek(r, &p), 0);
		slurp_free(&in);
		reader_close(r);
		fclose(fp);
		free(big3);
	}

	r = reader_mem("", 0, "test");
	ck_assert_int_eq(reader_slurp(r, 10, &in), 0);
	ck_assert_int_eq((int)in.len, 0);
	ck_assert_int_eq(in.buf[0], '\0');
	slurp_free(&in);
	reader_close(r);
}
END_TEST

/* A file of n bytes of c (then rewound): its stream. */
static FILE *
file_of(size_t n, int c)
{
	FILE *fp = tmpfile();
	size_t i;

	ck_assert_ptr_nonnull(fp);
	for (i = 0; i < n; i++)
		ck_assert_int_ne(fputc(c, fp), EOF);
	fflush(fp);
	rewind(fp);
	return fp;
}

/*
 * A plain file is mapped, not copied: whole, NUL-terminated, writable
 * (private); not when the reader starts inside the file, or over max.
 */
START_TEST(slurp_maps_files)
{
	FILE *fp = file_of(70001, 'z');
	struct reader *r;
	struct slurp in;
	const char *p;
	char c;
	int all;

	r = reader_fdopen(fileno(fp), "file", 0, NULL);
	ck_assert_uint_eq(reader_peek_line(r, 0, &p, &all), 70001);
	ck_assert_int_eq(reader_slurp(r, 1 << 20, &in), 0);
	ck_assert_uint_eq(in.len, 70001);
	ck_assert_uint_eq(in.map, 70001);
	ck_assert(in.buf[0] == 'z' && in.buf[70000] == 'z' &&
	    in.buf[70001] == '\0');
	ck_assert_uint_eq(reader_peek(r, &p), 0);
	in.buf[5] = 'a'; /* private: the file keeps its byte */
	slurp_free(&in);
	reader_close(r);
	ck_assert_int_eq(pread(fileno(fp), &c, 1, 5), 1);
	ck_assert_int_eq(c, 'z');

	/* Started at byte 10 (a shell's redirection read before us). */
	ck_assert_int_eq(lseek(fileno(fp), 10, SEEK_SET), 10);
	r = reader_fdopen(fileno(fp), "file", 0, NULL);
	ck_assert_int_eq(reader_slurp(r, 1 << 20, &in), 0);
	ck_assert_uint_eq(in.len, 70001 - 10);
	ck_assert_uint_eq(in.map, 0);
	slurp_free(&in);
	reader_close(r);

	ck_assert_int_eq(lseek(fileno(fp), 0, SEEK_SET), 0);
	r = reader_fdopen(fileno(fp), "file", 0, NULL);
	ck_assert_int_eq(reader_slurp(r, 70000, &in), 1);
	reader_close(r);
	fclose(fp);
}
END_TEST

static int
touch_all(void *arg)
{
	struct slurp *in = arg;
	volatile unsigned sum = 0;
	size_t i;

	for (i = 0; i < in->len; i += 4096)
		sum += (unsigned char)in->buf[i];
	return 1;
}

/* A mapped file truncated under the loader: an error, not SIGBUS. */
START_TEST(mapped_file_shrinks)
{
	FILE *fp = file_of(5 * 4096 + 7, 'q');
	struct reader *r;
	struct slurp in;

	r = reader_fdopen(fileno(fp), "file", 0, NULL);
	ck_assert_int_eq(reader_slurp(r, 1 << 20, &in), 0);
	ck_assert_uint_gt(in.map, 0);
	ck_assert_int_eq(mapguard_call(touch_all, &in), 1);
	ck_assert_int_eq(ftruncate(fileno(fp), 100), 0);
	ck_assert_int_eq(mapguard_call(touch_all, &in), MAPGUARD_SHRANK);
	/* the guard unmapped it; the next guarded call works again */
	in.map = in.len = 0;
	in.buf = NULL;
	ck_assert_int_eq(mapguard_call(touch_all, &in), 1);
	reader_close(r);
	fclose(fp);
}
END_TEST

/* NaN, Infinity, -Infinity: values only when the caller asks (Python's). */
START_TEST(nonfinite_numbers)
{
	static const char doc[] = "[NaN, Infinity, -Infinity, 1]";
	struct json j;

	json_init(&j, doc, sizeof doc - 1);
	ck_assert_int_eq(json_skip(&j), -1);
	json_free(&j);
	json_init(&j, doc, sizeof doc - 1);
	j.nonfinite = 1;
	ck_assert_int_eq(json_skip(&j), 1);
	ck_assert_int_eq(json_done(&j), 1);
	json_free(&j);
	json_init(&j, "[Nan]", 5);
	j.nonfinite = 1;
	ck_assert_int_eq(json_skip(&j), -1);
	json_free(&j);
}
END_TEST

/* An array of numbers skipped at memory speed, read later in full. */
START_TEST(skip_numbers)
{
	static const char doc[] = "{\"a\": [1, 2, 3], \"b\": [ ], \"c\": 5}";
	struct json j, ja;
	const char *k;
	size_t kn, mark, got;
	int64_t v[8];
	int empty = -1;

	json_init(&j, doc, sizeof doc - 1);
	ck_assert_int_eq(json_object(&j), 1);
	ck_assert_int_eq(json_key(&j, &k, &kn), 1);
	mark = json_mark(&j);
	ck_assert_int_eq(json_skip_numbers(&j, &empty), 1);
	ck_assert_int_eq(empty, 0);
	ck_assert_int_eq(json_key(&j, &k, &kn), 1);
	ck_assert(json_key_is(k, kn, "b"));
	ck_assert_int_eq(json_skip_numbers(&j, &empty), 1);
	ck_assert_int_eq(empty, 1);
	ck_assert_int_eq(json_key(&j, &k, &kn), 1);
	/* not an array: nothing read */
	ck_assert_int_eq(json_skip_numbers(&j, &empty), 0);
	ck_assert_int_eq(json_skip(&j), 1);
	ck_assert_int_eq(json_key(&j, &k, &kn), 0);
	ck_assert_int_eq(json_done(&j), 1);
	json_init_at(&ja, doc, sizeof doc - 1, mark);
	ck_assert_int_eq(json_array(&ja), 1);
	ck_assert_int_eq(json_ints(&ja, v, 8, &got), 0);
	ck_assert_uint_eq(got, 3);
	ck_assert(v[0] == 1 && v[2] == 3);
	json_free(&j);
	json_free(&ja);

	/* no ']' at all: nothing read, json_skip() says truncated */
	json_init(&j, "[1, 2", 5);
	ck_assert_int_eq(json_skip_numbers(&j, &empty), 0);
	ck_assert_int_eq(json_skip(&j), -1);
	json_free(&j);
}
END_TEST

/* A value skipped and read later, and two arrays read side by side. */
START_TEST(mark_and_come_back)
{
	static const char doc[] =
	    "{\"a\": [1, 2, 3], \"b\": [10, 20, 30], \"c\": [4, \"x\"]}";
	struct json j, ja, jb, jc;
	const char *k;
	size_t kn, ma = 0, mb = 0, mc = 0;
	int64_t x, y, sum = 0;
	char e[64];

	json_init(&j, doc, strlen(doc));
	ck_assert_int_eq(json_object(&j), 1);
	while (json_key(&j, &k, &kn) == 1) {
		size_t m = json_mark(&j);

		if (json_key_is(k, kn, "a"))
			ma = m;
		else if (json_key_is(k, kn, "b"))
			mb = m;
		else
			mc = m;
		ck_assert_int_eq(json_skip(&j), 1);
	}
	ck_assert_int_eq(ma, 6);
	json_init_at(&ja, doc, strlen(doc), ma);
	json_init_at(&jb, doc, strlen(doc), mb);
	ck_assert_int_eq(json_array(&ja), 1);
	ck_assert_int_eq(json_array(&jb), 1);
	while (json_item(&ja) == 1) {
		ck_assert_int_eq(json_item(&jb), 1);
		ck_assert_int_eq(json_int(&ja, &x, 0), 1);
		ck_assert_int_eq(json_int(&jb, &y, 0), 1);
		sum += x * y;
	}
	ck_assert_int_eq(json_item(&jb), 0);
	ck_assert_int_eq(sum, 140);
	/* The error's offset is the whole text's. */
	json_init_at(&jc, doc, strlen(doc), mc);
	ck_assert_int_eq(json_array(&jc), 1);
	ck_assert_int_eq(json_item(&jc), 1);
	ck_assert_int_eq(json_int(&jc, &x, 0), 1);
	ck_assert_int_eq(json_item(&jc), 1);
	ck_assert_int_eq(json_int(&jc, &x, 0), -1);
	ck_assert_str_eq(json_error(&jc, e, sizeof e),
	    "byte 45: a number expected");
	json_free(&j);
	json_free(&ja);
	json_free(&jb);
	json_free(&jc);
}
END_TEST

static Suite *
json_suite(void)
{
	Suite *s = suite_create("json");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, walk_object);
	tcase_add_test(tc, empty_containers);
	tcase_add_test(tc, string_escapes);
	tcase_add_test(tc, string_in_place);
	tcase_add_test(tc, integers);
	tcase_add_test(tc, int_arrays);
	tcase_add_test(tc, doubles_any_locale);
	tcase_add_test(tc, errors_with_offsets);
	tcase_add_test(tc, deep_nesting);
	tcase_add_test(tc, sticky_error);
	tcase_add_test(tc, misuse_is_an_error);
	tcase_add_test(tc, slurp_whole_input);
	tcase_add_test(tc, slurp_maps_files);
	tcase_add_test(tc, mapped_file_shrinks);
	tcase_add_test(tc, skip_numbers);
	tcase_add_test(tc, nonfinite_numbers);
	tcase_add_test(tc, mark_and_come_back);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(json_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
