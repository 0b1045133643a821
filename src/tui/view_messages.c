/*
 * The messages panel (`!` from the graph): what the loaders said about the
 * input, while the graph is still there to go back to.
 *
 * Rows, built once when the panel opens, from the diagnostics of each
 * input (util/diag.h; two with --diff):
 *
 *	Messages (3)
 *
 *	Events in perf.txt (samples of each; --event-filter= shows another):
 *	  instructions  333 samples  shown    --event-filter=instructions
 *	  cycles        111 samples  skipped  --event-filter=cycles
 *
 *	perf.txt:12: malformed line (no count): "..."
 *	perf.txt: perf script: Warning: ...       (a child's standard error)
 *
 *	perf.txt: read as perf (detected from its first bytes)
 *
 * and the keys on the last line.  A row wider than the screen is wrapped
 * at a blank (or cut where there is none), its continuation indented by
 * two columns.  The messages are the ones diag_print() prints after the
 * viewer, already escaped (diag keeps them so); event names are raw bytes
 * and are escaped here.  Opening the panel once clears the count in the
 * graph's status line (tui_view.msgs_seen).
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/colors.h"
#include "tui/screen.h"
#include "tui/text.h"
#include "tui/view.h"
#include "util/diag.h"
#include "util/escape.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define KEY_CTRL(c) ((c) & 0x1f)
#define KEY_ESCAPE 27
#define EVENT_COLS 32  /* a longer event name is cut in its column */
#define INDENT 2       /* continuation lines of a wrapped row */

/* A screen line: a piece [off, off + cols) of row row. */
struct mline {
	size_t row, off;
	int indent;
};

struct msgs {
	struct tui_screen screen;  /* first */
	char **rows;               /* owned: escaped text, one per row */
	size_t nrows, caprows;
	uint64_t count;            /* messages (for the title) */
	struct mline *lines;       /* the rows wrapped for cols */
	size_t nlines, caplines;
	long top;                  /* first line shown */
	int body;                  /* lines for rows on the screen */
	struct tui_text tx;
};

static int act_down(struct tui_screen *);
static int act_up(struct tui_screen *);
static int act_pgdn(struct tui_screen *);
static int act_pgup(struct tui_screen *);
static int act_top(struct tui_screen *);
static int act_bottom(struct tui_screen *);
static int act_close(struct tui_screen *);

static const struct tui_binding bindings[] = {
	{"Down  j", "scroll down a line", act_down, {KEY_DOWN, 'j', 0}},
	{"Up    k", "scroll up a line", act_up, {KEY_UP, 'k', 0}},
	{"PgDn PgUp", "scroll down / up a page (also Space)", act_pgdn,
	    {KEY_NPAGE, ' ', KEY_CTRL('F'), 0}},
	{"", "", act_pgup, {KEY_PPAGE, KEY_CTRL('B'), 0}},
	{"g G", "to the first / last message (also Home, End)", act_top,
	    {'g', KEY_HOME, 0}},
	{"", "", act_bottom, {'G', KEY_END, 0}},
	{"?", "show this help", screen_help, {'?', KEY_F(1), 0}},
	{"q Esc !", "back to the graph", act_close,
	    {'q', KEY_ESCAPE, '!', KEY_CTRL('C'), 0}},
};

static const char *const legend[] = {
	"The messages panel lists what the loader noted about the input:",
	"malformed lines with their line numbers, notes, what perf said on",
	"its standard error, and each event of a perf input with its samples",
	"and the --event-filter= option that shows it.  tflame prints the",
	"same messages after the viewer ends.",
};

static const char hint[] = "q Esc ! back  Up Down PgUp PgDn g G scroll";

static struct msgs *
msgs_of(struct tui_screen *s)
{
	return (struct msgs *)(void *)s;
}

/* Append row s (owned from now on). */
static void
add_row(struct msgs *m, char *s)
{
	xgrow((void **)&m->rows, &m->caprows, m->nrows + 1, sizeof *m->rows);
	m->rows[m->nrows++] = s;
}

/* n with thousands separators. */
static void
fmt_u64(char *out, size_t cap, uint64_t n)
{
	char raw[32];
	size_t len, i, o = 0;

	len = (size_t)snprintf(raw, sizeof raw, "%llu", (unsigned long long)n);
	for (i = 0; i < len && o + 2 < cap; i++) {
		out[o++] = raw[i];
		if (i + 1 < len && (len - i - 1) % 3 == 0)
			out[o++] = ',';
	}
	out[o] = '\0';
}

/* The rows of the events of input d, when it had more than one. */
static void
event_rows(struct msgs *m, const struct diag *d)
{
	char src[512];
	char sv[DIAG_EVENTS][EVENT_COLS * 6 + 8], sn[DIAG_EVENTS][32];
	const struct diag_event *e;
	size_t i, w = 0, nw = 0, k;
	const char *s = d->source != NULL ? d->source : "-";

	if (d->nevents == 0)
		return;
	escape_text(src, sizeof src, s, strlen(s));
	add_row(m, xasprintf("Events in %s (samples of each; --event-filter= "
	    "shows another):", src));
	for (i = 0; i < d->nevents; i++) {
		e = &d->events[i];
		k = escape_text(sv[i], sizeof sv[i], e->name, strlen(e->name));
		if (k >= sizeof sv[i])
			k = sizeof sv[i] - 1;
		w = TF_MAX(w, TF_MIN(k, (size_t)EVENT_COLS));
		fmt_u64(sn[i], sizeof sn[i], e->samples);
		nw = TF_MAX(nw, strlen(sn[i]));
	}
	for (i = 0; i < d->nevents; i++) {
		e = &d->events[i];
		add_row(m, xasprintf("  %-*.*s  %*s samples  %-7s  "
		    "--event-filter=%s", (int)w, EVENT_COLS, sv[i], (int)nw, sn[i],
		    e->shown ? "shown" : "skipped", sv[i]));
	}
	add_row(m, xstrdup(""));
}

/* The format input d was read as, after a blank row. */
static void
format_row(struct msgs *m, const struct diag *d)
{
	char src[512];
	const char *s = d->source != NULL ? d->source : "-";

	if (d->format == NULL)
		return;
	escape_text(src, sizeof src, s, strlen(s));
	add_row(m, xstrdup(""));
	add_row(m, xasprintf("%s: read as %s%s", src, d->format,
	    d->format_detected ? " (detected from its first bytes; "
	    "--format=help lists the others)" : ""));
}

/* Build the rows from the diagnostics chain d. */
static void
build_rows(struct msgs *m, const struct diag *d)
{
	const struct diag *p;
	char **v;
	size_t i, n;

	m->count = diag_count(d);
	for (p = d; p != NULL; p = p->next)
		event_rows(m, p);
	for (p = d; p != NULL; p = p->next) {
		v = diag_lines(p, &n);
		for (i = 0; i < n; i++)
			add_row(m, v[i]);
		free(v);
	}
	if (m->count == 0 && m->nrows == 0)
		add_row(m, xstrdup("No messages: the input loaded without a "
		    "warning."));
	for (p = d; p != NULL; p = p->next)
		format_row(m, p);
}

/*
 * Set tx to row s, already escaped: its backslashes are escapes' own and
 * must not be escaped again; the rest passes escape_text() unchanged.
 */
static void
set_escaped(struct tui_text *tx, const char *s)
{
	const char *b;

	text_clear(tx);
	while (*s != '\0') {
		b = strchr(s, '\\');
		if (b == NULL)
			b = s + strlen(s);
		if (b > s)
			text_append(tx, s, (size_t)(b - s), TEXT_ALL);
		if (*b == '\\') {
			text_append_ascii(tx, "\\");
			b++;
		}
		s = b;
	}
}

/* Append a screen line. */
static void
add_line(struct msgs *m, size_t row, size_t off, int indent)
{
	xgrow((void **)&m->lines, &m->caplines, m->nlines + 1,
	    sizeof *m->lines);
	m->lines[m->nlines].row = row;
	m->lines[m->nlines].off = off;
	m->lines[m->nlines].indent = indent;
	m->nlines++;
}

/* Wrap every row for cols columns. */
static void
wrap(struct msgs *m, int cols)
{
	struct tui_text *tx = &m->tx;
	size_t r, i, c, start, width, brk, bc, startc;
	int indent;

	m->nlines = 0;
	for (r = 0; r < m->nrows; r++) {
		set_escaped(tx, m->rows[r]);
		i = 0;
		c = 0;
		indent = 0;
		do {
			/* A line from character i (column c) on. */
			width = (size_t)TF_MAX(cols - indent, 1);
			start = i;
			startc = c;
			brk = 0;
			bc = 0;
			while (i < tx->n && c + tx->width[i] - startc <= width) {
				if (tx->wc[i] == L' ' && i > start) {
					brk = i;
					bc = c;
				}
				c += tx->width[i++];
			}
			if (i < tx->n && brk > start) {
				i = brk + 1; /* the blank ends this line */
				c = bc + 1;
			} else if (i == start && i < tx->n)
				c += tx->width[i++]; /* wider than the screen */
			add_line(m, r, startc, indent);
			indent = cols > 3 * INDENT ? INDENT : 0;
		} while (i < tx->n);
	}
}

/* Keep the first line shown within the lines. */
static void
clamp(struct msgs *m)
{
	long max = (long)m->nlines - TF_MAX(m->body, 1);

	if (m->top > max)
		m->top = max;
	if (m->top < 0)
		m->top = 0;
}

/* Lay the panel out for cols x lines. */
static void
msgs_resize(struct tui_screen *s, int cols, int lines)
{
	struct msgs *m = msgs_of(s);

	m->body = TF_MAX(lines - 3, 1);
	wrap(m, cols);
	clamp(m);
}

/* Paint the panel. */
static void
msgs_draw(struct tui_screen *s)
{
	struct msgs *m = msgs_of(s);
	const struct mline *l;
	size_t width, end;
	char head[64];
	long i;
	int y, x, cols = s->cols;

	colors_use(COLORS_TITLE, PALETTE_USER, 0);
	snprintf(head, sizeof head, "Messages (%llu)",
	    (unsigned long long)m->count);
	mvaddnstr(0, 0, head, cols);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	for (i = m->top, y = 2; i < (long)m->nlines && y < 2 + m->body;
	    i++, y++) {
		l = &m->lines[i];
		set_escaped(&m->tx, m->rows[l->row]);
		/* The line ends where the next line of its row starts. */
		end = i + 1 < (long)m->nlines && m->lines[i + 1].row == l->row ?
		    m->lines[i + 1].off : m->tx.cols;
		width = end - l->off;
		x = l->indent;
		if (x < cols)
			text_draw(&m->tx, y, x, l->off,
			    (int)TF_MIN(width, (size_t)(cols - x)));
	}
	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	move(s->lines - 1, 0);
	for (x = 0; x < cols; x++)
		addch(' ');
	mvaddnstr(s->lines - 1, 0, hint, cols);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
}

static int
scroll_to(struct tui_screen *s, long top)
{
	struct msgs *m = msgs_of(s);
	long old = m->top;

	m->top = top;
	clamp(m);
	return m->top != old ? TUI_REDRAW : 0;
}

static int
act_down(struct tui_screen *s)
{
	return scroll_to(s, msgs_of(s)->top + 1);
}

static int
act_up(struct tui_screen *s)
{
	return scroll_to(s, msgs_of(s)->top - 1);
}

static int
act_pgdn(struct tui_screen *s)
{
	return scroll_to(s, msgs_of(s)->top + TF_MAX(msgs_of(s)->body - 1, 1));
}

static int
act_pgup(struct tui_screen *s)
{
	return scroll_to(s, msgs_of(s)->top - TF_MAX(msgs_of(s)->body - 1, 1));
}

static int
act_top(struct tui_screen *s)
{
	return scroll_to(s, 0);
}

static int
act_bottom(struct tui_screen *s)
{
	return scroll_to(s, (long)msgs_of(s)->nlines);
}

/* Back to the graph. */
static int
act_close(struct tui_screen *s)
{
	(void)s;
	return TUI_CLOSE | TUI_REDRAW;
}

/* Release the panel. */
static void
msgs_free(struct tui_screen *s)
{
	struct msgs *m = msgs_of(s);
	size_t i;

	for (i = 0; i < m->nrows; i++)
		free(m->rows[i]);
	free(m->rows);
	free(m->lines);
	text_free(&m->tx);
	free(m);
}

static const struct tui_screen_ops msgs_ops = {
	.name = "messages",
	.resize = msgs_resize,
	.draw = msgs_draw,
	.key = screen_key,
	.free = msgs_free,
	.keys = bindings,
	.nkeys = ARRAY_SIZE(bindings),
	.legend = legend,
	.nlegend = ARRAY_SIZE(legend),
};

/* Open the messages panel over the graph (the `!` key). */
int
view_messages_open(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	struct msgs *m = xcalloc(1, sizeof *m);

	m->screen.ops = &msgs_ops;
	text_init(&m->tx);
	build_rows(m, v->diag);
	v->msgs_seen = 1;
	v->msg = NULL;
	screen_push(sc->stack, &m->screen);
	return TUI_REDRAW;
}

/*
 * The status line's message count, "3 messages (!)  ", into buf, until
 * the panel has been opened once (then "").
 */
void
view_messages_count(const struct tui_view *v, char *buf, size_t cap)
{
	buf[0] = '\0';
	if (v->nwarnings > 0 && !v->msgs_seen)
		snprintf(buf, cap, "%llu message%s (!)  ",
		    (unsigned long long)v->nwarnings,
		    v->nwarnings == 1 ? "" : "s");
}
