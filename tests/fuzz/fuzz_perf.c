/*
 * The perf loader: bytes -> tree -> folded output (see fuzz_common.h).
 *
 * Also a differential check of its shortcuts for repeated text (line and
 * sample memos, lines found by their caller, two threads): the input is
 * read again in one thread with the sink's last()/again() hooks taken
 * away, which turns every shortcut off, and the folded output and the
 * messages must be the same byte for byte; any difference aborts.
 */
#include "config.h"

#include "fuzz_common.h"

/* Load data, with or without the shortcuts: its output and messages. */
static void
fuzz_perf_text(const uint8_t *data, size_t size, int shortcuts, FILE *out,
    FILE *msgs)
{
	struct load_result res;
	struct tree *t = fuzz_load_full(data, size, FORMAT_PERF, NULL, shortcuts,
	    msgs, &res);

	if (t == NULL)
		return;
	if (collapse_write(t, 0, out) != 0)
		abort();
	fprintf(out, "lines %llu samples %llu\n", (unsigned long long)res.lines,
	    (unsigned long long)res.samples);
	tree_free(t);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_both_ways(data, size, fuzz_perf_text);
	return 0;
}
