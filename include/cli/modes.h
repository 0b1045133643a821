/*
 * Which path tflame takes for a command line: the one place where the
 * modes (the viewer, --collapse, --svg, --top, --tree), --diff, the
 * transform flags and --record are combined.  main() follows the plan;
 * options_parse() refuses a command line whose plan is a usage error.
 * The whole table of combinations is tested in tests/unit/check_modes.c.
 */
#ifndef TFLAME_CLI_MODES_H
#define TFLAME_CLI_MODES_H

#include "cli/options.h"

enum mode_path {
	PATH_USAGE = 0, /* bad usage: the plan's why says what */
	PATH_LIVE,      /* --record in the terminal: the live viewer */
	PATH_VIEW,      /* load, then the viewer */
	PATH_COLLAPSE,  /* print folded stacks */
	PATH_SVG,       /* write an SVG */
	PATH_TEXT,      /* --top, --tree */
	PATH_HEATMAP    /* --heatmap */
};

struct mode_plan {
	enum mode_path path;
	int stream;      /* drawn while a pipe loads (tui_stream_*) */
	int inorder;     /* --collapse: sorted folded input printed as read */
	int modules;     /* each frame's module kept (the viewer, --top) */
	int order;       /* --order=weight orders the siblings */
	const char *why; /* PATH_USAGE: the message; else NULL */
};

/* Decide the path of o (parsed) into *p. */
void mode_plan(const struct options *o, struct mode_plan *p);

/*
 * Is the graph drawn while the input still arrives?  pipe: the input is
 * neither a regular file nor a terminal.  The live viewer always is.
 */
int mode_draws_early(const struct mode_plan *p, int pipe);

/* The path's name, for tests and messages ("view", "collapse"...). */
const char *mode_path_name(enum mode_path path);

#endif
