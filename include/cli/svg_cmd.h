/*
 * --svg: write the loaded profile as an SVG flame graph and exit.
 */
#ifndef TFLAME_CLI_SVG_CMD_H
#define TFLAME_CLI_SVG_CMD_H

#include "cli/options.h"
#include "loaders/sink_tree.h"
#include "model/store.h"
#include "model/tree.h"
#include "svg/svg.h"

/*
 * The SVG view the options ask for (flamegraph.pl's options, --inverted,
 * --reverse, --negate, --search): what --svg writes, and what the viewer's
 * `s` starts from, so both write the same file for the same view.  Returns
 * EXIT_OK, or EXIT_USAGE after saying what is wrong.
 */
int svg_view_from_options(const struct options *o, const struct tree *t,
    struct svg_view *v);

/*
 * Write t as o->svg says, its numbers worded by perf's event (NULL or "":
 * none); returns the exit status (messages on stderr).  --flamechart:
 * the samples of store s in time order, or without any, the stacks of q
 * in the input's order (either may be NULL).
 */
int svg_command(const struct options *o, struct tree *t, const char *event,
    const struct store *s, const struct sink_seq *q);

#endif
