/*
 * async-profiler's collapsed output (`asprof -o collapsed`, `jfrconv -o
 * collapsed`): folded stacks, "frame;frame;... count", whose Java frames
 * end in a type suffix:
 *
 *	_[j]  JIT-compiled (C2)         _[0]  interpreted
 *	_[i]  inlined                   _[1]  C1-compiled
 *	_[k]  kernel
 *
 * Native and C++ frames have none.  With -t the root is the thread,
 * "[NAME tid=N]", an ordinary frame here.
 *
 * The text is folded text, so where the front end keeps no modules
 * (--collapse, --svg: flamegraph.pl's convention, the suffixes are part of
 * the names) the folded loader reads it, byte for byte.  Where it keeps
 * them (the viewer, --top) each suffix is cut from the name and becomes
 * the frame's module instead: "JIT-compiled" and friends, whose kinds
 * colour the frame as the suffix would (JIT, interpreted and C1 green,
 * inlined aqua, kernel blue; layout/palette.h) and which the status line
 * names.  A method seen both compiled and inlined under the same caller is
 * then one frame with "several modules".
 *
 * Detection (the sniffer's score, 45) prefers this over plain folded (40)
 * only when the first lines read as folded and show a sign of
 * async-profiler: an _[0] or _[1] suffix, a "[NAME tid=N]" root, or an
 * _[j] or _[i] suffix on a Java method name ("pkg/Class.method",
 * "Class$Inner.<init>").  perf's and DTrace's folded output also carry
 * _[k], _[j] and _[i], but on names of other shapes ("Lfoo;::bar",
 * "LazyCompile:~f x.js:1", "do_syscall_64"), and stays plain folded.
 *
 * Bad lines are the folded loader's: reported with their number, skipped.
 */
#include "config.h"

#include <string.h>

#include "loaders/folded.h"
#include "loaders/loader.h"
#include "model/tree.h" /* the module kinds */
#include "util/ascii.h"

/* The frame types: the suffix's letter, the module's name, its kind. */
static const struct asprof_type {
	char c;
	const char *module;
	unsigned kind;
} types[] = {
	{'j', "JIT-compiled", TREE_MOD_JIT},
	{'i', "inlined", TREE_MOD_INLINE},
	{'k', "kernel", TREE_MOD_KERNEL},
	{'0', "interpreted", TREE_MOD_JIT},
	{'1', "C1-compiled", TREE_MOD_JIT},
};
#define NTYPES (sizeof types / sizeof types[0])

/* The type of the suffix name[0..len) ends in, or -1; never all of it. */
static int
asprof_type(const char *name, size_t len)
{
	size_t i;

	if (len <= 4 || name[len - 4] != '_' || name[len - 3] != '[' ||
	    name[len - 1] != ']')
		return -1;
	for (i = 0; i < NTYPES; i++)
		if (name[len - 2] == types[i].c)
			return (int)i;
	return -1;
}

/* The load's state for the frame callback. */
struct asprof_ctx {
	const struct load_opts *opts;
	struct stack_sink *sink;
	uint32_t mod[NTYPES]; /* the sink's module ids, 0: not asked yet */
};

/* One frame, its suffix cut and turned into its module. */
static void
asprof_frame(void *arg, const char *name, size_t len)
{
	struct asprof_ctx *x = arg;
	int t = asprof_type(name, len);

	if (t < 0) {
		x->sink->frame(x->sink->ctx, name, len);
		return;
	}
	x->sink->frame(x->sink->ctx, name, len - 4);
	if (x->mod[t] == 0)
		x->mod[t] = x->opts->module_id(x->sink->ctx, types[t].module,
		    strlen(types[t].module), types[t].kind);
	x->opts->module_set(x->sink->ctx, x->mod[t]);
}

/* Load async-profiler's collapsed stacks (see the top of this file). */
int
load_asprof(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	struct asprof_ctx x;
	struct folded_line fl;
	const char *line;
	size_t len;
	int st, rc;

	if (opts == NULL || opts->module_id == NULL || opts->module_set == NULL)
		return load_folded(r, opts, sink, d, res, err);
	memset(&x, 0, sizeof x);
	x.opts = opts;
	x.sink = sink;
	while ((st = loader_line(r, d, res, &line, &len)) != 0) {
		if (st == READER_TOO_LONG || is_blank(line, len))
			continue;
		rc = folded_parse(line, len, 0, &fl);
		if (rc < 0)
			diag_bad_line(d, reader_lineno(r),
			    "count too large for 64 bits", line, len);
		if (rc < 0 || (rc == 0 && line[0] == '#'))
			continue;
		if (rc == 0) {
			diag_bad_line(d, reader_lineno(r), "not a collapsed "
			    "line (expected \"frame;frame;... count\")",
			    line, len);
			continue;
		}
		sink->begin(sink->ctx);
		folded_frames(line, fl.stack_len, asprof_frame, &x);
		sink->end(sink->ctx, fl.count);
		res->samples++;
	}
	return 0;
}

/* Is name[0..len) a Java method as async-profiler names it, "a/B$C.m"? */
static int
java_method(const char *name, size_t len)
{
	size_t i, dot = len;
	unsigned char c;

	for (i = 0; i < len; i++) {
		c = (unsigned char)name[i];
		if (c == '.')
			dot = i;
		else if (!is_word(c) && c != '$' && c != '/' && c != '<' &&
		    c != '>')
			return 0;
	}
	return dot > 0 && dot + 1 < len;
}

/* Is name[0..len) a thread root, "[NAME tid=N]"? */
static int
thread_root(const char *name, size_t len)
{
	size_t i = len;

	if (len < 8 || name[0] != '[' || name[len - 1] != ']')
		return 0;
	for (i = len - 1; i > 0 && is_digit((unsigned char)name[i - 1]); i--)
		;
	return i + 1 < len && i >= 5 && memcmp(name + i - 5, " tid=", 5) == 0;
}

/* Does the stack s[0..n) show a sign of async-profiler? */
static int
asprof_stack(const char *s, size_t n)
{
	const char *p = s, *end = s + n, *semi;
	size_t k;
	int t;

	while (p < end) {
		semi = memchr(p, ';', (size_t)(end - p));
		k = semi != NULL ? (size_t)(semi - p) : (size_t)(end - p);
		if (p == s && thread_root(p, k))
			return 1;
		t = asprof_type(p, k);
		if (t >= 0 && (types[t].c == '0' || types[t].c == '1'))
			return 1;
		if (t >= 0 && (types[t].c == 'j' || types[t].c == 'i') &&
		    java_method(p, k - 4))
			return 1;
		if (semi == NULL)
			break;
		p = semi + 1;
	}
	return 0;
}

extern const struct format format_folded;

/* async-profiler's row: above folded when a sign of it shows. */
static int
asprof_score(const char *buf, size_t len, int complete)
{
	const char *p = buf, *end = buf + len, *nl;
	struct folded_line fl;
	size_t n;
	int lines = 0;

	if (format_folded.sniff(buf, len, complete) < 40)
		return 0;
	while (p < end && lines++ < 200) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL && !complete)
			break;
		n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (folded_parse(p, n, 0, &fl) > 0 &&
		    asprof_stack(p, fl.stack_len))
			return 45;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return 0;
}

const struct format format_asprof = {
	.id = FORMAT_ASPROF,
	.name = "asprof",
	.alias = "async-profiler",
	.help = "async-profiler collapsed stacks (_[j] _[i] _[k] _[0] _[1] "
	    "types)",
	.sniff = asprof_score,
	.load = load_asprof,
	.palette = "java", /* flamegraph.pl's, which knows the suffixes */
};
