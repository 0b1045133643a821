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

/* Load data, with or without the sink's shortcuts; output and messages. */
static void
fuzz_pprof_text(const uint8_t *data, size_t size, int shortcuts,
    char **out, size_t *outlen, char **msg, size_t *msglen)
{
	static const char *const idx[] = {NULL, "0", "1", "inuse_space"};
	FILE *fo = open_memstream(out, outlen), *fm = open_memstream(msg, msglen);
	struct reader *r = reader_mem((const char *)data, size, "fuzz");
	struct tree *t = tree_new(1);
	struct sink_tree st;
	struct stack_sink sink;
	struct load_opts o;
	struct load_result res;
	struct diag d;
	char *err = NULL;
	unsigned last = size > 0 ? data[size - 1] : 0;

	if (fo == NULL || fm == NULL)
		abort();
	fuzz_opts(&o, FORMAT_PPROF, data, size);
	o.sample_index = idx[last & 3];
	o.all_frames = (last >> 2) & 1;
	diag_init(&d, "fuzz");
	sink_tree_init(&st, &sink, t, 0);
	if (!shortcuts) {
		sink.speed = NULL;
		sink.par = NULL;
	}
	if (loader_run(r, &o, &sink, &d, &res, &err) == 0) {
		tree_finish(t);
		if (collapse_write(t, 0, fo) != 0)
			abort();
		fprintf(fo, "samples %llu\n", (unsigned long long)res.samples);
	} else
		fprintf(fm, "ERROR: %s\n", err);
	diag_print(&d, fm);
	diag_free(&d);
	reader_close(r);
	free(err);
	tree_free(t);
	fclose(fo);
	fclose(fm);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *a, *b, *am, *bm;
	size_t alen, blen, amlen, bmlen;

	fuzz_pprof_text(data, size, 1, &a, &alen, &am, &amlen);
	fuzz_pprof_text(data, size, 0, &b, &blen, &bm, &bmlen);
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
