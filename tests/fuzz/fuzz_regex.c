/*
 * The regex entry point: the input (after a first byte of flags) compiled
 * as a PCRE2 pattern, as the viewer's "/" prompt does, then marked over the
 * names of a small fixed tree and turned into hits and matched counts.
 * The same bytes as a frame name go through search_quote(), whose pattern
 * must compile and match that name, and become a literal
 * (SEARCH_LITERAL), which must match that name and nothing longer.  The
 * marks are made again in 1 ms slices (struct search_run), which must
 * give the same ones when neither run ran out of its budget.  One name
 * of the tree makes backtracking patterns hit PCRE2's match limit (the
 * seeds hold such patterns).
 */
#include "config.h"

#include <math.h>

#include "fuzz_common.h"
#include "search/search.h"
#include "util/xalloc.h"

/* Names with bad UTF-8, a NUL byte, an empty frame, annotations. */
static const char fixed[] =
    "main;foo;bar 5\n"
    "main;foo;baz 3\n"
    "main;\xff\xfe;caf\xc3\xa9 2\n"
    "main;;x\0y 1\n"
    "[unknown];0x7f12;sys_write_[k] 4\n"
    "java;Lcom/Foo;::bar<int>::baz(std::string) 1.5\n"
    "main;aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa! 1\n";

static struct tree *
fixed_tree(void)
{
	static struct tree *t;

	if (t == NULL)
		t = fuzz_load((const uint8_t *)fixed, sizeof fixed - 1,
		    FORMAT_FOLDED);
	return t;
}

static void
search_tree(const struct tree *t, const char *pat, size_t len, unsigned flags)
{
	const struct strtab *st = tree_strtab_c(t);
	struct search_error err;
	struct search_re *re;
	struct search_order ord;
	struct search_hits hits;
	struct tf_count root, under;
	double walk;
	unsigned char *marks, *sliced;
	struct search_run run;
	uint32_t id, nfailed;

	re = search_compile(pat, len, flags, &err);
	if (re == NULL) {
		if (err.offset > len || memchr(err.msg, '\0', sizeof err.msg) == NULL)
			abort();
		return;
	}
	marks = xcalloc(strtab_count(st) + 1, 1);
	search_mark(re, st, marks, &nfailed);
	sliced = xcalloc(strtab_count(st) + 1, 1);
	search_run_init(&run, re, st, sliced, SEARCH_BUDGET_MS);
	while (!search_run_step(&run, 1))
		;
	if (run.hits + run.failed + run.skipped > strtab_count(st) ||
	    (run.skipped == 0 && nfailed == run.failed &&
	    memcmp(marks, sliced, strtab_count(st)) != 0))
		abort();
	free(sliced);
	memset(&ord, 0, sizeof ord);
	search_order_build(&ord, t);
	memset(&hits, 0, sizeof hits);
	search_hits_build(&hits, t, marks, &ord);
	root = tree_total(t, 0, TREE_ROOT);
	if (count_value(hits.matched[0]) > count_value(root))
		abort();
	for (id = 0; id < tree_size(t); id++) {
		/* From the hits and by a walk: the same share (up to rounding). */
		under = search_matched_under(&hits, t, marks, &ord, 0, id);
		walk = count_value(search_matched_under(&hits, t, marks, NULL, 0,
		    id));
		if (count_value(under) > count_value(tree_total(t, 0, id)) ||
		    fabs(count_value(under) - walk) > 1e-9 * (1.0 + walk))
			abort();
		if (search_hits_find(&hits, &ord, id) > hits.nnodes)
			abort();
	}
	search_hits_free(&hits);
	search_order_free(&ord);
	free(marks);
	search_re_free(re);
}

/* search_quote(name) must give a pattern that matches name. */
static void
check_quote(const char *name, size_t len)
{
	char *pat = xmalloc(search_quote_size(len));
	unsigned flags = 0;
	size_t plen = search_quote(pat, name, len, &flags);
	struct search_error err;
	struct search_re *re;

	if (plen > search_quote_size(len))
		abort();
	re = search_compile(pat, plen, flags, &err);
	if (re == NULL) {
		fprintf(stderr, "quoted name does not compile: %s\n", err.msg);
		abort();
	}
	if (search_match(re, name, len) != 1) {
		fprintf(stderr, "quoted name does not match itself\n");
		abort();
	}
	search_re_free(re);
	free(pat);
}

/* The literal of name must match name, and no longer name. */
static void
check_literal(const char *name, size_t len, unsigned flags)
{
	struct search_error err;
	struct search_re *re = search_compile(name, len,
	    SEARCH_LITERAL | (flags & SEARCH_CASELESS), &err);
	char *longer = xmalloc(len + 1);

	memcpy(longer, name, len);
	longer[len] = 'x';
	if (re == NULL || search_match(re, name, len) != 1 ||
	    search_match(re, longer, len + 1) != 0)
		abort();
	search_re_free(re);
	free(longer);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned flags;

	if (size == 0)
		return 0;
	flags = data[0] & (SEARCH_CASELESS | SEARCH_BYTES);
	search_tree(fixed_tree(), (const char *)data + 1, size - 1, flags);
	check_quote((const char *)data + 1, size - 1);
	check_literal((const char *)data + 1, size - 1, flags);
	return 0;
}
