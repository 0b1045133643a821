/*
 * String table: every distinct frame name stored once.
 *
 * Names are interned into an arena of bytes and found again through an
 * open-addressing hash table; each gets a dense 32-bit id, in order of first
 * appearance, starting at 0.  Search, colour and comparisons work on ids, so
 * a regex runs once per distinct name, never once per node.  Names are byte
 * strings and may contain any byte, NUL included; the stored copy is followed
 * by a NUL for convenience.
 *
 * Ownership: the strtab owns every name.  Pointers returned by strtab_get()
 * stay valid until strtab_free() (the arena is never moved: it grows in
 * chunks).
 */
#ifndef TFLAME_MODEL_STRTAB_H
#define TFLAME_MODEL_STRTAB_H

#include <stddef.h>
#include <stdint.h>

struct strtab;

struct strtab *strtab_new(void);
void strtab_free(struct strtab *st);

/* Id of s[0..len), adding it if new.  Names longer than 4 GiB are refused by the reader long before. */
uint32_t strtab_intern(struct strtab *st, const char *s, size_t len);

/* Id of s[0..len), or UINT32_MAX when absent. */
uint32_t strtab_lookup(const struct strtab *st, const char *s, size_t len);

/* Bytes of name id; *len gets its length when len is not NULL. */
const char *strtab_get(const struct strtab *st, uint32_t id, size_t *len);

/*
 * The tables strtab_get() reads, for loops over many names: name id is
 * ptr[id], len[id] bytes long.  Valid until the next strtab_intern().
 */
void strtab_tables(const struct strtab *st, const char *const **ptr,
    const uint32_t **len);

/* Number of names. */
uint32_t strtab_count(const struct strtab *st);

/* Bytes held by the table (arena and index), for the benchmark. */
size_t strtab_memory(const struct strtab *st);

/*
 * Rank of every name in byte-wise order (memcmp, shorter prefix first):
 * fills rank[id] for every id < strtab_count().  O(U log U).
 */
void strtab_rank(const struct strtab *st, uint32_t *rank);

#endif
