/*
 * A screen's cursor over a list of rows.  See tui/list.h.
 */
#include "config.h"

#include "tui/list.h"
#include "tui/screen.h"
#include "util/macros.h"

void
list_clamp(struct tui_list *l)
{
	long rows = TF_MAX(l->rows, 1);

	if (l->cur >= l->n)
		l->cur = l->n - 1;
	if (l->cur < 0)
		l->cur = 0;
	if (l->top > l->cur)
		l->top = l->cur;
	if (l->cur >= l->top + rows)
		l->top = l->cur - rows + 1;
	if (l->top > l->n - rows)
		l->top = TF_MAX(l->n - rows, 0);
	if (l->top < 0)
		l->top = 0;
}

void
list_set_n(struct tui_list *l, long n)
{
	l->n = n;
	list_clamp(l);
}

void
list_set_rows(struct tui_list *l, int rows)
{
	l->rows = rows;
	list_clamp(l);
}

/* Move the cursor by dcur and the window by dtop, then clamp. */
static int
move(struct tui_screen *s, long dcur, long dtop)
{
	struct tui_list *l = s->list;

	l->cur += dcur;
	l->top += dtop;
	list_clamp(l);
	return TUI_REDRAW;
}

int
list_down(struct tui_screen *s)
{
	return move(s, 1, 0);
}

int
list_up(struct tui_screen *s)
{
	return move(s, -1, 0);
}

int
list_page_down(struct tui_screen *s)
{
	long rows = TF_MAX(s->list->rows, 1);

	return move(s, rows, rows);
}

int
list_page_up(struct tui_screen *s)
{
	long rows = TF_MAX(s->list->rows, 1);

	return move(s, -rows, -rows);
}

int
list_first(struct tui_screen *s)
{
	return move(s, -s->list->cur, 0);
}

int
list_last(struct tui_screen *s)
{
	return move(s, s->list->n - 1 - s->list->cur, 0);
}
