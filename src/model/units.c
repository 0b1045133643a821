/*
 * The wording of a profile's numbers: see model/units.h.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "model/units.h"

/*
 * The events whose weight is a duration: the word shown (NULL: the event
 * itself), nanoseconds in one unit of the weight, and whether it is one
 * without sample records beside it (cpu-clock without periods weighs each
 * sample 1: a count).
 */
static const struct {
	const char *event, *word;
	int scale, always;
} durations[] = {
	{"cpu-clock", NULL, 1, 0},
	{"task-clock", NULL, 1, 0},
	{UNITS_US_EVENT, NULL, 1000, 0},
	{UNITS_NS_EVENT, NULL, 1, 1},
	{UNITS_US_UNIT, "time", 1000, 1},
	{UNITS_MS_UNIT, "time", 1000000, 1},
	{UNITS_S_UNIT, "time", 1000000000, 1},
	{UNITS_OFFCPU_EVENT, NULL, 1, 1},
};

/* --units' words and the events they give folded input's counts. */
static const struct {
	const char *unit, *event;
} unit_events[] = {
	{"samples", ""}, {"ns", UNITS_NS_EVENT}, {"us", UNITS_US_UNIT},
	{"ms", UNITS_MS_UNIT}, {"s", UNITS_S_UNIT}, {"bytes", "bytes"},
};

const char *
units_event(const char *unit)
{
	size_t i;

	for (i = 0; i < sizeof unit_events / sizeof unit_events[0]; i++)
		if (strcmp(unit, unit_events[i].unit) == 0)
			return unit_events[i].event;
	return NULL;
}

void
units_init(struct tf_units *u, const char *event, const char *countname,
    int samples)
{
	int known = event != NULL && event[0] != '\0';
	size_t i, n = sizeof durations / sizeof durations[0];

	for (i = 0; known && i < n; i++)
		if (strcmp(event, durations[i].event) == 0)
			break;
	u->samples = samples;
	u->ns = u->bytes = 0;
	u->scale = 1;
	u->of = NULL;
	if (countname != NULL && strcmp(countname, "samples") != 0)
		u->name = countname;
	else if (known && strcmp(event, "bytes") == 0) {
		u->name = event;
		u->bytes = 1;
	} else if (known && i < n && (samples || durations[i].always)) {
		u->name = durations[i].word != NULL ? durations[i].word : event;
		u->ns = 1;
		u->scale = durations[i].scale;
	} else if (known && samples) {
		u->name = event; /* a count of the event: cycles */
	} else {
		/* One number: the weight is the samples. */
		u->name = "samples";
		u->of = known ? event : NULL;
		u->samples = 0;
	}
}

void
units_of_tree(struct tf_units *u, const struct tree *t, int prof,
    const char *event, const char *countname)
{
	units_init(u, event, countname, tree_has_samples(t) &&
	    tree_samples(t, prof, TREE_ROOT) !=
	    tree_total(t, prof, TREE_ROOT).n);
}

void
units_group(char *out, size_t cap, struct tf_count c)
{
	char raw[COUNT_BUFSZ];
	size_t n = count_format(raw, c), ilen, i, o = 0;

	if (cap == 0)
		return;
	ilen = strcspn(raw, ".");
	for (i = 0; i < n && o + 2 < cap; i++) {
		out[o++] = raw[i];
		if (i + 1 < ilen && (ilen - i - 1) % 3 == 0)
			out[o++] = ',';
	}
	out[o] = '\0';
}

/*
 * Nanoseconds as "2.46 s", "836 ms", "12.0 ms", "1.25 ms" or "850 ns":
 * three figures from 10 ms up (in seconds from 10 ms, two decimals read
 * 12 ms as "0.01 s", less than the "9.00 ms" beside it).  The edges are
 * where the rounding would reach the next unit.
 */
static void
fmt_duration(char *out, size_t cap, double ns)
{
	if (ns == 0)
		snprintf(out, cap, "0 s");
	else if (ns >= 999.5e6)
		snprintf(out, cap, "%.2f s", ns / 1e9);
	else if (ns >= 99.95e6)
		snprintf(out, cap, "%.0f ms", ns / 1e6);
	else if (ns >= 9.995e6)
		snprintf(out, cap, "%.1f ms", ns / 1e6);
	else if (ns >= 1e4)
		snprintf(out, cap, "%.2f ms", ns / 1e6);
	else
		snprintf(out, cap, "%.0f ns", ns);
}

/*
 * Bytes as "512 B", "1.50 KiB", "12.5 MiB", "100 GiB": three figures,
 * the unit the next one up at 1024 of it (after rounding).
 */
static void
fmt_bytes(char *out, size_t cap, double b)
{
	static const char *const unit[] = {"KiB", "MiB", "GiB", "TiB", "PiB",
	    "EiB"};
	size_t i = 0;

	if (b < 1023.5) {
		snprintf(out, cap, "%.0f B", b);
		return;
	}
	b /= 1024;
	while (b >= 1023.5 && i + 1 < sizeof unit / sizeof unit[0]) {
		b /= 1024;
		i++;
	}
	if (b >= 99.95)
		snprintf(out, cap, "%.0f %s", b, unit[i]);
	else if (b >= 9.995)
		snprintf(out, cap, "%.1f %s", b, unit[i]);
	else
		snprintf(out, cap, "%.2f %s", b, unit[i]);
}

void
units_weight(char *buf, size_t cap, const struct tf_units *u,
    struct tf_count weight)
{
	if (u->bytes)
		fmt_bytes(buf, cap, count_value(weight));
	else if (u->ns)
		fmt_duration(buf, cap, count_value(weight) *
		    (u->scale > 0 ? u->scale : 1));
	else
		units_group(buf, cap, weight);
}

void
units_total(char *buf, size_t cap, const struct tf_units *u,
    struct tf_count weight, uint64_t samples)
{
	char w[64], s[64];
	const char *name = u->name;

	if (!u->samples) {
		units_named(buf, cap, u, weight);
		return;
	}
	units_weight(w, sizeof w, u, weight);
	units_group(s, sizeof s, (struct tf_count){samples, 0.0});
	if (u->bytes)
		snprintf(buf, cap, "%s, %s allocation%s", w, s,
		    samples == 1 ? "" : "s");
	else
		snprintf(buf, cap, "%s %s, %s sample%s", w, name, s,
		    samples == 1 ? "" : "s");
}

void
units_change(char *buf, size_t cap, const struct tf_units *u, int64_t change)
{
	char w[64];
	uint64_t mag = change < 0 ? (uint64_t)-(change + 1) + 1 :
	    (uint64_t)change;

	units_weight(w, sizeof w, u, (struct tf_count){mag, 0.0});
	snprintf(buf, cap, "%s%s", change > 0 ? "+" : change < 0 ? "-" : "",
	    w);
}

void
units_named(char *buf, size_t cap, const struct tf_units *u,
    struct tf_count weight)
{
	char w[64];
	const char *name = u->name;

	units_weight(w, sizeof w, u, weight);
	if (u->bytes) {
		snprintf(buf, cap, "%s", w); /* "1.50 MiB" says what it is */
		return;
	}
	if (strcmp(name, "samples") == 0 && weight.n == 1 && weight.frac == 0.0)
		name = "sample";
	snprintf(buf, cap, "%s %s%s%s", w, u->of != NULL ? u->of : "",
	    u->of != NULL ? " " : "", name);
}
