/*
 * The screen stack and key tables (tui/screen.h).  A stack is a singly
 * linked list through each screen's "below"; it owns nothing but the
 * links: a screen's free op releases what the screen holds.
 */
#include "config.h"

#include <stddef.h>

#include "tui/screen.h"

#define KEY_CTRL_C 3

/* Put s on top of st; it is sized before it is drawn. */
void
screen_push(struct tui_stack *st, struct tui_screen *s)
{
	s->stack = st;
	s->below = st->top;
	s->cols = s->lines = -1;
	st->top = s;
}

/* Take the top screen off st and free it. */
void
screen_pop(struct tui_stack *st)
{
	struct tui_screen *s = st->top;

	if (s == NULL)
		return;
	st->top = s->below;
	s->below = NULL;
	s->stack = NULL;
	if (s->ops->free != NULL)
		s->ops->free(s);
}

/* Pop and free every screen, the top one first. */
void
screen_pop_all(struct tui_stack *st)
{
	while (st->top != NULL)
		screen_pop(st);
}

/* Lay s out for cols x lines and remember the size. */
void
screen_resize(struct tui_screen *s, int cols, int lines)
{
	s->cols = cols;
	s->lines = lines;
	if (s->ops->resize != NULL)
		s->ops->resize(s, cols, lines);
}

/* Find the row of b[0..n) that binds key (the first one that does). */
const struct tui_binding *
screen_binding(const struct tui_binding *b, size_t n, int key)
{
	size_t i, k;

	for (i = 0; i < n; i++)
		for (k = 0; k < sizeof b[i].codes / sizeof b[i].codes[0] &&
		    b[i].codes[k] != 0; k++)
			if (b[i].codes[k] == key)
				return &b[i];
	return NULL;
}

int
screen_key(struct tui_screen *s, int key)
{
	const struct tui_binding *b;

	b = screen_binding(s->ops->keys, s->ops->nkeys, key);
	return b != NULL ? b->fn(s) : 0;
}

int
screen_help(struct tui_screen *s)
{
	help_open(s->stack, s->ops->keys, s->ops->nkeys, s->ops->legend,
	    s->ops->nlegend);
	return TUI_REDRAW;
}

int
screen_quit(struct tui_screen *s)
{
	(void)s;
	return TUI_QUIT;
}

int
screen_repaint(struct tui_screen *s)
{
	(void)s;
	return TUI_CLEAR | TUI_REDRAW;
}

int
screen_quits(const struct tui_screen *s, int key)
{
	(void)s;
	return key == 'q' || key == KEY_CTRL_C;
}
