/*
 * The function table as text (tflame --top): a header line with the
 * profile's total and event, then one aligned row per function, sorted.
 */
#ifndef TFLAME_EXPORT_TOP_H
#define TFLAME_EXPORT_TOP_H

#include <stdio.h>

#include "model/functions.h"
#include "model/tree.h"

struct top_opts {
	uint32_t rows;               /* rows to print; 0: all */
	int prof;                    /* the profile shown (AFTER with --diff) */
	int diff;                    /* Before / After / Change columns */
	const char *event;           /* NULL or "": not known */
	const char *pattern;         /* --search, or NULL */
	const unsigned char *marks;  /* by name id: matches of pattern */
	struct tf_count matched;     /* pattern's matched count in prof */
};

/* Write f's view (sorted by its owner) to fp.  0, or -1 on a write error. */
int top_write(FILE *fp, const struct tree *t, const struct functions *f,
    const struct top_opts *o);

#endif
