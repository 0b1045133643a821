/*
 * Differential profiles: two profiles in one tree (profile 0 = BEFORE,
 * profile 1 = AFTER), as difffolded.pl builds them.
 *
 * Each side is loaded through its own sink_tree (prof 0 or 1) behind a
 * diff_filter, which does what difffolded.pl does to every stack before
 * merging: --strip-hex folds "0x1234abcd" into "0x...", and fractional
 * counts are truncated to integers (inferno's rule, which the reference
 * results in the corpus follow).  diff_normalize() is difffolded.pl -n.
 */
#ifndef TFLAME_DIFF_DIFF_H
#define TFLAME_DIFF_DIFF_H

#include <stdint.h>
#include <stdio.h>

#include "loaders/sink.h"
#include "model/tree.h"
#include "model/units.h"

#define DIFF_BEFORE 0
#define DIFF_AFTER 1

/* A sink in front of another one that rewrites each stack (see above). */
struct diff_filter {
	struct stack_sink *inner; /* first: see sink_fwd_last() */
	int strip_hex;
	int truncated;   /* set when a fraction was dropped */
	char *buf;       /* scratch for rewritten names */
	size_t cap;
};

void diff_filter_init(struct diff_filter *f, struct stack_sink *sink,
    struct stack_sink *inner, int strip_hex);
void diff_filter_free(struct diff_filter *f);

/* Fold every "0x" + hex digits in s[0..len) into "0x..." into dst (room len + 3); returns the length. */
size_t diff_strip_hex(char *dst, const char *s, size_t len);

/*
 * Scale BEFORE's counts to AFTER's total: every unique stack's BEFORE count
 * becomes floor(count * T_after / T_before).  Call after tree_finish(); it
 * finishes the tree again.  Returns -1 (and changes nothing) when BEFORE is
 * empty but AFTER is not, 0 otherwise.
 */
int diff_normalize(struct tree *t);

/*
 * The change of a frame, as flamegraph.pl colours it: the frame's own
 * (self) AFTER count minus its own BEFORE count, negated with --negate.
 */
int64_t diff_delta(const struct tree *t, uint32_t node, int negate);

/* The largest |delta| over all frames, at least 1 (flamegraph.pl's maxdelta). */
uint64_t diff_maxdelta(const struct tree *t);

struct diff_rgb {
	unsigned char r, g, b;
};

/*
 * flamegraph.pl's differential colour: red for growth, blue for shrinkage,
 * deeper the larger |delta| is against maxdelta, white when unchanged:
 * v > 0: (255, X, X), v < 0: (X, X, 255), X = 210 * (M - |v|) / M.
 */
struct diff_rgb diff_colour(int64_t delta, uint64_t maxdelta);

/*
 * 1 when no frame at depth 1 or 2 has samples on both sides: BEFORE and
 * AFTER are of differently named commands (alloc1 and alloc2), so every
 * frame reads as new or gone.  0 when either side has no samples.
 */
int diff_disjoint(const struct tree *t);

/*
 * When one side's total is more than 10% above the other's, say so in
 * buf in the weight's unit u (model/units.h; NULL: "weight"): "AFTER has
 * 1.8x the samples of BEFORE; -n scales", "... the cpu-clock of ...",
 * and return 1; else buf is "" and 0 (also when a side has no samples).
 */
int diff_totals_note(const struct tree *t, const struct tf_units *u,
    char *buf, size_t cap);

#endif
