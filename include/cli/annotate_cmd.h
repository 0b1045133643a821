/*
 * --annotate=RE: each function matching RE, most self weight first, with
 * its source lines (model/annotate.h, export/annotate_text.h).
 */
#ifndef TFLAME_CLI_ANNOTATE_CMD_H
#define TFLAME_CLI_ANNOTATE_CMD_H

#include "cli/options.h"
#include "loaders/loader.h"
#include "model/annotate.h"
#include "model/tree.h"
#include "util/diag.h"

#include <stdio.h>

/*
 * Print the functions of t (finished) that match o->annotate: their lines
 * from lt (perf script -F +srcline), or, when the input was the perf.data
 * file perfdata (not NULL), from perf annotate.  fmt is the input's
 * format, event the event loaded ("" when not known).  An exit status.
 */
int annotate_command(const struct options *o, const struct tree *t,
    const struct linetab *lt, const char *perfdata, enum input_format fmt,
    const char *event);

/*
 * When more than MISSING_SHARE percent of profile prof of t is in frames
 * without a symbol (model/annotate.h), say which modules and what helps:
 * on fp as "tflame: note: ..." (when not NULL: after --top), as a note of
 * d (when not NULL: the messages panel), and the first sentence into
 * note[0..cap) (when not NULL: the status line).  1 when it said so.
 */
int missing_symbols_say(const struct tree *t, int prof, FILE *fp,
    struct diag *d, char *note, size_t cap);

#endif
