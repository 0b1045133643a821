/*
 * Option parsing, --help and --version.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "cli/transform_cmd.h"
#include "cli/version.h"
#include "util/escape.h"
#include "util/fatal.h"

static const char usage_text[] =
"Usage: tflame [OPTION]... [FILE]\n"
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
"Modes:\n"
"  -c, --collapse          print folded stacks (\"frame;frame;... count\"),\n"
"                          sorted, as stackcollapse-perf.pl does, and exit\n"
"      --svg=OUT           write an interactive SVG flame graph to OUT (- for\n"
"                          standard output), as flamegraph.pl does, and exit\n"
"      --diff              compare two profiles, BEFORE and AFTER (or one\n"
"                          3-column difffolded file): frames red where AFTER\n"
"                          has more, blue where it has less (viewer and\n"
"                          --svg); with --collapse, print difffolded.pl's\n"
"                          \"stack before after\" lines\n"
"      --top[=N]           print the N (20; 0: all) functions with the most\n"
"                          self time: self and total (a stack counted once\n"
"                          however often a function recurs in it), and exit;\n"
"                          perf input: the weight in its unit and the\n"
"                          samples; with --diff: Before, After, Change\n"
"      --tree[=PERCENT]    print the call tree as indented text, frames of\n"
"                          PERCENT (1) of the total or more, heaviest first,\n"
"                          and exit; with --reverse the caller tree\n"
"\n"
"Input:\n"
"  -f, --format=FORMAT     auto (default), perf, stap, dtrace, folded,\n"
"                          bpftrace or pprof\n"
"      --pid               perf: root frame is COMM-PID\n"
"      --tid               perf: root frame is COMM-PID/TID\n"
"      --kernel            perf, bpftrace, pprof: mark kernel frames with _[k]\n"
"      --jit               perf: mark JIT frames with _[j]\n"
"      --all               perf: --kernel and --jit\n"
"      --addrs             perf, bpftrace, pprof: show addresses of unknown\n"
"                          symbols\n"
"      --event-filter=EVENT  perf: keep only samples of EVENT (default: the\n"
"                          first event in the input)\n"
"      --includeoffset     DTrace: keep +0x offsets on every frame but the leaf;\n"
"                          bpftrace: keep +OFFSET on every frame\n"
"      --map=NAME          bpftrace: fold map @NAME (default: the first map\n"
"                          with stacks; --map=@ is the map named @)\n"
"      --sample-index=NAME|N  pprof: the sample type to fold (default: the\n"
"                          profile's default_sample_type, else the last)\n"
"      --all-frames        pprof: ignore the profile's drop_frames\n"
"      --demangle          perf, DTrace: clean up Rust legacy symbol names\n"
"                          (drop the hash, decode $LT$-style escapes)\n"
"      --threads=N         perf, folded: 1 loads in one thread, 2 in two\n"
"                          (a file's two halves at once; default: 2 when\n"
"                          there are two processors)\n"
"      --perf-args=ARGS    perf.data: more arguments for `perf script`, split at\n"
"                          blanks (e.g. --perf-args=--no-inline: no slow\n"
"                          addr2line pass); perf is $PERF, else from PATH\n"
"\n"
"Recording (perf record -g into perf script, drawn as it comes):\n"
"      --record            record with perf: -a (every processor), -p\n"
"                          PID[,PID...], or -- COMMAND [ARGS...] (until it\n"
"                          ends); q, Ctrl-C or --duration stops recording;\n"
"                          keys p pause the display, z clear the counts\n"
"      --freq=HZ           samples a second (99)\n"
"      --duration=SEC      stop recording after SEC seconds\n"
"      --window=SEC        live viewer: show only the last SEC seconds\n"
"      --call-graph=dwarf|lbr|fp  how stacks are walked (default: -g)\n"
"\n"
"Viewer:\n"
"  -i, --inverted          start in the icicle view (root at the top)\n"
"      --reverse           start in the reverse (caller) view: stacks read\n"
"                          leaf first, the sampled functions next to the root\n"
"      --search=REGEX      highlight the frames whose name matches REGEX\n"
"                          (PCRE2) from the start\n"
"\n"
"Transforms (every mode; --focus, --exclude and --hide take PCRE2 regexes\n"
"matched against whole frame names, may be repeated, and apply in the order\n"
"given; a regex has 3 s for all the names, and says what it gave up on):\n"
"      --focus=RE          keep only stacks through a matching function,\n"
"                          cut above its outermost match (it becomes a root)\n"
"      --exclude=RE        drop every stack through a matching function\n"
"      --hide=RE           merge matching functions into their callers\n"
"      --collapse-recursion  a function called again further down goes back\n"
"                          to its outermost frame (a;f;g;f;h -> a;f;h)\n"
"      --merge-threads     merge per-CPU and per-thread root frames\n"
"                          (ksoftirqd/12, java-?/4130 -> ksoftirqd, java)\n"
"      --order=name|weight siblings by name (default) or heaviest first;\n"
"                          the viewer and --svg (--collapse stays sorted)\n"
"\n"
"Differential (--diff):\n"
"  -n, --normalize         scale BEFORE to AFTER's total first\n"
"  -s, --strip-hex         fold hex addresses (0x1234 -> 0x...)\n"
"      --negate            swap red and blue (and the sign of the change)\n"
"\n"
"SVG (--svg), with flamegraph.pl's defaults:\n"
"      --title=TEXT        (Flame Graph; Icicle Graph with --inverted)\n"
"      --subtitle=TEXT     --width=PX (1200)  --height=PX per row (16)\n"
"      --minwidth=PX|N%    hide frames narrower than this (0.1)\n"
"      --fonttype=FONT (Verdana)  --fontsize=PX (12)\n"
"      --countname=WORD (samples)  --nametype=TEXT (Function:)\n"
"      --colors=PALETTE    hot (default), mem, io, wakeup, java, js, perl,\n"
"                          red, green, blue, aqua, yellow, purple, orange\n"
"      --hash              colour by flamegraph.pl's name hash\n"
"  --inverted, --reverse, --diff and --negate apply to the SVG; --search\n"
"  becomes its initial search.\n"
"\n"
"Keys: arrows or h j k l move the selection, Enter zooms, Backspace or u\n"
"goes back, Esc returns to the root, i switches flame/icicle, r switches to\n"
"the reverse (caller) view, w switches --diff widths AFTER/BEFORE, / searches (n N: next/previous match, #: the\n"
"selected name), s saves the view as an SVG, t shows the table of\n"
"functions, S the sandwich (callers and callees) of the selected one,\n"
"PgUp PgDn g G scroll, ! shows the loader's messages (skipped events,\n"
"bad lines, perf's words), ? shows every key, q quits.\n"
"\n"
"  -h, --help              show this help and exit\n"
"  -V, --version           show the version and the features built in\n"
"\n"
"Examples:\n"
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
"Exit status: 0 success, 1 unreadable or unusable input, 2 bad usage.\n"
"See tflame(1) for the full manual.\n";

enum {
	OPT_PID = 256,
	OPT_TID,
	OPT_KERNEL,
	OPT_JIT,
	OPT_ALL,
	OPT_ADDRS,
	OPT_EVENT_FILTER,
	OPT_DEMANGLE,
	OPT_INCLUDEOFFSET,
	OPT_MAP,
	OPT_SAMPLE_INDEX,
	OPT_ALL_FRAMES,
	OPT_THREADS,
	OPT_REVERSE,
	OPT_SEARCH,
	OPT_DIFF,
	OPT_NEGATE,
	OPT_SVG,
	OPT_TITLE,
	OPT_SUBTITLE,
	OPT_WIDTH,
	OPT_HEIGHT,
	OPT_MINWIDTH,
	OPT_FONTTYPE,
	OPT_FONTSIZE,
	OPT_COUNTNAME,
	OPT_NAMETYPE,
	OPT_COLORS,
	OPT_HASH,
	OPT_TOP,
	OPT_TREE,
	OPT_PERF_ARGS,
	OPT_RECORD,
	OPT_FREQ,
	OPT_DURATION,
	OPT_WINDOW,
	OPT_CALL_GRAPH,
	OPT_FOCUS,
	OPT_EXCLUDE,
	OPT_HIDE,
	OPT_RECURSION,
	OPT_THREADS_MERGE,
	OPT_ORDER
};

static const struct option longopts[] = {
	{"collapse", no_argument, NULL, 'c'},
	{"format", required_argument, NULL, 'f'},
	{"pid", no_argument, NULL, OPT_PID},
	{"tid", no_argument, NULL, OPT_TID},
	{"kernel", no_argument, NULL, OPT_KERNEL},
	{"jit", no_argument, NULL, OPT_JIT},
	{"all", no_argument, NULL, OPT_ALL},
	{"addrs", no_argument, NULL, OPT_ADDRS},
	{"event-filter", required_argument, NULL, OPT_EVENT_FILTER},
	{"demangle", no_argument, NULL, OPT_DEMANGLE},
	{"includeoffset", no_argument, NULL, OPT_INCLUDEOFFSET},
	{"map", required_argument, NULL, OPT_MAP},
	{"sample-index", required_argument, NULL, OPT_SAMPLE_INDEX},
	{"all-frames", no_argument, NULL, OPT_ALL_FRAMES},
	{"threads", required_argument, NULL, OPT_THREADS},
	{"inverted", no_argument, NULL, 'i'},
	{"reverse", no_argument, NULL, OPT_REVERSE},
	{"search", required_argument, NULL, OPT_SEARCH},
	{"diff", no_argument, NULL, OPT_DIFF},
	{"normalize", no_argument, NULL, 'n'},
	{"strip-hex", no_argument, NULL, 's'},
	{"negate", no_argument, NULL, OPT_NEGATE},
	{"svg", required_argument, NULL, OPT_SVG},
	{"title", required_argument, NULL, OPT_TITLE},
	{"subtitle", required_argument, NULL, OPT_SUBTITLE},
	{"width", required_argument, NULL, OPT_WIDTH},
	{"height", required_argument, NULL, OPT_HEIGHT},
	{"minwidth", required_argument, NULL, OPT_MINWIDTH},
	{"fonttype", required_argument, NULL, OPT_FONTTYPE},
	{"fontsize", required_argument, NULL, OPT_FONTSIZE},
	{"countname", required_argument, NULL, OPT_COUNTNAME},
	{"nametype", required_argument, NULL, OPT_NAMETYPE},
	{"colors", required_argument, NULL, OPT_COLORS},
	{"hash", no_argument, NULL, OPT_HASH},
	{"top", optional_argument, NULL, OPT_TOP},
	{"tree", optional_argument, NULL, OPT_TREE},
	{"perf-args", required_argument, NULL, OPT_PERF_ARGS},
	{"record", no_argument, NULL, OPT_RECORD},
	{"freq", required_argument, NULL, OPT_FREQ},
	{"duration", required_argument, NULL, OPT_DURATION},
	{"window", required_argument, NULL, OPT_WINDOW},
	{"call-graph", required_argument, NULL, OPT_CALL_GRAPH},
	{"focus", required_argument, NULL, OPT_FOCUS},
	{"exclude", required_argument, NULL, OPT_EXCLUDE},
	{"hide", required_argument, NULL, OPT_HIDE},
	{"collapse-recursion", no_argument, NULL, OPT_RECURSION},
	{"merge-threads", no_argument, NULL, OPT_THREADS_MERGE},
	{"order", required_argument, NULL, OPT_ORDER},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, 'V'},
	{NULL, 0, NULL, 0}
};

/* Say what is wrong (arg, untrusted, is escaped) and exit with EXIT_USAGE. */
static void ATTR_NORETURN
usage_error(const char *msg, const char *arg)
{
	char buf[1024];

	if (arg != NULL)
		escape_text(buf, sizeof buf, arg, strlen(arg));
	if (msg != NULL)
		fprintf(stderr, "tflame: %s%s%s\n", msg, arg ? ": " : "",
		    arg ? buf : "");
	fputs("Try 'tflame --help' for more information.\n", stderr);
	exit(EXIT_USAGE);
}

/*
 * A usage error for the option getopt_long() just refused (missing: its
 * argument was missing); from is optind before that call.  Inside a
 * cluster such as -Zc, getopt does not step past the cluster before its
 * last letter, so argv[optind - 1] is the argument before it (or the
 * program's path): a short option is named from optopt.  A long one is
 * the argument getopt stepped past, named as it was written.
 */
static void ATTR_NORETURN
bad_option(int missing, char **argv, int from)
{
	char opt[3] = {'-', (char)optopt, '\0'};
	const char *arg = argv[optind - 1];
	int islong = optind > from && strncmp(arg, "--", 2) == 0;

	if (!islong && optopt > 0x20 && optopt < 0x7f)
		arg = opt;
	usage_error(missing ? "option needs an argument" : "unknown option",
	    arg);
}

/* Exit after --help or --version: 0, or 1 when stdout could not take it. */
static void ATTR_NORETURN
exit_flushed(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "tflame: write error on standard output%s%s\n",
		    errno != 0 ? ": " : "", errno != 0 ? strerror(errno) : "");
		exit(EXIT_INPUT);
	}
	exit(EXIT_OK);
}

/* A whole number in [lo, hi], or a usage error naming opt. */
static long
parse_long(const char *opt, const char *arg, long lo, long hi)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || v < lo || v > hi) {
		fprintf(stderr, "tflame: %s: expected a whole number from %ld to %ld\n",
		    opt, lo, hi);
		usage_error(NULL, NULL);
	}
	return v;
}

/* A number in (0, hi], or a usage error naming opt. */
static double
parse_positive(const char *opt, const char *arg, double hi)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno != 0 || end == arg || *end != '\0' || !(v > 0) || v > hi) {
		fprintf(stderr, "tflame: %s: expected a number above 0\n", opt);
		usage_error(NULL, NULL);
	}
	return v;
}

/* A percentage in [0, 100], or a usage error naming opt. */
static double
parse_percent(const char *opt, const char *arg)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno != 0 || end == arg || *end != '\0' || !(v >= 0) || v > 100) {
		fprintf(stderr, "tflame: %s: expected a percentage from 0 to "
		    "100\n", opt);
		usage_error(NULL, NULL);
	}
	return v;
}

/* Set the text mode m (--top, --tree), which no other mode may join. */
static void
text_mode(struct options *o, enum run_mode m)
{
	if (o->mode != MODE_VIEW && o->mode != m)
		usage_error("--top, --tree, --collapse and --svg exclude each "
		    "other", NULL);
	o->mode = m;
	o->text_mode = 1;
}

/* flamegraph.pl's --minwidth: digits and dots, optionally ending in "%". */
static int
valid_minwidth(const char *s)
{
	size_t n = strspn(s, "0123456789.");

	return n > 0 && (s[n] == '\0' || (s[n] == '%' && s[n + 1] == '\0')) &&
	    strtod(s, NULL) >= 0;
}

/* --record: one of -a, -p, -- COMMAND; no input file. */
static void
record_check(struct options *o, int argc, char **argv)
{
	if (optind < argc)
		o->record.cmd = argv + optind;
	if ((o->record.all != 0) + (o->record.pids != NULL) +
	    (o->record.cmd != NULL) != 1)
		usage_error(o->record.all || o->record.pids || o->record.cmd ?
		    "--record takes one of -a, -p PID[,PID...] or -- COMMAND" :
		    "--record needs -a, -p PID[,PID...] or -- COMMAND [ARGS...]",
		    NULL);
	if (o->diff)
		usage_error("--record and --diff exclude each other", NULL);
	if (o->record.freq == 0)
		o->record.freq = 99;
}

/* Add a transform step (re: its regex, or NULL). */
static void
add_xform(struct options *o, enum cli_xform kind, const char *re)
{
	if (o->nxforms == CLI_XFORM_MAX)
		usage_error("too many transforms (at most 64)", NULL);
	o->xforms[o->nxforms].kind = kind;
	o->xforms[o->nxforms].re = re;
	o->nxforms++;
}

void
options_parse(struct options *o, int argc, char **argv)
{
	int c, from;

	memset(o, 0, sizeof *o);
	o->load.format = FORMAT_AUTO;
	o->svg.width = 1200;
	o->svg.height = 16;
	o->svg.minwidth = "0.1";
	o->svg.fonttype = "Verdana";
	o->svg.fontsize = 12;
	o->svg.countname = "samples";
	o->svg.nametype = "Function:";
	o->svg.colors = "hot";
	o->top_rows = 20;
	o->tree_percent = 1;
	opterr = 0;
	while ((from = optind, c = getopt_long(argc, argv, ":acf:hinp:sV",
	    longopts, NULL)) != -1) {
		switch (c) {
		case 'c':
			if (o->mode == MODE_SVG)
				usage_error("--collapse and --svg exclude each other",
				    NULL);
			o->mode = MODE_COLLAPSE;
			break;
		case 'f':
			o->load.format = format_parse(optarg);
			if (o->load.format == FORMAT_UNKNOWN)
				usage_error("unknown format (expected auto, perf, "
				    "stap, dtrace, folded, bpftrace or pprof)",
				    optarg);
			break;
		case OPT_PID:
			o->load.pid = 1;
			break;
		case OPT_TID:
			o->load.tid = 1;
			break;
		case OPT_KERNEL:
			o->load.kernel = 1;
			break;
		case OPT_JIT:
			o->load.jit = 1;
			break;
		case OPT_ALL:
			o->load.kernel = o->load.jit = 1;
			break;
		case OPT_ADDRS:
			o->load.addrs = 1;
			break;
		case OPT_INCLUDEOFFSET:
			o->load.includeoffset = 1;
			break;
		case OPT_MAP:
			o->load.map = optarg;
			break;
		case OPT_SAMPLE_INDEX:
			o->load.sample_index = optarg;
			break;
		case OPT_ALL_FRAMES:
			o->load.all_frames = 1;
			break;
		case OPT_THREADS:
			o->load.threads = (int)parse_long("--threads", optarg, 1, 2);
			break;
		case 'i':
			o->inverted = 1;
			break;
		case OPT_REVERSE:
			o->reverse = 1;
			break;
		case OPT_SEARCH:
			o->search = optarg;
			break;
		case OPT_DIFF:
			o->diff = 1;
			break;
		case 'n':
			o->normalize = 1;
			break;
		case 's':
			o->strip_hex = 1;
			break;
		case OPT_NEGATE:
			o->negate = 1;
			break;
		case OPT_SVG:
			o->mode = MODE_SVG;
			o->svg.path = optarg;
			break;
		case OPT_TITLE:
			o->svg.title = optarg;
			break;
		case OPT_SUBTITLE:
			o->svg.subtitle = optarg;
			break;
		case OPT_WIDTH:
			o->svg.width = parse_long("--width", optarg, 1, 1000000);
			break;
		case OPT_HEIGHT:
			o->svg.height = parse_long("--height", optarg, 1, 10000);
			break;
		case OPT_MINWIDTH:
			if (!valid_minwidth(optarg))
				usage_error("--minwidth takes pixels (0.1) or a "
				    "percentage (0.5%)", optarg);
			o->svg.minwidth = optarg;
			break;
		case OPT_FONTTYPE:
			o->svg.fonttype = optarg;
			break;
		case OPT_FONTSIZE:
			o->svg.fontsize = parse_positive("--fontsize", optarg, 1000);
			break;
		case OPT_COUNTNAME:
			o->svg.countname = optarg;
			break;
		case OPT_NAMETYPE:
			o->svg.nametype = optarg;
			break;
		case OPT_COLORS:
			o->svg.colors = optarg;
			break;
		case OPT_HASH:
			o->svg.hash = 1;
			break;
		case OPT_FOCUS:
			add_xform(o, CLI_FOCUS, optarg);
			break;
		case OPT_EXCLUDE:
			add_xform(o, CLI_EXCLUDE, optarg);
			break;
		case OPT_HIDE:
			add_xform(o, CLI_HIDE, optarg);
			break;
		case OPT_RECURSION:
			add_xform(o, CLI_RECURSION, NULL);
			break;
		case OPT_THREADS_MERGE:
			add_xform(o, CLI_THREADS, NULL);
			break;
		case OPT_ORDER:
			if (strcmp(optarg, "name") == 0)
				o->order_weight = 0;
			else if (strcmp(optarg, "weight") == 0)
				o->order_weight = 1;
			else
				usage_error("--order takes name or weight", optarg);
			break;
		case OPT_DEMANGLE:
			o->load.demangle = 1;
			break;
		case OPT_EVENT_FILTER:
			o->load.event_filter = optarg;
			break;
		case OPT_TOP:
			text_mode(o, MODE_TOP);
			if (optarg != NULL)
				o->top_rows = parse_long("--top", optarg, 0,
				    1000000000L);
			break;
		case OPT_TREE:
			text_mode(o, MODE_TREE);
			if (optarg != NULL)
				o->tree_percent = parse_percent("--tree", optarg);
			break;
		case OPT_PERF_ARGS:
			o->perf_args = optarg;
			break;
		case OPT_RECORD:
			o->record.on = 1;
			break;
		case OPT_FREQ:
			o->record.freq = parse_long("--freq", optarg, 1, 100000);
			break;
		case OPT_DURATION:
			o->record.duration = parse_positive("--duration", optarg,
			    1e7);
			break;
		case OPT_WINDOW:
			o->record.window = parse_positive("--window", optarg, 1e7);
			break;
		case OPT_CALL_GRAPH:
			if (strcmp(optarg, "dwarf") != 0 &&
			    strcmp(optarg, "lbr") != 0 && strcmp(optarg, "fp") != 0)
				usage_error("--call-graph takes dwarf, lbr or fp",
				    optarg);
			o->record.call_graph = optarg;
			break;
		case 'a':
			o->record.all = 1;
			break;
		case 'p':
			if (optarg[0] == '\0' || strspn(optarg, "0123456789,") !=
			    strlen(optarg))
				usage_error("-p takes PID[,PID...]", optarg);
			o->record.pids = optarg;
			break;
		case 'h':
			errno = 0;
			fputs(usage_text, stdout);
			exit_flushed();
		case 'V':
			errno = 0;
			version_print();
			exit_flushed();
		case ':':
		default:
			bad_option(c == ':', argv, from);
		}
	}
	if (o->text_mode && o->mode != MODE_TOP && o->mode != MODE_TREE)
		usage_error("--top, --tree, --collapse and --svg exclude each "
		    "other", NULL);
	if (o->record.on) {
		record_check(o, argc, argv);
		return;
	}
	if (o->record.all || o->record.pids != NULL || o->record.freq != 0 ||
	    o->record.duration != 0 || o->record.window != 0 ||
	    o->record.call_graph != NULL)
		usage_error("-a, -p, --freq, --duration, --window and "
		    "--call-graph go with --record", NULL);
	if (optind < argc)
		o->input = argv[optind++];
	if (o->diff && optind < argc)
		o->input2 = argv[optind++];
	if (optind < argc)
		usage_error("too many input files", argv[optind]);
	if (o->diff && o->input == NULL)
		usage_error("--diff needs BEFORE and AFTER (or one 3-column file)",
		    NULL);
	if (o->mode == MODE_SVG && (o->svg.path == NULL || o->svg.path[0] == '\0'))
		usage_error("--svg needs a file name (or - for standard output)",
		    NULL);
	if (transform_cmd_check(o) != 0)
		usage_error(NULL, NULL);
	if (o->svg.subtitle == NULL && o->nxforms > 0) {
		transform_cmd_describe(o, o->xform_subtitle,
		    sizeof o->xform_subtitle);
		o->svg.subtitle = o->xform_subtitle;
	}
}
