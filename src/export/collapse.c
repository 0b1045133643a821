/*
 * --collapse: print unique stacks in byte order without building strings.
 *
 * Order of the lines under one node P, whose children are sorted by name:
 * each child C contributes two "entries", C's own line (the text "C") and
 * the lines of C's children (texts starting "C;").  Entries sort as those
 * texts do, which differs from child order only when one child's name is a
 * prefix of a later sibling's that goes on with a byte below ';': with
 * children "a" and "a-x", "a" < "a-x" < "a;...", because '-' < ';'.  So the
 * walk interleaves entries exactly as a byte-wise sort of the finished
 * lines would.  When no sibling name is such a prefix of the next one (the
 * usual case; "a" and "a_x" keep their order, as '_' > ';') the entries
 * are simply self, kids for each child in order, and the walk follows the
 * sibling list; only the other parents get entries, sorted.
 *
 * The walk is iterative: an explicit stack of frames, each following one
 * sibling list or its slice of one shared entry array, so 100,000-deep
 * stacks need no recursion.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "export/collapse.h"
#include "util/sort.h"
#include "util/xalloc.h"

#define E_SELF 0u
#define E_KIDS 1u

struct walk_frame {
	uint32_t next;       /* plain order: the next child to visit */
	int sorted;          /* else entries[base .. base+n), next at pos */
	size_t base, n, pos;
};

struct cmp_ctx {
	const struct tree *t;
};

/* Compare two entries as the texts "NAME" (self) and "NAME;" (kids). */
static int
cmp_entry(uint32_t a, uint32_t b, void *vctx)
{
	const struct cmp_ctx *c = vctx;
	size_t la, lb, m;
	const unsigned char *na = (const unsigned char *)tree_name(c->t, a >> 1, &la);
	const unsigned char *nb = (const unsigned char *)tree_name(c->t, b >> 1, &lb);
	int r, ka = (int)(a & 1), kb = (int)(b & 1);
	int ca, cb;

	m = la < lb ? la : lb;
	r = memcmp(na, nb, m);
	if (r != 0)
		return r;
	/* Next "character": end of text (-1) for self, ';' for kids. */
	ca = la > m ? na[m] : (ka ? ';' : -1);
	cb = lb > m ? nb[m] : (kb ? ';' : -1);
	if (ca != cb)
		return ca < cb ? -1 : 1;
	/* Same name (the same child) or equal beyond: self first. */
	return ka - kb;
}

/* The self counts the walk looks at: one profile, or all with prof < 0. */
struct selfs {
	const uint64_t *n[TREE_MAX_PROFILES];
	const double *frac[TREE_MAX_PROFILES];
	int first, last;
};

static void
selfs_init(struct selfs *s, const struct tree *t, int prof)
{
	int p;

	s->first = prof < 0 ? 0 : prof;
	s->last = prof < 0 ? tree_nprof(t) - 1 : prof;
	for (p = s->first; p <= s->last; p++)
		s->n[p] = tree_selfs(t, p, &s->frac[p]);
}

static inline int
has_self(const struct selfs *s, uint32_t id)
{
	int p;

	for (p = s->first; p <= s->last; p++)
		if (s->n[p][id] != 0 ||
		    (s->frac[p] != NULL && s->frac[p][id] != 0.0))
			return 1;
	return 0;
}

/*
 * True when name a is a proper prefix of name b that b goes on with a byte
 * at or below ';': the lines of such siblings interleave (see the top).
 */
static inline int
extends_below_semi(const char *a, size_t la, const char *b, size_t lb)
{
	return la < lb && (unsigned char)b[la] <= ';' && memcmp(a, b, la) == 0;
}

/*
 * The names that are a prefix of another name going on with a byte below
 * or at ';' (flag 1 by strtab id), from the names in byte order: the next
 * name after such a name is one of these longer ones (the shortest way on
 * sorts first), so comparing each with the next finds them all.  NULL when
 * the tree holds no order of its names.
 */
static uint8_t *
prefix_names(const struct tree *t)
{
	const uint32_t *rank = tree_name_ranks(t);
	const struct strtab *st = tree_strtab_c(t);
	uint32_t n = strtab_count(st), i, a, b, *order;
	const char *const *ptr;
	const uint32_t *len;
	uint8_t *flag;

	if (rank == NULL)
		return NULL;
	strtab_tables(st, &ptr, &len);
	order = xreallocarray(NULL, n, sizeof *order);
	for (i = 0; i < n; i++)
		order[rank[i]] = i;
	flag = xcalloc(n, 1); /* the last name extends none */
	for (i = 0; i + 1 < n; i++) {
		a = order[i];
		b = order[i + 1];
		flag[a] = (uint8_t)extends_below_semi(ptr[a], len[a], ptr[b],
		    len[b]);
	}
	free(order);
	return flag;
}

/*
 * True when node's children must be interleaved with their children's
 * lines: one child's name is a prefix of the next one's that goes on with a
 * byte below ';' (see the top of this file).  Only children whose names
 * prefix_names() flagged (most have none) have their text read.
 */
static int
needs_sorting(const struct tree *t, const uint8_t *prefix, uint32_t node)
{
	const struct tree_node *nodes = tree_nodes(t);
	uint32_t prev = nodes[node].first_child, c;
	size_t la, lb;
	const char *a, *b;

	for (; (c = nodes[prev].next_sibling) != TREE_NONE; prev = c) {
		if (prefix != NULL && !prefix[nodes[prev].name])
			continue;
		a = tree_name(t, prev, &la);
		b = tree_name(t, c, &lb);
		if (extends_below_semi(a, la, b, lb))
			return 1;
	}
	return 0;
}

/* Push the sorted entries of node's children onto *ent; returns how many. */
static size_t
push_entries(const struct tree *t, uint32_t node, uint32_t **ent,
    size_t *n, size_t *cap)
{
	const struct tree_node *nodes = tree_nodes(t);
	struct cmp_ctx ctx = {t};
	size_t base = *n;
	uint32_t c;

	for (c = nodes[node].first_child; c != TREE_NONE; c = nodes[c].next_sibling) {
		xgrow((void **)ent, cap, *n + 2, sizeof **ent);
		(*ent)[(*n)++] = (c << 1) | E_SELF;
		(*ent)[(*n)++] = (c << 1) | E_KIDS;
	}
	sort_u32(*ent + base, *n - base, cmp_entry, &ctx);
	return *n - base;
}

/* Start walking node's children: in list order, or by sorted entries. */
static void
push_frame(const struct tree *t, const uint8_t *prefix, uint32_t node,
    struct walk_frame *f, uint32_t **ent, size_t *nent, size_t *capent)
{
	const struct tree_node *nodes = tree_nodes(t);

	f->next = nodes[node].first_child;
	f->sorted = nodes[f->next].next_sibling != TREE_NONE &&
	    needs_sorting(t, prefix, node);
	if (f->sorted) {
		f->base = *nent;
		f->n = push_entries(t, node, ent, nent, capent);
		f->pos = 0;
	}
}

int
collapse_walk(const struct tree *t, int prof, collapse_fn fn, void *ctx)
{
	const struct tree_node *nodes = tree_nodes(t);
	struct walk_frame *st = NULL;
	size_t nst = 0, capst = 0, nent = 0, capent = 0;
	uint32_t *ent = NULL, *path = NULL;
	size_t cappath = 0;
	struct selfs sf;
	uint8_t *prefix;
	int rc = 0;

	selfs_init(&sf, t, prof);
	if (has_self(&sf, TREE_ROOT) && (rc = fn(ctx, t, TREE_ROOT, path, 0)) != 0)
		return rc;
	if (nodes[TREE_ROOT].first_child == TREE_NONE)
		return 0;
	prefix = prefix_names(t);
	xgrow((void **)&st, &capst, 1, sizeof *st);
	push_frame(t, prefix, TREE_ROOT, &st[0], &ent, &nent, &capent);
	nst = 1;
	while (nst > 0) {
		struct walk_frame *f = &st[nst - 1];
		uint32_t c, depth, kids;

		if (!f->sorted) {
			if ((c = f->next) == TREE_NONE) {
				nst--;
				continue;
			}
			f->next = nodes[c].next_sibling;
			kids = 1; /* its own line, then its children's */
		} else {
			uint32_t e;

			if (f->pos == f->n) {
				nent = f->base;
				nst--;
				continue;
			}
			e = ent[f->base + f->pos++];
			c = e >> 1;
			kids = (e & 1) == E_KIDS;
		}
		depth = (uint32_t)nst; /* c's depth */
		xgrow((void **)&path, &cappath, depth, sizeof *path);
		path[depth - 1] = c;
		if ((!f->sorted || !kids) && has_self(&sf, c) &&
		    (rc = fn(ctx, t, c, path, depth)) != 0)
			break;
		if (kids && nodes[c].first_child != TREE_NONE) {
			xgrow((void **)&st, &capst, nst + 1, sizeof *st);
			push_frame(t, prefix, c, &st[nst], &ent, &nent, &capent);
			nst++;
		}
	}
	free(st);
	free(ent);
	free(path);
	free(prefix);
	return rc;
}

/*
 * Lines are gathered in a buffer of this size and written in one fwrite():
 * four stdio calls per line, each taking the stream's lock once the
 * loaders have started threads, were a tenth of a --collapse run.
 */
#define OUT_BUF (64u << 10)

struct write_ctx {
	FILE *fp;
	char *out;          /* OUT_BUF bytes, outlen of them pending */
	size_t outlen;
	char *key;          /* text of path[0..keydepth) joined by ";" */
	size_t keylen, keycap;
	size_t *ends;       /* ends[i]: key length through path[i] */
	size_t capends;
	uint32_t *kpath;    /* the nodes the key text was built from */
	size_t capkpath;
	uint32_t keydepth;
	const struct tree_node *nodes;
	const char *const *nptr; /* names by id (strtab_tables()) */
	const uint32_t *nlen;
	const uint64_t *self;    /* of the profile written */
	const double *fself;
};

static int
out_flush(struct write_ctx *w)
{
	size_t n = w->outlen;

	w->outlen = 0;
	return n > 0 && fwrite(w->out, 1, n, w->fp) != n ? -1 : 0;
}

static int
write_one(void *vctx, const struct tree *t, uint32_t node,
    const uint32_t *path, uint32_t depth)
{
	struct write_ctx *w = vctx;
	char num[COUNT_BUFSZ];
	size_t n, len;
	uint32_t i, keep, name;

	(void)t; /* read through the tables in w */
	/*
	 * Reuse the key text of the common prefix with the previous line.
	 * A path is a node's ancestors, so the two agree up to the deepest
	 * place where they do: found from the end, where they usually part.
	 */
	keep = w->keydepth < depth ? w->keydepth : depth;
	while (keep > 0 && w->kpath[keep - 1] != path[keep - 1])
		keep--;
	w->keylen = keep ? w->ends[keep - 1] : 0;
	xgrow((void **)&w->ends, &w->capends, (size_t)depth + 1, sizeof *w->ends);
	xgrow((void **)&w->kpath, &w->capkpath, (size_t)depth + 1, sizeof *w->kpath);
	for (i = keep; i < depth; i++) {
		name = w->nodes[path[i]].name;
		len = w->nlen[name];
		xgrow((void **)&w->key, &w->keycap, w->keylen + len + 2, 1);
		if (i > 0)
			w->key[w->keylen++] = ';';
		memcpy(w->key + w->keylen, w->nptr[name], len);
		w->keylen += len;
		w->ends[i] = w->keylen;
		w->kpath[i] = path[i];
	}
	w->keydepth = depth;
	n = count_format(num, (struct tf_count){w->self[node],
	    w->fself != NULL ? w->fself[node] : 0.0});
	if (w->outlen + w->keylen + n + 2 > OUT_BUF) {
		if (out_flush(w) != 0)
			return -1;
		if (w->keylen + n + 2 > OUT_BUF) {
			/* A line longer than the buffer: its key on its own. */
			if (fwrite(w->key, 1, w->keylen, w->fp) != w->keylen)
				return -1;
			w->keylen = 0;
			w->keydepth = 0; /* the key text is no longer whole */
		}
	}
	if (w->keylen > 0) { /* the root's own line has no key (nor w->key) */
		memcpy(w->out + w->outlen, w->key, w->keylen);
		w->outlen += w->keylen;
	}
	w->out[w->outlen++] = ' ';
	memcpy(w->out + w->outlen, num, n);
	w->outlen += n;
	w->out[w->outlen++] = '\n';
	return 0;
}

int
collapse_write(const struct tree *t, int prof, FILE *fp)
{
	struct write_ctx w;
	int rc;

	memset(&w, 0, sizeof w);
	w.fp = fp;
	w.out = xmalloc(OUT_BUF);
	w.nodes = tree_nodes(t);
	strtab_tables(tree_strtab_c(t), &w.nptr, &w.nlen);
	w.self = tree_selfs(t, prof, &w.fself);
	rc = collapse_walk(t, prof, write_one, &w);
	if (rc == 0)
		rc = out_flush(&w);
	free(w.out);
	free(w.key);
	free(w.ends);
	free(w.kpath);
	if (rc == 0 && fflush(fp) != 0)
		rc = -1;
	return rc != 0 || ferror(fp) ? -1 : 0;
}
