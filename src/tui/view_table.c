/*
 * The function table screen (`t` from the graph): every function of the
 * profile (model/functions.h) with Self, Self %, Total, Total % and the
 * name, or with --diff Before, After, Change, Change % and Total %, one
 * row each, sorted by self; `o` cycles the sort, `/` filters by regex.
 * The weights are worded as --top words them (model/units.h: "170 ms"),
 * with a Samples column beside Self and beside Total where the input has
 * sample records besides the weight (export/top.h's top_samples); the
 * wide columns are as wide as their widest cell, measured at opening.
 *
 * The table is built from the loaded tree (the reverse view has the same
 * functions), once when the screen opens.  The screen keeps only its
 * cursor: the row selected, the first row shown, the filter.  Enter opens
 * the sandwich of the selected function; Esc or t go back to the graph
 * with that function searched by its exact name and its widest instance
 * selected, so n and N walk its instances.
 *
 * Lines: one title line, the column titles, the rows, and the status line
 * (or the filter prompt) at the bottom.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export/top.h"
#include "model/functions.h"
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

#define KEY_ESCAPE 27

struct table {
	struct tui_screen screen;  /* first */
	struct tui_view *v;        /* borrowed: the graph below */
	struct functions f;
	struct tui_list list;      /* over f's view */
	struct prompt prompt;
	char *filter;              /* owned: the pattern applied, or NULL */
	unsigned char *marks;      /* owned: its matches */
	const char *msg;           /* one-shot message (static text) */
	char msgbuf[320];
	struct tui_text name, line;
	struct tf_units u;         /* the words of the weights */
	struct top_samples fs;     /* sample records by name (u.samples) */
	int w[6];                  /* the wide columns' widths */
};

static struct table *
table_of(struct tui_screen *s)
{
	return (struct table *)(void *)s;
}

/* The row selected, or NULL when the view is empty. */
static const struct func_row *
cur_row(const struct table *tb)
{
	if (tb->f.nview == 0)
		return NULL;
	return &tb->f.rows[tb->f.view[tb->list.cur]];
}

/* share of c in all, in percent. */
static double
share(struct tf_count c, struct tf_count all)
{
	double a = count_value(all);

	return a > 0 ? count_value(c) * 100 / a : 0;
}

#define NCOLS 6

/* The titles of the wide columns: one profile, with samples, two. */
static const char *const col_titles[3][NCOLS] = {
	{"Self", "Self%", "Total", "Total%", NULL, NULL},
	{"Self", "Self%", "Samples", "Total", "Total%", "Samples"},
	{"Before", "After", "Change", "Change%", "Total%", NULL},
};

/* Which of col_titles tb shows. */
static int
col_set(const struct table *tb)
{
	return tb->f.nprof > 1 ? 2 : tb->u.samples ? 1 : 0;
}

/* Wide column c of row r into buf (the weights in their unit). */
static void
cell(const struct table *tb, const struct func_row *r, int c, char *buf,
    size_t cap)
{
	int p = tb->f.prof, set = col_set(tb);
	int64_t ch;

	if (set == 2) {
		ch = functions_change(r);
		switch (c) {
		case 0:
		case 1:
			units_weight(buf, cap, &tb->u, r->self[c]);
			return;
		case 2:
			units_change(buf, cap, &tb->u, ch);
			return;
		case 3:
			snprintf(buf, cap, "%+.2f%%", count_value(tb->f.all[1]) >
			    0 ? (double)ch * 100 / count_value(tb->f.all[1]) : 0);
			return;
		default:
			snprintf(buf, cap, "%.2f%%",
			    share(r->total[1], tb->f.all[1]));
			return;
		}
	}
	if (set == 1 && (c == 2 || c == 5)) {
		units_group(buf, cap, (struct tf_count){c == 2 ?
		    tb->fs.self[r->name] : tb->fs.total[r->name], 0.0});
		return;
	}
	if (set == 1 && c > 2)
		c--;
	switch (c) {
	case 0:
		units_weight(buf, cap, &tb->u, r->self[p]);
		return;
	case 1:
		snprintf(buf, cap, "%.2f%%", share(r->self[p], tb->f.all[p]));
		return;
	case 2:
		units_weight(buf, cap, &tb->u, r->total[p]);
		return;
	default:
		snprintf(buf, cap, "%.2f%%", share(r->total[p], tb->f.all[p]));
		return;
	}
}

/* The wide columns' widths: their title's, or their widest cell's. */
static void
col_widths(struct table *tb)
{
	const char *const *t = col_titles[col_set(tb)];
	char buf[COUNT_BUFSZ];
	uint32_t i;
	int c;

	for (c = 0; c < NCOLS; c++) /* a share: at least " 12.34%" */
		tb->w[c] = t[c] == NULL ? 0 : strchr(t[c], '%') != NULL ?
		    TF_MAX((int)strlen(t[c]), 7) : (int)strlen(t[c]);
	for (i = 0; i < tb->f.nrows; i++)
		for (c = 0; c < NCOLS && t[c] != NULL; c++) {
			cell(tb, &tb->f.rows[i], c, buf, sizeof buf);
			tb->w[c] = TF_MAX(tb->w[c], (int)strlen(buf));
		}
}

/* Columns of a row before the name: their text into buf. */
static void
row_cells(const struct table *tb, const struct func_row *r, char *buf,
    size_t cap, int wide)
{
	const char *const *t = col_titles[col_set(tb)];
	char a[COUNT_BUFSZ];
	size_t o = 0;
	int p = tb->f.prof, c;
	int64_t ch;

	buf[0] = '\0';
	if (wide) {
		for (c = 0; c < NCOLS && t[c] != NULL && o < cap; c++) {
			cell(tb, r, c, a, sizeof a);
			o += (size_t)snprintf(buf + o, cap - o, "%*s ", tb->w[c], a);
		}
		return;
	}
	if (tb->f.nprof > 1) {
		ch = functions_change(r);
		snprintf(buf, cap, "%+6.2f%% %6.2f%% ",
		    count_value(tb->f.all[1]) > 0 ?
		    (double)ch * 100 / count_value(tb->f.all[1]) : 0,
		    share(r->total[1], tb->f.all[1]));
		return;
	}
	snprintf(buf, cap, "%6.2f%% %6.2f%% ", share(r->self[p], tb->f.all[p]),
	    share(r->total[p], tb->f.all[p]));
}

/* The column titles for the same width into buf. */
static const char *
titles(const struct table *tb, int wide, char *buf, size_t cap)
{
	const char *const *t = col_titles[col_set(tb)];
	size_t o = 0;
	int c;

	if (!wide)
		return tb->f.nprof > 1 ? "Change%  Total% Function" :
		    "  Self%  Total% Function";
	buf[0] = '\0';
	for (c = 0; c < NCOLS && t[c] != NULL && o < cap; c++)
		o += (size_t)snprintf(buf + o, cap - o, "%*s ", tb->w[c], t[c]);
	if (o < cap)
		snprintf(buf + o, cap - o, "Function");
	return buf;
}

/* Paint the table. */
static void
table_draw(struct tui_screen *s)
{
	struct table *tb = table_of(s);
	const struct tree *t = tb->v->fwd;
	int cols = s->cols, wide = cols >= 72, y, off;
	char cells[NCOLS * (COUNT_BUFSZ + 1) + 1], head[COUNT_BUFSZ + 160];
	char a[COUNT_BUFSZ + 64], tt[NCOLS * (COUNT_BUFSZ + 1) + 16];
	const char *title;
	const struct func_row *r;
	const char *name;
	size_t len;
	long i;

	colors_use(COLORS_TITLE, PALETTE_USER, 0);
	units_total(a, sizeof a, &tb->u, tb->f.all[tb->f.prof],
	    tb->u.samples ? tree_samples(t, tb->f.prof, TREE_ROOT) : 0);
	snprintf(head, sizeof head, "Functions: %u of %u, by %s; total %s%s",
	    tb->f.nview, tb->f.nrows, functions_sort_name(tb->f.sort), a,
	    tb->f.nprof > 1 ? " (AFTER; Before/After/Change: self)" : "");
	mvaddnstr(0, 0, head, cols);
	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	title = titles(tb, wide, tt, sizeof tt);
	mvaddnstr(1, 0, title, cols);
	for (y = (int)strlen(title); y < cols; y++)
		mvaddch(1, y, ' ');
	for (i = tb->list.top, y = 2;
	    i < (long)tb->f.nview && y < 2 + tb->list.rows;
	    i++, y++) {
		r = &tb->f.rows[tb->f.view[i]];
		row_cells(tb, r, cells, sizeof cells, wide);
		if (i == tb->list.cur)
			colors_use(COLORS_ROW_SELECTED, PALETTE_USER, 0);
		else if (tb->v->search.re != NULL &&
		    tb->v->search.marks[r->name])
			colors_use(COLORS_MATCH, PALETTE_USER, 0);
		else
			colors_use(COLORS_NORMAL, PALETTE_USER, 0);
		mvaddnstr(y, 0, cells, cols);
		off = (int)strlen(cells);
		if (off < cols) {
			name = strtab_get(tree_strtab_c(t), r->name, &len);
			text_set(&tb->name, name, len, (size_t)(cols - off));
			off += text_draw(&tb->name, y, off, 0, cols - off);
		}
		if (i == tb->list.cur)
			for (; off < cols; off++)
				mvaddch(y, off, ' ');
	}
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	if (tb->prompt.active) {
		prompt_draw(&tb->prompt, s->lines - 1, cols, "filter: ");
		return;
	}
	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	if (tb->msg != NULL) {
		snprintf(head, sizeof head, "%s", tb->msg);
		tb->msg = NULL;
	} else if (tb->filter != NULL) {
		text_set_ascii(&tb->line, "filter ");
		text_append(&tb->line, tb->filter, strlen(tb->filter), 200);
		snprintf(head, sizeof head, ": %u functions, self %.2f%% of "
		    "the total", tb->f.nview, share(functions_view_self(&tb->f,
		    tb->f.prof), tb->f.all[tb->f.prof]));
		text_append_ascii(&tb->line, head);
		y = text_draw(&tb->line, s->lines - 1, 0, 0, cols);
		for (; y < cols; y++)
			mvaddch(s->lines - 1, y, ' ');
		colors_use(COLORS_NORMAL, PALETTE_USER, 0);
		return;
	} else
		snprintf(head, sizeof head, "[table] o: sort  /: filter  "
		    "Enter: sandwich  Esc t: graph  ?: help");
	mvaddnstr(s->lines - 1, 0, head, cols);
	for (y = TF_MIN((int)strlen(head), cols); y < cols; y++)
		mvaddch(s->lines - 1, y, ' ');
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
}

/* Lay the table out for cols x lines. */
static void
table_resize(struct tui_screen *s, int cols, int lines)
{
	struct table *tb = table_of(s);

	(void)cols;
	list_set_rows(&tb->list, TF_MAX(lines - 3, 1));
}

/* Sort by the next key, keeping the selected function selected. */
static int
act_sort(struct tui_screen *s)
{
	struct table *tb = table_of(s);
	const struct func_row *r = cur_row(tb);
	uint32_t keep = r != NULL ? (uint32_t)(r - tb->f.rows) : UINT32_MAX;
	uint32_t i;

	functions_sort(&tb->f, functions_next_sort(&tb->f, tb->f.sort));
	tb->list.cur = 0;
	for (i = 0; i < tb->f.nview; i++)
		if (tb->f.view[i] == keep)
			tb->list.cur = i;
	list_clamp(&tb->list);
	return TUI_REDRAW;
}

static int
act_filter(struct tui_screen *s)
{
	struct table *tb = table_of(s);

	prompt_open_with(&tb->prompt, tb->filter != NULL ? tb->filter : "");
	return TUI_REDRAW;
}

/* The rows shown changed (a filter): the cursor to the first. */
static void
to_first(struct table *tb)
{
	tb->list.cur = 0;
	list_set_n(&tb->list, (long)tb->f.nview);
}

/* Apply the pattern pat[0..len) as the filter (empty: none). */
static void
apply_filter(struct table *tb, const char *pat, size_t len)
{
	struct search_error err;
	struct search_re *re;
	const struct strtab *st = tree_strtab_c(tb->v->fwd);

	if (len == 0) {
		free(tb->filter);
		tb->filter = NULL;
		functions_filter(&tb->f, NULL);
		to_first(tb);
		return;
	}
	re = search_compile(pat, len, tb->v->search.caseless ?
	    SEARCH_CASELESS : 0, &err);
	if (re == NULL) {
		snprintf(tb->msgbuf, sizeof tb->msgbuf, "Bad pattern: %s",
		    err.msg);
		tb->msg = tb->msgbuf;
		return;
	}
	free(tb->filter);
	tb->filter = xmalloc(len + 1);
	memcpy(tb->filter, pat, len);
	tb->filter[len] = '\0';
	free(tb->marks);
	tb->marks = xcalloc((size_t)strtab_count(st) + 1, 1);
	search_mark(re, st, tb->marks, NULL);
	search_re_free(re);
	functions_filter(&tb->f, tb->marks);
	to_first(tb);
}

/* The widest node named name in t (profile prof), or TREE_ROOT. */
static uint32_t
widest(const struct tree *t, int prof, uint32_t name)
{
	const struct tree_node *nodes = tree_nodes(t);
	uint32_t n, size = tree_size(t), best = TREE_ROOT;
	double w, bw = -1;

	for (n = 1; n < size; n++) {
		if (nodes[n].name != name)
			continue;
		w = count_value(tree_total(t, prof, n));
		if (w > bw) {
			bw = w;
			best = n;
		}
	}
	return best;
}

/*
 * Back in graph v: search name exactly and select its widest instance.
 * Shared with the sandwich screen.
 */
void
view_table_to_graph(struct tui_view *v, uint32_t name)
{
	const char *s;
	size_t len;
	uint32_t node;

	s = strtab_get(tree_strtab_c(v->tree), name, &len);
	view_search_name(v, s, len);
	node = widest(v->tree, v->prof, name);
	if (node != TREE_ROOT)
		view_flame_show(v, node);
}

/* Esc, t: back to the graph with the selected function found. */
static int
act_back(struct tui_screen *s)
{
	struct table *tb = table_of(s);
	const struct func_row *r = cur_row(tb);

	if (r != NULL)
		view_table_to_graph(tb->v, r->name);
	return TUI_CLOSE | TUI_RELAYOUT;
}

/* Enter: the sandwich of the selected function. */
static int
act_sandwich(struct tui_screen *s)
{
	struct table *tb = table_of(s);
	const struct func_row *r = cur_row(tb);

	if (r == NULL)
		return TUI_REDRAW;
	view_sandwich_push(tb->v, r->name);
	return TUI_REDRAW;
}

#define KEY_CTRL(c) ((c) & 0x1f)

static const struct tui_binding bindings[] = {
	{"Down  j", "next function", list_down, {KEY_DOWN, 'j', 0}},
	{"Up    k", "previous function", list_up, {KEY_UP, 'k', 0}},
	{"PgUp PgDn", "a page up / down", list_page_up,
	    {KEY_PPAGE, KEY_CTRL('B'), 0}},
	{"", "", list_page_down, {KEY_NPAGE, KEY_CTRL('F'), ' ', 0}},
	{"g G", "first / last function (also Home, End)", list_first,
	    {'g', KEY_HOME, 0}},
	{"", "", list_last, {'G', KEY_END, 0}},
	{"o", "sort by self, total, name (--diff: change)", act_sort,
	    {'o', 0}},
	{"/", "filter the names (PCRE2 regex; empty: all)", act_filter,
	    {'/', 0}},
	{"Enter", "the sandwich of the function: callers and callees",
	    act_sandwich, {'\n', '\r', KEY_ENTER, 0}},
	{"Esc t", "back to the graph, the function searched and selected",
	    act_back, {KEY_ESCAPE, 't', 0}},
	{"?", "show this help", screen_help, {'?', KEY_F(1), 0}},
	{"Ctrl-L", "redraw the screen", screen_repaint, {KEY_CTRL('L'), 0}},
	{"q Ctrl-C", "quit", screen_quit, {'q', KEY_CTRL('C'), 0}},
};

static const char *const legend[] = {
	"Self: the weight of the stacks that end in the function; Total: of",
	"the stacks that contain it, counted once however often it recurs; in",
	"the weight's unit (a duration for cpu-clock), Samples the sample",
	"records behind them.  Percentages are of the whole weight.  With",
	"--diff: Before, After and Change are self, Change % and Total % of",
	"AFTER; the change sort puts the largest, up or down, first.  The",
	"filter's share is the self of the functions shown.",
};

static int
table_key(struct tui_screen *s, int key)
{
	struct table *tb = table_of(s);

	if (tb->prompt.active) {
		switch (prompt_key(&tb->prompt, key)) {
		case PROMPT_ENTER:
			prompt_history_add(&tb->prompt, tb->prompt.buf,
			    tb->prompt.len);
			apply_filter(tb, tb->prompt.buf, tb->prompt.len);
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
table_quits(const struct tui_screen *s, int key)
{
	const struct table *tb = (const struct table *)(const void *)s;

	return !tb->prompt.active && (key == 'q' || key == KEY_CTRL('C'));
}

static void
table_free(struct tui_screen *s)
{
	struct table *tb = table_of(s);

	functions_free(&tb->f);
	top_samples_free(&tb->fs);
	prompt_free(&tb->prompt);
	free(tb->filter);
	free(tb->marks);
	text_free(&tb->name);
	text_free(&tb->line);
	free(tb);
}

static const struct tui_screen_ops table_ops = {
	.name = "table",
	.resize = table_resize,
	.draw = table_draw,
	.key = table_key,
	.quits = table_quits,
	.free = table_free,
	.keys = bindings,
	.nkeys = ARRAY_SIZE(bindings),
	.legend = legend,
	.nlegend = ARRAY_SIZE(legend),
};

/* `t` in the graph: open the function table over it. */
int
view_table_open(struct tui_screen *s)
{
	struct tui_view *v = view_of(s);
	struct table *tb = xcalloc(1, sizeof *tb);

	tb->screen.ops = &table_ops;
	tb->v = v;
	functions_build(&tb->f, v->fwd, v->skip_depth, v->prof);
	units_of_tree(&tb->u, v->fwd, v->prof, v->svg.opts.event,
	    v->svg.opts.countname);
	if (tb->f.nprof > 1)
		tb->u.samples = 0; /* Before and After: the weight alone */
	else if (tb->u.samples)
		top_samples_build(&tb->fs, v->fwd, v->prof, v->skip_depth);
	col_widths(tb);
	tb->screen.list = &tb->list;
	to_first(tb);
	prompt_init(&tb->prompt);
	text_init(&tb->name);
	text_init(&tb->line);
	screen_push(s->stack, &tb->screen);
	return TUI_REDRAW;
}
