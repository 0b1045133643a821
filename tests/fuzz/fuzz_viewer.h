/*
 * A load as the viewer makes it (src/cli/main.c with plan.modules): the
 * tree sink keeps sample records, every frame's module and a loader's
 * records per sample; the finished tree's modules are then all read
 * back, so a bad module id is an ASan report.  For the loaders whose
 * viewer path differs from --collapse's (asprof, memleak).
 */
#ifndef TFLAME_TESTS_FUZZ_VIEWER_H
#define TFLAME_TESTS_FUZZ_VIEWER_H

#include "fuzz_common.h"

static inline void
fuzz_load_viewer(const uint8_t *data, size_t size, enum input_format f)
{
	struct reader *r = reader_mem((const char *)data, size, "fuzz");
	struct tree *t = tree_new(1);
	struct load_result res;
	struct sink_tree st;
	struct stack_sink sink;
	struct load_opts o;
	struct diag d;
	char *err = NULL;
	uint32_t n;
	size_t len;

	fuzz_opts(&o, f, data, size);
	diag_init(&d, "fuzz");
	sink_tree_init(&st, &sink, t, 0);
	o.weighted = sink_tree_keep_samples;
	o.weighted_arg = &st;
	o.module_id = sink_tree_module_id;
	o.module_set = sink_tree_module_set;
	o.records = sink_tree_records;
	if (loader_run(r, &o, &sink, &d, &res, &err) == 0) {
		tree_finish(t);
		for (n = 0; n < tree_size(t); n++)
			(void)tree_module_name(t, tree_module(t, n), &len);
		if (collapse_write(t, 0, fuzz_null()) != 0)
			abort();
	}
	diag_print(&d, fuzz_null());
	diag_free(&d);
	reader_close(r);
	free(err);
	tree_free(t);
}

#endif
