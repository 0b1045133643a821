/*
 * The perf loader's events (loaders/perf_event.h): the filter, the
 * per-event sample counts behind the "several events" note, and the
 * first event handed from one parallel part to the next.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loaders/perf_event.h"
#include "loaders/perf_header.h"
#include "util/escape.h"
#include "util/xalloc.h"

/* Start e with the filter given (NULL: the first event seen). */
void
perf_events_init(struct perf_events *e, const char *filter)
{
	memset(e, 0, sizeof *e);
	if (filter != NULL) {
		e->filter = xstrdup(filter);
		e->filter_given = 1;
	}
}

/* Free what e holds. */
void
perf_events_free(struct perf_events *e)
{
	int i;

	for (i = 0; i < e->nev; i++)
		free(e->stat[i].name);
	free(e->filter);
}

/* The counter of event name (len bytes), NULL when there are too many. */
static struct event_stat *
event_slot(struct perf_events *e, const char *name, size_t len)
{
	int i;

	for (i = 0; i < e->nev; i++)
		if (strlen(e->stat[i].name) == len &&
		    memcmp(e->stat[i].name, name, len) == 0)
			return &e->stat[i];
	if (e->nev == PERF_MAX_EVENTS)
		return NULL;
	e->stat[e->nev].name = xmemdup(name, len);
	e->stat[e->nev].samples = 0;
	return &e->stat[e->nev++];
}

/* Start a first_event shared by parallel parts. */
void
perf_first_init(struct first_event *f)
{
	memset(f, 0, sizeof *f);
	pthread_mutex_init(&f->mu, NULL);
	pthread_cond_init(&f->told, NULL);
}

/* End a first_event. */
void
perf_first_free(struct first_event *f)
{
	pthread_mutex_destroy(&f->mu);
	pthread_cond_destroy(&f->told);
	free(f->name);
}

/* The first part tells the others its first event (NULL: none). */
void
perf_first_tell(struct first_event *f, const char *name)
{
	pthread_mutex_lock(&f->mu);
	if (!f->known) {
		f->known = 1;
		f->name = name != NULL ? xstrdup(name) : NULL;
		pthread_cond_broadcast(&f->told);
	}
	pthread_mutex_unlock(&f->mu);
}

/* The default filter: ev (base, blen bytes) unless a part before saw one. */
static void
first_event(struct perf_events *e, const char *ev, size_t blen)
{
	struct first_event *f = e->first;

	if (f != NULL && e->first_waits) {
		pthread_mutex_lock(&f->mu);
		while (!f->known)
			pthread_cond_wait(&f->told, &f->mu);
		if (f->name != NULL)
			e->filter = xstrdup(f->name);
		pthread_mutex_unlock(&f->mu);
	}
	if (e->filter == NULL)
		e->filter = xmemdup(ev, blen);
	if (f != NULL && !e->first_waits)
		perf_first_tell(f, e->filter);
}

/* perf_event_passes() for an event other than the last; *esp: its counter. */
static int
event_check(struct perf_events *e, const char *ev, size_t evlen,
    struct event_stat **esp)
{
	size_t blen = event_base(ev, evlen);
	struct event_stat *es;

	if (e->filter == NULL)
		first_event(e, ev, blen);
	es = event_slot(e, ev, blen);
	*esp = es;
	if (es != NULL)
		es->samples++;
	else
		e->other++;
	if (strlen(e->filter) == blen && memcmp(e->filter, ev, blen) == 0)
		return 1;
	/* --event-filter may name the event with its modifier. */
	return e->filter_given && strlen(e->filter) == evlen &&
	    memcmp(e->filter, ev, evlen) == 0;
}

/* Does the sample's event pass the filter?  Sets the default filter. */
int
perf_event_passes(struct perf_events *e, const char *ev, size_t evlen)
{
	struct event_stat *es;
	int pass;

	/* Most samples have the event of the one before: its answer stands. */
	if (e->last_evlen == evlen && evlen > 0 &&
	    memcmp(e->last_ev, ev, evlen) == 0) {
		if (e->last_es != NULL)
			e->last_es->samples++;
		else
			e->other++;
		return e->last_pass;
	}
	pass = event_check(e, ev, evlen, &es);
	if (evlen <= sizeof e->last_ev) {
		memcpy(e->last_ev, ev, evlen);
		e->last_evlen = evlen;
		e->last_es = es;
		e->last_pass = pass;
	} else
		e->last_evlen = 0;
	return pass;
}

/* Add the second part's event counts to the first's, as if read after them. */
void
perf_events_join(struct perf_events *e, struct perf_events *q)
{
	struct event_stat *es;
	int i;

	if (e->filter == NULL) {
		e->filter = q->filter;
		q->filter = NULL;
	}
	for (i = 0; i < q->nev; i++) {
		es = event_slot(e, q->stat[i].name, strlen(q->stat[i].name));
		if (es != NULL)
			es->samples += q->stat[i].samples;
		else
			e->other += q->stat[i].samples;
	}
	e->other += q->other;
}

/* Note in d which event was shown and which were skipped. */
void
perf_events_notes(const struct perf_events *e, struct diag *d)
{
	char name[256], list[1024];
	size_t used = 0;
	int i, kept = -1;
	uint64_t skipped = 0;

	for (i = 0; i < e->nev && e->nev > 1; i++)
		diag_event(d, e->stat[i].name, e->stat[i].samples,
		    e->filter != NULL && strcmp(e->stat[i].name, e->filter) == 0);
	for (i = 0; i < e->nev; i++) {
		if (e->filter != NULL &&
		    strcmp(e->stat[i].name, e->filter) == 0) {
			kept = i;
			continue;
		}
		skipped += e->stat[i].samples;
		escape_text(name, sizeof name, e->stat[i].name,
		    strlen(e->stat[i].name));
		if (used < sizeof list - 1)
			used += (size_t)snprintf(list + used, sizeof list - used,
			    "%s\"%s\" (%llu)", used ? ", " : "", name,
			    (unsigned long long)e->stat[i].samples);
		if (used >= sizeof list)
			used = sizeof list - 1;
	}
	list[used] = '\0';
	if (e->filter == NULL)
		return;
	escape_text(name, sizeof name, e->filter, strlen(e->filter));
	if (e->filter_given && (kept < 0 || e->stat[kept].samples == 0)) {
		diag_note(d, "no samples of event \"%s\"%s%s", name,
		    used ? "; events in the input: " : "", list);
		return;
	}
	if (skipped > 0 || e->other > 0)
		diag_note(d, "several events in the input: showing \"%s\" "
		    "(%llu samples), skipped %s%s; choose with --event-filter=EVENT",
		    name, (unsigned long long)(kept >= 0 ? e->stat[kept].samples : 0),
		    list, e->other ? " and more" : "");
}
