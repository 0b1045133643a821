/*
 * The reverse (caller) tree.  See model/reverse.h.
 */
#include "config.h"

#include "model/reverse.h"
#include "util/fatal.h"

/* Copy t's names into r in id order, so that ids agree between the two. */
static void
copy_names(struct tree *r, const struct tree *t)
{
	const struct strtab *src = tree_strtab_c(t);
	struct strtab *dst = tree_strtab(r);
	uint32_t id, n = strtab_count(src);
	const char *s;
	size_t len;

	for (id = 0; id < n; id++) {
		s = strtab_get(src, id, &len);
		if (strtab_intern(dst, s, len) != id)
			fatal("internal error: name ids differ in the reverse "
			    "tree");
	}
}

/* Build the reverse tree of t. */
struct tree *
reverse_build(const struct tree *t)
{
	const struct tree_node *nodes = tree_nodes(t);
	int np = tree_nprof(t), p, any;
	struct tree *r = tree_new(np);
	uint32_t size = tree_size(t), i, n, cur;
	struct tf_count self[TREE_MAX_PROFILES];

	copy_names(r, t);
	for (i = 0; i < size; i++) {
		any = 0;
		for (p = 0; p < np; p++) {
			self[p] = tree_self(t, p, i);
			any |= !count_is_zero(self[p]);
		}
		if (!any)
			continue;
		/*
		 * Walk from the sampled frame up to the root's child: that is
		 * the reversed stack, inserted from the reverse root down.
		 * tree_child() may move r's node array, so only ids are kept.
		 */
		cur = TREE_ROOT;
		for (n = i; n != TREE_ROOT; n = nodes[n].parent)
			cur = tree_child(r, cur, nodes[n].name);
		for (p = 0; p < np; p++)
			if (!count_is_zero(self[p]))
				tree_add_self(r, p, cur, self[p]);
	}
	tree_finish(r);
	return r;
}
