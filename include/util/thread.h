/*
 * Threads of the core: how many processors tflame may keep busy (the CPU
 * budget), and one way to run a function on a second thread.
 *
 * thread_start() runs fn(arg) on a new thread when asked to (want: the
 * caller's reading of the budget, most often thread_spare()) and a thread
 * can be had; otherwise nothing runs yet, and thread_join() runs fn(arg)
 * in the caller's thread, so that a caller with work of its own between
 * the two gets the same results with or without the second thread, one
 * part after the other.  A caller that has another plan when no thread
 * started (a different split, or nothing at all) looks at thread_start()'s
 * result and calls thread_join() only when it was 1.  Every thread of the
 * core is started here.
 */
#ifndef TFLAME_UTIL_THREAD_H
#define TFLAME_UTIL_THREAD_H

#include <pthread.h>

typedef void *(*thread_fn)(void *);

struct thread_job {
	pthread_t id;
	thread_fn fn;
	void *arg;
	int started;
};

/* Start fn(arg) on a second thread if want and one can be had (1), or 0. */
int thread_start(struct thread_job *j, int want, thread_fn fn, void *arg);

/* Wait for the second thread, or run fn(arg) here if none started. */
void thread_join(struct thread_job *j);

/*
 * Processors tflame may keep busy: those online, at least 1, at most the
 * limit thread_limit() set (--threads; 0: no limit) and at most 64.
 * Every part of the core that starts a thread asks this first.
 */
int thread_cpus(void);
void thread_limit(int n);

/* Whether the budget allows a second thread now: thread_cpus() >= 2. */
int thread_spare(void);

#endif
