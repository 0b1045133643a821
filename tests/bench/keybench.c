/*
 * keybench: how fast the viewer answers, measured from outside, the way a
 * terminal sees it.  For the benchmark (`make bench`), not a test.
 *
 *	keybench -f [-g COLSxLINES] [-m MARKER] [-r RUNS] TFLAME FILE
 *	keybench [-g COLSxLINES] [-m MARKER] [-n REPEAT] [-p PATTERN] TFLAME FILE
 *	keybench -t [-g COLSxLINES] [-n REPEAT] [-p PATTERN] TFLAME FILE
 *	keybench -u [-g COLSxLINES] [-n REPEAT] TFLAME FILE
 *
 * Both run `TFLAME FILE` on a pseudo-terminal of the given size (default
 * 200x60) with TERM=xterm-256color and read everything it writes.
 *
 * -f: the first screen.  The time from the fork to the last byte of the
 * first burst of output that draws the status line (MARKER in it, by
 * default "flame]" of "[flame]"), the burst being over once nothing came
 * for FIRST_QUIET_MS (not counted).
 * Prints runstat's line, "wall_s cpu_s maxrss_kb exit_status" (the median
 * of RUNS; CPU time and peak RSS of the whole run, which quits right after
 * the first screen), so bench.sh shows it beside `wc -l`.
 *
 * Otherwise: the keys.  After the first screen, each kind of key is sent
 * REPEAT times (default 50), alone, waiting for the answer before the next:
 * the answer is every byte until nothing came for QUIET_MS; its latency
 * is the time of its last byte minus the time the key was written, its
 * size the bytes in it.  Moves go back and forth in pairs (Right then Left,
 * Enter then Backspace, ...) so that every key changes something; a key that
 * got no answer within SILENT_MS is counted apart, not as a time.  Prints
 * one line per kind: median and maximum latency, median bytes, and (on
 * Linux) the child's processor time for a key: the most any key took and
 * the slowest key's, which tells a slow key from a stalled machine.  The
 * latency includes the pty's round trip and, for Esc alone, curses'
 * escape delay (the time it waits to tell Esc from the start of an arrow
 * key's sequence).
 *
 * -u: a transform and its undo in the reverse view: "r", the widest frame
 * over the root selected (give a width where it is not a "+" bar), then
 * REPEAT times "x" (exclude its function) and "u" (undo it), each
 * measured as a key above; then 2 x REPEAT times x unmeasured, Up, x
 * again and two undos (the second finds no tree kept: it is made again,
 * or ahead of time while the screen of the first is read), the second
 * undo sent at once or, every other time, after a reader's pause of
 * 0.3 s; then the peak RSS of the whole run.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#ifdef HAVE_PTY_H
#include <pty.h>
#endif
#ifdef HAVE_UTIL_H
#include <util.h>
#endif
#ifdef HAVE_LIBUTIL_H
#include <libutil.h>
#endif

#define FIRST_QUIET_MS 100  /* the first screen is complete */
#define QUIET_MS 30         /* an answer to a key is complete */
#define SILENT_MS 500       /* a key that changed nothing */
#define LOAD_MS 600000      /* the longest a load may take */
#define MARKER_WAIT_MS 10000 /* output, then silence without the marker */
#define MARKER "flame]"     /* in the status line: "[flame]" */

static const char *marker = MARKER;

/* xterm's keys, as curses asks for them (keypad mode, smkx). */
#define K_UP "\033OA"
#define K_DOWN "\033OB"
#define K_RIGHT "\033OC"
#define K_LEFT "\033OD"
#define K_PGUP "\033[5~"
#define K_PGDN "\033[6~"
#define K_HOME "\033OH"
#define K_END "\033OF"

struct child {
	int fd;        /* the pty's master side */
	pid_t pid;
	double start;  /* when it was forked, seconds */
};

struct answer {
	size_t bytes;
	double last;   /* time of the last byte; 0: none came */
	int marker;    /* MARKER was in it */
};

/* The figures of one kind of key. */
struct series {
	const char *label;
	double *ms;
	double *cpu;   /* the child's main thread on a processor, ms; < 0: unknown */
	size_t *bytes;
	int n, cap, silent;
};

static int cols = 200, lines = 60;

/* Seconds on a monotonic clock. */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL) {
		perror("keybench");
		exit(1);
	}
	return p;
}

/* Start tflame on FILE on a new pty. */
static void
spawn(struct child *c, const char *tflame, const char *file)
{
	struct winsize ws;

	memset(&ws, 0, sizeof ws);
	ws.ws_col = (unsigned short)cols;
	ws.ws_row = (unsigned short)lines;
	c->start = now();
	c->pid = forkpty(&c->fd, NULL, NULL, &ws);
	if (c->pid < 0) {
		perror("keybench: forkpty");
		exit(1);
	}
	if (c->pid == 0) {
		setenv("TERM", "xterm-256color", 1);
		setenv("LC_ALL", "C.UTF-8", 1);
		unsetenv("LINES");
		unsetenv("COLUMNS");
		execl(tflame, tflame, file, (char *)NULL);
		_exit(127);
	}
}

/*
 * Read what the child writes: wait up to first_ms for the first byte, then
 * until quiet_ms pass without one.  With need_marker, a burst without
 * MARKER does not count as the end: reading goes on (a load may take
 * minutes, up to LOAD_MS).
 */
static struct answer
collect(const struct child *c, int first_ms, int quiet_ms, int need_marker)
{
	static char buf[1 << 16], scan[256 + (1 << 16)];
	struct answer a = {0, 0.0, 0};
	size_t nscan = 0, mlen = strlen(marker);
	double t0 = now(), deadline = t0 + first_ms / 1e3, t;
	struct pollfd pfd;
	ssize_t n;
	int rc;

	pfd.fd = c->fd;
	pfd.events = POLLIN;
	for (;;) {
		t = now();
		if (t >= deadline) {
			/* Drawn, but never the marker: nothing more comes. */
			if (a.last == 0 || !need_marker || a.marker ||
			    t - t0 > LOAD_MS / 1e3 ||
			    t - a.last > MARKER_WAIT_MS / 1e3)
				break;
			deadline = t + quiet_ms / 1e3;
		}
		rc = poll(&pfd, 1, (int)((deadline - t) * 1e3) + 1);
		if (rc <= 0)
			continue;
		n = read(c->fd, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break; /* EIO: the child closed the terminal */
		a.last = now();
		a.bytes += (size_t)n;
		deadline = a.last + quiet_ms / 1e3;
		if (need_marker && !a.marker) {
			/* The marker may straddle two reads. */
			memcpy(scan + nscan, buf, (size_t)n);
			nscan += (size_t)n;
			if (memmem(scan, nscan, marker, mlen) != NULL)
				a.marker = 1;
			if (nscan >= mlen) {
				memmove(scan, scan + nscan - (mlen - 1), mlen - 1);
				nscan = mlen - 1;
			}
		}
	}
	return a;
}

/* Write key; the time it was written. */
static double
press(const struct child *c, const char *key)
{
	double t = now();
	size_t len = strlen(key), off = 0;
	ssize_t n;

	while (off < len) {
		n = write(c->fd, key + off, len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			perror("keybench: write");
			exit(1);
		}
		off += (size_t)n;
	}
	return t;
}

/* Quit the child; its exit status, with its resource use in *ru. */
static int
finish(struct child *c, struct rusage *ru)
{
	int status = 0, i;

	press(c, "q");
	collect(c, 2000, 200, 0);
	for (i = 0; i < 50; i++) {
		if (wait4(c->pid, &status, WNOHANG, ru) == c->pid)
			break;
		if (i == 20)
			kill(c->pid, SIGTERM);
		usleep(100000);
	}
	if (i == 50) {
		kill(c->pid, SIGKILL);
		wait4(c->pid, &status, 0, ru);
	}
	close(c->fd);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int
cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* Start the child and wait for its first screen (the -f measurement). */
static double
first_screen(struct child *c, const char *tflame, const char *file)
{
	struct answer a;

	spawn(c, tflame, file);
	a = collect(c, LOAD_MS, FIRST_QUIET_MS, 1);
	if (a.last == 0 || !a.marker) {
		fprintf(stderr, "keybench: %s: no first screen (%zu bytes)\n",
		    file, a.bytes);
		kill(c->pid, SIGKILL);
		waitpid(c->pid, NULL, 0);
		exit(1);
	}
	return a.last - c->start;
}

/* -f: print the first-screen time in runstat's format. */
static int
run_first(const char *tflame, const char *file, int runs)
{
	double *wall = xrealloc(NULL, (size_t)runs * sizeof *wall);
	double *cpu = xrealloc(NULL, (size_t)runs * sizeof *cpu);
	long maxrss = 0;
	int i, st = 0;
	struct child c;
	struct rusage ru;

	for (i = 0; i < runs; i++) {
		wall[i] = first_screen(&c, tflame, file);
		memset(&ru, 0, sizeof ru);
		st = finish(&c, &ru);
		cpu[i] = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
		    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
		if (ru.ru_maxrss > maxrss)
			maxrss = ru.ru_maxrss;
	}
	qsort(wall, (size_t)runs, sizeof *wall, cmp_double);
	qsort(cpu, (size_t)runs, sizeof *cpu, cmp_double);
	printf("%.3f %.3f %ld %d\n", wall[runs / 2], cpu[runs / 2], maxrss, st);
	free(wall);
	free(cpu);
	return 0;
}

/* Send key and wait for the answer, measuring nothing (getting ready). */
static int
prepare(const struct child *c, const char *key)
{
	press(c, key);
	return collect(c, SILENT_MS, QUIET_MS, 0).last > 0;
}

/*
 * Climb from the root along the widest frames to one that has a neighbour
 * on its row, so that Left and Right have somewhere to go; then step back
 * onto that frame (the neighbour may be a "+" bar, where Enter lists
 * frames instead of zooming).
 */
static void
find_neighbours(const struct child *c)
{
	int k;

	for (k = 0; k < 100; k++) {
		if (k >= 2 && prepare(c, K_RIGHT)) {
			prepare(c, K_LEFT);
			return;
		}
		if (k >= 2 && prepare(c, K_LEFT)) {
			prepare(c, K_RIGHT);
			return;
		}
		if (!prepare(c, K_UP))
			return;
	}
}

/*
 * How long the child's main thread has been on a processor, in ms, from
 * Linux's /proc/PID/schedstat (its first field, in ns; time the hypervisor
 * reports as stolen from the virtual processor is not in it, but what the
 * kernel does for tflame - page faults, reclaiming memory - is); -1 when
 * not known.  The difference across a key tells the time tflame spent on
 * it from the time it waited for a processor, or for the machine.
 */
static double
oncpu_ms(const struct child *c)
{
	char path[64];
	unsigned long long ns;
	FILE *f;
	int ok;

	snprintf(path, sizeof path, "/proc/%ld/schedstat", (long)c->pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	ok = fscanf(f, "%llu", &ns) == 1;
	fclose(f);
	return ok ? (double)ns / 1e6 : -1;
}

/* Send key; add its latency and bytes to s.  Returns 0 when nothing came. */
static int
measure(const struct child *c, struct series *s, const char *key,
    int first_ms)
{
	double cpu0 = oncpu_ms(c), t = press(c, key), cpu1;
	struct answer a = collect(c, first_ms, QUIET_MS, 0);

	if (a.last == 0) {
		s->silent++;
		return 0;
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		s->ms = xrealloc(s->ms, (size_t)s->cap * sizeof *s->ms);
		s->cpu = xrealloc(s->cpu, (size_t)s->cap * sizeof *s->cpu);
		s->bytes = xrealloc(s->bytes, (size_t)s->cap * sizeof *s->bytes);
	}
	cpu1 = oncpu_ms(c);
	s->cpu[s->n] = cpu0 >= 0 && cpu1 >= cpu0 ? cpu1 - cpu0 : -1;
	s->ms[s->n] = (a.last - t) * 1e3;
	s->bytes[s->n++] = a.bytes;
	return 1;
}

/* Print the line of s: median and max latency, median bytes. */
static void
report(struct series *s)
{
	double cpumax = -1, cpuslow;
	int i, slow = 0;

	if (s->n == 0) {
		printf("  %-28s (no answer to %d keys)\n", s->label, s->silent);
		return;
	}
	/* The slowest key's time on a processor, and the most any took. */
	for (i = 0; i < s->n; i++) {
		if (s->ms[i] > s->ms[slow])
			slow = i;
		if (s->cpu[i] > cpumax)
			cpumax = s->cpu[i];
	}
	cpuslow = s->cpu[slow];
	qsort(s->ms, (size_t)s->n, sizeof *s->ms, cmp_double);
	qsort(s->bytes, (size_t)s->n, sizeof *s->bytes, cmp_size);
	printf("  %-28s %8.2f ms %8.2f ms max %8zu bytes  x%d", s->label,
	    s->ms[s->n / 2], s->ms[s->n - 1], s->bytes[s->n / 2], s->n);
	if (cpumax >= 0)
		printf("  cpu %.2f ms max, %.2f ms slowest", cpumax, cpuslow);
	if (s->silent > 0)
		printf("  (%d changed nothing)", s->silent);
	putchar('\n');
	fflush(stdout);
	free(s->ms);
	free(s->cpu);
	free(s->bytes);
	memset(s, 0, sizeof *s);
}

/*
 * Keys a and b in turn, n times each, into series sa and sb (which may be
 * the same).  When a changes nothing at first (the edge of a row, the
 * bottom of the picture), the pair starts with b instead.
 */
static void
pair(const struct child *c, struct series *sa, const char *a,
    struct series *sb, const char *b, int n)
{
	int i;

	if (!measure(c, sa, a, SILENT_MS)) {
		sa->silent--;
		for (i = 0; i < n; i++) {
			measure(c, sb, b, SILENT_MS);
			measure(c, sa, a, SILENT_MS);
		}
		return;
	}
	measure(c, sb, b, SILENT_MS);
	for (i = 1; i < n; i++) {
		measure(c, sa, a, SILENT_MS);
		measure(c, sb, b, SILENT_MS);
	}
}

/* Print one line for a pair of keys measured together. */
static void
both(const struct child *c, const char *label, const char *a, const char *b,
    int n)
{
	struct series s = {label, NULL, NULL, NULL, 0, 0, 0};

	pair(c, &s, a, &s, b, n);
	report(&s);
}

/* The keys, n of each kind, on FILE. */
static int
run_keys(const char *tflame, const char *file, int n, const char *pattern)
{
	struct series s1 = {NULL, NULL, NULL, NULL, 0, 0, 0}, s2 = s1;
	struct child c;
	struct rusage ru;
	double t;
	size_t i;
	int k;

	t = first_screen(&c, tflame, file);
	printf("  %-28s %8.2f ms\n", "first screen", t * 1e3);
	find_neighbours(&c);

	both(&c, "move Left/Right", K_RIGHT, K_LEFT, n);
	both(&c, "move h/l", "l", "h", n);
	both(&c, "move Up/Down", K_UP, K_DOWN, n);
	both(&c, "move k/j", "k", "j", n);

	s1.label = "zoom Enter";
	s2.label = "unzoom Backspace";
	pair(&c, &s1, "\r", &s2, "\177", n);
	report(&s1);
	report(&s2);
	s1.label = "zoom Enter (before Esc)";
	s2.label = "unzoom Esc (+ escape delay)";
	pair(&c, &s1, "\r", &s2, "\033", n);
	report(&s1);
	report(&s2);

	s1.label = "icicle i";
	for (k = 0; k < 2 * n; k++)
		measure(&c, &s1, "i", SILENT_MS);
	report(&s1);

	/* In the icicle view, deep frames are at the bottom: scroll there. */
	both(&c, "scroll PgDn/PgUp", K_PGDN, K_PGUP, n);
	both(&c, "scroll G/g", "G", "g", n);
	both(&c, "scroll End/Home", K_END, K_HOME, n);
	prepare(&c, "i");
	/* A frame selected: r looks for the frame of that name. */
	for (k = 0; k < 6; k++)
		prepare(&c, K_UP);

	s1.label = "reverse r, first";
	measure(&c, &s1, "r", LOAD_MS);
	report(&s1);
	s1.label = "reverse r, later";
	for (k = 0; k < 2 * n - 1; k++)
		measure(&c, &s1, "r", SILENT_MS);
	report(&s1); /* an even number of r: the normal view again */

	s1.label = "search prompt /";
	s2.label = "search Enter";
	{
		struct series s3 = {"search typing", NULL, NULL, NULL, 0, 0, 0};
		char ch[2] = {0, 0};

		for (k = 0; k < n; k++) {
			measure(&c, &s1, "/", SILENT_MS);
			for (i = 0; pattern[i] != '\0'; i++) {
				ch[0] = pattern[i];
				measure(&c, &s3, ch, SILENT_MS);
			}
			measure(&c, &s2, "\r", SILENT_MS);
		}
		report(&s1);
		report(&s3);
		report(&s2);
	}
	s1.label = "search next n";
	for (k = 0; k < 2 * n; k++)
		measure(&c, &s1, "n", SILENT_MS);
	report(&s1);
	s1.label = "search previous N";
	for (k = 0; k < n; k++)
		measure(&c, &s1, "N", SILENT_MS);
	report(&s1);

	k = finish(&c, &ru);
	if (k != 0)
		printf("  (tflame exit status %d)\n", k);
	return k != 0;
}

/* -t: the keys of the function table and the sandwich, n of each kind. */
static int
run_table(const char *tflame, const char *file, int n, const char *pattern)
{
	struct series s1 = {NULL, NULL, NULL, NULL, 0, 0, 0}, s2 = s1, s3 = s1;
	struct child c;
	struct rusage ru;
	char ch[2] = {0, 0};
	double t;
	size_t i;
	int k;

	t = first_screen(&c, tflame, file);
	printf("  %-28s %8.2f ms\n", "first screen", t * 1e3);
	s1.label = "table t (opens: builds it)";
	s2.label = "table t (back to the graph)";
	measure(&c, &s1, "t", LOAD_MS);
	measure(&c, &s2, "t", LOAD_MS);
	pair(&c, &s1, "t", &s2, "t", n - 1);
	report(&s1);
	report(&s2);
	prepare(&c, "t");
	both(&c, "table j/k", "j", "k", n);
	both(&c, "table Down/Up", K_DOWN, K_UP, n);
	both(&c, "table PgDn/PgUp", K_PGDN, K_PGUP, n);
	both(&c, "table G/g", "G", "g", n);
	s1.label = "table o (sort)";
	for (k = 0; k < 3 * n; k++)
		measure(&c, &s1, "o", SILENT_MS);
	report(&s1);
	s1.label = "table filter prompt /";
	s2.label = "table filter typing";
	s3.label = "table filter Enter";
	for (k = 0; k < n; k++) {
		measure(&c, &s1, "/", SILENT_MS);
		prepare(&c, "\025"); /* Ctrl-U: the last filter off the line */
		for (i = 0; pattern[i] != '\0'; i++) {
			ch[0] = pattern[i];
			measure(&c, &s2, ch, SILENT_MS);
		}
		measure(&c, &s3, "\r", LOAD_MS);
	}
	report(&s1);
	report(&s2);
	report(&s3);
	prepare(&c, "g");

	s1.label = "table Enter (opens sandwich)";
	s2.label = "sandwich Esc (+ escape delay)";
	measure(&c, &s1, "\r", LOAD_MS);
	measure(&c, &s2, "\033", SILENT_MS);
	pair(&c, &s1, "\r", &s2, "\033", n - 1);
	report(&s1);
	report(&s2);
	prepare(&c, "\r");
	both(&c, "sandwich Up/Down", K_UP, K_DOWN, n);
	both(&c, "sandwich k/j", "k", "j", n);
	find_neighbours(&c);
	both(&c, "sandwich Left/Right", K_RIGHT, K_LEFT, n);
	both(&c, "sandwich h/l", "l", "h", n);
	s1.label = "sandwich zoom Enter";
	s2.label = "sandwich unzoom Backspace";
	pair(&c, &s1, "\r", &s2, "\177", n);
	report(&s1);
	report(&s2);
	/*
	 * S on the widest caller, then on the widest callee: each a new
	 * sandwich (S on F itself would draw the same screen: no answer).
	 */
	s1.label = "sandwich S (re-centres)";
	for (k = 0; k < n; k++) {
		prepare(&c, K_UP);
		measure(&c, &s1, "S", SILENT_MS);
		prepare(&c, K_DOWN);
		prepare(&c, K_DOWN);
		measure(&c, &s1, "S", SILENT_MS);
	}
	report(&s1);

	k = finish(&c, &ru);
	if (k != 0)
		printf("  (tflame exit status %d)\n", k);
	return k != 0;
}

/* -u: x and its undo u in the reverse view, n of each. */
static int
run_undo(const char *tflame, const char *file, int n)
{
	struct series s1 = {"reverse: exclude x", NULL, NULL, NULL, 0, 0, 0};
	struct series s2 = {"reverse: undo u", NULL, NULL, NULL, 0, 0, 0};
	struct series s3 = {NULL, NULL, NULL, NULL, 0, 0, 0};
	struct series s4 = {NULL, NULL, NULL, NULL, 0, 0, 0};
	struct child c;
	struct rusage ru;
	double t;
	int k;

	t = first_screen(&c, tflame, file);
	printf("  %-28s %8.2f ms\n", "first screen", t * 1e3);
	press(&c, "r");
	collect(&c, LOAD_MS, QUIET_MS, 0);
	prepare(&c, K_UP); /* the widest frame over the root */
	for (k = 0; k < n; k++) {
		/* Each makes or drops a tree of up to a million nodes. */
		measure(&c, &s1, "x", LOAD_MS);
		measure(&c, &s2, "u", LOAD_MS);
	}
	report(&s1);
	report(&s2);
	/*
	 * Two transforms, then two undos: the second undo is the one that
	 * finds no tree kept (history.h keeps two) and makes it again.
	 */
	s1.label = "reverse: x, then x again";
	s2.label = "reverse: undo the second";
	s3.label = "reverse: undo after an undo";
	s4.label = "  the same, 0.3 s after it";
	for (k = 0; k < 2 * n; k++) {
		prepare(&c, "x");
		prepare(&c, K_UP); /* the widest frame over the root now */
		measure(&c, &s1, "x", LOAD_MS);
		measure(&c, &s2, "u", LOAD_MS);
		if (k % 2)
			usleep(300000); /* a reader's pause */
		measure(&c, k % 2 ? &s4 : &s3, "u", LOAD_MS);
	}
	report(&s1);
	report(&s2);
	report(&s3);
	report(&s4);
	memset(&ru, 0, sizeof ru);
	k = finish(&c, &ru);
	printf("  %-28s %8ld kB\n", "peak RSS", ru.ru_maxrss);
	if (k != 0)
		printf("  (tflame exit status %d)\n", k);
	return k != 0;
}

int
main(int argc, char **argv)
{
	int opt, first = 0, table = 0, undo = 0, runs = 1, n = 50;
	const char *pattern = NULL;

	while ((opt = getopt(argc, argv, "fg:m:n:p:r:tu")) != -1)
		switch (opt) {
		case 't':
			table = 1;
			break;
		case 'u':
			undo = 1;
			break;
		case 'f':
			first = 1;
			break;
		case 'g':
			if (sscanf(optarg, "%dx%d", &cols, &lines) != 2 ||
			    cols < 1 || lines < 1 || cols > 9999 || lines > 9999) {
				fprintf(stderr, "keybench: -g COLSxLINES\n");
				return 2;
			}
			break;
		case 'm':
			marker = optarg;
			if (*marker == '\0' || strlen(marker) > 255) {
				fprintf(stderr, "keybench: -m: 1 to 255 bytes\n");
				return 2;
			}
			break;
		case 'n':
			n = atoi(optarg);
			break;
		case 'p':
			pattern = optarg;
			break;
		case 'r':
			runs = atoi(optarg);
			break;
		default:
			goto usage;
		}
	if (argc - optind != 2)
		goto usage;
	if (n < 1)
		n = 1;
	if (runs < 1)
		runs = 1;
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (first)
		return run_first(argv[optind], argv[optind + 1], runs);
	if (undo)
		return run_undo(argv[optind], argv[optind + 1], n);
	if (table)
		return run_table(argv[optind], argv[optind + 1], n,
		    pattern != NULL ? pattern : "^hot$");
	return run_keys(argv[optind], argv[optind + 1], n,
	    pattern != NULL ? pattern : "malloc");
usage:
	fprintf(stderr, "usage: keybench -f [-g COLSxLINES] [-m MARKER] [-r RUNS] "
	    "TFLAME FILE\n"
	    "       keybench [-g COLSxLINES] [-m MARKER] [-n REPEAT] [-p PATTERN] "
	    "TFLAME FILE\n"
	    "       keybench -t [-g COLSxLINES] [-n REPEAT] [-p PATTERN] "
	    "TFLAME FILE\n"
	    "       keybench -u [-g COLSxLINES] [-n REPEAT] TFLAME FILE\n");
	return 2;
}
