/*
 * Functions and sandwiches: per-function self and total (recursion counted
 * once per stack), root frames left out, sorting, filtering, both profiles
 * of a differential tree, the two halves of a sandwich, stacks 100,000
 * frames deep, and every profile of data/ and of the corpus checked against
 * a computation of its own from the --collapse text.
 *
 * Most tests use this profile (100 samples):
 *
 *	main;foo;bar;foo 10        function  self  total
 *	main;foo;baz 20            main         0     65
 *	main;qux 30                foo         30     50  (10 once, 20, 5, 15)
 *	main;qux;foo 5             bar          0     10
 *	idle;foo 15                baz         20     20
 *	other 20                   qux         30     35
 *	                           idle         0     15
 *	                           other       20     20
 *
 * foo's sandwich: the outermost foo nodes are main;foo (30),
 * main;qux;foo (5) and idle;foo (15); main;foo;bar;foo is inside the first.
 *
 *	callers (read upwards)     callees
 *	foo 50                     foo 50 (self 5 + 15)
 *	|- idle 15                 |- bar 10
 *	|- main 30                 |  `- foo 10 (self 10)
 *	`- qux 5                   `- baz 20 (self 20)
 *	   `- main 5
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diff/diff.h"
#include "helpers.h"
#include "layout/layout.h"
#include "loaders/sink_tree.h"
#include "model/functions.h"
#include "model/sandwich.h"
#include "search/search.h"
#include "util/xalloc.h"

static const char profile[] =
    "main;foo;bar;foo 10\n"
    "main;foo;baz 20\n"
    "main;qux 30\n"
    "main;qux;foo 5\n"
    "idle;foo 15\n"
    "other 20\n";

/* The view of f as "name self total\n" lines (profile prof), malloc'ed. */
static char *
view_text(const struct functions *f, const struct tree *t, int prof)
{
	char *buf = NULL;
	size_t len = 0, n;
	FILE *fp = open_memstream(&buf, &len);
	const struct func_row *r;
	const char *s;
	uint32_t i;

	for (i = 0; i < f->nview; i++) {
		r = &f->rows[f->view[i]];
		s = strtab_get(tree_strtab_c(t), r->name, &n);
		fprintf(fp, "%.*s %llu %llu\n", (int)n, s,
		    (unsigned long long)r->self[prof].n,
		    (unsigned long long)r->total[prof].n);
	}
	fclose(fp);
	return buf;
}

/* Functions of folded text, sorted by key: their view as text. */
static char *
functions_of(const char *text, uint32_t skip, enum func_sort key)
{
	struct tree *t = tree_from_folded(text);
	struct functions f;
	char *s;

	functions_build(&f, t, skip, 0);
	functions_sort(&f, key);
	s = view_text(&f, t, 0);
	functions_free(&f);
	tree_free(t);
	return s;
}

START_TEST(test_self_total_by_self)
{
	char *s = functions_of(profile, 1, FUNC_SORT_SELF);

	ck_assert_str_eq(s,
	    "foo 30 50\n"
	    "qux 30 35\n"
	    "baz 20 20\n"
	    "other 20 20\n"
	    "bar 0 10\n"
	    "idle 0 15\n"
	    "main 0 65\n");
	free(s);
}
END_TEST

START_TEST(test_sort_total_and_name)
{
	char *s = functions_of(profile, 1, FUNC_SORT_TOTAL);

	ck_assert_str_eq(s,
	    "main 0 65\n"
	    "foo 30 50\n"
	    "qux 30 35\n"
	    "baz 20 20\n"
	    "other 20 20\n"
	    "idle 0 15\n"
	    "bar 0 10\n");
	free(s);
	s = functions_of(profile, 1, FUNC_SORT_NAME);
	ck_assert_str_eq(s,
	    "bar 0 10\n"
	    "baz 20 20\n"
	    "foo 30 50\n"
	    "idle 0 15\n"
	    "main 0 65\n"
	    "other 20 20\n"
	    "qux 30 35\n");
	free(s);
}
END_TEST

/* a;b;a;b counts a and b once each; a;b;a;b;a;b too. */
START_TEST(test_recursion_once)
{
	char *s = functions_of("a;b;a;b 1\n", 1, FUNC_SORT_NAME);

	ck_assert_str_eq(s, "a 0 1\nb 1 1\n");
	free(s);
	s = functions_of(
	    "a;b;a;b 1\n"
	    "a;b 2\n"
	    "b;a 4\n"
	    "a;a;a;a 8\n"
	    "c;a;b;a;c 16\n", 1, FUNC_SORT_NAME);
	/*
	 * a: in every stack: 1 + 2 + 4 + 8 + 16; self 4 + 8.
	 * b: 1 + 2 + 4 + 16; self 1 + 2.  c: 16, self 16.
	 */
	ck_assert_str_eq(s, "a 12 31\nb 3 23\nc 16 16\n");
	free(s);
}
END_TEST

/*
 * skip_depth 2: the frames under the root are commands (perf input), not
 * functions; the same name deeper down is one.
 */
START_TEST(test_root_frames_left_out)
{
	char *s = functions_of(
	    "python;main;f 3\n"
	    "python;g 2\n"
	    "bash;main 1\n"
	    "perl;main;perl 4\n"
	    "python 7\n", 2, FUNC_SORT_NAME);

	ck_assert_str_eq(s,
	    "f 3 3\n"
	    "g 2 2\n"
	    "main 1 8\n"
	    "perl 4 4\n");
	free(s);
	/* With skip 1 the commands are functions too. */
	s = functions_of("python;main;f 3\npython 7\n", 1, FUNC_SORT_NAME);
	ck_assert_str_eq(s, "f 3 3\nmain 0 3\npython 7 10\n");
	free(s);
}
END_TEST

/* Mark the names of t that pat matches (caller frees). */
static unsigned char *
marks_for(const struct tree *t, const char *pat)
{
	struct search_error err;
	struct search_re *re = search_compile(pat, strlen(pat), 0, &err);
	unsigned char *marks;

	ck_assert_msg(re != NULL, "%s", err.msg);
	marks = xcalloc(strtab_count(tree_strtab_c(t)) + 1, 1);
	search_mark(re, tree_strtab_c(t), marks, NULL);
	search_re_free(re);
	return marks;
}

START_TEST(test_filter_and_share)
{
	struct tree *t = tree_from_folded(profile);
	unsigned char *marks = marks_for(t, "^(foo|qux|ma)");
	struct functions f;
	char *s;

	functions_build(&f, t, 1, 0);
	ck_assert_uint_eq(f.all[0].n, 100);
	functions_filter(&f, marks);
	s = view_text(&f, t, 0);
	ck_assert_str_eq(s, "foo 30 50\nqux 30 35\nmain 0 65\n");
	free(s);
	ck_assert_uint_eq(functions_view_self(&f, 0).n, 60);
	/* Sorting keeps the filter; NULL lifts it. */
	functions_sort(&f, FUNC_SORT_NAME);
	s = view_text(&f, t, 0);
	ck_assert_str_eq(s, "foo 30 50\nmain 0 65\nqux 30 35\n");
	free(s);
	functions_filter(&f, NULL);
	ck_assert_uint_eq(f.nview, 7);
	ck_assert_uint_eq(functions_view_self(&f, 0).n, 100);
	ck_assert_ptr_nonnull(functions_find(&f, strtab_lookup(
	    tree_strtab_c(t), "idle", 4)));
	ck_assert_uint_eq(functions_find(&f, strtab_lookup(tree_strtab_c(t),
	    "idle", 4))->total[0].n, 15);
	ck_assert_ptr_null(functions_find(&f, 0));
	functions_free(&f);
	free(marks);
	tree_free(t);
}
END_TEST

/* Add the folded stack path with count n to profile prof of t. */
static void
add_stack(struct tree *t, int prof, const char *path, uint64_t n)
{
	uint32_t node = TREE_ROOT;
	const char *p = path, *semi;
	size_t len;

	for (;;) {
		semi = strchr(p, ';');
		len = semi ? (size_t)(semi - p) : strlen(p);
		node = tree_child(t, node, strtab_intern(tree_strtab(t), p, len));
		if (semi == NULL)
			break;
		p = semi + 1;
	}
	tree_add_self(t, prof, node, COUNT_INT(n));
}

/*
 * Two profiles: before main;a 10, main;b 5, main;b;a 5;
 * after main;a 4, main;b 20, main;c 1.  Self before/after and change:
 * a 15/4 -11, b 5/20 +15, c 0/1 +1, main 0/0 0.
 */
START_TEST(test_two_profiles_change)
{
	struct tree *t = tree_new(2);
	struct functions f;
	const struct func_row *r;
	char *s;
	/* By the size of the change, up or down. */
	static const char *want[] = {"b", "a", "c", "main"};
	uint32_t i;
	size_t n;

	add_stack(t, 0, "main;a", 10);
	add_stack(t, 0, "main;b", 5);
	add_stack(t, 0, "main;b;a", 5);
	add_stack(t, 1, "main;a", 4);
	add_stack(t, 1, "main;b", 20);
	add_stack(t, 1, "main;c", 1);
	tree_finish(t);
	functions_build(&f, t, 1, 1);
	ck_assert_uint_eq(f.all[0].n, 20);
	ck_assert_uint_eq(f.all[1].n, 25);
	s = view_text(&f, t, 1);
	ck_assert_str_eq(s, "b 20 20\na 4 4\nc 1 1\nmain 0 25\n");
	free(s);
	s = view_text(&f, t, 0);
	ck_assert_str_eq(s, "b 5 10\na 15 15\nc 0 0\nmain 0 20\n");
	free(s);
	functions_sort(&f, FUNC_SORT_CHANGE);
	for (i = 0; i < f.nview; i++) {
		r = &f.rows[f.view[i]];
		ck_assert_str_eq(strtab_get(tree_strtab_c(t), r->name, &n),
		    want[i]);
	}
	r = functions_find(&f, strtab_lookup(tree_strtab_c(t), "a", 1));
	ck_assert_int_eq(functions_change(r), -11);
	r = functions_find(&f, strtab_lookup(tree_strtab_c(t), "b", 1));
	ck_assert_int_eq(functions_change(r), 15);
	/* `o` cycles self, total, name, change and back. */
	ck_assert_int_eq(functions_next_sort(&f, FUNC_SORT_NAME),
	    FUNC_SORT_CHANGE);
	ck_assert_int_eq(functions_next_sort(&f, FUNC_SORT_CHANGE),
	    FUNC_SORT_SELF);
	functions_free(&f);
	tree_free(t);
	/* One profile: no change key. */
	t = tree_from_folded(profile);
	functions_build(&f, t, 1, 0);
	ck_assert_int_eq(functions_next_sort(&f, FUNC_SORT_SELF),
	    FUNC_SORT_TOTAL);
	ck_assert_int_eq(functions_next_sort(&f, FUNC_SORT_NAME),
	    FUNC_SORT_SELF);
	functions_free(&f);
	tree_free(t);
}
END_TEST

/* Fractional counts keep their fractions. */
START_TEST(test_fractions)
{
	struct tree *t = tree_from_folded("a;b 1.25\na;b;a 0.5\nb 2\n");
	struct functions f;
	const struct func_row *r;

	functions_build(&f, t, 1, 0);
	r = functions_find(&f, strtab_lookup(tree_strtab_c(t), "a", 1));
	ck_assert_double_eq_tol(count_value(r->self[0]), 0.5, 1e-12);
	ck_assert_double_eq_tol(count_value(r->total[0]), 1.75, 1e-12);
	r = functions_find(&f, strtab_lookup(tree_strtab_c(t), "b", 1));
	ck_assert_double_eq_tol(count_value(r->self[0]), 3.25, 1e-12);
	ck_assert_double_eq_tol(count_value(r->total[0]), 3.75, 1e-12);
	functions_free(&f);
	tree_free(t);
}
END_TEST

/* Folded text of a sandwich half of name in text (caller frees). */
static char *
half(const char *text, const char *name, int callers)
{
	struct tree *t = tree_from_folded(text), *h;
	uint32_t id = strtab_lookup(tree_strtab_c(t), name, strlen(name));
	char *s;

	h = callers ? sandwich_callers(t, id) : sandwich_callees(t, id);
	/* Names keep their ids. */
	ck_assert_uint_ge(strtab_count(tree_strtab_c(h)),
	    strtab_count(tree_strtab_c(t)));
	if (id != UINT32_MAX)
		ck_assert_str_eq(strtab_get(tree_strtab_c(h), id, NULL), name);
	s = collapse_string(h);
	tree_free(h);
	tree_free(t);
	return s;
}

START_TEST(test_sandwich_halves)
{
	char *s = half(profile, "foo", 1);

	ck_assert_str_eq(s, "foo;idle 15\nfoo;main 30\nfoo;qux;main 5\n");
	free(s);
	s = half(profile, "foo", 0);
	ck_assert_str_eq(s, "foo 20\nfoo;bar;foo 10\nfoo;baz 20\n");
	free(s);
	/* main: no callers (a root's child); its callees are its subtrees. */
	s = half(profile, "main", 1);
	ck_assert_str_eq(s, "main 65\n");
	free(s);
	s = half(profile, "qux", 0);
	ck_assert_str_eq(s, "qux 30\nqux;foo 5\n");
	free(s);
	/* A name that is no frame: an empty tree. */
	s = half(profile, "nothere", 0);
	ck_assert_str_eq(s, "");
	free(s);
	/* Recursion: split at the outermost a. */
	s = half("x;a;b;a;b 1\ny;a 2\n", "a", 0);
	ck_assert_str_eq(s, "a 2\na;b;a;b 1\n");
	free(s);
	s = half("x;a;b;a;b 1\ny;a 2\n", "b", 1);
	ck_assert_str_eq(s, "b;a;x 1\n");
	free(s);
}
END_TEST

/* F's width in both halves is F's total, in both profiles. */
START_TEST(test_sandwich_width_is_total)
{
	struct tree *t = tree_new(2), *c, *e;
	struct functions f;
	const struct func_row *r;
	uint32_t id;
	int p;

	add_stack(t, 0, "main;a;b;a", 10);
	add_stack(t, 0, "main;b", 5);
	add_stack(t, 1, "main;a;b", 7);
	add_stack(t, 1, "other;b;b", 3);
	tree_finish(t);
	functions_build(&f, t, 1, 1);
	id = strtab_lookup(tree_strtab_c(t), "b", 1);
	c = sandwich_callers(t, id);
	e = sandwich_callees(t, id);
	r = functions_find(&f, id);
	for (p = 0; p < 2; p++) {
		ck_assert_uint_eq(tree_total(c, p, TREE_ROOT).n,
		    r->total[p].n);
		ck_assert_uint_eq(tree_total(e, p, TREE_ROOT).n,
		    r->total[p].n);
	}
	ck_assert_uint_eq(r->total[0].n, 15);
	ck_assert_uint_eq(r->total[1].n, 10);
	tree_free(c);
	tree_free(e);
	functions_free(&f);
	tree_free(t);
}
END_TEST

/*
 * The lazy halves against a straightforward full computation, here: for
 * every stack (a node with a self count in some profile) that contains F,
 * split at its first F after the root, the caller path (F, then its
 * callers up to the root's child) and the callee path (F and below) get
 * the stack's counts, in a tree of their own finished as usual.
 */
static struct tree *
ref_half(const struct tree *t, uint32_t name, int side)
{
	const struct tree_node *nodes = tree_nodes(t);
	struct tree *r = tree_new(tree_nprof(t));
	uint32_t n, k, cur, *path = NULL, depth, i, at;
	size_t cap = 0, len;
	const char *s;
	int p;

	for (i = 0; i < strtab_count(tree_strtab_c(t)); i++) {
		s = strtab_get(tree_strtab_c(t), i, &len);
		ck_assert_uint_eq(strtab_intern(tree_strtab(r), s, len), i);
	}
	for (n = 1; n < tree_size(t); n++) {
		depth = nodes[n].depth;
		xgrow((void **)&path, &cap, depth + 1, sizeof *path);
		for (k = n, i = depth; k != TREE_ROOT; k = nodes[k].parent)
			path[--i] = nodes[k].name; /* path[0..depth) */
		for (at = 0; at < depth && path[at] != name; at++)
			;
		if (at == depth)
			continue;
		cur = TREE_ROOT;
		if (side == SANDWICH_CALLEES)
			for (i = at; i < depth; i++)
				cur = tree_child(r, cur, path[i]);
		else
			for (i = at + 1; i-- > 0;)
				cur = tree_child(r, cur, path[i]);
		for (p = 0; p < tree_nprof(t); p++)
			tree_add_self(r, p, cur, tree_self(t, p, n));
	}
	free(path);
	tree_finish(r);
	return r;
}

/* Counts a and b are the same (fractions: dyadic, so sums are exact). */
static void
same_count(struct tf_count a, struct tf_count b)
{
	ck_assert_uint_eq(a.n, b.n);
	ck_assert_double_eq_tol(a.frac, b.frac, 1e-12);
}

/* Layouts of the lazy half h and the reference r: the same rectangles. */
static void
same_layout(const struct tree *h, const struct layout *lh,
    const struct tree *r, const struct layout *lr)
{
	const struct layout_rect *a, *b;
	uint32_t i, ea, eb;
	int p;

	ck_assert_uint_eq(lh->nrects, lr->nrects);
	ck_assert_uint_eq(lh->nrows, lr->nrows);
	for (i = 0; i < lh->nrects; i++) {
		a = &lh->rects[i];
		b = &lr->rects[i];
		ck_assert_double_eq_tol(a->x, b->x, 1e-9);
		ck_assert_double_eq_tol(a->w, b->w, 1e-9);
		ck_assert_uint_eq(a->depth, b->depth);
		ck_assert_uint_eq(a->parent, b->parent);
		ck_assert_uint_eq(a->nchild, b->nchild);
		ck_assert_uint_eq(a->flags, b->flags);
		ck_assert_uint_eq(tree_node(h, a->node)->name,
		    tree_node(r, b->node)->name);
		for (p = 0; p < tree_nprof(r); p++) {
			same_count(tree_total(h, p, a->node),
			    tree_total(r, p, b->node));
			same_count(tree_self(h, p, a->node),
			    tree_self(r, p, b->node));
		}
		if (a->flags & LAYOUT_MERGED) {
			ea = layout_run_end(lh, i);
			eb = layout_run_end(lr, i);
			ck_assert_uint_eq(ea == TREE_NONE, eb == TREE_NONE);
			if (ea != TREE_NONE)
				ck_assert_uint_eq(tree_node(h, ea)->name,
				    tree_node(r, eb)->name);
		}
	}
}

/* Every node of r is in h with the same counts (h made in full). */
static void
same_tree(const struct tree *h, const struct tree *r)
{
	uint32_t *map = xcalloc(tree_size(r), sizeof *map), n, c;
	int p;

	ck_assert_uint_eq(tree_size(h), tree_size(r));
	for (n = 0; n < tree_size(r); n++) {
		if (n > 0) {
			map[n] = tree_find_child(h,
			    map[tree_node(r, n)->parent], tree_node(r, n)->name);
			ck_assert_uint_ne(map[n], TREE_NONE);
		}
		for (p = 0; p < tree_nprof(r); p++) {
			same_count(tree_total(h, p, map[n]), tree_total(r, p, n));
			same_count(tree_self(h, p, map[n]), tree_self(r, p, n));
		}
		/* Siblings in the same (name) order. */
		c = tree_node(h, map[n])->first_child;
		if (tree_node(r, n)->first_child != TREE_NONE)
			ck_assert_uint_eq(tree_node(h, c)->name, tree_node(r,
			    tree_node(r, n)->first_child)->name);
	}
	free(map);
}

/* A small random profile: 5 names (recursion), dyadic fractions, 2 profiles. */
static struct tree *
random_tree(unsigned seed, int nprof, int stacks)
{
	static const char *const names[] = {"a", "b", "c", "d", "e"};
	struct tree *t = tree_new(nprof);
	uint32_t cur;
	unsigned x = seed * 2654435761u + 1;
	int i, d, depth, p;

	for (i = 0; i < stacks; i++) {
		x = x * 1103515245u + 12345u;
		depth = 1 + (int)((x >> 16) % 9);
		cur = TREE_ROOT;
		for (d = 0; d < depth; d++) {
			x = x * 1103515245u + 12345u;
			cur = tree_child(t, cur, strtab_intern(tree_strtab(t),
			    names[(x >> 16) % 5], 1));
		}
		x = x * 1103515245u + 12345u;
		p = (int)((x >> 16) % (unsigned)nprof);
		tree_add_self(t, p, cur, (struct tf_count){(x >> 20) % 50,
		    (double)((x >> 8) % 4) * 0.25});
	}
	tree_finish(t);
	return t;
}

/*
 * At a few widths, the layout of a lazy half equals the reference's,
 * at the root and zoomed to each frame the reference shows; the diff's
 * largest change is the reference's before anything is made; made in
 * full, the half is the reference.
 */
START_TEST(test_sandwich_lazy_against_full)
{
	static const double widths[] = {1, 3, 8, 40, 200};
	struct layout lh, lr, lz;
	struct layout_params lp;
	struct sandwich *s;
	const struct tree *h;
	struct tree *t, *r;
	uint32_t name, i, zr, zh;
	int nprof, side, w, prof, checked = 0;
	unsigned seed;

	layout_init(&lh);
	layout_init(&lr);
	layout_init(&lz);
	for (seed = 1; seed <= 40; seed++) {
		nprof = 1 + (int)(seed % 2);
		t = random_tree(seed, nprof, 5 + (int)seed * 3);
		for (name = 1; name < strtab_count(tree_strtab_c(t)); name++)
		for (side = 0; side < 2; side++) {
			r = ref_half(t, name, side);
			s = sandwich_new(t, name);
			h = sandwich_half(s, side);
			if (nprof == 2) {
				ck_assert_uint_eq(sandwich_maxdelta(s, side),
				    diff_maxdelta(r));
				sandwich_free(s);
				s = sandwich_new(t, name);
				h = sandwich_half(s, side);
			}
			prof = nprof - 1;
			for (w = 0; w < (int)(sizeof widths / sizeof *widths);
			    w++) {
				memset(&lp, 0, sizeof lp);
				lp.prof = prof;
				lp.width = widths[w];
				lp.minwidth = 1;
				lp.merge = 1;
				lp.zoom = TREE_ROOT;
				sandwich_show(s, side, TREE_ROOT, prof,
				    lp.width, lp.minwidth);
				layout_build(&lh, h, &lp);
				layout_build(&lr, r, &lp);
				same_layout(h, &lh, r, &lr);
				checked++;
				/* Zoomed to each frame shown. */
				for (i = 0; i < lr.nrects; i++) {
					if (lr.rects[i].flags & LAYOUT_MERGED)
						continue;
					zr = lr.rects[i].node;
					zh = lh.rects[i].node;
					sandwich_show(s, side, zh, prof,
					    lp.width, lp.minwidth);
					lp.zoom = zh;
					layout_build(&lz, h, &lp);
					lp.zoom = zr;
					layout_build(&lr, r, &lp);
					same_layout(h, &lz, r, &lr);
					/* The root layout again (lh stale). */
					lp.zoom = TREE_ROOT;
					layout_build(&lh, h, &lp);
					layout_build(&lr, r, &lp);
				}
			}
			/* Not made in full yet: a half is only what it needs. */
			sandwich_full(s, side);
			same_tree(h, r);
			if (nprof == 2)
				ck_assert_uint_eq(sandwich_maxdelta(s, side),
				    diff_maxdelta(r));
			sandwich_free(s);
			tree_free(r);
		}
		tree_free(t);
	}
	ck_assert_int_gt(checked, 500);
	layout_free(&lh);
	layout_free(&lr);
	layout_free(&lz);
}
END_TEST

/* Narrow frames are not made: a half holds what a screen shows. */
START_TEST(test_sandwich_bounded)
{
	struct tree *t = tree_new(1);
	struct sandwich *s;
	const struct tree *h;
	uint32_t f, wide, narrow, x;
	char stack[64];
	int i;

	/* F under 1000 callers of weight 1, and one caller of weight 1000. */
	for (i = 0; i < 1000; i++) {
		snprintf(stack, sizeof stack, "main;c%d;F;x%d", i, i);
		add_stack(t, 0, stack, 1);
	}
	add_stack(t, 0, "main;wide;F;deep;deeper", 1000);
	tree_finish(t);
	s = sandwich_new(t, strtab_lookup(tree_strtab_c(t), "F", 1));
	/* Made: the roots and F, nothing else. */
	ck_assert_uint_eq(tree_size(sandwich_half(s, SANDWICH_CALLERS)), 2);
	ck_assert_uint_eq(tree_size(sandwich_half(s, SANDWICH_CALLEES)), 2);
	/* 100 columns: a caller of 1 is 0.05 cells: made, never expanded. */
	sandwich_show(s, SANDWICH_CALLERS, TREE_ROOT, 0, 100, 1);
	h = sandwich_half(s, SANDWICH_CALLERS);
	f = tree_node(h, TREE_ROOT)->first_child;
	same_count(tree_total(h, 0, f), COUNT_INT(2000));
	wide = tree_find_child(h, f, strtab_lookup(tree_strtab_c(h), "wide", 4));
	narrow = tree_find_child(h, f, strtab_lookup(tree_strtab_c(h), "c7", 2));
	ck_assert_uint_ne(narrow, TREE_NONE);
	ck_assert(sandwich_built(s, SANDWICH_CALLERS, wide));
	ck_assert(!sandwich_built(s, SANDWICH_CALLERS, narrow));
	/* F, 1001 callers, main above wide: 1004 nodes with the root. */
	ck_assert_uint_eq(tree_size(h), 1004);
	/* Zoomed to the narrow caller, it is made. */
	sandwich_show(s, SANDWICH_CALLERS, narrow, 0, 100, 1);
	ck_assert(sandwich_built(s, SANDWICH_CALLERS, narrow));
	/* The callees: x0..x999 made but not their (empty) children; deep. */
	sandwich_show(s, SANDWICH_CALLEES, TREE_ROOT, 0, 100, 1);
	h = sandwich_half(s, SANDWICH_CALLEES);
	f = tree_node(h, TREE_ROOT)->first_child;
	x = tree_find_child(h, f, strtab_lookup(tree_strtab_c(h), "x5", 2));
	ck_assert(!sandwich_built(s, SANDWICH_CALLEES, x));
	ck_assert_uint_eq(tree_size(h), 1000 + 4);
	ck_assert(!sandwich_stale(s));
	add_stack(t, 0, "main;F", 1);
	tree_finish(t);
	ck_assert(sandwich_stale(s));
	sandwich_free(s);
	tree_free(t);
}
END_TEST

/* A stack 100,000 frames deep: a;b;a;b;... and one of a alone. */
START_TEST(test_deep)
{
	size_t depth = 100000, i;
	char *text = xmalloc(depth * 2 + 16), *p = text;
	struct tree *t, *h;
	struct functions f;
	const struct func_row *r;
	uint32_t a;

	for (i = 0; i < depth; i++) {
		*p++ = i % 2 ? 'b' : 'a';
		*p++ = i + 1 < depth ? ';' : ' ';
	}
	memcpy(p, "3\nz 1\n", 7);
	t = tree_from_folded(text);
	functions_build(&f, t, 1, 0);
	a = strtab_lookup(tree_strtab_c(t), "a", 1);
	r = functions_find(&f, a);
	ck_assert_uint_eq(r->total[0].n, 3);
	ck_assert_uint_eq(r->self[0].n, 0);
	r = functions_find(&f, strtab_lookup(tree_strtab_c(t), "b", 1));
	ck_assert_uint_eq(r->total[0].n, 3);
	ck_assert_uint_eq(r->self[0].n, 3);
	h = sandwich_callees(t, a);
	ck_assert_uint_eq(tree_size(h), depth + 1);
	ck_assert_uint_eq(tree_total(h, 0, TREE_ROOT).n, 3);
	tree_free(h);
	h = sandwich_callers(t, strtab_lookup(tree_strtab_c(t), "b", 1));
	ck_assert_uint_eq(tree_size(h), 3);
	tree_free(h);
	functions_free(&f);
	tree_free(t);
	free(text);
}
END_TEST

/*
 * The independent computation: per-name self and total from folded text,
 * parsed here.  Names go in a small open hash of their own.
 */
struct ref_fn {
	char *name;
	size_t len;
	long double self, total;
	uint64_t iself, itotal;
	uint64_t seen; /* the line that counted total last */
};

struct ref {
	struct ref_fn *fn;
	size_t cap, n;
	int frac;
};

/* The slot of s[0..len) in r: its entry, or the empty one it would take. */
static struct ref_fn *
ref_slot(struct ref *r, const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ULL;
	size_t i, k;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	for (k = h & (r->cap - 1);; k = (k + 1) & (r->cap - 1))
		if (r->fn[k].name == NULL || (r->fn[k].len == len &&
		    memcmp(r->fn[k].name, s, len) == 0))
			return &r->fn[k];
}

/* The entry of s[0..len), made when new. */
static struct ref_fn *
ref_get(struct ref *r, const char *s, size_t len)
{
	struct ref_fn *fn;
	size_t k;

	if ((r->n + 1) * 2 > r->cap) {
		struct ref old = *r;

		r->cap = r->cap ? r->cap * 2 : 1024;
		r->fn = xcalloc(r->cap, sizeof *r->fn);
		for (k = 0; k < old.cap; k++)
			if (old.fn[k].name != NULL)
				*ref_slot(r, old.fn[k].name, old.fn[k].len) =
				    old.fn[k];
		free(old.fn);
	}
	fn = ref_slot(r, s, len);
	if (fn->name == NULL) {
		fn->name = xmalloc(len + 1);
		memcpy(fn->name, s, len);
		fn->name[len] = '\0';
		fn->len = len;
		r->n++;
	}
	return fn;
}

/* a + b, held at 2^64-1 as tflame's counts are (some corpus files reach it). */
static uint64_t
sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* Count every line of folded text; the first skip frames are no functions. */
static void
ref_count(struct ref *r, const char *text, int skip)
{
	const char *line = text, *nl, *sp, *p, *semi;
	struct ref_fn *fn = NULL;
	uint64_t lineno = 0, in;
	long double c;
	int k;

	for (; *line != '\0'; line = nl + 1) {
		nl = strchr(line, '\n');
		ck_assert_ptr_nonnull(nl);
		lineno++;
		for (sp = nl; sp > line && sp[-1] != ' '; sp--)
			;
		ck_assert(sp > line);
		c = strtold(sp, NULL);
		in = strtoull(sp, NULL, 10);
		if (memchr(sp, '.', (size_t)(nl - sp)) != NULL)
			r->frac = 1;
		fn = NULL;
		for (p = line, k = 0; p < sp; p = semi + 1, k++) {
			semi = memchr(p, ';', (size_t)(sp - 1 - p));
			if (semi == NULL)
				semi = sp - 1;
			if (k < skip)
				continue;
			fn = ref_get(r, p, (size_t)(semi - p));
			if (fn->seen != lineno) {
				fn->seen = lineno;
				fn->total += c;
				fn->itotal = sat_add(fn->itotal, in);
			}
		}
		if (fn != NULL) {
			fn->self += c;
			fn->iself = sat_add(fn->iself, in);
		}
	}
}

static void
ref_free(struct ref *r)
{
	size_t k;

	for (k = 0; k < r->cap; k++)
		free(r->fn[k].name);
	free(r->fn);
}

/* Load path (any format); *fmt gets the one detected. */
static struct tree *
load_file(const char *path, enum input_format *fmt)
{
	struct load_opts o;
	struct load_result res;
	struct stack_sink sink;
	struct sink_tree st;
	struct reader *rd;
	struct tree *t;
	struct diag d;
	char *err = NULL;

	rd = reader_open(path, &err);
	ck_assert_msg(rd != NULL, "%s", path);
	memset(&o, 0, sizeof o);
	memset(&res, 0, sizeof res);
	t = tree_new(1);
	diag_init(&d, path);
	sink_tree_init(&st, &sink, t, 0);
	if (loader_run(rd, &o, &sink, &d, &res, &err) != 0) {
		free(err);
		tree_free(t);
		t = NULL;
	} else
		tree_finish(t);
	*fmt = res.format;
	diag_free(&d);
	reader_close(rd);
	return t;
}

/* Check path's functions against the computation from its folded text. */
static int
check_file(const char *path)
{
	enum input_format fmt;
	struct tree *t = load_file(path, &fmt);
	struct functions f;
	struct ref ref;
	struct ref_fn *fn;
	const struct func_row *row;
	char *folded;
	const char *name;
	size_t len;
	uint32_t i, nonzero = 0;
	int skip;

	if (t == NULL)
		return 0;
	skip = fmt == FORMAT_PERF ? 1 : 0;
	memset(&ref, 0, sizeof ref);
	folded = collapse_string(t);
	ref_count(&ref, folded, skip);
	functions_build(&f, t, (uint32_t)skip + 1, 0);
	for (i = 0; i < f.nrows; i++) {
		row = &f.rows[i];
		name = strtab_get(tree_strtab_c(t), row->name, &len);
		if (count_is_zero(row->total[0]))
			continue;
		nonzero++;
		fn = ref_get(&ref, name, len);
		ck_assert_msg(fn->seen != 0, "%s: %s is no function there",
		    path, name);
		if (ref.frac) {
			ck_assert_msg(fabsl(fn->total -
			    (long double)count_value(row->total[0])) <=
			    1e-6L * (1 + fn->total), "%s: total of %s", path,
			    name);
			ck_assert_msg(fabsl(fn->self -
			    (long double)count_value(row->self[0])) <=
			    1e-6L * (1 + fn->self), "%s: self of %s", path,
			    name);
		} else {
			ck_assert_msg(fn->itotal == row->total[0].n,
			    "%s: total of %s: %llu, not %llu", path, name,
			    (unsigned long long)row->total[0].n,
			    (unsigned long long)fn->itotal);
			ck_assert_msg(fn->iself == row->self[0].n,
			    "%s: self of %s: %llu, not %llu", path, name,
			    (unsigned long long)row->self[0].n,
			    (unsigned long long)fn->iself);
		}
	}
	/* Nothing more in the folded text (a zero count adds a name). */
	for (len = 0, i = 0; len < ref.cap; len++)
		if (ref.fn[len].name != NULL && ref.fn[len].total > 0)
			i++;
	ck_assert_msg(i == nonzero, "%s: %u functions, the text has %u",
	    path, nonzero, i);
	functions_free(&f);
	free(folded);
	ref_free(&ref);
	tree_free(t);
	return 1;
}

/* check_file() on every file under dir; returns how many loaded. */
static unsigned
check_dir(const char *dir)
{
	char **stack = xreallocarray(NULL, 1024, sizeof *stack), *path, *sub;
	size_t n = 0, cap = 1024, dl;
	unsigned loaded = 0;
	struct dirent *de;
	struct stat sb;
	DIR *dp;

	stack[n++] = xstrdup(dir);
	while (n > 0) {
		path = stack[--n];
		if ((dp = opendir(path)) == NULL) {
			free(path);
			continue;
		}
		while ((de = readdir(dp)) != NULL) {
			if (de->d_name[0] == '.')
				continue;
			dl = strlen(path) + strlen(de->d_name) + 2;
			sub = xmalloc(dl);
			snprintf(sub, dl, "%s/%s", path, de->d_name);
			if (stat(sub, &sb) != 0) {
				free(sub);
			} else if (S_ISDIR(sb.st_mode)) {
				if (n == cap)
					stack = xreallocarray(stack, cap *= 2,
					    sizeof *stack);
				stack[n++] = sub;
			} else {
				if (strstr(sub, ".svg") == NULL &&
				    strstr(sub, ".md") == NULL)
					loaded += (unsigned)check_file(sub);
				free(sub);
			}
		}
		closedir(dp);
		free(path);
	}
	free(stack);
	return loaded;
}

START_TEST(test_against_folded_data)
{
	ck_assert_uint_ge(check_dir(TOP_SRCDIR "/data"), 3);
}
END_TEST

START_TEST(test_against_folded_corpus)
{
	ck_assert_uint_ge(check_dir(TOP_SRCDIR "/tests/data/corpus"), 100);
}
END_TEST

/* The reference itself, on the recursive line the issue names. */
START_TEST(test_reference_counts_recursion_once)
{
	struct ref ref;
	struct ref_fn *fn;

	memset(&ref, 0, sizeof ref);
	ref_count(&ref, "a;b;a;b 1\nc;a 2\n", 0);
	fn = ref_get(&ref, "a", 1);
	ck_assert_uint_eq(fn->itotal, 3);
	ck_assert_uint_eq(fn->iself, 2);
	fn = ref_get(&ref, "b", 1);
	ck_assert_uint_eq(fn->itotal, 1);
	ck_assert_uint_eq(fn->iself, 1);
	ref_free(&ref);
	memset(&ref, 0, sizeof ref);
	ref_count(&ref, "comm;a 2\ncomm 3\n", 1);
	ck_assert_uint_eq(ref_get(&ref, "a", 1)->iself, 2);
	ck_assert_uint_eq(ref_get(&ref, "comm", 4)->seen, 0);
	ref_free(&ref);
}
END_TEST

static Suite *
functions_suite(void)
{
	Suite *s = suite_create("functions");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_self_total_by_self);
	tcase_add_test(tc, test_sort_total_and_name);
	tcase_add_test(tc, test_recursion_once);
	tcase_add_test(tc, test_root_frames_left_out);
	tcase_add_test(tc, test_filter_and_share);
	tcase_add_test(tc, test_two_profiles_change);
	tcase_add_test(tc, test_fractions);
	tcase_add_test(tc, test_sandwich_halves);
	tcase_add_test(tc, test_sandwich_width_is_total);
	tcase_add_test(tc, test_sandwich_lazy_against_full);
	tcase_add_test(tc, test_sandwich_bounded);
	tcase_add_test(tc, test_deep);
	tcase_add_test(tc, test_reference_counts_recursion_once);
	tcase_add_test(tc, test_against_folded_data);
	tcase_add_test(tc, test_against_folded_corpus);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(functions_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
