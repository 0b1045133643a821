/*
 * A line queue: a second thread reads lines from a reader and classifies
 * them while the caller's thread consumes them, in order.
 *
 * The reading thread copies each line into a batch (a quarter MiB of text,
 * the lines one after the other, each ended by a NUL) and calls
 * classify(line, len, status, k, aux, ctx) on the batch's lines in order,
 * k counting from 0 in each batch, where aux is this line's record of
 * auxsize bytes for the caller's own use (precomputed hashes, parsed
 * headers...).  classify runs in the reading thread: it may keep state in
 * ctx between the lines of one batch (the reading thread owns ctx until
 * lineq_finish()), but must touch nothing else shared.  Pointers it stores
 * in aux into the batch stay valid while a line of that batch is the last
 * one lineq_next() gave.
 *
 * The caller gets the lines back with lineq_next() in input order, with
 * the reader's status (READER_LINE or READER_TOO_LONG) and line number.
 * READER_EOF and READER_ERROR end the queue; after lineq_finish() the
 * reader can be asked what happened, as if read directly.
 */
#ifndef TFLAME_INPUT_LINEQ_H
#define TFLAME_INPUT_LINEQ_H

#include <stddef.h>
#include <stdint.h>

#include "input/reader.h"

struct lineq;

struct lineq_line {
	const char *s;
	size_t len;
	uint64_t lineno;
	int status;   /* READER_LINE or READER_TOO_LONG */
	void *aux;
};

typedef void (*lineq_classify_fn)(const char *s, size_t len, int status,
    size_t k, void *aux, void *ctx);

/* Start reading r in a new thread; NULL if no thread could be started. */
struct lineq *lineq_start(struct reader *r, size_t auxsize,
    lineq_classify_fn classify, void *ctx);

/* The next line (1), or 0 at the end of the input. */
int lineq_next(struct lineq *q, struct lineq_line *out);

/*
 * Look ahead: line k (1: the one lineq_next() would give next) when it is
 * already at hand, without waiting (1), else 0.  Its pointers stay valid
 * as long as those of the last line lineq_next() gave.
 */
int lineq_peek(struct lineq *q, size_t k, struct lineq_line *out);

/* Pass over the next n lines, all seen with lineq_peek(). */
void lineq_skip(struct lineq *q, size_t n);

/* Stop (reading may not be finished), join the thread and free q. */
void lineq_finish(struct lineq *q);

#endif
