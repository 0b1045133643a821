/*
 * Locale-independent byte classes and trimming for the loaders.  The Perl
 * reference tools work on bytes with ASCII classes (\s, \d, \w); <ctype.h>
 * would follow the locale and take int arguments that must not be negative,
 * so the loaders use these instead.
 */
#ifndef TFLAME_UTIL_ASCII_H
#define TFLAME_UTIL_ASCII_H

#include <stddef.h>

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

/* Index of the first non-whitespace byte of s[i..len), or len. */
static inline size_t
skip_ws(const char *s, size_t i, size_t len)
{
	while (i < len && is_ws((unsigned char)s[i]))
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
