/*
 * Frames of the stack being read, leaf first.  See loaders/framebuf.h.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "util/ascii.h"
#include "loaders/framebuf.h"
#include "util/xalloc.h"

/* Start with no frames and no memory. */
void
framebuf_init(struct framebuf *fb)
{
	memset(fb, 0, sizeof *fb);
}

/* Release the memory. */
void
framebuf_free(struct framebuf *fb)
{
	free(fb->text);
	free(fb->refs);
	free(fb->mods);
	memset(fb, 0, sizeof *fb);
}

/* Forget the frames, keeping the memory. */
void
framebuf_clear(struct framebuf *fb)
{
	fb->len = 0;
	fb->n = 0;
	fb->full = 0;
}

/* Return room for the next frame, or NULL past the limits. */
char *
framebuf_reserve(struct framebuf *fb, size_t room)
{
	if (fb->full || fb->n >= FRAMEBUF_MAX_FRAMES ||
	    room > FRAMEBUF_MAX_TEXT - fb->len) {
		fb->full = 1;
		return NULL;
	}
	xgrow((void **)&fb->text, &fb->cap, fb->len + room + 1, 1);
	return fb->text + fb->len;
}

/* Add the frame written at the reserved place. */
void
framebuf_push(struct framebuf *fb, size_t len)
{
	xgrow((void **)&fb->refs, &fb->capn, fb->n + 1, sizeof *fb->refs);
	fb->refs[fb->n].off = (uint32_t)fb->len;
	fb->refs[fb->n].len = (uint32_t)len;
	fb->n++;
	fb->len += len;
}

/* Give frame i its module id. */
void
framebuf_set_module(struct framebuf *fb, size_t i, uint32_t mod)
{
	xgrow((void **)&fb->mods, &fb->capm, i + 1, sizeof *fb->mods);
	fb->mods[i] = mod;
}

/* Reverse the order of the frames added since the from-th. */
void
framebuf_reverse(struct framebuf *fb, size_t from)
{
	struct framebuf_ref t;
	size_t i, j;

	if (from >= fb->n)
		return;
	for (i = from, j = fb->n - 1; i < j; i++, j--) {
		t = fb->refs[i];
		fb->refs[i] = fb->refs[j];
		fb->refs[j] = t;
		if (j < fb->capm) {
			uint32_t m = fb->mods[i];

			fb->mods[i] = fb->mods[j];
			fb->mods[j] = m;
		}
	}
}

/* Hand the stack to the sink, last frame added first. */
void
framebuf_emit(const struct framebuf *fb, struct stack_sink *sink,
    struct tf_count count)
{
	size_t i;

	sink->begin(sink->ctx);
	for (i = fb->n; i > 0; i--)
		sink->frame(sink->ctx, fb->text + fb->refs[i - 1].off,
		    fb->refs[i - 1].len);
	sink->end(sink->ctx, count);
}

int
framebuf_count_line(const char *t, size_t n, struct tf_count *c)
{
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (!is_digit((unsigned char)t[i]))
			return 0;
	return count_parse(t, n, c) < 0 ? -1 : 1;
}

/* framebuf_emit() with each frame's module given after it. */
static void
emit_modules(const struct framebuf *fb, const struct framebuf_format *fmt,
    struct stack_sink *sink, struct tf_count count)
{
	size_t i;

	sink->begin(sink->ctx);
	for (i = fb->n; i > 0; i--) {
		sink->frame(sink->ctx, fb->text + fb->refs[i - 1].off,
		    fb->refs[i - 1].len);
		fmt->module_set(sink->ctx, i - 1 < fb->capm ?
		    fb->mods[i - 1] : 0);
	}
	sink->end(sink->ctx, count);
}

void
framebuf_load(struct framebuf *fb, struct reader *r,
    const struct framebuf_format *fmt, struct stack_sink *sink,
    struct diag *d, struct load_result *res)
{
	struct tf_count c;
	const char *line, *t;
	size_t len, n;
	uint64_t first = 0;
	int st, rc, pending = 0;

	while ((st = loader_line(r, d, res, &line, &len)) != 0) {
		if (st == READER_TOO_LONG) {
			/* The stack it belongs to would be wrong: drop it. */
			fb->full = 1;
		} else {
			n = len;
			t = trim(line, &n);
			if (n == 0)
				continue;
			rc = framebuf_count_line(t, n, &c);
			if (rc == 0)
				fmt->frame(fmt->ctx, fb, t, n);
			else {
				if (rc < 0)
					diag_bad_line(d, reader_lineno(r),
					    "count too large for 64 bits; "
					    "stack skipped", line, len);
				else if (fb->full)
					diag_bad_line(d, reader_lineno(r),
					    "stack with more than 1000000 frames "
					    "or 256 MiB of names, or with a line "
					    "too long, skipped", line, len);
				else {
					if (fmt->finish != NULL)
						fmt->finish(fmt->ctx, fb);
					if (fmt->module_set != NULL)
						emit_modules(fb, fmt, sink, c);
					else
						framebuf_emit(fb, sink, c);
					res->samples++;
				}
				framebuf_clear(fb);
				pending = 0;
				continue;
			}
		}
		if (!pending)
			first = reader_lineno(r);
		pending = 1;
	}
	if (pending)
		diag_note(d, "input ends in the middle of a stack: the frames "
		    "from line %llu on have no count line and were dropped",
		    (unsigned long long)first);
}
