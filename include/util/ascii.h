/*
 * Locale-independent byte classes and trimming for the loaders.  The Perl
 * reference tools work on bytes with ASCII classes (\s, \d, \w); <ctype.h>
 * would follow the locale and take int arguments that must not be negative,
 * so the loaders use these instead.
 */
#ifndef TFLAME_UTIL_ASCII_H
#define TFLAME_UTIL_ASCII_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Perl's \s on bytes: space, TAB, LF, CR, FF, VT. */
static inline int
is_ws(unsigned char c)
{
	/* ' ' or one of \t \n \v \f \r (9..13): two compares. */
	return c == ' ' || (unsigned)(c - '\t') <= '\r' - '\t';
}

static inline int
is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* A hex digit of either case. */
static inline int
is_xdigit(unsigned char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Perl's \w on bytes: [A-Za-z0-9_]. */
static inline int
is_word(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    is_digit(c) || c == '_';
}

/*
 * Word-at-a-time scanning, where bytes load in order from the low end of a
 * 64-bit word (little-endian) and the compiler can count trailing zeros.
 */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ASCII_SWAR 1
#define ASCII_ONES 0x0101010101010101ULL
#define ASCII_HIGH 0x8080808080808080ULL
#endif

/* Index of the first non-whitespace byte of s[i..len), or len. */
static inline size_t
skip_ws(const char *s, size_t i, size_t len)
{
#ifdef ASCII_SWAR
	/* Spaces eight at a time: the first byte that is not one ends it... */
	while (i + 8 <= len) {
		uint64_t w;

		memcpy(&w, s + i, 8);
		w ^= ASCII_ONES * ' ';
		if (w == 0) {
			i += 8;
			continue;
		}
		i += (size_t)__builtin_ctzll(w) >> 3;
		if (!is_ws((unsigned char)s[i]))
			return i;
		i++; /* ...unless it is other whitespace */
	}
#endif
	while (i < len && is_ws((unsigned char)s[i]))
		i++;
	return i;
}

/* Index of the first whitespace byte of s[i..len), or len. */
static inline size_t
find_ws(const char *s, size_t i, size_t len)
{
#ifdef ASCII_SWAR
	/*
	 * The first byte below '!' (the lowest flagged byte is exact: a
	 * borrow only runs upwards); whitespace is ' ' and 9..13, so a
	 * control byte there is passed over.
	 */
	while (i + 8 <= len) {
		uint64_t w, m;

		memcpy(&w, s + i, 8);
		m = (w - ASCII_ONES * '!') & ~w & ASCII_HIGH;
		if (m == 0) {
			i += 8;
			continue;
		}
		i += (size_t)__builtin_ctzll(m) >> 3;
		if (is_ws((unsigned char)s[i]))
			return i;
		i++;
	}
#endif
	while (i < len && !is_ws((unsigned char)s[i]))
		i++;
	return i;
}

/* True when s[0..len) is empty or only whitespace. */
static inline int
is_blank(const char *s, size_t len)
{
	return skip_ws(s, 0, len) == len;
}

/* Trim whitespace at both ends of s[0..*len); return the new start. */
static inline const char *
trim(const char *s, size_t *len)
{
	size_t b = skip_ws(s, 0, *len), e = *len;

	while (e > b && is_ws((unsigned char)s[e - 1]))
		e--;
	*len = e - b;
	return s + b;
}

#endif
