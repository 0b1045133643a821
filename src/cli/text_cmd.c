/*
 * --top and --tree: build what is printed and hand it to the writers in
 * export/ (top.c, treetext.c).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/text_cmd.h"
#include "diff/diff.h"
#include "export/top.h"
#include "export/treetext.h"
#include "model/functions.h"
#include "model/reverse.h"
#include "search/search.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/xalloc.h"

/* Marks of --search on t's names and the matched count, or NULL. */
static unsigned char *
search_marks(const char *pat, const struct tree *t, int prof,
    struct tf_count *matched)
{
	struct search_error err;
	struct search_re *re;
	struct search_hits h;
	struct search_run run;
	unsigned char *marks;
	char buf[1024], what[256];

	*matched = COUNT_ZERO;
	if (pat == NULL)
		return NULL;
	if ((re = search_compile(pat, strlen(pat), 0, &err)) == NULL) {
		escape_text(buf, sizeof buf, pat, strlen(pat));
		fprintf(stderr, "tflame: --search: %s at offset %zu of \"%s\"\n",
		    err.msg, err.offset, buf);
		return NULL;
	}
	marks = xcalloc((size_t)strtab_count(tree_strtab_c(t)) + 1, 1);
	/* Within the search budget, saying what it gave up on. */
	search_run_init(&run, re, tree_strtab_c(t), marks, SEARCH_BUDGET_MS);
	search_run_step(&run, 0);
	search_re_free(re);
	if (search_run_describe(&run, what, sizeof what) > 0) {
		escape_text(buf, sizeof buf, pat, strlen(pat));
		fprintf(stderr, "tflame: --search=%s: %s\n", buf, what);
	}
	memset(&h, 0, sizeof h);
	search_hits_build(&h, t, marks, NULL);
	*matched = h.matched[prof];
	search_hits_free(&h);
	return marks;
}

int
text_command(const struct options *o, const struct tree *t,
    enum input_format fmt, const char *event)
{
	int prof = o->diff ? DIFF_AFTER : 0, rc, err;
	struct tree *rev = NULL;
	const struct tree *shown = t;
	unsigned char *marks;
	struct tf_count matched;
	struct functions f;
	struct top_opts to;
	struct treetext_opts tt;

	if (o->mode == MODE_TREE && o->reverse)
		shown = rev = reverse_build(t);
	marks = search_marks(o->search, shown, prof, &matched);
	if (o->search != NULL && marks == NULL) {
		tree_free(rev);
		return EXIT_USAGE;
	}
	errno = 0;
	if (o->mode == MODE_TOP) {
		functions_build(&f, t, fmt == FORMAT_PERF ? 2 : 1, prof);
		functions_sort(&f, o->top_sort >= 0 ?
		    (enum func_sort)o->top_sort : o->diff ? FUNC_SORT_CHANGE :
		    FUNC_SORT_SELF);
		memset(&to, 0, sizeof to);
		to.rows = (uint32_t)o->top_rows;
		to.prof = prof;
		to.diff = o->diff;
		to.event = event;
		to.pattern = o->search;
		to.marks = marks;
		to.matched = matched;
		to.skip_depth = fmt == FORMAT_PERF ? 2 : 1;
		to.countname = o->svg.countname;
		rc = top_write(stdout, t, &f, &to);
		functions_free(&f);
	} else {
		memset(&tt, 0, sizeof tt);
		tt.percent = o->tree_percent;
		tt.prof = prof;
		tt.diff = o->diff;
		tt.reverse = o->reverse;
		tt.event = event;
		tt.pattern = o->search;
		tt.marks = marks;
		tt.matched = matched;
		tt.countname = o->svg.countname;
		rc = treetext_write(stdout, shown, &tt);
	}
	err = errno;
	free(marks);
	tree_free(rev);
	if (rc != 0) {
		fprintf(stderr, "tflame: write error on standard output%s%s\n",
		    err != 0 ? ": " : "", err != 0 ? strerror(err) : "");
		return EXIT_INPUT;
	}
	return EXIT_OK;
}
