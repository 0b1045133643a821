/*
 * The values of options (see cli/options.h): whole numbers, numbers above
 * 0 and percentages, each within its bounds, and the usage error that
 * names what is wrong.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "util/escape.h"
#include "util/fatal.h"

/* Say what is wrong (arg, untrusted, is escaped) and exit with EXIT_USAGE. */
void
options_usage_error(const char *msg, const char *arg)
{
	char buf[1024];

	if (arg != NULL)
		escape_text(buf, sizeof buf, arg, strlen(arg));
	if (msg != NULL)
		fprintf(stderr, "tflame: %s%s%s\n", msg, arg ? ": " : "",
		    arg ? buf : "");
	fputs("Try 'tflame --help' for more information.\n", stderr);
	exit(EXIT_USAGE);
}

/* A whole number in [lo, hi], or a usage error naming opt. */
long
options_long(const char *opt, const char *arg, long lo, long hi)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || v < lo || v > hi) {
		fprintf(stderr, "tflame: %s: expected a whole number from %ld to %ld\n",
		    opt, lo, hi);
		options_usage_error(NULL, NULL);
	}
	return v;
}

/* A number in (0, hi], or a usage error naming opt. */
double
options_positive(const char *opt, const char *arg, double hi)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno != 0 || end == arg || *end != '\0' || !(v > 0) || v > hi) {
		fprintf(stderr, "tflame: %s: expected a number above 0\n", opt);
		options_usage_error(NULL, NULL);
	}
	return v;
}

/* A percentage in [0, 100], or a usage error naming opt. */
double
options_percent(const char *opt, const char *arg)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno != 0 || end == arg || *end != '\0' || !(v >= 0) || v > 100) {
		fprintf(stderr, "tflame: %s: expected a percentage from 0 to "
		    "100\n", opt);
		options_usage_error(NULL, NULL);
	}
	return v;
}
