/*
 * A recording: `perf record -o - | perf script -i -` (see input/perfdata.h).
 *
 * perf record is asked whether it records through its --control pipe
 * ("ping", answered "ack"); perf before 5.12 has no --control, and is
 * then taken as started once its first bytes come out (or it ends).  How
 * it ended is read from its wait status and whether it finished its
 * recording, and kept as a struct perfrec_end.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "input/perfdata.h"
#include "input/perfdata_ctx.h"
#include "util/escape.h"
#include "util/xalloc.h"

/* Does perf's message look like a permission problem? */
static int
denied(const char *s, size_t n)
{
	static const char *const words[] = {"perf_event_paranoid",
	    "Access to performance monitoring", "ermission denied",
	    "not permitted", "No permission", "EACCES", "EPERM"};
	size_t i, k, w;

	for (i = 0; i < sizeof words / sizeof words[0]; i++) {
		w = strlen(words[i]);
		for (k = 0; k + w <= n; k++)
			if (memcmp(s + k, words[i], w) == 0)
				return 1;
	}
	return 0;
}

/* Append child c's standard error to *msg as "perf record: LINE" lines. */
static void
append_lines(char **msg, const struct child *c, const char *who)
{
	const char *s, *e, *end;
	char line[1024];
	size_t len, nl = 0;
	char *m;

	s = child_errtext(c, &len, NULL);
	for (end = s + len; s < end && nl < NOTE_LINES; s = e + 1, nl++) {
		if ((e = memchr(s, '\n', (size_t)(end - s))) == NULL)
			e = end;
		escape_text(line, sizeof line, s, (size_t)(e - s));
		m = xasprintf("%s%s: %s\n", *msg, who, line);
		free(*msg);
		*msg = m;
	}
}

/* What perf record said when it failed to start, and the remedies. */
static char *
record_failed(struct child *rec, int status)
{
	char st[128], *msg = xstrdup(""), *m;
	const char *s;
	size_t len;

	append_lines(&msg, rec, "perf record");
	child_status_text(status, st, sizeof st);
	s = child_errtext(rec, &len, NULL);
	if (denied(s, len))
		m = xasprintf("%s`perf record` failed to start (%s); run "
		    "tflame as root, or:\n"
		    "  sysctl kernel.perf_event_paranoid=1   (or -1 for -a; "
		    "see perf_event_paranoid)\n"
		    "  setcap cap_perfmon,cap_sys_ptrace+ep \"$(command -v "
		    "perf)\"\n"
		    "  in a container: allow perf_event_open in its seccomp "
		    "profile, or add CAP_PERFMON\n", msg, st);
	else
		m = xasprintf("%s`perf record` failed to start (%s)\n", msg,
		    st);
	free(msg);
	return m;
}

/*
 * Did perf record finish its recording?  Then it says so last on its
 * standard error ("[ perf record: Captured and wrote ...]"), and its exit
 * status is that of the command it ran (perf passes the command's exit
 * status on, and ends by the command's signal).  Without those words its
 * status is its own (it failed, or was killed).
 */
static int
record_finished(struct child *rec)
{
	static const char mark[] = "[ perf record: Captured and wrote";
	const char *s;
	size_t len, k, m = sizeof mark - 1;

	child_drain(rec);
	s = child_errtail(rec, &len);
	for (k = 0; k + m <= len; k++)
		if (memcmp(s + k, mark, m) == 0)
			return 1;
	return 0;
}

/*
 * Did perf record, ended early with status, fail to start?  It failed
 * unless it ended well or finished its recording (a command that ended
 * at once, with any status).
 */
static int
record_failed_early(struct child *rec, int status)
{
	return status != 0 && !record_finished(rec);
}

/*
 * write(2) to a pipe whose reader may have gone (perf record failed):
 * EPIPE, without SIGPIPE ending tflame.
 */
static ssize_t
write_nosig(int fd, const char *buf, size_t n)
{
	struct timespec zero = {0, 0};
	sigset_t pipe, old;
	ssize_t w;
	int e;

	sigemptyset(&pipe);
	sigaddset(&pipe, SIGPIPE);
	sigprocmask(SIG_BLOCK, &pipe, &old);
	w = write(fd, buf, n);
	e = errno;
	if (w < 0 && e == EPIPE && !sigismember(&old, SIGPIPE))
		sigtimedwait(&pipe, NULL, &zero); /* take ours off */
	sigprocmask(SIG_SETMASK, &old, NULL);
	errno = e;
	return w;
}

/*
 * Did perf record, ended with status, reject --control?  perf before 5.12
 * has no such option: "unknown option `control'" and status 129.
 */
static int
no_control(struct child *rec, int status)
{
	const char *s;
	size_t len, k;

	if (!WIFEXITED(status) || WEXITSTATUS(status) == 0)
		return 0;
	child_drain(rec);
	s = child_errtext(rec, &len, NULL);
	for (k = 0; k + 22 <= len; k++)
		if (memcmp(s + k, "unknown option `control", 22) == 0)
			return 1;
	return 0;
}

/*
 * Not started yet: call ro->waiting() after WAITING_AFTER_MS, every
 * WAITING_EVERY_MS (*told: when last).  1: the user gave up.
 */
static int
waiting(const struct perfrec_opts *ro, long long t0, long long *told)
{
	long long now = pd_now_ms();

	if (ro->waiting == NULL || now - t0 < WAITING_AFTER_MS ||
	    now - *told < WAITING_EVERY_MS)
		return 0;
	*told = now;
	return ro->waiting(ro->waiting_ctx) != 0;
}

/*
 * Without --control: wait until perf record writes its first bytes into
 * fd (it writes the header once its events are open) or ends.  Returns
 * 0, or -1 when it failed to start (*status: how it ended).
 */
static int
first_bytes(struct perfdata *pd, const struct perfrec_opts *ro, int fd,
    int *status)
{
	struct pollfd pf;
	long long t0 = pd_now_ms(), told = 0;

	while (pd_now_ms() - t0 < START_WAIT_MS) {
		if (waiting(ro, t0, &told)) {
			*status = -1;
			return -1;
		}
		child_drain(pd->record);
		pf.fd = fd;
		pf.events = POLLIN;
		if (poll(&pf, 1, 20) > 0 && (pf.revents & POLLIN))
			return 0;
		if (child_wait(pd->record, 0, status) == 0)
			return record_failed_early(pd->record, *status) ? -1 :
			    0;
	}
	return 0;
}

/* perf record's arguments, and the text they point into. */
struct rec_args {
	struct argv a;
	char freq[32], cg[64], ctlopt[64];
};

/*
 * perf record's arguments into ra (with --control on the pipes ctl and
 * ackp when usectl, which are made here), and what pd records.  Returns
 * 0, or -1 with *err set when a pipe cannot be made.
 */
static int
record_args(struct rec_args *ra, struct perfdata *pd,
    const struct perfrec_opts *ro, int usectl, int ctl[2], int ackp[2],
    char **err)
{
	struct argv *a = &ra->a, b;
	size_t i;

	memset(&b, 0, sizeof b);
	pd_av_add(a, pd_prog());
	pd_av_add(a, "record");
	if (ro->call_graph != NULL) {
		snprintf(ra->cg, sizeof ra->cg, "--call-graph=%s",
		    ro->call_graph);
		pd_av_add(a, ra->cg);
	} else
		pd_av_add(a, "-g");
	snprintf(ra->freq, sizeof ra->freq, ro->offcpu == 2 ?
	    "cpu-clock/freq=%ld/" : "%ld", ro->freq > 0 ? ro->freq : 99);
	if (ro->offcpu) {
		/*
		 * Every switch and wakeup (-F would sample them), and each
		 * task's exit: a recording of a command has no switch-in,
		 * and no wakeup from an interrupt, to end its last wait.
		 */
		pd_av_add(a, "-e");
		pd_av_add(a, "sched:sched_switch");
		pd_av_add(a, "-e");
		pd_av_add(a, "sched:sched_wakeup");
		pd_av_add(a, "-e");
		pd_av_add(a, "sched:sched_process_exit");
	}
	if (ro->offcpu == 2)
		pd_av_add(a, "-e");
	else if (!ro->offcpu)
		pd_av_add(a, "-F");
	if (ro->offcpu != 1)
		pd_av_add(a, ra->freq);
	/* Samples reach perf script within about a second. */
	pd_av_add(a, "--no-buffering");
	pd_av_add(a, "-o");
	pd_av_add(a, "-");
	/* A control pipe and its answers, to know when it records. */
	if (usectl && (pipe2(ctl, O_CLOEXEC) != 0 ||
	    pipe2(ackp, O_CLOEXEC) != 0)) {
		*err = xasprintf("cannot make a pipe: %s", strerror(errno));
		return -1;
	}
	if (usectl) {
		pd->ctl = ctl[1];
		pd->ack = ackp[0];
		snprintf(ra->ctlopt, sizeof ra->ctlopt, "--control=fd:%d,%d",
		    ctl[0], ackp[1]);
		pd_av_add(a, ra->ctlopt);
	}
	if (ro->all)
		pd_av_add(a, "-a");
	if (ro->pids != NULL) {
		pd_av_add(a, "-p");
		pd_av_add(a, ro->pids);
	}
	if (ro->cmd != NULL) {
		pd_av_add(a, "--");
		for (i = 0; ro->cmd[i] != NULL; i++)
			pd_av_add(&b, ro->cmd[i]);
		for (i = 0; ro->cmd[i] != NULL; i++)
			pd_av_add(a, ro->cmd[i]);
		pd->what = pd_av_text(&b);
		pd->has_cmd = 1;
		pd_av_free(&b);
	} else
		pd->what = xstrdup(ro->all ? "perf record -a" : "perf record");
	return 0;
}

/*
 * With --control: ask perf record whether it records, and wait for its
 * answer (from *t0, which becomes the start of the recording) or its
 * end.  Returns 0 (recording, or the command ended by itself), or -1:
 * it failed (*err), rejected --control (*old), or the user gave up
 * waiting (*err stays NULL).
 */
static int
record_acked(struct perfdata *pd, const struct perfrec_opts *ro,
    long long *t0, char **err, int *old)
{
	struct pollfd pf;
	long long told = 0;
	char ack[16];
	int status;

	*t0 = pd_now_ms();
	if (write_nosig(pd->ctl, "ping\n", 5) != 5) {
		/*
		 * Cannot ask: perf record may have failed before reading
		 * its control pipe (EPIPE; a fast failure on a slow tflame).
		 * Say why if it did; else do not wait for an answer.
		 */
		if (child_wait(pd->record, 2000, &status) == 0 &&
		    no_control(pd->record, status)) {
			*old = 1;
			return -1;
		}
		if (child_done(pd->record, &status) &&
		    record_failed_early(pd->record, status)) {
			*err = record_failed(pd->record, status);
			return -1;
		}
		*t0 -= START_WAIT_MS;
	}
	while (pd_now_ms() - *t0 < START_WAIT_MS) {
		if (waiting(ro, *t0, &told))
			return -1; /* the user gave up: *err stays NULL */
		child_drain(pd->record);
		child_drain(pd->script);
		pf.fd = pd->ack;
		pf.events = POLLIN;
		if (poll(&pf, 1, 20) > 0 && read(pd->ack, ack, sizeof ack) > 0)
			break; /* "ack": recording */
		if (child_wait(pd->record, pf.revents != 0 ? 2000 : 0,
		    &status) == 0) {
			if (no_control(pd->record, status)) {
				*old = 1;
				return -1;
			}
			if (record_failed_early(pd->record, status)) {
				*err = record_failed(pd->record, status);
				return -1;
			}
			break; /* the command ended by itself */
		}
	}
	return 0;
}

/* perfdata_record() with (ctl) or without --control; *old: rejected it. */
static struct perfdata *
record_start(const struct perfrec_opts *ro, const struct perfdata_opts *o,
    char **err, int *missing, int usectl, int *old)
{
	struct child_spec rs, ss;
	struct perfdata *pd;
	struct rec_args ra;
	struct argv b;
	long long t0;
	int p[2], ctl[2], ackp[2], status;

	memset(&ra, 0, sizeof ra);
	memset(&b, 0, sizeof b);
	*missing = 0;
	pd = xcalloc(1, sizeof *pd);
	pd->ctl = pd->ack = -1;
	if (record_args(&ra, pd, ro, usectl, ctl, ackp, err) != 0)
		goto fail;
	if (pipe2(p, O_CLOEXEC) != 0) {
		*err = xasprintf("cannot make a pipe: %s", strerror(errno));
		goto fail;
	}
	memset(&rs, 0, sizeof rs);
	rs.argv = ra.a.v;
	rs.in = -1;
	rs.out = p[1];
	if (usectl) {
		rs.keep[0] = ctl[0];
		rs.keep[1] = ackp[1];
		rs.nkeep = 2;
	}
	pd->record = child_spawn(&rs, err);
	close(p[1]);
	if (usectl) {
		close(ctl[0]);
		close(ackp[1]);
	}
	if (pd->record == NULL) {
		*missing = errno == ENOENT;
		close(p[0]);
		goto fail;
	}
	/* Old perf: started once its output begins (or failed). */
	t0 = pd_now_ms();
	if (!usectl && first_bytes(pd, ro, p[0], &status) != 0) {
		close(p[0]);
		/* status -1: the user gave up waiting (*err stays NULL). */
		if (status != -1)
			*err = record_failed(pd->record, status);
		goto fail;
	}
	pd_script_args(&b, "-", o);
	memset(&ss, 0, sizeof ss);
	ss.argv = b.v;
	ss.in = p[0];
	ss.out = -1;
	pd->cmd = pd_av_text(&b);
	pd->script = child_spawn(&ss, err);
	close(p[0]);
	if (pd->script == NULL)
		goto fail;
	/* Started, or failed?  perf answers "ping" once it records. */
	if (usectl && record_acked(pd, ro, &t0, err, old) != 0)
		goto fail;
	if (ro->duration > 0)
		pd->deadline = t0 + (long long)(ro->duration * 1000);
	child_set_interrupt(pd->record);
	pd_av_free(&ra.a);
	pd_av_free(&b);
	pd_reader(pd, pd->what);
	return pd;
fail:
	pd_av_free(&ra.a);
	pd_av_free(&b);
	child_free(pd->script);
	child_free(pd->record);
	pd_close_ctl(pd);
	free(pd->cmd);
	free(pd->what);
	free(pd);
	return NULL;
}

struct perfdata *
perfdata_record(const struct perfrec_opts *ro, const struct perfdata_opts *o,
    char **err, int *missing)
{
	struct perfdata *pd;
	int old = 0;

	pd = record_start(ro, o, err, missing, 1, &old);
	if (pd == NULL && old) /* perf before 5.12: no --control */
		pd = record_start(ro, o, err, missing, 0, &old);
	return pd;
}

int
perfrec_exit_status(const struct perfrec_end *e)
{
	if (e == NULL || e->how != PERFREC_CMD)
		return 0;
	if (WIFEXITED(e->status))
		return WEXITSTATUS(e->status);
	if (WIFSIGNALED(e->status))
		return 128 + WTERMSIG(e->status);
	return 0;
}

/*
 * Did a perf record stopped by tflame end by that stop (status)?  Its
 * command got tflame's SIGINT, or perf's own SIGTERM, which perf sends
 * the command when it stops, and perf passes that on.
 */
static int
ended_by_stop(int status)
{
	return (WIFEXITED(status) && (WEXITSTATUS(status) == 0 ||
	    WEXITSTATUS(status) == 128 + SIGINT ||
	    WEXITSTATUS(status) == 128 + SIGTERM)) ||
	    (WIFSIGNALED(status) && (WTERMSIG(status) == SIGINT ||
	    WTERMSIG(status) == SIGTERM));
}

/*
 * perf record has ended (status; perf script gave bytes of output):
 * how, as a status (end->how), and with err set when it failed.
 */
void
pd_record_end(struct perfdata *pd, int status, uint64_t bytes,
    struct perfrec_end *end, char **err)
{
	char st[128];

	end->status = status;
	child_status_text(status, st, sizeof st);
	if (child_killed(pd->record))
		end->how = PERFREC_KILLED;
	else if (record_finished(pd->record))
		/* Its status is the command's (or its SIGINT's). */
		end->how = pd->stopping && ended_by_stop(status) ?
		    PERFREC_STOPPED : PERFREC_CMD;
	else if (status == 0 || (pd->stopping && ended_by_stop(status)))
		end->how = pd->stopping ? PERFREC_STOPPED : PERFREC_CMD;
	else if (bytes == 0 && WIFEXITED(status) &&
	    WEXITSTATUS(status) == 255) {
		/* perf's own -1 with nothing recorded: it never started. */
		end->how = PERFREC_NOSTART;
		*err = xasprintf("`perf record` failed to start (%s)", st);
	} else {
		end->how = PERFREC_FAILED;
		*err = xasprintf("`perf record` %s", st);
	}
}
