/*
 * The bpftrace loader's JSON reader (`bpftrace -f json`, one object a
 * line; the format is described at the top of bpftrace.c): the members of
 * each "map" object become entries of the map store, their keys decoded
 * from JSON strings and split into text and stacks.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "loaders/bpftrace_ctx.h"
#include "util/ascii.h"
#include "util/json.h"
#include "util/xalloc.h"

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
	size_t n = json_utf8(c, b);

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
	return bt_parse_value(s + i, j - i, v, neg) == 1;
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
bt_member_key(struct bt_ctx *x)
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
	bt_key_add(x, parts[0], plen[0]);
	i = 1;
	while (i < np) {
		bt_stack_begin(x);
		while (i < np - 1 && !(plen[i] > 0 && parts[i][0] == ','))
			bt_stack_line(x, parts[i], plen[i]), i++;
		bt_key_add(x, "\0", 1);
		bt_key_add(x, parts[i], plen[i]);
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

	if (bt_py_blank(s, n))
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
		map = bt_map_id(x, x->js, x->jslen);
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
					bt_entry_begin(x, map);
					if (json_value(s, ks, ke, &v, &neg)) {
						bt_member_key(x);
						bt_entry_finish(x, v, neg, ",", 1);
					} else
						bt_entry_nonint(x);
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
void
bt_read_json(struct bt_ctx *x, struct reader *r, const char *first,
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
