/*
 * The perf loader's frame-cleaning rules (stackcollapse-perf.pl's, with
 * inferno's fixes; the list is in the comment at the top of
 * src/loaders/perf.c): pure functions of a stack line's bytes and the
 * options, kept apart from the reading so each rule is tested on its own
 * (tests/unit/check_perf_clean.c).
 *
 * A stack line is "ADDR SYMBOL (MODULE)"; its symbol gives one frame, or
 * several when inlined callees follow "->" (parts, outermost first).
 */
#ifndef TFLAME_LOADERS_PERF_CLEAN_H
#define TFLAME_LOADERS_PERF_CLEAN_H

#include <stddef.h>

#include "loaders/loader.h"

/* The pieces of one stack line (pointers into the line). */
struct stack_line {
	const char *pc, *func, *mod;
	size_t pclen, funclen, modlen;
};

/* The most parts a symbol is cut into at "->" (the rest is the last part). */
#define PERF_MAX_PARTS 64

/* Is s[0..len) an address: blanks, hex digits, then a blank or the end? */
int perf_hex_token(const char *s, size_t len);

/* Parse "ADDR SYMBOL (MODULE)" into sl: 1, or 0 when it is not one. */
int perf_parse_stack_line(const char *s, size_t len, struct stack_line *sl);

/* Is mod (n bytes) a kernel module ("[...]", vmlinux, "*.ko")? */
int perf_kernel_module(const char *mod, size_t n);

/* Is mod (n bytes) JIT code (/tmp/perf-PID.map, jitdump /tmp/jitted-*.so)? */
int perf_jit_module(const char *mod, size_t n);

/*
 * Cut sl's symbol into its frame parts, outermost first, into ps/pl (room
 * for PERF_MAX_PARTS): the "+0x..." offset dropped, trailing empty parts
 * dropped.  Returns how many; 0 for a symbol that adds no frame ("(...").
 */
size_t perf_split_parts(const struct stack_line *sl, const char **ps,
    size_t *pl);

/* The bytes perf_clean_part() may write for a part of plen bytes of sl. */
static inline size_t
perf_clean_room(size_t plen, const struct stack_line *sl)
{
	return plen + sl->modlen + sl->pclen + 16;
}

/*
 * Write the frame name of part (plen bytes; part number idx, 0 for the
 * outermost) of stack line sl into f (perf_clean_room() bytes), cleaned
 * by the options in o (demangle, addrs, kernel, jit) and java (the
 * sample's root starts with "java").  Returns its length.
 */
size_t perf_clean_part(char *f, const char *part, size_t plen, size_t idx,
    const struct stack_line *sl, const struct load_opts *o, int java);

/*
 * Is s (len bytes, indented, not a stack line) a srcline line of
 * `perf script -F +srcline`?  Then *loc, *loclen: its "file:line", or
 * *loclen 0 when it names no file ("??:0", "[kernel.kallsyms][ffff]").
 */
int perf_srcline_parse(const char *s, size_t len, const char **loc,
    size_t *loclen);

#endif
