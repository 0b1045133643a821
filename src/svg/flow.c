/*
 * The frames of an SVG flame graph, merged as flamegraph.pl merges them.
 *
 * flamegraph.pl sorts the folded lines "a;b;c 5" as whole strings, then
 * walks them in order: a line shares a prefix of frames with the one before
 * it; the frames past that prefix are closed (they end at the current time)
 * and this line's frames past it are opened (they start now); then the time
 * advances by the line's count.  A frame is thus a run of consecutive lines
 * through the same node.
 *
 * The tree already has one "line" per node with a self count.  Visiting
 * those nodes in the order of the sorted lines gives flamegraph.pl's frames
 * exactly.  Under a node, each child C stands for two "entries": C's own
 * line ("C" + " " + count text) and the block of its callees' lines (all
 * starting "C;").  No other line falls inside such a block (names have no
 * ';'), so sorting the entries of each node, and walking them depth first,
 * orders all lines.  Entries normally come in child order (children are
 * sorted by name) with a child's own line first, since ' ' < ';'; they are
 * sorted explicitly only where a child's name is a prefix of the next one:
 * then "foo 3" < "foo-bar 2" < "foo;x 1", and flamegraph.pl draws "foo"
 * twice, once for its own line and once for its callees.  The count text
 * takes part, as in flamegraph.pl ("f 1" < "f 1x 9" < "f 2").
 *
 * The walk is iterative (an explicit stack), so deep stacks need no
 * recursion; memory is the entry arrays along one path plus the frames
 * kept.  Frames narrower than the minimum width are dropped as they close.
 * A frame is recorded by its name and depth: consecutive lines share a
 * frame while their names agree from the root, which is all flamegraph.pl
 * compares.
 *
 * --reverse: flamegraph.pl reverses each line's frames before sorting.
 * A reversed line is the same unique stack read from its last node up, so
 * the lines are an array of nodes sorted by their reversed texts; no
 * second tree is built.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "layout/palette.h"
#include "svg/svg.h"
#include "util/sort.h"
#include "util/xalloc.h"

#define E_SELF 0u
#define E_KIDS 1u

/* Room for " before after" (two counts and two spaces). */
#define TAILSZ (2 * COUNT_BUFSZ + 4)

typedef void (*line_fn)(void *ctx, uint32_t node, const uint32_t *path,
    uint32_t depth);

struct walk {
	const struct tree *t;
	const struct tree_node *nodes;
	int prof;                 /* a profile, or SVG_DIFF */
	uint32_t *ent;            /* entries of the nodes on the current path */
	size_t nent, capent;
	struct wframe {
		size_t base, n, pos;  /* ent[base .. base+n), next at pos */
	} *st;
	size_t nst, capst;
	uint32_t *path;
	size_t cappath;
};

/* Does node end a line (a non-zero self count in the profiles drawn)? */
static int
has_line(const struct walk *w, uint32_t node)
{
	if (w->prof != SVG_DIFF)
		return !count_is_zero(tree_self(w->t, w->prof, node));
	return !count_is_zero(tree_self(w->t, 0, node)) ||
	    !count_is_zero(tree_self(w->t, 1, node));
}

/* Is there any line below node? */
static int
has_weight(const struct walk *w, uint32_t node)
{
	if (w->prof != SVG_DIFF)
		return !count_is_zero(tree_total(w->t, w->prof, node));
	return !count_is_zero(tree_total(w->t, 0, node)) ||
	    !count_is_zero(tree_total(w->t, 1, node));
}

/* What follows an entry's name in its line: ";" or " COUNT[ COUNT]". */
static size_t
entry_tail(const struct walk *w, uint32_t e, char *buf)
{
	uint32_t node = e >> 1;
	size_t n;

	if ((e & 1) == E_KIDS) {
		buf[0] = ';';
		return 1;
	}
	buf[0] = ' ';
	if (w->prof != SVG_DIFF)
		return 1 + count_format(buf + 1, tree_self(w->t, w->prof, node));
	n = 1 + count_format(buf + 1, tree_self(w->t, 0, node));
	buf[n++] = ' ';
	return n + count_format(buf + n, tree_self(w->t, 1, node));
}

/* Byte i of rest[0..nrest) followed by tail[0..ntail), or -1 past the end. */
static int
byte_at(const unsigned char *rest, size_t nrest, const char *tail,
    size_t ntail, size_t i)
{
	if (i < nrest)
		return rest[i];
	i -= nrest;
	return i < ntail ? (unsigned char)tail[i] : -1;
}

/* Order two entries as their lines sort (byte-wise, as flamegraph.pl). */
static int
cmp_entry(uint32_t a, uint32_t b, void *vctx)
{
	const struct walk *w = vctx;
	size_t la, lb, m, ta_n, tb_n, i;
	const unsigned char *na = (const unsigned char *)tree_name(w->t, a >> 1, &la);
	const unsigned char *nb = (const unsigned char *)tree_name(w->t, b >> 1, &lb);
	char ta[TAILSZ], tb[TAILSZ];
	int r, ca, cb;

	m = la < lb ? la : lb;
	r = memcmp(na, nb, m);
	if (r != 0)
		return r < 0 ? -1 : 1;
	ta_n = entry_tail(w, a, ta);
	tb_n = entry_tail(w, b, tb);
	for (i = 0;; i++) {
		ca = byte_at(na + m, la - m, ta, ta_n, i);
		cb = byte_at(nb + m, lb - m, tb, tb_n, i);
		if (ca != cb)
			return ca < cb ? -1 : 1;
		if (ca < 0)
			break;
	}
	return (a > b) - (a < b);
}

/*
 * Push the entries of node's children (and, for the root, of its own line)
 * in line order; returns how many.
 */
static size_t
push_entries(struct walk *w, uint32_t node)
{
	uint32_t c, prev = TREE_NONE;
	size_t base = w->nent, la, lb;
	int sort = 0;

	if (node == TREE_ROOT && has_line(w, TREE_ROOT)) {
		/* The empty stack's line " COUNT": entry 0, sorted with the rest. */
		xgrow((void **)&w->ent, &w->capent, w->nent + 1, sizeof *w->ent);
		w->ent[w->nent++] = (TREE_ROOT << 1) | E_SELF;
		sort = 1;
	}
	for (c = w->nodes[node].first_child; c != TREE_NONE;
	    c = w->nodes[c].next_sibling) {
		if (!has_weight(w, c))
			continue;
		xgrow((void **)&w->ent, &w->capent, w->nent + 2, sizeof *w->ent);
		w->ent[w->nent++] = (c << 1) | E_SELF;
		w->ent[w->nent++] = (c << 1) | E_KIDS;
		if (prev != TREE_NONE && !sort) {
			const char *a = tree_name(w->t, prev, &la);
			const char *b = tree_name(w->t, c, &lb);

			if (la <= lb && memcmp(a, b, la) == 0)
				sort = 1;
		}
		prev = c;
	}
	/* Heaviest first (tree_set_order()): the sibling order as it is. */
	if (sort && tree_get_order(w->t, NULL) == TREE_ORDER_NAME)
		sort_u32(w->ent + base, w->nent - base, cmp_entry, w);
	return w->nent - base;
}

/* Call fn for every line of t (profile prof or SVG_DIFF) in sorted order. */
static void
walk_lines(const struct tree *t, int prof, line_fn fn, void *ctx)
{
	struct walk w;

	memset(&w, 0, sizeof w);
	w.t = t;
	w.nodes = tree_nodes(t);
	w.prof = prof;
	xgrow((void **)&w.st, &w.capst, 1, sizeof *w.st);
	w.st[0].base = 0;
	w.st[0].n = push_entries(&w, TREE_ROOT);
	w.st[0].pos = 0;
	w.nst = 1;
	while (w.nst > 0) {
		struct wframe *f = &w.st[w.nst - 1];
		uint32_t e, c, depth;

		if (f->pos == f->n) {
			w.nent = f->base;
			w.nst--;
			continue;
		}
		e = w.ent[f->base + f->pos++];
		c = e >> 1;
		if (c == TREE_ROOT) {
			fn(ctx, TREE_ROOT, w.path, 0);
			continue;
		}
		depth = (uint32_t)w.nst;
		xgrow((void **)&w.path, &w.cappath, depth, sizeof *w.path);
		w.path[depth - 1] = c;
		if ((e & 1) == E_SELF) {
			if (has_line(&w, c))
				fn(ctx, c, w.path, depth);
		} else if (w.nodes[c].first_child != TREE_NONE) {
			size_t base = w.nent;

			xgrow((void **)&w.st, &w.capst, w.nst + 1, sizeof *w.st);
			w.st[w.nst].base = base;
			w.st[w.nst].n = push_entries(&w, c);
			w.st[w.nst].pos = 0;
			w.nst++;
		}
	}
	free(w.st);
	free(w.ent);
	free(w.path);
}

/* ------------------------------------------------------------ --reverse */

/*
 * The reversed lines are the same unique stacks read leaf first, so each is
 * kept as its last node and read by walking up the parent links: no second
 * tree.  They are sorted as flamegraph.pl sorts the reversed line texts
 * "leaf;...;root COUNT".
 */
struct rev {
	const struct walk *w;
	char *ta, *tb;      /* scratch for the rare byte-wise comparison */
	size_t capa, capb;
};

/* The reversed line of leaf as text, into *buf; returns its length. */
static size_t
rev_text(const struct walk *w, uint32_t leaf, char **buf, size_t *cap)
{
	const struct tree_node *nodes = w->nodes;
	char tail[TAILSZ];
	size_t n = 0, len, tl;
	const char *name;
	uint32_t c;

	for (c = leaf; c != TREE_ROOT; c = nodes[c].parent) {
		name = tree_name(w->t, c, &len);
		xgrow((void **)buf, cap, n + len + 1, 1);
		memcpy(*buf + n, name, len);
		n += len;
		if (nodes[c].parent != TREE_ROOT)
			(*buf)[n++] = ';';
	}
	tl = entry_tail(w, (leaf << 1) | E_SELF, tail);
	xgrow((void **)buf, cap, n + tl, 1);
	memcpy(*buf + n, tail, tl);
	return n + tl;
}

/* Order two reversed lines (given by their last nodes) byte-wise. */
static int
cmp_rev(uint32_t a, uint32_t b, void *vctx)
{
	struct rev *r = vctx;
	const struct walk *w = r->w;
	const struct tree_node *nodes = w->nodes;
	uint32_t na = a, nb = b, pa, pb;
	size_t la, lb, n;
	const char *sa, *sb;
	char ta[TAILSZ], tb[TAILSZ];
	int c;

	if (a == b)
		return 0;
	/* Fast path: name by name while names are equal or differ early. */
	while (na != TREE_ROOT && nb != TREE_ROOT && na != nb) {
		if (nodes[na].name != nodes[nb].name) {
			sa = tree_name(w->t, na, &la);
			sb = tree_name(w->t, nb, &lb);
			c = memcmp(sa, sb, la < lb ? la : lb);
			if (c != 0)
				return c < 0 ? -1 : 1;
			goto bytes; /* one name is a prefix of the other */
		}
		pa = nodes[na].parent;
		pb = nodes[nb].parent;
		if ((pa == TREE_ROOT) != (pb == TREE_ROOT))
			return pa == TREE_ROOT ? -1 : 1; /* ' ' < ';' */
		na = pa;
		nb = pb;
	}
	if (na == nb) {
		/* The same text up to the counts. */
		la = entry_tail(w, (a << 1) | E_SELF, ta);
		lb = entry_tail(w, (b << 1) | E_SELF, tb);
		n = la < lb ? la : lb;
		c = memcmp(ta, tb, n);
		if (c != 0)
			return c < 0 ? -1 : 1;
		if (la != lb)
			return la < lb ? -1 : 1;
		return (a > b) - (a < b);
	}
bytes:
	la = rev_text(w, a, &r->ta, &r->capa);
	lb = rev_text(w, b, &r->tb, &r->capb);
	c = memcmp(r->ta, r->tb, la < lb ? la : lb);
	if (c != 0)
		return c < 0 ? -1 : 1;
	if (la != lb)
		return la < lb ? -1 : 1;
	return (a > b) - (a < b);
}

/* --------------------------------------------------------------- flow */

struct flow {
	struct svg_graph *g;
	int prof;
	double time, minwidth_time;
	uint32_t *oname;          /* open frames' names, index = depth */
	double *ostart, *odelta;
	double stime;             /* sample records so far (tree_samples) */
	double *osamp;            /* open frames' stime at their start */
	size_t nopen, capopen;
	size_t dash;              /* the outermost open "--" frame, or
	                             SIZE_MAX: the wakers below it */
	size_t warm;              /* open frames 0..warm-1 have a line
	                             ending on the CPU; deeper ones not */
	int anycold;              /* a line ended in an [off-CPU] frame */
	size_t capframes;
	uint32_t *names;          /* the current line's names, depth 1.. */
	size_t capnames;
};

/* Weight of the line ending at node: its count, or "after" when differential. */
static double
line_weight(const struct tree *t, int prof, uint32_t node)
{
	return count_value(tree_self(t, prof == SVG_DIFF ? 1 : prof, node));
}

/* Close open frame i at the current time; keep it when wide enough. */
static void
close_frame(struct flow *f, size_t i)
{
	struct svg_graph *g = f->g;
	struct svg_frame *fr;

	if (f->time - f->ostart[i] < f->minwidth_time)
		return;
	xgrow((void **)&g->frames, &f->capframes, g->nframes + 1,
	    sizeof *g->frames);
	fr = &g->frames[g->nframes++];
	fr->start = f->ostart[i];
	fr->end = f->time;
	fr->delta = f->odelta[i];
	fr->samples = f->stime - f->osamp[i];
	fr->name = f->oname[i];
	fr->depth = (uint32_t)i;
	fr->has_delta = f->prof == SVG_DIFF;
	fr->waker = f->dash < i;
	fr->cold = i >= f->warm; /* (frames are cold only when anycold) */
	if (fr->depth > g->depthmax)
		g->depthmax = fr->depth;
}

/*
 * One line: its frames' names f->names[0..depth) (depth 1 first) and its
 * last node (for the counts).  flamegraph.pl splits the line on ';', which
 * drops trailing empty frames: they counted in the sort, not here.
 */
static void
flow_names(struct flow *f, uint32_t node, uint32_t depth)
{
	const struct tree *t = f->g->t;
	const struct strtab *st = tree_strtab_c(t);
	size_t n, i, len, dlen;
	const char *dname;
	double d = 0;

	if (f->prof == SVG_DIFF) {
		d = count_value(tree_self(t, 1, node)) -
		    count_value(tree_self(t, 0, node));
		if ((d < 0 ? -d : d) > f->g->maxdelta)
			f->g->maxdelta = d < 0 ? -d : d;
	}
	while (depth > 0 && (strtab_get(st, f->names[depth - 1], &len), len == 0))
		depth--;
	len = (size_t)depth + 1;
	/* The shared prefix: the root, then equal names. */
	n = f->nopen > 0 ? 1 : 0;
	while (n < f->nopen && n < len && f->oname[n] == f->names[n - 1])
		n++;
	for (i = f->nopen; i > n; i--)
		close_frame(f, i - 1);
	if (f->dash >= n)
		f->dash = SIZE_MAX;
	if (f->warm > n)
		f->warm = n;
	if (len > f->capopen) {
		size_t cap = f->capopen;

		xgrow((void **)&f->oname, &cap, len, sizeof *f->oname);
		f->ostart = xreallocarray(f->ostart, cap, sizeof *f->ostart);
		f->odelta = xreallocarray(f->odelta, cap, sizeof *f->odelta);
		f->osamp = xreallocarray(f->osamp, cap, sizeof *f->osamp);
		f->capopen = cap;
	}
	for (i = n; i < len; i++) {
		f->oname[i] = i == 0 ? tree_node(t, TREE_ROOT)->name :
		    f->names[i - 1];
		dname = strtab_get(st, f->oname[i], &dlen);
		if (f->dash == SIZE_MAX && i > 0 && dlen == 2 &&
		    memcmp(dname, "--", 2) == 0)
			f->dash = i;
		f->ostart[i] = f->time;
		f->osamp[i] = f->stime;
		/* A new frame's delta: the line's when it is the leaf. */
		f->odelta[i] = i == len - 1 ? d : 0;
	}
	f->nopen = len;
	if (node != TREE_ROOT &&
	    (dname = tree_name(t, node, &dlen), palette_offcpu_name(dname,
	    dlen)))
		f->anycold = 1;
	else
		f->warm = len; /* every open frame has a line on the CPU */
	f->time += line_weight(t, f->prof, node);
	if (f->prof != SVG_DIFF)
		f->stime += (double)tree_samples_self(t, f->prof, node);
}

/* A line of the forward walk: its nodes' names. */
static void
flow_line(void *vctx, uint32_t node, const uint32_t *path, uint32_t depth)
{
	struct flow *f = vctx;
	const struct tree_node *nodes = tree_nodes(f->g->t);
	uint32_t i;

	xgrow((void **)&f->names, &f->capnames, (size_t)depth + 1,
	    sizeof *f->names);
	for (i = 0; i < depth; i++)
		f->names[i] = nodes[path[i]].name;
	flow_names(f, node, depth);
}

/* A reversed line: the names from node up to the root. */
static void
flow_reversed(struct flow *f, uint32_t node)
{
	const struct tree_node *nodes = tree_nodes(f->g->t);
	uint32_t c, depth = 0;

	for (c = node; c != TREE_ROOT; c = nodes[c].parent) {
		xgrow((void **)&f->names, &f->capnames, (size_t)depth + 1,
		    sizeof *f->names);
		f->names[depth++] = nodes[c].name;
	}
	flow_names(f, node, depth);
}

/* Collect the lines' last nodes: every node with a self count drawn. */
static uint32_t *
line_nodes(const struct walk *w, size_t *n)
{
	uint32_t i, size = tree_size(w->t), *v = NULL;
	size_t cap = 0;

	*n = 0;
	for (i = 0; i < size; i++)
		if (has_line(w, i)) {
			xgrow((void **)&v, &cap, *n + 1, sizeof *v);
			v[(*n)++] = i;
		}
	return v;
}

static void
sum_line(void *vctx, uint32_t node, const uint32_t *path, uint32_t depth)
{
	struct flow *f = vctx;

	(void)path;
	(void)depth;
	f->time += line_weight(f->g->t, f->prof, node);
}

static int
cmp_frame(const void *a, const void *b)
{
	const struct svg_frame *x = a, *y = b;

	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return (x->name > y->name) - (x->name < y->name);
}

int
svg_minwidth_parse(const char *s, double *value, int *percent)
{
	size_t n;

	if (s == NULL)
		return -1;
	n = strspn(s, "0123456789.");
	if (n == 0 || !(s[n] == '\0' || (s[n] == '%' && s[n + 1] == '\0')))
		return -1;
	/* As Perl numifies "1.2.3": the longest number at the start. */
	*value = strtod(s, NULL);
	*percent = s[n] == '%';
	return 0;
}

int
svg_graph_build(struct svg_graph *g, const struct tree *t, int prof,
    int reverse, double width, double minwidth, int minwidth_percent)
{
	struct flow f;
	struct walk w;
	struct rev r;
	double widthpertime;
	uint32_t *lines = NULL;
	size_t i, nlines = 0;

	memset(g, 0, sizeof *g);
	g->maxdelta = 1;
	g->t = t;
	memset(&f, 0, sizeof f);
	f.dash = SIZE_MAX;
	f.g = g;
	f.prof = prof;
	memset(&w, 0, sizeof w);
	w.t = t;
	w.nodes = tree_nodes(t);
	w.prof = prof;
	if (reverse) {
		memset(&r, 0, sizeof r);
		r.w = &w;
		lines = line_nodes(&w, &nlines);
		sort_u32(lines, nlines, cmp_rev, &r);
		free(r.ta);
		free(r.tb);
	}

	/*
	 * The total first, for the minimum width.  Whole counts add up exactly
	 * in any order; fractions are added in line order, as flamegraph.pl
	 * adds them, so that the last bit agrees too.
	 */
	if (!tree_has_fraction(t, prof == SVG_DIFF ? 1 : prof))
		f.time = count_value(tree_total(t, prof == SVG_DIFF ? 1 : prof,
		    TREE_ROOT));
	else if (reverse)
		for (i = 0; i < nlines; i++)
			f.time += line_weight(t, prof, lines[i]);
	else
		walk_lines(t, prof, sum_line, &f);
	g->time = f.time;
	if (!(g->time > 0)) {
		free(lines);
		return SVG_EMPTY;
	}
	widthpertime = (width - 2 * SVG_XPAD) / g->time;
	f.minwidth_time = minwidth_percent ? g->time * minwidth / 100 :
	    minwidth / widthpertime;

	f.time = 0;
	if (reverse)
		for (i = 0; i < nlines; i++)
			flow_reversed(&f, lines[i]);
	else
		walk_lines(t, prof, flow_line, &f);
	for (i = f.nopen; i > 0; i--)
		close_frame(&f, i - 1);
	for (i = 0; !f.anycold && i < g->nframes; i++)
		g->frames[i].cold = 0; /* no off-CPU frame: nothing is cold */
	g->time = f.time;
	free(lines);
	free(f.oname);
	free(f.ostart);
	free(f.odelta);
	free(f.osamp);
	free(f.names);
	qsort(g->frames, g->nframes, sizeof *g->frames, cmp_frame);
	return SVG_OK;
}

void
svg_graph_free(struct svg_graph *g)
{
	free(g->frames);
	memset(g, 0, sizeof *g);
}

size_t
svg_graph_find(const struct svg_graph *g, const struct tree *zt, uint32_t zn)
{
	const struct strtab *st = tree_strtab_c(g->t);
	const struct svg_frame *fr = g->frames, *c;
	uint32_t *up = NULL, next, id;
	size_t nup = 0, capup = 0, i, p, k, lo = 0, hi = 0;
	size_t *cand = NULL, ncand = 0, capcand = 0, *nc = NULL, nnc, capnc = 0;
	size_t best = SIZE_MAX;
	const char *name;
	size_t len;

	if (zn == TREE_NONE || zn == TREE_ROOT || zn >= tree_size(zt) ||
	    g->nframes == 0 || fr[0].depth != 0)
		return SIZE_MAX;
	for (next = zn; next != TREE_ROOT && next != TREE_NONE;
	    next = tree_node(zt, next)->parent) {
		xgrow((void **)&up, &capup, nup + 1, sizeof *up);
		up[nup++] = next;
	}
	/*
	 * Follow zn's names down: at depth k, the frames of the k-th name that
	 * lie inside a frame chosen at depth k - 1 (the root at depth 0).
	 * Frames are sorted by (depth, start), so each depth is one run.
	 */
	xgrow((void **)&cand, &capcand, 1, sizeof *cand);
	cand[ncand++] = 0;
	hi = 1;
	for (k = 1; k <= nup; k++) {
		name = tree_name(zt, up[nup - k], &len);
		id = strtab_lookup(st, name, len);
		if (id == UINT32_MAX)
			break;
		for (lo = hi; lo < g->nframes && fr[lo].depth < k; lo++)
			;
		for (hi = lo; hi < g->nframes && fr[hi].depth == k; hi++)
			;
		nnc = 0;
		for (i = lo; i < hi; i++) {
			c = &fr[i];
			if (c->name != id)
				continue;
			for (p = 0; p < ncand; p++)
				if (c->start >= fr[cand[p]].start &&
				    c->end <= fr[cand[p]].end)
					break;
			if (p == ncand)
				continue;
			xgrow((void **)&nc, &capnc, nnc + 1, sizeof *nc);
			nc[nnc++] = i;
		}
		if (nnc == 0)
			break;
		best = nc[0];
		for (i = 1; i < nnc; i++)
			if (fr[nc[i]].end - fr[nc[i]].start >
			    fr[best].end - fr[best].start)
				best = nc[i];
		xgrow((void **)&cand, &capcand, nnc, sizeof *cand);
		memcpy(cand, nc, nnc * sizeof *cand);
		ncand = nnc;
	}
	free(up);
	free(cand);
	free(nc);
	return best;
}
