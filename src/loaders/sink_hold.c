/*
 * The holding sink (see loaders/sink_hold.h).
 *
 * Handles below HOLD_PATH are nodes of the tree; HOLD_PATH + i is entry i
 * of paths[], a (parent handle, name) pair met while held whose node is
 * made (tree_child) only when it is needed unheld.  A held step to a child
 * that is already in the tree just finds it (tree_find_child reads the
 * tree, never changes it).  Held stacks are (handle, count) pairs; module
 * ids given to nodes that exist while held wait in mods[] too.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "loaders/sink_hold.h"
#include "util/xalloc.h"

#define HOLD_PATH (UINT64_C(1) << 32)

struct hold_path {
	uint64_t parent;        /* a handle */
	uint32_t name;
	uint32_t node;          /* TREE_NONE until made */
	uint32_t mod;           /* TREE_MOD_NONE: none given */
};

struct hold_stack {
	uint64_t handle;
	struct tf_count count;
};

struct hold_mod {
	uint32_t node, mod;
};

struct sink_hold {
	struct sink_tree *st;
	struct stack_sink *into;
	void (*done)(void *arg, uint32_t node, struct tf_count count);
	void *arg;
	int held, open_held;
	uint64_t cur, last;     /* the open stack's handle; the last one's */
	struct hold_path *paths;
	size_t npaths, cappaths;
	uint32_t *slots;        /* path index + 1, by (parent, name) */
	size_t mask;
	struct hold_stack *aside;
	size_t naside, capaside;
	struct hold_mod *mods;
	size_t nmods, capmods;
	uint64_t *chain;        /* make(): paths still to make */
	size_t capchain;
};

static size_t
path_slot(uint64_t parent, uint32_t name, size_t mask)
{
	uint64_t k = parent * 0x9e3779b97f4a7c15ull ^ name;

	k ^= k >> 31;
	k *= 0xbf58476d1ce4e5b9ull;
	k ^= k >> 29;
	return (size_t)k & mask;
}

/* The path (parent, name), made an entry when new. */
static uint64_t
path_of(struct sink_hold *h, uint64_t parent, uint32_t name)
{
	struct hold_path *p;
	size_t s, i;

	if (2 * (h->npaths + 1) > h->mask + 1) {
		free(h->slots);
		h->mask = h->mask ? 2 * h->mask + 1 : 1023;
		h->slots = xcalloc(h->mask + 1, sizeof *h->slots);
		for (i = 0; i < h->npaths; i++) {
			p = &h->paths[i];
			for (s = path_slot(p->parent, p->name, h->mask);
			    h->slots[s] != 0; s = (s + 1) & h->mask)
				;
			h->slots[s] = (uint32_t)(i + 1);
		}
	}
	for (s = path_slot(parent, name, h->mask); h->slots[s] != 0;
	    s = (s + 1) & h->mask) {
		p = &h->paths[h->slots[s] - 1];
		if (p->parent == parent && p->name == name)
			return HOLD_PATH + h->slots[s] - 1;
	}
	xgrow((void **)&h->paths, &h->cappaths, h->npaths + 1, sizeof *h->paths);
	p = &h->paths[h->npaths];
	p->parent = parent;
	p->name = name;
	p->node = TREE_NONE;
	p->mod = TREE_MOD_NONE;
	h->slots[s] = (uint32_t)(h->npaths + 1);
	return HOLD_PATH + h->npaths++;
}

/* A handle as a node when it is one already (or was made one). */
static uint64_t
settled(const struct sink_hold *h, uint64_t handle)
{
	uint32_t node;

	if (handle < HOLD_PATH)
		return handle;
	node = h->paths[handle - HOLD_PATH].node;
	return node != TREE_NONE ? node : handle;
}

/* The node of a handle, made (with its parents) when it is a path. */
static uint32_t
make(struct sink_hold *h, uint64_t handle)
{
	struct tree *t = h->st->tree;
	struct hold_path *p;
	size_t n = 0;
	uint64_t at = settled(h, handle);
	uint32_t node;

	while (at >= HOLD_PATH) {
		xgrow((void **)&h->chain, &h->capchain, n + 1, sizeof *h->chain);
		h->chain[n++] = at;
		at = settled(h, h->paths[at - HOLD_PATH].parent);
	}
	node = (uint32_t)at;
	while (n > 0) {
		p = &h->paths[h->chain[--n] - HOLD_PATH];
		node = tree_child(t, node, p->name);
		if (p->mod != TREE_MOD_NONE)
			tree_set_module(t, node, p->mod);
		p->node = node;
	}
	return node;
}

/* Into the tree: a stack whose node is known. */
static void
put(struct sink_hold *h, uint32_t node, struct tf_count count)
{
	h->into->speed->again(h->into->ctx, node, count);
	if (h->done != NULL)
		h->done(h->arg, node, count);
}

static void
hold_aside(struct sink_hold *h, uint64_t handle, struct tf_count count)
{
	xgrow((void **)&h->aside, &h->capaside, h->naside + 1,
	    sizeof *h->aside);
	h->aside[h->naside].handle = handle;
	h->aside[h->naside].count = count;
	h->naside++;
}

static void
sh_begin(void *ctx)
{
	struct sink_hold *h = ctx;

	h->open_held = h->held;
	h->cur = TREE_ROOT;
	if (!h->open_held)
		h->into->begin(h->into->ctx);
}

static uint32_t
sh_intern(void *ctx, const char *name, size_t len)
{
	struct sink_hold *h = ctx;

	return h->into->speed->intern(h->into->ctx, name, len);
}

static void
sh_frame_id(void *ctx, uint32_t id)
{
	struct sink_hold *h = ctx;
	uint64_t at;
	uint32_t c;

	if (!h->open_held) {
		h->into->speed->frame_id(h->into->ctx, id);
		h->cur = h->st->cur;
		return;
	}
	at = settled(h, h->cur);
	if (at < HOLD_PATH &&
	    (c = tree_find_child(h->st->tree, (uint32_t)at, id)) != TREE_NONE)
		h->cur = c;
	else
		h->cur = path_of(h, at, id);
}

static void
sh_frame(void *ctx, const char *name, size_t len)
{
	struct sink_hold *h = ctx;

	if (!h->open_held) {
		h->into->frame(h->into->ctx, name, len);
		h->cur = h->st->cur;
		return;
	}
	sh_frame_id(ctx, sh_intern(ctx, name, len));
}

static void
sh_end(void *ctx, struct tf_count count)
{
	struct sink_hold *h = ctx;

	h->last = h->cur;
	if (!h->open_held) {
		h->into->end(h->into->ctx, count);
		if (h->done != NULL)
			h->done(h->arg, h->st->cur, count);
		return;
	}
	hold_aside(h, h->cur, count);
}

static uint64_t
sh_last(void *ctx)
{
	return ((struct sink_hold *)ctx)->last;
}

static void
sh_again(void *ctx, uint64_t handle, struct tf_count count)
{
	struct sink_hold *h = ctx;

	if (h->held)
		hold_aside(h, handle, count);
	else
		put(h, make(h, handle), count);
}

static uint64_t
sh_at(void *ctx)
{
	return ((struct sink_hold *)ctx)->cur;
}

static void
sh_resume(void *ctx, uint64_t handle)
{
	struct sink_hold *h = ctx;

	if (h->open_held) {
		h->cur = handle;
		return;
	}
	h->cur = make(h, handle);
	h->into->speed->resume(h->into->ctx, h->cur);
}

static const struct stack_sink_speed hold_speed = {
	sh_last, sh_again, sh_at, sh_resume, sh_intern, sh_frame_id
};

struct sink_hold *
sink_hold_new(struct sink_tree *st, struct stack_sink *into,
    struct stack_sink *sink,
    void (*done)(void *arg, uint32_t node, struct tf_count count), void *arg)
{
	struct sink_hold *h = xcalloc(1, sizeof *h);

	h->st = st;
	h->into = into;
	h->done = done;
	h->arg = arg;
	memset(sink, 0, sizeof *sink);
	sink->ctx = h;
	sink->begin = sh_begin;
	sink->frame = sh_frame;
	sink->end = sh_end;
	sink->speed = into->speed != NULL ? &hold_speed : NULL;
	sink->inorder = NULL;
	return h;
}

void
sink_hold_free(struct sink_hold *h)
{
	if (h == NULL)
		return;
	free(h->paths);
	free(h->slots);
	free(h->aside);
	free(h->mods);
	free(h->chain);
	free(h);
}

void
sink_hold_set(struct sink_hold *h, int held)
{
	h->held = held;
}

uint64_t
sink_hold_count(const struct sink_hold *h)
{
	return h->naside;
}

void
sink_hold_release(struct sink_hold *h)
{
	size_t i;

	for (i = 0; i < h->nmods; i++)
		tree_set_module(h->st->tree, h->mods[i].node, h->mods[i].mod);
	h->nmods = 0;
	for (i = 0; i < h->naside; i++)
		put(h, make(h, h->aside[i].handle), h->aside[i].count);
	h->naside = 0;
}

void
sink_hold_drop(struct sink_hold *h)
{
	h->naside = 0;
}

void
sink_hold_renumbered(struct sink_hold *h)
{
	h->npaths = 0;
	if (h->slots != NULL)
		memset(h->slots, 0, (h->mask + 1) * sizeof *h->slots);
	h->naside = 0;
	h->nmods = 0;
	h->cur = h->last = TREE_ROOT;
}

void
sink_hold_module_set(struct sink_hold *h, uint32_t mod)
{
	uint64_t at;

	if (!h->open_held) {
		sink_tree_module_set(h->st, mod);
		return;
	}
	at = settled(h, h->cur);
	if (at >= HOLD_PATH)
		h->paths[at - HOLD_PATH].mod = mod;
	else {
		xgrow((void **)&h->mods, &h->capmods, h->nmods + 1,
		    sizeof *h->mods);
		h->mods[h->nmods].node = (uint32_t)at;
		h->mods[h->nmods].mod = mod;
		h->nmods++;
	}
}
