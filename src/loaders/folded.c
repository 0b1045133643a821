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

#include <string.h>

#include "util/ascii.h"
#include "loaders/folded.h"
#include "loaders/loader.h"

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

void
load_folded(struct reader *r, struct stack_sink *sink, struct diag *d,
    struct load_result *res)
{
	struct folded_line fl;
	const char *line;

	while (next_line(r, d, res, 0, &line, &fl)) {
		sink->begin(sink->ctx);
		folded_frames(line, fl.stack_len, sink->frame, sink->ctx);
		sink->end(sink->ctx, fl.count);
		res->samples++;
	}
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
