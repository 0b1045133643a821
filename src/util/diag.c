/*
 * Collected loader diagnostics.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/diag.h"
#include "util/escape.h"
#include "util/xalloc.h"

#define EXCERPT 60

void
diag_init(struct diag *d, const char *source)
{
	memset(d, 0, sizeof *d);
	d->source = xstrdup(source ? source : "-");
}

void
diag_free(struct diag *d)
{
	size_t i;

	free(d->source);
	for (i = 0; i < DIAG_KEEP; i++)
		free(d->bad_msg[i]);
	for (i = 0; i < d->nnotes; i++)
		free(d->notes[i]);
	free(d->notes);
	for (i = 0; i < d->nevents; i++)
		free(d->events[i].name);
	if (d->next != NULL) {
		diag_free(d->next);
		free(d->next);
	}
	memset(d, 0, sizeof *d);
}

uint64_t
diag_count(const struct diag *d)
{
	uint64_t n = 0;

	for (; d != NULL; d = d->next)
		n += d->nbad + d->nnotes;
	return n;
}

void
diag_bad_line(struct diag *d, uint64_t lineno, const char *what,
    const char *line, size_t len)
{
	char buf[EXCERPT * 6 + 8];
	size_t cut = len > EXCERPT ? EXCERPT : len;

	if (d->nbad < DIAG_KEEP) {
		escape_text(buf, sizeof buf, line, cut);
		d->first_bad[d->nbad] = lineno;
		d->bad_msg[d->nbad] = xasprintf("%s: \"%s%s\"", what, buf,
		    len > cut ? "..." : "");
	}
	d->nbad++;
}

void
diag_append(struct diag *d, struct diag *src, uint64_t line_offset)
{
	size_t i, k;

	for (i = 0; i < DIAG_KEEP && i < src->nbad; i++) {
		k = (size_t)d->nbad + i;
		if (k >= DIAG_KEEP)
			break;
		d->first_bad[k] = src->first_bad[i] + line_offset;
		d->bad_msg[k] = src->bad_msg[i];
		src->bad_msg[i] = NULL;
	}
	d->nbad += src->nbad;
	for (i = 0; i < src->nnotes; i++) {
		xgrow((void **)&d->notes, &d->capnotes, d->nnotes + 1,
		    sizeof *d->notes);
		d->notes[d->nnotes++] = src->notes[i];
	}
	src->nnotes = 0;
	for (i = 0; i < src->nevents; i++)
		diag_event(d, src->events[i].name, src->events[i].samples,
		    src->events[i].shown);
	diag_free(src);
}

void
diag_note(struct diag *d, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	s = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	xgrow((void **)&d->notes, &d->capnotes, d->nnotes + 1, sizeof *d->notes);
	d->notes[d->nnotes++] = s;
}

/* Record an event of the input and its samples. */
void
diag_event(struct diag *d, const char *name, uint64_t samples, int shown)
{
	size_t i;

	for (i = 0; i < d->nevents; i++)
		if (strcmp(d->events[i].name, name) == 0) {
			d->events[i].samples += samples;
			d->events[i].shown |= shown;
			return;
		}
	if (d->nevents >= DIAG_EVENTS)
		return;
	d->events[d->nevents].name = xstrdup(name);
	d->events[d->nevents].samples = samples;
	d->events[d->nevents].shown = shown;
	d->nevents++;
}

/* Append a new string to (*v)[*n], growing *v. */
static void
add_line(char ***v, size_t *n, size_t *cap, char *s)
{
	xgrow((void **)v, cap, *n + 1, sizeof **v);
	(*v)[(*n)++] = s;
}

/* Every message of d alone, worded as diag_print() words it. */
char **
diag_lines(const struct diag *d, size_t *n)
{
	char name[512], **v = NULL;
	const char *src = d->source ? d->source : "-";
	size_t i, cap = 0;

	*n = 0;
	escape_text(name, sizeof name, src, strlen(src));
	for (i = 0; i < d->nbad && i < DIAG_KEEP; i++)
		add_line(&v, n, &cap, xasprintf("%s:%llu: %s", name,
		    (unsigned long long)d->first_bad[i], d->bad_msg[i]));
	if (d->nbad > DIAG_KEEP)
		add_line(&v, n, &cap, xasprintf("%s: %llu more malformed lines "
		    "skipped", name, (unsigned long long)(d->nbad - DIAG_KEEP)));
	if (d->nbad > 0)
		add_line(&v, n, &cap, xasprintf("%s: %llu malformed line%s "
		    "skipped in all", name, (unsigned long long)d->nbad,
		    d->nbad == 1 ? "" : "s"));
	for (i = 0; i < d->nnotes; i++)
		add_line(&v, n, &cap, xasprintf("%s: %s", name, d->notes[i]));
	return v;
}

/* Print everything collected to fp, this input's then the next ones'. */
void
diag_print(const struct diag *d, FILE *fp)
{
	char **v;
	size_t i, n;

	for (; d != NULL; d = d->next) {
		v = diag_lines(d, &n);
		for (i = 0; i < n; i++) {
			fprintf(fp, "tflame: %s\n", v[i]);
			free(v[i]);
		}
		free(v);
	}
}
