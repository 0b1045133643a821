/*
 * --svg: write the loaded profile as an SVG flame graph and exit.
 */
#ifndef TFLAME_CLI_SVG_CMD_H
#define TFLAME_CLI_SVG_CMD_H

#include "cli/options.h"
#include "model/tree.h"

/* Write t as o->svg says; returns the exit status (messages on stderr). */
int svg_command(const struct options *o, struct tree *t);

#endif
