/*
 * Unit tests of perf.data's time slices (input/perfslice.h): the sample
 * times read from a header, how many slices a file gets, and the --time
 * ranges, which must cover every nanosecond exactly once (a sample on a
 * boundary is in one slice, never two, never none).
 *
 * A self-contained Check program with its own main().
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input/perfslice.h"

/* Put v at p (native order, as perf writes). */
static void
put64(unsigned char *p, uint64_t v)
{
	memcpy(p, &v, sizeof v);
}

/*
 * Write a perf.data header with feature bits feat and, when the sample
 * time feature is set, first and last; returns the path (static).
 */
static const char *
header_file(uint64_t feat, uint64_t first, uint64_t last, int hsize)
{
	static char path[] = "/tmp/check_perfslice.XXXXXX";
	unsigned char b[104 + 16 * 64 + 16];
	uint64_t off = 104;
	int fd, i, nsec = 0;

	memcpy(path + sizeof path - 7, "XXXXXX", 6);
	memset(b, 0, sizeof b);
	memcpy(b, "PERFILE2", 8);
	put64(b + 8, (uint64_t)hsize);
	put64(b + 40, 104);     /* data: offset */
	put64(b + 48, 0);       /* and size: the features right after */
	put64(b + 72, feat);
	for (i = 0; i < 64; i++)
		if (feat >> i & 1)
			nsec++;
	/* Every set feature gets a section; sample time points at its pair. */
	for (i = 0; i < nsec; i++)
		put64(b + off + 16 * (uint64_t)i, 104 + 16 * (uint64_t)nsec);
	for (i = 0; i < nsec; i++)
		put64(b + off + 16 * (uint64_t)i + 8, 16);
	put64(b + 104 + 16 * (uint64_t)nsec, first);
	put64(b + 104 + 16 * (uint64_t)nsec + 8, last);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, b, 104 + 16 * (size_t)nsec + 16),
	    104 + 16 * nsec + 16);
	close(fd);
	return path;
}

START_TEST(test_times_read)
{
	/* Build id (2), hostname (3) and sample time (21) set. */
	const char *p = header_file(1u << 2 | 1u << 3 | 1u << 21, 5000000000u,
	    9000000000u, 104);
	uint64_t f = 0, l = 0;

	ck_assert_int_eq(perfslice_count(p, 4, &f, &l), 4);
	ck_assert_uint_eq(f, 5000000000u);
	ck_assert_uint_eq(l, 9000000000u);
	unlink(p);
}
END_TEST

START_TEST(test_times_missing)
{
	uint64_t f, l;
	const char *p;

	/* No sample time feature (an older perf): one slice. */
	p = header_file(1u << 2, 1, 2000000000u, 104);
	ck_assert_int_eq(perfslice_count(p, 4, &f, &l), 1);
	unlink(p);
	/* Pipe-mode data: a 16-byte header. */
	p = header_file(1u << 21, 1, 2000000000u, 16);
	ck_assert_int_eq(perfslice_count(p, 4, &f, &l), 1);
	unlink(p);
	/* No span (one sample), or too short for the slices asked. */
	p = header_file(1u << 21, 7, 7, 104);
	ck_assert_int_eq(perfslice_count(p, 4, &f, &l), 1);
	unlink(p);
	p = header_file(1u << 21, 0, 3 * PERFSLICE_MIN_NS, 104);
	ck_assert_int_eq(perfslice_count(p, 8, &f, &l), 3);
	ck_assert_int_eq(perfslice_count(p, 1, &f, &l), 1);
	unlink(p);
	ck_assert_int_eq(perfslice_count("/nonexistent/perf.data", 4, &f, &l),
	    1);
	ck_assert_int_eq(perfslice_count("/dev/null", 4, &f, &l), 1);
}
END_TEST

/* Parse "S.NNNNNNNNN" (or "") as nanoseconds; "" is def. */
static uint64_t
ns(const char *s, size_t len, uint64_t def)
{
	char buf[64];
	unsigned long long sec, frac;

	if (len == 0)
		return def;
	ck_assert_uint_lt(len, sizeof buf);
	memcpy(buf, s, len);
	buf[len] = '\0';
	ck_assert_int_eq(sscanf(buf, "%llu.%llu", &sec, &frac), 2);
	ck_assert_uint_eq(strlen(strchr(buf, '.') + 1), 9);
	return sec * 1000000000ull + frac;
}

/* A header of one event sampled with sample_type st (attr_size asz). */
static const char *
attr_file(uint64_t st, uint64_t asz, uint64_t nattr)
{
	static char path[] = "/tmp/check_perfslice.XXXXXX";
	unsigned char b[104 + 4 * 144];
	uint64_t i;
	int fd;

	memcpy(path + sizeof path - 7, "XXXXXX", 6);
	memset(b, 0, sizeof b);
	memcpy(b, "PERFILE2", 8);
	put64(b + 8, 104);
	put64(b + 16, asz);
	put64(b + 24, 104);
	put64(b + 32, asz * nattr);
	for (i = 0; i < nattr && i < 4; i++)
		put64(b + 104 + i * 144 + 24, i == nattr - 1 ? st : 0x127);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, b, sizeof b), (ssize_t)sizeof b);
	close(fd);
	return path;
}

START_TEST(test_dwarf)
{
	const char *p;

	p = attr_file(0x127, 144, 1);        /* frame pointers */
	ck_assert_int_eq(perfslice_dwarf(p), 0);
	unlink(p);
	p = attr_file(0x127 | 0x3000, 144, 3); /* the last event: dwarf */
	ck_assert_int_eq(perfslice_dwarf(p), 1);
	unlink(p);
	p = attr_file(0x127, 16, 1);         /* too small an attribute */
	ck_assert_int_eq(perfslice_dwarf(p), -1);
	unlink(p);
	p = attr_file(0x127, 144, 0);        /* no event */
	ck_assert_int_eq(perfslice_dwarf(p), -1);
	unlink(p);
	/* An attribute past the end of the file. */
	p = attr_file(0x127, 1000, 3);
	ck_assert_int_eq(perfslice_dwarf(p), -1);
	unlink(p);
	ck_assert_int_eq(perfslice_dwarf("/nonexistent"), -1);
}
END_TEST

START_TEST(test_ranges_cover_once)
{
	static const uint64_t spans[][2] = {
		{1000000000u, 1000000000u + 7},
		{29305412415000ull, 29308945197000ull},
		{0, 999999999999ull},
		{123, 123 + 64 * 3 + 5},
	};
	char buf[80];
	const char *comma;
	uint64_t lo, hi, prev;
	size_t k;
	int n, i;

	for (k = 0; k < sizeof spans / sizeof spans[0]; k++)
		for (n = 2; n <= PERFSLICE_MAX; n++) {
			prev = 0;
			for (i = 0; i < n; i++) {
				perfslice_range(spans[k][0], spans[k][1], i, n,
				    buf, sizeof buf);
				comma = strchr(buf, ',');
				ck_assert_ptr_nonnull(comma);
				lo = ns(buf, (size_t)(comma - buf), 0);
				hi = ns(comma + 1, strlen(comma + 1),
				    UINT64_MAX);
				/* Open at both outer ends. */
				if (i == 0)
					ck_assert_uint_eq(lo, 0);
				else
					ck_assert_uint_eq(lo, prev + 1);
				if (i == n - 1)
					ck_assert_uint_eq(hi, UINT64_MAX);
				else
					ck_assert_uint_ge(hi + 1, lo);
				prev = hi;
			}
		}
	/* The boundaries themselves, for a span of 3 s in 3. */
	perfslice_range(1000000000u, 4000000000u, 1, 3, buf, sizeof buf);
	ck_assert_str_eq(buf, "2.000000000,2.999999999");
	perfslice_range(1000000000u, 4000000000u, 0, 3, buf, sizeof buf);
	ck_assert_str_eq(buf, ",1.999999999");
	perfslice_range(1000000000u, 4000000000u, 2, 3, buf, sizeof buf);
	ck_assert_str_eq(buf, "3.000000000,");
}
END_TEST

static Suite *
perfslice_suite(void)
{
	Suite *s = suite_create("perfslice");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_times_read);
	tcase_add_test(tc, test_times_missing);
	tcase_add_test(tc, test_dwarf);
	tcase_add_test(tc, test_ranges_cover_once);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(perfslice_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
