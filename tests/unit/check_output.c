/*
 * Unit tests of util/outfile.c: which targets are written through a
 * descriptor, in place, or replaced atomically, and that an abort or a
 * signal leaves nothing behind.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_suites.h"
#include "util/outfile.h"

/* A fresh directory for one test. */
static char dir[1024];

static void
setup(void)
{
	snprintf(dir, sizeof dir, "%s/tflame-out.XXXXXX",
	    getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void
teardown(void)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* dir/name into buf. */
static const char *
at(char *buf, const char *name)
{
	snprintf(buf, PATH_MAX, "%s/%s", dir, name);
	return buf;
}

/* The entries of dir, sorted, as "a b c". */
static const char *
listing(void)
{
	static char out[4096];
	char cmd[PATH_MAX + 32];
	FILE *p;
	size_t n;

	snprintf(cmd, sizeof cmd, "ls -A '%s' | tr '\\n' ' '", dir);
	p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	n = fread(out, 1, sizeof out - 1, p);
	out[n] = '\0';
	pclose(p);
	return out;
}

/* The content of path (up to 4 KiB). */
static const char *
content(const char *path)
{
	static char out[4096];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	ck_assert_int_ge(fd, 0);
	n = read(fd, out, sizeof out - 1);
	close(fd);
	out[n < 0 ? 0 : n] = '\0';
	return out;
}

static void
put(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	ck_assert_int_eq(fclose(fp), 0);
}

static ino_t
inode(const char *path)
{
	struct stat st;

	ck_assert_int_eq(lstat(path, &st), 0);
	return st.st_ino;
}

/* Write text to path and commit.  Returns what outfile_commit() did. */
static int
write_out(const char *path, const char *text, char **err)
{
	struct outfile of;

	if (outfile_open(&of, path, err) != 0)
		return -2;
	fputs(text, of.fp);
	return outfile_commit(&of, err);
}

/* A new name, then a regular file: replaced (a new inode), mode kept. */
START_TEST(test_atomic)
{
	char p[PATH_MAX], h[PATH_MAX];
	struct stat st;
	ino_t before;

	ck_assert_int_eq(write_out(at(p, "a.svg"), "one\n", NULL), 0);
	ck_assert_str_eq(content(p), "one\n");
	ck_assert_str_eq(listing(), "a.svg ");
	chmod(p, 0604);
	ck_assert_int_eq(link(p, at(h, "hard")), 0);
	before = inode(p);
	ck_assert_int_eq(write_out(p, "two\n", NULL), 0);
	ck_assert_str_eq(content(p), "two\n");
	ck_assert_str_eq(content(h), "one\n");
	ck_assert(inode(p) != before);
	ck_assert_int_eq(stat(p, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0604);
	ck_assert_str_eq(listing(), "a.svg hard ");
}
END_TEST

/* An abort, before or after writing: the file is as it was, nothing new. */
START_TEST(test_abort)
{
	char p[PATH_MAX];
	struct outfile of;

	put(at(p, "a.svg"), "old\n");
	ck_assert_int_eq(outfile_open(&of, p, NULL), 0);
	fputs("new\n", of.fp);
	fflush(of.fp);
	outfile_abort(&of);
	ck_assert_str_eq(content(p), "old\n");
	ck_assert_int_eq(outfile_open(&of, at(p, "new.svg"), NULL), 0);
	outfile_abort(&of);
	ck_assert_str_eq(listing(), "a.svg ");
}
END_TEST

/* A link: its file written in place, the link kept; aborted: untouched. */
START_TEST(test_link)
{
	char p[PATH_MAX], l[PATH_MAX];
	struct outfile of;
	char buf[PATH_MAX];
	ino_t before;
	ssize_t n;

	put(at(p, "target"), "a much longer old content\n");
	before = inode(p);
	ck_assert_int_eq(symlink("target", at(l, "link.svg")), 0);
	ck_assert_int_eq(outfile_open(&of, l, NULL), 0);
	ck_assert_int_eq(of.kind, OUTFILE_INPLACE);
	outfile_abort(&of);
	ck_assert_str_eq(content(p), "a much longer old content\n");
	ck_assert_int_eq(write_out(l, "new\n", NULL), 0);
	ck_assert_str_eq(content(p), "new\n");
	ck_assert(inode(p) == before);
	n = readlink(l, buf, sizeof buf - 1);
	ck_assert_int_eq(n, 6);
	ck_assert_str_eq(listing(), "link.svg target ");
}
END_TEST

/* A dangling link: created only when written; a loop: an error. */
START_TEST(test_dangling_loop)
{
	char l[PATH_MAX], p[PATH_MAX];
	struct outfile of;
	char *err = NULL;

	ck_assert_int_eq(symlink("made", at(l, "dangling")), 0);
	ck_assert_int_eq(outfile_open(&of, l, NULL), 0);
	outfile_abort(&of);
	ck_assert_str_eq(listing(), "dangling ");
	ck_assert_int_eq(write_out(l, "x\n", NULL), 0);
	ck_assert_str_eq(content(at(p, "made")), "x\n");
	ck_assert_int_eq(symlink("loop", at(l, "loop")), 0);
	ck_assert_int_eq(write_out(l, "x\n", &err), -2);
	ck_assert_ptr_nonnull(strstr(err, "Too many levels of symbolic links"));
	free(err);
	ck_assert_str_eq(listing(), "dangling loop made ");
}
END_TEST

/* /dev/fd/N: the descriptor as it is (appends); a closed one: EBADF. */
START_TEST(test_fd)
{
	char p[PATH_MAX], name[64];
	char *err = NULL;
	int fd;

	put(at(p, "log"), "old\n");
	fd = open(p, O_WRONLY | O_APPEND);
	ck_assert_int_ge(fd, 0);
	snprintf(name, sizeof name, "/dev/fd/%d", fd);
	ck_assert_int_eq(write_out(name, "new\n", NULL), 0);
	ck_assert_str_eq(content(p), "old\nnew\n");
	/* Still open: the descriptor belongs to the caller. */
	ck_assert_int_eq(write(fd, "more\n", 5), 5);
	close(fd);
	ck_assert_str_eq(content(p), "old\nnew\nmore\n");
	fd = open(p, O_RDONLY);
	snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
	ck_assert_int_eq(write_out(name, "x", &err), -2);
	ck_assert_str_eq(strchr(err, ':'), ": Bad file descriptor");
	free(err);
	close(fd);
	ck_assert_str_eq(listing(), "log ");
}
END_TEST

/* Directories, missing ones, "dir/": the errno of each. */
START_TEST(test_errors)
{
	char p[PATH_MAX], msg[PATH_MAX + 64];
	char *err = NULL;

	ck_assert_int_eq(write_out(dir, "x", &err), -2);
	snprintf(msg, sizeof msg, "cannot write %s: Is a directory", dir);
	ck_assert_str_eq(err, msg);
	free(err);
	ck_assert_int_eq(write_out(at(p, "nodir/"), "x", &err), -2);
	snprintf(msg, sizeof msg, "cannot write %s: No such file or directory", p);
	ck_assert_str_eq(err, msg);
	free(err);
	ck_assert_int_eq(write_out(at(p, "nodir/x"), "x", &err), -2);
	snprintf(msg, sizeof msg, "cannot write %s: No such file or directory", p);
	ck_assert_str_eq(err, msg);
	free(err);
	put(at(p, "f"), "");
	ck_assert_int_eq(write_out(at(p, "f/"), "x", &err), -2);
	snprintf(msg, sizeof msg, "cannot write %s: Not a directory", p);
	ck_assert_str_eq(err, msg);
	free(err);
	ck_assert_str_eq(listing(), "f ");
}
END_TEST

/* A handler of the caller's sees the signal after the abort. */
static volatile sig_atomic_t seen;

static void
on_usr(int sig)
{
	seen = sig;
}

/*
 * A signal while writing (the caller has a handler, as the viewer does):
 * the stream fails with EINTR, the abort removes everything, then the
 * caller's handler gets the signal.
 */
START_TEST(test_signal)
{
	char p[PATH_MAX];
	struct outfile of;
	struct sigaction sa, old;
	char big[8192];
	int i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_usr;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, &old);
	put(at(p, "a.svg"), "old\n");
	memset(big, 'x', sizeof big);
	ck_assert_int_eq(outfile_open(&of, p, NULL), 0);
	fwrite(big, 1, sizeof big, of.fp);
	raise(SIGTERM);
	ck_assert_int_eq(seen, 0);
	ck_assert_int_eq(outfile_signal(), SIGTERM);
	for (i = 0; i < 100 && !ferror(of.fp); i++)
		fwrite(big, 1, sizeof big, of.fp);
	ck_assert(ferror(of.fp));
	ck_assert_int_eq(outfile_error(&of), EINTR);
	outfile_abort(&of);
	ck_assert_int_eq(seen, SIGTERM);
	ck_assert_int_eq(outfile_signal(), 0);
	ck_assert_str_eq(content(p), "old\n");
	ck_assert_str_eq(listing(), "a.svg ");
	sigaction(SIGTERM, &old, NULL);
}
END_TEST

/* With the default action behind it, a signal ends the process at once. */
START_TEST(test_signal_default)
{
	char p[PATH_MAX];
	struct outfile of;

	signal(SIGINT, SIG_DFL);
	ck_assert_int_eq(outfile_open(&of, at(p, "a.svg"), NULL), 0);
	fputs("x", of.fp);
	raise(SIGINT);
	ck_abort_msg("still running after SIGINT");
}
END_TEST

Suite *
suite_output(void)
{
	Suite *s = suite_create("output");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_atomic);
	tcase_add_test(tc, test_abort);
	tcase_add_test(tc, test_link);
	tcase_add_test(tc, test_dangling_loop);
	tcase_add_test(tc, test_fd);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_signal);
	suite_add_tcase(s, tc);
	/* The process dies: the directory is made and removed outside it. */
	tc = tcase_create("signal");
	tcase_add_unchecked_fixture(tc, setup, teardown);
	tcase_add_test_raise_signal(tc, test_signal_default, SIGINT);
	suite_add_tcase(s, tc);
	return s;
}
