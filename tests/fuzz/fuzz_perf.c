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

/* Load data, with or without the shortcuts; its output and messages. */
static void
fuzz_perf_text(const uint8_t *data, size_t size, int shortcuts, char **out,
    size_t *outlen, char **msg, size_t *msglen)
{
	FILE *fo = open_memstream(out, outlen), *fm = open_memstream(msg, msglen);
	struct load_result res;
	struct tree *t;

	if (fo == NULL || fm == NULL)
		abort();
	t = fuzz_load_full(data, size, FORMAT_PERF, NULL, shortcuts, fm, &res);
	if (t != NULL) {
		if (collapse_write(t, 0, fo) != 0)
			abort();
		fprintf(fo, "lines %llu samples %llu\n",
		    (unsigned long long)res.lines,
		    (unsigned long long)res.samples);
		tree_free(t);
	}
	fclose(fo);
	fclose(fm);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *a, *b, *am, *bm;
	size_t alen, blen, amlen, bmlen;

	fuzz_perf_text(data, size, 1, &a, &alen, &am, &amlen);
	fuzz_perf_text(data, size, 0, &b, &blen, &bm, &bmlen);
	if (alen != blen || memcmp(a, b, alen) != 0 || amlen != bmlen ||
	    memcmp(am, bm, amlen) != 0) {
		fprintf(stderr, "with shortcuts:\n%s%s\nwithout:\n%s%s\n", a, am,
		    b, bm);
		abort();
	}
	free(a);
	free(b);
	free(am);
	free(bm);
	return 0;
}
