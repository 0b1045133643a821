/*
 * tflame: wire the pieces together.
 *
 *	reader -> loader -> sink_tree -> tree -> (collapse writer | viewer)
 */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "export/collapse.h"
#include "loaders/loader.h"
#include "util/diag.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/reader.h"

/* Load o->input into a new tree; exits with EXIT_INPUT when unusable. */
static struct tree *
load(const struct options *o, struct diag *d)
{
	struct reader *r;
	struct tree *t;
	struct stack_sink sink;
	struct sink_tree st;
	struct load_result res;
	char *err = NULL;

	r = reader_open(o->input, &err);
	if (r == NULL) {
		char buf[1024];

		escape_text(buf, sizeof buf, err, strlen(err));
		fprintf(stderr, "tflame: %s\n", buf);
		free(err);
		exit(EXIT_INPUT);
	}
	diag_init(d, reader_name(r));
	t = tree_new(1);
	sink_tree_init(&st, &sink, t, 0);
	if (loader_run(r, &o->load, &sink, d, &res, &err) != 0) {
		diag_print(d, stderr);
		fprintf(stderr, "tflame: %s\n", err);
		free(err);
		exit(EXIT_INPUT);
	}
	/* d->source points into the reader: keep a copy past its close. */
	d->source = strdup(reader_name(r));
	reader_close(r);
	if (res.samples == 0)
		diag_note(d, "no samples in the input");
	if (tree_overflows(t) > 0)
		diag_note(d, "some counts exceed 2^64-1 and were capped");
	tree_finish(t);
	return t;
}

int
main(int argc, char **argv)
{
	struct options o;
	struct diag d;
	struct tree *t;
	int rc;

	setlocale(LC_ALL, "");
	options_parse(&o, argc, argv);
	t = load(&o, &d);
	/* Until the viewer exists, both modes print the folded stacks. */
	rc = collapse_write(t, 0, stdout);
	diag_print(&d, stderr);
	free((char *)(uintptr_t)d.source);
	diag_free(&d);
	tree_free(t);
	if (rc != 0) {
		fprintf(stderr, "tflame: write error on standard output\n");
		return EXIT_INPUT;
	}
	return EXIT_OK;
}
