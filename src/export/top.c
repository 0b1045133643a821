/*
 * The function table as text: tflame --top.  See export/top.h.
 *
 * One header line (the profile's total, its event when known, how many
 * functions and which are shown), a line on the search when there is one,
 * then the column titles and the rows, numbers right-aligned to the widest
 * of each column.  Names go through escape_text(): nothing reaches the
 * output that a terminal would act on.
 *
 * When the tree keeps sample records that differ from the weight (perf:
 * the periods' sum), the total and each row's self and total are worded
 * as the status line words them (model/units.h: "2.46 s cpu-clock, 1,228
 * samples"), with the records in columns of their own; the records by
 * function follow functions_build()'s rules (root frames left out, a
 * stack counted once however often a function recurs in it), from one
 * walk of the tree along its links, O(nodes).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "export/top.h"
#include "model/units.h"
#include "util/escape.h"
#include "util/xalloc.h"

#define NCOLS 6

/* share of c in all, in percent (0 when all is 0). */
static double
share(struct tf_count c, struct tf_count all)
{
	double a = count_value(all);

	return a > 0 ? count_value(c) * 100 / a : 0;
}

/* s[0..len) escaped into *buf (grown as needed); returns it. */
static const char *
esc(const char *s, size_t len, char **buf, size_t *cap)
{
	size_t need;

	if (*cap == 0) {
		*cap = 256;
		*buf = xmalloc(*cap);
	}
	need = escape_text(*buf, *cap, s, len) + 1;
	if (need > *cap) {
		*cap = need;
		*buf = xreallocarray(*buf, *cap, 1);
		escape_text(*buf, *cap, s, len);
	}
	return *buf;
}

/* The escaped name of id into *buf; returns it. */
static const char *
escaped(const struct tree *t, uint32_t id, char **buf, size_t *cap)
{
	size_t len;
	const char *s = strtab_get(tree_strtab_c(t), id, &len);

	return esc(s, len, buf, cap);
}

void
top_samples_build(struct top_samples *s, const struct tree *t, int prof,
    int skip_depth)
{
	const struct tree_node *nodes = tree_nodes(t);
	uint32_t n = tree_size(t), id, name, *active;
	size_t nnames = (size_t)strtab_count(tree_strtab_c(t)) + 1;
	uint64_t *sub = xcalloc(n, sizeof *sub);

	s->self = xcalloc(nnames, sizeof *s->self);
	s->total = xcalloc(nnames, sizeof *s->total);
	active = xcalloc(nnames, sizeof *active);
	for (id = 0; id < n; id++)
		sub[id] = tree_samples_self(t, prof, id);
	for (id = n - 1; id > 0; id--) /* a child's id is above its parent's */
		sub[nodes[id].parent] += sub[id];
	id = nodes[TREE_ROOT].first_child;
	while (id != TREE_NONE) {
		/* Enter id. */
		name = nodes[id].name;
		if ((int)nodes[id].depth >= skip_depth) {
			s->self[name] += tree_samples_self(t, prof, id);
			if (active[name]++ == 0)
				s->total[name] += sub[id];
		}
		if (nodes[id].first_child != TREE_NONE) {
			id = nodes[id].first_child;
			continue;
		}
		/* Leave id and the callers it was the last callee of. */
		for (;;) {
			if ((int)nodes[id].depth >= skip_depth)
				active[nodes[id].name]--;
			if (nodes[id].next_sibling != TREE_NONE) {
				id = nodes[id].next_sibling;
				break;
			}
			if ((id = nodes[id].parent) == TREE_ROOT) {
				id = TREE_NONE;
				break;
			}
		}
	}
	free(sub);
	free(active);
}

void
top_samples_free(struct top_samples *s)
{
	free(s->self);
	free(s->total);
	s->self = s->total = NULL;
}

/* The cells of row r (before the name) into cell[NCOLS][COUNT_BUFSZ]. */
static int
cells(const struct functions *f, const struct func_row *r,
    const struct top_opts *o, const struct tf_units *u,
    const struct top_samples *fs, char cell[][COUNT_BUFSZ])
{
	int64_t ch;

	if (fs->self != NULL) {
		units_weight(cell[0], COUNT_BUFSZ, u, r->self[o->prof]);
		snprintf(cell[1], COUNT_BUFSZ, "%.2f%%",
		    share(r->self[o->prof], f->all[o->prof]));
		units_group(cell[2], COUNT_BUFSZ,
		    (struct tf_count){fs->self[r->name], 0.0});
		units_weight(cell[3], COUNT_BUFSZ, u, r->total[o->prof]);
		snprintf(cell[4], COUNT_BUFSZ, "%.2f%%",
		    share(r->total[o->prof], f->all[o->prof]));
		units_group(cell[5], COUNT_BUFSZ,
		    (struct tf_count){fs->total[r->name], 0.0});
		return 6;
	}
	if (!o->diff && (u->ns || u->bytes)) {
		/* Durations or sizes (--units, off-CPU): "1.20 s". */
		units_weight(cell[0], COUNT_BUFSZ, u, r->self[o->prof]);
		snprintf(cell[1], COUNT_BUFSZ, "%.2f%%",
		    share(r->self[o->prof], f->all[o->prof]));
		units_weight(cell[2], COUNT_BUFSZ, u, r->total[o->prof]);
		snprintf(cell[3], COUNT_BUFSZ, "%.2f%%",
		    share(r->total[o->prof], f->all[o->prof]));
		return 4;
	}
	if (!o->diff) {
		count_format(cell[0], r->self[o->prof]);
		snprintf(cell[1], COUNT_BUFSZ, "%.2f%%",
		    share(r->self[o->prof], f->all[o->prof]));
		count_format(cell[2], r->total[o->prof]);
		snprintf(cell[3], COUNT_BUFSZ, "%.2f%%",
		    share(r->total[o->prof], f->all[o->prof]));
		return 4;
	}
	ch = functions_change(r);
	units_weight(cell[0], COUNT_BUFSZ, u, r->self[0]);
	units_weight(cell[1], COUNT_BUFSZ, u, r->self[1]);
	units_change(cell[2], COUNT_BUFSZ, u, ch);
	snprintf(cell[3], COUNT_BUFSZ, "%+.2f%%", count_value(f->all[1]) > 0 ?
	    (double)ch * 100 / count_value(f->all[1]) : 0.0);
	snprintf(cell[4], COUNT_BUFSZ, "%.2f%%",
	    share(r->total[1], f->all[1]));
	return 5;
}

int
top_write(FILE *fp, const struct tree *t, const struct functions *f,
    const struct top_opts *o)
{
	static const char *const titles[3][NCOLS] = {
		{"Self", "Self%", "Total", "Total%", "", ""},
		{"Before", "After", "Change", "Change%", "Total%", ""},
		{"Self", "Self%", "Self samples", "Total", "Total%",
		    "Total samples"}
	};
	char cell[NCOLS][COUNT_BUFSZ], a[COUNT_BUFSZ], b[COUNT_BUFSZ];
	char *buf = NULL;
	size_t cap = 0;
	int width[NCOLS], ncols = o->diff ? 5 : 4, c, d = o->diff ? 1 : 0, unit;
	uint32_t n = o->rows == 0 || o->rows > f->nview ? f->nview : o->rows, i;
	const char *mark;
	struct tf_units u;
	struct top_samples fs = {NULL, NULL};

	units_of_tree(&u, t, o->prof, o->event, o->countname);
	unit = u.samples || u.ns || u.bytes;
	if (o->diff)
		u.samples = 0; /* the weight in its unit, no records column */
	if (u.samples) {
		top_samples_build(&fs, t, o->prof, o->skip_depth);
		ncols = 6;
		d = 2;
	}
	if (o->diff) {
		/* Named when the weight has a unit: "1.75 s cpu-clock". */
		(unit ? units_named : units_weight)(a, sizeof a, &u, f->all[0]);
		(unit ? units_named : units_weight)(b, sizeof b, &u, f->all[1]);
		fprintf(fp, "Before: %s", esc(a, strlen(a), &buf, &cap));
		fprintf(fp, "  After: %s", esc(b, strlen(b), &buf, &cap));
	} else if (u.samples) {
		units_total(a, sizeof a, &u, f->all[o->prof],
		    tree_samples(t, o->prof, TREE_ROOT));
		fprintf(fp, "Total: %s", esc(a, strlen(a), &buf, &cap));
	} else if (unit) {
		units_named(a, sizeof a, &u, f->all[o->prof]);
		fprintf(fp, "Total: %s", esc(a, strlen(a), &buf, &cap));
	} else {
		count_format(a, f->all[o->prof]);
		fprintf(fp, "Total: %s", a);
	}
	if (o->event != NULL && o->event[0] != '\0')
		fprintf(fp, "  Event: %s", esc(o->event, strlen(o->event), &buf, &cap));
	fprintf(fp, "  Functions: %lu (%s%lu by %s%s)\n",
	    (unsigned long)f->nview, n < f->nview ? "top " : "all ",
	    (unsigned long)n, functions_sort_name(f->sort), o->diff ?
	    "; Before, After and Change are self" : "");
	if (o->pattern != NULL)
		fprintf(fp, "Matched \"%s\": %.2f%% (* marks a match)\n",
		    esc(o->pattern, strlen(o->pattern), &buf, &cap),
		    share(o->matched, f->all[o->prof]));
	for (c = 0; c < ncols; c++)
		width[c] = (int)strlen(titles[d][c]);
	for (i = 0; i < n; i++) {
		cells(f, &f->rows[f->view[i]], o, &u, &fs, cell);
		for (c = 0; c < ncols; c++)
			if ((int)strlen(cell[c]) > width[c])
				width[c] = (int)strlen(cell[c]);
	}
	for (c = 0; c < ncols; c++)
		fprintf(fp, "%s%*s", c ? "  " : "", width[c], titles[d][c]);
	fprintf(fp, "  %sFunction\n", o->pattern != NULL ? "  " : "");
	for (i = 0; i < n; i++) {
		const struct func_row *r = &f->rows[f->view[i]];

		cells(f, r, o, &u, &fs, cell);
		for (c = 0; c < ncols; c++)
			fprintf(fp, "%s%*s", c ? "  " : "", width[c], cell[c]);
		mark = o->pattern == NULL ? "" :
		    o->marks != NULL && o->marks[r->name] ? "* " : "  ";
		fprintf(fp, "  %s%s\n", mark, escaped(t, r->name, &buf, &cap));
	}
	free(buf);
	top_samples_free(&fs);
	return ferror(fp) || fflush(fp) != 0 ? -1 : 0;
}
