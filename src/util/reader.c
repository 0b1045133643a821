/*
 * Streaming line reader over a file descriptor, a gzip stream or memory.
 *
 * One buffer holds [start, end): bytes read but not yet handed out.  A line
 * is found with memchr from `scan` (bytes before it are known to hold no
 * newline, so a long line is never scanned twice).  When no newline is
 * buffered the unread tail moves to the front and more is read behind it;
 * the buffer doubles only while a single line needs it, up to
 * READER_MAX_LINE, past which the line is skipped to its end.
 *
 * A regular file of MAP_MIN bytes or more is mapped instead of read: the
 * buffer is the mapping, "reading" makes MAP_STEP more bytes of it
 * visible, and the pages before the line being read are given back as it
 * goes, so nothing is copied and the resident set stays a few steps wide.
 * Should the file have grown by the time the mapping is used up, what
 * follows is read(2) as usual.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

#include "util/reader.h"
#include "util/xalloc.h"

/* The fuzz build makes this small, so that small inputs reach the growth paths. */
#ifndef INITIAL_BUF
#define INITIAL_BUF (1u << 20)
#endif
#define RAW_BUF (256u << 10)
#define MAP_MIN (1u << 20)
#define MAP_STEP (1u << 18)

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
	int sniffed;     /* gzip magic checked */
	int gzip;
	int (*progress)(void *); /* reader_set_progress() */
	void *progress_ctx;
	int stopped;     /* the progress hook ended the input */
	int pread;       /* read with pread(2) from off (reader_split()) */
	off_t off;
	uint64_t limit;  /* when limited: the input ends after this many bytes */
	int limited;
	char *map;       /* mapped: the mapping, buf inside it... */
	size_t maplen;
	size_t avail;    /* ...of which buf[0, avail) is input */
	char *dropped;   /* pages before this were given back */
	int slot;        /* in maps[] */
#ifdef HAVE_ZLIB
	z_stream z;
	unsigned char *zin;
	int zinit, zend;
#endif
};

static void map_free(struct reader *r);

static struct reader *
reader_alloc(const char *name)
{
	struct reader *r = xcalloc(1, sizeof *r);

	r->fd = -1;
	r->name = xstrdup(name);
	r->cap = INITIAL_BUF; /* allocated by the first fill(), if not mapped */
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
	if (r->map != NULL)
		map_free(r);
	else
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

/*
 * gzip: the magic, method 8 (deflate, the only one defined) and flags
 * without the reserved bits, so that text which merely starts with the
 * magic bytes - a frame name "\x1f\x8b..." first in a collapsed file -
 * still reads as text.
 */
static int
is_gzip(const unsigned char *b, size_t n)
{
	return n >= 2 && b[0] == 0x1f && b[1] == 0x8b && (n < 3 || b[2] == 8) &&
	    (n < 4 || (b[3] & 0xe0) == 0);
}

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
	if (got < 0 || !is_gzip((const unsigned char *)dst, (size_t)got))
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

/*
 * A file that shrinks while it is mapped raises SIGBUS where its pages
 * were.  The handler puts a page of zeros there (the line reads as NUL
 * bytes; mmap(2) is a plain system call on Linux) and marks the mapping,
 * and the reader ends with an error at its next fill.  A SIGBUS anywhere
 * else goes to the handler that was there before.
 */
#define MAX_MAPS 16

static struct {
	char *volatile lo, *volatile hi;
	volatile sig_atomic_t hit;
} maps[MAX_MAPS];
static pthread_mutex_t maps_mu = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction old_bus;
static uintptr_t page_size;
static int bus_set;

static void
on_sigbus(int sig, siginfo_t *si, void *uc)
{
	char *a = si->si_addr, *pg = (char *)((uintptr_t)a & ~(page_size - 1));
	int i;

	(void)sig;
	(void)uc;
	for (i = 0; i < MAX_MAPS; i++)
		if (a >= maps[i].lo && a < maps[i].hi &&
		    mmap(pg, page_size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
		    MAP_FIXED, -1, 0) != MAP_FAILED) {
			maps[i].hit = 1;
			return;
		}
	sigaction(SIGBUS, &old_bus, NULL); /* the fault happens again there */
}

/* A slot in maps[] for [lo, hi), or -1 when all are taken. */
static int
maps_add(char *lo, char *hi)
{
	struct sigaction sa;
	int i, slot = -1;

	pthread_mutex_lock(&maps_mu);
	if (!bus_set) {
		memset(&sa, 0, sizeof sa);
		sa.sa_sigaction = on_sigbus;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		bus_set = sigaction(SIGBUS, &sa, &old_bus) == 0;
	}
	for (i = 0; bus_set && i < MAX_MAPS && slot < 0; i++)
		if (maps[i].hi == NULL) {
			maps[i].hit = 0;
			maps[i].lo = lo;
			maps[i].hi = hi;
			slot = i;
		}
	pthread_mutex_unlock(&maps_mu);
	return slot;
}

static void
map_free(struct reader *r)
{
	pthread_mutex_lock(&maps_mu);
	maps[r->slot].lo = maps[r->slot].hi = NULL;
	pthread_mutex_unlock(&maps_mu);
	munmap(r->map, r->maplen);
	r->map = NULL;
}

/*
 * Map the len bytes of r's file from offset off as r's buffer, unless they
 * are gzip (inflated through the buffer) or cannot be mapped.  1 when done.
 */
static int
map_at(struct reader *r, uint64_t off, uint64_t len)
{
	unsigned char magic[4];
	uint64_t skew;
	ssize_t got;
	void *p;

	if (page_size == 0)
		page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
	skew = off % page_size;
	got = pread(r->fd, magic, sizeof magic, (off_t)off);
	if (got <= 0 || is_gzip(magic, (size_t)got) || len + skew > SIZE_MAX)
		return 0;
	p = mmap(NULL, (size_t)(len + skew), PROT_READ, MAP_PRIVATE, r->fd,
	    (off_t)(off - skew));
	if (p == MAP_FAILED)
		return 0;
	if ((r->slot = maps_add(p, (char *)p + len + skew)) < 0) {
		munmap(p, (size_t)(len + skew));
		return 0;
	}
	madvise(p, (size_t)(len + skew), MADV_SEQUENTIAL);
#ifdef MADV_NOHUGEPAGE
	/* Mapped a page at a time, not a 2 MiB folio of the page cache whole. */
	madvise(p, (size_t)(len + skew), MADV_NOHUGEPAGE);
#endif
	r->map = r->dropped = p;
	r->maplen = (size_t)(len + skew);
	r->buf = r->map + skew;
	r->cap = r->avail = (size_t)len;
	r->sniffed = 1;
	return 1;
}

/* Map what is left of r's file, when it is a regular file worth mapping. */
static int
map_file(struct reader *r)
{
	struct stat sb;
	off_t cur;

	if (r->mem != NULL || r->progress != NULL || r->sniffed || r->end > 0 ||
	    fstat(r->fd, &sb) != 0 || !S_ISREG(sb.st_mode) ||
	    (cur = lseek(r->fd, 0, SEEK_CUR)) < 0 || sb.st_size < cur ||
	    (uint64_t)(sb.st_size - cur) < MAP_MIN)
		return 0;
	r->off = cur;
	return map_at(r, (uint64_t)cur, (uint64_t)(sb.st_size - cur));
}

/*
 * The mapping is used up: go on with read(2) from its end (the file may
 * have grown), with [start, end) moved into a buffer of its own.
 */
static void
unmap(struct reader *r)
{
	size_t n = r->end - r->start, cap = INITIAL_BUF;
	char *b;

	while (cap < n + n / 2)
		cap *= 2;
	b = xmalloc(cap);
	memcpy(b, r->buf + r->start, n);
	map_free(r);
	r->off += (off_t)r->avail;
	r->pread = 1;
	r->base += r->start;
	r->scan -= r->start;
	r->end = n;
	r->start = 0;
	r->buf = b;
	r->cap = cap;
}

/*
 * fill() for a mapping: the next MAP_STEP bytes become buffered.  Pages
 * before the line being read are given back first (dropping the
 * mapping's copy; the file's stay in the page cache).
 */
static size_t
map_fill(struct reader *r)
{
	uintptr_t pg = page_size;
	char *upto = (char *)((uintptr_t)(r->buf + r->start) & ~(pg - 1));
	size_t n, lim = r->avail;

	if (maps[r->slot].hit) {
		set_error(r, "the file shrank while it was read");
		return 0;
	}
	if (upto - r->dropped >= (ptrdiff_t)MAP_STEP) {
		madvise(r->dropped, (size_t)(upto - r->dropped), MADV_DONTNEED);
		r->dropped = upto;
	}
	if (r->limited && r->limit - r->base < lim)
		lim = (size_t)(r->limit - r->base);
	if (r->end >= lim)
		return 0;
	n = lim - r->end < MAP_STEP ? lim - r->end : MAP_STEP;
#ifdef MADV_POPULATE_READ
	{
		char *from = (char *)((uintptr_t)(r->buf + r->end) & ~(pg - 1));

		/* Fails with EFAULT where reading would raise SIGBUS. */
		if (madvise(from, (size_t)(r->buf + r->end + n - from),
		    MADV_POPULATE_READ) != 0 && errno == EFAULT) {
			set_error(r, "the file shrank while it was read");
			return 0;
		}
	}
#endif
	r->end += n;
	r->bytes += n;
	return n;
}

/* Read more bytes behind end.  Returns bytes added (0 at end of input). */
static size_t
fill(struct reader *r)
{
	ssize_t got;
	size_t n;

	if (r->eof)
		return 0;
	if (r->map != NULL) {
		if ((n = map_fill(r)) > 0)
			return n;
		if (r->failed || (r->limited && r->bytes >= r->limit)) {
			r->eof = 1;
			return 0;
		}
		unmap(r);
	} else if (!r->sniffed && r->fd >= 0 && map_file(r))
		return fill(r);
	if (r->buf == NULL)
		r->buf = xmalloc(r->cap);
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
	*buf = r->buf != NULL ? r->buf + r->start : "";
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
	*buf = r->buf != NULL ? r->buf + r->start : "";
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
	char *nl;

	for (;;) {
		nl = r->end > r->scan ?
		    memchr(r->buf + r->scan, '\n', r->end - r->scan) : NULL;
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
	else if (r->map != NULL) {
		base = (uint64_t)r->off;
		size = r->avail;
	} else {
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
	if (r->mem != NULL)
		t = reader_mem(r->mem + cut, (size_t)(size - cut), r->name);
	else {
		t = reader_alloc(r->name);
		t->fd = r->fd;
		t->off = (off_t)(base + cut);
		if (r->map == NULL || !map_at(t, base + cut, size - cut))
			t->pread = 1;
	}
	t->sniffed = 1;
	if (cut >= r->bytes) {
		r->limited = 1;
		r->limit = cut;
	} else {
		/* The cut is in what r holds already: drop what follows it. */
		r->end = r->start + (size_t)(cut - pos);
		if (r->scan > r->end)
			r->scan = r->end;
		r->eof = 1;
	}
	return t;
}

size_t
reader_ahead(const struct reader *r, const char **buf, uint64_t *offset)
{
	*buf = r->buf != NULL ? r->buf + r->start : "";
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
