/*
 * tflame: wire the pieces together.
 *
 *	reader -> loader -> sink_tree -> tree -> (collapse writer | viewer)
 */
#include "config.h"

#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "export/collapse.h"
#include "loaders/loader.h"
#include "tui/tui.h"
#include "util/diag.h"
#include "util/escape.h"
#include "util/fatal.h"
#include "util/reader.h"
#include "util/xalloc.h"

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
		diag_free(d);
		reader_close(r);
		tree_free(t);
		exit(EXIT_INPUT);
	}
	/* d->source points into the reader: keep a copy past its close. */
	d->source = xstrdup(reader_name(r));
	reader_close(r);
	if (tree_overflows(t) > 0)
		diag_note(d, "some counts exceed 2^64-1 and were capped");
	tree_finish(t);
	return t;
}

/*
 * Explore t in the terminal.  The loader's warnings are printed only after
 * the viewer has given the terminal back.  A viewer ended by a signal ends
 * tflame by the same signal, so the shell sees what happened.
 */
static int
view(const struct options *o, struct diag *d, struct tree *t)
{
	struct tui_opts to;
	char name[512];
	int rc, sig;

	if (count_is_zero(tree_total(t, 0, TREE_ROOT))) {
		/* Nothing to draw: say so without taking the terminal. */
		diag_print(d, stderr);
		escape_text(name, sizeof name, d->source, strlen(d->source));
		fprintf(stderr, "tflame: %s: no samples\n", name);
		rc = EXIT_INPUT;
	} else {
		memset(&to, 0, sizeof to);
		to.inverted = o->inverted;
		to.prof = 0;
		to.nwarnings = d->nbad + d->nnotes;
		rc = tui_run(t, &to);
		diag_print(d, stderr);
	}
	free((char *)(uintptr_t)d->source);
	diag_free(d);
	tree_free(t);
	if ((sig = tui_exit_signal()) != 0) {
		fflush(stderr);
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return rc;
}

/* Parse the options, load the input, then view or collapse it. */
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
	if (o.mode == MODE_VIEW)
		return view(&o, &d, t);
	if (count_is_zero(tree_total(t, 0, TREE_ROOT)))
		diag_note(&d, "no samples in the input");
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
