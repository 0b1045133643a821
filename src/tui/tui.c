/*
 * The viewer's life cycle: take the terminal, run the event loop, give the
 * terminal back on every way out.  See tui/tui.h.
 *
 * Signals.  SIGINT, SIGTERM, SIGHUP and SIGQUIT only set a flag; they are
 * installed without SA_RESTART, so a blocked wgetch() returns and the loop
 * ends normally, restoring the terminal through endwin().  Crash signals
 * cannot wait for the loop: their handler restores the terminal with
 * async-signal-safe calls only (tcsetattr() with the termios saved before
 * curses started, write() of reset sequences read from terminfo in
 * advance), puts the previous handler back and lets the signal happen
 * again, so the default action (a core dump) or a sanitizer's report still
 * follows.  SIGWINCH is left to curses, which turns it into KEY_RESIZE, and
 * SIGTSTP too, which suspends and resumes cleanly.
 *
 * Streaming.  While the input still loads (see tui/tui.h), the reader calls
 * tui_stream_wait() before each read: the one moment the tree is whole and
 * the loader waits.  A refresh there (tree_finish(), the view's caches,
 * layout, draw) costs time proportional to the tree, so refreshes are at
 * least 250 ms apart, and at least four times their own cost apart, which
 * keeps loading at no less than about 80% of its speed however big the
 * tree gets.  One poll() on the input and the terminal per read tells
 * whether to return to reading, to handle keys, or to wait; keys that
 * arrive while the tree is stale are queued until the next refresh, but
 * for q, which quits at once.
 *
 * Standard error.  While curses owns a terminal that is also standard
 * error, fd 2 points at a temporary file; it is put back and the file's
 * contents copied to it when the terminal is restored, in the crash handler
 * as well (so an assertion or sanitizer message is not lost).
 */
#include "config.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "tui/colors.h"
#include "tui/term.h"
#include "tui/text.h"
#include "tui/tui.h"
#include "tui/view.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/macros.h"

#define KEY_CTRL_C 3

static const int quit_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

static struct sigaction old_quit[ARRAY_SIZE(quit_signals)];
static struct sigaction old_crash[ARRAY_SIZE(crash_signals)];
static volatile sig_atomic_t quit_signal; /* a quit signal arrived */
static volatile sig_atomic_t active;      /* curses owns the terminal */
static int installed;                     /* our signal handlers are */
static int exit_signal;

static SCREEN *screen;
static FILE *tty_fp;            /* /dev/tty, when stdin/stdout are not used */
static int tty_fd = -1;         /* the terminal curses writes to */
static struct termios saved_tio;
static int have_tio;
static char reset_seq[256];     /* sequences that undo curses' setup */
static size_t reset_len;
static int saved_stderr = -1;   /* the real standard error, while captured */
static FILE *capture;           /* where fd 2 points meanwhile */
static int capture_fd = -1;     /* its descriptor (fileno() is not
                                   async-signal-safe) */
static int key_fd = -1;         /* where curses reads keys from */

#define STREAM_START_MS 250     /* take the terminal after loading this long */
#define STREAM_REFRESH_MS 250   /* shortest time between two refreshes */
#define STREAM_KEYS 64          /* keys queued while the tree is stale */

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
	int keys[STREAM_KEYS];  /* keys waiting for the next refresh */
	int nkeys;
} stream;

/* Append terminfo string capability cap to reset_seq, without padding. */
static void
reset_add(const char *cap)
{
	const char *s = tigetstr(cap);

	if (s == NULL || s == (const char *)-1)
		return;
	for (; *s != '\0' && reset_len < sizeof reset_seq; s++) {
		if (s[0] == '$' && s[1] == '<') {
			/* Padding, "$<5>": a delay, not output. */
			while (*s != '\0' && *s != '>')
				s++;
			if (*s == '\0')
				break;
			continue;
		}
		reset_seq[reset_len++] = *s;
	}
}

/* Give standard error back and copy what was written to it meanwhile. */
static void
stderr_restore(void)
{
	char buf[4096];
	ssize_t n;

	if (saved_stderr < 0)
		return;
	dup2(saved_stderr, STDERR_FILENO);
	close(saved_stderr);
	saved_stderr = -1;
	if (capture_fd < 0)
		return;
	if (lseek(capture_fd, 0, SEEK_SET) == 0)
		while ((n = read(capture_fd, buf, sizeof buf)) > 0)
			if (write(STDERR_FILENO, buf, (size_t)n) != n)
				break;
}

/* Send standard error to a temporary file while it is the screen. */
static void
stderr_capture(void)
{
	if (!isatty(STDERR_FILENO))
		return;
	fflush(stderr);
	if ((capture = tmpfile()) == NULL)
		return;
	capture_fd = fileno(capture);
	saved_stderr = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
	if (saved_stderr < 0 || dup2(capture_fd, STDERR_FILENO) < 0) {
		if (saved_stderr >= 0)
			close(saved_stderr);
		saved_stderr = -1;
		fclose(capture);
		capture = NULL;
		capture_fd = -1;
	}
}

/* Restore the terminal from a signal handler: async-signal-safe calls only. */
static void
restore_async(void)
{
	if (!active)
		return;
	active = 0;
	if (tty_fd >= 0) {
		if (reset_len > 0 && write(tty_fd, reset_seq, reset_len) < 0) {
			/* Nothing more can be done about a dead terminal. */
		}
		if (have_tio)
			tcsetattr(tty_fd, TCSANOW, &saved_tio);
	}
	stderr_restore();
}

/* Note a quit signal; the loop sees it when wgetch() returns. */
static void
on_quit(int sig)
{
	quit_signal = sig;
}

/* Restore the terminal, then let the crash signal go on as before. */
static void
on_crash(int sig, siginfo_t *si, void *uctx)
{
	size_t i;

	(void)uctx;
	restore_async();
	for (i = 0; i < ARRAY_SIZE(crash_signals); i++)
		if (crash_signals[i] == sig)
			sigaction(sig, &old_crash[i], NULL);
	/*
	 * A fault raised by the kernel happens again when this handler
	 * returns, this time into the previous handler; a signal that was
	 * sent (abort(), kill) must be sent again.
	 */
	if (si == NULL || si->si_code <= 0 || sig == SIGABRT)
		raise(sig);
}

/* Install the signal handlers, keeping the previous ones. */
static void
signals_install(void)
{
	struct sigaction sa;
	size_t i;

	quit_signal = 0;
	installed = 1;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_quit;
	sa.sa_flags = 0; /* no SA_RESTART: wgetch() must return */
	for (i = 0; i < ARRAY_SIZE(quit_signals); i++)
		sigaction(quit_signals[i], &sa, &old_quit[i]);
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_sigaction = on_crash;
	sa.sa_flags = SA_SIGINFO;
	for (i = 0; i < ARRAY_SIZE(crash_signals); i++)
		sigaction(crash_signals[i], &sa, &old_crash[i]);
}

/* Put the previous signal handlers back. */
static void
signals_restore(void)
{
	size_t i;

	if (!installed)
		return;
	installed = 0;
	for (i = 0; i < ARRAY_SIZE(quit_signals); i++)
		sigaction(quit_signals[i], &old_quit[i], NULL);
	for (i = 0; i < ARRAY_SIZE(crash_signals); i++)
		sigaction(crash_signals[i], &old_crash[i], NULL);
}

/*
 * Give the terminal back: the normal way out, and the fatal() hook.  Safe
 * to call more than once.
 */
static void
tui_done(void)
{
	if (active) {
		endwin();
		active = 0;
		if (have_tio)
			tcsetattr(tty_fd, TCSANOW, &saved_tio);
	}
	if (screen != NULL) {
		delscreen(screen);
		screen = NULL;
	}
	stderr_restore();
	if (capture != NULL) {
		fclose(capture);
		capture = NULL;
		capture_fd = -1;
	}
	if (tty_fp != NULL) {
		fclose(tty_fp);
		tty_fp = NULL;
	}
	tty_fd = key_fd = -1;
	signals_restore();
	fatal_set_cleanup(NULL);
}

/*
 * Start curses on the terminal: standard input and output when both are
 * terminals, else /dev/tty (the profile may be coming through a pipe).
 * Returns 0, or -1 after printing why not.
 */
static int
tui_start(void)
{
	FILE *in = stdin, *out = stdout;
	const char *term = getenv("TERM");
	char name[256];

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		tty_fp = fopen("/dev/tty", "r+e");
		if (tty_fp == NULL) {
			fprintf(stderr, "tflame: no terminal to draw on; "
			    "use --collapse\n");
			return -1;
		}
		in = out = tty_fp;
	}
	tty_fd = fileno(out);
	key_fd = fileno(in);
	have_tio = tcgetattr(tty_fd, &saved_tio) == 0;
	signals_install();
	stderr_capture();
	fflush(stdout);
	screen = tui_newterm(out, in);
	if (screen == NULL) {
		tui_done();
		if (term == NULL || *term == '\0')
			fprintf(stderr, "tflame: TERM is not set; "
			    "use --collapse\n");
		else {
			escape_text(name, sizeof name, term, strlen(term));
			fprintf(stderr, "tflame: cannot draw on terminal type "
			    "\"%s\"; use --collapse\n", name);
		}
		return -1;
	}
	set_term(screen);
	/* A terminal that cannot move the cursor cannot show a full screen. */
	if (tigetstr("cup") == NULL || tigetstr("cup") == (char *)-1) {
		endwin();
		tui_done();
		escape_text(name, sizeof name, term != NULL ? term : "",
		    term != NULL ? strlen(term) : 0);
		fprintf(stderr, "tflame: terminal type \"%s\" cannot move the "
		    "cursor; use --collapse\n", name);
		return -1;
	}
	reset_len = 0;
	reset_add("sgr0");
	reset_add("cnorm");
	reset_add("rmkx");
	reset_add("rmcup");
	active = 1;
	fatal_set_cleanup(tui_done);
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	/*
	 * Esc is a key of its own (back to the root), to be answered within
	 * a frame (16 ms) like any other key: wait 5 ms for the rest of an
	 * arrow key's sequence, not curses' 1 s.  A terminal sends a key's
	 * sequence in one write, and a byte takes 4 ms even at 2400 baud.
	 * ESCDELAY in the environment (read by curses) still wins.
	 */
	if (getenv("ESCDELAY") == NULL)
		set_escdelay(5);
	curs_set(0);
	colors_init();
	text_setup();
	return 0;
}

/* Draw the current screen: the one place that paints. */
static void
tui_draw(struct tui_view *v)
{
	const char *small = COLS >= 18 ? "terminal too small" : "too small";

	erase();
	if (COLS < TUI_MIN_COLS || LINES < TUI_MIN_LINES) {
		colors_use(COLORS_STATUS_MSG, PALETTE_USER, 0);
		mvaddnstr(0, 0, small, TF_MIN(COLS, (int)strlen(small)));
		colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	} else if (v->screen == TUI_SCREEN_HELP)
		view_help_draw(v);
	else
		view_flame_draw(v);
	wnoutrefresh(stdscr);
	doupdate();
}

/* Milliseconds on a monotonic clock. */
static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Hand key ch to the current screen; reaction flags. */
static int
tui_key(struct tui_view *v, int ch)
{
	if (ch == KEY_RESIZE)
		return TUI_RELAYOUT | TUI_REDRAW;
	if (v->screen == TUI_SCREEN_HELP) {
		v->screen = TUI_SCREEN_FLAME;
		return TUI_REDRAW;
	}
	return view_flame_key(v, ch);
}

/*
 * Run the event loop: draw when asked, wait for a key (or the status line's
 * scrolling timer), hand the key to the current screen.
 */
static void
tui_loop(struct tui_view *v)
{
	int flags = TUI_RELAYOUT | TUI_REDRAW, ch, timeout, early = 0;
	long long t0;

	for (;;) {
		if (quit_signal || (flags & TUI_QUIT))
			break;
		if (flags & TUI_RELAYOUT)
			view_flame_relayout(v, COLS, LINES);
		if (flags & TUI_CLEAR)
			clearok(curscr, TRUE);
		if (flags != 0)
			tui_draw(v);
		flags = 0;

		timeout = v->screen == TUI_SCREEN_FLAME ?
		    view_flame_timeout(v) : -1;
		wtimeout(stdscr, timeout);
		t0 = now_ms();
		errno = 0;
		ch = wgetch(stdscr);
		if (ch == ERR) {
			if (quit_signal)
				break;
			if (errno == EINTR)
				continue;
			/*
			 * A blocking read that fails, or a timed one that keeps
			 * returning at once, means the terminal is gone: quit
			 * rather than spin.
			 */
			if (timeout < 0)
				break;
			if (now_ms() - t0 < timeout / 2) {
				if (++early >= 3)
					break;
				continue;
			}
			early = 0;
			flags = view_flame_tick(v);
			continue;
		}
		early = 0;
		flags = tui_key(v, ch);
	}
}

/* Run the viewer on t until the user quits or a signal ends it. */
int
tui_run(struct tree *t, const struct tui_opts *o)
{
	struct tui_view v, *vp = &v;

	exit_signal = 0;
	if (stream.begun && stream.stopped == 2)
		return EXIT_INPUT; /* no terminal: already said */
	if (stream.started) {
		/* Go on with the view drawn while loading, on the whole tree. */
		vp = &stream.v;
		if (!stream.stopped) {
			view_flame_grown(vp);
			vp->progress = NULL;
			vp->nwarnings = o->nwarnings;
			if (vp->msg == NULL) {
				/* The figures for the whole input, once. */
				statusbar_progress(vp, vp->msgbuf,
				    sizeof vp->msgbuf, "read", &stream.p,
				    (double)(stream.tp - stream.t0) / 1000.0);
				vp->msg = vp->msgbuf;
			}
			tui_loop(vp);
		}
	} else {
		if (tui_start() != 0)
			return EXIT_INPUT;
		view_flame_init(vp, t, o);
		tui_loop(vp);
	}
	tui_end();
	if (vp == &v)
		view_flame_done(vp);
	exit_signal = quit_signal;
	return EXIT_OK;
}

/* Give the terminal back, and drop the streaming viewer's view. */
void
tui_end(void)
{
	tui_done();
	if (stream.started) {
		view_flame_done(&stream.v);
		stream.started = 0;
	}
}

/* Get ready to show t while the loader fills it. */
void
tui_stream_init(struct tree *t, const struct tui_opts *o)
{
	memset(&stream, 0, sizeof stream);
	stream.t = t;
	stream.o = *o;
	stream.begun = 1;
	stream.t0 = now_ms();
	stream.gap = STREAM_REFRESH_MS;
	stream.bytes = UINT64_MAX;
}

/* Tell whether the streaming viewer stopped the input, and why. */
int
tui_stream_stopped(void)
{
	return stream.stopped;
}

/* Act on the reaction flags of keys: relayout, repaint, draw. */
static void
stream_react(int flags)
{
	struct tui_view *v = &stream.v;

	if (flags & TUI_QUIT) {
		stream.stopped = 1;
		return;
	}
	if (flags & TUI_RELAYOUT)
		view_flame_relayout(v, COLS, LINES);
	if (flags & TUI_CLEAR)
		clearok(curscr, TRUE);
	if (flags != 0)
		tui_draw(v);
}

/* Refresh the tree, the view and the progress line, run queued keys, draw. */
static void
stream_refresh(const struct tui_progress *p)
{
	struct tui_view *v = &stream.v;
	long long t0 = now_ms(), cost;
	int flags = TUI_REDRAW, i;

	tree_finish(stream.t);
	view_flame_grown(v);
	v->nwarnings = p->nwarnings;
	statusbar_progress(v, v->progbuf, sizeof v->progbuf, "reading", p,
	    (double)(t0 - stream.t0) / 1000.0);
	v->progress = v->progbuf;
	view_flame_relayout(v, COLS, LINES);
	for (i = 0; i < stream.nkeys && !(flags & TUI_QUIT); i++) {
		flags |= tui_key(v, stream.keys[i]);
		if (flags & TUI_RELAYOUT) {
			view_flame_relayout(v, COLS, LINES);
			flags &= ~TUI_RELAYOUT;
		}
	}
	stream.nkeys = 0;
	stream_react(flags);
	stream.bytes = p->bytes;
	stream.last = now_ms();
	cost = stream.last - t0;
	stream.gap = TF_MAX((long long)STREAM_REFRESH_MS, 4 * cost);
}

/*
 * Read the keys that have come.  With the tree fresh they are handled
 * now; else queued for the next refresh, but for a quit key.
 */
static void
stream_keys(int fresh)
{
	struct tui_view *v = &stream.v;
	int ch;

	wtimeout(stdscr, 0);
	while (!stream.stopped && (ch = wgetch(stdscr)) != ERR) {
		if (fresh) {
			stream_react(tui_key(v, ch));
			continue;
		}
		if (stream.nkeys == 0 && (ch == 'q' || ch == KEY_CTRL_C) &&
		    v->screen == TUI_SCREEN_FLAME && !v->prompt.active &&
		    v->confirm == NULL) {
			stream.stopped = 1;
			break;
		}
		if (stream.nkeys < STREAM_KEYS)
			stream.keys[stream.nkeys++] = ch;
	}
}

/* Take the terminal and set up the view. */
static int
stream_start(void)
{
	if (tui_start() != 0)
		return -1;
	view_flame_init(&stream.v, stream.t, &stream.o);
	stream.started = 1;
	return 0;
}

/* Before a read of fd: draw, handle keys, wait for fd. */
int
tui_stream_wait(int fd, const struct tui_progress *p)
{
	struct pollfd pf[2];
	long long now, left;
	int n, dirty;

	stream.p = *p;
	stream.tp = now_ms();
	if (stream.stopped)
		return 1;
	if (!stream.started) {
		left = STREAM_START_MS - (now_ms() - stream.t0);
		pf[0].fd = fd;
		pf[0].events = POLLIN;
		if (left > 0 && poll(pf, 1, (int)left) != 0)
			return 0; /* readable, or let read() say what is wrong */
		if (stream_start() != 0) {
			stream.stopped = 2;
			return 1;
		}
	}
	for (;;) {
		if (quit_signal)
			stream.stopped = 1;
		if (stream.stopped)
			return 1;
		now = now_ms();
		dirty = p->bytes != stream.bytes;
		if (dirty && now - stream.last >= stream.gap) {
			stream_refresh(p);
			dirty = 0;
			continue;
		}
		pf[0].fd = fd;
		pf[0].events = POLLIN;
		pf[0].revents = 0;
		pf[1].fd = key_fd;
		pf[1].events = POLLIN;
		pf[1].revents = 0;
		n = poll(pf, 2, dirty ? (int)(stream.last + stream.gap - now) : -1);
		if (n < 0 && errno != EINTR)
			return 0;
		if (n < 0 || pf[1].revents != 0) {
			/* A key, or a signal (SIGWINCH: curses has KEY_RESIZE). */
			if (pf[1].revents & (POLLHUP | POLLERR | POLLNVAL))
				stream.stopped = 1; /* the terminal is gone */
			else
				stream_keys(!dirty);
		}
		if (pf[0].revents != 0 && !stream.stopped)
			return 0;
	}
}

/* Return the signal that ended the last viewer, or 0. */
int
tui_exit_signal(void)
{
	return exit_signal;
}
