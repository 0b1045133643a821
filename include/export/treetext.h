/*
 * The call tree as indented text (tflame --tree), as perf report --stdio
 * prints its graph: one line per node whose total is at least a given
 * share of the root's, with total %, self % and the name, indented two
 * spaces per level, the heaviest child first (then by name).  Levels
 * deeper than TREETEXT_MAX_INDENT are indented as that one and start with
 * their depth in brackets, so that a stack 100,000 frames deep does not
 * print gigabytes of blanks.  The total, and with --diff each side's total
 * and the change, are worded as the status line words them
 * (model/units.h).  In the caller tree only the first level, where the
 * function was sampled, has a self share: its callers' is left blank.
 */
#ifndef TFLAME_EXPORT_TREETEXT_H
#define TFLAME_EXPORT_TREETEXT_H

#include <stdio.h>

#include "model/tree.h"

#define TREETEXT_MAX_INDENT 64

struct treetext_opts {
	double percent;              /* lines for totals >= this % of all */
	int prof;                    /* the profile shown (AFTER with --diff) */
	int diff;                    /* add the self change column */
	int reverse;                 /* t is the caller tree (for the header) */
	const char *event;           /* NULL or "": not known */
	const char *pattern;         /* --search, or NULL */
	const unsigned char *marks;  /* by name id: matches of pattern */
	struct tf_count matched;     /* pattern's matched count in prof */
	const char *countname;       /* --countname (NULL or "samples": none) */
};

/* Write t (finished) to fp.  0, or -1 on a write error. */
int treetext_write(FILE *fp, const struct tree *t,
    const struct treetext_opts *o);

#endif
