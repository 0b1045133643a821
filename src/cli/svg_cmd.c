/*
 * --svg: the loaded profile as an SVG flame graph, then exit.
 *
 * The options become a struct svg_view, the same the viewer's export
 * builds, and svg_write_file() does the rest (see svg/svg.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/svg_cmd.h"
#include "search/search.h"
#include "svg/svg.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/xalloc.h"

/* "tflame: " and msg, made safe for the terminal. */
static void
say(const char *msg)
{
	char buf[1024];

	escape_text(buf, sizeof buf, msg, strlen(msg));
	fprintf(stderr, "tflame: %s\n", buf);
}

int
svg_view_from_options(const struct options *o, const struct tree *t,
    struct svg_view *v)
{
	char *msg;
	int scheme;

	svg_view_init(v, t);
	scheme = palette_scheme_parse(o->svg.colors != NULL ? o->svg.colors :
	    "hot");
	if (scheme < 0) {
		msg = xasprintf("--colors: unknown palette \"%s\" (expected "
		    "hot, mem, io, wakeup, java, js, perl, red, green, blue, "
		    "aqua, yellow, purple, orange or chain)", o->svg.colors);
		say(msg);
		free(msg);
		fputs("Try 'tflame --help' for more information.\n", stderr);
		return EXIT_USAGE;
	}
	v->opts.colors = (enum palette_scheme)scheme;
	v->opts.title = o->svg.title;
	v->opts.subtitle = o->svg.subtitle;
	v->opts.width = o->svg.width;
	v->opts.height = o->svg.height;
	v->opts.minwidth = o->svg.minwidth;
	v->opts.fonttype = o->svg.fonttype;
	v->opts.fontsize = o->svg.fontsize;
	v->opts.countname = o->svg.countname;
	v->opts.nametype = o->svg.nametype;
	v->opts.hash = o->svg.hash;
	v->inverted = o->inverted;
	v->reverse = o->reverse;
	v->negate = o->negate;
	v->search = o->search;
	return EXIT_OK;
}

/*
 * Is --search's pattern one PCRE2 refuses?  Then say why, as --top does
 * (the SVG would only say "Bad regular expression" in the browser).
 */
static int
bad_search(const char *pat)
{
	struct search_error err;
	struct search_re *re;
	char buf[1024];

	memset(&err, 0, sizeof err);
	if ((re = search_compile(pat, strlen(pat), 0, &err)) != NULL) {
		search_re_free(re);
		return 0;
	}
	escape_text(buf, sizeof buf, pat, strlen(pat));
	fprintf(stderr, "tflame: --search: %s at offset %zu of \"%s\"\n",
	    err.msg, err.offset, buf);
	return 1;
}

/* --flamechart: the store's samples by thread and time, else q's order. */
static void
chart_lines(struct svg_chart *c, struct tree *t, const struct store *s,
    const struct sink_seq *q)
{
	size_t i;

	if (s != NULL && svg_chart_from_store(c, t, s) > 0)
		return;
	for (i = 0; q != NULL && i < q->n; i++)
		svg_chart_add(c, q->node[i], q->w[i], 0);
}

int
svg_command(const struct options *o, struct tree *t, const char *event,
    const struct store *s, const struct sink_seq *q)
{
	struct svg_view v;
	struct svg_chart chart;
	char *err = NULL, *msg;
	const char *input;
	int rc;

	if ((rc = svg_view_from_options(o, t, &v)) != EXIT_OK)
		return rc;
	if (o->search != NULL && bad_search(o->search))
		return EXIT_USAGE;
	v.opts.event = event;
	memset(&chart, 0, sizeof chart);
	if (o->svg.flamechart) {
		chart_lines(&chart, t, s, q);
		v.chart = &chart;
	}
	rc = svg_write_file(o->svg.path, t, &v, &err);
	svg_chart_free(&chart);
	switch (rc) {
	case SVG_OK:
		return EXIT_OK;
	case SVG_EMPTY:
		/* Differential graphs are as wide as AFTER. */
		input = o->diff && o->input2 != NULL ? o->input2 : o->input;
		msg = xasprintf("%s: no samples; no SVG written",
		    input != NULL && strcmp(input, "-") != 0 ?
		    input : "standard input");
		say(msg);
		free(msg);
		free(err);
		return EXIT_INPUT;
	case SVG_EUSAGE:
		say(err != NULL ? err : "bad SVG options");
		free(err);
		return EXIT_USAGE;
	default:
		say(err != NULL ? err : "cannot write the SVG");
		free(err);
		return EXIT_INPUT;
	}
}
