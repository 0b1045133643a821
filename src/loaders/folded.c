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

#include <stdlib.h>
#include <string.h>

#include "util/ascii.h"
#include "loaders/folded.h"
#include "loaders/loader.h"
#include "util/xalloc.h"

/* Split off "WS count" at the end of s[0..len). */
static int
split_count(const char *s, size_t len, size_t *stack_len, struct tf_count *c)
{
	size_t p = len;
	int rc;

	while (p > 0 && !is_ws((unsigned char)s[p - 1]))
		p--;
	if (p == 0)
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

/* Feed stack s (len bytes) to sink, reusing what it shares with p. */
static void
shared_frames(struct prev_stack *p, struct stack_sink *sink, const char *s,
    size_t len)
{
	size_t c = 0, k = 0, i, e;
	const char *semi, *q;

	while (len > 0 && s[len - 1] == ';')
		len--;
	if (len == 0) {
		p->len = p->n = 0;
		return;
	}
	/* The frames of p that s starts with: k of them. */
	while (c < len && c < p->len && s[c] == p->text[c])
		c++;
	while (k < p->n && p->end[k] <= c &&
	    (p->end[k] == len || s[p->end[k]] == ';'))
		k++;
	if (k > 0)
		sink->resume(sink->ctx, p->at[k - 1]);
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
		p->at[i] = sink->at(sink->ctx);
		if (semi == NULL)
			return;
	}
}

void
load_folded(struct reader *r, struct stack_sink *sink, struct diag *d,
    struct load_result *res)
{
	struct prev_stack prev;
	struct folded_line fl;
	const char *line;
	int shared = sink->at != NULL && sink->resume != NULL;

	memset(&prev, 0, sizeof prev);
	while (next_line(r, d, res, 0, &line, &fl)) {
		sink->begin(sink->ctx);
		if (shared)
			shared_frames(&prev, sink, line, fl.stack_len);
		else
			folded_frames(line, fl.stack_len, sink->frame, sink->ctx);
		sink->end(sink->ctx, fl.count);
		res->samples++;
	}
	free(prev.text);
	free(prev.end);
	free(prev.at);
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
