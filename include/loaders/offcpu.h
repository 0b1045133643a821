/*
 * Off-CPU time from the scheduler's events (--off-cpu, --hot-cold).
 *
 * A wrapper sink in front of the tree's: the perf loader (with
 * load_opts.perf.offcpu) gives it every sample with its event, fields,
 * time and task (the sample hook, struct sample_meta), and it turns
 * sched:sched_switch events into intervals:
 *
 *  - a switch-out of task T (prev_pid=T, the stack is T's) at time t0
 *    opens T's interval, with the state perf prints (prev_state=S);
 *  - the switch-in of T (a sched_switch with next_pid=T) at t1 closes it:
 *    the stack, then a frame "[off-CPU S]" (D, R...), weighs t1 - t0 ns;
 *  - without that switch-in (a per-process recording has none; some
 *    kernels record nothing from the idle task), T's first wakeup
 *    (sched:sched_wakeup pid=T) bounds it, else T's next event of any
 *    kind (its next switch-out, a sample, sched_stat_runtime): T ran
 *    again by then.  Which bound was used, and how often, is a note.
 *
 * Never a negative or endless interval: a switch-in earlier than its
 * switch-out, a repeated switch-out, and a switch-out never followed by
 * anything of its task get a message with their line number and are left
 * out.  Intervals shorter than the minimum (--off-cpu=MIN) are left out
 * and counted.  perf record --off-cpu's offcpu-time samples (period = ns
 * blocked) pass as intervals of their period.  With hot_cold the other
 * samples (cpu-clock, period = ns) pass too; without, they only bound
 * intervals.  A sample without the perf fields (another format) passes
 * unchanged.
 *
 * Memory: one held stack per task switched out, reused.
 */
#ifndef TFLAME_LOADERS_OFFCPU_H
#define TFLAME_LOADERS_OFFCPU_H

#include <stdint.h>

#include "loaders/loader.h"
#include "loaders/sink.h"
#include "util/diag.h"

struct offcpu;

struct offcpu_opts {
	int64_t min_ns;   /* leave out shorter intervals (0: none) */
	int hot_cold;     /* keep the on-CPU samples too */
};

/*
 * A wrapper in front of inner: *lo's sample hook is taken over (its old
 * one still gets the samples that reach inner, with their times) and
 * lo->perf.offcpu set; messages and notes go to d.  Load into
 * offcpu_sink(), then call offcpu_finish().
 */
struct offcpu *offcpu_new(struct stack_sink *inner, struct load_opts *lo,
    const struct offcpu_opts *o, struct diag *d);
struct stack_sink *offcpu_sink(struct offcpu *oc);

/*
 * The input ended: intervals still open end at their task's wakeup or
 * are left out (with a message); the notes say how intervals ended.
 * Both take NULL (no --off-cpu) and do nothing.
 */
void offcpu_finish(struct offcpu *oc);
void offcpu_free(struct offcpu *oc);

/*
 * "1ms", "500us", "0.5s", "250000ns", "0" into *ns: 0, or -1 when s is
 * not a duration with one of those units.
 */
int offcpu_parse_min(const char *s, int64_t *ns);

#endif
