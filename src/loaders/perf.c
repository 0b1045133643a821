/*
 * `perf script` text -> stacks.
 *
 * A sample is a header line in column 0, then its stack lines, leaf first,
 * then an empty line:
 *
 *	java 12688/12764 [002] 6544038.708352: 10309278 cpu-clock:
 *	            7f72421d2d76 JavaCalls::call_helper(JavaValue*) (/opt/libjvm.so)
 *	            ...
 *	<empty line>
 *
 * The rules are stackcollapse-perf.pl's (docs: formats.md section 1) with the
 * fixes inferno made, so no sample is lost and no name is mangled:
 *  - the last sample is kept even when the file does not end with an empty
 *    line, and a new header also ends the sample before it;
 *  - a one-character command name and right-aligned (indented) headers work;
 *  - the command name is the shortest prefix after which the rest of the
 *    header reads as "PID[/TID] [CPU] TIME: [PERIOD] EVENT:", so names with
 *    spaces and numbers ("Thread 2 main") survive;
 *  - a pid of -1 (":-1  -1 [001] ...", a task that has exited; with
 *    -F +pid ":-1  -1/-1 [001] ...") is accepted as the first number after
 *    the name, an unknown pid ("?") under --pid/--tid as when perf gives
 *    the tid alone; a negative period ("-5") is no pid: the sample counts
 *    1, as the Perl tool reads it;
 *  - samples without call chains ("... cycles:u:  ffff sym (mod)") are
 *    one-frame stacks; text after a tracepoint event is its arguments;
 *  - C++ argument lists are cut at the first "(" outside <>, (), [], {}
 *    (inferno), so "std::function<int (int)>::operator()" keeps its template;
 *  - " (deleted)" after a module path is not part of the symbol;
 *  - `vmlinux-VERSION` and `*.ko` modules are kernel, `/tmp/jitted-*.so` JIT;
 *  - a period of 0 weighs 0 (the Perl tool counts 1).
 * With --demangle, Rust legacy symbols are cleaned up (loaders/demangle.h)
 * and quotes are kept (Rust lifetimes), as inferno does.
 * As in the Perl tool, quotes are deleted from names, ";" becomes ":", and
 * the first event seen is the one kept unless --event-filter says otherwise.
 *
 * `perf script -F +srcline` puts each frame's source location on the line
 * after it ("  file.c:42", "  [kernel.kallsyms][ffff...]" for a kernel
 * address): read as that frame's location, never as a frame.  The leaf's
 * goes to load_opts' srcline hook (the annotate model's line weights);
 * with --lines a frame with one is named "func (file.c:42)".
 *
 * Limitations: --inline (addr2line) is not supported.  A sample
 * with more than PERF_MAX_FRAMES frames is skipped and reported.
 *
 * This file assembles samples (root, frames, the sink) and holds the read
 * drivers (one thread, a reading thread, two parts at once); the context
 * and its parts are in loaders/perf_ctx.h.  Beside it: the header line
 * (perf_header.c), the frame-cleaning rules (perf_clean.c), the events
 * (perf_event.c) and the repeated text remembered (perf_memo.c).
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "loaders/loader.h"
#include "loaders/perf_ctx.h"
#include "loaders/sniff.h"
#include "model/tree.h" /* the module kinds (TREE_MOD_KERNEL, _JIT) */
#include "util/ascii.h"
#include "util/hash.h"
#include "input/lineq.h"
#include "util/thread.h"
#include "util/xalloc.h"

/* Append s (n bytes) to the sample's root, blanks made "_". */
static void
root_append(struct perf_ctx *p, const char *s, size_t n)
{
	size_t i;

	xgrow((void **)&p->cur.root, &p->cur.rootcap, p->cur.rootlen + n + 1,
	    1);
	for (i = 0; i < n; i++)
		p->cur.root[p->cur.rootlen++] = s[i] == ' ' ? '_' : s[i];
	p->cur.root[p->cur.rootlen] = '\0';
}

/* Give the open sample to the sink frame by frame. */
void
perf_emit_frames(struct perf_ctx *p)
{
	size_t i;

	if (!p->cur.open)
		return;
	p->cur.open = 0;
	if (p->cur.toodeep) {
		diag_bad_line(p->d, p->cur.header_line,
		    "sample with more than 1000000 frames or 256 MiB of names skipped", "", 0);
		p->cur.nframes = p->cur.flen = 0;
		p->cur.toodeep = 0;
		return;
	}
	p->sink->begin(p->sink->ctx);
	p->sink->frame(p->sink->ctx, p->cur.root, p->cur.rootlen);
	for (i = p->cur.nframes; i > 0; i--) {
		p->sink->frame(p->sink->ctx,
		    p->cur.fbuf + p->cur.frames[i - 1].off,
		    p->cur.frames[i - 1].len);
		if (p->opts->module_set != NULL)
			p->opts->module_set(p->sink->ctx, p->cur.mods[i - 1]);
	}
	perf_give_meta(p);
	p->sink->end(p->sink->ctx, p->cur.period);
	p->res->samples++;
	p->cur.nframes = p->cur.flen = 0;
}

void
perf_give_meta(struct perf_ctx *p)
{
	if (p->opts->sample != NULL)
		p->opts->sample(p->sink->ctx, &p->cur.meta);
	if (p->opts->srcline != NULL && p->cur.loclen > 0)
		p->opts->srcline(p->sink->ctx, p->cur.loc, p->cur.loclen);
	p->cur.loclen = 0;
}

/* perf.offcpu: the header's event and fields, for the sample hook. */
static void
keep_fields(struct perf_ctx *p, const struct header *h)
{
	struct sample_meta *m = &p->cur.meta;
	size_t el = h->event != NULL ? h->eventlen : 0;
	size_t al = h->rest != NULL ? h->restlen : 0;

	xgrow((void **)&p->cur.tp, &p->cur.tpcap, el + al + 1, 1);
	if (el > 0)
		memcpy(p->cur.tp, h->event, el);
	if (al > 0)
		memcpy(p->cur.tp + el, h->rest, al);
	m->event = p->cur.tp;
	m->eventlen = el;
	m->args = p->cur.tp + el;
	m->argslen = al;
}

/* Is ev one of the scheduler's events --off-cpu reads whatever the filter? */
static int
offcpu_event(const char *ev, size_t len)
{
	return (len > 6 && memcmp(ev, "sched:", 6) == 0) ||
	    (len >= 11 && memcmp(ev, "offcpu-time", 11) == 0);
}

/* perf.offcpu 1: give the sample hook h's time and task, no stack. */
static void
tick(struct perf_ctx *p, const struct header *h, uint64_t lineno)
{
	struct sample_meta m;

	memset(&m, 0, sizeof m);
	m.has_time = header_time_ns(h, &m.t);
	m.tid = header_int(h->tid != NULL ? h->tid : h->pid,
	    h->tid != NULL ? h->tidlen : h->pidlen);
	m.pid = m.cpu = -1;
	m.event = h->event;
	m.eventlen = h->eventlen;
	m.line = lineno;
	p->opts->sample(p->sink->ctx, &m);
}

/* Start a sample from its header h. */
static void
open_sample(struct perf_ctx *p, const struct header *h)
{
	const struct load_opts *o = p->opts;

	p->cur.rootlen = 0;
	root_append(p, h->comm, h->commlen);
	if (o->perf.pid || o->perf.tid) {
		/*
		 * "PID/TID" gives both; a lone number is the TID (perf -F
		 * tid).  The pid -1 of a task that has gone is unknown too.
		 */
		root_append(p, "-", 1);
		if (h->tid != NULL && h->pid[0] != '-')
			root_append(p, h->pid, h->pidlen);
		else
			root_append(p, "?", 1);
		if (o->perf.tid) {
			root_append(p, "/", 1);
			if (h->tid != NULL)
				root_append(p, h->tid, h->tidlen);
			else
				root_append(p, h->pid, h->pidlen);
		}
	}
	p->cur.java = p->cur.rootlen >= 4 &&
	    memcmp(p->cur.root, "java", 4) == 0;
	p->cur.period = h->period;
	if (o->sample != NULL) {
		struct sample_meta *m = &p->cur.meta;

		m->has_time = header_time_ns(h, &m->t);
		/* "PID/TID"; a lone number is the TID (perf -F tid) */
		m->pid = h->tid != NULL ? header_int(h->pid, h->pidlen) : -1;
		m->tid = header_int(h->tid != NULL ? h->tid : h->pid,
		    h->tid != NULL ? h->tidlen : h->pidlen);
		m->cpu = header_int(h->cpu, h->cpulen);
		m->comm = p->cur.root; /* begins with the comm, kept */
		m->commlen = h->commlen;
		if (o->perf.offcpu)
			keep_fields(p, h);
	}
	p->cur.open = 1;
	p->cur.nframes = p->cur.flen = 0;
	p->cur.toodeep = 0;
	p->cur.nlines = 0;
	p->cur.loclen = 0;
	perf_memo_start(p);
}

/* Append one frame part (cut out, of module mod) to the sample, cleaned. */
static void
add_part(struct perf_ctx *p, const char *part, size_t plen, size_t idx,
    const struct stack_line *sl, uint32_t mod)
{
	struct perf_sample *s = &p->cur;
	size_t w;

	if (s->nframes >= PERF_MAX_FRAMES || s->flen + plen > PERF_MAX_TEXT) {
		s->toodeep = 1;
		return;
	}
	/* Room for the part or "[module <pc>]", plus "_[x]". */
	xgrow((void **)&s->fbuf, &s->fcap, s->flen + perf_clean_room(plen, sl),
	    1);
	w = perf_clean_part(s->fbuf + s->flen, part, plen, idx, sl, p->opts,
	    s->java);
	xgrow((void **)&s->frames, &s->capframes, s->nframes + 1,
	    sizeof *s->frames);
	s->frames[s->nframes].off = (uint32_t)s->flen;
	s->frames[s->nframes].len = (uint32_t)w;
	if (p->opts->module_set != NULL) {
		xgrow((void **)&s->mods, &s->capmods, s->nframes + 1,
		    sizeof *s->mods);
		s->mods[s->nframes] = mod;
	}
	s->nframes++;
	s->flen += w;
}

/* The sink's id of sl's module (0 without the module hooks). */
uint32_t
perf_module_id(struct perf_ctx *p, const struct stack_line *sl)
{
	unsigned kind = 0;
	uint32_t id;
	size_t i;

	if (p->opts->module_id == NULL || sl->modlen == 0)
		return 0;
	/* Most stack lines have the module of the one before. */
	if (sl->modlen == p->lastmodlen &&
	    memcmp(sl->mod, p->lastmod, sl->modlen) == 0)
		return p->lastmodid;
	if (perf_kernel_module(sl->mod, sl->modlen))
		kind = TREE_MOD_KERNEL;
	else if (perf_jit_module(sl->mod, sl->modlen))
		kind = TREE_MOD_JIT;
	/* Its file name, as perf report's "Shared Object" column shows it. */
	for (i = sl->modlen; i > 0 && sl->mod[i - 1] != '/'; i--)
		;
	if (i == sl->modlen)
		i = 0; /* "/usr/lib/": keep it all */
	id = p->opts->module_id(p->sink->ctx, sl->mod + i, sl->modlen - i,
	    kind);
	if (sl->modlen <= sizeof p->lastmod) {
		memcpy(p->lastmod, sl->mod, sl->modlen);
		p->lastmodlen = sl->modlen;
		p->lastmodid = id;
	}
	return id;
}

/* Add the frames of one stack line to the open sample. */
void
perf_add_stack_line(struct perf_ctx *p, const struct stack_line *sl)
{
	const char *ps[PERF_MAX_PARTS];
	size_t pl[PERF_MAX_PARTS], i;
	uint32_t mod = perf_module_id(p, sl);

	/* Leaf-first storage: the last part is the innermost frame. */
	for (i = perf_split_parts(sl, ps, pl); i > 0; i--)
		add_part(p, ps[i - 1], pl[i - 1], i - 1, sl, mod);
}

/* A stack line read as frames (not as a line id): note where they start. */
static void
add_line_frames(struct perf_ctx *p, const struct stack_line *sl)
{
	p->cur.line_first = p->cur.nframes;
	p->cur.nlines++;
	perf_add_stack_line(p, sl);
}

/*
 * A srcline line (loc: "file:line", or loclen 0) after a stack line of
 * the open sample: the leaf's location kept for the srcline hook; with
 * --lines, the innermost frame of that stack line renamed "func (loc)".
 */
static void
perf_srcline(struct perf_ctx *p, const char *loc, size_t loclen)
{
	struct perf_sample *s = &p->cur;
	size_t lines = s->nlines + (p->st.klen - p->st.kbody) / 4, i, n, w;
	struct frame_ref *f;

	if (loclen == 0 || loclen > 4096)
		return;
	if (lines == 1) {
		xgrow((void **)&s->loc, &s->loccap, loclen, 1);
		memcpy(s->loc, loc, loclen);
		s->loclen = loclen;
	}
	if (!p->opts->lines || s->nlines == 0 || s->line_first >= s->nframes)
		return;
	f = &s->frames[s->line_first];
	n = f->len;
	if (s->flen + n + loclen + 3 > PERF_MAX_TEXT) {
		s->toodeep = 1;
		return;
	}
	/* A copy at the end of the text: the frame may not be last there. */
	xgrow((void **)&s->fbuf, &s->fcap, s->flen + n + loclen + 3, 1);
	memmove(s->fbuf + s->flen, s->fbuf + f->off, n);
	w = s->flen + n;
	memcpy(s->fbuf + w, " (", 2);
	for (i = 0; i < loclen; i++)
		s->fbuf[w + 2 + i] = loc[i] == ';' ? ':' : loc[i];
	s->fbuf[w + 2 + loclen] = ')';
	f->off = (uint32_t)s->flen;
	f->len = (uint32_t)(n + loclen + 3);
	s->flen += f->len;
}

/* One stack line of the open sample: its frames, or a message. */
void
perf_read_stack_line(struct perf_ctx *p, const char *line, size_t len,
    uint64_t lineno)
{
	struct stack_line sl;

	if (perf_parse_stack_line(line, len, &sl))
		add_line_frames(p, &sl);
	else
		diag_bad_line(p->d, lineno, "unrecognized stack line", line,
		    len);
}

/* A header line: end the sample before, open this one (or skip it). */
static void
handle_header(struct perf_ctx *p, const struct header *h, uint64_t lineno,
    const char *line, size_t len)
{
	struct stack_line sl;

	p->bd.live = 0; /* the sample ends before its empty line */
	perf_end_sample(p);
	p->cur.skipping = 0;
	if (h->period_bad) {
		diag_bad_line(p->d, lineno, "sample period too large for 64 bits",
		    line, len);
		p->cur.skipping = 1;
		return;
	}
	if (p->opts->perf.offcpu == 1 && h->event != NULL &&
	    !offcpu_event(h->event, h->eventlen) && p->opts->sample != NULL) {
		/* --off-cpu: another event only says its task ran then. */
		tick(p, h, lineno);
		p->cur.skipping = 1;
		return;
	}
	if (h->event != NULL && !(p->opts->perf.offcpu &&
	    offcpu_event(h->event, h->eventlen)) &&
	    !perf_event_passes(&p->ev, h->event, h->eventlen)) {
		p->cur.skipping = 1;
		return;
	}
	if (!p->event_told && p->ev.filter != NULL &&
	    p->opts->event != NULL) {
		p->event_told = 1; /* the viewer words its numbers early */
		p->opts->event(p->opts->event_arg, p->ev.filter);
	}
	open_sample(p, h);
	p->cur.header_line = p->cur.meta.line = lineno;
	/* A sample without a call chain carries its one frame on this line. */
	if (h->rest != NULL && h->restlen > 0 &&
	    perf_hex_token(h->rest, h->restlen) &&
	    perf_parse_stack_line(h->rest, h->restlen, &sl))
		add_line_frames(p, &sl);
}

struct body_scan {
	struct line_class *hdr; /* the header whose body is being read */
	const char *start;      /* its first stack line */
	uint32_t n;
};

/* Follow the sample bodies of a batch: line (kind c->kind) is next. */
static void
scan_body(struct body_scan *b, const char *line, size_t len,
    struct line_class *c)
{
	switch (c->kind) {
	case LK_HEADER:
		b->hdr = c;
		b->start = NULL;
		b->n = 0;
		return;
	case LK_STACK:
		if (b->hdr == NULL)
			return;
		if (b->start == NULL)
			b->start = line;
		if (b->n < UINT32_MAX && line + len - b->start <= MEMO_MAX_KEY) {
			b->n++;
			return;
		}
		break;
	case LK_BLANK:
		if (b->hdr != NULL && b->n > 0) {
			b->hdr->nbody = b->n;
			b->hdr->bodylen = (uint32_t)(line - 1 - b->start);
			b->hdr->bodyhash = hash_bytes(b->start, b->hdr->bodylen);
		}
		break;
	default:
		break;
	}
	b->hdr = NULL;
}

/* Classify a line (a lineq callback; ctx: the body_scan or NULL). */
void
perf_classify(const char *line, size_t len, int status, size_t k, void *aux,
    void *ctx)
{
	struct line_class *c = aux;
	struct body_scan *b = ctx;
	size_t i;

	if (b != NULL && k == 0)
		b->hdr = NULL; /* a sample cut by the batch's start */
	c->nbody = 0;
	if (status == READER_TOO_LONG || (len > 0 && line[0] == '#'))
		c->kind = LK_SKIP;
	else {
		i = skip_ws(line, 0, len);
		c->indent = i;
		if (i == len)
			c->kind = LK_BLANK;
		else if (i > 0 && perf_hex_token(line + i, len - i))
			c->kind = LK_STACK;
		else
			c->kind = parse_header(line, len, &c->h) ?
			    LK_HEADER : LK_OTHER;
	}
	if (b != NULL)
		scan_body(b, line, len, c);
}

/* Read one classified line into the samples. */
static void
perf_line(struct perf_ctx *p, const char *line, size_t len, uint64_t lineno,
    struct line_class *c)
{
	struct header h, *hp = &c->h;
	const char *loc = NULL;
	size_t loclen;

	switch (c->kind) {
	case LK_SKIP:
		return;
	case LK_BLANK:
		/* An empty (or blank) line ends the sample. */
		perf_end_sample(p);
		p->cur.skipping = 0;
		return;
	case LK_STACK:
		if (p->cur.open) {
			/* The common line: a stack line of the open sample. */
			if (p->st.live)
				perf_memo_line(p, line, len, lineno, 1);
			else
				perf_read_stack_line(p, line, len, lineno);
			return;
		}
		/* Outside a sample an indented address may start a header. */
		if (!parse_header(line, len, &h))
			break;
		hp = &h;
		/* FALLTHROUGH */
	case LK_HEADER:
		handle_header(p, hp, lineno, line, len);
		if (p->cur.nframes > 0)
			p->st.live = 0; /* its frame is on the header line */
		return;
	default:
		break;
	}
	if (p->cur.skipping)
		return;
	if (p->cur.open && c->kind == LK_OTHER && c->indent > 0 &&
	    perf_srcline_parse(line, len, &loc, &loclen)) {
		perf_srcline(p, loc, loclen);
		return;
	}
	if (!p->cur.open) {
		diag_bad_line(p->d, lineno, "stack line outside a sample", line,
		    len);
		return;
	}
	if (p->st.live)
		perf_memo_flush(p); /* keep the frames in line order */
	perf_read_stack_line(p, line, len, lineno);
}

/*
 * A sample was just opened from header line l (memo_live, no frame on the
 * header line).  When the reading thread found its body - the stack lines
 * up to the empty line, all in this batch, right after the header - look
 * it up (perf_body_lookup()).
 */
static void
body_try(struct perf_ctx *p, struct lineq *q, const struct lineq_line *l)
{
	const struct line_class *c = l->aux;

	/* l->s + l->len + 1: the batch's next line. */
	if (c->nbody > 0 &&
	    perf_body_lookup(p, l->s + l->len + 1, c->bodylen,
	    c->bodyhash) != NULL) {
		lineq_skip(q, c->nbody);
		p->res->lines += c->nbody;
	}
}

/*
 * Two threads when two processors are there: one reads the input, splits
 * and classifies its lines, the other (this one) builds the samples from
 * them in input order.  Every decision that depends on what came before
 * is taken here, so the result is the single-threaded one.
 */
static int
read_threaded(struct perf_ctx *p, struct reader *r)
{
	struct body_scan scan = {0};
	struct lineq *q;
	struct lineq_line l;

	if (p->opts->threads == 1 || (p->opts->threads == 0 && !thread_spare()))
		return 0;
	/* The streaming viewer draws the tree from the reader's hook. */
	if (reader_has_progress(r))
		return 0;
	q = lineq_start(r, sizeof(struct line_class), perf_classify, &scan);
	if (q == NULL)
		return 0;
	while (lineq_next(q, &l)) {
		loader_count_line(p->d, p->res, l.status, l.lineno);
		perf_line(p, l.s, l.len, l.lineno, l.aux);
		if (p->st.live && p->cur.open &&
		    ((const struct line_class *)l.aux)->kind == LK_HEADER)
			body_try(p, q, &l);
	}
	lineq_finish(q);
	return 1;
}

/* Start p for one input (or one part of it). */
static void
perf_init(struct perf_ctx *p, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res)
{
	memset(p, 0, sizeof *p);
	p->opts = opts;
	p->sink = sink;
	p->d = d;
	p->res = res;
	p->share = 1;
	perf_memos_init(p);
	perf_events_init(&p->ev, opts->perf.event_filter);
}

/* Read r's lines one by one in this thread. */
static void
read_plain(struct perf_ctx *p, struct reader *r)
{
	struct line_class c;
	const char *line;
	size_t len;
	int st;

	while ((st = loader_line(r, p->d, p->res, &line, &len)) != 0) {
		perf_classify(line, len, st, 0, &c, NULL);
		perf_line(p, line, len, reader_lineno(r), &c);
		if (p->st.live && p->cur.open && c.kind == LK_HEADER)
			perf_plain_body(p, r);
	}
}

/* The input has ended: the sample still open. */
static void
perf_end(struct perf_ctx *p)
{
	/*
	 * A sample still open at the end is kept when it has frames (the file
	 * just lacks its last empty line); a bare header there is a cut-off
	 * sample, dropped as both reference tools do.
	 */
	p->bd.live = 0;
	if (p->st.live)
		perf_memo_flush(p);
	if (p->cur.open && p->cur.nframes == 0 && !p->cur.toodeep) {
		diag_bad_line(p->d, p->cur.header_line,
		    "sample cut off at the end of the input", "", 0);
		p->cur.open = 0;
	}
	perf_end_sample(p);
}

/* Free what p holds. */
static void
perf_free(struct perf_ctx *p)
{
	perf_events_free(&p->ev);
	free(p->cur.root);
	free(p->cur.fbuf);
	free(p->cur.frames);
	free(p->cur.mods);
	free(p->cur.loc);
	free(p->cur.tp);
	free(p->st.key);
	perf_memos_free(p);
}

/*
 * Parallel parts.  A regular file is cut in two at an empty line near its
 * middle (reader_split()); between samples nothing carries over from one
 * line to the next but the default event, so a second thread reads the
 * second part into a sink of its own (sink->fork()) while this one reads
 * the first, and the second's stacks, messages (line numbers moved on by
 * the first part's lines) and event counts are added after the first's:
 * the result is the one-thread one.
 */
#define PART_MIN (1u << 20)

struct part {
	struct perf_ctx p;
	struct reader *r;
	struct stack_sink *sink;
	struct diag d;
	struct load_result res;
};

/* The second thread: read the second part. */
static void *
part_main(void *arg)
{
	struct part *pt = arg;

	read_plain(&pt->p, pt->r);
	perf_end(&pt->p);
	return NULL;
}

/* Read r in two parts at once when it can be split; 0 when not. */
static int
read_parts(struct perf_ctx *p, struct reader *r)
{
	const struct load_opts *o = p->opts;
	struct first_event first;
	struct part pt;
	struct thread_job tj;

	if (o->threads == 1 || (o->threads == 0 && !thread_spare()) ||
	    p->sink->par == NULL)
		return 0;
	memset(&pt, 0, sizeof pt);
	pt.r = reader_split(r, o->part_min ? o->part_min : PART_MIN, 1);
	if (pt.r == NULL)
		return 0;
	pt.sink = p->sink->par->fork(p->sink->ctx);
	diag_init(&pt.d, p->d->source);
	perf_init(&pt.p, o, pt.sink, &pt.d, &pt.res);
	p->share = pt.p.share = 2; /* memory follows stacks, not threads */
	if (!p->ev.filter_given) {
		perf_first_init(&first);
		p->ev.first = pt.p.ev.first = &first;
		pt.p.ev.first_waits = 1;
	}
	thread_start(&tj, 1, part_main, &pt);
	read_plain(p, r);
	perf_end(p);
	if (p->ev.first != NULL)
		/* NULL when it saw no event */
		perf_first_tell(&first, p->ev.filter);
	thread_join(&tj); /* with no thread, one part after the other */
	/* Both parts are read: free their memos before the trees are merged. */
	perf_memos_free(p);
	perf_memos_free(&pt.p);
	p->res->parts = 2;
	if (reader_status_failed(r)) {
		/*
		 * The input ends where the first part's read failed, as it
		 * does for one thread: the second part comes after that.
		 */
		p->sink->par->drop(p->sink->ctx, pt.sink);
		diag_free(&pt.d);
	} else {
		p->sink->par->join(p->sink->ctx, pt.sink);
		p->res->samples += pt.res.samples;
		p->res->lines += pt.res.lines;
		diag_append(p->d, &pt.d, reader_lineno(r));
		perf_events_join(&p->ev, &pt.p.ev);
		if (reader_status_failed(pt.r))
			reader_fail(r, reader_error(pt.r));
	}
	reader_close(pt.r);
	perf_free(&pt.p);
	if (p->ev.first != NULL) {
		perf_first_free(&first);
		p->ev.first = NULL;
	}
	return 1;
}

/* Load perf script text from r into sink. */
int
load_perf(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	struct perf_ctx p;

	perf_init(&p, opts, sink, d, res);
	if (!read_parts(&p, r) && !read_threaded(&p, r))
		read_plain(&p, r);
	perf_end(&p);
	perf_events_notes(&p.ev, d);
	if (p.ev.filter != NULL)
		snprintf(res->event, sizeof res->event, "%s", p.ev.filter);
	perf_free(&p);
	(void)err;
	return 0;
}

/* perf's row of the format table: a header then a stack is sure enough. */
static int
perf_score(const char *buf, size_t len, int complete)
{
	return perf_sniff(buf, len, complete) == 1 ? 80 : 0;
}

const struct format format_perf = {
	.id = FORMAT_PERF,
	.name = "perf",
	.help = "perf script output (and perf.data, run through perf script)",
	.sniff = perf_score,
	.load = load_perf,
	.weighted = 1,
};
