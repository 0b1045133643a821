/*
 * The pprof loader: protobuf bytes -> tree -> folded output (see
 * fuzz_common.h).  The seeds are raw (gunzipped) profiles, so that the
 * mutations reach the wire decoder rather than zlib's checks.  The last
 * byte picks --sample-index (none, "0", "1", "inuse_space") and
 * --all-frames, the first byte's bits the other options.
 */
#include "config.h"

#include "fuzz_common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const idx[] = {NULL, "0", "1", "inuse_space"};
	struct reader *r = reader_mem((const char *)data, size, "fuzz");
	struct tree *t = tree_new(1);
	struct sink_tree st;
	struct stack_sink sink;
	struct load_opts o;
	struct load_result res;
	struct diag d;
	char *err = NULL;
	unsigned last = size > 0 ? data[size - 1] : 0;

	fuzz_opts(&o, FORMAT_PPROF, data, size);
	o.sample_index = idx[last & 3];
	o.all_frames = (last >> 2) & 1;
	diag_init(&d, "fuzz");
	sink_tree_init(&st, &sink, t, 0);
	if (loader_run(r, &o, &sink, &d, &res, &err) == 0) {
		tree_finish(t);
		if (collapse_write(t, 0, fuzz_null()) != 0)
			abort();
	}
	diag_print(&d, fuzz_null());
	diag_free(&d);
	reader_close(r);
	free(err);
	tree_free(t);
	return 0;
}
