/*
 * The bpftrace loader's context (private to src/loaders/bpftrace*.c); the
 * format and how it is folded are described at the top of bpftrace.c.
 *
 *  - bpftrace.c: the text reader (a two-state machine over the lines),
 *    load_bpftrace() and the sniffer;
 *  - bpftrace_json.c: the JSON reader (`bpftrace -f json`);
 *  - bpftrace_store.c: the map store both readers fill: maps, entries,
 *    their key fields and the interned frame lines of their stacks;
 *  - bpftrace_fold.c: the map chosen, kernel/user votes, frame names
 *    cleaned, and the stacks given to the sink.
 */
#ifndef TFLAME_LOADERS_BPFTRACE_CTX_H
#define TFLAME_LOADERS_BPFTRACE_CTX_H

#include <stddef.h>
#include <stdint.h>

#include "loaders/loader.h"
#include "loaders/sink.h"
#include "util/diag.h"
#include "input/reader.h"

#define PH '\0'             /* stands for a stack in the key text */

/* One frame line (or text field) in the arena. */
struct bt_span {
	size_t off, len;
};

/* A key field: text (arena span) or a stack (lines[first .. first+n)). */
struct bt_field {
	int stack;
	size_t a, b;        /* text: off, len; stack: first line, count */
};

struct bt_entry {
	uint32_t map;
	int negative;
	uint64_t value;
	size_t field0, nfields;
};

struct bt_map {
	char *name;         /* "@" or "@name" */
	uint64_t entries;   /* keyed entries, integer or not */
	uint64_t ints;      /* with an integer value */
	int stacky;         /* an integer entry with a non-empty stack */
};

/* A distinct frame line, and what folding learns of it (computed once). */
struct bt_uline {
	size_t off, len;        /* in the arena */
	uint64_t hash;
	int vote;               /* 1 kernel address, 0 user, -1 none, -2 not yet */
	int root;               /* kernel entry point: 1, 0, -1 not yet */
	size_t noff, nlen;      /* cleaned name in names, when named */
	int named;
	uint32_t next;          /* the line that followed it last time */
	uint32_t sid, ksid;     /* the sink's ids of the name, of name_[k] */
	unsigned char has_sid, has_ksid;
};

struct bt_ctx {
	const struct load_opts *opts;
	struct diag *d;
	char *arena;
	size_t alen, acap;
	uint32_t *lines;        /* frame lines of the stacks, as ulines ids */
	size_t nlines, caplines;
	struct bt_uline *ul;    /* distinct frame lines */
	size_t nul, capul;
	uint32_t *slots;        /* hash table of ul: id + 1, 0 empty */
	size_t nslots;
	uint32_t first, prev;   /* guesses: a stack's first line, the last */
	char *names;            /* cleaned frame names */
	size_t nmlen, nmcap;
	struct bt_field *fields;
	size_t nfields, capfields;
	struct bt_entry *ents;
	size_t nents, capents;
	struct bt_map *maps;
	size_t nmaps, capmaps;
	/* the entry being read */
	char *key;          /* key text, PH for each stack */
	size_t klen, kcap;
	struct bt_span *stk; /* its stacks: first line, count */
	size_t nstk, capstk;
	uint32_t cur_map;
	size_t mark_lines;
	/* JSON strings decoded */
	char *js;
	size_t jslen, jscap;
	char *tmp;
	size_t tmpcap;
	uint64_t bad_json;
	/*
	 * The members of one JSON map object: the key (decoded, in mkeys),
	 * the value's text, repeated or not.
	 */
	struct bt_member {
		size_t off, len;
		size_t vs, ve;
		uint64_t hash;
		int dup;        /* a later member has the same key */
	} *mem;
	size_t nmem, capmem;
	char *mkeys;
	size_t mklen, mkcap;
	uint32_t *mslot;
	size_t capslot;
	/* distinct stacks (runs of line ids in lines), hashed: an entry's
	 * stack that repeats one read before shares its run */
	struct bt_run {
		size_t off, len;
		uint64_t hash;
	} *runs;
	size_t nruns, capruns;
	uint32_t *rslots;       /* id + 1, 0 empty */
	size_t nrslots;
};
/* bpftrace_store.c: the map store. */
int bt_py_space(unsigned char c);
int bt_py_blank(const char *s, size_t n);
uint32_t bt_map_id(struct bt_ctx *x, const char *name, size_t n);
uint32_t bt_map_id_at(struct bt_ctx *x, const char *s, size_t n);
long bt_entry_start(const char *s, size_t n, char close);
void bt_entry_begin(struct bt_ctx *x, uint32_t map);
void bt_entry_drop(struct bt_ctx *x);
void bt_entry_nonint(struct bt_ctx *x);
void bt_entry_finish(struct bt_ctx *x, uint64_t v, int neg, const char *sep,
    size_t seplen);
void bt_key_add(struct bt_ctx *x, const char *s, size_t n);
void bt_stack_begin(struct bt_ctx *x);
void bt_stack_line(struct bt_ctx *x, const char *s, size_t n);
int bt_parse_value(const char *s, size_t n, uint64_t *v, int *neg);

/* bpftrace_json.c: read `bpftrace -f json` output (first: its first line). */
void bt_read_json(struct bt_ctx *x, struct reader *r, const char *first,
    size_t firstlen, struct load_result *res);

/* bpftrace_fold.c: the map to fold (-1 with *err), and folding it. */
long bt_choose_map(struct bt_ctx *x, char **err);
void bt_fold_map(struct bt_ctx *x, uint32_t m, struct stack_sink *sink,
    struct load_result *res);

#endif
