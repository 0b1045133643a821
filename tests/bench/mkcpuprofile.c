/*
 * mkcpuprofile: write a large Chrome/V8 .cpuprofile, deterministically,
 * for the benchmark.
 *
 *	mkcpuprofile SIZE_MB OUT
 *
 * As `node --cpu-prof` writes it: one line, the nodes first (a tree of
 * functions from a few scripts, each node's children listed, 0-based
 * lines), then startTime, endTime, samples and timeDeltas.  A twentieth
 * of the size is nodes; the rest is samples (node ids, most of them
 * repeating the one before, as a sampled program does) and their deltas
 * (about 1 ms, as --cpu-prof-interval's default).  (root), (program),
 * (idle) and (garbage collector) are there as node writes them.  The same
 * arguments always give the same bytes.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t seed = 88172645463325252ull;

/* xorshift64 */
static uint64_t
rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return seed;
}

int
main(int argc, char **argv)
{
	static const char *const scripts[] = {
		"file:///srv/app/server.js", "file:///srv/app/lib/router.js",
		"node:internal/streams/readable", "file:///srv/app/db/query.js",
		"", "node:internal/timers"
	};
	FILE *fp;
	uint64_t want, nnodes, i, *parent, nsamples, t, cur;
	long long written;

	if (argc != 3 || (want = strtoull(argv[1], NULL, 10)) == 0) {
		fprintf(stderr, "usage: mkcpuprofile SIZE_MB OUT\n");
		return 2;
	}
	want *= 1048576;
	if ((fp = fopen(argv[2], "w")) == NULL) {
		perror(argv[2]);
		return 1;
	}
	/* ~150 bytes a node: a twentieth of the file */
	nnodes = want / 20 / 150 + 5;
	parent = calloc(nnodes + 1, sizeof *parent);
	if (parent == NULL)
		return 1;
	/* ids 1..nnodes; 1 (root); 2-4 the special ones; then a tree whose
	 * node i's parent is one of the 3,000 before it */
	for (i = 2; i <= nnodes; i++)
		parent[i] = i <= 6 ? 1 :
		    i - 1 - rnd() % (i - 6 < 3000 ? i - 6 : 3000);
	fputs("{\"nodes\":[", fp);
	for (i = 1; i <= nnodes; i++) {
		const char *url = scripts[i % 6], *fn;
		char name[32];
		uint64_t k, first = 1;

		if (i == 1)
			fn = "(root)";
		else if (i == 2)
			fn = "(program)";
		else if (i == 3)
			fn = "(idle)";
		else if (i == 4)
			fn = "(garbage collector)";
		else if (i % 7 == 0)
			fn = "";
		else {
			snprintf(name, sizeof name, "handle%llu",
			    (unsigned long long)(i % 5000));
			fn = name;
		}
		if (i <= 4)
			url = "";
		fprintf(fp, "%s{\"id\":%llu,\"callFrame\":{\"functionName\":"
		    "\"%s\",\"scriptId\":\"%llu\",\"url\":\"%s\",\"lineNumber\":"
		    "%llu,\"columnNumber\":%llu},\"hitCount\":%llu,"
		    "\"children\":[", i > 1 ? "," : "",
		    (unsigned long long)i, fn, (unsigned long long)(i % 6 + 1),
		    url, (unsigned long long)(i % 900),
		    (unsigned long long)(i % 60), (unsigned long long)(i % 13));
		/* children: the next 3,000 nodes hold them all */
		for (k = i + 1; k <= nnodes && k <= i + 3000; k++)
			if (parent[k] == i) {
				fprintf(fp, "%s%llu", first ? "" : ",",
				    (unsigned long long)k);
				first = 0;
			}
		fputs("]}", fp);
	}
	t = 1700000000000000ull;
	fprintf(fp, "],\"startTime\":%llu,", (unsigned long long)t);
	written = ftell(fp);
	/* "12345," and "1003,": ~9.7 bytes a sample */
	nsamples = written > 0 && (uint64_t)written < want ?
	    (want - (uint64_t)written) * 10 / 97 : 1;
	fprintf(fp, "\"endTime\":%llu,\"samples\":[",
	    (unsigned long long)(t + nsamples * 1000 + 1000));
	cur = 5;
	for (i = 0; i < nsamples; i++) {
		uint64_t r = rnd();

		if (r % 8 == 0)
			cur = 2 + (r >> 8) % 3;
		else if (r % 8 < 3)
			cur = 5 + (r >> 8) % (nnodes - 4);
		fprintf(fp, "%s%llu", i ? "," : "", (unsigned long long)cur);
	}
	fputs("],\"timeDeltas\":[", fp);
	for (i = 0; i < nsamples; i++)
		fprintf(fp, "%s%llu", i ? "," : "",
		    (unsigned long long)(900 + rnd() % 250));
	fputs("]}\n", fp);
	free(parent);
	return fclose(fp) == 0 ? 0 : 1;
}
