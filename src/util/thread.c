/*
 * The core's one place that starts threads, and the CPU budget (see
 * util/thread.h).
 */
#include "config.h"

#include <pthread.h>
#include <unistd.h>

#include "util/thread.h"

static int cpu_limit; /* 0: none */

/* Start fn(arg) on a second thread when want and one can be had. */
int
thread_start(struct thread_job *j, int want, thread_fn fn, void *arg)
{
	j->fn = fn;
	j->arg = arg;
	j->started = want && pthread_create(&j->id, NULL, fn, arg) == 0;
	return j->started;
}

/* Wait for the thread, or run the job here if none started. */
void
thread_join(struct thread_job *j)
{
	if (j->started)
		pthread_join(j->id, NULL);
	else
		j->fn(j->arg);
	j->started = 0;
}

/* Cap the budget at n processors (0: no cap). */
void
thread_limit(int n)
{
	cpu_limit = n < 0 ? 0 : n;
}

/* The processors tflame may keep busy. */
int
thread_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (cpu_limit > 0 && n > cpu_limit)
		n = cpu_limit;
	return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* Whether a second thread fits the budget. */
int
thread_spare(void)
{
	return thread_cpus() >= 2;
}
