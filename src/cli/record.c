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
#include "util/fatal.h"

/* What the reader's progress hook needs. */
struct live_ctx {
	struct reader *r;
};

/* Before each read: the live viewer draws, handles keys and waits. */
static int
live_hook(void *ctx)
{
	struct live_ctx *lc = ctx;

	return tui_live_wait(reader_fd(lc->r), reader_bytes(lc->r));
}

/* Stop recording (--duration ran out). */
static void
live_stop(void *ctx)
{
	input_stop(ctx);
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

/* The last note in d, or NULL (how the recording ended). */
static const char *
last_note(const struct diag *d)
{
	return d->nnotes > 0 ? d->notes[d->nnotes - 1] : NULL;
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
	struct input *in;
	struct tree *t;
	struct diag d;
	const char *src = NULL, *note;
	char *err = NULL, msg[512];
	int rc, sig, stopped;

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
	/* Waits until perf record has started; says why not and exits. */
	lc.r = input_open(o, NULL, &lo, &in, &err);
	diag_init(&d, reader_name(lc.r));
#ifdef F_SETPIPE_SZ
	/*
	 * Room for what comes while the viewer waits between reads: 4 MiB
	 * where allowed (root, or fs.pipe-max-size), else the usual most.
	 */
	if (fcntl(reader_fd(lc.r), F_SETPIPE_SZ, 4 << 20) < 0)
		(void)fcntl(reader_fd(lc.r), F_SETPIPE_SZ, 1 << 20);
#endif
	memset(&lv, 0, sizeof lv);
	lv.what = reader_name(lc.r);
	lv.window = o->record.window;
	lv.duration = o->record.duration;
	lv.stop = live_stop;
	lv.ctx = in;
	lv.errfds = input_errfds;
	lv.drain = input_drain;
	sink_tree_init(&st, &tsink, t, 0);
	tui_live_init(t, &to, &lv, &lsink, &tsink, &st);
	input_set_progress(in, lc.r, live_hook, &lc, &src);
	/* perf's words reach the messages panel while it records. */
	input_set_diag(in, &d);
	/* What the perf loader knows, as when reading a file. */
	lo.event = event_known;
	lo.module_id = tui_live_module_id;
	lo.module_set = tui_live_module_set;
	lo.weighted = sink_tree_keep_samples;
	lo.weighted_arg = &st;
	memset(&res, 0, sizeof res);
	if (loader_run(lc.r, &lo, &lsink, &d, &res, &err) != 0 &&
	    !tui_live_stopped()) {
		diag_note(&d, "%s", err);
		free(err);
		err = NULL;
	}
	stopped = tui_live_stopped();
	/* q: perf record gets SIGINT and both are waited for. */
	input_close(in, lc.r, &d, stopped, 1, &err);
	note = last_note(&d);
	if (o->record.cmd != NULL && note != NULL &&
	    strncmp(note, "exited with status", 18) == 0)
		snprintf(msg, sizeof msg, "recording ended: the command %s",
		    note);
	else
		snprintf(msg, sizeof msg, "recording ended");
	rc = tui_live_end(msg);
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
