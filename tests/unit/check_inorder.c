/*
 * Folded stacks held in byte order (model/inorder.h), and --collapse of
 * folded input through them: the same output, messages and counts as
 * through the tree, for input in order and out of it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_suites.h"
#include "export/collapse.h"
#include "helpers.h"
#include "model/inorder.h"

/* The stacks io holds as "text count\n" lines, zero counts included. */
static char *
held(const struct inorder *io)
{
	struct inorder_iter it;
	struct tf_count c;
	char *buf = NULL, num[COUNT_BUFSZ];
	size_t len = 0, n;
	const char *s;
	FILE *fp = open_memstream(&buf, &len);

	inorder_iter_init(&it);
	while (inorder_next(io, &it, &s, &n, &c)) {
		count_format(num, c);
		fprintf(fp, "%.*s %s\n", (int)n, s, num);
	}
	inorder_iter_free(&it);
	fclose(fp);
	return buf;
}

static int
add(struct inorder *io, const char *s, uint64_t n)
{
	return inorder_add(io, s, strlen(s), COUNT_INT(n));
}

/*
 * Byte order as the tree writes it: a stack before the stacks it is a
 * prefix of, bytes compared unsigned, ";" no different from other bytes;
 * equal neighbours merged; a stack out of order refused, nothing taken.
 */
START_TEST(test_inorder_order)
{
	struct inorder *io = inorder_new();
	char *out;

	ck_assert_int_eq(add(io, "", 2), 0);
	ck_assert_int_eq(add(io, "a", 1), 0);
	ck_assert_int_eq(add(io, "a", 3), 0);
	ck_assert_int_eq(add(io, "a-x", 1), 0);
	ck_assert_int_eq(add(io, "a;b", 1), 0);
	ck_assert_int_eq(add(io, "a;a", 1), -1);
	ck_assert_int_eq(add(io, "a;", 1), -1);
	ck_assert_int_eq(add(io, "a;b\x80", 1), 0);
	ck_assert_int_eq(add(io, "a;bz", 1), -1); /* 'z' < 0x80 */
	ck_assert_int_eq(add(io, "a;b\x80", 4), 0);
	ck_assert_int_eq(add(io, "", 1), -1);
	ck_assert_int_eq(add(io, "b", 0), 0);
	ck_assert_uint_eq(inorder_stacks(io), 6);
	ck_assert_int_eq(inorder_nonzero(io), 1);
	out = held(io);
	ck_assert_str_eq(out, " 2\na 4\na-x 1\na;b 1\na;b\x80 5\nb 0\n");
	free(out);
	/* Cleared, it takes any stack first. */
	inorder_clear(io);
	ck_assert_uint_eq(inorder_stacks(io), 0);
	ck_assert_int_eq(add(io, "a", 0), 0);
	ck_assert_int_eq(add(io, "a", 0), 0);
	ck_assert_int_eq(inorder_nonzero(io), 0);
	out = held(io);
	ck_assert_str_eq(out, "a 0\n");
	free(out);
	inorder_free(io);
}
END_TEST

/* Fractions add up as the tree adds them; sums near 2^64 are refused. */
START_TEST(test_inorder_counts)
{
	struct inorder *io = inorder_new();
	char *out;

	ck_assert_int_eq(inorder_add(io, "a", 1, (struct tf_count){1, 0.5}), 0);
	ck_assert_int_eq(inorder_add(io, "a", 1, (struct tf_count){0, 0.75}), 0);
	ck_assert_int_eq(add(io, "b", UINT64_MAX / 2 - 3), 0);
	/* The total would pass 2^63: left to the tree. */
	ck_assert_int_eq(add(io, "b", 2), -1);
	ck_assert_int_eq(add(io, "c", UINT64_MAX), -1);
	ck_assert_int_eq(add(io, "b", 1), 0);
	out = held(io);
	ck_assert_str_eq(out, "a 2.25\nb 9223372036854775805\n");
	free(out);
	inorder_free(io);
}
END_TEST

/*
 * One holder's stacks after another's: only when the second's first
 * sorts after the first's last (nothing taken otherwise), and the sums
 * stay below 2^63; the second is left empty, and either can go on.
 */
START_TEST(test_inorder_append)
{
	struct inorder *io = inorder_new(), *b = inorder_new();
	char *out;

	ck_assert_int_eq(inorder_append(io, b), 0); /* both empty */
	ck_assert_int_eq(add(b, "a;b", 1), 0);
	ck_assert_int_eq(inorder_append(io, b), 0); /* into an empty one */
	ck_assert_uint_eq(inorder_stacks(b), 0);
	ck_assert_int_eq(add(b, "a", 2), 0); /* a prefix: before */
	ck_assert_int_eq(inorder_append(io, b), -1);
	inorder_clear(b);
	ck_assert_int_eq(add(b, "a;b", 2), 0); /* equal: would merge */
	ck_assert_int_eq(inorder_append(io, b), -1);
	inorder_clear(b);
	ck_assert_int_eq(add(b, "a;a\xff", 2), 0); /* a lower byte */
	ck_assert_int_eq(inorder_append(io, b), -1);
	inorder_clear(b);
	ck_assert_int_eq(add(b, "a;b\x80", 2), 0);
	/* The sum: 2^63 - 2, within 2 of inorder_add()'s bound. */
	ck_assert_int_eq(add(b, "a;c", UINT64_MAX / 2 - 4), 0);
	ck_assert_int_eq(inorder_append(io, b), -1);
	inorder_clear(b);
	ck_assert_int_eq(add(b, "a;b\x80", 2), 0);
	ck_assert_int_eq(inorder_add(b, "a;c", 3, (struct tf_count){0, 0.5}),
	    0);
	ck_assert_int_eq(inorder_fraction(io), 0);
	ck_assert_int_eq(inorder_fraction(b), 1);
	ck_assert_int_eq(inorder_append(io, b), 0);
	ck_assert_int_eq(inorder_fraction(io), 1);
	ck_assert_uint_eq(inorder_stacks(io), 3);
	ck_assert_uint_eq(inorder_stacks(b), 0);
	/* Both go on: io after its new last stack, b from nothing. */
	ck_assert_int_eq(add(io, "a;b", 1), -1);
	ck_assert_int_eq(add(io, "a;c", 1), 0);
	ck_assert_int_eq(add(io, "b", 1), 0);
	ck_assert_int_eq(add(b, "a", 1), 0);
	out = held(io);
	ck_assert_str_eq(out, "a;b 1\na;b\x80 2\na;c 1.5\nb 1\n");
	free(out);
	out = held(b);
	ck_assert_str_eq(out, "a 1\n");
	free(out);
	inorder_free(b);
	inorder_free(io);
}
END_TEST

/* Stack i of test_inorder_chunks: in order by i, of varied lengths. */
static void
chunk_stack(char *buf, size_t size, int i)
{
	snprintf(buf, size, "f%06d;%.*s;leaf%d", i, 60 + i % 90,
	    "ggggggggggggggggggggggggggggggggggggggggggggggggggggggggggg"
	    "ggggggggggggggggggggggggggggggggggggggggggggggggggggggggggg",
	    i % 10);
}

/*
 * Many stacks, and one longer than a chunk, come back whole: each stored
 * as what it adds to the one before, across chunk ends.
 */
START_TEST(test_inorder_chunks)
{
	struct inorder *io = inorder_new();
	struct inorder_iter it;
	struct tf_count c;
	const char *s;
	char buf[256], *big;
	size_t n, bigl = (3u << 20) + 5;
	int i;

	big = malloc(bigl + 1);
	memset(big, 'q', bigl);
	big[bigl] = '\0';
	memcpy(big, "f015000;", 8);
	for (i = 0; i < 30000; i++) {
		chunk_stack(buf, sizeof buf, i);
		ck_assert_int_eq(add(io, buf, (uint64_t)i + 1), 0);
		if (i == 15000)
			ck_assert_int_eq(add(io, big, 7), 0);
	}
	ck_assert_uint_eq(inorder_stacks(io), 30001);
	ck_assert_uint_gt(inorder_memory(io), bigl);
	inorder_iter_init(&it);
	for (i = 0; i < 30000; i++) {
		ck_assert(inorder_next(io, &it, &s, &n, &c));
		chunk_stack(buf, sizeof buf, i);
		ck_assert_uint_eq(n, strlen(buf));
		ck_assert(memcmp(s, buf, n) == 0);
		ck_assert_uint_eq(c.n, (uint64_t)i + 1);
		if (i == 15000) {
			ck_assert(inorder_next(io, &it, &s, &n, &c));
			ck_assert_uint_eq(n, bigl);
			ck_assert(memcmp(s, big, n) == 0);
			ck_assert_uint_eq(c.n, 7);
		}
	}
	ck_assert(!inorder_next(io, &it, &s, &n, &c));
	inorder_iter_free(&it);
	inorder_free(io);
	free(big);
}
END_TEST

/* What --collapse of in makes, one way or the other. */
struct way {
	char *out, *msgs;
	uint64_t samples, lines;
	int held, parts;
};

/* Where reading fails (SIZE_MAX: nowhere), for collapse_via(). */
static size_t fail_at = SIZE_MAX;

static void
collapse_via(struct way *w, const char *in, size_t len, int inorder,
    int threads)
{
	struct reader *rd = reader_mem_failing(in, len, fail_at, "test");
	struct tree *t = tree_new(1);
	struct inorder *io = inorder ? inorder_new() : NULL;
	struct stack_sink sink;
	struct sink_tree st;
	struct load_result res;
	struct load_opts o;
	struct diag d;
	char *err = NULL;
	size_t olen = 0, mlen = 0;
	FILE *fp, *mp;

	memset(&o, 0, sizeof o);
	o.format = FORMAT_FOLDED;
	o.threads = threads;
	o.part_min = 1;
	diag_init(&d, "test");
	sink_tree_init(&st, &sink, t, 0);
	sink.inorder = io;
	ck_assert_int_eq(loader_run(rd, &o, &sink, &d, &res, &err), 0);
	tree_finish(t);
	if (tree_overflows(t) > 0) /* as main() says it */
		diag_note(&d, "some counts exceed 2^64-1 and were capped");
	w->held = io != NULL && inorder_stacks(io) > 0;
	fp = open_memstream(&w->out, &olen);
	if (w->held) {
		ck_assert_uint_eq(tree_size(t), 1); /* no tree was built */
		ck_assert_int_eq(collapse_write_inorder(io, fp), 0);
	} else
		ck_assert_int_eq(collapse_write(t, 0, fp), 0);
	fclose(fp);
	mp = open_memstream(&w->msgs, &mlen);
	diag_print(&d, mp);
	fclose(mp);
	w->samples = res.samples;
	w->lines = res.lines;
	w->parts = res.parts;
	diag_free(&d);
	reader_close(rd);
	inorder_free(io);
	tree_free(t);
}

static void
way_free(struct way *w)
{
	free(w->out);
	free(w->msgs);
}

/*
 * in through the tree and through inorder (one thread and two): the same
 * output, messages and counts.  Returns whether inorder held it all and
 * whether the rest was read in two parts.
 */
static void
same_ways(const char *in, size_t len, int *held, int *parts)
{
	struct way a, b;
	int threads;

	collapse_via(&a, in, len, 0, 1);
	for (threads = 1; threads <= 2; threads++) {
		collapse_via(&b, in, len, 1, threads);
		if (strcmp(a.out, b.out) != 0) {
			/* Where they part (the whole texts when short). */
			size_t at = 0;

			while (a.out[at] == b.out[at])
				at++;
			at = len < 600 ? 0 : at > 100 ? at - 100 : 0;
			ck_abort_msg("input:\n%.600s\ntree, from byte %zu:\n"
			    "%.600s\ninorder:\n%.600s", in, at, a.out + at,
			    b.out + at);
		}
		ck_assert_str_eq(a.msgs, b.msgs);
		ck_assert_uint_eq(a.samples, b.samples);
		ck_assert_uint_eq(a.lines, b.lines);
		*held = b.held;
		*parts |= b.parts == 2;
		way_free(&b);
	}
	way_free(&a);
}

/* A small random generator, the same on every machine. */
static uint32_t
next_rand(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(*s >> 33);
}

/* Names whose order is easy to get wrong: prefixes, bytes around ';'. */
static const char *const names[] = {
	"a", "a-x", "a_x", "ab", "a b", "b", "", "\xc3\xa9t\xc3\xa9", "\x80z",
	"main", "A", "a:", "a<", "zz",
};

static void
random_stack(FILE *fp, uint64_t *seed)
{
	uint32_t depth = next_rand(seed) % 6, i;

	for (i = 0; i < depth; i++)
		fprintf(fp, "%s%s", i ? ";" : "",
		    names[next_rand(seed) % (sizeof names / sizeof *names)]);
	if (next_rand(seed) % 8 == 0)
		fputs(";", fp); /* dropped, as Perl's split drops it */
}

static void
random_count(FILE *fp, uint64_t *seed)
{
	switch (next_rand(seed) % 10) {
	case 0:
		fputs("0", fp);
		break;
	case 1:
		fputs("1.5", fp);
		break;
	case 2:
		fputs("0.25", fp);
		break;
	default:
		fprintf(fp, "%u", 1 + next_rand(seed) % 9);
	}
}

/* Lines that are not stacks: blank, comment, bad. */
static void
noise(FILE *fp, uint64_t *seed)
{
	static const char *const lines[] = {
		"\n", "# a comment\n", "garbage here\n", "a;b x\n", "\r\n",
	};

	if (next_rand(seed) % 6 == 0)
		fputs(lines[next_rand(seed) % 5], fp);
}

/*
 * Random folded files: unsorted; sorted (made by collapsing one); sorted
 * with lines repeated, counts split, noise and CRLF in between; then with
 * one line moved ahead (out of order from there, the rest in two parts).
 * Each way gives the same --collapse output and messages.
 */
START_TEST(test_inorder_same_output)
{
	uint64_t seed = 42;
	int round, held, parts = 0, nheld = 0, nfell = 0;

	for (round = 0; round < 300; round++) {
		char *in = NULL, *sorted, *mixed = NULL, *line, *save, *moved;
		size_t len = 0, mlen = 0;
		FILE *fp = open_memstream(&in, &len);
		struct tree *t;
		uint32_t i, n = 1 + next_rand(&seed) % 40;

		for (i = 0; i < n; i++) {
			random_stack(fp, &seed);
			fputc(' ', fp);
			random_count(fp, &seed);
			fputc('\n', fp);
		}
		fclose(fp);
		same_ways(in, len, &held, &parts);
		t = tree_from_folded(in);
		sorted = collapse_string(t);
		tree_free(t);
		if (*sorted == '\0') {
			free(in);
			free(sorted);
			continue;
		}
		same_ways(sorted, strlen(sorted), &held, &parts);
		ck_assert_msg(held, "sorted input not held:\n%s", sorted);
		nheld++;
		/* Repeated, split, with noise: still in order. */
		fp = open_memstream(&mixed, &mlen);
		for (line = strtok_r(sorted, "\n", &save); line != NULL;
		    line = strtok_r(NULL, "\n", &save)) {
			char *sp = strrchr(line, ' ');

			noise(fp, &seed);
			fprintf(fp, "%.*s%s %s%s", (int)(sp - line), line,
			    next_rand(&seed) % 5 == 0 ? ";;" : "", sp + 1,
			    next_rand(&seed) % 4 == 0 ? "\r\n" : "\n");
			if (next_rand(&seed) % 3 == 0)
				fprintf(fp, "%.*s %s\n", (int)(sp - line), line,
				    next_rand(&seed) % 2 ? "0" : "2.5");
		}
		noise(fp, &seed);
		fclose(fp);
		same_ways(mixed, mlen, &held, &parts);
		/* The last stack moved to the front: out of order. */
		line = mixed + mlen - 1;
		while (line > mixed && line[-1] != '\n')
			line--;
		if (line > mixed && strchr(line, ' ') != NULL &&
		    line[0] != '#' && line[0] != '\n' && line[0] != '\r') {
			size_t tail = mlen - (size_t)(line - mixed);

			moved = malloc(mlen + 1);
			memcpy(moved, line, tail);
			memcpy(moved + tail, mixed, mlen - tail);
			moved[mlen] = '\0';
			same_ways(moved, mlen, &held, &parts);
			nfell += !held;
			free(moved);
		}
		free(mixed);
		free(sorted);
		free(in);
	}
	/* Both sides were really tried. */
	ck_assert_int_gt(nheld, 200);
	ck_assert_int_gt(nfell, 50);
	ck_assert(parts);
}
END_TEST

/*
 * A big file in order up to near its end, or up to its middle: what was
 * held goes into the tree, and the rest is read after it (in two parts
 * when it is long enough), as the tree alone reads it.
 */
START_TEST(test_inorder_falls_back)
{
	char *in = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&in, &len);
	int i, held, parts = 0;

	for (i = 0; i < 20000; i++)
		fprintf(fp, "main;f%05d;g%d %d\n", i, i % 7, 1 + i % 3);
	for (i = 0; i < 20000; i++)
		fprintf(fp, "main;f%05d;h%d %d\n", i, i % 5, 2);
	fclose(fp);
	same_ways(in, len, &held, &parts);
	ck_assert(!held);
	ck_assert(parts); /* the second half after the fallback */
	/* Out of order only at the last line. */
	free(in);
	in = NULL;
	fp = open_memstream(&in, &len);
	for (i = 0; i < 20000; i++)
		fprintf(fp, "main;f%05d %d\n", i, 1 + i % 3);
	fputs("a 1\n", fp);
	fclose(fp);
	same_ways(in, len, &held, &parts);
	ck_assert(!held);
	free(in);
}
END_TEST

/* A file of n stacks "main;fNNNNN;..." from first on, in order. */
static void
sorted_lines(FILE *fp, int first, int n, const char *count)
{
	int i;

	for (i = first; i < first + n; i++)
		fprintf(fp, "main;f%05d;g%d %s\n", i, i % 7, count);
}

/* same_ways() of what fp wrote to *in; *in freed. */
static void
check_text(FILE *fp, char **in, size_t *len, int want_held)
{
	int held, parts = 0;

	fclose(fp);
	same_ways(*in, *len, &held, &parts);
	ck_assert_int_eq(held, want_held);
	if (want_held)
		ck_assert(parts); /* held in two parts at once */
	free(*in);
	*in = NULL;
}

/*
 * Held in two parts at once (two threads, a cut near the middle): the
 * parts joined when both are in order and the second starts after the
 * first; the tree when not, whichever part falls out of order and where;
 * always as one thread makes it.
 */
START_TEST(test_inorder_two_parts)
{
	char *in = NULL;
	size_t len = 0;
	FILE *fp;
	int i;

	/* In order: joined. */
	fp = open_memstream(&in, &len);
	sorted_lines(fp, 0, 20000, "3");
	check_text(fp, &in, &len, 1);
	/* A stray line in the second part, messages after it. */
	fp = open_memstream(&in, &len);
	sorted_lines(fp, 0, 15000, "1");
	fputs("a 1\nbad line\n", fp);
	sorted_lines(fp, 15000, 5000, "2");
	fputs("bad again\n# c\n", fp);
	check_text(fp, &in, &len, 0);
	/* Each part in order, the second starting before the first ends. */
	for (i = 0; i < 2; i++) {
		fp = open_memstream(&in, &len);
		sorted_lines(fp, 0, 10000, "2");
		sorted_lines(fp, 5000, 10000, i ? "0.5" : "7");
		check_text(fp, &in, &len, 0);
	}
	/* The second part starts with the first's last stack. */
	fp = open_memstream(&in, &len);
	sorted_lines(fp, 0, 10000, "1.25");
	for (i = 0; i < 10000; i++)
		sorted_lines(fp, 9999, 1, i % 2 ? "2" : "0.5");
	check_text(fp, &in, &len, 1); /* merged: held */
	/* The first part out of order: the second's work is dropped. */
	fp = open_memstream(&in, &len);
	sorted_lines(fp, 5000, 5000, "1");
	sorted_lines(fp, 0, 15000, "1");
	check_text(fp, &in, &len, 0);
	/* Each part's sum below 2^63, both together not. */
	fp = open_memstream(&in, &len);
	sorted_lines(fp, 0, 5000, "1");
	fputs("main;f04999;h 4611686018427387904\n", fp);
	sorted_lines(fp, 5000, 10000, "1");
	fputs("main;f14999;h 4611686018427387904\n", fp);
	sorted_lines(fp, 15000, 5000, "1");
	check_text(fp, &in, &len, 0);
	/* A read error in either part ends the input there. */
	for (i = 0; i < 2; i++) {
		fp = open_memstream(&in, &len);
		sorted_lines(fp, 0, 20000, "1");
		fflush(fp);
		fail_at = i ? len / 4 : len * 3 / 4;
		check_text(fp, &in, &len, 0);
		fail_at = SIZE_MAX;
	}
}
END_TEST

Suite *
suite_inorder(void)
{
	Suite *s = suite_create("inorder");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_inorder_order);
	tcase_add_test(tc, test_inorder_counts);
	tcase_add_test(tc, test_inorder_append);
	tcase_add_test(tc, test_inorder_chunks);
	tcase_add_test(tc, test_inorder_same_output);
	tcase_add_test(tc, test_inorder_falls_back);
	tcase_add_test(tc, test_inorder_two_parts);
	suite_add_tcase(s, tc);
	return s;
}
