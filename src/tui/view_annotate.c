/*
 * The annotate screen (`a` in the graph): the selected frame's function,
 * line by line (model/annotate.h).  A row per source line that has
 * samples, in file order, with a gutter of its share of the function's
 * self weight coloured by heat, its file:line and its text; the hottest
 * line is selected first and n/N walk the lines from hottest to coldest;
 * d shows each line's instructions under it (perf annotate input); /
 * finds a line by regex; q or Esc go back to the graph.
 *
 * Where the lines come from: the srcline table the tree sink kept for the
 * tree as loaded (perf script -F +srcline), over the zoomed frame's
 * subtree when the graph shows that tree, else over the whole profile
 * (a transform, the reverse view or a time range make trees whose nodes
 * the table does not know); or, for a perf.data file, `perf annotate`
 * run when the screen opens (from its first tick, so that the screen
 * says it is waiting), bounded in time.  When perf is missing or fails
 * the screen says so and the graph below is as it was.
 *
 * The annotation, its rows and the cursor are the screen's; the view
 * below is borrowed and does not change while it is open.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/perfannotate.h"
#include "model/annotate.h"
#include "model/strtab.h"
#include "model/units.h"
#include "search/search.h"
#include "tui/colors.h"
#include "tui/list.h"
#include "tui/prompt.h"
#include "tui/screen.h"
#include "tui/text.h"
#include "tui/view.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define KEY_CTRL(c) ((c) & 0x1f)
#define KEY_ESCAPE 27

/* What the viewer was given (view_annotate_setup()). */
static const struct linetab *ann_lines;
static const struct tree *ann_loaded;
static const char *(*ann_perfdata)(void);

struct ann_row {
	size_t line;       /* index in a.lines */
	const char *dis;   /* an instruction (d), or NULL: the line itself */
	size_t dislen;
};

struct annot {
	struct tui_screen screen;  /* first */
	struct tui_view *v;        /* borrowed: the graph below */
	char *name;                /* owned: the function */
	size_t namelen;
	int pending;               /* perf annotate is still to run */
	char *err;                 /* owned: why there is nothing to show */
	const char *scope;         /* what the weights are of */
	struct annotation a;
	size_t *rank;              /* by a.lines index: its row in file order */
	struct ann_row *rows;
	size_t nrows, caprows;
	int disasm;                /* d: instructions shown */
	struct tui_list list;      /* over rows */
	struct prompt prompt;      /* / */
	const char *msg;
	struct tui_text text, line;
};

void
view_annotate_setup(const struct linetab *lt, const struct tree *loaded,
    const char *(*perfdata)(void))
{
	ann_lines = lt;
	ann_loaded = loaded;
	ann_perfdata = perfdata;
}

static struct annot *
annot_of(struct tui_screen *s)
{
	return (struct annot *)(void *)s;
}

/* Order a.lines indexes in file order (then line; "no line" last). */
static const struct annotation *order_a;

static int
cmp_file_order(const void *x, const void *y)
{
	const struct ann_line *a = &order_a->lines[*(const size_t *)x];
	const struct ann_line *b = &order_a->lines[*(const size_t *)y];
	int c;

	if ((a->file == NULL) != (b->file == NULL))
		return a->file == NULL ? 1 : -1;
	if (a->file != NULL && (c = strcmp(a->file, b->file)) != 0)
		return c;
	return a->line < b->line ? -1 : a->line > b->line;
}

/* Add a row. */
static void
row_add(struct annot *an, size_t line, const char *dis, size_t len)
{
	xgrow((void **)&an->rows, &an->caprows, an->nrows + 1,
	    sizeof *an->rows);
	an->rows[an->nrows].line = line;
	an->rows[an->nrows].dis = dis;
	an->rows[an->nrows].dislen = len;
	an->nrows++;
}

/* Make the rows (again: d), keeping the cursor on its line. */
static void
make_rows(struct annot *an)
{
	size_t *ord, i, keep = an->nrows > 0 ?
	    an->rows[an->list.cur].line : 0;
	const char *p, *nl;

	an->nrows = 0;
	ord = xreallocarray(NULL, TF_MAX(an->a.n, 1), sizeof *ord);
	for (i = 0; i < an->a.n; i++)
		ord[i] = i;
	order_a = &an->a;
	qsort(ord, an->a.n, sizeof *ord, cmp_file_order);
	free(an->rank);
	an->rank = xreallocarray(NULL, TF_MAX(an->a.n, 1), sizeof *an->rank);
	for (i = 0; i < an->a.n; i++) {
		an->rank[ord[i]] = an->nrows;
		row_add(an, ord[i], NULL, 0);
		p = an->a.lines[ord[i]].disasm;
		for (; an->disasm && p != NULL && *p != '\0'; p = nl + 1) {
			nl = strchr(p, '\n');
			if (nl == NULL)
				break;
			row_add(an, ord[i], p, (size_t)(nl - p));
		}
	}
	free(ord);
	list_set_n(&an->list, (long)an->nrows);
	if (an->a.n > 0) {
		an->list.cur = (long)an->rank[keep < an->a.n ? keep : 0];
		list_clamp(&an->list);
	}
}

/* The heat of line i: 0 (cold) .. COLORS_SHADES - 1 (the hottest). */
static unsigned
heat(const struct annot *an, size_t i)
{
	double top = an->a.n > 0 ? annotate_share(&an->a, 0) : 0;
	double s = annotate_share(&an->a, i);

	if (top <= 0)
		return 0;
	return (unsigned)(s / top * (COLORS_SHADES - 1) + 0.5);
}

/* Fill line y from column x to the end with blanks. */
static void
blank_to_end(int y, int x, int cols)
{
	for (; x < cols; x++)
		mvaddch(y, x, ' ');
}

/* Draw row r at line y. */
static void
draw_row(struct annot *an, size_t r, int y, int cols)
{
	const struct ann_row *row = &an->rows[r];
	const struct ann_line *l = &an->a.lines[row->line];
	int sel = (long)r == an->list.cur, x;
	char g[64];

	if (row->dis != NULL) {
		colors_use(sel ? COLORS_SELECTED : COLORS_NORMAL, PALETTE_USER, 0);
		mvaddnstr(y, 0, "         |      ", cols);
		text_set(&an->text, row->dis, row->dislen, (size_t)cols);
		x = 16 + text_draw(&an->text, y, 16, 0, TF_MAX(cols - 16, 0));
		if (sel)
			blank_to_end(y, x, cols);
		return;
	}
	snprintf(g, sizeof g, "%7.2f%% ", annotate_share(&an->a, row->line));
	colors_use(COLORS_FRAME, PALETTE_USER, 7 - heat(an, row->line));
	mvaddnstr(y, 0, g, cols);
	colors_use(sel ? COLORS_SELECTED : COLORS_NORMAL, PALETTE_USER, 0);
	if (l->file != NULL) {
		snprintf(g, sizeof g, "|%6lu  ", l->line);
		text_set(&an->text, g, strlen(g), (size_t)cols);
	} else
		text_set_ascii(&an->text, "|(no line)  ");
	if (l->text != NULL)
		text_append(&an->text, l->text, strlen(l->text), (size_t)cols);
	else if (l->file != NULL)
		text_append(&an->text, l->file, strlen(l->file), (size_t)cols);
	x = 9 + text_draw(&an->text, y, 9, 0, TF_MAX(cols - 9, 0));
	if (sel)
		blank_to_end(y, x, cols);
}

/* The title: the function, what the shares are of, the file. */
static void
draw_title(struct annot *an, int cols)
{
	char buf[COUNT_BUFSZ + 256], w[COUNT_BUFSZ + 64];
	const struct ann_line *l;
	struct tf_units u;

	colors_use(COLORS_TITLE, PALETTE_USER, 0);
	text_set_ascii(&an->line, "annotate ");
	text_append(&an->line, an->name, an->namelen, (size_t)cols);
	if (an->pending || an->err != NULL)
		buf[0] = '\0';
	else if (an->a.percent)
		snprintf(buf, sizeof buf, "  (perf annotate: %lu samples)",
		    an->a.samples);
	else {
		units_of_tree(&u, an->v->fwd, an->v->prof,
		    an->v->svg.opts.event, an->v->svg.opts.countname);
		units_weight(w, sizeof w, &u, (struct tf_count){
		    (uint64_t)an->a.self, an->a.self - (double)(uint64_t)an->a.self});
		snprintf(buf, sizeof buf, "  self %s, %s", w, an->scope);
	}
	text_append_ascii(&an->line, buf);
	if (an->nrows > 0) {
		l = &an->a.lines[an->rows[an->list.cur].line];
		if (l->file != NULL) {
			text_append_ascii(&an->line, "  ");
			text_append(&an->line, l->file, strlen(l->file),
			    (size_t)cols);
		}
	}
	blank_to_end(0, text_draw(&an->line, 0, 0, 0, cols), cols);
}

static void
annot_draw(struct tui_screen *s)
{
	struct annot *an = annot_of(s);
	int cols = s->cols, y;
	long i;
	char buf[256];

	draw_title(an, cols);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	if (an->pending) {
		snprintf(buf, sizeof buf, "Running perf annotate...");
		mvaddnstr(2, 0, buf, cols);
	} else if (an->err != NULL) {
		text_set(&an->text, an->err, strlen(an->err), (size_t)cols * 4);
		text_draw(&an->text, 2, 0, 0, cols);
		mvaddnstr(4, 0, "The graph is as it was: q or Esc goes back.",
		    cols);
	}
	for (i = an->list.top, y = 1; i < (long)an->nrows &&
	    y < 1 + an->list.rows; i++, y++)
		draw_row(an, (size_t)i, y, cols);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	if (an->prompt.active) {
		prompt_draw(&an->prompt, s->lines - 1, cols, "find: ");
		return;
	}
	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	snprintf(buf, sizeof buf, "%s", an->msg != NULL ? an->msg :
	    "[annotate] n N: hot lines  d: instructions  /: find  "
	    "q Esc: back  ?: help");
	an->msg = NULL;
	mvaddnstr(s->lines - 1, 0, buf, cols);
	blank_to_end(s->lines - 1, TF_MIN((int)strlen(buf), cols), cols);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
}

static void
annot_resize(struct tui_screen *s, int cols, int lines)
{
	(void)cols;
	list_set_rows(&annot_of(s)->list, TF_MAX(lines - 2, 1));
}

/* n / N: the next hotter-to-colder line, or back. */
static int
walk(struct tui_screen *s, int dir)
{
	struct annot *an = annot_of(s);
	size_t i, n = an->a.n;

	if (n == 0)
		return 0;
	i = an->rows[an->list.cur].line; /* its rank: a.lines is by heat */
	i = dir > 0 ? (i + 1) % n : (i + n - 1) % n;
	an->list.cur = (long)an->rank[i];
	list_clamp(&an->list);
	return TUI_REDRAW;
}

static int
act_next(struct tui_screen *s)
{
	return walk(s, 1);
}

static int
act_prev(struct tui_screen *s)
{
	return walk(s, -1);
}

/* d: the instructions under each line, or not. */
static int
act_disasm(struct tui_screen *s)
{
	struct annot *an = annot_of(s);

	if (!an->a.percent) {
		an->msg = "Instructions come from perf annotate: open a "
		    "perf.data file.";
		return TUI_REDRAW;
	}
	an->disasm = !an->disasm;
	make_rows(an);
	return TUI_REDRAW;
}

static int
act_find(struct tui_screen *s)
{
	prompt_open(&annot_of(s)->prompt);
	return TUI_REDRAW;
}

/* Go to the first row after the cursor (wrapping) matching pat. */
static void
find(struct annot *an, const char *pat, size_t len)
{
	struct search_error err;
	struct search_re *re = search_compile(pat, len, 0, &err);
	const struct ann_row *row;
	const char *t;
	size_t k, r;

	if (re == NULL) {
		an->msg = "find: not a valid regular expression";
		return;
	}
	an->msg = "find: no line matches";
	for (k = 1; k <= an->nrows; k++) {
		r = ((size_t)an->list.cur + k) % an->nrows;
		row = &an->rows[r];
		t = an->a.lines[row->line].text;
		if (row->dis != NULL ? search_match(re, row->dis,
		    row->dislen) == 1 : t != NULL &&
		    search_match(re, t, strlen(t)) == 1) {
			an->list.cur = (long)r;
			list_clamp(&an->list);
			an->msg = NULL;
			break;
		}
	}
	search_re_free(re);
}

static int
act_back(struct tui_screen *s)
{
	(void)s;
	return TUI_CLOSE | TUI_REDRAW;
}

static const struct tui_binding bindings[] = {
	{"Down  j", "next line", list_down, {KEY_DOWN, 'j', 0}},
	{"Up    k", "previous line", list_up, {KEY_UP, 'k', 0}},
	{"PgUp PgDn", "a page up / down", list_page_up,
	    {KEY_PPAGE, KEY_CTRL('B'), 0}},
	{"", "", list_page_down, {KEY_NPAGE, KEY_CTRL('F'), ' ', 0}},
	{"g G", "first / last line (also Home, End)", list_first,
	    {'g', KEY_HOME, 0}},
	{"", "", list_last, {'G', KEY_END, 0}},
	{"n N", "the next colder / hotter line (the hottest first)",
	    act_next, {'n', 0}},
	{"", "", act_prev, {'N', 0}},
	{"d", "show the instructions under each line, or not (perf.data)",
	    act_disasm, {'d', 0}},
	{"/", "find a line by its text (PCRE2 regex)", act_find, {'/', 0}},
	{"q Esc", "back to the graph", act_back,
	    {'q', KEY_ESCAPE, KEY_BACKSPACE, 127, 0}},
	{"?", "show this help", screen_help, {'?', KEY_F(1), 0}},
	{"Ctrl-L", "redraw the screen", screen_repaint, {KEY_CTRL('L'), 0}},
	{"Ctrl-C", "quit", screen_quit, {KEY_CTRL('C'), 0}},
};

static const char *const legend[] = {
	"The selected function's source lines with samples, in file order:",
	"the share of the function's self weight in the gutter (hotter, more",
	"colour), the line number and its text when the file is readable.",
	"From perf script -F +srcline input (the leaf frames' lines), or from",
	"perf annotate for a perf.data file (d: its instructions).",
};

static int
annot_key(struct tui_screen *s, int key)
{
	struct annot *an = annot_of(s);

	if (an->prompt.active) {
		switch (prompt_key(&an->prompt, key)) {
		case PROMPT_ENTER:
			prompt_history_add(&an->prompt, an->prompt.buf,
			    an->prompt.len);
			if (an->prompt.len > 0 && an->nrows > 0)
				find(an, an->prompt.buf, an->prompt.len);
			return TUI_REDRAW;
		case PROMPT_NONE:
			return 0;
		default:
			return TUI_REDRAW;
		}
	}
	return screen_key(s, key);
}

static int
annot_quits(const struct tui_screen *s, int key)
{
	(void)s;
	return key == KEY_CTRL('C');
}

/* Ready: sort, read the sources, make the rows. */
static void
annot_ready(struct annot *an)
{
	annotate_sort(&an->a);
	annotate_read_source(&an->a);
	if (an->a.n == 0 && an->err == NULL)
		an->err = xstrdup("No samples of this function here.");
	make_rows(an);
}

/* Run perf annotate (the first tick: the screen said it would). */
static int
annot_tick(struct tui_screen *s)
{
	struct annot *an = annot_of(s);
	struct perfannotate pa;

	if (!an->pending)
		return 0;
	an->pending = 0;
	if (perfannotate_run(ann_perfdata(), an->name, an->namelen, &pa) != 0)
		an->err = xasprintf("%s%s", pa.missing ? "perf is not "
		    "installed (or not in PATH): the linux-perf or linux-tools "
		    "package has it. " : "", pa.err != NULL ? pa.err :
		    "perf annotate failed");
	else if (annotate_parse_perf(&an->a, pa.out, pa.len) != 0)
		an->err = xasprintf("perf annotate gave no source lines for "
		    "this function (is its binary built with -g and still "
		    "there?)%s%s", pa.err != NULL ? ": " : "",
		    pa.err != NULL ? pa.err : "");
	perfannotate_free(&pa);
	annot_ready(an);
	return TUI_REDRAW;
}

static int
annot_delay(const struct tui_screen *s)
{
	return ((const struct annot *)(const void *)s)->pending ? 0 : -1;
}

static void
annot_free(struct tui_screen *s)
{
	struct annot *an = annot_of(s);

	annotate_free(&an->a);
	free(an->name);
	free(an->err);
	free(an->rank);
	free(an->rows);
	prompt_free(&an->prompt);
	text_free(&an->text);
	text_free(&an->line);
	free(an);
}

static const struct tui_screen_ops annot_ops = {
	.name = "annotate",
	.resize = annot_resize,
	.draw = annot_draw,
	.key = annot_key,
	.delay = annot_delay,
	.tick = annot_tick,
	.quits = annot_quits,
	.free = annot_free,
	.keys = bindings,
	.nkeys = ARRAY_SIZE(bindings),
	.legend = legend,
	.nlegend = ARRAY_SIZE(legend),
};

/* The lines of the function from the srcline table. */
static void
from_table(struct annot *an, const struct tui_view *v)
{
	uint32_t name, top = TREE_ROOT;

	an->scope = "whole profile";
	if (v->tree == ann_loaded && v->zoom != TREE_ROOT) {
		top = v->zoom;
		an->scope = "under the zoomed frame";
	} else if (v->tree != ann_loaded)
		an->scope = "whole profile as loaded";
	name = strtab_lookup(tree_strtab_c(ann_loaded), an->name,
	    an->namelen);
	if (name == UINT32_MAX) {
		an->err = xstrdup("This function is not in the profile as "
		    "loaded.");
		return;
	}
	annotate_build(&an->a, ann_loaded, an->v->prof, ann_lines, top, name);
	if (linetab_size(ann_lines) == 0)
		an->err = xstrdup("The input has no source lines: give perf "
		    "script -F +srcline output, or the perf.data file itself.");
}

/* `a` in the graph: annotate the selected frame's function. */
int
view_annotate_open(struct tui_screen *s)
{
	struct tui_view *v = view_of(s);
	struct annot *an;
	const char *name;
	size_t len;

	if (v->sel == TREE_ROOT || v->sel == TREE_NONE ||
	    (int)tree_node(v->tree, v->sel)->depth < v->skip_depth ||
	    ann_loaded == NULL) {
		v->msg = "a: select a function to annotate";
		return TUI_REDRAW;
	}
	an = xcalloc(1, sizeof *an);
	an->screen.ops = &annot_ops;
	an->v = v;
	name = tree_name(v->tree, v->sel, &len);
	an->name = xmalloc(len + 1);
	memcpy(an->name, name, len);
	an->name[len] = '\0';
	an->namelen = len;
	an->screen.list = &an->list;
	prompt_init(&an->prompt);
	text_init(&an->text);
	text_init(&an->line);
	if (ann_perfdata != NULL && ann_perfdata() != NULL &&
	    linetab_size(ann_lines) == 0)
		an->pending = 1;
	else {
		from_table(an, v);
		annot_ready(an);
	}
	screen_push(s->stack, &an->screen);
	return TUI_REDRAW;
}
