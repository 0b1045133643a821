/*
 * The speedscope loader (issue #52): JSON bytes -> tree -> folded output (see
 * fuzz_common.h).  Seeds in tests/fuzz/seeds/speedscope are the corpus files
 * (tests/data/speedscope) and the rules' corner cases.
 *
 * A differential check too: the input is read again with the sink's
 * speed hooks taken away, so that every frame goes by name instead of by
 * the id the loader interned once, and the folded output, the sample
 * count and the messages must be the same byte for byte; any difference
 * aborts.  A crash, a leak or a hang (libFuzzer's -timeout) is a bug: no
 * input may do more than be refused with a message.
 */
#include "config.h"

#include "fuzz_common.h"

static void
fuzz_speedscope_text(const uint8_t *data, size_t size, int shortcuts, FILE *out,
    FILE *msgs)
{
	struct load_result res;
	struct tree *t = fuzz_load_full(data, size, FORMAT_SPEEDSCOPE, NULL,
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
	fuzz_both_ways(data, size, fuzz_speedscope_text);
	return 0;
}
