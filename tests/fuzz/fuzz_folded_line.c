/*
 * The folded line grammar: folded_parse() with and without the second
 * count, and folded_frames() over the stack it finds.  The stack must lie
 * inside the line, the frames inside the stack, in order, with no ";" in
 * them.
 */
#include "config.h"

#include "fuzz_common.h"
#include "loaders/folded.h"

struct walk {
	const char *stack, *end, *next;
};

static void
frame(void *ctx, const char *name, size_t len)
{
	struct walk *w = ctx;

	if (name < w->next || name + len > w->end ||
	    memchr(name, ';', len) != NULL)
		abort();
	w->next = name + len;
}

static void
parse(const char *line, size_t len, int want_two)
{
	struct folded_line fl;
	struct walk w;
	int rc = folded_parse(line, len, want_two, &fl);

	if (rc < -1 || rc > 1)
		abort();
	if (rc != 1)
		return;
	if (fl.stack_len >= len || (!want_two && fl.has_two))
		abort();
	if (fl.count.frac < 0 || fl.count.frac >= 1)
		abort();
	w.stack = w.next = line;
	w.end = line + fl.stack_len;
	folded_frames(line, fl.stack_len, frame, &w);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	parse((const char *)data, size, 0);
	parse((const char *)data, size, 1);
	return 0;
}
