/*
 * The tree sink: a stack_sink (loaders/sink.h) that interns every frame
 * name in a tree's strtab and inserts each stack into one profile of the
 * tree.  The front ends and tests make one; a loader only ever sees the
 * struct stack_sink in front of it, never this header.
 */
#ifndef TFLAME_LOADERS_SINK_TREE_H
#define TFLAME_LOADERS_SINK_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "loaders/sink.h"
#include "model/annotate.h"
#include "model/store.h"
#include "model/tree.h"

/* Stacks in the order they came: (node, weight) (--flamechart). */
struct sink_seq {
	uint32_t *node;
	double *w;
	size_t n, cap, capw;
};

/* A sink that inserts every stack into profile prof of tree. */
struct sink_tree {
	struct tree *tree;
	int prof;
	uint32_t cur;
	uint64_t stacks; /* samples received */
	int samples;     /* count the sample records too (tree_add_samples) */
	struct store *store;     /* NULL: samples' times not kept */
	struct sample_meta meta; /* the sample end() or again() closes next */
	int have_meta;
	uint64_t untimed;        /* samples the store did not get: no time */
	uint64_t records;        /* the next end()'s sample records ... */
	int have_records;        /* ... when given (else one) */
	struct linetab *lines;   /* NULL: the leaves' source lines not kept */
	const char *loc;         /* the next end()'s leaf location, or NULL */
	size_t loclen;
	struct sink_seq *seq;    /* NULL: the order of stacks not kept */
};

void sink_tree_init(struct sink_tree *st, struct stack_sink *sink,
    struct tree *tree, int prof);

/*
 * From now on count each stack received as one sample record in the
 * tree besides its weight (struct load_opts' weighted hook; ctx is the
 * struct sink_tree).
 */
void sink_tree_keep_samples(void *ctx);

/*
 * Keep every sample with its time in s too (the sink does not own it);
 * the loader's sample hook must be sink_tree_sample().  A sample that
 * comes without a time is counted in untimed and not kept.
 */
void sink_tree_keep_store(struct sink_tree *st, struct store *s);

/*
 * Keep every stack that comes without a time in q too, in order (the
 * sink does not own it): the lines of folded input as --flamechart draws
 * them.  The loader then reads in one thread (sink's fork hooks off).
 */
void sink_tree_keep_seq(struct sink_tree *st, struct stack_sink *sink,
    struct sink_seq *q);
void sink_seq_free(struct sink_seq *q);

/*
 * struct load_opts' records hook for a sink_tree (ctx: the sink_tree):
 * the next end() closes a sample that stands for n sample records.
 */
void sink_tree_records(void *ctx, uint64_t n);

/* struct load_opts' sample hook for a sink_tree (ctx: the sink_tree). */
void sink_tree_sample(void *ctx, const struct sample_meta *m);

/*
 * struct load_opts' module hooks for a sink_tree: the tree's id of a
 * module, and that module given to the node the last frame led to.
 */
uint32_t sink_tree_module_id(void *ctx, const char *name, size_t len,
    unsigned kind);
void sink_tree_module_set(void *ctx, uint32_t id);

/*
 * Keep the weight of each leaf's source lines in lt (the sink does not
 * own it); the loader's srcline hook must be sink_tree_srcline().
 */
void sink_tree_keep_lines(struct sink_tree *st, struct linetab *lt);

/* struct load_opts' srcline hook for a sink_tree (ctx: the sink_tree). */
void sink_tree_srcline(void *ctx, const char *loc, size_t len);

#endif
