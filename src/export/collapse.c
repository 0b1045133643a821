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

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "diff/diff.h"
#include "export/collapse.h"
#include "util/thread.h"
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

/*
 * Lines in each subtree, its root's own line included (NULL when a child
 * is ever numbered below its parent, which no tree does today: then the
 * walk cannot skip subtrees).  One pass from the last node back, as a
 * node's descendants all come after it.
 */
static uint32_t *
line_counts(const struct tree *t, const struct selfs *sf)
{
	const struct tree_node *nodes = tree_nodes(t);
	const uint64_t *self = sf->n[sf->first];
	uint32_t n = tree_size(t), i, *cnt = xcalloc(n, sizeof *cnt);
	/* The usual case, one profile of whole counts, without has_self(). */
	int plain = sf->first == sf->last && sf->frac[sf->first] == NULL;

	for (i = n; i-- > 1;) {
		if (nodes[i].parent >= i) {
			free(cnt);
			return NULL;
		}
		cnt[i] += plain ? self[i] != 0 : (uint32_t)has_self(sf, i);
		cnt[nodes[i].parent] += cnt[i];
	}
	cnt[0] += (uint32_t)has_self(sf, TREE_ROOT);
	return cnt;
}

/* What walk() needs besides the tree, made once for all its calls. */
struct walk_env {
	const struct tree *t;
	struct selfs sf;
	uint8_t *prefix;      /* prefix_names() */
	const uint32_t *cnt;  /* line_counts(): NULL, or a share is walked */
	uint32_t per;         /* the share: every other range of per lines... */
	uint32_t first;       /* ...from range first (0 or 1) */
};

/* Is line in the share walked (always, when all lines are)? */
static inline int
in_share(const struct walk_env *env, uint32_t line)
{
	return env->cnt == NULL || (line / env->per) % 2 == env->first;
}

/* The first line from line on that is in the share. */
static inline uint32_t
share_next(const struct walk_env *env, uint32_t line)
{
	uint32_t r = line / env->per;

	if (r % 2 == env->first)
		return line;
	return r + 1 > UINT32_MAX / env->per ? UINT32_MAX : (r + 1) * env->per;
}

/*
 * Call fn for each line of the output in order: all of them, or with
 * env->cnt, those of the share (other lines are passed over, whole
 * subtrees at a time, by their line counts), calling enter(ctx, r) before
 * the first line of each range r of the share.
 */
static int
walk(const struct walk_env *env, collapse_fn fn,
    int (*enter)(void *ctx, uint32_t r), void *ctx)
{
	const struct tree *t = env->t;
	const struct tree_node *nodes = tree_nodes(t);
	const struct selfs *sf = &env->sf;
	struct walk_frame *st = NULL;
	size_t nst = 0, capst = 0, nent = 0, capent = 0;
	uint32_t *ent = NULL, *path = NULL, line = 0, range = UINT32_MAX;
	size_t cappath = 0;
	int rc = 0;

	if (has_self(sf, TREE_ROOT)) {
		if (in_share(env, 0) && ((env->cnt != NULL &&
		    (rc = enter(ctx, range = 0)) != 0) ||
		    (rc = fn(ctx, t, TREE_ROOT, path, 0)) != 0))
			return rc;
		line = 1;
	}
	if (nodes[TREE_ROOT].first_child == TREE_NONE)
		return 0;
	xgrow((void **)&st, &capst, 1, sizeof *st);
	push_frame(t, env->prefix, TREE_ROOT, &st[0], &ent, &nent, &capent);
	nst = 1;
	while (nst > 0) {
		struct walk_frame *f = &st[nst - 1];
		uint32_t c, depth, kids, own;

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
		own = (!f->sorted || !kids) && has_self(sf, c);
		if (!in_share(env, line)) {
			/* The lines this entry stands for: all outside? */
			uint32_t span = own + (kids ? env->cnt[c] -
			    (uint32_t)has_self(sf, c) : 0);

			if (span <= share_next(env, line) - line) {
				line += span;
				continue;
			}
		}
		depth = (uint32_t)nst; /* c's depth */
		xgrow((void **)&path, &cappath, depth, sizeof *path);
		path[depth - 1] = c;
		if (own) {
			if (in_share(env, line)) {
				if (env->cnt != NULL && line / env->per != range &&
				    (rc = enter(ctx, range = line / env->per)) != 0)
					break;
				if ((rc = fn(ctx, t, c, path, depth)) != 0)
					break;
			}
			line++;
		}
		if (kids && nodes[c].first_child != TREE_NONE) {
			xgrow((void **)&st, &capst, nst + 1, sizeof *st);
			push_frame(t, env->prefix, c, &st[nst], &ent, &nent,
			    &capent);
			nst++;
		}
	}
	free(st);
	free(ent);
	free(path);
	return rc;
}

/* Walk all of profile prof of t (no share); free env->prefix after. */
static void
walk_env_init(struct walk_env *env, const struct tree *t, int prof)
{
	env->t = t;
	selfs_init(&env->sf, t, prof);
	env->prefix = prefix_names(t);
	env->cnt = NULL;
	env->per = 0;
	env->first = 0;
}

int
collapse_walk(const struct tree *t, int prof, collapse_fn fn, void *ctx)
{
	struct walk_env env;
	int rc;

	walk_env_init(&env, t, prof);
	rc = walk(&env, fn, NULL, ctx);
	free(env.prefix);
	return rc;
}

/*
 * Lines are gathered in a buffer of this size and written in one fwrite():
 * four stdio calls per line, each taking the stream's lock once the
 * loaders have started threads, were a tenth of a --collapse run.
 */
#define OUT_BUF (64u << 10)

/*
 * Two threads write a big tree (collapse_write()): the lines are cut into
 * ranges of RANGE_LINES in output order, the first thread makes the even
 * ones and the second the odd ones, each walking the tree once and passing
 * over the other's ranges by their line counts.  A range is written when
 * the one before it has been (its turn); made ahead of its turn, it is
 * held in memory, up to RANGE_HOLD bytes, past which its thread waits for
 * its turn and writes as it goes.  The output is the one-thread output,
 * byte for byte.
 */
#define RANGE_LINES 4096u
#define RANGE_HOLD (4u << 20)
#define RANGE_MIN (4 * RANGE_LINES) /* fewer nodes, so lines: one thread */

struct ranges {
	size_t hold;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	uint32_t turn;          /* the range whose text goes out now */
	int err;                /* a write failed: everyone stops */
};

struct write_ctx {
	FILE *fp;
	char *out;          /* outcap bytes, outlen of them pending */
	size_t outlen, outcap;
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
	struct ranges *rg;  /* NULL: one thread writes all */
	struct walk_env env; /* the tree, and the share of it made here */
	uint32_t range;     /* the range being made (UINT32_MAX: none yet) */
	int turn;           /* it is that range's turn: write as it goes */
};

static int
out_flush(struct write_ctx *w)
{
	size_t n = w->outlen;

	w->outlen = 0;
	return n > 0 && fwrite(w->out, 1, n, w->fp) != n ? -1 : 0;
}

/* Wait until w's range may be written (0), or until a write failed (-1). */
static int
wait_turn(struct write_ctx *w)
{
	struct ranges *rg = w->rg;
	int err;

	pthread_mutex_lock(&rg->mu);
	while (!rg->err && rg->turn != w->range)
		pthread_cond_wait(&rg->cv, &rg->mu);
	err = rg->err;
	pthread_mutex_unlock(&rg->mu);
	w->turn = !err;
	return err ? -1 : 0;
}

/*
 * Room for need more bytes in w->out: written out when w may write (the
 * one thread, or its range's turn), else held, up to the range's hold,
 * past which it waits for its turn.  -1 on a write error.
 */
static int
out_room(struct write_ctx *w, size_t need)
{
	struct ranges *rg = w->rg;

	if (rg != NULL && !w->turn) {
		pthread_mutex_lock(&rg->mu);
		w->turn = rg->turn == w->range;
		pthread_mutex_unlock(&rg->mu);
		if (!w->turn && w->outlen + need <= rg->hold) {
			xgrow((void **)&w->out, &w->outcap, w->outlen + need, 1);
			return 0;
		}
		if (!w->turn && wait_turn(w) != 0)
			return -1;
	}
	return out_flush(w);
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
	if (w->outlen + w->keylen + n + 2 > w->outcap) {
		if (out_room(w, w->keylen + n + 2) != 0)
			return -1;
		if (w->keylen + n + 2 > w->outcap) {
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

static void
write_init(struct write_ctx *w, const struct tree *t, int prof, FILE *fp,
    struct ranges *rg)
{
	memset(w, 0, sizeof *w);
	w->fp = fp;
	w->outcap = OUT_BUF;
	w->out = xmalloc(w->outcap);
	w->nodes = tree_nodes(t);
	strtab_tables(tree_strtab_c(t), &w->nptr, &w->nlen);
	w->self = tree_selfs(t, prof, &w->fself);
	w->rg = rg;
}

static void
write_free(struct write_ctx *w)
{
	free(w->out);
	free(w->key);
	free(w->ends);
	free(w->kpath);
}

/* The range being made is whole: write it in its turn. */
static int
range_done(struct write_ctx *w)
{
	struct ranges *rg = w->rg;
	int rc = w->turn ? 0 : wait_turn(w);

	if (rc == 0)
		rc = out_flush(w);
	pthread_mutex_lock(&rg->mu);
	if (rc != 0)
		rg->err = 1;
	else
		rg->turn++;
	pthread_cond_broadcast(&rg->cv);
	pthread_mutex_unlock(&rg->mu);
	w->turn = 0;
	return rc;
}

/* walk()'s enter(): range r of the share starts. */
static int
range_enter(void *ctx, uint32_t r)
{
	struct write_ctx *w = ctx;

	if (w->range != UINT32_MAX && range_done(w) != 0)
		return -1;
	w->range = r;
	return 0;
}

/* One thread's share of the ranges (w->env says which). */
static void *
share_main(void *arg)
{
	struct write_ctx *w = arg;
	struct ranges *rg = w->rg;
	int rc;

	w->range = UINT32_MAX;
	rc = walk(&w->env, write_one, range_enter, w);
	if (rc == 0 && w->range != UINT32_MAX)
		rc = range_done(w);
	if (rc != 0) {
		pthread_mutex_lock(&rg->mu);
		rg->err = 1;
		pthread_cond_broadcast(&rg->cv);
		pthread_mutex_unlock(&rg->mu);
	}
	return NULL;
}

int
collapse_write_ranges(const struct tree *t, int prof, FILE *fp, uint32_t per,
    size_t hold)
{
	struct write_ctx w, w2;
	struct walk_env env;
	struct ranges rg;
	uint32_t *cnt = NULL;
	struct thread_job tj;
	int rc;

	walk_env_init(&env, t, prof);
	env.per = per;
	if (per > 0)
		cnt = line_counts(t, &env.sf);
	if (cnt == NULL) {
		write_init(&w, t, prof, fp, NULL);
		rc = walk(&env, write_one, NULL, &w);
		if (rc == 0)
			rc = out_flush(&w);
		write_free(&w);
	} else {
		env.cnt = cnt;
		memset(&rg, 0, sizeof rg);
		rg.hold = hold;
		pthread_mutex_init(&rg.mu, NULL);
		pthread_cond_init(&rg.cv, NULL);
		write_init(&w, t, prof, fp, &rg);
		write_init(&w2, t, prof, fp, &rg);
		w.env = w2.env = env;
		w2.env.first = 1;
		if (thread_start(&tj, 1, share_main, &w2)) {
			share_main(&w);
			thread_join(&tj);
		} else {
			/* No thread: all the ranges here, in one share. */
			w.env.per = UINT32_MAX;
			share_main(&w);
		}
		rc = rg.err ? -1 : 0;
		write_free(&w);
		write_free(&w2);
		pthread_mutex_destroy(&rg.mu);
		pthread_cond_destroy(&rg.cv);
	}
	free(cnt);
	free(env.prefix);
	if (rc == 0 && fflush(fp) != 0)
		rc = -1;
	return rc != 0 || ferror(fp) ? -1 : 0;
}

int
collapse_write(const struct tree *t, int prof, FILE *fp)
{
	uint32_t per = 0;
	const uint32_t lines_max = tree_size(t); /* at most one per node */

	/* Two threads pay off for many lines (tree_size() bounds them). */
	if (lines_max >= RANGE_MIN && thread_spare())
		per = RANGE_LINES;
	return collapse_write_ranges(t, prof, fp, per, RANGE_HOLD);
}

int
collapse_write_inorder(const struct inorder *io, FILE *fp)
{
	struct inorder_iter it;
	struct tf_count c;
	char num[COUNT_BUFSZ], *out = xmalloc(OUT_BUF);
	const char *text;
	size_t len, n, used = 0;
	int rc = 0;

	inorder_iter_init(&it);
	while (inorder_next(io, &it, &text, &len, &c)) {
		if (count_is_zero(c))
			continue; /* as the tree writes no line for it */
		n = count_format(num, c);
		if (used + len + n + 2 > OUT_BUF) {
			if (used > 0 && fwrite(out, 1, used, fp) != used) {
				rc = -1;
				break;
			}
			used = 0;
			if (len + n + 2 > OUT_BUF) {
				/* A line longer than the buffer: its text alone. */
				if (fwrite(text, 1, len, fp) != len) {
					rc = -1;
					break;
				}
				len = 0;
			}
		}
		memcpy(out + used, text, len);
		used += len;
		out[used++] = ' ';
		memcpy(out + used, num, n);
		used += n;
		out[used++] = '\n';
	}
	if (rc == 0 && used > 0 && fwrite(out, 1, used, fp) != used)
		rc = -1;
	inorder_iter_free(&it);
	free(out);
	if (rc == 0 && fflush(fp) != 0)
		rc = -1;
	return rc != 0 || ferror(fp) ? -1 : 0;
}

struct dw_ctx {
	FILE *fp;
	char *key;
	size_t cap;
};

static int
dw_one(void *vctx, const struct tree *t, uint32_t node, const uint32_t *path,
    uint32_t depth)
{
	struct dw_ctx *w = vctx;
	char a[COUNT_BUFSZ], b[COUNT_BUFSZ];
	size_t len, i, n = 0;
	const char *name;

	for (i = 0; i < depth; i++) {
		name = tree_name(t, path[i], &len);
		xgrow((void **)&w->key, &w->cap, n + len + 2, 1);
		if (i > 0)
			w->key[n++] = ';';
		memcpy(w->key + n, name, len);
		n += len;
	}
	count_format(a, tree_self(t, DIFF_BEFORE, node));
	count_format(b, tree_self(t, DIFF_AFTER, node));
	if ((n > 0 && fwrite(w->key, 1, n, w->fp) != n) ||
	    fprintf(w->fp, " %s %s\n", a, b) < 0)
		return -1;
	return 0;
}

int
collapse_write_diff(const struct tree *t, FILE *fp)
{
	struct dw_ctx w = {fp, NULL, 0};
	int rc = collapse_walk(t, -1, dw_one, &w);

	free(w.key);
	if (rc == 0 && fflush(fp) != 0)
		rc = -1;
	return rc != 0 || ferror(fp) ? -1 : 0;
}
