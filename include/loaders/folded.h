/*
 * The folded ("collapsed") line grammar, shared by the folded loader, format
 * detection and the differential reader.
 *
 *	line  := stack WS count [WS count]     (WS: one ASCII whitespace byte)
 *	count := DIGITS [ "." DIGITS* ]
 *
 * The stack is everything before the whitespace that precedes the last
 * count; it may itself end in whitespace (part of the last frame's name), as
 * flamegraph.pl reads it.  A second trailing count makes a differential line
 * "stack before after".
 */
#ifndef TFLAME_LOADERS_FOLDED_H
#define TFLAME_LOADERS_FOLDED_H

#include <stddef.h>

#include "model/count.h"

struct folded_line {
	size_t stack_len;      /* the stack is line[0..stack_len) */
	struct tf_count count; /* the last count */
	struct tf_count count1;/* the one before it, when has_two */
	int has_two;
};

/*
 * Parse line[0..len).  Returns 1 when valid, 0 when not a folded line, -1
 * when a count does not fit in 64 bits.  With want_two, a stack that itself
 * ends in whitespace+count is split once more (has_two set).
 */
int folded_parse(const char *line, size_t len, int want_two,
    struct folded_line *out);

/*
 * Feed the frames of stack[0..len) to fn, root first, split on ';'.  Empty
 * fields in the middle are frames with an empty name; trailing empty fields
 * are dropped (a lone ";" has no frames), as flamegraph.pl does.
 */
void folded_frames(const char *stack, size_t len,
    void (*fn)(void *ctx, const char *name, size_t len), void *ctx);

#endif
