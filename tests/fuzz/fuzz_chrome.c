/*
 * The Chrome/V8 loader: JSON bytes -> tree -> folded output (see
 * fuzz_common.h).  The seeds are the test profiles and traces (gunzipped)
 * and crafted small ones (tests/fuzz/seeds/chrome).
 *
 * Also a differential check of the loader's shortcut (each node's frames
 * given once, later samples by again()): the input is read again with the
 * sink's speed hooks taken away, so that every sample gives its whole
 * path, and the folded output, the sample count and the messages must be
 * the same byte for byte; any difference aborts.
 */
#include "config.h"

#include "fuzz_common.h"

/* Load data, with or without the shortcuts: its output and messages. */
static void
fuzz_chrome_text(const uint8_t *data, size_t size, int shortcuts, FILE *out,
    FILE *msgs)
{
	struct load_result res;
	struct tree *t = fuzz_load_full(data, size, FORMAT_CHROME, NULL,
	    shortcuts, msgs, &res);

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
	fuzz_both_ways(data, size, fuzz_chrome_text);
	return 0;
}
