/*
 * Regex search over frame names: PCRE2 once per distinct name, then one
 * pass over the nodes.  See search/search.h.
 *
 * Patterns are compiled in UTF mode with PCRE2_MATCH_INVALID_UTF, so "."
 * is one character of a UTF-8 name and a name with bad bytes (they come
 * from other machines) is still searched instead of failing the match.
 * PCRE2 older than 10.34 lacks that option: there such a name simply does
 * not match.  Each match runs under a match limit and with a private JIT
 * stack, so a pathological pattern over hostile names gives up on that
 * name instead of running for minutes or failing for want of stack; and a
 * run over all the names (struct search_run) has a budget of time in all,
 * past which the names left are not tried, so that 20,000 such names do
 * not take 40 s.  A literal (SEARCH_LITERAL, a viewer's "#" on a long
 * name) is no PCRE2 code at all: a length and a memcmp() per name.
 */
#include "config.h"

#define PCRE2_CODE_UNIT_WIDTH 8

#include <limits.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search/search.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/sort.h"
#include "util/xalloc.h"

#define MATCH_LIMIT 1000000u      /* backtracking steps per name */
#define DEPTH_LIMIT 10000u        /* interpreter nesting per name */
#define JIT_STACK_MIN (32u << 10)
#define JIT_STACK_MAX (1u << 20)

struct search_re {
	char *lit;         /* SEARCH_LITERAL: the name (owned), else NULL */
	size_t litlen;
	pcre2_code *code;
	pcre2_match_data *md;
	pcre2_match_context *mctx;
	pcre2_jit_stack *jstack; /* NULL without the JIT */
	int jit;
	int caseless;
};

/*
 * True when pat starts (after any "(*VERB)" items) with an option setting
 * such as "(?i)" or "(?xi)" that turns on caseless matching for the whole
 * pattern.  PCRE2 no longer reports those in PCRE2_INFO_ALLOPTIONS.
 */
static int
leading_caseless(const char *pat, size_t len)
{
	size_t i = 0;
	int on = 1, ci = 0;

	while (i + 1 < len && pat[i] == '(' && pat[i + 1] == '*') {
		while (i < len && pat[i] != ')')
			i++;
		i++;
	}
	if (i + 1 >= len || pat[i] != '(' || pat[i + 1] != '?')
		return 0;
	for (i += 2; i < len; i++) {
		switch (pat[i]) {
		case ')':
			return ci;
		case '-':
			on = 0;
			break;
		case '^':
			on = 1;
			ci = 0;
			break;
		case 'i':
			ci = on;
			break;
		default:
			if (!((pat[i] >= 'a' && pat[i] <= 'z') ||
			    (pat[i] >= 'A' && pat[i] <= 'Z')))
				return 0;
		}
	}
	return 0;
}

/* Compile pat[0..len) (see search.h). */
struct search_re *
search_compile(const char *pat, size_t len, unsigned flags,
    struct search_error *err)
{
	struct search_re *re;
	uint32_t opts = 0;
	int code;
	PCRE2_SIZE off;
	pcre2_code *c;

	if (flags & SEARCH_LITERAL) {
		re = xcalloc(1, sizeof *re);
		re->lit = xmalloc(len + 1);
		memcpy(re->lit, pat, len);
		re->lit[len] = '\0';
		re->litlen = len;
		re->caseless = (flags & SEARCH_CASELESS) != 0;
		return re;
	}
	if (!(flags & SEARCH_BYTES)) {
		opts |= PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C;
#ifdef PCRE2_MATCH_INVALID_UTF
		opts |= PCRE2_MATCH_INVALID_UTF;
#endif
	}
	if (flags & SEARCH_CASELESS)
		opts |= PCRE2_CASELESS;
	c = pcre2_compile((PCRE2_SPTR)(len > 0 ? pat : ""), len, opts, &code,
	    &off, NULL);
	if (c == NULL) {
		if (pcre2_get_error_message(code, (PCRE2_UCHAR *)err->msg,
		    sizeof err->msg) < 0 && err->msg[0] == '\0')
			snprintf(err->msg, sizeof err->msg, "error %d", code);
		err->offset = off;
		return NULL;
	}
	re = xcalloc(1, sizeof *re);
	re->code = c;
	re->caseless = (flags & SEARCH_CASELESS) || leading_caseless(pat, len);
	re->md = pcre2_match_data_create(1, NULL);
	re->mctx = pcre2_match_context_create(NULL);
	if (re->md == NULL || re->mctx == NULL)
		fatal("out of memory");
	pcre2_set_match_limit(re->mctx, MATCH_LIMIT);
	pcre2_set_depth_limit(re->mctx, DEPTH_LIMIT);
	if (pcre2_jit_compile(c, PCRE2_JIT_COMPLETE) == 0) {
		re->jit = 1;
		re->jstack = pcre2_jit_stack_create(JIT_STACK_MIN,
		    JIT_STACK_MAX, NULL);
		if (re->jstack != NULL)
			pcre2_jit_stack_assign(re->mctx, NULL, re->jstack);
	}
	return re;
}

/* Free a compiled pattern. */
void
search_re_free(struct search_re *re)
{
	if (re == NULL)
		return;
	pcre2_jit_stack_free(re->jstack);
	pcre2_match_context_free(re->mctx);
	pcre2_match_data_free(re->md);
	pcre2_code_free(re->code);
	free(re->lit);
	free(re);
}

/* True when the compiled pattern ignores case. */
int
search_re_caseless(const struct search_re *re)
{
	return re->caseless;
}

/* True when the pattern runs JIT-compiled. */
int
search_re_jit(const struct search_re *re)
{
	return re->jit;
}

/* ASCII lower case of byte c. */
static inline unsigned char
lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c;
}

/* True when s[0..len) is the literal of re (ASCII case aside if caseless). */
static int
literal_match(const struct search_re *re, const char *s, size_t len)
{
	const unsigned char *a = (const unsigned char *)s;
	const unsigned char *b = (const unsigned char *)re->lit;
	size_t i;

	if (len != re->litlen)
		return 0;
	if (!re->caseless)
		return len == 0 || memcmp(s, re->lit, len) == 0;
	for (i = 0; i < len; i++)
		if (a[i] != b[i] && lower(a[i]) != lower(b[i]))
			return 0;
	return 1;
}

/* Match one name. */
int
search_match(const struct search_re *re, const char *s, size_t len)
{
	int rc;

	if (re->lit != NULL)
		return literal_match(re, s, len);
	rc = pcre2_match(re->code, (PCRE2_SPTR)(len > 0 ? s : ""), len, 0,
	    0, re->md, re->mctx);
	if (rc >= 0)
		return 1;
	return rc == PCRE2_ERROR_NOMATCH ? 0 : -1;
}

/* Nanoseconds on a monotonic clock. */
static long long
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Start a run over st's names (see search.h). */
void
search_run_init(struct search_run *r, const struct search_re *re,
    const struct strtab *st, unsigned char *marks, unsigned budget_ms)
{
	memset(r, 0, sizeof *r);
	r->re = re;
	r->st = st;
	r->marks = marks;
	r->end = strtab_count(st);
	r->budget_ms = budget_ms;
	r->left_ns = (long long)budget_ms * 1000000LL;
}

/*
 * Match names until the end, the slice or the budget.  The clock is read
 * every RUN_CHECK_NAMES names, after RUN_CHECK_BYTES bytes of names and
 * after every name PCRE2 gave up on (each such one costs its whole match
 * limit): a cheap pattern pays one clock read per 64 names, and the
 * budget is overrun by at most about 64 names' match limits.
 */
#define RUN_CHECK_NAMES 64u
#define RUN_CHECK_BYTES (1u << 20)

int
search_run_step(struct search_run *r, unsigned slice_ms)
{
	long long start = now_ns(), t, stop, spent;
	uint32_t id, since = 0;
	size_t len, bytes = 0;
	const char *s;
	int rc;

	stop = slice_ms > 0 ? start + (long long)slice_ms * 1000000LL :
	    LLONG_MAX;
	while ((id = r->next) < r->end) {
		s = strtab_get(r->st, id, &len);
		rc = search_match(r->re, s, len);
		r->marks[id] = rc > 0;
		r->hits += rc > 0;
		r->failed += rc < 0;
		r->next = id + 1;
		bytes += len;
		if (rc >= 0 && ++since < RUN_CHECK_NAMES &&
		    bytes < RUN_CHECK_BYTES)
			continue;
		since = 0;
		bytes = 0;
		t = now_ns();
		if (t - start >= r->left_ns)
			break; /* the budget is spent */
		if (t >= stop) {
			r->left_ns -= t - start;
			return r->next >= r->end;
		}
	}
	spent = now_ns() - start;
	r->left_ns = spent < r->left_ns ? r->left_ns - spent : 0;
	if (r->next < r->end) {
		memset(r->marks + r->next, 0, r->end - r->next);
		r->skipped += r->end - r->next;
		r->next = r->end;
	}
	return 1;
}

/* Say what a finished run gave up on (see search.h). */
size_t
search_run_describe(const struct search_run *r, char *buf, size_t size)
{
	unsigned long f = r->failed, k = r->skipped;
	int n;

	if (size > 0)
		buf[0] = '\0';
	if (f + k == 0 || size == 0)
		return 0;
	if (k == 0)
		n = snprintf(buf, size, "the pattern gave up on %lu name%s "
		    "(too costly: PCRE2's match limit): they count as not "
		    "matching", f, f == 1 ? "" : "s");
	else
		n = snprintf(buf, size, "the pattern gave up on %lu name%s "
		    "(%lu too costly: PCRE2's match limit; %lu not tried: "
		    "its %.3g s budget ran out): they count as not matching",
		    f + k, f + k == 1 ? "" : "s", f, k,
		    (double)r->budget_ms / 1000.0);
	return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}

/* Mark every matching name of st, within the default budget. */
uint32_t
search_mark(const struct search_re *re, const struct strtab *st,
    unsigned char *marks, uint32_t *nfailed)
{
	struct search_run r;

	search_run_init(&r, re, st, marks, SEARCH_BUDGET_MS);
	search_run_step(&r, 0);
	if (nfailed != NULL)
		*nfailed = r.failed + r.skipped;
	return r.hits;
}

/* Bytes search_quote() may need for a name of len bytes. */
size_t
search_quote_size(size_t len)
{
	return len * 6 + 3;
}

/* Quote a name into an anchored pattern that matches only it. */
size_t
search_quote(char *dst, const char *s, size_t len, unsigned *flags)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *u = (const unsigned char *)s;
	size_t i, o = 0;
	uint32_t cp;
	int n, bytes = 0;

	for (i = 0; i < len; i += (size_t)n)
		if (u[i] < 0x80)
			n = 1;
		else if ((n = utf8_decode(u + i, len - i, &cp)) == 0) {
			bytes = 1;
			break;
		}
	*flags = bytes ? SEARCH_BYTES : 0;
	dst[o++] = '^';
	for (i = 0; i < len; i += (size_t)n) {
		n = 1;
		if ((u[i] >= '0' && u[i] <= '9') ||
		    (u[i] >= 'a' && u[i] <= 'z') ||
		    (u[i] >= 'A' && u[i] <= 'Z') || u[i] == '_')
			dst[o++] = (char)u[i];
		else if (u[i] >= 0x20 && u[i] < 0x7f) {
			dst[o++] = '\\';
			dst[o++] = (char)u[i];
		} else if (u[i] >= 0x80 && !bytes) {
			n = utf8_decode(u + i, len - i, &cp);
			memcpy(dst + o, u + i, (size_t)n);
			o += (size_t)n;
		} else {
			/* A control byte, or any byte of a non-UTF-8 name. */
			memcpy(dst + o, "\\x{", 3);
			dst[o + 3] = hex[u[i] >> 4];
			dst[o + 4] = hex[u[i] & 0xf];
			dst[o + 5] = '}';
			o += 6;
		}
	}
	dst[o++] = '$';
	dst[o] = '\0';
	return o;
}

/*
 * The name index and the subtree ends, from the order: a counting sort of
 * the ranks by name (front to back, so each name's ranks come out in
 * flame order), and one backward pass, as every subtree ends where its
 * last child's does.
 */
static void
order_index(struct search_order *o, uint32_t nnames)
{
	uint32_t k, id, sum, c;

	o->nnames = nnames;
	o->name_start = xreallocarray(o->name_start, (size_t)nnames + 1,
	    sizeof *o->name_start);
	o->byname = xreallocarray(o->byname, o->n, sizeof *o->byname);
	o->end = xreallocarray(o->end, o->n, sizeof *o->end);
	memset(o->name_start, 0, ((size_t)nnames + 1) * sizeof *o->name_start);
	/* Rank 0 is the root: it has no name to be found by. */
	for (k = 1; k < o->n; k++)
		o->name_start[o->name[k]]++;
	for (id = 0, sum = 0; id <= nnames; id++) {
		c = o->name_start[id];
		o->name_start[id] = sum;
		sum += c;
	}
	for (k = 1; k < o->n; k++)
		o->byname[o->name_start[o->name[k]]++] = k;
	/* Each slot now holds the next one's start: shift back. */
	for (id = nnames; id > 0; id--)
		o->name_start[id] = o->name_start[id - 1];
	o->name_start[0] = 0;
	for (k = 0; k < o->n; k++)
		o->end[k] = k + 1;
	for (k = o->n; k-- > 1;)
		if (o->end[o->up[k]] < o->end[k])
			o->end[o->up[k]] = o->end[k];
}

/* Number the nodes in preorder over the sorted sibling lists. */
void
search_order_build(struct search_order *o, const struct tree *t)
{
	const struct tree_node *nodes = tree_nodes(t);
	struct tree_walk w;
	uint32_t n, k = 0;

	o->n = tree_size(t);
	o->order = xreallocarray(o->order, o->n, sizeof *o->order);
	o->rank = xreallocarray(o->rank, o->n, sizeof *o->rank);
	o->name = xreallocarray(o->name, o->n, sizeof *o->name);
	o->up = xreallocarray(o->up, o->n, sizeof *o->up);
	tree_preorder(&w, t, TREE_ROOT);
	while ((n = tree_preorder_next(&w)) != TREE_NONE) {
		o->order[k] = n;
		o->name[k] = nodes[n].name;
		o->up[k] = n == TREE_ROOT ? 0 : o->rank[nodes[n].parent];
		o->rank[n] = k++;
	}
	order_index(o, strtab_count(tree_strtab_c(t)));
}

/* Release a flame order. */
void
search_order_free(struct search_order *o)
{
	free(o->order);
	free(o->rank);
	free(o->name);
	free(o->up);
	free(o->end);
	free(o->byname);
	free(o->name_start);
	memset(o, 0, sizeof *o);
}

/* Append node to the hits. */
static inline void
hits_add(struct search_hits *h, uint32_t node)
{
	if (h->nnodes == h->cap)
		xgrow((void **)&h->nodes, &h->cap, (size_t)h->nnodes + 1,
		    sizeof *h->nodes);
	h->nodes[h->nnodes++] = node;
}

/* Add the totals of node, a match with no matching ancestor. */
static void
hits_count(struct search_hits *h, const struct tree *t, uint32_t node)
{
	int p;

	for (p = 0; p < h->nprof; p++)
		count_add(&h->matched[p], tree_total(t, p, node));
}

/* Order ranks a and b ascending (for sort_u32). */
static int
cmp_rank(uint32_t a, uint32_t b, void *ctx)
{
	(void)ctx;
	return a < b ? -1 : a > b;
}

/*
 * The hits through the name index: the ranks of the matching names'
 * frames, merged into flame order.  A frame counts towards "Matched"
 * unless it lies inside the subtree of the last frame that did (subtrees
 * are runs of ranks, nested or apart, so that one is the only candidate).
 */
static void
hits_by_index(struct search_hits *h, const struct tree *t,
    const unsigned char *marks, const struct search_order *ord,
    uint32_t nhits)
{
	uint32_t *ranks = xreallocarray(NULL, nhits, sizeof *ranks);
	uint32_t id, k, n = 0, names = 0, cover = 0;

	for (id = 0; id < ord->nnames; id++) {
		if (!marks[id])
			continue;
		k = ord->name_start[id + 1] - ord->name_start[id];
		memcpy(ranks + n, ord->byname + ord->name_start[id],
		    (size_t)k * sizeof *ranks);
		n += k;
		names += k > 0;
	}
	if (names > 1)
		sort_u32(ranks, n, cmp_rank, NULL);
	xgrow((void **)&h->nodes, &h->cap, n, sizeof *h->nodes);
	for (k = 0; k < n; k++) {
		h->nodes[k] = ord->order[ranks[k]];
		if (ranks[k] >= cover) {
			hits_count(h, t, h->nodes[k]);
			cover = ord->end[ranks[k]];
		}
	}
	h->nnodes = n;
	free(ranks);
}

/*
 * List the matching frames and sum the matched counts in one forward pass
 * (parents come first in either order): a frame adds its total when its
 * parent's "matched here or above" flag is clear.  In flame order the
 * flags are kept by rank and the pass reads ord's arrays in sequence.
 */
void
search_hits_build(struct search_hits *h, const struct tree *t,
    const unsigned char *marks, const struct search_order *ord)
{
	const struct tree_node *nodes = tree_nodes(t);
	uint32_t size = tree_size(t), k;
	unsigned char *above, m, a;
	int p;

	h->nnodes = 0;
	h->nprof = tree_nprof(t);
	for (p = 0; p < TREE_MAX_PROFILES; p++)
		h->matched[p] = COUNT_ZERO;
	if (memchr(marks, 1, strtab_count(tree_strtab_c(t))) == NULL)
		return; /* no name matches: no need to look at the nodes */
	if (ord != NULL && ord->name_start != NULL &&
	    ord->nnames == strtab_count(tree_strtab_c(t))) {
		uint64_t nhits = 0;
		uint32_t id;

		for (id = 0; id < ord->nnames; id++)
			if (marks[id])
				nhits += ord->name_start[id + 1] -
				    ord->name_start[id];
		/* Sorting many hits would cost more than the pass. */
		if (nhits <= size / 8) {
			hits_by_index(h, t, marks, ord, (uint32_t)nhits);
			return;
		}
	}
	above = xcalloc(size, 1);
	/* Slot 0 is the root either way: never a match. */
	for (k = 1; k < size; k++) {
		if (ord != NULL) {
			m = marks[ord->name[k]];
			a = above[ord->up[k]];
		} else {
			m = marks[nodes[k].name];
			a = above[nodes[k].parent];
		}
		above[k] = m | a;
		if (!m)
			continue;
		hits_add(h, ord != NULL ? ord->order[k] : k);
		if (!a)
			hits_count(h, t, h->nodes[h->nnodes - 1]);
	}
	free(above);
}

/* Release the hits. */
void
search_hits_free(struct search_hits *h)
{
	free(h->nodes);
	memset(h, 0, sizeof *h);
}

/*
 * Matched count below node: with the order, the hits in node's run of
 * ranks, each counted unless it lies in the last counted one's subtree;
 * without, a preorder walk that skips matched subtrees.
 */
struct tf_count
search_matched_under(const struct search_hits *h, const struct tree *t,
    const unsigned char *marks, const struct search_order *ord, int prof,
    uint32_t node)
{
	const struct tree_node *nodes = tree_nodes(t);
	struct tf_count sum = COUNT_ZERO;
	struct tree_walk w;
	uint32_t n, i, r, end, cover;

	if (node == TREE_ROOT)
		return h->matched[prof];
	for (n = node; n != TREE_ROOT; n = nodes[n].parent)
		if (marks[nodes[n].name])
			return tree_total(t, prof, node);
	if (ord != NULL && ord->end != NULL) {
		cover = ord->rank[node];
		end = ord->end[cover];
		for (i = search_hits_find(h, ord, node); i < h->nnodes; i++) {
			r = ord->rank[h->nodes[i]];
			if (r >= end)
				break;
			if (r >= cover) {
				count_add(&sum, tree_total(t, prof, h->nodes[i]));
				cover = ord->end[r];
			}
		}
		return sum;
	}
	/* The topmost matches under node (node itself matches not). */
	tree_preorder(&w, t, node);
	tree_preorder_next(&w);
	while ((n = tree_preorder_next(&w)) != TREE_NONE)
		if (marks[nodes[n].name]) {
			count_add(&sum, tree_total(t, prof, n));
			tree_preorder_skip(&w);
		}
	return sum;
}

/* Lower bound of node's rank among the hits. */
uint32_t
search_hits_find(const struct search_hits *h, const struct search_order *ord,
    uint32_t node)
{
	uint32_t lo = 0, hi = h->nnodes, mid, r = ord->rank[node];

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ord->rank[h->nodes[mid]] < r)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}
