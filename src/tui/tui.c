/*
 * The viewer's event loop: the screen stack, one step function (see
 * tui/loop.h) and tui_run().  See tui/tui.h for the public side.
 *
 * Reactions.  A key or tick handler returns flags (tui/screen.h); the loop
 * acts on the layout ones at once (close the screen, lay out again, clear)
 * so that the next key finds the screen as the last one left it, and
 * collects TUI_REDRAW, so that keys read together are drawn once.  Drawing
 * is always from scratch onto an erased stdscr, sent with one doupdate():
 * curses sends only the cells that changed.
 *
 * Keys.  A step reads every key that has come with wgetch() in no-delay
 * mode, before it waits (curses may hold keys it read ahead, and a
 * SIGWINCH caught while drawing is a KEY_RESIZE waiting there) and again
 * once poll() says the terminal is readable.  A terminal that reports an
 * error or a hang-up, or is readable three times in a row without giving
 * a key, is gone: the step says quit rather than spin.
 */
#include "config.h"

#include <curses.h>
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tui/colors.h"
#include "tui/loop.h"
#include "tui/screen.h"
#include "tui/tui.h"
#include "tui/view.h"
#include "util/fatal.h"
#include "util/macros.h"

#define LOOP_KEYS 64            /* keys held back while the data is stale */
#define LOOP_MAXFDS 8           /* extra descriptors a step watches */
#define LOOP_EMPTY_READS 3      /* a readable terminal without keys: gone */

static struct tui_stack stack;  /* the open screens */
static struct {
	int flags;              /* reactions not acted on yet (tui_ask()) */
	int keys[LOOP_KEYS];    /* keys held back (tui_step's hold) */
	int nkeys;
	int empty;              /* readable, no key: in a row */
} loop;
static int exit_signal;

/* Milliseconds on a monotonic clock. */
long long
tui_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Lay the top screen out when it is not for this terminal size yet. */
static void
tui_fit(void)
{
	struct tui_screen *s = stack.top;

	if (s != NULL && (s->cols != COLS || s->lines != LINES))
		screen_resize(s, COLS, LINES);
}

/* Draw the top screen: the one place that paints. */
static void
tui_draw(void)
{
	const char *small = COLS >= 18 ? "terminal too small" : "too small";

	tui_fit();
	erase();
	if (COLS < TUI_MIN_COLS || LINES < TUI_MIN_LINES) {
		colors_use(COLORS_STATUS_MSG, PALETTE_USER, 0);
		mvaddnstr(0, 0, small, TF_MIN(COLS, (int)strlen(small)));
		colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	} else if (stack.top != NULL)
		stack.top->ops->draw(stack.top);
	wnoutrefresh(stdscr);
	doupdate();
}

/*
 * Act on the flags that change the stack or the layout now (close,
 * relayout, clear); return what is left for the draw: TUI_REDRAW and
 * TUI_QUIT.
 */
static int
tui_react(int flags)
{
	if ((flags & TUI_CLOSE) && stack.top != NULL) {
		if (stack.top->below == NULL)
			return flags | TUI_QUIT;
		screen_pop(&stack);
		flags |= TUI_REDRAW;
	}
	if (flags & TUI_QUIT)
		return flags;
	if (flags & TUI_RELAYOUT)
		screen_resize(stack.top, COLS, LINES);
	if (flags & TUI_CLEAR)
		clearok(curscr, TRUE);
	if (flags != 0)
		flags |= TUI_REDRAW;
	return flags & ~(TUI_CLOSE | TUI_RELAYOUT | TUI_CLEAR);
}

/* Hand key ch to the top screen and act on its flags. */
static void
tui_key(int ch)
{
	int flags;

	if (ch == KEY_RESIZE)
		flags = TUI_RELAYOUT | TUI_REDRAW;
	else
		flags = stack.top->ops->key(stack.top, ch);
	loop.flags = tui_react(loop.flags | flags);
}

/* Put screen s on top of the viewer's stack. */
void
tui_open(struct tui_screen *s)
{
	screen_push(&stack, s);
}

/* Ask for a reaction at the next draw (TUI_REDRAW, TUI_RELAYOUT...). */
void
tui_ask(int flags)
{
	loop.flags |= flags;
}

/*
 * Run the keys held back, then draw once if anything asked for it.
 * Returns -1 when the viewer must end.
 */
static int
tui_settle(void)
{
	int i, n = loop.nkeys, keys[LOOP_KEYS];

	/* A key's handler may keep more (tui_poll()): run a copy. */
	memcpy(keys, loop.keys, (size_t)n * sizeof *keys);
	loop.nkeys = 0;
	for (i = 0; i < n && !(loop.flags & TUI_QUIT); i++)
		tui_key(keys[i]);
	loop.flags = tui_react(loop.flags);
	if (loop.flags & TUI_QUIT)
		return -1;
	if (loop.flags != 0)
		tui_draw();
	loop.flags = 0;
	return 0;
}

/* Run held keys and draw what is pending, now (the stream's refresh). */
void
tui_flush(void)
{
	if (tui_settle() != 0)
		loop.flags |= TUI_QUIT;
}

/*
 * Read every key that has come, handing each to the top screen, or with
 * hold, keeping it for later (but for a first key that quits).  Returns
 * the number of keys read, or -1 when the viewer must end.
 */
static int
tui_read_keys(int hold)
{
	const struct tui_screen *top;
	int ch, got = 0;

	wtimeout(stdscr, 0);
	while ((ch = wgetch(stdscr)) != ERR) {
		got++;
		/* Keys kept by tui_poll() come first: these wait behind. */
		if (!hold && loop.nkeys == 0) {
			tui_key(ch);
			if (loop.flags & TUI_QUIT)
				return -1;
			continue;
		}
		top = stack.top;
		if (loop.nkeys == 0 && ch != KEY_RESIZE &&
		    top->ops->quits != NULL && top->ops->quits(top, ch))
			return -1;
		if (loop.nkeys < LOOP_KEYS)
			loop.keys[loop.nkeys++] = ch;
	}
	return got;
}

/*
 * Between two slices of a long task run from a key handler or a refresh
 * (tui/loop.h): read the keys that came, keeping them for after the task
 * as a step's hold does.  Returns TUI_POLL_QUIT when the viewer must end
 * (a quit signal, or a key the top screen's quits op takes: the loop
 * then quits), TUI_POLL_CANCEL for Esc (not kept), else 0.
 */
int
tui_poll(void)
{
	const struct tui_screen *top = stack.top;
	int ch;

	if (term_signal() || (loop.flags & TUI_QUIT))
		return TUI_POLL_QUIT;
	if (stdscr == NULL)
		return 0;
	wtimeout(stdscr, 0);
	while ((ch = wgetch(stdscr)) != ERR) {
		if (ch == 27)
			return TUI_POLL_CANCEL;
		if (top != NULL && ch != KEY_RESIZE && top->ops->quits != NULL &&
		    top->ops->quits(top, ch)) {
			loop.flags |= TUI_QUIT;
			return TUI_POLL_QUIT;
		}
		if (loop.nkeys < LOOP_KEYS)
			loop.keys[loop.nkeys++] = ch;
	}
	return 0;
}

/* Draw the top screen now, from inside a long task (tui_poll()). */
void
tui_paint(void)
{
	if (stdscr != NULL && stack.top != NULL)
		tui_draw();
}

/* One step of the event loop (tui/loop.h). */
int
tui_step(struct tui_step *st)
{
	struct pollfd pf[1 + LOOP_MAXFDS];
	const struct tui_screen *top;
	int nfds = TF_MIN(st->nfds, LOOP_MAXFDS), delay = -1, timeout, n, i;
	int rc = 0, got;

	if (term_signal() || (loop.flags & TUI_QUIT))
		return TUI_STEP_QUIT;
	if (!st->hold && tui_settle() != 0)
		return TUI_STEP_QUIT;
	if ((got = tui_read_keys(st->hold)) < 0)
		return TUI_STEP_QUIT;
	top = stack.top; /* the keys may have opened or closed one */
	if (!st->hold && top->ops->delay != NULL)
		delay = top->ops->delay(top);
	timeout = st->timeout;
	if (delay >= 0 && (timeout < 0 || delay < timeout))
		timeout = delay;
	if (got > 0)
		timeout = 0; /* draw those keys first */
	pf[0].fd = term_key_fd();
	pf[0].events = POLLIN;
	pf[0].revents = 0;
	for (i = 0; i < nfds; i++) {
		pf[1 + i] = st->fds[i];
		pf[1 + i].revents = 0;
	}
	n = poll(pf, (nfds_t)(1 + nfds), timeout);
	if (n < 0 && errno != EINTR)
		return nfds > 0 ? TUI_STEP_FDS : TUI_STEP_QUIT;
	for (i = 0; i < nfds; i++) {
		st->fds[i].revents = n > 0 ? pf[1 + i].revents : 0;
		if (st->fds[i].revents != 0)
			rc |= TUI_STEP_FDS;
	}
	if (term_signal())
		return rc | TUI_STEP_QUIT;
	if (n > 0 && (pf[0].revents & (POLLHUP | POLLERR | POLLNVAL)))
		return rc | TUI_STEP_QUIT; /* the terminal is gone */
	if (n < 0 || pf[0].revents != 0) {
		/* A key, or a signal (SIGWINCH: curses has KEY_RESIZE). */
		if ((got = tui_read_keys(st->hold)) < 0)
			return rc | TUI_STEP_QUIT;
		if (n > 0 && got == 0 && ++loop.empty >= LOOP_EMPTY_READS)
			return rc | TUI_STEP_QUIT;
		if (got > 0)
			loop.empty = 0;
	} else if (n == 0 && got == 0) {
		if (delay >= 0 && (st->timeout < 0 || delay <= st->timeout) &&
		    top->ops->tick != NULL)
			loop.flags |= stack.top->ops->tick(stack.top);
		if (st->timeout >= 0 && (delay < 0 || st->timeout <= delay))
			rc |= TUI_STEP_TIMEOUT;
	}
	if (!st->hold && tui_settle() != 0)
		return rc | TUI_STEP_QUIT;
	return rc;
}

/* Step until the user quits or a signal ends the viewer. */
static void
tui_loop(void)
{
	struct tui_step st;

	memset(&st, 0, sizeof st);
	st.timeout = -1;
	tui_ask(TUI_REDRAW);
	while (!(tui_step(&st) & TUI_STEP_QUIT))
		;
}

/* Run the viewer on t until the user quits or a signal ends it. */
int
tui_run(struct tree *t, const struct tui_opts *o)
{
	struct tui_view v;

	exit_signal = 0;
	switch (stream_resume(o)) {
	case STREAM_NO_TERMINAL:
		return EXIT_INPUT; /* already said */
	case STREAM_GOES_ON:
		tui_loop();
		break;
	case STREAM_STOPPED:
		break;
	case STREAM_NONE:
		if (term_start() != 0)
			return EXIT_INPUT;
		view_flame_init(&v, t, o);
		tui_open(&v.screen);
		tui_loop();
		break;
	}
	exit_signal = term_signal();
	tui_end();
	return EXIT_OK;
}

/* Give the terminal back, and drop every screen (the stream's too). */
void
tui_end(void)
{
	term_done();
	screen_pop_all(&stack);
	memset(&loop, 0, sizeof loop);
	stream_forget();
}

/* Return the signal that ended the last viewer, or 0. */
int
tui_exit_signal(void)
{
	return exit_signal;
}
