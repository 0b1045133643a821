/*
 * Frame colours, shared by the terminal viewer and the SVG writer.
 *
 * A colour is chosen in two steps, both from the frame's name alone, so a
 * function keeps its colour from run to run and from machine to machine:
 *
 *  1. its "family" (the hue) from the annotation suffix the perf loader
 *     adds: "_[k]" kernel, "_[j]" JIT, "_[i]" inlined; every other frame is
 *     an ordinary user frame.  The names "-" and "--" (stack separators in
 *     flamegraph.pl's chain graphs) are grey.
 *  2. its "value" v in [0, 1) (the shade within the family) from a hash of
 *     the name.  The hash is flamegraph.pl's deterministic default: the sum
 *     of the name's code points seeds one drand48() step.  So a user frame
 *     gets exactly the rgb that `flamegraph.pl --colors=hot` gives it.
 *
 * Families map to flamegraph.pl's palettes: user = hot (red to yellow),
 * kernel = blue, JIT = green, inlined = aqua.  Kernel frames are not orange
 * as in flamegraph.pl's java palette: orange is inside the hot range, and in
 * a terminal's 256 colours the two could not be told apart.
 *
 * A terminal has few colours, so the TUI quantises v into a few shades per
 * family with palette_shade() and asks palette_rgb() for each shade's
 * colour once.
 */
#ifndef TFLAME_LAYOUT_PALETTE_H
#define TFLAME_LAYOUT_PALETTE_H

#include <stddef.h>
#include <stdint.h>

enum palette_family {
	PALETTE_USER = 0,  /* hot: red .. orange .. yellow */
	PALETTE_KERNEL,    /* "_[k]": blue */
	PALETTE_JIT,       /* "_[j]": green */
	PALETTE_INLINE,    /* "_[i]": aqua */
	PALETTE_GREY,      /* "-" and "--" */
	PALETTE_NFAMILIES
};

struct palette_rgb {
	uint8_t r, g, b;
};

/* The family of the frame called name[0..len). */
enum palette_family palette_family(const char *name, size_t len);

/*
 * The hash value of name[0..len) in [0, 1).  Code points of valid UTF-8
 * are summed; a byte that is not part of valid UTF-8 counts as its value.
 */
double palette_value(const char *name, size_t len);

/* The colour of value v in family f. */
struct palette_rgb palette_rgb(enum palette_family f, double v);

/* Shade of v among nshades (0 .. nshades - 1), for quantised palettes. */
unsigned palette_shade(double v, unsigned nshades);

#endif
