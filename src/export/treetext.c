/*
 * The call tree as indented text: tflame --tree.  See export/treetext.h.
 *
 * A preorder walk with an explicit stack of node ids (no recursion, so a
 * stack 100,000 frames deep prints): a node's children that reach the
 * threshold are sorted, heaviest first, and pushed in reverse.  A node
 * under the threshold hides its subtree, whose totals are no larger.
 * Numbers are worded by model/units.h, as the status line words them.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "export/treetext.h"
#include "model/units.h"
#include "util/escape.h"
#include "util/sort.h"
#include "util/xalloc.h"

struct ctx {
	const struct tree *t;
	int prof;
	const uint32_t *rank;
};

/* Heaviest first, then by name. */
static int
child_cmp(uint32_t a, uint32_t b, void *arg)
{
	const struct ctx *c = arg;
	struct tf_count ta = tree_total(c->t, c->prof, a);
	struct tf_count tb = tree_total(c->t, c->prof, b);
	uint32_t na = tree_node(c->t, a)->name, nb = tree_node(c->t, b)->name;

	if (ta.n != tb.n)
		return ta.n > tb.n ? -1 : 1;
	if (ta.frac != tb.frac)
		return ta.frac > tb.frac ? -1 : 1;
	if (c->rank[na] != c->rank[nb])
		return c->rank[na] < c->rank[nb] ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* s[0..len) escaped into *buf (grown as needed); returns it. */
static const char *
esc(const char *s, size_t len, char **buf, size_t *cap)
{
	size_t need = escape_text(*buf, *cap, s, len) + 1;

	if (need > *cap) {
		*cap = need;
		*buf = xreallocarray(*buf, *cap, 1);
		escape_text(*buf, *cap, s, len);
	}
	return *buf;
}

/* share of c in all, in percent (0 when all is 0). */
static double
share(struct tf_count c, double all)
{
	return all > 0 ? count_value(c) * 100 / all : 0;
}

int
treetext_write(FILE *fp, const struct tree *t, const struct treetext_opts *o)
{
	const struct tree_node *nodes = tree_nodes(t);
	uint32_t size = tree_size(t), *stack, *kids, nst = 0, nk, i, n, c;
	uint32_t nnames = strtab_count(tree_strtab_c(t)), *rank = NULL;
	double all = count_value(tree_total(t, o->prof, TREE_ROOT));
	double min = all * o->percent / 100;
	struct ctx cx;
	char num[128], *buf = xmalloc(256);
	struct tf_units u;
	size_t cap = 256, len;
	const char *s;

	cx.t = t;
	cx.prof = o->prof;
	if ((cx.rank = tree_name_ranks(t)) == NULL) {
		rank = xreallocarray(NULL, (size_t)nnames + 1, sizeof *rank);
		strtab_rank(tree_strtab_c(t), rank);
		cx.rank = rank;
	}
	units_of_tree(&u, t, o->prof, o->event, o->countname);
	if (o->diff) {
		/* Named when the weight has a unit: "1.75 s cpu-clock". */
		(u.samples ? units_named : units_weight)(num, sizeof num, &u,
		    tree_total(t, 0, TREE_ROOT));
		fprintf(fp, "Before: %s", esc(num, strlen(num), &buf, &cap));
		(u.samples ? units_named : units_weight)(num, sizeof num, &u,
		    tree_total(t, 1, TREE_ROOT));
		fprintf(fp, "  After: %s", esc(num, strlen(num), &buf, &cap));
	} else {
		if (u.samples)
			units_total(num, sizeof num, &u,
			    tree_total(t, o->prof, TREE_ROOT),
			    tree_samples(t, o->prof, TREE_ROOT));
		else if (u.ns || u.bytes) /* --units, off-CPU: "1.20 s time" */
			units_named(num, sizeof num, &u,
			    tree_total(t, o->prof, TREE_ROOT));
		else
			count_format(num, tree_total(t, o->prof, TREE_ROOT));
		fprintf(fp, "Total: %s", esc(num, strlen(num), &buf, &cap));
	}
	if (o->event != NULL && o->event[0] != '\0')
		fprintf(fp, "  Event: %s", esc(o->event, strlen(o->event), &buf,
		    &cap));
	fprintf(fp, "  (%s tree, frames of %g%% of the total or more)\n",
	    o->reverse ? "caller" : "call", o->percent);
	if (o->pattern != NULL)
		fprintf(fp, "Matched \"%s\": %.2f%% (* marks a match)\n",
		    esc(o->pattern, strlen(o->pattern), &buf, &cap),
		    share(o->matched, all));
	fprintf(fp, "%7s %7s%s  %sFunction\n", "Total%", "Self%",
	    o->diff ? "     Change" : "", o->pattern ? "  " : "");
	stack = xreallocarray(NULL, size, sizeof *stack);
	kids = xreallocarray(NULL, size, sizeof *kids);
	stack[nst++] = TREE_ROOT;
	while (nst > 0) {
		n = stack[--nst];
		fprintf(fp, "%6.2f%%", share(tree_total(t, o->prof, n), all));
		if (!o->reverse)
			fprintf(fp, " %6.2f%%", share(tree_self(t, o->prof, n),
			    all));
		else if (nodes[n].depth == 1) /* the function sampled */
			fprintf(fp, " %6.2f%%", share(tree_total(t, o->prof, n),
			    all));
		else /* a caller: the records are kept at the outermost */
			fprintf(fp, " %7s", "");
		if (o->diff) {
			units_change(num, sizeof num, &u, (int64_t)(
			    tree_self(t, 1, n).n - tree_self(t, 0, n).n));
			fprintf(fp, " %10s", num);
		}
		fputs("  ", fp);
		if (o->pattern != NULL)
			fputs(n != TREE_ROOT && o->marks != NULL &&
			    o->marks[nodes[n].name] ? "* " : "  ", fp);
		for (i = 0; i < nodes[n].depth && i < TREETEXT_MAX_INDENT; i++)
			fputs("  ", fp);
		if (nodes[n].depth > TREETEXT_MAX_INDENT)
			fprintf(fp, "[%lu] ", (unsigned long)nodes[n].depth);
		if (n == TREE_ROOT) {
			fputs("all\n", fp);
		} else {
			s = tree_name(t, n, &len);
			fprintf(fp, "%s\n", esc(s, len, &buf, &cap));
		}
		nk = 0;
		for (c = nodes[n].first_child; c != TREE_NONE;
		    c = nodes[c].next_sibling)
			if (count_value(tree_total(t, o->prof, c)) >= min)
				kids[nk++] = c;
		sort_u32(kids, nk, child_cmp, &cx);
		while (nk > 0)
			stack[nst++] = kids[--nk];
	}
	free(stack);
	free(kids);
	free(rank);
	free(buf);
	return ferror(fp) || fflush(fp) != 0 ? -1 : 0;
}
