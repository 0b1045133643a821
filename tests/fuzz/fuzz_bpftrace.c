/*
 * The bpftrace loader: bytes -> tree -> folded output (see fuzz_common.h).
 * Besides the options of the first byte, the last byte picks --map: none,
 * the unnamed map, "@kern" or "x", so that the selection and its errors are
 * reached too.  Input that is text or JSON both go through (the first
 * non-blank line decides).
 *
 * Also a differential check of the fold's shortcut (each distinct frame
 * line's name interned once, then given to the sink by id): the input is
 * read again with the sink's speed hooks taken away, so that every frame
 * goes by name, and the folded output and the messages must be the same
 * byte for byte; any difference aborts.
 */
#include "config.h"

#include "fuzz_common.h"

/* Load data, with or without the shortcuts: its output and messages. */
static void
fuzz_bpftrace_text(const uint8_t *data, size_t size, int shortcuts, FILE *out,
    FILE *msgs)
{
	struct load_result res;
	struct tree *t = fuzz_load_full(data, size, FORMAT_BPFTRACE, NULL, shortcuts,
	    msgs, &res);

	if (t == NULL)
		return;
	if (collapse_write(t, 0, out) != 0)
		abort();
	fprintf(out, "samples %llu\n", (unsigned long long)res.samples);
	tree_free(t);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_both_ways(data, size, fuzz_bpftrace_text);
	return 0;
}
