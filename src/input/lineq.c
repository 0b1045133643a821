/*
 * The line queue (see lineq.h): a ring of batches between two threads.
 *
 * The reader thread fills batch i % NBATCH while the consumer drains an
 * earlier one; a batch changes hands under one mutex with two condition
 * variables (a batch became full / became free).  Batches are large, so
 * the lock is taken a few hundred times per gigabyte.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "input/lineq.h"
#include "util/thread.h"
#include "util/xalloc.h"

#define NBATCH 4
#define BATCH_TEXT (256u << 10)
#define BATCH_LINES 4096

struct rec {
	size_t off, len;
	uint64_t lineno;
	int status;
};

struct batch {
	char *text;
	size_t tlen, tcap;
	struct rec *recs;
	unsigned char *aux;
	size_t n, cap;
	int full;  /* handed to the consumer */
	int last;  /* no batch follows */
};

struct lineq {
	struct reader *r;
	size_t auxsize;
	lineq_classify_fn classify;
	void *ctx;
	struct thread_job thread;
	pthread_mutex_t mu;
	pthread_cond_t filled, freed;
	struct batch b[NBATCH];
	int stop;      /* the consumer gave up: the reader thread ends */
	size_t next;   /* consumer: the batch being drained */
	size_t pos;    /* consumer: the next line in it */
	int held;      /* consumer holds batch `next` */
	int done;      /* consumer saw the last batch */
};

/* Wait until batch i is free (or the consumer stopped); 0 on stop. */
static int
wait_free(struct lineq *q, struct batch *b)
{
	int go;

	pthread_mutex_lock(&q->mu);
	while (b->full && !q->stop)
		pthread_cond_wait(&q->freed, &q->mu);
	go = !q->stop;
	pthread_mutex_unlock(&q->mu);
	return go;
}

/* Classify batch b (its text no longer moves) and give it to the consumer. */
static void
hand_over(struct lineq *q, struct batch *b, int last)
{
	size_t k;

	for (k = 0; k < b->n; k++)
		q->classify(b->text + b->recs[k].off, b->recs[k].len,
		    b->recs[k].status, k, b->aux + k * q->auxsize, q->ctx);
	pthread_mutex_lock(&q->mu);
	b->full = 1;
	b->last = last;
	pthread_cond_signal(&q->filled);
	pthread_mutex_unlock(&q->mu);
}

static void *
reader_main(void *arg)
{
	struct lineq *q = arg;
	size_t i = 0;
	struct batch *b = &q->b[0];
	const char *line;
	size_t len;
	int st;

	if (!wait_free(q, b))
		return NULL;
	b->n = b->tlen = 0;
	for (;;) {
		st = reader_line(q->r, &line, &len);
		if (st != READER_LINE && st != READER_TOO_LONG)
			break;
		if (st == READER_TOO_LONG)
			len = 0;
		if (b->n == b->cap) {
			b->cap = b->cap ? b->cap * 2 : BATCH_LINES;
			b->recs = xreallocarray(b->recs, b->cap, sizeof *b->recs);
			b->aux = xreallocarray(b->aux, b->cap, q->auxsize);
		}
		xgrow((void **)&b->text, &b->tcap, b->tlen + len + 1, 1);
		memcpy(b->text + b->tlen, line, len);
		b->text[b->tlen + len] = '\0';
		b->recs[b->n].off = b->tlen;
		b->recs[b->n].len = len;
		b->recs[b->n].lineno = reader_lineno(q->r);
		b->recs[b->n].status = st;
		b->n++;
		b->tlen += len + 1;
		if (b->tlen < BATCH_TEXT && b->n < BATCH_LINES)
			continue;
		hand_over(q, b, 0);
		i = (i + 1) % NBATCH;
		b = &q->b[i];
		if (!wait_free(q, b))
			return NULL;
		b->n = b->tlen = 0;
	}
	hand_over(q, b, 1);
	return NULL;
}

struct lineq *
lineq_start(struct reader *r, size_t auxsize, lineq_classify_fn classify,
    void *ctx)
{
	struct lineq *q = xcalloc(1, sizeof *q);

	q->r = r;
	q->auxsize = auxsize ? auxsize : 1;
	q->classify = classify;
	q->ctx = ctx;
	pthread_mutex_init(&q->mu, NULL);
	pthread_cond_init(&q->filled, NULL);
	pthread_cond_init(&q->freed, NULL);
	if (!thread_start(&q->thread, 1, reader_main, q)) {
		pthread_mutex_destroy(&q->mu);
		pthread_cond_destroy(&q->filled);
		pthread_cond_destroy(&q->freed);
		free(q);
		return NULL;
	}
	return q;
}

/* Give the drained batch back to the reader thread. */
static void
release(struct lineq *q)
{
	struct batch *b = &q->b[q->next];

	pthread_mutex_lock(&q->mu);
	b->full = 0;
	q->done = b->last;
	pthread_cond_signal(&q->freed);
	pthread_mutex_unlock(&q->mu);
	q->held = 0;
	q->next = (q->next + 1) % NBATCH;
	q->pos = 0;
}

int
lineq_next(struct lineq *q, struct lineq_line *out)
{
	struct batch *b;

	for (;;) {
		b = &q->b[q->next];
		if (q->held && q->pos < b->n)
			break;
		if (q->held)
			release(q);
		if (q->done)
			return 0;
		b = &q->b[q->next];
		pthread_mutex_lock(&q->mu);
		while (!b->full)
			pthread_cond_wait(&q->filled, &q->mu);
		pthread_mutex_unlock(&q->mu);
		q->held = 1;
	}
	out->s = b->text + b->recs[q->pos].off;
	out->len = b->recs[q->pos].len;
	out->lineno = b->recs[q->pos].lineno;
	out->status = b->recs[q->pos].status;
	out->aux = b->aux + q->pos * q->auxsize;
	q->pos++;
	return 1;
}

int
lineq_peek(struct lineq *q, size_t k, struct lineq_line *out)
{
	struct batch *b = &q->b[q->next];
	size_t i = q->pos + k - 1;

	if (!q->held || k == 0 || i >= b->n)
		return 0;
	out->s = b->text + b->recs[i].off;
	out->len = b->recs[i].len;
	out->lineno = b->recs[i].lineno;
	out->status = b->recs[i].status;
	out->aux = b->aux + i * q->auxsize;
	return 1;
}

void
lineq_skip(struct lineq *q, size_t n)
{
	q->pos += n;
}

void
lineq_finish(struct lineq *q)
{
	int i;

	pthread_mutex_lock(&q->mu);
	q->stop = 1;
	pthread_cond_broadcast(&q->freed);
	pthread_mutex_unlock(&q->mu);
	thread_join(&q->thread);
	pthread_mutex_destroy(&q->mu);
	pthread_cond_destroy(&q->filled);
	pthread_cond_destroy(&q->freed);
	for (i = 0; i < NBATCH; i++) {
		free(q->b[i].text);
		free(q->b[i].recs);
		free(q->b[i].aux);
	}
	free(q);
}
