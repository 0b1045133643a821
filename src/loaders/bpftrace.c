/*
 * bpftrace map output -> stacks (docs: formats-bpftrace-pprof.md part 1).
 *
 * What `bpftrace -e 'profile:hz:99 { @[kstack, ustack, comm] = count(); }'`
 * prints at exit: every map, entries sorted by value, each entry
 *
 *	@NAME[KEY]: VALUE
 *
 * where KEY is the key fields joined by ", ", and a stack field is a line
 * break followed by its frames, leaf first, one per line (indented by 4 or
 * 8 spaces, or "<TAB>ADDR SYM (MODULE)" in perf mode, or bare hex in raw
 * mode); whatever follows a stack starts in column 0:
 *
 *	@[
 *	    do_syscall_64+113
 *	    entry_SYSCALL_64_after_hwframe+118
 *	, 
 *	    0x7f5cbba77350
 *	, head]: 1
 *
 * `-f json` prints one JSON object a line; a map is
 * {"type": "map", "data": {"@": {KEY: VALUE, ...}}} with the same stack
 * text in the keys, fields joined by "," instead.
 *
 * Reading is a two-state machine over the lines (OUT, inside a STACK).  An
 * entry's key text is kept with a NUL byte standing for each stack, then
 * split into fields on ", " (on "," for JSON): a NUL alone is a stack
 * field, other text a text field.  Entries with an integer value are kept
 * (their frame lines in one arena, no allocation per line once it has
 * grown), of every map, since which map is folded and which stack of a key
 * is the kernel's are known only at the end: the default map is the first
 * map with a stack, and each key position is voted kernel or user over the
 * whole map (addresses at or above 0xff00000000000000, kernel entry
 * symbols at the root).  So the lines are read as a stream, but the stacks
 * reach the sink once the input has ended.
 *
 * Folding an entry: its non-empty text fields in key order are the root
 * frames, then the stacks, user before unknown before kernel (and, within
 * one kind, the last in the key first), each root-most frame first.
 * Frames lose "+OFFSET" (decimal) unless --includeoffset; unresolved
 * addresses become [unknown] ([unknown <hex>] with --addrs), or in perf
 * mode [basename(MODULE)]; --kernel adds _[k] to kernel stacks' frames; ";"
 * becomes ":".  An entry that gives no frame is "[empty]".  Values 0 are
 * skipped, negative values and values that are not integers (histograms,
 * stats, above 2^64-1) are skipped and counted.
 *
 * Limits: the text fields of a key are split at every ", ", so a comm that
 * holds ", " gives two root frames (bpftrace's text cannot tell them
 * apart).  A JSON object with a repeated member name gives one entry per
 * member (Python's json keeps the last).  Memory grows with the entries
 * kept, about the size of the input.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "util/ascii.h"
#include "util/hash.h"
#include "loaders/loader.h"
#include "loaders/sniff.h"
#include "util/xalloc.h"

#define PH '\0'             /* stands for a stack in the key text */
#define KERNEL_MIN 0xff00000000000000ull
#define SNIFF_LINES 20

/* One frame line (or text field) in the arena. */
struct bt_span {
	size_t off, len;
};

/* A key field: text (arena span) or a stack (lines[first .. first+n)). */
struct bt_field {
	int stack;
	size_t a, b;        /* text: off, len; stack: first line, count */
};

struct bt_entry {
	uint32_t map;
	int negative;
	uint64_t value;
	size_t field0, nfields;
};

struct bt_map {
	char *name;         /* "@" or "@name" */
	uint64_t entries;   /* keyed entries, integer or not */
	uint64_t ints;      /* with an integer value */
	int stacky;         /* an integer entry with a non-empty stack */
};

/* A distinct frame line, and what folding learns of it (computed once). */
struct bt_uline {
	size_t off, len;        /* in the arena */
	uint64_t hash;
	int vote;               /* 1 kernel address, 0 user, -1 none, -2 not yet */
	int root;               /* kernel entry point: 1, 0, -1 not yet */
	size_t noff, nlen;      /* cleaned name in names, when named */
	int named;
	uint32_t next;          /* the line that followed it last time */
};

struct bt_ctx {
	const struct load_opts *opts;
	struct diag *d;
	char *arena;
	size_t alen, acap;
	uint32_t *lines;        /* frame lines of the stacks, as ulines ids */
	size_t nlines, caplines;
	struct bt_uline *ul;    /* distinct frame lines */
	size_t nul, capul;
	uint32_t *slots;        /* hash table of ul: id + 1, 0 empty */
	size_t nslots;
	uint32_t first, prev;   /* guesses: a stack's first line, the last */
	char *names;            /* cleaned frame names */
	size_t nmlen, nmcap;
	struct bt_field *fields;
	size_t nfields, capfields;
	struct bt_entry *ents;
	size_t nents, capents;
	struct bt_map *maps;
	size_t nmaps, capmaps;
	/* the entry being read */
	char *key;          /* key text, PH for each stack */
	size_t klen, kcap;
	struct bt_span *stk; /* its stacks: first line, count */
	size_t nstk, capstk;
	uint32_t cur_map;
	size_t mark_lines;
	/* JSON strings decoded */
	char *js;
	size_t jslen, jscap;
	char *tmp;
	size_t tmpcap;
	uint64_t bad_json;
	/* the members of one JSON map object: raw key text, repeated or not */
	struct bt_member {
		size_t off, len;
		uint64_t hash;
		int dup;        /* a later member has the same key */
	} *mem;
	size_t nmem, capmem;
	uint32_t *mslot;
	size_t capslot;
};

static const char *const kernel_roots[] = {
	"entry_SYSCALL_64_after_hwframe", "entry_SYSCALL_64",
	"entry_SYSCALL_compat", "entry_SYSENTER_compat_after_hwframe",
	"entry_INT80_compat", "ret_from_fork", "ret_from_fork_asm",
	"secondary_startup_64", "secondary_startup_64_no_verify",
	"common_startup_64", "start_kernel", "x86_64_start_kernel",
	"x86_64_start_reservations", "el0t_64_sync", "el0t_64_irq",
	"el0t_32_sync", "el0t_32_irq", "el1h_64_sync", "el1h_64_irq",
	"__primary_switched",
};

/* Python's str.isspace() on one byte of input decoded as Latin-1 escapes. */
static int
py_space(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

/* True when s[0..n) holds only Python whitespace. */
static int
py_blank(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!py_space((unsigned char)s[i]))
			return 0;
	return 1;
}

/* Append n bytes to the arena; returns their offset. */
static size_t
arena_add(struct bt_ctx *x, const char *s, size_t n)
{
	size_t off = x->alen;

	xgrow((void **)&x->arena, &x->acap, x->alen + n + 1, 1);
	if (n > 0)
		memcpy(x->arena + off, s, n);
	x->alen += n;
	return off;
}

/* Index of map name[0..n) ("@..."), added when new. */
static uint32_t
map_id(struct bt_ctx *x, const char *name, size_t n)
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
static uint32_t
map_id_at(struct bt_ctx *x, const char *s, size_t n)
{
	char buf[256];
	char *p = n + 1 <= sizeof buf ? buf : xmalloc(n + 1);
	uint32_t id;

	p[0] = '@';
	memcpy(p + 1, s, n);
	id = map_id(x, p, n + 1);
	if (p != buf)
		free(p);
	return id;
}

/*
 * "@NAME[" at the start of line: the length of NAME (0 for "@["), or -1.
 * NAME is [A-Za-z_][A-Za-z0-9_]*; with colon, "@NAME:" instead.
 */
static long
entry_start(const char *s, size_t n, char close)
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
field_add(struct bt_ctx *x, int stack, size_t a, size_t b)
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
text_field(struct bt_ctx *x, const char *s, size_t n)
{
	field_add(x, 0, arena_add(x, s, n), n);
}

/*
 * Split the key text into fields on sep (", " or ","): PH alone is the next
 * stack, text with a PH in it (a separator that lost its space) is cut at
 * each PH with one "," removed at each cut... as the reference does: every
 * leading and trailing "," of each piece goes.
 */
static void
split_fields(struct bt_ctx *x, const char *sep, size_t seplen)
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
				field_add(x, 1, x->stk[si].off, x->stk[si].len);
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
					text_field(x, cs, (size_t)(ce - cs));
				if (ph == NULL)
					break;
				if (si < x->nstk) {
					field_add(x, 1, x->stk[si].off,
					    x->stk[si].len);
					si++;
				}
				c = ph + 1;
			}
		} else
			text_field(x, p, n);
		if (q == end)
			break;
		p = q + seplen;
	}
}

/* Start an entry of map id: forget the key, remember the arena marks. */
static void
entry_begin(struct bt_ctx *x, uint32_t map)
{
	x->cur_map = map;
	x->klen = 0;
	x->nstk = 0;
	x->mark_lines = x->nlines;
}

/* Drop the entry being read (its distinct lines stay interned). */
static void
entry_drop(struct bt_ctx *x)
{
	x->nlines = x->mark_lines;
}

/* An entry without an integer value: counted, not kept. */
static void
entry_nonint(struct bt_ctx *x)
{
	entry_drop(x);
	x->maps[x->cur_map].entries++;
}

/* Finish the entry with an integer value (negative: neg set). */
static void
entry_finish(struct bt_ctx *x, uint64_t v, int neg, const char *sep,
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
	split_fields(x, sep, seplen);
	e->nfields = x->nfields - e->field0;
	m->entries++;
	m->ints++;
	for (i = e->field0; i < x->nfields; i++)
		if (x->fields[i].stack && x->fields[i].b > 0)
			m->stacky = 1;
}

/* Append text to the key being read. */
static void
key_add(struct bt_ctx *x, const char *s, size_t n)
{
	xgrow((void **)&x->key, &x->kcap, x->klen + n + 1, 1);
	memcpy(x->key + x->klen, s, n);
	x->klen += n;
}

/* Start a new stack of the entry being read. */
static void
stack_begin(struct bt_ctx *x)
{
	xgrow((void **)&x->stk, &x->capstk, x->nstk + 1, sizeof *x->stk);
	x->stk[x->nstk].off = x->nlines;
	x->stk[x->nstk].len = 0;
	x->nstk++;
}

/* The id of frame line s[0..n), interned when new. */
static uint32_t
line_id(struct bt_ctx *x, const char *s, size_t n)
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
	u->off = arena_add(x, s, n);
	u->len = n;
	u->hash = h;
	u->vote = -2;
	u->root = -1;
	u->named = 0;
	u->next = UINT32_MAX;
	x->slots[i] = (uint32_t)(x->nul + 1);
	return (uint32_t)x->nul++;
}

/*
 * Add a frame line to the current stack.  Stacks repeat, so the line is
 * first compared with the one that followed the previous line last time
 * (or began a stack): a hit costs a memcmp, not a hash and a lookup.
 */
static void
stack_line(struct bt_ctx *x, const char *s, size_t n)
{
	uint32_t g = x->stk[x->nstk - 1].len == 0 ? x->first :
	    x->ul[x->prev].next, id;
	const struct bt_uline *u;

	if (g != UINT32_MAX && (u = &x->ul[g])->len == n &&
	    memcmp(x->arena + u->off, s, n) == 0)
		id = g;
	else
		id = line_id(x, s, n);
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
static int
parse_value(const char *s, size_t n, uint64_t *v, int *neg)
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

/*
 * segment(): the key text s[0..n) after "[" or after a stack.  Returns 1
 * when a stack follows (the state becomes STACK), 0 when the entry ended.
 */
static int
segment(struct bt_ctx *x, const char *s, size_t n)
{
	size_t e = n, i;
	uint64_t v;
	int neg, r;

	/* "]: " then -?[0-9]+ to the end */
	while (e > 0 && is_digit((unsigned char)s[e - 1]))
		e--;
	if (e < n) {
		size_t ds = e;

		if (ds > 0 && s[ds - 1] == '-')
			ds--;
		for (i = 0; i < 2; i++) {
			/* try with and without the "-" */
			size_t st = i == 0 ? ds : e;

			if (st >= 3 && memcmp(s + st - 3, "]: ", 3) == 0) {
				key_add(x, s, st - 3);
				r = parse_value(s + st, n - st, &v, &neg);
				if (r == 1)
					entry_finish(x, v, neg, ", ", 2);
				else
					entry_nonint(x);
				return 0;
			}
			if (ds == e)
				break;
		}
	}
	/* "]: " anywhere, or "]:" at the end: no integer value */
	for (i = 0; i + 2 <= n; i++)
		if (s[i] == ']' && s[i + 1] == ':' &&
		    (i + 2 == n || s[i + 2] == ' ')) {
			entry_nonint(x);
			return 0;
		}
	key_add(x, s, n);
	if (n > 0 && s[n - 1] == ',')
		key_add(x, " ", 1);
	key_add(x, "\0", 1);
	stack_begin(x);
	return 1;
}

/* Read bpftrace's text output. */
static void
read_text(struct bt_ctx *x, struct reader *r, const char *first,
    size_t firstlen, struct load_result *res)
{
	const char *line;
	size_t len;
	long nl;
	int st, in_stack = 0, have = first != NULL;
	uint64_t lineno = 0;

	for (;;) {
		if (have) {
			line = first;
			len = firstlen;
			have = 0;
		} else {
			st = loader_line(r, x->d, res, &line, &len);
			if (st == 0)
				break;
			if (st != READER_LINE)
				continue;
		}
		lineno = reader_lineno(r);
		if (in_stack) {
			if (len > 0 && (line[0] == ',' || line[0] == ']')) {
				if (line[0] == ',' && (len < 2 || line[1] != ' ')) {
					key_add(x, ", ", 2);
					in_stack = segment(x, line + 1, len - 1);
				} else
					in_stack = segment(x, line, len);
				continue;
			}
			if (entry_start(line, len, '[') >= 0 ||
			    py_blank(line, len)) {
				diag_bad_line(x->d, lineno, "map entry cut short; "
				    "dropped", x->maps[x->cur_map].name,
				    strlen(x->maps[x->cur_map].name));
				entry_drop(x);
				in_stack = 0;
			} else {
				stack_line(x, line, len);
				continue;
			}
		}
		if ((nl = entry_start(line, len, '[')) >= 0) {
			entry_begin(x, map_id_at(x, line + 1, (size_t)nl));
			in_stack = segment(x, line + nl + 2,
			    len - (size_t)nl - 2);
		} else if ((nl = entry_start(line, len, ':')) >= 0)
			(void)map_id_at(x, line + 1, (size_t)nl);
	}
	if (in_stack) {
		diag_note(x->d, "input ended inside a map entry of %s; dropped",
		    x->maps[x->cur_map].name);
		entry_drop(x);
	}
}

/* ---------------------------------------------------------------- JSON */

/* Skip JSON whitespace. */
static size_t
jws(const char *s, size_t i, size_t n)
{
	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' ||
	    s[i] == '\r'))
		i++;
	return i;
}

/* Append a code point as UTF-8 to the decoded string. */
static void
js_put(struct bt_ctx *x, uint32_t c)
{
	char b[4];
	size_t n;

	if (c < 0x80) {
		b[0] = (char)c;
		n = 1;
	} else if (c < 0x800) {
		b[0] = (char)(0xc0 | (c >> 6));
		b[1] = (char)(0x80 | (c & 0x3f));
		n = 2;
	} else if (c < 0x10000) {
		b[0] = (char)(0xe0 | (c >> 12));
		b[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		b[2] = (char)(0x80 | (c & 0x3f));
		n = 3;
	} else {
		b[0] = (char)(0xf0 | (c >> 18));
		b[1] = (char)(0x80 | ((c >> 12) & 0x3f));
		b[2] = (char)(0x80 | ((c >> 6) & 0x3f));
		b[3] = (char)(0x80 | (c & 0x3f));
		n = 4;
	}
	xgrow((void **)&x->js, &x->jscap, x->jslen + n + 1, 1);
	memcpy(x->js + x->jslen, b, n);
	x->jslen += n;
}

/* Four hex digits at s[i]; -1 when not. */
static long
hex4(const char *s, size_t i, size_t n)
{
	long v = 0;
	size_t k;
	unsigned char c;

	if (n - i < 4)
		return -1;
	for (k = 0; k < 4; k++) {
		c = (unsigned char)s[i + k];
		if (!is_xdigit(c))
			return -1;
		v = v * 16 + (is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return v;
}

/*
 * Parse a JSON string at s[i] ('"'); with dec, decode it into x->js.
 * Returns the index after it, or 0 when it is not a valid string.
 */
static size_t
jstring(struct bt_ctx *x, const char *s, size_t i, size_t n, int dec)
{
	unsigned char c;
	long u, u2;

	if (i >= n || s[i] != '"')
		return 0;
	if (dec)
		x->jslen = 0;
	for (i++; i < n; i++) {
		c = (unsigned char)s[i];
		if (c == '"')
			return i + 1;
		if (c < 0x20)
			return 0;
		if (c != '\\') {
			if (dec) {
				xgrow((void **)&x->js, &x->jscap, x->jslen + 2, 1);
				x->js[x->jslen++] = (char)c;
			}
			continue;
		}
		if (++i >= n)
			return 0;
		switch (s[i]) {
		case '"': case '\\': case '/':
			u = s[i];
			break;
		case 'b': u = '\b'; break;
		case 'f': u = '\f'; break;
		case 'n': u = '\n'; break;
		case 'r': u = '\r'; break;
		case 't': u = '\t'; break;
		case 'u':
			if ((u = hex4(s, i + 1, n)) < 0)
				return 0;
			i += 4;
			if (u >= 0xd800 && u < 0xdc00 && i + 2 < n &&
			    s[i + 1] == '\\' && s[i + 2] == 'u' &&
			    (u2 = hex4(s, i + 3, n)) >= 0xdc00 && u2 < 0xe000) {
				u = 0x10000 + ((u - 0xd800) << 10) + (u2 - 0xdc00);
				i += 6;
			}
			break;
		default:
			return 0;
		}
		if (dec)
			js_put(x, (uint32_t)u);
	}
	return 0;
}

/*
 * Skip one JSON value at s[i] without recursion (a depth counter, strings
 * skipped whole).  Returns the index after it, or 0 when it is invalid.
 */
static size_t
jskip(struct bt_ctx *x, const char *s, size_t i, size_t n)
{
	/* nesting: a bit per level would limit depth; keep a byte stack */
	char *stk = NULL;
	size_t depth = 0, cap = 0, j;
	int want_value = 1;     /* expecting a value (else , or close) */

	for (;;) {
		i = jws(s, i, n);
		if (i >= n)
			goto bad;
		if (want_value) {
			char c = s[i];

			if (c == '{' || c == '[') {
				xgrow((void **)&stk, &cap, depth + 1, 1);
				stk[depth++] = c;
				i = jws(s, i + 1, n);
				if (i < n && s[i] == (c == '{' ? '}' : ']')) {
					depth--;
					i++;
					want_value = 0;
				} else if (c == '{') {
					if ((i = jstring(x, s, i, n, 0)) == 0)
						goto bad;
					i = jws(s, i, n);
					if (i >= n || s[i] != ':')
						goto bad;
					i++;
				}
				if (depth == 0 && !want_value)
					break;
				continue;
			}
			if (c == '"') {
				if ((i = jstring(x, s, i, n, 0)) == 0)
					goto bad;
			} else if (n - i >= 4 && memcmp(s + i, "true", 4) == 0)
				i += 4;
			else if (n - i >= 5 && memcmp(s + i, "false", 5) == 0)
				i += 5;
			else if (n - i >= 4 && memcmp(s + i, "null", 4) == 0)
				i += 4;
			else if (n - i >= 3 && memcmp(s + i, "NaN", 3) == 0)
				i += 3;
			else if (n - i >= 8 && memcmp(s + i, "Infinity", 8) == 0)
				i += 8;
			else if (n - i >= 9 && memcmp(s + i, "-Infinity", 9) == 0)
				i += 9;
			else {
				j = i;
				if (j < n && s[j] == '-')
					j++;
				if (j < n && s[j] == '0')
					j++;
				else if (j < n && s[j] >= '1' && s[j] <= '9')
					while (j < n && is_digit((unsigned char)s[j]))
						j++;
				else
					goto bad;
				if (j + 1 < n && s[j] == '.' &&
				    is_digit((unsigned char)s[j + 1])) {
					j++;
					while (j < n && is_digit((unsigned char)s[j]))
						j++;
				}
				if (j < n && (s[j] == 'e' || s[j] == 'E')) {
					size_t k = j + 1;

					if (k < n && (s[k] == '+' || s[k] == '-'))
						k++;
					if (k < n && is_digit((unsigned char)s[k])) {
						while (k < n &&
						    is_digit((unsigned char)s[k]))
							k++;
						j = k;
					}
				}
				i = j;
			}
			want_value = 0;
			if (depth == 0)
				break;
			continue;
		}
		/* after a value inside a container */
		if (s[i] == ',') {
			i++;
			if (stk[depth - 1] == '{') {
				i = jws(s, i, n);
				if ((i = jstring(x, s, i, n, 0)) == 0)
					goto bad;
				i = jws(s, i, n);
				if (i >= n || s[i] != ':')
					goto bad;
				i++;
			}
			want_value = 1;
			continue;
		}
		if (s[i] == (stk[depth - 1] == '{' ? '}' : ']')) {
			i++;
			if (--depth == 0)
				break;
			continue;
		}
		goto bad;
	}
	free(stk);
	return i;
bad:
	free(stk);
	return 0;
}

/*
 * The value of a JSON map entry at s[i..j): an integer (or a string of
 * -?digits) gives 1 with *v, *neg; anything else 0.
 */
static int
json_value(const char *s, size_t i, size_t j, uint64_t *v, int *neg)
{
	if (j - i >= 2 && s[i] == '"') {
		i++;
		j--;
		/* the string holds no escapes when it is digits */
	}
	return parse_value(s + i, j - i, v, neg) == 1;
}

/* Remember the raw key s[off..off+len) of a member of a map object. */
static void
member_add(struct bt_ctx *x, size_t off, size_t len, const char *s)
{
	uint64_t h = 1469598103934665603ull;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[off + i]) * 1099511628211ull;
	xgrow((void **)&x->mem, &x->capmem, x->nmem + 1, sizeof *x->mem);
	x->mem[x->nmem].off = off;
	x->mem[x->nmem].len = len;
	x->mem[x->nmem].hash = h;
	x->mem[x->nmem].dup = 0;
	x->nmem++;
}

/*
 * Mark each member whose key comes again later in the object (Python's
 * json, which made the expected outputs, keeps the last value).  Keys are
 * compared as written: bpftrace writes one key one way.
 */
static void
members_dedup(struct bt_ctx *x, const char *s)
{
	size_t cap = 16, i, j, mask;
	struct bt_member *a, *b;

	while (cap < 2 * x->nmem)
		cap *= 2;
	xgrow((void **)&x->mslot, &x->capslot, cap, sizeof *x->mslot);
	memset(x->mslot, 0, cap * sizeof *x->mslot);
	mask = cap - 1;
	for (i = x->nmem; i > 0; i--) {
		a = &x->mem[i - 1];
		for (j = (size_t)a->hash & mask; x->mslot[j] != 0;
		    j = (j + 1) & mask) {
			b = &x->mem[x->mslot[j] - 1];
			if (b->hash == a->hash && b->len == a->len &&
			    memcmp(s + a->off, s + b->off, a->len) == 0) {
				a->dup = 1;
				break;
			}
		}
		if (!a->dup)
			x->mslot[j] = (uint32_t)i;
	}
}

/* Split a decoded JSON key (x->js) into pieces and stacks: the entry's key. */
static void
json_key(struct bt_ctx *x)
{
	const char *s = x->js, *end = x->js + x->jslen, *p, *nl;
	const char **parts = NULL;
	size_t *plen = NULL, np = 0, cap = 0, cap2 = 0, i;

	/* parts: the key split on "\n" */
	p = s;
	for (;;) {
		nl = memchr(p, '\n', (size_t)(end - p));
		xgrow((void **)&parts, &cap, np + 1, sizeof *parts);
		xgrow((void **)&plen, &cap2, np + 1, sizeof *plen);
		parts[np] = p;
		plen[np] = nl ? (size_t)(nl - p) : (size_t)(end - p);
		np++;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	key_add(x, parts[0], plen[0]);
	i = 1;
	while (i < np) {
		stack_begin(x);
		while (i < np - 1 && !(plen[i] > 0 && parts[i][0] == ','))
			stack_line(x, parts[i], plen[i]), i++;
		key_add(x, "\0", 1);
		key_add(x, parts[i], plen[i]);
		i++;
	}
	free(parts);
	free(plen);
}

/* One JSON line: entries of a "map" object, map names of map/hist/stats. */
static void
json_line(struct bt_ctx *x, const char *s, size_t n, uint64_t lineno)
{
	size_t i, k, ks, ke, vs, ve, ds = 0, de = 0;
	int type = 0; /* 1 map, 2 hist/stats, 0 other */
	int have_data = 0;
	uint64_t v;
	int neg;

	if (py_blank(s, n))
		return;
	/* the whole line must be one JSON value */
	i = jws(s, 0, n);
	if ((k = jskip(x, s, i, n)) == 0 || jws(s, k, n) != n) {
		if (x->bad_json++ == 0)
			diag_bad_line(x->d, lineno, "not JSON; ignored", s, n);
		return;
	}
	if (s[i] != '{')
		return;
	/* find "type" and "data" (the last of each, as Python's dict does) */
	i = jws(s, i + 1, n);
	while (i < n && s[i] != '}') {
		ks = i;
		i = jstring(x, s, i, n, 1);
		i = jws(s, i, n) + 1;
		i = jws(s, i, n);
		vs = i;
		ve = jskip(x, s, i, n);
		if (x->jslen == 4 && memcmp(x->js, "type", 4) == 0) {
			type = 0;
			if (jstring(x, s, vs, n, 1) != 0) {
				if (x->jslen == 3 && memcmp(x->js, "map", 3) == 0)
					type = 1;
				else if ((x->jslen == 4 &&
				    memcmp(x->js, "hist", 4) == 0) ||
				    (x->jslen == 5 &&
				    memcmp(x->js, "stats", 5) == 0))
					type = 2;
			}
		} else if (x->jslen == 4 && memcmp(x->js, "data", 4) == 0) {
			have_data = s[vs] == '{';
			ds = vs;
			de = ve;
		}
		(void)ks;
		i = jws(s, ve, n);
		if (i < n && s[i] == ',')
			i = jws(s, i + 1, n);
	}
	if (!have_data || type == 0)
		return;
	/* data: {NAME: VALUE, ...} */
	i = jws(s, ds + 1, n);
	while (i < de && s[i] != '}') {
		uint32_t map;

		i = jstring(x, s, i, n, 1);
		map = map_id(x, x->js, x->jslen);
		i = jws(s, jws(s, i, n) + 1, n);
		vs = i;
		ve = jskip(x, s, i, n);
		if (type == 1 && s[vs] == '{') {
			/* KEY: VALUE members; a repeated KEY: the last wins */
			size_t nm = 0, mi = 0;

			k = jws(s, vs + 1, n);
			while (k < ve && s[k] != '}') {
				ks = k;
				k = jstring(x, s, k, n, 0);
				member_add(x, ks, k - ks, s);
				k = jws(s, jws(s, k, n) + 1, n);
				k = jws(s, jskip(x, s, k, n), n);
				if (k < n && s[k] == ',')
					k = jws(s, k + 1, n);
				nm++;
			}
			members_dedup(x, s);
			k = jws(s, vs + 1, n);
			for (mi = 0; mi < nm; mi++) {
				size_t key0 = k;

				k = jstring(x, s, k, n, 1);
				k = jws(s, jws(s, k, n) + 1, n);
				ks = k;
				ke = jskip(x, s, k, n);
				(void)key0;
				if (!x->mem[mi].dup) {
					entry_begin(x, map);
					if (json_value(s, ks, ke, &v, &neg)) {
						json_key(x);
						entry_finish(x, v, neg, ",", 1);
					} else
						entry_nonint(x);
				}
				k = jws(s, ke, n);
				if (k < n && s[k] == ',')
					k = jws(s, k + 1, n);
			}
			x->nmem = 0;
		}
		i = jws(s, ve, n);
		if (i < n && s[i] == ',')
			i = jws(s, i + 1, n);
	}
}

/* Read bpftrace's JSON output, one object a line. */
static void
read_json(struct bt_ctx *x, struct reader *r, const char *first,
    size_t firstlen, struct load_result *res)
{
	const char *line;
	size_t len;
	int st;

	json_line(x, first, firstlen, reader_lineno(r));
	while ((st = loader_line(r, x->d, res, &line, &len)) != 0)
		if (st == READER_LINE)
			json_line(x, line, len, reader_lineno(r));
	if (x->bad_json > 1)
		diag_note(x->d, "%llu lines that are not JSON ignored",
		    (unsigned long long)x->bad_json);
}

/* ---------------------------------------------------------------- folding */

/* s[0..n) is "0x" + hex digits. */
static int
hexsym(const char *s, size_t n)
{
	size_t i;

	if (n < 3 || s[0] != '0' || s[1] != 'x')
		return 0;
	for (i = 2; i < n; i++)
		if (!is_xdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* s[0..n) is hex digits only (raw mode). */
static int
allhex(const char *s, size_t n)
{
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (!is_xdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* Perf mode "\tHEX REST": 1 with the address and the rest. */
static int
perf_line(const char *s, size_t n, size_t *alen, const char **rest,
    size_t *rlen)
{
	size_t i = 1;

	if (n < 3 || s[0] != '\t')
		return 0;
	while (i < n && is_xdigit((unsigned char)s[i]))
		i++;
	if (i == 1 || i >= n || s[i] != ' ')
		return 0;
	*alen = i - 1;
	*rest = s + i + 1;
	*rlen = n - i - 1;
	return 1;
}

/* Is the hex address a[0..n) at or above KERNEL_MIN? */
static int
hex_kernel(const char *a, size_t n)
{
	uint64_t v = 0;
	size_t i = 0;
	unsigned char c;

	while (i < n && a[i] == '0')
		i++;
	if (n - i > 16)
		return 1;
	for (; i < n; i++) {
		c = (unsigned char)a[i];
		v = v * 16 + (uint64_t)(is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return v >= KERNEL_MIN;
}

/* The address a frame line shows: 1 (kernel), 0 (user), -1 (none). */
static int
line_vote(const char *s, size_t n)
{
	const char *rest;
	size_t alen, rlen, b, e;

	if (perf_line(s, n, &alen, &rest, &rlen))
		return hex_kernel(s + 1, alen);
	if (allhex(s, n))
		return hex_kernel(s, n);
	b = 0;
	e = n;
	while (b < e && py_space((unsigned char)s[b]))
		b++;
	while (e > b && py_space((unsigned char)s[e - 1]))
		e--;
	if (hexsym(s + b, e - b))
		return hex_kernel(s + b + 2, e - b - 2);
	return -1;
}

/*
 * Split "sym+1 (mod)": the length of sym, and *mod and *mlen the module, when
 * rest ends in a balanced group after a space; else rlen and *mod NULL.
 */
static size_t
split_module(const char *r, size_t n, const char **mod, size_t *mlen)
{
	size_t i;
	long depth = 0;

	*mod = NULL;
	if (n == 0 || r[n - 1] != ')')
		return n;
	for (i = n; i > 0; i--) {
		if (r[i - 1] == ')')
			depth++;
		else if (r[i - 1] == '(') {
			depth--;
			if (depth == 0) {
				if (i - 1 > 0 && r[i - 2] == ' ') {
					*mod = r + i;
					*mlen = n - i - 1;
					return i - 2;
				}
				return n;
			}
		}
	}
	return n;
}

/* Length of s[0..n) without a final "+DIGITS". */
static size_t
cut_offset(const char *s, size_t n)
{
	size_t e = n;

	while (e > 0 && is_digit((unsigned char)s[e - 1]))
		e--;
	if (e < n && e > 0 && s[e - 1] == '+')
		return e - 1;
	return n;
}

/* Is the root-most frame line a kernel entry point? */
static int
kernel_root(const char *s, size_t n)
{
	const char *rest, *mod;
	size_t alen, rlen, mlen, b, e, i, l;

	if (perf_line(s, n, &alen, &rest, &rlen)) {
		s = rest;
		n = split_module(rest, rlen, &mod, &mlen);
	} else {
		b = 0;
		e = n;
		while (b < e && (s[b] == ' ' || s[b] == '\t'))
			b++;
		while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'))
			e--;
		s += b;
		n = e - b;
	}
	n = cut_offset(s, n);
	for (i = 0; i < sizeof kernel_roots / sizeof kernel_roots[0]; i++) {
		l = strlen(kernel_roots[i]);
		if (l == n && memcmp(s, kernel_roots[i], n) == 0)
			return 1;
	}
	return (n >= 8 && memcmp(s, "asm_exc_", 8) == 0) ||
	    (n >= 11 && memcmp(s, "asm_sysvec_", 11) == 0) ||
	    (n >= 20 && memcmp(s, "asm_common_interrupt", 20) == 0);
}

/* Room for n more bytes in the frame buffer; returns where they go. */
static char *
tmp_room(struct bt_ctx *x, size_t used, size_t n)
{
	xgrow((void **)&x->tmp, &x->tmpcap, used + n + 1, 1);
	return x->tmp + used;
}

/* Add s[0..n) to the frame buffer at *used. */
static void
tmp_put(struct bt_ctx *x, size_t *used, const char *s, size_t n)
{
	memcpy(tmp_room(x, *used, n), s, n);
	*used += n;
}

/* Basename as the reference computes it: after trailing "/"s are removed. */
static void
put_basename(struct bt_ctx *x, size_t *used, const char *p, size_t n)
{
	size_t e = n, b;

	while (e > 0 && p[e - 1] == '/')
		e--;
	if (e == 0) {
		if (n > 0)
			tmp_put(x, used, "/", 1);
		return;
	}
	b = e;
	while (b > 0 && p[b - 1] != '/')
		b--;
	tmp_put(x, used, p + b, e - b);
}

/* Clean one frame line into x->tmp; returns its length. */
static size_t
clean_frame(struct bt_ctx *x, const char *s, size_t n)
{
	const struct load_opts *o = x->opts;
	const char *rest, *mod, *sym;
	size_t alen, rlen, mlen, sl, used = 0, b, i;

	if (perf_line(s, n, &alen, &rest, &rlen)) {
		sl = split_module(rest, rlen, &mod, &mlen);
		if (hexsym(rest, sl)) {
			tmp_put(x, &used, "[", 1);
			if (mod != NULL && mlen > 0 &&
			    !(mlen == 9 && memcmp(mod, "[unknown]", 9) == 0))
				put_basename(x, &used, mod, mlen);
			else
				tmp_put(x, &used, "unknown", 7);
			if (o->addrs) {
				tmp_put(x, &used, " <", 2);
				tmp_put(x, &used, s + 1, alen);
				tmp_put(x, &used, ">", 1);
			}
			tmp_put(x, &used, "]", 1);
		} else
			tmp_put(x, &used, rest,
			    o->includeoffset ? sl : cut_offset(rest, sl));
	} else if (allhex(s, n)) {
		if (o->addrs) {
			tmp_put(x, &used, "[unknown <", 10);
			tmp_put(x, &used, s, n);
			tmp_put(x, &used, ">]", 2);
		} else
			tmp_put(x, &used, "[unknown]", 9);
	} else {
		b = 0;
		while (b < n && (s[b] == ' ' || s[b] == '\t'))
			b++;
		sym = s + b;
		sl = n - b;
		if (sl >= 10 && memcmp(sym, "[inlined] ", 10) == 0) {
			sym += 10;
			sl -= 10;
		}
		/* a final "@PATH:DIGITS" after the last "@" */
		for (i = sl; i > 0; i--)
			if (sym[i - 1] == '@')
				break;
		if (i > 0) {
			size_t e = sl;

			while (e > i && is_digit((unsigned char)sym[e - 1]))
				e--;
			if (e < sl && e > i && sym[e - 1] == ':')
				sl = i - 1;
		}
		if (hexsym(sym, sl)) {
			if (o->addrs) {
				tmp_put(x, &used, "[unknown <", 10);
				tmp_put(x, &used, sym + 2, sl - 2);
				tmp_put(x, &used, ">]", 2);
			} else
				tmp_put(x, &used, "[unknown]", 9);
		} else
			tmp_put(x, &used, sym,
			    o->includeoffset ? sl : cut_offset(sym, sl));
	}
	for (i = 0; i < used; i++)
		if (x->tmp[i] == ';')
			x->tmp[i] = ':';
	return used;
}

/* Index of the map to fold, or -1 with *err set. */
static long
choose_map(struct bt_ctx *x, char **err)
{
	const char *want = x->opts->map;
	size_t i, len = 0;
	char *list;

	if (want == NULL) {
		for (i = 0; i < x->nmaps; i++)
			if (x->maps[i].stacky)
				return (long)i;
		*err = xasprintf("no stack map in the input");
		return -1;
	}
	for (i = 0; i < x->nmaps; i++) {
		const char *n = x->maps[i].name;

		if (want[0] == '@' ? strcmp(n, want) == 0 :
		    strcmp(n + 1, want) == 0) {
			if (x->maps[i].ints == 0) {
				*err = xasprintf("map %s has no keyed entry "
				    "with an integer value", n);
				return -1;
			}
			return (long)i;
		}
	}
	for (i = 0; i < x->nmaps; i++)
		len += strlen(x->maps[i].name) + 1;
	list = xmalloc(len + 5);
	list[0] = '\0';
	for (i = 0; i < x->nmaps; i++) {
		if (i > 0)
			strcat(list, " ");
		strcat(list, x->maps[i].name);
	}
	*err = xasprintf("no map %s%s in the input (maps: %s)",
	    want[0] == '@' ? "" : "@", want, x->nmaps ? list : "none");
	free(list);
	return -1;
}

/* Hand the entries of map m to sink, folded. */
static void
fold_map(struct bt_ctx *x, uint32_t m, struct stack_sink *sink,
    struct load_result *res)
{
	/* votes[2*i]: kernel, votes[2*i+1]: user, for key position i */
	uint64_t *votes = NULL;
	int *kind = NULL;        /* 0 user, 1 unknown, 2 kernel */
	size_t nvotes = 0, cap = 0, capk = 0, i, j, k, *order = NULL, capo = 0;
	size_t no, len;
	const struct bt_entry *e;
	const struct bt_field *f;
	struct bt_uline *ln;
	uint64_t skipped = 0, negative = 0;
	int any;

	for (i = 0; i < x->nents; i++) {
		e = &x->ents[i];
		if (e->map != m)
			continue;
		for (j = 0; j < e->nfields; j++) {
			f = &x->fields[e->field0 + j];
			if (!f->stack || f->b == 0)
				continue;
			if (j + 1 > nvotes) {
				xgrow((void **)&votes, &cap, 2 * (j + 1),
				    sizeof *votes);
				memset(votes + 2 * nvotes, 0,
				    2 * (j + 1 - nvotes) * sizeof *votes);
				nvotes = j + 1;
			}
			for (k = 0; k < f->b; k++) {
				ln = &x->ul[x->lines[f->a + k]];
				if (ln->vote == -2)
					ln->vote = line_vote(x->arena + ln->off,
					    ln->len);
				if (ln->vote == 1)
					votes[2 * j]++;
				else if (ln->vote == 0)
					votes[2 * j + 1]++;
			}
			ln = &x->ul[x->lines[f->a + f->b - 1]];
			if (ln->root == -1)
				ln->root = kernel_root(x->arena + ln->off,
				    ln->len);
			if (ln->root)
				votes[2 * j]++;
		}
	}
	xgrow((void **)&kind, &capk, nvotes + 1, sizeof *kind);
	for (j = 0; j < nvotes; j++)
		kind[j] = votes[2 * j] > votes[2 * j + 1] ? 2 :
		    votes[2 * j + 1] > votes[2 * j] ? 0 : 1;
	for (i = 0; i < x->nents; i++) {
		e = &x->ents[i];
		if (e->map != m)
			continue;
		if (e->negative) {
			negative++;
			continue;
		}
		if (e->value == 0)
			continue;
		sink->begin(sink->ctx);
		any = 0;
		no = 0;
		for (j = 0; j < e->nfields; j++) {
			f = &x->fields[e->field0 + j];
			if (f->stack) {
				if (f->b > 0) {
					xgrow((void **)&order, &capo, no + 1,
					    sizeof *order);
					order[no++] = j;
				}
				continue;
			}
			if (f->b == 0)
				continue;
			len = 0;
			tmp_put(x, &len, x->arena + f->a, f->b);
			for (k = 0; k < len; k++)
				if (x->tmp[k] == ';')
					x->tmp[k] = ':';
			sink->frame(sink->ctx, x->tmp, len);
			any = 1;
		}
		/* stacks by kind, then by decreasing position (insertion sort) */
		for (k = 1; k < no; k++) {
			size_t t = order[k], p = k;
			int kt = t < nvotes ? kind[t] : 1;

			while (p > 0) {
				size_t q = order[p - 1];
				int kq = q < nvotes ? kind[q] : 1;

				if (kq < kt || (kq == kt && q > t))
					break;
				order[p] = q;
				p--;
			}
			order[p] = t;
		}
		for (k = 0; k < no; k++) {
			size_t pos = order[k];
			int kern = x->opts->kernel && pos < nvotes &&
			    kind[pos] == 2;

			f = &x->fields[e->field0 + pos];
			for (j = f->b; j > 0; j--) {
				ln = &x->ul[x->lines[f->a + j - 1]];
				if (!ln->named) {
					len = clean_frame(x, x->arena + ln->off,
					    ln->len);
					xgrow((void **)&x->names, &x->nmcap,
					    x->nmlen + len + 1, 1);
					memcpy(x->names + x->nmlen, x->tmp, len);
					ln->noff = x->nmlen;
					ln->nlen = len;
					ln->named = 1;
					x->nmlen += len;
				}
				if (kern) {
					len = 0;
					tmp_put(x, &len, x->names + ln->noff,
					    ln->nlen);
					tmp_put(x, &len, "_[k]", 4);
					sink->frame(sink->ctx, x->tmp, len);
				} else
					sink->frame(sink->ctx, x->names + ln->noff,
					    ln->nlen);
				any = 1;
			}
		}
		if (!any)
			sink->frame(sink->ctx, "[empty]", 7);
		sink->end(sink->ctx, COUNT_INT(e->value));
		res->samples++;
	}
	skipped = x->maps[m].entries - x->maps[m].ints;
	if (skipped > 0)
		diag_note(x->d, "%s: %llu entries without an integer value "
		    "skipped", x->maps[m].name, (unsigned long long)skipped);
	if (negative > 0)
		diag_note(x->d, "%s: %llu entries with a negative value skipped",
		    x->maps[m].name, (unsigned long long)negative);
	free(votes);
	free(kind);
	free(order);
}

int
load_bpftrace(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	struct bt_ctx x;
	const char *line;
	size_t len, i, n;
	const char *t;
	int st, rc = 0;
	long m;

	memset(&x, 0, sizeof x);
	x.opts = opts;
	x.d = d;
	x.first = UINT32_MAX;
	/* The first non-blank line says text or JSON. */
	while ((st = loader_line(r, d, res, &line, &len)) != 0) {
		if (st != READER_LINE || py_blank(line, len))
			continue;
		n = len;
		t = trim(line, &n);
		if (t[0] == '{')
			read_json(&x, r, line, len, res);
		else
			read_text(&x, r, line, len, res);
		break;
	}
	if (reader_status_failed(r) && x.nents == 0) {
		rc = 0; /* loader_run reports the read error */
		goto out;
	}
	if ((m = choose_map(&x, err)) < 0) {
		rc = -1;
		goto out;
	}
	fold_map(&x, (uint32_t)m, sink, res);
out:
	for (i = 0; i < x.nmaps; i++)
		free(x.maps[i].name);
	free(x.maps);
	free(x.arena);
	free(x.lines);
	free(x.ul);
	free(x.slots);
	free(x.names);
	free(x.fields);
	free(x.ents);
	free(x.key);
	free(x.stk);
	free(x.js);
	free(x.tmp);
	free(x.mem);
	free(x.mslot);
	return rc;
}

/* Is s[0..n) "Attaching N probe" / "Attached N probe"? */
static int
banner(const char *s, size_t n)
{
	size_t i;

	if (n >= 10 && memcmp(s, "Attaching ", 10) == 0)
		i = 10;
	else if (n >= 9 && memcmp(s, "Attached ", 9) == 0)
		i = 9;
	else
		return 0;
	if (i >= n || !is_digit((unsigned char)s[i]))
		return 0;
	while (i < n && is_digit((unsigned char)s[i]))
		i++;
	return n - i >= 6 && memcmp(s + i, " probe", 6) == 0;
}

/*
 * Answer whether buf is bpftrace output (see loaders/sniff.h).  strong:
 * only the sure signs (the banner or a JSON object with a "type" first);
 * otherwise also an "@NAME[" line among the first lines.
 */
int
bpftrace_sniff(const char *buf, size_t len, int complete, int strong)
{
	const char *p = buf, *end = buf + len, *nl, *t;
	size_t n;
	int lines = 0, first = 1;

	while (p < end && lines < SNIFF_LINES) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL && !complete)
			break;
		n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (!is_blank(p, n)) {
			lines++;
			t = p;
			if (first) {
				first = 0;
				if (banner(t, n) ||
				    (n >= 10 && memcmp(t, "{\"type\": \"", 10) == 0))
					return 1;
			}
			if (!strong && entry_start(t, n, '[') >= 0)
				return 1;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return strong ? 0 : -1;
}
