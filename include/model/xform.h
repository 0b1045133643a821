/*
 * The transform registry: one row per transform of the profile (focus,
 * exclude, merge...), read by everything that offers one: the command
 * line (its flag, cli/transform_cmd.c), the viewer's history (how a step
 * is made again and named in the breadcrumb, model/history.c), the
 * viewer's keys and its help screen (tui/view_xform.c).
 *
 * A row names its pure tree -> tree function (model/transform.h) and the
 * argument it takes:
 *   XFORM_ARG_NONE   nothing (merge threads);
 *   XFORM_ARG_FUNC   functions, as marks over the tree's names: from a
 *                    key, the selected frame's exact name; from a flag, a
 *                    regex (PCRE2, marked by the caller's layer); NULL
 *                    marks (a flag without a regex): every function;
 *   XFORM_ARG_FRAME  one frame, by its exact path (the viewer's F);
 *   XFORM_ARG_ORDER  a sibling order, by one profile's totals.
 * A new transform is its function and one row in src/model/xform.c.
 *
 * Nothing here knows the terminal: a key is a plain character code.
 */
#ifndef TFLAME_MODEL_XFORM_H
#define TFLAME_MODEL_XFORM_H

#include <stddef.h>
#include <stdint.h>

#include "model/tree.h"

enum xform_arg {
	XFORM_ARG_NONE,
	XFORM_ARG_FUNC,
	XFORM_ARG_FRAME,
	XFORM_ARG_ORDER
};

/* What a transform is applied with (the fields its argument kind reads). */
struct xform_in {
	const unsigned char *marks; /* FUNC: one byte per name id, NULL: all */
	uint32_t node;              /* FRAME: the frame, TREE_NONE when gone */
	enum tree_order order;      /* ORDER: the order set, */
	int prof;                   /* by this profile's totals */
};

struct xform {
	const char *verb;  /* the breadcrumb's word, before the argument */
	const char *all;   /* FUNC without marks: the breadcrumb's words */
	const char *flag;  /* the long option, without "--" (NULL: none) */
	int flag_re;       /* the flag takes a regex (else no argument) */
	int key;           /* the viewer's key (0: none) */
	const char *keys;  /* the help screen's row: keys ("" continues */
	const char *help;  /* the row before) and what they do */
	enum xform_arg arg;
	struct tree *(*apply)(const struct tree *t, const struct xform_in *in);
};

/* The rows, in the order the help screen lists the keys. */
extern const struct xform xform_table[];
extern const size_t xform_count;

/* The row of a viewer key, of a long option (no "--"); NULL: none. */
const struct xform *xform_by_key(int key);
const struct xform *xform_by_flag(const char *flag);
/* The row of a breadcrumb's verb ("merge threads"); NULL: none. */
const struct xform *xform_by_verb(const char *verb);

/*
 * Name a step of x with argument arg[0..len) (a function's name or regex;
 * NULL: none) and order (XFORM_ARG_ORDER) in buf, as the breadcrumb does:
 * "focus main", "merge threads", "order weight", "collapse recursion".
 * put() appends bytes; the argument goes through it whole (the caller
 * cuts it).
 */
void xform_describe(const struct xform *x, const char *arg, size_t len,
    enum tree_order order,
    void (*put)(void *ctx, const char *s, size_t len), void *ctx);

#endif
