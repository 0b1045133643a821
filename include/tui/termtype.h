/*
 * Opening curses on a terminal whose terminfo entry may be missing.
 *
 * A production box (or the minimal root a static tflame is copied into)
 * often lacks the entry for the terminal the user came from (TERM=
 * alacritty, kitty, tmux-256color...), while nearly every terminal in use
 * understands xterm-256color's sequences.  tui_newterm() opens curses for
 * TERM and, when that entry cannot be loaded, for xterm-256color instead,
 * saying so on standard error; when neither loads it says exactly what to
 * try.
 *
 * Only src/tui/ and src/cli/ include curses; this header does not.
 */
#ifndef TFLAME_TUI_TERMTYPE_H
#define TFLAME_TUI_TERMTYPE_H

#include <stdio.h>

/* The terminal type tflame falls back to. */
#define TUI_TERM_FALLBACK "xterm-256color"

/*
 * Open curses on out/in (newterm()), falling back to TUI_TERM_FALLBACK when
 * TERM's entry cannot be loaded.  Returns the SCREEN * (as void *, so that
 * this header needs no curses), or NULL after printing what to try.
 */
void *tui_newterm(FILE *out, FILE *in);

#endif /* TFLAME_TUI_TERMTYPE_H */
