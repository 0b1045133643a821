/*
 * The tree of a time range (see model/range.h): the store's weights
 * summed by stack, then one backwards pass marks the nodes whose subtree
 * holds any, and one forwards pass (index order is topological) makes
 * them in the new tree.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model/range.h"
#include "util/xalloc.h"

struct tree *
tree_range(const struct tree *t, const struct store *s, int64_t t0,
    int64_t t1, const uint8_t *skip, uint64_t *kept)
{
	uint32_t n = tree_size(t), i, *map;
	const struct tree_node *nodes = tree_nodes(t);
	uint64_t *w = xcalloc(n, sizeof *w), *c = NULL, got;
	uint8_t *keep;
	struct tree *o = tree_new(1);
	enum tree_order order;
	int oprof, records = tree_has_samples(t);

	if (records) {
		c = xcalloc(n, sizeof *c);
		tree_keep_samples(o);
	}
	got = store_fold(s, t0, t1, w, c, n, skip);
	if (kept != NULL)
		*kept = got;
	keep = xcalloc(n, 1);
	keep[TREE_ROOT] = 1;
	for (i = n; i-- > 1;)
		if (w[i] != 0 || (c != NULL && c[i] != 0) || keep[i])
			keep[i] = keep[nodes[i].parent] = 1;
	tree_keep_modules_of(o, t);
	tree_copy_names(o, t);
	map = xreallocarray(NULL, n, sizeof *map);
	map[TREE_ROOT] = TREE_ROOT;
	for (i = 1; i < n; i++) {
		if (!keep[i])
			continue;
		map[i] = tree_child(o, map[nodes[i].parent], nodes[i].name);
		if (tree_has_modules(t))
			tree_set_module(o, map[i], tree_module(t, i));
	}
	for (i = 0; i < n; i++) {
		if (!keep[i])
			continue;
		if (w[i] != 0)
			tree_add_self(o, 0, map[i], COUNT_INT(w[i]));
		if (c != NULL && c[i] != 0)
			tree_add_samples(o, 0, map[i], c[i]);
	}
	free(map);
	free(keep);
	free(w);
	free(c);
	tree_trim(o);
	order = tree_get_order(t, &oprof);
	if (order != TREE_ORDER_NAME)
		tree_set_order(o, order, 0); /* finishes it */
	else
		tree_finish(o);
	return o;
}
