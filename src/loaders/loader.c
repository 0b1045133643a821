/*
 * Format names, detection and the loader entry point.
 *
 * Detection looks only at the first READER_PEEK_MAX bytes (the reader keeps
 * them buffered), so it works on pipes and never reads the whole input.  The
 * sniffers are asked in a fixed order - perf, folded - and the first yes
 * wins; folded input must be folded on every line examined.
 */
#include "config.h"

#include <string.h>

#include "loaders/folded.h"
#include "loaders/loader.h"
#include "loaders/sniff.h"
#include "util/escape.h"
#include "util/xalloc.h"

static const char *const names[] = {
	[FORMAT_AUTO] = "auto",
	[FORMAT_PERF] = "perf",
	[FORMAT_STAP] = "stap",
	[FORMAT_DTRACE] = "dtrace",
	[FORMAT_FOLDED] = "folded",
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

static int
is_blank(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!(s[i] == ' ' || s[i] == '\t' || s[i] == '\r' ||
		      s[i] == '\f' || s[i] == '\v'))
			return 0;
	return 1;
}

/* 1 when every complete non-blank, non-comment line examined is folded. */
static int
folded_sniff(const char *buf, size_t len, int complete, int *any)
{
	const char *p = buf, *end = buf + len, *nl;
	struct folded_line fl;
	size_t n;
	int lines = 0;

	*any = 0;
	while (p < end && lines < 200) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL && !complete)
			break;
		n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (!is_blank(p, n)) {
			lines++;
			if (folded_parse(p, n, 1, &fl) == 0 && p[0] != '#')
				return 0;
			*any = 1;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return 1;
}

enum input_format
format_detect(const char *buf, size_t len)
{
	int complete = len < READER_PEEK_MAX, any;

	if (perf_sniff(buf, len, complete) == 1)
		return FORMAT_PERF;
	if (folded_sniff(buf, len, complete, &any) && any)
		return FORMAT_FOLDED;
	if (is_blank(buf, len) || !any) {
		/* Nothing but blank lines: an empty profile, not an error. */
		const char *p = buf, *end = buf + len;

		for (; p < end; p++)
			if (!(*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
				break;
		if (p == end)
			return FORMAT_FOLDED;
	}
	return FORMAT_UNKNOWN;
}

int
loader_run(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	enum input_format f = opts->format;
	const char *buf;
	size_t len;
	char name[512];

	memset(res, 0, sizeof *res);
	escape_text(name, sizeof name, reader_name(r), strlen(reader_name(r)));
	len = reader_peek(r, &buf);
	if (f == FORMAT_AUTO)
		f = format_detect(buf, len);
	res->format = f;
	switch (f) {
	case FORMAT_PERF:
		load_perf(r, opts, sink, d, res);
		break;
	case FORMAT_FOLDED:
		load_folded(r, sink, d, res);
		break;
	case FORMAT_STAP:
	case FORMAT_DTRACE:
		*err = xasprintf("%s: the %s format is not supported yet", name,
		    format_name(f));
		return -1;
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
