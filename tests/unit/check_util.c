/*
 * Utilities: escaping, UTF-8, counts, the reader, sorting.
 */
#include "config.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

#include "check_suites.h"
#include "model/count.h"
#include "util/ascii.h"
#include "util/escape.h"
#include "input/lineq.h"
#include "input/reader.h"
#include "util/scan.h"
#include "util/thread.h"
#include "util/sort.h"

START_TEST(test_escape)
{
	char buf[128];
	static const char hostile[] = "a\033[2J\x9b" "1m\x07\xff\xc3\xa9\\z";

	ck_assert_uint_eq(escape_text(buf, sizeof buf, "plain::name<T>", 14), 14);
	ck_assert_str_eq(buf, "plain::name<T>");
	escape_text(buf, sizeof buf, hostile, sizeof hostile - 1);
	/* ESC, a raw C1 byte, BEL, an invalid byte: all visible; é and text kept. */
	ck_assert_str_eq(buf, "a\\e[2J\\x9b1m\\x07\\xff\xc3\xa9\\\\z");
	ck_assert(!escape_is_clean(hostile, sizeof hostile - 1));
	ck_assert(escape_is_clean("caf\xc3\xa9", 5));
	/* An encoded C1 control (U+009B CSI) is escaped too. */
	escape_text(buf, sizeof buf, "\xc2\x9b", 2);
	ck_assert_str_eq(buf, "\\u{9b}");
	/* Truncation: returns the full length, output NUL-terminated. */
	ck_assert_uint_eq(escape_text(buf, 4, "\033\033", 2), 4);
	ck_assert_uint_eq(strlen(buf), 3);
}
END_TEST

/* One form for a code point, \u{HEX}; every non-ASCII one in ASCII mode. */
START_TEST(test_escape_ascii)
{
	char buf[128];
	static const char fire[] = "hot \xf0\x9f\x94\xa5 caf\xc3\xa9 \xe2\x80\xae";

	escape_text(buf, sizeof buf, fire, sizeof fire - 1);
	ck_assert_str_eq(buf, "hot \xf0\x9f\x94\xa5 caf\xc3\xa9 \\u{202e}");
	escape_set_ascii(1);
	escape_text(buf, sizeof buf, fire, sizeof fire - 1);
	escape_set_ascii(0);
	ck_assert_str_eq(buf, "hot \\u{1f525} caf\\u{e9} \\u{202e}");
	ck_assert_uint_eq(escape_codepoint(buf, sizeof buf, 0x1f525), 9);
	ck_assert_str_eq(buf, "\\u{1f525}");
}
END_TEST

START_TEST(test_utf8)
{
	uint32_t cp;

	ck_assert_int_eq(utf8_decode((const unsigned char *)"\xe6\x97\xa5", 3, &cp), 3);
	ck_assert_uint_eq(cp, 0x65e5);
	ck_assert_int_eq(utf8_decode((const unsigned char *)"\xc0\xaf", 2, &cp), 0);     /* overlong */
	ck_assert_int_eq(utf8_decode((const unsigned char *)"\xed\xa0\x80", 3, &cp), 0); /* surrogate */
	ck_assert_int_eq(utf8_decode((const unsigned char *)"\xe6\x97", 2, &cp), 0);     /* truncated */
	ck_assert_int_eq(utf8_decode((const unsigned char *)"\xf4\x90\x80\x80", 4, &cp), 0);
}
END_TEST

START_TEST(test_counts)
{
	struct tf_count c, acc = COUNT_ZERO;
	char buf[COUNT_BUFSZ];

	ck_assert_int_eq(count_parse("18446744073709551615", 20, &c), 1);
	ck_assert_uint_eq(c.n, UINT64_MAX);
	ck_assert_int_eq(count_parse("18446744073709551616", 20, &c), -1);
	ck_assert_int_eq(count_parse("12.", 3, &c), 1);
	ck_assert_int_eq(count_parse("1x", 2, &c), 0);
	/* A fraction of many 9s sums to 1.0 in doubles: it carries. */
	ck_assert_int_eq(count_parse("0.99999999999999999999", 22, &c), 1);
	ck_assert_uint_eq(c.n, 1);
	ck_assert(c.frac >= 0.0 && c.frac < 1.0);
	ck_assert_int_eq(count_parse("18446744073709551615.99999999999999999999",
	    41, &c), -1);
	ck_assert_int_eq(count_add(&acc, COUNT_INT(UINT64_MAX)), 0);
	ck_assert_int_eq(count_add(&acc, COUNT_INT(1)), 1);
	ck_assert_uint_eq(acc.n, UINT64_MAX);
	acc = COUNT_ZERO;
	count_parse("14.2343983248723", 16, &c);
	count_add(&acc, c);
	count_format(buf, acc);
	ck_assert_str_eq(buf, "14.2343983248723");
	ck_assert_uint_eq(count_format(buf, COUNT_INT(1234567)), 7);
	ck_assert_str_eq(buf, "1234567");
	ck_assert_uint_eq(count_format(buf, COUNT_ZERO), 1);
	ck_assert_str_eq(buf, "0");
	ck_assert_uint_eq(count_format(buf, COUNT_INT(UINT64_MAX)), 20);
	ck_assert_str_eq(buf, "18446744073709551615");
	ck_assert_uint_eq(count_format(buf, COUNT_INT(10)), 2);
	ck_assert_str_eq(buf, "10");
}
END_TEST

/* fmt(s): s parsed as a count and formatted back. */
static const char *
count_roundtrip(const char *s, char *buf)
{
	struct tf_count c;

	ck_assert_msg(count_parse(s, strlen(s), &c) == 1, "%s does not parse", s);
	count_format(buf, c);
	return buf;
}

/*
 * Fractional counts are printed in plain decimal with the digits they were
 * read with; exponent forms are read.
 */
START_TEST(test_counts_exact)
{
	struct tf_count c, acc = COUNT_ZERO;
	char buf[COUNT_BUFSZ];

	ck_assert_str_eq(count_roundtrip("0.00001", buf), "0.00001");
	ck_assert_str_eq(count_roundtrip("123456789012345.25", buf),
	    "123456789012345.25");
	ck_assert_str_eq(count_roundtrip("18446744073709551615.5", buf),
	    "18446744073709551615.5");
	ck_assert_str_eq(count_roundtrip("7.000000000000001", buf),
	    "7.000000000000001");
	ck_assert_str_eq(count_roundtrip("0.1", buf), "0.1");
	ck_assert_str_eq(count_roundtrip("3.50", buf), "3.5");
	ck_assert_str_eq(count_roundtrip("12.", buf), "12");
	ck_assert_str_eq(count_roundtrip("1e-05", buf), "0.00001");
	ck_assert_str_eq(count_roundtrip("1E3", buf), "1000");
	ck_assert_str_eq(count_roundtrip("1.5e+2", buf), "150");
	ck_assert_str_eq(count_roundtrip("25e-1", buf), "2.5");
	ck_assert_str_eq(count_roundtrip("12.5E-3", buf), "0.0125");
	ck_assert_str_eq(count_roundtrip("0e999999999999", buf), "0");
	ck_assert_str_eq(count_roundtrip("18446744073709551615e0", buf),
	    "18446744073709551615");
	ck_assert_str_eq(count_roundtrip("1844674407370955161.5e1", buf),
	    "18446744073709551615");
	/* Far below the smallest double: zero, not an error. */
	ck_assert_str_eq(count_roundtrip("1e-400", buf), "0");
	/* The smallest double is printed in full, as plain decimal. */
	ck_assert_int_eq(count_parse("4.9406564584124654e-324", 23, &c), 1);
	ck_assert_uint_gt(count_format(buf, c), 320);
	ck_assert(strncmp(buf, "0.000", 5) == 0 && strchr(buf, 'e') == NULL);
	ck_assert_int_eq(count_parse("2e19", 4, &c), -1);
	ck_assert_int_eq(count_parse("1e99999999999999999999", 22, &c), -1);
	ck_assert_int_eq(count_parse("5e", 2, &c), 0);
	ck_assert_int_eq(count_parse("5e+", 3, &c), 0);
	ck_assert_int_eq(count_parse("e5", 2, &c), 0);
	ck_assert_int_eq(count_parse("5e5.5", 5, &c), 0);
	ck_assert_int_eq(count_parse("-5", 2, &c), 0);
	ck_assert_int_eq(count_parse(".5", 2, &c), 0);
	/* A sum prints as the double it is, so that it reads back the same. */
	count_parse("0.1", 3, &c);
	count_add(&acc, c);
	count_parse("0.2", 3, &c);
	count_add(&acc, c);
	count_format(buf, acc);
	ck_assert_str_eq(buf, "0.30000000000000004");
}
END_TEST

START_TEST(test_reader_lines)
{
	static const char in[] = "one\r\ntwo\n\nlast";
	struct reader *r = reader_mem(in, sizeof in - 1, "mem");
	const char *line, *peek;
	size_t len;

	ck_assert_uint_eq(reader_peek(r, &peek), sizeof in - 1);
	ck_assert_int_eq(reader_line(r, &line, &len), READER_LINE);
	ck_assert_uint_eq(len, 3);
	ck_assert_int_eq(memcmp(line, "one", 3), 0);
	ck_assert_int_eq(reader_line(r, &line, &len), READER_LINE);
	ck_assert_int_eq(reader_line(r, &line, &len), READER_LINE);
	ck_assert_uint_eq(len, 0);
	ck_assert_int_eq(reader_line(r, &line, &len), READER_LINE);
	ck_assert_int_eq(memcmp(line, "last", 4), 0);
	ck_assert_uint_eq(reader_lineno(r), 4);
	ck_assert_int_eq(reader_line(r, &line, &len), READER_EOF);
	reader_close(r);
}
END_TEST

START_TEST(test_reader_errors)
{
	char *err = NULL;

	ck_assert_ptr_null(reader_open("/nonexistent/file", &err));
	ck_assert_ptr_nonnull(strstr(err, "No such file"));
	free(err);
	err = NULL;
	ck_assert_ptr_null(reader_open("/", &err));
	ck_assert_str_eq(err, "/: is a directory");
	free(err);
}
END_TEST

/* A gzip stream cut in the middle is an error after the data before it. */
START_TEST(test_reader_gzip)
{
#ifdef HAVE_ZLIB
	/* printf 'a 1\nb 2\n' | gzip -n | od: a complete stream. */
	static const unsigned char gz[] = {
		0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x4b, 0x54,
		0x30, 0xe4, 0x4a, 0x52, 0x30, 0xe2, 0x02, 0x00, 0x7e, 0x4e, 0x8f, 0x97,
		0x08, 0x00, 0x00, 0x00};
	struct reader *r = reader_mem((const char *)gz, sizeof gz, "gz");
	const char *line;
	size_t len;

	ck_assert_int_eq(reader_line(r, &line, &len), READER_LINE);
	ck_assert_int_eq(memcmp(line, "a 1", 3), 0);
	ck_assert_int_eq(reader_line(r, &line, &len), READER_LINE);
	ck_assert_int_eq(reader_line(r, &line, &len), READER_EOF);
	ck_assert(reader_is_gzip(r));
	reader_close(r);
	r = reader_mem((const char *)gz, 14, "gz");
	while (reader_line(r, &line, &len) == READER_LINE)
		;
	ck_assert(reader_status_failed(r));
	reader_close(r);
#endif
}
END_TEST

/*
 * Big regular files: several times the reader's first buffer (1 MiB), so
 * that lines cross its refills, and a cut for two threads is found in the
 * file itself.
 */
#define FILE_LINES 300000

/* A temporary file of FILE_LINES lines "line NNNNNNN", one CRLF, no final "\n". */
static char *
numbered_file(void)
{
	char *path = strdup("/tmp/tflame-mapXXXXXX");
	FILE *fp;
	int fd, i;

	ck_assert_ptr_nonnull(path);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	fp = fdopen(fd, "w");
	ck_assert_ptr_nonnull(fp);
	for (i = 1; i <= FILE_LINES; i++)
		fprintf(fp, "line %07d%s", i, i == 12345 ? "\r\n" :
		    i < FILE_LINES ? "\n" : "");
	ck_assert_int_eq(fclose(fp), 0);
	return path;
}

/* Read n lines of r, "line N" from *next on; the status of the last. */
static int
read_numbered_n(struct reader *r, int *next, int n)
{
	const char *line;
	size_t len;
	char want[32];
	int rc = READER_EOF;

	while (n-- > 0 && (rc = reader_line(r, &line, &len)) == READER_LINE) {
		snprintf(want, sizeof want, "line %07d", *next);
		ck_assert_uint_eq(len, strlen(want));
		ck_assert_int_eq(memcmp(line, want, len), 0);
		(*next)++;
	}
	return rc;
}

/* Read r to its end, lines "line N" from *next on; its end status. */
static int
read_numbered(struct reader *r, int *next)
{
	return read_numbered_n(r, next, INT_MAX);
}

START_TEST(test_reader_file)
{
	char *path = numbered_file(), *err = NULL;
	struct reader *r = reader_open(path, &err), *t;
	const char *peek;
	int next = 1, tnext;

	ck_assert_ptr_nonnull(r);
	ck_assert_uint_ge(reader_peek(r, &peek), READER_PEEK_MAX);
	ck_assert_int_eq(memcmp(peek, "line 0000001\nline 0000002\n", 26), 0);
	ck_assert_int_eq(read_numbered(r, &next), READER_EOF);
	ck_assert_int_eq(next, FILE_LINES + 1);
	ck_assert_uint_eq(reader_lineno(r), FILE_LINES);
	ck_assert(!reader_status_failed(r));
	reader_close(r);

	/* Cut in two: the parts' lines are the file's, each once. */
	r = reader_open(path, &err);
	next = 1;
	ck_assert_int_eq(read_numbered_n(r, &next, 1000), READER_LINE);
	t = reader_split(r, 1, 0);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(read_numbered(r, &next), READER_EOF);
	ck_assert_int_gt(next, FILE_LINES / 3);
	tnext = next;
	ck_assert_int_eq(read_numbered(t, &tnext), READER_EOF);
	ck_assert_int_eq(tnext, FILE_LINES + 1);
	ck_assert_uint_eq(reader_lineno(t), (uint64_t)(FILE_LINES + 1 - next));
	reader_close(t);
	reader_close(r);
	unlink(path);
	free(path);
}
END_TEST

/*
 * Cut in two, the first part read to the cut (or only part of the way)
 * and the cut undone: the first part reads on to the end of the input,
 * every line once, whether the cut was past what the reader held (a big
 * file) or in its buffer (a small memory input).
 */
START_TEST(test_reader_unsplit)
{
	char *path = numbered_file(), *err = NULL, *small = NULL;
	struct reader *r, *t;
	size_t len = 0;
	FILE *fp;
	int next, i, stop;

	for (stop = 0; stop < 2; stop++) {
		r = reader_open(path, &err);
		ck_assert_ptr_nonnull(r);
		next = 1;
		ck_assert_int_eq(read_numbered_n(r, &next, 10), READER_LINE);
		t = reader_split(r, 1, 0);
		ck_assert_ptr_nonnull(t);
		if (stop)
			ck_assert_int_eq(read_numbered_n(r, &next, 5000),
			    READER_LINE);
		else
			ck_assert_int_eq(read_numbered(r, &next), READER_EOF);
		ck_assert_int_lt(next, FILE_LINES);
		reader_close(t);
		reader_unsplit(r);
		ck_assert_int_eq(read_numbered(r, &next), READER_EOF);
		ck_assert_int_eq(next, FILE_LINES + 1);
		ck_assert_uint_eq(reader_lineno(r), FILE_LINES);
		ck_assert(!reader_status_failed(r));
		reader_close(r);
	}
	unlink(path);
	free(path);

	fp = open_memstream(&small, &len);
	for (i = 1; i <= 100; i++)
		fprintf(fp, "line %07d\n", i);
	fclose(fp);
	r = reader_mem(small, len, "small");
	next = 1;
	t = reader_split(r, 1, 0);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(read_numbered(r, &next), READER_EOF);
	ck_assert_int_gt(next, 40);
	ck_assert_int_lt(next, 60);
	reader_close(t);
	reader_unsplit(r);
	ck_assert_int_eq(read_numbered(r, &next), READER_EOF);
	ck_assert_int_eq(next, 101);
	reader_close(r);
	free(small);
}
END_TEST

/* A file that grows while it is read is read to its new end. */
START_TEST(test_reader_file_grows)
{
	char *path = numbered_file(), *err = NULL;
	struct reader *r = reader_open(path, &err);
	FILE *fp;
	int next = 1, i;

	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(read_numbered_n(r, &next, 100), READER_LINE);
	fp = fopen(path, "a");
	ck_assert_ptr_nonnull(fp);
	for (i = FILE_LINES + 1; i <= FILE_LINES + 50000; i++)
		fprintf(fp, "\nline %07d", i);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_int_eq(read_numbered(r, &next), READER_EOF);
	ck_assert_int_eq(next, FILE_LINES + 50001);
	ck_assert(!reader_status_failed(r));
	reader_close(r);
	unlink(path);
	free(path);
}
END_TEST

/* A big gzip file (stored, as big as its text) is inflated. */
START_TEST(test_reader_file_gzip)
{
#ifdef HAVE_ZLIB
	char path[] = "/tmp/tflame-gzXXXXXX", *err = NULL;
	struct reader *r;
	gzFile gz;
	int fd = mkstemp(path), next = 1, i;
	char line[32];

	ck_assert_int_ge(fd, 0);
	gz = gzdopen(fd, "wb0"); /* stored: as big as the text */
	ck_assert_ptr_nonnull(gz);
	for (i = 1; i <= FILE_LINES; i++) {
		snprintf(line, sizeof line, "line %07d\n", i);
		ck_assert_int_eq(gzputs(gz, line), 13);
	}
	ck_assert_int_eq(gzclose(gz), Z_OK);
	r = reader_open(path, &err);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(read_numbered(r, &next), READER_EOF);
	ck_assert_int_eq(next, FILE_LINES + 1);
	ck_assert(reader_is_gzip(r));
	reader_close(r);
	unlink(path);
#endif
}
END_TEST

static int
cmp_u32(uint32_t a, uint32_t b, void *ctx)
{
	(void)ctx;
	return a < b ? -1 : a > b;
}

/*
 * --threads=1 limits every thread the core would start (thread_limit()):
 * thread_cpus() never says more than the limit, nor less than 1, and 0
 * lifts the limit again.
 */
START_TEST(test_cpu_limit)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	int all = thread_cpus();

	ck_assert_int_ge(all, 1);
	ck_assert_int_eq(all, online < 1 ? 1 : online > 64 ? 64 : (int)online);
	thread_limit(1);
	ck_assert_int_eq(thread_cpus(), 1);
	thread_limit(2);
	ck_assert_int_eq(thread_cpus(), all < 2 ? all : 2);
	thread_limit(0);
	ck_assert_int_eq(thread_cpus(), all);
}
END_TEST

/*
 * skip_ws() and find_ws() read eight bytes at a time where they can: they
 * must give what a byte loop gives for every start in random text made of
 * spaces, other whitespace, control bytes ('!' - 1 and below), '!', high
 * bytes and letters.
 */
START_TEST(test_ws_scans)
{
	static const char pick[] = " \t\n\v\f\r\x01\x1f\x08\x0e!\x80\xff\xa0" "aZ~";
	char buf[64];
	unsigned seed = 7;
	size_t i, n, at, a, b;
	int round;

	for (round = 0; round < 20000; round++) {
		seed = seed * 1103515245u + 12345u;
		n = (seed >> 16) % sizeof buf;
		for (i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			/* Mostly runs of one kind, as in real lines. */
			buf[i] = (seed >> 16) % 4 == 0 || i == 0 ?
			    pick[(seed >> 20) % (sizeof pick - 1)] : buf[i - 1];
		}
		for (at = 0; at <= n; at++) {
			for (a = at; a < n && is_ws((unsigned char)buf[a]); a++)
				;
			for (b = at; b < n && !is_ws((unsigned char)buf[b]); b++)
				;
			ck_assert_uint_eq(skip_ws(buf, at, n), a);
			ck_assert_uint_eq(find_ws(buf, at, n), b);
		}
	}
}
END_TEST

/*
 * scan_byte() against memchr(): every length up to a few vector widths,
 * the byte at each position, twice, or only just past the end (which must
 * not be seen), and in exact-size allocations so that a read past the end
 * shows under AddressSanitizer.
 */
START_TEST(test_scan_byte)
{
	static const char fill[] = "ab;\t \x80\xff\x0a\x3b";
	const char c[] = {'\n', ';', '\0', '\xff'};
	char back[80];
	size_t n, at, i, k;
	char *buf;
	const char *got, *want;

	for (k = 0; k < sizeof c; k++)
		for (n = 0; n <= 70; n++)
			for (at = 0; at <= n + 1; at++) {
				buf = malloc(n > 0 ? n : 1);
				ck_assert_ptr_nonnull(buf);
				for (i = 0; i < n; i++) {
					buf[i] = fill[(i * 7 + n) % (sizeof fill - 1)];
					if (buf[i] == c[k])
						buf[i] = 'x';
				}
				if (at < n)
					buf[at] = c[k];
				if (at + 5 < n)
					buf[at + 5] = c[k];
				want = memchr(buf, c[k], n);
				got = scan_byte(buf, buf + n, c[k]);
				ck_assert_ptr_eq(got, want);
				free(buf);
				/* The byte right after the end is not looked at. */
				memset(back, 'x', sizeof back);
				back[n] = c[k];
				ck_assert_ptr_null(scan_byte(back, back + n, c[k]));
				ck_assert_ptr_eq(scan_byte(back, back + n + 1, c[k]),
				    back + n);
			}
}
END_TEST

/* A random byte, mostly from a few that matter to the scans. */
static char
scan_rand_byte(unsigned *seed)
{
	static const char pick[] = "\n\n\n;; \t\r\x80\xff\0abcdefgh";

	*seed = *seed * 1103515245u + 12345u;
	return (*seed >> 16) % 3 == 0 ? (char)(*seed >> 8) :
	    pick[(*seed >> 20) % (sizeof pick - 1)];
}

/*
 * The scans of util/scan.h as built (SSE2 where SCAN_SIMD) against their
 * portable versions, on random buffers in exact-size allocations (a read
 * past the end shows under AddressSanitizer): scan_byte(),
 * common_prefix() of a buffer and a copy changed at one place,
 * scan_equal(), and scan_line_hash()'s "\n" and hash, which must also be
 * hash_run() of the line once ended.
 */
START_TEST(test_scan_paths)
{
	unsigned seed = 29;
	size_t n, i, at;
	int round;
	char *a, *b, c;
	const char *e1, *e2;
	uint64_t h1, h2;

	for (round = 0; round < 5000; round++) {
		seed = seed * 1103515245u + 12345u;
		n = (seed >> 16) % 140;
		a = malloc(n ? n : 1);
		b = malloc(n ? n : 1);
		ck_assert_ptr_nonnull(a);
		ck_assert_ptr_nonnull(b);
		for (i = 0; i < n; i++)
			a[i] = scan_rand_byte(&seed);
		/* Fewer "\n": long lines reach the 16-byte steps. */
		if (round % 2)
			for (i = 0; i < n; i++)
				if (a[i] == '\n' && (seed = seed * 69069u + 1) % 8)
					a[i] = 'n';
		memcpy(b, a, n);
		seed = seed * 1103515245u + 12345u;
		at = n ? (seed >> 16) % (n + 1) : 0;
		if (at < n)
			b[at] ^= (char)(1u << ((seed >> 8) % 8));
		c = scan_rand_byte(&seed);
		ck_assert_ptr_eq(scan_byte(a, a + n, c),
		    scan_byte_scalar(a, a + n, c));
		ck_assert_ptr_eq(scan_byte_scalar(a, a + n, c),
		    n ? memchr(a, c, n) : NULL);
		for (i = 0; i <= n; i += 1 + i / 8) {
			ck_assert_uint_eq(common_prefix(a, b, i),
			    common_prefix_scalar(a, b, i));
			ck_assert_uint_eq(common_prefix(a, b, i),
			    at < i ? at : i);
			ck_assert_int_eq(scan_equal(a, b, i),
			    scan_equal_scalar(a, b, i));
			ck_assert_int_eq(scan_equal(a, b, i), at >= i);
		}
		h1 = h2 = hash_run_start();
		e1 = scan_line_hash(a, a + n, &h1);
		e2 = scan_line_hash_scalar(a, a + n, &h2);
		ck_assert_ptr_eq(e1, e2);
		ck_assert_ptr_eq(e1, n ? memchr(a, '\n', n) : NULL);
		ck_assert_uint_eq(h1, h2);
		if (e1 != NULL)
			ck_assert_uint_eq(hash_run_end(h1, a, (size_t)(e1 - a)),
			    hash_run(a, (size_t)(e1 - a)));
		free(a);
		free(b);
	}
}
END_TEST

static void *
thread_add(void *arg)
{
	int *x = arg;

	(*x)++;
	return NULL;
}

/*
 * thread_start() runs the function once, on a thread or, when not wanted,
 * in thread_join(); never twice.
 */
START_TEST(test_thread_job)
{
	struct thread_job j;
	int x = 0;

	ck_assert_int_eq(thread_start(&j, 0, thread_add, &x), 0);
	ck_assert_int_eq(x, 0);
	thread_join(&j);
	ck_assert_int_eq(x, 1);
	if (thread_start(&j, 1, thread_add, &x)) {
		thread_join(&j);
		ck_assert_int_eq(x, 2);
	}
}
END_TEST

START_TEST(test_sort)
{
	uint32_t a[1000];
	size_t i;
	unsigned s = 7;

	for (i = 0; i < 1000; i++) {
		s = s * 1103515245u + 12345u;
		a[i] = s % 500;
	}
	sort_u32(a, 1000, cmp_u32, NULL);
	for (i = 1; i < 1000; i++)
		ck_assert_uint_le(a[i - 1], a[i]);
}
END_TEST

Suite *
suite_util(void)
{
	Suite *s = suite_create("util");
	TCase *tc = tcase_create("core");

	/*
	 * The reader tests write and read files of tens of MB (2-4 s alone on
	 * a 2-CPU machine): Check's 4 s default fails them on a loaded one.
	 */
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_escape);
	tcase_add_test(tc, test_escape_ascii);
	tcase_add_test(tc, test_utf8);
	tcase_add_test(tc, test_counts);
	tcase_add_test(tc, test_counts_exact);
	tcase_add_test(tc, test_reader_lines);
	tcase_add_test(tc, test_reader_errors);
	tcase_add_test(tc, test_reader_gzip);
	tcase_add_test(tc, test_reader_file);
	tcase_add_test(tc, test_reader_unsplit);
	tcase_add_test(tc, test_reader_file_grows);
	tcase_add_test(tc, test_reader_file_gzip);
	tcase_add_test(tc, test_sort);
	tcase_add_test(tc, test_ws_scans);
	tcase_add_test(tc, test_scan_byte);
	tcase_add_test(tc, test_scan_paths);
	tcase_add_test(tc, test_thread_job);
	tcase_add_test(tc, test_cpu_limit);
	suite_add_tcase(s, tc);
	return s;
}
