/*
 * The frame names of a pprof profile's locations (see pprof.c): a line's
 * function name, else "[basename of the mapping file]" or "[unknown]"
 * (--addrs: " <hex address>" added), "_[k]" on kernel mappings' frames
 * under --kernel, ";" made ":" and NUL, CR, LF "?"; made once per
 * location into one arena, within the tables' memory bound.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "loaders/loader.h"
#include "loaders/pprof_ctx.h"
#include "util/xalloc.h"

/* A frame name's byte as folded: ";" -> ":", NUL/CR/LF -> "?". */
static char
clean_char(char c)
{
	return c == ';' ? ':' : (c == '\0' || c == '\n' || c == '\r') ? '?' : c;
}

/* The length of s's first run that clean_char() leaves as it is. */
static size_t
clean_run(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && clean_char(s[i]) == s[i]; i++)
		;
	return i;
}

/*
 * Append a frame name, cleaned (clean_char()), to the names arena (frames
 * has room for it): 0, or -1 (error recorded) past the tables' bound.
 */
static int
name_add(struct pp_ctx *x, const char *pre, size_t pl, const char *s,
    size_t n, const char *post, size_t ql)
{
	size_t i, o, need, cap;

	if (pl == 0 && ql == 0 && s >= (const char *)x->buf &&
	    s < (const char *)x->buf + x->len && n > 0 && clean_run(s, n) == n) {
		/* as it stands in the profile: not copied */
		x->frames[x->nframes].off = (uint32_t)(s - (const char *)x->buf);
		x->frames[x->nframes].len = (uint32_t)n;
		x->nframes++;
		return 0;
	}
	need = x->nlen + pl + n + ql + 1;
	if (need > x->ncap) {
		/* grown by half, accounted, and addressed by 32-bit spans */
		cap = x->ncap + x->ncap / 2 > need ? x->ncap + x->ncap / 2 :
		    need;
		if (x->len + cap > UINT32_MAX) {
			pp_fail(x, "pprof profile refused: its frame names "
			    "take more than 4 GiB");
			return -1;
		}
		if (pp_reserve(x, cap - x->ncap, "the frame names") != 0)
			return -1;
		x->names = xreallocarray(x->names, cap, 1);
		x->ncap = cap;
	}
	o = x->nlen;
	memcpy(x->names + o, pre, pl);
	o += pl;
	for (i = 0; i < n; i++)
		x->names[o++] = clean_char(s[i]);
	memcpy(x->names + o, post, ql);
	o += ql;
	x->frames[x->nframes].off = (uint32_t)(x->len + x->nlen);
	x->frames[x->nframes].len = (uint32_t)(o - x->nlen);
	x->nframes++;
	x->nlen = o;
	return 0;
}

/* perf's kernel test on a mapping file: "[..." or "...vmlinux", no "unknown". */
static int
kernel_file(const char *s, size_t n)
{
	size_t i;

	if (!((n > 0 && s[0] == '[') ||
	    (n >= 7 && memcmp(s + n - 7, "vmlinux", 7) == 0)))
		return 0;
	for (i = 0; i + 7 <= n; i++)
		if (memcmp(s + i, "unknown", 7) == 0)
			return 0;
	return 1;
}

/*
 * The frame names of every location, root-most first: 0, or -1 (error
 * recorded) past the tables' bound.
 */
int
pp_location_names(struct pp_ctx *x)
{
	const struct load_opts *o = x->opts;
	struct pp_location *loc;
	const struct pp_span *fn, *file;
	const char *b, *post;
	char tail[40];
	size_t i, k, bl, e, tl, pl;
	uint64_t nfr = 0;
	long mi;
	int r = 0;

	/* one frame a line, or one for a location without lines */
	for (i = 0; i < x->nlocs; i++)
		nfr += x->locs[i].nlines > 0 ? x->locs[i].nlines : 1;
	if (pp_reserve(x, nfr * sizeof *x->frames, "the frames") != 0)
		return -1;
	x->frames = xreallocarray(NULL, nfr > 0 ? nfr : 1, sizeof *x->frames);
	x->capframes = nfr;
	for (i = 0; i < x->nlocs && r == 0; i++) {
		loc = &x->locs[i];
		loc->fr0 = (uint32_t)x->nframes;
		mi = loc->mapping ? pp_index_find(&x->imap, loc->mapping) : -1;
		file = mi >= 0 ? &x->str[x->maps[mi].file] : NULL;
		/* the name of a frame without one: "[basename" or "[unknown" */
		if (file != NULL && file->len > 0) {
			b = (const char *)x->buf + file->off;
			e = file->len;
			while (e > 0 && b[e - 1] == '/')
				e--;
			if (e == 0) {
				b = "/";
				bl = 1;
			} else {
				bl = e;
				while (bl > 0 && b[bl - 1] != '/')
					bl--;
				b += bl;
				bl = e - bl;
			}
		} else {
			b = "unknown";
			bl = 7;
		}
		post = o->kernel && file != NULL && kernel_file(
		    (const char *)x->buf + file->off, file->len) ? "_[k]" : "";
		pl = strlen(post);
		tl = 0;
		if (o->addrs)
			tl = (size_t)snprintf(tail, sizeof tail, " <%llx>",
			    (unsigned long long)loc->addr);
		tail[tl++] = ']';
		memcpy(tail + tl, post, pl);
		tl += pl;
		if (loc->nlines == 0)
			r = name_add(x, "[", 1, b, bl, tail, tl);
		for (k = loc->nlines; k > 0 && r == 0; k--) {
			fn = &x->str[x->funcs[x->lines[loc->line0 + k - 1]].name];
			if (fn->len > 0)
				r = name_add(x, "", 0, (const char *)x->buf +
				    fn->off, fn->len, post, pl);
			else
				r = name_add(x, "[", 1, b, bl, tail, tl);
		}
		loc->nfr = (uint32_t)(x->nframes - loc->fr0);
	}
	return r;
}
