/*
 * The flame chart's recorded test (tests/golden/flamechart.sh): the main
 * thread runs phase_a, phase_b, then phase_a again for A, B and C
 * milliseconds of its own CPU time (argv), while a thread named "helper"
 * spins in helper_spin for H milliseconds.  Built with -O0
 * -fno-omit-frame-pointer so perf record -g sees every function.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

static volatile unsigned long sink;

/* Spin until this thread has used ms milliseconds of CPU more. */
static void
spin(long ms)
{
	struct timespec a, b;
	long long used = 0;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
	while (used < ms * 1000000LL) {
		int i;

		for (i = 0; i < 10000; i++)
			sink += (unsigned long)i;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
		used = (b.tv_sec - a.tv_sec) * 1000000000LL +
		    (b.tv_nsec - a.tv_nsec);
	}
}

__attribute__((noinline)) static void phase_a(long ms) { spin(ms); }
__attribute__((noinline)) static void phase_b(long ms) { spin(ms); }
__attribute__((noinline)) static void helper_spin(long ms) { spin(ms); }

static void *
helper(void *arg)
{
	pthread_setname_np(pthread_self(), "helper");
	helper_spin(*(long *)arg);
	return NULL;
}

int
main(int argc, char **argv)
{
	long a = argc > 1 ? atol(argv[1]) : 600;
	long b = argc > 2 ? atol(argv[2]) : 600;
	long c = argc > 3 ? atol(argv[3]) : 200;
	long h = argc > 4 ? atol(argv[4]) : 300;
	pthread_t t;

	if (pthread_create(&t, NULL, helper, &h) != 0)
		return 1;
	phase_a(a);
	phase_b(b);
	phase_a(c);
	pthread_join(t, NULL);
	return 0;
}
