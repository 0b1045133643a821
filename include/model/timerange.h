/*
 * Time ranges as the command line gives them (--time=START-END) and as
 * the heat map and the time-order screen pick them.
 *
 * START and END are each empty (open: the first or the last sample), a
 * number of seconds counted from the first whole second of the profile
 * (floor of its earliest sample, the heat map's second 0), with an
 * optional "s" or "ms" suffix ("4.2", "4200ms"), or a share of the
 * profile's duration from its earliest to its latest sample ("40%").
 * No sign: "-6.1" is the range from the start to 6.1 s.  A range holds
 * the samples with start <= t < end; an END at or past the last sample
 * takes the last one in.
 */
#ifndef TFLAME_MODEL_TIMERANGE_H
#define TFLAME_MODEL_TIMERANGE_H

#include <stddef.h>
#include <stdint.h>

enum time_edge_kind {
	TIME_EDGE_OPEN = 0,
	TIME_EDGE_NS,          /* v: nanoseconds after the first whole second */
	TIME_EDGE_SHARE        /* v: millionths of the duration */
};

struct time_edge {
	enum time_edge_kind kind;
	int64_t v;
};

struct time_spec {
	struct time_edge start, end;
};

/*
 * Parse "START-END".  Returns 0, or -1 with *err a static message when
 * the text is not a range (or its end comes before its start, when both
 * are of one kind).
 */
int time_spec_parse(const char *s, struct time_spec *ts, const char **err);

/*
 * The range [*t0, *t1) in the samples' own nanoseconds, for a profile
 * whose samples run from tmin to tmax.  Returns 0, or -1 when the range
 * is empty (its end at or before its start).
 */
int time_spec_resolve(const struct time_spec *ts, int64_t tmin, int64_t tmax,
    int64_t *t0, int64_t *t1);

/*
 * Words for a range, as the breadcrumb shows it: "time 4.20-6.02 s",
 * seconds after the first whole second with two decimals (three when the
 * range is shorter than a second).
 */
void time_range_words(char *buf, size_t size, int64_t t0, int64_t t1,
    int64_t tmin);

#endif
