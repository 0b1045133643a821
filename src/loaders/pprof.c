/*
 * pprof profiles (profile.proto) -> stacks (docs: formats-bpftrace-pprof.md
 * part 2).
 *
 * A profile is one protobuf message, usually gzip-compressed (the reader
 * inflates it, several members too).  What matters of it, by field number:
 *
 *	Profile  1 sample_type (ValueType: 1 type, 2 unit, string indices)
 *	         2 sample      (1 location_id: leaf first, 2 value: one per type)
 *	         3 mapping     (1 id, 5 filename)
 *	         4 location    (1 id, 2 mapping_id, 3 address, 4 line)
 *	         5 function    (1 id, 2 name)
 *	         6 string_table (string_table[0] is "")
 *	         7 drop_frames, 8 keep_frames, 14 default_sample_type (strings)
 *	Line     1 function_id (line[0] is the innermost inlined function)
 *
 * The wire format is decoded here, not by a generated decoder (HACKING,
 * "Formats" says why: memory).  The whole message is read into one buffer
 * (at most PPROF_MAX_BYTES once inflated); a first pass walks its fields
 * and keeps the small tables (strings as spans into the buffer, mappings,
 * functions, locations with their lines), checking every length against
 * the bytes left before using it, so no count read from the input sizes an
 * allocation; ids are found through hash tables (ids are arbitrary 64-bit
 * numbers).  A second pass walks the samples where they lie, without
 * copying them, and hands each to the sink: root first, a location's
 * inlined lines outermost first; a line without a function name, or a
 * location without lines, is "[basename of the mapping file]" or
 * "[unknown]" (--addrs adds " <hex address>"); --kernel adds "_[k]" to
 * frames of "[...]" and "vmlinux" mappings; ";" becomes ":", NUL, CR and
 * LF "?".  Nothing is recursive: the only nesting is the fixed one of the
 * schema.
 *
 * The value is the sample type named by default_sample_type, else the
 * last (as `go tool pprof` does), or --sample-index=NAME|N.  Values 0 are
 * skipped, negative ones skipped and counted.  drop_frames/keep_frames are
 * applied as pprof's Prune does unless --all-frames; the patterns are
 * compiled with PCRE2 (pprof uses RE2: patterns that differ between the
 * two may match differently), one that does not compile is ignored.  They
 * come from the input: each distinct function name is matched once, through
 * the search module (its match limits and JIT; a name they give up on is
 * kept), and all names within PPROF_MATCH_BUDGET_MS, past which neither
 * pattern is applied (a note says so either way).
 *
 * A malformed profile is refused whole, with the reason and a byte offset
 * (of the inflated data) where there is one: bad varints, lengths past the
 * end, wrong wire types, string indices out of range, ids 0 or repeated,
 * a sample naming a location that does not exist or holding a value per
 * type other than one, a line naming no function.  Labels, comments,
 * function file names, build ids and times are ignored, not checked.  So
 * is one whose tables would take more than PPROF_TABLES_PER_BYTE times its
 * size plus PPROF_TABLES_SLACK (pprof_ctx.h): every table is counted, or
 * accounted as it grows, before it is allocated, so a few bytes of input
 * (an empty string is two) never become tens of bytes of memory unchecked.
 *
 * The wire decoder and the first pass are in pprof_wire.c, drop_frames and
 * keep_frames in pprof_drop.c, the frame names of the locations in
 * pprof_names.c; this file folds the profile: the sample index, the
 * samples given to the sink, and the loader and sniffer.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "loaders/loader.h"
#include "loaders/pprof_ctx.h"
#include "loaders/sniff.h"
#include "model/units.h"
#include "search/search.h"
#include "util/escape.h"
#include "util/macros.h"
#include "util/xalloc.h"

/* The largest profile read: protobuf's own limit for one message is 2 GiB. */
#ifndef PPROF_MAX_BYTES
#define PPROF_MAX_BYTES (1u << 30)
#endif

/* String idx, or NULL after recording an error. */
static const struct pp_span *
string(struct pp_ctx *x, uint64_t idx, const char *what)
{
	if (idx >= x->nstr) {
		pp_fail(x, "not a valid pprof profile: %s: string index %llu out "
		    "of range (table has %zu)", what, (unsigned long long)idx,
		    x->nstr);
		return NULL;
	}
	return &x->str[idx];
}

/* Mix an id into a hash slot. */
static size_t
slot(uint64_t id, size_t mask)
{
	id ^= id >> 33;
	id *= 0xff51afd7ed558ccdull;
	id ^= id >> 33;
	return (size_t)id & mask;
}

/*
 * Index n ids (id of element i at base + i * stride + idoff): 0, or -1 with an
 * error for id 0 or a repeated id.
 */
static int
index_build(struct pp_ctx *x, struct pp_index *ix, const void *base,
    size_t idoff, size_t stride, size_t n, const char *kind)
{
	size_t cap = 16, i, s;
	uint64_t id;

	/*
	 * Go numbers every table 1, 2, 3, ... in order: then the id is the
	 * index and no table is built (it would cost 12-24 bytes an entry).
	 */
	for (i = 0; i < n; i++) {
		memcpy(&id, (const char *)base + i * stride + idoff, sizeof id);
		if (id != i + 1)
			break;
	}
	if (i == n) {
		ix->dense = n;
		return 0;
	}
	while (cap < 2 * n)
		cap *= 2;
	if (pp_reserve(x, (uint64_t)cap * (sizeof *ix->keys + sizeof *ix->vals),
	    "an index of ids") != 0)
		return -1;
	ix->keys = xcalloc(cap, sizeof *ix->keys);
	ix->vals = xcalloc(cap, sizeof *ix->vals);
	ix->mask = cap - 1;
	for (i = 0; i < n; i++) {
		memcpy(&id, (const char *)base + i * stride + idoff, sizeof id);
		if (id == 0) {
			pp_fail(x, "malformed pprof profile: %s with reserved id 0",
			    kind);
			return -1;
		}
		for (s = slot(id, ix->mask); ix->vals[s] != 0;
		    s = (s + 1) & ix->mask)
			if (ix->keys[s] == id) {
				pp_fail(x, "malformed pprof profile: two %ss with "
				    "id %llu", kind, (unsigned long long)id);
				return -1;
			}
		ix->keys[s] = id;
		ix->vals[s] = (uint32_t)(i + 1);
	}
	return 0;
}

/* Index of id, or -1. */
long
pp_index_find(const struct pp_index *ix, uint64_t id)
{
	size_t s;

	if (id == 0)
		return -1;
	if (ix->keys == NULL)
		return id <= ix->dense ? (long)(id - 1) : -1;
	for (s = slot(id, ix->mask); ix->vals[s] != 0; s = (s + 1) & ix->mask)
		if (ix->keys[s] == id)
			return (long)ix->vals[s] - 1;
	return -1;
}

/* Do s[0..n) equal the C string t? */
static int
span_is(const struct pp_ctx *x, const struct pp_span *s, const char *t)
{
	return s->len == strlen(t) && memcmp(x->buf + s->off, t, s->len) == 0;
}

/* Copy a string into buf (cut to fit, NUL-terminated). */
static void
span_copy(const struct pp_ctx *x, const struct pp_span *s, char *buf,
    size_t cap)
{
	size_t n = s->len < cap - 1 ? s->len : cap - 1;

	memcpy(buf, x->buf + s->off, n);
	buf[n] = '\0';
}

/* The sample index to fold, or -1 after recording an error. */
static long
choose_index(struct pp_ctx *x)
{
	const char *want = x->opts->pprof.sample_index;
	const struct pp_span *t, *dflt = &x->str[x->dflt];
	size_t i, wl, listlen = 0;
	char *list;

	if (want == NULL) {
		if (dflt->len > 0)
			for (i = 0; i < x->ntypes; i++)
				if (x->str[x->types[i][0]].len == dflt->len &&
				    memcmp(x->buf + x->str[x->types[i][0]].off,
				    x->buf + dflt->off, dflt->len) == 0)
					return (long)i;
		return (long)x->ntypes - 1;
	}
	wl = strlen(want);
	if (wl > 0 && strspn(want, "0123456789") == wl) {
		unsigned long long n = strtoull(want, NULL, 10);

		if (wl > 18 || n >= x->ntypes) {
			pp_fail(x, "sample index %s is outside [0..%zu]", want,
			    x->ntypes - 1);
			return -1;
		}
		return (long)n;
	}
	for (i = 0; i < x->ntypes; i++) {
		t = &x->str[x->types[i][0]];
		if (span_is(x, t, want) || (wl > 6 &&
		    memcmp(want, "inuse_", 6) == 0 && span_is(x, t, want + 6)))
			return (long)i;
	}
	for (i = 0; i < x->ntypes; i++)
		listlen += x->str[x->types[i][0]].len + 1;
	list = xmalloc(listlen + 1);
	listlen = 0;
	for (i = 0; i < x->ntypes; i++) {
		t = &x->str[x->types[i][0]];
		if (i > 0)
			list[listlen++] = ' ';
		memcpy(list + listlen, x->buf + t->off, t->len);
		listlen += t->len;
	}
	list[listlen] = '\0';
	pp_fail(x, "sample index '%s' must be one of: %s", want, list);
	free(list);
	return -1;
}

/* Context of the per-sample callbacks. */
struct pp_sample {
	struct pp_ctx *x;
	int64_t *vals;          /* one per sample type */
	uint64_t nvals;
	int bad;
	uint64_t badloc;
	int full;               /* sloc reached the tables' bound */
};

/*
 * Grow the sample's locations, accounted: 0, or -1 past the bound.  Kept
 * out of add_loc(), which runs for every location of every sample.
 */
#ifdef __GNUC__
__attribute__((noinline))
#endif
static int
grow_sloc(struct pp_sample *s)
{
	struct pp_ctx *x = s->x;
	size_t cap = x->capsloc < 64 ? 64 : x->capsloc + x->capsloc / 2;

	if (s->full || pp_reserve(x, (cap - x->capsloc) * sizeof *x->sloc,
	    "a sample's locations") != 0) {
		s->full = 1;
		return -1;
	}
	x->sloc = xreallocarray(x->sloc, cap, sizeof *x->sloc);
	x->capsloc = cap;
	return 0;
}

/* Add a location id of the sample. */
static void
add_loc(void *ctx, uint64_t id)
{
	struct pp_sample *s = ctx;
	struct pp_ctx *x = s->x;
	long li = pp_index_find(&x->iloc, id);

	if (li < 0) {
		if (!s->bad) {
			s->bad = 1;
			s->badloc = id;
		}
		return;
	}
	if (x->nsloc == x->capsloc && grow_sloc(s) != 0)
		return;
	x->sloc[x->nsloc++] = (uint32_t)li;
}

/*
 * Add a value of the sample: those past the sample types are only counted
 * (the sample is refused).
 */
static void
add_val(void *ctx, uint64_t v)
{
	struct pp_sample *s = ctx;

	if (s->nvals < s->x->ntypes)
		s->vals[s->nvals] = (int64_t)v;
	s->nvals++;
}

#define NO_ID UINT32_MAX

/*
 * Second pass: fold each sample to the sink (frame names by the sink's id
 * when it offers them, so each distinct name is hashed once, not once per
 * sample).
 */
static int
samples(struct pp_ctx *x, long idx, int prune, struct stack_sink *sink,
    struct load_result *res)
{
	struct pp_msg m = {x->buf, x->buf + x->len}, sm;
	struct pp_field f, g;
	struct pp_sample s;
	uint64_t n = 0, negative = 0;
	size_t start, i, k;
	const struct pp_use *loc;
	const struct pp_span *fr;
	const struct stack_sink_speed *sp = sink->speed;
	const char *name;
	uint32_t *fid = NULL;   /* the sink's id of each frame, or NO_ID */
	int r, found;
	int64_t v;

	memset(&s, 0, sizeof s);
	s.x = x;
	s.vals = xreallocarray(NULL, x->ntypes > 0 ? x->ntypes : 1,
	    sizeof *s.vals);
	if (sp != NULL && x->nframes > 0) {
		if (pp_reserve(x, (uint64_t)x->nframes * sizeof *fid,
		    "the frame ids") != 0) {
			free(s.vals);
			return -1;
		}
		fid = xmalloc(x->nframes * sizeof *fid);
		memset(fid, 0xff, x->nframes * sizeof *fid);
	}
	while ((r = pp_next_field(x, &m, &f)) == 1) {
		if (f.num != 2)
			continue;
		x->nsloc = 0;
		s.nvals = 0;
		s.bad = 0;
		sm = f.sub;
		while ((r = pp_next_field(x, &sm, &g)) == 1) {
			if (g.num == 1 && pp_each_int(x, &g, "Sample.location_id",
			    add_loc, &s) != 0)
				break;
			if (g.num == 2 && pp_each_int(x, &g, "Sample.value",
			    add_val, &s) != 0)
				break;
		}
		if (x->err != NULL)
			break;
		if (s.nvals != x->ntypes) {
			pp_fail(x, "malformed pprof profile: sample %llu has %llu "
			    "values for %zu sample types", (unsigned long long)n,
			    (unsigned long long)s.nvals, x->ntypes);
			break;
		}
		if (s.bad) {
			pp_fail(x, "malformed pprof profile: sample %llu refers to "
			    "location %llu, which does not exist",
			    (unsigned long long)n, (unsigned long long)s.badloc);
			break;
		}
		n++;
		v = s.vals[idx];
		if (v == 0)
			continue;
		if (v < 0) {
			negative++;
			continue;
		}
		/* Prune: from the root, past matching root-side locations. */
		start = 0;
		if (prune) {
			found = 0;
			for (i = x->nsloc; i > 0; i--) {
				loc = &x->use[x->sloc[i - 1]];
				if (loc->prune == 0) {
					found = 1;
					continue;
				}
				if (!found)
					continue;
				start = loc->prune == 2 ? i : i - 1;
				break;
			}
		}
		sink->begin(sink->ctx);
		for (i = x->nsloc; i > start; i--) {
			loc = &x->use[x->sloc[i - 1]];
			for (k = loc->fr0; k < loc->fr0 + loc->nfr; k++) {
				if (fid != NULL && fid[k] != NO_ID) {
					sp->frame_id(sink->ctx, fid[k]);
					continue;
				}
				fr = &x->frames[k];
				name = fr->off < x->len ?
				    (const char *)x->buf + fr->off :
				    x->names + (fr->off - x->len);
				if (fid == NULL)
					sink->frame(sink->ctx, name, fr->len);
				else {
					/* each frame name is interned once */
					fid[k] = sp->intern(sink->ctx, name,
					    fr->len);
					sp->frame_id(sink->ctx, fid[k]);
				}
			}
		}
		if (x->nsloc == 0)
			sink->frame(sink->ctx, "[empty]", 7);
		sink->end(sink->ctx, COUNT_INT((uint64_t)v));
		res->samples++;
	}
	free(s.vals);
	free(fid);
	if (x->err != NULL)
		return -1;
	if (negative > 0)
		diag_note(x->d, "%llu samples with a negative value skipped",
		    (unsigned long long)negative);
	return 0;
}

/* Check the tables and resolve ids; 0 or -1. */
static int
check(struct pp_ctx *x)
{
	size_t i;
	long fi;

	if (index_build(x, &x->imap, x->maps,
	    offsetof(struct pp_mapping, id), sizeof *x->maps,
	    x->nmaps, "mapping") != 0 ||
	    index_build(x, &x->ifunc, x->funcs,
	    offsetof(struct pp_function, id), sizeof *x->funcs,
	    x->nfuncs, "function") != 0 ||
	    index_build(x, &x->iloc, x->locs,
	    offsetof(struct pp_location, id), sizeof *x->locs,
	    x->nlocs, "location") != 0)
		return -1;
	for (i = 0; i < x->nmaps; i++)
		if (string(x, x->maps[i].file, "Mapping.filename") == NULL)
			return -1;
	for (i = 0; i < x->nfuncs; i++)
		if (string(x, x->funcs[i].name, "Function.name") == NULL)
			return -1;
	for (i = 0; i < x->nlocs; i++) {
		size_t k;
		struct pp_location *loc = &x->locs[i];

		for (k = 0; k < loc->nlines; k++) {
			fi = pp_index_find(&x->ifunc, x->lines[loc->line0 + k]);
			if (fi < 0) {
				pp_fail(x, "malformed pprof profile: location %llu "
				    "has a line with function id %llu, which "
				    "does not exist", (unsigned long long)loc->id,
				    (unsigned long long)x->lines[loc->line0 + k]);
				return -1;
			}
			x->lines[loc->line0 + k] = (uint64_t)fi;
		}
	}
	for (i = 0; i < x->ntypes; i++)
		if (string(x, x->types[i][0], "sample_type.type") == NULL ||
		    string(x, x->types[i][1], "sample_type.unit") == NULL)
			return -1;
	if (x->nsamples > 0 && x->ntypes == 0) {
		pp_fail(x, "malformed pprof profile: samples but no sample_type");
		return -1;
	}
	if (string(x, x->dflt, "default_sample_type") == NULL ||
	    string(x, x->drop, "drop_frames") == NULL ||
	    string(x, x->keep, "keep_frames") == NULL)
		return -1;
	return 0;
}

/* Record the chosen type and the list of all for the front end. */
static void
set_units(struct pp_ctx *x, long idx, struct load_units *u)
{
	size_t i, o = 0, n;
	const struct pp_span *t, *un;

	span_copy(x, &x->str[x->types[idx][0]], u->type, sizeof u->type);
	span_copy(x, &x->str[x->types[idx][1]], u->unit, sizeof u->unit);
	for (i = 0; i < x->ntypes; i++) {
		t = &x->str[x->types[i][0]];
		un = &x->str[x->types[i][1]];
		n = t->len + un->len + 2;
		if (o + n >= sizeof u->all)
			break;
		if (i > 0)
			u->all[o++] = ' ';
		memcpy(u->all + o, x->buf + t->off, t->len);
		o += t->len;
		u->all[o++] = '/';
		memcpy(u->all + o, x->buf + un->off, un->len);
		o += un->len;
	}
	u->all[o] = '\0';
}

/* The bytes of an index's table. */
static uint64_t
index_bytes(const struct pp_index *ix)
{
	return ix->keys == NULL ? 0 :
	    (uint64_t)(ix->mask + 1) * (sizeof *ix->keys + sizeof *ix->vals);
}

/*
 * Free what the samples pass does not use (the strings, mappings, functions
 * and lines are in the frame names now), and keep of each location only
 * its frames and prune mark, before the tree the samples feed grows: 0,
 * or -1 (error recorded) past the tables' bound.
 */
static int
drop_tables(struct pp_ctx *x)
{
	size_t i;

	/* 8 bytes a location from 48 */
	if (pp_reserve(x, (uint64_t)x->nlocs * sizeof *x->use,
	    "the locations") != 0)
		return -1;
	x->use = xreallocarray(NULL, x->nlocs ? x->nlocs : 1, sizeof *x->use);
	for (i = 0; i < x->nlocs; i++) {
		x->use[i].fr0 = x->locs[i].fr0;
		x->use[i].nfr = x->locs[i].nfr;
		x->use[i].prune = (unsigned int)x->locs[i].prune;
	}
	pp_release(x, (uint64_t)x->caplocs * sizeof *x->locs +
	    (uint64_t)x->capstr * sizeof *x->str +
	    (uint64_t)x->capmaps * sizeof *x->maps +
	    (uint64_t)x->capfuncs * sizeof *x->funcs +
	    (uint64_t)x->caplines * sizeof *x->lines +
	    index_bytes(&x->imap) + index_bytes(&x->ifunc));
	free(x->locs);
	x->locs = NULL;
	free(x->str);
	free(x->maps);
	free(x->funcs);
	free(x->lines);
	free(x->imap.keys);
	free(x->imap.vals);
	free(x->ifunc.keys);
	free(x->ifunc.vals);
	x->str = NULL;
	x->maps = NULL;
	x->funcs = NULL;
	x->lines = NULL;
	x->imap.keys = x->ifunc.keys = NULL;
	x->imap.vals = x->ifunc.vals = NULL;
	x->nstr = x->nmaps = x->nfuncs = x->nlines = 0;
	x->capstr = x->capmaps = x->capfuncs = x->caplines = x->caplocs = 0;
	return 0;
}

/* Load a pprof profile from r: fold the chosen sample type into sink. */
int
load_pprof(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	struct pp_ctx x;
	struct slurp in;
	unsigned char *buf;
	size_t len;
	long idx = -1;
	int rc = 0;

	memset(&x, 0, sizeof x);
	x.opts = opts;
	x.d = d;
	rc = loader_slurp(r, PPROF_MAX_BYTES, &in, err);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	buf = (unsigned char *)in.buf;
	len = in.len;
	if (len == 0) {
		*err = xasprintf("%s: empty pprof profile", reader_name(r));
		slurp_free(&in);
		return -1;
	}
	x.buf = buf;
	x.len = len;
	x.memcap = (uint64_t)PPROF_TABLES_PER_BYTE * len + PPROF_TABLES_SLACK;
	if (pp_decode(&x) != 0 || check(&x) != 0)
		goto bad;
	if (x.ntypes > 0) {
		if ((idx = choose_index(&x)) < 0)
			goto bad;
		set_units(&x, idx, &res->units);
		/* Durations and sizes in the front ends' words. */
		if (strcmp(res->units.unit, "nanoseconds") == 0)
			snprintf(res->event, sizeof res->event, "%s",
			    UNITS_NS_EVENT);
		else if (strcmp(res->units.unit, "bytes") == 0)
			snprintf(res->event, sizeof res->event, "bytes");
		/* As perf's note on the events skipped: what else is there. */
		if (x.ntypes > 1) {
			char t[256], u[256], a[1024];

			escape_text(t, sizeof t, res->units.type,
			    strlen(res->units.type));
			escape_text(u, sizeof u, res->units.unit,
			    strlen(res->units.unit));
			escape_text(a, sizeof a, res->units.all,
			    strlen(res->units.all));
			diag_note(d, "sample type %s (%s) shown; the profile has "
			    "%s (--sample-index)", t, u, a);
		}
	}
	if (x.nsamples > 0) {
		int prune = x.str[x.drop].len > 0 && !opts->pprof.all_frames;

		if ((prune && pp_prune_mark(&x) != 0) || pp_location_names(&x) != 0 ||
		    drop_tables(&x) != 0 ||
		    samples(&x, idx, prune, sink, res) != 0)
			goto bad;
	}
	goto out;
bad:
	*err = xasprintf("%s: %s", reader_name(r), x.err ? x.err : "error");
	rc = -1;
out:
	slurp_free(&in);
	free(x.err);
	free(x.str);
	free(x.types);
	free(x.maps);
	free(x.funcs);
	free(x.locs);
	free(x.use);
	free(x.lines);
	free(x.imap.keys);
	free(x.imap.vals);
	free(x.ifunc.keys);
	free(x.ifunc.vals);
	free(x.iloc.keys);
	free(x.iloc.vals);
	free(x.names);
	free(x.frames);
	free(x.sloc);
	return rc;
}

/*
 * Answer whether buf is a pprof profile (see loaders/sniff.h): its first
 * byte is the key of a Profile field with the wire type that field has,
 * and a control byte other than TAB, LF and CR comes in the first 256.
 */
int
pprof_sniff(const char *buf, size_t len, int complete)
{
	static const unsigned char keys[] = {
		0x0a, 0x12, 0x1a, 0x22, 0x2a, 0x32, 0x38, 0x40, 0x48, 0x50,
		0x5a, 0x60, 0x68, 0x70, 0x78
	};
	size_t i;
	unsigned char c;

	(void)complete;
	if (len == 0 || memchr(keys, (unsigned char)buf[0], sizeof keys) == NULL)
		return 0;
	for (i = 0; i < len && i < 256; i++) {
		c = (unsigned char)buf[i];
		if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
			return 1;
	}
	return 0;
}

/* pprof's row of the format table: binary, so nothing else scores as high. */
static int
pprof_score(const char *buf, size_t len, int complete)
{
	return pprof_sniff(buf, len, complete) == 1 ? SNIFF_SURE : 0;
}

const struct format format_pprof = {
	.id = FORMAT_PPROF,
	.name = "pprof",
	.help = "pprof protobuf profiles (Go, gzip-compressed or not)",
	.sniff = pprof_score,
	.load = load_pprof,
};
