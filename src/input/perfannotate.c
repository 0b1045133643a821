/*
 * perf annotate as a child (input/perfannotate.h): its output read whole
 * (at most PERFANNOTATE_MAX bytes, the rest read and dropped), its
 * standard error drained meanwhile, the whole run bounded by
 * PERFANNOTATE_MS, after which it is stopped.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "input/child.h"
#include "input/perfannotate.h"
#include "util/xalloc.h"

/* Milliseconds of the monotonic clock. */
static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Read c's standard output to its end into pa; 0, or -1 on time out. */
static int
read_all(struct child *c, struct perfannotate *pa)
{
	long long end = now_ms() + PERFANNOTATE_MS;
	size_t cap = 0;
	char drop[4096];
	ssize_t r;
	int fd = child_out(c);

	pa->out = NULL;
	pa->len = 0;
	for (;;) {
		long long left = end - now_ms();

		if (left <= 0 ||
		    child_wait_readable(fd, &c, 1, (int)left) == 1)
			return -1;
		if (pa->len < PERFANNOTATE_MAX) {
			xgrow((void **)&pa->out, &cap, pa->len + 65536, 1);
			r = read(fd, pa->out + pa->len, cap - pa->len - 1);
		} else
			r = read(fd, drop, sizeof drop);
		if (r == 0)
			return 0;
		if (r < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			return 0;
		}
		if (pa->len < PERFANNOTATE_MAX)
			pa->len += (size_t)r;
	}
}

/* Keep c's standard error in pa->err (what it said). */
static void
keep_err(struct child *c, struct perfannotate *pa, const char *prefix)
{
	size_t n, dropped, k = strlen(prefix);
	const char *e = child_errtext(c, &n, &dropped);

	free(pa->err);
	pa->err = xmalloc(k + n + 1);
	memcpy(pa->err, prefix, k);
	if (n > 0)
		memcpy(pa->err + k, e, n);
	n += k;
	while (n > 0 && (pa->err[n - 1] == '\n' || pa->err[n - 1] == ' '))
		n--;
	pa->err[n] = '\0';
}

int
perfannotate_run(const char *path, const char *sym, size_t symlen,
    struct perfannotate *pa)
{
	const char *prog = getenv("PERF");
	const char *argv[10];
	struct child_spec cs;
	struct child *c;
	char *s = xmalloc(symlen + 10), *err = NULL;
	int status = 0, rc;

	memset(pa, 0, sizeof *pa);
	/* One word: a name starting with "-" is no option of perf's. */
	memcpy(s, "--symbol=", 9);
	memcpy(s + 9, sym, symlen);
	s[symlen + 9] = '\0';
	argv[0] = prog != NULL && *prog != '\0' ? prog : "perf";
	argv[1] = "annotate";
	argv[2] = "--stdio";
	argv[3] = "-l";
	argv[4] = "-i";
	argv[5] = path;
	argv[6] = s;
	argv[7] = NULL;
	memset(&cs, 0, sizeof cs);
	cs.argv = argv;
	cs.in = -1;
	cs.out = -1;
	c = child_spawn(&cs, &err);
	free(s);
	if (c == NULL) {
		pa->missing = errno == ENOENT;
		pa->err = err != NULL ? err : xstrdup("perf could not be started");
		return -1;
	}
	rc = read_all(c, pa);
	child_close_out(c);
	if (rc != 0) {
		child_stop_wait(c, 0, &status);
		keep_err(c, pa, "perf annotate took too long and was stopped");
		child_free(c);
		return -1;
	}
	if (child_wait(c, PERFANNOTATE_MS, &status) != 0)
		child_stop_wait(c, 0, &status);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		keep_err(c, pa, "perf annotate failed: ");
		child_free(c);
		return -1;
	}
	keep_err(c, pa, "");
	if (pa->err[0] == '\0') {
		free(pa->err);
		pa->err = NULL;
	}
	child_free(c);
	if (pa->out == NULL)
		pa->out = xstrdup("");
	pa->out[pa->len] = '\0';
	return 0;
}

void
perfannotate_free(struct perfannotate *pa)
{
	free(pa->out);
	free(pa->err);
	memset(pa, 0, sizeof *pa);
}
