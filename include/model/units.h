/*
 * What the numbers of a profile are, in words, for the viewer's status
 * line and the SVG's tooltips.
 *
 * A frame has a weight (its count: flamegraph.pl's "samples") and, for
 * perf input, the number of sample records behind it (the tree keeps
 * them: tree_samples()).  perf's weight is the sum of the periods: for
 * cpu-clock and task-clock nanoseconds, shown as a duration
 * ("836 ms cpu-clock, 417 samples"; three figures from 10 ms, seconds
 * from 1 s: "2.46 s"); Chrome/V8 profiles' weights are microseconds of
 * the event UNITS_US_EVENT ("1.14 s wall-time, 6 samples"), speedscope's
 * time units nanoseconds of UNITS_NS_EVENT ("14.0 s time", with or
 * without sample records beside them), for other events a count of the
 * event ("835,671,336 cycles, 417 samples"); without periods, one number
 * ("286 cpu-clock samples").  Folded input has one number,
 * "1,234 samples".  --countname names the weight whatever the input
 * ("6,000,000 bytes, 3 samples").  The event "bytes" (bcc memleak's
 * outstanding allocations) is a size, shown in binary units with three
 * figures ("1.50 MiB, 12 allocations": its records are allocations).
 */
#ifndef TFLAME_MODEL_UNITS_H
#define TFLAME_MODEL_UNITS_H

#include <stddef.h>
#include <stdint.h>

#include "model/count.h"
#include "model/tree.h"

/* The event of weights in microseconds (the Chrome loader's). */
#define UNITS_US_EVENT "wall-time"
/*
 * The event of weights in nanoseconds of a clock the input does not name
 * (speedscope's time units): "14.0 s time".
 */
#define UNITS_NS_EVENT "time"
/*
 * The events --units=us, ms and s give folded input: counts of that unit,
 * shown as durations ("1.20 s time"); --units=ns gives UNITS_NS_EVENT,
 * --units=bytes "bytes".
 */
#define UNITS_US_UNIT "time (us)"
#define UNITS_MS_UNIT "time (ms)"
#define UNITS_S_UNIT "time (s)"
/* The event of off-CPU intervals in nanoseconds (model/offcpu.h). */
#define UNITS_OFFCPU_EVENT "off-CPU"

struct tf_units {
	const char *name; /* of the weight: "samples", an event, --countname */
	int ns;           /* the weight is a duration: shown as one */
	int scale;        /* nanoseconds in one unit of the weight (1; us: 1000) */
	int bytes;        /* the weight is bytes: "1.50 MiB"; records allocations */
	int samples;      /* sample records are known beside the weight */
	const char *of;   /* one number, of this event: "286 cpu-clock samples" */
};

/*
 * Fill u: event is perf's event ("" or NULL when there is none),
 * countname the --countname word (NULL or "samples": not given), samples
 * whether the tree keeps sample records that differ from the weight
 * (perf script output without periods weighs each sample 1: then there
 * is one number, "286 cpu-clock samples").
 */
void units_init(struct tf_units *u, const char *event, const char *countname,
    int samples);

/*
 * The event --units=UNIT gives ("" for samples: none), NULL when unit is
 * not one of samples, ns, us, ms, s and bytes.
 */
const char *units_event(const char *unit);

/*
 * Fill u for profile prof of t (finished): the sample records count as
 * known when t keeps them and they differ from the weight.
 */
void units_of_tree(struct tf_units *u, const struct tree *t, int prof,
    const char *event, const char *countname);

/* c with thousands separators into out: "1,234,567" or "12.5". */
void units_group(char *out, size_t cap, struct tf_count c);

/*
 * A frame's numbers into buf: "2.46 s cpu-clock, 1,228 samples",
 * "6,000,000 cycles, 3 samples", "100 samples", "1 sample".
 */
void units_total(char *buf, size_t cap, const struct tf_units *u,
    struct tf_count weight, uint64_t samples);

/* The weight alone ("self"): "24.0 ms" for a duration, else "1,234". */
void units_weight(char *buf, size_t cap, const struct tf_units *u,
    struct tf_count weight);

/*
 * A signed change of the weight: "+287 ms", "-1.25 s", "+1,204", "0"
 * ("0 s" for a duration).
 */
void units_change(char *buf, size_t cap, const struct tf_units *u,
    int64_t change);

/* The weight with its name: "2.46 s cpu-clock", "1,234 samples". */
void units_named(char *buf, size_t cap, const struct tf_units *u,
    struct tf_count weight);

#endif
