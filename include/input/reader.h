/*
 * Streaming line reader.
 *
 * Input is never read whole into memory: a reader keeps one large buffer and
 * hands out lines as (pointer, length) views into it, without the trailing
 * "\n" and without one trailing "\r" (CRLF files read like LF files).  A view
 * is valid until the next call.  Lines may contain NUL bytes.
 *
 * The first bytes can be inspected with reader_peek() before any line is
 * consumed, which is how the format detector looks at the input without
 * reading all of it.  Gzip input is recognised by its magic bytes and
 * inflated on the fly (when built with zlib).
 *
 * A line longer than READER_MAX_LINE is skipped, not buffered: memory stays
 * bounded whatever the input.
 */
#ifndef TFLAME_INPUT_READER_H
#define TFLAME_INPUT_READER_H

#include <stddef.h>
#include <stdint.h>

#define READER_MAX_LINE (64u << 20)
#define READER_PEEK_MAX (64u << 10)

struct reader;

enum reader_status {
	READER_EOF = 0,
	READER_LINE = 1,
	READER_TOO_LONG = 2, /* a line over READER_MAX_LINE was skipped */
	READER_ERROR = -1    /* read error: reader_error() says what */
};

/*
 * Open path ("-" or NULL for standard input).  Returns NULL and sets *err
 * (owned by the caller) when the file cannot be opened or is a directory.
 */
struct reader *reader_open(const char *path, char **err);

/* Wrap an already open descriptor (not closed by reader_close when !own). */
struct reader *reader_fdopen(int fd, const char *name, int own, char **err);

/* Read from a memory buffer (used by tests and fuzzers). */
struct reader *reader_mem(const char *buf, size_t len, const char *name);
/*
 * For tests: a memory reader on which reading byte fail_at fails with
 * EIO, as a disk error would (the bytes before it are read; a split part
 * that does not hold it reads on).
 */
struct reader *reader_mem_failing(const char *buf, size_t len, size_t fail_at,
    const char *name);

void reader_close(struct reader *r);

/* Next line: READER_LINE with *line and *len set, or another status. */
int reader_line(struct reader *r, const char **line, size_t *len);

/*
 * Make up to READER_PEEK_MAX bytes available without consuming them and
 * return how many there are (fewer only at end of input).  Only valid before
 * the first reader_line().
 */
size_t reader_peek(struct reader *r, const char **buf);

/*
 * Like reader_peek(), but make the bytes available up to the end of the line
 * that byte `at` is in (a line that crosses the end of the peek window), or
 * up to READER_MAX_LINE bytes past `at`, or to the end of the input.  *all
 * is set when the input ends there.  Only valid before the first
 * reader_line().
 */
size_t reader_peek_line(struct reader *r, size_t at, const char **buf,
    int *all);

/*
 * Call fn(ctx) before each read(2) of the descriptor: every complete line
 * read so far has been handed out, and the read may block.  fn may wait
 * itself (the streaming viewer polls the descriptor and the terminal
 * there).  A non-zero return ends the input at that point, as EOF would,
 * except that an unfinished last line is dropped, not handed out.
 * With gzip input, what is already inflated is handed out first.
 */
void reader_set_progress(struct reader *r, int (*fn)(void *ctx), void *ctx);

/* Is a progress hook set?  (Then lines must be read in the hook's thread.) */
int reader_has_progress(const struct reader *r);

/* The descriptor read, or -1 for a memory reader. */
int reader_fd(const struct reader *r);

/*
 * Cut what is left of a regular file or memory input in two, for a second
 * thread: r ends at a line start near the middle, and the reader returned
 * reads the rest (from a line number of 0: the caller adds r's last).
 * With blank, the cut follows an empty line, so r's last line is empty.
 * Returns NULL, leaving r as it was, when the input is not split that way:
 * fewer than min bytes left, a pipe, gzip, a progress hook, or no such
 * line start near the middle.  The new reader shares r's descriptor:
 * close it before r.
 */
struct reader *reader_split(struct reader *r, uint64_t min, int blank);

/*
 * Undo reader_split() on r, which has been read to its end: r reads on
 * past the cut, to the end of the input, as if never split (the second
 * part's reader is no longer needed; close it).  A read error ends r as
 * before.
 */
void reader_unsplit(struct reader *r);

/*
 * The bytes after the last line handed out that are read already, without
 * reading more: *buf, their length, and *offset, where they start in the
 * input (inflated).  Valid until the next call that reads.
 */
size_t reader_ahead(const struct reader *r, const char **buf,
    uint64_t *offset);
/*
 * Pass over the first n bytes reader_ahead() gave, which are `lines` whole
 * lines with their "\n", as if they had been handed out.
 */
void reader_skip(struct reader *r, size_t n, uint64_t lines);

/* Number of the line last returned (1-based). */
uint64_t reader_lineno(const struct reader *r);

/* Bytes consumed from the underlying file so far (compressed bytes for gzip). */
uint64_t reader_bytes(const struct reader *r);

/* Display name: the path, or "(standard input)". */
const char *reader_name(const struct reader *r);

/* Message for the last READER_ERROR. */
const char *reader_error(const struct reader *r);

/* Mark r as failed with msg (an error met reading a part of it). */
void reader_fail(struct reader *r, const char *msg);
/* True when reading stopped on an error (reader_error() says which). */
int reader_status_failed(const struct reader *r);

/* True when the input was gzip-compressed. */
int reader_is_gzip(const struct reader *r);

/*
 * The rest of the input in one buffer, NUL-terminated: buf[0..len).  A
 * regular file not compressed, read from its start, is mapped (map: the
 * bytes mapped; private, so the buffer may be written); anything else is
 * read into memory (map 0).  slurp_free() releases either.  A mapped
 * buffer is valid while the file keeps its size: parse it inside
 * mapguard_call() (input/mapguard.h), as loader_run() does.
 */
struct slurp {
	char *buf;
	size_t len;
	size_t map;
};

/*
 * Read the rest of r into *s: 0, 1 when it is over max bytes (nothing
 * kept), -1 on a read error (reader_error() says what).
 */
int reader_slurp(struct reader *r, size_t max, struct slurp *s);
void slurp_free(struct slurp *s);

#endif
