/*
 * The stack sink: the only thing a loader talks to.
 *
 * Protocol, for each sample a loader has decided to keep:
 *
 *	begin(ctx)
 *	frame(ctx, name, len)     zero or more times, ROOT FIRST
 *	end(ctx, count)
 *
 * Every begin() is followed by exactly one end().  The name pointer is only
 * valid during the call: a sink that keeps names must copy (or intern) them.
 * A loader never sees the tree: tests plug in a recording sink, the CLI plugs
 * in sink_tree (which interns names and inserts the stack).
 */
#ifndef TFLAME_LOADERS_SINK_H
#define TFLAME_LOADERS_SINK_H

#include <stddef.h>
#include <stdint.h>

#include "model/count.h"
#include "model/tree.h"

struct stack_sink {
	void *ctx;
	void (*begin)(void *ctx);
	void (*frame)(void *ctx, const char *name, size_t len);
	void (*end)(void *ctx, struct tf_count count);
	/*
	 * Optional (both NULL when not offered): last() names the stack the
	 * latest end() closed, as an opaque handle valid until the sink is
	 * freed; again(handle, count) adds count to that same stack, exactly
	 * as begin(), the same frames and end(count) would.  Loaders use them
	 * to skip re-reading a sample whose text they have seen before.
	 */
	uint64_t (*last)(void *ctx);
	void (*again)(void *ctx, uint64_t handle, struct tf_count count);
	/*
	 * Optional (both NULL when not offered), for loading in parallel:
	 * fork() makes a new, empty sink of the same kind that another thread
	 * may use while this one is in use; join(ctx, child) then takes in
	 * everything child received - as if it had come after all this sink
	 * received - and frees child; drop(ctx, child) frees child without
	 * taking anything in (its input turned out to come after a read
	 * error).
	 */
	struct stack_sink *(*fork)(void *ctx);
	void (*join)(void *ctx, struct stack_sink *child);
	void (*drop)(void *ctx, struct stack_sink *child);
	/*
	 * Optional (both NULL when not offered): at() names where the open
	 * stack has got to, after begin() and some frame() calls, as an
	 * opaque handle valid until the sink is freed; resume(handle), right
	 * after a begin(), stands for those same frame() calls.  Loaders use
	 * them to skip the frames a stack shares with the one before it.
	 */
	uint64_t (*at)(void *ctx);
	void (*resume)(void *ctx, uint64_t handle);
	/*
	 * Optional (both NULL when not offered): intern(name) gives the
	 * sink's id for a frame name, valid until the sink is freed, and
	 * frame_id(id) stands for frame() with that name.  Loaders that meet
	 * the same names again and again keep the ids, so that a name is
	 * looked up once, not at each of its frames.
	 */
	uint32_t (*intern)(void *ctx, const char *name, size_t len);
	void (*frame_id)(void *ctx, uint32_t id);
};

/* A sink that inserts every stack into profile prof of tree. */
struct sink_tree {
	struct tree *tree;
	int prof;
	uint32_t cur;
	uint64_t stacks; /* samples received */
};

void sink_tree_init(struct sink_tree *st, struct stack_sink *sink,
    struct tree *tree, int prof);

#endif
