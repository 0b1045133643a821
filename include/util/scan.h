/*
 * Finding the next separator byte in a buffer.  Lines in profiles are
 * short (perf stack lines are about 70 bytes, folded frames a dozen), and
 * libc's memchr() spends much of each call getting ready: checks for a
 * page boundary and alignment, then a vector loop built for long runs.
 * Inline, with the bounds known, 16 bytes are compared at a time with
 * SSE2 (which every x86-64 processor has) and the rest left to memchr().
 * The same goes for the length of two texts' common start.
 */
#ifndef TFLAME_UTIL_SCAN_H
#define TFLAME_UTIL_SCAN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "util/ascii.h"

/* The first c in p[0..end), or NULL. */
static inline const char *
scan_byte(const char *p, const char *end, char c)
{
#if defined(__SSE2__)
	const __m128i v = _mm_set1_epi8(c);
	unsigned m;

	while (end - p >= 16) {
		m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
		    _mm_loadu_si128((const __m128i *)(const void *)p), v));
		if (m != 0)
			return p + __builtin_ctz(m);
		p += 16;
	}
#endif
	return p < end ? memchr(p, c, (size_t)(end - p)) : NULL;
}

/* How many bytes a and b start with in common, at most n. */
static inline size_t
common_prefix(const char *a, const char *b, size_t n)
{
	size_t c = 0;
#if defined(__SSE2__)
	unsigned m;

	/* 16 bytes a step: a mask of the bytes that differ. */
	for (; c + 16 <= n; c += 16) {
		m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
		    _mm_loadu_si128((const __m128i *)(const void *)(a + c)),
		    _mm_loadu_si128((const __m128i *)(const void *)(b + c))));
		if (m != 0xffffu)
			return c + (size_t)__builtin_ctz(~m);
	}
#endif
#ifdef ASCII_SWAR
	uint64_t x, y;

	for (; c + 8 <= n; c += 8) {
		memcpy(&x, a + c, 8);
		memcpy(&y, b + c, 8);
		if (x != y)
			return c + ((size_t)__builtin_ctzll(x ^ y) >> 3);
	}
#endif
	while (c < n && a[c] == b[c])
		c++;
	return c;
}

#endif
