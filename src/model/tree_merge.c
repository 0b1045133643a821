/*
 * Merging one tree into another (names interned again, nodes mapped
 * parent first, self counts, samples and modules added), and setting
 * self counts after a load.  See model/tree.h; struct tree is in
 * model/tree_impl.h.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model/tree.h"
#include "model/tree_impl.h"
#include "util/thread.h"
#include "util/xalloc.h"

/* Ranking dst's names in another thread while tree_merge() copies nodes. */
struct rank_job {
	const struct strtab *st;
	uint32_t *rank;
};

static void *
rank_main(void *arg)
{
	struct rank_job *j = arg;

	strtab_rank(j->st, j->rank);
	return NULL;
}

/* Fewer names rank in less time than a thread takes to start. */
#define RANK_THREAD_MIN 4096u

void
tree_copy_names(struct tree *o, const struct tree *t)
{
	const char *const *ptr;
	const uint32_t *len;
	uint32_t id, n = strtab_count(tree_strtab_c(t));
	struct strtab *dst = tree_strtab(o);

	strtab_tables(tree_strtab_c(t), &ptr, &len);
	for (id = 1; id < n; id++) /* id 0 is the root's "", in both */
		strtab_intern(dst, ptr[id], len[id]);
}

void
tree_merge(struct tree *dst, int dprof, const struct tree *src, int sprof)
{
	tree_merge_map(dst, dprof, src, sprof, NULL);
}

void
tree_merge_map(struct tree *dst, int dprof, const struct tree *src, int sprof,
    uint32_t **mapp)
{
	uint32_t nnames = strtab_count(src->st), *names, *map, id, par;
	const char *name;
	struct tf_count c;
	struct rank_job job;
	struct thread_job tj;
	size_t i, len, before;
	int threaded = 0;

	names = xreallocarray(NULL, nnames, sizeof *names);
	for (id = 0; id < nnames; id++) {
		name = strtab_get(src->st, id, &len);
		names[id] = strtab_intern(dst->st, name, len);
	}
	/*
	 * dst has all its names now: the ranks tree_finish() sorts by are
	 * made by a second thread while this one copies the nodes, which
	 * reads no name.
	 */
	job.st = dst->st;
	job.rank = NULL;
	if (strtab_count(dst->st) >= RANK_THREAD_MIN && thread_spare()) {
		job.rank = xreallocarray(dst->rank, strtab_count(dst->st),
		    sizeof *job.rank);
		dst->rank = job.rank;
		dst->nranked = 0; /* until the thread is done */
		threaded = thread_start(&tj, 1, rank_main, &job);
	}
	map = xreallocarray(NULL, src->size, sizeof *map);
	map[0] = TREE_ROOT;
	if (dst->unhashed != 0)
		tree_hash_rest(dst);
	before = dst->size;
	for (i = 1; i < src->size; i++) {
		id = names[src->nodes[i].name];
		par = map[src->nodes[i].parent];
		/*
		 * Under a node new to dst the child is new too (src has each
		 * (parent, name) once): made without a lookup, hashed later.
		 */
		map[i] = par >= before ? tree_new_node(dst, par, id) :
		    tree_add_child(dst, par, id);
	}
	if (dst->size > before)
		dst->unhashed = before;
	for (i = 0; i < src->size; i++) {
		c = tree_self(src, sprof, (uint32_t)i);
		if (c.n != 0 || c.frac != 0.0)
			tree_add_self(dst, dprof, map[i], c);
	}
	if (src->module != NULL)
		for (i = 1; i < src->size; i++)
			if (src->module[i] != TREE_MOD_NONE)
				tree_set_module(dst, map[i],
				    tree_module_copy(dst, src, src->module[i]));
	if (src->prof[sprof].nself != NULL) {
		tree_keep_samples(dst);
		for (i = 0; i < src->size; i++)
			if (src->prof[sprof].nself[i] != 0)
				tree_add_samples(dst, dprof, map[i],
				    src->prof[sprof].nself[i]);
	}
	dst->overflows += src->overflows;
	if (threaded) {
		thread_join(&tj);
		dst->nranked = strtab_count(dst->st);
	}
	free(names);
	if (mapp != NULL)
		*mapp = map;
	else
		free(map);
}

void
tree_set_self(struct tree *t, int prof, uint32_t node, struct tf_count c)
{
	struct prof *pr = &t->prof[prof];

	pr->self[node] = 0;
	if (pr->fself != NULL)
		pr->fself[node] = 0.0;
	tree_add_self(t, prof, node, c);
}

void
tree_sub_self(struct tree *t, int prof, uint32_t node, struct tf_count c)
{
	struct prof *pr = &t->prof[prof];
	uint64_t n = pr->self[node];
	double f = pr->fself != NULL ? pr->fself[node] : 0.0;

	if (pr->fself == NULL)
		c.frac = 0.0; /* no fraction was ever added */
	if (f < c.frac) {
		/* Borrow a whole one for the fraction. */
		if (n == 0)
			c.n = 1;
		else {
			n--;
			f += 1.0;
		}
	}
	f -= c.frac;
	if (n < c.n) {
		n = 0;
		f = 0.0;
	} else
		n -= c.n;
	pr->self[node] = n;
	if (pr->fself != NULL)
		pr->fself[node] = f;
}

void
tree_clear_self(struct tree *t, int prof)
{
	struct prof *pr = &t->prof[prof];

	memset(pr->self, 0, t->size * sizeof *pr->self);
	if (pr->fself != NULL)
		memset(pr->fself, 0, t->size * sizeof *pr->fself);
	if (pr->nself != NULL)
		memset(pr->nself, 0, t->size * sizeof *pr->nself);
}
