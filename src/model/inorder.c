/*
 * Folded stacks in byte order: see model/inorder.h.
 *
 * Each stack is an entry in 1 MiB chunks: a header (the bytes it keeps of
 * the stack before, the bytes it adds, its count), then the added bytes.
 * Sorted stacks share most of their text with the one before (a deep
 * stack differs from its neighbour in its last few frames), so the 95 MB
 * collapsed output of a 1 GB perf profile is held in about 16 MB.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model/inorder.h"
#include "util/scan.h"
#include "util/xalloc.h"

#ifndef INORDER_CHUNK
#define INORDER_CHUNK (1u << 20)
#endif

struct entry {
	size_t keep, add;
	struct tf_count count;
};

#define ALIGN8(x) (((x) + 7) & ~(size_t)7)

struct chunk {
	char *mem;
	size_t used, cap;
};

struct inorder {
	struct chunk *chunks;
	size_t nchunks, capchunks;
	struct entry *last;   /* the last stack's entry, or NULL */
	char *text;           /* the last stack's text */
	size_t len, cap;
	uint64_t stacks;
	struct tf_count total; /* of all counts taken */
	int nonzero;
	int fraction;         /* a count taken had one */
	size_t bytes;         /* in chunks */
};

struct inorder *
inorder_new(void)
{
	return xcalloc(1, sizeof(struct inorder));
}

void
inorder_clear(struct inorder *io)
{
	size_t i;

	for (i = 0; i < io->nchunks; i++)
		free(io->chunks[i].mem);
	io->nchunks = 0;
	io->last = NULL;
	io->len = 0;
	io->stacks = 0;
	io->total = COUNT_ZERO;
	io->nonzero = 0;
	io->fraction = 0;
	io->bytes = 0;
}

void
inorder_free(struct inorder *io)
{
	if (io == NULL)
		return;
	inorder_clear(io);
	free(io->chunks);
	free(io->text);
	free(io);
}

/* Room for need bytes at the end of the last chunk. */
static char *
room(struct inorder *io, size_t need)
{
	struct chunk *c = io->nchunks > 0 ? &io->chunks[io->nchunks - 1] : NULL;
	char *p;

	if (c == NULL || c->cap - c->used < need) {
		xgrow((void **)&io->chunks, &io->capchunks, io->nchunks + 1,
		    sizeof *io->chunks);
		c = &io->chunks[io->nchunks++];
		c->cap = need > INORDER_CHUNK ? need : INORDER_CHUNK;
		c->mem = xmalloc(c->cap);
		c->used = 0;
		io->bytes += c->cap;
	}
	p = c->mem + c->used;
	c->used += need;
	return p;
}

int
inorder_add(struct inorder *io, const char *s, size_t len, struct tf_count c)
{
	size_t keep = 0, n;
	struct entry *e;
	struct tf_count total = io->total;

	/*
	 * Sums near 2^64 are left to the tree, which caps them and says so
	 * (a total over 2^64-1 too, though each stack's count fits).
	 */
	if (count_add(&total, c) || total.n > UINT64_MAX / 2)
		return -1;
	if (io->last != NULL) {
		n = len < io->len ? len : io->len;
		keep = common_prefix(s, io->text, n);
		if (keep == len && keep == io->len) {
			/* The same stack again: add to its count. */
			count_add(&io->last->count, c); /* below the total */
			io->total = total;
			io->nonzero |= !count_is_zero(io->last->count);
			io->fraction |= c.frac != 0.0;
			return 0;
		}
		/* Before the last one: a prefix of it, or a lower byte. */
		if (keep == len || (keep < io->len &&
		    (unsigned char)s[keep] < (unsigned char)io->text[keep]))
			return -1;
	}
	e = (struct entry *)(void *)room(io, ALIGN8(sizeof *e + len - keep));
	e->keep = keep;
	e->add = len - keep;
	e->count = COUNT_ZERO;
	count_add(&e->count, c); /* from 0: the tree's sum, bit for bit */
	memcpy(e + 1, s + keep, len - keep);
	xgrow((void **)&io->text, &io->cap, len + 1, 1);
	memcpy(io->text + keep, s + keep, len - keep);
	io->len = len;
	io->last = e;
	io->total = total;
	io->stacks++;
	io->nonzero |= !count_is_zero(e->count);
	io->fraction |= c.frac != 0.0;
	return 0;
}

int
inorder_append(struct inorder *io, struct inorder *from)
{
	const struct entry *first;
	struct tf_count total = io->total;
	size_t n, keep, need;
	char *t;

	if (from->stacks == 0)
		return 0;
	/*
	 * One by one, a fraction of a count may carry into the total's
	 * integer part at another stack: keep 2 from the bound.
	 */
	if (count_add(&total, from->total) || total.n > UINT64_MAX / 2 - 2)
		return -1;
	if (io->last != NULL) {
		/* from's first stack is stored whole (it keeps 0 bytes). */
		first = (const struct entry *)(const void *)from->chunks[0].mem;
		n = first->add < io->len ? first->add : io->len;
		keep = common_prefix((const char *)(first + 1), io->text, n);
		if (keep == first->add || (keep < io->len &&
		    (unsigned char)((const char *)(first + 1))[keep] <
		    (unsigned char)io->text[keep]))
			return -1; /* before io's last, or equal to it */
	}
	need = io->nchunks + from->nchunks;
	xgrow((void **)&io->chunks, &io->capchunks, need, sizeof *io->chunks);
	memcpy(io->chunks + io->nchunks, from->chunks,
	    from->nchunks * sizeof *from->chunks);
	io->nchunks = need;
	io->bytes += from->bytes;
	io->stacks += from->stacks;
	io->total = total;
	io->nonzero |= from->nonzero;
	io->fraction |= from->fraction;
	io->last = from->last;
	/* The last stack's text: from's, by swapping the buffers. */
	t = io->text;
	io->text = from->text;
	from->text = t;
	need = io->cap;
	io->cap = from->cap;
	from->cap = need;
	io->len = from->len;
	from->nchunks = 0; /* io's now: cleared, from frees none */
	inorder_clear(from);
	return 0;
}

uint64_t
inorder_stacks(const struct inorder *io)
{
	return io->stacks;
}

int
inorder_fraction(const struct inorder *io)
{
	return io->fraction;
}

int
inorder_nonzero(const struct inorder *io)
{
	return io->nonzero;
}

size_t
inorder_memory(const struct inorder *io)
{
	return io->bytes + io->cap + io->capchunks * sizeof *io->chunks;
}

void
inorder_iter_init(struct inorder_iter *it)
{
	memset(it, 0, sizeof *it);
}

void
inorder_iter_free(struct inorder_iter *it)
{
	free(it->text);
	inorder_iter_init(it);
}

int
inorder_next(const struct inorder *io, struct inorder_iter *it,
    const char **s, size_t *len, struct tf_count *c)
{
	const struct chunk *ch;
	const struct entry *e;

	while (it->chunk < io->nchunks &&
	    it->off >= io->chunks[it->chunk].used) {
		it->chunk++;
		it->off = 0;
	}
	if (it->chunk >= io->nchunks)
		return 0;
	ch = &io->chunks[it->chunk];
	e = (const struct entry *)(const void *)(ch->mem + it->off);
	it->off += ALIGN8(sizeof *e + e->add);
	/* +1: a text of length 0 still gets a buffer */
	xgrow((void **)&it->text, &it->cap, e->keep + e->add + 1, 1);
	memcpy(it->text + e->keep, e + 1, e->add);
	it->len = e->keep + e->add;
	*s = it->text;
	*len = it->len;
	*c = e->count;
	return 1;
}
