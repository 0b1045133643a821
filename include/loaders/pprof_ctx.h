/*
 * The pprof loader's context (private to src/loaders/pprof*.c): the
 * profile's tables as the wire decoder (pprof_wire.c) keeps them, and
 * what the folding (pprof.c) adds.  The format is described at the top
 * of pprof.c.
 */
#ifndef TFLAME_LOADERS_PPROF_CTX_H
#define TFLAME_LOADERS_PPROF_CTX_H

#include <stddef.h>
#include <stdint.h>

#include "loaders/loader.h"
#include "util/diag.h"
#include "util/macros.h"

/*
 * The processor time drop_frames and keep_frames may take over all the
 * names of a profile (each name also under the search module's match
 * limits); past it they are not applied, and a note says so.
 */
#ifndef PPROF_MATCH_BUDGET_MS
#define PPROF_MATCH_BUDGET_MS 2000
#endif

/*
 * The memory the tables may take (strings, mappings, functions, locations,
 * lines, id indices, frame names, the samples pass's own): at most
 * PPROF_TABLES_PER_BYTE times the profile's (inflated) size plus
 * PPROF_TABLES_SLACK.  Every table is counted, or accounted as it grows,
 * before it is allocated; a profile past the bound is refused with a
 * message.  With the profile itself that is at most three times its size
 * plus 64 MiB, before the tree.
 */
#ifndef PPROF_TABLES_PER_BYTE
#define PPROF_TABLES_PER_BYTE 2u
#endif
#ifndef PPROF_TABLES_SLACK
#define PPROF_TABLES_SLACK (64u << 20)
#endif

/*
 * A string: offset and length in buf (32-bit: a profile is at most 1 GiB),
 * or, for a frame name, an offset past buf's end into the names arena.
 */
struct pp_span {
	uint32_t off, len;
};

struct pp_mapping {
	uint64_t id;
	uint64_t file;      /* string index */
};

struct pp_function {
	uint64_t id;
	uint64_t name;      /* string index */
};

/*
 * Counts and offsets are 32-bit: a profile is at most PPROF_MAX_BYTES (1 GiB)
 * and every line costs at least two bytes of it, so lines and frames stay
 * under 2^30.  (A location is 48 bytes; a profile can have millions.)
 */
struct pp_location {
	uint64_t id, mapping, addr;
	uint32_t line0, nlines; /* into lines[], function ids then indices */
	uint32_t fr0, nfr;      /* into frames[], root-most first */
	int prune;              /* 1 prune beneath, 2 prune all */
};

/* What the samples pass needs of a location (nfr < 2^30: see above). */
struct pp_use {
	uint32_t fr0;
	unsigned int nfr : 30, prune : 2;
};

/*
 * id -> index + 1 (0: empty slot), open addressing; or, with keys NULL,
 * ids 1..dense are indices 0..dense-1.
 */
struct pp_index {
	uint64_t *keys;
	uint32_t *vals;
	size_t mask;
	size_t dense;
};

struct pp_ctx {
	const struct load_opts *opts;
	struct diag *d;
	const unsigned char *buf;
	size_t len;
	char *err;              /* the first error */
	uint64_t mem, memcap;   /* bytes the tables take, and may */
	struct pp_span *str;
	size_t nstr, capstr;
	uint64_t (*types)[2];   /* string indices: type, unit */
	size_t ntypes, captypes;
	struct pp_mapping *maps;
	size_t nmaps, capmaps;
	struct pp_function *funcs;
	size_t nfuncs, capfuncs;
	struct pp_location *locs;
	size_t nlocs, caplocs;
	struct pp_use *use;     /* the locations, once named (locs freed) */
	uint64_t *lines;
	size_t nlines, caplines;
	uint64_t nsamples;
	uint64_t drop, keep, dflt; /* string indices */
	struct pp_index imap, ifunc, iloc;
	/*
	 * Frame names of the locations: a frame's span is an offset into buf
	 * when the name is used as it stands there, else len + an offset into
	 * names (cleaned, or with a prefix or suffix).
	 */
	char *names;
	size_t nlen, ncap;
	struct pp_span *frames;
	size_t nframes, capframes;
	/* one sample */
	uint32_t *sloc;
	size_t nsloc, capsloc;
};

/* A message being walked: [p, end) of the buffer. */
struct pp_msg {
	const unsigned char *p, *end;
};

/* One field of a message. */
struct pp_field {
	uint64_t num;
	int wt;
	uint64_t v;             /* wire types 0, 1, 5 */
	struct pp_msg sub;      /* wire type 2 */
	size_t at;              /* offset of its key */
};

/* pprof_wire.c: record the first error (printf-style). */
void pp_fail(struct pp_ctx *x, const char *fmt, ...) ATTR_FORMAT(2, 3);

/*
 * Account bytes more of tables (what names them): 0, or -1 with an error
 * recorded when that would take them past memcap.
 */
int pp_reserve(struct pp_ctx *x, uint64_t bytes, const char *what);

/* Give back bytes accounted with pp_reserve(). */
void pp_release(struct pp_ctx *x, uint64_t bytes);

/* The next field of m: 1, 0 at the end, -1 on an error (recorded). */
int pp_next_field(struct pp_ctx *x, struct pp_msg *m, struct pp_field *f);

/* A repeated varint field, packed or not: fn(ctx, value) for each; 0 or -1. */
int pp_each_int(struct pp_ctx *x, const struct pp_field *f, const char *what,
    void (*fn)(void *, uint64_t), void *ctx);

/*
 * First pass: every table but the samples, which are counted; 0 or -1.
 * The tables are counted first and allocated once, within memcap.
 */
int pp_decode(struct pp_ctx *x);

/*
 * pprof_drop.c: apply drop_frames and keep_frames to the locations (as
 * pprof's Prune does); 0, or -1 on an error (recorded).
 */
int pp_prune_mark(struct pp_ctx *x);

/* pprof.c: the index of id in ix, or -1. */
long pp_index_find(const struct pp_index *ix, uint64_t id);

/* pprof_names.c: every location's frame names; 0, or -1 (error recorded). */
int pp_location_names(struct pp_ctx *x);

#endif
