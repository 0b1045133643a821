/*
 * What each row of the option table (options.c) does with its argument:
 * the switches, strings and numbers it sets, the modes and transforms it
 * picks, and --help and --version.
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

/* Row r's option as messages name it: "--name" (or "-x"), in buf. */
static const char *
row_flag(const struct opt_row *r, char *buf, size_t size)
{
	if (r->name != NULL)
		snprintf(buf, size, "--%s", r->name);
	else
		snprintf(buf, size, "-%c", r->letter);
	return buf;
}

/* The member of o that row r sets, of type T. */
#define MEMBER(T, o, r) ((T *)(void *)((char *)(o) + (r)->field))

/* A switch: its int member becomes 1. */
void
set_flag(struct options *o, const struct opt_row *r, const char *arg)
{
	(void)arg;
	*MEMBER(int, o, r) = 1;
}

/* A string: its member points at the argument. */
void
set_str(struct options *o, const struct opt_row *r, const char *arg)
{
	*MEMBER(const char *, o, r) = arg;
}

/* A whole number in the row's range, into an int member. */
void
set_int(struct options *o, const struct opt_row *r, const char *arg)
{
	char flag[64];

	*MEMBER(int, o, r) = (int)options_long(row_flag(r, flag, sizeof flag),
	    arg, r->lo, r->hi);
}

/* A whole number in the row's range, into a long member. */
void
set_long(struct options *o, const struct opt_row *r, const char *arg)
{
	char flag[64];

	*MEMBER(long, o, r) = options_long(row_flag(r, flag, sizeof flag), arg,
	    r->lo, r->hi);
}

/* A number above 0, at most the row's hi, into a double member. */
void
set_positive(struct options *o, const struct opt_row *r, const char *arg)
{
	char flag[64];

	*MEMBER(double, o, r) = options_positive(row_flag(r, flag, sizeof flag),
	    arg, (double)r->hi);
}

/*
 * A mode (--collapse, --svg, --top, --tree): one only, given once or
 * more; --top and --tree are the text modes.
 */
void
set_mode(struct options *o, const struct opt_row *r, const char *arg)
{
	enum run_mode m = (enum run_mode)r->lo;
	int text = m == MODE_TOP || m == MODE_TREE || m == MODE_ANNOTATE;

	if (o->mode != MODE_VIEW && o->mode != m)
		options_usage_error(m == MODE_HEATMAP || o->mode == MODE_HEATMAP ?
		    "--heatmap goes alone: not with --top, --tree, --collapse "
		    "or --svg" : text || o->text_mode ? "--top, --tree, "
		    "--collapse and --svg exclude each other and --annotate" :
		    "--collapse and "
		    "--svg exclude each other", NULL);
	o->mode = m;
	o->text_mode = text;
	if (m == MODE_SVG)
		o->svg.path = arg;
	else if (m == MODE_TOP && arg != NULL)
		o->top_rows = options_long("--top", arg, 0, 1000000000L);
	else if (m == MODE_TREE && arg != NULL)
		o->tree_percent = options_percent("--tree", arg);
	else if (m == MODE_ANNOTATE)
		o->annotate = arg;
}

/* --sort=self|total|change, for --top. */
void
set_sort(struct options *o, const struct opt_row *r, const char *arg)
{
	(void)r;
	if (strcmp(arg, "self") == 0)
		o->top_sort = FUNC_SORT_SELF;
	else if (strcmp(arg, "total") == 0)
		o->top_sort = FUNC_SORT_TOTAL;
	else if (strcmp(arg, "change") == 0)
		o->top_sort = FUNC_SORT_CHANGE;
	else
		options_usage_error("--sort: self, total or change", arg);
}

/* --time=START-END: checked now, resolved once the profile is loaded. */
void
set_time(struct options *o, const struct opt_row *r, const char *arg)
{
	struct time_spec ts;
	const char *err;

	(void)r;
	if (time_spec_parse(arg, &ts, &err) != 0)
		options_usage_error(err, arg);
	if (o->time2 != NULL)
		options_usage_error("--time: at most twice (two ranges compared with "
		    "--diff)", arg);
	if (o->time != NULL)
		o->time2 = arg; /* --diff: AFTER */
	else
		o->time = arg;
}

/* -f, --format. */
void
set_format(struct options *o, const struct opt_row *r, const char *arg)
{
	(void)r;
	if (strcmp(arg, "help") == 0) {
		errno = 0;
		format_help(stdout);
		exit_flushed();
	}
	o->load.format = format_parse(arg);
	if (o->load.format == FORMAT_UNKNOWN)
		options_usage_error("unknown format (--format=help lists them)", arg);
}

/* --units=samples|ns|us|ms|s|bytes: the event the counts are. */
void
set_units(struct options *o, const struct opt_row *r, const char *arg)
{
	(void)r;
	o->units_event = units_event(arg);
	if (o->units_event == NULL)
		options_usage_error("--units takes samples, ns, us, ms, s or bytes",
		    arg);
}

/* --off-cpu[=MIN], --hot-cold (r->lo 1): intervals in nanoseconds. */
void
set_offcpu(struct options *o, const struct opt_row *r, const char *arg)
{
	o->offcpu_on = 1;
	o->offcpu.hot_cold |= (int)r->lo;
	o->units_event = r->lo || o->offcpu.hot_cold ? UNITS_NS_EVENT :
	    UNITS_OFFCPU_EVENT;
	if (arg != NULL && offcpu_parse_min(arg, &o->offcpu.min_ns) < 0)
		options_usage_error("--off-cpu=MIN takes a duration: 1ms, "
		    "500us, 0.5s", arg);
}

/* --all: --kernel and --jit. */
void
set_all(struct options *o, const struct opt_row *r, const char *arg)
{
	(void)r;
	(void)arg;
	o->load.kernel = o->load.perf.jit = 1;
}

/* --order=name|weight. */
void
set_order(struct options *o, const struct opt_row *r, const char *arg)
{
	(void)r;
	if (strcmp(arg, "name") == 0)
		o->order_weight = 0;
	else if (strcmp(arg, "weight") == 0)
		o->order_weight = 1;
	else
		options_usage_error("--order takes name or weight", arg);
}

/* --minwidth: flamegraph.pl's digits and dots, optionally ending in "%". */
void
set_minwidth(struct options *o, const struct opt_row *r, const char *arg)
{
	size_t n = strspn(arg, "0123456789.");

	(void)r;
	if (n == 0 || (arg[n] != '\0' && (arg[n] != '%' || arg[n + 1] != '\0')) ||
	    strtod(arg, NULL) < 0)
		options_usage_error("--minwidth takes pixels (0.1) or a percentage "
		    "(0.5%)", arg);
	o->svg.minwidth = arg;
}

/* --call-graph=dwarf|lbr|fp. */
void
set_call_graph(struct options *o, const struct opt_row *r, const char *arg)
{
	(void)r;
	if (strcmp(arg, "dwarf") != 0 && strcmp(arg, "lbr") != 0 &&
	    strcmp(arg, "fp") != 0)
		options_usage_error("--call-graph takes dwarf, lbr or fp", arg);
	o->record.call_graph = arg;
}

/* -p PID[,PID...]. */
void
set_pids(struct options *o, const struct opt_row *r, const char *arg)
{
	(void)r;
	if (arg[0] == '\0' || strspn(arg, "0123456789,") != strlen(arg))
		options_usage_error("-p takes PID[,PID...]", arg);
	o->record.pids = arg;
}

/* A transform flag: one more step, in the order given. */
void
set_xform(struct options *o, const struct opt_row *r, const char *arg)
{
	if (o->nxforms == CLI_XFORM_MAX)
		options_usage_error("too many transforms (at most 64)", NULL);
	o->xforms[o->nxforms].kind = xform_by_flag(r->name);
	o->xforms[o->nxforms].re = arg;
	o->nxforms++;
}

/* -h, --help. */
void
set_help(struct options *o, const struct opt_row *r, const char *arg)
{
	(void)o;
	(void)r;
	(void)arg;
	errno = 0;
	options_usage(stdout);
	exit_flushed();
}

/* -V, --version. */
void
set_version(struct options *o, const struct opt_row *r, const char *arg)
{
	(void)o;
	(void)r;
	(void)arg;
	errno = 0;
	version_print();
	exit_flushed();
}
