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

static inline uint64_t
hash_bytes(const void *p, size_t len)
{
	const unsigned char *s = p;
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ (len * 0x100000001b3ULL);
	uint64_t w;

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

#endif
