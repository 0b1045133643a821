/*
 * Opening an input: a file or standard input, perf.data through `perf
 * script`, or a recording (--record).  Every mode (viewer, --collapse,
 * --svg, both sides of --diff) opens its inputs here, so each of them
 * reads perf.data the same way.
 */
#ifndef TFLAME_CLI_INPUT_H
#define TFLAME_CLI_INPUT_H

#include "cli/options.h"
#include "loaders/loader.h"
#include "input/perfdata.h"
#include "util/diag.h"
#include "input/reader.h"

struct input;

/*
 * With no FILE and a terminal on standard input: ./perf.data when it
 * exists, else a three-line usage hint and exit EXIT_USAGE.
 */
void input_resolve(struct options *o);

/*
 * Open path (NULL or "-": standard input; ignored with --record) and
 * return the reader of its profile lines, with *in set for
 * input_close().  lo (a copy of o->load) is adjusted for the input (perf
 * script's output is perf's format).  Returns NULL with *err set (owned by
 * the caller) when the file cannot be opened; exits with EXIT_INPUT after
 * saying why when perf is needed but missing or cannot record.
 */
struct reader *input_open(const struct options *o, const char *path,
    struct load_opts *lo, struct input **in, char **err);

/*
 * Have fn(ctx) called before each read of r (the streaming viewer);
 * *source, the name the progress line shows, becomes the perf command
 * when perf runs.
 */
void input_set_progress(struct input *in, struct reader *r,
    int (*fn)(void *), void *ctx, const char **source);

/* perf's standard error pipes (perfdata_errfds()), and reading them. */
int input_errfds(void *in, int *fds, int n);
void input_drain(void *in);

/* Note perf's standard error in d as it is drained (perfdata_set_diag()). */
void input_set_diag(struct input *in, struct diag *d);

/*
 * --record: fn(ctx) is called about ten times a second while perf record
 * has not started (after half a second); nonzero gives up, and then
 * input_open() returns NULL with *err NULL.
 */
void input_set_start_wait(int (*fn)(void *), void *ctx);

/* How the last recording closed ended (how PERFREC_NONE: none). */
const struct perfrec_end *input_record_end(void);

/* tflame's exit status for it: the recorded command's, else 0. */
int input_exit_status(void);

/* The chunks perf said it lost so far (in: a struct input). */
unsigned long long input_lost(void *in);

/* Stop a recording (--record): perf record writes what it has and ends. */
void input_stop(struct input *in);

/*
 * Close r and what runs behind it.  stopped: the user quit while loading.
 * When perf failed, its words are put in d, and then with keep (the
 * viewer: what arrived stays viewable) so is its exit status; without,
 * returns -1 with *err (owned by the caller) saying how it ended.
 * Returns 0 otherwise.
 */
int input_close(struct input *in, struct reader *r, struct diag *d,
    int stopped, int keep, char **err);

/*
 * The perf.data file input_open() opened last, when it was a named file
 * (perf annotate reads it again), or NULL.
 */
const char *input_perfdata_path(void);

#endif
