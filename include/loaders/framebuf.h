/*
 * The frames of the stack being read, for loaders whose input lists a stack
 * leaf first (SystemTap, DTrace) while the sink wants it root first.
 *
 * Frame texts are appended to one growing buffer and indexed by (offset,
 * length) pairs, so reading a stack costs no allocation once the buffers
 * have grown to the largest stack seen.  framebuf_emit() hands the frames to
 * the sink in the reverse order of their addition.
 *
 * A stack is bounded by FRAMEBUF_MAX_FRAMES frames and FRAMEBUF_MAX_TEXT
 * bytes of names: past either, framebuf_reserve() refuses and sets `full`,
 * and the loader skips the stack with a message.  Memory stays bounded
 * whatever the input.
 */
#ifndef TFLAME_LOADERS_FRAMEBUF_H
#define TFLAME_LOADERS_FRAMEBUF_H

#include <stddef.h>
#include <stdint.h>

#include "loaders/loader.h"
#include "loaders/sink.h"

#define FRAMEBUF_MAX_FRAMES 1000000u
#define FRAMEBUF_MAX_TEXT (256u << 20)

struct framebuf_ref {
	uint32_t off, len;
};

struct framebuf {
	char *text;                /* frame names, back to back */
	size_t len, cap;
	struct framebuf_ref *refs; /* in order of addition */
	size_t n, capn;
	int full;                  /* a limit was hit: frames were lost */
	/*
	 * With the module hooks (framebuf_format.module_set): each frame's
	 * module id, by order of addition, as framebuf_set_module() gave it.
	 */
	uint32_t *mods;
	size_t capm;
};

void framebuf_init(struct framebuf *fb);
void framebuf_free(struct framebuf *fb);

/* Forget the frames (and the `full` mark); keep the memory. */
void framebuf_clear(struct framebuf *fb);

/*
 * Return room for a frame of up to room bytes at the end of the text, or
 * NULL (and set `full`) when the stack would pass the limits.  The frame
 * exists only once framebuf_push() is called.
 */
char *framebuf_reserve(struct framebuf *fb, size_t room);

/* Add the len bytes written at the place framebuf_reserve() returned. */
void framebuf_push(struct framebuf *fb, size_t len);

/*
 * Give frame i (by order of addition, i < fb->n) the sink's module id mod.
 * A loader whose format has module_set gives every frame one (0: none)
 * before the stack is emitted, in finish() at the latest.
 */
void framebuf_set_module(struct framebuf *fb, size_t i, uint32_t mod);

/* Reverse the order of the frames added since the n-th. */
void framebuf_reverse(struct framebuf *fb, size_t from);

/*
 * Is the trimmed line t[0..n) a count line (digits only)?  1 with *c set,
 * 0 when it is not, -1 when it is one too large for 64 bits.
 */
int framebuf_count_line(const char *t, size_t n, struct tf_count *c);

/* Hand the stack to sink, the last frame added first, with count. */
void framebuf_emit(const struct framebuf *fb, struct stack_sink *sink,
    struct tf_count count);

/*
 * How one stack-aggregation format reads its frame lines (SystemTap and
 * DTrace differ only there): frame() adds the frame(s) of one trimmed,
 * non-count line to fb; finish(), when not NULL, adjusts a complete stack
 * just before it is emitted.
 */
struct framebuf_format {
	void (*frame)(void *ctx, struct framebuf *fb, const char *t, size_t n);
	void (*finish)(void *ctx, struct framebuf *fb);
	void *ctx;
	/*
	 * load_opts' module_set (NULL: no modules): called with the sink's
	 * ctx after each frame framebuf_load() hands on, with its module.
	 */
	void (*module_set)(void *ctx, uint32_t id);
};

/*
 * Read stacks from r until its end: frame lines (leaf first, blank lines
 * ignored) closed by a line holding only a count, each stack handed to
 * sink.  A stack over the framebuf limits, with a line too long, or with a
 * count over 64 bits is skipped and reported; frames left without a count
 * at the end are reported with the line they start on.
 */
void framebuf_load(struct framebuf *fb, struct reader *r,
    const struct framebuf_format *fmt, struct stack_sink *sink,
    struct diag *d, struct load_result *res);

#endif
