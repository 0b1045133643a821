/*
 * What the in-process benches (funcbench, xformbench, histbench) share:
 * a file loaded into a finished tree, and the frame a user would pick.
 */
#ifndef TFLAME_BENCH_BENCHTREE_H
#define TFLAME_BENCH_BENCHTREE_H

#include <stdint.h>

#include "model/tree.h"

/*
 * FILE (any format tflame reads) as a finished one-profile tree; on an
 * error, says so after "PROG: " and exits 1.
 */
struct tree *bench_load(const char *prog, const char *file);

/*
 * The heaviest node at depth 3 (or less deep when the tree is shallow),
 * or with light, the lightest one there.
 */
uint32_t bench_pick(const struct tree *t, int light);

#endif
