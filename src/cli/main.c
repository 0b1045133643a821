/*
 * tflame: wire the pieces together.
 *
 *	reader -> loader -> sink_tree -> tree -> (collapse writer | viewer)
 *
 * The viewer normally loads first and draws then.  A single profile coming
 * through a pipe (or socket, or any descriptor that is neither a regular
 * file nor a terminal) is drawn while it arrives instead: the reader's
 * progress hook hands control to the streaming viewer (tui/tui.h) before
 * each read.  Regular files load fast enough to wait for, and a terminal
 * as the input would fight the viewer for the keyboard.
 */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/options.h"
#include "cli/svg_cmd.h"
#include "cli/transform_cmd.h"
#include "diff/diff.h"
#include "export/collapse.h"
#include "loaders/loader.h"
#include "tui/tui.h"
#include "util/diag.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/lineq.h"
#include "util/reader.h"
#include "util/xalloc.h"

/* Say what is wrong with the input, with what the loader collected, and exit. */
static void ATTR_NORETURN
input_failed(struct diag *d, char *err, struct tree *t)
{
	char buf[1024];

	tui_end();
	diag_print(d, stderr);
	escape_text(buf, sizeof buf, err, strlen(err));
	fprintf(stderr, "tflame: %s\n", buf);
	free(err);
	diag_free(d);
	tree_free(t);
	exit(EXIT_INPUT);
}

/* The streaming viewer's side of loading: the reader's progress hook. */
struct stream {
	const struct tui_opts *to;
	struct reader *r;
	struct diag *d;
	struct tui_progress p;
};

/* Before each read: let the viewer draw and wait (1: stop reading). */
static int
stream_hook(void *ctx)
{
	struct stream *s = ctx;

	s->p.bytes = reader_bytes(s->r);
	s->p.nwarnings = diag_count(s->d);
	return tui_stream_wait(reader_fd(s->r), &s->p);
}

/* True when fd is worth drawing while it is read: not a file, not a tty. */
static int
is_stream(int fd)
{
	struct stat sb;

	return fd >= 0 && fstat(fd, &sb) == 0 && !S_ISREG(sb.st_mode) &&
	    !S_ISBLK(sb.st_mode) && !isatty(fd);
}

/*
 * Load path into profile prof of t.  In differential mode the stacks go
 * through the diff filter (--strip-hex, fractions truncated) as
 * difffolded.pl does.  With a second sink for profile 1, path is one
 * difffolded.pl 3-column file feeding both profiles.
 */
static void
load_into(const struct options *o, const char *path, struct tree *t, int prof,
    int three_columns, struct diag *d, struct diag *top, struct stream *sm)
{
	struct stack_sink tsink[2], fsink[2], *sink[2];
	struct sink_tree st[2];
	struct diff_filter f[2];
	struct load_result res;
	struct reader *r;
	char *err = NULL;
	int i, n = three_columns ? 2 : 1;

	r = reader_open(path, &err);
	diag_init(d, r ? reader_name(r) : path ? path : "-");
	if (r == NULL)
		input_failed(top, err, t);
	if (sm != NULL && is_stream(reader_fd(r))) {
		tui_stream_init(t, sm->to);
		sm->r = r;
		sm->d = d;
		reader_set_progress(r, stream_hook, sm);
	}
	for (i = 0; i < n; i++) {
		sink_tree_init(&st[i], &tsink[i], t, three_columns ? i : prof);
		sink[i] = &tsink[i];
		if (o->diff) {
			diff_filter_init(&f[i], &fsink[i], &tsink[i], o->strip_hex);
			sink[i] = &fsink[i];
		}
	}
	memset(&res, 0, sizeof res);
	if (three_columns)
		load_folded_diff(r, sink[0], sink[1], d, &res);
	else if (loader_run(r, &o->load, sink[0], d, &res, &err) != 0 &&
	    (sm == NULL || !tui_stream_stopped())) {
		reader_close(r);
		if (o->diff)
			diff_filter_free(&f[0]);
		input_failed(top, err, t);
	}
	for (i = 0; i < n && o->diff; i++) {
		if (f[i].truncated && i == 0)
			diag_note(d, "fractional counts truncated to whole samples");
		diff_filter_free(&f[i]);
	}
	reader_close(r);
}

/*
 * Load the input(s) into a new, finished tree: one profile, or BEFORE and
 * AFTER with --diff (two files, or one 3-column file).  Exits with
 * EXIT_INPUT when an input is unusable.  With to, the viewer's options, a
 * single profile from a pipe is drawn while it loads; when the user quits
 * meanwhile, the tree is returned as it is.
 */
static struct tree *
load(const struct options *o, struct diag *d, const struct tui_opts *to)
{
	struct tree *t = tree_new(o->diff ? 2 : 1);
	struct stream sm, *smp = NULL;
	int had;

	if (o->order_weight && o->mode != MODE_COLLAPSE) /* while streaming too */
		tree_set_order(t, TREE_ORDER_WEIGHT, o->diff ? DIFF_AFTER : 0);
	if (to != NULL && !o->diff) {
		memset(&sm, 0, sizeof sm);
		sm.to = to;
		sm.p.source = o->input == NULL || strcmp(o->input, "-") == 0 ?
		    "stdin" : o->input;
		smp = &sm;
	}
	if (!o->diff)
		load_into(o, o->input, t, 0, 0, d, d, smp);
	else if (o->input2 == NULL)
		load_into(o, o->input, t, 0, 1, d, d, NULL);
	else {
		load_into(o, o->input, t, DIFF_BEFORE, 0, d, d, NULL);
		d->next = xcalloc(1, sizeof *d->next);
		load_into(o, o->input2, t, DIFF_AFTER, 0, d->next, d, NULL);
	}
	if (smp != NULL && tui_stream_stopped())
		return t;
	/* After tree_finish(): the totals it adds up can saturate too. */
	tree_finish(t);
	if (tree_overflows(t) > 0)
		diag_note(d, "some counts exceed 2^64-1 and were capped");
	if (o->nxforms > 0) {
		had = !count_is_zero(tree_total(t, 0, TREE_ROOT)) ||
		    (o->diff && !count_is_zero(tree_total(t, 1, TREE_ROOT)));
		t = transform_cmd_apply(o, t);
		if (count_is_zero(tree_total(t, 0, TREE_ROOT)) && (!o->diff ||
		    count_is_zero(tree_total(t, 1, TREE_ROOT))))
			diag_note(d, had ? "no samples left after the transforms" :
			    "no samples in the input");
	}
	if (o->diff && o->normalize && diff_normalize(t) != 0)
		diag_note(d, "cannot normalise: BEFORE has no samples");
	return t;
}

/*
 * The viewer's options from the command line, into *to (which points into
 * *sv).  t gives the number of profiles; NULL: one.  Returns EXIT_OK or
 * EXIT_USAGE after saying why (a bad --colors).
 */
static int
view_setup(const struct options *o, const struct tree *t,
    struct svg_view *sv, struct tui_opts *to)
{
	int rc;

	if ((rc = svg_view_from_options(o, t, sv)) != EXIT_OK)
		return rc;
	memset(to, 0, sizeof *to);
	to->inverted = o->inverted;
	to->reverse = o->reverse;
	to->search = o->search;
	to->prof = o->diff ? DIFF_AFTER : 0;
	to->diff = o->diff;
	to->negate = o->negate;
	to->svg = sv;
	to->input = o->diff && o->input2 != NULL ? o->input2 : o->input;
	return EXIT_OK;
}

/*
 * Explore t in the terminal with the options to (set up by view_setup()).
 * The loader's warnings are printed only after the viewer has given the
 * terminal back.  A viewer ended by a signal ends tflame by the same
 * signal, so the shell sees what happened.
 */
static int
view(const struct options *o, struct diag *d, struct tree *t,
    struct tui_opts *to)
{
	char name[512];
	int rc, sig;

	if (!tui_stream_stopped() &&
	    count_is_zero(tree_total(t, o->diff ? DIFF_AFTER : 0, TREE_ROOT))) {
		/* Nothing to draw: say so (without taking the terminal). */
		tui_end();
		diag_print(d, stderr);
		escape_text(name, sizeof name, d->source, strlen(d->source));
		fprintf(stderr, "tflame: %s: no samples\n", name);
		rc = EXIT_INPUT;
	} else {
		to->nwarnings = diag_count(d);
		rc = tui_run(t, to);
		diag_print(d, stderr);
	}
	diag_free(d);
	tree_free(t);
	if ((sig = tui_exit_signal()) != 0) {
		fflush(stderr);
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return rc;
}

/* Parse the options, load the input, then view or collapse it. */
int
main(int argc, char **argv)
{
	struct options o;
	struct diag d;
	struct tree *t;
	struct svg_view sv;
	struct tui_opts to;
	struct inorder *io = NULL;
	int rc, err;

	setlocale(LC_ALL, "");
	/*
	 * Names are shown in the user's character set, but numbers are read
	 * and written the C way: "12.5" in folded files and in --fontsize,
	 * whatever LC_NUMERIC says.
	 */
	setlocale(LC_NUMERIC, "C");
	options_parse(&o, argc, argv);
	/* --threads bounds the core's threads too (tree_finish(), merges). */
	lineq_limit(o.load.threads);
	if (o.mode == MODE_VIEW && !o.diff && o.nxforms == 0) {
		/* Ready before loading: the input may be drawn as it comes. */
		if ((rc = view_setup(&o, NULL, &sv, &to)) != EXIT_OK)
			return rc;
		t = load(&o, &d, &to);
		return view(&o, &d, t, &to);
	}
	if (o.mode == MODE_COLLAPSE && !o.diff && o.nxforms == 0)
		o.load.inorder = io = inorder_new();
	t = load(&o, &d, NULL);
	if (o.mode == MODE_VIEW) {
		if ((rc = view_setup(&o, t, &sv, &to)) != EXIT_OK) {
			diag_free(&d);
			tree_free(t);
			return rc;
		}
		return view(&o, &d, t, &to);
	}
	if (o.mode == MODE_SVG) {
		diag_print(&d, stderr);
		rc = svg_command(&o, t);
		diag_free(&d);
		tree_free(t);
		return rc;
	}
	errno = 0;
	if (io != NULL && inorder_stacks(io) > 0) {
		/* Folded input already in order: printed as it was held. */
		rc = collapse_write_inorder(io, stdout);
	} else {
		if (o.nxforms == 0 &&
		    count_is_zero(tree_total(t, 0, TREE_ROOT)) && (!o.diff ||
		    count_is_zero(tree_total(t, DIFF_AFTER, TREE_ROOT))))
			diag_note(&d, "no samples in the input");
		rc = o.diff ? diff_collapse_write(t, stdout) :
		    collapse_write(t, 0, stdout);
	}
	err = errno;
	diag_print(&d, stderr);
	diag_free(&d);
	tree_free(t);
	inorder_free(io);
	if (rc != 0) {
		fprintf(stderr, "tflame: write error on standard output%s%s\n",
		    err != 0 ? ": " : "", err != 0 ? strerror(err) : "");
		return EXIT_INPUT;
	}
	return EXIT_OK;
}
