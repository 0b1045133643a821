/*
 * The bpftrace loader: bytes -> tree -> folded output (see fuzz_common.h).
 * Besides the options of the first byte, the last byte picks --map: none,
 * the unnamed map, "@kern" or "x", so that the selection and its errors are
 * reached too.  Input that is text or JSON both go through (the first
 * non-blank line decides).
 */
#include "config.h"

#include "fuzz_common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const maps[] = {NULL, "@", "@kern", "x"};
	struct reader *r = reader_mem((const char *)data, size, "fuzz");
	struct tree *t = tree_new(1);
	struct sink_tree st;
	struct stack_sink sink;
	struct load_opts o;
	struct load_result res;
	struct diag d;
	char *err = NULL;

	fuzz_opts(&o, FORMAT_BPFTRACE, data, size);
	o.map = maps[size > 0 ? data[size - 1] & 3 : 0];
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
