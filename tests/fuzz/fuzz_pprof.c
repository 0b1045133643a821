/*
 * The pprof loader: protobuf bytes -> tree -> folded output (see
 * fuzz_common.h).  The seeds are raw (gunzipped) profiles, so that the
 * mutations reach the wire decoder rather than zlib's checks.  The last
 * byte picks --sample-index (none, "0", "1", "inuse_space") and
 * --all-frames, the first byte's bits the other options.
 *
 * Also a differential check of the loader's shortcut (each location's
 * frame names interned once, then given to the sink by id): the input is
 * read again with the sink's speed hooks taken away, so that every frame
 * goes by name, and the folded output, the sample count and the messages
 * must be the same byte for byte; any difference aborts.
 */
#include "config.h"

#include "fuzz_common.h"

/* Load data, with or without the shortcuts: its output and messages. */
static void
fuzz_pprof_text(const uint8_t *data, size_t size, int shortcuts, FILE *out,
    FILE *msgs)
{
	struct load_result res;
	struct tree *t = fuzz_load_full(data, size, FORMAT_PPROF, NULL, shortcuts,
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
	fuzz_both_ways(data, size, fuzz_pprof_text);
	return 0;
}
