/*
 * runstat: run a command N times and print the median wall time, CPU time
 * and the largest peak RSS, as the kernel accounts them (wait4 rusage), so
 * the benchmark needs no /usr/bin/time.
 *
 *	runstat RUNS OUTFILE COMMAND [ARG...]
 *
 * The command's standard output goes to OUTFILE (use /dev/null).  Prints
 * one line: "wall_s cpu_s maxrss_kb exit_status".
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int
main(int argc, char **argv)
{
	int runs, i, status = 0, fd;
	double *wall, *cpu;
	long maxrss = 0;

	if (argc < 4) {
		fprintf(stderr, "usage: runstat RUNS OUTFILE COMMAND [ARG...]\n");
		return 2;
	}
	runs = atoi(argv[1]);
	if (runs < 1)
		runs = 1;
	wall = calloc((size_t)runs, sizeof *wall);
	cpu = calloc((size_t)runs, sizeof *cpu);
	for (i = 0; i < runs; i++) {
		struct timespec t0, t1;
		struct rusage ru;
		pid_t pid;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		pid = fork();
		if (pid == 0) {
			fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (fd < 0 || dup2(fd, 1) < 0)
				_exit(127);
			execvp(argv[3], argv + 3);
			_exit(127);
		}
		if (pid < 0 || wait4(pid, &status, 0, &ru) < 0) {
			perror("runstat");
			return 1;
		}
		clock_gettime(CLOCK_MONOTONIC, &t1);
		wall[i] = (double)(t1.tv_sec - t0.tv_sec) +
		    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		cpu[i] = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
		    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
		if (ru.ru_maxrss > maxrss)
			maxrss = ru.ru_maxrss;
	}
	qsort(wall, (size_t)runs, sizeof *wall, cmp_double);
	qsort(cpu, (size_t)runs, sizeof *cpu, cmp_double);
	printf("%.3f %.3f %ld %d\n", wall[runs / 2], cpu[runs / 2], maxrss,
	    WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	free(wall);
	free(cpu);
	return 0;
}
