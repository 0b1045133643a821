/*
 * The text of --annotate (model/annotate.h): one block per function, a
 * header as --top words the function's self weight, then its lines,
 * hottest first: weight, share of the function, file:line, source text.
 */
#ifndef TFLAME_EXPORT_ANNOTATE_TEXT_H
#define TFLAME_EXPORT_ANNOTATE_TEXT_H

#include <stddef.h>
#include <stdio.h>

#include "model/annotate.h"
#include "model/units.h"

struct annotate_text_opts {
	const struct tf_units *units; /* the profile's words for weights */
	struct tf_count all;          /* the profile's total weight */
	long lines;                   /* at most this many lines (0: all) */
};

/* Write function name's block to fp; 0, or -1 on a write error. */
int annotate_text_write(FILE *fp, const char *name, size_t len,
    const struct annotation *a, const struct annotate_text_opts *o);

#endif
