/*
 * The stack sink that builds the frame tree: intern each name, step to the
 * (parent, name) child, add the count to the last node's self.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "loaders/sink_tree.h"
#include "util/xalloc.h"

static void
st_begin(void *ctx)
{
	struct sink_tree *st = ctx;

	st->cur = TREE_ROOT;
}

static uint32_t
st_intern(void *ctx, const char *name, size_t len)
{
	struct sink_tree *st = ctx;

	return strtab_intern(tree_strtab(st->tree), name, len);
}

static void
st_frame_id(void *ctx, uint32_t id)
{
	struct sink_tree *st = ctx;

	st->cur = tree_child(st->tree, st->cur, id);
}

static void
st_frame(void *ctx, const char *name, size_t len)
{
	st_frame_id(ctx, st_intern(ctx, name, len));
}

/* The store's part of closing a sample at node. */
static void
st_keep(struct sink_tree *st, uint32_t node, struct tf_count count)
{
	struct sink_seq *q = st->seq;

	if (q != NULL && !(st->have_meta && st->meta.has_time)) {
		xgrow((void **)&q->node, &q->cap, q->n + 1, sizeof *q->node);
		xgrow((void **)&q->w, &q->capw, q->n + 1, sizeof *q->w);
		q->node[q->n] = node;
		q->w[q->n++] = count_value(count);
	}
	if (st->store == NULL)
		return;
	if (st->have_meta && st->meta.has_time) {
		store_add(st->store, node, st->meta.t, count.n, st->meta.pid,
		    st->meta.tid, st->meta.cpu);
		store_name_last(st->store, st->meta.comm, st->meta.commlen);
	} else
		st->untimed++;
	st->have_meta = 0;
}

/* The line table's part of closing a sample at node. */
static void
st_line(struct sink_tree *st, uint32_t node, struct tf_count count)
{
	if (st->loc != NULL && st->lines != NULL)
		linetab_add(st->lines, node, st->loc, st->loclen, count);
	st->loc = NULL;
}

static void
st_end(void *ctx, struct tf_count count)
{
	struct sink_tree *st = ctx;

	st_keep(st, st->cur, count);
	st_line(st, st->cur, count);
	tree_add_self(st->tree, st->prof, st->cur, count);
	if (st->samples)
		tree_add_samples(st->tree, st->prof, st->cur,
		    st->have_records ? st->records : 1);
	st->have_records = 0;
	st->stacks++;
}

static uint64_t
st_last(void *ctx)
{
	struct sink_tree *st = ctx;

	return st->cur;
}

static void
st_again(void *ctx, uint64_t handle, struct tf_count count)
{
	struct sink_tree *st = ctx;

	st_keep(st, (uint32_t)handle, count);
	st_line(st, (uint32_t)handle, count);
	tree_add_self(st->tree, st->prof, (uint32_t)handle, count);
	if (st->samples)
		tree_add_samples(st->tree, st->prof, (uint32_t)handle, 1);
	st->stacks++;
}

static uint64_t
st_at(void *ctx)
{
	return ((struct sink_tree *)ctx)->cur;
}

static void
st_resume(void *ctx, uint64_t handle)
{
	((struct sink_tree *)ctx)->cur = (uint32_t)handle;
}

/* A private tree for another thread, merged in by st_join(). */
struct sink_fork {
	struct stack_sink sink; /* first: the handle st_join() gets back */
	struct sink_tree st;
};

static struct stack_sink *
st_fork(void *ctx)
{
	struct sink_fork *f = xcalloc(1, sizeof *f);
	struct sink_tree *st = ctx;

	sink_tree_init(&f->st, &f->sink, tree_new(1), 0);
	if (st->samples)
		sink_tree_keep_samples(&f->st);
	if (st->store != NULL)
		sink_tree_keep_store(&f->st, store_new());
	if (st->lines != NULL)
		sink_tree_keep_lines(&f->st, linetab_new());
	return &f->sink;
}

static void
st_join(void *ctx, struct stack_sink *child)
{
	struct sink_tree *st = ctx;
	struct sink_fork *f = (struct sink_fork *)child;

	if (st->store != NULL || st->lines != NULL) {
		uint32_t *map;

		tree_merge_map(st->tree, st->prof, f->st.tree, 0, &map);
		if (st->store != NULL) {
			store_append_mapped(st->store, f->st.store, map,
			    tree_size(f->st.tree));
			st->untimed += f->st.untimed;
			store_free(f->st.store);
		}
		if (st->lines != NULL) {
			linetab_merge_mapped(st->lines, f->st.lines, map);
			linetab_free(f->st.lines);
		}
		free(map);
	} else {
		tree_merge(st->tree, st->prof, f->st.tree, 0);
	}
	st->stacks += f->st.stacks;
	tree_free(f->st.tree);
	free(f);
}

static void
st_drop(void *ctx, struct stack_sink *child)
{
	struct sink_fork *f = (struct sink_fork *)child;

	(void)ctx;
	store_free(f->st.store);
	linetab_free(f->st.lines);
	tree_free(f->st.tree);
	free(f);
}

static const struct stack_sink_speed st_speed = {
	st_last, st_again, st_at, st_resume, st_intern, st_frame_id
};

static const struct stack_sink_par st_par = { st_fork, st_join, st_drop };

void
sink_tree_init(struct sink_tree *st, struct stack_sink *sink,
    struct tree *tree, int prof)
{
	st->tree = tree;
	st->prof = prof;
	st->cur = TREE_ROOT;
	st->stacks = 0;
	st->samples = 0;
	st->store = NULL;
	st->have_meta = 0;
	st->seq = NULL;
	st->untimed = 0;
	st->have_records = 0;
	st->records = 0;
	st->lines = NULL;
	st->loc = NULL;
	st->loclen = 0;
	sink->ctx = st;
	sink->begin = st_begin;
	sink->frame = st_frame;
	sink->end = st_end;
	sink->speed = &st_speed;
	sink->par = &st_par;
	sink->inorder = NULL;
}

void
sink_tree_keep_samples(void *ctx)
{
	struct sink_tree *st = ctx;

	st->samples = 1;
	tree_keep_samples(st->tree);
}

/* The tree's id of a module (struct load_opts' module_id hook). */
uint32_t
sink_tree_module_id(void *ctx, const char *name, size_t len, unsigned kind)
{
	struct sink_tree *st = ctx;

	return tree_module_intern(st->tree, name, len, kind);
}

/* Give module id to the node the last frame led to (module_set hook). */
void
sink_tree_module_set(void *ctx, uint32_t id)
{
	struct sink_tree *st = ctx;

	tree_set_module(st->tree, st->cur, id);
}

void
sink_tree_keep_store(struct sink_tree *st, struct store *s)
{
	st->store = s;
}

void
sink_tree_keep_seq(struct sink_tree *st, struct stack_sink *sink,
    struct sink_seq *q)
{
	st->seq = q;
	sink->par = NULL;
}

void
sink_seq_free(struct sink_seq *q)
{
	free(q->node);
	free(q->w);
	memset(q, 0, sizeof *q);
}

void
sink_tree_sample(void *ctx, const struct sample_meta *m)
{
	struct sink_tree *st = ctx;

	st->meta = *m;
	st->have_meta = 1;
}

void
sink_tree_records(void *ctx, uint64_t n)
{
	struct sink_tree *st = ctx;

	st->records = n;
	st->have_records = 1;
}

void
sink_tree_keep_lines(struct sink_tree *st, struct linetab *lt)
{
	st->lines = lt;
}

void
sink_tree_srcline(void *ctx, const char *loc, size_t len)
{
	struct sink_tree *st = ctx;

	/* The loader's bytes live until its end() or again(). */
	st->loc = loc;
	st->loclen = len;
}
