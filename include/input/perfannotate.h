/*
 * `perf annotate --stdio -l -i FILE --symbol=SYM`, run as a child of tflame
 * (input/child.h: its own process group, no shell, standard error kept)
 * for the annotate model (model/annotate.h) to parse.  $PERF names the
 * perf program as for perf script.
 */
#ifndef TFLAME_INPUT_PERFANNOTATE_H
#define TFLAME_INPUT_PERFANNOTATE_H

#include <stddef.h>

#define PERFANNOTATE_MAX (64u << 20)   /* its output kept at most */
#define PERFANNOTATE_MS 60000          /* the longest it may run */

struct perfannotate {
	char *out;      /* its standard output (NUL-terminated), or NULL */
	size_t len;
	char *err;      /* why it failed, or its standard error: a message,
	                   untrusted bytes (escape before printing), or NULL */
	int missing;    /* perf could not be run (not installed) */
};

/*
 * Run perf annotate on perf.data file path for symbol sym (bytes, not
 * NUL-terminated: symlen).  0 when it exited 0 (pa->out holds its
 * output, pa->err its standard error if any), -1 when it could not run,
 * failed or took too long (pa->err says why).
 */
int perfannotate_run(const char *path, const char *sym, size_t symlen,
    struct perfannotate *pa);

void perfannotate_free(struct perfannotate *pa);

#endif
