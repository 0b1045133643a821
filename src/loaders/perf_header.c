/*
 * perf script header lines (see loaders/perf_header.h and the rules at the
 * top of src/loaders/perf.c), and telling perf script text by them
 * (perf_sniff(), the format table's test).
 */
#include "config.h"

#include <string.h>

#include "loaders/perf_clean.h"
#include "loaders/perf_header.h"
#include "loaders/sniff.h"
#include "util/ascii.h"

/* The end of the run of digits at s[i..len). */
static size_t
digits_end(const char *s, size_t i, size_t len)
{
	while (i < len && is_digit((unsigned char)s[i]))
		i++;
	return i;
}

/* Does a token end at i (whitespace or the end of the line)? */
static int
token_ends(const char *s, size_t i, size_t len)
{
	return i == len || is_ws((unsigned char)s[i]);
}

/*
 * After the pid token: "[CPU] TIME: [PERIOD] EVENT: [rest]", each part but
 * the event optional; each token is read once.  Returns 1 and fills the
 * event fields on success.
 */
static int
parse_tail(const char *s, size_t i, size_t len, struct header *h)
{
	size_t e, d;

	i = skip_ws(s, i, len);
	h->cpu = h->time = NULL;
	h->cpulen = h->timelen = 0;
	/* "[CPU]": "[", digits, "]" */
	if (i < len && s[i] == '[') {
		d = digits_end(s, i + 1, len);
		if (d > i + 1 && d < len && s[d] == ']' && token_ends(s, d + 1, len)) {
			h->cpu = s + i + 1;
			h->cpulen = d - i - 1;
			i = skip_ws(s, d + 1, len);
		}
	}
	/* "TIME:": digits, optionally "." and digits, then ":" */
	d = digits_end(s, i, len);
	if (d > i) {
		e = d < len && s[d] == '.' ? digits_end(s, d + 1, len) : d;
		if (e < len && s[e] == ':' && token_ends(s, e + 1, len)) {
			h->time = s + i;
			h->timelen = e - i;
			i = skip_ws(s, e + 1, len);
			d = digits_end(s, i, len);
		}
	}
	/* "PERIOD": digits only */
	h->period = COUNT_INT(1);
	h->period_bad = 0;
	if (d > i && token_ends(s, d, len)) {
		if (d - i <= 19) {
			/* At most 19 digits: no overflow. */
			uint64_t n = 0;

			for (; i < d; i++)
				n = n * 10 + (uint64_t)(s[i] - '0');
			h->period = COUNT_INT(n);
		} else if (count_parse(s + i, d - i, &h->period) < 0)
			h->period_bad = 1;
		i = skip_ws(s, d, len);
	} else if (d == i && i + 1 < len && s[i] == '-' &&
	    (e = digits_end(s, i + 1, len)) > i + 1 && token_ends(s, e, len)) {
		/* A negative period (damaged): counts 1, as in the Perl tool. */
		i = skip_ws(s, e, len);
	}
	/* "EVENT:" */
	e = find_ws(s, i, len);
	if (e - i < 2 || s[e - 1] != ':')
		return 0;
	h->event = s + i;
	h->eventlen = e - i - 1;
	i = skip_ws(s, e, len);
	h->rest = s + i;
	h->restlen = len - i;
	while (h->restlen > 0 && is_ws((unsigned char)h->rest[h->restlen - 1]))
		h->restlen--;
	return 1;
}

/*
 * Perl's fallback event test: the line ends with
 * ":" [WS] [PERIOD] WS EVENT ":" [WS].
 */
static void
perl_event(const char *s, size_t len, struct header *h)
{
	size_t e, r;

	h->event = NULL;
	h->period = COUNT_INT(1);
	while (len > 0 && is_ws((unsigned char)s[len - 1]))
		len--;
	if (len == 0 || s[len - 1] != ':')
		return;
	e = len - 1;
	while (e > 0 && !is_ws((unsigned char)s[e - 1]))
		e--;
	if (e == 0 || e == len - 1)
		return;
	r = e;
	while (r > 0 && is_ws((unsigned char)s[r - 1]))
		r--;
	if (r > 0 && s[r - 1] != ':') {
		size_t d = r;

		while (d > 0 && is_digit((unsigned char)s[d - 1]))
			d--;
		if (d == r)
			return;
		{
			size_t c = d;

			while (c > 0 && is_ws((unsigned char)s[c - 1]))
				c--;
			if (c == 0 || s[c - 1] != ':')
				return;
		}
		if (count_parse(s + d, r - d, &h->period) < 0)
			h->period_bad = 1;
	} else if (r == 0)
		return;
	h->event = s + e;
	h->eventlen = len - 1 - e;
}

int
header_time_ns(const struct header *h, int64_t *ns)
{
	const char *s = h->time;
	size_t i = 0, n = h->timelen;
	int64_t sec = 0, frac = 0;
	int digits = 0;

	if (s == NULL)
		return 0;
	for (; i < n && s[i] != '.'; i++) {
		if (sec > (INT64_MAX / 1000000000 - 9) / 10)
			return 0;
		sec = sec * 10 + (s[i] - '0');
	}
	for (i++; i < n; i++)
		if (digits < 9) {
			frac = frac * 10 + (s[i] - '0');
			digits++;
		}
	for (; digits < 9; digits++)
		frac *= 10;
	*ns = sec * 1000000000 + frac;
	return 1;
}

int32_t
header_int(const char *s, size_t len)
{
	int64_t v = 0;
	size_t i;

	if (s == NULL || len == 0)
		return -1;
	for (i = 0; i < len; i++) {
		if (!is_digit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
		if (v > INT32_MAX)
			return -1;
	}
	return (int32_t)v;
}

/*
 * Parse a header line.  The command name is the shortest prefix (at least
 * one character) followed by whitespace and a PID or PID/TID token and
 * whitespace after which the rest reads as a header tail; when no prefix
 * gives such a tail, the shortest prefix followed by a pid token is taken
 * (stackcollapse-perf.pl's rule) - unless the line is indented, where only a
 * full header counts, so that a stack line is never taken for one.
 */
int
parse_header(const char *line, size_t len, struct header *h)
{
	size_t lead = skip_ws(line, 0, len), k, j, a, b;
	const char *s = line + lead;
	size_t n = len - lead;
	int have_fallback = 0;
	struct header fb = {0};

	if (n == 0)
		return 0;
	/* Each whitespace byte after the first byte ends a candidate name. */
	for (k = find_ws(s, 1, n); k < n; k = find_ws(s, k + 1, n)) {
		j = skip_ws(s, k, n);
		a = j;
		/*
		 * perf prints "-1" for the pid of a task that has gone, right
		 * after the name: once a pid was seen, "-5" is a period.
		 */
		if (!have_fallback && j + 1 < n && s[j] == '-' &&
		    is_digit((unsigned char)s[j + 1]))
			j++;
		while (j < n && is_digit((unsigned char)s[j]))
			j++;
		if (j == a)
			continue;
		h->pid = s + a;
		h->pidlen = j - a;
		h->tid = NULL;
		h->tidlen = 0;
		if (j < n && s[j] == '/') {
			while (j < n && s[j] == '/')
				j++;
			b = j;
			/* ... and "-1/-1" with perf -F +pid (--pid, --tid). */
			if (s[a] == '-' && j + 1 < n && s[j] == '-' &&
			    is_digit((unsigned char)s[j + 1]))
				j++;
			while (j < n && is_digit((unsigned char)s[j]))
				j++;
			h->tid = s + b;
			h->tidlen = j - b;
		}
		if (j >= n || !is_ws((unsigned char)s[j]))
			continue;
		h->comm = s;
		h->commlen = k;
		if (parse_tail(s, j, n, h))
			return 1;
		if (!have_fallback) {
			fb = *h;
			have_fallback = 1;
		}
	}
	if (!have_fallback || lead > 0)
		return 0;
	*h = fb;
	h->period_bad = 0;
	perl_event(s, n, h);
	h->rest = NULL;
	h->restlen = 0;
	return 1;
}

/* Event name without a modifier suffix: "cycles:u" -> "cycles". */
size_t
event_base(const char *ev, size_t len)
{
	const char *nul = memchr(ev, '\0', len);
	size_t c;

	/* Names are kept as C strings: a damaged one ends at a NUL byte. */
	if (nul != NULL)
		return (size_t)(nul - ev);
	c = len;
	while (c > 0 && ev[c - 1] != ':')
		c--;
	if (c == 0 || c == len || len - c > 8)
		return len;
	if (strspn(ev + c, "ukhHGIpPSDWe") != len - c)
		return len;
	return c - 1;
}

/* Does buf look like perf script text?  1, 0, or -1: not sure yet. */
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
			if (!perf_hex_token(p, n) ||
			    !perf_parse_stack_line(p, n, &sl))
				return 0;
		} else if (!seen_header) {
			if (h.rest != NULL && h.restlen > 0 &&
			    perf_hex_token(h.rest, h.restlen) &&
			    perf_parse_stack_line(h.rest, h.restlen, &sl))
				return 1;
			seen_header = 1;
		} else
			return perf_parse_stack_line(p, n, &sl) ||
			    parse_header(p, n, &h);
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return seen_header && complete ? 1 : seen_header ? -1 : 0;
}
