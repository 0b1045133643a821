/*
 * Shared by the libFuzzer targets: the path the tflame command takes from
 * input bytes to output, with a memory reader in place of the file.
 *
 * Each target is one LLVMFuzzerTestOneInput() over the curses-free core
 * (libtfcore.a built with the fuzzer's instrumentation, see fuzz.mk).
 * Everything a run allocates is freed before it returns, so LeakSanitizer
 * reports a leak in the code under test, not in the harness.
 */
#ifndef TFLAME_FUZZ_COMMON_H
#define TFLAME_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export/collapse.h"
#include "loaders/loader.h"
#include "loaders/sink_tree.h"
#include "model/tree.h"
#include "util/diag.h"
#include "input/reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Loader options taken from the bits of the first input byte, so one
 * corpus reaches the option-dependent branches too (the byte still belongs
 * to the input: seeds taken from real files keep working).
 */
static inline void
fuzz_opts(struct load_opts *o, enum input_format f, const uint8_t *data,
    size_t size)
{
	unsigned b = size > 0 ? data[0] : 0;

	memset(o, 0, sizeof *o);
	o->format = f;
	o->perf.pid = b & 1;
	o->perf.tid = (b >> 1) & 1;
	o->kernel = (b >> 2) & 1;
	o->perf.jit = (b >> 3) & 1;
	o->addrs = (b >> 4) & 1;
	o->includeoffset = (b >> 5) & 1;
	o->demangle = (b >> 6) & 1;
	o->perf.event_filter = (b & 0x80) ? "cycles" : NULL;
	/*
	 * perf: one thread, or two (one size in 8): two parts read at once
	 * when the input has an empty line after its middle, else a reading
	 * thread.
	 */
	o->threads = size % 8 == 1 ? 2 : 1;
	o->part_min = 1;
	/* The last byte picks the options of one format. */
	if (f == FORMAT_BPFTRACE) {
		static const char *const maps[] = {NULL, "@", "@kern", "x"};

		o->bpftrace.map = maps[size > 0 ? data[size - 1] & 3 : 0];
	} else if (f == FORMAT_PPROF) {
		static const char *const idx[] = {NULL, "0", "1", "inuse_space"};
		unsigned last = size > 0 ? data[size - 1] : 0;

		o->pprof.sample_index = idx[last & 3];
		o->pprof.all_frames = (last >> 2) & 1;
	}
}

/* A stream that swallows what is written (opened once per process). */
static inline FILE *
fuzz_null(void)
{
	static FILE *fp;

	if (fp == NULL && (fp = fopen("/dev/null", "w")) == NULL)
		abort();
	return fp;
}

/*
 * Load data as format f (FORMAT_AUTO: detect) into a fresh one-profile
 * tree, finish it and return it; NULL when the loader gave up on the
 * input (the command exits 1 then; why is written to msgs).  With io,
 * folded input in order is held there instead (as --collapse loads it),
 * and the tree is empty.  The messages go to msgs, the counts to *res.
 * Without shortcuts, the sink has no speed hooks (nor fork and join)
 * and one thread reads: every loader shortcut for repeated text is off.
 */
static inline struct tree *
fuzz_load_full(const uint8_t *data, size_t size, enum input_format f,
    struct inorder *io, int shortcuts, FILE *msgs, struct load_result *res)
{
	struct reader *r = reader_mem((const char *)data, size, "fuzz");
	struct tree *t = tree_new(1);
	struct sink_tree st;
	struct stack_sink sink;
	struct load_opts o;
	struct diag d;
	char *err = NULL;
	int rc;

	fuzz_opts(&o, f, data, size);
	diag_init(&d, "fuzz");
	sink_tree_init(&st, &sink, t, 0);
	sink.inorder = io;
	if (!shortcuts) {
		o.threads = 1;
		sink.speed = NULL;
		sink.par = NULL;
	}
	rc = loader_run(r, &o, &sink, &d, res, &err);
	if (rc != 0)
		fprintf(msgs, "ERROR: %s\n", err);
	diag_print(&d, msgs);
	diag_free(&d);
	reader_close(r);
	free(err);
	if (rc != 0) {
		tree_free(t);
		return NULL;
	}
	tree_finish(t);
	return t;
}

/* fuzz_load_full() with every shortcut, its messages and counts dropped. */
static inline struct tree *
fuzz_load_io(const uint8_t *data, size_t size, enum input_format f,
    struct inorder *io)
{
	struct load_result res;

	return fuzz_load_full(data, size, f, io, 1, fuzz_null(), &res);
}

static inline struct tree *
fuzz_load(const uint8_t *data, size_t size, enum input_format f)
{
	return fuzz_load_io(data, size, f, NULL);
}

/* Load as f, write the folded stacks, free everything. */
static inline void
fuzz_load_collapse(const uint8_t *data, size_t size, enum input_format f)
{
	struct tree *t = fuzz_load(data, size, f);

	if (t == NULL)
		return;
	if (collapse_write(t, 0, fuzz_null()) != 0)
		abort();
	tree_free(t);
}

/*
 * The differential check of a loader's shortcuts: load(data, size,
 * shortcuts, out, msgs) writes the folded output and the messages; with
 * and without the sink's shortcuts they must be the same byte for byte,
 * else both are printed and the run aborts.
 */
static inline void
fuzz_both_ways(const uint8_t *data, size_t size,
    void (*load)(const uint8_t *, size_t, int, FILE *, FILE *))
{
	char *t[4];
	size_t n[4];
	FILE *f[4];
	int i;

	for (i = 0; i < 4; i++)
		if ((f[i] = open_memstream(&t[i], &n[i])) == NULL)
			abort();
	load(data, size, 1, f[0], f[1]);
	load(data, size, 0, f[2], f[3]);
	for (i = 0; i < 4; i++)
		fclose(f[i]);
	if (n[0] != n[2] || memcmp(t[0], t[2], n[0]) != 0 || n[1] != n[3] ||
	    memcmp(t[1], t[3], n[1]) != 0) {
		fprintf(stderr, "with shortcuts:\n%s%s\nwithout:\n%s%s\n", t[0],
		    t[1], t[2], t[3]);
		abort();
	}
	for (i = 0; i < 4; i++)
		free(t[i]);
}

#endif
