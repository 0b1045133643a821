/*
 * The bpftrace loader's map store (loaders/bpftrace_ctx.h): the maps by
 * name, the entries with an integer value, each with its key fields (text
 * in the arena, or a stack: a run of frame line ids), and the distinct
 * frame lines interned once.  Both readers (text, bpftrace.c; JSON,
 * bpftrace_json.c) build an entry the same way: bt_entry_begin(), the key
 * text with PH for each stack (bt_key_add(), bt_stack_begin(),
 * bt_stack_line()), then bt_entry_finish() or bt_entry_nonint().
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "loaders/bpftrace_ctx.h"
#include "util/ascii.h"
#include "util/hash.h"
#include "util/xalloc.h"

/* Python's str.isspace() on one byte of input decoded as Latin-1 escapes. */
int
bt_py_space(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

/* True when s[0..n) holds only Python whitespace. */
int
bt_py_blank(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!bt_py_space((unsigned char)s[i]))
			return 0;
	return 1;
}

/* Append n bytes to the arena; returns their offset. */
static size_t
bt_arena_add(struct bt_ctx *x, const char *s, size_t n)
{
	size_t off = x->alen;

	xgrow((void **)&x->arena, &x->acap, x->alen + n + 1, 1);
	if (n > 0)
		memcpy(x->arena + off, s, n);
	x->alen += n;
	return off;
}

/* Index of map name[0..n) ("@..."), added when new. */
uint32_t
bt_map_id(struct bt_ctx *x, const char *name, size_t n)
{
	size_t i;
	struct bt_map *m;

	for (i = x->nmaps; i > 0; i--) {
		m = &x->maps[i - 1];
		if (strlen(m->name) == n && memcmp(m->name, name, n) == 0)
			return (uint32_t)(i - 1);
	}
	xgrow((void **)&x->maps, &x->capmaps, x->nmaps + 1, sizeof *x->maps);
	m = &x->maps[x->nmaps];
	memset(m, 0, sizeof *m);
	m->name = xmalloc(n + 1);
	memcpy(m->name, name, n);
	m->name[n] = '\0';
	return (uint32_t)x->nmaps++;
}

/* Map id for the text after "@" (len n), "@" prepended. */
uint32_t
bt_map_id_at(struct bt_ctx *x, const char *s, size_t n)
{
	char buf[256];
	char *p = n + 1 <= sizeof buf ? buf : xmalloc(n + 1);
	uint32_t id;

	p[0] = '@';
	memcpy(p + 1, s, n);
	id = bt_map_id(x, p, n + 1);
	if (p != buf)
		free(p);
	return id;
}

/*
 * "@NAME[" at the start of line: the length of NAME (0 for "@["), or -1.
 * NAME is [A-Za-z_][A-Za-z0-9_]*; with colon, "@NAME:" instead.
 */
long
bt_entry_start(const char *s, size_t n, char close)
{
	size_t i = 1;

	if (n < 2 || s[0] != '@')
		return -1;
	if (i < n && (is_word((unsigned char)s[i]) && !is_digit((unsigned char)s[i])))
		while (i < n && is_word((unsigned char)s[i]))
			i++;
	if (i < n && s[i] == close)
		return (long)(i - 1);
	return -1;
}

/* Add a field to the table. */
static void
bt_field_add(struct bt_ctx *x, int stack, size_t a, size_t b)
{
	xgrow((void **)&x->fields, &x->capfields, x->nfields + 1,
	    sizeof *x->fields);
	x->fields[x->nfields].stack = stack;
	x->fields[x->nfields].a = a;
	x->fields[x->nfields].b = b;
	x->nfields++;
}

/* Add a text field key[0..n) (copied into the arena). */
static void
bt_text_field(struct bt_ctx *x, const char *s, size_t n)
{
	bt_field_add(x, 0, bt_arena_add(x, s, n), n);
}

/*
 * Split the key text into fields on sep (", " or ","): PH alone is the next
 * stack, text with a PH in it (a separator that lost its space) is cut at
 * each PH with one "," removed at each cut... as the reference does: every
 * leading and trailing "," of each piece goes.
 */
static void
bt_split_fields(struct bt_ctx *x, const char *sep, size_t seplen)
{
	const char *t = x->key, *end = x->key + x->klen, *p, *q, *c, *ce;
	size_t si = 0, n;

	p = t;
	for (;;) {
		/* find the next separator */
		q = NULL;
		for (c = p; c + seplen <= end; c++)
			if (memcmp(c, sep, seplen) == 0) {
				q = c;
				break;
			}
		if (q == NULL)
			q = end;
		n = (size_t)(q - p);
		if (n == 1 && p[0] == PH) {
			if (si < x->nstk) {
				bt_field_add(x, 1, x->stk[si].off, x->stk[si].len);
				si++;
			}
		} else if (memchr(p, PH, n) != NULL) {
			c = p;
			for (;;) {
				const char *ph = memchr(c, PH, (size_t)(q - c));
				const char *cs, *cend = ph ? ph : q;

				cs = c;
				ce = cend;
				while (cs < ce && *cs == ',')
					cs++;
				while (ce > cs && ce[-1] == ',')
					ce--;
				if (ce > cs)
					bt_text_field(x, cs, (size_t)(ce - cs));
				if (ph == NULL)
					break;
				if (si < x->nstk) {
					bt_field_add(x, 1, x->stk[si].off,
					    x->stk[si].len);
					si++;
				}
				c = ph + 1;
			}
		} else
			bt_text_field(x, p, n);
		if (q == end)
			break;
		p = q + seplen;
	}
}

/* Start an entry of map id: forget the key, remember the arena marks. */
void
bt_entry_begin(struct bt_ctx *x, uint32_t map)
{
	x->cur_map = map;
	x->klen = 0;
	x->nstk = 0;
	x->mark_lines = x->nlines;
}

/* Drop the entry being read (its distinct lines stay interned). */
void
bt_entry_drop(struct bt_ctx *x)
{
	x->nlines = x->mark_lines;
}

/* An entry without an integer value: counted, not kept. */
void
bt_entry_nonint(struct bt_ctx *x)
{
	bt_entry_drop(x);
	x->maps[x->cur_map].entries++;
}

/* The hash of the run of line ids l[0..n). */
static uint64_t
bt_run_hash(const uint32_t *l, size_t n)
{
	return hash_bytes(l, n * sizeof *l);
}

/*
 * Keep each distinct stack's run of line ids once: the stacks of the entry
 * being finished (in lines from mark_lines on, in order) that repeat an
 * earlier run point at it, the others are moved down over the repeats.
 * Stacks repeat in a map (the same kernel stack under many comms and
 * pids, or every interval print), so this bounds the lines kept.
 */
static void
bt_share_runs(struct bt_ctx *x)
{
	size_t w = x->mark_lines, s, i, k, mask, ns;
	struct bt_span *sp;
	const struct bt_run *r;
	uint64_t h;

	for (s = 0; s < x->nstk; s++) {
		sp = &x->stk[s];
		if (sp->len == 0)
			continue;
		if (2 * (x->nruns + 1) > x->nrslots) {
			ns = x->nrslots ? 2 * x->nrslots : 1024;
			free(x->rslots);
			x->rslots = xcalloc(ns, sizeof *x->rslots);
			x->nrslots = ns;
			for (k = 0; k < x->nruns; k++) {
				for (i = (size_t)x->runs[k].hash & (ns - 1);
				    x->rslots[i] != 0; i = (i + 1) & (ns - 1))
					;
				x->rslots[i] = (uint32_t)(k + 1);
			}
		}
		h = bt_run_hash(x->lines + sp->off, sp->len);
		mask = x->nrslots - 1;
		for (i = (size_t)h & mask; x->rslots[i] != 0; i = (i + 1) & mask) {
			r = &x->runs[x->rslots[i] - 1];
			if (r->hash == h && r->len == sp->len &&
			    memcmp(x->lines + r->off, x->lines + sp->off,
			    sp->len * sizeof *x->lines) == 0)
				break;
		}
		if (x->rslots[i] != 0) {
			sp->off = x->runs[x->rslots[i] - 1].off;
			continue;
		}
		if (sp->off != w)
			memmove(x->lines + w, x->lines + sp->off,
			    sp->len * sizeof *x->lines);
		sp->off = w;
		w += sp->len;
		xgrow((void **)&x->runs, &x->capruns, x->nruns + 1,
		    sizeof *x->runs);
		x->runs[x->nruns].off = sp->off;
		x->runs[x->nruns].len = sp->len;
		x->runs[x->nruns].hash = h;
		x->rslots[i] = (uint32_t)(x->nruns + 1);
		x->nruns++;
	}
	x->nlines = w;
}

/* Finish the entry with an integer value (negative: neg set). */
void
bt_entry_finish(struct bt_ctx *x, uint64_t v, int neg, const char *sep,
    size_t seplen)
{
	struct bt_entry *e;
	struct bt_map *m = &x->maps[x->cur_map];
	size_t i;

	xgrow((void **)&x->ents, &x->capents, x->nents + 1, sizeof *x->ents);
	e = &x->ents[x->nents++];
	e->map = x->cur_map;
	e->value = v;
	e->negative = neg;
	e->field0 = x->nfields;
	bt_share_runs(x);
	bt_split_fields(x, sep, seplen);
	e->nfields = x->nfields - e->field0;
	m->entries++;
	m->ints++;
	for (i = e->field0; i < x->nfields; i++)
		if (x->fields[i].stack && x->fields[i].b > 0)
			m->stacky = 1;
}

/* Append text to the key being read. */
void
bt_key_add(struct bt_ctx *x, const char *s, size_t n)
{
	xgrow((void **)&x->key, &x->kcap, x->klen + n + 1, 1);
	memcpy(x->key + x->klen, s, n);
	x->klen += n;
}

/* Start a new stack of the entry being read. */
void
bt_stack_begin(struct bt_ctx *x)
{
	xgrow((void **)&x->stk, &x->capstk, x->nstk + 1, sizeof *x->stk);
	x->stk[x->nstk].off = x->nlines;
	x->stk[x->nstk].len = 0;
	x->nstk++;
}

/* The id of frame line s[0..n), interned when new. */
static uint32_t
bt_line_id(struct bt_ctx *x, const char *s, size_t n)
{
	uint64_t h = hash_bytes(s, n);
	size_t i, mask, k;
	struct bt_uline *u;

	if (2 * (x->nul + 1) > x->nslots) {
		size_t ns = x->nslots ? 2 * x->nslots : 1024;

		free(x->slots);
		x->slots = xcalloc(ns, sizeof *x->slots);
		x->nslots = ns;
		for (k = 0; k < x->nul; k++) {
			for (i = (size_t)x->ul[k].hash & (ns - 1);
			    x->slots[i] != 0; i = (i + 1) & (ns - 1))
				;
			x->slots[i] = (uint32_t)(k + 1);
		}
	}
	mask = x->nslots - 1;
	for (i = (size_t)h & mask; x->slots[i] != 0; i = (i + 1) & mask) {
		u = &x->ul[x->slots[i] - 1];
		if (u->hash == h && u->len == n &&
		    memcmp(x->arena + u->off, s, n) == 0)
			return x->slots[i] - 1;
	}
	xgrow((void **)&x->ul, &x->capul, x->nul + 1, sizeof *x->ul);
	u = &x->ul[x->nul];
	u->off = bt_arena_add(x, s, n);
	u->len = n;
	u->hash = h;
	u->vote = -2;
	u->root = -1;
	u->named = 0;
	u->next = UINT32_MAX;
	u->has_sid = 0;
	u->has_ksid = 0;
	x->slots[i] = (uint32_t)(x->nul + 1);
	return (uint32_t)x->nul++;
}

/*
 * Add a frame line to the current stack.  Stacks repeat, so the line is
 * first compared with the one that followed the previous line last time
 * (or began a stack): a hit costs a memcmp, not a hash and a lookup.
 */
void
bt_stack_line(struct bt_ctx *x, const char *s, size_t n)
{
	uint32_t g = x->stk[x->nstk - 1].len == 0 ? x->first :
	    x->ul[x->prev].next, id;
	const struct bt_uline *u;

	if (g != UINT32_MAX && (u = &x->ul[g])->len == n &&
	    memcmp(x->arena + u->off, s, n) == 0)
		id = g;
	else
		id = bt_line_id(x, s, n);
	if (x->stk[x->nstk - 1].len == 0)
		x->first = id;
	else
		x->ul[x->prev].next = id;
	x->prev = id;
	xgrow((void **)&x->lines, &x->caplines, x->nlines + 1,
	    sizeof *x->lines);
	x->lines[x->nlines++] = id;
	x->stk[x->nstk - 1].len++;
}

/*
 * Parse a value: -?[0-9]+.  1 with *v, *neg set; the value counts as not
 * an integer (returns 0) when it is above 2^64-1.
 */
int
bt_parse_value(const char *s, size_t n, uint64_t *v, int *neg)
{
	size_t i = 0;
	uint64_t x = 0;
	int big = 0;

	*neg = 0;
	if (n > 0 && s[0] == '-') {
		*neg = 1;
		i = 1;
	}
	if (i == n)
		return -1;
	for (; i < n; i++) {
		if (!is_digit((unsigned char)s[i]))
			return -1;
		if (x > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
			big = 1;
		else
			x = x * 10 + (uint64_t)(s[i] - '0');
	}
	if (*neg) {
		/* any negative number is kept (and skipped later) */
		*v = 0;
		return 1;
	}
	*v = x;
	return big ? 0 : 1;
}
