/*
 * The terminal viewer: a full-screen, keyboard-driven flame graph.
 *
 * tui_run() takes the terminal (standard input and output when both are
 * terminals, /dev/tty otherwise, so a profile can come through a pipe),
 * runs until the user quits, and gives the terminal back exactly as it
 * found it, on every way out: a quit key, SIGINT, SIGTERM, SIGHUP, SIGQUIT,
 * a fatal() error (through fatal_set_cleanup()), a crash (SIGSEGV, SIGBUS,
 * SIGFPE, SIGILL, SIGABRT: restored with async-signal-safe calls, then the
 * signal goes on to its previous handler, so core dumps and sanitizers
 * still work), and every other signal whose default action ends the
 * process and that is not ignored (SIGUSR1, SIGUSR2, SIGALRM, SIGPROF,
 * SIGVTALRM, SIGXCPU, SIGXFSZ, SIGPIPE, SIGSYS, SIGTRAP, the real-time
 * signals...: restored the same way, then the process dies by it).  When
 * no descriptor is left for curses, it says so ("Too many open files").
 *
 * While the viewer runs, standard error is sent to a temporary file and
 * copied back to the real standard error after the terminal is restored, so
 * no stray message ever lands on the curses screen.
 *
 * Only src/tui/ and src/cli/ include curses; these headers do not.
 */
#ifndef TFLAME_TUI_TUI_H
#define TFLAME_TUI_TUI_H

#include <stdint.h>

#include "model/tree.h"
#include "svg/svg.h"

struct diag;
struct history;
struct store;

struct linetab;

struct tui_opts {
	int inverted;         /* start in the icicle view (root at the top) */
	int reverse;          /* start in the reverse (caller) view */
	const char *search;   /* NULL, or a pattern to highlight at the start */
	int prof;             /* profile whose counts are shown */
	int diff;             /* differential: profiles 0 (BEFORE) and 1 (AFTER) */
	int negate;           /* differential: swap red and blue */
	int normalized;       /* differential: -n scaled BEFORE to AFTER */
	const struct svg_view *svg; /* `s`: the SVG options to export with */
	const char *input;    /* the input's name, for `s`'s default file name */
	uint64_t nwarnings;   /* loader warnings, printed after the viewer */
	const struct diag *diag; /* what the loaders said (the messages panel,
	                         `!`); NULL: nothing */
	int skip_depth;       /* `t`: frames shallower are no functions (perf
	                         input: 2, the command frames; else 1) */
	const struct store *store; /* NULL, or every sample's time, by
	                         node of t as loaded (`H`: the heat map) */
	int rows;             /* the heat map's rows (--rows; 0: 50) */
	int time_on;          /* --time: open on the range [time_t0, time_t1) */
	int64_t time_t0, time_t1; /* of the store's times, idle included */
	const struct linetab *lines; /* NULL, or the leaves' source lines by
	                         node of t as loaded (`a`: annotate) */
	const char *note;     /* NULL, or the status line's first message */
	const char *(*perfdata)(void); /* NULL, or the perf.data file read
	                         (`a` runs perf annotate on it), or NULL */
	struct history *history; /* NULL, or the command line's transforms
	                         as steps over t (cli/transform_cmd.h): the
	                         view takes them over, as if typed */
};

/*
 * Explore tree t (finished, with samples) in the terminal.  Returns an exit
 * status: EXIT_OK, or EXIT_INPUT after printing why when there is no
 * terminal to draw on.  The tree is only read.  After tui_stream_init(),
 * t and o must be the ones given there (o->nwarnings may have grown); if
 * the user quit while loading, only the terminal is given back.
 */
int tui_run(struct tree *t, const struct tui_opts *o);

/*
 * The streaming viewer: the graph is drawn while the input still arrives
 * (from a pipe).  The caller sets it up with tui_stream_init() on the empty
 * tree before loading, has the reader call tui_stream_wait() before each
 * read (reader_set_progress()), and when the input has ended finishes the
 * tree and calls tui_run(), which goes on with the same view (zoom,
 * selection, search).
 *
 * tui_stream_wait() takes the terminal once loading has lasted 250 ms (a
 * short input never does), then about every 250 ms, or as soon as the
 * input pauses, refreshes the tree with tree_finish() and draws it with a
 * progress line; while the input pauses it waits for the input and the
 * keyboard together, so keys work and q quits at once.  Keys that come
 * while data flows are handled at the next refresh.
 */
struct tui_progress {
	const char *source;   /* "stdin", or the input's name (any bytes) */
	uint64_t bytes;       /* read so far */
	uint64_t nwarnings;   /* loader warnings so far */
};

/* Get ready to show t while it loads (no terminal taken yet). */
void tui_stream_init(struct tree *t, const struct tui_opts *o);

/*
 * Called before each read of descriptor fd: draw, handle keys, wait until
 * fd is readable.  Returns 1 when the input must not be read any further:
 * the user quit (q, or a signal), or there is no terminal to draw on
 * (said on standard error); tui_stream_stopped() then tells which.
 */
int tui_stream_wait(int fd, const struct tui_progress *p);

/*
 * Standard error pipes of a child (perf script) to watch beside the input
 * while waiting: errfds(ctx, fds, n) says which (how many), drain(ctx)
 * reads what they hold (into the messages, never onto the screen).
 */
void tui_stream_errfds(int (*errfds)(void *ctx, int *fds, int n),
    void (*drain)(void *ctx), void *ctx);

/* 1: the user quit while loading, 2: no terminal, 0: neither. */
int tui_stream_stopped(void);

/*
 * Give the terminal back if the streaming viewer took it, before saying
 * why there is nothing to show (no samples, an unusable input).
 */
void tui_end(void);

/*
 * The signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) that ended the last
 * tui_run(), or 0.  The caller finishes its own output, then re-raises it
 * with the default action so its parent sees how it ended.
 */
int tui_exit_signal(void);

#endif
