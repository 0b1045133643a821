/*
 * The transform flags, applied to a loaded tree.  See cli/transform_cmd.h.
 *
 * A regex becomes marks, one byte per name of the tree it applies to
 * (search_mark(): the regex runs once per distinct name), and the marks go
 * to the core's transform (model/transform.h).  Each step reads the tree
 * the step before made, so names a step adds (--merge-threads) are seen by
 * the regexes after it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/transform_cmd.h"
#include "diff/diff.h"
#include "model/xform.h"
#include "search/search.h"
#include "util/diag.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/xalloc.h"

/* Compile step s's regex, or say why it does not compile and return NULL. */
static struct search_re *
compile(const struct cli_xform_step *s)
{
	struct search_error err;
	struct search_re *re;
	char buf[1024];

	re = search_compile(s->re, strlen(s->re), 0, &err);
	if (re == NULL) {
		escape_text(buf, sizeof buf, s->re, strlen(s->re));
		fprintf(stderr, "tflame: --%s: bad regular expression \"%s\" at "
		    "offset %zu: %s\n", s->kind->flag, buf, err.offset, err.msg);
	}
	return re;
}

int
transform_cmd_check(const struct options *o)
{
	struct search_re *re;
	int i;

	for (i = 0; i < o->nxforms; i++) {
		if (o->xforms[i].re == NULL)
			continue;
		if ((re = compile(&o->xforms[i])) == NULL)
			return -1;
		search_re_free(re);
	}
	return 0;
}

/*
 * The marks of step s's regex over t's names (the caller frees them),
 * matched within SEARCH_BUDGET_MS; the names given up on are noted in d
 * (stderr when NULL).
 */
static unsigned char *
marks_for(const struct cli_xform_step *s, const struct tree *t,
    struct diag *d)
{
	const struct strtab *st = tree_strtab_c(t);
	unsigned char *m = xcalloc((size_t)strtab_count(st) + 1, 1);
	struct search_re *re = compile(s);
	struct search_run run;
	char what[512], pat[256];

	if (re == NULL) /* transform_cmd_check() passed it */
		fatal("internal error: a regex compiled once only");
	search_run_init(&run, re, st, m, SEARCH_BUDGET_MS);
	search_run_step(&run, 0);
	search_re_free(re);
	if (search_run_describe(&run, what, sizeof what) > 0) {
		escape_text(pat, sizeof pat, s->re, strlen(s->re));
		if (d != NULL)
			diag_note(d, "--%s=%s: %s", s->kind->flag, pat, what);
		else
			fprintf(stderr, "tflame: --%s=%s: %s\n", s->kind->flag,
			    pat, what);
	}
	return m;
}

struct tree *
transform_cmd_apply(const struct options *o, struct tree *t, struct diag *d)
{
	const struct cli_xform_step *s;
	unsigned char *m = NULL;
	struct xform_in in;
	struct tree *n;
	int i;

	for (i = 0; i < o->nxforms; i++) {
		s = &o->xforms[i];
		if (s->re != NULL)
			m = marks_for(s, t, d);
		memset(&in, 0, sizeof in);
		in.marks = m; /* NULL without a regex: every function */
		in.node = TREE_NONE;
		n = s->kind->apply(t, &in);
		free(m);
		m = NULL;
		tree_free(t);
		t = n;
	}
	if (o->order_weight && o->mode != MODE_COLLAPSE &&
	    tree_get_order(t, NULL) != TREE_ORDER_WEIGHT)
		tree_set_order(t, TREE_ORDER_WEIGHT, o->diff ? DIFF_AFTER : 0);
	return t;
}

/* The history's regex marks (history_mark_fn): NULL when re fails. */
static unsigned char *
mark_re(const struct tree *t, const char *re, size_t len)
{
	const struct strtab *st = tree_strtab_c(t);
	struct search_error err;
	struct search_re *r;
	unsigned char *m;

	if ((r = search_compile(re, len, 0, &err)) == NULL)
		return NULL;
	m = xcalloc((size_t)strtab_count(st) + 1, 1);
	search_mark(r, st, m, NULL);
	search_re_free(r);
	return m;
}

int
transform_cmd_in_viewer(const struct options *o)
{
	return o->mode == MODE_VIEW && !o->record.on && o->nxforms > 0 &&
	    !(o->diff && o->normalize);
}

struct tree *
transform_cmd_history(const struct options *o, struct history *h)
{
	struct history_step s;
	int i;

	if (o->order_weight && tree_get_order(h->base, NULL) !=
	    TREE_ORDER_WEIGHT)
		tree_set_order(h->base, TREE_ORDER_WEIGHT,
		    o->diff ? DIFF_AFTER : 0);
	h->mark_re = mark_re;
	for (i = 0; i < o->nxforms; i++) {
		memset(&s, 0, sizeof s);
		s.kind = o->xforms[i].kind;
		s.regex = 1;
		if (o->xforms[i].re != NULL) {
			s.namelen = strlen(o->xforms[i].re);
			s.name = xmemdup(o->xforms[i].re, s.namelen);
		}
		/* The zoom and the selection before it: the root's paths. */
		history_path_set(&s.zoom, history_tree(h), TREE_ROOT);
		history_path_set(&s.sel, history_tree(h), TREE_ROOT);
		history_push(h, &s);
	}
	return history_tree(h);
}

/* put() for xform_describe(): to a stream. */
static void
put_file(void *ctx, const char *s, size_t len)
{
	fwrite(s, 1, len, ctx);
}

void
transform_cmd_describe(const struct options *o, char *buf, size_t size)
{
	static const char sep[] = " \xe2\x80\xba ", more[] = "\xe2\x80\xa6";
	char *all = NULL;
	size_t len = 0, cut;
	FILE *fp;
	int i;

	if (size == 0)
		return;
	buf[0] = '\0';
	if (o->nxforms == 0)
		return;
	if ((fp = open_memstream(&all, &len)) == NULL)
		fatal("out of memory");
	for (i = 0; i < o->nxforms; i++) {
		const struct cli_xform_step *s = &o->xforms[i];

		if (i > 0)
			fputs(sep, fp);
		xform_describe(s->kind, s->re, s->re != NULL ? strlen(s->re) : 0,
		    TREE_ORDER_NAME, put_file, fp);
	}
	if (fclose(fp) != 0 || all == NULL)
		fatal("out of memory");
	if (len < size)
		memcpy(buf, all, len + 1);
	else {
		/* The newest steps matter most: keep the end, whole characters. */
		cut = len - (size - sizeof more);
		while (cut < len && ((unsigned char)all[cut] & 0xc0) == 0x80)
			cut++;
		memcpy(buf, more, sizeof more - 1);
		memcpy(buf + sizeof more - 1, all + cut, len - cut + 1);
	}
	free(all);
}
