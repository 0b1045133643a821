/*
 * Forwarding for wrapper sinks (see loaders/sink.h): each passes a
 * shortcut on to the inner sink, whose pointer starts the wrapper's ctx.
 */
#include "config.h"

#include "loaders/sink.h"

/* The inner sink of a wrapper's ctx. */
static struct stack_sink *
inner(void *ctx)
{
	return *(struct stack_sink **)ctx;
}

/* The inner sink's last(). */
uint64_t
sink_fwd_last(void *ctx)
{
	struct stack_sink *k = inner(ctx);

	return k->speed->last(k->ctx);
}

/* The inner sink's again(). */
void
sink_fwd_again(void *ctx, uint64_t handle, struct tf_count count)
{
	struct stack_sink *k = inner(ctx);

	k->speed->again(k->ctx, handle, count);
}

/* The inner sink's at(). */
uint64_t
sink_fwd_at(void *ctx)
{
	struct stack_sink *k = inner(ctx);

	return k->speed->at(k->ctx);
}

/* The inner sink's resume(). */
void
sink_fwd_resume(void *ctx, uint64_t handle)
{
	struct stack_sink *k = inner(ctx);

	k->speed->resume(k->ctx, handle);
}

/* The inner sink's intern(). */
uint32_t
sink_fwd_intern(void *ctx, const char *name, size_t len)
{
	struct stack_sink *k = inner(ctx);

	return k->speed->intern(k->ctx, name, len);
}

/* The inner sink's frame_id(). */
void
sink_fwd_frame_id(void *ctx, uint32_t id)
{
	struct stack_sink *k = inner(ctx);

	k->speed->frame_id(k->ctx, id);
}
