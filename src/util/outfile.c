/*
 * Output files: the rule of util/outfile.h, in one place for every file
 * tflame writes (--svg, the viewer's `s`).
 *
 * The stream is a stdio cookie stream over the descriptor, so that its
 * write function can refuse to go on once a signal has arrived, make the
 * first write create or truncate an in-place target, and record the real
 * error.  Signal state is global: one output at a time.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/macros.h"
#include "util/outfile.h"
#include "util/xalloc.h"

#define OUT_BUF (64 * 1024)

/* Signals that end the process by default, caught while they still do. */
static const int term_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM,
	SIGVTALRM, SIGPROF, SIGXCPU
};
/* SIGINT, SIGTERM, SIGHUP, SIGQUIT: also taken over from a handler. */
#define NQUIT 4
/* Crash signals: a named temporary file is removed, then as before. */
static const int crash_signals[] = {
	SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS
};

static struct sigaction old_term[ARRAY_SIZE(term_signals)];
static int have_term[ARRAY_SIZE(term_signals)];
static struct sigaction old_crash[ARRAY_SIZE(crash_signals)];
static struct sigaction old_xfsz;
static int active;                       /* an output is open */
static volatile sig_atomic_t got_signal; /* the signal that stopped it */
static volatile sig_atomic_t have_pending;
static char pending[PATH_MAX + 64];      /* a named temporary file */

/* Forget the named temporary file (it is gone or renamed). */
static void
pending_clear(void)
{
	have_pending = 0;
	pending[0] = '\0';
}

/* At exit() (fatal() in the middle of a write): remove the temporary file. */
static void
pending_remove(void)
{
	if (have_pending) {
		unlink(pending);
		pending_clear();
	}
}

/*
 * A signal that ends the process: note it, so that the writer stops and
 * aborts.  When the signal's action before was the default one (the
 * command line, not the viewer), end now, without waiting for the next
 * write: remove a named temporary file (an unnamed one goes with the
 * process) and die by the signal, async-signal-safe calls only.
 */
static void
on_term(int sig)
{
	size_t i;

	if (got_signal == 0)
		got_signal = sig;
	for (i = 0; i < ARRAY_SIZE(term_signals); i++) {
		if (term_signals[i] != sig || !have_term[i] ||
		    (old_term[i].sa_flags & SA_SIGINFO) ||
		    old_term[i].sa_handler != SIG_DFL)
			continue;
		if (have_pending)
			unlink(pending);
		signal(sig, SIG_DFL);
		/* Blocked in here: delivered, and fatal, on return. */
		raise(sig);
	}
}

/* A crash: remove a named temporary file, then go on as before. */
static void
on_crash(int sig, siginfo_t *si, void *uctx)
{
	size_t i;

	(void)uctx;
	if (have_pending)
		unlink(pending);
	for (i = 0; i < ARRAY_SIZE(crash_signals); i++)
		if (crash_signals[i] == sig)
			sigaction(sig, &old_crash[i], NULL);
	/* A fault happens again on return; a sent signal must be re-sent. */
	if (si == NULL || si->si_code <= 0 || sig == SIGABRT)
		raise(sig);
}

/* Catch the signals for the output about to be opened. */
static void
signals_install(void)
{
	static int registered;
	struct sigaction sa, cur;
	size_t i;

	if (!registered) {
		atexit(pending_remove);
		registered = 1;
	}
	got_signal = 0;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_term;
	sa.sa_flags = 0; /* no SA_RESTART: a blocked open() or write() returns */
	for (i = 0; i < ARRAY_SIZE(term_signals); i++) {
		have_term[i] = 0;
		if (sigaction(term_signals[i], NULL, &cur) != 0 ||
		    cur.sa_handler == SIG_IGN ||
		    (i >= NQUIT && cur.sa_handler != SIG_DFL))
			continue;
		if (sigaction(term_signals[i], &sa, &old_term[i]) == 0)
			have_term[i] = 1;
	}
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_sigaction = on_crash;
	sa.sa_flags = SA_SIGINFO;
	for (i = 0; i < ARRAY_SIZE(crash_signals); i++)
		sigaction(crash_signals[i], &sa, &old_crash[i]);
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGXFSZ, &sa, &old_xfsz);
}

/* Put the previous handlers back. */
static void
signals_restore(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(term_signals); i++)
		if (have_term[i]) {
			sigaction(term_signals[i], &old_term[i], NULL);
			have_term[i] = 0;
		}
	for (i = 0; i < ARRAY_SIZE(crash_signals); i++)
		sigaction(crash_signals[i], &old_crash[i], NULL);
	sigaction(SIGXFSZ, &old_xfsz, NULL);
}

/* Block (how = SIG_BLOCK) or unblock the signals caught. */
static void
signals_block(int how, sigset_t *old)
{
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < ARRAY_SIZE(term_signals); i++)
		sigaddset(&set, term_signals[i]);
	sigprocmask(how, &set, old);
}

/* "cannot write PATH: REASON" ("standard output: REASON" for "-"). */
static char *
message(const struct outfile *of, const char *reason)
{
	if (strcmp(of->path, "-") == 0)
		return xasprintf("standard output: %s", reason);
	return xasprintf("cannot write %s: %s", of->path, reason);
}

/* Set *err to the message for errno e (when err is not NULL). */
static void
set_err(const struct outfile *of, char **err, int e)
{
	if (err != NULL)
		*err = message(of, strerror(e));
}

/*
 * The descriptor a name stands for: "-" and /dev/stdout 1, /dev/stderr 2,
 * /dev/fd/N and /proc/self/fd/N N; -1 for any other name.
 */
static int
fd_name(const char *path)
{
	const char *p = NULL;
	char *end;
	long n;

	if (strcmp(path, "-") == 0 || strcmp(path, "/dev/stdout") == 0)
		return 1;
	if (strcmp(path, "/dev/stderr") == 0)
		return 2;
	if (strncmp(path, "/dev/fd/", 8) == 0)
		p = path + 8;
	else if (strncmp(path, "/proc/self/fd/", 14) == 0)
		p = path + 14;
	if (p == NULL || *p < '0' || *p > '9')
		return -1;
	errno = 0;
	n = strtol(p, &end, 10);
	if (errno != 0 || *end != '\0' || n > INT_MAX)
		return -1;
	return (int)n;
}

/*
 * Before the first byte: create a dangling link's file (as ">" would) or
 * truncate a regular file written in place.  0, or -1 with errno.
 */
static int
start(struct outfile *of)
{
	struct stat st;

	of->started = 1;
	if (of->kind != OUTFILE_INPLACE)
		return 0;
	if (of->lazy) {
		of->fd = open(of->path, O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY |
		    O_CLOEXEC, 0666);
		if (of->fd < 0)
			return -1;
		of->own_fd = 1;
		return 0;
	}
	if (fstat(of->fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    ftruncate(of->fd, 0) != 0)
		return -1;
	return 0;
}

/* The stream's write function: stops at a signal, keeps the first error. */
static ssize_t
cookie_write(void *cookie, const char *buf, size_t n)
{
	struct outfile *of = cookie;
	size_t done = 0;
	ssize_t w;

	if (of->err == 0 && got_signal != 0)
		of->err = EINTR;
	if (of->err == 0 && !of->started && start(of) != 0)
		of->err = errno;
	while (of->err == 0 && done < n) {
		w = write(of->fd, buf + done, n - done);
		if (w > 0)
			done += (size_t)w;
		else if (w < 0 && errno == EINTR && got_signal == 0)
			continue;
		else
			of->err = w < 0 ? errno : EIO;
	}
	if (of->err != 0) {
		errno = of->err;
		return -1;
	}
	return (ssize_t)n;
}

/* The stream over of->fd. */
static FILE *
make_stream(struct outfile *of)
{
	cookie_io_functions_t io;
	FILE *fp;

	memset(&io, 0, sizeof io);
	io.write = cookie_write;
	fp = fopencookie(of, "w", io);
	if (fp != NULL)
		setvbuf(fp, NULL, _IOFBF, OUT_BUF);
	return fp;
}

/*
 * An atomic output: an unnamed file (O_TMPFILE) in the target's directory,
 * or a named one where the file system has none.  0, or -1 with errno.
 */
static int
open_atomic(struct outfile *of, const char *path, unsigned mode, int replace)
{
	const char *slash = strrchr(path, '/');
	mode_t mask;
	int fd, e;

	if (slash == NULL)
		of->dir = xstrdup(".");
	else if (slash == path)
		of->dir = xstrdup("/");
	else
		of->dir = xasprintf("%.*s", (int)(slash - path), path);
	of->target = xstrdup(path);
	mask = umask(0);
	umask(mask);
	of->mode = replace ? mode : (0666 & ~(unsigned)mask);
	fd = -1;
#ifdef O_TMPFILE
	fd = open(of->dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
	if (fd >= 0 && access("/proc/self/fd", X_OK) != 0) {
		/* It could not be linked in: use a named file. */
		close(fd);
		fd = -1;
		errno = EOPNOTSUPP;
	}
	/* Other errors (no directory, no permission) are the answer. */
	if (fd < 0 && errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
		return -1;
	of->unnamed = fd >= 0;
#endif
	if (fd < 0) {
		of->tmp = xasprintf("%s/.tflame-svg.XXXXXX", of->dir);
		if (strlen(of->tmp) >= sizeof pending) {
			errno = ENAMETOOLONG;
			return -1;
		}
		fd = mkstemp(of->tmp);
		if (fd < 0)
			return -1;
		memcpy(pending, of->tmp, strlen(of->tmp) + 1);
		have_pending = 1;
		fcntl(fd, F_SETFD, FD_CLOEXEC);
	}
	of->fd = fd;
	of->own_fd = 1;
	if (fchmod(fd, (mode_t)of->mode) != 0) {
		e = errno;
		if (of->tmp != NULL) {
			unlink(of->tmp);
			pending_clear();
		}
		errno = e;
		return -1;
	}
	return 0;
}

/* Free what outfile_open() allocated. */
static void
release(struct outfile *of)
{
	free(of->path);
	free(of->dir);
	free(of->target);
	free(of->tmp);
	of->path = of->dir = of->target = of->tmp = NULL;
	of->fp = NULL;
	active = 0;
}

int
outfile_open(struct outfile *of, const char *path, char **err)
{
	struct stat st;
	const char *base;
	int n, fl, e;

	if (err != NULL)
		*err = NULL;
	memset(of, 0, sizeof *of);
	of->fd = -1;
	of->path = xstrdup(path);
	if (active) {
		if (err != NULL)
			*err = message(of, "another output is being written");
		free(of->path);
		of->path = NULL;
		return -1;
	}
	active = 1;
	signals_install();
	base = strrchr(path, '/');
	base = base != NULL ? base + 1 : path;
	errno = 0;
	if ((n = fd_name(path)) >= 0) {
		/* The descriptor as it is: nothing is reopened or replaced. */
		fl = fcntl(n, F_GETFL);
		if (fl < 0 || (fl & O_ACCMODE) == O_RDONLY) {
			errno = EBADF;
			goto fail;
		}
		fflush(n == 1 ? stdout : n == 2 ? stderr : NULL);
		of->kind = OUTFILE_FD;
		of->fd = n;
	} else if (lstat(path, &st) == 0) {
		if (S_ISLNK(st.st_mode)) {
			/* Through the link, by the kernel; created later if dangling. */
			of->kind = OUTFILE_INPLACE;
			of->fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
			if (of->fd < 0 && errno == ENOENT)
				of->lazy = 1;
			else if (of->fd < 0)
				goto fail;
			else
				of->own_fd = 1;
		} else if (S_ISDIR(st.st_mode)) {
			errno = EISDIR;
			goto fail;
		} else if (S_ISREG(st.st_mode)) {
			of->kind = OUTFILE_ATOMIC;
			if (open_atomic(of, path, st.st_mode & 07777, 1) != 0)
				goto fail;
		} else {
			/* A device, a FIFO, a socket: written into. */
			of->kind = OUTFILE_INPLACE;
			of->fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC |
			    O_NOFOLLOW);
			if (of->fd < 0)
				goto fail;
			of->own_fd = 1;
		}
	} else if (errno == ENOENT && *base != '\0') {
		of->kind = OUTFILE_ATOMIC;
		if (open_atomic(of, path, 0, 0) != 0)
			goto fail;
	} else
		goto fail;
	if ((of->fp = make_stream(of)) == NULL)
		goto fail;
	return 0;
fail:
	e = errno != 0 ? errno : EIO;
	set_err(of, err, e);
	if (of->own_fd && of->fd >= 0)
		close(of->fd);
	if (of->tmp != NULL && have_pending) {
		unlink(of->tmp);
		pending_clear();
	}
	signals_restore();
	release(of);
	if (got_signal != 0) {
		n = got_signal;
		got_signal = 0;
		raise(n);
	}
	return -1;
}

/* Link an unnamed file in under a temporary name.  0, or -1 with errno. */
static int
link_unnamed(struct outfile *of)
{
	char proc[64];
	unsigned long r;
	int i;

	snprintf(proc, sizeof proc, "/proc/self/fd/%d", of->fd);
	r = (unsigned long)time(NULL) ^ ((unsigned long)getpid() << 16) ^
	    (unsigned long)(uintptr_t)of;
	for (i = 0; i < 100; i++) {
		r = r * 6364136223846793005UL + 1442695040888963407UL;
		free(of->tmp);
		of->tmp = xasprintf("%s/.tflame-svg.%06lx", of->dir,
		    (r >> 24) & 0xffffff);
		if (strlen(of->tmp) >= sizeof pending) {
			errno = ENAMETOOLONG;
			return -1;
		}
		if (linkat(AT_FDCWD, proc, AT_FDCWD, of->tmp,
		    AT_SYMLINK_FOLLOW) == 0) {
			memcpy(pending, of->tmp, strlen(of->tmp) + 1);
			have_pending = 1;
			return 0;
		}
		if (errno != EEXIST)
			return -1;
	}
	errno = EEXIST;
	return -1;
}

int
outfile_commit(struct outfile *of, char **err)
{
	sigset_t old;
	FILE *fp = of->fp;
	int e = 0, sig;

	if (err != NULL)
		*err = NULL;
	/* From here the output completes or not at all: signals wait. */
	signals_block(SIG_BLOCK, &old);
	if (of->err == 0 && got_signal != 0)
		of->err = EINTR;
	if (of->err == 0 && !of->started && start(of) != 0)
		of->err = errno;
	of->fp = NULL;
	if ((fclose(fp) != 0 || of->err != 0) && e == 0)
		e = of->err != 0 ? of->err : errno != 0 ? errno : EIO;
	if (e == 0 && of->kind == OUTFILE_ATOMIC && fsync(of->fd) != 0)
		e = errno;
	if (e == 0 && of->kind == OUTFILE_ATOMIC && of->unnamed &&
	    link_unnamed(of) != 0)
		e = errno;
	if (of->own_fd && close(of->fd) != 0 && e == 0)
		e = errno;
	of->own_fd = 0;
	if (e == 0 && of->kind == OUTFILE_ATOMIC &&
	    rename(of->tmp, of->target) != 0)
		e = errno;
	if (of->tmp != NULL && have_pending) {
		if (e != 0)
			unlink(of->tmp);
		pending_clear();
	}
	if (e != 0)
		set_err(of, err, e);
	sig = got_signal;
	got_signal = 0;
	signals_restore();
	release(of);
	sigprocmask(SIG_SETMASK, &old, NULL);
	/* A signal held meanwhile was delivered now; one noted is raised. */
	if (sig != 0)
		raise(sig);
	return e == 0 ? 0 : -1;
}

void
outfile_abort(struct outfile *of)
{
	int sig;

	if (of->fp != NULL) {
		/* Nothing more is written: the stream's buffer is dropped. */
		if (of->err == 0)
			of->err = ECANCELED;
		fclose(of->fp);
		of->fp = NULL;
	}
	if (of->own_fd && of->fd >= 0)
		close(of->fd);
	of->own_fd = 0;
	if (of->tmp != NULL && have_pending) {
		unlink(of->tmp);
		pending_clear();
	}
	sig = got_signal;
	got_signal = 0;
	signals_restore();
	release(of);
	if (sig != 0)
		raise(sig);
}

int
outfile_signal(void)
{
	return got_signal;
}

int
outfile_error(const struct outfile *of)
{
	return of->err;
}
