/*
 * A subtree as folded stacks, for the viewer's Y (copy to the clipboard).
 *
 * One "a;b;c count" line for every frame under (and including) the given
 * node whose self count is not zero, each stack written from the root's
 * first frame (the root "all" is not a frame), in the tree's sibling order
 * (after tree_finish(): by name), so the text read by --collapse or the
 * viewer gives back the selected frame with its callers and everything it
 * called.  The text stops at the last whole line that fits the buffer,
 * which is how the 100 KB limit of a clipboard copy is kept.
 *
 * The walk follows first-child / next-sibling / parent links, so it needs
 * no recursion at any depth; a line's path is found by climbing parents,
 * which costs no more than the line written.
 */
#ifndef TFLAME_EXPORT_SUBTREE_H
#define TFLAME_EXPORT_SUBTREE_H

#include <stddef.h>
#include <stdint.h>

#include "model/tree.h"

struct subtree_text {
	size_t len;              /* bytes written to the buffer */
	uint64_t lines;          /* whole lines written */
	int cut;                 /* more lines did not fit */
};

/*
 * Write the folded stacks under node (profile prof) into buf[0..cap), NUL
 * terminated when cap > 0; what was written goes in *out.
 */
void subtree_folded(const struct tree *t, int prof, uint32_t node, char *buf,
    size_t cap, struct subtree_text *out);

#endif
