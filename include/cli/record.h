/*
 * --record in the terminal: the live viewer (tui/live.h) on a recording
 * started by cli/input.c.
 */
#ifndef TFLAME_CLI_RECORD_H
#define TFLAME_CLI_RECORD_H

#include "cli/options.h"

/* Record and show the graph live; returns an exit status. */
int record_view(const struct options *o);

#endif
