/*
 * Format names, detection and the loader entry point.
 *
 * Detection looks only at the first bytes (the reader keeps up to
 * READER_PEEK_MAX of them buffered, more only when the first lines are
 * longer than that), so it works on pipes and gzip input and never reads
 * the whole input.  The sniffers are asked in a fixed order and
 * the first sure yes wins:
 *
 *  1. perf: a header line ("COMM PID [CPU] TIME: [PERIOD] EVENT:") followed
 *     by a stack line, another header or a blank line (perf_sniff, perf.c);
 *  2. DTrace: dtrace's "CPU ID FUNCTION:NAME" column header, or (inferno's
 *     rule) after the first blank line, module`symbol or 0xADDRESS frames
 *     closed by a count line;
 *  3. SystemTap: "0xADDRESS : symbol" frames closed by a count line, and no
 *     backtick anywhere before;
 *  0. pprof (binary: a protobuf field key first, control bytes soon) and
 *     bpftrace's sure signs (its "Attaching N probes..." banner, a JSON
 *     line with a "type") come before everything (bpftrace.c, pprof.c);
 *  3b. bpftrace: an "@NAME[" line in the first 20 lines;
 *  4. folded: the non-blank lines examined are "stack count" lines, "#"
 *     comments, and at most one bad line in three (the loader reports
 *     them).
 *
 * A perf header followed by a blank line and then stack lines (inferno's
 * collapse-guess/invalid-perf-with-empty-line-after-event-line.txt, which
 * inferno refuses) is taken as perf: the perf loader then reports every
 * orphaned stack line with its number, which tells the user more than
 * "cannot tell the format".  Input with no non-blank line is an empty
 * folded profile.  Anything else cannot be told, and loader_run says so.
 */
#include "config.h"

#include <string.h>

#include "util/ascii.h"
#include "loaders/folded.h"
#include "loaders/loader.h"
#include "loaders/sniff.h"
#include "util/xalloc.h"

static const char *const names[] = {
	[FORMAT_AUTO] = "auto",
	[FORMAT_PERF] = "perf",
	[FORMAT_STAP] = "stap",
	[FORMAT_DTRACE] = "dtrace",
	[FORMAT_FOLDED] = "folded",
	[FORMAT_BPFTRACE] = "bpftrace",
	[FORMAT_PPROF] = "pprof",
	[FORMAT_UNKNOWN] = "unknown",
};

const char *
format_name(enum input_format f)
{
	return f <= FORMAT_UNKNOWN ? names[f] : "unknown";
}

enum input_format
format_parse(const char *s)
{
	int f;

	for (f = FORMAT_AUTO; f < FORMAT_UNKNOWN; f++)
		if (strcmp(s, names[f]) == 0)
			return (enum input_format)f;
	if (strcmp(s, "collapsed") == 0)
		return FORMAT_FOLDED;
	return FORMAT_UNKNOWN;
}

/*
 * 1 when the complete lines examined read as folded: at least one is a
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

/* format_detect() on buf[0..len), which is the whole input when complete. */
static enum input_format
detect(const char *buf, size_t len, int complete)
{
	if (pprof_sniff(buf, len, complete) == 1)
		return FORMAT_PPROF;
	if (bpftrace_sniff(buf, len, complete, 1) == 1)
		return FORMAT_BPFTRACE;
	if (perf_sniff(buf, len, complete) == 1)
		return FORMAT_PERF;
	if (dtrace_sniff(buf, len, complete) == 1)
		return FORMAT_DTRACE;
	if (stap_sniff(buf, len, complete) == 1)
		return FORMAT_STAP;
	if (bpftrace_sniff(buf, len, complete, 0) == 1)
		return FORMAT_BPFTRACE;
	if (folded_sniff(buf, len, complete))
		return FORMAT_FOLDED;
	/* Nothing but blank lines: an empty profile, not an error. */
	return is_blank(buf, len) ? FORMAT_FOLDED : FORMAT_UNKNOWN;
}

enum input_format
format_detect(const char *buf, size_t len)
{
	return detect(buf, len, len < READER_PEEK_MAX);
}

/*
 * Detect the format of r's input.  The sniffers read whole lines only, so a
 * line longer than the window (a folded stack 100,000 frames deep, a long
 * first frame) would hide the format: then the window is extended to that
 * line's end, and the sniffers asked again.
 */
static enum input_format
detect_reader(struct reader *r)
{
	const char *buf;
	size_t len = reader_peek(r, &buf);
	enum input_format f = format_detect(buf, len);
	int all;

	if (f == FORMAT_UNKNOWN && len >= READER_PEEK_MAX) {
		len = reader_peek_line(r, len - 1, &buf, &all);
		f = detect(buf, len, all);
	}
	return f;
}

int
loader_line(struct reader *r, struct diag *d, struct load_result *res,
    const char **line, size_t *len)
{
	int st = reader_line(r, line, len);

	if (st == READER_EOF || st == READER_ERROR)
		return 0;
	loader_count_line(d, res, st, reader_lineno(r));
	return st;
}

void
loader_count_line(struct diag *d, struct load_result *res, int status,
    uint64_t lineno)
{
	res->lines++;
	if (status == READER_TOO_LONG)
		diag_bad_line(d, lineno, "line too long, skipped", "", 0);
}

int
loader_run(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	enum input_format f = opts->format;
	/* Not escaped here: the caller escapes *err as a whole. */
	const char *name = reader_name(r);

	memset(res, 0, sizeof *res);
	if (f == FORMAT_AUTO)
		f = detect_reader(r);
	res->format = f;
	switch (f) {
	case FORMAT_PERF:
		if (opts->weighted != NULL)
			opts->weighted(opts->weighted_arg);
		load_perf(r, opts, sink, d, res);
		break;
	case FORMAT_FOLDED:
		load_folded(r, opts, sink, d, res);
		break;
	case FORMAT_STAP:
		load_stap(r, opts, sink, d, res);
		break;
	case FORMAT_DTRACE:
		load_dtrace(r, opts, sink, d, res);
		break;
	case FORMAT_BPFTRACE:
		if (load_bpftrace(r, opts, sink, d, res, err) != 0)
			return -1;
		break;
	case FORMAT_PPROF:
		if (load_pprof(r, opts, sink, d, res, err) != 0)
			return -1;
		break;
	default:
		*err = xasprintf("cannot tell the format of %s; use --format", name);
		return -1;
	}
	if (reader_status_failed(r)) {
		if (res->samples == 0) {
			*err = xasprintf("%s: %s", name, reader_error(r));
			return -1;
		}
		diag_note(d, "%s; showing the %llu samples read before it",
		    reader_error(r), (unsigned long long)res->samples);
	}
	return 0;
}
