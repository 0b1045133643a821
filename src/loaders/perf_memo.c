/*
 * The perf loader's repeated text (the perf_lines, perf_stacks and
 * perf_bodies parts of loaders/perf_ctx.h).
 *
 * A profile repeats itself: a few thousand distinct stack
 * lines make up millions of samples, and most samples repeat a call chain
 * seen before, byte for byte; only the header (time, period) differs.  So
 * each distinct stack line is parsed once: a memo maps its text to a line
 * id whose cleaned frames are kept (lines with the same frames, that differ
 * only in address, offset or module, share one id).  A sample is then its
 * root and the ids of its lines, and a second memo maps that key to the
 * stack the sink made the first time (its speed hooks: last()), so a
 * repeated sample costs one lookup and again(), with no frame re-parsed, interned or
 * walked.  Lines that give a message are never remembered: each occurrence
 * is reported with its own line number.  The memos' text is bounded
 * (MEMO_BUDGET): past it, they start over at the next sample.
 *
 * Whole sample bodies.  When a second thread reads the input (see
 * read_threaded() in perf.c), the lines of a sample are at hand when its
 * header is read, in the batch that thread read and hashed: then the
 * body's text - every stack line up to the empty line, as read - is
 * looked up at once, with the root, and a body seen before costs one hash
 * and one comparison instead of a lookup per line.  (One thread reading
 * for itself finds each line by its caller instead, see
 * perf_plain_body(): that is faster than hashing, comparing and copying
 * whole bodies, even in a profile whose bodies all repeat.)
 * A body is remembered the second time it is seen (most bodies are seen
 * once; SEEN_SLOTS hashes say which were), within BODY_BUDGET of text,
 * and only when it was read without a message.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "loaders/perf_ctx.h"
#include "util/hash.h"
#include "util/memo.h"
#include "util/scan.h"
#include "util/xalloc.h"

#define MEMO_BUDGET (16u << 20)
/*
 * The memos start over only between samples, so one sample of a million
 * distinct long lines could fill the lines memo past its budget; past
 * this much it takes no more (a record's place must fit its slot).
 */
#define MEMO_ARENA_MAX ((size_t)UINT32_MAX)
#define BODY_BUDGET (2u << 20)
#define SEEN_SLOTS (1u << 16)
/* A frame whose name the sink has not been asked for yet. */
#define FRID_NONE UINT32_MAX

/* Start the memos of p (zeroed). */
void
perf_memos_init(struct perf_ctx *p)
{
	memo_init(&p->ln.memo[0]);
	memo_init(&p->ln.memo[1]);
	memo_init(&p->st.samples);
	memo_init(&p->bd.memo);
}

/* A sample was opened: start its key (root, "\n") when memos are used. */
void
perf_memo_start(struct perf_ctx *p)
{
	/* --lines renames frames after their line: no line ids then */
	p->st.live = p->sink->speed != NULL && !p->opts->lines;
	p->bd.live = 0;
	p->st.klen = p->st.kbody = 0; /* no line ids (see perf_srcline()) */
	if (p->st.live) {
		xgrow((void **)&p->st.key, &p->st.kcap, p->cur.rootlen + 1, 1);
		memcpy(p->st.key, p->cur.root, p->cur.rootlen);
		p->st.key[p->cur.rootlen] = '\n';
		p->st.klen = p->st.kbody = p->cur.rootlen + 1;
	}
}

/*
 * The frames of a remembered line in the frame store, leaf first (NULL for a
 * line that gives none: the store itself may be NULL then).
 */
static const struct frame_ref *
frames_of(const struct perf_ctx *p, const struct line_frames *lf)
{
	return lf->n > 0 ? p->ln.fr + lf->first : NULL;
}

/* Append remembered frames to the open sample, as add_part() would. */
static void
add_remembered(struct perf_ctx *p, const struct line_frames *lf)
{
	const struct frame_ref *f = frames_of(p, lf);
	uint32_t i;

	for (i = 0; i < lf->n; i++) {
		if (p->cur.nframes >= PERF_MAX_FRAMES ||
		    p->cur.flen + f[i].len > PERF_MAX_TEXT) {
			p->cur.toodeep = 1;
			return;
		}
		xgrow((void **)&p->cur.fbuf, &p->cur.fcap,
		    p->cur.flen + f[i].len + 1, 1);
		memcpy(p->cur.fbuf + p->cur.flen, p->ln.ftext + f[i].off,
		    f[i].len);
		xgrow((void **)&p->cur.frames, &p->cur.capframes,
		    p->cur.nframes + 1, sizeof *p->cur.frames);
		p->cur.frames[p->cur.nframes].off = (uint32_t)p->cur.flen;
		p->cur.frames[p->cur.nframes].len = f[i].len;
		if (p->opts->module_set != NULL) {
			xgrow((void **)&p->cur.mods, &p->cur.capmods,
			    p->cur.nframes + 1, sizeof *p->cur.mods);
			p->cur.mods[p->cur.nframes] = lf->mod;
		}
		p->cur.nframes++;
		p->cur.flen += f[i].len;
	}
}

/* Turn the open sample's line ids into frames; read on the usual way. */
void
perf_memo_flush(struct perf_ctx *p)
{
	size_t k;
	uint32_t id;

	p->st.live = 0;
	p->bd.live = 0;
	for (k = p->st.kbody; k + 4 <= p->st.klen && !p->cur.toodeep; k += 4) {
		memcpy(&id, p->st.key + k, 4);
		add_remembered(p, &p->ln.lf[id]);
	}
}

/* A hash of line frames lf: their names and where each ends. */
static uint64_t
frames_hash(const struct perf_ctx *p, const struct line_frames *lf)
{
	const struct frame_ref *f = frames_of(p, lf);
	uint64_t h;
	uint32_t i;

	if (lf->n == 0)
		return hash_mix64(1);
	h = hash_bytes(p->ln.ftext + f[0].off,
	    f[lf->n - 1].off + f[lf->n - 1].len - f[0].off) + lf->mod;
	for (i = 0; i < lf->n; i++)
		h = hash_mix64(h + f[i].len + 1);
	return h;
}

/* Do line frames a and b have the same names (and module)? */
static int
frames_equal(const struct perf_ctx *p, const struct line_frames *a,
    const struct line_frames *b)
{
	const struct frame_ref *f = frames_of(p, a), *g = frames_of(p, b);
	uint32_t i;

	if (a->n != b->n || a->mod != b->mod)
		return 0;
	for (i = 0; i < a->n; i++)
		if (f[i].len != g[i].len ||
		    memcmp(p->ln.ftext + f[i].off, p->ln.ftext + g[i].off,
		    f[i].len) != 0)
			return 0;
	return 1;
}

/*
 * The slot of the line remembered before with the same frames as lf (hash
 * h), or the free slot where lf would go.
 */
static uint32_t *
same_find(struct perf_ctx *p, const struct line_frames *lf, uint64_t h)
{
	size_t i;

	if (p->ln.same == NULL) {
		p->ln.samemask = 1023;
		p->ln.same = xcalloc(p->ln.samemask + 1, sizeof *p->ln.same);
	}
	for (i = h & p->ln.samemask; p->ln.same[i] != 0;
	    i = (i + 1) & p->ln.samemask)
		if (frames_equal(p, &p->ln.lf[p->ln.same[i] - 1], lf))
			break;
	return &p->ln.same[i];
}

/* Every remembered line is in p->ln.same (see remember_line()). */
static void
same_grow(struct perf_ctx *p)
{
	size_t n = (p->ln.samemask + 1) * 2, i;
	uint32_t id;

	free(p->ln.same);
	p->ln.same = xcalloc(n, sizeof *p->ln.same);
	p->ln.samemask = n - 1;
	for (id = 0; id < p->ln.nlf; id++) {
		for (i = frames_hash(p, &p->ln.lf[id]) & p->ln.samemask;
		    p->ln.same[i] != 0; i = (i + 1) & p->ln.samemask)
			;
		p->ln.same[i] = id + 1;
	}
}

/* Parse a stack line not seen before and remember its frames; the id. */
static uint32_t
remember_line(struct perf_ctx *p, const struct stack_line *sl)
{
	size_t n0 = p->cur.nframes, f0 = p->cur.flen, nfr0 = p->ln.nfr;
	size_t ft0 = p->ln.ftlen, i;
	struct line_frames lf;
	uint32_t *slot;

	perf_add_stack_line(p, sl);
	lf.first = (uint32_t)p->ln.nfr;
	lf.n = (uint32_t)(p->cur.nframes - n0);
	/* With the module hooks, a line's module is part of what it is. */
	lf.mod = lf.n > 0 && p->opts->module_set != NULL ? p->cur.mods[n0] : 0;
	xgrow((void **)&p->ln.fr, &p->ln.capfr, p->ln.nfr + lf.n,
	    sizeof *p->ln.fr);
	xgrow((void **)&p->ln.frid, &p->ln.capfrid, p->ln.nfr + lf.n,
	    sizeof *p->ln.frid);
	/* +1: never a null store, even for empty names. */
	xgrow((void **)&p->ln.ftext, &p->ln.ftcap,
	    p->ln.ftlen + (p->cur.flen - f0) + 1, 1);
	for (i = n0; i < p->cur.nframes; i++) {
		p->ln.fr[p->ln.nfr].off = (uint32_t)p->ln.ftlen;
		p->ln.fr[p->ln.nfr].len = p->cur.frames[i].len;
		p->ln.frid[p->ln.nfr] = FRID_NONE;
		memcpy(p->ln.ftext + p->ln.ftlen,
		    p->cur.fbuf + p->cur.frames[i].off,
		    p->cur.frames[i].len);
		p->ln.ftlen += p->cur.frames[i].len;
		p->ln.nfr++;
	}
	p->cur.nframes = n0;
	p->cur.flen = f0;
	/*
	 * A line with the same frames as one remembered before (they differ
	 * only in address, offset or module) takes its id, so that samples
	 * of such lines make the same key and are found in the samples memo
	 * instead of being walked into the sink again.
	 */
	slot = same_find(p, &lf, frames_hash(p, &lf));
	if (*slot != 0) {
		p->ln.nfr = nfr0; /* a copy of the frames of *slot: let it go */
		p->ln.ftlen = ft0;
		return *slot - 1;
	}
	xgrow((void **)&p->ln.lf, &p->ln.caplf, p->ln.nlf + 1,
	    sizeof *p->ln.lf);
	p->ln.lf[p->ln.nlf] = lf;
	*slot = (uint32_t)++p->ln.nlf;
	if (p->ln.nlf * 2 > p->ln.samemask)
		same_grow(p); /* slot is gone */
	return (uint32_t)p->ln.nlf - 1;
}

/*
 * Forget remembered text when it outgrows its budget.  The samples memo
 * grows with every new stack, the lines memo only with distinct lines,
 * and it is what makes a new sample cheap: the samples go first, the
 * lines (and so the samples' keys made of their ids) only when they take
 * more than half the budget themselves.
 */
static void
memo_trim(struct perf_ctx *p)
{
	size_t budget = (p->opts->perf.memo_budget ? p->opts->perf.memo_budget :
	    MEMO_BUDGET) / (size_t)p->share;
	size_t lines = memo_bytes(&p->ln.memo[0]) + memo_bytes(&p->ln.memo[1]) +
	    p->ln.ftlen + p->ln.nfr * (sizeof *p->ln.fr + sizeof *p->ln.frid) +
	    p->ln.nlf * sizeof *p->ln.lf +
	    (p->ln.samemask + 1) * sizeof *p->ln.same;

	if (lines + memo_bytes(&p->st.samples) <= budget)
		return;
	memo_clear(&p->st.samples);
	if (lines <= budget / 2)
		return;
	memo_clear(&p->ln.memo[0]);
	memo_clear(&p->ln.memo[1]);
	p->ln.nlf = p->ln.nfr = p->ln.ftlen = 0;
	p->st.prevlen = 0; /* its line ids are gone */
	if (p->ln.same != NULL)
		memset(p->ln.same, 0,
		    (p->ln.samemask + 1) * sizeof *p->ln.same);
}

/*
 * The open sample, read without a message, was made into the sink's stack
 * `value`: remember its body the second time it is seen.
 */
static void
body_remember(struct perf_ctx *p, uint64_t value)
{
	struct memo *m = &p->bd.memo;
	struct memo_slot *slot;
	uint64_t h = p->bd.hash | 1, v; /* 0 marks a free seen slot */
	size_t i, n = p->cur.rootlen + 1 + p->bd.len;

	p->bd.live = 0;
	if (m->alen + n > BODY_BUDGET / p->share)
		return;
	if (p->bd.seen == NULL)
		p->bd.seen = xcalloc(SEEN_SLOTS, sizeof *p->bd.seen);
	for (i = h & (SEEN_SLOTS - 1); p->bd.seen[i] != 0 && p->bd.seen[i] != h;
	    i = (i + 1) & (SEEN_SLOTS - 1))
		;
	if (p->bd.seen[i] == 0) {
		/* The first time; at half full, forget them all. */
		if (++p->bd.nseen > SEEN_SLOTS / 2) {
			memset(p->bd.seen, 0, SEEN_SLOTS * sizeof *p->bd.seen);
			p->bd.nseen = 0;
		} else
			p->bd.seen[i] = h;
		return;
	}
	/* The key: the sample key's start (root, "\n"), then the body. */
	slot = memo_find(m, p->st.key, p->st.kbody, p->bd.s, p->bd.len,
	    p->bd.hash, &v);
	if (slot->entry != 0)
		return;
	memo_put(m, slot, p->st.key, p->st.kbody, p->bd.s, p->bd.len,
	    p->bd.hash, value);
}

/*
 * Can the open sample, read as line ids, go to the sink as its lines'
 * remembered frames (emit_lines())?  Not when the sink cannot resume, nor
 * when the sample is too deep: perf_memo_flush() reads and reports it then.
 */
static int
lines_fit(const struct perf_ctx *p)
{
	const struct frame_ref *f;
	uint64_t frames = 0, text = 0;
	uint32_t id, i;
	size_t k;

	if (p->sink->speed == NULL)
		return 0;
	for (k = p->st.kbody; k + 4 <= p->st.klen; k += 4) {
		memcpy(&id, p->st.key + k, 4);
		f = frames_of(p, &p->ln.lf[id]);
		frames += p->ln.lf[id].n;
		for (i = 0; i < p->ln.lf[id].n; i++)
			text += f[i].len;
	}
	return frames <= PERF_MAX_FRAMES && text <= PERF_MAX_TEXT;
}

/*
 * Give the open sample, read as line ids, to the sink: the root, then each
 * line's frames from the outermost line in, as perf_memo_flush() and
 * perf_emit_frames() would.  The frames of the lines (and root) it shares with
 * the last stack made here are not given again: the sink resumes where
 * that stack had got to after them.  (Samples seen before never come
 * here; those that do mostly share the outer part of their stack with the
 * one before.)
 */
static void
emit_lines(struct perf_ctx *p)
{
	struct stack_sink *k = p->sink;
	const struct stack_sink_speed *sp = k->speed;
	const struct frame_ref *f;
	size_t n = (p->st.klen - p->st.kbody) / 4, same = 0, i;
	uint32_t id, j, x;

	k->begin(k->ctx);
	if (p->st.prevlen >= p->st.kbody &&
	    memcmp(p->st.prev, p->st.key, p->st.kbody) == 0) {
		/* The same root: compare lines from the outermost (last) in. */
		while (same < n &&
		    p->st.prevlen - p->st.kbody >= 4 * (same + 1) &&
		    memcmp(p->st.prev + p->st.prevlen - 4 * (same + 1),
		    p->st.key + p->st.klen - 4 * (same + 1), 4) == 0)
			same++;
		sp->resume(k->ctx, p->st.steps[same]);
	} else {
		k->frame(k->ctx, p->cur.root, p->cur.rootlen);
		xgrow((void **)&p->st.steps, &p->st.capsteps, 1,
		    sizeof *p->st.steps);
		p->st.steps[0] = sp->at(k->ctx);
	}
	/* steps[i]: where the root and the i outermost lines led. */
	xgrow((void **)&p->st.steps, &p->st.capsteps, n + 1,
	    sizeof *p->st.steps);
	for (i = same; i < n; i++) {
		memcpy(&id, p->st.key + p->st.klen - 4 * (i + 1), 4);
		f = frames_of(p, &p->ln.lf[id]);
		for (j = p->ln.lf[id].n; j > 0; j--) {
			/* The name's id, asked for the first time it is used. */
			x = p->ln.lf[id].first + j - 1;
			if (p->ln.frid[x] == FRID_NONE)
				p->ln.frid[x] = sp->intern(k->ctx,
				    p->ln.ftext + f[j - 1].off, f[j - 1].len);
			sp->frame_id(k->ctx, p->ln.frid[x]);
			if (p->opts->module_set != NULL)
				p->opts->module_set(k->ctx, p->ln.lf[id].mod);
		}
		p->st.steps[i + 1] = sp->at(k->ctx);
	}
	perf_give_meta(p);
	k->end(k->ctx, p->cur.period);
	p->res->samples++;
	p->cur.open = 0;
	xgrow((void **)&p->st.prev, &p->st.prevcap, p->st.klen, 1);
	memcpy(p->st.prev, p->st.key, p->st.klen);
	p->st.prevlen = p->st.klen;
}

/* The open sample is complete: count it. */
void
perf_end_sample(struct perf_ctx *p)
{
	struct memo_slot *slot = NULL;
	uint64_t h = 0, value = 0;
	int body = 0;

	if (!p->cur.open)
		return;
	if (p->st.live) {
		h = hash_bytes(p->st.key, p->st.klen);
		slot = memo_find(&p->st.samples, p->st.key, p->st.klen, NULL, 0,
		    h, &value);
		if (slot->entry != 0) {
			perf_give_meta(p);
			p->sink->speed->again(p->sink->ctx, value,
			    p->cur.period);
			p->res->samples++;
			p->cur.open = 0;
			p->st.live = 0;
			if (p->bd.live)
				body_remember(p, value);
			return;
		}
		body = p->bd.live;
		if (lines_fit(p)) {
			p->st.live = 0;
			p->bd.live = 0;
			emit_lines(p);
			value = p->sink->speed->last(p->sink->ctx);
			memo_put(&p->st.samples, slot, p->st.key, p->st.klen,
			    NULL, 0, h, value);
			if (body)
				body_remember(p, value);
			memo_trim(p);
			return;
		}
		perf_memo_flush(p);
		if (p->cur.toodeep)
			slot = NULL;
	}
	perf_emit_frames(p);
	if (slot != NULL) {
		value = p->sink->speed->last(p->sink->ctx);
		memo_put(&p->st.samples, slot, p->st.key, p->st.klen, NULL, 0,
		    h, value);
		if (body)
			body_remember(p, value);
	}
	memo_trim(p);
}

/*
 * The bytes of line ids a sample's key may hold past its root while the
 * lines memo m takes more lines (none once its arena is full).
 */
static inline size_t
key_room(const struct memo *m)
{
	return m->alen > MEMO_ARENA_MAX ? 0 : 4 * (size_t)PERF_MAX_FRAMES;
}

/*
 * A stack line of the open sample, read as a line id.  The key is the
 * whole line (indent too), so a line found in the memo is known to be a
 * stack line: its kind depends on its bytes alone.  A line not found is
 * classified first unless the caller did (stack set): when it is not a
 * stack line, returns 0 and reads nothing.
 */
static int
memo_line_hashed(struct perf_ctx *p, const char *line, size_t len, uint64_t h,
    uint64_t lineno, int stack)
{
	struct memo *m = &p->ln.memo[p->cur.java];
	struct memo_slot *slot;
	struct stack_line sl;
	struct line_class c;
	uint64_t value = 0;
	uint32_t id;

	if (len > MEMO_MAX_KEY || p->st.klen - p->st.kbody >= key_room(m)) {
		/* Not worth remembering: read this sample the usual way. */
		if (!stack)
			return 0;
		perf_memo_flush(p);
		perf_read_stack_line(p, line, len, lineno);
		return 1;
	}
	slot = memo_find(m, line, len, NULL, 0, h, &value);
	if (slot->entry != 0)
		id = (uint32_t)value;
	else {
		if (!stack) {
			perf_classify(line, len, READER_LINE, 0, &c, NULL);
			if (c.kind != LK_STACK)
				return 0;
		}
		if (!perf_parse_stack_line(line, len, &sl)) {
			diag_bad_line(p->d, lineno, "unrecognized stack line",
			    line, len);
			p->bd.live = 0; /* to be reported each time */
			return 1;
		}
		id = remember_line(p, &sl);
		memo_put(m, slot, line, len, NULL, 0, h, id);
	}
	xgrow((void **)&p->st.key, &p->st.kcap, p->st.klen + 4, 1);
	memcpy(p->st.key + p->st.klen, &id, 4);
	p->st.klen += 4;
	return 1;
}

/* memo_line_hashed() with the line's hash computed here. */
int
perf_memo_line(struct perf_ctx *p, const char *line, size_t len,
    uint64_t lineno, int stack)
{
	return memo_line_hashed(p, line, len, hash_run(line, len), lineno,
	    stack);
}



/*
 * The sample just opened has the body s[0..n), whose text alone hashes to
 * bh.  When it was seen before with this root, count the sample as that
 * stack and return the body's record: the caller passes over its lines.
 * Otherwise note the body, to be remembered when the sample ends
 * (perf_end_sample()), and return NULL.
 */
const struct memo_rec *
perf_body_lookup(struct perf_ctx *p, const char *s, size_t n, uint64_t bh)
{
	uint64_t h = hash_mix64(bh ^ hash_bytes(p->cur.root, p->cur.rootlen));
	uint64_t value = 0;
	struct memo_slot *slot = memo_find(&p->bd.memo, p->st.key,
	    p->st.kbody, s, n, h, &value);

	if (slot->entry == 0) {
		p->bd.live = 1;
		p->bd.s = s;
		p->bd.len = n;
		p->bd.hash = h;
		return NULL;
	}
	perf_give_meta(p);
	p->sink->speed->again(p->sink->ctx, value, p->cur.period);
	p->res->samples++;
	p->cur.open = 0;
	p->st.live = 0;
	return memo_rec(&p->bd.memo, slot->entry);
}
/*
 * Does the text at a, before end, hold line record q's key, then "\n"?
 * Compared with scan_equal(), 16 bytes a step where the build has SIMD.
 */
static inline int
line_is(const char *a, const char *end, const struct memo_rec *q)
{
	size_t n = q->len;

	if ((size_t)(end - a) <= n || a[n] != '\n')
		return 0;
	return scan_equal(a, memo_key(q), n);
}

/*
 * A sample was just opened from a header line read by read_plain()
 * (memo_live, no frame on the header line): its stack lines that the
 * reader holds whole are read here, in one pass, as read_plain() and
 * perf_line() would read them one by one, for as long as they are
 * indented stack lines read as line ids (any other line is left to them);
 * then the reader is moved past them.
 *
 * A line's caller, the line after it, is most often the one that came
 * after it last time: each line's record keeps that one's entry (aux),
 * and the text is first compared with it, which finds the line's end and
 * record in one pass, without a hash or a lookup.  Otherwise the end is
 * looked for 16 bytes at a time, the hash computed on the way (hash_run()),
 * and the line looked up.
 */
void
perf_plain_body(struct perf_ctx *p, struct reader *r)
{
	struct memo *m = &p->ln.memo[p->cur.java];
	const struct memo_rec *q;
	const char *s, *a, *end, *c;
	uint64_t lineno = reader_lineno(r), off, h, k = 0;
	uint32_t prev = 0, e, id;
	size_t len, klen = p->st.klen, room;
	int live = 1;

	len = reader_ahead(r, &s, &off);
	end = s + len;
	room = key_room(m);
	for (a = s; live && a < end && (*a == ' ' || *a == '\t');
	    a = c + 1, k++) {
		e = prev != 0 ? memo_rec(m, prev)->aux : 0;
		if (e != 0 && line_is(a, end, q = memo_rec(m, e))) {
			c = a + (len = q->len);
			h = q->hash;
		} else {
			/*
			 * The line's end, and its hash_run() on the way: each
			 * 16 bytes without the "\n" are whole bytes of it.
			 */
			h = hash_run_start();
			c = scan_line_hash(a, end, &h);
			if (c == NULL)
				break;
			len = (size_t)(c - a);
			if (a[len - 1] == '\r') {
				/* The chain may hold the "\r". */
				len--;
				h = hash_run(a, len);
			} else
				h = hash_run_end(h, a, len);
			q = memo_get(m, a, len, h);
			e = q != NULL ? memo_entry(m, q) : 0;
			if (prev != 0 && e != 0)
				memo_rec(m, prev)->aux = e;
		}
		if (e != 0 && klen - p->st.kbody < room) {
			/* As memo_line_hashed() reads a line it finds. */
			if (klen + 4 > p->st.kcap)
				xgrow((void **)&p->st.key, &p->st.kcap,
				    klen + 4, 1);
			id = (uint32_t)q->value;
			memcpy(p->st.key + klen, &id, 4);
			klen += 4;
		} else {
			/* New, or to be read the usual way. */
			p->st.klen = klen;
			if (!memo_line_hashed(p, a, len, h, lineno + k + 1, 0))
				break;
			klen = p->st.klen;
			live = p->st.live;
			room = key_room(m);
			if (e == 0 && (q = memo_get(m, a, len, h)) != NULL) {
				e = memo_entry(m, q);
				if (prev != 0)
					memo_rec(m, prev)->aux = e;
			}
		}
		prev = e;
	}
	p->st.klen = klen;
	p->res->lines += k;
	reader_skip(r, (size_t)(a - s), k);
}


/* Forget the repeated text (once the input is read). */
void
perf_memos_free(struct perf_ctx *p)
{
	memo_free(&p->ln.memo[0]);
	memo_free(&p->ln.memo[1]);
	memo_free(&p->st.samples);
	memo_free(&p->bd.memo);
	free(p->bd.seen);
	free(p->ln.lf);
	free(p->ln.ftext);
	free(p->ln.fr);
	free(p->ln.frid);
	free(p->ln.same);
	free(p->st.prev);
	free(p->st.steps);
	p->bd.seen = NULL;
	p->ln.lf = NULL;
	p->ln.ftext = NULL;
	p->ln.fr = NULL;
	p->ln.frid = NULL;
	p->ln.same = NULL;
	p->st.prev = NULL;
	p->st.steps = NULL;
	p->bd.nseen = p->ln.nlf = p->ln.caplf = p->ln.ftlen = p->ln.ftcap = 0;
	p->ln.samemask = p->st.prevlen = p->st.prevcap = p->st.capsteps = 0;
	p->ln.nfr = p->ln.capfr = p->ln.capfrid = 0;
}

