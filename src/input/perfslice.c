/*
 * perf.data in time slices read by parallel `perf script` children, merged
 * in time order (see input/perfslice.h).
 *
 * The header (perf's struct perf_file_header, native byte order):
 * magic(8) size(8) attr_size(8) attrs(16) data(16) event_types(16)
 * adds_features(256 bits); the feature sections follow the data, an
 * array of (offset, size) pairs, one per feature bit set, in bit order.
 * HEADER_SAMPLE_TIME (bit 21) holds two u64: the first and last sample
 * times.  The attributes (attrs: perf_event_attr and the section of its
 * ids, attr_size bytes each) say how each event was sampled.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "input/child.h"
#include "input/perfslice.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define HDR_SIZE 104
#define FEAT_SAMPLE_TIME 21
#define PERF_MAGIC 0x32454c4946524550ull /* "PERFILE2" in native order */
#define PERF_SAMPLE_STACK_USER (1u << 13)

/* The u64 at p (native order). */
static uint64_t
u64_at(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof v);
	return v;
}

int
perfslice_times(int fd, uint64_t *first, uint64_t *last)
{
	unsigned char h[HDR_SIZE], sec[16], t[16];
	uint64_t feat_off, bits, off;
	int i, idx = 0;

	if (pread(fd, h, sizeof h, 0) != (ssize_t)sizeof h ||
	    u64_at(h) != PERF_MAGIC || u64_at(h + 8) < HDR_SIZE)
		return -1;
	/* The features, bits 0..255 in four words; bit 21 is in the first. */
	bits = u64_at(h + 72);
	if (!(bits >> FEAT_SAMPLE_TIME & 1))
		return -1;
	for (i = 0; i < FEAT_SAMPLE_TIME; i++)
		idx += (int)(bits >> i & 1);
	feat_off = u64_at(h + 40) + u64_at(h + 48);
	if (feat_off < u64_at(h + 40) || feat_off > INT64_MAX - 16 * 64)
		return -1;
	off = feat_off + 16 * (uint64_t)idx;
	if (pread(fd, sec, sizeof sec, (off_t)off) != (ssize_t)sizeof sec ||
	    u64_at(sec + 8) < 16 || u64_at(sec) > INT64_MAX)
		return -1;
	if (pread(fd, t, sizeof t, (off_t)u64_at(sec)) != (ssize_t)sizeof t)
		return -1;
	*first = u64_at(t);
	*last = u64_at(t + 8);
	return 0;
}

int
perfslice_dwarf(const char *path)
{
	unsigned char h[HDR_SIZE], st[8];
	uint64_t off, size, esz, i, n;
	int fd, rc = 0;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	if (pread(fd, h, sizeof h, 0) != (ssize_t)sizeof h ||
	    u64_at(h) != PERF_MAGIC || u64_at(h + 8) < HDR_SIZE) {
		close(fd);
		return -1;
	}
	/* Each attribute: perf_event_attr and its ids, attr_size bytes. */
	esz = u64_at(h + 16);
	off = u64_at(h + 24);
	size = u64_at(h + 32);
	n = esz > 16 + 32 ? size / esz : 0;
	if (n == 0 || n > 4096 || off > INT64_MAX - n * esz)
		rc = -1;
	for (i = 0; rc == 0 && i < n; i++) {
		/* sample_type: after type, size, config and the period. */
		if (pread(fd, st, sizeof st, (off_t)(off + i * esz + 24)) !=
		    (ssize_t)sizeof st)
			rc = -1;
		else if (u64_at(st) & PERF_SAMPLE_STACK_USER)
			rc = 1;
	}
	close(fd);
	return rc;
}

int
perfslice_count(const char *path, int cpus, uint64_t *first, uint64_t *last)
{
	struct stat sb;
	uint64_t span;
	int fd, n, rc;

	if (cpus < 2 || (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 1;
	rc = fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) ?
	    perfslice_times(fd, first, last) : -1;
	close(fd);
	if (rc != 0 || *last <= *first)
		return 1;
	span = *last - *first;
	n = cpus > PERFSLICE_MAX ? PERFSLICE_MAX : cpus;
	while (n > 1 && span / (uint64_t)n < PERFSLICE_MIN_NS)
		n--;
	return n;
}

/* B(i): where slice i begins. */
static uint64_t
bound(uint64_t first, uint64_t last, int i, int n)
{
	uint64_t span = last - first, k = (uint64_t)i, m = (uint64_t)n;

	return first + span / m * k + span % m * k / m;
}

void
perfslice_range(uint64_t first, uint64_t last, int i, int n, char *buf,
    size_t len)
{
	char a[32] = "", b[32] = "";
	uint64_t s = bound(first, last, i, n), e;

	if (i > 0)
		snprintf(a, sizeof a, "%llu.%09llu",
		    (unsigned long long)(s / 1000000000u),
		    (unsigned long long)(s % 1000000000u));
	if (i < n - 1) {
		e = bound(first, last, i + 1, n) - 1;
		snprintf(b, sizeof b, "%llu.%09llu",
		    (unsigned long long)(e / 1000000000u),
		    (unsigned long long)(e % 1000000000u));
	}
	snprintf(buf, len, "%s,%s", a, b);
}

/* One perf script child of the merger. */
struct slice {
	pid_t pid;
	int out, err;           /* pipes, -1 at their end */
	int spool;              /* held output, or -1 */
	off_t spooled;          /* bytes in it */
	char *mem;              /* what the spool could not take */
	size_t memlen, memcap;
	int hold;               /* spool failed: left in the pipe until its turn */
	int status;
	char line[4096];        /* standard error's line being put together */
	size_t linelen;
};

/* A line of standard error, and how often it was passed on. */
struct said {
	char *text;
	unsigned emitted;
	unsigned *seen;         /* per slice */
};

struct merger {
	struct slice *s;
	int n, cur;
	struct said *said;
	size_t nsaid, capsaid;
};

#define SAID_MAX 1024

/* Start slice i: perf script with --time and its range. */
static void
slice_start(struct merger *m, const struct perfslice *ps, int i)
{
	struct slice *s = &m->s[i];
	const char **av;
	char range[80];
	size_t k, argc = 0;
	int op[2], ep[2];

	while (ps->argv[argc] != NULL)
		argc++;
	av = xcalloc(argc + 3, sizeof *av);
	for (k = 0; k < argc; k++)
		av[k] = ps->argv[k];
	perfslice_range(ps->first, ps->last, i, ps->n, range, sizeof range);
	av[argc] = "--time";
	av[argc + 1] = range;
	s->spool = -1;
	s->out = s->err = -1;
	if (pipe2(op, O_CLOEXEC) != 0 || pipe2(ep, O_CLOEXEC) != 0) {
		fprintf(stderr, "cannot make a pipe: %s\n", strerror(errno));
		_exit(1);
	}
	if ((s->pid = fork()) < 0) {
		fprintf(stderr, "cannot start a process: %s\n",
		    strerror(errno));
		_exit(1);
	}
	if (s->pid == 0) {
		char *const *v;

#ifdef __linux__
		prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
		if (dup2(op[1], 1) < 0 || dup2(ep[1], 2) < 0)
			_exit(127);
		memcpy(&v, &av, sizeof v);
		execvp(v[0], v);
		fprintf(stderr, "%s: %s\n", v[0], strerror(errno));
		_exit(127);
	}
	free(av);
	close(op[1]);
	close(ep[1]);
	s->out = op[0];
	s->err = ep[0];
}

/* A held output: an unlinked temporary file, or -1. */
static int
spool_make(void)
{
	const char *dir = getenv("TMPDIR");
	char path[4096];
	int fd;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
#ifdef O_TMPFILE
	if ((fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600)) >= 0)
		return fd;
#endif
	snprintf(path, sizeof path, "%s/tflame-slice-XXXXXX", dir);
	if ((fd = mkstemp(path)) < 0)
		return -1;
	unlink(path);
	return fd;
}

/* Pass line (len bytes and its newline) of slice i on, once per copy. */
static void
said_line(struct merger *m, int i, const char *line, size_t len)
{
	struct said *sd = NULL;
	size_t k;

	for (k = 0; k < m->nsaid; k++)
		if (strlen(m->said[k].text) == len &&
		    memcmp(m->said[k].text, line, len) == 0) {
			sd = &m->said[k];
			break;
		}
	if (sd == NULL && m->nsaid < SAID_MAX) {
		xgrow((void **)&m->said, &m->capsaid, m->nsaid + 1,
		    sizeof *m->said);
		sd = &m->said[m->nsaid++];
		sd->text = xmalloc(len + 1);
		memcpy(sd->text, line, len);
		sd->text[len] = '\0';
		sd->emitted = 0;
		sd->seen = xcalloc((size_t)m->n, sizeof *sd->seen);
	}
	if (sd != NULL && ++sd->seen[i] <= sd->emitted)
		return;
	if (sd != NULL)
		sd->emitted++;
	if (child_write_all(2, line, len) == 0)
		child_write_all(2, "\n", 1);
}

/* Read slice i's standard error; its whole lines are passed on. */
static void
err_read(struct merger *m, int i)
{
	struct slice *s = &m->s[i];
	char buf[4096], *nl;
	ssize_t r = read(s->err, buf, sizeof buf);
	size_t k, room;

	if (r < 0 && errno == EINTR)
		return;
	if (r <= 0) {
		if (s->linelen > 0)
			said_line(m, i, s->line, s->linelen);
		s->linelen = 0;
		close(s->err);
		s->err = -1;
		return;
	}
	for (k = 0; k < (size_t)r; k = (size_t)(nl - buf) + 1) {
		nl = memchr(buf + k, '\n', (size_t)r - k);
		if (nl == NULL)
			nl = buf + r;
		room = sizeof s->line - s->linelen;
		if ((size_t)(nl - buf) - k < room)
			room = (size_t)(nl - buf) - k;
		memcpy(s->line + s->linelen, buf + k, room);
		s->linelen += room;
		if (nl == buf + r)
			break;
		said_line(m, i, s->line, s->linelen);
		s->linelen = 0;
	}
}

/* Copy what slice i held back to standard output. */
static void
spool_flush(struct slice *s)
{
	char buf[65536];
	ssize_t r;

	if (s->spool >= 0 && lseek(s->spool, 0, SEEK_SET) == 0)
		while ((r = read(s->spool, buf, sizeof buf)) != 0) {
			if (r < 0 && errno == EINTR)
				continue;
			if (r < 0 || child_write_all(1, buf, (size_t)r) != 0)
				_exit(1);
		}
	if (s->spool >= 0)
		close(s->spool);
	s->spool = -1;
	if (s->memlen > 0 && child_write_all(1, s->mem, s->memlen) != 0)
		_exit(1);
	free(s->mem);
	s->mem = NULL;
	s->memlen = 0;
}

/* Hold n bytes of slice s back: in its spool, else in memory (then stop). */
static void
hold(struct slice *s, const char *p, size_t n)
{
	if (!s->hold && s->spool < 0 && (s->spool = spool_make()) < 0)
		s->hold = 1;
	if (!s->hold && child_write_all(s->spool, p, n) == 0) {
		s->spooled += (off_t)n;
		return;
	}
	/* No file, or a full disk: this much in memory, the rest waits. */
	if (s->spool >= 0 && ftruncate(s->spool, s->spooled) != 0)
		_exit(1);
	s->hold = 1;
	xgrow((void **)&s->mem, &s->memcap, s->memlen + n, 1);
	memcpy(s->mem + s->memlen, p, n);
	s->memlen += n;
}

/* Read slice i's output: passed on when its turn, else held back. */
static void
out_read(struct merger *m, int i)
{
	struct slice *s = &m->s[i];
	char buf[65536];
	ssize_t r = read(s->out, buf, sizeof buf);

	if (r < 0 && errno == EINTR)
		return;
	if (r <= 0) {
		close(s->out);
		s->out = -1;
		/* The next slices' turns: what they held, then their pipes. */
		while (i == m->cur && m->cur + 1 < m->n) {
			s = &m->s[++m->cur];
			i = s->out < 0 ? m->cur : -1;
			spool_flush(s);
		}
		return;
	}
	if (i == m->cur) {
		if (child_write_all(1, buf, (size_t)r) != 0)
			_exit(1); /* tflame stopped reading */
		return;
	}
	hold(s, buf, (size_t)r);
}

/* Exit as the first failing slice did, else 0. */
static void ATTR_NORETURN
merger_exit(struct merger *m)
{
	int i, st;

	for (i = 0; i < m->n; i++) {
		while (waitpid(m->s[i].pid, &st, 0) < 0 && errno == EINTR)
			;
		m->s[i].status = st;
	}
	for (i = 0; i < m->n; i++) {
		st = m->s[i].status;
		if (WIFSIGNALED(st)) {
			signal(WTERMSIG(st), SIG_DFL);
			raise(WTERMSIG(st));
			_exit(128 + WTERMSIG(st));
		}
		if (WIFEXITED(st) && WEXITSTATUS(st) != 0)
			_exit(WEXITSTATUS(st));
	}
	_exit(0);
}

/* Close every descriptor from lo up (inherited from tflame). */
static void
close_from(int lo)
{
	long max = sysconf(_SC_OPEN_MAX);
	int fd;

	if (max < 0 || max > 65536)
		max = 65536;
	for (fd = lo; fd < max; fd++)
		close(fd);
}

void
perfslice_run(void *arg)
{
	const struct perfslice *ps = arg;
	struct merger m;
	struct pollfd pf[2 * PERFSLICE_MAX];
	int who[2 * PERFSLICE_MAX], i, k, nf;

	/*
	 * Only tflame may hold the read end of this output: a merger that
	 * held it too would never see tflame stop reading.
	 */
	close_from(3);
	memset(&m, 0, sizeof m);
	m.n = ps->n;
	m.s = xcalloc((size_t)m.n, sizeof *m.s);
	for (i = 0; i < m.n; i++)
		slice_start(&m, ps, i);
	for (;;) {
		nf = 0;
		for (i = 0; i < m.n; i++) {
			if (m.s[i].out >= 0 && (i == m.cur || !m.s[i].hold)) {
				pf[nf].fd = m.s[i].out;
				pf[nf].events = POLLIN;
				who[nf++] = i;
			}
			if (m.s[i].err >= 0) {
				pf[nf].fd = m.s[i].err;
				pf[nf].events = POLLIN;
				who[nf++] = -1 - i;
			}
		}
		if (nf == 0)
			break;
		if (poll(pf, (nfds_t)nf, -1) < 0) {
			if (errno == EINTR)
				continue;
			_exit(1);
		}
		for (k = 0; k < nf; k++) {
			if (pf[k].revents == 0)
				continue;
			if (who[k] >= 0)
				out_read(&m, who[k]);
			else
				err_read(&m, -1 - who[k]);
		}
	}
	merger_exit(&m);
}
