/*
 * The viewer's event loop and the terminal under it (internal to src/tui).
 *
 * One step of the loop (tui_step()) does, in order: end at once on a quit
 * signal; run the keys held back earlier (unless still holding); draw the
 * top screen once when anything asked for it; wait, with one poll(), for
 * the terminal, the caller's extra descriptors and a timeout; then read
 * every key that came and hand it to the top screen (KEY_RESIZE included:
 * the loop lays the top screen out again), or call the screen's tick when
 * its delay ran out; and draw once more if the keys asked for it.  A step
 * waits at most once, so a caller runs its own work between steps:
 *
 *   - the normal viewer (tui_run()) steps until TUI_STEP_QUIT;
 *   - the streaming viewer (stream.c) steps with the input's descriptor
 *     in fds, a timeout until its next refresh, and hold set while the tree
 *     is stale (between two refreshes), and returns to reading as soon as
 *     TUI_STEP_FDS says the input is readable;
 *   - a live-recording mode steps the same way with its pipe from
 *     `perf record`, a child's standard error and a timer (timeout at most
 *     1000 ms, so it redraws at least once a second): it reads whatever
 *     fds report, updates its tree, asks for a draw with tui_ask(), and
 *     steps again.
 *
 * While hold is set nothing is drawn, no key reaches a screen (keys queue,
 * up to 64), and no tick runs: what the screens show may be stale.  A key
 * that the top screen's quits op accepts, coming first, still ends the
 * step with TUI_STEP_QUIT.  A screen whose data is still loading keeps its
 * own idle work back (its delay op returns -1).
 */
#ifndef TFLAME_TUI_LOOP_H
#define TFLAME_TUI_LOOP_H

#include <poll.h>

#include "tui/screen.h"
#include "tui/tui.h"

/* What one step watches besides the terminal, and how. */
struct tui_step {
	struct pollfd *fds;      /* extra descriptors (NULL: none, at most
	                            8); each one's revents is set by the
	                            step */
	int nfds;
	int timeout;             /* wait at most this long, in ms (-1: as
	                            long as the top screen's delay allows) */
	int hold;                /* the screens' data is stale: hold keys
	                            back, draw nothing, tick nothing */
};

/* What a step ended with (tui_step()), any of: */
#define TUI_STEP_QUIT 0x1        /* leave: a quit key or signal, or the
                                    terminal is gone */
#define TUI_STEP_FDS 0x2         /* an extra descriptor has revents */
#define TUI_STEP_TIMEOUT 0x4     /* the caller's timeout ran out */

/*
 * A long task run from a key handler or a refresh (a search over many
 * names) calls tui_poll() between two slices of its work: the keys that
 * came are kept for after it, but a quit (TUI_POLL_QUIT: the loop quits
 * once the handler returns) or Esc (TUI_POLL_CANCEL) tell the task to
 * stop.  tui_paint() draws the top screen meanwhile (a progress message).
 */
#define TUI_POLL_QUIT 1
#define TUI_POLL_CANCEL 2

/* tui.c: the loop */
int tui_step(struct tui_step *st);
int tui_poll(void);
void tui_paint(void);
void tui_open(struct tui_screen *s);
void tui_ask(int flags);
void tui_flush(void);
long long tui_now_ms(void);

/* stream.c: the streaming viewer, for tui_run() and tui_end() */
enum stream_state {
	STREAM_NONE,            /* no streaming view: start one */
	STREAM_NO_TERMINAL,     /* it found no terminal (said so) */
	STREAM_STOPPED,         /* the user quit while loading */
	STREAM_GOES_ON          /* its view is on the stack, showing it all */
};
int stream_resume(const struct tui_opts *o);
void stream_forget(void);

/* term.c: the terminal */
int term_start(void);
void term_done(void);
int term_key_fd(void);
int term_signal(void);
int term_clipboard(const char *s, size_t len);
int term_write(const char *s, size_t len);
void term_mouse(int on);

#endif
