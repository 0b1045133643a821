/*
 * Diagnostics collected while loading.  Loaders never print: they report
 * problems here with a line number.  The first DIAG_KEEP messages are kept
 * verbatim (already escaped), later ones are only counted, so a file of a
 * million bad lines costs nothing but a counter.  The front end prints them
 * when it is safe to (after the TUI has given the terminal back).
 */
#ifndef TFLAME_UTIL_DIAG_H
#define TFLAME_UTIL_DIAG_H

#include <stdint.h>
#include <stdio.h>

#include "util/macros.h"

#define DIAG_KEEP 5
#define DIAG_EVENTS 16

/* An event of a perf input and its samples (the viewer's messages panel). */
struct diag_event {
	char *name;                  /* owned; raw bytes (escape to show) */
	uint64_t samples;
	int shown;                   /* the one loaded */
};

struct diag {
	char *source;                /* owned; file name for messages */
	uint64_t nbad;               /* malformed lines skipped */
	uint64_t first_bad[DIAG_KEEP];
	char *bad_msg[DIAG_KEEP];    /* owned; escaped text */
	char **notes;                /* owned; other messages, printed once each */
	size_t nnotes, capnotes;
	struct diag_event events[DIAG_EVENTS]; /* perf: every event seen */
	size_t nevents;
	/* The input's format as loaded (a static name; NULL: not known). */
	const char *format;
	int format_detected;         /* told from its first bytes */
	struct diag *next;           /* owned; the next input's (--diff AFTER) */
};

void diag_init(struct diag *d, const char *source);
void diag_free(struct diag *d);

/* Messages in d and the diags chained after it. */
uint64_t diag_count(const struct diag *d);

/*
 * Record a malformed line: what (a short reason) and an excerpt of the raw
 * line (escaped here, cut to 60 bytes).
 */
void diag_bad_line(struct diag *d, uint64_t lineno, const char *what,
    const char *line, size_t len);

/*
 * Move src's messages after d's, src's line numbers plus line_offset (src
 * read the lines after d's first line_offset), and free src.
 */
void diag_append(struct diag *d, struct diag *src, uint64_t line_offset);

/* Record a note (printed as "tflame: SOURCE: NOTE"). */
void diag_note(struct diag *d, const char *fmt, ...) ATTR_FORMAT(2, 3);

/*
 * Record an event of the input with its samples (shown: the one loaded);
 * the first DIAG_EVENTS are kept.  Not printed by diag_print() (a note
 * says it there); the viewer's messages panel lists them.
 */
void diag_event(struct diag *d, const char *name, uint64_t samples,
    int shown);

/* Print everything collected to fp, this input's then the next ones'. */
void diag_print(const struct diag *d, FILE *fp);

/*
 * Every message of d alone (not the next ones) as diag_print() words it,
 * without "tflame: ": a new array of *n new strings (free each, then it).
 */
char **diag_lines(const struct diag *d, size_t *n);

#endif
