/*
 * A one-line editor for the search prompt, with a history.
 *
 * The line is a byte string, UTF-8 as the terminal sends it: curses hands
 * over a multibyte character one byte at a time and each is inserted as it
 * comes, while the cursor moves and deletes whole characters (a lead byte
 * and its continuation bytes).  What is shown goes through the text module,
 * so control bytes and invalid UTF-8 appear as visible escapes, never raw;
 * only backslashes are shown as typed (they are common in patterns).
 *
 * Keys: printable bytes insert; Left/Right, Home/End (Ctrl-A/Ctrl-E) move;
 * Backspace and Delete (Ctrl-D) delete; Ctrl-U deletes up to the start,
 * Ctrl-K to the end, Ctrl-W the word before the cursor; Up/Down (Ctrl-P /
 * Ctrl-N) recall earlier lines; Tab is handed back to the caller (the
 * search uses it to toggle ignoring case); Enter applies, Esc (or Ctrl-C,
 * Ctrl-G) cancels.
 *
 * The history keeps every line applied since the program started, oldest
 * first, without repeating the line just before.  Browsing it keeps the
 * line being typed as a draft, given back by Down past the newest entry.
 *
 * Ownership: the prompt owns its line, its history and its scratch text.
 */
#ifndef TFLAME_TUI_PROMPT_H
#define TFLAME_TUI_PROMPT_H

#include <stddef.h>

#include "tui/text.h"

/* Longest line, in bytes (longer pastes are cut, longer lines not kept). */
#define PROMPT_MAX 4096

/* What a key did (prompt_key()). */
enum prompt_event {
	PROMPT_NONE = 0, /* nothing (a key with no meaning here) */
	PROMPT_CHANGED,  /* the line or the cursor changed: draw again */
	PROMPT_TAB,      /* Tab: the caller's to act on */
	PROMPT_ENTER,    /* apply the line; the prompt is closed */
	PROMPT_CANCEL    /* cancelled; the prompt is closed */
};

struct prompt_entry {
	char *s;      /* owned */
	size_t len;
};

struct prompt {
	int active;                   /* open, taking the keys */
	char buf[PROMPT_MAX + 1];     /* the line; NUL after len */
	size_t len, cur;              /* length, cursor (byte offsets) */
	struct prompt_entry *hist;    /* owned; oldest first */
	size_t nhist, caphist;
	size_t hpos;                  /* entry shown; nhist: the draft */
	char draft[PROMPT_MAX + 1];   /* the line typed before browsing */
	size_t draftlen;
	size_t off;                   /* first column of the line shown */
	struct tui_text text;         /* scratch for drawing */
};

void prompt_init(struct prompt *p);
void prompt_free(struct prompt *p);

/* Open the prompt on an empty line. */
void prompt_open(struct prompt *p);

/* Open the prompt on the line s (cut at PROMPT_MAX), the cursor at its end. */
void prompt_open_with(struct prompt *p, const char *s);

/* Handle one key (a curses key code) of the open prompt. */
enum prompt_event prompt_key(struct prompt *p, int key);

/* Add s[0..len) to the history (unless empty, too long or a repeat). */
void prompt_history_add(struct prompt *p, const char *s, size_t len);

/*
 * Append a pattern to tx as the prompt and the status line show it: as
 * text_append() (escapes for what a terminal must not see) except that a
 * backslash stays one backslash, as it was typed.
 */
void prompt_text_append(struct tui_text *tx, const char *s, size_t len,
    size_t maxcols);

/*
 * Draw label and the line on screen line y, cols wide, scrolled so that
 * the cursor shows, and leave the curses cursor at the insertion point.
 */
void prompt_draw(struct prompt *p, int y, int cols, const char *label);

#endif
