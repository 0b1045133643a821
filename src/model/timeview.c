/*
 * The viewer's time range and comparison (model/timeview.h): the trees
 * are queries over the store, by stack (leaf node) of the tree as loaded;
 * a comparison adds each side's weights up by stack in one pass each, then
 * makes the nodes either side reached, as tree_range() does for one.
 */
#include "config.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/heatmap.h"
#include "model/range.h"
#include "model/timerange.h"
#include "model/timeview.h"
#include "util/thread.h"
#include "util/xalloc.h"

/*
 * The map made ahead: the thread reads only the loaded tree and the
 * store (which nothing changes meanwhile, see timeview_ahead_start())
 * and writes only this; timeview_ahead_wait() hands it over.
 */
struct timeview_ahead {
	struct thread_job thread;
	atomic_int stop;
	const struct tree *loaded;
	const struct store *store;
	int rows, show_idle;
	uint8_t *match;
	const void *marks;
	uint8_t *idle;              /* made: the idle nodes, */
	uint32_t nidle;
	struct heatgrid grid;       /*   the map (hm.cell NULL: stopped) */
};

/* The thread: the idle nodes, then the map with them left out. */
static void *
ahead_main(void *arg)
{
	struct timeview_ahead *a = arg;

	a->idle = heatmap_idle_nodes(a->loaded, &a->nidle);
	heatgrid_build_until(&a->grid, a->store, a->rows,
	    a->show_idle || a->nidle == 0 ? NULL : a->idle, a->match,
	    tree_size(a->loaded), &a->stop);
	return NULL;
}

int
timeview_ahead_start(struct timeview *tv, uint8_t *match, const void *marks)
{
	struct timeview_ahead *a;

	tv->ahead_tried = 1;
	if (tv->ahead != NULL || !timeview_has_time(tv)) {
		free(match);
		return 0;
	}
	a = xcalloc(1, sizeof *a);
	atomic_init(&a->stop, 0);
	a->loaded = tv->loaded;
	a->store = tv->store;
	a->rows = tv->rows > 0 ? tv->rows : HEATMAP_ROWS_DEFAULT;
	a->show_idle = tv->show_idle;
	a->match = match;
	a->marks = marks;
	if (!thread_start(&a->thread, thread_spare(), ahead_main, a)) {
		free(a->match);
		free(a);
		return 0; /* the first opening makes it */
	}
	tv->ahead = a;
	return 1;
}

/* Wait for the thread and free a; what it made is a's to give or drop. */
static void
ahead_join(struct timeview_ahead *a)
{
	thread_join(&a->thread);
	free(a->match);
}

void
timeview_ahead_wait(struct timeview *tv)
{
	struct timeview_ahead *a = tv->ahead;

	if (a == NULL)
		return;
	tv->ahead = NULL;
	ahead_join(a);
	free(tv->idle);
	tv->idle = a->idle;
	tv->nidle = a->nidle;
	heatgrid_free(&tv->grid);
	tv->grid = a->grid;
	tv->grid_idle = a->show_idle;
	tv->grid_marks = a->marks;
	if (!store_span(tv->store, &tv->tmin, &tv->tmax))
		tv->tmin = tv->tmax = 0;
	free(a);
}

void
timeview_ahead_stop(struct timeview *tv)
{
	struct timeview_ahead *a = tv->ahead;

	if (a == NULL)
		return;
	tv->ahead = NULL;
	atomic_store(&a->stop, 1);
	ahead_join(a);
	free(a->idle);
	heatgrid_free(&a->grid);
	free(a);
}

void
timeview_init(struct timeview *tv, struct tree *loaded,
    const struct store *s)
{
	memset(tv, 0, sizeof *tv);
	tv->loaded = loaded;
	tv->store = s;
	timeview_refresh(tv);
}

void
timeview_refresh(struct timeview *tv)
{
	int64_t a, b;

	timeview_ahead_wait(tv);
	if (tv->on || tv->store == NULL)
		return;
	if (tv->tmax != 0 && store_span(tv->store, &a, &b) &&
	    a == tv->tmin && b == tv->tmax && tv->grid.hm.cell != NULL)
		return; /* nothing came since: the map kept is good */
	heatgrid_free(&tv->grid);
	free(tv->idle);
	tv->idle = NULL;
	tv->nidle = 0;
	if (store_span(tv->store, &tv->tmin, &tv->tmax))
		tv->idle = heatmap_idle_nodes(tv->loaded, &tv->nidle);
}

void
timeview_free(struct timeview *tv)
{
	timeview_ahead_stop(tv);
	tree_free(tv->tree);
	free(tv->idle);
	heatgrid_free(&tv->grid);
	memset(tv, 0, sizeof *tv);
}

int
timeview_has_time(const struct timeview *tv)
{
	return tv->store != NULL && store_count(tv->store) > 0;
}

/* The skip bytes for the trees: the idle nodes, unless shown. */
static const uint8_t *
skip_of(const struct timeview *tv)
{
	return tv->show_idle || tv->nidle == 0 ? NULL : tv->idle;
}

struct tree *
timeview_pick(struct timeview *tv, int64_t t0, int64_t t1, int vs_rest)
{
	struct tree *t;

	if (!timeview_has_time(tv) || t1 <= t0)
		return NULL;
	if (vs_rest)
		t = tree_range_pair(tv->loaded, tv->store, INT64_MIN,
		    INT64_MAX, t0, t1, 1, skip_of(tv));
	else if (tv->base_on)
		t = tree_range_pair(tv->loaded, tv->store, tv->b0, tv->b1,
		    t0, t1, 0, skip_of(tv));
	else
		t = tree_range(tv->loaded, tv->store, t0, t1, skip_of(tv),
		    &tv->kept);
	tree_free(tv->tree);
	tv->tree = t;
	tv->on = 1;
	tv->t0 = t0;
	tv->t1 = t1;
	tv->vs_rest = vs_rest;
	return t;
}

struct tree *
timeview_detach(struct timeview *tv)
{
	struct tree *t = tv->tree;

	tv->tree = NULL;
	return t;
}

void
timeview_clear(struct timeview *tv)
{
	tree_free(tv->tree);
	tv->tree = NULL;
	tv->on = 0;
	tv->vs_rest = 0;
	tv->kept = 0;
}

struct tree *
tree_range_pair(const struct tree *t, const struct store *s, int64_t a0,
    int64_t a1, int64_t b0, int64_t b1, int rest, const uint8_t *skip)
{
	uint32_t n = tree_size(t), i, *map;
	const struct tree_node *nodes = tree_nodes(t);
	uint64_t *wa = xcalloc(n, sizeof *wa), *wb = xcalloc(n, sizeof *wb);
	uint8_t *keep = xcalloc(n, 1);
	struct tree *o = tree_new(2);

	store_fold(s, b0, b1, wb, NULL, n, skip);
	if (rest) {
		/* Everything, less the range: the rest of the recording. */
		store_fold(s, INT64_MIN, INT64_MAX, wa, NULL, n, skip);
		for (i = 0; i < n; i++)
			wa[i] -= wb[i];
	} else
		store_fold(s, a0, a1, wa, NULL, n, skip);
	keep[TREE_ROOT] = 1;
	for (i = n; i-- > 1;)
		if (wa[i] != 0 || wb[i] != 0 || keep[i])
			keep[i] = keep[nodes[i].parent] = 1;
	tree_keep_modules_of(o, t);
	tree_copy_names(o, t);
	map = xreallocarray(NULL, n, sizeof *map);
	map[TREE_ROOT] = TREE_ROOT;
	for (i = 1; i < n; i++) {
		if (!keep[i])
			continue;
		map[i] = tree_child(o, map[nodes[i].parent], nodes[i].name);
		if (tree_has_modules(t))
			tree_set_module(o, map[i], tree_module(t, i));
		if (wa[i] != 0)
			tree_add_self(o, 0, map[i], COUNT_INT(wa[i]));
		if (wb[i] != 0)
			tree_add_self(o, 1, map[i], COUNT_INT(wb[i]));
	}
	free(map);
	free(keep);
	free(wa);
	free(wb);
	tree_trim(o);
	tree_finish(o);
	return o;
}

size_t
timeview_words(const struct timeview *tv, char *buf, size_t cap)
{
	char b[64];
	int n;

	if (cap == 0)
		return 0;
	buf[0] = '\0';
	if (!tv->on)
		return 0;
	time_range_words(buf, cap, tv->t0, tv->t1, tv->tmin);
	n = (int)strlen(buf);
	if (tv->vs_rest)
		n = snprintf(buf + n, cap - (size_t)n, " vs the rest") + n;
	else if (tv->base_on) {
		time_range_words(b, sizeof b, tv->b0, tv->b1, tv->tmin);
		n = snprintf(buf + n, cap - (size_t)n, " vs %s",
		    strncmp(b, "time ", 5) == 0 ? b + 5 : b) + n;
	}
	return (size_t)n < cap ? (size_t)n : cap - 1;
}
