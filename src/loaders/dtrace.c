/*
 * DTrace stack()/ustack() aggregations -> stacks.
 *
 * What `@[stack()] = count();` (or ustack(), or both in one key) prints at
 * exit: a header, then per stack its frames, leaf first, indented, and a
 * line holding only the count:
 *
 *	CPU     ID                    FUNCTION:NAME
 *	  0  64091                        :tick-60s
 *	<blank line>
 *	              genunix`kmem_cpu_reload+0x20
 *	              unix`0xfffffffffb8001d6
 *	              0x104d08831
 *	              libjvm.so`JavaCalls::call_helper(JavaValue*, ...)+0x6ae
 *	              test`foo->bar
 *	                1
 *
 * A frame is module`symbol+0xOFFSET, module`0xADDRESS or a bare address.
 * The rules are stackcollapse.pl's with inferno's fixes (docs: formats.md
 * section 3):
 *  - the header is everything up to and including the first blank line
 *    (inferno; the Perl tool drops exactly 3 lines, which loses the first
 *    stack when `dtrace -q` printed no header);
 *  - the offset goes: everything from the last "+";
 *  - C++: in a name holding "::", everything from the last "(" or "<" after
 *    the first "::" goes ("ns::Klass::method(int)" -> "ns::Klass::method",
 *    and, as in both reference tools, "std::vector<int>::push_back" ->
 *    "std::vector");
 *  - an empty frame is "-";
 *  - "a->b->c" (inlined Java frames) are three frames a, b_[i], c_[i], the
 *    callee deeper; ";" becomes ":" in every name;
 *  - --includeoffset keeps the offsets, except on the leaf frame, whose own
 *    last "+..." goes (inferno; the Perl tool cuts at the last "+" of the
 *    whole stack, which eats a leaf that has no offset: FlameGraph #202);
 *  - --demangle cleans up Rust legacy names (loaders/demangle.h) in the
 *    symbol after the module's backtick, trailing spaces trimmed, as
 *    inferno does;
 *  - a count line may end in whitespace (inferno).
 *
 * Deliberate differences from both reference tools:
 *  - the Java "L": the Perl tool removes one leading "L" from every frame
 *    (so a module named "Loader" becomes "oader"), inferno removes all of
 *    them but only in frames with "->" ("LLVM`f->g" -> "VM`f").  Here one
 *    "L" goes when the name is a Java type descriptor: it has no backtick
 *    and holds a "/" or a ";" ("Lcom/foo/Bar;.baz" -> "com/foo/Bar:.baz");
 *  - a trailing "->" adds no empty inlined frame (the Perl tool's rule;
 *    inferno adds "_[i]");
 *  - input that ends in the middle of a stack is not an error (inferno) nor
 *    silent (Perl): the frames are dropped and reported;
 *  - a count too large for 64 bits is reported and its stack skipped; a
 *    count line inside the header is reported (the header was probably
 *    missing and the first stack is lost).
 *
 * Limitations: a stack with more than FRAMEBUF_MAX_FRAMES frames or
 * FRAMEBUF_MAX_TEXT bytes of names, or with a line too long for the
 * reader, is skipped and reported.  The aggregation key is taken to be the
 * stack(s) alone: other key fields (pid, execname) print as lines of their
 * own and would be read as frames.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "util/ascii.h"
#include "loaders/demangle.h"
#include "loaders/folded.h"
#include "loaders/framebuf.h"
#include "loaders/loader.h"
#include "loaders/sniff.h"
#include "model/tree.h" /* the module kinds (TREE_MOD_KERNEL, _JIT) */
#include "util/xalloc.h"

/* Frames enough to decide when no count line comes in the bytes sniffed. */
#define SNIFF_FRAMES 16

struct dtrace_ctx {
	const struct load_opts *opts;
	struct stack_sink *sink;
	struct framebuf fb;
	char *tmp;     /* the frame being cleaned */
	size_t tmpcap;
	/*
	 * With the module hooks: the modules of the stack being read (the
	 * text before each frame line's backtick, back to back) and, by
	 * frame, where its module is in them (length 0: none).
	 */
	char *mtext;
	size_t mlen, mcap;
	struct framebuf_ref *mref;
	size_t capmref;
	int mods; /* the module hooks are set */
};

/* Length of s[0..n) without its last "+" and what follows. */
static size_t
cut_offset(const char *s, size_t n)
{
	size_t i;

	for (i = n; i > 0; i--)
		if (s[i - 1] == '+')
			return i - 1;
	return n;
}

/* C++: cut at the last "(" or "<" after the first "::". */
static size_t
cut_cpp(const char *s, size_t n)
{
	size_t i, scope = n;

	for (i = 0; i + 1 < n; i++)
		if (s[i] == ':' && s[i + 1] == ':') {
			scope = i + 2;
			break;
		}
	for (i = n; i > scope; i--)
		if (s[i - 1] == '(' || s[i - 1] == '<')
			return i - 1;
	return n;
}

/*
 * Demangle the symbol after the first backtick of s[0..n), as inferno does:
 * the symbol with trailing spaces trimmed, and with --includeoffset the part
 * before its last "+", the offset then put back.  Unchanged (trailing
 * spaces and all) when the symbol is not a Rust legacy name.
 */
static size_t
dtrace_demangle(char *s, size_t n, int includeoffset)
{
	char *bt = memchr(s, '`', n);
	size_t f, fe, te, nl, plus = n, i;

	if (bt == NULL)
		return n;
	f = (size_t)(bt - s) + 1;
	fe = n;
	if (includeoffset)
		for (i = n; i > f; i--)
			if (s[i - 1] == '+') {
				plus = fe = i - 1;
				break;
			}
	te = fe;
	while (te > f && is_ws((unsigned char)s[te - 1]))
		te--;
	nl = rust_demangle(s + f, te - f);
	if (nl == te - f)
		return n;
	if (plus < n) {
		memmove(s + f + nl, s + plus, n - plus);
		return f + nl + (n - plus);
	}
	return f + nl;
}

/* Add one inline part of a frame, cleaned, to the stack. */
static void
add_part(struct framebuf *fb, const char *p, size_t n, size_t idx)
{
	char *f;
	size_t i;

	if (n == 0 && idx == 0) {
		p = "-";
		n = 1;
	}
	/* A Java type descriptor: "Lcom/foo/Bar;" names com/foo/Bar. */
	if (n > 1 && p[0] == 'L' && memchr(p, '`', n) == NULL &&
	    (memchr(p, '/', n) != NULL || memchr(p, ';', n) != NULL)) {
		p++;
		n--;
	}
	f = framebuf_reserve(fb, n + 4);
	if (f == NULL)
		return;
	memcpy(f, p, n);
	for (i = 0; i < n; i++)
		if (f[i] == ';')
			f[i] = ':';
	if (idx > 0) {
		memcpy(f + n, "_[i]", 4);
		n += 4;
	}
	framebuf_push(fb, n);
}

/*
 * Remember the module of frame line t[0..n) (the text before its first
 * backtick; none without one) for the frames added since the from-th.
 */
static void
note_module(struct dtrace_ctx *x, const char *t, size_t n, size_t from)
{
	const char *bt = memchr(t, '`', n);
	size_t ml = bt != NULL ? (size_t)(bt - t) : 0, i;

	if (from == 0) /* a new stack */
		x->mlen = 0;
	if (x->fb.n == 0)
		return;
	xgrow((void **)&x->mref, &x->capmref, x->fb.n, sizeof *x->mref);
	xgrow((void **)&x->mtext, &x->mcap, x->mlen + ml + 1, 1);
	memcpy(x->mtext + x->mlen, t, ml);
	for (i = from; i < x->fb.n; i++) {
		x->mref[i].off = (uint32_t)x->mlen;
		x->mref[i].len = (uint32_t)ml;
	}
	x->mlen += ml;
}

/*
 * A module only the kernel has: illumos' and Solaris' unix and genunix,
 * FreeBSD's and macOS's kernel, macOS's old mach_kernel, FreeBSD's
 * modules (*.ko).
 */
static int
core_kernel(const char *m, size_t n)
{
	static const char *const core[] = {"unix", "genunix", "kernel",
	    "mach_kernel"};
	size_t i;

	for (i = 0; i < sizeof core / sizeof core[0]; i++)
		if (n == strlen(core[i]) && memcmp(m, core[i], n) == 0)
			return 1;
	return n > 3 && memcmp(m + n - 3, ".ko", 3) == 0;
}

/*
 * Give every frame of the complete stack its module.  A kernel stack
 * (stack(), printed before ustack() in a key holding both) runs from the
 * leaf out to its outermost frame of a core kernel module, so zfs` or ip`
 * between genunix` frames is the kernel's too; the frames further out, and
 * every frame of a stack without such a frame, are user code.
 */
static void
set_modules(struct dtrace_ctx *x)
{
	struct framebuf *fb = &x->fb;
	size_t i, kernel = 0;
	uint32_t id;

	for (i = fb->n; i > 0; i--)
		if (core_kernel(x->mtext + x->mref[i - 1].off,
		    x->mref[i - 1].len)) {
			kernel = i;
			break;
		}
	for (i = 0; i < fb->n; i++) {
		id = 0;
		if (x->mref[i].len > 0)
			id = x->opts->module_id(x->sink->ctx,
			    x->mtext + x->mref[i].off, x->mref[i].len,
			    i < kernel ? TREE_MOD_KERNEL : 0);
		framebuf_set_module(fb, i, id);
	}
}

/* Clean one frame line t[0..n) (trimmed) and add its frames to the stack. */
static void
add_frame(struct dtrace_ctx *x, const char *t, size_t n)
{
	const struct load_opts *o = x->opts;
	size_t start = x->fb.n, idx, k, n0;
	const char *p, *end, *q;
	char *s;

	n0 = n;
	xgrow((void **)&x->tmp, &x->tmpcap, n + 1, 1);
	s = x->tmp;
	memcpy(s, t, n);
	if (!o->includeoffset)
		n = cut_offset(s, n);
	n = cut_cpp(s, n);
	if (n > 0 && o->demangle)
		n = dtrace_demangle(s, n, o->includeoffset);
	/* Trailing empty "->" parts are dropped (Perl's split). */
	while (n >= 2 && s[n - 2] == '-' && s[n - 1] == '>')
		n -= 2;
	p = s;
	end = s + n;
	for (idx = 0;; idx++) {
		q = NULL;
		for (k = (size_t)(p - s); k + 1 < n; k++)
			if (s[k] == '-' && s[k + 1] == '>') {
				q = s + k;
				break;
			}
		if (q == NULL) {
			add_part(&x->fb, p, (size_t)(end - p), idx);
			break;
		}
		add_part(&x->fb, p, (size_t)(q - p), idx);
		p = q + 2;
	}
	/* The stack is kept leaf first: the last inlined part is deepest. */
	framebuf_reverse(&x->fb, start);
	if (x->mods)
		note_module(x, t, n0, start);
}

/* With --includeoffset, drop the leaf's own offset. */
static void
trim_leaf(struct framebuf *fb)
{
	struct framebuf_ref *leaf;

	if (fb->n == 0)
		return;
	leaf = &fb->refs[0];
	leaf->len = (uint32_t)cut_offset(fb->text + leaf->off, leaf->len);
}

/*
 * Skip the header: up to and including the first blank line.  Returns 0
 * when the input ended first.
 */
static int
skip_header(struct reader *r, struct diag *d, struct load_result *res)
{
	struct tf_count c;
	const char *line, *t;
	size_t len, n;
	int st;

	while ((st = reader_line(r, &line, &len)) != READER_EOF) {
		if (st == READER_ERROR)
			return 0;
		res->lines++;
		if (st == READER_TOO_LONG)
			continue;
		n = len;
		t = trim(line, &n);
		if (n == 0)
			return 1;
		if (framebuf_count_line(t, n, &c) != 0)
			diag_bad_line(d, reader_lineno(r),
			    "count line in the header (before the first blank "
			    "line); the stack before it is lost", line, len);
	}
	diag_note(d, "file ended while skipping the header");
	return 0;
}

/* Load a DTrace aggregation from r into sink (see the top of this file). */
/* framebuf_format.frame for DTrace. */
static void
dtrace_frame_cb(void *ctx, struct framebuf *fb, const char *t, size_t n)
{
	(void)fb; /* it is ((struct dtrace_ctx *)ctx)->fb */
	add_frame(ctx, t, n);
}

/*
 * framebuf_format.finish for DTrace: --includeoffset's leaf cut, and the
 * frames' modules.
 */
static void
dtrace_finish_cb(void *ctx, struct framebuf *fb)
{
	struct dtrace_ctx *x = ctx;

	if (x->opts->includeoffset)
		trim_leaf(fb);
	if (x->mods)
		set_modules(x);
}

int
load_dtrace(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	struct dtrace_ctx x;
	struct framebuf_format fmt = {dtrace_frame_cb, NULL, &x, NULL};

	memset(&x, 0, sizeof x);
	x.opts = opts;
	x.sink = sink;
	x.mods = opts->module_id != NULL && opts->module_set != NULL;
	framebuf_init(&x.fb);
	if (opts->includeoffset || x.mods)
		fmt.finish = dtrace_finish_cb;
	if (x.mods)
		fmt.module_set = opts->module_set;
	if (skip_header(r, d, res))
		framebuf_load(&x.fb, r, &fmt, sink, d, res);
	framebuf_free(&x.fb);
	free(x.tmp);
	free(x.mtext);
	free(x.mref);
	(void)err;
	return 0;
}

/* "0x" and 1 to 16 hex digits: a bare address. */
static int
bare_address(const char *t, size_t n)
{
	size_t i;

	if (n < 3 || n > 18 || t[0] != '0' || t[1] != 'x')
		return 0;
	for (i = 2; i < n; i++)
		if (!is_xdigit((unsigned char)t[i]))
			return 0;
	return 1;
}

/* "0xHEX : ...": a SystemTap frame. */
static int
stap_frame(const char *t, size_t n)
{
	size_t i = 2;

	if (n < 3 || t[0] != '0' || t[1] != 'x')
		return 0;
	while (i < n && is_xdigit((unsigned char)t[i]))
		i++;
	return i > 2 && n - i >= 3 && memcmp(t + i, " : ", 3) == 0;
}

/* "CPU  ID  FUNCTION:NAME", the column header dtrace prints. */
static int
column_header(const char *t, size_t n)
{
	static const char *const w[] = {"CPU", "ID", "FUNCTION:NAME"};
	size_t i = 0, k, l;

	for (k = 0; k < 3; k++) {
		if (k > 0) {
			if (i >= n || !is_ws((unsigned char)t[i]))
				return 0;
			while (i < n && is_ws((unsigned char)t[i]))
				i++;
		}
		l = strlen(w[k]);
		if (n - i < l || memcmp(t + i, w[k], l) != 0)
			return 0;
		i += l;
	}
	return i == n;
}

/* Answer whether buf looks like DTrace output (see loaders/sniff.h). */
int
dtrace_sniff(const char *buf, size_t len, int complete)
{
	const char *p = buf, *end = buf + len, *nl, *t;
	struct folded_line fl;
	struct tf_count c;
	size_t n;
	int body = 0, stack = 0, first = 1;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL && !complete)
			break;
		n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		t = trim(p, &n);
		if (n > 0 && first && column_header(t, n))
			return 1;
		if (n > 0)
			first = 0;
		if (n > 0 && stap_frame(t, n))
			return 0;
		if (n == 0)
			body = 1;
		else if (!body) {
			/* the header */
		} else if (framebuf_count_line(t, n, &c) != 0) {
			if (stack)
				return 1;
			/* an empty stack: not enough to tell */
		} else if (bare_address(t, n))
			stack++;
		else if (memchr(t, '`', n) != NULL &&
		    folded_parse(t, n, 0, &fl) != 1)
			stack++;
		else
			return 0;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	/* A first stack longer than the bytes looked at. */
	return !complete && stack >= SNIFF_FRAMES ? 1 : -1;
}

/* DTrace's row of the format table: its header or module`symbol frames. */
static int
dtrace_score(const char *buf, size_t len, int complete)
{
	return dtrace_sniff(buf, len, complete) == 1 ? 70 : 0;
}

const struct format format_dtrace = {
	.id = FORMAT_DTRACE,
	.name = "dtrace",
	.help = "DTrace aggregated ustack()/stack() output with counts",
	.sniff = dtrace_score,
	.load = load_dtrace,
};
