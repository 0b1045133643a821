/*
 * Fatal errors.  Every way out of tflame that is not a normal return from
 * main() goes through here, so the terminal is given back first: the TUI
 * registers its restore function with fatal_set_cleanup().
 */
#ifndef TFLAME_UTIL_FATAL_H
#define TFLAME_UTIL_FATAL_H

#include "util/macros.h"

/* Exit statuses of the tflame command (documented in tflame(1)). */
enum {
	EXIT_OK = 0,
	EXIT_INPUT = 1, /* unreadable or unusable input, or an I/O error */
	EXIT_USAGE = 2  /* bad command line */
};

/* Register fn to run (once) before a fatal error is printed. */
void fatal_set_cleanup(void (*fn)(void));

/* Run the registered cleanup now, at most once. */
void fatal_cleanup(void);

/* Print "tflame: MESSAGE" to stderr after cleanup, and exit with EXIT_INPUT. */
void fatal(const char *fmt, ...) ATTR_FORMAT(1, 2) ATTR_NORETURN;

#endif
