/*
 * bcc's memleak (`memleak-bpfcc -p PID`, tools/memleak.py): outstanding
 * allocations by stack.  Every interval it prints a report, the totals so
 * far:
 *
 *	[11:16:34] Top 2 stacks with outstanding allocations:
 *		addr = 948cd0 size = 16                  (-a only)
 *		160 bytes in 10 allocations from stack
 *			0x0000559b4789639f	main+0x6d [allocs]
 *			__libc_start_main+0xf0 [libc-2.21.so]
 *
 * A block is "N bytes in M allocations from stack" and its frames, leaf
 * first, one per more-indented line: an optional address and a tab, the
 * symbol, "+0xOFFSET" when known, " [MODULE]".  The stack becomes a
 * sample weighing N (bytes: the viewer words it in KiB/MiB) standing for
 * M sample records (the allocations).  A frame is its symbol: the address
 * and the offset go, the module becomes the frame's module (kind kernel
 * for "[kernel]"), as the perf loader does with a DSO; ";" becomes ":"
 * (a folded line can be split again); an empty symbol is "[unknown]".
 *
 * Each report repeats the totals, so the last report in the input wins:
 * a report header starts a new report, which replaces the blocks held
 * once its first block comes (a capture cut right after a header keeps
 * the report before it, and says so).  Blocks before any header (the
 * kernel-mode example's "...") form a report of their own.  The blocks
 * of the report being read are held (frames in one text arena) and given
 * to the sink at the end of the input, in the order printed.
 *
 * Other lines (the "Attaching to ..." banner, -t's trace lines, a
 * capture's surrounding text) are skipped.  A block line that does not
 * read ("bytes in" without its numbers, a number past 64 bits) is
 * reported with its number and its frames skipped; a frame line without
 * its " [MODULE]" (a line cut short) is reported and kept.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "loaders/loader.h"
#include "model/tree.h" /* the module kinds */
#include "util/ascii.h"
#include "util/xalloc.h"

/* A frame held: its name and module in the arena. */
struct ml_frame {
	size_t name, nlen, mod, mlen;
};

/* A block held: its numbers and its frames, leaf first. */
struct ml_block {
	uint64_t bytes, allocs;
	size_t first, n;
};

struct ml_ctx {
	char *text;              /* names and modules */
	size_t ntext, captext;
	struct ml_frame *frames;
	size_t nframes, capframes;
	struct ml_block *blocks;
	size_t nblocks, capblocks;
	int in_block;            /* frames go to the last block */
	int pending;             /* a header seen: the next block starts anew */
	uint64_t header_line;    /* that header's line */
};

/* The text of s[0..n) appended to the arena; its offset. */
static size_t
ml_put(struct ml_ctx *x, const char *s, size_t n)
{
	size_t off = x->ntext;

	xgrow((void **)&x->text, &x->captext, x->ntext + n + 1, 1);
	memcpy(x->text + off, s, n);
	x->ntext += n;
	return off;
}

/* "[HH:MM:SS] Top N stacks with outstanding allocations:"? */
static int
is_header(const char *t, size_t n)
{
	static const char tail[] = " stacks with outstanding allocations:";
	size_t k = sizeof tail - 1;

	return n > k && t[0] == '[' && memmem(t, n, "] Top ", 6) != NULL &&
	    memcmp(t + n - k, tail, k) == 0;
}

/* Read a decimal uint64 at t[*i..n): 1, 0 when none, -1 when too large. */
static int
ml_number(const char *t, size_t n, size_t *i, uint64_t *v)
{
	size_t s = *i;
	uint64_t d;

	*v = 0;
	while (*i < n && is_digit((unsigned char)t[*i])) {
		d = (uint64_t)(t[*i] - '0');
		if (*v > (UINT64_MAX - d) / 10)
			return -1;
		*v = *v * 10 + d;
		(*i)++;
	}
	return *i > s;
}

/* Does t[*i..n) continue with the text w?  Moves past it. */
static int
ml_word(const char *t, size_t n, size_t *i, const char *w)
{
	size_t k = strlen(w);

	if (n - *i < k || memcmp(t + *i, w, k) != 0)
		return 0;
	*i += k;
	return 1;
}

/*
 * "N bytes in M allocations from stack": 1 with the numbers, -1 when the
 * line is one that does not read (a message in *why), 0 when it is not
 * one at all.
 */
static int
block_line(const char *t, size_t n, uint64_t *bytes, uint64_t *allocs,
    const char **why)
{
	size_t i = 0;
	int a, b;

	if (n == 0 || !is_digit((unsigned char)t[0]) ||
	    memmem(t, n, " bytes in ", 10) == NULL)
		return 0;
	*why = "number too large for 64 bits";
	if ((a = ml_number(t, n, &i, bytes)) < 0)
		return -1;
	if (!ml_word(t, n, &i, " bytes in "))
		goto bad;
	if ((b = ml_number(t, n, &i, allocs)) < 0)
		return -1;
	if (b == 0 || !ml_word(t, n, &i, " allocations from stack") ||
	    i != n)
		goto bad;
	return 1;
bad:
	*why = "not a memleak block (expected \"N bytes in M allocations "
	    "from stack\")";
	return -1;
}

/* -a's "addr = HEX size = N"? */
static int
addr_line(const char *t, size_t n)
{
	return n > 7 && memcmp(t, "addr = ", 7) == 0;
}

/*
 * Split the trimmed frame line t[0..n) into its symbol s[*sb..*se) and
 * module (*mb..*me, empty when there is none).  Returns 0 when the line
 * has no " [MODULE]".
 */
static int
frame_parts(const char *t, size_t n, size_t *sb, size_t *se, size_t *mb,
    size_t *me)
{
	size_t i = 0, e = n, j;
	int mod = 0;

	/* The address and its tab (memleak's non-combined report). */
	if (n > 2 && t[0] == '0' && t[1] == 'x') {
		for (j = 2; j < n && is_xdigit((unsigned char)t[j]); j++)
			;
		if (j > 2 && j < n && is_ws((unsigned char)t[j]))
			i = skip_ws(t, j, n);
	}
	*mb = *me = e;
	if (e > i && t[e - 1] == ']')
		for (j = e - 1; j >= i + 2; j--)
			if (t[j - 2] == ' ' && t[j - 1] == '[') {
				*mb = j;
				*me = e - 1;
				e = j - 2;
				mod = 1;
				break;
			}
	/* The offset, "+0xHEX". */
	for (j = e; j > i && is_xdigit((unsigned char)t[j - 1]); j--)
		;
	if (j < e && j >= i + 3 && t[j - 1] == 'x' && t[j - 2] == '0' &&
	    t[j - 3] == '+')
		e = j - 3;
	*sb = i;
	*se = e;
	return mod;
}

/* Is t[b..e) the text w? */
static int
literal(const char *t, size_t b, size_t e, const char *w)
{
	return e - b == strlen(w) && memcmp(t + b, w, e - b) == 0;
}

/* Hold the frame line t[0..n) in the last block. */
static void
add_frame(struct ml_ctx *x, const char *t, size_t n, struct diag *d,
    uint64_t lineno)
{
	struct ml_frame *f;
	size_t sb, se, mb, me, i;

	/* bcc prints an unknown symbol without a module; else a cut line. */
	if (!frame_parts(t, n, &sb, &se, &mb, &me) && !literal(t, sb, se,
	    "[unknown]") && !literal(t, sb, se, "stack information lost"))
		diag_bad_line(d, lineno, "memleak frame without its [module]",
		    t, n);
	xgrow((void **)&x->frames, &x->capframes, x->nframes + 1,
	    sizeof *x->frames);
	f = &x->frames[x->nframes++];
	if (se == sb) {
		f->name = ml_put(x, "[unknown]", 9);
		f->nlen = 9;
	} else {
		f->name = ml_put(x, t + sb, se - sb);
		f->nlen = se - sb;
		for (i = 0; i < f->nlen; i++)
			if (x->text[f->name + i] == ';')
				x->text[f->name + i] = ':';
	}
	/* A path (never printed so, but a -O object may be) by its file. */
	for (i = me; i > mb; i--)
		if (t[i - 1] == '/')
			break;
	mb = i;
	f->mod = ml_put(x, t + mb, me - mb);
	f->mlen = me - mb;
	x->blocks[x->nblocks - 1].n++;
}

/* Start a block of the numbers given: the report's first drops the old. */
static void
add_block(struct ml_ctx *x, uint64_t bytes, uint64_t allocs)
{
	struct ml_block *b;

	if (x->pending) {
		x->nblocks = x->nframes = x->ntext = 0;
		x->pending = 0;
	}
	xgrow((void **)&x->blocks, &x->capblocks, x->nblocks + 1,
	    sizeof *x->blocks);
	b = &x->blocks[x->nblocks++];
	b->bytes = bytes;
	b->allocs = allocs;
	b->first = x->nframes;
	b->n = 0;
}

/* One line of the input, trimmed to t[0..n). */
static void
ml_line(struct ml_ctx *x, const char *t, size_t n, struct diag *d,
    uint64_t lineno)
{
	uint64_t bytes, allocs;
	const char *why = NULL;
	int rc;

	if (n == 0) {
		x->in_block = 0;
		return;
	}
	if (is_header(t, n)) {
		x->in_block = 0;
		x->pending = 1;
		x->header_line = lineno;
		return;
	}
	if ((rc = block_line(t, n, &bytes, &allocs, &why)) != 0) {
		/* A bad block line's frames are skipped with it. */
		x->in_block = rc > 0;
		if (rc < 0)
			diag_bad_line(d, lineno, why, t, n);
		else
			add_block(x, bytes, allocs);
		return;
	}
	if (addr_line(t, n))
		return;
	if (x->in_block)
		add_frame(x, t, n, d, lineno);
}

/* Give the blocks held to the sink, each root first. */
static void
ml_emit(struct ml_ctx *x, const struct load_opts *opts,
    struct stack_sink *sink, struct load_result *res)
{
	int mods = opts != NULL && opts->module_id != NULL &&
	    opts->module_set != NULL;
	const struct ml_frame *f;
	const struct ml_block *b;
	size_t i, k;
	uint32_t id;

	for (i = 0; i < x->nblocks; i++) {
		b = &x->blocks[i];
		sink->begin(sink->ctx);
		for (k = b->n; k > 0; k--) {
			f = &x->frames[b->first + k - 1];
			sink->frame(sink->ctx, x->text + f->name, f->nlen);
			if (!mods || f->mlen == 0)
				continue;
			id = opts->module_id(sink->ctx, x->text + f->mod,
			    f->mlen, f->mlen == 6 && memcmp(x->text + f->mod,
			    "kernel", 6) == 0 ? TREE_MOD_KERNEL : 0);
			opts->module_set(sink->ctx, id);
		}
		if (opts != NULL && opts->records != NULL)
			opts->records(sink->ctx, b->allocs);
		sink->end(sink->ctx, (struct tf_count){b->bytes, 0.0});
		res->samples++;
	}
}

/* Load bcc memleak's reports (see the top of this file): the last one. */
int
load_memleak(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	struct ml_ctx x;
	const char *line, *t;
	size_t len;
	int st;

	memset(&x, 0, sizeof x);
	while ((st = loader_line(r, d, res, &line, &len)) != 0) {
		if (st == READER_TOO_LONG) {
			x.in_block = 0;
			continue;
		}
		t = trim(line, &len);
		ml_line(&x, t, len, d, reader_lineno(r));
	}
	if (x.pending && x.nblocks > 0)
		diag_note(d, "the last report (line %llu) has no stacks; "
		    "showing the one before it",
		    (unsigned long long)x.header_line);
	snprintf(res->event, sizeof res->event, "bytes");
	ml_emit(&x, opts, sink, res);
	free(x.text);
	free(x.frames);
	free(x.blocks);
	(void)err;
	return 0;
}

/* memleak's row: its block line, which no other format prints. */
static int
memleak_score(const char *buf, size_t len, int complete)
{
	const char *p = buf, *end = buf + len, *nl, *t;
	uint64_t bytes, allocs;
	const char *why;
	size_t n;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL && !complete)
			break;
		n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		t = trim(p, &n);
		if (block_line(t, n, &bytes, &allocs, &why) > 0 ||
		    is_header(t, n))
			return 85;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return 0;
}

const struct format format_memleak = {
	.id = FORMAT_MEMLEAK,
	.name = "memleak",
	.help = "bcc memleak's outstanding allocations by stack, in bytes",
	.sniff = memleak_score,
	.load = load_memleak,
	.weighted = 1,
};
