/*
 * A subtree as folded stacks.  See export/subtree.h.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "export/subtree.h"
#include "model/count.h"
#include "util/xalloc.h"

/* Append the line of node (its stack and self count c) if it fits. */
static int
put_line(const struct tree *t, uint32_t node, struct tf_count c, char *buf,
    size_t cap, struct subtree_text *out, uint32_t **path, size_t *pathcap)
{
	const struct tree_node *nodes = tree_nodes(t);
	char num[COUNT_BUFSZ];
	size_t n = 0, len = 0, k, i, nl;
	uint32_t a;
	const char *name;

	for (a = node; a != TREE_ROOT; a = nodes[a].parent) {
		xgrow((void **)path, pathcap, n + 1, sizeof **path);
		(*path)[n++] = a;
		tree_name(t, a, &k);
		len += k + 1; /* the name and ';' or ' ' */
	}
	if (n == 0)
		return 1; /* the root is no frame: an empty stack has no line */
	nl = count_format(num, c);
	if (out->len + len + nl + 2 > cap)
		return 0;
	for (i = n; i-- > 0;) {
		name = tree_name(t, (*path)[i], &k);
		memcpy(buf + out->len, name, k);
		out->len += k;
		buf[out->len++] = i > 0 ? ';' : ' ';
	}
	memcpy(buf + out->len, num, nl);
	out->len += nl;
	buf[out->len++] = '\n';
	buf[out->len] = '\0';
	out->lines++;
	return 1;
}

/* Write the folded stacks under node into buf. */
void
subtree_folded(const struct tree *t, int prof, uint32_t node, char *buf,
    size_t cap, struct subtree_text *out)
{
	struct tree_walk w;
	uint32_t *path = NULL, n;
	size_t pathcap = 0;
	struct tf_count c;

	memset(out, 0, sizeof *out);
	if (cap > 0)
		buf[0] = '\0';
	tree_preorder(&w, t, node);
	while ((n = tree_preorder_next(&w)) != TREE_NONE) {
		c = tree_self(t, prof, n);
		if ((c.n != 0 || c.frac != 0.0) &&
		    !put_line(t, n, c, buf, cap, out, &path, &pathcap)) {
			out->cut = 1;
			break;
		}
	}
	free(path);
}
