/*
 * The streaming viewer: the graph drawn while the input still loads (see
 * tui/tui.h), and what the graph screen changes when its tree grows.
 *
 * While the input still loads, the reader calls tui_stream_wait() before
 * each read: the one moment the tree is whole and the loader waits.  A
 * refresh there (tree_finish(), the view's caches, layout, draw) costs time
 * proportional to the tree, so refreshes are at least 250 ms apart, and at
 * least four times their own cost apart, which keeps loading at no less
 * than about 80% of its speed however big the tree gets.  Between two
 * refreshes it runs steps of the event loop (tui/loop.h) with the input's
 * descriptor among the step's: one poll() on the input and the terminal
 * tells whether to return to reading, to handle keys, or to wait.  Keys
 * that arrive while the tree is stale are held until the next refresh
 * (the step's hold), but for q, which quits at once.
 *
 * Node ids of the loaded tree stay valid as it grows; view_flame_grown()
 * makes the rest of what the view keeps fit the new tree.
 */
#include "config.h"

#include <curses.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/tree.h"
#include "search/search.h"
#include "tui/loop.h"
#include "tui/tui.h"
#include "tui/view.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define STREAM_START_MS 250     /* take the terminal after loading this long */
#define STREAM_REFRESH_MS 250   /* shortest time between two refreshes */

/* The streaming viewer (tui_stream_*). */
static struct {
	struct tree *t;
	struct tui_opts o;
	struct tui_view v;      /* the view, kept for tui_run() */
	int begun;              /* tui_stream_init() was called */
	int started;            /* the terminal is taken, v is set up */
	int stopped;            /* tui_stream_stopped() */
	long long t0;           /* when loading began (ms) */
	long long last, gap;    /* the last refresh, and the wait after it */
	uint64_t bytes;         /* input bytes at the last refresh */
	struct tui_progress p;  /* as of the last tui_stream_wait() */
	long long tp;           /* when that was */
	int (*errfds)(void *, int *, int); /* tui_stream_errfds() */
	void (*drain)(void *);
	void *errctx;
} stream;

#define STREAM_ERRFDS 3         /* standard error pipes watched at most */

/* Get ready to show t while the loader fills it. */
void
tui_stream_init(struct tree *t, const struct tui_opts *o)
{
	memset(&stream, 0, sizeof stream);
	stream.t = t;
	stream.o = *o;
	stream.begun = 1;
	stream.t0 = tui_now_ms();
	stream.gap = STREAM_REFRESH_MS;
	stream.bytes = UINT64_MAX;
}

/* Watch a child's standard error too (see tui/tui.h). */
void
tui_stream_errfds(int (*errfds)(void *, int *, int), void (*drain)(void *),
    void *ctx)
{
	stream.errfds = errfds;
	stream.drain = drain;
	stream.errctx = ctx;
}

/* pf[0] is the input: put the standard error pipes after it. */
static int
stream_fds(struct pollfd *pf, int fd)
{
	int efd[STREAM_ERRFDS], i, n;

	pf[0].fd = fd;
	pf[0].events = POLLIN;
	n = stream.errfds != NULL ?
	    stream.errfds(stream.errctx, efd, STREAM_ERRFDS) : 0;
	for (i = 0; i < n; i++) {
		pf[1 + i].fd = efd[i];
		pf[1 + i].events = POLLIN;
	}
	return 1 + n;
}

/* Drain the standard error pipes when one of pf[1..n) has something. */
static void
stream_drain(const struct pollfd *pf, int n)
{
	int i;

	for (i = 1; i < n; i++)
		if (pf[i].revents != 0) {
			stream.drain(stream.errctx);
			return;
		}
}

/* Tell whether the streaming viewer stopped the input, and why. */
int
tui_stream_stopped(void)
{
	return stream.stopped;
}

/* Refresh the tree, the view and the progress line, run held keys, draw. */
static void
stream_refresh(const struct tui_progress *p)
{
	struct tui_view *v = &stream.v;
	long long t0 = tui_now_ms(), cost;

	tree_finish(stream.t);
	view_flame_grown(v);
	v->nwarnings = p->nwarnings;
	statusbar_progress(v, v->progbuf, sizeof v->progbuf, "reading", p,
	    (double)(t0 - stream.t0) / 1000.0);
	v->progress = v->progbuf;
	screen_resize(&v->screen, COLS, LINES);
	tui_ask(TUI_REDRAW);
	tui_flush();
	stream.bytes = p->bytes;
	stream.last = tui_now_ms();
	cost = stream.last - t0;
	stream.gap = TF_MAX((long long)STREAM_REFRESH_MS, 4 * cost);
}

/* Take the terminal and set up the view. */
static int
stream_start(void)
{
	if (term_start() != 0)
		return -1;
	view_flame_init(&stream.v, stream.t, &stream.o);
	tui_open(&stream.v.screen);
	stream.started = 1;
	return 0;
}

/* Before a read of fd: draw, handle keys, wait for fd. */
int
tui_stream_wait(int fd, const struct tui_progress *p)
{
	struct pollfd pf[1 + STREAM_ERRFDS];
	struct tui_step st;
	long long now, left, end;
	int rc, dirty, n;

	stream.p = *p;
	stream.tp = tui_now_ms();
	if (stream.stopped)
		return 1;
	if (!stream.started) {
		end = stream.t0 + STREAM_START_MS;
		while ((left = end - tui_now_ms()) > 0) {
			n = stream_fds(pf, fd);
			if (poll(pf, (nfds_t)n, (int)left) == 0)
				break;
			stream_drain(pf, n);
			if (pf[0].revents != 0)
				return 0; /* readable, or let read() say why not */
		}
		if (stream_start() != 0) {
			stream.stopped = 2;
			return 1;
		}
	}
	for (;;) {
		if (stream.stopped)
			return 1;
		now = tui_now_ms();
		dirty = p->bytes != stream.bytes;
		if (dirty && now - stream.last >= stream.gap) {
			stream_refresh(p);
			continue;
		}
		n = stream_fds(pf, fd);
		memset(&st, 0, sizeof st);
		st.fds = pf;
		st.nfds = n;
		st.timeout = dirty ? (int)(stream.last + stream.gap - now) : -1;
		st.hold = dirty; /* the tree has grown since the refresh */
		rc = tui_step(&st);
		if (rc & TUI_STEP_QUIT)
			stream.stopped = 1;
		else if (rc & TUI_STEP_FDS) {
			stream_drain(pf, n);
			if (pf[0].revents != 0)
				return 0;
		}
	}
}

/*
 * After loading, for tui_run(): say whether the streaming viewer is there
 * to go on with, and if so, show the whole tree and the figures of the
 * whole input once.
 */
int
stream_resume(const struct tui_opts *o)
{
	struct tui_view *v = &stream.v;

	if (stream.begun && stream.stopped == 2)
		return STREAM_NO_TERMINAL;
	if (!stream.started)
		return STREAM_NONE;
	if (stream.stopped)
		return STREAM_STOPPED;
	view_flame_grown(v);
	v->progress = NULL;
	v->nwarnings = o->nwarnings;
	if (v->msg == NULL) {
		statusbar_progress(v, v->msgbuf, sizeof v->msgbuf, "read",
		    &stream.p, (double)(stream.tp - stream.t0) / 1000.0);
		v->msg = v->msgbuf;
	}
	screen_resize(&v->screen, COLS, LINES);
	return STREAM_GOES_ON;
}

/* The streaming view is gone (tui_end() popped it). */
void
stream_forget(void)
{
	stream.started = 0;
}

/*
 * The tree grew and was finished again (the input is still loading): make
 * what the view keeps about it fit the new tree.  The layout is stale too:
 * the caller lays out again.
 */
void
view_flame_grown(struct tui_view *v)
{
	size_t n;

	view_xform_grown(v); /* the transforms again, on the grown tree */
	n = (size_t)strtab_count(tree_strtab(v->fwd)) + 1;
	view_reverse_grown(v);
	if (n > v->nstyle) {
		v->style = xreallocarray(v->style, n, sizeof *v->style);
		memset(v->style + v->nstyle, 0, n - v->nstyle);
		v->nstyle = n;
	}
	v->sel_rect = LAYOUT_NONE;
	v->sel_text_node = TREE_NONE;
	v->maxdelta_of = NULL;
	view_search_grown(v, n);
}

/*
 * remake(arg) may make the tree anew in place (the live --window:
 * model/window.h), giving its nodes and names other ids; it returns 1
 * when it did.  Around it, what the view keeps by id goes by name: the
 * zoom and the selection (as paths, each the deepest frame of its path
 * still there), the colours and the way back up.  The transformed and
 * reverse trees are other trees: view_flame_grown(), which the caller
 * calls next as after any growth, makes them again and finds their
 * zoom and selection by name.  No thread may read the tree meanwhile.
 */
void
view_flame_renumber(struct tui_view *v, int (*remake)(void *), void *arg)
{
	struct history_path zoom, want;
	int own = history_ntransforms(&v->xh) == 0 && !v->reverse;

	view_undo_stop(v);
	view_reverse_stop(v);
	memset(&zoom, 0, sizeof zoom);
	memset(&want, 0, sizeof want);
	if (own) { /* else they are ids of another tree */
		history_path_set(&zoom, v->tree, v->zoom);
		history_path_set(&want, v->tree, v->want);
	}
	if (remake(arg)) {
		if (own) {
			v->zoom = history_path_find(v->tree, &zoom, 0);
			v->want = v->sel = history_path_find(v->tree, &want,
			    0);
		}
		v->ntrail = 0;
		v->trail_at = TREE_NONE;
		memset(v->style, 0, v->nstyle);
		v->search.zoom_node = TREE_NONE;
	}
	history_path_free(&zoom);
	history_path_free(&want);
}
