/*
 * Transforms: a finished tree in, a new finished tree out.  See
 * model/transform.h.
 *
 * One walk serves them all.  The walk keeps an explicit stack of entries,
 * one per frame of the current input path (entry 0 is the root).  Each
 * entry has a "place": the index of the entry whose output node it stands
 * for (its own index when the frame is kept, a lower one when the frame
 * vanishes into a caller's place), or NOWHERE when its samples are dropped
 * (above a focus).  An entry that is its own place knows its output
 * parent's place and its output name; its output node is made lazily, by
 * place(), the first time a self count lands at or below it, so the result
 * has no empty nodes and each place is looked up once.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model/transform.h"
#include "util/xalloc.h"

#define NOWHERE UINT32_MAX

enum kind {
	K_FOCUS,
	K_NODE,
	K_EXCLUDE,
	K_MERGE,
	K_RECURSION,
	K_THREADS
};

struct entry {
	uint32_t in;    /* the input node */
	uint32_t next;  /* its next child to visit */
	uint32_t place; /* entry holding its output node, or NOWHERE */
	uint32_t opar;  /* own place: the output parent's entry */
	uint32_t name;  /* own place: output name id */
	uint32_t out;   /* own place: output node, TREE_NONE until made */
	int outer;      /* it set outer[] for its name (recursion) */
};

struct walk {
	const struct tree *t;
	struct tree *o;
	const struct tree_node *nodes;
	enum kind kind;
	const unsigned char *marks; /* NULL with K_RECURSION: every name */
	struct entry *e;
	size_t ne, cape;
	uint32_t *chain; /* place()'s scratch */
	size_t capchain;
	uint32_t *outer;  /* recursion: name -> its outermost entry */
	uint32_t *rename; /* threads: input name -> output name */
	const uint64_t *self[TREE_MAX_PROFILES];
	const double *fself[TREE_MAX_PROFILES];
	int nprof;
};

/* The output node of place k, made (with its missing ancestors) if needed. */
static uint32_t
place(struct walk *w, uint32_t k)
{
	size_t n = 0;
	uint32_t par;

	while (w->e[k].out == TREE_NONE) {
		xgrow((void **)&w->chain, &w->capchain, n + 1, sizeof *w->chain);
		w->chain[n++] = k;
		k = w->e[k].opar;
	}
	par = w->e[k].out;
	while (n > 0) {
		k = w->chain[--n];
		par = tree_child(w->o, par, w->e[k].name);
		w->e[k].out = par;
		/* Its module (same ids: run()); several when merged. */
		tree_set_module(w->o, par, tree_module(w->t, w->e[k].in));
	}
	return par;
}

/* Add the self counts of input node in to place k. */
static void
add_self(struct walk *w, uint32_t in, uint32_t k)
{
	uint32_t out = TREE_NONE;
	struct tf_count c;
	int p;

	if (k == NOWHERE)
		return;
	for (p = 0; p < w->nprof; p++) {
		c.n = w->self[p][in];
		c.frac = w->fself[p] != NULL ? w->fself[p][in] : 0.0;
		if (c.n == 0 && c.frac == 0.0)
			continue;
		if (out == TREE_NONE)
			out = place(w, k);
		tree_add_self(w->o, p, out, c);
		if (tree_has_samples(w->t)) /* perf: the sample records too */
			tree_add_samples(w->o, p, out,
			    tree_samples_self(w->t, p, in));
	}
}

/* Push an entry for input node in; returns it. */
static struct entry *
push(struct walk *w, uint32_t in)
{
	struct entry *e;

	xgrow((void **)&w->e, &w->cape, w->ne + 1, sizeof *w->e);
	e = &w->e[w->ne++];
	e->in = in;
	e->next = w->nodes[in].first_child;
	e->out = TREE_NONE;
	e->outer = 0;
	return e;
}

/* Make entry e (just pushed) a place of its own under place opar. */
static void
own_place(struct walk *w, struct entry *e, uint32_t opar, uint32_t name)
{
	e->place = (uint32_t)(w->ne - 1);
	e->opar = opar;
	e->name = name;
}

/*
 * Decide where child c of the top entry goes, and push it; returns 0 when
 * its whole subtree is dropped (nothing pushed).
 */
static int
visit(struct walk *w, uint32_t c)
{
	const struct entry *top = &w->e[w->ne - 1];
	uint32_t name = w->nodes[c].name, up = top->place;
	int marked = w->marks == NULL || w->marks[name];
	struct entry *e;

	switch (w->kind) {
	case K_EXCLUDE:
		if (marked)
			return 0;
		break;
	case K_FOCUS:
		if (up == NOWHERE) {
			e = push(w, c);
			if (marked)
				own_place(w, e, 0, name);
			else
				e->place = NOWHERE;
			return 1;
		}
		break;
	case K_MERGE:
		if (marked) {
			push(w, c)->place = up;
			return 1;
		}
		break;
	case K_RECURSION:
		if (!marked)
			break;
		if (w->outer[name] != NOWHERE) {
			push(w, c)->place = w->outer[name];
			return 1;
		}
		e = push(w, c);
		own_place(w, e, up, name);
		w->outer[name] = e->place;
		e->outer = 1;
		return 1;
	case K_THREADS:
		if (w->ne == 1)
			name = w->rename[name];
		break;
	case K_NODE:
		break;
	}
	e = push(w, c);
	own_place(w, e, up, name);
	return 1;
}

/* Walk the input from node start (the root, or K_NODE's node). */
static void
walk_tree(struct walk *w, uint32_t start)
{
	struct entry *e;
	uint32_t c;

	e = push(w, TREE_ROOT);
	e->place = w->kind == K_FOCUS ? NOWHERE : 0; /* above any focus */
	e->out = TREE_ROOT;
	if (w->kind == K_NODE && start != TREE_ROOT) {
		e->next = TREE_NONE;
		e = push(w, start);
		own_place(w, e, 0, w->nodes[start].name);
		add_self(w, start, e->place);
	} else if (w->kind != K_FOCUS)
		add_self(w, TREE_ROOT, 0);
	while (w->ne > 0) {
		e = &w->e[w->ne - 1];
		if ((c = e->next) == TREE_NONE) {
			if (e->outer)
				w->outer[w->nodes[e->in].name] = NOWHERE;
			w->ne--;
			continue;
		}
		e->next = w->nodes[c].next_sibling;
		if (!visit(w, c))
			continue;
		e = &w->e[w->ne - 1];
		add_self(w, c, e->place);
	}
}

/* Run a transform of kind k over t. */
static struct tree *
run(const struct tree *t, enum kind k, const unsigned char *marks,
    uint32_t start)
{
	struct walk w;
	uint32_t nnames = strtab_count(tree_strtab_c(t)), i, c;
	enum tree_order order;
	int p, oprof;

	memset(&w, 0, sizeof w);
	w.t = t;
	w.nodes = tree_nodes(t);
	w.kind = k;
	w.marks = marks;
	w.nprof = tree_nprof(t);
	w.o = tree_new(w.nprof);
	if (tree_has_samples(t))
		tree_keep_samples(w.o);
	tree_keep_modules_of(w.o, t);
	tree_copy_names(w.o, t);
	tree_reserve(w.o, t); /* the result has at most t's nodes */
	for (p = 0; p < w.nprof; p++)
		w.self[p] = tree_selfs(t, p, &w.fself[p]);
	if (k == K_RECURSION) {
		w.outer = xreallocarray(NULL, nnames ? nnames : 1,
		    sizeof *w.outer);
		for (i = 0; i < nnames; i++)
			w.outer[i] = NOWHERE;
	}
	if (k == K_THREADS) {
		const struct strtab *st = tree_strtab_c(t);
		const char *s;
		size_t len;

		w.rename = xreallocarray(NULL, nnames ? nnames : 1,
		    sizeof *w.rename);
		for (c = w.nodes[TREE_ROOT].first_child; c != TREE_NONE;
		    c = w.nodes[c].next_sibling) {
			s = strtab_get(st, w.nodes[c].name, &len);
			w.rename[w.nodes[c].name] = strtab_intern(
			    tree_strtab(w.o), s, transform_thread_name(s, len));
		}
	}
	walk_tree(&w, start);
	free(w.e);
	free(w.chain);
	free(w.outer);
	free(w.rename);
	tree_trim(w.o); /* keep only what the result holds */
	order = tree_get_order(t, &oprof);
	if (order != TREE_ORDER_NAME)
		tree_set_order(w.o, order, oprof); /* finishes it */
	else
		tree_finish(w.o);
	return w.o;
}

struct tree *
transform_focus(const struct tree *t, const unsigned char *marks)
{
	return run(t, K_FOCUS, marks, TREE_ROOT);
}

struct tree *
transform_focus_node(const struct tree *t, uint32_t node)
{
	return run(t, K_NODE, NULL, node);
}

struct tree *
transform_exclude(const struct tree *t, const unsigned char *marks)
{
	return run(t, K_EXCLUDE, marks, TREE_ROOT);
}

struct tree *
transform_merge(const struct tree *t, const unsigned char *marks)
{
	return run(t, K_MERGE, marks, TREE_ROOT);
}

struct tree *
transform_collapse_recursion(const struct tree *t, const unsigned char *marks)
{
	return run(t, K_RECURSION, marks, TREE_ROOT);
}

struct tree *
transform_merge_threads(const struct tree *t)
{
	return run(t, K_THREADS, NULL, TREE_ROOT);
}

/* True for the separators of rule 2 of transform_thread_name(). */
static int
is_sep(char c)
{
	return c == '-' || c == '_' || c == '#' || c == ':' || c == '.' ||
	    c == ' ';
}

size_t
transform_thread_name(const char *s, size_t len)
{
	size_t i, n = len, end;

	for (i = 0; i + 1 < len; i++)
		if (s[i] == '/' && ((s[i + 1] >= '0' && s[i + 1] <= '9') ||
		    (s[i + 1] == 'u' && i + 2 < len && s[i + 2] >= '0' &&
		    s[i + 2] <= '9'))) {
			n = i;
			break;
		}
	end = n;
	if (end > 0 && s[end - 1] == '?')
		end--;
	else
		while (end > 0 && s[end - 1] >= '0' && s[end - 1] <= '9')
			end--;
	if (end < n && end >= 2 && is_sep(s[end - 1]))
		n = end - 1;
	return n > 0 ? n : len;
}
