/*
 * Frame names as the terminal shows them.
 *
 * A name goes through escape_text() first (control bytes, invalid UTF-8 and
 * bidirectional overrides become visible escapes such as \e or \x9b), then
 * is split into characters with their column widths.  Characters the
 * terminal would not advance the cursor for (wcwidth() below 1: combining
 * marks, zero-width and unassigned code points) are escaped too, as \u{HEX},
 * so a label always takes exactly the columns it was given.  In a locale
 * that is not UTF-8, every non-ASCII character is escaped that way.
 *
 * Conversion stops a little past the columns the caller can show, so the
 * cost is bounded by the screen, not by the name (names can be megabytes).
 */
#ifndef TFLAME_TUI_TEXT_H
#define TFLAME_TUI_TEXT_H

#include <stddef.h>
#include <wchar.h>

#define TEXT_ALL ((size_t)-1)

struct tui_text {
	wchar_t *wc;            /* owned: the characters */
	unsigned char *width;   /* owned: their widths in columns (1 or 2) */
	size_t n, cap;
	size_t cols;            /* columns of the n characters */
	int more;               /* the name goes on past what was converted */
	char *esc;              /* owned scratch: the escaped bytes */
	size_t esccap;
};

/* Decide once, after setlocale(), whether the locale is UTF-8. */
void text_setup(void);

/*
 * tflame's own ellipsis, "…", or ".." in a locale that is not UTF-8
 * (names are escaped there; our own glyphs fall back to ASCII).
 */
const char *text_ellipsis(void);

/* The breadcrumb's separator: " \u203a " in UTF-8, else " > ". */
const char *text_separator(void);

/*
 * A copy of our own text s (a help line) for this locale: in one that is
 * not UTF-8, "\u2026" becomes "..", "\u203a" ">" and any other
 * character past ASCII "?", so that the help never shows raw bytes.
 */
char *text_own_dup(const char *s);

void text_init(struct tui_text *tx);
void text_free(struct tui_text *tx);

/*
 * Convert name[0..len) until more than maxcols columns are held (TEXT_ALL:
 * the whole name, up to a hard limit of TEXT_MAX_BYTES bytes of it).
 */
#define TEXT_MAX_BYTES (256u << 10)
void text_set(struct tui_text *tx, const char *name, size_t len,
    size_t maxcols);

/* Empty tx. */
void text_clear(struct tui_text *tx);

/* Like text_set(), but append to tx; maxcols counts all of tx. */
void text_append(struct tui_text *tx, const char *name, size_t len,
    size_t maxcols);

/* Set tx to plain ASCII text s (our own text, not a frame name). */
void text_set_ascii(struct tui_text *tx, const char *s);

/* Append character c of w columns, as converted by text_set(). */
void text_append_wc(struct tui_text *tx, wchar_t c, int w);

/* Append plain ASCII text s to tx. */
void text_append_ascii(struct tui_text *tx, const char *s);

/*
 * Draw the columns [skip, skip + ncols) of tx at (y, x) with the current
 * attributes; a wide character cut by either edge is replaced by spaces.
 * Returns the columns drawn.
 */
int text_draw(const struct tui_text *tx, int y, int x, size_t skip,
    int ncols);

/*
 * Draw tx as a label in ncols columns at (y, x): whole when it fits, else
 * cut with ".." (nothing when fewer than 3 columns).  Returns the columns
 * drawn.
 */
int text_draw_label(const struct tui_text *tx, int y, int x, int ncols);

/*
 * Shorten name[0..len) to fit ncols columns, keeping its end (the method;
 * layout/shortname.h), every template collapsed when text_templates() is
 * on; ncols TEXT_ALL applies only that.  The result (name itself or a
 * buffer valid until the next call) still goes through text_set().
 */
const char *text_shorten(const char *name, size_t len, size_t ncols,
    size_t *outlen);

/* The C key: collapse every template argument list in names, or not. */
void text_set_templates(int on);
int text_templates(void);

/* Release what text_shorten() keeps between calls. */
void text_done(void);

#endif
