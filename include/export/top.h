/*
 * The function table as text (tflame --top): a header line with the
 * profile's total and event, then one aligned row per function, sorted.
 * For perf input whose weights are periods, the weight in its unit and
 * the sample records beside it, self and total.
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
	/*
	 * For the sample records (perf: the weight is the periods' sum):
	 * functions_build()'s skip_depth, and --countname (NULL or
	 * "samples": not given).  When the tree keeps records that differ
	 * from the weight, and not with diff, the total and the rows give
	 * both as the status line words them (model/units.h).
	 */
	int skip_depth;
	const char *countname;
};

/*
 * The sample records by function name id, self and total (a stack counted
 * once however often the function recurs in it), as functions_build()
 * counts the weights (root frames above skip_depth left out): one walk of
 * t, O(nodes).  Both arrays owned, by name id.
 */
struct top_samples {
	uint64_t *self, *total;
};

void top_samples_build(struct top_samples *s, const struct tree *t,
    int prof, int skip_depth);
void top_samples_free(struct top_samples *s);

/* Write f's view (sorted by its owner) to fp.  0, or -1 on a write error. */
int top_write(FILE *fp, const struct tree *t, const struct functions *f,
    const struct top_opts *o);

#endif
