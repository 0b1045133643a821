/*
 * Opening curses with a fallback terminal type: see tui/term.h.
 *
 * newterm() fails when the terminfo entry for TERM cannot be read (no such
 * entry in $TERMINFO, ~/.terminfo, /etc/terminfo, /lib/terminfo or
 * /usr/share/terminfo, the places Debian's ncurses looks) and also when
 * TERM is unset.  setupterm() tells a missing entry (-1 in its error
 * argument: 0 means "found but generic/hard-copy") apart before newterm()
 * prints its own message, so only a missing entry falls back.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>

#include "tui/termtype.h"
#include "util/escape.h"

/* Return 1 when the terminfo entry for name can be loaded. */
static int
term_known(const char *name)
{
	TERMINAL *saved = cur_term, *t;
	int err = 0;

	if (setupterm(name, -1, &err) != OK)
		return 0;
	t = cur_term;
	set_curterm(saved);
	del_curterm(t);
	return 1;
}

/* Open curses on out/in, falling back to TUI_TERM_FALLBACK. */
void *
tui_newterm(FILE *out, FILE *in)
{
	const char *term = getenv("TERM");
	char name[256];
	SCREEN *s;

	if (term == NULL || *term == '\0' || term_known(term))
		return newterm(NULL, out, in);
	escape_text(name, sizeof name, term, strlen(term));
	if (term_known(TUI_TERM_FALLBACK)) {
		s = newterm(TUI_TERM_FALLBACK, out, in);
		if (s != NULL) {
			fprintf(stderr, "tflame: no terminfo entry for "
			    "TERM=\"%s\"; drew as %s\n", name,
			    TUI_TERM_FALLBACK);
			return s;
		}
	}
	fprintf(stderr, "tflame: no terminfo entry for TERM=\"%s\" nor for "
	    "%s (looked in $TERMINFO, ~/.terminfo, /etc/terminfo, "
	    "/lib/terminfo, /usr/share/terminfo); install ncurses-base or "
	    "ncurses-term, or copy x/%s from a terminfo directory into one "
	    "of those and run with TERM=%s\n", name, TUI_TERM_FALLBACK,
	    TUI_TERM_FALLBACK, TUI_TERM_FALLBACK);
	return NULL;
}
