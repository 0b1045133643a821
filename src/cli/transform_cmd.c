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
#include "model/transform.h"
#include "search/search.h"
#include "util/diag.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/xalloc.h"

/* The flag that made step s, for messages. */
static const char *
flag_name(const struct cli_xform_step *s)
{
	switch (s->kind) {
	case CLI_FOCUS:
		return "--focus";
	case CLI_EXCLUDE:
		return "--exclude";
	case CLI_HIDE:
		return "--hide";
	case CLI_RECURSION:
		return "--collapse-recursion";
	case CLI_THREADS:
		break;
	}
	return "--merge-threads";
}

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
		fprintf(stderr, "tflame: %s: bad regular expression \"%s\" at "
		    "offset %zu: %s\n", flag_name(s), buf, err.offset, err.msg);
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
			diag_note(d, "%s=%s: %s", flag_name(s), pat, what);
		else
			fprintf(stderr, "tflame: %s=%s: %s\n", flag_name(s), pat,
			    what);
	}
	return m;
}

struct tree *
transform_cmd_apply(const struct options *o, struct tree *t, struct diag *d)
{
	const struct cli_xform_step *s;
	unsigned char *m = NULL;
	struct tree *n;
	int i;

	for (i = 0; i < o->nxforms; i++) {
		s = &o->xforms[i];
		if (s->re != NULL)
			m = marks_for(s, t, d);
		switch (s->kind) {
		case CLI_FOCUS:
			n = transform_focus(t, m);
			break;
		case CLI_EXCLUDE:
			n = transform_exclude(t, m);
			break;
		case CLI_HIDE:
			n = transform_merge(t, m);
			break;
		case CLI_RECURSION:
			n = transform_collapse_recursion(t, NULL);
			break;
		default:
			n = transform_merge_threads(t);
			break;
		}
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
		switch (s->kind) {
		case CLI_FOCUS:
			fprintf(fp, "focus %s", s->re);
			break;
		case CLI_EXCLUDE:
			fprintf(fp, "exclude %s", s->re);
			break;
		case CLI_HIDE:
			fprintf(fp, "merge %s", s->re);
			break;
		case CLI_RECURSION:
			fputs("collapse recursion", fp);
			break;
		case CLI_THREADS:
			fputs("merge threads", fp);
			break;
		}
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
