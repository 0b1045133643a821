/*
 * --record in the terminal: perf record | perf script (cli/input.c) ->
 * perf loader -> the live viewer's sink -> tree, with the live viewer
 * (tui/live.h) as the reader's progress hook.  Other modes (--collapse,
 * --svg) read a recording through main.c's usual path.
 */
#include "config.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/input.h"
#include "cli/record.h"
#include "cli/svg_cmd.h"
#include "loaders/loader.h"
#include "loaders/sink_tree.h"
#include "tui/live.h"
#include "util/diag.h"
#include "util/escape.h"
#include "input/child.h"
#include "util/fatal.h"

/* What the live viewer's hooks need: the recording, once it is open. */
struct live_ctx {
	struct reader *r;
	struct input *in;
};

/* Before each read: the live viewer draws, handles keys and waits. */
static int
live_hook(void *ctx)
{
	struct live_ctx *lc = ctx;

	return tui_live_wait(reader_fd(lc->r), reader_bytes(lc->r));
}

/* Stop recording (--duration ran out); again: escalate when due. */
static void
live_stop(void *ctx)
{
	struct live_ctx *lc = ctx;

	if (lc->in != NULL)
		input_stop(lc->in);
}

/* perf's standard error pipes, and reading them. */
static int
live_errfds(void *ctx, int *fds, int n)
{
	struct live_ctx *lc = ctx;

	return lc->in != NULL ? input_errfds(lc->in, fds, n) : 0;
}

static void
live_drain(void *ctx)
{
	struct live_ctx *lc = ctx;

	if (lc->in != NULL)
		input_drain(lc->in);
}

/* The chunks perf lost so far. */
static unsigned long long
live_lost(void *ctx)
{
	struct live_ctx *lc = ctx;

	return lc->in != NULL ? input_lost(lc->in) : 0;
}

/* The event perf records, once the first sample names it. */
static char live_event[64];

/* The loader knows the event: the status line words the numbers with it. */
static void
event_known(void *arg, const char *name)
{
	(void)arg;
	snprintf(live_event, sizeof live_event, "%s", name);
}

/* What is recorded, as the status line names it: the command, or perf. */
static void
record_what(const struct options *o, char *buf, size_t len)
{
	size_t i, n = 0;

	buf[0] = '\0';
	if (o->record.cmd == NULL) {
		snprintf(buf, len, "%s", o->record.all ? "perf record -a" :
		    "perf record");
		return;
	}
	for (i = 0; o->record.cmd[i] != NULL && n + 1 < len; i++) {
		snprintf(buf + n, len - n, "%s%s", i > 0 ? " " : "",
		    o->record.cmd[i]);
		n += strlen(buf + n);
	}
}

/*
 * How the recording ended (end), for the status line: msg; returns the
 * exit status it calls for.
 */
static int
ended(const struct perfrec_end *end, char *msg, size_t len)
{
	char st[128];
	size_t n;
	int rc = EXIT_OK;

	child_status_text(end->status, st, sizeof st);
	switch (end->how) {
	case PERFREC_CMD:
		if (end->cmd && end->status != 0)
			snprintf(msg, len, "recording ended: the command %s",
			    st);
		else
			snprintf(msg, len, "recording ended");
		rc = perfrec_exit_status(end);
		break;
	case PERFREC_KILLED:
		snprintf(msg, len, "recording ended: perf record did not stop "
		    "when asked; killed it");
		break;
	case PERFREC_NOSTART:
		snprintf(msg, len, "perf record failed to start (%s; see !)",
		    st);
		rc = EXIT_INPUT;
		break;
	case PERFREC_FAILED:
		snprintf(msg, len, "recording ended: perf record %s (see !)",
		    st);
		rc = EXIT_INPUT;
		break;
	default:
		snprintf(msg, len, "recording ended");
		break;
	}
	n = strlen(msg);
	if (end->lost > 0)
		snprintf(msg + n, len - n, "; perf LOST %llu chunks", end->lost);
	return rc;
}

/* Give up before recording began (the user quit): end as asked. */
static int
gave_up(struct diag *d, struct tree *t)
{
	int sig;

	tui_live_end(NULL);
	sig = tui_live_exit_signal();
	diag_print(d, stderr);
	diag_free(d);
	tree_free(t);
	if (sig != 0) {
		fflush(stderr);
		signal(sig, SIG_DFL);
		raise(sig);
	}
	if (tui_live_stopped() == 2)
		return EXIT_INPUT; /* no terminal: said so */
	fputs("tflame: stopped before perf record had started\n", stderr);
	return EXIT_INPUT;
}

int
record_view(const struct options *o)
{
	struct stack_sink tsink, lsink;
	struct sink_tree st;
	struct load_result res;
	struct load_opts lo = o->load;
	struct tui_live_opts lv;
	struct tui_opts to;
	struct svg_view sv;
	struct live_ctx lc;
	struct tree *t;
	struct diag d;
	struct offcpu *oc = NULL;
	struct stack_sink *sink = &lsink;
	const char *src = NULL;
	char *err = NULL, msg[512], what[512];
	int rc, erc, sig;

	if ((rc = svg_view_from_options(o, NULL, &sv)) != EXIT_OK)
		return rc;
	memset(&to, 0, sizeof to);
	to.inverted = o->inverted;
	to.reverse = o->reverse;
	to.search = o->search;
	live_event[0] = '\0';
	sv.opts.event = live_event;
	to.svg = &sv;
	to.input = "record";
	to.diag = &d; /* its notes come once the recording has ended */
	t = tree_new(1);
	record_what(o, what, sizeof what);
	diag_init(&d, what);
	memset(&lc, 0, sizeof lc);
	memset(&lv, 0, sizeof lv);
	lv.what = what;
	lv.window = o->record.window;
	lv.duration = o->record.duration;
	lv.stop = live_stop;
	lv.ctx = &lc;
	lv.errfds = live_errfds;
	lv.drain = live_drain;
	lv.lost = live_lost;
	sink_tree_init(&st, &tsink, t, 0);
	tui_live_init(t, &to, &lv, &lsink, &tsink, &st);
	/*
	 * Waits until perf record has started (the live viewer says so
	 * after half a second, and q gives up); says why not and exits.
	 */
	input_set_start_wait(tui_live_starting, NULL);
	lc.r = input_open(o, NULL, &lo, &lc.in, &err);
	input_set_start_wait(NULL, NULL);
	if (lc.r == NULL) {
		input_close(lc.in, NULL, &d, 1, 1, NULL);
		return gave_up(&d, t);
	}
#ifdef F_SETPIPE_SZ
	/*
	 * Room for what comes while the viewer waits between reads: 4 MiB
	 * where allowed (root, or fs.pipe-max-size), else the usual most.
	 */
	if (fcntl(reader_fd(lc.r), F_SETPIPE_SZ, 4 << 20) < 0)
		(void)fcntl(reader_fd(lc.r), F_SETPIPE_SZ, 1 << 20);
#endif
	input_set_progress(lc.in, lc.r, live_hook, &lc, &src);
	/* perf's words reach the messages panel while it records. */
	input_set_diag(lc.in, &d);
	/* What the perf loader knows, as when reading a file. */
	lo.event = event_known;
	lo.module_id = tui_live_module_id;
	lo.module_set = tui_live_module_set;
	lo.weighted = sink_tree_keep_samples;
	lo.weighted_arg = &st;
	if (o->offcpu_on) { /* the intervals, in nanoseconds, as they end */
		snprintf(live_event, sizeof live_event, "%s", o->units_event);
		lo.event = NULL;
		sink = offcpu_sink(oc = offcpu_new(&lsink, &lo, &o->offcpu, &d));
	}
	memset(&res, 0, sizeof res);
	if (loader_run(lc.r, &lo, sink, &d, &res, &err) != 0 &&
	    !tui_live_stopped()) {
		diag_note(&d, "%s", err);
		free(err);
		err = NULL;
	}
	offcpu_finish(oc);
	offcpu_free(oc);
	/* q: perf record gets SIGINT and both are waited for (bounded). */
	input_close(lc.in, lc.r, &d, tui_live_stopped(), 1, &err);
	lc.in = NULL;
	erc = ended(input_record_end(), msg, sizeof msg);
	rc = tui_live_end(msg);
	if (rc == EXIT_OK)
		rc = erc;
	sig = tui_live_exit_signal();
	diag_print(&d, stderr);
	diag_free(&d);
	tree_free(t);
	if (sig != 0) {
		fflush(stderr);
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return rc;
}
