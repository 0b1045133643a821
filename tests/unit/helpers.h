/*
 * Helpers shared by the unit tests: run a loader over a string and get what
 * it produced as folded text, build trees from folded lines.
 */
#ifndef TFLAME_TESTS_HELPERS_H
#define TFLAME_TESTS_HELPERS_H

#include <stddef.h>
#include <stdint.h>

#include "loaders/loader.h"
#include "loaders/sink_tree.h"
#include "model/tree.h"
#include "util/diag.h"

/*
 * A recording sink: every stack as "frame;frame;... COUNT\n" in arrival
 * order (not merged, not sorted), so a test sees exactly what a loader did.
 */
struct rec_sink {
	char *text;
	size_t len, cap;
	int nframes;
	size_t start;            /* where the open stack's text starts */
	size_t *spans;           /* (start, length) of each ended stack */
	size_t nspans, capspans;
	size_t *steps;           /* at(): (start, length, frames) of a stack */
	size_t nsteps, capsteps;
	char *names;             /* intern(): each name, NUL-ended */
	size_t *nameoff;         /* where each id's name starts in names */
	size_t nameslen, namescap, nnames, capnames;
	uint64_t lines, samples;  /* the loader's load_result */
	int parts;
	uint64_t joins;           /* forks joined (parts read at once) */
	uint64_t drops;           /* forks dropped (after a read error) */
};

void rec_init(struct rec_sink *r, struct stack_sink *sink);
void rec_free(struct rec_sink *r);

/* Load buf with the given format into a recording sink; returns the text (owned by r). */
const char *rec_load(struct rec_sink *r, enum input_format fmt,
    const struct load_opts *opts, const char *buf, size_t len, struct diag *d);

/*
 * rec_load() with reading failing at byte fail_at, as on a disk error:
 * every way must still agree (the stacks read before the error, and the
 * same messages).
 */
const char *rec_load_failing(struct rec_sink *r, enum input_format fmt,
    const struct load_opts *opts, const char *buf, size_t len,
    size_t fail_at, struct diag *d);

/* How many times pat starts in in[0..at) (in is a C string). */
uint64_t count_before(const char *in, size_t at, const char *pat);

/*
 * rec_load_failing() at twelve places through in[0..len) (len/12 apart,
 * then its last byte): each time the message names the error, count_ok()
 * accepts the sample count, and an error in the first of two parts drops
 * the second.
 */
void rec_read_errors(enum input_format fmt, const char *in, size_t len,
    int (*count_ok)(const char *in, size_t at, uint64_t samples));

/* Build a finished tree from folded text. */
/* The node for path "a;b;c" of t, made when missing (strtok: at most 255 bytes). */
uint32_t path_node(struct tree *t, const char *path);

struct tree *tree_from_folded(const char *text);

/*
 * Load text in format fmt into a new, unfinished tree, with the sink's
 * speed hooks (shortcut 1), with them passed through a wrapper sink made
 * of the sink_fwd_*() functions (2), or with none (0); in
 * one thread when parts is NULL, else in two parts when it can be cut
 * (*parts says: 2 when it was).
 */
struct tree *tree_load(enum input_format fmt, const char *text, size_t len,
    int shortcut, int *parts);
/* The same with load options (format included; threads and part_min set). */
struct tree *tree_load_opts(const struct load_opts *opts, const char *text,
    size_t len, int shortcut, int *parts);

/* --collapse output of t as a malloc'ed string. */
char *collapse_string(const struct tree *t);

/* Node reached by the path "a;b;c" from the root, or TREE_NONE. */
uint32_t node_at(const struct tree *t, const char *path);

/* Total / self of that node in profile 0, as integers. */
unsigned long long total_at(const struct tree *t, const char *path);
unsigned long long self_at(const struct tree *t, const char *path);

#endif
