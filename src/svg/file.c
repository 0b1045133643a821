/*
 * svg_write_file(): the SVG appears complete or not at all.
 *
 * The document is written to a temporary file made with mkstemp() in the
 * target's directory (so rename() cannot cross file systems), flushed,
 * fsync()ed and closed, each result checked (a full disk shows up at any
 * of them), then renamed over the target.  On any failure the temporary
 * file is removed.  It is also removed when the process exits in the middle
 * (fatal() on memory exhaustion runs exit(), which runs our atexit handler),
 * and the usual interrupting signals are held until the file is in place or
 * gone.  SIGXFSZ (file size limit) is ignored meanwhile, so the write fails
 * with EFBIG instead of killing the process.
 *
 * A target that exists but is not a regular file (a device, a FIFO) is
 * written into directly: renaming over /dev/null would replace the device.
 * A symbolic link is followed: the file it names is replaced, the link
 * stays.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "svg/svg.h"
#include "util/xalloc.h"

/* The temporary file being written, for the exit handler. */
static char *pending_tmp;

static void
remove_pending(void)
{
	if (pending_tmp != NULL) {
		unlink(pending_tmp);
		pending_tmp = NULL;
	}
}

static void
set_err(char **err, char *msg)
{
	if (err != NULL)
		*err = msg;
	else
		free(msg);
}

/* Write to standard output ("-"). */
static int
write_stdout(const struct tree *t, const struct svg_view *v, char **err)
{
	char *e = NULL;
	int rc = svg_write(stdout, t, v, &e);

	if (rc == SVG_EIO) {
		set_err(err, xasprintf("standard output: %s", e));
		free(e);
	} else {
		set_err(err, e);
	}
	return rc;
}

/*
 * Write to path, which exists and is neither a regular file nor a directory
 * (/dev/null, /dev/full, a FIFO, /dev/stdout on a pipe): renaming a file
 * over it would replace the device node or the link, so write into it.
 */
static int
write_direct(const char *path, const struct tree *t, const struct svg_view *v,
    char **err)
{
	char *e = NULL;
	FILE *fp;
	int fd, rc;

	fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0 || (fp = fdopen(fd, "w")) == NULL) {
		set_err(err, xasprintf("cannot write %s: %s", path,
		    strerror(errno)));
		if (fd >= 0)
			close(fd);
		return SVG_EIO;
	}
	rc = svg_write(fp, t, v, &e);
	if (fclose(fp) != 0 && rc == SVG_OK) {
		e = xasprintf("%s", strerror(errno));
		rc = SVG_EIO;
	}
	if (rc == SVG_EIO) {
		set_err(err, xasprintf("cannot write %s: %s", path, e));
		free(e);
	} else
		set_err(err, e);
	return rc;
}

int
svg_write_file(const char *path, const struct tree *t,
    const struct svg_view *v, char **err)
{
	static int registered;
	struct stat st;
	struct sigaction ign, old_xfsz;
	sigset_t hold, old_mask;
	const char *slash, *base, *target = path;
	char *tmp, *e = NULL, *real = NULL;
	mode_t mode, mask;
	FILE *fp;
	int fd, rc, saved;

	if (err != NULL)
		*err = NULL;
	if (strcmp(path, "-") == 0)
		return write_stdout(t, v, err);
	slash = strrchr(path, '/');
	base = slash != NULL ? slash + 1 : path;
	if (*base == '\0' || (stat(path, &st) == 0 && S_ISDIR(st.st_mode))) {
		set_err(err, xasprintf("cannot write %s: Is a directory", path));
		return SVG_EIO;
	}
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return write_direct(path, t, v, err);
	/* A symbolic link: replace the file it names, not the link. */
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) &&
	    (real = realpath(path, NULL)) != NULL) {
		target = real;
		slash = strrchr(target, '/');
	}
	/* Keep the permissions of a file being replaced. */
	mask = umask(0);
	umask(mask);
	mode = 0666 & ~mask;
	if (stat(target, &st) == 0 && S_ISREG(st.st_mode))
		mode = st.st_mode & 07777;

	if (slash == NULL)
		tmp = xstrdup(".tflame-svg.XXXXXX");
	else
		tmp = xasprintf("%.*s/.tflame-svg.XXXXXX", (int)(slash - target),
		    target);
	if (!registered) {
		atexit(remove_pending);
		registered = 1;
	}
	sigemptyset(&hold);
	sigaddset(&hold, SIGINT);
	sigaddset(&hold, SIGTERM);
	sigaddset(&hold, SIGHUP);
	sigaddset(&hold, SIGQUIT);
	sigprocmask(SIG_BLOCK, &hold, &old_mask);
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGXFSZ, &ign, &old_xfsz);

	fd = mkstemp(tmp);
	if (fd < 0) {
		saved = errno;
		set_err(err, xasprintf("cannot write %s: %s", path,
		    strerror(saved)));
		rc = SVG_EIO;
		goto out;
	}
	pending_tmp = tmp;
	if (fchmod(fd, mode) != 0 || (fp = fdopen(fd, "w")) == NULL) {
		saved = errno;
		close(fd);
		set_err(err, xasprintf("cannot write %s: %s", path,
		    strerror(saved)));
		rc = SVG_EIO;
		goto out;
	}
	rc = svg_write(fp, t, v, &e);
	if (rc == SVG_OK && fsync(fileno(fp)) != 0) {
		e = xasprintf("%s", strerror(errno));
		rc = SVG_EIO;
	}
	if (fclose(fp) != 0 && rc == SVG_OK) {
		e = xasprintf("%s", strerror(errno));
		rc = SVG_EIO;
	}
	if (rc == SVG_OK && rename(tmp, target) != 0) {
		e = xasprintf("%s", strerror(errno));
		rc = SVG_EIO;
	}
	if (rc == SVG_OK) {
		pending_tmp = NULL;
	} else if (rc == SVG_EIO) {
		set_err(err, xasprintf("cannot write %s: %s", path, e));
		free(e);
	} else {
		set_err(err, e);
	}
out:
	remove_pending();
	sigaction(SIGXFSZ, &old_xfsz, NULL);
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	free(tmp);
	free(real);
	return rc;
}
