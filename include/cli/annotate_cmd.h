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

/*
 * Print the functions of t (finished) that match o->annotate: their lines
 * from lt (perf script -F +srcline), or, when the input was the perf.data
 * file perfdata (not NULL), from perf annotate.  fmt is the input's
 * format, event the event loaded ("" when not known).  An exit status.
 */
int annotate_command(const struct options *o, const struct tree *t,
    const struct linetab *lt, const char *perfdata, enum input_format fmt,
    const char *event);

#endif
