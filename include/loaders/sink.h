/*
 * The stack sink: the only thing a loader talks to.
 *
 * Protocol, for each sample a loader has decided to keep:
 *
 *	begin(ctx)
 *	frame(ctx, name, len)     zero or more times, ROOT FIRST
 *	end(ctx, count)
 *
 * begin, frame and end are all a sink must have; the shortcuts below
 * (stack_sink.speed) and parallel loading (stack_sink.par) are optional,
 * each all or nothing, so a loader asks once whether a sink has them.
 *
 * Every begin() is followed by exactly one end().  The name pointer is only
 * valid during the call: a sink that keeps names must copy (or intern) them.
 * A loader never sees the tree: tests plug in a recording sink, the CLI plugs
 * in sink_tree (loaders/sink_tree.h: it interns names and inserts the
 * stack), and this header knows nothing of it.
 */
#ifndef TFLAME_LOADERS_SINK_H
#define TFLAME_LOADERS_SINK_H

#include <stddef.h>
#include <stdint.h>

#include "model/count.h"

struct inorder;

/*
 * Optional, all or nothing (a sink offers every one of them or sets
 * stack_sink.speed to NULL): shortcuts for loaders that meet the same
 * text again and again.  Each stands for begin/frame/end calls and must
 * have exactly their effect.
 *
 * last() names the stack the latest end() closed, as an opaque handle
 * valid until the sink is freed; again(handle, count) adds count to that
 * same stack, as begin(), the same frames and end(count) would.
 * at() names where the open stack has got to, after begin() and some
 * frame() calls, as an opaque handle valid until the sink is freed;
 * resume(handle), right after a begin(), stands for those same frame()
 * calls.  intern(name) gives the sink's id for a frame name, valid until
 * the sink is freed, and frame_id(id) stands for frame() with that name.
 */
struct stack_sink_speed {
	uint64_t (*last)(void *ctx);
	void (*again)(void *ctx, uint64_t handle, struct tf_count count);
	uint64_t (*at)(void *ctx);
	void (*resume)(void *ctx, uint64_t handle);
	uint32_t (*intern)(void *ctx, const char *name, size_t len);
	void (*frame_id)(void *ctx, uint32_t id);
};

/*
 * Optional, all or nothing, for loading in parallel: fork() makes a new,
 * empty sink of the same kind that another thread may use while this one
 * is in use; join(ctx, child) then takes in everything child received -
 * as if it had come after all this sink received - and frees child;
 * drop(ctx, child) frees child without taking anything in (its input
 * turned out to come after a read error).
 */
struct stack_sink_par {
	struct stack_sink *(*fork)(void *ctx);
	void (*join)(void *ctx, struct stack_sink *child);
	void (*drop)(void *ctx, struct stack_sink *child);
};

/*
 * A sample's time and place, for the sample store (model/store.h): what
 * a loader whose input has them gives load_opts' sample hook right before
 * the end() or again() that closes the sample.
 */
struct sample_meta {
	int64_t t;          /* nanoseconds, when has_time */
	int has_time;
	int32_t pid, tid;   /* -1: unknown */
	int32_t cpu;        /* -1: unknown */
	const char *comm;   /* the thread's name (perf's comm), valid until
	                       the sample is closed; NULL: none */
	size_t commlen;
	/*
	 * perf with load_opts.perf.offcpu (loaders/offcpu.h): the sample's
	 * event ("sched:sched_switch") and the text after it (a tracepoint's
	 * fields), valid during the call, and its header's line number.
	 */
	const char *event, *args;
	size_t eventlen, argslen;
	uint64_t line;
};

struct stack_sink {
	void *ctx;
	void (*begin)(void *ctx);
	void (*frame)(void *ctx, const char *name, size_t len);
	void (*end)(void *ctx, struct tf_count count);
	const struct stack_sink_speed *speed; /* NULL: not offered */
	const struct stack_sink_par *par;     /* NULL: not offered */
	/*
	 * Folded stacks held in byte order (model/inorder.h), for
	 * --collapse; NULL: not offered.  The folded loader holds its
	 * lines here, not calling begin/frame/end, while they come in byte
	 * order; at the first that does not (or when no count was above 0,
	 * or a read failed) it gives what it held to begin/frame/end and
	 * reads on as usual, so io holds stacks only when it holds the
	 * whole input, which the caller then writes as it is.
	 */
	struct inorder *inorder;
};

/*
 * A wrapper sink (one in front of another that changes what goes
 * through) whose ctx starts with a pointer to the inner struct stack_sink
 * may use these in its own struct stack_sink_speed for the hooks it
 * passes on unchanged; it offers speed only when the inner sink does.
 */
uint64_t sink_fwd_last(void *ctx);
void sink_fwd_again(void *ctx, uint64_t handle, struct tf_count count);
uint64_t sink_fwd_at(void *ctx);
void sink_fwd_resume(void *ctx, uint64_t handle);
uint32_t sink_fwd_intern(void *ctx, const char *name, size_t len);
void sink_fwd_frame_id(void *ctx, uint32_t id);

#endif
