/*
 * Frame colours from frame names.  See layout/palette.h.
 */
#include "config.h"

#include <string.h>

#include "layout/palette.h"
#include "util/escape.h"

/* Does name[0..len) end with the 4-byte annotation suf? */
static int
has_suffix(const char *name, size_t len, const char *suf)
{
	return len >= 4 && memcmp(name + len - 4, suf, 4) == 0;
}

/* Pick the family from the annotation suffix. */
enum palette_family
palette_family(const char *name, size_t len)
{
	if ((len == 1 && name[0] == '-') ||
	    (len == 2 && name[0] == '-' && name[1] == '-'))
		return PALETTE_GREY;
	if (has_suffix(name, len, "_[k]"))
		return PALETTE_KERNEL;
	if (has_suffix(name, len, "_[j]"))
		return PALETTE_JIT;
	if (has_suffix(name, len, "_[i]"))
		return PALETTE_INLINE;
	return PALETTE_USER;
}

/* Hash the name as flamegraph.pl does by default. */
double
palette_value(const char *name, size_t len)
{
	const unsigned char *s = (const unsigned char *)name;
	uint32_t sum = 0, cp;
	uint64_t state;
	size_t i = 0;
	int n;

	while (i < len) {
		n = utf8_decode(s + i, len - i, &cp);
		if (n == 0) {
			cp = s[i];
			n = 1;
		}
		sum += cp; /* modulo 2^32, as the seed is */
		i += (size_t)n;
	}
	/*
	 * Perl's srand(sum) then rand(): drand48 seeded with the sum in the
	 * high 32 bits and 0x330e below, stepped once.
	 */
	state = ((uint64_t)sum << 16) | 0x330e;
	state = (state * 0x5deece66dULL + 0xb) & ((1ULL << 48) - 1);
	return (double)state / (double)(1ULL << 48);
}

/* base + floor(span * v), for one channel. */
static uint8_t
channel(int base, int span, double v)
{
	return (uint8_t)(base + (int)(span * v));
}

/* Apply the family's flamegraph.pl palette formula to v. */
struct palette_rgb
palette_rgb(enum palette_family f, double v)
{
	struct palette_rgb c;

	if (v < 0.0)
		v = 0.0;
	if (v >= 1.0)
		v = 0.999999;
	switch (f) {
	case PALETTE_KERNEL:
		c.r = c.g = channel(80, 60, v);
		c.b = channel(205, 50, v);
		break;
	case PALETTE_JIT:
		c.r = c.b = channel(50, 60, v);
		c.g = channel(200, 55, v);
		break;
	case PALETTE_INLINE:
		c.r = channel(50, 60, v);
		c.g = c.b = channel(165, 55, v);
		break;
	case PALETTE_GREY:
		c.r = c.g = c.b = channel(160, 40, v);
		break;
	case PALETTE_USER:
	default:
		c.r = channel(205, 50, v);
		c.g = channel(0, 230, v);
		c.b = channel(0, 55, v);
		break;
	}
	return c;
}

/* Quantise v into one of nshades shades. */
unsigned
palette_shade(double v, unsigned nshades)
{
	unsigned s;

	if (nshades == 0 || v <= 0.0)
		return 0;
	s = (unsigned)(v * nshades);
	return s < nshades ? s : nshades - 1;
}
