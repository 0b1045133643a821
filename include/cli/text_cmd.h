/*
 * --top and --tree: the function table and the call tree as text.
 */
#ifndef TFLAME_CLI_TEXT_CMD_H
#define TFLAME_CLI_TEXT_CMD_H

#include "cli/options.h"
#include "model/tree.h"

/*
 * Print t (finished) as o->mode asks (MODE_TOP or MODE_TREE) on standard
 * output.  fmt is the input's format (perf input's frames under the root
 * are commands, not functions), event the event loaded ("" when not
 * known).  Returns an exit status.
 */
int text_command(const struct options *o, const struct tree *t,
    enum input_format fmt, const char *event);

#endif
