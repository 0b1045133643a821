/*
 * perf script header lines ("COMM PID[/TID] [CPU] TIME: [PERIOD] EVENT:"),
 * read as the perf loader's comment at the top of src/loaders/perf.c
 * describes: pure functions of the line's bytes.
 */
#ifndef TFLAME_LOADERS_PERF_HEADER_H
#define TFLAME_LOADERS_PERF_HEADER_H

#include <stddef.h>
#include <stdint.h>

#include "model/count.h"

struct header {
	const char *comm;
	size_t commlen;
	const char *pid, *tid; /* digit runs ("-1": a task gone); tid NULL
	                          when no "/" */
	size_t pidlen, tidlen;
	const char *event;     /* NULL when none recognised */
	size_t eventlen;
	struct tf_count period;
	int period_bad;        /* too large */
	const char *rest;      /* text after the event, trimmed */
	size_t restlen;
	const char *cpu;       /* digits between "[" and "]"; NULL: none */
	size_t cpulen;
	const char *time;      /* "SECONDS[.FRACTION]"; NULL: none */
	size_t timelen;
};

/* Parse a header line into h: 1, or 0 when it is not one. */
int parse_header(const char *line, size_t len, struct header *h);

/*
 * The header's time in nanoseconds (the fraction's digits past the ninth
 * dropped): 1, or 0 when it has none or it is too large.
 */
int header_time_ns(const struct header *h, int64_t *ns);

/* A run of digits as a number: -1 when empty, "-1" or past INT32_MAX. */
int32_t header_int(const char *s, size_t len);

/* Event name without a modifier suffix: "cycles:u" -> "cycles". */
size_t event_base(const char *ev, size_t len);

#endif
