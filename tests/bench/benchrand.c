/* The made-up profiles' helpers (benchrand.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "benchrand.h"
#include "model/strtab.h"

static uint64_t rng_state = 88172645463325252ULL;

uint64_t
bench_rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

struct tree *
bench_random_tree(uint32_t n, uint32_t **leaves, uint32_t *nleaves)
{
	struct tree *t = tree_new(1);
	uint32_t *lv = malloc(n * sizeof *lv), k = 0, node, d, depth;
	char name[32];

	while (tree_size(t) < n && k < n) {
		node = TREE_ROOT;
		depth = 2 + (uint32_t)(bench_rng() % 30);
		for (d = 0; d < depth; d++) {
			int len = snprintf(name, sizeof name, "f%u_%u", d,
			    (unsigned)(bench_rng() % (d < 2 ? 20 : 40)));

			node = tree_child(t, node, strtab_intern(tree_strtab(t),
			    name, (size_t)len));
		}
		lv[k++] = node;
	}
	*leaves = lv;
	*nleaves = k;
	return t;
}

double
bench_cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}
