/*
 * Folded ("collapsed") stacks: "root;...;leaf count" per line.
 *
 * Grammar as flamegraph.pl reads it (see loaders/folded.h).  Differences,
 * each chosen so that no data is lost or invented:
 *  - blank lines are skipped silently (flamegraph.pl counts them as invalid);
 *  - a line starting with "#" that is not a valid folded line is a comment
 *    and skipped silently; "# x 5" is still the stack "# x" with count 5;
 *  - CRLF line ends are read as LF (the reader drops the "\r");
 *  - a count that does not fit in 64 bits makes the line invalid.
 * Invalid lines are reported with their number and skipped.
 */
#include "config.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "util/ascii.h"
#include "loaders/folded.h"
#include "loaders/loader.h"
#include "model/inorder.h"
#include "util/thread.h"
#include "util/scan.h"
#include "util/xalloc.h"

/*
 * Split off "WS count" at the end of s[0..len).  The count is the text
 * after the last whitespace byte; only digits, "." and an exponent's "e",
 * "E", "+", "-" can make one, so the scan back stops at the first other
 * byte (not at the last whitespace, which may be far back in a long stack).
 */
static int
split_count(const char *s, size_t len, size_t *stack_len, struct tf_count *c)
{
	size_t p = len;
	int rc;

	while (p > 0 && (is_digit((unsigned char)s[p - 1]) || s[p - 1] == '.' ||
	    s[p - 1] == 'e' || s[p - 1] == 'E' || s[p - 1] == '+' ||
	    s[p - 1] == '-'))
		p--;
	if (p == 0 || !is_ws((unsigned char)s[p - 1]))
		return 0;
	rc = count_parse(s + p, len - p, c);
	if (rc <= 0)
		return rc;
	*stack_len = p - 1;
	return 1;
}

int
folded_parse(const char *line, size_t len, int want_two, struct folded_line *out)
{
	size_t stack_len;
	int rc;

	rc = split_count(line, len, &stack_len, &out->count);
	if (rc <= 0)
		return rc;
	out->stack_len = stack_len;
	out->has_two = 0;
	if (want_two) {
		size_t s2;
		struct tf_count c1;

		if (split_count(line, stack_len, &s2, &c1) == 1) {
			out->count1 = c1;
			out->stack_len = s2;
			out->has_two = 1;
		}
	}
	return 1;
}

void
folded_frames(const char *stack, size_t len,
    void (*fn)(void *ctx, const char *name, size_t len), void *ctx)
{
	const char *p = stack, *end, *semi;

	/* Trailing empty fields are dropped, as Perl's split does. */
	while (len > 0 && stack[len - 1] == ';')
		len--;
	if (len == 0)
		return;
	end = stack + len;
	for (;;) {
		semi = memchr(p, ';', (size_t)(end - p));
		if (semi == NULL) {
			fn(ctx, p, (size_t)(end - p));
			return;
		}
		fn(ctx, p, (size_t)(semi - p));
		p = semi + 1;
	}
}

/*
 * The next usable line: a stack and one count (two counts with two), or 0
 * at the end of the input.  Blank lines and comments are skipped; other
 * lines that do not read are reported with their number.
 */
static int
next_line(struct reader *r, struct diag *d, struct load_result *res, int two,
    const char **line, struct folded_line *fl)
{
	size_t len;
	int st, rc;

	while ((st = loader_line(r, d, res, line, &len)) != 0) {
		if (st == READER_TOO_LONG || is_blank(*line, len))
			continue;
		rc = folded_parse(*line, len, 1, fl);
		if (rc > 0 && (!two || fl->has_two))
			return 1;
		if (rc < 0)
			diag_bad_line(d, reader_lineno(r),
			    "count too large for 64 bits", *line, len);
		else if ((*line)[0] != '#')
			diag_bad_line(d, reader_lineno(r), two ?
			    "not a differential folded line (expected "
			    "\"frame;... before after\")" :
			    "not a folded line (expected \"frame;frame;... count\")",
			    *line, len);
	}
	return 0;
}

/*
 * The stack before, for a sink that offers at()/resume(): a folded file
 * is usually sorted, so a stack shares most of its frames with the one
 * before it; those are not looked up again.
 */
struct prev_stack {
	char *text;       /* its frames, trailing ";" dropped */
	size_t len, cap;
	size_t *end;      /* where frame i ends in text */
	uint64_t *at;     /* the sink's handle after frame i */
	size_t n, capn, capn2;
};

static void
prev_free(struct prev_stack *p)
{
	free(p->text);
	free(p->end);
	free(p->at);
}

/* Feed stack s (len bytes) to sink, reusing what it shares with p. */
static void
shared_frames(struct prev_stack *p, struct stack_sink *sink, const char *s,
    size_t len)
{
	size_t c = 0, k = 0, hi, i, e;
	const char *semi, *q;

	while (len > 0 && s[len - 1] == ';')
		len--;
	if (len == 0) {
		p->len = p->n = 0;
		return;
	}
	/*
	 * The frames of p that s starts with: k of them.  Those that end
	 * before byte c end at a ";" in both; the one ending at c is shared
	 * only if s's frame ends there too.  end[] grows: halve the range.
	 */
	c = common_prefix(s, p->text, len < p->len ? len : p->len);
	for (hi = p->n; k < hi;) {
		size_t mid = k + (hi - k) / 2;

		if (p->end[mid] <= c)
			k = mid + 1;
		else
			hi = mid;
	}
	if (k > 0 && p->end[k - 1] == c && c != len && s[c] != ';')
		k--;
	if (k > 0)
		sink->speed->resume(sink->ctx, p->at[k - 1]);
	xgrow((void **)&p->text, &p->cap, len, 1);
	memcpy(p->text + c, s + c, len - c);
	p->len = len;
	p->n = k;
	if (k > 0 && p->end[k - 1] == len)
		return;
	for (q = s + (k > 0 ? p->end[k - 1] + 1 : 0);; q = semi + 1) {
		semi = memchr(q, ';', (size_t)(s + len - q));
		e = semi != NULL ? (size_t)(semi - s) : len;
		sink->frame(sink->ctx, q, e - (size_t)(q - s));
		i = p->n++;
		xgrow((void **)&p->end, &p->capn, p->n, sizeof *p->end);
		xgrow((void **)&p->at, &p->capn2, p->n, sizeof *p->at);
		p->end[i] = e;
		p->at[i] = sink->speed->at(sink->ctx);
		if (semi == NULL)
			return;
	}
}

/* One usable line into sink. */
static void
folded_stack(struct prev_stack *prev, struct stack_sink *sink,
    const char *line, const struct folded_line *fl, struct load_result *res)
{
	sink->begin(sink->ctx);
	if (sink->speed != NULL)
		shared_frames(prev, sink, line, fl->stack_len);
	else
		folded_frames(line, fl->stack_len, sink->frame, sink->ctx);
	sink->end(sink->ctx, fl->count);
	res->samples++;
}

/*
 * Read r into sink, after the line in *line and *fl when pending is set.
 * With stop set, stop at the first line whose count has a fraction, before
 * giving it to the sink: return 1 with *line and *fl set to it (valid
 * until r reads again).  Otherwise read to the end and return 0.
 */
static int
read_folded(struct reader *r, struct stack_sink *sink, struct diag *d,
    struct load_result *res, int stop, int pending, const char **line,
    struct folded_line *fl)
{
	struct prev_stack prev;
	int stopped = 0;

	memset(&prev, 0, sizeof prev);
	if (pending)
		folded_stack(&prev, sink, *line, fl, res);
	while (next_line(r, d, res, 0, line, fl)) {
		if (stop && fl->count.frac != 0.0) {
			stopped = 1;
			break;
		}
		folded_stack(&prev, sink, *line, fl, res);
	}
	prev_free(&prev);
	return stopped;
}

/*
 * Two parts at once.  A regular file (or memory) is cut in two at a line
 * start near its middle (reader_split()); no line depends on another, so
 * a second thread reads the second part into a sink of its own
 * (sink->fork()) while this one reads the first, and the second's stacks,
 * messages (line numbers moved on) and counts are taken in after the
 * first's (sink->join()), as nodes and names one thread would make.
 *
 * Counts with fractions are added as doubles, in input order: a sum made
 * in another order may round otherwise.  So the second part stops at its
 * first such count; everything before it has whole counts, whose sums do
 * not depend on the order, and this thread reads the rest after the join,
 * in order.
 */
#define PART_MIN (1u << 20)

/* May o and sink take a second thread? */
static int
two_threads(const struct load_opts *o, const struct stack_sink *sink)
{
	return o != NULL && o->threads != 1 &&
	    (o->threads != 0 || thread_spare()) && sink->par != NULL;
}

struct folded_part {
	struct reader *r;
	struct stack_sink *sink;
	struct diag d;
	struct load_result res;
	int stopped;            /* at a count with a fraction: */
	const char *line;       /* ...its line */
	struct folded_line fl;
};

static void *
part_main(void *arg)
{
	struct folded_part *pt = arg;

	pt->stopped = read_folded(pt->r, pt->sink, &pt->d, &pt->res, 1, 0,
	    &pt->line, &pt->fl);
	return NULL;
}

static int
read_parts(struct reader *r, const struct load_opts *o,
    struct stack_sink *sink, struct diag *d, struct load_result *res)
{
	struct folded_part pt;
	const char *line;
	struct folded_line fl;
	struct thread_job tj;

	if (!two_threads(o, sink))
		return 0;
	memset(&pt, 0, sizeof pt);
	pt.r = reader_split(r, o->part_min ? o->part_min : PART_MIN, 0);
	if (pt.r == NULL)
		return 0;
	pt.sink = sink->par->fork(sink->ctx);
	diag_init(&pt.d, d->source);
	/* With no thread to be had, one part after the other. */
	thread_start(&tj, 1, part_main, &pt);
	read_folded(r, sink, d, res, 0, 0, &line, &fl);
	thread_join(&tj);
	res->parts = 2;
	if (reader_status_failed(r)) {
		/* The input ends where the first part's read failed. */
		sink->par->drop(sink->ctx, pt.sink);
		diag_free(&pt.d);
		reader_close(pt.r);
		return 1;
	}
	sink->par->join(sink->ctx, pt.sink);
	if (pt.stopped) /* the rest of the second part, from where it stopped */
		read_folded(pt.r, sink, &pt.d, &pt.res, 0, 1, &pt.line, &pt.fl);
	res->samples += pt.res.samples;
	res->lines += pt.res.lines;
	diag_append(d, &pt.d, reader_lineno(r));
	if (reader_status_failed(pt.r))
		reader_fail(r, reader_error(pt.r));
	reader_close(pt.r);
	return 1;
}

/* Held stacks number from to number to (from 0) into sink. */
static void
replay_range(const struct inorder *io, struct stack_sink *sink,
    uint64_t from, uint64_t to)
{
	struct inorder_iter it;
	struct prev_stack prev;
	struct tf_count c;
	const char *s;
	size_t len;
	uint64_t i;

	memset(&prev, 0, sizeof prev);
	inorder_iter_init(&it);
	for (i = 0; i < to && inorder_next(io, &it, &s, &len, &c); i++) {
		if (i < from)
			continue; /* read only for its text */
		sink->begin(sink->ctx);
		if (sink->speed != NULL)
			shared_frames(&prev, sink, s, len);
		else
			folded_frames(s, len, sink->frame, sink->ctx);
		sink->end(sink->ctx, c);
	}
	inorder_iter_free(&it);
	prev_free(&prev);
}

struct replay_part {
	const struct inorder *io;
	struct stack_sink *sink;
	uint64_t from, to;
};

static void *
replay_main(void *arg)
{
	struct replay_part *p = arg;

	replay_range(p->io, p->sink, p->from, p->to);
	return NULL;
}

/*
 * The stacks io holds into sink, and io emptied.  Many go in two halves
 * at once, the second into a sink of its own joined after the first:
 * they are all different stacks, so no count is added to another in a
 * different order than one thread would.
 */
#define REPLAY_SPLIT 4096u

static void
replay(struct inorder *io, const struct load_opts *o, struct stack_sink *sink)
{
	uint64_t n = inorder_stacks(io);
	struct replay_part p;
	struct thread_job tj;

	if (n < REPLAY_SPLIT || !two_threads(o, sink)) {
		replay_range(io, sink, 0, n);
		inorder_clear(io);
		return;
	}
	p.io = io;
	p.sink = sink->par->fork(sink->ctx);
	p.from = n / 2;
	p.to = n;
	thread_start(&tj, 1, replay_main, &p);
	replay_range(io, sink, 0, n / 2);
	thread_join(&tj);
	sink->par->join(sink->ctx, p.sink);
	inorder_clear(io);
}

/*
 * For --collapse: hold r's stacks in io while they come in byte order (see
 * model/inorder.h).  Returns 1 at the end of the input; 0 at the first
 * stack that is out of order or whose count would bring the sum near
 * 2^63, not taken: *line and *fl are that line.
 */
static int
hold(struct reader *r, struct inorder *io, struct diag *d,
    struct load_result *res, const char **line, struct folded_line *fl,
    atomic_int *stop)
{
	size_t len;

	while (next_line(r, d, res, 0, line, fl)) {
		if (stop != NULL && atomic_load_explicit(stop,
		    memory_order_relaxed))
			return 0; /* not wanted any more */
		len = fl->stack_len;
		while (len > 0 && (*line)[len - 1] == ';')
			len--; /* as folded_frames() drops them */
		if (inorder_add(io, *line, len, fl->count) != 0)
			return 0;
		res->samples++;
	}
	return 1;
}

/*
 * hold() in two parts at once, as read_parts() reads: a second thread
 * holds the second half of the input apart.  When the first part came in
 * order to its end:
 * - the second part's stacks are added after the first's if it starts
 *   after the first ends.  If it stopped at a line, the tree takes over
 *   from there as with one thread, and the second part's reader reads on.
 * - Otherwise, when its counts are whole, both parts' stacks go to the
 *   tree: one thread would have loaded the same, as it would have found
 *   the input out of order at the second part's start (or where the sum
 *   of counts nears 2^63), and sums of whole counts do not depend on
 *   their order.
 * Otherwise what the second thread did is dropped and this one reads on
 * past the cut, as one thread would have from the start: the second half
 * is read twice, but only when the input was not in order after all.
 */
struct hold_part {
	struct reader *r;       /* while the second part is to be read on */
	struct inorder *io;
	struct diag d;
	struct load_result res;
	const char *line;
	struct folded_line fl;
	int all;                /* held to the end */
	atomic_int stop;        /* the first part did not come in order */
};

static void *
hold_main(void *arg)
{
	struct hold_part *pt = arg;

	pt->all = hold(pt->r, pt->io, &pt->d, &pt->res, &pt->line, &pt->fl,
	    &pt->stop);
	return NULL;
}

/* The second part's counts and messages after the first's; pt->r closed. */
static void
hold_part_end(struct reader *r, struct hold_part *pt, struct diag *d,
    struct load_result *res)
{
	res->samples += pt->res.samples;
	res->lines += pt->res.lines;
	res->parts = 2;
	diag_append(d, &pt->d, reader_lineno(r));
	if (reader_status_failed(pt->r))
		reader_fail(r, reader_error(pt->r));
	diag_free(&pt->d);
	reader_close(pt->r);
	pt->r = NULL;
}

/*
 * As hold(), in two parts where it pays.  When it returns 0 with pt->r
 * set, *line is the second part's line (NULL: none) and pt->r reads on
 * after it; the stacks pt->io holds, if any, go to the tree before it.
 */
static int
hold_parts(struct reader *r, const struct load_opts *o,
    const struct stack_sink *sink, struct diag *d, struct load_result *res,
    struct hold_part *pt, const char **line, struct folded_line *fl)
{
	struct thread_job tj;
	int all, threaded;

	memset(pt, 0, sizeof *pt);
	if (!two_threads(o, sink) || (pt->r = reader_split(r,
	    o->part_min ? o->part_min : PART_MIN, 0)) == NULL)
		return hold(r, sink->inorder, d, res, line, fl, NULL);
	pt->io = inorder_new();
	diag_init(&pt->d, d->source);
	atomic_init(&pt->stop, 0);
	threaded = thread_start(&tj, 1, hold_main, pt);
	all = hold(r, sink->inorder, d, res, line, fl, NULL);
	if (!all)
		atomic_store(&pt->stop, 1); /* its work is dropped below */
	if (threaded || all) /* no thread to be had: one after the other */
		thread_join(&tj);
	if (all && !reader_status_failed(r) &&
	    (inorder_append(sink->inorder, pt->io) == 0 ||
	    !inorder_fraction(pt->io))) {
		if (inorder_stacks(pt->io) == 0) {
			/* Added after the first part's stacks. */
			inorder_free(pt->io);
			pt->io = NULL;
			if (pt->all) {
				hold_part_end(r, pt, d, res);
				return 1;
			}
		}
		*line = pt->all ? NULL : pt->line;
		*fl = pt->fl;
		return 0;
	}
	diag_free(&pt->d);
	inorder_free(pt->io);
	reader_close(pt->r);
	memset(pt, 0, sizeof *pt);
	if (reader_status_failed(r))
		return 1; /* a read error ends the input */
	reader_unsplit(r);
	return all ? hold(r, sink->inorder, d, res, line, fl, NULL) : 0;
}

/*
 * For --collapse: hold the stacks in io while they come in byte order
 * (hold_parts()).  At the first stack that cannot be held, what is held
 * goes into sink after all, and the rest is read as usual (in two parts
 * where it pays).  What is held also goes into sink when no count was
 * above 0 or a read failed, so that those are reported as always: io is
 * left holding stacks only when it holds the whole input.
 */
static void
read_inorder(struct reader *r, const struct load_opts *o,
    struct stack_sink *sink, struct diag *d, struct load_result *res)
{
	struct inorder *io = sink->inorder;
	struct prev_stack prev;
	struct hold_part pt;
	struct folded_line fl;
	const char *line;

	if (!hold_parts(r, o, sink, d, res, &pt, &line, &fl)) {
		/* Out of order: the tree after all, this line next. */
		replay(io, o, sink);
		if (pt.io != NULL) {
			replay(pt.io, o, sink);
			inorder_free(pt.io);
		}
		if (line != NULL) {
			memset(&prev, 0, sizeof prev);
			folded_stack(&prev, sink, line, &fl,
			    pt.r ? &pt.res : res);
			prev_free(&prev);
		}
		if (pt.r != NULL) {
			read_folded(pt.r, sink, &pt.d, &pt.res, 0, 0, &line,
			    &fl);
			hold_part_end(r, &pt, d, res);
		} else if (!read_parts(r, o, sink, d, res))
			read_folded(r, sink, d, res, 0, 0, &line, &fl);
		return;
	}
	if (!inorder_nonzero(io) || reader_status_failed(r))
		replay(io, o, sink);
}

int
load_folded(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	struct folded_line fl;
	const char *line;

	if (sink->inorder != NULL)
		read_inorder(r, opts, sink, d, res);
	else if (!read_parts(r, opts, sink, d, res))
		read_folded(r, sink, d, res, 0, 0, &line, &fl);
	(void)err;
	return 0;
}

void
load_folded_diff(struct reader *r, struct stack_sink *before,
    struct stack_sink *after, struct diag *d, struct load_result *res)
{
	struct folded_line fl;
	const char *line;

	while (next_line(r, d, res, 1, &line, &fl)) {
		before->begin(before->ctx);
		folded_frames(line, fl.stack_len, before->frame, before->ctx);
		before->end(before->ctx, fl.count1);
		after->begin(after->ctx);
		folded_frames(line, fl.stack_len, after->frame, after->ctx);
		after->end(after->ctx, fl.count);
		res->samples++;
	}
}

/* * 1 when the complete lines examined read as folded: at least one is a
 * folded line (or a "#" comment) and at most one line in three is not, so
 * that a file with a few bad lines still loads, the bad ones reported with
 * their numbers (flamegraph.pl skips them too).
 */
static int
folded_sniff(const char *buf, size_t len, int complete)
{
	const char *p = buf, *end = buf + len, *nl;
	struct folded_line fl;
	size_t n;
	int lines = 0, valid = 0, invalid = 0, comments = 0;

	while (p < end && lines < 200) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL && !complete)
			break;
		n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (!is_blank(p, n)) {
			lines++;
			if (folded_parse(p, n, 1, &fl) != 0)
				valid++;
			else if (p[0] == '#')
				comments++;
			else
				invalid++;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return valid + comments > 0 && invalid * 2 <= valid;
}


/*
 * folded's row of the format table: the loosest shape, so the lowest
 * score; an input of blank lines only is an empty folded profile.
 */
static int
folded_score(const char *buf, size_t len, int complete)
{
	if (folded_sniff(buf, len, complete))
		return 40;
	return is_blank(buf, len) ? 1 : 0;
}

const struct format format_folded = {
	.id = FORMAT_FOLDED,
	.name = "folded",
	.alias = "collapsed",
	.help = "folded stacks, \"frame;frame;... count\" (stackcollapse-*.pl)",
	.sniff = folded_score,
	.load = load_folded,
};
