/*
 * Functions: self and total by frame name.  See model/functions.h.
 *
 * The walk follows first-child / next-sibling / parent links in preorder,
 * so it needs no stack: after a node's subtree, the next sibling, or the
 * parent's next sibling, and so on up.  "Leaving" a node (after its
 * subtree) takes its instance off its name's counter.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model/functions.h"
#include "util/sort.h"
#include "util/xalloc.h"

#define NONE UINT32_MAX

/* Add whole part n and fraction fr to *c (saturating, as count_add()). */
static inline void
add(struct tf_count *c, uint64_t n, double fr)
{
	count_add(c, (struct tf_count){n, fr});
}

void
functions_build(struct functions *f, const struct tree *t,
    uint32_t skip_depth, int prof)
{
	const struct tree_node *nodes = tree_nodes(t);
	const struct strtab *st = tree_strtab_c(t);
	uint32_t nnames = strtab_count(st), size = tree_size(t);
	uint32_t *active, *row_of, n, name, i;
	const uint64_t *selfs[TREE_MAX_PROFILES];
	const double *fself[TREE_MAX_PROFILES];
	struct func_row *r;
	int np = tree_nprof(t), p, any;

	memset(f, 0, sizeof *f);
	f->nprof = np;
	f->prof = prof < 0 || prof >= np ? 0 : prof;
	f->sort = FUNC_SORT_SELF;
	if (skip_depth < 1)
		skip_depth = 1;
	for (p = 0; p < np; p++) {
		f->all[p] = tree_total(t, p, TREE_ROOT);
		selfs[p] = tree_selfs(t, p, &fself[p]);
	}
	active = xcalloc((size_t)nnames + 1, sizeof *active);
	row_of = xreallocarray(NULL, (size_t)nnames + 1, sizeof *row_of);
	for (i = 0; i < nnames; i++)
		row_of[i] = NONE;
	f->rows = xreallocarray(NULL, 64, sizeof *f->rows);
	n = size > 1 ? nodes[TREE_ROOT].first_child : NONE;
	while (n != NONE) {
		/* Enter n. */
		if (nodes[n].depth >= skip_depth) {
			name = nodes[n].name;
			if (row_of[name] == NONE) {
				if ((f->nrows & (f->nrows - 1)) == 0 &&
				    f->nrows >= 64)
					f->rows = xreallocarray(f->rows,
					    (size_t)f->nrows * 2, sizeof *f->rows);
				row_of[name] = f->nrows;
				r = &f->rows[f->nrows++];
				memset(r, 0, sizeof *r);
				r->name = name;
			}
			r = &f->rows[row_of[name]];
			for (p = 0; p < np; p++) {
				add(&r->self[p], selfs[p][n],
				    fself[p] ? fself[p][n] : 0.0);
				if (active[name] == 0)
					count_add(&r->total[p],
					    tree_total(t, p, n));
			}
			active[name]++;
		}
		if (nodes[n].first_child != NONE) {
			n = nodes[n].first_child;
			continue;
		}
		/* Leave n and every ancestor whose last child it ends. */
		for (;;) {
			if (nodes[n].depth >= skip_depth)
				active[nodes[n].name]--;
			if (nodes[n].next_sibling != NONE) {
				n = nodes[n].next_sibling;
				break;
			}
			n = nodes[n].parent;
			if (n == TREE_ROOT) {
				n = NONE;
				break;
			}
		}
	}
	/* Rows in name id order; names with nothing in any profile dropped. */
	memset(row_of, 0, ((size_t)nnames + 1) * sizeof *row_of);
	for (i = 0; i < f->nrows; i++)
		row_of[f->rows[i].name] = i + 1;
	{
		struct func_row *rows = xreallocarray(NULL,
		    f->nrows ? f->nrows : 1, sizeof *rows);
		uint32_t k = 0;

		for (name = 0; name < nnames; name++) {
			if (row_of[name] == 0)
				continue;
			r = &f->rows[row_of[name] - 1];
			for (any = 0, p = 0; p < np; p++)
				any |= !count_is_zero(r->total[p]) ||
				    !count_is_zero(r->self[p]);
			if (any)
				rows[k++] = *r;
		}
		free(f->rows);
		f->rows = rows;
		f->nrows = k;
	}
	free(active);
	free(row_of);
	f->nnames = nnames;
	f->rank = xreallocarray(NULL, (size_t)nnames + 1, sizeof *f->rank);
	if (tree_name_ranks(t) != NULL)
		memcpy(f->rank, tree_name_ranks(t), (size_t)nnames *
		    sizeof *f->rank);
	else
		strtab_rank(st, f->rank);
	f->view = xreallocarray(NULL, f->nrows ? f->nrows : 1, sizeof *f->view);
	functions_filter(f, NULL);
}

void
functions_free(struct functions *f)
{
	free(f->rows);
	free(f->view);
	free(f->rank);
	memset(f, 0, sizeof *f);
}

/* -1, 0, 1 as a < b, a == b, a > b. */
static int
count_cmp(struct tf_count a, struct tf_count b)
{
	if (a.n != b.n)
		return a.n < b.n ? -1 : 1;
	if (a.frac != b.frac)
		return a.frac < b.frac ? -1 : 1;
	return 0;
}

/* Compare rows a and b (indices) in the order f->sort says. */
static int
row_cmp(uint32_t a, uint32_t b, void *ctx)
{
	const struct functions *f = ctx;
	const struct func_row *ra = &f->rows[a], *rb = &f->rows[b];
	int64_t ca, cb;
	int c = 0;

	switch (f->sort) {
	case FUNC_SORT_SELF:
		c = -count_cmp(ra->self[f->prof], rb->self[f->prof]);
		break;
	case FUNC_SORT_TOTAL:
		c = -count_cmp(ra->total[f->prof], rb->total[f->prof]);
		break;
	case FUNC_SORT_CHANGE:
		/* The size of the change, up or down, as perf diff sorts. */
		ca = functions_change(ra);
		cb = functions_change(rb);
		ca = ca < 0 ? -ca : ca;
		cb = cb < 0 ? -cb : cb;
		c = ca > cb ? -1 : ca < cb;
		break;
	case FUNC_SORT_NAME:
		break;
	}
	if (c != 0)
		return c;
	return f->rank[ra->name] < f->rank[rb->name] ? -1 :
	    f->rank[ra->name] > f->rank[rb->name];
}

void
functions_sort(struct functions *f, enum func_sort key)
{
	if (key == FUNC_SORT_CHANGE && f->nprof < 2)
		key = FUNC_SORT_SELF;
	f->sort = key;
	sort_u32(f->view, f->nview, row_cmp, f);
}

void
functions_filter(struct functions *f, const unsigned char *marks)
{
	uint32_t i;

	f->nview = 0;
	for (i = 0; i < f->nrows; i++)
		if (marks == NULL || marks[f->rows[i].name])
			f->view[f->nview++] = i;
	functions_sort(f, f->sort);
}

struct tf_count
functions_view_self(const struct functions *f, int prof)
{
	struct tf_count c = COUNT_ZERO;
	uint32_t i;

	for (i = 0; i < f->nview; i++)
		count_add(&c, f->rows[f->view[i]].self[prof]);
	return c;
}

const struct func_row *
functions_find(const struct functions *f, uint32_t name)
{
	uint32_t lo = 0, hi = f->nrows, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (f->rows[mid].name == name)
			return &f->rows[mid];
		if (f->rows[mid].name < name)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

int64_t
functions_change(const struct func_row *r)
{
	uint64_t a = r->self[1].n, b = r->self[0].n;

	if (a >= b)
		return a - b > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)(a - b);
	return b - a > (uint64_t)INT64_MAX ? -INT64_MAX : -(int64_t)(b - a);
}

enum func_sort
functions_next_sort(const struct functions *f, enum func_sort key)
{
	switch (key) {
	case FUNC_SORT_SELF:
		return FUNC_SORT_TOTAL;
	case FUNC_SORT_TOTAL:
		return FUNC_SORT_NAME;
	case FUNC_SORT_NAME:
		return f->nprof > 1 ? FUNC_SORT_CHANGE : FUNC_SORT_SELF;
	case FUNC_SORT_CHANGE:
		break;
	}
	return FUNC_SORT_SELF;
}

const char *
functions_sort_name(enum func_sort key)
{
	static const char *const names[] = {"self", "total", "name", "change"};

	return (unsigned)key < 4 ? names[key] : "self";
}

size_t
functions_memory(const struct functions *f)
{
	return (size_t)f->nrows * (sizeof *f->rows + sizeof *f->view) +
	    ((size_t)f->nnames + 1) * sizeof *f->rank;
}
