/*
 * The sub-second heat map of a sample store (FlameScope's layout).
 *
 * Time is cut into whole seconds of the clock the samples carry, and each
 * second into rows of 1/rows s.  A sample at t (nanoseconds) goes to the
 * second floor(t / 1 s) - floor(tmin / 1 s), tmin the earliest sample of
 * the store (every sample counts for tmin, the left-out ones too), and to
 * the row floor(rows * (t mod 1 s) / 1 s): row 0 holds the first 1/rows s
 * of each second.  All of it in integer nanoseconds, never a float, so a
 * cell's edges are exact.  A cell holds a number of samples, not weight.
 *
 * Only seconds that hold samples have a column (a recording whose clock
 * jumps by a day has two runs of columns, not 86,400 empty ones): the
 * map's columns are its distinct seconds in order, each with its second.
 */
#ifndef TFLAME_MODEL_HEATMAP_H
#define TFLAME_MODEL_HEATMAP_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "model/store.h"
#include "model/tree.h"

#define HEATMAP_NS 1000000000LL
#define HEATMAP_ROWS_DEFAULT 50
#define HEATMAP_ROWS_MAX 1000

struct heatmap {
	int rows;
	int64_t sec0;        /* floor(tmin / 1 s): second 0 */
	uint32_t ncols;
	int64_t *sec;        /* ncols seconds after sec0, ascending */
	uint32_t *cell;      /* ncols * rows counts, column after column */
	uint32_t *match;     /* the same for samples whose stack matched
	                        (NULL when no match bytes were given) */
	uint64_t *colsum;    /* samples per column */
	uint32_t max;        /* the largest cell */
	uint64_t kept;       /* samples in the map */
	uint64_t skipped;    /* samples left out by the skip bytes */
};

/*
 * Build the map of store s with rows rows (1 to HEATMAP_ROWS_MAX).  skip
 * and match, when not NULL, hold a byte per stack (nstacks of them): a
 * sample whose stack's skip byte is set is left out (counted in
 * skipped); one whose match byte is set is counted in match too.  A
 * stack at or past nstacks is kept and never matches.  Returns 0, or -1
 * when the store is empty (hm is then empty, and may still be freed).
 */
int heatmap_build(struct heatmap *hm, const struct store *s, int rows,
    const uint8_t *skip, const uint8_t *match, uint32_t nstacks);
void heatmap_free(struct heatmap *hm);

/*
 * heatmap_build(), given up (returning -2, hm empty) once *stop is set,
 * when stop is not NULL: a second thread's build (model/timeview.h).
 */
int heatmap_build_until(struct heatmap *hm, const struct store *s, int rows,
    const uint8_t *skip, const uint8_t *match, uint32_t nstacks,
    const atomic_int *stop);

/* The column of second sec (after sec0), or -1 when it has no samples. */
long heatmap_column(const struct heatmap *hm, int64_t sec);

/*
 * The time range [*t0, *t1) in nanoseconds of the cells from (second
 * sec_a, row row_a) to (sec_b, row_b), inclusive, either order.
 */
void heatmap_range(const struct heatmap *hm, int64_t sec_a, int row_a,
    int64_t sec_b, int row_b, int64_t *t0, int64_t *t1);

/*
 * FlameScope's idle samples, by node of t: a byte per node, set where the
 * stack so far has a root frame (the command) starting "swapper" and a
 * frame whose name holds cpuidle, cpu_idle, cpu_bringup_and_idle,
 * native_safe_halt, xen_hypercall_sched_op or xen_hypercall_vcpu_op;
 * and V8's "(idle)" frame (Chrome profiles) with what is under it.
 * *n, when not NULL, is how many bytes are set.  The caller frees it.
 */
uint8_t *heatmap_idle_nodes(const struct tree *t, uint32_t *n);

/* The offset in milliseconds at which row starts (row * 1000 / rows). */
unsigned heatmap_row_ms(const struct heatmap *hm, int row);

#endif
