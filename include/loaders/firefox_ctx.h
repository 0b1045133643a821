/*
 * The Firefox Profiler loader's private parts (firefox.c walks profiles
 * and threads; firefox_table.c reads the tables, in either shape, into
 * columns of numbers and arrays of strings).
 */
#ifndef TFLAME_LOADERS_FIREFOX_CTX_H
#define TFLAME_LOADERS_FIREFOX_CTX_H

#include <stddef.h>
#include <stdint.h>

#include "util/json.h"

#define NO_MARK ((size_t)-1)

/* A text: the input, or a profile held as JSON text in it. */
struct doc {
	const char *s;
	size_t n;
	int text;    /* a profile held as JSON text (errors say so) */
};

/* One column: numbers (null is NAN). */
struct col {
	double *v;
	size_t n, cap;
};

/* Strings: one arena. */
struct strs {
	char *arena;
	size_t alen, acap;
	size_t *off;
	uint32_t *ids;           /* the sink's ids, UINT32_MAX: none yet */
	size_t n, cap;
};

/* The columns a table may have; cols[i] is filled for name[i]. */
struct want {
	const char *name[4];
	struct col *cols[4];
	int seen[4];
};

void col_push(struct col *c, double v);
void col_free(struct col *c);
void strs_free(struct strs *s);
/* An array of strings (null as "") into s (its ids all unset). */
int read_strs(struct json *j, struct strs *s);
/*
 * A table, either shape (columns {"name": [...]}, or Gecko's {"schema":
 * {"name": index}, "data": [[row]...]} in any key order): the columns
 * named in w into w's cols (a column the table lacks stays empty, its
 * w->seen 0).  -1 with the reader's error set.
 */
int read_table(struct json *j, const struct doc *dc, struct want *w);

#endif
