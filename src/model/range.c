/*
 * The tree of a time range (see model/range.h): the store's weights
 * summed by stack, then one backwards pass marks the nodes whose subtree
 * holds any, and one forwards pass (index order is topological) makes
 * them in the new tree.  tree_compact() is the same over every sample,
 * with names of its own, put in place of the tree it was made from.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model/range.h"
#include "model/tree_impl.h"
#include "util/xalloc.h"

/* What a new tree is made of: t's nodes that samples reach, by id. */
struct part {
	const struct tree *t;
	uint64_t *w, *c;    /* weight and samples by stack (c: NULL) */
	uint8_t *keep;      /* the node is made */
	uint32_t *map;      /* t's node -> the new one's (kept nodes only) */
	uint32_t kept;
};

/* Sum s's samples in [t0, t1) by stack and mark the nodes to make. */
static uint64_t
part_fold(struct part *p, const struct tree *t, const struct store *s,
    int64_t t0, int64_t t1, const uint8_t *skip)
{
	uint32_t n = tree_size(t), i;
	const struct tree_node *nodes = tree_nodes(t);
	uint64_t got;

	p->t = t;
	p->w = xcalloc(n, sizeof *p->w);
	p->c = tree_has_samples(t) ? xcalloc(n, sizeof *p->c) : NULL;
	got = store_fold(s, t0, t1, p->w, p->c, n, skip);
	p->keep = xcalloc(n, 1);
	p->keep[TREE_ROOT] = 1;
	p->kept = 1;
	for (i = n; i-- > 1;)
		if (p->w[i] != 0 || (p->c != NULL && p->c[i] != 0) ||
		    p->keep[i]) {
			p->keep[i] = p->keep[nodes[i].parent] = 1;
			p->kept++;
		}
	p->map = xreallocarray(NULL, n, sizeof *p->map);
	return got;
}

static void
part_free(struct part *p)
{
	free(p->w);
	free(p->c);
	free(p->keep);
	free(p->map);
}

/*
 * Make the marked nodes in o with their counts and modules.  names: NULL
 * when o has t's name ids (tree_copy_names()), else t's id -> o's, 0 for
 * a name not met yet (the root's "" is id 0 in both), filled here.
 */
static void
part_make(struct part *p, struct tree *o, uint32_t *names)
{
	const struct tree *t = p->t;
	const struct tree_node *nodes = tree_nodes(t);
	uint32_t n = tree_size(t), i, name;
	size_t len;
	const char *s;

	tree_keep_modules_of(o, t);
	if (p->c != NULL)
		tree_keep_samples(o);
	tree_reserve_n(o, p->kept, 0);
	p->map[TREE_ROOT] = TREE_ROOT;
	for (i = 1; i < n; i++) {
		if (!p->keep[i]) {
			p->map[i] = TREE_NONE;
			continue;
		}
		name = nodes[i].name;
		if (names != NULL) {
			if (names[name] == 0) {
				s = tree_name(t, i, &len);
				names[name] = strtab_intern(tree_strtab(o), s,
				    len);
			}
			name = names[name];
		}
		p->map[i] = tree_child(o, p->map[nodes[i].parent], name);
		if (tree_has_modules(t))
			tree_set_module(o, p->map[i], tree_module(t, i));
		if (p->w[i] != 0)
			tree_add_self(o, 0, p->map[i], COUNT_INT(p->w[i]));
		if (p->c != NULL && p->c[i] != 0)
			tree_add_samples(o, 0, p->map[i], p->c[i]);
	}
}

/* Leave o finished in t's order. */
static void
finish_as(struct tree *o, const struct tree *t)
{
	int oprof;
	enum tree_order order = tree_get_order(t, &oprof);

	if (order != TREE_ORDER_NAME)
		tree_set_order(o, order, 0); /* finishes it */
	else
		tree_finish(o);
}

struct tree *
tree_range(const struct tree *t, const struct store *s, int64_t t0,
    int64_t t1, const uint8_t *skip, uint64_t *kept)
{
	struct tree *o = tree_new(1);
	struct part p;
	uint64_t got = part_fold(&p, t, s, t0, t1, skip);

	if (kept != NULL)
		*kept = got;
	tree_copy_names(o, t);
	part_make(&p, o, NULL);
	part_free(&p);
	tree_trim(o);
	finish_as(o, t);
	return o;
}

void
tree_compact(struct tree *t, struct store *s)
{
	struct tree *o = tree_new(1), tmp;
	uint32_t *names = xcalloc(strtab_count(tree_strtab_c(t)),
	    sizeof *names);
	struct part p;

	part_fold(&p, t, s, INT64_MIN, INT64_MAX, NULL);
	part_make(&p, o, names);
	store_remap(s, p.map, tree_size(t));
	finish_as(o, t);
	/* In place: whoever holds t holds the new tree. */
	tmp = *t;
	*t = *o;
	*o = tmp;
	tree_free(o);
	part_free(&p);
	free(names);
}
