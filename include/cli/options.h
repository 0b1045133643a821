/*
 * Command-line options of tflame (the contract documented in tflame(1)).
 */
#ifndef TFLAME_CLI_OPTIONS_H
#define TFLAME_CLI_OPTIONS_H

#include "loaders/loader.h"

enum run_mode {
	MODE_VIEW = 0, /* explore in the terminal */
	MODE_COLLAPSE  /* print folded stacks and exit */
};

struct options {
	enum run_mode mode;
	struct load_opts load;
	const char *input; /* NULL or "-": standard input */
	int inverted;      /* start in the icicle view */
};

/*
 * Parse argv into o.  Prints --help/--version and exits 0 for them; prints a
 * message and exits EXIT_USAGE on bad usage.
 */
void options_parse(struct options *o, int argc, char **argv);

#endif
