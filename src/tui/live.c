/*
 * The live viewer (see tui/live.h).
 *
 * The graph screen (view_flame.c) is shown through a thin screen of its
 * own, pushed in its place, whose ops pass everything to the graph but
 * the live keys (p, z, and ? for a help screen that lists them).  The
 * tree is stale between two refreshes exactly as in the streaming viewer
 * (stream.c): samples have gone into it since the last tree_finish(), so
 * the loop step holds keys back then.  While paused nothing goes into the
 * tree (the holding sink, loaders/sink_hold.h, keeps the stacks back), so
 * the paused graph can be explored freely; p again puts them in.  That
 * sink offers the speed hooks, so the perf loader's memo works live: a
 * stack seen before costs one lookup.
 *
 * --window (model/window.h): each sample that goes into the tree is
 * noted with the time it went in, counted from the start of the
 * recording, and at a refresh the tree is made anew from the samples
 * still in the window, so the frames and names that left it are gone
 * (memory follows the window, however many names come and go).  That
 * gives the tree's nodes and names new ids, so then the loader gets no
 * speed hooks (their handles would outlive the nodes: perf's memo still
 * parses each distinct line once), the refresh waits while stacks are
 * held (paused) or another screen (a table, a sandwich: they keep ids)
 * covers the graph, and the graph keeps its zoom and selection by name
 * (view_flame_renumber()).
 */
#include "config.h"

#include <curses.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "loaders/sink_hold.h"
#include "model/units.h"
#include "model/window.h"
#include "tui/live.h"
#include "tui/loop.h"
#include "tui/screen.h"
#include "tui/view.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define LIVE_REFRESH_MS 1000    /* shortest time between two refreshes */
/*
 * With --window the tree holds the current second still filling and the
 * ones before: refreshed once a second, just after a second began, it
 * would show little.  Four times a second then.
 */
#define LIVE_WINDOW_REFRESH_MS 250
#define LIVE_TICK_MS 1000       /* the status line's clock */
/*
 * perf script writes its output 4 KiB at a time: reading each piece as it
 * comes wakes tflame hundreds of times a second.  After a read, the next
 * waits, so that one read takes what came meanwhile, unless LIVE_FULL_READ
 * or more are already waiting in the pipe (FIONREAD; where it cannot
 * tell, unless the read took that much): then reading goes on at once.
 * Asking the pipe, not the read, spares the read of the 4 KiB perf script
 * wrote while a big one ran: half the reads.
 *
 * How long: what three quarters of the pipe (1 MiB, or 4 MiB where
 * allowed, see cli/record.c) take to fill at the rate the input came
 * before, between LIVE_BATCH_MS and a refresh's period; and a read due
 * after the refresh is made just before it, so that the refresh shows
 * what came.  A pipe that fills
 * anyway only holds perf script back till the read (perf record's
 * buffers take a second or more of samples), and the next wait is
 * shorter.  Each wakeup costs about 0.1 ms here (a 10 s idle recording:
 * 19.5-20.7 ms at four a second, 16.2-16.3 at one), a fifth of tflame's
 * time on an idle machine, where the input comes at 0.75 MB/s.
 */
#define LIVE_BATCH_MS 250
#define LIVE_NO_MODULE UINT32_MAX
#define LIVE_KEY_ESC 27         /* gives up waiting for perf record */
#define LIVE_FULL_READ (128u << 10)

/* The screen in front of the graph. */
struct live_screen {
	struct tui_screen screen;
};

static struct {
	struct tree *t;
	struct tui_opts o;
	struct tui_live_opts lo;
	char what[160];         /* lo.what, escaped */
	struct tui_view v;
	struct live_screen ls;
	struct window *w;
	int started, stopped, paused, stop_sent, ended, exit_signal;
	int waiting;            /* perf record has not started yet */
	int begun;              /* it has: the clock runs from then */
	long long t0, last, deadline, tick;
	uint64_t bytes;         /* input bytes read so far */
	long long lastread;     /* when the input was last let be read */
	long long drained;      /* when the pipe was last found drained */
	uint64_t drainbytes;    /* bytes read by then */
	long long batchms;      /* the wait after a drain */
	int room;               /* of the pipe, in bytes: 0 unknown, -1 none */
	uint64_t added;         /* samples into the tree since the refresh */
	uint64_t samples;       /* samples since the start (or z) */
	/* The sink in front of the tree's. */
	struct sink_tree *st;
	struct sink_hold *hold; /* paused: holds the stacks back */
	char status[512];
} live;

/* The shortest time between two refreshes. */
static long long
refresh_ms(void)
{
	return live.w != NULL ? LIVE_WINDOW_REFRESH_MS : LIVE_REFRESH_MS;
}

/* Milliseconds since the recording began. */
static long long
elapsed(void)
{
	return tui_now_ms() - live.t0;
}

/* Nanoseconds since the recording began (the window's clock). */
static int64_t
elapsed_ns(void)
{
	return (int64_t)elapsed() * 1000000;
}

/* A stack went into the tree (the holding sink's done): count it. */
static void
live_done(void *arg, uint32_t node, struct tf_count count)
{
	(void)arg;
	if (live.w != NULL)
		window_note(live.w, elapsed_ns(), node, count);
	live.added++;
	live.samples++;
}

uint32_t
tui_live_module_id(void *ctx, const char *name, size_t len, unsigned kind)
{
	(void)ctx;
	return sink_tree_module_id(live.st, name, len, kind);
}

void
tui_live_module_set(void *ctx, uint32_t id)
{
	sink_hold_module_set(ctx, id);
}

/* The status line: what, how long, how many, the window, lost, paused. */
static void
live_status(void)
{
	char win[96] = "", tail[96], n[32], held[32];
	double secs = (double)elapsed() / 1000.0;
	unsigned long long lost;
	size_t len;

	if (live.lo.window > 0)
		snprintf(win, sizeof win, ", window %gs", live.lo.window);
	/* perf's lost chunks: the samples shown are not all there were. */
	lost = live.lo.lost != NULL ? live.lo.lost(live.lo.ctx) : 0;
	len = strlen(win);
	if (lost > 0)
		snprintf(win + len, sizeof win - len, ", LOST %llu chunks", lost);
	if (live.paused) {
		units_group(held, sizeof held,
		    (struct tf_count){sink_hold_count(live.hold), 0.0});
		snprintf(tail, sizeof tail, " | PAUSED, %s new (p resumes)",
		    held);
	} else
		snprintf(tail, sizeof tail, " | p pause, z clear, q stop");
	/* Counts with thousands separators, as on every line. */
	units_group(n, sizeof n, (struct tf_count){live.samples, 0.0});
	snprintf(live.status, sizeof live.status,
	    "recording %s: %.0fs, %s sample%s recorded%s%s", live.what, secs,
	    n, live.samples == 1 ? "" : "s", win, tail);
	live.v.progress = live.status;
	live.tick = tui_now_ms();
}

static int
expire(void *arg)
{
	(void)arg;
	if (!window_expire(live.w, elapsed_ns()))
		return 0;
	sink_hold_renumbered(live.hold);
	return 1;
}

static int
forget(void *arg)
{
	(void)arg;
	window_clear(live.w);
	sink_hold_renumbered(live.hold);
	return 1;
}

/*
 * --window: forget what left it, the tree made anew, unless stacks are
 * held back or a screen that keeps the tree's ids covers the graph.
 */
static void
live_expire(void)
{
	if (live.w == NULL || sink_hold_count(live.hold) > 0 ||
	    live.ls.screen.stack == NULL ||
	    live.ls.screen.stack->top != &live.ls.screen)
		return;
	view_flame_renumber(&live.v, expire, NULL);
}

/* Take expired samples off, finish the tree, lay out, draw. */
static void
live_refresh(void)
{
	live_expire();
	tree_finish(live.t);
	view_flame_grown(&live.v);
	live_status();
	screen_resize(&live.v.screen, COLS, LINES);
	live.v.screen.stack = live.ls.screen.stack;
	tui_ask(TUI_REDRAW);
	tui_flush();
	live.added = 0;
	live.last = tui_now_ms();
}

/* The live keys, for the help screen (and dispatch). */
static int act_pause(struct tui_screen *s);
static int act_zero(struct tui_screen *s);
static int act_help(struct tui_screen *s);

static const struct tui_binding live_bindings[] = {
	{"p", "pause the display (recording goes on); p again shows "
	    "what came meanwhile", act_pause, {'p', 0}},
	{"z", "clear the counts and start again from now", act_zero,
	    {'z', 0}},
	{"q Ctrl-C", "stop recording (perf record writes what it has; "
	    "killed when it does not end) and quit", NULL, {0}},
	{"Esc", "while waiting for perf record to start: give up", NULL,
	    {0}},
	{"?", "show this help", act_help, {'?', KEY_F(1), 0}},
};

static const char *const live_legend[] = {
	"Every key of the graph works on the live graph too: arrows or h j k l",
	"move, Enter zooms, Backspace or u goes back, Esc returns to the root,",
	"i flips flame/icicle, r shows callers, / searches (n N), s saves an",
	"SVG, PgUp PgDn g G scroll.  Zoom and selection stay while their frame",
	"is there.  With --window=SEC only the last SEC seconds are counted;",
	"--duration=SEC stops recording then and keeps the graph.",
};

/* p: pause or resume the display. */
static int
act_pause(struct tui_screen *s)
{
	(void)s;
	if (live.ended)
		return 0;
	live.paused = !live.paused;
	sink_hold_set(live.hold, live.paused);
	if (!live.paused) {
		/* The tree is fresh here (keys are held while it is not). */
		sink_hold_release(live.hold);
		live_expire();
		tree_finish(live.t);
		view_flame_grown(&live.v);
		live.added = 0;
	}
	live_status();
	return TUI_RELAYOUT | TUI_REDRAW;
}

/* z: clear the counts and start again. */
static int
act_zero(struct tui_screen *s)
{
	(void)s;
	if (live.ended)
		return 0;
	sink_hold_drop(live.hold);
	if (live.w != NULL)
		view_flame_renumber(&live.v, forget, NULL);
	else
		tree_clear_self(live.t, 0);
	live.samples = 0;
	tree_finish(live.t);
	view_flame_grown(&live.v);
	live.added = 0;
	live_status();
	return TUI_RELAYOUT | TUI_REDRAW;
}

/* ?: the live keys, and a word on the graph's. */
static int
act_help(struct tui_screen *s)
{
	help_open(s->stack, live_bindings, ARRAY_SIZE(live_bindings),
	    live_legend, ARRAY_SIZE(live_legend));
	return TUI_REDRAW;
}

/* The graph screen behind the live one. */
static struct tui_screen *
graph(void)
{
	live.v.screen.stack = live.ls.screen.stack;
	return &live.v.screen;
}

static void
ls_resize(struct tui_screen *s, int cols, int lines)
{
	(void)s;
	screen_resize(graph(), cols, lines);
}

static void
ls_draw(struct tui_screen *s)
{
	(void)s;
	graph()->ops->draw(graph());
}

static int
ls_key(struct tui_screen *s, int key)
{
	const struct tui_binding *b;

	/* Not recording yet: q, Ctrl-C and Esc give up. */
	if (live.waiting && (screen_quits(s, key) || key == LIVE_KEY_ESC))
		return TUI_QUIT;
	if (!live.v.prompt.active && live.v.confirm == NULL &&
	    (b = screen_binding(live_bindings, ARRAY_SIZE(live_bindings),
	    key)) != NULL && b->fn != NULL)
		return b->fn(s);
	return graph()->ops->key(graph(), key);
}

static int
ls_delay(const struct tui_screen *s)
{
	(void)s;
	return graph()->ops->delay != NULL ? graph()->ops->delay(graph()) : -1;
}

static int
ls_tick(struct tui_screen *s)
{
	(void)s;
	return graph()->ops->tick != NULL ? graph()->ops->tick(graph()) : 0;
}

static int
ls_quits(const struct tui_screen *s, int key)
{
	(void)s;
	return graph()->ops->quits != NULL &&
	    graph()->ops->quits(graph(), key);
}

static void
ls_free(struct tui_screen *s)
{
	(void)s;
	if (graph()->ops->free != NULL)
		graph()->ops->free(graph());
	live.started = 0;
}

static const struct tui_screen_ops live_ops = {
	.name = "live",
	.resize = ls_resize,
	.draw = ls_draw,
	.key = ls_key,
	.delay = ls_delay,
	.tick = ls_tick,
	.quits = ls_quits,
	.free = ls_free,
};

void
tui_live_init(struct tree *t, const struct tui_opts *o,
    const struct tui_live_opts *lo, struct stack_sink *sink,
    struct stack_sink *into, struct sink_tree *st)
{
	sink_hold_free(live.hold);
	window_free(live.w);
	memset(&live, 0, sizeof live);
	live.t = t;
	live.o = *o;
	live.lo = *lo;
	escape_text(live.what, sizeof live.what, lo->what, strlen(lo->what));
	live.st = st;
	if (lo->window > 0)
		live.w = window_new(t, lo->window < 1e9 ?
		    (int64_t)(lo->window * 1e9) : INT64_MAX / 2);
	live.t0 = tui_now_ms();
	if (lo->duration > 0)
		live.deadline = (long long)(lo->duration * 1000);
	live.hold = sink_hold_new(st, into, sink, live_done, NULL);
	if (live.w != NULL)
		sink->speed = NULL; /* handles would outlive the window's nodes */
}

/* Take the terminal and show the graph. */
static int
live_start(void)
{
	if (term_start() != 0)
		return -1;
	tree_finish(live.t);
	view_flame_init(&live.v, live.t, &live.o);
	live.ls.screen.ops = &live_ops;
	tui_open(&live.ls.screen);
	live.started = 1;
	live_refresh();
	return 0;
}

/* Bytes waiting in the pipe fd, or -1 when it cannot tell. */
static int
waiting(int fd)
{
#ifdef FIONREAD
	int n;

	if (ioctl(fd, FIONREAD, &n) == 0)
		return n;
#else
	(void)fd;
#endif
	return -1;
}

/* Three quarters of the pipe fd's size in bytes, or -1 when unknown. */
static int
pipe_room(int fd)
{
#ifdef F_GETPIPE_SZ
	int n = fcntl(fd, F_GETPIPE_SZ);

	return n > 0 ? n / 4 * 3 : -1;
#else
	(void)fd;
	return -1;
#endif
}

/*
 * The pipe is drained, bytes read in all: how long to let the input come
 * before the next read (LIVE_BATCH_MS above).  The rate is taken over at
 * least LIVE_BATCH_MS, so that a read just after another (the one before
 * a refresh) does not count as a burst.
 */
static void
batch_plan(int fd, uint64_t bytes)
{
	long long now = tui_now_ms(), ms = now - live.drained;
	double rate, fill;

	if (live.room == 0)
		live.room = pipe_room(fd);
	if (live.drained != 0 && ms < LIVE_BATCH_MS)
		return;
	if (live.drained == 0 || live.room <= 0) {
		live.batchms = LIVE_BATCH_MS;
	} else {
		rate = (double)(bytes - live.drainbytes) / (double)ms;
		fill = rate > 0 ? live.room / rate : 1e9;
		live.batchms = (long long)TF_MAX(TF_MIN(fill,
		    (double)refresh_ms()), (double)LIVE_BATCH_MS);
	}
	live.drained = now;
	live.drainbytes = bytes;
}

/* When the next read is due. */
static long long
batch_due(void)
{
	long long due = live.lastread + live.batchms;

	/* A read due after the refresh is made just before it. */
	if (live.added > 0 && !live.paused)
		due = TF_MIN(due, live.last + refresh_ms());
	return due;
}

int
tui_live_wait(int fd, uint64_t bytes)
{
	struct pollfd pf[4];
	struct tui_step st;
	long long now, wait, batch, due;
	int rc, dirty, i, n, k, efd[3], avail, stepped = 0;

	if (live.stopped)
		return 1;
	if (!live.started && live_start() != 0) {
		live.stopped = 2;
		return 1;
	}
	if (!live.begun) {
		/*
		 * The first read: recording has begun (perf record answered).
		 * Seconds, --duration and --window count from here, not from
		 * the wait for it.
		 */
		live.begun = 1;
		live.t0 = tui_now_ms();
		live_status();
	}
	/* Little waiting: let more come before the next read. */
	if ((avail = waiting(fd)) < 0)
		avail = bytes - live.bytes >= LIVE_FULL_READ ? LIVE_FULL_READ : 0;
	if (avail < (int)LIVE_FULL_READ)
		batch_plan(fd, bytes);
	batch = avail >= (int)LIVE_FULL_READ ? 0 : batch_due();
	live.bytes = bytes;
	for (;;) {
		now = elapsed();
		if (live.deadline > 0 && !live.stop_sent &&
		    now >= live.deadline) {
			live.stop_sent = 1;
			live.lo.stop(live.lo.ctx);
		} else if (live.stop_sent)
			live.lo.stop(live.lo.ctx); /* escalates when due */
		dirty = live.added > 0;
		if (!live.paused && (dirty || (live.w != NULL &&
		    tui_now_ms() - live.last >= LIVE_TICK_MS)) &&
		    tui_now_ms() - live.last >= refresh_ms()) {
			/*
			 * What came first: once, and then while much waits,
			 * for at most LIVE_BATCH_MS.
			 */
			due = live.last + refresh_ms();
			if ((live.lastread < due ||
			    avail >= (int)LIVE_FULL_READ) &&
			    tui_now_ms() < due + LIVE_BATCH_MS &&
			    waiting(fd) > 0) {
				live.lastread = tui_now_ms();
				return 0;
			}
			live_refresh();
			if (batch > 0)
				batch = batch_due();
			continue;
		}
		if (!dirty && tui_now_ms() - live.tick >= LIVE_TICK_MS) {
			live_status();
			tui_ask(TUI_REDRAW);
		}
		/* Wake for the refresh, the clock, and --duration. */
		wait = dirty ? live.last + refresh_ms() - tui_now_ms() :
		    live.tick + LIVE_TICK_MS - tui_now_ms();
		if (live.deadline > 0 && !live.stop_sent)
			wait = TF_MIN(wait, live.deadline - now);
		/*
		 * Slept till the batch is due (keys and the screen seen to):
		 * with input waiting, read it without another step.
		 */
		if (stepped && tui_now_ms() >= batch && waiting(fd) > 0) {
			live.lastread = tui_now_ms();
			return 0;
		}
		k = 0;
		if (tui_now_ms() >= batch) {
			pf[k].fd = fd; /* the input: watched once batched */
			pf[k++].events = POLLIN;
		} else
			wait = TF_MIN(wait, batch - tui_now_ms());
		n = live.lo.errfds != NULL ?
		    live.lo.errfds(live.lo.ctx, efd, 3) : 0;
		for (i = 0; i < n; i++) {
			pf[k + i].fd = efd[i];
			pf[k + i].events = POLLIN;
		}
		memset(&st, 0, sizeof st);
		st.fds = pf;
		st.nfds = k + n;
		st.timeout = (int)TF_MAX(wait, 0LL);
		st.hold = dirty;
		rc = tui_step(&st);
		stepped = 1;
		if (rc & TUI_STEP_QUIT) {
			live.stopped = 1;
			return 1;
		}
		for (i = k; i < k + n; i++)
			if ((rc & TUI_STEP_FDS) && pf[i].revents != 0 &&
			    live.lo.drain != NULL) {
				live.lo.drain(live.lo.ctx);
				break;
			}
		if (k == 1 && (rc & TUI_STEP_FDS) && pf[0].revents != 0) {
			live.lastread = tui_now_ms();
			return 0;
		}
	}
}

int
tui_live_starting(void *ctx)
{
	struct tui_step st;
	int rc;

	(void)ctx;
	if (live.stopped)
		return 1;
	if (!live.started && live_start() != 0) {
		live.stopped = 2;
		return 1;
	}
	live.waiting = 1;
	snprintf(live.status, sizeof live.status, "waiting for perf record to "
	    "start: %.0fs (q quits)", (double)elapsed() / 1000.0);
	live.v.progress = live.status;
	tui_ask(TUI_REDRAW);
	memset(&st, 0, sizeof st);
	st.timeout = 0;
	rc = tui_step(&st);
	live.waiting = 0;
	if (rc & TUI_STEP_QUIT) {
		live.stopped = 1;
		return 1;
	}
	return 0;
}

int
tui_live_exit_signal(void)
{
	return live.exit_signal;
}

int
tui_live_stopped(void)
{
	return live.stopped;
}

int
tui_live_end(const char *msg)
{
	struct tui_step st;
	int rc = EXIT_OK;

	if (live.stopped == 2)
		return EXIT_INPUT; /* no terminal: said so */
	if (!live.stopped) {
		if (!live.started && live_start() != 0)
			return EXIT_INPUT;
		sink_hold_set(live.hold, 0);
		sink_hold_release(live.hold);
		live.paused = 0;
		live_refresh();
		live.ended = 1;
		live.v.progress = NULL;
		if (msg != NULL) {
			escape_text(live.v.msgbuf, sizeof live.v.msgbuf, msg,
			    strlen(msg));
			live.v.msg = live.v.msgbuf;
		}
		screen_resize(&live.v.screen, COLS, LINES);
		memset(&st, 0, sizeof st);
		st.timeout = -1;
		tui_ask(TUI_REDRAW);
		while (!(tui_step(&st) & TUI_STEP_QUIT))
			;
	}
	live.exit_signal = term_signal();
	tui_end();
	sink_hold_free(live.hold);
	live.hold = NULL;
	window_free(live.w);
	live.w = NULL;
	return rc;
}
