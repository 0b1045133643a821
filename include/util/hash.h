/*
 * A fast non-cryptographic hash for interning and node lookup.  Reads 8
 * bytes at a time; quality is enough for open addressing with the final
 * avalanche step.  Not for untrusted adversaries who can choose collisions
 * (a profile with colliding names only costs speed, never correctness).
 */
#ifndef TFLAME_UTIL_HASH_H
#define TFLAME_UTIL_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t
hash_mix64(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}

/* The hash of p[0..len) started from seed (another hash, to chain them). */
static inline uint64_t
hash_bytes_seed(const void *p, size_t len, uint64_t seed)
{
	const unsigned char *s = p;
	uint64_t h = seed ^ (len * 0x100000001b3ULL);
	uint64_t w;

	if (len >= 64) {
		/* Four independent lanes: long keys hash at memory speed. */
		uint64_t a = h, b = h ^ 0x2545f4914f6cdd1dULL,
		    c = h ^ 0xd6e8feb86659fd93ULL, d = h ^ 0xa0761d6478bd642fULL, x;

		while (len >= 32) {
			memcpy(&w, s, 8);
			memcpy(&x, s + 8, 8);
			a = (a ^ w) * 0x87c37b91114253d5ULL;
			b = (b ^ x) * 0x87c37b91114253d5ULL;
			memcpy(&w, s + 16, 8);
			memcpy(&x, s + 24, 8);
			c = (c ^ w) * 0x87c37b91114253d5ULL;
			d = (d ^ x) * 0x87c37b91114253d5ULL;
			a = (a << 31) | (a >> 33);
			b = (b << 29) | (b >> 35);
			c = (c << 27) | (c >> 37);
			d = (d << 25) | (d >> 39);
			s += 32;
			len -= 32;
		}
		h = hash_mix64(a) ^ (hash_mix64(b) * 3) ^ (hash_mix64(c) * 5) ^
		    (hash_mix64(d) * 7);
	}
	while (len >= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0x87c37b91114253d5ULL;
		h = (h << 31) | (h >> 33);
		s += 8;
		len -= 8;
	}
	w = 0;
	if (len > 0) {
		memcpy(&w, s, len);
		h = (h ^ w) * 0x4cf5ad432745937fULL;
	}
	return hash_mix64(h);
}

static inline uint64_t
hash_bytes(const void *p, size_t len)
{
	return hash_bytes_seed(p, len, 0x9e3779b97f4a7c15ULL);
}

#endif
