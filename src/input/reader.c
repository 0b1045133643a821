/*
 * Streaming line reader over a file descriptor, a gzip stream or memory.
 *
 * One buffer holds [start, end): bytes read but not yet handed out.  A line
 * is found with memchr from `scan` (bytes before it are known to hold no
 * newline, so a long line is never scanned twice).  When no newline is
 * buffered the unread tail moves to the front and more is read behind it;
 * the buffer doubles only while a single line needs it, up to
 * READER_MAX_LINE, past which the line is skipped to its end.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

#include "input/mapguard.h"
#include "input/reader.h"
#include "util/scan.h"
#include "util/xalloc.h"

/*
 * The buffer: small enough that what read(2) copies in is still in the
 * processor's cache when it is parsed, large enough that a sample body is
 * rarely cut by its end.  The fuzz build makes it small, so that small
 * inputs reach the growth paths.
 */
#ifndef INITIAL_BUF
#define INITIAL_BUF (256u << 10)
#endif
#define RAW_BUF (256u << 10)

struct reader {
	int fd;          /* -1 for memory readers */
	int own;
	char *name;
	char *buf;
	size_t cap, start, end, scan;
	uint64_t base;   /* input offset of buf[0] (after inflating) */
	int eof;         /* no more bytes will come into buf */
	int skipping;    /* inside an over-long line */
	int failed;
	uint64_t lineno;
	uint64_t bytes;
	char err[256];
	const char *mem; /* memory reader: the source (not owned) */
	size_t memlen, mempos;
	const char *memfail; /* reader_mem_failing(): the bad byte, or NULL */
	int sniffed;     /* gzip magic checked */
	int gzip;
	int (*progress)(void *); /* reader_set_progress() */
	void *progress_ctx;
	int stopped;     /* the progress hook ended the input */
	int pread;       /* read with pread(2) from off (reader_split()) */
	off_t off;
	uint64_t limit;  /* when limited: the input ends after this many bytes */
	int limited;
	size_t cut_end;  /* cut in the buffer by reader_split(): end, eof */
	int cut_eof, cut;
#ifdef HAVE_ZLIB
	z_stream z;
	unsigned char *zin;
	int zinit, zend;
	int zpad;        /* in zeros after a gzip member (gzip skips them) */
#endif
};

static struct reader *
reader_alloc(const char *name)
{
	struct reader *r = xcalloc(1, sizeof *r);

	r->fd = -1;
	r->name = xstrdup(name);
	r->cap = INITIAL_BUF;
	r->buf = xmalloc(r->cap);
	return r;
}

struct reader *
reader_fdopen(int fd, const char *name, int own, char **err)
{
	struct stat sb;
	struct reader *r;

	if (fstat(fd, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		*err = xasprintf("%s: is a directory", name);
		if (own)
			close(fd);
		return NULL;
	}
#ifdef POSIX_FADV_SEQUENTIAL
	if (S_ISREG(sb.st_mode))
		posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
	r = reader_alloc(name);
	r->fd = fd;
	r->own = own;
	return r;
}

struct reader *
reader_open(const char *path, char **err)
{
	int fd;

	if (path == NULL || strcmp(path, "-") == 0)
		return reader_fdopen(0, "(standard input)", 0, err);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		*err = xasprintf("%s: %s", path, strerror(errno));
		return NULL;
	}
	return reader_fdopen(fd, path, 1, err);
}

struct reader *
reader_mem(const char *buf, size_t len, const char *name)
{
	struct reader *r = reader_alloc(name);

	r->mem = buf;
	r->memlen = len;
	return r;
}

struct reader *
reader_mem_failing(const char *buf, size_t len, size_t fail_at,
    const char *name)
{
	struct reader *r = reader_mem(buf, len, name);

	if (fail_at < len)
		r->memfail = buf + fail_at;
	return r;
}

/* How many of the n memory bytes at p can be read before the bad one. */
static size_t
mem_good(const struct reader *r, const char *p, size_t n)
{
	if (r->memfail != NULL && r->memfail >= p && r->memfail < p + n)
		return (size_t)(r->memfail - p);
	return n;
}

void
reader_close(struct reader *r)
{
	if (r == NULL)
		return;
	if (r->own && r->fd >= 0)
		close(r->fd);
#ifdef HAVE_ZLIB
	if (r->zinit)
		inflateEnd(&r->z);
	free(r->zin);
#endif
	free(r->buf);
	free(r->name);
	free(r);
}

static void
set_error(struct reader *r, const char *msg)
{
	size_t n = strlen(msg);

	if (n >= sizeof r->err)
		n = sizeof r->err - 1;
	memcpy(r->err, msg, n);
	r->err[n] = '\0';
	r->failed = 1;
	r->eof = 1;
}

void
reader_fail(struct reader *r, const char *msg)
{
	set_error(r, msg);
}

/* Read up to n raw (possibly compressed) bytes into dst.  0 at EOF, -1 on error. */
static ssize_t
raw_read(struct reader *r, char *dst, size_t n)
{
	ssize_t got;

	if (r->limited && n > r->limit - r->bytes)
		n = (size_t)(r->limit - r->bytes);
	if (r->mem != NULL) {
		size_t left = r->memlen - r->mempos;

		if (n > left)
			n = left;
		if (n > 0 && mem_good(r, r->mem + r->mempos, n) == 0) {
			set_error(r, strerror(EIO));
			return -1;
		}
		n = mem_good(r, r->mem + r->mempos, n);
		memcpy(dst, r->mem + r->mempos, n);
		r->mempos += n;
		r->bytes += n;
		return (ssize_t)n;
	}
	if (r->progress != NULL && r->progress(r->progress_ctx) != 0) {
		r->eof = r->stopped = 1; /* the input ends here */
		return 0;
	}
	if (n == 0)
		return 0;
	for (;;) {
		got = r->pread ? pread(r->fd, dst, n, r->off) :
		    read(r->fd, dst, n);
		if (got >= 0)
			break;
		if (errno != EINTR) {
			set_error(r, strerror(errno));
			return -1;
		}
	}
	r->bytes += (uint64_t)got;
	r->off += got;
	return got;
}

#ifdef HAVE_ZLIB
/* Inflate into dst (room n).  Returns bytes produced, 0 at the end, -1 on error. */
static ssize_t
gz_read(struct reader *r, char *dst, size_t n)
{
	ssize_t got;
	int rc;

	r->z.next_out = (unsigned char *)dst;
	r->z.avail_out = (uInt)(n > (1u << 30) ? (1u << 30) : n);
	while (r->z.avail_out > 0) {
		if (r->z.avail_in == 0 && !r->zend) {
			/* With a progress hook, hand out what is inflated before waiting. */
			if (r->progress != NULL && r->z.avail_out < n)
				break;
			got = raw_read(r, (char *)r->zin, RAW_BUF);
			if (got < 0)
				return -1;
			if (got == 0) {
				r->zend = 1;
				break;
			}
			r->z.next_in = r->zin;
			r->z.avail_in = (uInt)got;
		}
		if (r->z.avail_in == 0)
			break;
		if (r->zinit == 2) {
			/*
			 * Zeros after a member are padding (tape blocks), as gzip
			 * reads them, when nothing else follows them.
			 */
			while (r->z.avail_in > 0 && *r->z.next_in == 0) {
				r->z.next_in++;
				r->z.avail_in--;
				r->zpad = 1;
			}
			if (r->z.avail_in == 0)
				continue;
			if (r->zpad) {
				set_error(r, "trailing garbage after gzip data");
				return n > r->z.avail_out ?
				    (ssize_t)(n - r->z.avail_out) : -1;
			}
		}
		rc = inflate(&r->z, Z_NO_FLUSH);
		if (rc == Z_STREAM_END) {
			/* Concatenated gzip members (gzip a >> f; gzip b >> f). */
			if (inflateReset(&r->z) != Z_OK) {
				set_error(r, "corrupt gzip data");
				return n > r->z.avail_out ?
				    (ssize_t)(n - r->z.avail_out) : -1;
			}
			r->zinit = 2; /* at a member boundary */
			continue;
		}
		if (rc != Z_OK && rc != Z_BUF_ERROR) {
			set_error(r, r->z.msg ? r->z.msg : "corrupt gzip data");
			/* Hand out what came before the damage; then the end. */
			return n > r->z.avail_out ?
			    (ssize_t)(n - r->z.avail_out) : -1;
		}
		r->zinit = 1;
	}
	if (r->zend && r->z.avail_in == 0 && r->zinit == 1 && !r->stopped &&
	    (size_t)(n - r->z.avail_out) == 0) {
		set_error(r, "truncated gzip input");
		return -1;
	}
	return (ssize_t)(n - r->z.avail_out);
}
#endif

/* Decide on gzip from the first raw bytes, which go to buf or to zin. */
static ssize_t
first_read(struct reader *r, char *dst, size_t n)
{
	ssize_t got, more;

	r->sniffed = 1;
	got = raw_read(r, dst, n < RAW_BUF ? n : RAW_BUF);
	/* A pipe may deliver a byte at a time: get four to decide. */
	while (got > 0 && got < 4) {
		more = raw_read(r, dst + got,
		    (n < RAW_BUF ? n : RAW_BUF) - (size_t)got);
		if (more <= 0)
			break;
		got += more;
	}
	/*
	 * gzip: the magic, method 8 (deflate, the only one defined) and flags
	 * without the reserved bits, so that text which merely starts with
	 * the magic bytes - a frame name "\x1f\x8b..." first in a collapsed
	 * file - still reads as text.
	 */
	if (got < 2 || (unsigned char)dst[0] != 0x1f ||
	    (unsigned char)dst[1] != 0x8b || (got >= 3 && dst[2] != 8) ||
	    (got >= 4 && ((unsigned char)dst[3] & 0xe0) != 0))
		return got;
#ifdef HAVE_ZLIB
	r->gzip = 1;
	r->zin = xmalloc(RAW_BUF);
	memcpy(r->zin, dst, (size_t)got);
	memset(&r->z, 0, sizeof r->z);
	if (inflateInit2(&r->z, 15 + 32) != Z_OK) {
		set_error(r, "cannot initialise zlib");
		return -1;
	}
	r->zinit = 2;
	r->z.next_in = r->zin;
	r->z.avail_in = (uInt)got;
	return gz_read(r, dst, n);
#else
	set_error(r, "gzip-compressed input, but tflame was built without zlib");
	return -1;
#endif
}

/* Read more bytes behind end.  Returns bytes added (0 at end of input). */
static size_t
fill(struct reader *r)
{
	ssize_t got;

	if (r->eof)
		return 0;
	if (r->start > 0) {
		r->base += r->start;
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->scan -= r->start;
		r->start = 0;
	}
	if (r->cap - r->end < r->cap / 4) {
		size_t ncap = r->cap * 2;

		if (ncap > (size_t)READER_MAX_LINE * 2 + INITIAL_BUF)
			ncap = (size_t)READER_MAX_LINE * 2 + INITIAL_BUF;
		if (ncap > r->cap) {
			r->buf = xreallocarray(r->buf, ncap, 1);
			r->cap = ncap;
		}
	}
	if (r->end == r->cap)
		return 0;
	if (!r->sniffed)
		got = first_read(r, r->buf + r->end, r->cap - r->end);
#ifdef HAVE_ZLIB
	else if (r->gzip)
		got = gz_read(r, r->buf + r->end, r->cap - r->end);
#endif
	else
		got = raw_read(r, r->buf + r->end, r->cap - r->end);
	if (got <= 0) {
		r->eof = 1;
		return 0;
	}
	r->end += (size_t)got;
	return (size_t)got;
}

size_t
reader_peek(struct reader *r, const char **buf)
{
	while (r->end - r->start < READER_PEEK_MAX && fill(r) > 0)
		;
	*buf = r->buf + r->start;
	return r->end - r->start;
}

size_t
reader_peek_line(struct reader *r, size_t at, const char **buf, int *all)
{
	size_t from = at;

	for (;;) {
		if (r->end - r->start > from &&
		    memchr(r->buf + r->start + from, '\n',
		    r->end - r->start - from) != NULL)
			break;
		if (r->end - r->start > from)
			from = r->end - r->start;
		if (r->end - r->start >= (size_t)READER_MAX_LINE + at ||
		    fill(r) == 0)
			break;
	}
	*buf = r->buf + r->start;
	*all = r->eof;
	return r->end - r->start;
}

/* Hand out buf[start, start+n) as the next line and move past it (and its "\n"). */
static int
take_line(struct reader *r, size_t n, size_t next, const char **line, size_t *len)
{
	*line = r->buf + r->start;
	r->start = r->scan = next;
	r->lineno++;
	if (r->skipping) {
		r->skipping = 0;
		return READER_TOO_LONG;
	}
	if (n > 0 && (*line)[n - 1] == '\r')
		n--;
	*len = n;
	return READER_LINE;
}

int
reader_line(struct reader *r, const char **line, size_t *len)
{
	const char *nl;

	for (;;) {
		nl = scan_byte(r->buf + r->scan, r->buf + r->end, '\n');
		if (nl != NULL)
			return take_line(r, (size_t)(nl - (r->buf + r->start)),
			    (size_t)(nl - r->buf) + 1, line, len);
		r->scan = r->end;
		if (r->end - r->start >= READER_MAX_LINE) {
			/* Drop what we have of this line and keep looking for its end. */
			r->skipping = 1;
			r->start = r->scan = r->end;
		}
		if (fill(r) == 0 && r->eof) {
			/*
			 * The last line has no "\n" (or only its skipped part
			 * is left).  When told to stop, it is only cut short.
			 */
			if ((r->end > r->start || r->skipping) && !r->stopped)
				return take_line(r, r->end - r->start, r->end, line, len);
			return r->failed ? READER_ERROR : READER_EOF;
		}
	}
}

/* Copy input bytes [at, at + n) to dst without reading them; how many there were. */
static size_t
look(struct reader *r, uint64_t base, uint64_t at, char *dst, size_t n)
{
	ssize_t got;

	if (r->mem != NULL) {
		if (at >= r->memlen)
			return 0;
		if (n > r->memlen - at)
			n = (size_t)(r->memlen - at);
		n = mem_good(r, r->mem + at, n);
		memcpy(dst, r->mem + at, n);
		return n;
	}
	do
		got = pread(r->fd, dst, n, (off_t)(base + at));
	while (got < 0 && errno == EINTR);
	return got < 0 ? 0 : (size_t)got;
}

/*
 * The first line start at or after input byte from (within SPLIT_SCAN
 * bytes) that follows an empty line when blank is set ("\n\n", or
 * "\n\r\n" in a CRLF file), any line otherwise; 0 when there is none.
 */
#define SPLIT_SCAN (16u << 20)
#define SPLIT_BLOCK (64u << 10)

static uint64_t
find_cut(struct reader *r, uint64_t base, uint64_t from, int blank)
{
	char buf[SPLIT_BLOCK + 3];
	uint64_t at = from - 3; /* from >= 3: 3 bytes of what came before */
	size_t n, i;

	while (at < from + SPLIT_SCAN) {
		n = look(r, base, at, buf, sizeof buf);
		if (n < 4)
			return 0;
		for (i = 3; i < n; i++) {
			if (buf[i - 1] != '\n')
				continue;
			if (!blank || buf[i - 2] == '\n' ||
			    (buf[i - 2] == '\r' && buf[i - 3] == '\n'))
				return at + i;
		}
		at += n - 3;
	}
	return 0;
}

struct reader *
reader_split(struct reader *r, uint64_t min, int blank)
{
	struct reader *t;
	struct stat sb;
	uint64_t base = 0, size, pos, cut;
	const char *b;
	off_t cur;

	if (!r->sniffed)
		reader_peek(r, &b);
	if (r->gzip || r->progress != NULL || r->failed || r->limited ||
	    r->pread || r->skipping)
		return NULL;
	if (r->mem != NULL)
		size = r->memlen;
	else {
		if (fstat(r->fd, &sb) != 0 || !S_ISREG(sb.st_mode))
			return NULL;
		cur = lseek(r->fd, 0, SEEK_CUR);
		if (cur < 0 || (uint64_t)cur < r->bytes ||
		    (uint64_t)sb.st_size < (uint64_t)cur)
			return NULL;
		base = (uint64_t)cur - r->bytes;
		size = (uint64_t)sb.st_size - base;
	}
	/* Input bytes [pos, size) are left: buffered from pos to r->bytes. */
	pos = r->bytes - (r->end - r->start);
	if (size - pos < min || size - pos < 8)
		return NULL;
	cut = find_cut(r, base, pos + (size - pos) / 2, blank);
	if (cut == 0 || cut >= size)
		return NULL;
	if (r->mem != NULL) {
		t = reader_mem(r->mem + cut, (size_t)(size - cut), r->name);
		t->memfail = r->memfail;
	} else {
		t = reader_alloc(r->name);
		t->fd = r->fd;
		t->pread = 1;
		t->off = (off_t)(base + cut);
	}
	t->sniffed = 1;
	if (cut >= r->bytes) {
		r->limited = 1;
		r->limit = cut;
	} else {
		/* The cut is in what r holds already: drop what follows it. */
		r->cut = 1;
		r->cut_end = r->end;
		r->cut_eof = r->eof;
		r->end = r->start + (size_t)(cut - pos);
		if (r->scan > r->end)
			r->scan = r->end;
		r->eof = 1;
	}
	return t;
}

void
reader_unsplit(struct reader *r)
{
	if (r->failed)
		return;
	if (r->limited) {
		/* Read up to the cut (its end of input): read on from there. */
		r->limited = 0;
		r->eof = 0;
	} else if (r->cut) {
		/* What followed the cut is still in the buffer. */
		r->end = r->cut_end;
		r->eof = r->cut_eof;
	}
	r->cut = 0;
}

size_t
reader_ahead(const struct reader *r, const char **buf, uint64_t *offset)
{
	*buf = r->buf + r->start;
	*offset = r->base + r->start;
	return r->skipping ? 0 : r->end - r->start;
}

void
reader_skip(struct reader *r, size_t n, uint64_t lines)
{
	r->start += n;
	if (r->scan < r->start)
		r->scan = r->start;
	r->lineno += lines;
}

void
reader_set_progress(struct reader *r, int (*fn)(void *ctx), void *ctx)
{
	r->progress = fn;
	r->progress_ctx = ctx;
}

int
reader_has_progress(const struct reader *r)
{
	return r->progress != NULL;
}

int
reader_fd(const struct reader *r)
{
	return r->mem != NULL ? -1 : r->fd;
}

uint64_t
reader_lineno(const struct reader *r)
{
	return r->lineno;
}

uint64_t
reader_bytes(const struct reader *r)
{
	return r->bytes;
}

const char *
reader_name(const struct reader *r)
{
	return r->name;
}

const char *
reader_error(const struct reader *r)
{
	return r->err[0] ? r->err : "read error";
}

int
reader_is_gzip(const struct reader *r)
{
	return r->gzip;
}

int
reader_status_failed(const struct reader *r)
{
	return r->failed;
}

/*
 * reader_slurp() of a plain regular file: what r holds, then the rest
 * read straight into dst (cap bytes), r's own buffer freed first (the
 * first line's peek may have filled it with up to 128 MiB of a one-line
 * JSON file), so that the input is in memory once.
 */
static void
slurp_direct(struct reader *r, char *dst, size_t cap, size_t *len)
{
	ssize_t got = 0;

	memcpy(dst, r->buf + r->start, r->end - r->start);
	*len = r->end - r->start;
	r->base += r->end;
	free(r->buf);
	r->buf = NULL;
	r->cap = r->start = r->end = r->scan = 0;
	while (*len < cap && (got = raw_read(r, dst + *len, cap - *len)) > 0)
		*len += (size_t)got;
	r->eof = 1;
}

/*
 * Map r's file whole when r is a plain regular file read from its start
 * (nothing consumed but what the reader buffered), not compressed, whose
 * size is not a multiple of the page size: the page's bytes past the end
 * read as zeros, the NUL that ends the buffer.  0 when it was not mapped.
 */
static int
slurp_map(struct reader *r, size_t max, struct slurp *s)
{
	struct stat sb;
	long page = sysconf(_SC_PAGESIZE);
	off_t at;
	void *p;

	if (r->fd < 0 || r->gzip || r->pread || r->limited || r->cut ||
	    r->base != 0 || r->start != 0 || page <= 0 ||
	    fstat(r->fd, &sb) != 0 || !S_ISREG(sb.st_mode) ||
	    sb.st_size <= 0 || (uint64_t)sb.st_size > max ||
	    sb.st_size % page == 0)
		return 0;
	/* The reader's bytes are the file's first ones. */
	at = lseek(r->fd, 0, SEEK_CUR);
	if (at < 0 || (uint64_t)at != r->bytes)
		return 0;
	p = mmap(NULL, (size_t)sb.st_size, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE, r->fd, 0);
	if (p == MAP_FAILED)
		return 0;
	/* Not read yet: gzip's magic, which the reader would inflate. */
	if (!r->sniffed && sb.st_size >= 2 &&
	    ((unsigned char *)p)[0] == 0x1f &&
	    ((unsigned char *)p)[1] == 0x8b) {
		(void)munmap(p, (size_t)sb.st_size);
		return 0;
	}
	r->sniffed = 1;
	s->buf = p;
	s->len = s->map = (size_t)sb.st_size;
	mapguard_set(p, s->map);
	free(r->buf);
	r->buf = NULL;
	r->cap = r->start = r->end = r->scan = 0;
	r->base = s->len;
	r->bytes = s->len;
	r->eof = 1;
	return 1;
}

int
reader_slurp(struct reader *r, size_t max, struct slurp *s)
{
	const char *p;
	size_t n, cap = 0;
	struct stat sb;

	memset(s, 0, sizeof *s);
	if (slurp_map(r, max, s))
		return 0;
	/* A plain regular file: its size, so that nothing is copied twice. */
	if (reader_fd(r) >= 0 && fstat(reader_fd(r), &sb) == 0 &&
	    S_ISREG(sb.st_mode) && sb.st_size > 0 &&
	    (uint64_t)sb.st_size <= max && !reader_is_gzip(r)) {
		cap = (size_t)sb.st_size + 1;
		s->buf = xmalloc(cap);
		if (r->sniffed && r->end - r->start < cap)
			slurp_direct(r, s->buf, cap - 1, &s->len);
	}
	while ((n = reader_peek(r, &p)) > 0) {
		if (s->len + n > max) {
			slurp_free(s);
			return 1;
		}
		xgrow((void **)&s->buf, &cap, s->len + n + 1, 1);
		memcpy(s->buf + s->len, p, n);
		s->len += n;
		reader_skip(r, n, 0);
	}
	if (reader_status_failed(r)) {
		slurp_free(s);
		return -1;
	}
	if (s->buf == NULL)
		s->buf = xmalloc(1);
	s->buf[s->len] = '\0';
	return 0;
}

void
slurp_free(struct slurp *s)
{
	if (s->map > 0) {
		mapguard_clear(s->buf);
		(void)munmap(s->buf, s->map);
	} else {
		free(s->buf);
	}
	memset(s, 0, sizeof *s);
}
