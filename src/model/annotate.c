/*
 * A function's weight per line of source (model/annotate.h).
 *
 * The linetab is an array of (leaf node, location id, weight) entries
 * with an open-addressing index on (node, location); locations are
 * interned in a strtab of its own.  A function's lines are the entries of
 * its nodes summed by location: one pass over the entries, each checked
 * for its name and (when the subtree is not the whole tree) that it lies
 * under the subtree's top by walking up its parents.
 *
 * Source text is read only from regular files of at most SRC_MAX bytes
 * (a file named by the input may be anything: a FIFO is not waited on).
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/annotate.h"
#include "model/strtab.h"
#include "util/escape.h"
#include "util/hash.h"
#include "util/xalloc.h"

#define SRC_MAX (16u << 20)

struct lt_ent {
	uint32_t node, loc;
	struct tf_count w;
};

struct linetab {
	struct strtab *locs;
	struct lt_ent *e;
	size_t n, cap;
	uint32_t *slot;  /* entry index + 1, 0: free */
	size_t mask;
};

struct linetab *
linetab_new(void)
{
	struct linetab *lt = xcalloc(1, sizeof *lt);

	lt->locs = strtab_new();
	lt->mask = 63;
	lt->slot = xcalloc(lt->mask + 1, sizeof *lt->slot);
	return lt;
}

void
linetab_free(struct linetab *lt)
{
	if (lt == NULL)
		return;
	strtab_free(lt->locs);
	free(lt->e);
	free(lt->slot);
	free(lt);
}

size_t
linetab_size(const struct linetab *lt)
{
	return lt == NULL ? 0 : lt->n;
}

/* The index slot of (node, loc). */
static uint32_t *
lt_find(struct linetab *lt, uint32_t node, uint32_t loc)
{
	size_t i = (size_t)hash_mix64(((uint64_t)node << 32) | loc) & lt->mask;

	while (lt->slot[i] != 0) {
		const struct lt_ent *e = &lt->e[lt->slot[i] - 1];

		if (e->node == node && e->loc == loc)
			break;
		i = (i + 1) & lt->mask;
	}
	return &lt->slot[i];
}

/* Double the index. */
static void
lt_grow(struct linetab *lt)
{
	size_t i;

	free(lt->slot);
	lt->mask = lt->mask * 2 + 1;
	lt->slot = xcalloc(lt->mask + 1, sizeof *lt->slot);
	for (i = 0; i < lt->n; i++)
		*lt_find(lt, lt->e[i].node, lt->e[i].loc) = (uint32_t)i + 1;
}

/* Add c to (node, location id loc). */
static void
lt_add_id(struct linetab *lt, uint32_t node, uint32_t loc, struct tf_count c)
{
	uint32_t *s = lt_find(lt, node, loc);

	if (*s == 0) {
		xgrow((void **)&lt->e, &lt->cap, lt->n + 1, sizeof *lt->e);
		lt->e[lt->n].node = node;
		lt->e[lt->n].loc = loc;
		lt->e[lt->n].w = COUNT_ZERO;
		*s = (uint32_t)++lt->n;
		if (lt->n * 2 > lt->mask)
			lt_grow(lt);
		s = lt_find(lt, node, loc);
	}
	count_add(&lt->e[*s - 1].w, c);
}

void
linetab_add(struct linetab *lt, uint32_t node, const char *loc, size_t len,
    struct tf_count c)
{
	lt_add_id(lt, node, strtab_intern(lt->locs, loc, len), c);
}

void
linetab_merge_mapped(struct linetab *dst, const struct linetab *src,
    const uint32_t *map)
{
	size_t i, len;
	const char *s;

	for (i = 0; i < src->n; i++) {
		s = strtab_get(src->locs, src->e[i].loc, &len);
		linetab_add(dst, map[src->e[i].node], s, len, src->e[i].w);
	}
}

/*
 * A line's text (s, n bytes) to keep: without the blanks around it, tabs
 * inside made spaces (a listing of lines from several depths reads
 * better flush left, and the same from a file or from perf annotate).
 */
static char *
text_dup(const char *s, size_t n)
{
	char *t;
	size_t i;

	while (n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' ||
	    s[n - 1] == '\r'))
		n--;
	t = xmalloc(n + 1);
	for (i = 0; i < n; i++)
		t[i] = s[i] == '\t' ? ' ' : s[i];
	t[n] = '\0';
	return t;
}

/* Append a line (file: len bytes, or NULL) to a; returns it. */
static struct ann_line *
ann_push(struct annotation *a, const char *file, size_t len,
    unsigned long line, double w)
{
	struct ann_line *l;

	xgrow((void **)&a->lines, &a->cap, a->n + 1, sizeof *a->lines);
	l = &a->lines[a->n++];
	memset(l, 0, sizeof *l);
	if (file != NULL) {
		l->file = xmalloc(len + 1);
		memcpy(l->file, file, len);
		l->file[len] = '\0';
	}
	l->line = line;
	l->weight = w;
	return l;
}

/* Split "file:line" (len bytes) at its last ':'; 0 when it is not one. */
static int
loc_split(const char *s, size_t len, size_t *flen, unsigned long *line)
{
	size_t i = len;
	unsigned long n = 0;

	while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9')
		i--;
	if (i == len || i < 2 || s[i - 1] != ':' || len - i > 9)
		return 0;
	for (*flen = i - 1; i < len; i++)
		n = n * 10 + (unsigned long)(s[i] - '0');
	*line = n;
	return 1;
}

/* Is node under top (or top itself)? */
static int
under(const struct tree *t, uint32_t node, uint32_t top)
{
	if (top == TREE_ROOT)
		return 1;
	while (node != TREE_NONE && node != top)
		node = tree_node(t, node)->parent;
	return node == top;
}

void
annotate_build(struct annotation *a, const struct tree *t, int prof,
    const struct linetab *lt, uint32_t top, uint32_t name)
{
	struct tree_walk w;
	uint32_t id, nloc;
	double *by, done = 0;
	size_t i, len, flen;
	unsigned long line;
	const char *s;

	memset(a, 0, sizeof *a);
	tree_preorder(&w, t, top);
	while ((id = tree_preorder_next(&w)) != TREE_NONE)
		if (tree_node(t, id)->name == name)
			a->self += count_value(tree_self(t, prof, id));
	if (lt == NULL || lt->n == 0) {
		if (a->self > 0)
			ann_push(a, NULL, 0, 0, a->self);
		return;
	}
	nloc = strtab_count(lt->locs);
	by = xcalloc(nloc + 1, sizeof *by);
	for (i = 0; i < lt->n; i++) {
		const struct lt_ent *e = &lt->e[i];

		if (e->node < tree_size(t) &&
		    tree_node(t, e->node)->name == name &&
		    under(t, e->node, top))
			by[e->loc] += count_value(e->w);
	}
	for (id = 0; id < nloc; id++) {
		if (by[id] <= 0)
			continue;
		s = strtab_get(lt->locs, id, &len);
		if (!loc_split(s, len, &flen, &line)) {
			flen = len;
			line = 0;
		}
		ann_push(a, s, flen, line, by[id]);
		done += by[id];
	}
	free(by);
	/* What had no line: a row of its own, so shares add up. */
	if (a->self - done > a->self * 1e-9 && a->self - done > 0)
		ann_push(a, NULL, 0, 0, a->self - done);
}

/* The line of a numbered lno (the first file's), or NULL. */
static struct ann_line *
line_no(struct annotation *a, unsigned long lno)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		if (a->lines[i].file != NULL && a->lines[i].line == lno)
			return &a->lines[i];
	return NULL;
}

/* Append s (n bytes) and a newline to *dst (a string or NULL). */
static void
str_append(char **dst, const char *s, size_t n)
{
	size_t have = *dst != NULL ? strlen(*dst) : 0;

	if (have > (1u << 20))
		return; /* enough instructions for one line */
	*dst = xreallocarray(*dst, have + n + 2, 1);
	memcpy(*dst + have, s, n);
	(*dst)[have + n] = '\n';
	(*dst)[have + n + 1] = '\0';
}

/* "  61.12 hot.c:8": a line of perf annotate -l's sorted summary. */
static void
summary_line(struct annotation *a, const char *s, size_t n)
{
	size_t i = 0, b, flen;
	unsigned long lno;
	char num[32];
	double pct;

	while (i < n && s[i] == ' ')
		i++;
	for (b = i; i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.');)
		i++;
	if (i == b || i - b >= sizeof num || i >= n || s[i] != ' ')
		return;
	memcpy(num, s + b, i - b);
	num[i - b] = '\0';
	pct = strtod(num, NULL);
	while (i < n && s[i] == ' ')
		i++;
	if (i < n && loc_split(s + i, n - i, &flen, &lno))
		ann_push(a, s + i, flen, lno, pct);
}

/* Where the body of perf annotate's output is. */
struct body_state {
	unsigned long cur;  /* the source line instructions are under */
	const char *pt;     /* its text, until an instruction confirms it */
	size_t pn;
	int pending;
};

/*
 * A line of the body: "         : 8    s += ..." (a source line: its
 * number, its text) or "   59.33 :   115d:   add ..." (an instruction
 * with its share).  A source line's text is taken only when an
 * instruction follows it: the context objdump prints before a function's
 * first line is numbered wrong.
 */
static void
body_line(struct annotation *a, const char *s, size_t n, struct body_state *b)
{
	const char *colon = memchr(s, ':', n);
	size_t i, k = colon != NULL ? (size_t)(colon - s) : 0, j;
	unsigned long lno = 0;
	struct ann_line *l;

	if (colon == NULL)
		return;
	for (i = 0; i < k && s[i] == ' '; i++)
		;
	if (i == k) { /* a source line */
		for (j = k + 1; j < n && s[j] == ' '; j++)
			;
		for (i = j; i < n && s[i] >= '0' && s[i] <= '9' && i - j < 9; i++)
			lno = lno * 10 + (unsigned long)(s[i] - '0');
		b->pending = 0;
		if (i == j)
			return;
		b->cur = lno;
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		b->pt = s + i;
		b->pn = n - i;
		b->pending = 1;
		return;
	}
	l = line_no(a, b->cur);
	if (l != NULL && b->pending && l->text == NULL) {
		l->text = text_dup(b->pt, b->pn);
	}
	b->pending = 0;
	if (l != NULL) {
		for (j = 0; j < n && s[j] == ' '; j++)
			;
		str_append(&l->disasm, s + j, n - j);
	}
}

int
annotate_parse_perf(struct annotation *a, const char *text, size_t len)
{
	const char *p = text, *end = text + len, *nl, *q;
	struct body_state b = {0, NULL, 0, 0};
	int state = 0; /* 1: summary, 2: body */
	size_t n;

	memset(a, 0, sizeof *a);
	a->percent = 1;
	a->self = 100;
	for (; p < end; p = nl != NULL ? nl + 1 : end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		n = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
		while (n > 0 && (p[n - 1] == '\r' || p[n - 1] == ' '))
			n--;
		if (n >= 23 && memcmp(p, "Sorted summary for file", 23) == 0)
			state = 1;
		else if (n >= 9 && (q = memchr(p, '|', n)) != NULL &&
		    q - p >= 8 && memcmp(q - 8, "Percent ", 8) == 0) {
			state = 2;
			for (q++; q < p + n && (*q < '0' || *q > '9'); q++)
				;
			for (a->samples = 0; q < p + n && *q >= '0' &&
			    *q <= '9' && a->samples < 100000000UL; q++)
				a->samples = a->samples * 10 +
				    (unsigned long)(*q - '0');
		} else if (state == 1)
			summary_line(a, p, n);
		else if (state == 2)
			body_line(a, p, n, &b);
	}
	return a->n > 0 ? 0 : -1;
}

/* Compare lines: weight down, then file, then line number. */
static int
line_cmp(const void *x, const void *y)
{
	const struct ann_line *a = x, *b = y;
	int c;

	if (a->weight != b->weight)
		return a->weight > b->weight ? -1 : 1;
	if ((a->file == NULL) != (b->file == NULL))
		return a->file == NULL ? 1 : -1;
	if (a->file != NULL && (c = strcmp(a->file, b->file)) != 0)
		return c;
	return a->line < b->line ? -1 : a->line > b->line;
}

void
annotate_sort(struct annotation *a)
{
	if (a->n > 1)
		qsort(a->lines, a->n, sizeof *a->lines, line_cmp);
}

double
annotate_share(const struct annotation *a, size_t i)
{
	if (a->percent)
		return a->lines[i].weight;
	return a->self > 0 ? a->lines[i].weight * 100 / a->self : 0;
}

/* The whole of a regular file of at most SRC_MAX bytes, or NULL. */
static char *
read_small_file(const char *path, size_t *len)
{
	struct stat st;
	char *buf;
	ssize_t r;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_size > (off_t)SRC_MAX) {
		close(fd);
		return NULL;
	}
	buf = xmalloc((size_t)st.st_size + 1);
	while (got < (size_t)st.st_size &&
	    (r = read(fd, buf + got, (size_t)st.st_size - got)) > 0)
		got += (size_t)r;
	close(fd);
	buf[got] = '\0';
	*len = got;
	return buf;
}

/* Give the lines of a in file f (text t, n bytes) their text. */
static void
fill_from(struct annotation *a, const char *f, const char *t, size_t n)
{
	const char *p = t, *end = t + n, *nl;
	unsigned long no = 1;
	size_t i, k;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		k = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
		for (i = 0; i < a->n; i++) {
			struct ann_line *l = &a->lines[i];

			if (l->text != NULL || l->file == NULL ||
			    l->line != no || strcmp(l->file, f) != 0)
				continue;
			l->text = text_dup(p, k);
		}
		if (nl == NULL)
			break;
		p = nl + 1;
		no++;
	}
}

void
annotate_read_source(struct annotation *a)
{
	size_t i, j, n;
	char *t;

	for (i = 0; i < a->n; i++) {
		const char *f = a->lines[i].file;

		if (f == NULL || a->lines[i].text != NULL)
			continue;
		for (j = 0; j < i; j++)
			if (a->lines[j].file != NULL &&
			    strcmp(a->lines[j].file, f) == 0)
				break;
		if (j < i)
			continue; /* that file was read (or not readable) */
		if ((t = read_small_file(f, &n)) != NULL) {
			fill_from(a, f, t, n);
			free(t);
		}
	}
}

void
annotate_free(struct annotation *a)
{
	size_t i;

	for (i = 0; i < a->n; i++) {
		free(a->lines[i].file);
		free(a->lines[i].text);
		free(a->lines[i].disasm);
	}
	free(a->lines);
	memset(a, 0, sizeof *a);
}

/* Is c a hex digit? */
static int
hexdig(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	    (c >= 'A' && c <= 'F');
}

/*
 * Is name (len bytes) a frame without a symbol?  *mod, *modlen: the
 * module it names ("" for a bare address).
 */
static int
no_symbol(const char *name, size_t len, const char **mod, size_t *modlen)
{
	size_t i, b = 0;

	*mod = "";
	*modlen = 0;
	if (len >= 3 && name[0] == '[' && name[len - 1] == ']') {
		/* "[module]" or "[module <address>]" */
		for (i = 1; i < len - 1; i++)
			if (name[i] == ' ' || name[i] == '[' || name[i] == ']')
				break;
		if (i < len - 1 && !(name[i] == ' ' && name[i + 1] == '<' &&
		    name[len - 2] == '>'))
			return 0;
		*mod = name + 1;
		*modlen = i - 1;
		return 1;
	}
	if (len > 2 && name[0] == '0' && (name[1] == 'x' || name[1] == 'X'))
		b = 2;
	for (i = b; i < len && hexdig(name[i]); i++)
		;
	return i == len && (b == 2 ? len > 2 : len >= 8);
}

/* Weight by module: a small list, the heaviest kept at the end. */
struct miss_acc {
	const char *name;
	size_t len;
	double w;
};

int
annotate_missing(const struct tree *t, int prof, struct missing_syms *m)
{
	struct miss_acc *acc = NULL;
	size_t nacc = 0, cap = 0, i, j, len, mlen;
	double all = count_value(tree_total(t, prof, TREE_ROOT)), w, sum = 0;
	const char *name, *mod;
	uint32_t id, n = tree_size(t);

	memset(m, 0, sizeof *m);
	for (id = 1; id < n; id++) {
		w = count_value(tree_self(t, prof, id));
		if (w <= 0)
			continue;
		name = tree_name(t, id, &len);
		if (!no_symbol(name, len, &mod, &mlen))
			continue;
		if (mlen == 0 && tree_has_modules(t) &&
		    tree_module(t, id) != 0)
			mod = tree_module_name(t, tree_module(t, id), &mlen);
		for (j = 0; j < nacc; j++)
			if (acc[j].len == mlen && memcmp(acc[j].name, mod,
			    mlen) == 0)
				break;
		if (j == nacc) {
			xgrow((void **)&acc, &cap, nacc + 1, sizeof *acc);
			acc[nacc].name = mod;
			acc[nacc].len = mlen;
			acc[nacc++].w = 0;
		}
		acc[j].w += w;
		sum += w;
	}
	m->share = all > 0 ? sum * 100 / all : 0;
	/* The heaviest MISSING_MAX, by selection (few modules). */
	for (i = 0; i < nacc && m->n < MISSING_MAX; i++) {
		size_t best = i;

		for (j = i + 1; j < nacc; j++)
			if (acc[j].w > acc[best].w)
				best = j;
		if (best != i) {
			struct miss_acc x = acc[i];

			acc[i] = acc[best];
			acc[best] = x;
		}
		escape_text(m->mod[m->n].name, sizeof m->mod[m->n].name,
		    acc[i].len > 0 ? acc[i].name : "addresses",
		    acc[i].len > 0 ? acc[i].len : 9);
		m->mod[m->n++].share = all > 0 ? acc[i].w * 100 / all : 0;
	}
	m->more = nacc - m->n;
	free(acc);
	return m->share > MISSING_SHARE;
}

void
annotate_missing_text(const struct missing_syms *m, int brief, char *buf,
    size_t cap)
{
	size_t i, k;

	k = (size_t)snprintf(buf, cap, "%.1f%% of the samples are in frames "
	    "without symbols: ", m->share);
	for (i = 0; i < m->n && k < cap; i++)
		k += (size_t)snprintf(buf + k, cap - k, "%s%s %.1f%%",
		    i > 0 ? ", " : "", m->mod[i].name, m->mod[i].share);
	if (m->more > 0 && k < cap)
		k += (size_t)snprintf(buf + k, cap - k, " and %zu more",
		    m->more);
	if (brief || k >= cap)
		return;
	snprintf(buf + k, cap - k, ". What helps: the debug symbols of %s "
	    "(its -dbgsym or -dbg package, or debuginfod: "
	    "DEBUGINFOD_URLS), building with -g -fno-omit-frame-pointer "
	    "or recording with --call-graph=dwarf; --addrs shows the "
	    "addresses", m->n > 0 ? m->mod[0].name : "the module");
}
