/*
 * The one-line editor of the search prompt.  See tui/prompt.h.
 */
#include "config.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "tui/colors.h"
#include "tui/prompt.h"
#include "tui/text.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define KEY_CTRL(c) ((c) & 0x1f)
#define KEY_ESCAPE 27

/* Make p a closed prompt with no history. */
void
prompt_init(struct prompt *p)
{
	memset(p, 0, sizeof *p);
	text_init(&p->text);
}

/* Release what p holds. */
void
prompt_free(struct prompt *p)
{
	size_t i;

	for (i = 0; i < p->nhist; i++)
		free(p->hist[i].s);
	free(p->hist);
	text_free(&p->text);
	p->hist = NULL;
	p->nhist = p->caphist = 0;
}

/* Open on an empty line, the history at its end. */
void
prompt_open(struct prompt *p)
{
	p->active = 1;
	p->len = p->cur = 0;
	p->buf[0] = '\0';
	p->hpos = p->nhist;
	p->draftlen = 0;
	p->off = 0;
}

void
prompt_open_with(struct prompt *p, const char *s)
{
	size_t n = strlen(s);

	prompt_open(p);
	if (n > PROMPT_MAX)
		n = PROMPT_MAX;
	memcpy(p->buf, s, n);
	p->buf[n] = '\0';
	p->len = p->cur = n;
}

/* Keep s[0..len) in the history. */
void
prompt_history_add(struct prompt *p, const char *s, size_t len)
{
	struct prompt_entry *last;

	if (len == 0 || len > PROMPT_MAX)
		return;
	if (p->nhist > 0) {
		last = &p->hist[p->nhist - 1];
		if (last->len == len && memcmp(last->s, s, len) == 0)
			return;
	}
	xgrow((void **)&p->hist, &p->caphist, p->nhist + 1, sizeof *p->hist);
	p->hist[p->nhist].s = xmemdup(s, len);
	p->hist[p->nhist].len = len;
	p->nhist++;
}

/* True when byte c continues a UTF-8 sequence. */
static int
is_cont(unsigned char c)
{
	return (c & 0xc0) == 0x80;
}

/* Offset of the character before the one at i. */
static size_t
char_before(const struct prompt *p, size_t i)
{
	size_t stop = i > 4 ? i - 4 : 0;

	if (i == 0)
		return 0;
	i--;
	while (i > stop && is_cont((unsigned char)p->buf[i]))
		i--;
	return i;
}

/* Offset of the character after the one at i. */
static size_t
char_after(const struct prompt *p, size_t i)
{
	size_t stop = TF_MIN(i + 4, p->len);

	if (i >= p->len)
		return p->len;
	i++;
	while (i < stop && is_cont((unsigned char)p->buf[i]))
		i++;
	return i;
}

/* Delete bytes [a, b) of the line. */
static void
cut(struct prompt *p, size_t a, size_t b)
{
	memmove(p->buf + a, p->buf + b, p->len - b + 1);
	p->len -= b - a;
	if (p->cur > b)
		p->cur -= b - a;
	else if (p->cur > a)
		p->cur = a;
}

/* Insert byte c at the cursor (dropped when the line is full). */
static int
insert(struct prompt *p, unsigned char c)
{
	if (p->len >= PROMPT_MAX)
		return 0;
	memmove(p->buf + p->cur + 1, p->buf + p->cur, p->len - p->cur + 1);
	p->buf[p->cur++] = (char)c;
	p->len++;
	return 1;
}

/* Replace the line with s[0..len), the cursor at its end. */
static void
set_line(struct prompt *p, const char *s, size_t len)
{
	len = TF_MIN(len, (size_t)PROMPT_MAX);
	memcpy(p->buf, s, len);
	p->buf[len] = '\0';
	p->len = p->cur = len;
}

/* Show history entry pos (nhist: the draft). */
static int
recall(struct prompt *p, size_t pos)
{
	if (pos == p->hpos || pos > p->nhist)
		return 0;
	if (p->hpos == p->nhist) {
		memcpy(p->draft, p->buf, p->len + 1);
		p->draftlen = p->len;
	}
	p->hpos = pos;
	if (pos == p->nhist)
		set_line(p, p->draft, p->draftlen);
	else
		set_line(p, p->hist[pos].s, p->hist[pos].len);
	return 1;
}

/* Start of the word before the cursor (spaces, then non-spaces). */
static size_t
word_before(const struct prompt *p)
{
	size_t i = p->cur;

	while (i > 0 && p->buf[i - 1] == ' ')
		i--;
	while (i > 0 && p->buf[i - 1] != ' ')
		i--;
	return i;
}

/* Handle one key of the open prompt. */
enum prompt_event
prompt_key(struct prompt *p, int key)
{
	size_t old = p->cur, oldlen = p->len;

	switch (key) {
	case '\r':
	case '\n':
	case KEY_ENTER:
		p->active = 0;
		return PROMPT_ENTER;
	case KEY_ESCAPE:
	case KEY_CTRL('C'):
	case KEY_CTRL('G'):
		p->active = 0;
		return PROMPT_CANCEL;
	case '\t':
		return PROMPT_TAB;
	case KEY_LEFT:
	case KEY_CTRL('B'):
		p->cur = char_before(p, p->cur);
		break;
	case KEY_RIGHT:
	case KEY_CTRL('F'):
		p->cur = char_after(p, p->cur);
		break;
	case KEY_HOME:
	case KEY_CTRL('A'):
		p->cur = 0;
		break;
	case KEY_END:
	case KEY_CTRL('E'):
		p->cur = p->len;
		break;
	case KEY_BACKSPACE:
	case 127:
	case KEY_CTRL('H'):
		if (p->cur > 0)
			cut(p, char_before(p, p->cur), p->cur);
		break;
	case KEY_DC:
	case KEY_CTRL('D'):
		if (p->cur < p->len)
			cut(p, p->cur, char_after(p, p->cur));
		break;
	case KEY_CTRL('U'):
		cut(p, 0, p->cur);
		break;
	case KEY_CTRL('K'):
		cut(p, p->cur, p->len);
		break;
	case KEY_CTRL('W'):
		cut(p, word_before(p), p->cur);
		break;
	case KEY_UP:
	case KEY_CTRL('P'):
		return p->hpos > 0 && recall(p, p->hpos - 1) ?
		    PROMPT_CHANGED : PROMPT_NONE;
	case KEY_DOWN:
	case KEY_CTRL('N'):
		return recall(p, p->hpos + 1) ? PROMPT_CHANGED : PROMPT_NONE;
	default:
		/* Bytes of text; other control keys and function keys: none. */
		if (key < 0x20 || key == 0x7f || key > 0xff)
			return PROMPT_NONE;
		if (!insert(p, (unsigned char)key))
			return PROMPT_NONE;
		break;
	}
	return p->cur != old || p->len != oldlen ? PROMPT_CHANGED : PROMPT_NONE;
}

/* Append a pattern, its backslashes as typed. */
void
prompt_text_append(struct tui_text *tx, const char *s, size_t len,
    size_t maxcols)
{
	const char *bs;
	size_t n;

	while (len > 0 && !tx->more &&
	    (maxcols == TEXT_ALL || tx->cols <= maxcols)) {
		bs = memchr(s, '\\', len);
		n = bs != NULL ? (size_t)(bs - s) : len;
		if (n > 0)
			text_append(tx, s, n, maxcols);
		if (bs == NULL || tx->more)
			break;
		text_append_ascii(tx, "\\");
		s = bs + 1;
		len -= n + 1;
	}
}

/* Draw the prompt line, scrolled to keep the cursor on the screen. */
void
prompt_draw(struct prompt *p, int y, int cols, const char *label)
{
	size_t lw = strlen(label), ccol, avail;
	int x;

	if (cols < 2)
		return;
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	move(y, 0);
	for (x = 0; x < cols; x++)
		addch(' ');
	if ((size_t)cols < lw + 8)
		lw = 0; /* too narrow for the label: the line alone */
	else {
		colors_use(COLORS_STATUS_NAME, PALETTE_USER, 0);
		mvaddstr(y, 0, label);
	}
	avail = (size_t)cols - lw - 1; /* the last column holds the cursor */
	text_clear(&p->text);
	prompt_text_append(&p->text, p->buf, p->cur, TEXT_ALL);
	ccol = p->text.cols;
	if (ccol < p->off)
		p->off = ccol > avail / 2 ? ccol - avail / 2 : 0;
	else if (ccol > p->off + avail)
		p->off = ccol - avail;
	text_clear(&p->text);
	prompt_text_append(&p->text, p->buf, p->len, TEXT_ALL);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	text_draw(&p->text, y, (int)lw, p->off, (int)avail + 1);
	move(y, (int)(lw + ccol - p->off));
}
