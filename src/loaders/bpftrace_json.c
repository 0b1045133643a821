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

/*
 * Remember a member of a map object: its key (decoded, kept in x->mkeys)
 * and its value's text s[vs..ve).
 */
static void
member_add(struct bt_ctx *x, const char *k, size_t kn, size_t vs, size_t ve)
{
	uint64_t h = 1469598103934665603ull;
	struct bt_member *m;
	size_t i;

	for (i = 0; i < kn; i++)
		h = (h ^ (unsigned char)k[i]) * 1099511628211ull;
	xgrow((void **)&x->mkeys, &x->mkcap, x->mklen + kn + 1, 1);
	memcpy(x->mkeys + x->mklen, k, kn);
	xgrow((void **)&x->mem, &x->capmem, x->nmem + 1, sizeof *x->mem);
	m = &x->mem[x->nmem++];
	m->off = x->mklen;
	m->len = kn;
	m->vs = vs;
	m->ve = ve;
	m->hash = h;
	m->dup = 0;
	x->mklen += kn;
}

/*
 * Mark each member whose key comes again later in the object (Python's
 * json, which made the expected outputs, keeps the last value).
 */
static void
members_dedup(struct bt_ctx *x)
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
			    memcmp(x->mkeys + a->off, x->mkeys + b->off,
			    a->len) == 0) {
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

/* The offset right after the value j just read (blanks not included). */
static size_t
value_end(const struct json *j)
{
	size_t e = j->pos;

	while (e > 0 && (j->s[e - 1] == ' ' || j->s[e - 1] == '\t' ||
	    j->s[e - 1] == '\n' || j->s[e - 1] == '\r'))
		e--;
	return e;
}

/* A map object's KEY: VALUE members into entries of map (j is at it). */
static void
map_members(struct bt_ctx *x, struct json *j, uint32_t map)
{
	const char *k, *s = j->s;
	size_t kn, vs, mi;
	uint64_t v;
	int neg;

	if (json_object(j) != 1)
		return;
	x->nmem = x->mklen = 0;
	while (json_key(j, &k, &kn) == 1) {
		vs = json_mark(j);
		member_add(x, k, kn, vs, vs);
		if (json_skip(j) != 1)
			return;
		x->mem[x->nmem - 1].ve = value_end(j);
	}
	/* a repeated KEY: the last wins */
	members_dedup(x);
	for (mi = 0; mi < x->nmem; mi++) {
		const struct bt_member *m = &x->mem[mi];

		if (m->dup)
			continue;
		bt_entry_begin(x, map);
		if (json_value(s, m->vs, m->ve, &v, &neg)) {
			xgrow((void **)&x->js, &x->jscap, m->len + 1, 1);
			memcpy(x->js, x->mkeys + m->off, m->len);
			x->jslen = m->len;
			bt_member_key(x);
			bt_entry_finish(x, v, neg, ",", 1);
		} else {
			bt_entry_nonint(x);
		}
	}
	x->nmem = 0;
}

/* data: {NAME: VALUE, ...}, read at mark; maps' members when type 1. */
static void
json_data(struct bt_ctx *x, const char *s, size_t n, size_t mark, int type)
{
	struct json j;
	const char *k;
	size_t kn;
	uint32_t map;

	json_init_at(&j, s, n, mark);
	j.nonfinite = 1;
	if (json_object(&j) == 1)
		while (json_key(&j, &k, &kn) == 1) {
			map = bt_map_id(x, k, kn);
			if (type == 1 && json_peek(&j) == JSON_OBJECT)
				map_members(x, &j, map);
			else if (json_skip(&j) != 1)
				break;
		}
	json_free(&j);
}

/* One JSON line: entries of a "map" object, map names of map/hist/stats. */
static void
json_line(struct bt_ctx *x, const char *s, size_t n, uint64_t lineno)
{
	struct json j;
	const char *k, *v;
	size_t kn, vn, dmark = 0;
	int type = 0; /* 1 map, 2 hist/stats, 0 other */
	int have_data = 0, ok;

	if (bt_py_blank(s, n))
		return;
	/* the whole line must be one JSON value (NaN and Infinity too) */
	json_init(&j, s, n);
	j.nonfinite = 1;
	ok = json_skip(&j) == 1 && json_done(&j) == 1;
	json_free(&j);
	if (!ok) {
		if (x->bad_json++ == 0)
			diag_bad_line(x->d, lineno, "not JSON; ignored", s, n);
		return;
	}
	json_init(&j, s, n);
	j.nonfinite = 1;
	if (json_peek(&j) != JSON_OBJECT || json_object(&j) != 1) {
		json_free(&j);
		return;
	}
	/* "type" and "data": the last of each, as Python's dict keeps */
	while (json_key(&j, &k, &kn) == 1) {
		if (json_key_is(k, kn, "type")) {
			type = 0;
			if (json_peek(&j) == JSON_STRING &&
			    json_string(&j, &v, &vn) == 1) {
				if (json_key_is(v, vn, "map"))
					type = 1;
				else if (json_key_is(v, vn, "hist") ||
				    json_key_is(v, vn, "stats"))
					type = 2;
				continue;
			}
		} else if (json_key_is(k, kn, "data")) {
			have_data = json_peek(&j) == JSON_OBJECT;
			dmark = json_mark(&j);
		}
		if (json_skip(&j) != 1)
			break;
	}
	json_free(&j);
	if (have_data && type != 0)
		json_data(x, s, n, dmark, type);
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
