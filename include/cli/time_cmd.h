/*
 * The command line's time (time_cmd.c): --time's range (or two with
 * --diff) cut from the loaded tree, and --heatmap's cells, from the
 * sample store the loaders filled.
 */
#ifndef TFLAME_CLI_TIME_CMD_H
#define TFLAME_CLI_TIME_CMD_H

#include <stdint.h>

#include "cli/options.h"
#include "loaders/loader.h"
#include "model/tree.h"
#include "util/diag.h"

struct store;

/* What loading left for time: the store, the samples without a time. */
struct time_input {
	struct store *store;
	uint64_t untimed;
	enum input_format format; /* named when the input has no times */
};

/* The viewer's range, when it keeps the whole tree and opens on it. */
struct time_view {
	int on;
	int64_t t0, t1;
};

/*
 * --time: the tree of the samples in the range, in place of t.  With view
 * (the viewer), a range that holds samples is put there and t is kept
 * whole.  Exits 1 when the input has no times.
 */
struct tree *time_cut(const struct options *o, const struct time_input *in,
    struct tree *t, struct diag *d, struct time_view *view);

/*
 * --time twice with --diff: the samples of the first range BEFORE, of
 * the second AFTER, in place of t (the input loaded into profile 0).
 */
struct tree *time_pair(const struct options *o, const struct time_input *in,
    struct tree *t, struct diag *d);

/* --heatmap: the cells of the whole profile on standard output. */
int heatmap_command(const struct options *o, const struct time_input *in,
    const struct tree *t, struct diag *d);

#endif
