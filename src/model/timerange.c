/*
 * Time ranges (see model/timerange.h): parsed into exact integers, never
 * through a float, so "4.2" is 4,200,000,000 ns and not one less.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "model/heatmap.h"
#include "model/timerange.h"

#define MAX_SECONDS 9000000000LL /* keeps every product below 2^63 */

/*
 * A decimal number "D+[.D*]" or ".D+" scaled by 10^scale, the digits past
 * the scale dropped: "4.25" at scale 3 is 4250.  Returns the characters
 * read, 0 when there is no number or it is too large.
 */
static size_t
parse_scaled(const char *s, int scale, int64_t limit, int64_t *out)
{
	const char *p = s;
	int64_t v = 0;
	int digits = 0, frac = 0;

	while (*p >= '0' && *p <= '9') {
		v = v * 10 + (*p++ - '0');
		digits++;
		if (v > limit)
			return 0;
	}
	if (*p == '.') {
		p++;
		while (*p >= '0' && *p <= '9') {
			if (frac < scale) {
				v = v * 10 + (*p - '0');
				frac++;
			}
			p++;
			digits++;
		}
	}
	if (digits == 0)
		return 0;
	for (; frac < scale; frac++)
		v *= 10;
	*out = v;
	return (size_t)(p - s);
}

/* One edge, the whole of s[0..len). */
static int
parse_edge(const char *s, size_t len, struct time_edge *e)
{
	char buf[64];
	size_t n;
	int64_t v;

	if (len == 0) {
		e->kind = TIME_EDGE_OPEN;
		e->v = 0;
		return 0;
	}
	if (len >= sizeof buf)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (buf[len - 1] == '%') {
		n = parse_scaled(buf, 4, 100, &v);   /* millionths */
		if (n == 0 || n != len - 1 || v > 1000000)
			return -1;
		e->kind = TIME_EDGE_SHARE;
		e->v = v;
		return 0;
	}
	if (len > 2 && strcmp(buf + len - 2, "ms") == 0) {
		n = parse_scaled(buf, 6, MAX_SECONDS * 1000, &v);
		if (n == 0 || n != len - 2)
			return -1;
	} else {
		size_t end = buf[len - 1] == 's' ? len - 1 : len;

		n = parse_scaled(buf, 9, MAX_SECONDS, &v);
		if (n == 0 || n != end)
			return -1;
	}
	e->kind = TIME_EDGE_NS;
	e->v = v;
	return 0;
}

int
time_spec_parse(const char *s, struct time_spec *ts, const char **err)
{
	const char *dash = strchr(s, '-');

	*err = NULL;
	if (dash == NULL || strchr(dash + 1, '-') != NULL) {
		*err = "a time range is START-END (either may be left out)";
		return -1;
	}
	if (parse_edge(s, (size_t)(dash - s), &ts->start) != 0 ||
	    parse_edge(dash + 1, strlen(dash + 1), &ts->end) != 0) {
		*err = "a time is seconds (4.2, 4.2s), milliseconds (4200ms) "
		    "or a share of the profile (40%)";
		return -1;
	}
	if (ts->start.kind == ts->end.kind && ts->start.kind != TIME_EDGE_OPEN &&
	    ts->end.v <= ts->start.v) {
		*err = "the time range ends before it starts";
		return -1;
	}
	return 0;
}

/* floor(a / b), b > 0 */
static int64_t
floordiv(int64_t a, int64_t b)
{
	int64_t q = a / b;

	return (a % b != 0 && a < 0) ? q - 1 : q;
}

static int64_t
edge_time(const struct time_edge *e, int64_t tmin, int64_t tmax, int end)
{
	int64_t zero = floordiv(tmin, HEATMAP_NS) * HEATMAP_NS;
	uint64_t span = (uint64_t)tmax - (uint64_t)tmin;
	uint64_t part;

	switch (e->kind) {
	case TIME_EDGE_NS:
		return zero + e->v;
	case TIME_EDGE_SHARE:
		if (end && e->v >= 1000000)
			return tmax == INT64_MAX ? INT64_MAX : tmax + 1;
		part = span / 1000000 * (uint64_t)e->v +
		    span % 1000000 * (uint64_t)e->v / 1000000;
		return (int64_t)((uint64_t)tmin + part);
	case TIME_EDGE_OPEN:
	default:
		if (!end)
			return tmin;
		return tmax == INT64_MAX ? INT64_MAX : tmax + 1;
	}
}

int
time_spec_resolve(const struct time_spec *ts, int64_t tmin, int64_t tmax,
    int64_t *t0, int64_t *t1)
{
	*t0 = edge_time(&ts->start, tmin, tmax, 0);
	*t1 = edge_time(&ts->end, tmin, tmax, 1);
	return *t1 > *t0 ? 0 : -1;
}

/* t nanoseconds as seconds with dec (2 or 3) decimals, rounded. */
static int
seconds_text(char *buf, size_t size, int64_t t, int dec)
{
	int64_t unit = dec == 3 ? 1000000 : 10000000, q;
	int64_t per = dec == 3 ? 1000 : 100;

	q = floordiv(t + unit / 2, unit);
	return snprintf(buf, size, "%s%lld.%0*lld", q < 0 ? "-" : "",
	    (long long)((q < 0 ? -q : q) / per), dec,
	    (long long)((q < 0 ? -q : q) % per));
}

void
time_range_words(char *buf, size_t size, int64_t t0, int64_t t1, int64_t tmin)
{
	int64_t zero = floordiv(tmin, HEATMAP_NS) * HEATMAP_NS;
	int dec = t1 - t0 < HEATMAP_NS ? 3 : 2;
	char a[32], b[32];

	seconds_text(a, sizeof a, t0 - zero, dec);
	seconds_text(b, sizeof b, t1 - zero, dec);
	snprintf(buf, size, "time %s-%s s", a, b);
}
