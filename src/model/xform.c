/*
 * The transform registry.  See model/xform.h.
 *
 * Each row's apply reads the fields of struct xform_in its argument kind
 * names and calls one function of model/transform.h.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model/transform.h"
#include "model/xform.h"
#include "util/xalloc.h"

static struct tree *
apply_focus(const struct tree *t, const struct xform_in *in)
{
	return transform_focus(t, in->marks);
}

/* The frame gone (a tree made anew): nothing is left. */
static struct tree *
apply_subtree(const struct tree *t, const struct xform_in *in)
{
	unsigned char *m;
	struct tree *o;

	if (in->node != TREE_NONE)
		return transform_focus_node(t, in->node);
	m = xcalloc((size_t)strtab_count(tree_strtab_c(t)) + 1, 1);
	o = transform_focus(t, m);
	free(m);
	return o;
}

static struct tree *
apply_exclude(const struct tree *t, const struct xform_in *in)
{
	return transform_exclude(t, in->marks);
}

static struct tree *
apply_merge(const struct tree *t, const struct xform_in *in)
{
	return transform_merge(t, in->marks);
}

static struct tree *
apply_recursion(const struct tree *t, const struct xform_in *in)
{
	return transform_collapse_recursion(t, in->marks);
}

static struct tree *
apply_threads(const struct tree *t, const struct xform_in *in)
{
	(void)in;
	return transform_merge_threads(t);
}

/* A copy of t with its siblings in another order. */
static struct tree *
apply_order(const struct tree *t, const struct xform_in *in)
{
	struct tree *o = transform_focus_node(t, TREE_ROOT);

	tree_set_order(o, in->order, in->prof);
	return o;
}

const struct xform xform_table[] = {
	{"focus", NULL, "focus", 1, 'f', "f F", "focus on this function (all "
	    "its frames) / on this frame's subtree", XFORM_ARG_FUNC,
	    apply_focus},
	{"subtree", NULL, NULL, 0, 'F', "", "", XFORM_ARG_FRAME,
	    apply_subtree},
	{"exclude", NULL, "exclude", 1, 'x', "x m", "exclude the stacks "
	    "through this function / merge it into its callers",
	    XFORM_ARG_FUNC, apply_exclude},
	{"merge", NULL, "hide", 1, 'm', "", "", XFORM_ARG_FUNC, apply_merge},
	{"collapse", "collapse recursion", "collapse-recursion", 0, 'c',
	    "c T", "collapse this function's recursion / merge per-CPU and "
	    "per-thread roots", XFORM_ARG_FUNC, apply_recursion},
	{"merge threads", NULL, "merge-threads", 0, 'T', "", "",
	    XFORM_ARG_NONE, apply_threads},
	{"order", NULL, NULL, 0, 'o', "o U", "siblings heaviest first or by "
	    "name / drop every transform", XFORM_ARG_ORDER, apply_order},
};

const size_t xform_count = sizeof xform_table / sizeof xform_table[0];

const struct xform *
xform_by_key(int key)
{
	size_t i;

	for (i = 0; i < xform_count; i++)
		if (key != 0 && xform_table[i].key == key)
			return &xform_table[i];
	return NULL;
}

const struct xform *
xform_by_flag(const char *flag)
{
	size_t i;

	for (i = 0; i < xform_count; i++)
		if (xform_table[i].flag != NULL &&
		    strcmp(xform_table[i].flag, flag) == 0)
			return &xform_table[i];
	return NULL;
}

const struct xform *
xform_by_verb(const char *verb)
{
	size_t i;

	for (i = 0; i < xform_count; i++)
		if (strcmp(xform_table[i].verb, verb) == 0)
			return &xform_table[i];
	return NULL;
}

void
xform_describe(const struct xform *x, const char *arg, size_t len,
    enum tree_order order,
    void (*put)(void *ctx, const char *s, size_t len), void *ctx)
{
	const char *o;

	switch (x->arg) {
	case XFORM_ARG_NONE:
		put(ctx, x->verb, strlen(x->verb));
		return;
	case XFORM_ARG_ORDER:
		o = order == TREE_ORDER_WEIGHT ? " weight" : " name";
		put(ctx, x->verb, strlen(x->verb));
		put(ctx, o, strlen(o));
		return;
	default:
		break;
	}
	if (arg == NULL && x->all != NULL) {
		put(ctx, x->all, strlen(x->all));
		return;
	}
	put(ctx, x->verb, strlen(x->verb));
	put(ctx, " ", 1);
	if (arg != NULL)
		put(ctx, arg, len);
}
