/*
 * What the in-process benches over made-up profiles (heatbench,
 * orderbench) share: a seeded generator, a random tree of about n
 * frames, processor time, and the best of five runs.
 */
#ifndef TFLAME_BENCH_BENCHRAND_H
#define TFLAME_BENCH_BENCHRAND_H

#include <stdint.h>

#include "model/tree.h"

/* xorshift64, always the same sequence. */
uint64_t bench_rng(void);

/*
 * A tree of about n frames: 20 commands, paths of random depth; its
 * leaves (the paths' ends) in *leaves (malloc'ed), *nleaves of them.
 */
struct tree *bench_random_tree(uint32_t n, uint32_t **leaves,
    uint32_t *nleaves);

/* Processor time of the process, in ms: the machine may be shared. */
double bench_cpu_ms(void);

/* The best of five runs of code, in ms of processor time, into var. */
#define BENCH_BEST(var, code) do { \
	int r_; double t_; \
	var = 1e9; \
	for (r_ = 0; r_ < 5; r_++) { \
		t_ = bench_cpu_ms(); \
		code; \
		t_ = bench_cpu_ms() - t_; \
		if (t_ < var) var = t_; \
	} \
} while (0)

#endif
