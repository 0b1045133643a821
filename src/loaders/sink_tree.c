/*
 * The stack sink that builds the frame tree: intern each name, step to the
 * (parent, name) child, add the count to the last node's self.
 */
#include "config.h"

#include "loaders/sink.h"

static void
st_begin(void *ctx)
{
	struct sink_tree *st = ctx;

	st->cur = TREE_ROOT;
}

static void
st_frame(void *ctx, const char *name, size_t len)
{
	struct sink_tree *st = ctx;
	uint32_t id = strtab_intern(tree_strtab(st->tree), name, len);

	st->cur = tree_child(st->tree, st->cur, id);
}

static void
st_end(void *ctx, struct tf_count count)
{
	struct sink_tree *st = ctx;

	tree_add_self(st->tree, st->prof, st->cur, count);
	st->stacks++;
}

static uint64_t
st_last(void *ctx)
{
	struct sink_tree *st = ctx;

	return st->cur;
}

static void
st_again(void *ctx, uint64_t handle, struct tf_count count)
{
	struct sink_tree *st = ctx;

	tree_add_self(st->tree, st->prof, (uint32_t)handle, count);
	st->stacks++;
}

void
sink_tree_init(struct sink_tree *st, struct stack_sink *sink,
    struct tree *tree, int prof)
{
	st->tree = tree;
	st->prof = prof;
	st->cur = TREE_ROOT;
	st->stacks = 0;
	sink->ctx = st;
	sink->begin = st_begin;
	sink->frame = st_frame;
	sink->end = st_end;
	sink->last = st_last;
	sink->again = st_again;
}
