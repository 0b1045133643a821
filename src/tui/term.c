/*
 * The terminal: take it for curses, give it back exactly as it was found,
 * on every way out.  See tui/tui.h for the ways out and tui/loop.h for the
 * calls.
 *
 * Signals.  SIGINT, SIGTERM, SIGHUP and SIGQUIT only set a flag; they are
 * installed without SA_RESTART, so a blocked poll() returns and the loop
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
#include <unistd.h>

#include "tui/colors.h"
#include "tui/text.h"
#include "tui/loop.h"
#include "tui/tui.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/macros.h"


static const int quit_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

static struct sigaction old_quit[ARRAY_SIZE(quit_signals)];
static struct sigaction old_crash[ARRAY_SIZE(crash_signals)];
static volatile sig_atomic_t quit_signal; /* a quit signal arrived */
static volatile sig_atomic_t active;      /* curses owns the terminal */
static int installed;                     /* our signal handlers are */

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
void
term_done(void)
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
int
term_start(void)
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
	screen = newterm(NULL, out, in);
	if (screen == NULL) {
		term_done();
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
		term_done();
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
	fatal_set_cleanup(term_done);
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

/* Return the descriptor curses reads keys from (-1: no terminal). */
int
term_key_fd(void)
{
	return key_fd;
}

/* Return the quit signal that arrived since term_start(), or 0. */
int
term_signal(void)
{
	return quit_signal;
}
