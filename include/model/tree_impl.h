/*
 * The frame tree's insides, shared by tree.c (nodes, counts, the child
 * hash, finishing) and tree_data.c (sample records and modules beside the
 * counts).  Private to src/model: everyone else goes through model/tree.h.
 */
#ifndef TFLAME_MODEL_TREE_IMPL_H
#define TFLAME_MODEL_TREE_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "model/strtab.h"
#include "model/tree.h"

struct prof {
	uint64_t *self, *total;
	double *fself, *ftotal; /* NULL until a fractional count arrives */
	/*
	 * Sample records behind the counts (perf: a count is the sum of
	 * the periods), self only (saturating at 2^32-1): NULL unless
	 * tree_keep_samples().  Totals are summed when asked for
	 * (tree_samples()), so the tree grows by 4 bytes a node, not 16.
	 */
	uint32_t *nself;
	struct samples_memo *memo; /* tree_samples()'s last answers */
};

/* tree_samples()'s last answers: the root's, and one other node's. */
struct samples_memo {
	int valid_root, valid_node;
	uint32_t node;
	uint64_t root, total;
};

/* A child hash slot: a node and its child_hash(), id EMPTY when free. */
struct slot {
	uint32_t id, hash;
};

struct tree {
	struct tree_node *nodes;
	size_t size, cap;
	struct prof prof[TREE_MAX_PROFILES];
	int nprof;
	struct slot *slots; /* child hash */
	uint32_t mask;
	uint32_t hashed; /* ids in slots */
	/*
	 * When not 0: the children of nodes numbered from here on are not in
	 * the hash (tree_merge() copies new subtrees without it, as
	 * --collapse never looks them up); tree_child() puts them there
	 * first, tree_find_child() walks their sibling lists.
	 */
	size_t unhashed;
	struct strtab *st;
	uint32_t *rank;  /* of each name, in byte order: at the last finish */
	uint32_t nranked; /* names then */
	uint64_t overflows;      /* self counts that saturated */
	uint64_t total_overflows; /* totals that did, at the last finish */
	uint64_t stacks[TREE_MAX_PROFILES]; /* nodes with a self count */
	/*
	 * Modules: NULL unless tree_keep_modules(); by node, the kind in
	 * the top 2 bits and 1 + the id in mods below (TREE_MOD_SEVERAL
	 * for several).
	 */
	uint32_t *module;
	struct strtab *mods;
	enum tree_order order; /* what tree_finish() leaves */
	int order_prof;        /* weight order: by this profile's totals */
};

/*
 * For tree_merge.c: a new node, parent's first child, not in the hash
 * (tree_new_node()); tree_child() where the parent's children are in the
 * hash (tree_add_child()); put the children of the nodes from
 * t->unhashed on into the hash (tree_hash_rest()).
 */
uint32_t tree_new_node(struct tree *t, uint32_t parent, uint32_t name);
uint32_t tree_add_child(struct tree *t, uint32_t parent, uint32_t name);
void tree_hash_rest(struct tree *t);

#endif
