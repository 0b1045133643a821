/*
 * Sample counts.
 *
 * A count is an exact unsigned 64-bit integer part plus a fractional part
 * kept as a double.  Integer counts (perf periods, collapsed totals) are
 * exact up to 2^64-1 and never pass through floating point; fractional
 * counts, which folded files may carry (flamegraph.pl accepts "12.5"), keep
 * their fraction.  Additions saturate at 2^64-1 and report it, so a hostile
 * file cannot wrap a total around to a small number.
 */
#ifndef TFLAME_MODEL_COUNT_H
#define TFLAME_MODEL_COUNT_H

#include <stddef.h>
#include <stdint.h>

struct tf_count {
	uint64_t n;  /* integer part */
	double frac; /* fractional part, 0 <= frac < 1 after count_add() */
};

#define COUNT_ZERO ((struct tf_count){0, 0.0})
#define COUNT_INT(x) ((struct tf_count){(x), 0.0})

/*
 * Parse a count written as DIGITS, DIGITS.DIGITS* or either with an
 * exponent (DIGITS[.DIGITS*](e|E)[+|-]DIGITS; no sign, no leading "."),
 * the number syntax of folded files.  The integer part is exact; the
 * fraction is the double nearest to the digits.  Returns 1 on success, 0
 * when the text is not a count, and -1 when it is one but too large for 64
 * bits.  A fraction below the smallest double reads as 0.
 */
int count_parse(const char *s, size_t len, struct tf_count *out);

/* *acc += c.  Returns 1 when the integer part saturated. */
int count_add(struct tf_count *acc, struct tf_count c);

/* The count as a double (for shares and pixel geometry). */
double count_value(struct tf_count c);

int count_is_zero(struct tf_count c);

/*
 * Format c into buf (at least COUNT_BUFSZ bytes) in plain decimal, never
 * with an exponent: the exact integer part, then, when there is a fraction,
 * "." and the fewest of its significant digits (15 to 17) that read back as
 * the same fraction, so count_parse() of the text gives c again:
 * "0.00001", "123456789012345.25".  Returns the length.
 */
#define COUNT_BUFSZ 384
size_t count_format(char *buf, struct tf_count c);

#endif
