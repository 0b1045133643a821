/*
 * Fatal errors: restore the terminal first, then say what happened.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/fatal.h"

static void (*cleanup_fn)(void);
static volatile int cleanup_done;

void
fatal_set_cleanup(void (*fn)(void))
{
	cleanup_fn = fn;
	cleanup_done = 0;
}

void
fatal_cleanup(void)
{
	if (cleanup_fn != NULL && !cleanup_done) {
		cleanup_done = 1;
		cleanup_fn();
	}
}

void
fatal(const char *fmt, ...)
{
	va_list ap;

	fatal_cleanup();
	fflush(stdout);
	fputs("tflame: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_INPUT);
}
