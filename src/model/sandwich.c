/*
 * The two halves of a function's sandwich.  See model/sandwich.h.
 *
 * Both read t in index order, where a parent always comes before its
 * children, so "is there an F at or above this node" is known from the
 * parent alone: no recursion and no stack.
 */
#include "config.h"

#include <stdlib.h>

#include "model/sandwich.h"
#include "util/fatal.h"
#include "util/xalloc.h"

#define NONE UINT32_MAX

/* A new tree with t's profiles and t's names under the same ids. */
static struct tree *
tree_like(const struct tree *t)
{
	const struct strtab *src = tree_strtab_c(t);
	struct tree *r = tree_new(tree_nprof(t));
	struct strtab *dst = tree_strtab(r);
	uint32_t id, n = strtab_count(src);
	const char *s;
	size_t len;

	for (id = 0; id < n; id++) {
		s = strtab_get(src, id, &len);
		if (strtab_intern(dst, s, len) != id)
			fatal("internal error: name ids differ in a sandwich");
	}
	return r;
}

struct tree *
sandwich_callees(const struct tree *t, uint32_t name)
{
	const struct tree_node *nodes = tree_nodes(t);
	struct tree *r = tree_like(t);
	uint32_t size = tree_size(t), *map, i, m;
	struct tf_count c;
	int np = tree_nprof(t), p;

	map = xreallocarray(NULL, size, sizeof *map);
	map[TREE_ROOT] = NONE;
	for (i = 1; i < size; i++) {
		m = map[nodes[i].parent];
		if (m != NONE)
			m = tree_child(r, m, nodes[i].name);
		else if (nodes[i].name == name)
			m = tree_child(r, TREE_ROOT, name); /* an outermost F */
		map[i] = m;
		if (m == NONE)
			continue;
		for (p = 0; p < np; p++) {
			c = tree_self(t, p, i);
			if (!count_is_zero(c))
				tree_add_self(r, p, m, c);
		}
	}
	free(map);
	tree_finish(r);
	return r;
}

struct tree *
sandwich_callers(const struct tree *t, uint32_t name)
{
	const struct tree_node *nodes = tree_nodes(t);
	struct tree *r = tree_like(t);
	uint32_t size = tree_size(t), i, k, cur;
	unsigned char *inside;
	struct tf_count c;
	int np = tree_nprof(t), p;

	/* inside[i]: node i is F or has an F above it. */
	inside = xcalloc(size, 1);
	for (i = 1; i < size; i++) {
		if (inside[nodes[i].parent]) {
			inside[i] = 1;
			continue;
		}
		if (nodes[i].name != name)
			continue;
		inside[i] = 1;
		/* An outermost F: its callers, read upwards, weigh its total. */
		cur = tree_child(r, TREE_ROOT, name);
		for (k = nodes[i].parent; k != TREE_ROOT; k = nodes[k].parent)
			cur = tree_child(r, cur, nodes[k].name);
		for (p = 0; p < np; p++) {
			c = tree_total(t, p, i);
			if (!count_is_zero(c))
				tree_add_self(r, p, cur, c);
		}
	}
	free(inside);
	tree_finish(r);
	return r;
}
