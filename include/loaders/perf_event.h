/*
 * The perf loader's events (private to src/loaders/perf*.c): which event's
 * samples are kept (--event-filter, else the first event seen), how many
 * samples each event had, and the note that says so.
 *
 * When parts of the input are read in parallel (read_parts() in perf.c),
 * the event kept by default is the first one of the whole input: the
 * first part says which it saw first (or that it saw none) once it knows,
 * and the others wait for that before they need it (struct first_event).
 */
#ifndef TFLAME_LOADERS_PERF_EVENT_H
#define TFLAME_LOADERS_PERF_EVENT_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"

#define PERF_MAX_EVENTS 16

struct event_stat {
	char *name;
	uint64_t samples;
};

struct first_event {
	pthread_mutex_t mu;
	pthread_cond_t told;
	int known;
	char *name; /* NULL: the first part saw no event */
};

struct perf_events {
	char *filter;  /* the event kept */
	int filter_given;
	struct first_event *first; /* parallel parts: whose first event wins */
	int first_waits; /* 1: take first's, 0: tell it ours */
	struct event_stat stat[PERF_MAX_EVENTS];
	int nev;
	uint64_t other;     /* samples of events past PERF_MAX_EVENTS */
	char last_ev[64];   /* the event text of the last header... */
	size_t last_evlen;  /* ...(0: none) */
	struct event_stat *last_es; /* ...its counter (NULL: "and more") */
	int last_pass;      /* ...and whether it passed */
};

/* Start e with the filter given (NULL: the first event seen). */
void perf_events_init(struct perf_events *e, const char *filter);

/* Free what e holds. */
void perf_events_free(struct perf_events *e);

/* Does a sample of event ev (evlen bytes) pass?  Counts it; sets a default. */
int perf_event_passes(struct perf_events *e, const char *ev, size_t evlen);

/* Add q's counts to e's, as if read after them; e takes q's filter if none. */
void perf_events_join(struct perf_events *e, struct perf_events *q);

/* Note in d which event was shown and which were skipped. */
void perf_events_notes(const struct perf_events *e, struct diag *d);

/* Start and end a first_event shared by parallel parts. */
void perf_first_init(struct first_event *f);
void perf_first_free(struct first_event *f);

/* The first part tells the others its first event (NULL: none). */
void perf_first_tell(struct first_event *f, const char *name);

#endif
