/*
 * The graph screen's search: "/" opens the prompt, Enter applies the
 * pattern, n and N go to the next and previous matching frame, "#"
 * searches for the selected frame's name, Tab toggles case.
 *
 * A pattern is matched once per distinct name into marks by name id;
 * drawing a frame then costs one lookup, and the hits (the matching frames
 * in flame order, and the matched counts) are found through the name index
 * of the flame order when the pattern or the view changes
 * (search/search.h).  The loaded tree's flame order is built while the
 * first screen is being read (the graph's tick), so that the first search
 * is as quick as the next ones.  While the prompt is open it gets every key
 * and the terminal cursor is shown in it.
 *
 * Matching the names has a budget (SEARCH_BUDGET_MS) and runs in slices
 * with the keys read between two (tui_poll()): Esc stops it, q quits, and
 * other keys wait for it to end.  A new pattern is matched into new marks,
 * so a search stopped midway leaves the one before as it was.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/count.h"
#include "search/search.h"
#include "tui/loop.h"
#include "tui/prompt.h"
#include "tui/view.h"
#include "util/xalloc.h"

static void search_clear(struct tui_view *v);


/*
 * Find the hits of the search in the tree shown, unless they are known
 * (each tree keeps its own, so switching views costs nothing here).
 */
void
view_search_refresh(struct tui_view *v)
{
	struct tui_search *s = &v->search;
	struct search_order *o = &s->order[v->reverse];

	s->zoom_node = TREE_NONE;
	if (s->re == NULL || s->hits_ok[v->reverse])
		return;
	if (o->order == NULL || o->n != tree_size(v->tree))
		search_order_build(o, v->tree);
	search_hits_build(&s->hits[v->reverse], v->tree, s->marks, o);
	s->hits_ok[v->reverse] = 1;
}

/*
 * Match re over the loaded tree's names into marks, within the search
 * budget, in slices of SEARCH_SLICE_MS with the keys read between two
 * (tui_poll()): Esc or a quit key stops it.  After SEARCH_NOTE_MS a
 * message says that it is searching.  Returns 1 when every name has its
 * mark, 0 when stopped (the marks are then partial); *run says what the
 * run gave up on.
 */
#define SEARCH_SLICE_MS 20
#define SEARCH_NOTE_MS 150

static int
mark_names(struct tui_view *v, const struct search_re *re,
    unsigned char *marks, struct search_run *run)
{
	long long t0 = tui_now_ms();
	const char *msg = v->msg;
	int shown = 0;

	search_run_init(run, re, tree_strtab(v->fwd), marks, SEARCH_BUDGET_MS);
	while (!search_run_step(run, SEARCH_SLICE_MS)) {
		if (tui_poll() != 0) {
			v->msg = msg;
			return 0;
		}
		if (!shown && tui_now_ms() - t0 >= SEARCH_NOTE_MS) {
			v->msg = "Searching... (Esc cancels, q quits)";
			tui_paint();
			shown = 1;
		}
	}
	v->msg = msg;
	return 1;
}

/* Say on the status line what the run gave up on, if anything. */
static void
note_run(struct tui_view *v, const struct search_run *run)
{
	char what[200];

	v->search.nfailed = run->failed + run->skipped;
	if (search_run_describe(run, what, sizeof what) == 0)
		return;
	/* "The pattern gave up on ...", capitalised. */
	snprintf(v->msgbuf, sizeof v->msgbuf, "T%s.", what + 1);
	v->msg = v->msgbuf;
}

/*
 * Search for pat[0..len), compiled with flags.  A bad pattern leaves the
 * search as it was and says why in the status line, and so does a search
 * cancelled while it runs (Esc, or q, which also quits).
 */
int
view_search_apply(struct tui_view *v, const char *pat, size_t len, unsigned flags)
{
	struct tui_search *s = &v->search;
	struct search_error err;
	struct search_re *re;
	struct search_run run;
	unsigned char *marks;
	char *copy;

	memset(&err, 0, sizeof err);
	re = search_compile(pat, len, flags, &err);
	if (re == NULL) {
		snprintf(v->msgbuf, sizeof v->msgbuf,
		    "Bad pattern: %s at offset %zu", err.msg, err.offset);
		v->msg = v->msgbuf;
		return TUI_REDRAW;
	}
	/* Into new marks: the old search stays whole until this one is. */
	marks = xcalloc((size_t)strtab_count(tree_strtab(v->fwd)) + 1, 1);
	if (!mark_names(v, re, marks, &run)) {
		free(marks);
		search_re_free(re);
		v->msg = s->re != NULL ? "Search cancelled: the search "
		    "before stays." : "Search cancelled.";
		return TUI_REDRAW;
	}
	copy = xmemdup(pat, len); /* pat may be s->pattern itself */
	free(s->pattern);
	s->pattern = copy;
	s->patlen = len;
	s->flags = flags;
	search_re_free(s->re);
	s->re = re;
	free(s->marks);
	s->marks = marks;
	s->hits_ok[0] = s->hits_ok[1] = 0;
	view_search_refresh(v);
	note_run(v, &run);
	return TUI_REDRAW;
}

/* Drop the search and its highlight. */
static void
search_clear(struct tui_view *v)
{
	struct tui_search *s = &v->search;

	search_re_free(s->re);
	s->re = NULL;
	free(s->pattern);
	s->pattern = NULL;
	s->patlen = 0;
	s->hits[0].nnodes = s->hits[1].nnodes = 0;
	s->hits_ok[0] = s->hits_ok[1] = 0;
	s->zoom_node = TREE_NONE;
}

/* Hand a key to the open prompt. */
int
view_search_input(struct tui_view *v, int key)
{
	struct prompt *p = &v->prompt;
	struct tui_search *s = &v->search;

	if (v->saving)
		return view_save_input(v, key);
	switch (prompt_key(p, key)) {
	case PROMPT_NONE:
		return 0;
	case PROMPT_TAB:
		s->caseless = !s->caseless;
		return TUI_REDRAW;
	case PROMPT_ENTER:
		if (p->len == 0) {
			search_clear(v);
			return TUI_REDRAW;
		}
		prompt_history_add(p, p->buf, p->len);
		return view_search_apply(v, p->buf, p->len,
		    s->caseless ? SEARCH_CASELESS : 0);
	case PROMPT_CHANGED:
	case PROMPT_CANCEL:
		break;
	}
	return TUI_REDRAW;
}

/* Open the search prompt. */
int
view_search_open(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	prompt_open(&v->prompt);
	return TUI_REDRAW;
}

/*
 * Search for name[0..len) exactly: as a quoted regex (which the prompt's
 * history and a saved SVG's search keep), or past SEARCH_QUOTE_MAX bytes
 * as a literal, which costs no pattern (a quoted 100 MB name would be a
 * 600 MB regex, too large for PCRE2).
 */
int
view_search_name(struct tui_view *v, const char *name, size_t len)
{
	unsigned flags;
	size_t n;
	char *q;
	int rc;

	if (len > SEARCH_QUOTE_MAX)
		return view_search_apply(v, name, len, SEARCH_LITERAL |
		    (v->search.caseless ? SEARCH_CASELESS : 0));
	q = xmalloc(search_quote_size(len));
	n = search_quote(q, name, len, &flags);
	prompt_history_add(&v->prompt, q, n);
	rc = view_search_apply(v, q, n, flags);
	free(q);
	return rc;
}

/* Search for the selected frame's name, exactly. */
int
view_search_quote(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	const char *name;
	size_t len;

	if (v->sel == TREE_ROOT) {
		v->msg = "Select a frame first: the root has no name.";
		return TUI_REDRAW;
	}
	if (view_sel_merged(v)) {
		v->msg = "Select a frame first: a + bar stands for several.";
		return TUI_REDRAW;
	}
	name = tree_name(v->tree, v->sel, &len);
	return view_search_name(v, name, len);
}

/* Toggle ignoring case, and search again with the current pattern. */
int
view_search_case(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	struct tui_search *s = &v->search;
	unsigned flags;

	s->caseless = !s->caseless;
	if (s->re != NULL) {
		flags = s->flags & ~SEARCH_CASELESS;
		if (s->caseless)
			flags |= SEARCH_CASELESS;
		view_search_apply(v, s->pattern, s->patlen, flags);
	}
	if (v->msg == NULL)
		v->msg = s->caseless ? "Searches ignore case." :
		    "Searches are case-sensitive.";
	return TUI_REDRAW;
}

/*
 * True when node a comes before node b on the screen: rows from the top
 * (the flame view draws the deepest at the top, the icicle view the
 * root), then left to right (flame order, within a row).
 */
static int
screen_before(const struct tui_view *v, const struct search_order *o,
    uint32_t a, uint32_t b)
{
	uint32_t da = tree_node(v->tree, a)->depth;
	uint32_t db = tree_node(v->tree, b)->depth;

	if (da != db)
		return v->inverted ? da < db : da > db;
	return o->rank[a] < o->rank[b];
}

/*
 * The matching frame next to the selection in screen order (dir 1: the
 * first after it, -1: the last before it), wrapping around; TREE_NONE
 * when no match has samples in this profile.  One pass over the hits.
 */
static uint32_t
screen_next(struct tui_view *v, int dir)
{
	const struct search_order *o = &v->search.order[v->reverse];
	const struct search_hits *h = &v->search.hits[v->reverse];
	uint32_t k, m, best = TREE_NONE, end = TREE_NONE, cur = v->want;

	/*
	 * No "wrapped around" note from here: in the flame view every frame
	 * above the selection comes before it, which is no surprise.
	 */
	for (k = 0; k < h->nnodes; k++) {
		m = h->nodes[k];
		if (count_is_zero(tree_total(v->tree, v->prof, m)))
			continue;
		if (end == TREE_NONE || (dir > 0 ? screen_before(v, o, m, end) :
		    screen_before(v, o, end, m)))
			end = m;
		if (dir > 0 ? !screen_before(v, o, cur, m) :
		    !screen_before(v, o, m, cur))
			continue;
		if (best == TREE_NONE || (dir > 0 ?
		    screen_before(v, o, m, best) : screen_before(v, o, best, m)))
			best = m;
	}
	return best != TREE_NONE ? best : end;
}

/*
 * Select the next (dir 1) or previous (dir -1) matching frame: from a
 * match (or the root), the next in flame order, so that n walks every
 * match in turn; from a frame the user moved to with h j k l, the next
 * on the screen, so that n goes on from there instead of back to the
 * match that frame was reached from.
 */
static int
goto_match(struct tui_view *v, int dir)
{
	struct tui_search *s = &v->search;
	const struct search_order *o = &s->order[v->reverse];
	const struct search_hits *h = &s->hits[v->reverse];
	uint32_t n = h->nnodes, pos, k, node = TREE_NONE;

	if (s->re == NULL) {
		v->msg = "No search: press / to search.";
		return TUI_REDRAW;
	}
	if (n == 0) {
		v->msg = "No frame matches the search.";
		return TUI_REDRAW;
	}
	if (v->want != TREE_ROOT && v->want < tree_size(v->tree) &&
	    !view_is_match(v, v->want)) {
		node = screen_next(v, dir);
		if (node == TREE_NONE) {
			v->msg = "No matching frame has samples in this "
			    "profile.";
			return TUI_REDRAW;
		}
		return view_flame_show(v, node);
	}
	pos = search_hits_find(h, o, v->want);
	if (dir > 0) {
		if (pos < n && h->nodes[pos] == v->want)
			pos++;
	} else
		pos = pos > 0 ? pos - 1 : n - 1;
	/* Frames without samples in this profile have no place to be shown. */
	for (k = 0; k < n; k++) {
		pos %= n;
		if (!count_is_zero(tree_total(v->tree, v->prof,
		    h->nodes[pos]))) {
			node = h->nodes[pos];
			break;
		}
		pos = dir > 0 ? pos + 1 : pos > 0 ? pos - 1 : n - 1;
	}
	if (node == TREE_NONE) {
		v->msg = "No matching frame has samples in this profile.";
		return TUI_REDRAW;
	}
	if (dir > 0 && o->rank[node] <= o->rank[v->want])
		v->msg = "Search wrapped around to the first match.";
	else if (dir < 0 && o->rank[node] >= o->rank[v->want])
		v->msg = "Search wrapped around to the last match.";
	return view_flame_show(v, node);
}

/* Select the next matching frame. */
int
view_search_next(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	return goto_match(v, 1);
}

/* Select the previous matching frame. */
int
view_search_prev(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	return goto_match(v, -1);
}

/*
 * The tree grew (it is loading): match the new names, drop the flame
 * orders, which a search builds again, and find the hits again.  n is the
 * number of name ids now.
 */
void
view_search_grown(struct tui_view *v, size_t n)
{
	struct tui_search *s = &v->search;

	struct search_run run;

	s->hits_ok[0] = s->hits_ok[1] = 0;
	search_order_free(&s->order[0]);
	search_order_free(&s->order[1]);
	if (s->marks != NULL) {
		s->marks = xreallocarray(s->marks, n, 1);
		if (s->re != NULL) {
			if (!mark_names(v, s->re, s->marks, &run)) {
				search_clear(v);
				v->msg = "Search cancelled.";
				return;
			}
			s->nfailed = run.failed + run.skipped;
		}
	}
	view_search_refresh(v);
}
