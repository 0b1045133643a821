/*
 * Children of tflame: spawn, drain, signal, reap (see input/child.h).
 *
 * A small table of the live children's process groups and watchdogs is
 * kept in static storage so that the signal handler and the atexit()
 * handler can reach them with async-signal-safe calls only.  The
 * watchdog is a forked copy of tflame (no exec) that closes every
 * descriptor but the read end of a pipe whose write end only tflame
 * holds (close-on-exec, so no exec'd child holds it either); it ignores
 * the polite signals and waits for that pipe to end.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#include "input/child.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define CHILD_SLOTS 16

struct child {
	pid_t pid;      /* also its process group id */
	pid_t dog;      /* the watchdog, or 0 */
	int dogfd;      /* write end of the watchdog's pipe */
	int out, err;   /* read ends, or -1 */
	int done, status;
	int slot;
	long long stop_at;  /* when it was asked to stop (ms), 0: never */
	int stage;      /* 1: asked, 2: SIGTERM sent, 3: SIGKILL sent */
	int killed;     /* it had to be (child_stop_step()) */
	char *buf;      /* standard error, CHILD_ERR_MAX at most */
	size_t len, dropped;
	char tail[CHILD_TAIL_MAX]; /* its last bytes, whatever was dropped */
	size_t tlen;
};

/* What the handlers may reach: process groups and watchdogs. */
static volatile pid_t slot_pid[CHILD_SLOTS];
static volatile pid_t slot_dog[CHILD_SLOTS];
static volatile pid_t interrupt_pid;
static volatile sig_atomic_t interrupted;
static const int polite[] = {SIGINT, SIGTERM, SIGHUP};
static int handlers_set, atexit_set;

void
child_kill_all(void)
{
	size_t i;

	for (i = 0; i < CHILD_SLOTS; i++)
		if (slot_pid[i] > 0)
			kill(-slot_pid[i], SIGKILL);
}

/* A polite signal to tflame: kill the children, then end as before. */
static void
on_signal(int sig)
{
	int saved = errno;

	if (sig == SIGINT && interrupt_pid > 0 && !interrupted) {
		interrupted = 1;
		kill(-interrupt_pid, SIGINT);
		errno = saved;
		return;
	}
	child_kill_all();
	signal(sig, SIG_DFL);
	raise(sig); /* delivered when the handler returns */
	errno = saved;
}

/*
 * At exit: kill and reap whatever is left.  The watchdogs are killed by
 * pid, not only with their child's group: one that has not run yet has
 * not joined the group, and waits for the end of a pipe whose write end
 * this process holds until it is gone, so waiting for it would never end.
 */
static void
at_exit(void)
{
	size_t i;

	child_kill_all();
	for (i = 0; i < CHILD_SLOTS; i++)
		if (slot_dog[i] > 0)
			kill(slot_dog[i], SIGKILL);
	for (i = 0; i < CHILD_SLOTS; i++) {
		if (slot_pid[i] > 0)
			waitpid(slot_pid[i], NULL, 0);
		if (slot_dog[i] > 0)
			waitpid(slot_dog[i], NULL, 0);
		slot_pid[i] = slot_dog[i] = 0;
	}
}

/* Install the handlers for the signals nobody handles yet. */
static void
handlers_install(void)
{
	struct sigaction sa, old;
	size_t i;

	if (!atexit_set) {
		atexit_set = 1;
		atexit(at_exit);
	}
	if (handlers_set)
		return;
	handlers_set = 1;
	for (i = 0; i < sizeof polite / sizeof polite[0]; i++) {
		if (sigaction(polite[i], NULL, &old) != 0 ||
		    old.sa_handler != SIG_DFL)
			continue;
		memset(&sa, 0, sizeof sa);
		sigemptyset(&sa.sa_mask);
		sa.sa_handler = on_signal;
		sigaction(polite[i], &sa, NULL);
	}
}

/* Milliseconds on a monotonic clock. */
static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Close every descriptor but keep (in a forked watchdog). */
static void
close_all_but(int keep)
{
	long max = sysconf(_SC_OPEN_MAX);
	int fd;

#if defined(__linux__) && defined(SYS_close_range)
	if (keep > 0)
		syscall(SYS_close_range, 0u, (unsigned)keep - 1, 0u);
	if (syscall(SYS_close_range, (unsigned)keep + 1, ~0u, 0u) == 0)
		return;
#endif
	if (max < 0 || max > 65536)
		max = 65536;
	for (fd = 0; fd < max; fd++)
		if (fd != keep)
			close(fd);
}

/* The watchdog: wait for tflame's end, then kill group pgid. */
static void ATTR_NORETURN
watchdog(int fd, pid_t pgid)
{
	char b;
	size_t i;

	for (i = 0; i < sizeof polite / sizeof polite[0]; i++)
		signal(polite[i], SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	signal(SIGPIPE, SIG_IGN);
	close_all_but(fd);
	while (read(fd, &b, 1) < 0 && errno == EINTR)
		;
	kill(-pgid, SIGKILL);
	_exit(0);
}

/* In the child: set up and exec (or run fn); never returns. */
static void ATTR_NORETURN
child_exec(const struct child_spec *s, pid_t parent, int out, int err,
    int report)
{
	char *const *av;
	sigset_t none;
	size_t i;
	int e, fd;

	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	for (i = 0; i < sizeof polite / sizeof polite[0]; i++)
		signal(polite[i], SIG_DFL);
	signal(SIGQUIT, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	setpgid(0, 0);
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
	if (getppid() != parent)
		_exit(127); /* tflame is already gone */
	if (s->in >= 0)
		fd = s->in;
	else if ((fd = open("/dev/null", O_RDONLY)) < 0)
		goto fail;
	if ((fd != 0 && dup2(fd, 0) < 0) || (fd == 0 &&
	    fcntl(0, F_SETFD, 0) < 0))
		goto fail;
	fd = s->out >= 0 ? s->out : out;
	if (dup2(fd, 1) < 0 || dup2(err, 2) < 0)
		goto fail;
	for (i = 0; i < (size_t)s->nkeep && i < 2; i++)
		if (fcntl(s->keep[i], F_SETFD, 0) < 0)
			goto fail;
	if (s->argv == NULL) {
		/* Started: tflame waits on this pipe's end, not fn's. */
		close(report);
		s->fn(s->arg);
		_exit(0);
	}
	/* execvp() takes char *const[] but does not change the strings. */
	memcpy(&av, &s->argv, sizeof av);
	execvp(av[0], av);
fail:
	e = errno;
	if (write(report, &e, sizeof e) < 0) {
		/* tflame is told by the pipe's end alone. */
	}
	_exit(127);
}

/* Take a free slot of the table. */
static int
slot_take(pid_t pid, pid_t dog)
{
	int i;

	for (i = 0; i < CHILD_SLOTS; i++)
		if (slot_pid[i] == 0 && slot_dog[i] == 0) {
			slot_dog[i] = dog;
			slot_pid[i] = pid;
			return i;
		}
	return -1;
}

struct child *
child_spawn(const struct child_spec *s, char **err)
{
	struct child *c;
	int op[2] = {-1, -1}, ep[2], rp[2], dp[2], e = 0, save;
	pid_t parent = getpid(), pid, dog;
	ssize_t n;

	handlers_install();
	if ((s->out < 0 && pipe2(op, O_CLOEXEC) != 0) ||
	    pipe2(ep, O_CLOEXEC) != 0 || pipe2(rp, O_CLOEXEC) != 0 ||
	    pipe2(dp, O_CLOEXEC) != 0) {
		save = errno;
		*err = xasprintf("cannot make a pipe: %s", strerror(save));
		errno = save;
		return NULL; /* the descriptors are few; the caller exits */
	}
	fflush(NULL);
	if ((pid = fork()) < 0) {
		save = errno;
		*err = xasprintf("cannot start a process: %s", strerror(save));
		errno = save;
		return NULL;
	}
	if (pid == 0) {
		close(rp[0]);
		child_exec(s, parent, op[1], ep[1], rp[1]);
	}
	setpgid(pid, pid);
	close(rp[1]);
	close(ep[1]);
	if (op[1] >= 0)
		close(op[1]);
	while ((n = read(rp[0], &e, sizeof e)) < 0 && errno == EINTR)
		;
	close(rp[0]);
	if (n == (ssize_t)sizeof e) {
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		close(ep[0]);
		if (op[0] >= 0)
			close(op[0]);
		close(dp[0]);
		close(dp[1]);
		*err = xasprintf("%s: %s", s->argv != NULL ? s->argv[0] : "?",
		    strerror(e));
		errno = e;
		return NULL;
	}
	if ((dog = fork()) == 0) {
		setpgid(0, pid);
		watchdog(dp[0], pid);
	}
	if (dog > 0)
		setpgid(dog, pid); /* both sides: whichever runs first */
	close(dp[0]);
	c = xcalloc(1, sizeof *c);
	c->pid = pid;
	c->dog = dog > 0 ? dog : 0;
	c->dogfd = dp[1];
	c->out = op[0];
	c->err = ep[0];
	fcntl(c->err, F_SETFL, fcntl(c->err, F_GETFL) | O_NONBLOCK);
	c->buf = xmalloc(CHILD_ERR_MAX);
	c->slot = slot_take(pid, c->dog);
	return c;
}

int
child_out(const struct child *c)
{
	return c->out;
}

void
child_close_out(struct child *c)
{
	if (c->out >= 0)
		close(c->out);
	c->out = -1;
}

int
child_errfd(const struct child *c)
{
	return c->err;
}

pid_t
child_pid(const struct child *c)
{
	return c->pid;
}

/* Keep the last CHILD_TAIL_MAX bytes of standard error. */
static void
tail_add(struct child *c, const char *p, size_t n)
{
	size_t keep;

	if (n >= CHILD_TAIL_MAX) {
		memcpy(c->tail, p + n - CHILD_TAIL_MAX, CHILD_TAIL_MAX);
		c->tlen = CHILD_TAIL_MAX;
		return;
	}
	keep = TF_MIN(c->tlen, CHILD_TAIL_MAX - n);
	memmove(c->tail, c->tail + c->tlen - keep, keep);
	memcpy(c->tail + keep, p, n);
	c->tlen = keep + n;
}

const char *
child_errtail(const struct child *c, size_t *len)
{
	*len = c->tlen;
	return c->tail;
}

int
child_drain(struct child *c)
{
	char tmp[4096];
	ssize_t n;
	size_t room;

	while (c->err >= 0) {
		n = read(c->err, tmp, sizeof tmp);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		if (n <= 0) {
			close(c->err);
			c->err = -1;
			break;
		}
		tail_add(c, tmp, (size_t)n);
		room = CHILD_ERR_MAX - c->len;
		if ((size_t)n > room) {
			c->dropped += (size_t)n - room;
			n = (ssize_t)room;
		}
		memcpy(c->buf + c->len, tmp, (size_t)n);
		c->len += (size_t)n;
	}
	return 1;
}

int
child_wait_readable(int fd, struct child **cs, size_t n, int ms)
{
	struct pollfd pf[CHILD_SLOTS + 1];
	long long end = ms < 0 ? 0 : now_ms() + ms, left = -1;
	size_t i, k;
	int rc;

	for (;;) {
		if (ms >= 0 && (left = end - now_ms()) < 0)
			left = 0;
		pf[0].fd = fd;
		pf[0].events = POLLIN;
		for (i = 0, k = 1; i < n && k <= CHILD_SLOTS; i++) {
			if (cs[i] == NULL || cs[i]->err < 0)
				continue;
			pf[k].fd = cs[i]->err;
			pf[k].events = POLLIN;
			k++;
		}
		if ((rc = poll(pf, k, (int)left)) < 0) {
			if (errno == EINTR)
				return -1;
			return 0; /* let read() say what is wrong */
		}
		for (i = 0; i < n; i++)
			if (cs[i] != NULL)
				child_drain(cs[i]);
		if (pf[0].revents != 0)
			return 0;
		if (rc == 0)
			return 1;
	}
}

const char *
child_errtext(const struct child *c, size_t *len, size_t *dropped)
{
	*len = c->len;
	if (dropped != NULL)
		*dropped = c->dropped;
	return c->buf;
}

void
child_signal(struct child *c, int sig)
{
	if (!c->done)
		kill(-c->pid, sig);
}

int
child_wait(struct child *c, int ms, int *status)
{
	long long end = ms < 0 ? 0 : now_ms() + ms;
	struct pollfd pf;
	pid_t r;
	int st;

	for (;;) {
		if (!c->done) {
			r = waitpid(c->pid, &st, WNOHANG);
			if (r == c->pid) {
				c->done = 1;
				c->status = st;
			} else if (r < 0 && errno != EINTR) {
				c->done = 1; /* reaped elsewhere */
				c->status = 0;
			}
		}
		if (c->done) {
			child_drain(c);
			if (status != NULL)
				*status = c->status;
			return 0;
		}
		if (ms >= 0 && now_ms() >= end)
			return -1;
		/* Drain standard error meanwhile, so the child never blocks. */
		pf.fd = c->err;
		pf.events = POLLIN;
		if (c->err >= 0 && poll(&pf, 1, 10) > 0)
			child_drain(c);
		else if (c->err < 0)
			poll(NULL, 0, 10);
	}
}

void
child_stop(struct child *c, int sig)
{
	if (sig != 0)
		child_signal(c, sig);
	if (c->stage == 0) {
		c->stage = 1;
		c->stop_at = now_ms();
	}
}

int
child_stop_step(struct child *c, int grace_ms)
{
	long long now = now_ms(), due;

	if (c->stage == 0 || c->stage == 3 || child_wait(c, 0, NULL) == 0)
		return -1;
	due = c->stop_at + (c->stage == 1 ? grace_ms : CHILD_KILL_MS);
	if (now < due)
		return (int)(due - now);
	/* Its time is up: the next signal, and the clock again. */
	child_signal(c, c->stage == 1 ? SIGTERM : SIGKILL);
	c->killed = 1;
	c->stage++;
	c->stop_at = now;
	return c->stage == 3 ? -1 : CHILD_KILL_MS;
}

int
child_stop_wait(struct child *c, int grace_ms, int *status)
{
	int ms;

	if (c->stage == 0)
		child_stop(c, 0);
	for (;;) {
		ms = child_stop_step(c, grace_ms);
		if (child_wait(c, ms, status) == 0)
			return 0;
	}
}

int
child_killed(const struct child *c)
{
	return c->killed;
}

int
child_done(const struct child *c, int *status)
{
	if (c->done && status != NULL)
		*status = c->status;
	return c->done;
}

void
child_set_interrupt(struct child *c)
{
	interrupted = 0;
	interrupt_pid = c != NULL ? c->pid : 0;
}

int
child_interrupted(void)
{
	return interrupted;
}

void
child_free(struct child *c)
{
	if (c == NULL)
		return;
	if (interrupt_pid == c->pid)
		interrupt_pid = 0;
	if (!c->done) {
		child_signal(c, SIGTERM);
		if (child_wait(c, 1000, NULL) != 0) {
			child_signal(c, SIGKILL);
			child_wait(c, -1, NULL);
		}
	}
	/* The watchdog kills what is left of the group, then ends. */
	close(c->dogfd);
	if (c->dog > 0)
		while (waitpid(c->dog, NULL, 0) < 0 && errno == EINTR)
			;
	if (c->slot >= 0) {
		slot_pid[c->slot] = 0;
		slot_dog[c->slot] = 0;
	}
	if (c->out >= 0)
		close(c->out);
	if (c->err >= 0)
		close(c->err);
	free(c->buf);
	free(c);
}

void
child_status_text(int status, char *buf, size_t len)
{
	if (WIFEXITED(status))
		snprintf(buf, len, "exited with status %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "was killed by signal %d (%s)",
		    WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "ended with wait status %d", status);
}

int
child_write_all(int fd, const char *p, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(fd, p, n)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}
