/*
 * The format table, detection and the loader entry point.
 *
 * Every format is a struct format (loaders/loader.h) in its own file, and
 * a row of formats[] below.  Detection looks only at the first bytes (the
 * reader keeps up to READER_PEEK_MAX of them buffered, more only when the
 * first lines are longer than that), so it works on pipes and gzip input
 * and never reads the whole input.  Every sniffer scores them and the best
 * score wins; a tie goes to the earlier row.  The scores, from the
 * surest sign down:
 *
 *  100 pprof: binary, a protobuf field key first, control bytes soon;
 *   95 chrome: JSON with a .cpuprofile's "nodes" and "callFrame", or the
 *      older "head" and "functionName" (chrome.c);
 *   85 chrome: a trace, "traceEvents" or an array with "ph" and "ts";
 *   95 speedscope: a JSON object naming speedscope's schema URL;
 *   85 Firefox Profiler: a JSON object with "meta" and "threads" (or a
 *      DevTools recording: "label", "duration", "markers") (firefox.c);
 *   90 bpftrace: its "Attaching N probes..." banner, a JSON line with a
 *      "type" (bpftrace.c);
 *   80 perf: a header line ("COMM PID [CPU] TIME: [PERIOD] EVENT:")
 *      followed by a stack line, another header or a blank line (perf.c);
 *   70 DTrace: dtrace's "CPU ID FUNCTION:NAME" column header, or (inferno's
 *      rule) after the first blank line, module`symbol or 0xADDRESS frames
 *      closed by a count line (dtrace.c);
 *   85 memleak: bcc memleak's "N bytes in M allocations from stack" or
 *      its report header (memleak.c);
 *   60 SystemTap: "0xADDRESS : symbol" frames closed by a count line, and
 *      no backtick anywhere before (stap.c);
 *   50 bpftrace: an "@NAME[" line in the first 20 lines;
 *   45 asprof: folded lines with a sign of async-profiler (an _[0] or
 *      _[1] frame type, a "[NAME tid=N]" root, _[j]/_[i] on a Java
 *      method name: asprof.c);
 *   40 folded: the non-blank lines examined are "stack count" lines, "#"
 *      comments, and at most one bad line in three (the loader reports
 *      them);
 *    1 folded: nothing but blank lines (an empty profile, not an error).
 *
 * A perf header followed by a blank line and then stack lines (inferno's
 * collapse-guess/invalid-perf-with-empty-line-after-event-line.txt, which
 * inferno refuses) is taken as perf: the perf loader then reports every
 * orphaned stack line with its number, which tells the user more than
 * "cannot tell the format".  Anything that scores 0 everywhere cannot be
 * told, and loader_run says so.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "input/mapguard.h"
#include "loaders/loader.h"
#include "util/escape.h"
#include "util/xalloc.h"

/* The rows: one per format, defined in the format's file. */
extern const struct format format_pprof, format_bpftrace, format_perf,
    format_dtrace, format_stap, format_folded, format_chrome,
    format_speedscope, format_firefox, format_asprof, format_memleak;

static const struct format *const formats[] = {
	&format_pprof,
	&format_chrome,
	&format_speedscope,
	&format_firefox,
	&format_bpftrace,
	&format_perf,
	&format_dtrace,
	&format_stap,
	&format_memleak,
	&format_asprof,
	&format_folded,
	NULL
};

const struct format *
format_at(size_t i)
{
	return i < sizeof formats / sizeof formats[0] ? formats[i] : NULL;
}

const struct format *
format_get(enum input_format f)
{
	size_t i;

	for (i = 0; formats[i] != NULL; i++)
		if (formats[i]->id == f)
			return formats[i];
	return NULL;
}

const char *
format_name(enum input_format f)
{
	const struct format *fmt = format_get(f);

	if (fmt != NULL)
		return fmt->name;
	return f == FORMAT_AUTO ? "auto" : "unknown";
}

enum input_format
format_parse(const char *s)
{
	size_t i;

	if (strcmp(s, "auto") == 0)
		return FORMAT_AUTO;
	for (i = 0; formats[i] != NULL; i++)
		if (strcmp(s, formats[i]->name) == 0 ||
		    (formats[i]->alias != NULL &&
		    strcmp(s, formats[i]->alias) == 0))
			return formats[i]->id;
	return FORMAT_UNKNOWN;
}

int
format_help(FILE *fp)
{
	size_t i;

	fprintf(fp, "  %-10s %s\n", "auto",
	    "detect the format from the first 64 KiB (the default)");
	for (i = 0; formats[i] != NULL; i++)
		fprintf(fp, "  %-10s %s\n", formats[i]->name, formats[i]->help);
	return ferror(fp) ? -1 : 0;
}

/* format_detect() on buf[0..len), which is the whole input when complete. */
static enum input_format
detect(const char *buf, size_t len, int complete)
{
	const struct format *best = NULL;
	int score, top = 0;
	size_t i;

	for (i = 0; formats[i] != NULL && top < SNIFF_SURE; i++) {
		score = formats[i]->sniff(buf, len, complete);
		if (score > top) {
			top = score;
			best = formats[i];
		}
	}
	return best != NULL ? best->id : FORMAT_UNKNOWN;
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

/* One load's arguments, through mapguard_call(). */
struct load_call {
	const struct format *fmt;
	struct reader *r;
	const struct load_opts *opts;
	struct stack_sink *sink;
	struct diag *d;
	struct load_result *res;
	char **err;
};

static int
load_call(void *arg)
{
	struct load_call *c = arg;

	return c->fmt->load(c->r, c->opts, c->sink, c->d, c->res, c->err);
}

/*
 * fmt's loader, guarded: a file read whole by mapping it (loader_slurp())
 * that another process truncates meanwhile fails the load, not tflame.
 */
static int
guarded_load(const struct format *fmt, struct reader *r,
    const struct load_opts *opts, struct stack_sink *sink, struct diag *d,
    struct load_result *res, char **err)
{
	struct load_call c = { fmt, r, opts, sink, d, res, err };
	int rc = mapguard_call(load_call, &c);

	if (rc == MAPGUARD_SHRANK) {
		*err = xasprintf("%s: the file shrank while it was read",
		    reader_name(r));
		return -1;
	}
	return rc;
}

int
loader_run(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	enum input_format f = opts->format;
	const struct format *fmt;
	/* Not escaped here: the caller escapes *err as a whole. */
	const char *name = reader_name(r);

	memset(res, 0, sizeof *res);
	if (f == FORMAT_AUTO)
		f = detect_reader(r);
	res->format = f;
	fmt = format_get(f);
	if (fmt == NULL) {
		*err = xasprintf("cannot tell the format of %s; use --format", name);
		return -1;
	}
	d->format = fmt->name; /* for the messages panel (`!`) */
	d->format_detected = opts->format == FORMAT_AUTO;
	if (fmt->weighted && opts->weighted != NULL)
		opts->weighted(opts->weighted_arg);
	if (guarded_load(fmt, r, opts, sink, d, res, err) != 0)
		return -1;
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

void
load_skipped_add(struct load_skipped *s, const char *prefix,
    const char *key, size_t keylen)
{
	char esc[96], name[128];
	size_t n, i;

	escape_text(esc, sizeof esc, key, keylen);
	n = (size_t)snprintf(name, sizeof name, "%s%s", prefix, esc);
	if (n >= sizeof name)
		n = sizeof name - 1;
	/* once: the list is short, a scan of it is cheap */
	for (i = 0; i + n <= s->len; i++)
		if (memcmp(s->names + i, name, n) == 0 &&
		    (i == 0 || s->names[i - 1] == ' ') &&
		    (i + n == s->len || s->names[i + n] == ','))
			return;
	if (s->len + n + 3 > sizeof s->names) {
		s->more++;
		return;
	}
	if (s->len > 0) {
		memcpy(s->names + s->len, ", ", 2);
		s->len += 2;
	}
	memcpy(s->names + s->len, name, n);
	s->len += n;
	s->names[s->len] = '\0';
}

void
load_skipped_note(struct diag *d, const struct load_skipped *s)
{
	if (s->len == 0)
		return;
	if (s->more > 0)
		diag_note(d, "fields not read: %s (and more)", s->names);
	else
		diag_note(d, "fields not read: %s", s->names);
}

int
loader_slurp(struct reader *r, size_t max, struct slurp *buf, char **err)
{
	int s = reader_slurp(r, max, buf);

	if (s == 1) {
		*err = xasprintf("%s: profile larger than %zu MiB once "
		    "inflated; refused", reader_name(r), max >> 20);
		return -1;
	}
	return s < 0 ? 1 : 0;
}
