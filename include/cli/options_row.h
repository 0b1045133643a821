/*
 * The option table's rows (options.c) and what each does (options_set.c):
 * private to src/cli.
 */
#ifndef TFLAME_CLI_OPTIONS_ROW_H
#define TFLAME_CLI_OPTIONS_ROW_H

#include <stddef.h>

#include "cli/options.h"
#include "util/macros.h"

struct opt_row;
typedef void opt_set_fn(struct options *o, const struct opt_row *r,
    const char *arg);

struct opt_row {
	const char *name;  /* long name without "--"; NULL: text of --help */
	char letter;       /* the short option, or 0 */
	char arg;          /* no_argument, required_argument, optional_argument */
	const char *meta;  /* --help: what follows the name ("=OUT", "[=N]") */
	const char *help;  /* --help: the description, lines split at \n ("":
	                      none, the line is the name and meta alone; NULL:
	                      described on another row's line); a text row:
	                      its text */
	opt_set_fn *set;   /* what the option does */
	size_t field;      /* the member of struct options set_* set */
	long lo, hi;       /* numbers: the range; a mode or transform: which */
};

/* What the rows do: set the member a row names, from its argument. */
opt_set_fn set_sort, set_time, set_flag, set_str, set_int, set_long,
    set_positive, set_mode, set_format, set_all, set_order, set_minwidth,
    set_call_graph, set_pids, set_xform, set_units, set_offcpu;
/* -h, --help and -V, --version: print, then exit. */
opt_set_fn set_help ATTR_NORETURN, set_version ATTR_NORETURN;

#endif
