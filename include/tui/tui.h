/*
 * The terminal viewer: a full-screen, keyboard-driven flame graph.
 *
 * tui_run() takes the terminal (standard input and output when both are
 * terminals, /dev/tty otherwise, so a profile can come through a pipe),
 * runs until the user quits, and gives the terminal back exactly as it
 * found it, on every way out: a quit key, SIGINT, SIGTERM, SIGHUP, SIGQUIT,
 * a fatal() error (through fatal_set_cleanup()), and a crash (SIGSEGV,
 * SIGBUS, SIGFPE, SIGILL, SIGABRT: restored with async-signal-safe calls,
 * then the signal goes on to its previous handler, so core dumps and
 * sanitizers still work).
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

struct tui_opts {
	int inverted;         /* start in the icicle view (root at the top) */
	int reverse;          /* start in the reverse (caller) view */
	const char *search;   /* NULL, or a pattern to highlight at the start */
	int prof;             /* profile whose counts are shown */
	int diff;             /* differential: profiles 0 (BEFORE) and 1 (AFTER) */
	int negate;           /* differential: swap red and blue */
	const struct svg_view *svg; /* `s`: the SVG options to export with */
	const char *input;    /* the input's name, for `s`'s default file name */
	uint64_t nwarnings;   /* loader warnings, printed after the viewer */
};

/*
 * Explore tree t (finished, with samples) in the terminal.  Returns an exit
 * status: EXIT_OK, or EXIT_INPUT after printing why when there is no
 * terminal to draw on.  The tree is only read.
 */
int tui_run(struct tree *t, const struct tui_opts *o);

/*
 * The signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) that ended the last
 * tui_run(), or 0.  The caller finishes its own output, then re-raises it
 * with the default action so its parent sees how it ended.
 */
int tui_exit_signal(void);

#endif
