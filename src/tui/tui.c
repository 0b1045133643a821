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
 * Standard error.  While curses owns a terminal that is also standard
 * error, fd 2 points at a temporary file; it is put back and the file's
 * contents copied to it when the terminal is restored, in the crash handler
 * as well (so an assertion or sanitizer message is not lost).
 */
#include "config.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "tui/colors.h"
#include "tui/text.h"
#include "tui/tui.h"
#include "tui/view.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/macros.h"

static const int quit_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

static struct sigaction old_quit[ARRAY_SIZE(quit_signals)];
static struct sigaction old_crash[ARRAY_SIZE(crash_signals)];
static volatile sig_atomic_t quit_signal; /* a quit signal arrived */
static volatile sig_atomic_t active;      /* curses owns the terminal */
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
	tty_fd = -1;
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
	have_tio = tcgetattr(tty_fd, &saved_tio) == 0;
	signals_install();
	stderr_capture();
	fflush(stdout);
	screen = newterm(NULL, out, in);
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
	set_escdelay(25);
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
		if (ch == KEY_RESIZE) {
			flags = TUI_RELAYOUT | TUI_REDRAW;
			continue;
		}
		if (v->screen == TUI_SCREEN_HELP) {
			v->screen = TUI_SCREEN_FLAME;
			flags = TUI_REDRAW;
			continue;
		}
		flags = view_flame_key(v, ch);
	}
}

/* Run the viewer on t until the user quits or a signal ends it. */
int
tui_run(struct tree *t, const struct tui_opts *o)
{
	struct tui_view v;

	exit_signal = 0;
	if (tui_start() != 0)
		return EXIT_INPUT;
	view_flame_init(&v, t, o);
	tui_loop(&v);
	tui_done();
	view_flame_done(&v);
	exit_signal = quit_signal;
	return EXIT_OK;
}

/* Return the signal that ended the last viewer, or 0. */
int
tui_exit_signal(void)
{
	return exit_signal;
}
