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
 * as the input would fight the viewer for the keyboard.  Which path a
 * command line takes (and when it may stream) is cli/modes.c's plan.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/input.h"
#include "cli/modes.h"
#include "cli/options.h"
#include "cli/record.h"
#include "cli/svg_cmd.h"
#include "cli/text_cmd.h"
#include "cli/time_cmd.h"
#include "cli/annotate_cmd.h"
#include "cli/transform_cmd.h"
#include "diff/diff.h"
#include "export/collapse.h"
#include "export/heatmap_text.h"
#include "layout/palette.h"
#include "loaders/loader.h"
#include "loaders/sink_tree.h"
#include "model/heatmap.h"
#include "model/timeview.h"
#include "model/range.h"
#include "model/store.h"
#include "model/timerange.h"
#include "tui/tui.h"
#include "util/diag.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/thread.h"
#include "input/reader.h"
#include "util/xalloc.h"

/* What the loaders said about the input, for --top and --tree. */
static enum input_format loaded_format;
static char loaded_event[64];
/* Every sample with its time, when --time or --heatmap asks (else NULL). */
static struct store *loaded_store;
/* perf script -F +srcline: the leaves' lines (--annotate, the a screen) */
static struct linetab *loaded_lines;
/* --collapse: folded stacks held in byte order (the sink's inorder). */
static struct inorder *held;
static uint64_t loaded_untimed; /* samples that came without a time */
/* --flamechart: the stacks without times, in the input's order. */
static struct sink_seq loaded_seq;
/* --time in the viewer: the range it opens on (the tree is kept whole). */
static int view_range;
static int64_t view_t0, view_t1;


/* The store lives as long as the process: freed on the way out. */
static void
free_store(void)
{
	store_free(loaded_store);
	loaded_store = NULL;
}

/* The path of this command line (cli/modes.h). */
static struct mode_plan plan;

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

/* perf's event is known while loading: the viewer's wording uses it. */
static void
event_known(void *arg, const char *name)
{
	(void)arg;
	snprintf(loaded_event, sizeof loaded_event, "%s", name);
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
 * The sample hook behind the diff filter (--time twice with --diff): the
 * loader calls it with the filter's context; the tree sink is inside.
 */
static void
filtered_sample(void *ctx, const struct sample_meta *m)
{
	const struct diff_filter *f = ctx;

	sink_tree_sample(f->inner->ctx, m);
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
	struct load_opts lo = o->load;
	struct reader *r;
	struct input *in;
	struct offcpu *oc = NULL;
	char *err = NULL;
	int i, n = three_columns ? 2 : 1;

	r = input_open(o, path, &lo, &in, &err);
	diag_init(d, r ? reader_name(r) : path ? path : "-");
	if (o->units_event != NULL && loaded_event[0] == '\0')
		snprintf(loaded_event, sizeof loaded_event, "%s", o->units_event);
	if (r == NULL)
		input_failed(top, err, t);
	if (sm != NULL && mode_draws_early(&plan, is_stream(reader_fd(r)))) {
		tui_stream_init(t, sm->to);
		sm->r = r;
		sm->d = d;
		input_set_progress(in, r, stream_hook, sm, &sm->p.source);
		/* perf's words reach the messages panel while it runs. */
		input_set_diag(in, d);
		tui_stream_errfds(input_errfds, input_drain, in);
		lo.event = o->offcpu_on ? NULL : event_known;
	}
	for (i = 0; i < n; i++) {
		sink_tree_init(&st[i], &tsink[i], t, three_columns ? i : prof);
		sink[i] = &tsink[i];
		if (o->diff) {
			diff_filter_init(&f[i], &fsink[i], &tsink[i], o->strip_hex);
			sink[i] = &fsink[i];
		}
	}
	/* --collapse of folded input in byte order: held as it comes. */
	sink[0]->inorder = three_columns ? NULL : held;
	if (!three_columns) {
		/* perf: the sample records besides the periods' sum. */
		lo.weighted = sink_tree_keep_samples;
		lo.weighted_arg = &st[0];
	}
	if (!o->diff)
		lo.records = sink_tree_records; /* memleak's allocations */
	if (!three_columns && loaded_store != NULL) {
		/* --time, --heatmap: each sample's time, by stack. */
		sink_tree_keep_store(&st[0], loaded_store);
		lo.sample = o->diff ? filtered_sample : sink_tree_sample;
	}
	if (!three_columns && loaded_lines != NULL) {
		sink_tree_keep_lines(&st[0], loaded_lines);
		lo.srcline = sink_tree_srcline;
	}
	if (!three_columns && !o->diff && o->svg.flamechart)
		sink_tree_keep_seq(&st[0], &tsink[0], &loaded_seq);
	if (!three_columns && plan.modules) {
		/* The viewer's colours and status line: each frame's module. */
		lo.module_id = sink_tree_module_id;
		lo.module_set = sink_tree_module_set;
	}
	if (o->offcpu_on && !three_columns) /* the scheduler's intervals */
		sink[0] = offcpu_sink(oc = offcpu_new(sink[0], &lo, &o->offcpu, d));
	memset(&res, 0, sizeof res);
	if (three_columns)
		load_folded_diff(r, sink[0], sink[1], d, &res);
	else if (loader_run(r, &lo, sink[0], d, &res, &err) != 0 &&
	    (sm == NULL || !tui_stream_stopped())) {
		input_close(in, r, d, 1, 0, NULL);
		if (o->diff)
			diff_filter_free(&f[0]);
		input_failed(top, err, t);
	}
	offcpu_finish(oc);
	offcpu_free(oc);
	if (res.format != FORMAT_AUTO)
		loaded_format = res.format;
	if (!three_columns)
		loaded_untimed += st[0].untimed;
	if (res.event[0] != '\0' && !o->offcpu_on)
		memcpy(loaded_event, res.event, sizeof loaded_event);
	for (i = 0; i < n && o->diff; i++) {
		if (f[i].truncated && i == 0)
			diag_note(d, "fractional counts truncated to whole samples");
		diff_filter_free(&f[i]);
	}
	/* perf failing: what arrived stays viewable, else it is an error. */
	if (input_close(in, r, d, sm != NULL && tui_stream_stopped(),
	    sm != NULL, &err) != 0)
		input_failed(top, err, t);
}

/*
 * The diagnostics of profile prof: with two --diff files, AFTER's are
 * the second input's (d->next); otherwise there is one input.
 */
static struct diag *
prof_diag(const struct options *o, struct diag *d, int prof)
{
	return o->diff && o->input2 != NULL && prof == DIFF_AFTER &&
	    d->next != NULL ? d->next : d;
}

/* 1 when the self counts of profile p add up to more than 2^64-1. */
static int
sum_overflows(const struct tree *t, int p)
{
	uint32_t i, n = tree_size(t);
	uint64_t sum = 0, c;

	for (i = 0; i < n; i++) {
		c = tree_self(t, p, i).n;
		if (sum > UINT64_MAX - c)
			return 1;
		sum += c;
	}
	return 0;
}

/*
 * Say which input has counts capped at 2^64-1: one whose lines saturated
 * a count while it loaded (self_over[p]), or whose counts add up to more.
 */
static void
overflow_notes(const struct options *o, const struct tree *t, struct diag *d,
    const int self_over[2])
{
	int p, said = 0;

	for (p = 0; o->diff && o->input2 != NULL && p < 2; p++)
		if (self_over[p] || sum_overflows(t, p)) {
			diag_note(prof_diag(o, d, p),
			    "some counts exceed 2^64-1 and were capped");
			said = 1;
		}
	if (!said)
		diag_note(d, "some counts exceed 2^64-1 and were capped");
}

/*
 * --diff -n: scale BEFORE to AFTER's total, unless either has no samples
 * (scaling to or from nothing would lose the other side): then say which.
 */
static void
normalize(const struct options *o, struct tree *t, struct diag *d)
{
	static const char *side[2] = {"BEFORE", "AFTER"};
	int p, empty = 0;

	for (p = 0; p < 2; p++) {
		if (!count_is_zero(tree_total(t, p, TREE_ROOT)))
			continue;
		empty = 1;
		if (o->input2 != NULL) {
			diag_note(prof_diag(o, d, p),
			    "no samples in the input; cannot normalise");
		} else
			diag_note(d, "%s has no samples; cannot normalise",
			    side[p]);
	}
	if (!empty)
		diff_normalize(t);
}

/*
 * --diff with one file: when not one line was difffolded's 3 columns, it is
 * a profile of its own (perf, folded), not a diff: two are needed.
 */
static void
not_three_columns(struct tree *t, struct diag *d)
{
	char name[512];

	if (d->nbad == 0)
		return;
	tree_finish(t); /* repeatable: load() finishes it again */
	if (tree_stacks(t, 0) > 0 || tree_stacks(t, 1) > 0)
		return;
	tui_end();
	escape_text(name, sizeof name, d->source, strlen(d->source));
	fprintf(stderr, "tflame: %s: not a 3-column --diff file (frame;... "
	    "BEFORE AFTER); --diff needs two profiles: tflame --diff BEFORE "
	    "AFTER\n", name);
	diag_free(d);
	tree_free(t);
	exit(EXIT_USAGE);
}

/* No samples in t (in neither profile with --diff)? */
static int
empty(const struct options *o, const struct tree *t)
{
	return count_is_zero(tree_total(t, 0, TREE_ROOT)) && (!o->diff ||
	    count_is_zero(tree_total(t, 1, TREE_ROOT)));
}

/*
 * Load the input(s) into a new, finished tree: one profile, or BEFORE and
 * AFTER with --diff (two files, or one 3-column file).  Exits with
 * EXIT_INPUT when an input is unusable.  With to, the viewer's options, a
 * single profile from a pipe is drawn while it loads; when the user quits
 * meanwhile, the tree is returned as it is.  The transforms are applied
 * to the tree returned, or with xh (the viewer's, not with --diff -n,
 * which scales the transformed profile) pushed on xh as steps over it.
 */
/*
 * No --colors: the palette of the input's format where it has one
 * (async-profiler's suffixes are flamegraph.pl's java palette), into the
 * options and, when the viewer was set up before loading, its SVG view.
 */
static void
default_palette(struct options *o, struct svg_view *sv)
{
	const struct format *f = format_get(loaded_format);

	if (o->svg.colors != NULL || f == NULL || f->palette == NULL)
		return;
	o->svg.colors = f->palette;
	if (sv != NULL)
		sv->opts.colors = (enum palette_scheme)palette_scheme_parse(
		    f->palette);
}

/* What loading left for --time and --heatmap (cli/time_cmd.h). */
static struct time_input
loaded_time(void)
{
	struct time_input ti = { loaded_store, loaded_untimed, loaded_format };

	return ti;
}

/*
 * --time on the loaded tree: one range, or two with --diff; the viewer
 * keeps the tree whole and opens on the range.
 */
static struct tree *
load_time(const struct options *o, struct tree *t, struct diag *d)
{
	struct time_input ti = loaded_time();
	struct time_view tv = { 0, 0, 0 };

	if (o->time2 != NULL)
		return time_pair(o, &ti, t, d);
	t = time_cut(o, &ti, t, d, plan.path == PATH_VIEW ? &tv : NULL);
	if (tv.on) {
		view_range = 1;
		view_t0 = tv.t0;
		view_t1 = tv.t1;
	}
	return t;
}

/* --heatmap. */
static int
heatmap(const struct options *o, const struct tree *t, struct diag *d)
{
	struct time_input ti = loaded_time();

	return heatmap_command(o, &ti, t, d);
}

static struct tree *
load(const struct options *o, struct diag *d, const struct tui_opts *to,
    struct history *xh)
{
	struct tree *t = tree_new(o->diff ? 2 : 1), *shown = NULL;
	struct stream sm, *smp = NULL;
	int self_over[2] = {0, 0}, had;
	uint64_t ov;

	if (loaded_store == NULL && (o->time != NULL ||
	    plan.path == PATH_HEATMAP || o->svg.flamechart)) {
		loaded_store = store_new();
		atexit(free_store);
	}
	if (o->order_weight && plan.order) /* while streaming too */
		tree_set_order(t, TREE_ORDER_WEIGHT, o->diff ? DIFF_AFTER : 0);
	if (to != NULL && plan.stream) {
		memset(&sm, 0, sizeof sm);
		sm.to = to;
		sm.p.source = o->input == NULL || strcmp(o->input, "-") == 0 ?
		    "stdin" : o->input;
		smp = &sm;
	}
	if (!o->diff)
		load_into(o, o->input, t, 0, 0, d, d, smp);
	else if (o->time2 != NULL) /* two ranges of it: time_pair() */
		load_into(o, o->input, t, 0, 0, d, d, NULL);
	else if (o->input2 == NULL) {
		load_into(o, o->input, t, 0, 1, d, d, NULL);
		not_three_columns(t, d);
	} else {
		load_into(o, o->input, t, DIFF_BEFORE, 0, d, d, NULL);
		ov = tree_overflows(t);
		self_over[0] = ov > 0;
		d->next = xcalloc(1, sizeof *d->next);
		load_into(o, o->input2, t, DIFF_AFTER, 0, d->next, d, NULL);
		self_over[1] = tree_overflows(t) > ov;
	}
	if (smp != NULL && tui_stream_stopped())
		return t;
	/* After tree_finish(): the totals it adds up can saturate too. */
	tree_finish(t);
	if (tree_overflows(t) > 0)
		overflow_notes(o, t, d, self_over);
	if (o->time != NULL)
		t = load_time(o, t, d);
	if (o->nxforms > 0) {
		had = !empty(o, t);
		if (xh != NULL) {
			/* The viewer's: steps it can undo. */
			history_init(xh, t);
			shown = transform_cmd_history(o, xh);
		} else
			shown = t = transform_cmd_apply(o, t, d);
		if (empty(o, shown))
			diag_note(d, had ? "no samples left after the transforms" :
			    "no samples in the input");
	}
	if (o->diff && diff_disjoint(o->nxforms > 0 ? shown : t))
		diag_note(d, "BEFORE and AFTER share no frame in their first two "
		    "levels (different command names?): every frame reads as "
		    "new or gone; try --merge-threads, or rename one side's "
		    "commands to the other's");
	if (o->diff && o->normalize)
		normalize(o, t, d);
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
	sv->opts.event = loaded_event; /* filled in by loading */
	memset(to, 0, sizeof *to);
	to->inverted = o->inverted;
	to->reverse = o->reverse;
	to->search = o->search;
	to->prof = o->diff ? DIFF_AFTER : 0;
	to->diff = o->diff;
	to->negate = o->negate;
	to->normalized = o->normalize;
	to->svg = sv;
	to->input = o->diff && o->input2 != NULL ? o->input2 : o->input;
	if (!o->diff && (o->time == NULL || view_range)) {
		to->store = loaded_store; /* the tree's, as loaded */
		to->lines = loaded_lines; /* by node, as loaded */
	}
	to->perfdata = input_perfdata_path;
	to->time_on = view_range;
	to->time_t0 = view_t0;
	to->time_t1 = view_t1;
	to->rows = o->rows;
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
	char name[512], note[256];
	int rc, sig;

	if (!tui_stream_stopped() && count_is_zero(tree_total(to->history !=
	    NULL ? history_tree(to->history) : t, o->diff ? DIFF_AFTER : 0,
	    TREE_ROOT))) {
		/* Nothing to draw: say so (without taking the terminal). */
		const char *src = prof_diag(o, d, o->diff ? DIFF_AFTER : 0)->source;

		tui_end();
		diag_print(d, stderr);
		escape_text(name, sizeof name, src, strlen(src));
		fprintf(stderr, "tflame: %s: no samples\n", name);
		rc = EXIT_INPUT;
	} else {
		if (!o->diff && missing_symbols_say(t, 0, NULL, d, note,
		    sizeof note))
			to->note = note; /* the status line's first words */
		to->nwarnings = diag_count(d);
		to->diag = d;
		to->skip_depth = loaded_format == FORMAT_PERF ? 2 : 1;
		rc = tui_run(t, to);
		diag_print(d, stderr);
	}
	diag_free(d);
	if (to->history != NULL)
		history_free(to->history); /* unless the viewer took it */
	tree_free(t);
	if ((sig = tui_exit_signal()) != 0) {
		fflush(stderr);
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return rc;
}

/*
 * Hold each closed descriptor of 0, 1 and 2 with /dev/null opened the
 * wrong way round (or "/", a directory, without /dev/null), so that
 * nothing tflame opens (the terminal, an output file) lands on one, and
 * reading or writing it fails with EBADF instead of reaching that file.
 */
static void
reserve_std_fds(void)
{
	int fd, n;

	for (fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		n = open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY) | O_NOCTTY);
		if (n < 0)
			n = open("/", O_RDONLY | O_DIRECTORY);
		if (n < 0)
			_exit(EXIT_INPUT);
		if (n != fd) {
			dup2(n, fd);
			close(n);
		}
	}
}

/*
 * Can the locale show UTF-8?  When not (LC_ALL=C), every non-ASCII code
 * point in a message or the viewer is escaped as \u{1f525}.
 */
static int
locale_is_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);

	return cs != NULL && (strcmp(cs, "UTF-8") == 0 ||
	    strcmp(cs, "utf8") == 0);
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
	struct history hist, *xh = NULL;
	int rc, err, p;

	reserve_std_fds();
	setlocale(LC_ALL, "");
	/*
	 * Names are shown in the user's character set, but numbers are read
	 * and written the C way: "12.5" in folded files and in --fontsize,
	 * whatever LC_NUMERIC says.
	 */
	setlocale(LC_NUMERIC, "C");
	escape_set_ascii(!locale_is_utf8());
	options_parse(&o, argc, argv); /* a usage error does not return */
	mode_plan(&o, &plan);
	input_resolve(&o);
	/* --threads bounds the core's threads too (tree_finish(), merges). */
	thread_limit(o.load.threads);
	if (plan.path == PATH_LIVE)
		return record_view(&o);
	if (plan.path == PATH_VIEW && !o.diff && o.time == NULL) {
		/* The viewer's heat map (`H`): every sample's time. */
		loaded_store = store_new();
		atexit(free_store);
	}
	if (o.mode == MODE_ANNOTATE || (plan.path == PATH_VIEW && !o.diff))
		loaded_lines = linetab_new(); /* freed at exit (the viewer) */
	if (plan.path == PATH_VIEW && plan.stream) {
		/* Ready before loading: the input may be drawn as it comes. */
		if ((rc = view_setup(&o, NULL, &sv, &to)) != EXIT_OK)
			return rc;
		to.diag = &d; /* filled while loading; read once drawn */
		t = load(&o, &d, &to, NULL);
		default_palette(&o, &sv);
		return view(&o, &d, t, &to);
	}
	if (plan.inorder)
		held = io = inorder_new();
	if (transform_cmd_in_viewer(&o))
		xh = &hist;
	t = load(&o, &d, NULL, xh);
	default_palette(&o, NULL);
	if (plan.path == PATH_VIEW) {
		if ((rc = view_setup(&o, t, &sv, &to)) != EXIT_OK) {
			diag_free(&d);
			if (xh != NULL)
				history_free(xh);
			tree_free(t);
			return rc;
		}
		to.history = xh;
		return view(&o, &d, t, &to);
	}
	if (plan.path == PATH_TEXT) {
		diag_print(&d, stderr);
		rc = o.mode == MODE_ANNOTATE ? annotate_command(&o, t,
		    loaded_lines, input_perfdata_path(), loaded_format,
		    loaded_event) : text_command(&o, t, loaded_format,
		    loaded_event);
		if (rc == EXIT_OK && o.mode == MODE_TOP && !o.diff)
			missing_symbols_say(t, 0, stderr, NULL, NULL, 0);
		linetab_free(loaded_lines);
		diag_free(&d);
		tree_free(t);
		return rc != EXIT_OK ? rc : input_exit_status();
	}
	if (plan.path == PATH_HEATMAP) {
		rc = heatmap(&o, t, &d);
		diag_free(&d);
		tree_free(t);
		return rc;
	}
	if (plan.path == PATH_SVG) {
		diag_print(&d, stderr);
		rc = svg_command(&o, t, loaded_event, loaded_store,
		    &loaded_seq);
		sink_seq_free(&loaded_seq);
		diag_free(&d);
		tree_free(t);
		return rc != EXIT_OK ? rc : input_exit_status();
	}
	errno = 0;
	if (io != NULL && inorder_stacks(io) > 0) {
		/* Folded input already in order: printed as it was held. */
		rc = collapse_write_inorder(io, stdout);
	} else {
		if (o.nxforms == 0 && o.diff && o.input2 != NULL &&
		    !o.normalize) {
			/* Each input with nothing in it, by its name. */
			for (p = 0; p < 2; p++)
				if (count_is_zero(tree_total(t, p, TREE_ROOT)))
					diag_note(prof_diag(&o, &d, p),
					    "no samples in the input");
		} else if (o.nxforms == 0 &&
		    count_is_zero(tree_total(t, 0, TREE_ROOT)) && (!o.diff ||
		    count_is_zero(tree_total(t, DIFF_AFTER, TREE_ROOT))))
			diag_note(&d, "no samples in the input");
		rc = o.diff ? collapse_write_diff(t, stdout) :
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
	/* --record -- CMD: CMD's exit status, as time(1) gives it. */
	return input_exit_status();
}
