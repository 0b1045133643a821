/*
 * Children of tflame (perf script, perf record): processes that never
 * outlive it.
 *
 * Each child runs in a process group of its own (so the terminal's Ctrl-C
 * reaches tflame alone, and tflame decides what the children get), with
 * standard input from a given descriptor or /dev/null, standard output into
 * a pipe that tflame reads (or a given descriptor), and standard error into
 * a second pipe that tflame drains into a bounded buffer (child_drain()) so
 * that a child saying a lot never blocks, and its words are shown only when
 * it is safe to (never over the screen).
 *
 * Every way out of tflame takes the children with it:
 *   - a normal exit: child_free(), and an atexit() handler for any left;
 *   - fatal(): it calls exit(), so the same handler;
 *   - SIGINT, SIGTERM, SIGHUP while no one else handles them: a handler
 *     that kills every child's process group, then lets the signal end
 *     tflame as before (child_set_interrupt() makes the first SIGINT a
 *     polite SIGINT to one child instead, for perf record to flush);
 *   - anything else, a crash or SIGKILL included: the child was started
 *     with PR_SET_PDEATHSIG (SIGKILL), and a small watchdog process in its
 *     group waits on a pipe only tflame holds; when tflame is gone the pipe
 *     ends and the watchdog kills the whole group (the child's own
 *     children too, such as the command perf record runs).
 * Children are reaped by child_wait() and child_free(); a child that is
 * still running at child_free() gets SIGTERM, then SIGKILL a second later.
 */
#ifndef TFLAME_INPUT_CHILD_H
#define TFLAME_INPUT_CHILD_H

#include <stddef.h>
#include <sys/types.h>

#define CHILD_ERR_MAX (64u << 10) /* standard error kept (the rest counted) */

struct child;

struct child_spec {
	/* The program and its arguments; argv[0] is looked up in PATH. */
	const char *const *argv;
	/* Or, when argv is NULL: fn(arg) runs in the child, then it exits. */
	void (*fn)(void *arg);
	void *arg;
	int in;  /* standard input: a descriptor (not closed), -1: /dev/null */
	int out; /* standard output: a descriptor (not closed), -1: a pipe */
	int keep[2]; /* nkeep more descriptors the child keeps (same numbers) */
	int nkeep;
};

/*
 * Start a child.  Returns NULL with *err set (owned by the caller) and
 * errno saying why when it cannot start, or when its program cannot be
 * run (ENOENT: not found).
 */
struct child *child_spawn(const struct child_spec *s, char **err);

/* The read end of the child's standard output pipe, or -1. */
int child_out(const struct child *c);

/* Close the read end of its standard output pipe (it is not read any more). */
void child_close_out(struct child *c);

/* The read end of its standard error pipe (non-blocking), or -1 at its end. */
int child_errfd(const struct child *c);

/*
 * Read what standard error holds now, without waiting.  Returns 1 once
 * it has ended, else 0.
 */
int child_drain(struct child *c);

/*
 * Wait until fd can be read (or has ended), at most ms milliseconds (-1:
 * no limit), draining the standard error of the n children in cs (NULL
 * entries are passed over) meanwhile.  Returns 0 when fd is ready, 1 when
 * the time is up, -1 when a signal interrupted the wait.
 */
int child_wait_readable(int fd, struct child **cs, size_t n, int ms);

/* What standard error said so far (*len bytes), and how much was dropped. */
const char *child_errtext(const struct child *c, size_t *len, size_t *dropped);

/*
 * The last bytes standard error said (*len, CHILD_TAIL_MAX at most), kept
 * even when the rest was dropped: where a program's last words are.
 */
#define CHILD_TAIL_MAX 256u
const char *child_errtail(const struct child *c, size_t *len);

/* Its process id (and process group id). */
pid_t child_pid(const struct child *c);

/* Send sig to the child's process group. */
void child_signal(struct child *c, int sig);

/*
 * Wait up to ms milliseconds (-1: for ever) for the child to end,
 * draining its standard error.  Returns 0 with its wait status in *status,
 * or -1 when it is still running.
 */
int child_wait(struct child *c, int ms, int *status);

/*
 * Ask the child to stop: sig (0: none, it was sent already) to its group
 * now.  child_stop_step() then escalates when it does not end: SIGTERM
 * to its group grace_ms later, SIGKILL CHILD_KILL_MS after that.
 */
#define CHILD_KILL_MS 1000
void child_stop(struct child *c, int sig);

/*
 * Escalate a stop begun by child_stop() when its time has come (nothing
 * when the child has ended).  Returns the milliseconds until the next
 * step, or -1 when there is none left (SIGKILL was sent, or no stop).
 */
int child_stop_step(struct child *c, int grace_ms);

/*
 * Wait for a child asked to stop, escalating (child_stop_step()): bounded
 * by grace_ms + CHILD_KILL_MS and the time SIGKILL takes.  Returns 0 with
 * its wait status in *status.
 */
int child_stop_wait(struct child *c, int grace_ms, int *status);

/* Did tflame have to end it with SIGTERM or SIGKILL (child_stop_step())? */
int child_killed(const struct child *c);

/* Has it ended (reaped)?  Then *status is its wait status. */
int child_done(const struct child *c, int *status);

/*
 * Make the first SIGINT tflame receives a SIGINT to c's group only (perf
 * record then writes what it has and ends); a second one ends everything.
 */
void child_set_interrupt(struct child *c);

/* Did a SIGINT arrive since child_set_interrupt()? */
int child_interrupted(void);

/*
 * End the child if it is still running (SIGTERM to its group, SIGKILL a
 * second later), reap it, kill what is left of its group, close its pipes
 * and free it.  NULL is ignored.
 */
void child_free(struct child *c);

/* SIGKILL every child's process group: async-signal-safe. */
void child_kill_all(void);

/* Describe a wait status: "exited with status 3", "was killed by SIGTERM". */
void child_status_text(int status, char *buf, size_t len);

/*
 * Write all n bytes of p to fd (a child's pipe), through EINTR: 0, or -1
 * when the reader has gone or the write failed.
 */
int child_write_all(int fd, const char *p, size_t n);

#endif
