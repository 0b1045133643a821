/*
 * The live viewer (--record): the graph of a recording drawn while perf
 * records, updated at least once a second.
 *
 * The recording comes through the usual pipeline (reader -> perf loader ->
 * sink -> tree); tui_live_sink() puts a sink of its own in front of the
 * tree's, which sets samples aside while the display is paused and notes
 * each sample's second for --window.  The reader calls tui_live_wait()
 * before each read (reader_set_progress()), as the streaming viewer's
 * tui_stream_wait(): it refreshes the tree and the screen (at most every
 * 250 ms), handles keys and waits for the input and the keyboard
 * together, with a timeout so the status line's clock moves and
 * --duration and --window act on time.
 *
 * Keys besides the graph's: p pauses the display (recording goes on;
 * the samples are kept aside and shown on p again), z clears the counts
 * and starts again from now, q stops recording and quits.
 */
#ifndef TFLAME_TUI_LIVE_H
#define TFLAME_TUI_LIVE_H

#include "loaders/sink_tree.h"
#include "model/tree.h"
#include "tui/tui.h"

struct tui_live_opts {
	const char *what;       /* what is recorded (any bytes) */
	double window;          /* --window seconds, 0: everything */
	double duration;        /* --duration seconds, 0: until stopped */
	void (*stop)(void *ctx); /* stop recording (perf record flushes) */
	void *ctx;
	/*
	 * perf's standard error pipes still open (errfds(ctx, fds, n): how
	 * many), watched while waiting: drain(ctx) reads them (a command
	 * saying a lot must never block).  Optional.
	 */
	int (*errfds)(void *ctx, int *fds, int n);
	void (*drain)(void *ctx);
	/* The chunks perf says it lost so far (the status line).  Optional. */
	unsigned long long (*lost)(void *ctx);
};

/*
 * Get ready to show t (profile 0) while recording; samples must go to
 * *sink, which passes them on to into (sink_tree st's sink) (no
 * terminal is taken yet).
 */
void tui_live_init(struct tree *t, const struct tui_opts *o,
    const struct tui_live_opts *lo, struct stack_sink *sink,
    struct stack_sink *into, struct sink_tree *st);

/*
 * struct load_opts' module hooks for the live sink: each frame's module
 * goes to the tree, or with the frame set aside while paused.
 */
uint32_t tui_live_module_id(void *ctx, const char *name, size_t len,
    unsigned kind);
void tui_live_module_set(void *ctx, uint32_t id);

/*
 * Before each read of fd (bytes read so far): draw, handle keys, wait
 * for fd.  Returns 1 when the input must not be read any further: the
 * user quit, or there is no terminal (said on standard error).
 */
int tui_live_wait(int fd, uint64_t bytes);

/*
 * While perf record has not started: take the terminal, show "waiting
 * for perf record to start" and handle the keys once, without waiting.
 * Returns 1 when the user gave up (q, Esc, Ctrl-C, a signal) or there is
 * no terminal, else 0.  ctx is unused (a struct perfrec_opts hook).
 */
int tui_live_starting(void *ctx);

/* 1: the user quit while recording, 2: no terminal, 0: neither. */
int tui_live_stopped(void);

/*
 * The recording has ended (msg says how, any bytes, or NULL): show the
 * graph as it is until the user quits.  Returns an exit status; the
 * terminal is given back.
 */
int tui_live_end(const char *msg);

/* The signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) that ended it, or 0. */
int tui_live_exit_signal(void);

#endif
