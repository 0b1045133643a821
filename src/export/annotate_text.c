/*
 * --annotate's text (export/annotate_text.h).  Every name, file name and
 * source line is untrusted: written through escape_text().  A block:
 *
 *	hot_function  Self: 11.5 ms cpu-clock (94.83% of all)  Lines: 2 (all)
 *	  Weight   Share  Line     Source
 *	  6.0 ms  52.17%  hot.c:8  s += (s ^ i) / (i | 7);
 *
 * From perf annotate the weights are its percentages: no Weight column.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export/annotate_text.h"
#include "util/escape.h"
#include "util/xalloc.h"

/* s (len bytes) escaped, into *buf (grown); returns it. */
static const char *
esc(const char *s, size_t len, char **buf, size_t *cap)
{
	size_t need = len * 4 + 16;

	if (need > *cap) {
		*cap = need;
		*buf = xreallocarray(*buf, *cap, 1);
	}
	escape_text(*buf, *cap, s, len);
	return *buf;
}

/* A weight (a double) as a count. */
static struct tf_count
count_of(double w)
{
	struct tf_count c;

	c.n = w >= 1.8e19 ? UINT64_MAX : (uint64_t)floor(w);
	c.frac = w - floor(w);
	return c;
}

/* The "file:line" cell of line l into buf. */
static void
where(char *buf, size_t cap, const struct ann_line *l, char **eb,
    size_t *ec)
{
	if (l->file == NULL) {
		snprintf(buf, cap, "(no line)");
		return;
	}
	snprintf(buf, cap, "%s:%lu", esc(l->file, strlen(l->file), eb, ec),
	    l->line);
}

int
annotate_text_write(FILE *fp, const char *name, size_t len,
    const struct annotation *a, const struct annotate_text_opts *o)
{
	char w[COUNT_BUFSZ + 64], loc[1024], *eb = NULL;
	size_t ec = 0, n = a->n, i;
	int ww = 6, lw = 4;
	double all = count_value(o->all);

	if (o->lines > 0 && (size_t)o->lines < n)
		n = (size_t)o->lines;
	fprintf(fp, "%s", esc(name, len, &eb, &ec));
	if (a->percent)
		fprintf(fp, "  perf annotate: %lu samples", a->samples);
	else {
		units_named(w, sizeof w, o->units, count_of(a->self));
		fprintf(fp, "  Self: %s (%.2f%% of all)", esc(w, strlen(w), &eb,
		    &ec), all > 0 ? a->self * 100 / all : 0.0);
	}
	fprintf(fp, "  Lines: %zu (%s%zu)\n", a->n, n < a->n ? "top " : "all ",
	    n);
	for (i = 0; i < n; i++) {
		units_weight(w, sizeof w, o->units, count_of(a->lines[i].weight));
		if ((int)strlen(w) > ww)
			ww = (int)strlen(w);
		where(loc, sizeof loc, &a->lines[i], &eb, &ec);
		if ((int)strlen(loc) > lw)
			lw = (int)strlen(loc);
	}
	if (!a->percent)
		fprintf(fp, "  %*s", ww, "Weight");
	fprintf(fp, "  %7s  %-*s  Source\n", "Share", lw, "Line");
	for (i = 0; i < n; i++) {
		const struct ann_line *l = &a->lines[i];

		if (!a->percent) {
			units_weight(w, sizeof w, o->units, count_of(l->weight));
			fprintf(fp, "  %*s", ww, w);
		}
		where(loc, sizeof loc, l, &eb, &ec);
		if (l->text == NULL || l->text[0] == '\0')
			fprintf(fp, "  %6.2f%%  %s\n", annotate_share(a, i), loc);
		else
			fprintf(fp, "  %6.2f%%  %-*s  %s\n", annotate_share(a, i),
			    lw, loc, esc(l->text, strlen(l->text), &eb, &ec));
	}
	free(eb);
	return ferror(fp) ? -1 : 0;
}
