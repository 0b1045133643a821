/*
 * Command-line options of tflame (the contract documented in tflame(1)).
 */
#ifndef TFLAME_CLI_OPTIONS_H
#define TFLAME_CLI_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "loaders/loader.h"
#include "loaders/offcpu.h"
#include "model/xform.h"
#include "util/macros.h"

enum run_mode {
	MODE_VIEW = 0, /* explore in the terminal */
	MODE_COLLAPSE, /* print folded stacks and exit */
	MODE_SVG,      /* write an SVG flame graph and exit */
	MODE_TOP,      /* print the function table and exit (--top) */
	MODE_TREE,     /* print the call tree as text and exit (--tree) */
	MODE_HEATMAP,  /* print the heat map's cells and exit (--heatmap) */
	MODE_ANNOTATE  /* print functions' source lines and exit (--annotate) */
};

/* flamegraph.pl's options, for --svg (defaults as flamegraph.pl's). */
struct svg_cli {
	const char *path;      /* --svg=PATH, "-" for standard output */
	const char *title;     /* NULL: "Flame Graph" / "Icicle Graph" */
	const char *subtitle;
	long width, height;    /* 1200, 16 */
	const char *minwidth;  /* "0.1" (pixels) or "N%" */
	const char *fonttype;  /* "Verdana" */
	double fontsize;       /* 12 */
	const char *countname; /* "samples" */
	const char *nametype;  /* "Function:" */
	const char *colors;    /* "hot" */
	int hash;
	int flamechart;        /* --flamechart: stacks in time order */
};

#define CLI_XFORM_MAX 64

/* A transform flag (--focus, --hide...): its registry row and regex. */
struct cli_xform_step {
	const struct xform *kind;
	const char *re; /* the regex, NULL for a flag that takes none */
};

struct options {
	enum run_mode mode;
	struct load_opts load;
	const char *input; /* NULL or "-": standard input */
	const char *input2;/* --diff: AFTER (input is BEFORE); NULL with one 3-column file */
	int inverted;      /* icicle view (root at the top) */
	int reverse;       /* reverse (caller) view: stacks read leaf first */
	const char *search;/* --search=REGEX: highlight from the start */
	const char *units_event; /* --units: the event of the counts, NULL */
	int offcpu_on;     /* --off-cpu[=MIN] or --hot-cold */
	struct offcpu_opts offcpu;
	/* differential */
	int diff, normalize, strip_hex, negate;
	struct svg_cli svg;
	long top_rows;       /* --top=N: rows (0: all; default 20) */
	int top_sort;        /* --sort: a func_sort; -1: self (--diff: change) */
	double tree_percent; /* --tree=PERCENT: smallest share shown (1) */
	int text_mode;       /* --top, --tree or --annotate was given */
	const char *annotate;/* --annotate=RE: the functions annotated */
	long annotate_lines; /* --annotate-lines=N: lines a function (0: all) */
	/* time (model/timerange.h, model/heatmap.h) */
	const char *time;    /* --time=START-END, NULL: the whole profile */
	const char *time2;   /* a second --time (with --diff: the range
	                        compared with the first), or NULL */
	int rows;            /* --rows=N: the heat map's rows a second (50) */
	int idle;            /* --idle: idle samples in the heat map too */
	/* perf (cli/input.c) */
	const char *perf_args; /* --perf-args=ARGS: more for perf script */
	int perf_slices;       /* --perf-slices=N: perf scripts at once */
	struct record_cli {
		int on;            /* --record */
		long freq;         /* --freq=HZ (99) */
		double duration;   /* --duration=SEC, 0: until stopped */
		double window;     /* --window=SEC, 0: everything */
		const char *call_graph; /* --call-graph=dwarf|lbr|fp, NULL: -g */
		int all;           /* -a */
		const char *pids;  /* -p PID[,PID...] */
		char **cmd;        /* -- COMMAND [ARGS...], NULL-terminated */
	} record;
	/* transforms, in the order given (cli/transform_cmd.h) */
	struct cli_xform_step xforms[CLI_XFORM_MAX];
	int nxforms;
	int order_weight;  /* --order=weight */
	char xform_subtitle[1024]; /* the SVG subtitle they make */
};

/*
 * Parse argv into o.  Prints --help/--version and exits 0 for them; prints a
 * message and exits EXIT_USAGE on bad usage.
 */
void options_parse(struct options *o, int argc, char **argv);

/* Write the text of --help to fp (made from the option table). */
void options_usage(FILE *fp);

/*
 * The i-th option of the table, for tests: its long name ("" for a
 * letter alone), *letter its short option or 0; NULL past the last.
 */
const char *options_name(size_t i, int *letter);

/*
 * options_value.c: say what is wrong (arg, untrusted, is escaped; either
 * may be NULL) and exit with EXIT_USAGE.
 */
void options_usage_error(const char *msg, const char *arg) ATTR_NORETURN;

/*
 * A whole number in [lo, hi], a number in (0, hi], a percentage in
 * [0, 100]: or a usage error naming opt.
 */
long options_long(const char *opt, const char *arg, long lo, long hi);
double options_positive(const char *opt, const char *arg, double hi);
double options_percent(const char *opt, const char *arg);

#endif
