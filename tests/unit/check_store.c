/*
 * Unit tests of the sample store (model/store.h) and its heat map
 * (model/heatmap.h): every query against a plain array of the same
 * samples, walked the slow way.
 *
 * A self-contained Check program with its own main().
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "model/heatmap.h"
#include "helpers.h"
#include "model/store.h"
#include "model/timerange.h"
#include "model/range.h"
#include "model/tree.h"
#include "export/heatmap_text.h"

#define NS 1000000000LL

struct ref {
	uint32_t stack;
	int64_t t;
	uint64_t w;
	int32_t pid, tid, cpu;
};

/* A small deterministic generator (xorshift). */
static uint64_t rng_state = 88172645463325252ULL;

static uint64_t
rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static struct store *
fill(const struct ref *r, size_t n)
{
	struct store *s = store_new();
	size_t i;

	for (i = 0; i < n; i++)
		store_add(s, r[i].stack, r[i].t, r[i].w, r[i].pid, r[i].tid,
		    r[i].cpu);
	return s;
}

START_TEST(test_empty)
{
	struct store *s = store_new();
	struct store_iter it;
	struct store_sample x;
	struct heatmap hm;
	int64_t a, b;
	uint64_t w[4] = {0};

	ck_assert_uint_eq(store_count(s), 0);
	ck_assert_int_eq(store_span(s, &a, &b), 0);
	store_iter_init(&it, s, INT64_MIN, INT64_MAX);
	ck_assert_int_eq(store_iter_next(&it, &x), 0);
	ck_assert_uint_eq(store_fold(s, INT64_MIN, INT64_MAX, w, NULL, 4,
	    NULL), 0);
	ck_assert_int_eq(heatmap_build(&hm, s, 50, NULL, NULL, 0), -1);
	ck_assert_uint_eq(hm.ncols, 0);
	heatmap_free(&hm);
	store_free(s);
}
END_TEST

/*
 * Samples in time order and out of it, a clock that jumps by a day and
 * back, negative times, weights past 32 bits, more samples than a chunk:
 * the iterator gives back exactly what went in, in order.
 */
START_TEST(test_roundtrip)
{
	size_t n = 3 * STORE_CHUNK + 777, i;
	struct ref *r = calloc(n, sizeof *r);
	struct store *s;
	struct store_iter it;
	struct store_sample x;
	int64_t t = 5 * NS, lo = INT64_MAX, hi = INT64_MIN;

	for (i = 0; i < n; i++) {
		uint64_t k = rng();

		if (i == n / 3)
			t += 86400 * NS;            /* a day later */
		else if (i == n / 2)
			t = -7 * NS;                /* before the epoch */
		else if (k % 50 == 0)
			t -= (int64_t)(k % (3 * NS)); /* a clock going back */
		else
			t += (int64_t)(k % 20000000);
		r[i].t = t;
		r[i].stack = (uint32_t)(k >> 40) % 1000;
		r[i].w = (k % 97 == 0) ? (1ULL << 40) + k % 1000 : k % 5000000;
		r[i].pid = (int32_t)(k % 7) - 1;
		r[i].tid = r[i].pid < 0 ? -1 : r[i].pid * 10 + (int32_t)(k % 3);
		r[i].cpu = (k % 31 == 0) ? 9999 : (int32_t)(k % 64) - 1;
		if (t < lo)
			lo = t;
		if (t > hi)
			hi = t;
	}
	s = fill(r, n);
	ck_assert_uint_eq(store_count(s), n);
	{
		int64_t a, b;

		ck_assert_int_eq(store_span(s, &a, &b), 1);
		ck_assert(a == lo && b == hi);
	}
	store_iter_init(&it, s, INT64_MIN, INT64_MAX);
	for (i = 0; i < n; i++) {
		int32_t pid, tid;
		uint32_t cpu = r[i].cpu < 0 || r[i].cpu >= (int32_t)STORE_CPU_NONE ?
		    STORE_CPU_NONE : (uint32_t)r[i].cpu;

		ck_assert_int_eq(store_iter_next(&it, &x), 1);
		ck_assert_uint_eq(x.stack, r[i].stack);
		ck_assert(x.t == r[i].t);
		ck_assert_uint_eq(x.w, r[i].w);
		ck_assert_uint_eq(x.cpu, cpu);
		store_thread(s, x.thread, &pid, &tid);
		ck_assert_int_eq(pid, r[i].pid);
		ck_assert_int_eq(tid, r[i].tid);
	}
	ck_assert_int_eq(store_iter_next(&it, &x), 0);
	/* Chunks with a weight past 32 bits keep 8 bytes more a sample. */
	ck_assert_uint_le(store_memory(s), n * 24 * 2 + 65536);
	store_free(s);
	free(r);
}
END_TEST

/*
 * The budget: 16 bytes a sample for a recording's usual samples (time
 * in order, weights that fit 32 bits, a few threads and cpus).
 */
START_TEST(test_memory)
{
	struct store *s = store_new();
	size_t n = 1000000, i;

	for (i = 0; i < n; i++)
		store_add(s, (uint32_t)(i % 5000), (int64_t)i * 1001001,
		    1001001 + i % 7, 100, 100 + (int32_t)(i % 8),
		    (int32_t)(i % 2));
	ck_assert_uint_le(store_memory(s), n * 16 + 128 * 1024);
	ck_assert_uint_eq(store_threads(s), 8);
	store_free(s);
}
END_TEST

/* store_fold() and a range iterator against the slow sums. */
START_TEST(test_fold_ranges)
{
	size_t n = 2 * STORE_CHUNK + 1234, i;
	struct ref *r = calloc(n, sizeof *r);
	struct store *s;
	uint8_t skip[64];
	int q;

	for (i = 0; i < n; i++) {
		uint64_t k = rng();

		/* 10 seconds, samples in a random order */
		r[i].t = 100 * NS + (int64_t)(k % (10 * NS));
		r[i].stack = (uint32_t)(k >> 33) % 70; /* some past nstacks */
		r[i].w = 1 + k % 1000;
		r[i].pid = r[i].tid = r[i].cpu = -1;
	}
	for (i = 0; i < 64; i++)
		skip[i] = i % 5 == 0;
	s = fill(r, n);
	for (q = 0; q < 40; q++) {
		int64_t t0 = 100 * NS + (int64_t)(rng() % (11 * NS)) - NS / 2;
		int64_t t1 = t0 + (int64_t)(rng() % (4 * NS));
		uint64_t w[64] = {0}, c[64] = {0}, ww[64] = {0}, cc[64] = {0};
		uint64_t added, want = 0, seen = 0;
		const uint8_t *sk = (q & 1) ? skip : NULL;
		struct store_iter it;
		struct store_sample x;

		if (q == 0) {
			t0 = INT64_MIN;
			t1 = INT64_MAX;
		}
		added = store_fold(s, t0, t1, w, c, 64, sk);
		for (i = 0; i < n; i++) {
			if (r[i].t < t0 || r[i].t >= t1 || r[i].stack >= 64 ||
			    (sk != NULL && sk[r[i].stack]))
				continue;
			ww[r[i].stack] += r[i].w;
			cc[r[i].stack]++;
			want++;
		}
		ck_assert_uint_eq(added, want);
		ck_assert(memcmp(w, ww, sizeof w) == 0);
		ck_assert(memcmp(c, cc, sizeof c) == 0);
		store_iter_init(&it, s, t0, t1);
		while (store_iter_next(&it, &x)) {
			ck_assert(x.t >= t0 && x.t < t1);
			seen++;
		}
		for (i = 0, want = 0; i < n; i++)
			want += r[i].t >= t0 && r[i].t < t1;
		ck_assert_uint_eq(seen, want);
	}
	store_free(s);
	free(r);
}
END_TEST

/* More distinct threads than the table holds: the rest share one. */
START_TEST(test_thread_table_full)
{
	struct store *s = store_new();
	struct store_iter it;
	struct store_sample x;
	uint32_t i, last = 0;
	int32_t pid, tid;

	for (i = 0; i < STORE_MAX_THREADS + 10; i++)
		store_add(s, 1, (int64_t)i, 1, (int32_t)i, (int32_t)i, 0);
	ck_assert_uint_eq(store_threads(s), STORE_MAX_THREADS);
	store_iter_init(&it, s, INT64_MIN, INT64_MAX);
	while (store_iter_next(&it, &x))
		last = x.thread;
	ck_assert_uint_eq(last, STORE_MAX_THREADS - 1);
	store_thread(s, STORE_MAX_THREADS - 1, &pid, &tid);
	ck_assert_int_eq(pid, -1);
	ck_assert_int_eq(tid, -1);
	store_thread(s, 12345, &pid, &tid);
	ck_assert_int_eq(pid, 12345);
	store_free(s);
}
END_TEST

/*
 * FlameScope's cells by hand: second floor(t) - floor(tmin), row
 * floor(rows * frac(t)); tmin 3.9 s, so second 0 starts at 3 s.
 */
START_TEST(test_heatmap_cells)
{
	struct store *s = store_new();
	struct heatmap hm;
	uint8_t skip[3] = {0, 0, 1}, match[3] = {0, 1, 0};

	store_add(s, 0, 3 * NS + 900000000, 1, -1, -1, -1); /* 0, row 45 */
	store_add(s, 1, 4 * NS + 19999999, 1, -1, -1, -1);  /* 1, row 0 */
	store_add(s, 1, 4 * NS + 20000000, 1, -1, -1, -1);  /* 1, row 1 */
	store_add(s, 0, 4 * NS + 20000001, 1, -1, -1, -1);  /* 1, row 1 */
	store_add(s, 2, 4 * NS + 500000000, 1, -1, -1, -1); /* idle */
	store_add(s, 0, 86400 * NS + 3 * NS, 1, -1, -1, -1); /* a day on */
	ck_assert_int_eq(heatmap_build(&hm, s, 50, skip, match, 3), 0);
	ck_assert(hm.sec0 == 3);
	ck_assert_uint_eq(hm.ncols, 3);    /* 0, 1 and 86400: no gap */
	ck_assert(hm.sec[0] == 0 && hm.sec[1] == 1 && hm.sec[2] == 86400);
	ck_assert_uint_eq(hm.cell[0 * 50 + 45], 1);
	ck_assert_uint_eq(hm.cell[1 * 50 + 0], 1);
	ck_assert_uint_eq(hm.cell[1 * 50 + 1], 2);
	ck_assert_uint_eq(hm.match[1 * 50 + 1], 1);
	ck_assert_uint_eq(hm.match[1 * 50 + 0], 1);
	ck_assert_uint_eq(hm.cell[1 * 50 + 25], 0);  /* idle left out */
	ck_assert_uint_eq(hm.cell[2 * 50 + 0], 1);
	ck_assert_uint_eq(hm.skipped, 1);
	ck_assert_uint_eq(hm.kept, 5);
	ck_assert_uint_eq(hm.max, 2);
	ck_assert_uint_eq(hm.colsum[1], 3);
	ck_assert_int_eq(heatmap_column(&hm, 2), -1);
	ck_assert_uint_eq(heatmap_row_ms(&hm, 45), 900);
	heatmap_free(&hm);
	store_free(s);
}
END_TEST

/*
 * With rows that do not divide a second (49, 99, 7), every sample of a
 * cell lies inside that cell's range and no other's.
 */
START_TEST(test_heatmap_range_edges)
{
	static const int rowsets[] = {49, 99, 7, 50, 1};
	size_t k;

	for (k = 0; k < sizeof rowsets / sizeof rowsets[0]; k++) {
		struct store *s = store_new();
		struct heatmap hm;
		int rows = rowsets[k], i;
		int64_t t0, t1;

		for (i = 0; i < 5000; i++)
			store_add(s, 0, 10 * NS + (int64_t)(rng() % (3 * NS)),
			    1, -1, -1, -1);
		/* and the edges of every row of second 11 */
		for (i = 0; i <= rows; i++) {
			int64_t e = (int64_t)i * NS / rows;

			store_add(s, 0, 11 * NS + e, 1, -1, -1, -1);
			if (e > 0)
				store_add(s, 0, 11 * NS + e - 1, 1, -1, -1, -1);
		}
		ck_assert_int_eq(heatmap_build(&hm, s, rows, NULL, NULL, 0), 0);
		for (i = 0; i < rows; i++) {
			long col = heatmap_column(&hm, 1);
			struct store_iter it;
			struct store_sample x;
			uint64_t in = 0;

			ck_assert_int_ge(col, 0);
			heatmap_range(&hm, 1, i, 1, i, &t0, &t1);
			store_iter_init(&it, s, t0, t1);
			while (store_iter_next(&it, &x))
				in++;
			ck_assert_uint_eq(in, hm.cell[(size_t)col * rows + i]);
		}
		/* a range picked backwards is the same range */
		heatmap_range(&hm, 2, rows - 1, 0, 0, &t0, &t1);
		ck_assert(t0 == 10 * NS && t1 == 13 * NS);
		heatmap_free(&hm);
		store_free(s);
	}
}
END_TEST

/* floor(a / b), b > 0, the slow way. */
static int64_t
ref_floordiv(int64_t a, int64_t b)
{
	int64_t q = a / b;

	return (a % b != 0 && a < 0) ? q - 1 : q;
}

/*
 * Map m against the samples r[0..n) counted one by one: every column's
 * second, every cell, match, column total, the largest cell and the
 * kept and skipped counts.  extra: one more sample far off (last in r)
 * that made the map take the sparse way; its column is checked too.
 */
static void
check_map(const struct heatmap *m, const struct ref *r, size_t n, int rows,
    const uint8_t *skip, const uint8_t *match, uint32_t nstacks)
{
	int64_t tmin = INT64_MAX;
	uint64_t kept = 0, skipped = 0, sum = 0;
	uint32_t max = 0, *cell, *mcell;
	size_t i, ncells = (size_t)m->ncols * (size_t)rows;

	for (i = 0; i < n; i++)
		if (r[i].t < tmin)
			tmin = r[i].t;
	ck_assert(m->sec0 == ref_floordiv(tmin, NS));
	cell = calloc(ncells, sizeof *cell);
	mcell = calloc(ncells, sizeof *mcell);
	for (i = 0; i < n; i++) {
		int64_t sec = ref_floordiv(r[i].t, NS);
		int64_t row = (r[i].t - sec * NS) * rows / NS;
		long col = heatmap_column(m, sec - m->sec0);

		ck_assert_int_ge(col, 0);
		if (r[i].stack < nstacks && skip[r[i].stack]) {
			skipped++;
			continue;
		}
		kept++;
		cell[(size_t)col * rows + (size_t)row]++;
		if (r[i].stack < nstacks && match[r[i].stack])
			mcell[(size_t)col * rows + (size_t)row]++;
	}
	for (i = 0; i < ncells; i++) {
		ck_assert_uint_eq(m->cell[i], cell[i]);
		ck_assert_uint_eq(m->match[i], mcell[i]);
		max = cell[i] > max ? cell[i] : max;
		sum += cell[i];
	}
	for (i = 0; i + 1 < m->ncols; i++)
		ck_assert(m->sec[i] < m->sec[i + 1]);
	for (i = 0; i < m->ncols; i++) {
		uint64_t cs = 0;
		int k;

		for (k = 0; k < rows; k++)
			cs += cell[i * (size_t)rows + (size_t)k];
		ck_assert_uint_eq(m->colsum[i], cs);
	}
	ck_assert_uint_eq(m->max, max);
	ck_assert_uint_eq(m->kept, kept);
	ck_assert_uint_eq(m->skipped, skipped);
	ck_assert_uint_eq(sum, kept);
	free(cell);
	free(mcell);
}

/*
 * Both ways to the cells (one pass into dense columns, and the sparse
 * two passes a clock jump of years takes) agree with the samples counted
 * one by one: times out of order, before 0, on second edges, seconds
 * with only skipped samples (which still get a column), rows that do not
 * divide a second.  A build told to stop gives up, empty.
 */
START_TEST(test_heatmap_dense_sparse)
{
	static const int rowsets[] = {50, 7, 1000, 1};
	enum { N = 40000, STACKS = 64 };
	struct ref *r = calloc(N + 1, sizeof *r);
	uint8_t skip[STACKS], match[STACKS];
	struct heatmap hm;
	atomic_int stop;
	size_t k, i;

	for (i = 0; i < STACKS; i++) {
		skip[i] = rng() % 5 == 0;
		match[i] = rng() % 3 == 0;
	}
	for (i = 0; i < N; i++) {
		r[i].stack = (uint32_t)(rng() % (STACKS + 4));
		r[i].t = (int64_t)(rng() % (40 * NS)) - 3 * NS / 2;
		if (i % 97 == 0) /* the edges of a second */
			r[i].t = (int64_t)(rng() % 40) * NS - (int64_t)(i % 2);
		if (i % 1000 == 0) { /* a second of skipped samples only */
			r[i].t = 60 * NS + (int64_t)(rng() % NS);
			r[i].stack = 0;
		}
		r[i].w = 1;
	}
	skip[0] = 1;
	for (k = 0; k < sizeof rowsets / sizeof rowsets[0]; k++) {
		struct store *s = fill(r, N);
		int rows = rowsets[k];

		ck_assert_int_eq(heatmap_build(&hm, s, rows, skip, match,
		    STACKS), 0);
		check_map(&hm, r, N, rows, skip, match, STACKS);
		ck_assert_int_ge(heatmap_column(&hm, 60 - hm.sec0), 0);
		heatmap_free(&hm);
		/* Ten years on: the sparse way, the same cells. */
		r[N].t = 10LL * 365 * 86400 * NS;
		store_add(s, 1, r[N].t, 1, -1, -1, -1);
		r[N].stack = 1;
		ck_assert_int_eq(heatmap_build(&hm, s, rows, skip, match,
		    STACKS), 0);
		check_map(&hm, r, N + 1, rows, skip, match, STACKS);
		heatmap_free(&hm);
		store_free(s);
	}
	atomic_init(&stop, 1);
	{
		struct store *s = fill(r, N);

		ck_assert_int_eq(heatmap_build_until(&hm, s, 50, NULL, NULL,
		    0, &stop), -2);
		ck_assert(hm.cell == NULL && hm.ncols == 0);
		heatmap_free(&hm);
		store_free(s);
	}
	free(r);
}
END_TEST

/* --time's text: seconds, ms, shares, open ends; exact nanoseconds. */
START_TEST(test_time_spec)
{
	static const struct {
		const char *s;
		int ok;
		int64_t t0, t1;   /* resolved for tmin 3.5 s, tmax 13.5 s */
	} cases[] = {
		{ "4.2-6.1", 0, 7200000000LL, 9100000000LL },
		{ "4.2s-6.1s", 0, 7200000000LL, 9100000000LL },
		{ "4200ms-6100ms", 0, 7200000000LL, 9100000000LL },
		{ "4.2-", 0, 7200000000LL, 13500000001LL },
		{ "-6.1", 0, 3500000000LL, 9100000000LL },
		{ "-", 0, 3500000000LL, 13500000001LL },
		{ "40%-60%", 0, 7500000000LL, 9500000000LL },
		{ "0%-100%", 0, 3500000000LL, 13500000001LL },
		{ "0.000000001-0.000000002", 0, 3000000001LL, 3000000002LL },
		{ "1.5ms-2ms", 0, 3001500000LL, 3002000000LL },
		{ "6-4", -1, 0, 0 },
		{ "4", -1, 0, 0 },
		{ "a-b", -1, 0, 0 },
		{ "1-2-3", -1, 0, 0 },
		{ "101%-", -1, 0, 0 },
		{ "-1e3", -1, 0, 0 },
		{ "99999999999999999999-", -1, 0, 0 },
		{ ".5-", 0, 3500000000LL, 13500000001LL },
		{ "12-20", 0, 15000000000LL, 23000000000LL },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct time_spec ts;
		const char *err;
		int64_t t0, t1;
		int rc = time_spec_parse(cases[i].s, &ts, &err);

		ck_assert_msg(rc == cases[i].ok, "%s", cases[i].s);
		if (rc != 0) {
			ck_assert_ptr_nonnull(err);
			continue;
		}
		time_spec_resolve(&ts, 3500000000LL, 13500000000LL, &t0, &t1);
		ck_assert_msg(t0 == cases[i].t0 && t1 == cases[i].t1,
		    "%s: %lld-%lld", cases[i].s, (long long)t0, (long long)t1);
	}
}
END_TEST

START_TEST(test_time_words)
{
	char buf[64];

	time_range_words(buf, sizeof buf, 7200000000LL, 9024000000LL,
	    3500000000LL);
	ck_assert_str_eq(buf, "time 4.20-6.02 s");
	time_range_words(buf, sizeof buf, 3100000000LL, 3350000000LL,
	    3500000000LL);
	ck_assert_str_eq(buf, "time 0.100-0.350 s");
}
END_TEST

/* --heatmap's lines for the cells of test_heatmap_cells. */
START_TEST(test_heatmap_text)
{
	struct store *s = store_new();
	struct heatmap hm;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	store_add(s, 0, 3 * NS + 900000000, 1, -1, -1, -1);
	store_add(s, 1, 4 * NS + 19999999, 1, -1, -1, -1);
	store_add(s, 1, 4 * NS + 20000000, 1, -1, -1, -1);
	store_add(s, 0, 4 * NS + 20000001, 1, -1, -1, -1);
	ck_assert_int_eq(heatmap_build(&hm, s, 50, NULL, NULL, 0), 0);
	ck_assert_int_eq(heatmap_print(f, &hm), 0);
	fclose(f);
	ck_assert_str_eq(text, "# second offset_ms samples\n"
	    "0\t900\t1\n1\t0\t1\n1\t20\t2\n");
	free(text);
	heatmap_free(&hm);
	store_free(s);
}
END_TEST

/* The total of path in t (TREE_NONE path: 0). */
static uint64_t
path_total(const struct tree *t, const char *path)
{
	char buf[256], *p, *save = NULL;
	uint32_t id = TREE_ROOT;

	strcpy(buf, path);
	for (p = strtok_r(buf, ";", &save); p != NULL && id != TREE_NONE;
	    p = strtok_r(NULL, ";", &save)) {
		uint32_t name = strtab_lookup(tree_strtab_c(t), p, strlen(p));

		id = name == UINT32_MAX ? TREE_NONE :
		    tree_find_child(t, id, name);
	}
	return id == TREE_NONE ? 0 : tree_total(t, 0, id).n;
}

/*
 * A range's tree holds exactly the samples of the range: a's samples in
 * second 0, b's in second 1, c's in both; the records beside the weights.
 */
START_TEST(test_range_tree)
{
	struct tree *t = tree_new(1), *r;
	struct store *s = store_new();
	uint32_t a, b, c, i;
	uint64_t kept;
	uint8_t *skip;

	tree_keep_samples(t);
	a = path_node(t, "main;a");
	b = path_node(t, "main;b;deep");
	c = path_node(t, "other;c");
	for (i = 0; i < 100; i++) {
		int64_t at = (int64_t)i * 20000000; /* 0 to 1.98 s */
		uint32_t st = i % 4 == 0 ? c : (i < 50 ? a : b);

		store_add(s, st, at, 1000 + i, 1, 1, 0);
		tree_add_self(t, 0, st, COUNT_INT(1000 + i));
		tree_add_samples(t, 0, st, 1);
	}
	tree_finish(t);
	/* the whole store: the tree itself */
	r = tree_range(t, s, INT64_MIN, INT64_MAX, NULL, &kept);
	ck_assert_uint_eq(kept, 100);
	ck_assert_uint_eq(tree_total(r, 0, TREE_ROOT).n,
	    tree_total(t, 0, TREE_ROOT).n);
	ck_assert_uint_eq(tree_size(r), tree_size(t));
	ck_assert_uint_eq(path_total(r, "main;b;deep"),
	    path_total(t, "main;b;deep"));
	tree_free(r);
	/* second 0: a and c only; b is gone, not a zero-wide frame */
	r = tree_range(t, s, 0, 1000000000, NULL, &kept);
	ck_assert_uint_eq(kept, 50);
	ck_assert_uint_eq(path_total(r, "main;b;deep"), 0);
	ck_assert_uint_eq(path_total(r, "main;b"), 0);
	{
		uint64_t wa = 0, wc = 0;

		for (i = 0; i < 50; i++) {
			if (i % 4 == 0)
				wc += 1000 + i;
			else
				wa += 1000 + i;
		}
		ck_assert_uint_eq(path_total(r, "main;a"), wa);
		ck_assert_uint_eq(path_total(r, "other"), wc);
		ck_assert_uint_eq(tree_samples(r, 0, TREE_ROOT), 50);
	}
	tree_free(r);
	/* skipped stacks are left out */
	skip = calloc(tree_size(t), 1);
	skip[c] = 1;
	r = tree_range(t, s, INT64_MIN, INT64_MAX, skip, &kept);
	ck_assert_uint_eq(kept, 75);
	ck_assert_uint_eq(path_total(r, "other"), 0);
	tree_free(r);
	free(skip);
	/* an empty range: the root alone */
	r = tree_range(t, s, 5000000000LL, 6000000000LL, NULL, &kept);
	ck_assert_uint_eq(kept, 0);
	ck_assert_uint_eq(tree_size(r), 1);
	tree_free(r);
	tree_free(t);
	store_free(s);
}
END_TEST

/*
 * store_cut() forgets exactly the samples before t0, whatever their order
 * across chunks (out of order times, weights too wide for 32 bits), and
 * what is left reads back as it went in; store_remap() renumbers stacks.
 */
START_TEST(test_cut_remap)
{
	enum { N = 100000 };
	struct ref *r = malloc(N * sizeof *r);
	struct store *s;
	struct store_iter it;
	struct store_sample x;
	uint64_t left = 0, gone;
	uint32_t *map, i, k;
	int64_t t0 = 2000000000LL, tmin, tmax;
	size_t before;

	for (i = 0; i < N; i++) {
		/* mostly rising, a tenth of them up to 1 s back */
		r[i].t = (int64_t)i * 50000 -
		    (rng() % 10 == 0 ? (int64_t)(rng() % 1000000000) : 0);
		r[i].stack = (uint32_t)(rng() % 1000);
		r[i].w = i % 5000 == 0 ? (1ULL << 40) + i : rng() % 100 + 1;
		r[i].pid = r[i].tid = (int32_t)(i % 7);
		r[i].cpu = (int32_t)(i % 3);
		left += r[i].t >= t0;
	}
	s = fill(r, N);
	before = store_memory(s);
	gone = store_cut(s, t0);
	ck_assert_uint_eq(gone, N - left);
	ck_assert_uint_eq(store_count(s), left);
	ck_assert_uint_lt(store_memory(s), before);
	ck_assert(store_span(s, &tmin, &tmax));
	ck_assert(tmin >= t0);
	ck_assert_uint_eq(store_cut(s, t0), 0);
	map = malloc(500 * sizeof *map);
	for (i = 0; i < 500; i++)
		map[i] = 999 - i;
	store_remap(s, map, 500);
	store_iter_init(&it, s, INT64_MIN, INT64_MAX);
	for (i = k = 0; i < N; i++) {
		if (r[i].t < t0)
			continue;
		ck_assert(store_iter_next(&it, &x));
		ck_assert_int_eq(x.t, r[i].t);
		ck_assert_uint_eq(x.w, r[i].w);
		ck_assert_uint_eq(x.stack, r[i].stack < 500 ?
		    999 - r[i].stack : STORE_STACK_NONE);
		ck_assert_uint_eq(x.cpu, (uint32_t)r[i].cpu);
		k++;
	}
	ck_assert(!store_iter_next(&it, &x));
	ck_assert_uint_eq(k, left);
	/* Samples that come after a cut go on in the last chunk. */
	store_add(s, 7, 9000000000LL, 3, 1, 1, 1);
	ck_assert_uint_eq(store_count(s), left + 1);
	/* Everything: an empty store, that still takes samples. */
	ck_assert_uint_eq(store_cut(s, INT64_MAX), left + 1);
	ck_assert_uint_eq(store_count(s), 0);
	ck_assert(!store_span(s, &tmin, &tmax));
	store_add(s, 7, 1, 3, 1, 1, 1);
	ck_assert_uint_eq(store_count(s), 1);
	free(map);
	free(r);
	store_free(s);
}
END_TEST

/*
 * tree_compact(): the tree of every sample left, in place, with only the
 * names it uses; modules keep their ids, the store names the new nodes.
 */
START_TEST(test_compact)
{
	struct tree *t = tree_new(1);
	struct store *s = store_new();
	uint32_t a, b, c, mod;
	uint64_t w[8] = {0};

	tree_keep_samples(t);
	tree_keep_modules(t);
	mod = tree_module_intern(t, "libx.so", 7, 0);
	a = path_node(t, "main;a");
	b = path_node(t, "main;b;deep");
	c = path_node(t, "other;c");
	tree_set_module(t, b, mod);
	store_add(s, a, 1, 10, -1, -1, -1);
	store_add(s, b, 2, 20, -1, -1, -1);
	store_add(s, b, 3, 21, -1, -1, -1);
	store_add(s, c, 4, 30, -1, -1, -1);
	tree_set_order(t, TREE_ORDER_WEIGHT, 0);
	store_cut(s, 2); /* a goes */
	tree_compact(t, s);
	ck_assert_uint_eq(tree_size(t), 6); /* root main b deep other c */
	ck_assert_uint_eq(strtab_count(tree_strtab_c(t)), 6);
	ck_assert_uint_eq(strtab_lookup(tree_strtab_c(t), "a", 1),
	    UINT32_MAX);
	ck_assert_uint_eq(path_total(t, "main;b;deep"), 41);
	ck_assert_uint_eq(path_total(t, "other;c"), 30);
	ck_assert_uint_eq(tree_samples(t, 0, TREE_ROOT), 3);
	ck_assert_uint_eq(tree_module(t, path_node(t, "main;b;deep")), mod);
	ck_assert_int_eq(tree_get_order(t, NULL), TREE_ORDER_WEIGHT);
	/* The store names the new nodes. */
	store_fold(s, INT64_MIN, INT64_MAX, w, NULL, 8, NULL);
	ck_assert_uint_eq(w[path_node(t, "main;b;deep")], 41);
	ck_assert_uint_eq(w[path_node(t, "other;c")], 30);
	ck_assert_uint_eq(tree_size(t), 6);
	tree_free(t);
	store_free(s);
}
END_TEST

static Suite *
store_suite(void)
{
	Suite *s = suite_create("store");
	TCase *tc = tcase_create("store");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_empty);
	tcase_add_test(tc, test_roundtrip);
	tcase_add_test(tc, test_memory);
	tcase_add_test(tc, test_fold_ranges);
	tcase_add_test(tc, test_thread_table_full);
	tcase_add_test(tc, test_heatmap_cells);
	tcase_add_test(tc, test_heatmap_range_edges);
	tcase_add_test(tc, test_heatmap_dense_sparse);
	tcase_add_test(tc, test_time_spec);
	tcase_add_test(tc, test_time_words);
	tcase_add_test(tc, test_heatmap_text);
	tcase_add_test(tc, test_range_tree);
	tcase_add_test(tc, test_cut_remap);
	tcase_add_test(tc, test_compact);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(store_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
