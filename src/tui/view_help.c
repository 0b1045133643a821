/*
 * The help screen: every key of the key table, what the colours mean, and
 * how to leave (any key).  Drawn from the table itself, so it cannot fall
 * out of step with the bindings.  Lines that do not fit are left out; the
 * last line of the screen always says how to go back.
 */
#include "config.h"

#include <curses.h>
#include <string.h>

#include "tui/colors.h"
#include "tui/text.h"
#include "tui/view.h"
#include "util/macros.h"

static const char *const legend[] = {
	"Colours: warm = user code, blue = kernel (_[k]), green = JIT (_[j]),",
	"aqua = inlined (_[i]); dimmed bars = callers of the zoomed frame;",
	"magenta = frames matching the search; + = frames too narrow to draw.",
	"Counts in the status line: samples, share of all samples, share of",
	"the zoomed frame, self samples.  Matched: the samples whose stack has",
	"a matching frame (counted once), and i/N when one is selected.",
	"In the search prompt: Left Right Home End, Backspace, Ctrl-U, Ctrl-W,",
	"Up Down for earlier searches, Tab to ignore case (or start with",
	"(?i)), Enter to search (an empty line clears), Esc to cancel.",
	"The reverse view (r) puts the sampled functions next to the root and",
	"their callers above them.",
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
void
view_help_draw(const struct tui_view *v)
{
	const struct tui_binding *b;
	size_t nb, i;
	int y = 0, last = v->lines - 1, kw = 0, cols = v->cols;

	b = view_flame_bindings(&nb);
	for (i = 0; i < nb; i++)
		kw = TF_MAX(kw, (int)strlen(b[i].keys));
	colors_use(COLORS_TITLE, PALETTE_USER, 0);
	if (y < last)
		put(y++, 1, "tflame: keys", cols);
	y++;
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
	for (i = 0; i < ARRAY_SIZE(legend) && y < last; i++)
		put(y++, 1, legend[i], cols);
	colors_use(COLORS_TITLE, PALETTE_USER, 0);
	if (last >= 0)
		put(last, 1, "Press any key to go back.", cols);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
}
