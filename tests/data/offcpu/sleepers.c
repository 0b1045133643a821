/*
 * The program recorded in sched.perf (tests/golden/offcpu.sh): two
 * threads, "sleeper" sleeping 4 x 300 ms and "napper" sleeping 6 x 100 ms
 * with 50 ms of spinning (CPU time) after each nap.  Built with
 *   cc -O0 -g -fno-omit-frame-pointer -pthread sleepers.c -o sleepers
 * and recorded with
 *   perf record -a -g -e sched:sched_switch -e sched:sched_wakeup \
 *       -e cpu-clock -- ./sleepers
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>

static void
pause_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&ts, NULL);
}

/*
 * Burn 50 ms of the thread's CPU time (not wall time: on a busy machine
 * the thread also waits preempted), reading the clock only now and then
 * so that the samples land here.
 */
static void __attribute__((noinline))
spin_50ms(void)
{
	struct timespec a, b;
	volatile unsigned long n = 0;
	unsigned long i;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
	do {
		for (i = 0; i < 100000; i++)
			n++;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
	} while ((b.tv_sec - a.tv_sec) * 1000000000L + (b.tv_nsec - a.tv_nsec) <
	    50000000L);
}

static void __attribute__((noinline))
sleep_long(void)
{
	pause_ms(300);
}

static void __attribute__((noinline))
nap_short(void)
{
	pause_ms(100);
}

static void *
sleeper(void *arg)
{
	int i;

	(void)arg;
	pthread_setname_np(pthread_self(), "sleeper");
	for (i = 0; i < 4; i++)
		sleep_long();
	return NULL;
}

static void *
napper(void *arg)
{
	int i;

	(void)arg;
	pthread_setname_np(pthread_self(), "napper");
	for (i = 0; i < 6; i++) {
		nap_short();
		spin_50ms();
	}
	return NULL;
}

int
main(void)
{
	pthread_t a, b;

	pthread_create(&a, NULL, sleeper, NULL);
	pthread_create(&b, NULL, napper, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
