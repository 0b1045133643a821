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
 *  - a pid of -1 (":-1  -1 [001] ...", a task that has exited) is accepted
 *    as the first number after the name; a negative period ("-5") is no
 *    pid: the sample counts 1, as the Perl tool reads it;
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
 * Limitations: --inline/--srcline (addr2line) are not supported.  A sample
 * with more than PERF_MAX_FRAMES frames is skipped and reported.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "util/ascii.h"
#include "loaders/demangle.h"
#include "loaders/loader.h"
#include "loaders/perf_header.h"
#include "loaders/sniff.h"
#include "util/escape.h"
#include "util/hash.h"
#include "util/scan.h"
#include "util/lineq.h"
#include "util/memo.h"
#include "util/thread.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define PERF_MAX_FRAMES 1000000u
#define PERF_MAX_TEXT (256u << 20)
#define PERF_MAX_EVENTS 16

struct frame_ref {
	uint32_t off, len;
};

struct event_stat {
	char *name;
	uint64_t samples;
};

/*
 * Repeated text.  A profile repeats itself: a few thousand distinct stack
 * lines make up millions of samples, and most samples repeat a call chain
 * seen before, byte for byte; only the header (time, period) differs.  So
 * each distinct stack line is parsed once: a memo maps its text to a line
 * id whose cleaned frames are kept (lines with the same frames, that differ
 * only in address, offset or module, share one id).  A sample is then its
 * root and the ids of its lines, and a second memo maps that key to the
 * stack the sink made the first time (its speed hooks: last()), so a repeated sample
 * costs one lookup and again(), with no frame re-parsed, interned or
 * walked.  Lines that give a message are never remembered: each occurrence
 * is reported with its own line number.  The memos' text is bounded
 * (MEMO_BUDGET): past it, they start over at the next sample.
 */
#define MEMO_BUDGET (16u << 20)
#define MEMO_MAX_KEY (64u << 10)
/*
 * The memos start over only between samples, so one sample of a million
 * distinct long lines could fill the lines memo past its budget; past
 * this much it takes no more (a record's place must fit its slot).
 */
#define MEMO_ARENA_MAX ((size_t)UINT32_MAX)

/*
 * Whole sample bodies.  When a second thread reads the input (see
 * read_threaded()), the lines of a sample are at hand when its header is
 * read, in the batch that thread read and hashed: then the body's text -
 * every stack line up to the empty line, as read - is looked up at once,
 * with the root, and a body seen before costs one hash and one comparison
 * instead of a lookup per line.  (One thread reading for itself finds
 * each line by its caller instead, see plain_body(): that is faster than
 * hashing, comparing and copying whole bodies, even in a profile whose
 * bodies all repeat.)
 * A body is remembered the second time it is seen (most bodies are seen
 * once; SEEN_SLOTS hashes say which were), within BODY_BUDGET of text,
 * and only when it was read without a message.
 */
#define BODY_BUDGET (2u << 20)
#define SEEN_SLOTS (1u << 16)

/* A remembered stack line: its frames, leaf first, in the frame store. */
#define FRID_NONE UINT32_MAX

struct line_frames {
	uint32_t first, n;
};

/*
 * When parts of the input are read in parallel (read_parts()), the event
 * kept by default is the first one of the whole input: the first part
 * says which it saw first (or that it saw none) once it knows, and the
 * others wait for that before they need it.
 */
struct first_event {
	pthread_mutex_t mu;
	pthread_cond_t told;
	int known;
	char *name; /* NULL: the first part saw no event */
};

struct perf_ctx {
	const struct load_opts *opts;
	struct stack_sink *sink;
	struct diag *d;
	struct load_result *res;
	/* the sample being read */
	int open;      /* a header was accepted and its sample not emitted */
	int skipping;  /* a header was dropped by the event filter */
	int toodeep;
	uint64_t header_line;
	char *root;    /* root frame text */
	size_t rootlen, rootcap;
	int java;      /* root starts with "java" */
	struct tf_count period;
	char *fbuf;    /* frame text, leaf-first order */
	size_t flen, fcap;
	struct frame_ref *frames;
	size_t nframes, capframes;
	/* events */
	char *filter;  /* the event kept */
	int filter_given;
	struct first_event *first; /* parallel parts: whose first event wins */
	int first_waits; /* 1: take first's, 0: tell it ours */
	struct event_stat ev[PERF_MAX_EVENTS];
	int nev;
	uint64_t ev_other;
	char last_ev[64];   /* the event text of the last header... */
	size_t last_evlen;  /* ...(0: none) */
	struct event_stat *last_es; /* ...its counter (NULL: "and more") */
	int last_pass;      /* ...and whether it passed */
	/* repeated text (see above) */
	int memo_live;  /* the open sample is being read as line ids */
	char *key;      /* the sample's key: root, "\n", then its line ids */
	size_t klen, kcap, kbody;
	struct memo lines[2];   /* stack line -> line id; [1] for java roots */
	struct memo samples;    /* sample key -> sink handle */
	struct line_frames *lf; /* by line id */
	size_t nlf, caplf;
	uint32_t *same;         /* line ids (+1) by hash of their frames */
	size_t samemask;
	/* the last stack emit_lines() made: its key, and where each line led */
	char *prev;             /* root, "\n", line ids (as p->key) */
	size_t prevlen, prevcap;
	uint64_t *steps;        /* sink->at() after the root, then each line */
	size_t capsteps;
	char *ftext;            /* frame store: names of remembered lines */
	size_t ftlen, ftcap;
	struct frame_ref *fr;
	size_t nfr, capfr;
	uint32_t *frid;         /* by frame: the sink's id of its name... */
	size_t capfrid;         /* ...or FRID_NONE (see emit_lines()) */
	/* sample bodies (see above) */
	struct memo bodies;     /* root, "\n", body text -> sink handle */
	uint64_t *seen;         /* hashes of bodies seen once (0: free) */
	size_t nseen;
	int body;               /* the open sample's body may be remembered */
	const char *body_s;     /* its text and hash */
	size_t body_len;
	uint64_t body_hash;
	/* one thread reading its lines itself (read_plain()) */
	int share;              /* the memos' budgets are shared by this many */
};

static struct event_stat *
event_slot(struct perf_ctx *p, const char *name, size_t len)
{
	int i;

	for (i = 0; i < p->nev; i++)
		if (strlen(p->ev[i].name) == len &&
		    memcmp(p->ev[i].name, name, len) == 0)
			return &p->ev[i];
	if (p->nev == PERF_MAX_EVENTS)
		return NULL;
	p->ev[p->nev].name = xmemdup(name, len);
	p->ev[p->nev].samples = 0;
	return &p->ev[p->nev++];
}

/* The first part tells the others its first event (NULL: none). */
static void
first_tell(struct first_event *f, const char *name)
{
	pthread_mutex_lock(&f->mu);
	if (!f->known) {
		f->known = 1;
		f->name = name != NULL ? xstrdup(name) : NULL;
		pthread_cond_broadcast(&f->told);
	}
	pthread_mutex_unlock(&f->mu);
}

/* The default filter: ev (base name, blen bytes) unless a part before saw one. */
static void
first_event(struct perf_ctx *p, const char *ev, size_t blen)
{
	struct first_event *f = p->first;

	if (f != NULL && p->first_waits) {
		pthread_mutex_lock(&f->mu);
		while (!f->known)
			pthread_cond_wait(&f->told, &f->mu);
		if (f->name != NULL)
			p->filter = xstrdup(f->name);
		pthread_mutex_unlock(&f->mu);
	}
	if (p->filter == NULL)
		p->filter = xmemdup(ev, blen);
	if (f != NULL && !p->first_waits)
		first_tell(f, p->filter);
}

/* event_passes() for an event other than the last one; *esp: its counter. */
static int
event_check(struct perf_ctx *p, const char *ev, size_t evlen,
    struct event_stat **esp)
{
	size_t blen = event_base(ev, evlen);
	struct event_stat *es;

	if (p->filter == NULL)
		first_event(p, ev, blen);
	es = event_slot(p, ev, blen);
	*esp = es;
	if (es != NULL)
		es->samples++;
	else
		p->ev_other++;
	if (strlen(p->filter) == blen && memcmp(p->filter, ev, blen) == 0)
		return 1;
	/* --event-filter may name the event with its modifier. */
	return p->filter_given && strlen(p->filter) == evlen &&
	    memcmp(p->filter, ev, evlen) == 0;
}

/* Does the sample's event pass the filter?  Sets the default filter. */
static int
event_passes(struct perf_ctx *p, const char *ev, size_t evlen)
{
	struct event_stat *es;
	int pass;

	/* Most samples have the event of the one before: its answer stands. */
	if (p->last_evlen == evlen && evlen > 0 &&
	    memcmp(p->last_ev, ev, evlen) == 0) {
		if (p->last_es != NULL)
			p->last_es->samples++;
		else
			p->ev_other++;
		return p->last_pass;
	}
	pass = event_check(p, ev, evlen, &es);
	if (evlen <= sizeof p->last_ev) {
		memcpy(p->last_ev, ev, evlen);
		p->last_evlen = evlen;
		p->last_es = es;
		p->last_pass = pass;
	} else
		p->last_evlen = 0;
	return pass;
}

static void
root_append(struct perf_ctx *p, const char *s, size_t n)
{
	size_t i;

	xgrow((void **)&p->root, &p->rootcap, p->rootlen + n + 1, 1);
	for (i = 0; i < n; i++)
		p->root[p->rootlen++] = s[i] == ' ' ? '_' : s[i];
	p->root[p->rootlen] = '\0';
}

static void
emit_frames(struct perf_ctx *p)
{
	size_t i;

	if (!p->open)
		return;
	p->open = 0;
	if (p->toodeep) {
		diag_bad_line(p->d, p->header_line,
		    "sample with more than 1000000 frames or 256 MiB of names skipped", "", 0);
		p->nframes = p->flen = 0;
		p->toodeep = 0;
		return;
	}
	p->sink->begin(p->sink->ctx);
	p->sink->frame(p->sink->ctx, p->root, p->rootlen);
	for (i = p->nframes; i > 0; i--)
		p->sink->frame(p->sink->ctx, p->fbuf + p->frames[i - 1].off,
		    p->frames[i - 1].len);
	p->sink->end(p->sink->ctx, p->period);
	p->res->samples++;
	p->nframes = p->flen = 0;
}

static void
open_sample(struct perf_ctx *p, const struct header *h)
{
	const struct load_opts *o = p->opts;

	p->rootlen = 0;
	root_append(p, h->comm, h->commlen);
	if (o->pid || o->tid) {
		/* "PID/TID" gives both; a lone number is the TID (perf -F tid). */
		root_append(p, "-", 1);
		if (h->tid != NULL)
			root_append(p, h->pid, h->pidlen);
		else
			root_append(p, "?", 1);
		if (o->tid) {
			root_append(p, "/", 1);
			if (h->tid != NULL)
				root_append(p, h->tid, h->tidlen);
			else
				root_append(p, h->pid, h->pidlen);
		}
	}
	p->java = p->rootlen >= 4 && memcmp(p->root, "java", 4) == 0;
	p->period = h->period;
	p->open = 1;
	p->nframes = p->flen = 0;
	p->toodeep = 0;
	p->memo_live = p->sink->speed != NULL;
	p->body = 0;
	if (p->memo_live) {
		xgrow((void **)&p->key, &p->kcap, p->rootlen + 1, 1);
		memcpy(p->key, p->root, p->rootlen);
		p->key[p->rootlen] = '\n';
		p->klen = p->kbody = p->rootlen + 1;
	}
}

static int
has_suffix(const char *s, size_t n, const char *suf)
{
	size_t k = strlen(suf);

	return n >= k && memcmp(s + n - k, suf, k) == 0;
}

/*
 * Kernel modules: "[kernel.kallsyms]", "[vdso]", "[nf_conntrack]",
 * ".../vmlinux", ".../vmlinux-5.4.14-cloudflare", "*.ko"; never anything
 * "unknown".
 */
static int
kernel_module(const char *mod, size_t n)
{
	const char *v = NULL, *q;

	if (n == 0 || memmem(mod, n, "unknown", 7) != NULL)
		return 0;
	if (mod[0] == '[' || has_suffix(mod, n, "vmlinux") ||
	    has_suffix(mod, n, ".ko"))
		return 1;
	for (q = mod; q + 7 <= mod + n; q++)
		if (memcmp(q, "vmlinux", 7) == 0)
			v = q;
	if (v == NULL)
		return 0;
	for (q = v; q < mod + n; q++)
		if (!is_word((unsigned char)*q) && *q != '-' && *q != '.')
			return 0;
	return 1;
}

/* JIT code: perf map files "/tmp/perf-PID.map" and jitdump "/tmp/jitted-*.so". */
static int
jit_module(const char *mod, size_t n)
{
	const char *q = mod, *end = mod + n;

	while ((q = memmem(q, (size_t)(end - q), "/tmp/perf-", 10)) != NULL) {
		const char *d = q + 10, *e = d;

		while (e < end && is_digit((unsigned char)*e))
			e++;
		if (e > d && end - e >= 4 && memcmp(e, ".map", 4) == 0)
			return 1;
		q++;
	}
	return (n >= 10 && memcmp(mod, "/tmp/perf-", 10) == 0 &&
	    has_suffix(mod, n, ".map")) ||
	    (memmem(mod, n, "/jitted-", 8) != NULL && has_suffix(mod, n, ".so"));
}

/* Append one frame part (already cut out) to the sample, cleaned. */
static void
add_part(struct perf_ctx *p, const char *part, size_t plen, size_t idx,
    const char *pc, size_t pclen, const char *mod, size_t modlen)
{
	const struct load_opts *o = p->opts;
	size_t off = p->flen, i, w, depth, cut;
	char *f;
	int unknown = plen == 9 && memcmp(part, "[unknown]", 9) == 0;

	if (p->nframes >= PERF_MAX_FRAMES || p->flen + plen > PERF_MAX_TEXT) {
		p->toodeep = 1;
		return;
	}
	/* Room for the part or "[module <pc>]", plus "_[x]". */
	xgrow((void **)&p->fbuf, &p->fcap, p->flen + plen + modlen + pclen + 16, 1);
	f = p->fbuf + off;
	if (unknown) {
		const char *base = "unknown";
		size_t blen = 7;

		if (!(modlen == 9 && memcmp(mod, "[unknown]", 9) == 0)) {
			const char *slash = NULL;

			for (i = 0; i < modlen; i++)
				if (mod[i] == '/')
					slash = mod + i;
			base = slash ? slash + 1 : mod;
			blen = (size_t)(mod + modlen - base);
		}
		w = 0;
		f[w++] = '[';
		memcpy(f + w, base, blen);
		w += blen;
		if (o->addrs) {
			f[w++] = ' ';
			f[w++] = '<';
			memcpy(f + w, pc, pclen);
			w += pclen;
			f[w++] = '>';
		}
		f[w++] = ']';
	} else {
		memcpy(f, part, plen);
		w = plen;
		if (o->demangle)
			w = rust_demangle(f, w);
	}
	/* Generic tidy: ";" -> ":", cut the argument list, drop quotes. */
	cut = w;
	depth = 0;
	for (i = 0; i < w; i++) {
		char c = f[i];

		if (c == ';')
			f[i] = ':';
		else if (c == '<' || c == '{' || c == '[')
			depth++;
		else if (c == '>' || c == '}' || c == ']' || c == ')') {
			if (depth > 0)
				depth--;
		} else if (c == '(') {
			if (depth == 0 && cut == w && !(i > 0 && f[i - 1] == '.') &&
			    !(w - i >= 21 &&
			      memcmp(f + i, "(anonymous namespace)", 21) == 0)) {
				cut = i;
				break;
			}
			depth++;
		}
	}
	w = cut;
	/* Quotes go, as in the Perl tool; Rust lifetimes ('a) stay with --demangle. */
	if (!o->demangle) {
		for (i = 0, depth = 0; i < w; i++)
			if (f[i] != '"' && f[i] != '\'')
				f[depth++] = f[i];
		w = depth;
	}
	/* Java: "Ljava/lang/Thread;::run" -> "java/lang/Thread:::run". */
	if (p->java && w > 0 && f[0] == 'L' && memchr(f, '/', w) != NULL) {
		memmove(f, f + 1, w - 1);
		w--;
	}
	/* Annotations: at most one. */
	if (idx > 0) {
		if (memmem(f, w, "_[i]", 4) == NULL) {
			memcpy(f + w, "_[i]", 4);
			w += 4;
		}
	} else if (o->kernel && kernel_module(mod, modlen)) {
		memcpy(f + w, "_[k]", 4);
		w += 4;
	} else if (o->jit && jit_module(mod, modlen) &&
	    memmem(f, w, "_[j]", 4) == NULL) {
		memcpy(f + w, "_[j]", 4);
		w += 4;
	}
	xgrow((void **)&p->frames, &p->capframes, p->nframes + 1,
	    sizeof *p->frames);
	p->frames[p->nframes].off = (uint32_t)off;
	p->frames[p->nframes].len = (uint32_t)w;
	p->nframes++;
	p->flen = off + w;
}

struct stack_line {
	const char *pc, *func, *mod;
	size_t pclen, funclen, modlen;
};

/*
 * "ADDR SYMBOL (MODULE)": the module runs from the last " (" to the last
 * ")" (so symbols may contain spaces and parentheses), with a trailing
 * " (deleted)" on the module path dropped.  An empty symbol reads as " ".
 */
static int
parse_stack_line(const char *s, size_t len, struct stack_line *sl)
{
	size_t p = skip_ws(s, 0, len), pcend, P, I, lim, fs, fe;

	while (len > p && is_ws((unsigned char)s[len - 1]))
		len--;
	pcend = p;
	while (pcend < len && is_word((unsigned char)s[pcend]))
		pcend++;
	if (pcend == p || pcend >= len || !is_ws((unsigned char)s[pcend]))
		return 0;
	P = len;
	while (P > pcend && s[P - 1] != ')')
		P--;
	if (P == pcend)
		return 0;
	P--; /* the last ')' */
	lim = P;
	if (P + 1 >= pcend + 11 && memcmp(s + P + 1 - 11, " (deleted))", 11) == 0)
		lim = P - 10;
	I = lim;
	while (I > pcend && !(s[I - 1] == ' ' && s[I] == '('))
		I--;
	if (I == pcend)
		return 0;
	I--; /* the space of " (" */
	fs = skip_ws(s, pcend, I);
	fe = I;
	while (fe > fs && is_ws((unsigned char)s[fe - 1]))
		fe--;
	sl->pc = s + p;
	sl->pclen = pcend - p;
	if (fe == fs) {
		/* Both reference tools make an empty symbol a one-space frame. */
		sl->func = " ";
		sl->funclen = 1;
	} else {
		sl->func = s + fs;
		sl->funclen = fe - fs;
	}
	sl->mod = s + I + 2;
	sl->modlen = lim - (I + 2);
	return 1;
}

/* Add the frames of one stack line to the open sample. */
static void
add_stack_line(struct perf_ctx *p, const struct stack_line *sl)
{
	const char *f = sl->func, *q, *end;
	size_t n = sl->funclen, i, nparts = 0;
	const char *ps[64];
	size_t pl[64];

	/* Offset: a trailing "+0x" and lower-case hex digits. */
	for (i = n; i > 0 && is_xdigit((unsigned char)f[i - 1]) &&
	    !(f[i - 1] >= 'A' && f[i - 1] <= 'F'); i--)
		;
	if (i < n && i >= 3 && memcmp(f + i - 3, "+0x", 3) == 0)
		n = i - 3;
	/* "(anonymous namespace)::..." and other "(" names add no frame. */
	if (n > 0 && f[0] == '(')
		return;
	/* Inlined callees follow "->"; trailing empty parts are dropped. */
	end = f + n;
	while (nparts < ARRAY_SIZE(ps)) {
		q = memmem(f, (size_t)(end - f), "->", 2);
		ps[nparts] = f;
		pl[nparts] = q ? (size_t)(q - f) : (size_t)(end - f);
		nparts++;
		if (q == NULL)
			break;
		f = q + 2;
	}
	while (nparts > 1 && pl[nparts - 1] == 0)
		nparts--;
	/* Leaf-first storage: the last part is the innermost frame. */
	for (i = nparts; i > 0; i--)
		add_part(p, ps[i - 1], pl[i - 1], i - 1, sl->pc, sl->pclen,
		    sl->mod, sl->modlen);
}

/* One stack line of the open sample: its frames, or a message. */
static void
read_stack_line(struct perf_ctx *p, const char *line, size_t len, uint64_t lineno)
{
	struct stack_line sl;

	if (parse_stack_line(line, len, &sl))
		add_stack_line(p, &sl);
	else
		diag_bad_line(p->d, lineno, "unrecognized stack line", line, len);
}

/*
 * The frames of a remembered line in the frame store, leaf first (NULL for a
 * line that gives none: the store itself may be NULL then).
 */
static const struct frame_ref *
frames_of(const struct perf_ctx *p, const struct line_frames *lf)
{
	return lf->n > 0 ? p->fr + lf->first : NULL;
}

/* Append remembered frames to the open sample, as add_part() would. */
static void
add_remembered(struct perf_ctx *p, const struct line_frames *lf)
{
	const struct frame_ref *f = frames_of(p, lf);
	uint32_t i;

	for (i = 0; i < lf->n; i++) {
		if (p->nframes >= PERF_MAX_FRAMES ||
		    p->flen + f[i].len > PERF_MAX_TEXT) {
			p->toodeep = 1;
			return;
		}
		xgrow((void **)&p->fbuf, &p->fcap, p->flen + f[i].len + 1, 1);
		memcpy(p->fbuf + p->flen, p->ftext + f[i].off, f[i].len);
		xgrow((void **)&p->frames, &p->capframes, p->nframes + 1,
		    sizeof *p->frames);
		p->frames[p->nframes].off = (uint32_t)p->flen;
		p->frames[p->nframes].len = f[i].len;
		p->nframes++;
		p->flen += f[i].len;
	}
}

/* Turn the open sample's line ids into frames; read on the usual way. */
static void
memo_flush(struct perf_ctx *p)
{
	size_t k;
	uint32_t id;

	p->memo_live = 0;
	p->body = 0;
	for (k = p->kbody; k + 4 <= p->klen && !p->toodeep; k += 4) {
		memcpy(&id, p->key + k, 4);
		add_remembered(p, &p->lf[id]);
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
	h = hash_bytes(p->ftext + f[0].off,
	    f[lf->n - 1].off + f[lf->n - 1].len - f[0].off);
	for (i = 0; i < lf->n; i++)
		h = hash_mix64(h + f[i].len + 1);
	return h;
}

static int
frames_equal(const struct perf_ctx *p, const struct line_frames *a,
    const struct line_frames *b)
{
	const struct frame_ref *f = frames_of(p, a), *g = frames_of(p, b);
	uint32_t i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (f[i].len != g[i].len ||
		    memcmp(p->ftext + f[i].off, p->ftext + g[i].off, f[i].len) != 0)
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

	if (p->same == NULL) {
		p->samemask = 1023;
		p->same = xcalloc(p->samemask + 1, sizeof *p->same);
	}
	for (i = h & p->samemask; p->same[i] != 0; i = (i + 1) & p->samemask)
		if (frames_equal(p, &p->lf[p->same[i] - 1], lf))
			break;
	return &p->same[i];
}

/* Every remembered line is in p->same (see remember_line()). */
static void
same_grow(struct perf_ctx *p)
{
	size_t n = (p->samemask + 1) * 2, i;
	uint32_t id;

	free(p->same);
	p->same = xcalloc(n, sizeof *p->same);
	p->samemask = n - 1;
	for (id = 0; id < p->nlf; id++) {
		for (i = frames_hash(p, &p->lf[id]) & p->samemask;
		    p->same[i] != 0; i = (i + 1) & p->samemask)
			;
		p->same[i] = id + 1;
	}
}

/* Parse a stack line not seen before and remember its frames; the id. */
static uint32_t
remember_line(struct perf_ctx *p, const struct stack_line *sl)
{
	size_t n0 = p->nframes, f0 = p->flen, nfr0 = p->nfr, ft0 = p->ftlen, i;
	struct line_frames lf;
	uint32_t *slot;

	add_stack_line(p, sl);
	lf.first = (uint32_t)p->nfr;
	lf.n = (uint32_t)(p->nframes - n0);
	xgrow((void **)&p->fr, &p->capfr, p->nfr + lf.n, sizeof *p->fr);
	xgrow((void **)&p->frid, &p->capfrid, p->nfr + lf.n, sizeof *p->frid);
	/* +1: never a null store, even for empty names. */
	xgrow((void **)&p->ftext, &p->ftcap, p->ftlen + (p->flen - f0) + 1, 1);
	for (i = n0; i < p->nframes; i++) {
		p->fr[p->nfr].off = (uint32_t)p->ftlen;
		p->fr[p->nfr].len = p->frames[i].len;
		p->frid[p->nfr] = FRID_NONE;
		memcpy(p->ftext + p->ftlen, p->fbuf + p->frames[i].off,
		    p->frames[i].len);
		p->ftlen += p->frames[i].len;
		p->nfr++;
	}
	p->nframes = n0;
	p->flen = f0;
	/*
	 * A line with the same frames as one remembered before (they differ
	 * only in address, offset or module) takes its id, so that samples
	 * of such lines make the same key and are found in the samples memo
	 * instead of being walked into the sink again.
	 */
	slot = same_find(p, &lf, frames_hash(p, &lf));
	if (*slot != 0) {
		p->nfr = nfr0; /* a copy of the frames of *slot: let it go */
		p->ftlen = ft0;
		return *slot - 1;
	}
	xgrow((void **)&p->lf, &p->caplf, p->nlf + 1, sizeof *p->lf);
	p->lf[p->nlf] = lf;
	*slot = (uint32_t)++p->nlf;
	if (p->nlf * 2 > p->samemask)
		same_grow(p); /* slot is gone */
	return (uint32_t)p->nlf - 1;
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
	size_t budget = (p->opts->memo_budget ? p->opts->memo_budget :
	    MEMO_BUDGET) / (size_t)p->share;
	size_t lines = memo_bytes(&p->lines[0]) + memo_bytes(&p->lines[1]) +
	    p->ftlen + p->nfr * (sizeof *p->fr + sizeof *p->frid) +
	    p->nlf * sizeof *p->lf + (p->samemask + 1) * sizeof *p->same;

	if (lines + memo_bytes(&p->samples) <= budget)
		return;
	memo_clear(&p->samples);
	if (lines <= budget / 2)
		return;
	memo_clear(&p->lines[0]);
	memo_clear(&p->lines[1]);
	p->nlf = p->nfr = p->ftlen = 0;
	p->prevlen = 0; /* its line ids are gone */
	if (p->same != NULL)
		memset(p->same, 0, (p->samemask + 1) * sizeof *p->same);
}

/*
 * The open sample, read without a message, was made into the sink's stack
 * `value`: remember its body the second time it is seen.
 */
static void
body_remember(struct perf_ctx *p, uint64_t value)
{
	struct memo *m = &p->bodies;
	struct memo_slot *slot;
	uint64_t h = p->body_hash | 1, v; /* 0 marks a free seen slot */
	size_t i, n = p->rootlen + 1 + p->body_len;

	p->body = 0;
	if (m->alen + n > BODY_BUDGET / p->share)
		return;
	if (p->seen == NULL)
		p->seen = xcalloc(SEEN_SLOTS, sizeof *p->seen);
	for (i = h & (SEEN_SLOTS - 1); p->seen[i] != 0 && p->seen[i] != h;
	    i = (i + 1) & (SEEN_SLOTS - 1))
		;
	if (p->seen[i] == 0) {
		/* The first time; at half full, forget them all. */
		if (++p->nseen > SEEN_SLOTS / 2) {
			memset(p->seen, 0, SEEN_SLOTS * sizeof *p->seen);
			p->nseen = 0;
		} else
			p->seen[i] = h;
		return;
	}
	/* The key: the sample key's start (root, "\n"), then the body. */
	slot = memo_find(m, p->key, p->kbody, p->body_s, p->body_len,
	    p->body_hash, &v);
	if (slot->entry != 0)
		return;
	memo_put(m, slot, p->key, p->kbody, p->body_s, p->body_len,
	    p->body_hash, value);
}

/*
 * Can the open sample, read as line ids, go to the sink as its lines'
 * remembered frames (emit_lines())?  Not when the sink cannot resume, nor
 * when the sample is too deep: memo_flush() reads and reports it then.
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
	for (k = p->kbody; k + 4 <= p->klen; k += 4) {
		memcpy(&id, p->key + k, 4);
		f = frames_of(p, &p->lf[id]);
		frames += p->lf[id].n;
		for (i = 0; i < p->lf[id].n; i++)
			text += f[i].len;
	}
	return frames <= PERF_MAX_FRAMES && text <= PERF_MAX_TEXT;
}

/*
 * Give the open sample, read as line ids, to the sink: the root, then each
 * line's frames from the outermost line in, as memo_flush() and
 * emit_frames() would.  The frames of the lines (and root) it shares with
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
	size_t n = (p->klen - p->kbody) / 4, same = 0, i;
	uint32_t id, j, x;

	k->begin(k->ctx);
	if (p->prevlen >= p->kbody &&
	    memcmp(p->prev, p->key, p->kbody) == 0) {
		/* The same root: compare lines from the outermost (last) in. */
		while (same < n && p->prevlen - p->kbody >= 4 * (same + 1) &&
		    memcmp(p->prev + p->prevlen - 4 * (same + 1),
		    p->key + p->klen - 4 * (same + 1), 4) == 0)
			same++;
		sp->resume(k->ctx, p->steps[same]);
	} else {
		k->frame(k->ctx, p->root, p->rootlen);
		xgrow((void **)&p->steps, &p->capsteps, 1, sizeof *p->steps);
		p->steps[0] = sp->at(k->ctx);
	}
	/* steps[i]: where the root and the i outermost lines led. */
	xgrow((void **)&p->steps, &p->capsteps, n + 1, sizeof *p->steps);
	for (i = same; i < n; i++) {
		memcpy(&id, p->key + p->klen - 4 * (i + 1), 4);
		f = frames_of(p, &p->lf[id]);
		for (j = p->lf[id].n; j > 0; j--) {
			/* The name's id, asked for the first time it is used. */
			x = p->lf[id].first + j - 1;
			if (p->frid[x] == FRID_NONE)
				p->frid[x] = sp->intern(k->ctx,
				    p->ftext + f[j - 1].off, f[j - 1].len);
			sp->frame_id(k->ctx, p->frid[x]);
		}
		p->steps[i + 1] = sp->at(k->ctx);
	}
	k->end(k->ctx, p->period);
	p->res->samples++;
	p->open = 0;
	xgrow((void **)&p->prev, &p->prevcap, p->klen, 1);
	memcpy(p->prev, p->key, p->klen);
	p->prevlen = p->klen;
}

/* The open sample is complete: count it. */
static void
end_sample(struct perf_ctx *p)
{
	struct memo_slot *slot = NULL;
	uint64_t h = 0, value = 0;
	int body = 0;

	if (!p->open)
		return;
	if (p->memo_live) {
		h = hash_bytes(p->key, p->klen);
		slot = memo_find(&p->samples, p->key, p->klen, NULL, 0, h,
		    &value);
		if (slot->entry != 0) {
			p->sink->speed->again(p->sink->ctx, value, p->period);
			p->res->samples++;
			p->open = 0;
			p->memo_live = 0;
			if (p->body)
				body_remember(p, value);
			return;
		}
		body = p->body;
		if (lines_fit(p)) {
			p->memo_live = 0;
			p->body = 0;
			emit_lines(p);
			value = p->sink->speed->last(p->sink->ctx);
			memo_put(&p->samples, slot, p->key, p->klen, NULL, 0,
			    h, value);
			if (body)
				body_remember(p, value);
			memo_trim(p);
			return;
		}
		memo_flush(p);
		if (p->toodeep)
			slot = NULL;
	}
	emit_frames(p);
	if (slot != NULL) {
		value = p->sink->speed->last(p->sink->ctx);
		memo_put(&p->samples, slot, p->key, p->klen, NULL, 0, h,
		    value);
		if (body)
			body_remember(p, value);
	}
	memo_trim(p);
}

static int
hex_token(const char *s, size_t len)
{
	size_t i = skip_ws(s, 0, len), b = i;

	while (i < len && is_xdigit((unsigned char)s[i]))
		i++;
	return i > b && (i == len || is_ws((unsigned char)s[i]));
}

static void
handle_header(struct perf_ctx *p, const struct header *h, uint64_t lineno,
    const char *line, size_t len)
{
	struct stack_line sl;

	p->body = 0; /* the sample ends before its empty line */
	end_sample(p);
	p->skipping = 0;
	if (h->period_bad) {
		diag_bad_line(p->d, lineno, "sample period too large for 64 bits",
		    line, len);
		p->skipping = 1;
		return;
	}
	if (h->event != NULL && !event_passes(p, h->event, h->eventlen)) {
		p->skipping = 1;
		return;
	}
	open_sample(p, h);
	p->header_line = lineno;
	/* A sample without a call chain carries its one frame on this line. */
	if (h->rest != NULL && h->restlen > 0 && hex_token(h->rest, h->restlen) &&
	    parse_stack_line(h->rest, h->restlen, &sl))
		add_stack_line(p, &sl);
}

static void
event_notes(struct perf_ctx *p)
{
	char name[256], list[1024];
	size_t used = 0;
	int i, kept = -1;
	uint64_t skipped = 0;

	for (i = 0; i < p->nev && p->nev > 1; i++)
		diag_event(p->d, p->ev[i].name, p->ev[i].samples,
		    p->filter != NULL && strcmp(p->ev[i].name, p->filter) == 0);
	for (i = 0; i < p->nev; i++) {
		if (p->filter != NULL && strcmp(p->ev[i].name, p->filter) == 0) {
			kept = i;
			continue;
		}
		skipped += p->ev[i].samples;
		escape_text(name, sizeof name, p->ev[i].name, strlen(p->ev[i].name));
		if (used < sizeof list - 1)
			used += (size_t)snprintf(list + used, sizeof list - used,
			    "%s\"%s\" (%llu)", used ? ", " : "", name,
			    (unsigned long long)p->ev[i].samples);
		if (used >= sizeof list)
			used = sizeof list - 1;
	}
	list[used] = '\0';
	if (p->filter == NULL)
		return;
	escape_text(name, sizeof name, p->filter, strlen(p->filter));
	if (p->filter_given && (kept < 0 || p->ev[kept].samples == 0)) {
		diag_note(p->d, "no samples of event \"%s\"%s%s", name,
		    used ? "; events in the input: " : "", list);
		return;
	}
	if (skipped > 0 || p->ev_other > 0)
		diag_note(p->d, "several events in the input: showing \"%s\" "
		    "(%llu samples), skipped %s%s; choose with --event-filter=EVENT",
		    name, (unsigned long long)(kept >= 0 ? p->ev[kept].samples : 0),
		    list, p->ev_other ? " and more" : "");
}

/*
 * What a line is, decided from its bytes alone (so another thread can do
 * it, see load_perf()): the reading loop's costly part, header parsing and
 * the stack line's hash, is done here.
 */
enum line_kind {
	LK_SKIP,     /* a comment, or a line over READER_MAX_LINE */
	LK_BLANK,    /* ends the sample */
	LK_STACK,    /* indented, an address first: a stack line */
	LK_HEADER,   /* parses as a sample header */
	LK_OTHER
};

struct line_class {
	int kind;
	size_t indent;
	struct header h;   /* LK_HEADER */
	/*
	 * LK_HEADER, when the reading thread had its body at hand: the stack
	 * lines up to the empty line, in the same batch (nbody 0: not so).
	 */
	uint32_t nbody;    /* how many lines */
	uint32_t bodylen;  /* their text, from the line after the header */
	uint64_t bodyhash;
};

/* The reading thread's state between the lines of one batch. */
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

static void
classify(const char *line, size_t len, int status, size_t k, void *aux,
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
		else if (i > 0 && hex_token(line + i, len - i))
			c->kind = LK_STACK;
		else
			c->kind = parse_header(line, len, &c->h) ?
			    LK_HEADER : LK_OTHER;
	}
	if (b != NULL)
		scan_body(b, line, len, c);
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
	struct memo *m = &p->lines[p->java];
	struct memo_slot *slot;
	struct stack_line sl;
	struct line_class c;
	uint64_t value = 0;
	uint32_t id;

	if (len > MEMO_MAX_KEY || p->klen - p->kbody >= key_room(m)) {
		/* Not worth remembering: read this sample the usual way. */
		if (!stack)
			return 0;
		memo_flush(p);
		read_stack_line(p, line, len, lineno);
		return 1;
	}
	slot = memo_find(m, line, len, NULL, 0, h, &value);
	if (slot->entry != 0)
		id = (uint32_t)value;
	else {
		if (!stack) {
			classify(line, len, READER_LINE, 0, &c, NULL);
			if (c.kind != LK_STACK)
				return 0;
		}
		if (!parse_stack_line(line, len, &sl)) {
			diag_bad_line(p->d, lineno, "unrecognized stack line",
			    line, len);
			p->body = 0; /* to be reported each time */
			return 1;
		}
		id = remember_line(p, &sl);
		memo_put(m, slot, line, len, NULL, 0, h, id);
	}
	xgrow((void **)&p->key, &p->kcap, p->klen + 4, 1);
	memcpy(p->key + p->klen, &id, 4);
	p->klen += 4;
	return 1;
}

static int
memo_line(struct perf_ctx *p, const char *line, size_t len, uint64_t lineno,
    int stack)
{
	return memo_line_hashed(p, line, len, hash_run(line, len), lineno,
	    stack);
}

/* Read one classified line into the samples. */
static void
perf_line(struct perf_ctx *p, const char *line, size_t len, uint64_t lineno,
    struct line_class *c)
{
	struct header h, *hp = &c->h;

	switch (c->kind) {
	case LK_SKIP:
		return;
	case LK_BLANK:
		/* An empty (or blank) line ends the sample. */
		end_sample(p);
		p->skipping = 0;
		return;
	case LK_STACK:
		if (p->open) {
			/* The common line: a stack line of the open sample. */
			if (p->memo_live)
				memo_line(p, line, len, lineno, 1);
			else
				read_stack_line(p, line, len, lineno);
			return;
		}
		/* Outside a sample an indented address may start a header. */
		if (!parse_header(line, len, &h))
			break;
		hp = &h;
		/* FALLTHROUGH */
	case LK_HEADER:
		handle_header(p, hp, lineno, line, len);
		if (p->nframes > 0)
			p->memo_live = 0; /* its frame is on the header line */
		return;
	default:
		break;
	}
	if (p->skipping)
		return;
	if (!p->open) {
		diag_bad_line(p->d, lineno, "stack line outside a sample", line,
		    len);
		return;
	}
	if (p->memo_live)
		memo_flush(p); /* keep the frames in line order */
	read_stack_line(p, line, len, lineno);
}

/*
 * The sample just opened has the body s[0..n), whose text alone hashes to
 * bh.  When it was seen before with this root, count the sample as that
 * stack and return the body's record: the caller passes over its lines.
 * Otherwise note the body, to be remembered when the sample ends
 * (end_sample()), and return NULL.
 */
static const struct memo_rec *
body_lookup(struct perf_ctx *p, const char *s, size_t n, uint64_t bh)
{
	uint64_t h = hash_mix64(bh ^ hash_bytes(p->root, p->rootlen)), value = 0;
	struct memo_slot *slot = memo_find(&p->bodies, p->key, p->kbody, s, n,
	    h, &value);

	if (slot->entry == 0) {
		p->body = 1;
		p->body_s = s;
		p->body_len = n;
		p->body_hash = h;
		return NULL;
	}
	p->sink->speed->again(p->sink->ctx, value, p->period);
	p->res->samples++;
	p->open = 0;
	p->memo_live = 0;
	return memo_rec(&p->bodies, slot->entry);
}

/*
 * A sample was just opened from header line l (memo_live, no frame on the
 * header line).  When the reading thread found its body - the stack lines
 * up to the empty line, all in this batch, right after the header - look
 * it up (body_lookup()).
 */
static void
body_try(struct perf_ctx *p, struct lineq *q, const struct lineq_line *l)
{
	const struct line_class *c = l->aux;

	/* l->s + l->len + 1: the batch's next line. */
	if (c->nbody > 0 &&
	    body_lookup(p, l->s + l->len + 1, c->bodylen, c->bodyhash) != NULL) {
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
	q = lineq_start(r, sizeof(struct line_class), classify, &scan);
	if (q == NULL)
		return 0;
	while (lineq_next(q, &l)) {
		loader_count_line(p->d, p->res, l.status, l.lineno);
		perf_line(p, l.s, l.len, l.lineno, l.aux);
		if (p->memo_live && p->open &&
		    ((const struct line_class *)l.aux)->kind == LK_HEADER)
			body_try(p, q, &l);
	}
	lineq_finish(q);
	return 1;
}

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
	memo_init(&p->lines[0]);
	memo_init(&p->lines[1]);
	memo_init(&p->samples);
	memo_init(&p->bodies);
	if (opts->event_filter != NULL) {
		p->filter = xstrdup(opts->event_filter);
		p->filter_given = 1;
	}
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
static void
plain_body(struct perf_ctx *p, struct reader *r)
{
	struct memo *m = &p->lines[p->java];
	const struct memo_rec *q;
	const char *s, *a, *end, *c;
	uint64_t lineno = reader_lineno(r), off, h, k = 0;
	uint32_t prev = 0, e, id;
	size_t len, klen = p->klen, room;
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
		if (e != 0 && klen - p->kbody < room) {
			/* As memo_line_hashed() reads a line it finds. */
			if (klen + 4 > p->kcap)
				xgrow((void **)&p->key, &p->kcap, klen + 4, 1);
			id = (uint32_t)q->value;
			memcpy(p->key + klen, &id, 4);
			klen += 4;
		} else {
			/* New, or to be read the usual way. */
			p->klen = klen;
			if (!memo_line_hashed(p, a, len, h, lineno + k + 1, 0))
				break;
			klen = p->klen;
			live = p->memo_live;
			room = key_room(m);
			if (e == 0 && (q = memo_get(m, a, len, h)) != NULL) {
				e = memo_entry(m, q);
				if (prev != 0)
					memo_rec(m, prev)->aux = e;
			}
		}
		prev = e;
	}
	p->klen = klen;
	p->res->lines += k;
	reader_skip(r, (size_t)(a - s), k);
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
		classify(line, len, st, 0, &c, NULL);
		perf_line(p, line, len, reader_lineno(r), &c);
		if (p->memo_live && p->open && c.kind == LK_HEADER)
			plain_body(p, r);
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
	p->body = 0;
	if (p->memo_live)
		memo_flush(p);
	if (p->open && p->nframes == 0 && !p->toodeep) {
		diag_bad_line(p->d, p->header_line,
		    "sample cut off at the end of the input", "", 0);
		p->open = 0;
	}
	end_sample(p);
}

/* Forget the repeated text (once the input is read). */
static void
memos_free(struct perf_ctx *p)
{
	memo_free(&p->lines[0]);
	memo_free(&p->lines[1]);
	memo_free(&p->samples);
	memo_free(&p->bodies);
	free(p->seen);
	free(p->lf);
	free(p->ftext);
	free(p->fr);
	free(p->frid);
	free(p->same);
	free(p->prev);
	free(p->steps);
	p->seen = NULL;
	p->lf = NULL;
	p->ftext = NULL;
	p->fr = NULL;
	p->frid = NULL;
	p->same = NULL;
	p->prev = NULL;
	p->steps = NULL;
	p->nseen = p->nlf = p->caplf = p->ftlen = p->ftcap = 0;
	p->samemask = p->prevlen = p->prevcap = p->capsteps = 0;
	p->nfr = p->capfr = p->capfrid = 0;
}

static void
perf_free(struct perf_ctx *p)
{
	int i;

	for (i = 0; i < p->nev; i++)
		free(p->ev[i].name);
	free(p->filter);
	free(p->root);
	free(p->fbuf);
	free(p->frames);
	free(p->key);
	memos_free(p);
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

static void *
part_main(void *arg)
{
	struct part *pt = arg;

	read_plain(&pt->p, pt->r);
	perf_end(&pt->p);
	return NULL;
}

/* Add the second part's event counts to the first's, as if read after them. */
static void
events_join(struct perf_ctx *p, struct perf_ctx *q)
{
	struct event_stat *es;
	int i;

	if (p->filter == NULL) {
		p->filter = q->filter;
		q->filter = NULL;
	}
	for (i = 0; i < q->nev; i++) {
		es = event_slot(p, q->ev[i].name, strlen(q->ev[i].name));
		if (es != NULL)
			es->samples += q->ev[i].samples;
		else
			p->ev_other += q->ev[i].samples;
	}
	p->ev_other += q->ev_other;
}

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
	memset(&first, 0, sizeof first);
	if (!p->filter_given) {
		pthread_mutex_init(&first.mu, NULL);
		pthread_cond_init(&first.told, NULL);
		p->first = pt.p.first = &first;
		pt.p.first_waits = 1;
	}
	thread_start(&tj, 1, part_main, &pt);
	read_plain(p, r);
	perf_end(p);
	if (p->first != NULL)
		first_tell(&first, p->filter); /* NULL when it saw no event */
	thread_join(&tj); /* with no thread, one part after the other */
	/* Both parts are read: free their memos before the trees are merged. */
	memos_free(p);
	memos_free(&pt.p);
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
		events_join(p, &pt.p);
		if (reader_status_failed(pt.r))
			reader_fail(r, reader_error(pt.r));
	}
	reader_close(pt.r);
	perf_free(&pt.p);
	if (p->first != NULL) {
		pthread_mutex_destroy(&first.mu);
		pthread_cond_destroy(&first.told);
		free(first.name);
		p->first = NULL;
	}
	return 1;
}

void
load_perf(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res)
{
	struct perf_ctx p;

	perf_init(&p, opts, sink, d, res);
	if (!read_parts(&p, r) && !read_threaded(&p, r))
		read_plain(&p, r);
	perf_end(&p);
	event_notes(&p);
	if (p.filter != NULL)
		snprintf(res->event, sizeof res->event, "%s", p.filter);
	perf_free(&p);
}

int
perf_sniff(const char *buf, size_t len, int complete)
{
	struct header h;
	struct stack_line sl;
	const char *p = buf, *end = buf + len, *nl;
	size_t n;
	int seen_header = 0, lines = 0;

	while (p < end && lines < 200) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL && !complete)
			break;
		n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		lines++;
		if (n > 0 && p[0] == '#') {
			/* comment */
		} else if (skip_ws(p, 0, n) == n) {
			if (seen_header)
				return 1; /* a sample without stack lines */
		} else if (!seen_header &&
		    (!parse_header(p, n, &h) || h.event == NULL)) {
			/*
			 * Stack lines before the first header (a file cut at
			 * its start) are perf if a header follows; the loader
			 * reports them with their line numbers.
			 */
			if (!hex_token(p, n) || !parse_stack_line(p, n, &sl))
				return 0;
		} else if (!seen_header) {
			if (h.rest != NULL && h.restlen > 0 &&
			    hex_token(h.rest, h.restlen) &&
			    parse_stack_line(h.rest, h.restlen, &sl))
				return 1;
			seen_header = 1;
		} else
			return parse_stack_line(p, n, &sl) ||
			    parse_header(p, n, &h);
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return seen_header && complete ? 1 : seen_header ? -1 : 0;
}
