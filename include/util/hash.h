/*
 * A fast non-cryptographic hash for interning and node lookup.  Reads 16
 * bytes per step and mixes them with one 64x64->128-bit multiply whose two
 * halves are xor-ed ("folded"): a multiply mixes every input bit into the
 * middle bits of the product, and the fold brings them to both ends.  The
 * loop's dependency chain is one multiply per 16 bytes (three independent
 * chains for long keys), and keys of at most 16 bytes are read with two
 * overlapping loads, so short keys need no byte loop.  Quality is enough
 * for open addressing; not for adversaries who choose collisions (a
 * profile with colliding names only costs speed, never correctness).
 */
#ifndef TFLAME_UTIL_HASH_H
#define TFLAME_UTIL_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Odd constants with about half their bits set. */
#define HASH_K0 0x9e3779b97f4a7c15ULL
#define HASH_K1 0xc2b2ae3d27d4eb4fULL
#define HASH_K2 0x165667b19e3779f9ULL
#define HASH_K3 0xd6e8feb86659fd93ULL
#define HASH_K4 0x2545f4914f6cdd1dULL

/* a * b, the 128-bit product's high and low halves xor-ed. */
static inline uint64_t
hash_fold(uint64_t a, uint64_t b)
{
#ifdef __SIZEOF_INT128__
	__extension__ typedef unsigned __int128 hash_u128;
	hash_u128 r = (hash_u128)a * b;

	return (uint64_t)r ^ (uint64_t)(r >> 64);
#else
	uint64_t al = a & 0xffffffffu, ah = a >> 32;
	uint64_t bl = b & 0xffffffffu, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
	uint64_t lo = (ll & 0xffffffffu) | (mid << 32);
	uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);

	return lo ^ hi;
#endif
}

/* A 64-bit finaliser, for values that are hashes already. */
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
hash_rd64(const unsigned char *p)
{
	uint64_t w;

	memcpy(&w, p, 8);
	return w;
}

static inline uint64_t
hash_rd32(const unsigned char *p)
{
	uint32_t w;

	memcpy(&w, p, 4);
	return w;
}

/* Two words that hold all of a key of at most 16 bytes (reads overlap). */
static inline void
hash_short(const unsigned char *s, size_t i, uint64_t *a, uint64_t *b)
{
	if (i >= 4) {
		/* Two overlapping pairs of 4-byte reads cover 4..16. */
		size_t m = (i >> 3) << 2;

		*a = (hash_rd32(s) << 32) | hash_rd32(s + m);
		*b = (hash_rd32(s + i - 4) << 32) | hash_rd32(s + i - 4 - m);
	} else if (i > 0) {
		*a = ((uint64_t)s[0] << 16) | ((uint64_t)s[i >> 1] << 8) |
		    s[i - 1];
		*b = 0;
	} else
		*a = *b = 0;
}

/* 16 bytes at s folded into h. */
static inline uint64_t
hash_step16(uint64_t h, const unsigned char *s)
{
	return hash_fold(hash_rd64(s) ^ HASH_K1, hash_rd64(s + 8) ^ h);
}

/* The last step: the key's last words a and b, and its length. */
static inline uint64_t
hash_last(uint64_t h, uint64_t a, uint64_t b, size_t len)
{
	return hash_fold(hash_fold(a ^ HASH_K1, b ^ h) ^ len ^ HASH_K4, HASH_K2);
}

/* The hash of p[0..len) started from seed (another hash, to chain them). */
static inline uint64_t
hash_bytes_seed(const void *p, size_t len, uint64_t seed)
{
	const unsigned char *s = p;
	uint64_t h = seed ^ HASH_K0, a, b;
	size_t i = len;

	if (i <= 16)
		hash_short(s, i, &a, &b);
	else {
		if (i > 48) {
			uint64_t h1 = h, h2 = h;

			do {
				h = hash_step16(h, s);
				h1 = hash_fold(hash_rd64(s + 16) ^ HASH_K2,
				    hash_rd64(s + 24) ^ h1);
				h2 = hash_fold(hash_rd64(s + 32) ^ HASH_K3,
				    hash_rd64(s + 40) ^ h2);
				s += 48;
				i -= 48;
			} while (i > 48);
			h ^= h1 ^ h2;
		}
		while (i > 16) {
			h = hash_step16(h, s);
			s += 16;
			i -= 16;
		}
		/* The last 16 bytes, overlapping what was read: i > 0 here. */
		a = hash_rd64(s + i - 16);
		b = hash_rd64(s + i - 8);
	}
	return hash_last(h, a, b, len);
}

/*
 * A second hash, in one chain of hash_step16() over each whole 16 bytes
 * from the start, then the last 16 bytes (or hash_short()): what a loop
 * that looks for a key's end 16 bytes at a time can compute on the way,
 * before it knows the length.  hash_run_start() is the chain's start;
 * hash_run_end() adds the key's last bytes, given the chain over all the
 * whole 16 bytes of s[0..len).
 */
#define hash_run_start() (HASH_K3 ^ HASH_K0)

static inline uint64_t
hash_run_end(uint64_t h, const void *p, size_t len)
{
	const unsigned char *s = p;
	uint64_t a, b;

	if (len >= 16) {
		a = hash_rd64(s + len - 16);
		b = hash_rd64(s + len - 8);
	} else
		hash_short(s, len, &a, &b);
	return hash_last(h, a, b, len);
}

static inline uint64_t
hash_run(const void *p, size_t len)
{
	const unsigned char *s = p;
	uint64_t h = hash_run_start();
	size_t o;

	for (o = 0; o + 16 <= len; o += 16)
		h = hash_step16(h, s + o);
	return hash_run_end(h, s, len);
}

static inline uint64_t
hash_bytes(const void *p, size_t len)
{
	return hash_bytes_seed(p, len, HASH_K3);
}

#endif
