/*
 * Option parsing, --help and --version, from one table.
 *
 * Each option is one row of rows[] below: its long name, its letter, its
 * argument, its words in --help and what it does (a setter, with the
 * member of struct options it sets and, for numbers, the range).  The
 * rows are in --help's order, with the text between them (headings,
 * paragraphs) as rows without a name; --help is the rows printed in
 * order, and getopt_long()'s option list and letters are made from the
 * same rows.  tests/unit/check_options.c checks the table against
 * --help and against man/tflame.1's OPTIONS.
 *
 * How the modes combine (which path main() takes, which combinations are
 * usage errors) is decided in cli/modes.c, not here.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/modes.h"
#include "cli/options.h"
#include "cli/options_row.h"
#include "cli/transform_cmd.h"
#include "cli/version.h"
#include "model/functions.h"
#include "model/heatmap.h"
#include "model/timerange.h"
#include "model/units.h"
#include "model/xform.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/macros.h"

#define HELP_COLUMN 26 /* where --help's descriptions start */


#define F(member) offsetof(struct options, member)
#define TEXT(s) {.help = (s)}

static const struct opt_row rows[] = {
TEXT("Usage: tflame [OPTION]... [FILE]\n"
"       tflame --collapse [OPTION]... [FILE]\n"
"       tflame --svg=OUT.svg [OPTION]... [FILE]\n"
"       tflame --diff [OPTION]... BEFORE AFTER\n"
"       tflame --top[=N] | --tree[=PERCENT] [OPTION]... [FILE]\n"
"       tflame --record [OPTION]... (-a | -p PID[,PID...] | -- COMMAND...)\n"
"Explore a CPU profile as a flame graph in the terminal, or print it as\n"
"folded stacks.  FILE is perf.data (read through `perf script`), or\n"
"`perf script`, SystemTap, DTrace, bpftrace or folded-stack output, or a\n"
"pprof profile, optionally gzip-compressed; with no FILE, or when FILE is\n"
"-, read standard input (with no FILE and a terminal there: ./perf.data).\n"
"\n"
"Modes:\n"),
{.name = "collapse", .letter = 'c', .set = set_mode, .lo = MODE_COLLAPSE,
    .help = "print folded stacks (\"frame;frame;... count\"),\n"
    "sorted, as stackcollapse-perf.pl does, and exit"},
{.name = "svg", .arg = required_argument, .meta = "=OUT", .set = set_mode,
    .lo = MODE_SVG,
    .help = "write an interactive SVG flame graph to OUT (- for\n"
    "standard output), as flamegraph.pl does, and exit"},
{.name = "diff", .set = set_flag, .field = F(diff),
    .help = "compare two profiles, BEFORE and AFTER (or one\n"
    "3-column difffolded file): frames red where AFTER\n"
    "has more, blue where it has less (viewer and\n"
    "--svg); with --collapse, print difffolded.pl's\n"
    "\"stack before after\" lines"},
{.name = "top", .arg = optional_argument, .meta = "[=N]", .set = set_mode,
    .lo = MODE_TOP,
    .help = "print the N (20; 0: all) functions with the most\n"
    "self time: self and total (a stack counted once\n"
    "however often a function recurs in it), and exit;\n"
    "perf input: the weight in its unit and the\n"
    "samples; with --diff: Before, After, Change"},
{.name = "sort", .arg = required_argument, .meta = "=KEY", .set = set_sort,
    .help = "--top's order: self (the default), total, or with\n"
    "--diff change (the default there: the largest\n"
    "change, up or down, first)"},
{.name = "tree", .arg = optional_argument, .meta = "[=PERCENT]",
    .set = set_mode, .lo = MODE_TREE,
    .help = "print the call tree as indented text, frames of\n"
    "PERCENT (1) of the total or more, heaviest first,\n"
    "and exit; with --reverse the caller tree"},
{.name = "annotate", .arg = required_argument, .meta = "=RE",
    .set = set_mode, .lo = MODE_ANNOTATE,
    .help = "print the source lines of each function matching\n"
    "RE (most self weight first), hottest line first,\n"
    "with weight, share and text, and exit (perf script\n"
    "-F +srcline input, or perf.data via perf annotate)"},
{.name = "annotate-lines", .arg = required_argument, .meta = "=N",
    .set = set_long, .field = F(annotate_lines), .lo = 0, .hi = 1000000000L,
    .help = "--annotate: at most N lines a function (0: all)"},
{.name = "heatmap", .set = set_mode, .lo = MODE_HEATMAP,
    .help = "print the sub-second heat map (FlameScope's cells:\n"
    "a column a second, --rows rows in it) as lines\n"
    "SECOND OFFSET_MS SAMPLES, and exit (perf, Chrome)"},
TEXT("\nTime (perf and Chrome input):\n"),
{.name = "time", .arg = required_argument, .meta = "=START-END",
    .set = set_time,
    .help = "only the samples from START to END: seconds from\n"
    "the profile's first whole second (4.2-6.1, 4.2-,\n"
    "-6.1, 4200ms-6100ms) or shares of it (40%-60%);\n"
    "twice with --diff: the two ranges compared"},
{.name = "rows", .arg = required_argument, .meta = "=N", .set = set_int,
    .field = F(rows), .lo = 1, .hi = 1000,
    .help = "--heatmap, H: rows a second (50: 20 ms each)"},
{.name = "idle", .set = set_flag, .field = F(idle),
    .help = "--heatmap: count idle samples too (swapper in a\n"
    "cpu_idle function), which are left out"},
TEXT("\nInput:\n"),
{.name = "format", .letter = 'f', .arg = required_argument,
    .meta = "=FORMAT", .set = set_format,
    .help = "auto (default), perf, stap, dtrace, folded,\n"
    "bpftrace, pprof or chrome; help lists them"},
{.name = "units", .arg = required_argument, .meta = "=UNIT",
    .set = set_units, .help = "what folded counts are: samples (default), ns,\n"
    "us, ms, s (durations: bcc's offcputime -f counts\n"
    "us) or bytes; the viewer, --top, --tree show them so"},
{.name = "off-cpu", .arg = optional_argument, .meta = "[=MIN]",
    .set = set_offcpu, .help = "perf: off-CPU time from sched:sched_switch: each\n"
    "switch-out weighs its time off the CPU, its stack\n"
    "ends in [off-CPU S] (D, R: prev_state); MIN (1ms)\n"
    "leaves out shorter intervals"},
{.name = "hot-cold", .set = set_offcpu, .lo = 1,
    .help = "perf: --off-cpu and the on-CPU samples (cpu-clock)\n"
    "in one graph, both in nanoseconds"},
{.name = "pid", .set = set_flag, .field = F(load.perf.pid),
    .help = "perf: root frame is COMM-PID"},
{.name = "tid", .set = set_flag, .field = F(load.perf.tid),
    .help = "perf: root frame is COMM-PID/TID"},
{.name = "kernel", .set = set_flag, .field = F(load.kernel),
    .help = "perf, bpftrace, pprof: mark kernel frames with _[k]"},
{.name = "jit", .set = set_flag, .field = F(load.perf.jit),
    .help = "perf: mark JIT frames with _[j]"},
{.name = "all", .set = set_all, .help = "perf: --kernel and --jit"},
{.name = "addrs", .set = set_flag, .field = F(load.addrs),
    .help = "perf, bpftrace, pprof: show addresses of unknown\nsymbols"},
{.name = "lines", .set = set_flag, .field = F(load.lines),
    .help = "perf script -F +srcline: name frames\n\"func (file.c:42)\""},
{.name = "event-filter", .arg = required_argument, .meta = "=EVENT",
    .set = set_str, .field = F(load.perf.event_filter),
    .help = "perf: keep only samples of EVENT (default: the\n"
    "first event in the input)"},
{.name = "includeoffset", .set = set_flag, .field = F(load.includeoffset),
    .help = "DTrace: keep +0x offsets on every frame but the leaf;\n"
    "bpftrace: keep +OFFSET on every frame"},
{.name = "map", .arg = required_argument, .meta = "=NAME", .set = set_str,
    .field = F(load.bpftrace.map),
    .help = "bpftrace: fold map @NAME (default: the first map\n"
    "with stacks; --map=@ is the map named @)"},
{.name = "sample-index", .arg = required_argument, .meta = "=NAME|N",
    .set = set_str, .field = F(load.pprof.sample_index),
    .help = "pprof: the sample type to fold (default: the\n"
    "profile's default_sample_type, else the last)"},
{.name = "all-frames", .set = set_flag, .field = F(load.pprof.all_frames),
    .help = "pprof: ignore the profile's drop_frames"},
{.name = "demangle", .set = set_flag, .field = F(load.demangle),
    .help = "perf, DTrace: clean up Rust legacy symbol names\n"
    "(drop the hash, decode $LT$-style escapes)"},
{.name = "threads", .arg = required_argument, .meta = "=N", .set = set_int,
    .field = F(load.threads), .lo = 1, .hi = 2,
    .help = "perf, folded: 1 loads in one thread, 2 in two\n"
    "(a file's two halves at once; default: 2 when\n"
    "there are two processors)"},
{.name = "perf-args", .arg = required_argument, .meta = "=ARGS",
    .set = set_str, .field = F(perf_args),
    .help = "perf.data: more arguments for `perf script`, split at\n"
    "blanks (e.g. --perf-args=--no-inline: no slow\n"
    "addr2line pass); perf is $PERF, else from PATH"},
{.name = "perf-slices", .arg = required_argument, .meta = "=N",
    .set = set_int, .field = F(perf_slices), .lo = 1, .hi = 64,
    .help = "perf.data: N perf scripts at once, one per time\n"
    "slice, their output put together in time order\n"
    "(default 1; see the man page for when it pays)"},
TEXT("\nRecording (perf record -g into perf script, drawn as it comes):\n"),
{.name = "record", .set = set_flag, .field = F(record.on),
    .help = "record with perf: -a (every processor), -p\n"
    "PID[,PID...], or -- COMMAND [ARGS...] (until it\n"
    "ends); q, Ctrl-C or --duration stops recording;\n"
    "keys p pause the display, z clear the counts"},
{.letter = 'a', .set = set_flag, .field = F(record.all)},
{.letter = 'p', .arg = required_argument, .set = set_pids},
{.name = "freq", .arg = required_argument, .meta = "=HZ", .set = set_long,
    .field = F(record.freq), .lo = 1, .hi = 100000,
    .help = "samples a second (99)"},
{.name = "duration", .arg = required_argument, .meta = "=SEC",
    .set = set_positive, .field = F(record.duration), .hi = 10000000,
    .help = "stop recording after SEC seconds (perf record\n"
    "is killed when it has not ended 3 s later)"},
{.name = "window", .arg = required_argument, .meta = "=SEC",
    .set = set_positive, .field = F(record.window), .hi = 10000000,
    .help = "live viewer: show only the last SEC seconds"},
{.name = "call-graph", .arg = required_argument, .meta = "=dwarf|lbr|fp",
    .set = set_call_graph, .help = "how stacks are walked (default: -g)"},
TEXT("\nViewer:\n"),
{.name = "inverted", .letter = 'i', .set = set_flag, .field = F(inverted),
    .help = "start in the icicle view (root at the top)"},
{.name = "reverse", .set = set_flag, .field = F(reverse),
    .help = "start in the reverse (caller) view: stacks read\n"
    "leaf first, the sampled functions next to the root"},
{.name = "search", .arg = required_argument, .meta = "=REGEX",
    .set = set_str, .field = F(search),
    .help = "highlight the frames whose name matches REGEX\n"
    "(PCRE2) from the start"},
TEXT("\nTransforms (every mode; --focus, --exclude and --hide take PCRE2 regexes\n"
"matched against whole frame names, may be repeated, and apply in the order\n"
"given; a regex has 3 s for all the names, and says what it gave up on; in\n"
"the viewer as if typed as keys, u undoes them, U all):\n"),
{.name = "focus", .arg = required_argument, .meta = "=RE", .set = set_xform,
    .help = "keep only stacks through a matching function,\n"
    "cut above its outermost match (it becomes a root)"},
{.name = "exclude", .arg = required_argument, .meta = "=RE",
    .set = set_xform,
    .help = "drop every stack through a matching function"},
{.name = "hide", .arg = required_argument, .meta = "=RE", .set = set_xform,
    .help = "merge matching functions into their callers"},
{.name = "collapse-recursion", .set = set_xform,
    .help = "a function called again further down goes back\n"
    "to its outermost frame (a;f;g;f;h -> a;f;h)"},
{.name = "merge-threads", .set = set_xform,
    .help = "merge per-CPU and per-thread root frames\n"
    "(ksoftirqd/12, java-?/4130 -> ksoftirqd, java)"},
{.name = "order", .arg = required_argument, .meta = "=name|weight",
    .set = set_order,
    .help = "siblings by name (default) or heaviest first;\n"
    "the viewer and --svg (--collapse stays sorted)"},
TEXT("\nDifferential (--diff):\n"),
{.name = "normalize", .letter = 'n', .set = set_flag, .field = F(normalize),
    .help = "scale BEFORE to AFTER's total first"},
{.name = "strip-hex", .letter = 's', .set = set_flag, .field = F(strip_hex),
    .help = "fold hex addresses (0x1234 -> 0x...)"},
{.name = "negate", .set = set_flag, .field = F(negate),
    .help = "swap red and blue (and the sign of the change)"},
TEXT("\nSVG (--svg), with flamegraph.pl's defaults:\n"),
{.name = "title", .arg = required_argument, .meta = "=TEXT", .set = set_str,
    .field = F(svg.title),
    .help = "(Flame Graph; Icicle Graph with --inverted)"},
{.name = "subtitle", .arg = required_argument, .meta = "=TEXT",
    .set = set_str, .field = F(svg.subtitle),
    .help = "--width=PX (1200)  --height=PX per row (16)"},
{.name = "width", .arg = required_argument, .set = set_long,
    .field = F(svg.width), .lo = 1, .hi = 1000000},
{.name = "height", .arg = required_argument, .set = set_long,
    .field = F(svg.height), .lo = 1, .hi = 10000},
{.name = "minwidth", .arg = required_argument, .meta = "=PX|N%",
    .set = set_minwidth, .help = "hide frames narrower than this (0.1)"},
{.name = "fonttype", .arg = required_argument,
    .meta = "=FONT (Verdana)  --fontsize=PX (12)", .help = "",
    .set = set_str, .field = F(svg.fonttype)},
{.name = "fontsize", .arg = required_argument, .set = set_positive,
    .field = F(svg.fontsize), .hi = 1000},
{.name = "countname", .arg = required_argument,
    .meta = "=WORD (samples)  --nametype=TEXT (Function:)", .help = "",
    .set = set_str, .field = F(svg.countname)},
{.name = "nametype", .arg = required_argument, .set = set_str,
    .field = F(svg.nametype)},
{.name = "colors", .arg = required_argument, .meta = "=PALETTE",
    .set = set_str, .field = F(svg.colors),
    .help = "hot (default; java for async-profiler input), mem,\n"
    "io, wakeup, java, js, perl, red, green, blue, aqua,\n"
    "yellow, purple, orange; chain (SVG and viewer):\n"
    "offwaketime's target blue, waker (after --) aqua"},
{.name = "hash", .set = set_flag, .field = F(svg.hash),
    .help = "colour by flamegraph.pl's name hash"},
{.name = "flamechart", .set = set_flag, .field = F(svg.flamechart),
    .help = "a flame chart: stacks in time order, a lane per\n"
    "thread (folded input: in its line order)"},
TEXT("  --inverted, --reverse, --diff and --negate apply to the SVG; --search\n"
"  becomes its initial search.\n"
"\n"
"Keys: arrows or h j k l move the selection, Enter zooms, Backspace or u\n"
"goes back, Esc returns to the root, i switches flame/icicle, r switches to\n"
"the reverse (caller) view, w switches --diff widths AFTER/BEFORE, / searches (n N: next/previous match, #: the\n"
"selected name), s saves the view as an SVG, t shows the table of\n"
"functions, S the sandwich (callers and callees) of the selected one,\n"
"PgUp PgDn g G scroll, ! shows the loader's messages (skipped events,\n"
"bad lines, perf's words), ? shows every key, q quits.\n"
"\n"),
{.name = "help", .letter = 'h', .set = set_help,
    .help = "show this help and exit"},
{.name = "version", .letter = 'V', .set = set_version,
    .help = "show the version and the features built in"},
TEXT("\nExamples:\n"
"  perf record -F 99 -g -- ./myprog; perf script | tflame\n"
"  perf script | tflame --collapse > out.folded\n"
"  bpftrace -e 'profile:hz:99 { @[kstack, ustack, comm] = count(); }' | tflame\n"
"  curl -s http://HOST:6060/debug/pprof/profile?seconds=30 | tflame\n"
"  grep -v cpu_idle out.folded | tflame\n"
"  tflame --svg=profile.svg --title='Checkout latency' out.folded\n"
"  tflame --diff before.perf after.perf\n"
"  perf record -g -- ./myprog; tflame           # opens ./perf.data\n"
"  tflame --record -p \"$(pgrep -n myserver)\"    # live\n"
"  tflame --record -a --duration=10 --svg=now.svg\n"
"\n"
"Exit status: 0 success, 1 unreadable or unusable input, 2 bad usage;\n"
"--record -- COMMAND: COMMAND's.\n"
"See tflame(1) for the full manual.\n"),
};

#undef F
#undef TEXT

/*
 * The option getopt_long() refused (missing: it lacks its argument); from
 * is optind before that call.  A long option is the argument getopt
 * stepped past, named as written.  A letter is named by optopt: inside a
 * cluster (-Zc) getopt has not stepped past the cluster yet, so the
 * argument before optind is another one (or the program's path).
 */
static void ATTR_NORETURN
bad_option(int missing, char **argv, int from)
{
	char letter[3] = {'-', (char)optopt, '\0'};
	const char *arg = argv[optind - 1];

	if (optind <= from || strncmp(arg, "--", 2) != 0)
		arg = letter;
	options_usage_error(missing ? "option needs an argument" : "unknown option",
	    arg);
}

/* Write row r's lines of --help to fp. */
static void
usage_row(FILE *fp, const struct opt_row *r)
{
	const char *s = r->help, *e;
	int col;

	if (r->set == NULL) {
		fputs(s, fp);
		return;
	}
	if (s == NULL)
		return;
	if (r->name == NULL) /* a letter alone */
		col = fprintf(fp, "  -%c%s", r->letter, r->meta ? r->meta : "");
	else
		col = fprintf(fp, "%s%c%s--%s%s", r->letter ? "  -" : "     ",
		    r->letter ? r->letter : ' ', r->letter ? ", " : "",
		    r->name, r->meta ? r->meta : "");
	if (*s == '\0') {
		fputc('\n', fp);
		return;
	}
	/* The description at its column, or two spaces after a long name. */
	for (; *s != '\0'; s = *e != '\0' ? e + 1 : e) {
		e = s + strcspn(s, "\n");
		fprintf(fp, "%*s%.*s\n", col < HELP_COLUMN ? HELP_COLUMN - col :
		    2, "", (int)(e - s), s);
		col = 0;
	}
}

void
options_usage(FILE *fp)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++)
		usage_row(fp, &rows[i]);
}

const char *
options_name(size_t i, int *letter)
{
	size_t n;

	for (n = 0; n < ARRAY_SIZE(rows); n++) {
		if (rows[n].set == NULL)
			continue;
		if (i-- == 0) {
			*letter = rows[n].letter;
			return rows[n].name != NULL ? rows[n].name : "";
		}
	}
	return NULL;
}

/* getopt_long()'s options and letters from the rows (a value: the row). */
static void
getopt_table(struct option *lo, char *letters)
{
	size_t i, n = 0, k = 0;

	letters[k++] = ':';
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		if (rows[i].set == NULL)
			continue;
		if (rows[i].name != NULL) {
			lo[n].name = rows[i].name;
			lo[n].has_arg = rows[i].arg;
			lo[n].flag = NULL;
			lo[n].val = 256 + (int)i;
			n++;
		}
		if (rows[i].letter != 0) {
			letters[k++] = rows[i].letter;
			if (rows[i].arg == required_argument)
				letters[k++] = ':';
		}
	}
	memset(&lo[n], 0, sizeof lo[n]);
	letters[k] = '\0';
}

/* The row of getopt_long()'s value c, or NULL. */
static const struct opt_row *
row_of(int c)
{
	size_t i;

	if (c >= 256)
		return (size_t)(c - 256) < ARRAY_SIZE(rows) ? &rows[c - 256] :
		    NULL;
	for (i = 0; i < ARRAY_SIZE(rows); i++)
		if (rows[i].set != NULL && rows[i].letter == c)
			return &rows[i];
	return NULL;
}

/* --record: one of -a, -p, -- COMMAND; no input file. */
static void
record_check(struct options *o, int argc, char **argv)
{
	if (optind < argc)
		o->record.cmd = argv + optind;
	if ((o->record.all != 0) + (o->record.pids != NULL) +
	    (o->record.cmd != NULL) != 1)
		options_usage_error(o->record.all || o->record.pids || o->record.cmd ?
		    "--record takes one of -a, -p PID[,PID...] or -- COMMAND" :
		    "--record needs -a, -p PID[,PID...] or -- COMMAND [ARGS...]",
		    NULL);
	if (o->record.freq == 0)
		o->record.freq = 99;
}

/* Without --record: no recording option; the input file or files. */
static void
input_check(struct options *o, int argc, char **argv)
{
	if (o->record.all || o->record.pids != NULL || o->record.freq != 0 ||
	    o->record.duration != 0 || o->record.window != 0 ||
	    o->record.call_graph != NULL)
		options_usage_error("-a, -p, --freq, --duration, --window and "
		    "--call-graph go with --record", NULL);
	if (optind < argc)
		o->input = argv[optind++];
	if (o->diff && optind < argc)
		o->input2 = argv[optind++];
	if (optind < argc)
		options_usage_error("too many input files", argv[optind]);
	if (o->diff && o->input == NULL)
		options_usage_error("--diff needs BEFORE and AFTER (or one 3-column file)",
		    NULL);
}

/* The defaults, as flamegraph.pl's for the SVG. */
static void
defaults(struct options *o)
{
	memset(o, 0, sizeof *o);
	o->load.format = FORMAT_AUTO;
	o->svg.width = 1200;
	o->svg.height = 16;
	o->svg.minwidth = "0.1";
	o->svg.fonttype = "Verdana";
	o->svg.fontsize = 12;
	o->svg.countname = "samples";
	o->svg.nametype = "Function:";
	o->svg.colors = NULL; /* hot, or the input format's (format.palette) */
	o->top_rows = 20;
	o->top_sort = -1;
	o->rows = HEATMAP_ROWS_DEFAULT;
	o->tree_percent = 1;
}

void
options_parse(struct options *o, int argc, char **argv)
{
	static struct option lo[ARRAY_SIZE(rows) + 1];
	static char letters[2 * ARRAY_SIZE(rows) + 2];
	const struct opt_row *r;
	struct mode_plan plan;
	int c, from;

	defaults(o);
	getopt_table(lo, letters);
	opterr = 0;
	while ((from = optind, c = getopt_long(argc, argv, letters, lo,
	    NULL)) != -1) {
		if (c == ':' || c == '?' || (r = row_of(c)) == NULL)
			bad_option(c == ':', argv, from);
		r->set(o, r, optarg);
	}
	if (o->record.on)
		record_check(o, argc, argv);
	else
		input_check(o, argc, argv);
	if (o->mode == MODE_SVG && (o->svg.path == NULL || o->svg.path[0] == '\0'))
		options_usage_error("--svg needs a file name (or - for standard output)",
		    NULL);
	if (transform_cmd_check(o) != 0)
		options_usage_error(NULL, NULL);
	if (o->top_sort >= 0 && o->mode != MODE_TOP)
		options_usage_error("--sort goes with --top", NULL);
	if (o->top_sort == FUNC_SORT_CHANGE && !o->diff)
		options_usage_error("--sort=change goes with --diff", NULL);
	mode_plan(o, &plan);
	if (plan.path == PATH_USAGE)
		options_usage_error(plan.why, NULL);
	/* In the viewer they are steps: the breadcrumb (`s`) names them. */
	if (o->svg.subtitle == NULL && o->nxforms > 0 &&
	    !transform_cmd_in_viewer(o)) {
		transform_cmd_describe(o, o->xform_subtitle,
		    sizeof o->xform_subtitle);
		o->svg.subtitle = o->xform_subtitle;
	}
}
