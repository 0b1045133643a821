/*
 * Frame colours, shared by the terminal viewer and the SVG writer.
 *
 * A colour is chosen in two steps, both from the frame's name alone, so a
 * function keeps its colour from run to run and from machine to machine:
 *
 *  1. its "family" (the hue) from the annotation suffix the perf loader
 *     adds: "_[k]" kernel, "_[j]" JIT, "_[i]" inlined; every other frame is
 *     an ordinary user frame.  In the viewer, a frame whose module (the
 *     tree's, from perf's DSO; async-profiler's frame type) is kernel,
 *     JIT or inlined code takes that family without the suffix (palette_module_family()).  The names "-" and "--" (stack separators in
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

struct tree;

enum palette_family {
	PALETTE_USER = 0,  /* hot: red .. orange .. yellow */
	PALETTE_KERNEL,    /* "_[k]": blue */
	PALETTE_JIT,       /* "_[j]": green */
	PALETTE_INLINE,    /* "_[i]": aqua */
	PALETTE_GREY,      /* "-" and "--" */
	PALETTE_DIFF_GROW, /* differential: more samples AFTER, red */
	PALETTE_DIFF_SHRINK, /* differential: fewer AFTER, blue */
	PALETTE_DIFF_SAME, /* differential: unchanged, white */
	PALETTE_NFAMILIES
};

struct palette_rgb {
	uint8_t r, g, b;
};

/* The family of the frame called name[0..len). */
enum palette_family palette_family(const char *name, size_t len);

/*
 * The family a module's kind gives (model/tree.h: TREE_MOD_KERNEL,
 * TREE_MOD_JIT, TREE_MOD_INLINE; PALETTE_USER for the others): the viewer colours a user
 * frame by its module, so kernel frames are blue without --kernel.
 */
enum palette_family palette_module_family(unsigned kind);

/*
 * The hash value of name[0..len) in [0, 1).  Code points of valid UTF-8
 * are summed; a byte that is not part of valid UTF-8 counts as its value.
 */
double palette_value(const char *name, size_t len);

/*
 * The colour of value v in family f.  For the differential families v is
 * the size of the change against the largest one (0 .. 1), coloured as
 * flamegraph.pl does: (255, X, X) red or (X, X, 255) blue with
 * X = 210 * (1 - v), white when unchanged (diff/diff.h, diff_colour).
 */
struct palette_rgb palette_rgb(enum palette_family f, double v);

/* Shade of v among nshades (0 .. nshades - 1), for quantised palettes. */
unsigned palette_shade(double v, unsigned nshades);

/* ------------------------------------------------------------------------
 * flamegraph.pl's named palettes (--colors), for the SVG writer.
 *
 * Written by the SVG export.  These are flamegraph.pl's colour
 * rules exactly, so an exported SVG has the colours flamegraph.pl would
 * give: three values v1, v2, v3 in [0, 1) per name, and one formula per
 * base palette.  By default v1 = v2 = v3 = palette_value(name) (the same
 * hash as above); with --hash, v1 = namehash(name) and v2 = v3 =
 * namehash(reversed name).  The name-based schemes (java, js, perl, wakeup)
 * first pick a base palette from the name.  The full name, annotation
 * included, is what is hashed and matched.
 */

enum palette_scheme {
	PALETTE_HOT = 0,
	PALETTE_MEM,
	PALETTE_IO,
	PALETTE_WAKEUP,
	PALETTE_JAVA,
	PALETTE_JS,
	PALETTE_PERL,
	PALETTE_RED,
	PALETTE_GREEN,
	PALETTE_BLUE,
	PALETTE_AQUA,
	PALETTE_YELLOW,
	PALETTE_PURPLE,
	PALETTE_ORANGE,
	PALETTE_CHAIN,    /* wakeup chains: target blue, waker aqua */
	PALETTE_NSCHEMES
};

/* The scheme called name ("hot", "java", ...), or -1 when unknown. */
int palette_scheme_parse(const char *name);

/* The name of scheme s ("hot", ...). */
const char *palette_scheme_name(enum palette_scheme s);

/*
 * flamegraph.pl's namehash of name[0..len) in [0, 1]: a DTrace
 * "module`" prefix is dropped, then the first three code points are
 * weighted.  With reversed, the code points are taken last first (the v2/v3
 * of --hash).  An empty name gives 1.
 */
double palette_namehash(const char *name, size_t len, int reversed);

/* The fill flamegraph.pl gives a frame called name[0..len) in scheme s. */
struct palette_rgb palette_scheme_rgb(enum palette_scheme s, int hash,
    const char *name, size_t len);

/*
 * --colors=chain (offwaketime's "target...;--;...waker" stacks): the fill
 * flamegraph.pl gives frame name[0..len), which is the waker's (below a
 * "--" frame: aqua, hashed with the "_[w]" flamegraph.pl appends to it)
 * or the target's (blue).  A name that already ends in "_[w]" is a
 * waker's, as in flamegraph.pl.
 */
struct palette_rgb palette_chain_rgb(int waker, int hash, const char *name,
    size_t len);

/*
 * Mark the nodes of t (finished or not) below a "--" frame: out[node] 1,
 * else 0; out has tree_size(t) bytes.  One pass: a child's index is
 * always after its parent's.
 */
void palette_chain_marks(const struct tree *t, unsigned char *out);

/*
 * Hot/cold graphs (--off-cpu, --hot-cold): mark the nodes of t (finished)
 * whose every line in profile prof ends in an "[off-CPU ...]" frame:
 * out[node] 1, else 0 (tree_size(t) bytes).  Such frames are drawn in
 * the blue io hues.  Returns 0 (all marks 0) when t has no such frame.
 */
int palette_cold_marks(const struct tree *t, int prof, unsigned char *out);

/* Is name[0..len) an off-CPU state frame ("[off-CPU S]", "[off-CPU]")? */
int palette_offcpu_name(const char *name, size_t len);

/*
 * The background gradient's two stops ("#eeeeee", ...) that flamegraph.pl
 * picks for scheme s when --bgcolors is not given.
 */
void palette_scheme_background(enum palette_scheme s, const char **top,
    const char **bottom);

#endif
