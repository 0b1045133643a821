/*
 * The reverse (caller) tree.  See model/reverse.h.
 */
#include "config.h"

#include "model/reverse.h"
#include "util/fatal.h"

/* The reverse tree names frames by the loaded tree's ids: copy them all. */
static void
copy_names(struct tree *r, const struct tree *t)
{
	tree_copy_names(r, t);
	if (strtab_count(tree_strtab_c(r)) != strtab_count(tree_strtab_c(t)))
		fatal("internal error: name ids differ in the reverse tree");
}

void
reverse_begin(struct reverse_job *j, const struct tree *t)
{
	j->t = t;
	j->r = tree_new(tree_nprof(t));
	j->next = 0;
	j->trim = 0;
	j->order = tree_get_order(t, &j->order_prof);
	copy_names(j->r, t);
	if (tree_has_samples(t))
		tree_keep_samples(j->r);
	tree_keep_modules_of(j->r, t);
}

int
reverse_step(struct reverse_job *j, uint32_t n)
{
	const struct tree *t = j->t;
	const struct tree_node *nodes = tree_nodes(t);
	int np = tree_nprof(t), p, any;
	uint32_t size = tree_size(t), i, end, k, cur;
	struct tf_count self[TREE_MAX_PROFILES];
	uint64_t ns[TREE_MAX_PROFILES];
	int samples = tree_has_samples(t);

	end = size - j->next > n ? j->next + n : size;
	for (i = j->next; i < end; i++) {
		any = 0;
		for (p = 0; p < np; p++) {
			self[p] = tree_self(t, p, i);
			ns[p] = samples ? tree_samples_self(t, p, i) : 0;
			any |= !count_is_zero(self[p]) || ns[p] != 0;
		}
		if (!any)
			continue;
		/*
		 * Walk from the sampled frame up to the root's child: that is
		 * the reversed stack, inserted from the reverse root down.
		 * tree_child() may move r's node array, so only ids are kept.
		 */
		cur = TREE_ROOT;
		for (k = i; k != TREE_ROOT; k = nodes[k].parent) {
			cur = tree_child(j->r, cur, nodes[k].name);
			/* Same ids (reverse_begin()); several when they differ. */
			tree_set_module(j->r, cur, tree_module(t, k));
		}
		for (p = 0; p < np; p++)
			if (!count_is_zero(self[p]))
				tree_add_self(j->r, p, cur, self[p]);
		for (p = 0; p < np && samples; p++)
			if (ns[p] != 0)
				tree_add_samples(j->r, p, cur, ns[p]);
	}
	j->next = end;
	return end == size;
}

struct tree *
reverse_end(struct reverse_job *j)
{
	struct tree *r;
	int prof = j->order_prof;
	enum tree_order order = j->order;

	reverse_step(j, UINT32_MAX);
	r = j->r;
	j->r = NULL;
	if (j->trim)
		tree_trim(r);
	if (order != TREE_ORDER_NAME)
		tree_set_order(r, order, prof); /* finishes it */
	else
		tree_finish(r);
	return r;
}

void
reverse_abort(struct reverse_job *j)
{
	tree_free(j->r);
	j->r = NULL;
}

/* Build the reverse tree of t. */
struct tree *
reverse_build(const struct tree *t)
{
	return reverse_build_like(t, NULL);
}

struct tree *
reverse_build_like(const struct tree *t, const struct tree *like)
{
	struct reverse_job j;

	reverse_begin(&j, t);
	reverse_reserve(&j, like);
	return reverse_end(&j);
}

void
reverse_order(struct reverse_job *j, enum tree_order order, int prof)
{
	j->order = order;
	j->order_prof = prof;
}

struct tree *
reverse_build_order(const struct tree *t, const struct tree *like,
    enum tree_order order, int prof)
{
	struct reverse_job j;

	reverse_begin(&j, t);
	reverse_reserve(&j, like);
	reverse_order(&j, order, prof);
	return reverse_end(&j);
}

void
reverse_reserve(struct reverse_job *j, const struct tree *like)
{
	if (like != NULL)
		reverse_reserve_n(j, tree_size(like), tree_hash_mask(like));
}

void
reverse_reserve_n(struct reverse_job *j, size_t size, uint32_t mask)
{
	if (size > tree_size(j->r)) {
		tree_reserve_n(j->r, size, mask);
		j->trim = 1;
	}
}
