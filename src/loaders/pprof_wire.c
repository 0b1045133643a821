/*
 * The pprof loader's protobuf wire decoder (loaders/pprof_ctx.h): varints,
 * fields and their wire types, each length checked against the bytes left
 * before it is used, and the first pass over a Profile message that keeps
 * its small tables (value types, mappings, functions, locations with their
 * lines, strings as spans into the buffer, drop/keep/default indices).
 * The samples are only counted here; pprof.c walks them.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loaders/pprof_ctx.h"
#include "util/xalloc.h"

/* Record the first error (printf-style). */
void ATTR_FORMAT(2, 3)
pp_fail(struct pp_ctx *x, const char *fmt, ...)
{
	va_list ap;
	char buf[512];

	if (x->err != NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	x->err = xstrdup(buf);
}

/* Account bytes more of tables. */
int
pp_reserve(struct pp_ctx *x, uint64_t bytes, const char *what)
{
	if (bytes > x->memcap - x->mem) {
		pp_fail(x, "pprof profile refused: %s would take its tables "
		    "past %llu MiB (%u times its %llu MiB, plus %u MiB)", what,
		    (unsigned long long)(x->memcap >> 20), PPROF_TABLES_PER_BYTE,
		    (unsigned long long)(x->len >> 20), PPROF_TABLES_SLACK >> 20);
		return -1;
	}
	x->mem += bytes;
	return 0;
}

/* Give back bytes accounted. */
void
pp_release(struct pp_ctx *x, uint64_t bytes)
{
	x->mem -= bytes < x->mem ? bytes : x->mem;
}

/* Offset of p in the buffer. */
static size_t
pp_at(const struct pp_ctx *x, const unsigned char *p)
{
	return (size_t)(p - x->buf);
}

/* pp_varint() past its first byte. */
static int
pp_varint_long(struct pp_ctx *x, struct pp_msg *m, uint64_t *v)
{
	const unsigned char *p = m->p;
	uint64_t r = 0;
	int i;

	for (i = 0; i < 10; i++) {
		if (p + i >= m->end) {
			pp_fail(x, "not a valid pprof profile: truncated varint at "
			    "byte %zu", pp_at(x, p));
			return -1;
		}
		r |= (uint64_t)(p[i] & 0x7f) << (7 * i);
		if ((p[i] & 0x80) == 0) {
			m->p = p + i + 1;
			*v = r;
			return 0;
		}
	}
	pp_fail(x, "not a valid pprof profile: varint longer than 10 bytes at "
	    "byte %zu", pp_at(x, p));
	return -1;
}

/*
 * Read a varint at m->p.  0 on success; -1 (error recorded) otherwise.  One
 * byte (most keys and lengths) is read here, inline.
 */
static inline int
pp_varint(struct pp_ctx *x, struct pp_msg *m, uint64_t *v)
{
	if (m->p < m->end && m->p[0] < 0x80) {
		*v = *m->p++;
		return 0;
	}
	return pp_varint_long(x, m, v);
}

/* The next field of m: 1, 0 at the end, -1 on an error (recorded). */
int
pp_next_field(struct pp_ctx *x, struct pp_msg *m, struct pp_field *f)
{
	uint64_t key, n;
	size_t left;

	if (m->p >= m->end)
		return 0;
	f->at = pp_at(x, m->p);
	if (pp_varint(x, m, &key) != 0)
		return -1;
	f->num = key >> 3;
	f->wt = (int)(key & 7);
	left = (size_t)(m->end - m->p);
	switch (f->wt) {
	case 0:
		return pp_varint(x, m, &f->v) == 0 ? 1 : -1;
	case 1:
	case 5:
		n = f->wt == 1 ? 8 : 4;
		if (left < n) {
			pp_fail(x, "not a valid pprof profile: field %llu at byte "
			    "%zu runs past the end", (unsigned long long)f->num,
			    f->at);
			return -1;
		}
		f->v = 0;
		while (n-- > 0)
			f->v = (f->v << 8) | m->p[n];
		m->p += f->wt == 1 ? 8 : 4;
		return 1;
	case 2:
		if (pp_varint(x, m, &n) != 0)
			return -1;
		left = (size_t)(m->end - m->p);
		if (n > left) {
			pp_fail(x, "not a valid pprof profile: field %llu at byte "
			    "%zu: length %llu runs past the end (%zu bytes left)",
			    (unsigned long long)f->num, f->at,
			    (unsigned long long)n, left);
			return -1;
		}
		f->sub.p = m->p;
		f->sub.end = m->p + n;
		m->p += n;
		return 1;
	default:
		pp_fail(x, "not a valid pprof profile: unknown wire type %d (field "
		    "%llu) at byte %zu", f->wt, (unsigned long long)f->num,
		    f->at);
		return -1;
	}
}

/* f must be a varint: its value, or -1 after recording an error. */
static int
pp_want_int(struct pp_ctx *x, const struct pp_field *f, const char *what,
    uint64_t *v)
{
	if (f->wt != 0) {
		pp_fail(x, "not a valid pprof profile: %s at byte %zu: wire type "
		    "%d, want varint", what, f->at, f->wt);
		return -1;
	}
	*v = f->v;
	return 0;
}

/* f must be a message. */
static int
pp_want_msg(struct pp_ctx *x, const struct pp_field *f, const char *what)
{
	if (f->wt != 2) {
		pp_fail(x, "not a valid pprof profile: %s at byte %zu: wire type "
		    "%d, want a message", what, f->at, f->wt);
		return -1;
	}
	return 0;
}

/*
 * A repeated varint field, packed or not: call fn(ctx, value) for each.
 * 0, or -1 on an error.
 */
int
pp_each_int(struct pp_ctx *x, const struct pp_field *f, const char *what,
    void (*fn)(void *, uint64_t), void *ctx)
{
	struct pp_msg m;
	uint64_t v;

	if (f->wt == 0) {
		fn(ctx, f->v);
		return 0;
	}
	if (f->wt != 2) {
		pp_fail(x, "not a valid pprof profile: %s at byte %zu: wire type "
		    "%d, want varint or packed", what, f->at, f->wt);
		return -1;
	}
	m = f->sub;
	while (m.p < m.end) {
		if (pp_varint(x, &m, &v) != 0)
			return -1;
		fn(ctx, v);
	}
	return 0;
}

/* A ValueType message: type and unit. */
static int
value_type(struct pp_ctx *x, const struct pp_field *f, uint64_t out[2])
{
	struct pp_msg m;
	struct pp_field g;
	uint64_t v;
	int r;

	if (pp_want_msg(x, f, "sample_type") != 0)
		return -1;
	out[0] = out[1] = 0;
	m = f->sub;
	while ((r = pp_next_field(x, &m, &g)) == 1)
		if (g.num == 1 || g.num == 2) {
			if (pp_want_int(x, &g, g.num == 1 ? "ValueType.type" :
			    "ValueType.unit", &v) != 0)
				return -1;
			out[g.num - 1] = v;
		}
	return r;
}

/* Decode a Mapping. */
static int
mapping(struct pp_ctx *x, const struct pp_field *f)
{
	struct pp_mapping mp = {0, 0};
	struct pp_msg m;
	struct pp_field g;
	uint64_t v;
	int r;

	if (pp_want_msg(x, f, "mapping") != 0)
		return -1;
	m = f->sub;
	while ((r = pp_next_field(x, &m, &g)) == 1) {
		if (g.num == 1) {
			if (pp_want_int(x, &g, "Mapping.id", &mp.id) != 0)
				return -1;
		} else if (g.num == 5) {
			if (pp_want_int(x, &g, "Mapping.filename", &v) != 0)
				return -1;
			mp.file = v;
		}
	}
	if (r < 0)
		return -1;
	xgrow((void **)&x->maps, &x->capmaps, x->nmaps + 1, sizeof *x->maps);
	x->maps[x->nmaps++] = mp;
	return 0;
}

/* Decode a Function. */
static int
function(struct pp_ctx *x, const struct pp_field *f)
{
	struct pp_function fn = {0, 0};
	struct pp_msg m;
	struct pp_field g;
	uint64_t v;
	int r;

	if (pp_want_msg(x, f, "function") != 0)
		return -1;
	m = f->sub;
	while ((r = pp_next_field(x, &m, &g)) == 1) {
		if (g.num == 1) {
			if (pp_want_int(x, &g, "Function.id", &fn.id) != 0)
				return -1;
		} else if (g.num == 2) {
			if (pp_want_int(x, &g, "Function.name", &v) != 0)
				return -1;
			fn.name = v;
		}
	}
	if (r < 0)
		return -1;
	xgrow((void **)&x->funcs, &x->capfuncs, x->nfuncs + 1,
	    sizeof *x->funcs);
	x->funcs[x->nfuncs++] = fn;
	return 0;
}

/* Decode a Location and its lines. */
static int
location(struct pp_ctx *x, const struct pp_field *f)
{
	struct pp_location loc;
	struct pp_msg m, lm;
	struct pp_field g, h;
	uint64_t fid;
	int r, r2;

	if (pp_want_msg(x, f, "location") != 0)
		return -1;
	memset(&loc, 0, sizeof loc);
	loc.line0 = (uint32_t)x->nlines;
	m = f->sub;
	while ((r = pp_next_field(x, &m, &g)) == 1) {
		if (g.num == 1) {
			if (pp_want_int(x, &g, "Location.id", &loc.id) != 0)
				return -1;
		} else if (g.num == 2) {
			if (pp_want_int(x, &g, "Location.mapping_id",
			    &loc.mapping) != 0)
				return -1;
		} else if (g.num == 3) {
			if (pp_want_int(x, &g, "Location.address", &loc.addr) != 0)
				return -1;
		} else if (g.num == 4) {
			if (pp_want_msg(x, &g, "Location.line") != 0)
				return -1;
			fid = 0;
			lm = g.sub;
			while ((r2 = pp_next_field(x, &lm, &h)) == 1)
				if (h.num == 1 && pp_want_int(x, &h,
				    "Line.function_id", &fid) != 0)
					return -1;
			if (r2 < 0)
				return -1;
			xgrow((void **)&x->lines, &x->caplines, x->nlines + 1,
			    sizeof *x->lines);
			x->lines[x->nlines++] = fid;
		}
	}
	if (r < 0)
		return -1;
	loc.nlines = (uint32_t)(x->nlines - loc.line0);
	xgrow((void **)&x->locs, &x->caplocs, x->nlocs + 1, sizeof *x->locs);
	x->locs[x->nlocs++] = loc;
	return 0;
}

/* The bytes of the tables counted so far. */
static uint64_t
pp_counted(const struct pp_ctx *x)
{
	return (uint64_t)x->capstr * sizeof *x->str +
	    (uint64_t)x->captypes * sizeof *x->types +
	    (uint64_t)x->capmaps * sizeof *x->maps +
	    (uint64_t)x->capfuncs * sizeof *x->funcs +
	    (uint64_t)x->caplocs * sizeof *x->locs +
	    (uint64_t)x->caplines * sizeof *x->lines;
}

/*
 * Count the entries of every table (into the cap* fields), and the lines of
 * the locations, skipping over everything else; it stops early once they
 * are past the bound.  An error stops the count but is not kept: the
 * decoding that follows meets it in its own order (a table entry the
 * decoding keeps lies before it, so it was counted).
 */
static void
pp_count(struct pp_ctx *x)
{
	struct pp_msg m = {x->buf, x->buf + x->len}, lm;
	struct pp_field f, g;
	uint32_t n = 0;

	while (pp_next_field(x, &m, &f) == 1) {
		if (++n % 65536 == 0 && pp_counted(x) > x->memcap)
			break;
		if (f.num == 1)
			x->captypes++;
		else if (f.num == 3)
			x->capmaps++;
		else if (f.num == 5)
			x->capfuncs++;
		else if (f.num == 6)
			x->capstr++;
		else if (f.num == 4) {
			x->caplocs++;
			if (f.wt != 2)
				continue;
			lm = f.sub;
			while (pp_next_field(x, &lm, &g) == 1)
				x->caplines += g.num == 4;
			if (x->err != NULL)
				break;
		}
	}
	free(x->err);
	x->err = NULL;
}

/* Allocate a table of cap entries of size bytes (none when cap is 0). */
static void *
pp_table(size_t cap, size_t size)
{
	return cap > 0 ? xreallocarray(NULL, cap, size) : NULL;
}

/* First pass: everything but the samples, which are counted. */
int
pp_decode(struct pp_ctx *x)
{
	struct pp_msg m = {x->buf, x->buf + x->len};
	struct pp_field f;
	uint64_t v;
	int r;

	/* count, check the bound, then allocate each table once */
	pp_count(x);
	if (pp_reserve(x, pp_counted(x),
	    "its strings, mappings, functions and locations") != 0)
		return -1;
	x->str = pp_table(x->capstr, sizeof *x->str);
	x->types = pp_table(x->captypes, sizeof *x->types);
	x->maps = pp_table(x->capmaps, sizeof *x->maps);
	x->funcs = pp_table(x->capfuncs, sizeof *x->funcs);
	x->locs = pp_table(x->caplocs, sizeof *x->locs);
	x->lines = pp_table(x->caplines, sizeof *x->lines);
	while ((r = pp_next_field(x, &m, &f)) == 1) {
		switch (f.num) {
		case 1:
			xgrow((void **)&x->types, &x->captypes, x->ntypes + 1,
			    sizeof *x->types);
			if (value_type(x, &f, x->types[x->ntypes]) < 0)
				return -1;
			x->ntypes++;
			break;
		case 2:
			if (pp_want_msg(x, &f, "sample") != 0)
				return -1;
			x->nsamples++;
			break;
		case 3:
			if (mapping(x, &f) != 0)
				return -1;
			break;
		case 4:
			if (location(x, &f) != 0)
				return -1;
			break;
		case 5:
			if (function(x, &f) != 0)
				return -1;
			break;
		case 6:
			if (pp_want_msg(x, &f, "string_table") != 0)
				return -1;
			if (x->nstr == 0 && f.sub.p != f.sub.end) {
				pp_fail(x, "not a valid pprof profile: "
				    "string_table[0] is not empty");
				return -1;
			}
			xgrow((void **)&x->str, &x->capstr, x->nstr + 1,
			    sizeof *x->str);
			x->str[x->nstr].off = (uint32_t)pp_at(x, f.sub.p);
			x->str[x->nstr].len = (uint32_t)(f.sub.end - f.sub.p);
			x->nstr++;
			break;
		case 7:
		case 8:
		case 14:
			if (pp_want_int(x, &f, f.num == 7 ? "drop_frames" :
			    f.num == 8 ? "keep_frames" : "default_sample_type",
			    &v) != 0)
				return -1;
			if (f.num == 7)
				x->drop = v;
			else if (f.num == 8)
				x->keep = v;
			else
				x->dflt = v;
			break;
		case 11:
			{
				uint64_t pt[2];

				if (value_type(x, &f, pt) < 0)
					return -1;
			}
			break;
		case 12:
			if (pp_want_int(x, &f, "period", &v) != 0)
				return -1;
			break;
		default:
			break;
		}
	}
	return r;
}
