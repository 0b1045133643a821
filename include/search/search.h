/*
 * Regex search over frame names (PCRE2).
 *
 * Vocabulary:
 *  - A "pattern" is a PCRE2 regular expression, compiled once into a
 *    struct search_re (with the JIT when the library has it).  It is
 *    matched against a frame's name alone, unanchored, case-sensitive
 *    unless SEARCH_CASELESS or the pattern says (?i).  Patterns and names
 *    are UTF-8; a name that is not valid UTF-8 is still searched (its bad
 *    bytes match nothing but themselves).
 *  - The "marks" are one byte per strtab id: 1 when that name matches.
 *    search_mark() runs the pattern once per distinct name, never once per
 *    node, so the cost is that of the string table, not of the tree.
 *  - A "matching frame" is a node other than the root whose name is
 *    marked.  The "matched" count of a profile is flamegraph.pl's Matched:
 *    the sum of the totals of the matching frames that have no matching
 *    ancestor.  A stack with several matching frames is counted once, so
 *    it is also the weight of the stacks that hold at least one match, and
 *    it never exceeds the root's total.
 *  - The "flame order" is the order n / N walk: a preorder over the sorted
 *    tree, so frames come left to right and, where they start at the same
 *    place, root first.  struct search_order holds it for one tree.
 *
 * Nothing here is recursive: parents precede their children both in index
 * order and in flame order, so an "ancestor matched" flag propagates in one
 * forward pass, and subtree walks follow parent links back up.
 *
 * Ownership: a search_re owns its compiled code; struct search_hits and
 * struct search_order own their arrays and borrow nothing.
 */
#ifndef TFLAME_SEARCH_SEARCH_H
#define TFLAME_SEARCH_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "model/count.h"
#include "model/strtab.h"
#include "model/tree.h"

/* Flags of search_compile(). */
#define SEARCH_CASELESS 0x1u /* ignore case */
#define SEARCH_BYTES 0x2u    /* match bytes, not UTF-8 characters */
#define SEARCH_LITERAL 0x4u  /* the pattern is a name, no regex: match the
                                names equal to it byte for byte (with
                                SEARCH_CASELESS, ASCII letters in either
                                case); costs no compiling, whatever its
                                length */

/*
 * The longest name a viewer's "#" quotes into a regex (search_quote());
 * past it, the name is searched for with SEARCH_LITERAL: a quoted 100 MB
 * name would be a 600 MB pattern, too large for PCRE2 and long to build.
 */
#define SEARCH_QUOTE_MAX (16u << 10)

/*
 * The time one search or transform may spend matching names, in all
 * (search_run): each name has PCRE2's match limit, but 20,000 names of a
 * backtracking pattern at that limit take 40 s.  Once it is spent, the
 * names not tried yet count as not matching, and the caller says how many.
 */
#define SEARCH_BUDGET_MS 3000u

/* Why a pattern did not compile. */
struct search_error {
	char msg[256];  /* PCRE2's message (ASCII) */
	size_t offset;  /* where in the pattern, in bytes */
};

struct search_re;

/*
 * Compile pat[0..len).  Returns NULL and fills *err when the pattern is
 * invalid.
 */
struct search_re *search_compile(const char *pat, size_t len, unsigned flags,
    struct search_error *err);
void search_re_free(struct search_re *re);

/* True when the compiled pattern ignores case (SEARCH_CASELESS or (?i)). */
int search_re_caseless(const struct search_re *re);

/* True when the pattern runs JIT-compiled. */
int search_re_jit(const struct search_re *re);

/*
 * Match s[0..len): 1 for a match, 0 for none, -1 when PCRE2 gave up (a
 * match or depth limit: a pathological pattern); -1 counts as no match.
 */
int search_match(const struct search_re *re, const char *s, size_t len);

/*
 * Set marks[id] (for every id < strtab_count(st)) to 1 when name id
 * matches, 0 otherwise, within SEARCH_BUDGET_MS.  Returns the number of
 * matching names; *nfailed (when not NULL) gets the number of names given
 * up on: PCRE2's limit, or not tried once the budget was spent (see
 * struct search_run to tell them apart, or to match in slices).
 */
uint32_t search_mark(const struct search_re *re, const struct strtab *st,
    unsigned char *marks, uint32_t *nfailed);

/*
 * search_mark() in slices, under a budget: search_run_init(), then
 * search_run_step() until it returns 1, doing other work (reading keys)
 * between two steps.  Only the time spent inside the steps counts
 * towards the budget.  marks (strtab_count(st) bytes) is filled as the
 * run goes: the caller must not read it before the end.  re, st and marks
 * are borrowed and must not change meanwhile.
 */
struct search_run {
	const struct search_re *re;
	const struct strtab *st;
	unsigned char *marks;
	uint32_t next;        /* the next name id to match */
	uint32_t end;         /* strtab_count(st) at the start */
	uint32_t hits;        /* names that match */
	uint32_t failed;      /* names PCRE2 gave up on (its match limit) */
	uint32_t skipped;     /* names not tried: the budget was spent */
	unsigned budget_ms;   /* the budget given */
	long long left_ns;    /* of the budget */
};

/* Start a run of re over st's names into marks, within budget_ms. */
void search_run_init(struct search_run *r, const struct search_re *re,
    const struct strtab *st, unsigned char *marks, unsigned budget_ms);

/*
 * Match names for about slice_ms (0: until the end); returns 1 once every
 * name has a mark (r->hits, r->failed and r->skipped are then final),
 * else 0.
 */
int search_run_step(struct search_run *r, unsigned slice_ms);

/*
 * Say in buf what a finished run gave up on, as "the pattern gave up on
 * N names (...): they count as not matching"; an empty string and 0 when
 * it gave up on none, else the length.
 */
size_t search_run_describe(const struct search_run *r, char *buf,
    size_t size);

/*
 * Write into dst a pattern that matches exactly the name s[0..len) (every
 * character that is not a letter, digit or "_" escaped, anchored with ^
 * and $), and return its length; dst needs room for search_quote_size(len)
 * bytes.  *flags gets SEARCH_BYTES when the name is not valid UTF-8, the
 * pattern must then be compiled with it.
 */
size_t search_quote_size(size_t len);
size_t search_quote(char *dst, const char *s, size_t len, unsigned *flags);

/*
 * The flame order of a tree: order[k] is the k-th node, rank[node] = k.
 * name[k] and up[k] (the rank of its parent; 0 for the root) repeat what
 * the nodes say, in flame order, so that a search reads three arrays
 * front to back instead of hopping around the node array.  end[k] is the
 * rank just past k's subtree (a subtree is a run of ranks).
 *
 * The name index: the ranks of the frames called id are
 * byname[name_start[id] .. name_start[id + 1]), in flame order.  A pattern
 * that matches a few names then finds its frames without a pass over the
 * whole tree: a key press on a million nodes stays well under a frame.
 */
struct search_order {
	uint32_t *order; /* owned */
	uint32_t *rank;  /* owned */
	uint32_t *name;  /* owned */
	uint32_t *up;    /* owned */
	uint32_t *end;   /* owned */
	uint32_t *byname;     /* owned */
	uint32_t *name_start; /* owned; nnames + 1 entries */
	uint32_t nnames;
	uint32_t n;
};

/* Compute the flame order of t (finished) into o, replacing what o held. */
void search_order_build(struct search_order *o, const struct tree *t);
void search_order_free(struct search_order *o);

/* The matching frames of one tree, and what they weigh. */
struct search_hits {
	uint32_t *nodes;    /* owned; the matching frames, in flame order
	                       (index order when built without one) */
	uint32_t nnodes;
	size_t cap;
	struct tf_count matched[TREE_MAX_PROFILES]; /* "Matched", per profile */
	int nprof;
};

/*
 * Find the matching frames of t for marks (by strtab id, as search_mark()
 * fills them), and the matched count of every profile.  ord is t's flame
 * order, or NULL to list the frames in index order.  With ord, the cost is
 * that of the matching frames (through the name index) when they are few,
 * else one pass over the nodes; without, always the pass.
 */
void search_hits_build(struct search_hits *h, const struct tree *t,
    const unsigned char *marks, const struct search_order *ord);
void search_hits_free(struct search_hits *h);

/*
 * The matched count of profile prof under node: the whole total of node
 * when it or one of its ancestors matches, else the sum over the matching
 * frames below it without a matching ancestor.  For the root it is
 * h->matched[prof].  ord is the flame order h was built with: then the
 * cost is that of the hits under node; with NULL, a walk of the part of
 * the subtree above no match.
 */
struct tf_count search_matched_under(const struct search_hits *h,
    const struct tree *t, const unsigned char *marks,
    const struct search_order *ord, int prof, uint32_t node);

/*
 * Position of node in h->nodes (flame order), or the position where it
 * would go: the first matching frame after it in ord.  ord must be the
 * order h was built with.
 */
uint32_t search_hits_find(const struct search_hits *h,
    const struct search_order *ord, uint32_t node);

#endif
