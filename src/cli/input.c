/*
 * Opening inputs (see cli/input.h): a perf.data file is recognised by its
 * first bytes and replaced by the output of `perf script` on it; --record
 * replaces the input by `perf record | perf script`.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/input.h"
#include "input/perfdata.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/xalloc.h"

struct input {
	struct perfdata *pd;    /* NULL: a plain file or pipe */
};

/* The perf.data file opened last (a named file), for perf annotate. */
static char *perfdata_path;

const char *
input_perfdata_path(void)
{
	return perfdata_path;
}

/* How the last recording closed ended. */
static struct perfrec_end record_ended;

/* The user's hook while perf record has not started (--record). */
static int (*start_wait)(void *);
static void *start_wait_ctx;

void
input_resolve(struct options *o)
{
	if (o->input != NULL || o->diff || o->record.on ||
	    !isatty(STDIN_FILENO))
		return;
	if (access("perf.data", F_OK) == 0) {
		o->input = "perf.data";
		return;
	}
	fputs("tflame: no input: give a FILE, pipe a profile in, or run it "
	    "where ./perf.data is\n"
	    "Usage: tflame [OPTION]... [FILE]   (perf.data, perf script "
	    "output, folded stacks...)\n"
	    "Try 'tflame --help' for more information.\n", stderr);
	exit(EXIT_USAGE);
}

/* perf's options from tflame's. */
static void
perf_opts(const struct options *o, struct perfdata_opts *po)
{
	memset(po, 0, sizeof po[0]);
	po->pid = o->load.perf.pid || o->load.perf.tid;
	po->args = o->perf_args;
	po->slices = o->perf_slices;
}

/* Say that perf is needed but missing (err: from the spawn), and exit. */
static void ATTR_NORETURN
perf_missing(const char *what, const char *err)
{
	char buf[1024], name[512];
	const char *perf = getenv("PERF");

	fatal_cleanup(); /* the viewer may have said it waits: its terminal */
	if (perf != NULL && *perf != '\0') {
		escape_text(name, sizeof name, err, strlen(err));
		snprintf(buf, sizeof buf, "$PERF: %s", name);
	} else
		snprintf(buf, sizeof buf, "%s needs perf, which is not "
		    "installed", what);
	perfdata_missing(buf, stderr);
	exit(EXIT_INPUT);
}

/* Print a message of several lines, each as "tflame: LINE", and exit. */
static void ATTR_NORETURN
say_lines(const char *msg)
{
	const char *e;
	char line[1024];

	fatal_cleanup(); /* the viewer may have said it waits: its terminal */
	for (; *msg != '\0'; msg = *e != '\0' ? e + 1 : e) {
		e = msg + strcspn(msg, "\n");
		escape_text(line, sizeof line, msg, (size_t)(e - msg));
		fprintf(stderr, "tflame: %s\n", line);
	}
	exit(EXIT_INPUT);
}

/* Start the recording of --record. */
static struct reader *
record_open(const struct options *o, struct load_opts *lo, struct input *in)
{
	struct perfrec_opts ro;
	struct perfdata_opts po;
	char *err = NULL;
	int missing;

	memset(&ro, 0, sizeof ro);
	ro.freq = o->record.freq;
	ro.call_graph = o->record.call_graph;
	ro.all = o->record.all;
	ro.pids = o->record.pids;
	ro.cmd = o->record.cmd;
	ro.duration = o->record.duration;
	ro.offcpu = o->offcpu_on ? 1 + o->offcpu.hot_cold : 0;
	ro.waiting = start_wait;
	ro.waiting_ctx = start_wait_ctx;
	perf_opts(o, &po);
	po.dso = o->offcpu_on; /* the tracepoints' stacks, from a pipe */
	in->pd = perfdata_record(&ro, &po, &err, &missing);
	if (in->pd == NULL && err == NULL)
		return NULL; /* the user gave up waiting for it */
	if (in->pd == NULL) {
		if (missing)
			perf_missing("--record", err);
		if (o->offcpu_on) { /* the tracepoints: what perf needs */
			size_t n = strlen(err);
			char *m = xasprintf("%s%srecording sched:sched_switch "
			    "needs root (or CAP_PERFMON), or kernel.perf_event_"
			    "paranoid=-1 (sysctl), and tracefs mounted (mount -t "
			    "tracefs nodev /sys/kernel/tracing) and readable",
			    err, n > 0 && err[n - 1] == '\n' ? "" : "\n");

			free(err);
			err = m;
		}
		say_lines(err);
	}
	lo->format = FORMAT_PERF;
	return in->pd->r;
}

struct reader *
input_open(const struct options *o, const char *path, struct load_opts *lo,
    struct input **inp, char **err)
{
	struct perfdata_opts po;
	struct input *in = xcalloc(1, sizeof *in);
	struct reader *r;
	const char *buf;
	char name[512], what[600];
	size_t n;
	int all, missing;

	*inp = in;
	if (o->record.on)
		return record_open(o, lo, in);
	if ((r = reader_open(path, err)) == NULL)
		return NULL;
	/* Up to the first newline: a slow pipe is not waited for. */
	n = reader_peek_line(r, 0, &buf, &all);
	if (!perfdata_magic(buf, n))
		return r;
	perf_opts(o, &po);
	in->pd = perfdata_open(path, r, reader_name(r), &po, err, &missing);
	if (in->pd == NULL) {
		if (missing) {
			/* Nothing left allocated: perf_missing() exits. */
			escape_text(name, sizeof name, reader_name(r),
			    strlen(reader_name(r)));
			snprintf(what, sizeof what, "%s is a perf.data file; "
			    "reading it", name);
			reader_close(r);
			perf_missing(what, *err);
		}
		reader_close(r);
		return NULL;
	}
	if (path != NULL && strcmp(path, "-") != 0) {
		reader_close(r);
		free(perfdata_path);
		perfdata_path = xstrdup(path);
	}
	lo->format = FORMAT_PERF;
	return in->pd->r;
}

void
input_set_progress(struct input *in, struct reader *r, int (*fn)(void *),
    void *ctx, const char **source)
{
	if (in->pd == NULL) {
		reader_set_progress(r, fn, ctx);
		return;
	}
	/* The viewer shows the name after the input is closed: a copy. */
	static char name[512];

	perfdata_set_progress(in->pd, fn, ctx);
	snprintf(name, sizeof name, "%s", in->pd->cmd);
	*source = name;
}

int
input_errfds(void *in, int *fds, int n)
{
	struct input *i = in;

	return i->pd != NULL ? perfdata_errfds(i->pd, fds, n) : 0;
}

void
input_drain(void *in)
{
	struct input *i = in;

	if (i->pd != NULL)
		perfdata_drain(i->pd);
}

void
input_set_diag(struct input *in, struct diag *d)
{
	if (in->pd != NULL)
		perfdata_set_diag(in->pd, d);
}

void
input_set_start_wait(int (*fn)(void *), void *ctx)
{
	start_wait = fn;
	start_wait_ctx = ctx;
}

const struct perfrec_end *
input_record_end(void)
{
	return &record_ended;
}

int
input_exit_status(void)
{
	return perfrec_exit_status(&record_ended);
}

unsigned long long
input_lost(void *in)
{
	struct input *i = in;

	return i != NULL && i->pd != NULL ? perfdata_lost(i->pd) : 0;
}

void
input_stop(struct input *in)
{
	if (in->pd != NULL)
		perfdata_stop(in->pd);
}

int
input_close(struct input *in, struct reader *r, struct diag *d, int stopped,
    int keep, char **err)
{
	char buf[1024], *e = NULL;
	int rc = 0;

	if (in == NULL)
		reader_close(r);
	else if (in->pd != NULL &&
	    (rc = perfdata_close(in->pd, d, stopped, &record_ended,
	    &e)) != 0) {
		if (keep) {
			/* d names the source already. */
			escape_text(buf, sizeof buf, e, strlen(e));
			diag_note(d, "%s", buf);
			free(e);
			rc = 0;
		} else {
			*err = xasprintf("%s: %s", d->source, e);
			free(e);
		}
	} else if (in->pd == NULL)
		reader_close(r);
	free(in);
	return rc;
}
