/*
 * The command line's time: --time (one range, or two with --diff) and
 * --heatmap, over the sample store the loaders filled.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "cli/time_cmd.h"
#include "export/heatmap_text.h"
#include "model/heatmap.h"
#include "model/range.h"
#include "model/store.h"
#include "model/timerange.h"
#include "model/timeview.h"
#include "util/diag.h"
#include "util/fatal.h"
#include "util/macros.h"

/*
 * Say that the input had no times (and exit 1): --time and --heatmap
 * need them, and the input's format has none.
 */
static void ATTR_NORETURN
no_times(const char *what, const struct time_input *in, struct diag *d)
{
	diag_print(d, stderr);
	fprintf(stderr, "tflame: %s: the input has no sample times (%s input "
	    "has none; perf script text and perf.data have them)\n", what,
	    format_name(in->format));
	exit(EXIT_INPUT);
}

struct tree *
time_cut(const struct options *o, const struct time_input *in,
    struct tree *t, struct diag *d, struct time_view *view)
{
	struct time_spec ts;
	const char *err;
	int64_t tmin, tmax, t0, t1;
	uint64_t kept = 0;
	char words[64];
	struct tree *r;

	if (time_spec_parse(o->time, &ts, &err) != 0) /* checked already */
		return t;
	if (!store_span(in->store, &tmin, &tmax)) {
		if (count_is_zero(tree_total(t, 0, TREE_ROOT)))
			return t; /* nothing at all: said as usual */
		no_times("--time", in, d);
	}
	if (in->untimed > 0)
		diag_note(d, "%llu samples without a time left out by --time",
		    (unsigned long long)in->untimed);
	if (time_spec_resolve(&ts, tmin, tmax, &t0, &t1) != 0)
		t0 = t1 = tmin; /* an empty range: an empty profile */
	time_range_words(words, sizeof words, t0, t1, tmin);
	if (view != NULL) {
		/*
		 * The viewer picks the range itself and keeps the rest (Esc
		 * in its heat map drops the range); an empty range is an
		 * empty profile, as below.
		 */
		struct store_iter it;
		struct store_sample smp;

		store_iter_init(&it, in->store, t0, t1);
		while (store_iter_next(&it, &smp))
			kept++;
	}
	if (view != NULL && kept > 0) {
		view->on = 1;
		view->t0 = t0;
		view->t1 = t1;
		r = t;
	} else {
		r = tree_range(t, in->store, t0, t1, NULL, &kept);
		tree_free(t);
	}
	diag_note(d, "%s: %llu of %llu samples", words,
	    (unsigned long long)kept,
	    (unsigned long long)store_count(in->store));
	return r;
}

struct tree *
time_pair(const struct options *o, const struct time_input *in,
    struct tree *t, struct diag *d)
{
	const char *spec[2] = {o->time, o->time2};
	struct time_spec ts;
	const char *err;
	int64_t tmin, tmax, r[2][2];
	char words[64];
	struct tree *pair;
	int i;

	if (!store_span(in->store, &tmin, &tmax)) {
		if (count_is_zero(tree_total(t, 0, TREE_ROOT)))
			return t;
		no_times("--time", in, d);
	}
	for (i = 0; i < 2; i++) {
		if (time_spec_parse(spec[i], &ts, &err) != 0 ||
		    time_spec_resolve(&ts, tmin, tmax, &r[i][0], &r[i][1]) != 0)
			r[i][0] = r[i][1] = tmin; /* an empty range */
		time_range_words(words, sizeof words, r[i][0], r[i][1], tmin);
		diag_note(d, "%s: %s", i == 0 ? "BEFORE" : "AFTER", words);
	}
	pair = tree_range_pair(t, in->store, r[0][0], r[0][1], r[1][0],
	    r[1][1], 0, NULL);
	tree_free(t);
	return pair;
}

int
heatmap_command(const struct options *o, const struct time_input *in,
    const struct tree *t, struct diag *d)
{
	struct heatmap hm;
	uint8_t *idle = NULL;
	int rc;

	if (store_count(in->store) == 0 &&
	    !count_is_zero(tree_total(t, 0, TREE_ROOT)))
		no_times("--heatmap", in, d);
	if (!o->idle)
		idle = heatmap_idle_nodes(t, NULL);
	heatmap_build(&hm, in->store, o->rows, idle, NULL, tree_size(t));
	if (hm.skipped > 0)
		diag_note(d, "%llu idle samples left out (--idle counts them)",
		    (unsigned long long)hm.skipped);
	if (in->untimed > 0)
		diag_note(d, "%llu samples without a time left out",
		    (unsigned long long)in->untimed);
	diag_print(d, stderr);
	errno = 0;
	rc = heatmap_print(stdout, &hm);
	if (fflush(stdout) != 0)
		rc = -1;
	heatmap_free(&hm);
	free(idle);
	if (rc != 0) {
		fprintf(stderr, "tflame: write error on standard output%s%s\n",
		    errno != 0 ? ": " : "", errno != 0 ? strerror(errno) : "");
		return EXIT_INPUT;
	}
	return EXIT_OK;
}
