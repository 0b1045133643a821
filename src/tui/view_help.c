/*
 * The help screen: every key of the key table of the screen that opened
 * it, that screen's legend (for the graph: what the colours mean), and how
 * to leave (any key).  Drawn from the table itself, so it cannot fall out
 * of step with the bindings.  Lines that do not fit are left out; the last
 * line of the screen always says how to go back.
 */
#include "config.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "tui/colors.h"
#include "tui/screen.h"
#include "util/macros.h"
#include "util/xalloc.h"

struct help {
	struct tui_screen screen; /* first */
	const struct tui_binding *b; /* borrowed: the key table shown */
	size_t nb;
	const char *const *legend; /* borrowed */
	size_t nlegend;
};

/* Write s at (y, x), cut to fit in cols columns. */
static void
put(int y, int x, const char *s, int cols)
{
	int n = (int)strlen(s);

	if (x >= cols)
		return;
	mvaddnstr(y, x, s, TF_MIN(n, cols - x));
}

/* Paint the help screen. */
static void
help_draw(struct tui_screen *s)
{
	const struct help *h = (const struct help *)(void *)s;
	const struct tui_binding *b = h->b;
	const char *const *legend = h->legend;
	size_t nb = h->nb, i;
	int y = 0, last = s->lines - 1, kw = 0, cols = s->cols;

	for (i = 0; i < nb; i++)
		kw = TF_MAX(kw, (int)strlen(b[i].keys));
	colors_use(COLORS_TITLE, PALETTE_USER, 0);
	if (y < last)
		put(y++, 1, "tflame: keys", cols);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	if (y < last) /* in the place of a blank line: no key is left out */
		put(y++, 1, "Percentages are shares of the weight (the event "
		    "count), not of samples.", cols);
	for (i = 0; i < nb && y < last; i++, y++) {
		/* A binding without keys text is described by the row before. */
		if (b[i].keys[0] == '\0') {
			y--;
			continue;
		}
		colors_use(COLORS_KEY, PALETTE_USER, 0);
		put(y, 3, b[i].keys, cols);
		colors_use(COLORS_NORMAL, PALETTE_USER, 0);
		put(y, 3 + kw + 3, b[i].what, cols);
	}
	y++;
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	for (i = 0; i < h->nlegend && y < last; i++)
		put(y++, 1, legend[i], cols);
	colors_use(COLORS_TITLE, PALETTE_USER, 0);
	if (last >= 0)
		put(last, 1, "Press any key to go back.", cols);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
}

/* Any key goes back to the screen below. */
static int
help_key(struct tui_screen *s, int key)
{
	(void)s;
	(void)key;
	return TUI_CLOSE | TUI_REDRAW;
}

/* Release the help screen. */
static void
help_free(struct tui_screen *s)
{
	free(s);
}

static const struct tui_screen_ops help_ops = {
	.name = "help",
	.draw = help_draw,
	.key = help_key,
	.free = help_free,
};

/* Open the help screen over the top of st. */
void
help_open(struct tui_stack *st, const struct tui_binding *b, size_t n,
    const char *const *legend, size_t nlegend)
{
	struct help *h = xcalloc(1, sizeof *h);

	h->screen.ops = &help_ops;
	h->b = b;
	h->nb = n;
	h->legend = legend;
	h->nlegend = nlegend;
	screen_push(st, &h->screen);
}
