/*
 * The sample store: every sample of a profile with time, kept beside the
 * tree its stacks went into.
 *
 * A sample is (stack, time, weight, thread, cpu).  The stack is the id of
 * the tree node the sample's stack ended at (its leaf), so the tree is the
 * stack trie and a sample costs no frames.  Samples are appended in the
 * order they come into chunks of STORE_CHUNK samples; each column of a
 * chunk is one array:
 *
 *	stack   uint32_t   the leaf node
 *	dt      uint32_t   nanoseconds after the chunk's base time
 *	w       uint32_t   the weight (a chunk with a wider weight keeps
 *	                   every weight of its own in a uint64_t column)
 *	thr     uint32_t   the thread (an index into the thread table, low
 *	                   20 bits) and the cpu (high 12 bits)
 *
 * so a sample costs 16 bytes.  A chunk's base is its first sample's time
 * less 2^28 ns, so it takes samples from 0.27 s before that one to 4 s
 * after it; a sample outside starts a new chunk, and the one before gives
 * back the room it did not use.  Every chunk knows
 * its earliest and latest time, so a query over a time range skips the
 * chunks outside it and takes the chunks inside it whole.  Samples may
 * come out of time order (a perf recording's CPUs, a clock going back):
 * queries never assume an order.
 *
 * Thread table: each distinct (pid, tid) gets an index, in order of first
 * appearance; past STORE_MAX_THREADS - 1 distinct threads, the rest share
 * the last index (pid and tid -1).  Cpus from 0 to STORE_CPU_NONE - 1 are
 * kept; any other is STORE_CPU_NONE (unknown).
 *
 * Curses-free; the store knows nothing of the tree but node ids.
 */
#ifndef TFLAME_MODEL_STORE_H
#define TFLAME_MODEL_STORE_H

#include <stddef.h>
#include <stdint.h>

#define STORE_CHUNK 32768u
#define STORE_MAX_THREADS (1u << 20)
#define STORE_CPU_NONE 4095u

struct store;

struct store_sample {
	uint32_t stack;
	int64_t t;          /* nanoseconds */
	uint64_t w;
	uint32_t thread;    /* index into the thread table */
	uint32_t cpu;       /* STORE_CPU_NONE: unknown */
};

struct store *store_new(void);
void store_free(struct store *s);

/*
 * Append a sample.  pid, tid: -1 when unknown; cpu: negative when
 * unknown.
 */
void store_add(struct store *s, uint32_t stack, int64_t t, uint64_t w,
    int32_t pid, int32_t tid, int32_t cpu);

uint64_t store_count(const struct store *s);

/* The earliest and latest time; 0 when the store is empty. */
int store_span(const struct store *s, int64_t *tmin, int64_t *tmax);

/* The thread table: how many, and one's pid and tid. */
uint32_t store_threads(const struct store *s);
void store_thread(const struct store *s, uint32_t i, int32_t *pid,
    int32_t *tid);

/*
 * Thread names (perf's comm): the thread of the sample added last is
 * named name (its first len bytes, at most STORE_NAME_MAX, up to a NUL).
 * The last name wins, as in perf report: threads rename themselves once
 * started (pthread_setname_np: Java's, a browser's); past STORE_RENAMES
 * renames of one thread its name stays, so names cost their bytes a few
 * times per thread, never per sample.  NULL: none.
 */
#define STORE_NAME_MAX 255
#define STORE_RENAMES 8
void store_name_last(struct store *s, const char *name, size_t len);

/*
 * The samples ever added for thread i: at least as many as it holds
 * (store_cut() does not count down).  The time order sizes its lanes by
 * it, sparing a pass over the samples.
 */
uint64_t store_thread_added(const struct store *s, uint32_t i);
const char *store_thread_name(const struct store *s, uint32_t i);

/* Bytes held (the columns, the chunk table and the thread table). */
size_t store_memory(const struct store *s);

/*
 * Reading the samples with t0 <= t < t1, chunk by chunk, in the order
 * they were added (INT64_MIN and INT64_MAX for everything):
 *
 *	struct store_iter it;
 *	struct store_sample x;
 *	store_iter_init(&it, s, t0, t1);
 *	while (store_iter_next(&it, &x))
 *		...
 */
struct store_iter {
	const struct store *s;
	int64_t t0, t1;
	size_t chunk;
	uint32_t i;
	int whole;          /* the current chunk lies inside the range */
};

void store_iter_init(struct store_iter *it, const struct store *s,
    int64_t t0, int64_t t1);
int store_iter_next(struct store_iter *it, struct store_sample *out);

/*
 * A chunk's columns as they lie, for a query that reads every sample in
 * its own loop (the heat map): sample i has stack[i] and the time
 * base + dt[i]; tmin and tmax are the chunk's span.  Read-only, valid
 * until the store next changes.
 */
struct store_cols {
	int64_t base, tmin, tmax;
	uint32_t n;
	const uint32_t *stack, *dt;
};

size_t store_nchunks(const struct store *s);
void store_chunk_cols(const struct store *s, size_t k,
    struct store_cols *out);

/*
 * Add up the samples with t0 <= t < t1 by stack: w[stack] += weight and
 * n[stack] += 1 for each (either may be NULL).  Stacks at or past
 * nstacks are left out.  skip, when not NULL, holds a byte per stack
 * (nstacks of them): a sample whose stack's byte is not 0 is left out.
 * Returns the number of samples added up.
 */
uint64_t store_fold(const struct store *s, int64_t t0, int64_t t1,
    uint64_t *w, uint64_t *n, uint32_t nstacks, const uint8_t *skip);

/*
 * Forget the samples with t < t0 (a rolling window's expired ones):
 * chunks left empty are freed, the others keep the rest in their order.
 * Returns how many went.  Touches only the chunks that held any.
 */
uint64_t store_cut(struct store *s, int64_t t0);

/* A stack no tree node stands for any more: queries leave it out. */
#define STORE_STACK_NONE UINT32_MAX

/*
 * Renumber every sample's stack st to map[st] (STORE_STACK_NONE past
 * nmap): the tree the store names nodes of was made anew.
 */
void store_remap(struct store *s, const uint32_t *map, uint32_t nmap);

/*
 * Append src's samples to dst, in their order, each stack s becoming
 * map[s] (a stack at or past nmap is kept as it is): a second thread's
 * store joined after its tree was merged (tree_merge_map()).
 */
void store_append_mapped(struct store *dst, const struct store *src,
    const uint32_t *map, uint32_t nmap);

#endif
