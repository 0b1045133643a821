/*
 * SystemTap backtraces -> stacks.
 *
 * What print_stack()/print_ubacktrace() and a count print: one frame per
 * line, leaf first, then a line holding only the count, which closes the
 * stack.  There is no header and no process name:
 *
 *	 0xffffffff8103ce3b : native_safe_halt+0xb/0x10 [kernel]
 *	 0x00000000004005b1 : main+0x21/0x30 [/usr/bin/app]
 *	 0x00007f0000004000
 *	 main::run
 *		2404
 *
 * Frame lines are `ADDRESS : SYMBOL+OFFSET/SIZE [MODULE]`, bare addresses
 * (no symbol known), or whatever a script prints for its own frames (Perl
 * or Lua function names, say).  The rules are stackcollapse-stap.pl's
 * (docs: formats.md section 2): leading whitespace goes, then everything
 * from the last "+" (the offset, and the module with it), then everything
 * up to and including the last " : " (the address); an empty result is
 * "-".  A frame without an offset keeps its module ("foo [/usr/bin/app]").
 * Blank lines are ignored and do not end a stack; a count with no frames
 * before it is the empty stack.
 *
 * Deliberate differences from the Perl tool, none of which changes a
 * well-formed capture:
 *  - frame names are kept literally: the Perl tool prints its output
 *    through printf, so a "%" in a name turns into a format directive;
 *  - the offset cut looks only before a trailing " [MODULE]", so a "+" in
 *    the module path is not mistaken for the offset: with the Perl tool,
 *    "_Znwm+0x1/0x2 [/usr/lib64/libstdc++.so.6]" becomes
 *    "_Znwm+0x1/0x2 [/usr/lib64/libstdc+", here "_Znwm";
 *  - a count line may end in whitespace ("5 " is a count, not a frame named
 *    "5 " that would glue this stack onto the next one);
 *  - trailing whitespace is not part of a frame name, and ";" in a name
 *    becomes ":" (as in the perf and DTrace loaders) so that a folded line
 *    can always be split back into the same frames;
 *  - frames after the last count (a capture cut short) are dropped, as the
 *    Perl tool does, but reported;
 *  - a count that does not fit in 64 bits is reported and its stack
 *    skipped.
 *
 * Limitations: a stack with more than FRAMEBUF_MAX_FRAMES frames or
 * FRAMEBUF_MAX_TEXT bytes of names, or with a line too long for the
 * reader, is skipped and reported.
 */
#include "config.h"

#include <string.h>

#include "util/ascii.h"
#include "loaders/framebuf.h"
#include "loaders/loader.h"
#include "loaders/sniff.h"
#include "model/tree.h" /* the module kinds (TREE_MOD_KERNEL, _JIT) */

/* Frames enough to decide when no count line comes in the bytes sniffed. */
#define SNIFF_FRAMES 16

/* Index of the last " : " in s[0..n), or n when there is none. */
static size_t
last_sep(const char *s, size_t n)
{
	size_t i;

	for (i = n; i >= 3; i--)
		if (s[i - 3] == ' ' && s[i - 2] == ':' && s[i - 1] == ' ')
			return i - 3;
	return n;
}

/*
 * Clean the trimmed frame line t[0..n): the returned text is t[*b..*e).
 */
static void
stap_clean(const char *t, size_t n, size_t *b, size_t *e)
{
	size_t lim = n, i, s;

	/* A trailing " [MODULE]" is not searched for the offset's "+". */
	if (n > 0 && t[n - 1] == ']') {
		for (i = n - 1; i >= 2; i--)
			if (t[i - 2] == ' ' && t[i - 1] == '[') {
				lim = i - 2;
				break;
			}
	}
	for (i = lim; i > 0; i--)
		if (t[i - 1] == '+') {
			n = i - 1;
			break;
		}
	s = last_sep(t, n);
	*b = s < n ? s + 3 : 0;
	*e = n;
}

/* What the frame callback needs beside the frames. */
struct stap_ctx {
	const struct load_opts *opts;
	struct stack_sink *sink;
};

/*
 * With the module hooks: give the frame just added from line t[0..n) the
 * module in its trailing " [MODULE]" (none without one): a path
 * ("[/usr/bin/app]") is user code, named by its file name; a bare name
 * ("[kernel]", "[ext4]": the kernel and its modules) is the kernel's.
 */
static void
set_module(struct stap_ctx *x, struct framebuf *fb, const char *t, size_t n)
{
	size_t i, b = 0, e = 0;
	unsigned kind = TREE_MOD_KERNEL;
	uint32_t id = 0;

	if (n > 0 && t[n - 1] == ']')
		for (i = n - 1; i >= 2; i--)
			if (t[i - 2] == ' ' && t[i - 1] == '[') {
				b = i;
				e = n - 1;
				break;
			}
	for (i = e; i > b; i--)
		if (t[i - 1] == '/') {
			kind = 0;
			b = i;
			break;
		}
	if (e > b)
		id = x->opts->module_id(x->sink->ctx, t + b, e - b, kind);
	framebuf_set_module(fb, fb->n - 1, id);
}

/* Clean one frame line and add it to the stack. */
static void
add_frame(struct framebuf *fb, const char *t, size_t n)
{
	size_t b, e, i;
	char *f;

	stap_clean(t, n, &b, &e);
	f = framebuf_reserve(fb, e > b ? e - b : 1);
	if (f == NULL)
		return;
	if (e == b) {
		f[0] = '-';
		framebuf_push(fb, 1);
		return;
	}
	memcpy(f, t + b, e - b);
	for (i = 0; i < e - b; i++)
		if (f[i] == ';')
			f[i] = ':';
	framebuf_push(fb, e - b);
}

/* framebuf_format.frame for SystemTap. */
static void
stap_frame_cb(void *ctx, struct framebuf *fb, const char *t, size_t n)
{
	size_t before = fb->n;

	add_frame(fb, t, n);
	if (ctx != NULL && fb->n > before)
		set_module(ctx, fb, t, n);
}

/* Load SystemTap backtraces from r into sink (see the top of this file). */
int
load_stap(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	struct stap_ctx x = {opts, sink};
	struct framebuf_format fmt = {stap_frame_cb, NULL, NULL, NULL};
	struct framebuf fb;

	if (opts->module_id != NULL && opts->module_set != NULL) {
		fmt.ctx = &x;
		fmt.module_set = opts->module_set;
	}
	framebuf_init(&fb);
	framebuf_load(&fb, r, &fmt, sink, d, res);
	framebuf_free(&fb);
	(void)err;
	return 0;
}

/* "0xHEX" followed by the end or by " : ": a frame with an address. */
static int
hex_frame(const char *t, size_t n, int *with_symbol)
{
	size_t i = 2;

	if (n < 3 || t[0] != '0' || (t[1] != 'x' && t[1] != 'X'))
		return 0;
	while (i < n && is_xdigit((unsigned char)t[i]))
		i++;
	if (i == 2)
		return 0;
	*with_symbol = i < n;
	return i == n || (n - i >= 3 && memcmp(t + i, " : ", 3) == 0);
}

/* Answer whether buf looks like SystemTap output (see loaders/sniff.h). */
int
stap_sniff(const char *buf, size_t len, int complete)
{
	const char *p = buf, *end = buf + len, *nl, *t;
	struct tf_count c;
	size_t n, frames = 0;
	int sym = 0, symframes = 0;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL && !complete)
			break;
		n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		t = trim(p, &n);
		if (n == 0) {
			/* blank */
		} else if (framebuf_count_line(t, n, &c) != 0) {
			if (frames > 0 && symframes > 0)
				return 1;
			frames = 0;
		} else if (memchr(t, '`', n) != NULL) {
			return 0; /* DTrace's module`symbol */
		} else {
			if (hex_frame(t, n, &sym) && sym)
				symframes++;
			frames++;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	/* A first stack longer than the bytes looked at. */
	return !complete && symframes >= SNIFF_FRAMES ? 1 : -1;
}

/* SystemTap's row of the format table: below DTrace, which has backticks. */
static int
stap_score(const char *buf, size_t len, int complete)
{
	return stap_sniff(buf, len, complete) == 1 ? 60 : 0;
}

const struct format format_stap = {
	.id = FORMAT_STAP,
	.name = "stap",
	.help = "SystemTap print_ubacktrace()/print_backtrace() with counts",
	.sniff = stap_score,
	.load = load_stap,
};
