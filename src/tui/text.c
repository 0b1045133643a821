/*
 * Frame names as the terminal shows them.  See tui/text.h.
 */
#include "config.h"

#include <curses.h>
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "layout/shortname.h"
#include "tui/text.h"
#include "util/escape.h"
#include "util/macros.h"
#include "util/xalloc.h"

static int text_utf8;
static int text_templates_on;       /* C: collapse every template */
static struct shortname text_short; /* scratch of text_shorten() */

/* Note whether the locale can show UTF-8. */
void
text_setup(void)
{
	const char *cs = nl_langinfo(CODESET);

	text_utf8 = cs != NULL && (strcmp(cs, "UTF-8") == 0 ||
	    strcmp(cs, "utf8") == 0);
#ifndef __STDC_ISO_10646__
	/* wchar_t values are not code points here: show ASCII only. */
	text_utf8 = 0;
#endif
}

/* tflame's own ellipsis: "…" in UTF-8, else "..". */
const char *
text_ellipsis(void)
{
	return text_utf8 ? "\xe2\x80\xa6" : "..";
}

/* The breadcrumb's separator: " \u203a " in UTF-8, else " > ". */
const char *
text_separator(void)
{
	return text_utf8 ? " \xe2\x80\xba " : " > ";
}

/* Our own text s as this locale shows it (tui/text.h). */
char *
text_own_dup(const char *s)
{
	size_t n = strlen(s), i, o = 0, k;
	char *d = xmalloc(2 * n + 1); /* ".." for a 3-byte "\u2026" at most */

	if (text_utf8) {
		memcpy(d, s, n + 1);
		return d;
	}
	for (i = 0; i < n; i += k) {
		k = 1;
		if ((unsigned char)s[i] < 0x80) {
			d[o++] = s[i];
			continue;
		}
		while (i + k < n && ((unsigned char)s[i + k] & 0xc0) == 0x80)
			k++;
		if (k == 3 && memcmp(s + i, "\xe2\x80\xa6", 3) == 0) {
			d[o++] = '.';
			d[o++] = '.';
		} else if (k == 3 && memcmp(s + i, "\xe2\x80\xba", 3) == 0)
			d[o++] = '>';
		else
			d[o++] = '?';
	}
	d[o] = '\0';
	return d;
}

/* Make tx empty, with no buffers yet. */
void
text_init(struct tui_text *tx)
{
	memset(tx, 0, sizeof *tx);
}

/* Release the buffers of tx. */
void
text_free(struct tui_text *tx)
{
	free(tx->wc);
	free(tx->width);
	free(tx->esc);
	memset(tx, 0, sizeof *tx);
}

/* Append character c, w columns wide. */
static void
push(struct tui_text *tx, wchar_t c, int w)
{
	if (tx->n == tx->cap) {
		size_t cap = tx->cap;

		xgrow((void **)&tx->wc, &cap, tx->n + 1, sizeof *tx->wc);
		tx->width = xreallocarray(tx->width, cap, sizeof *tx->width);
		tx->cap = cap;
	}
	tx->wc[tx->n] = c;
	tx->width[tx->n++] = (unsigned char)w;
	tx->cols += (size_t)w;
}

/* Append code point cp as a visible \u{HEX} escape (escape_codepoint()). */
static void
push_escape(struct tui_text *tx, uint32_t cp)
{
	char buf[16];
	int i;

	escape_codepoint(buf, sizeof buf, cp); /* \u{1f525}, as messages */
	for (i = 0; buf[i] != '\0'; i++)
		push(tx, (wchar_t)buf[i], 1);
}

/* Empty tx, keeping its buffers. */
void
text_clear(struct tui_text *tx)
{
	tx->n = 0;
	tx->cols = 0;
	tx->more = 0;
}

/* Escape, decode and measure a name onto the end of tx. */
void
text_append(struct tui_text *tx, const char *name, size_t len,
    size_t maxcols)
{
	const unsigned char *s;
	size_t srclen = len, need, i;
	uint32_t cp;
	int n, w;

	/*
	 * Every source byte gives at least a quarter of a column, so this
	 * prefix holds more than maxcols columns whenever the name does.
	 */
	if (maxcols != TEXT_ALL && maxcols < (TEXT_MAX_BYTES - 16) / 4)
		srclen = TF_MIN(len, maxcols * 4 + 16);
	if (srclen > TEXT_MAX_BYTES)
		srclen = TEXT_MAX_BYTES;
	need = escape_text(tx->esc, tx->esccap, name, srclen);
	if (need + 1 > tx->esccap) {
		tx->esccap = need + 1;
		tx->esc = xreallocarray(tx->esc, tx->esccap, 1);
		escape_text(tx->esc, tx->esccap, name, srclen);
	}
	s = (const unsigned char *)tx->esc;
	for (i = 0; i < need; i += (size_t)n) {
		if (maxcols != TEXT_ALL && tx->cols > maxcols) {
			tx->more = 1;
			return;
		}
		n = utf8_decode(s + i, need - i, &cp);
		if (n == 0) {
			/* Cannot happen after escape_text(); be safe anyway. */
			push(tx, L'?', 1);
			n = 1;
		} else if (cp < 0x80)
			push(tx, (wchar_t)cp, 1);
		else {
			w = text_utf8 ? wcwidth((wchar_t)cp) : -1;
			if (w < 1 || w > 2)
				push_escape(tx, cp);
			else
				push(tx, (wchar_t)cp, w);
		}
	}
	if (srclen < len)
		tx->more = 1;
}

/* Replace the contents of tx with a name. */
void
text_set(struct tui_text *tx, const char *name, size_t len, size_t maxcols)
{
	text_clear(tx);
	text_append(tx, name, len, maxcols);
}

/* Replace the contents of tx with our own ASCII text. */
void
text_set_ascii(struct tui_text *tx, const char *s)
{
	text_set(tx, s, strlen(s), TEXT_ALL);
}

/* Append character c, already converted, w columns wide. */
void
text_append_wc(struct tui_text *tx, wchar_t c, int w)
{
	push(tx, c, w);
}

/* Append our own ASCII text (anything else becomes "?"). */
void
text_append_ascii(struct tui_text *tx, const char *s)
{
	for (; *s != '\0'; s++)
		push(tx, *s >= 0x20 && *s < 0x7f ? (wchar_t)*s : L'?', 1);
}

/* Draw a window of columns of tx at the cursor position given. */
int
text_draw(const struct tui_text *tx, int y, int x, size_t skip, int ncols)
{
	size_t i, w, start, col = 0;
	int done = 0;

	if (ncols <= 0)
		return 0;
	move(y, x);
	for (i = 0; i < tx->n && done < ncols; i++) {
		w = tx->width[i];
		start = col;
		col += w;
		if (col <= skip)
			continue;
		if (start < skip) {
			/* A wide character cut by the left edge. */
			for (start = skip; start < col && done < ncols;
			    start++, done++)
				addch(' ');
			continue;
		}
		if (done + (int)w > ncols) {
			/* A wide character cut by the right edge. */
			for (; done < ncols; done++)
				addch(' ');
			break;
		}
		addnwstr(&tx->wc[i], 1);
		done += (int)w;
	}
	return done;
}

/* Draw tx whole or cut with "..", in at most ncols columns. */
int
text_draw_label(const struct tui_text *tx, int y, int x, int ncols)
{
	size_t i, cols = 0;

	if (ncols <= 0)
		return 0;
	if (!tx->more && tx->cols <= (size_t)ncols)
		return text_draw(tx, y, x, 0, ncols);
	if (ncols < 3)
		return 0;
	/* As many whole characters as leave two columns for "..". */
	for (i = 0; i < tx->n && cols + tx->width[i] <= (size_t)ncols - 2; i++)
		cols += tx->width[i];
	text_draw(tx, y, x, 0, (int)cols);
	mvaddnstr(y, x + (int)cols, "..", 2);
	return (int)cols + 2;
}

/* Collapse every template argument list in the names shown, or not (C). */
void
text_set_templates(int on)
{
	text_templates_on = on;
}

/* Return whether template argument lists are collapsed (C). */
int
text_templates(void)
{
	return text_templates_on;
}

/* Shorten a name to ncols columns for a box (layout/shortname.h). */
const char *
text_shorten(const char *name, size_t len, size_t ncols, size_t *outlen)
{
	unsigned flags = text_templates_on ? SHORTNAME_TEMPLATES : 0;

	/* Our own ellipsis in ASCII where the terminal shows ASCII only. */
	if (!text_utf8)
		flags |= SHORTNAME_ASCII;

	if (ncols < 3 && !(flags & SHORTNAME_TEMPLATES)) {
		/* text_draw_label() leaves such a box empty. */
		*outlen = len;
		return name;
	}
	return shortname(&text_short, name, len, ncols, flags, outlen);
}

/* Release text_shorten()'s scratch space. */
void
text_done(void)
{
	shortname_free(&text_short);
}
