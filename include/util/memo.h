/*
 * The memo table: keys (byte strings) with a 64-bit value each, as the
 * perf loader remembers stack lines, samples and bodies by their text.
 *
 * Open addressing over small slots (a 32-bit hash tag, the hash's high
 * half, which also places the slot, and where the key's record is), so the
 * probed array stays in cache.  A record is the key's
 * value, hash and length, then the key itself, in one arena: a key found
 * costs the slot and one more place in memory.
 */
#ifndef TFLAME_UTIL_MEMO_H
#define TFLAME_UTIL_MEMO_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/macros.h"
#include "util/xalloc.h"

struct memo_slot {
	uint32_t tag;
	uint32_t entry; /* record offset / MEMO_ALIGN + 1; 0 = free */
};

struct memo_rec {
	uint64_t value;
	uint64_t hash;
	uint32_t len;   /* of the key, which follows */
	uint32_t aux;   /* the caller's (lines: the next line's entry) */
};

#define MEMO_ALIGN 8u

struct memo {
	struct memo_slot *slots;
	size_t mask;
	size_t used;        /* records */
	char *arena;        /* records, each MEMO_ALIGN-aligned */
	size_t alen, acap;
};

static inline struct memo_rec *
memo_rec(const struct memo *m, uint32_t entry)
{
	return (struct memo_rec *)(void *)(m->arena +
	    (size_t)(entry - 1) * MEMO_ALIGN);
}

static inline const char *
memo_key(const struct memo_rec *e)
{
	return (const char *)(e + 1);
}

/*
 * The slot holding the key k followed by rest (rn bytes; a key may come in
 * two pieces) with hash h, or the free slot where it would go; *value is
 * set when found.
 */
static inline struct memo_slot *
memo_find(const struct memo *m, const void *k, size_t n, const void *rest,
    size_t rn, uint64_t h, uint64_t *value)
{
	uint32_t tag = (uint32_t)(h >> 32);
	size_t i;

	for (i = tag & m->mask;; i = (i + 1) & m->mask) {
		struct memo_slot *s = &m->slots[i];
		const struct memo_rec *e;

		if (s->entry == 0)
			return s;
		if (s->tag != tag)
			continue;
		e = memo_rec(m, s->entry);
		if (e->len == n + rn && memcmp(memo_key(e), k, n) == 0 &&
		    (rn == 0 || memcmp(memo_key(e) + n, rest, rn) == 0)) {
			*value = e->value;
			return s;
		}
	}
}

/* memo_find() for a key in one piece: its record, or NULL. */
static inline struct memo_rec *
memo_get(const struct memo *m, const void *k, size_t n, uint64_t h)
{
	uint64_t v;
	const struct memo_slot *s = memo_find(m, k, n, NULL, 0, h, &v);

	return s->entry != 0 ? memo_rec(m, s->entry) : NULL;
}

/* The slot entry that refers to record e. */
static inline uint32_t
memo_entry(const struct memo *m, const struct memo_rec *e)
{
	return (uint32_t)(((const char *)e - m->arena) / MEMO_ALIGN) + 1;
}

static inline void
memo_init(struct memo *m)
{
	memset(m, 0, sizeof *m);
	m->mask = 1023;
	m->slots = xcalloc(m->mask + 1, sizeof *m->slots);
}

static inline void
memo_clear(struct memo *m)
{
	memset(m->slots, 0, (m->mask + 1) * sizeof *m->slots);
	m->used = 0;
	m->alen = 0;
}

/* The record after e in the arena. */
static inline size_t
memo_next(size_t off, const struct memo_rec *e)
{
	return off + ((sizeof *e + e->len + MEMO_ALIGN - 1) &
	    ~(size_t)(MEMO_ALIGN - 1));
}

/*
 * Double the slots.  A slot's place comes from its tag (the hash's high
 * half), so the slots move on their own: the records, most of them out of
 * the cache by then, are not read.
 */
static inline void
memo_grow(struct memo *m)
{
	size_t n = (m->mask + 1) * 2, i, j;
	struct memo_slot *old = m->slots;

	m->slots = xcalloc(n, sizeof *m->slots);
	for (i = 0; i <= m->mask; i++) {
		if (old[i].entry == 0)
			continue;
		for (j = old[i].tag & (n - 1); m->slots[j].entry != 0;
		    j = (j + 1) & (n - 1))
			;
		m->slots[j] = old[i];
	}
	m->mask = n - 1;
	free(old);
}

/*
 * Remember k, rest -> value in slot s, the free slot memo_find() gave;
 * returns the record (valid until the next memo_put()).
 */
static inline struct memo_rec *
memo_put(struct memo *m, struct memo_slot *s, const void *k, size_t n,
    const void *rest, size_t rn, uint64_t h, uint64_t value)
{
	size_t off = m->alen;
	struct memo_rec *e;

	xgrow((void **)&m->arena, &m->acap, off + sizeof *e + n + rn +
	    MEMO_ALIGN, 1);
	e = (struct memo_rec *)(void *)(m->arena + off);
	e->value = value;
	e->hash = h;
	e->len = (uint32_t)(n + rn);
	e->aux = 0;
	memcpy(m->arena + off + sizeof *e, k, n);
	if (rn > 0)
		memcpy(m->arena + off + sizeof *e + n, rest, rn);
	m->alen = memo_next(off, e);
	m->used++;
	s->tag = (uint32_t)(h >> 32);
	s->entry = (uint32_t)(off / MEMO_ALIGN) + 1;
	if (m->used * 2 > m->mask + 1)
		memo_grow(m);
	return (struct memo_rec *)(void *)(m->arena + off);
}

/* What the memo holds: its records and two slots per record. */
static inline size_t
memo_bytes(const struct memo *m)
{
	return m->alen + m->used * 2 * sizeof *m->slots;
}

static inline void
memo_free(struct memo *m)
{
	free(m->slots);
	free(m->arena);
	memset(m, 0, sizeof *m);
}

#endif
