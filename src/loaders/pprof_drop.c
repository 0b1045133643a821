/*
 * pprof's drop_frames and keep_frames (see pprof.c): each distinct
 * function name the locations use is matched once against the two
 * patterns (anchored, on the name simplified as pprof's simplifyFunc
 * does), through the search module, within PPROF_MATCH_BUDGET_MS of CPU
 * time; the locations whose lines are all dropped are marked so.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "loaders/pprof_ctx.h"
#include "search/search.h"
#include "util/xalloc.h"

/* Strip a leading "." and cut at the first "(" pprof's simplifyFunc cuts. */
static size_t
simplify(const char *s, size_t n, size_t *start)
{
	size_t i;

	*start = n > 0 && s[0] == '.' ? 1 : 0;
	for (i = *start; i < n;) {
		if (n - i >= 21 && memcmp(s + i, "(anonymous namespace)", 21) == 0)
			i += 21;
		else if (n - i >= 10 && memcmp(s + i, "operator()", 10) == 0)
			i += 10;
		else if (s[i] == '(')
			return i - *start;
		else
			i++;
	}
	return n - *start;
}

/* The anchored pattern on the simplified name: 1, 0, or -1 (gave up). */
static int
re_match(const struct search_re *re, const char *s, size_t n)
{
	size_t b, l;

	l = simplify(s, n, &b);
	return search_match(re, s + b, l);
}

/*
 * Compile "^(PAT)$" with the search module (its match and depth limits, its
 * JIT), matching bytes as pprof did before; NULL when it does not compile.
 */
static struct search_re *
re_compile(const struct pp_ctx *x, const struct pp_span *pat)
{
	char *p = xmalloc(pat->len + 5);
	struct search_re *re;
	struct search_error e;

	memcpy(p, "^(", 2);
	memcpy(p + 2, x->buf + pat->off, pat->len);
	memcpy(p + 2 + pat->len, ")$", 3);
	re = search_compile(p, pat->len + 4, SEARCH_BYTES, &e);
	free(p);
	return re;
}

/*
 * Milliseconds of processor time of this thread: the budget bounds the
 * matching's work, the same on a busy machine as on an idle one.
 */
static uint64_t
cpu_ms(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0 &&
	    clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* What drop/keep_frames say of a function name (by string index). */
enum { PR_UNSEEN, PR_KEEP, PR_DROP };

/*
 * The verdict on every function name the locations' lines use, each string
 * matched once (a name is often behind thousands of locations), into
 * verdict[string index].  A name the match limit gives up on is kept.
 * 0, or -1 when the matching ran past PPROF_MATCH_BUDGET_MS (noted).
 */
static int
prune_judge(struct pp_ctx *x, const struct search_re *dre,
    const struct search_re *kre, unsigned char *verdict)
{
	const struct pp_location *loc;
	const struct pp_span *name;
	uint64_t t0 = cpu_ms(), idx;
	size_t i, k, judged = 0, gaveup = 0;
	const char *what = kre != NULL ? "drop_frames/keep_frames" :
	    "drop_frames";
	const char *s;
	int r, rk;

	for (i = 0; i < x->nlocs; i++) {
		loc = &x->locs[i];
		for (k = 0; k < loc->nlines; k++) {
			idx = x->funcs[x->lines[loc->line0 + k]].name;
			if (verdict[idx] != PR_UNSEEN)
				continue;
			name = &x->str[idx];
			s = (const char *)x->buf + name->off;
			verdict[idx] = PR_KEEP;
			r = name->len > 0 ? re_match(dre, s, name->len) : 0;
			if (r > 0 && kre != NULL) {
				/* kept when keep_frames matches, or gave up */
				rk = re_match(kre, s, name->len);
				r = rk == 0 ? 1 : rk > 0 ? 0 : -1;
			}
			if (r > 0)
				verdict[idx] = PR_DROP;
			gaveup += r < 0;
			/* the clock every 16 names (one takes a few ms at most) */
			if (++judged % 16 == 0 &&
			    cpu_ms() - t0 > PPROF_MATCH_BUDGET_MS) {
				diag_note(x->d, "%s: matching took more than %.1f s "
				    "of processor time (%zu names matched); not "
				    "applied", what,
				    PPROF_MATCH_BUDGET_MS / 1000.0, judged);
				return -1;
			}
		}
	}
	if (gaveup > 0)
		diag_note(x->d, "%s: the match limit gave up on %zu %s; %s kept",
		    what, gaveup, gaveup == 1 ? "name" : "names",
		    gaveup == 1 ? "it is" : "they are");
	return 0;
}

/*
 * drop_frames/keep_frames: mark the locations to prune (as pprof's Prune
 * does) and cut inlined lines where an inner one matches.  Each distinct
 * name is matched once, under the search module's limits and a budget
 * for all of them; past the budget nothing is pruned.  0, or -1 (error
 * recorded) past the tables' bound.
 */
int
pp_prune_mark(struct pp_ctx *x)
{
	const struct pp_span *drop = &x->str[x->drop], *keep = &x->str[x->keep];
	struct search_re *dre, *kre = NULL;
	struct pp_location *loc;
	unsigned char *verdict;
	size_t i, k;

	dre = re_compile(x, drop);
	if (keep->len > 0)
		kre = re_compile(x, keep);
	if (dre == NULL || (keep->len > 0 && kre == NULL)) {
		diag_note(x->d, "drop_frames/keep_frames do not compile; "
		    "not applied");
		search_re_free(dre);
		search_re_free(kre);
		return 0;
	}
	if (pp_reserve(x, x->nstr, "drop_frames") != 0) {
		search_re_free(dre);
		search_re_free(kre);
		return -1;
	}
	verdict = xcalloc(x->nstr, 1);
	if (prune_judge(x, dre, kre, verdict) != 0)
		goto out;
	for (i = 0; i < x->nlocs; i++) {
		loc = &x->locs[i];
		for (k = loc->nlines; k > 0; k--) {
			if (verdict[x->funcs[x->lines[loc->line0 + k - 1]].name] !=
			    PR_DROP)
				continue;
			if (k == loc->nlines)
				loc->prune = 2;
			else {
				loc->prune = 1;
				/* keep the lines outside the match: line[k..] */
				loc->line0 += k;
				loc->nlines -= k;
			}
			break;
		}
	}
out:
	free(verdict);
	pp_release(x, x->nstr);
	search_re_free(dre);
	search_re_free(kre);
	return 0;
}

