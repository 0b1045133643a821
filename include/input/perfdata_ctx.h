/*
 * What perfdata.c (perf script on perf.data, reading and closing) and
 * perfrec.c (perf record into perf script) share: the wait limits, an
 * argument vector, the perf program, and how a recording ended.  Private
 * to src/input/.
 */
#ifndef TFLAME_INPUT_PERFDATA_CTX_H
#define TFLAME_INPUT_PERFDATA_CTX_H

#include <stddef.h>
#include <stdint.h>

#include "input/perfdata.h"

#define NOTE_LINES 20          /* lines of a child's standard error noted */
#define START_WAIT_MS 30000    /* perf record counts as started after this */
#define EXIT_WAIT_MS 2000      /* perf script's time to end after its output */
#define STOP_WAIT_MS 3000      /* perf script's time to end when the user quit */
#define RECORD_END_MS 5000     /* perf record's, its output closed */
#define WAITING_AFTER_MS 500   /* perf record not started: ro->waiting() */
#define WAITING_EVERY_MS 100

/* A growing argument vector; words split from strings are kept in store. */
struct argv {
	const char **v;
	size_t n, cap;
	char *store[4];
	size_t nstore;
};

/* Milliseconds on a monotonic clock. */
long long pd_now_ms(void);

/* The perf program: $PERF, else perf from PATH. */
const char *pd_prog(void);

/* Append word w (not copied) to a; free what a holds; its words joined. */
void pd_av_add(struct argv *a, const char *w);
void pd_av_free(struct argv *a);
char *pd_av_text(const struct argv *a);

/* perf script's arguments, input path first. */
void pd_script_args(struct argv *a, const char *input,
    const struct perfdata_opts *o);

/* Wrap perf script's output in a reader read through the progress hook. */
void pd_reader(struct perfdata *pd, const char *source);

/* Close the control pipe of perf record. */
void pd_close_ctl(struct perfdata *pd);

/*
 * perf record has ended (status; perf script gave bytes of output):
 * how, as a status (end->how), and with err set when it failed.
 */
void pd_record_end(struct perfdata *pd, int status, uint64_t bytes,
    struct perfrec_end *end, char **err);

#endif
