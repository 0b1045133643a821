/*
 * perf.data input and live recording, through perf itself.
 *
 * tflame does not parse perf.data: a file (or standard input) that starts
 * with perf's magic is handed to `perf script`, whose text output is then
 * read exactly as a pipe of `perf script` output would be.  A recording
 * is `perf record -o -` piped into `perf script -i -`.  perf runs as a
 * child of tflame (input/child.h); its standard error is collected and
 * reported with the loader's messages (diag), never over the screen.
 *
 * perf is $PERF when set, else `perf` looked up in PATH.
 */
#ifndef TFLAME_INPUT_PERFDATA_H
#define TFLAME_INPUT_PERFDATA_H

#include <stddef.h>
#include <stdio.h>

#include "input/child.h"
#include "util/diag.h"
#include "input/reader.h"

/* The bytes a perf.data file starts with (either byte order). */
#define PERFDATA_MAGIC_LEN 8

/* Does buf (n bytes, the start of an input) start with perf's magic? */
int perfdata_magic(const char *buf, size_t n);

/* What perf script must print, and what else it is given. */
struct perfdata_opts {
	int pid;            /* root frames need the pid: -F +pid */
	int dso;            /* -F +dso: the stacks of tracepoints recorded
	                       into a pipe have no module without it
	                       (--record --off-cpu); on a file it would
	                       drop the stacks */
	const char *args;   /* --perf-args: more arguments, split at blanks */
	int slices;         /* a file read by up to this many perf scripts
	                       at once, one per time slice (input/perfslice.h);
	                       0 or 1: one */
};

/* `perf record`'s part of a recording. */
struct perfrec_opts {
	long freq;          /* -F HZ */
	const char *call_graph; /* NULL: -g; else --call-graph=THIS */
	int all;            /* -a */
	const char *pids;   /* -p PID[,PID...] */
	char *const *cmd;   /* -- COMMAND [ARGS...], NULL-terminated */
	double duration;    /* seconds, 0: until stopped */
	/*
	 * 1: the scheduler's tracepoints, every event (sched_switch,
	 * sched_wakeup: --off-cpu) instead of -F's cpu-clock; 2: both, the
	 * tracepoints and cpu-clock at -F's frequency (--hot-cold).
	 */
	int offcpu;
	/*
	 * Called about ten times a second while perf record has not
	 * started yet (after half a second); nonzero: give up (the user
	 * quit).  Optional.
	 */
	int (*waiting)(void *ctx);
	void *waiting_ctx;
};

/*
 * How a recording ended: a status, never a message to parse.  PERFREC_CMD:
 * perf record ended by itself when its work did (the command's end, or
 * that of -p's processes), and status is the command's wait status.
 */
enum perfrec_how {
	PERFREC_NONE,           /* not a recording */
	PERFREC_STOPPED,        /* stopped by tflame (q, --duration, Ctrl-C) */
	PERFREC_CMD,            /* ended with its command: status */
	PERFREC_KILLED,         /* did not stop when asked: killed by tflame */
	PERFREC_FAILED,         /* perf record failed: status is its own */
	PERFREC_NOSTART,        /* failed to start: status is its own */
};

struct perfrec_end {
	enum perfrec_how how;
	int status;             /* a wait status, as above */
	int cmd;                /* a command was recorded (-- CMD) */
	unsigned long long lost; /* chunks perf said it lost */
};

/* The exit status for a recording that ended so: the command's, or 0. */
int perfrec_exit_status(const struct perfrec_end *e);

/* A running perf script (and perf record, when recording). */
struct perfdata {
	struct child *script;
	struct child *feeder;   /* copies standard input to perf script */
	struct child *record;
	struct reader *r;       /* perf script's output */
	char *cmd;              /* "perf script -i FILE", for messages */
	char *what;             /* the recorded command, for messages */
	long long deadline;     /* recording: when to stop (ms), 0: never */
	int stopping;           /* SIGINT was sent to perf record */
	int has_cmd;            /* perf record runs a command (-- CMD) */
	unsigned long long lost; /* "lost N chunks" in perf's words */
	size_t lost_off;        /* perf script's standard error scanned */
	int ctl, ack;           /* perf record's --control pipe, or -1 */
	int (*progress)(void *); /* the caller's progress hook, or NULL */
	void *progress_ctx;
	struct diag *d;         /* perfdata_set_diag(), or NULL */
	struct noted {          /* standard error noted in d so far */
		size_t off, lines, more;
	} noted[3];             /* perf script, perf record, the feeder */
};

/*
 * Start `perf script` on a perf.data input: path, or standard input when
 * path is NULL or "-" (then in, the reader that found the magic on it, is
 * closed here; its bytes are not lost).  The output is read from pd->r
 * under the name source.  Returns NULL with *err set (owned by the caller)
 * when perf cannot be started; *missing is then set when perf is not
 * installed (perfdata_missing() says what to do).
 */
struct perfdata *perfdata_open(const char *path, struct reader *in,
    const char *source, const struct perfdata_opts *o, char **err,
    int *missing);

/*
 * Start a recording: perf record into perf script.  Waits until perf
 * record has started (it answers a "ping" on its --control pipe) or has
 * failed; on failure returns NULL with *err set: perf's words and the
 * usual remedies.
 */
struct perfdata *perfdata_record(const struct perfrec_opts *ro,
    const struct perfdata_opts *o, char **err, int *missing);

/*
 * Call fn(ctx) before each read of pd->r instead of waiting for it (the
 * streaming viewer); standard error is drained first.
 */
void perfdata_set_progress(struct perfdata *pd, int (*fn)(void *), void *ctx);

/*
 * The standard error pipes of perf's processes still open, into fds (at
 * most n); returns how many.  perfdata_drain() reads what they hold.
 */
int perfdata_errfds(const struct perfdata *pd, int *fds, int n);
void perfdata_drain(struct perfdata *pd);

/*
 * Note perf's standard error in d line by line as it is drained (for a
 * viewer's messages panel while perf still runs), not only at
 * perfdata_close(); d must be the one given to perfdata_close().
 */
void perfdata_set_diag(struct perfdata *pd, struct diag *d);

/*
 * Stop a recording now: SIGINT to perf record, which flushes and ends.
 * Called again, it escalates (child_stop_step()) when perf record has not
 * ended within its grace period (PERFDATA_GRACE_MS): SIGTERM, then
 * SIGKILL to its process group.
 */
#define PERFDATA_GRACE_MS 2000
void perfdata_stop(struct perfdata *pd);

/* The chunks perf said it lost so far (perf script's "lost N chunks"). */
unsigned long long perfdata_lost(struct perfdata *pd);

/*
 * The end of the input: close the reader, wait for perf (stopping it when
 * stopped is set: the user quit; every wait bounded, perf record killed
 * when it does not stop), and put what it said on standard error into d
 * as notes.  *end (when not NULL) says how a recording ended.  Returns 0,
 * or -1 when perf script or perf record failed, with *err (owned by the
 * caller) saying how.  Frees pd.
 */
int perfdata_close(struct perfdata *pd, struct diag *d, int stopped,
    struct perfrec_end *end, char **err);

/*
 * Say that perf is missing (first: the first line, already escaped) and
 * what to do, as three lines on fp.
 */
void perfdata_missing(const char *first, FILE *fp);

#endif
