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
 * follows.  Every other signal whose default action ends the process
 * (SIGUSR1, SIGALRM, SIGXCPU...) is caught the same way, unless it is
 * ignored, and ends the process by its default action.  SIGWINCH is left to curses, which turns it into KEY_RESIZE, and
 * SIGTSTP too, which suspends and resumes cleanly.
 *
 * The clipboard.  term_clipboard() hands text to the terminal with OSC 52
 * ("ESC ] 52 ; c ; BASE64 BEL"), which xterm, kitty, iTerm2, WezTerm,
 * foot and tmux (set-clipboard on) put on the clipboard, over SSH too.
 * The bytes go out as base64 only, so a name can never reach the terminal
 * as a control sequence; the write goes straight to the descriptor curses
 * uses, between two draws (curses has flushed its own output by then).
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
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "tui/colors.h"
#include "tui/loop.h"
#include "tui/termtype.h"
#include "tui/text.h"
#include "tui/tui.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/macros.h"
#include "util/xalloc.h"


static const int quit_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
/* Crash signals, then the others whose default action ends the process. */
static const int fatal_signals[] = {
	SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT,
	SIGUSR1, SIGUSR2, SIGALRM, SIGPROF, SIGVTALRM, SIGXCPU, SIGXFSZ,
	SIGPIPE, SIGSYS, SIGTRAP,
#ifdef SIGPOLL
	SIGPOLL,
#endif
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
#ifdef SIGPWR
	SIGPWR,
#endif
#ifdef SIGEMT
	SIGEMT,
#endif
#ifdef SIGLOST
	SIGLOST,
#endif
};
#define NCRASH 5 /* the first NCRASH of fatal_signals are caught always */
#ifndef NSIG
#define NSIG 65
#endif

static struct sigaction old_quit[ARRAY_SIZE(quit_signals)];
static struct sigaction old_fatal[NSIG]; /* by signal number */
static unsigned char caught[NSIG];       /* on_fatal() is installed */
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

/*
 * Restore the terminal, then let the signal go on as before: a crash to
 * its previous handler (a core dump, a sanitizer's report), any other
 * signal to its default action, which ends the process.
 */
static void
on_fatal(int sig, siginfo_t *si, void *uctx)
{
	int fault = sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE ||
	    sig == SIGILL;

	(void)uctx;
	restore_async();
	if (sig > 0 && sig < NSIG && caught[sig])
		sigaction(sig, &old_fatal[sig], NULL);
	/*
	 * A fault raised by the kernel happens again when this handler
	 * returns, this time into the previous handler; a signal that was
	 * sent (abort(), kill), or that the kernel sends once (SIGXCPU at the
	 * CPU time limit), must be sent again.
	 */
	if (!fault || si == NULL || si->si_code <= 0)
		raise(sig);
}

/*
 * Catch fatal signal sig with on_fatal() (sa), unless it is ignored (then
 * it ends nothing) and not a crash signal.
 */
static void
catch_fatal(int sig, const struct sigaction *sa, int always)
{
	struct sigaction old;

	if (sig <= 0 || sig >= NSIG || caught[sig])
		return;
	if (sigaction(sig, NULL, &old) != 0)
		return;
	if (!always && !(old.sa_flags & SA_SIGINFO) &&
	    old.sa_handler == SIG_IGN)
		return;
	if (sigaction(sig, sa, &old_fatal[sig]) == 0)
		caught[sig] = 1;
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
	sa.sa_sigaction = on_fatal;
	sa.sa_flags = SA_SIGINFO;
	for (i = 0; i < ARRAY_SIZE(fatal_signals); i++)
		catch_fatal(fatal_signals[i], &sa, i < NCRASH);
#if defined(SIGRTMIN) && defined(SIGRTMAX)
	for (i = (size_t)SIGRTMIN; i <= (size_t)SIGRTMAX; i++)
		catch_fatal((int)i, &sa, 0);
#endif
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
	for (i = 1; i < NSIG; i++)
		if (caught[i]) {
			sigaction((int)i, &old_fatal[i], NULL);
			caught[i] = 0;
		}
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
	text_done();
	signals_restore();
	fatal_set_cleanup(NULL);
}

/*
 * After newterm() failed: EMFILE or ENFILE when no descriptor is left (so
 * curses could not read the terminal's description), else 0.
 */
static int
fds_exhausted(void)
{
	int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	return errno == EMFILE || errno == ENFILE ? errno : 0;
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
	int err;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		tty_fp = fopen("/dev/tty", "r+e");
		if (tty_fp == NULL && (errno == EMFILE || errno == ENFILE)) {
			fprintf(stderr, "tflame: cannot open /dev/tty: %s\n",
			    strerror(errno));
			return -1;
		}
		if (tty_fp == NULL) {
			fprintf(stderr, "tflame: no terminal to draw on; "
			    "use --collapse, --svg=FILE or --top to print "
			    "instead, or ssh -t to give a remote command a "
			    "terminal\n");
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
	/* No descriptor left: say so, not "no terminfo entry". */
	err = fds_exhausted();
	screen = err == 0 ? tui_newterm(out, in) : NULL;
	if (screen == NULL) {
		if (err == 0)
			err = fds_exhausted();
		term_done();
		if (err != 0)
			fprintf(stderr, "tflame: cannot draw on the terminal: "
			    "%s\n", strerror(err));
		else if (term == NULL || *term == '\0')
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
	/*
	 * ncurses 6.4 writes each cursor move of doupdate() out at once
	 * until the screen has been suspended and resumed (its mvcur
	 * flushes while the screen counts as "not yet running"): some 40
	 * writes to the terminal for a screen instead of one, each a wakeup
	 * of the terminal (and a packet over ssh).  Suspend and resume once,
	 * before anything is drawn or set: the alternate screen is entered,
	 * left and entered again within the first write.
	 */
	endwin();
	doupdate();
	reset_len = 0;
	reset_add("sgr0");
	reset_add("cnorm");
	reset_add("rmkx");
	reset_add("rmcup");
	/* The mouse (term_mouse()): xterm's tracking off, as endwin() does. */
	if (tigetstr("kmous") != NULL && tigetstr("kmous") != (char *)-1 &&
	    reset_len + 8 <= sizeof reset_seq) {
		memcpy(reset_seq + reset_len, "\033[?1000l", 8);
		reset_len += 8;
	}
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
	term_mouse(1);
	colors_init();
	text_setup();
	return 0;
}

/*
 * Take the mouse (1) or leave it to the terminal's own text selection (0):
 * presses and releases of the left and right buttons and the wheel, each
 * reported at once (mouseinterval 0: no wait to tell a click from a
 * double click; a click on the selected frame zooms instead).
 */
void
term_mouse(int on)
{
	mouseinterval(0);
	mousemask(on ? BUTTON1_PRESSED | BUTTON3_PRESSED | BUTTON4_PRESSED |
	    BUTTON5_PRESSED : 0, NULL);
}

/* Write all of buf[0..len) to fd; 0, or -1 on an error. */
static int
write_all(int fd, const char *buf, size_t len)
{
	ssize_t n;

	while (len > 0) {
		n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Put s[0..len) on the terminal's clipboard (OSC 52); 0, or -1. */
int
term_clipboard(const char *s, size_t len)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const unsigned char *u = (const unsigned char *)s;
	char *buf, *o;
	size_t i, n;
	uint32_t v;
	int rc;

	if (!active || tty_fd < 0)
		return -1;
	n = 7 + (len + 2) / 3 * 4 + 1;
	buf = xmalloc(n);
	memcpy(buf, "\033]52;c;", 7);
	o = buf + 7;
	for (i = 0; i + 2 < len; i += 3) {
		v = (uint32_t)u[i] << 16 | (uint32_t)u[i + 1] << 8 | u[i + 2];
		*o++ = b64[v >> 18];
		*o++ = b64[v >> 12 & 63];
		*o++ = b64[v >> 6 & 63];
		*o++ = b64[v & 63];
	}
	if (i < len) {
		v = (uint32_t)u[i] << 16 | (i + 1 < len ? (uint32_t)u[i + 1] << 8 : 0);
		*o++ = b64[v >> 18];
		*o++ = b64[v >> 12 & 63];
		*o++ = i + 1 < len ? b64[v >> 6 & 63] : '=';
		*o++ = '=';
	}
	*o++ = '\a';
	rc = write_all(tty_fd, buf, (size_t)(o - buf));
	free(buf);
	return rc;
}

/*
 * Write s[0..len) straight to the terminal, after curses' last update
 * (which it flushed): what curses cannot say (the heat map's true
 * colour).  0, or -1.
 */
int
term_write(const char *s, size_t len)
{
	if (!active || tty_fd < 0)
		return -1;
	return write_all(tty_fd, s, len);
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
