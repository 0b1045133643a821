/*
 * Unit tests of the child-process module (input/child.h): output and
 * standard error, exit statuses, a missing program, bounded standard
 * error, and that no child or grandchild outlives its parent, whether the
 * parent frees it, exits or is killed.
 *
 * A self-contained Check program with its own main(); each test runs in
 * its own process.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "input/child.h"
#include "util/xalloc.h"

/*
 * Start argv (standard output a pipe, standard input /dev/null).  Check
 * handles some signals in a test's process; the child module leaves
 * those alone, so they are put back to their defaults first.
 */
static struct child *
start(const char *const *argv)
{
	struct child_spec s;
	struct child *c;
	char *err = NULL;

	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	memset(&s, 0, sizeof s);
	s.argv = argv;
	s.in = -1;
	s.out = -1;
	c = child_spawn(&s, &err);
	ck_assert_msg(c != NULL, "spawn: %s", err ? err : "?");
	return c;
}

/* Read fd to its end into buf (NUL-terminated); return the length. */
static size_t
slurp(int fd, char *buf, size_t cap)
{
	size_t len = 0;
	ssize_t n;

	while (len + 1 < cap && (n = read(fd, buf + len, cap - 1 - len)) > 0)
		len += (size_t)n;
	buf[len] = '\0';
	return len;
}

/* Read one line from fd (a pid), as a number. */
static pid_t
read_pid(int fd)
{
	char buf[64];
	size_t len = 0;

	while (len + 1 < sizeof buf && read(fd, buf + len, 1) == 1 &&
	    buf[len] != '\n')
		len++;
	buf[len] = '\0';
	return (pid_t)atol(buf);
}

/* Is pid gone (waiting up to 3 s)?  A zombie of someone else counts. */
static int
gone(pid_t pid)
{
	char path[64], st[256];
	FILE *fp;
	int i;

	for (i = 0; i < 300; i++) {
		if (kill(pid, 0) != 0 && errno == ESRCH)
			return 1;
		snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
		if ((fp = fopen(path, "r")) != NULL) {
			if (fgets(st, sizeof st, fp) != NULL &&
			    strstr(st, ") Z ") != NULL) {
				fclose(fp);
				return 1;
			}
			fclose(fp);
		}
		usleep(10000);
	}
	return 0;
}

START_TEST(test_output_status_stderr)
{
	static const char *const argv[] = {"sh", "-c",
	    "echo out; echo err >&2; exit 3", NULL};
	struct child *c = start(argv);
	char buf[256], st[128];
	const char *e;
	size_t len, dropped;
	int status;

	slurp(child_out(c), buf, sizeof buf);
	ck_assert_str_eq(buf, "out\n");
	ck_assert_int_eq(child_wait(c, -1, &status), 0);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 3);
	e = child_errtext(c, &len, &dropped);
	ck_assert_uint_eq(len, 4);
	ck_assert(memcmp(e, "err\n", 4) == 0);
	ck_assert_uint_eq(dropped, 0);
	child_status_text(status, st, sizeof st);
	ck_assert_str_eq(st, "exited with status 3");
	ck_assert_int_eq(child_done(c, &status), 1);
	child_free(c);
}
END_TEST

START_TEST(test_missing_program)
{
	static const char *const argv[] = {"tflame-no-such-program", NULL};
	struct child_spec s;
	char *err = NULL;

	memset(&s, 0, sizeof s);
	s.argv = argv;
	s.in = s.out = -1;
	ck_assert_ptr_null(child_spawn(&s, &err));
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_str_eq(err,
	    "tflame-no-such-program: No such file or directory");
	free(err);
	/* Reaped: no child of this process is left. */
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
	ck_assert_int_eq(errno, ECHILD);
}
END_TEST

START_TEST(test_stderr_bounded)
{
	/* 200,000 bytes on standard error, nothing on standard output. */
	static const char *const argv[] = {"sh", "-c",
	    "i=0; while [ $i -lt 2000 ]; do printf '%0100d' 0 >&2; "
	    "i=$((i + 1)); done", NULL};
	struct child *c = start(argv);
	size_t len, dropped;
	int status;

	ck_assert_int_eq(child_wait(c, -1, &status), 0);
	ck_assert_int_eq(status, 0);
	child_errtext(c, &len, &dropped);
	ck_assert_uint_eq(len, CHILD_ERR_MAX);
	ck_assert_uint_eq(len + dropped, 200000);
	child_free(c);
}
END_TEST

START_TEST(test_wait_readable)
{
	/* Standard error fills its pipe before any output comes. */
	static const char *const argv[] = {"sh", "-c",
	    "i=0; while [ $i -lt 2000 ]; do printf '%0100d' 0 >&2; "
	    "i=$((i + 1)); done; echo done", NULL};
	struct child *c = start(argv);
	char buf[64];

	ck_assert_int_eq(child_wait_readable(child_out(c), &c, 1, 20000), 0);
	slurp(child_out(c), buf, sizeof buf);
	ck_assert_str_eq(buf, "done\n");
	child_free(c);
}
END_TEST

START_TEST(test_wait_timeout)
{
	static const char *const argv[] = {"sleep", "1000", NULL};
	struct child *c = start(argv);
	pid_t pid = child_pid(c);

	ck_assert_int_eq(child_wait_readable(child_out(c), &c, 1, 50), 1);
	ck_assert_int_eq(child_wait(c, 50, NULL), -1);
	child_free(c);
	ck_assert(gone(pid));
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
}
END_TEST

START_TEST(test_free_kills_group)
{
	/* A grandchild in the background: child_free() ends it too. */
	static const char *const argv[] = {"sh", "-c",
	    "sleep 1000 & echo $!; wait", NULL};
	struct child *c = start(argv);
	pid_t pid = child_pid(c), grand = read_pid(child_out(c));

	ck_assert(grand > 0);
	child_free(c);
	ck_assert(gone(pid));
	ck_assert(gone(grand));
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
	ck_assert_int_eq(errno, ECHILD);
}
END_TEST

START_TEST(test_own_process_group)
{
	static const char *const argv[] = {"sh", "-c", "ps -o pgid= -p $$",
	    NULL};
	struct child *c = start(argv);
	char buf[64];

	slurp(child_out(c), buf, sizeof buf);
	ck_assert_int_eq(atol(buf), child_pid(c));
	ck_assert(atol(buf) != getpgrp());
	child_free(c);
}
END_TEST

/* A function run in the child, instead of a program. */
static void
say(void *arg)
{
	if (write(STDOUT_FILENO, arg, strlen(arg)) < 0)
		_exit(1);
}

START_TEST(test_function_child)
{
	struct child_spec s;
	struct child *c;
	char buf[64], *err = NULL, msg[] = "from a function\n";
	int status;

	memset(&s, 0, sizeof s);
	s.fn = say;
	s.arg = msg;
	s.in = s.out = -1;
	c = child_spawn(&s, &err);
	ck_assert_ptr_nonnull(c);
	slurp(child_out(c), buf, sizeof buf);
	ck_assert_str_eq(buf, msg);
	ck_assert_int_eq(child_wait(c, -1, &status), 0);
	ck_assert_int_eq(status, 0);
	child_free(c);
}
END_TEST

/*
 * A parent that dies by sig (SIGKILL: no handler, no atexit) after
 * starting a child with a grandchild: both go too.
 */
static void
parent_dies(int sig)
{
	static const char *const argv[] = {"sh", "-c",
	    "sleep 1000 & echo $!; echo $$; wait", NULL};
	int p[2], status;
	pid_t parent, grand, kid;

	ck_assert_int_eq(pipe(p), 0);
	if ((parent = fork()) == 0) {
		struct child *c;
		char buf[64];
		size_t len;
		int nl;

		close(p[0]);
		c = start(argv);
		for (len = 0, nl = 0; nl < 2 && len < sizeof buf &&
		    read(child_out(c), buf + len, 1) == 1; len++)
			nl += buf[len] == '\n';
		if (write(p[1], buf, len) < 0)
			_exit(1);
		if (sig == 0)
			exit(0); /* atexit() */
		raise(sig);
		_exit(2);
	}
	close(p[1]);
	grand = read_pid(p[0]);
	kid = read_pid(p[0]);
	ck_assert(grand > 0 && kid > 0);
	ck_assert_int_eq(waitpid(parent, &status, 0), parent);
	ck_assert(gone(kid));
	ck_assert(gone(grand));
	close(p[0]);
}

START_TEST(test_parent_killed)
{
	parent_dies(SIGKILL);
}
END_TEST

START_TEST(test_parent_terminated)
{
	parent_dies(SIGTERM);
}
END_TEST

START_TEST(test_parent_exits)
{
	parent_dies(0);
}
END_TEST

/*
 * A parent that exits right after starting a child, before its watchdog
 * may have run at all: the exit must not wait for the watchdog (which
 * waits for the parent's end), and nothing may stay behind.  Many times,
 * as the race is narrow.
 */
/* Not static: reachable at exit (no leak for LeakSanitizer to report). */
struct child *exit_child;

START_TEST(test_exit_at_once)
{
	static const char *const argv[] = {"sleep", "1000", NULL};
	int i, p[2], status;
	pid_t parent, kid;

	for (i = 0; i < 200; i++) {
		ck_assert_int_eq(pipe(p), 0);
		if ((parent = fork()) == 0) {
			char buf[32];
			int n;

			close(p[0]);
			exit_child = start(argv);
			n = snprintf(buf, sizeof buf, "%d\n",
			    (int)child_pid(exit_child));
			if (write(p[1], buf, (size_t)n) < 0)
				_exit(1);
			exit(0); /* atexit() */
		}
		close(p[1]);
		kid = read_pid(p[0]);
		close(p[0]);
		ck_assert(kid > 0);
		ck_assert_int_eq(waitpid(parent, &status, 0), parent);
		ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
		ck_assert(gone(kid));
	}
}
END_TEST

/* Milliseconds on a monotonic clock. */
static long long
ms_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * A child that ignores every polite signal is stopped all the same, in
 * its grace period and CHILD_KILL_MS (with slack for a loaded machine),
 * by SIGKILL, and it says that it had to be killed.
 */
START_TEST(test_stop_escalates)
{
	static const char *const argv[] = {"sh", "-c",
	    "trap '' INT TERM HUP; echo up; while :; do sleep 0.05; done",
	    NULL};
	struct child *c = start(argv);
	char buf[16];
	long long t0, ms;
	int st = 0;

	ck_assert_int_gt(read(child_out(c), buf, sizeof buf), 0);
	ck_assert_int_eq(child_killed(c), 0);
	t0 = ms_now();
	child_stop(c, SIGINT);
	ck_assert_int_eq(child_stop_wait(c, 300, &st), 0);
	ms = ms_now() - t0;
	ck_assert_msg(ms >= 300 + CHILD_KILL_MS - 50, "ended after %lld ms", ms);
	ck_assert_msg(ms < 300 + CHILD_KILL_MS + 3000, "ended after %lld ms",
	    ms);
	ck_assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	ck_assert_int_eq(child_killed(c), 1);
	ck_assert_int_eq(child_stop_step(c, 300), -1);
	child_free(c);
}
END_TEST

/* One that ends when asked is not killed, and keeps its own status. */
START_TEST(test_stop_polite)
{
	static const char *const argv[] = {"sh", "-c",
	    "trap 'exit 7' INT; echo up; while :; do sleep 0.05; done", NULL};
	struct child *c = start(argv);
	char buf[16];
	int st = 0;

	ck_assert_int_gt(read(child_out(c), buf, sizeof buf), 0);
	ck_assert_int_eq(child_stop_step(c, 300), -1); /* no stop yet */
	child_stop(c, SIGINT);
	ck_assert_int_eq(child_stop_wait(c, 5000, &st), 0);
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 7);
	ck_assert_int_eq(child_killed(c), 0);
	child_free(c);
}
END_TEST

/* A child ignoring SIGINT but not SIGTERM ends by SIGTERM. */
START_TEST(test_stop_term)
{
	static const char *const argv[] = {"sh", "-c",
	    "trap '' INT; echo up; while :; do sleep 0.05; done", NULL};
	struct child *c = start(argv);
	char buf[16];
	int st = 0;

	ck_assert_int_gt(read(child_out(c), buf, sizeof buf), 0);
	child_stop(c, SIGINT);
	ck_assert_int_eq(child_stop_wait(c, 200, &st), 0);
	ck_assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);
	ck_assert_int_eq(child_killed(c), 1);
	child_free(c);
}
END_TEST

START_TEST(test_interrupt_forwarded)
{
	/* The first SIGINT goes to the child, which says so and ends. */
	static const char *const argv[] = {"sh", "-c",
	    "trap 'echo got INT; exit 0' INT; echo ready; "
	    "while :; do sleep 0.05; done", NULL};
	struct child *c = start(argv);
	char buf[64];
	int status;

	ck_assert_int_eq(read_pid(child_out(c)), 0); /* "ready" */
	child_set_interrupt(c);
	raise(SIGINT);
	ck_assert_int_eq(child_interrupted(), 1);
	slurp(child_out(c), buf, sizeof buf);
	ck_assert_str_eq(buf, "got INT\n");
	ck_assert_int_eq(child_wait(c, 5000, &status), 0);
	ck_assert_int_eq(status, 0);
	child_free(c);
}
END_TEST

static Suite *
child_suite(void)
{
	Suite *s = suite_create("child");
	TCase *tc = tcase_create("child");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_output_status_stderr);
	tcase_add_test(tc, test_missing_program);
	tcase_add_test(tc, test_stderr_bounded);
	tcase_add_test(tc, test_wait_readable);
	tcase_add_test(tc, test_wait_timeout);
	tcase_add_test(tc, test_free_kills_group);
	tcase_add_test(tc, test_own_process_group);
	tcase_add_test(tc, test_function_child);
	tcase_add_test(tc, test_parent_killed);
	tcase_add_test(tc, test_parent_terminated);
	tcase_add_test(tc, test_parent_exits);
	tcase_add_test(tc, test_exit_at_once);
	tcase_add_test(tc, test_interrupt_forwarded);
	tcase_add_test(tc, test_stop_escalates);
	tcase_add_test(tc, test_stop_polite);
	tcase_add_test(tc, test_stop_term);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(child_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
