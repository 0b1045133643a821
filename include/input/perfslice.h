/*
 * perf.data read by several `perf script` children at once, one per time
 * slice, their outputs put back together in time order.
 *
 * perf script spends its time per sample (unwinding, symbols, inline
 * frames) and skips a sample outside --time before that work, so n
 * children each given a slice of the recording's time finish in about
 * 1/n of the time.  The slices come from the first and last sample times
 * the file's header holds (the HEADER_SAMPLE_TIME feature, written by
 * perf record since 4.19): slice i covers [B(i), B(i+1) - 1] in
 * nanoseconds with B(i) = first + (last - first) * i / n, the first slice
 * open at its start and the last open at its end, so that every sample
 * is in exactly one slice even when the header's span is off (perf's
 * --time START,STOP keeps a sample when START <= time <= STOP).  Given
 * as absolute times, not percentages, so no rounding of perf's decides
 * where a boundary falls.
 *
 * The merger is one child of tflame (input/child.h: its process group
 * holds the perf script children too) whose standard output is slice 0's
 * output, then slice 1's, and so on: the slice being passed on is copied
 * as it comes, the later ones are held in unlinked temporary files until
 * their turn (or, when no file can be made, left in their pipes).  Its
 * standard error is what the children say, each line once as often as
 * one child says it (they all read the same file: the same warnings),
 * and its exit status the first failing child's, so that messages match
 * one perf script's.
 */
#ifndef TFLAME_INPUT_PERFSLICE_H
#define TFLAME_INPUT_PERFSLICE_H

#include <stddef.h>
#include <stdint.h>

#include "util/macros.h"

/* Slices at most, and the least span (ns) per slice worth a child. */
#define PERFSLICE_MAX 64
#define PERFSLICE_MIN_NS 1000000ull

/*
 * The first and last sample times (ns) in the header of the perf.data
 * file open on fd.  Returns 0, or -1 when they are not there (pipe-mode
 * data, another byte order, an older perf, a damaged header).
 */
int perfslice_times(int fd, uint64_t *first, uint64_t *last);

/*
 * Was any event of the perf.data file path sampled with the user stack
 * (--call-graph dwarf)?  1 yes, 0 no, -1 unknown (not a file-mode
 * header in native order).  perf script adds inline frames only to
 * callchains it unwinds from the user stack: without one its output is
 * the same with --no-inline, which skips its addr2line pass (perf 6.1:
 * byte-identical on every frame-pointer recording measured; the golden
 * test compares the two on each run).
 */
int perfslice_dwarf(const char *path);

/*
 * How many slices to read path in with at most cpus children: 1 (read
 * it whole) unless its header has sample times spanning at least
 * PERFSLICE_MIN_NS a slice; *first and *last are set then.
 */
int perfslice_count(const char *path, int cpus, uint64_t *first,
    uint64_t *last);

/* The --time argument of slice i of n over [first, last], into buf. */
void perfslice_range(uint64_t first, uint64_t last, int i, int n, char *buf,
    size_t len);

/* What the merger runs. */
struct perfslice {
	const char *const *argv; /* one perf script's words, NULL-terminated */
	int n;                   /* slices, 2 .. PERFSLICE_MAX */
	uint64_t first, last;
};

/* The merger's body (a child_spec fn, arg a struct perfslice); exits. */
void perfslice_run(void *arg) ATTR_NORETURN;

#endif
