/*
 * The viewer's history (model/history.h): transforms and zooms on one
 * stack, undone in order; the trees after each step compared whole as
 * folded text; at most two derived trees held at any time; undoing the
 * top transform gives back the very tree held before it; undoing past
 * the trees held makes them again, equal; the breadcrumb text; paths;
 * a base that grew, transformed again (F after T, m and c among them);
 * the reverse tree kept for an undo.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "model/history.h"
#include "model/reverse.h"
#include "util/xalloc.h"

/* The steps' kinds: the registry's rows (model/xform.h), NULL a zoom. */
#define HISTORY_ZOOM NULL
#define HISTORY_FOCUS xform_by_verb("focus")
#define HISTORY_SUBTREE xform_by_verb("subtree")
#define HISTORY_EXCLUDE xform_by_verb("exclude")
#define HISTORY_MERGE xform_by_verb("merge")
#define HISTORY_RECURSION xform_by_verb("collapse")
#define HISTORY_THREADS xform_by_verb("merge threads")
#define HISTORY_ORDER xform_by_verb("order")

static const char profile[] =
    "main;run;work;leaf 40\n"
    "main;run;[unknown];junk 10\n"
    "main;fib;fib;fib;calc 20\n"
    "main;helper;lib::inner 10\n"
    "ksoftirqd/0;smpboot 6\n"
    "ksoftirqd/1;smpboot 4\n"
    "idle 10\n";

/* The folded text of t, compared with want. */
static void
is(const struct tree *t, const char *want)
{
	char *got = collapse_string(t);

	ck_assert_str_eq(got, want);
	free(got);
}

/* Push a transform of kind on function name (NULL: none). */
static struct tree *
push(struct history *h, const struct xform *kind, const char *name)
{
	struct history_step s;

	memset(&s, 0, sizeof s);
	s.kind = kind;
	if (name != NULL) {
		s.name = xstrdup(name);
		s.namelen = strlen(name);
	}
	return history_push(h, &s);
}

/* Pop a step, which must be of kind. */
static void
pop(struct history *h, const struct xform *kind)
{
	struct history_step s;

	ck_assert_int_eq(history_pop(h, &s), 1);
	ck_assert_ptr_eq(s.kind, kind);
	ck_assert_ptr_null(s.tree);
	history_step_free(&s);
	ck_assert_int_le(history_held(h), 2);
}

/* The breadcrumb of h is want. */
static void
crumb(const struct history *h, const char *want)
{
	char buf[512];

	ck_assert_uint_eq(history_describe(h, buf, sizeof buf), strlen(want));
	ck_assert_str_eq(buf, want);
}

static const char after_focus[] =
    "run;[unknown];junk 10\nrun;work;leaf 40\n";
static const char after_exclude[] = "run;work;leaf 40\n";
static const char after_merge[] = "run;leaf 40\n";

START_TEST(test_undo_order)
{
	struct tree *t = tree_from_folded(profile), *a, *b;
	struct history h;
	struct history_step z;
	char *orig = collapse_string(t);

	history_init(&h, t);
	ck_assert_ptr_eq(history_tree(&h), t);
	crumb(&h, "");
	a = push(&h, HISTORY_FOCUS, "run");
	is(a, after_focus);
	memset(&z, 0, sizeof z);
	z.kind = HISTORY_ZOOM;
	history_path_set(&z.zoom, a, TREE_ROOT);
	ck_assert_ptr_null(history_push(&h, &z));
	ck_assert_ptr_eq(history_tree(&h), a);
	b = push(&h, HISTORY_EXCLUDE, "[unknown]");
	is(b, after_exclude);
	is(push(&h, HISTORY_MERGE, "work"), after_merge);
	ck_assert_int_eq(history_held(&h), 2);
	ck_assert_uint_eq(history_ntransforms(&h), 3);
	crumb(&h, "focus run \xe2\x80\xba exclude [unknown] \xe2\x80\xba "
	    "merge work");
	/* An ASCII screen's separator (issue #48: "\u{203a}" under C). */
	{
		char buf[128];

		ck_assert_uint_eq(history_describe_sep(&h, " > ", buf,
		    sizeof buf), 42);
		ck_assert_str_eq(buf, "focus run > exclude [unknown] > "
		    "merge work");
	}
	/* The first undo: the tree held before, the very same. */
	pop(&h, HISTORY_MERGE);
	ck_assert_ptr_eq(history_tree(&h), b);
	is(history_tree(&h), after_exclude);
	/* The second: made again, equal. */
	pop(&h, HISTORY_EXCLUDE);
	is(history_tree(&h), after_focus);
	pop(&h, HISTORY_ZOOM);
	is(history_tree(&h), after_focus);
	pop(&h, HISTORY_FOCUS);
	ck_assert_ptr_eq(history_tree(&h), t);
	ck_assert_int_eq(history_held(&h), 0);
	ck_assert_int_eq(history_pop(&h, &z), 0);
	is(t, orig); /* the original untouched */
	history_free(&h);
	tree_free(t);
	free(orig);
}
END_TEST

START_TEST(test_every_kind)
{
	struct tree *t = tree_from_folded(profile), *o;
	struct history h;
	struct history_step s;

	history_init(&h, t);
	is(push(&h, HISTORY_THREADS, NULL),
	    "idle 10\nksoftirqd;smpboot 10\nmain;fib;fib;fib;calc 20\n"
	    "main;helper;lib::inner 10\nmain;run;[unknown];junk 10\n"
	    "main;run;work;leaf 40\n");
	is(push(&h, HISTORY_RECURSION, "fib"),
	    "idle 10\nksoftirqd;smpboot 10\nmain;fib;calc 20\n"
	    "main;helper;lib::inner 10\nmain;run;[unknown];junk 10\n"
	    "main;run;work;leaf 40\n");
	/* A function no frame has: nothing changes. */
	is(push(&h, HISTORY_EXCLUDE, "absent"),
	    "idle 10\nksoftirqd;smpboot 10\nmain;fib;calc 20\n"
	    "main;helper;lib::inner 10\nmain;run;[unknown];junk 10\n"
	    "main;run;work;leaf 40\n");
	memset(&s, 0, sizeof s);
	s.kind = HISTORY_ORDER;
	s.order = TREE_ORDER_WEIGHT;
	o = history_push(&h, &s);
	ck_assert_int_eq(tree_get_order(o, NULL), TREE_ORDER_WEIGHT);
	/* Heaviest first: main's first child is run (50). */
	ck_assert_uint_eq(tree_node(o, tree_node(o, node_at(o, "main"))->
	    first_child)->name, tree_node(o, node_at(o, "main;run"))->name);
	memset(&s, 0, sizeof s);
	s.kind = HISTORY_SUBTREE;
	s.name = xstrdup("run");
	s.namelen = 3;
	history_path_set(&s.subtree, o, node_at(o, "main;run"));
	/* Rooted at run, still heaviest first. */
	is(history_push(&h, &s), "run;work;leaf 40\nrun;[unknown];junk 10\n");
	crumb(&h, "merge threads \xe2\x80\xba collapse fib \xe2\x80\xba "
	    "exclude absent \xe2\x80\xba order weight \xe2\x80\xba subtree run");
	ck_assert_int_eq(history_held(&h), 2);
	history_reset(&h);
	ck_assert_ptr_eq(history_tree(&h), t);
	ck_assert_int_eq(history_held(&h), 0);
	history_free(&h);
	tree_free(t);
}
END_TEST

START_TEST(test_paths)
{
	struct tree *t = tree_from_folded(profile);
	struct tree *o = tree_from_folded("main 1\n");
	struct history_path p;

	memset(&p, 0, sizeof p);
	history_path_set(&p, t, node_at(t, "main;run;work;leaf"));
	ck_assert_uint_eq(p.n, 4);
	ck_assert_uint_eq(history_path_find(t, &p, 1),
	    node_at(t, "main;run;work;leaf"));
	/* In another tree: the names looked up there. */
	history_path_free(&p);
	history_path_set(&p, t, node_at(t, "main;run"));
	ck_assert_uint_eq(history_path_find(o, &p, 1), TREE_NONE);
	ck_assert_uint_eq(history_path_find(o, &p, 0), node_at(o, "main"));
	history_path_set(&p, t, node_at(t, "main;run;work"));
	ck_assert_uint_eq(history_path_find(t, &p, 0),
	    node_at(t, "main;run;work"));
	history_path_set(&p, t, TREE_ROOT);
	ck_assert_uint_eq(p.n, 0);
	ck_assert_uint_eq(history_path_find(t, &p, 1), TREE_ROOT);
	history_path_free(&p);
	tree_free(o);
	tree_free(t);
}
END_TEST

START_TEST(test_drop_zooms)
{
	struct tree *t = tree_from_folded(profile);
	struct history h;
	struct history_step z;

	history_init(&h, t);
	memset(&z, 0, sizeof z);
	z.kind = HISTORY_ZOOM;
	history_push(&h, &z);
	push(&h, HISTORY_EXCLUDE, "idle");
	memset(&z, 0, sizeof z);
	z.kind = HISTORY_ZOOM;
	history_push(&h, &z);
	history_drop_zooms(&h);
	ck_assert_uint_eq(h.n, 1);
	pop(&h, HISTORY_EXCLUDE);
	ck_assert_ptr_eq(history_tree(&h), t);
	history_free(&h);
	tree_free(t);
}
END_TEST

START_TEST(test_rebase)
{
	struct tree *t = tree_from_folded(profile);
	struct history h;
	uint32_t n;

	history_init(&h, t);
	push(&h, HISTORY_EXCLUDE, "idle");
	push(&h, HISTORY_FOCUS, "main");
	push(&h, HISTORY_MERGE, "run");
	/* The original grows: main;run;late 5 and idle 3 arrive. */
	n = tree_child(t, node_at(t, "main;run"),
	    strtab_intern(tree_strtab(t), "late", 4));
	tree_add_self(t, 0, n, (struct tf_count){5, 0});
	tree_add_self(t, 0, node_at(t, "idle"), (struct tf_count){3, 0});
	tree_finish(t);
	history_rebase(&h);
	ck_assert_int_le(history_held(&h), 2);
	is(history_tree(&h), "main;[unknown];junk 10\n"
	    "main;fib;fib;fib;calc 20\nmain;helper;lib::inner 10\n"
	    "main;late 5\nmain;work;leaf 40\n");
	pop(&h, HISTORY_MERGE);
	is(history_tree(&h), "main;fib;fib;fib;calc 20\n"
	    "main;helper;lib::inner 10\nmain;run;[unknown];junk 10\n"
	    "main;run;late 5\nmain;run;work;leaf 40\n");
	history_free(&h);
	tree_free(t);
}
END_TEST

/* Add count samples of stack (frames by ";") to t, as streaming adds them. */
static void
grow(struct tree *t, const char *stack, double count)
{
	uint32_t node = TREE_ROOT;
	const char *s = stack, *e;

	for (;;) {
		e = strchr(s, ';');
		if (e == NULL)
			e = s + strlen(s);
		node = tree_child(t, node, strtab_intern(tree_strtab(t), s,
		    (size_t)(e - s)));
		if (*e == '\0')
			break;
		s = e + 1;
	}
	tree_add_self(t, 0, node, (struct tf_count){count, 0});
}

/*
 * Push step kind (function name, NULL: none), then F on the frame at
 * path (folded, in the tree the step made); grow the original by the
 * stacks more (each "stack count" on a line), rebase, and compare the
 * focused tree with want, and with the same two steps taken anew on the
 * grown original (an independent history).
 */
static void
subtree_after(const char *base, const struct xform *kind, const char *name,
    const char *path, const char *more, const char *want)
{
	struct tree *t = tree_from_folded(base), *o;
	struct history h, fresh;
	struct history_step s;
	char *lines = xstrdup(more), *line, *sp, *got, *step;

	history_init(&h, t);
	o = push(&h, kind, name);
	memset(&s, 0, sizeof s);
	s.kind = HISTORY_SUBTREE;
	s.name = xstrdup("x");
	s.namelen = 1;
	history_path_set(&s.subtree, o, node_at(o, path));
	ck_assert_ptr_nonnull(history_push(&h, &s));
	/* The original grows (new names among them), finished again. */
	for (line = strtok(lines, "\n"); line != NULL;
	    line = strtok(NULL, "\n")) {
		sp = strrchr(line, ' ');
		*sp = '\0';
		grow(t, line, strtod(sp + 1, NULL));
	}
	free(lines);
	tree_finish(t);
	history_rebase(&h);
	ck_assert_int_le(history_held(&h), 2);
	is(history_tree(&h), want);
	/* The same steps taken on the grown original. */
	history_init(&fresh, t);
	o = push(&fresh, kind, name);
	step = collapse_string(o);
	memset(&s, 0, sizeof s);
	s.kind = HISTORY_SUBTREE;
	history_path_set(&s.subtree, o, node_at(o, path));
	got = collapse_string(history_push(&fresh, &s));
	is(history_tree(&h), got);
	free(got);
	history_free(&fresh);
	/* Undone: the step before, on the grown original. */
	pop(&h, HISTORY_SUBTREE);
	is(history_tree(&h), step);
	free(step);
	history_free(&h);
	tree_free(t);
}

/*
 * F after T while the original grows: the merged root ("ksoftirqd", a
 * name the original does not have) is found again in the tree made anew,
 * where new names of the original took the id it had.
 */
START_TEST(test_subtree_after_threads)
{
	subtree_after("ksoftirqd/0;run_ksoftirqd;net_rx 6\n"
	    "ksoftirqd/1;run_ksoftirqd;net_rx 4\n"
	    "ksoftirqd/1;run_ksoftirqd;timer 2\n"
	    "main;work 5\n",
	    HISTORY_THREADS, NULL, "ksoftirqd;run_ksoftirqd",
	    "ksoftirqd/2;run_ksoftirqd;rcu 3\n"
	    "kworker/0:1;process 7\n"
	    "ksoftirqd/0;run_ksoftirqd;net_rx 1\n"
	    "main;other 2\n",
	    "run_ksoftirqd;net_rx 11\nrun_ksoftirqd;rcu 3\n"
	    "run_ksoftirqd;timer 2\n");
}
END_TEST

/* F after m while the original grows. */
START_TEST(test_subtree_after_merge)
{
	subtree_after("main;disp;a;disp;b 4\nmain;disp;c 2\nidle 1\n",
	    HISTORY_MERGE, "disp", "main;a",
	    "main;disp;a;disp;new 3\nmain;disp;a 1\nnew;disp;a 5\n",
	    "a 1\na;b 4\na;new 3\n");
}
END_TEST

/* F after c while the original grows. */
START_TEST(test_subtree_after_recursion)
{
	subtree_after("main;f;g;f;h 4\nmain;f;f 2\nidle 1\n",
	    HISTORY_RECURSION, "f", "main;f",
	    "main;f;g;f;fresh 3\nmain;f;g 1\nz;f;f 5\n",
	    "f 2\nf;fresh 3\nf;g 1\nf;h 4\n");
}
END_TEST

/* The reverse tree of the profile shown, made now. */
static struct tree *
rev_of(const struct history *h)
{
	return reverse_build(history_tree(h));
}

/*
 * Reverse trees kept for an undo: the one kept before a transform comes
 * back (the very tree) when it is undone, equal to one made anew; one of
 * a profile undone, reset away or grown goes (ASan: nothing leaks, nothing
 * freed twice).
 */
START_TEST(test_keep_rev)
{
	struct tree *t = tree_from_folded(profile), *r0, *r1, *got;
	struct history h;
	char *want;

	history_init(&h, t);
	ck_assert_ptr_null(history_take_rev(&h));
	/* Kept before x, back after its undo. */
	r0 = rev_of(&h);
	want = collapse_string(r0);
	history_keep_rev(&h, r0);
	push(&h, HISTORY_EXCLUDE, "idle");
	ck_assert_ptr_null(history_take_rev(&h)); /* not this profile's */
	r1 = rev_of(&h);
	history_keep_rev(&h, r1); /* r0 goes */
	push(&h, HISTORY_MERGE, "run");
	pop(&h, HISTORY_MERGE);
	got = history_take_rev(&h);
	ck_assert_ptr_eq(got, r1);
	tree_free(got);
	ck_assert_ptr_null(history_take_rev(&h));
	pop(&h, HISTORY_EXCLUDE); /* none kept for the original now */
	ck_assert_ptr_null(history_take_rev(&h));
	/* Kept, the step undone and another pushed: still the original's. */
	history_keep_rev(&h, rev_of(&h));
	push(&h, HISTORY_FOCUS, "main");
	pop(&h, HISTORY_FOCUS);
	push(&h, HISTORY_RECURSION, "fib");
	pop(&h, HISTORY_RECURSION);
	got = history_take_rev(&h);
	ck_assert_ptr_nonnull(got);
	is(got, want);
	tree_free(got);
	/* Kept above the original, then undone below it: freed. */
	push(&h, HISTORY_EXCLUDE, "idle");
	history_keep_rev(&h, rev_of(&h));
	push(&h, HISTORY_MERGE, "run");
	pop(&h, HISTORY_MERGE);
	pop(&h, HISTORY_EXCLUDE);
	ck_assert_ptr_null(history_take_rev(&h));
	/* U back to the original: the original's comes back ... */
	history_keep_rev(&h, rev_of(&h));
	push(&h, HISTORY_EXCLUDE, "idle");
	history_reset(&h);
	got = history_take_rev(&h);
	ck_assert_ptr_nonnull(got);
	is(got, want);
	tree_free(got);
	/* ... another profile's does not. */
	push(&h, HISTORY_EXCLUDE, "idle");
	history_keep_rev(&h, rev_of(&h));
	push(&h, HISTORY_MERGE, "run");
	history_reset(&h);
	ck_assert_ptr_null(history_take_rev(&h));
	/* The original grew: the one kept is stale. */
	history_keep_rev(&h, rev_of(&h));
	push(&h, HISTORY_EXCLUDE, "idle");
	grow(t, "main;late", 2);
	tree_finish(t);
	history_rebase(&h);
	pop(&h, HISTORY_EXCLUDE);
	ck_assert_ptr_null(history_take_rev(&h));
	/* Freed with the history. */
	history_keep_rev(&h, rev_of(&h));
	push(&h, HISTORY_EXCLUDE, "idle");
	history_free(&h);
	free(want);
	tree_free(t);
}
END_TEST

/*
 * The size of a reverse tree kept outlives the tree: the original's, kept
 * before x and gone when the next x keeps its own, is still known (the
 * room the viewer makes when the original's is made again); nothing known
 * for a profile none was kept for.
 */
START_TEST(test_rev_size)
{
	struct tree *t = tree_from_folded(profile), *r0, *r1;
	struct history_revsize s;
	struct history h;
	size_t size0;
	uint32_t mask0;

	history_init(&h, t);
	s = history_rev_size(&h, 0);
	ck_assert_uint_eq(s.size, 0);
	ck_assert_uint_eq(s.mask, 0);
	r0 = rev_of(&h);
	size0 = tree_size(r0);
	mask0 = tree_hash_mask(r0);
	history_keep_rev(&h, r0);
	push(&h, HISTORY_EXCLUDE, "idle");
	r1 = rev_of(&h);
	ck_assert_uint_ne(tree_size(r1), size0);
	history_keep_rev(&h, r1); /* r0 goes, its size stays */
	push(&h, HISTORY_MERGE, "run");
	s = history_rev_size(&h, 0);
	ck_assert_uint_eq(s.size, size0);
	ck_assert_uint_eq(s.mask, mask0);
	s = history_rev_size(&h, 1);
	ck_assert_uint_eq(s.size, tree_size(r1));
	s = history_rev_size(&h, 2);
	ck_assert_uint_eq(s.size, 0);
	s = history_rev_size(&h, 1000);
	ck_assert_uint_eq(s.size, 0);
	history_free(&h);
	tree_free(t);
}
END_TEST

/*
 * Undoing ahead (the viewer's second thread): the step the next undo
 * shows, how many transforms making it again takes (from the nearest
 * tree held), the tree made equal to the one pushed, and adopted: the
 * undo then shows that very tree, made by no replay.  A tree given to a
 * step that holds one, or to no step, is freed (LeakSanitizer checks).
 */
START_TEST(test_undo_ahead)
{
	struct tree *t = tree_from_folded(profile), *r, *rv;
	struct history h;
	struct history_step z;

	history_init(&h, t);
	ck_assert_int_eq(history_undo_target(&h), -2);
	ck_assert_int_eq(history_replay_steps(&h, 0), 0);
	ck_assert_ptr_null(history_replay(&h, -1));
	push(&h, HISTORY_FOCUS, "run");
	ck_assert_int_eq(history_undo_target(&h), -1);
	memset(&z, 0, sizeof z);
	z.kind = HISTORY_ZOOM;
	history_push(&h, &z);
	ck_assert_int_eq(history_undo_target(&h), -2); /* a zoom on top */
	push(&h, HISTORY_EXCLUDE, "[unknown]");
	ck_assert_int_eq(history_undo_target(&h), 0);
	push(&h, HISTORY_MERGE, "work");
	ck_assert_int_eq(history_undo_target(&h), 2);
	/* Held: steps 2 and 3; step 0 is made from the original, step 2 */
	/* (were it not held) from step 0, made first. */
	ck_assert_int_eq(history_replay_steps(&h, 0), 1);
	ck_assert_int_eq(history_replay_steps(&h, 2), 2);
	r = history_replay(&h, 0);
	is(r, after_focus);
	history_adopt(&h, 2, r); /* step 2 holds its own: r is freed */
	ck_assert_int_eq(history_held(&h), 2);
	pop(&h, HISTORY_MERGE);
	is(history_tree(&h), after_exclude);
	/* Now only step 2 is held: the next undo shows step 0's tree. */
	ck_assert_int_eq(history_undo_target(&h), 0);
	ck_assert_int_eq(history_replay_steps(&h, 0), 1);
	r = history_replay(&h, 0);
	is(r, after_focus);
	history_adopt(&h, 0, r);
	ck_assert_int_eq(history_held(&h), 2);
	rv = reverse_build(r); /* its reverse tree, made ahead too */
	history_keep_rev_below(&h, rv);
	pop(&h, HISTORY_EXCLUDE);
	ck_assert_ptr_eq(history_tree(&h), r); /* adopted, not made again */
	ck_assert_ptr_eq(history_take_rev(&h), rv);
	tree_free(rv);
	history_adopt(&h, 5, tree_from_folded(profile)); /* no such step */
	pop(&h, HISTORY_ZOOM);
	pop(&h, HISTORY_FOCUS);
	ck_assert_ptr_eq(history_tree(&h), t);
	history_free(&h);
	tree_free(t);
}
END_TEST

/*
 * Four transforms, the top two held: step 1 is made again through step
 * 0 (two transforms), step 3 from step 2 (one).
 */
START_TEST(test_replay_steps)
{
	struct tree *t = tree_from_folded(profile), *r;
	struct history h;
	struct history_step s;

	history_init(&h, t);
	push(&h, HISTORY_FOCUS, "run");
	push(&h, HISTORY_EXCLUDE, "[unknown]");
	push(&h, HISTORY_MERGE, "work");
	push(&h, HISTORY_EXCLUDE, "nothing");
	/* Held: steps 2 and 3.  Step 1 from step 0, made from the original. */
	ck_assert_int_eq(history_replay_steps(&h, 1), 2);
	r = history_replay(&h, 1);
	is(r, after_exclude);
	tree_free(r);
	ck_assert_int_eq(history_replay_steps(&h, 3), 1); /* from step 2 */
	ck_assert_int_eq(history_pop(&h, &s), 1);
	history_step_free(&s);
	ck_assert_int_eq(history_undo_target(&h), 1);
	history_free(&h);
	tree_free(t);
}
END_TEST

/*
 * The order the last o set (history_order()), and a reverse tree in an
 * order other than its source's (reverse_build_order(): the viewer's
 * reverse view is heaviest first, #48).
 */
START_TEST(test_order_steps)
{
	struct tree *t = tree_from_folded("main;a 10\nmain;b 90\n"), *r;
	struct history h;
	struct history_step s;
	uint32_t c;
	size_t len;
	const char *name;

	history_init(&h, t);
	ck_assert_int_eq(history_order(&h, h.n, TREE_ORDER_WEIGHT),
	    TREE_ORDER_WEIGHT);
	push(&h, HISTORY_FOCUS, "main");
	memset(&s, 0, sizeof s);
	s.kind = HISTORY_ORDER;
	s.order = TREE_ORDER_NAME;
	history_push(&h, &s);
	ck_assert_int_eq(history_order(&h, h.n, TREE_ORDER_WEIGHT),
	    TREE_ORDER_NAME);
	ck_assert_int_eq(history_order(&h, 1, TREE_ORDER_WEIGHT),
	    TREE_ORDER_WEIGHT);
	/* Name order in t; the reverse tree heaviest first: b, then a. */
	r = reverse_build_order(t, NULL, TREE_ORDER_WEIGHT, 0);
	ck_assert_int_eq(tree_get_order(r, NULL), TREE_ORDER_WEIGHT);
	c = tree_node(r, TREE_ROOT)->first_child;
	name = tree_name(r, c, &len);
	ck_assert(len == 1 && name[0] == 'b');
	tree_free(r);
	r = reverse_build(t);
	c = tree_node(r, TREE_ROOT)->first_child;
	name = tree_name(r, c, &len);
	ck_assert(len == 1 && name[0] == 'a');
	tree_free(r);
	history_free(&h);
	tree_free(t);
}
END_TEST

static Suite *
history_suite(void)
{
	Suite *s = suite_create("history");
	TCase *tc = tcase_create("history");

	tcase_add_test(tc, test_undo_order);
	tcase_add_test(tc, test_order_steps);
	tcase_add_test(tc, test_every_kind);
	tcase_add_test(tc, test_paths);
	tcase_add_test(tc, test_drop_zooms);
	tcase_add_test(tc, test_rebase);
	tcase_add_test(tc, test_subtree_after_threads);
	tcase_add_test(tc, test_subtree_after_merge);
	tcase_add_test(tc, test_subtree_after_recursion);
	tcase_add_test(tc, test_keep_rev);
	tcase_add_test(tc, test_rev_size);
	tcase_add_test(tc, test_undo_ahead);
	tcase_add_test(tc, test_replay_steps);
	suite_add_tcase(s, tc);
	return s;
}

/* Run the tests; fail when one fails. */
int
main(void)
{
	SRunner *sr = srunner_create(history_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
