/*
 * The transform flags: --focus=RE, --exclude=RE, --hide=RE (PCRE2, matched
 * once per distinct name), --collapse-recursion and --merge-threads, applied
 * in the order given right after loading, and --order=name|weight.  Every
 * mode calls transform_cmd_apply() once on the loaded tree.
 */
#ifndef TFLAME_CLI_TRANSFORM_CMD_H
#define TFLAME_CLI_TRANSFORM_CMD_H

#include "cli/options.h"
#include "model/history.h"
#include "model/tree.h"
#include "util/diag.h"

/*
 * Check that every regex of o compiles; on the first that does not, say
 * why on stderr (naming flag) and return -1.
 */
int transform_cmd_check(const struct options *o);

/*
 * Apply o's transforms in order to t (finished) and return the tree that
 * results; t is freed unless it is returned (no transform).  The sibling
 * order of --order is set on it unless the mode is --collapse (whose
 * folded lines are always sorted by name).  Each regex has
 * SEARCH_BUDGET_MS to match the names; the names it gave up on are a note
 * in d (on stderr when d is NULL).
 */
struct tree *transform_cmd_apply(const struct options *o, struct tree *t,
    struct diag *d);

/*
 * The viewer's way: push o's transforms in order on h, a history
 * of the loaded tree (history_init(), finished), as steps of the viewer's
 * history, as if typed as keys: each with its regex (the history marks
 * through the search's PCRE2 as it makes a tree again) and the root as
 * its zoom and selection.  The --order of o is set on the loaded tree
 * first (the transforms keep it).  Returns history_tree(h).
 */
struct tree *transform_cmd_history(const struct options *o,
    struct history *h);

/*
 * Does the viewer take o's transforms as steps (transform_cmd_history())?
 * Yes unless there are none, the mode is not the viewer's, or --diff -n
 * scales the transformed profile (then applied as in the other modes).
 */
int transform_cmd_in_viewer(const struct options *o);

/*
 * Write the steps as the viewer's breadcrumb shows them ("exclude RE ›
 * merge RE › collapse recursion"), into buf (size bytes, cut on the left
 * with "…" when longer); an empty string when there are none.
 */
void transform_cmd_describe(const struct options *o, char *buf, size_t size);

#endif
