/*
 * Option parsing, --help and --version.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "util/fatal.h"

static const char usage_text[] =
"Usage: tflame [OPTION]... [FILE]\n"
"       tflame --collapse [OPTION]... [FILE]\n"
"Explore a CPU profile as a flame graph in the terminal, or print it as\n"
"folded stacks.  FILE is `perf script`, SystemTap, DTrace or folded-stack\n"
"output, optionally gzip-compressed; with no FILE, or when FILE is -, read\n"
"standard input.\n"
"\n"
"Modes:\n"
"  -c, --collapse          print folded stacks (\"frame;frame;... count\"),\n"
"                          sorted, as stackcollapse-perf.pl does, and exit\n"
"\n"
"Input:\n"
"  -f, --format=FORMAT     auto (default), perf, stap, dtrace or folded\n"
"      --pid               perf: root frame is COMM-PID\n"
"      --tid               perf: root frame is COMM-PID/TID\n"
"      --kernel            perf: mark kernel frames with _[k]\n"
"      --jit               perf: mark JIT frames with _[j]\n"
"      --all               perf: --kernel and --jit\n"
"      --addrs             perf: show addresses of unknown symbols\n"
"      --event-filter=EVENT  perf: keep only samples of EVENT (default: the\n"
"                          first event in the input)\n"
"      --includeoffset     DTrace: keep +0x offsets on every frame but the leaf\n"
"      --demangle          perf, DTrace: clean up Rust legacy symbol names\n"
"                          (drop the hash, decode $LT$-style escapes)\n"
"\n"
"Viewer:\n"
"  -i, --inverted          start in the icicle view (root at the top)\n"
"\n"
"Keys: arrows or h j k l move the selection, Enter zooms, Backspace or u\n"
"goes back, Esc returns to the root, i switches flame/icicle, PgUp PgDn g G\n"
"scroll, ? shows every key, q quits.\n"
"\n"
"  -h, --help              show this help and exit\n"
"  -V, --version           show the version and exit\n"
"\n"
"Examples:\n"
"  perf record -F 99 -g -- ./myprog; perf script | tflame\n"
"  perf script | tflame --collapse > out.folded\n"
"  grep -v cpu_idle out.folded | tflame\n"
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
	OPT_INCLUDEOFFSET
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
	{"inverted", no_argument, NULL, 'i'},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, 'V'},
	{NULL, 0, NULL, 0}
};

static void ATTR_NORETURN
usage_error(const char *msg, const char *arg)
{
	if (msg != NULL)
		fprintf(stderr, "tflame: %s%s%s\n", msg, arg ? ": " : "",
		    arg ? arg : "");
	fputs("Try 'tflame --help' for more information.\n", stderr);
	exit(EXIT_USAGE);
}

void
options_parse(struct options *o, int argc, char **argv)
{
	int c;

	memset(o, 0, sizeof *o);
	o->load.format = FORMAT_AUTO;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":cf:hiV", longopts, NULL)) != -1) {
		switch (c) {
		case 'c':
			o->mode = MODE_COLLAPSE;
			break;
		case 'f':
			o->load.format = format_parse(optarg);
			if (o->load.format == FORMAT_UNKNOWN)
				usage_error("unknown format (expected auto, perf, "
				    "stap, dtrace or folded)", optarg);
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
		case 'i':
			o->inverted = 1;
			break;
		case OPT_DEMANGLE:
			o->load.demangle = 1;
			break;
		case OPT_EVENT_FILTER:
			o->load.event_filter = optarg;
			break;
		case 'h':
			fputs(usage_text, stdout);
			exit(EXIT_OK);
		case 'V':
			printf("tflame %s\n", PACKAGE_VERSION);
			exit(EXIT_OK);
		case ':':
			usage_error("option needs an argument", argv[optind - 1]);
		default:
			usage_error("unknown option", argv[optind - 1]);
		}
	}
	if (optind < argc)
		o->input = argv[optind++];
	if (optind < argc)
		usage_error("too many input files", argv[optind]);
}
