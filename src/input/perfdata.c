/*
 * perf.data through `perf script`, and `perf record -o - | perf script -i -`
 * (see input/perfdata.h).
 *
 * Standard input holding perf.data has already been read from when the
 * magic is seen (the format detector peeked at it), so what perf script
 * reads is put together again:
 *   - pipe-mode data (the header's size field is 16, what `perf record
 *     -o -` writes) is streamed: from a regular file, by seeking back;
 *     from a pipe, by a feeder child that writes the peeked bytes and
 *     then copies the rest of standard input;
 *   - file-mode data needs a seekable file: a regular file is given as
 *     /dev/stdin, a pipe is first copied into an unlinked temporary file.
 * perf script's standard error is drained whenever tflame waits for its
 * output, so a chatty perf never blocks.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "input/perfdata.h"
#include "input/perfdata_ctx.h"
#include "input/perfslice.h"
#include "util/escape.h"
#include "util/xalloc.h"

int
perfdata_magic(const char *buf, size_t n)
{
	return n >= PERFDATA_MAGIC_LEN && (memcmp(buf, "PERFILE2", 8) == 0 ||
	    memcmp(buf, "2ELIFREP", 8) == 0);
}

/* Is it pipe-mode data: a header of 16 bytes (either byte order)? */
static int
pipe_mode(const char *buf, size_t n)
{
	if (n < 16)
		return 0;
	if (buf[0] == 'P')
		return (unsigned char)buf[8] == 16 && memcmp(buf + 9,
		    "\0\0\0\0\0\0\0", 7) == 0;
	return (unsigned char)buf[15] == 16 && memcmp(buf + 8,
	    "\0\0\0\0\0\0\0", 7) == 0;
}

/* Milliseconds on a monotonic clock. */
long long
pd_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The perf program: $PERF, else perf from PATH. */
const char *
pd_prog(void)
{
	const char *p = getenv("PERF");

	return p != NULL && *p != '\0' ? p : "perf";
}

/* Append word w (not copied) to a. */
void
pd_av_add(struct argv *a, const char *w)
{
	xgrow((void **)&a->v, &a->cap, a->n + 2, sizeof *a->v);
	a->v[a->n++] = w;
	a->v[a->n] = NULL;
}

/* Append the blank-separated words of s (copied). */
static void
pd_av_split(struct argv *a, const char *s)
{
	char *p, *w;

	if (s == NULL || a->nstore == sizeof a->store / sizeof a->store[0])
		return;
	p = a->store[a->nstore++] = xstrdup(s);
	for (;;) {
		p += strspn(p, " \t\n");
		if (*p == '\0')
			break;
		w = p;
		p += strcspn(p, " \t\n");
		if (*p != '\0')
			*p++ = '\0';
		pd_av_add(a, w);
	}
}

/* Free what a holds. */
void
pd_av_free(struct argv *a)
{
	size_t i;

	for (i = 0; i < a->nstore; i++)
		free(a->store[i]);
	free(a->v);
}

/* The words of a joined with blanks (for messages; escaped when shown). */
char *
pd_av_text(const struct argv *a)
{
	size_t i, len = 1;
	char *s;

	for (i = 0; i < a->n; i++)
		len += strlen(a->v[i]) + 1;
	s = xmalloc(len);
	s[0] = '\0';
	for (i = 0; i < a->n; i++) {
		if (i > 0)
			strcat(s, " ");
		strcat(s, a->v[i]);
	}
	return s;
}

/* perf script's arguments, input path first. */
void
pd_script_args(struct argv *a, const char *input, const struct perfdata_opts *o)
{
	pd_av_add(a, pd_prog());
	pd_av_add(a, "script");
	pd_av_add(a, "-i");
	pd_av_add(a, input);
	if (o->pid || o->dso) {
		/* The root frames need "comm pid/tid", not "comm tid". */
		pd_av_add(a, "-F");
		pd_av_add(a, o->pid && o->dso ? "+pid,+dso" : o->pid ? "+pid" :
		    "+dso");
	}
	pd_av_split(a, o->args);
}

/* The feeder: bytes already read, then the rest of standard input. */
struct feed {
	const char *buf;
	size_t len;
};

/* In the feeder child: copy to perf script's standard input. */
static void
feed(void *arg)
{
	const struct feed *f = arg;
	char buf[65536];
	ssize_t n;

	if (child_write_all(STDOUT_FILENO, f->buf, f->len) != 0)
		return;
	for (;;) {
		n = read(STDIN_FILENO, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0 || child_write_all(STDOUT_FILENO, buf, (size_t)n) != 0)
			return;
	}
}

/* Copy the peeked bytes and the rest of standard input to a temporary file. */
static int
spool(const char *buf, size_t len, char **err)
{
	char tmp[65536];
	FILE *fp = tmpfile();
	ssize_t n;
	int fd;

	if (fp == NULL) {
		*err = xasprintf("cannot make a temporary file for perf.data "
		    "from standard input: %s", strerror(errno));
		return -1;
	}
	fd = dup(fileno(fp));
	fclose(fp);
	if (fd < 0) {
		*err = xasprintf("cannot make a temporary file: %s",
		    strerror(errno));
		return -1;
	}
	for (;;) {
		if (len > 0 && write(fd, buf, len) != (ssize_t)len) {
			*err = xasprintf("cannot copy perf.data from standard "
			    "input to a temporary file: %s", strerror(errno));
			close(fd);
			return -1;
		}
		n = read(STDIN_FILENO, tmp, sizeof tmp);
		if (n < 0 && errno == EINTR) {
			len = 0;
			continue;
		}
		if (n <= 0)
			break;
		buf = tmp;
		len = (size_t)n;
	}
	lseek(fd, 0, SEEK_SET);
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	return fd;
}

/* Before each read of perf script's output: drain, wait, stop on time. */
static int
pd_progress(void *ctx)
{
	struct perfdata *pd = ctx;
	struct child *cs[3];
	long long now;
	int ms;

	cs[0] = pd->script;
	cs[1] = pd->feeder;
	cs[2] = pd->record;
	for (;;) {
		/* A progress hook watches (and drains) standard error itself. */
		if (pd->progress == NULL)
			perfdata_drain(pd);
		now = pd_now_ms();
		if (pd->record != NULL && !pd->stopping &&
		    child_interrupted()) {
			/* SIGINT went to perf record: its grace begins. */
			pd->stopping = 1;
			child_stop(pd->record, 0);
		}
		if (pd->deadline > 0 && !pd->stopping && now >= pd->deadline)
			perfdata_stop(pd);
		/* Stopping: SIGTERM, then SIGKILL when it does not end. */
		ms = pd->stopping ? child_stop_step(pd->record,
		    PERFDATA_GRACE_MS) : -1;
		if (pd->progress != NULL)
			return pd->progress(pd->progress_ctx);
		if (pd->deadline > 0 && !pd->stopping)
			ms = (int)(pd->deadline - now);
		if (child_wait_readable(reader_fd(pd->r), cs, 3, ms) == 0)
			return 0;
	}
}

/* Does s (--perf-args) hold any word? */
static int
has_words(const char *s)
{
	return s != NULL && s[strspn(s, " \t\n")] != '\0';
}

/* Can the perf program be run (so that a merger's children find it)? */
static int
perf_found(void)
{
	const char *prog = pd_prog(), *p, *e;
	char path[4096];

	if (strchr(prog, '/') != NULL)
		return access(prog, X_OK) == 0;
	if ((p = getenv("PATH")) == NULL)
		return 0;
	for (; ; p = e + 1) {
		e = p + strcspn(p, ":");
		snprintf(path, sizeof path, "%.*s%s%s", (int)(e - p), p,
		    e > p ? "/" : "", prog);
		if (access(path, X_OK) == 0)
			return 1;
		if (*e == '\0')
			return 0;
	}
}

/*
 * Read a perf.data file in time slices when it pays: a file of its own
 * (not standard input), perf script's arguments all tflame's, and a
 * header with its sample times.  Sets cs to run the merger.
 */
static void
slices_plan(const char *path, const struct perfdata_opts *o,
    struct child_spec *cs, struct perfslice *ps)
{
	if (path == NULL || strcmp(path, "-") == 0 || o->slices < 2 ||
	    has_words(o->args))
		return;
	ps->n = perfslice_count(path, o->slices, &ps->first, &ps->last);
	if (ps->n < 2 || !perf_found())
		return;
	ps->argv = cs->argv;
	cs->argv = NULL;
	cs->fn = perfslice_run;
	cs->arg = ps;
}

/* Wrap perf script's output in a reader read through pd_progress(). */
void
pd_reader(struct perfdata *pd, const char *source)
{
	char *err = NULL;

	pd->r = reader_fdopen(child_out(pd->script), source, 0, &err);
	free(err); /* a pipe is never a directory */
	reader_set_progress(pd->r, pd_progress, pd);
}

struct perfdata *
perfdata_open(const char *path, struct reader *in, const char *source,
    const struct perfdata_opts *o, char **err, int *missing)
{
	struct child_spec cs, fs;
	struct perfslice ps;
	struct perfdata *pd;
	struct argv a;
	struct feed f;
	struct stat sb;
	const char *buf, *input = path;
	uint64_t off;
	size_t len = 0;
	int fd = -1, p[2] = {-1, -1};

	memset(&a, 0, sizeof a);
	memset(&cs, 0, sizeof cs);
	cs.in = -1;
	cs.out = -1;
	pd = xcalloc(1, sizeof *pd);
	pd->ctl = pd->ack = -1;
	*missing = 0;
	if (path == NULL || strcmp(path, "-") == 0) {
		if (reader_is_gzip(in)) {
			*err = xstrdup("gzip-compressed perf.data: "
			    "uncompress it first");
			goto fail;
		}
		len = reader_ahead(in, &buf, &off);
		if (fstat(STDIN_FILENO, &sb) != 0)
			memset(&sb, 0, sizeof sb);
		/* A regular file is read again from where tflame began. */
		if (S_ISREG(sb.st_mode) && lseek(STDIN_FILENO,
		    -(off_t)reader_bytes(in), SEEK_CUR) < 0)
			sb.st_mode = 0;
		if (pipe_mode(buf, len)) {
			input = "-";
			if (S_ISREG(sb.st_mode))
				cs.in = STDIN_FILENO;
			else {
				/* A pipe: the feeder puts it together. */
				if (pipe2(p, O_CLOEXEC) != 0) {
					*err = xasprintf("cannot make a pipe: "
					    "%s", strerror(errno));
					goto fail;
				}
				memset(&fs, 0, sizeof fs);
				f.buf = buf;
				f.len = len;
				fs.fn = feed;
				fs.arg = &f;
				fs.in = STDIN_FILENO;
				fs.out = p[1];
				pd->feeder = child_spawn(&fs, err);
				close(p[1]);
				if (pd->feeder == NULL) {
					close(p[0]);
					goto fail;
				}
				cs.in = fd = p[0];
			}
		} else {
			input = "/dev/stdin";
			if (S_ISREG(sb.st_mode))
				cs.in = STDIN_FILENO;
			else if ((cs.in = fd = spool(buf, len, err)) < 0)
				goto fail;
		}
	}
	pd_script_args(&a, input, o);
	if (input == path && !has_words(o->args) && perfslice_dwarf(path) == 0)
		pd_av_add(&a, "--no-inline"); /* no inline frames to find */
	cs.argv = a.v;
	slices_plan(path, o, &cs, &ps);
	pd->cmd = pd_av_text(&a);
	pd->script = child_spawn(&cs, err);
	if (fd >= 0)
		close(fd);
	if (pd->script == NULL) {
		*missing = errno == ENOENT;
		goto fail;
	}
	pd_av_free(&a);
	pd_reader(pd, source); /* source may be in's name: before closing */
	if (path == NULL || strcmp(path, "-") == 0)
		reader_close(in);
	return pd;
fail:
	pd_av_free(&a);
	child_free(pd->feeder);
	free(pd->cmd);
	free(pd);
	return NULL;
}

/* Close the control pipe of perf record. */
void
pd_close_ctl(struct perfdata *pd)
{
	if (pd->ctl >= 0)
		close(pd->ctl);
	if (pd->ack >= 0)
		close(pd->ack);
	pd->ctl = pd->ack = -1;
}

void
perfdata_set_progress(struct perfdata *pd, int (*fn)(void *), void *ctx)
{
	pd->progress = fn;
	pd->progress_ctx = ctx;
}

int
perfdata_errfds(const struct perfdata *pd, int *fds, int n)
{
	struct child *cs[3];
	int i, k = 0;

	cs[0] = pd->script;
	cs[1] = pd->feeder;
	cs[2] = pd->record;
	for (i = 0; i < 3 && k < n; i++)
		if (cs[i] != NULL && child_errfd(cs[i]) >= 0)
			fds[k++] = child_errfd(cs[i]);
	return k;
}

static void note_lines(struct perfdata *, struct diag *, const struct child *,
    const char *, int, int);
static void scan_lost(struct perfdata *);

/*
 * Whose words perf record's standard error holds: a command's (perf
 * record passes its output on; the messages name the command already),
 * else perf record's.
 */
static const char *
record_who(const struct perfdata *pd)
{
	return pd->has_cmd ? NULL : "perf record";
}

void
perfdata_drain(struct perfdata *pd)
{
	child_drain(pd->script);
	scan_lost(pd);
	if (pd->feeder != NULL)
		child_drain(pd->feeder);
	if (pd->record != NULL)
		child_drain(pd->record);
	if (pd->d == NULL)
		return;
	/* Whole lines go to the messages as they come. */
	note_lines(pd, pd->d, pd->script, "perf script", 0, 0);
	if (pd->record != NULL)
		note_lines(pd, pd->d, pd->record, record_who(pd), 1, 0);
}

void
perfdata_set_diag(struct perfdata *pd, struct diag *d)
{
	pd->d = d;
}

void
perfdata_stop(struct perfdata *pd)
{
	if (pd->record == NULL)
		return;
	if (!pd->stopping) {
		pd->stopping = 1;
		child_stop(pd->record, SIGINT);
	} else
		child_stop_step(pd->record, PERFDATA_GRACE_MS);
}

unsigned long long
perfdata_lost(struct perfdata *pd)
{
	/* What was drained while waiting for perf record to start too. */
	child_drain(pd->script);
	scan_lost(pd);
	return pd->lost;
}

/*
 * Count what perf script says it lost ("Processed 8473 events and lost
 * 22 chunks!"), in the whole lines of its standard error not seen yet.
 */
static void
scan_lost(struct perfdata *pd)
{
	static const char word[] = "lost ";
	const char *base, *s, *e, *p;
	unsigned long long n;
	size_t len;

	base = child_errtext(pd->script, &len, NULL);
	for (s = base + pd->lost_off; s < base + len; s = e + 1) {
		if ((e = memchr(s, '\n', (size_t)(base + len - s))) == NULL)
			break;
		pd->lost_off = (size_t)(e - base) + 1;
		for (p = s; p + sizeof word - 1 < e; p++) {
			if (memcmp(p, word, sizeof word - 1) != 0 ||
			    !isdigit((unsigned char)p[sizeof word - 1]))
				continue;
			n = strtoull(p + sizeof word - 1, NULL, 10);
			p += sizeof word - 1;
			p += strspn(p, "0123456789");
			if ((size_t)(e - p) >= 7 && memcmp(p, " chunks", 7) == 0)
				pd->lost += n;
		}
	}
}

/* Where noting child c's standard error has got to (pd->noted). */
static struct noted *
noted_of(struct perfdata *pd, const struct child *c)
{
	return &pd->noted[c == pd->script ? 0 : c == pd->record ? 1 : 2];
}

/*
 * Note child c's standard error in d, line by line, as "who: LINE", from
 * where the last call stopped; whole lines only unless all is set (the
 * child has ended).
 */
static void
note_lines(struct perfdata *pd, struct diag *d, const struct child *c,
    const char *who, int skip, int all)
{
	struct noted *nt = noted_of(pd, c);
	const char *s, *e, *end, *base;
	char line[1024];
	size_t len, dropped;

	base = child_errtext(c, &len, &dropped);
	for (s = base + nt->off, end = base + len; s < end; s = e + 1) {
		if ((e = memchr(s, '\n', (size_t)(end - s))) == NULL) {
			if (!all)
				break;
			e = end;
		}
		nt->off = (size_t)(e - base) + 1;
		if (e == s || (skip && (size_t)(e - s) >= 14 &&
		    memcmp(s, "[ perf record:", 14) == 0))
			continue;
		if (nt->lines++ >= NOTE_LINES) {
			nt->more++;
			continue;
		}
		escape_text(line, sizeof line, s, (size_t)(e - s));
		if (who != NULL)
			diag_note(d, "%s: %s", who, line);
		else
			diag_note(d, "%s", line);
	}
	if (all && (nt->more > 0 || dropped > 0))
		diag_note(d, "%s%s%zu more lines%s", who != NULL ? who : "",
		    who != NULL ? ": " : "", nt->more,
		    dropped > 0 ? " and more bytes" : "");
	if (nt->off > len)
		nt->off = len;
}

int
perfdata_close(struct perfdata *pd, struct diag *d, int stopped,
    struct perfrec_end *endp, char **err)
{
	struct perfrec_end endbuf, *end = endp != NULL ? endp : &endbuf;
	char st[128], cmd[512], *rerr = NULL;
	uint64_t bytes = reader_bytes(pd->r);
	int rc = 0, status = 0, rstatus = 0;

	memset(end, 0, sizeof *end);
	end->cmd = pd->has_cmd;
	reader_close(pd->r);
	escape_text(cmd, sizeof cmd, pd->cmd, strlen(pd->cmd));
	if (stopped) {
		/*
		 * The user quit: no more is wanted.  perf record gets SIGINT,
		 * so that it ends as it should (and with it, the command it
		 * runs), then SIGTERM and SIGKILL when it does not; perf
		 * script, its output no longer read, ends on the broken pipe
		 * (or is killed a while later).
		 */
		perfdata_stop(pd);
		child_close_out(pd->script);
		if (pd->record != NULL) {
			child_stop_wait(pd->record, PERFDATA_GRACE_MS, NULL);
			end->how = child_killed(pd->record) ? PERFREC_KILLED :
			    PERFREC_STOPPED;
		}
		child_wait(pd->script, STOP_WAIT_MS, NULL);
		if (pd->record != NULL) {
			/* The command's output is perf record's. */
			child_drain(pd->record);
			note_lines(pd, d, pd->record, record_who(pd), 1, 1);
		}
		child_drain(pd->script);
		scan_lost(pd);
		end->lost = pd->lost;
		child_free(pd->record);
		child_free(pd->feeder);
		child_free(pd->script);
		pd_close_ctl(pd);
		free(pd->cmd);
		free(pd->what);
		free(pd);
		return 0;
	}
	if (pd->record != NULL) {
		/*
		 * perf script has ended.  Unless tflame stopped it, perf
		 * record is ending by itself (its command ended) and its
		 * status will be the command's: it closes its output some
		 * time before it exits (longer under load), so it is given
		 * that time, as a SIGINT would end it by the signal instead.
		 * Then it is stopped, and killed when it does not end: never
		 * waited for beyond RECORD_END_MS, its grace period and
		 * CHILD_KILL_MS.
		 */
		if (pd->stopping ||
		    child_wait(pd->record, RECORD_END_MS, &rstatus) != 0) {
			perfdata_stop(pd);
			child_stop_wait(pd->record, PERFDATA_GRACE_MS,
			    &rstatus);
		}
		pd_record_end(pd, rstatus, bytes, end, &rerr);
		note_lines(pd, d, pd->record, rerr != NULL ? "perf record" :
		    record_who(pd), 1, 1);
		if (end->how == PERFREC_KILLED)
			diag_note(d, "`perf record` did not stop when asked; "
			    "killed it (what it had recorded is kept)");
		else if (end->how == PERFREC_CMD && rstatus != 0) {
			/* The command's status (d's source names it). */
			child_status_text(rstatus, st, sizeof st);
			diag_note(d, "%s", st);
		}
	}
	if (child_wait(pd->script, EXIT_WAIT_MS, &status) != 0) {
		diag_note(d, "`%s` did not end after its output; stopped it",
		    cmd);
		child_free(pd->script);
		pd->script = NULL;
	} else {
		note_lines(pd, d, pd->script, "perf script", 0, 1);
		scan_lost(pd);
		if (rerr != NULL) {
			/* perf record's failure comes first: the cause. */
			*err = rerr;
			rerr = NULL;
			rc = -1;
		} else if (status != 0) {
			child_status_text(status, st, sizeof st);
			*err = xasprintf("`%s` %s", pd->cmd, st);
			rc = -1;
		}
	}
	if (rerr != NULL) {
		*err = rerr;
		rc = -1;
	}
	end->lost = pd->lost;
	child_free(pd->script);
	child_free(pd->feeder);
	child_free(pd->record);
	pd_close_ctl(pd);
	free(pd->cmd);
	free(pd->what);
	free(pd);
	return rc;
}

void
perfdata_missing(const char *first, FILE *fp)
{
	fprintf(fp, "tflame: %s\n", first);
	fputs("tflame: install linux-perf (Debian) or linux-tools-$(uname -r) "
	    "(Ubuntu), or perf (RHEL, Fedora),\n", fp);
	fputs("tflame: or run `perf script -i FILE | tflame` where perf is "
	    "installed\n", fp);
}
