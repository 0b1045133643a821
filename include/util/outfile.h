/*
 * Output files that never clobber what they must not: open a target,
 * write to it through a stdio stream, then commit or abort.
 *
 * The rule (tflame(1), FILES), decided from the name and lstat():
 *  - "-", /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N are the
 *    descriptor as it is (fd 1, 2 or N; not reopened, so ">>" appends and
 *    output lands between what the shell wrote before and after);
 *  - a symbolic link is opened through the link with open(2), so the
 *    kernel's link protections (fs.protected_symlinks) apply, and the file
 *    it names is written in place; a dangling link is created as the
 *    shell's ">" would, a loop is an error;
 *  - any other existing target that is not a regular file (a device, a
 *    FIFO, a socket) is opened and written into;
 *  - only a plain regular file, or a new name, is replaced atomically: the
 *    data goes to an unnamed file in the same directory (O_TMPFILE), which
 *    is linked under a temporary name and renamed over the target once it
 *    is complete and synced, so not even SIGKILL leaves a file behind;
 *    where the file system has no O_TMPFILE, a named temporary file is
 *    removed on failure, on exit(), and on every catchable signal.  A file
 *    replaced keeps its permission bits.
 * Nothing is created or truncated before the first byte is written, so an
 * output aborted before any write (an empty profile) leaves the target as
 * it was.
 *
 * Signals: from outfile_open() to outfile_commit() or outfile_abort(),
 * SIGINT, SIGTERM, SIGHUP and SIGQUIT (unless ignored) and the other
 * signals whose default action ends the process (while that is still their
 * action) only set a flag: the stream's next write fails, the writer stops
 * (check ferror()), outfile_abort() cleans up, puts the previous handlers
 * back and raises the signal again, so the process then ends by it (or the
 * previous handler sees it).  Crash signals remove a named temporary file
 * and go on as before.  SIGXFSZ is ignored meanwhile, so a file size limit
 * is a write error (EFBIG).  One output at a time.
 */
#ifndef TFLAME_UTIL_OUTFILE_H
#define TFLAME_UTIL_OUTFILE_H

#include <stdio.h>

/* How a target is written (outfile.kind). */
enum outfile_kind {
	OUTFILE_FD,      /* a descriptor as it is: "-", /dev/stdout, /dev/fd/N */
	OUTFILE_INPLACE, /* opened by name and written in place */
	OUTFILE_ATOMIC   /* a temporary file renamed over the target */
};

struct outfile {
	FILE *fp;               /* write here */
	enum outfile_kind kind;
	char *path;             /* as given, for messages */
	int fd;                 /* the descriptor written, -1 until opened */
	int own_fd;             /* fd is ours to close */
	int lazy;               /* INPLACE: open (O_CREAT) at the first write */
	int started;            /* a byte was written */
	int unnamed;            /* ATOMIC: fd is an O_TMPFILE */
	char *dir;              /* ATOMIC: the target's directory */
	char *target;           /* ATOMIC: the name to rename over */
	char *tmp;              /* ATOMIC: the temporary file's name, or NULL */
	unsigned mode;          /* ATOMIC: permission bits of the result */
	int err;                /* the first write error (errno) */
};

/*
 * Open path for writing by the rule above; *of is filled in and of->fp is
 * ready.  Returns 0, or -1 with a message ("cannot write PATH: REASON",
 * "standard output: REASON" for "-") in *err (free it).
 */
int outfile_open(struct outfile *of, const char *path, char **err);

/*
 * Finish: flush, and for an atomic output sync, link and rename; close.
 * Returns 0, or -1 with a message in *err; the output is then aborted.
 */
int outfile_commit(struct outfile *of, char **err);

/*
 * Give up: no temporary file stays, an atomic target is untouched.  When a
 * signal arrived meanwhile, it is raised again once the previous handlers
 * are back (the process usually ends by it here).
 */
void outfile_abort(struct outfile *of);

/* The signal that interrupted the current output, or 0. */
int outfile_signal(void);

/*
 * The write error of the stream (errno), or 0: EINTR when a signal
 * stopped it.
 */
int outfile_error(const struct outfile *of);

#endif
