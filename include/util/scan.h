/*
 * Scanning buffers: the next separator byte, the length of two texts'
 * common start, whether a text equals a key, and a line's end found
 * together with its hash.  Lines in profiles are short (perf stack lines
 * are about 70 bytes, folded frames a dozen), and libc's memchr() spends
 * much of each call getting ready: checks for a page boundary and
 * alignment, then a vector loop built for long runs.  Inline, with the
 * bounds known, 16 bytes are compared at a time.
 *
 * Every vector instruction of tflame is in this file.  Each function has a
 * portable version, always compiled under the name ending in _scalar (the
 * unit tests compare the two on random buffers), and an SSE2 version
 * (which every x86-64 processor has), ending in _sse2, compiled where the
 * compiler targets SSE2 unless configure was given --disable-simd
 * (TF_NO_SIMD).  The unsuffixed name is the one chosen at compile time;
 * SCAN_SIMD says whether that is the SSE2 one.  Both give the same results
 * for every input.
 */
#ifndef TFLAME_UTIL_SCAN_H
#define TFLAME_UTIL_SCAN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__) && !defined(TF_NO_SIMD)
#define SCAN_SIMD 1
#include <emmintrin.h>
#endif

#include "util/ascii.h"
#include "util/hash.h"

/* The first c in p[0..end), or NULL: the portable version. */
static inline const char *
scan_byte_scalar(const char *p, const char *end, char c)
{
	return p < end ? memchr(p, c, (size_t)(end - p)) : NULL;
}

/* How many bytes a and b start with in common, at most n (portable). */
static inline size_t
common_prefix_scalar(const char *a, const char *b, size_t n)
{
	size_t c = 0;
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

/* Whether a[0..n) equals k[0..n) (portable). */
static inline int
scan_equal_scalar(const char *a, const char *k, size_t n)
{
	return memcmp(a, k, n) == 0;
}

/*
 * The first "\n" in p[0..end), or NULL, with *h carried through
 * hash_step16() over each whole 16 bytes before it from p on, as far as
 * the 16 bytes that hold the "\n" or the last whole 16 bytes before end
 * (portable).  With *h = hash_run_start() and a "\n" found at c,
 * hash_run_end(*h, p, c - p) is hash_run(p, c - p).
 */
static inline const char *
scan_line_hash_scalar(const char *p, const char *end, uint64_t *h)
{
	const char *c;
	uint64_t x = *h;

	for (;;) {
		if (end - p < 16) {
			c = scan_byte_scalar(p, end, '\n');
			break;
		}
		if ((c = memchr(p, '\n', 16)) != NULL)
			break;
		x = hash_step16(x, (const unsigned char *)p);
		p += 16;
	}
	*h = x;
	return c;
}

#ifdef SCAN_SIMD
/* The mask of the bytes of p[0..16) that equal those of q[0..16). */
static inline unsigned
scan_eq16(const char *p, const char *q)
{
	return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
	    _mm_loadu_si128((const __m128i *)(const void *)p),
	    _mm_loadu_si128((const __m128i *)(const void *)q)));
}

/* The mask of the bytes of p[0..16) that are c. */
static inline unsigned
scan_byte16(const char *p, __m128i v)
{
	return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
	    _mm_loadu_si128((const __m128i *)(const void *)p), v));
}

/* scan_byte(), 16 bytes a step. */
static inline const char *
scan_byte_sse2(const char *p, const char *end, char c)
{
	const __m128i v = _mm_set1_epi8(c);
	unsigned m;

	while (end - p >= 16) {
		m = scan_byte16(p, v);
		if (m != 0)
			return p + __builtin_ctz(m);
		p += 16;
	}
	return scan_byte_scalar(p, end, c);
}

/* common_prefix(), 16 bytes a step. */
static inline size_t
common_prefix_sse2(const char *a, const char *b, size_t n)
{
	size_t c = 0;
	unsigned m;

	/* 16 bytes a step: a mask of the bytes that differ. */
	for (; c + 16 <= n; c += 16) {
		m = scan_eq16(a + c, b + c);
		if (m != 0xffffu)
			return c + (size_t)__builtin_ctz(~m);
	}
	/* Nothing left: a or b may be NULL (an empty buffer), and NULL + 0
	 * is undefined (UBSan's pointer-overflow check says so). */
	if (c == n)
		return c;
	return c + common_prefix_scalar(a + c, b + c, n - c);
}

/* scan_equal(), 16 bytes a step, the last 16 overlapping. */
static inline int
scan_equal_sse2(const char *a, const char *k, size_t n)
{
	size_t i;

	if (n < 16)
		return scan_equal_scalar(a, k, n);
	for (i = 0; i + 16 < n; i += 16)
		if (scan_eq16(a + i, k + i) != 0xffffu)
			return 0;
	i = n - 16;
	return scan_eq16(a + i, k + i) == 0xffffu;
}

/* scan_line_hash(), 16 bytes a step. */
static inline const char *
scan_line_hash_sse2(const char *p, const char *end, uint64_t *h)
{
	const __m128i nl = _mm_set1_epi8('\n');
	const char *c;
	uint64_t x = *h;
	unsigned m;

	for (;;) {
		if (end - p < 16) {
			c = scan_byte_scalar(p, end, '\n');
			break;
		}
		m = scan_byte16(p, nl);
		if (m != 0) {
			c = p + __builtin_ctz(m);
			break;
		}
		x = hash_step16(x, (const unsigned char *)p);
		p += 16;
	}
	*h = x;
	return c;
}

#define scan_byte(p, end, c) scan_byte_sse2(p, end, c)
#define common_prefix(a, b, n) common_prefix_sse2(a, b, n)
#define scan_equal(a, k, n) scan_equal_sse2(a, k, n)
#define scan_line_hash(p, end, h) scan_line_hash_sse2(p, end, h)
#else
#define scan_byte(p, end, c) scan_byte_scalar(p, end, c)
#define common_prefix(a, b, n) common_prefix_scalar(a, b, n)
#define scan_equal(a, k, n) scan_equal_scalar(a, k, n)
#define scan_line_hash(p, end, h) scan_line_hash_scalar(p, end, h)
#endif

#endif
