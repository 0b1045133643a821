/*
 * The time fields: whatever format the input is detected as (perf
 * script's timestamps; Chrome/V8's, Firefox's and speedscope's times,
 * which their loaders turn into each sample's nanoseconds), the samples
 * go into a sample store as the command's --time and --heatmap keep
 * them, and then:
 *
 *	- the heat map (rows from the input's size) counts every sample once:
 *	  its cells add up to the store's count, its seconds ascend, and
 *	  grouped for a screen it has no run of empty seconds longer than
 *	  the jump rule allows (model/heatgrid.h);
 *	- each sample lies in the cell heatmap_range() gives for it;
 *	- the tree of the whole span holds every sample of the store;
 *	- the input's first line, read as --time's START-END
 *	  (model/timerange.h), either fails with a message or resolves to a
 *	  non-empty range whose tree holds as many samples as the store has
 *	  in it, and whose words fit their buffer.
 *
 * Any failed check aborts.  Seeds: tests/fuzz/seeds/time (a perf text,
 * a .cpuprofile, a Firefox and a speedscope profile, time ranges).
 */
#include "config.h"

#include "fuzz_common.h"
#include "model/heatgrid.h"
#include "model/heatmap.h"
#include "model/range.h"
#include "model/store.h"
#include "model/timerange.h"

/* Every sample of s is counted in hm, in the cell of its time. */
static void
check_map(const struct store *s, const struct heatmap *hm)
{
	struct store_iter it;
	struct store_sample x;
	uint64_t sum = 0, n = 0;
	size_t i;

	for (i = 0; i < (size_t)hm->ncols * (size_t)hm->rows; i++)
		sum += hm->cell[i];
	for (i = 0; i + 1 < hm->ncols; i++)
		if (hm->sec[i] >= hm->sec[i + 1])
			abort();
	if (hm->max < UINT32_MAX && (sum != hm->kept ||
	    hm->kept != store_count(s)))
		abort();
	store_iter_init(&it, s, INT64_MIN, INT64_MAX);
	while (store_iter_next(&it, &x) && n++ < 4096) {
		int64_t sec = x.t / HEATMAP_NS, t0, t1;
		int row;

		if (x.t % HEATMAP_NS < 0)
			sec--;
		row = (int)((x.t - sec * HEATMAP_NS) * hm->rows / HEATMAP_NS);
		if (heatmap_column(hm, sec - hm->sec0) < 0)
			abort();
		heatmap_range(hm, sec - hm->sec0, row, sec - hm->sec0, row, &t0,
		    &t1);
		if (x.t < t0 || x.t >= t1)
			abort();
	}
}

/* The map grouped for an 80x24 screen: no day of empty columns. */
static void
check_grid(const struct store *s, int rows)
{
	struct heatgrid g;

	memset(&g, 0, sizeof g);
	heatgrid_build(&g, s, rows, NULL, NULL, 0);
	if (g.nsec > 4 * (uint64_t)g.hm.ncols + 1000)
		abort();
	heatgrid_fit(&g, 75, 38);
	if (g.ncx < 1 || g.ncx > 75 || g.ncy < 1 || g.ncy > 38)
		abort();
	check_map(s, &g.hm);
	heatgrid_free(&g);
}

/* The first line of data as --time's text, against the store. */
static void
check_spec(const uint8_t *data, size_t size, const struct tree *t,
    const struct store *s)
{
	char text[128], words[64];
	struct time_spec ts;
	const char *err = NULL;
	int64_t tmin, tmax, t0, t1;
	uint64_t kept = 0, in = 0;
	struct store_iter it;
	struct store_sample x;
	struct tree *r;
	size_t n = 0;

	while (n < size && n < sizeof text - 1 && data[n] != '\n')
		n++;
	memcpy(text, data, n);
	text[n] = '\0';
	if (time_spec_parse(text, &ts, &err) != 0) {
		if (err == NULL)
			abort();
		return;
	}
	if (!store_span(s, &tmin, &tmax) ||
	    time_spec_resolve(&ts, tmin, tmax, &t0, &t1) != 0)
		return;
	if (t0 >= t1)
		abort();
	store_iter_init(&it, s, t0, t1);
	while (store_iter_next(&it, &x))
		in++;
	r = tree_range(t, s, t0, t1, NULL, &kept);
	if (kept != in)
		abort();
	tree_free(r);
	time_range_words(words, sizeof words, t0, t1, tmin);
	if (memchr(words, '\0', sizeof words) == NULL)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct reader *rd = reader_mem((const char *)data, size, "fuzz");
	struct tree *t = tree_new(1), *all;
	struct store *s = store_new();
	struct sink_tree st;
	struct stack_sink sink;
	struct load_result res;
	struct load_opts o;
	struct diag d;
	char *err = NULL;
	uint64_t kept = 0;
	int rc;

	fuzz_opts(&o, FORMAT_AUTO, data, size);
	diag_init(&d, "fuzz");
	sink_tree_init(&st, &sink, t, 0);
	sink_tree_keep_store(&st, s);
	o.sample = sink_tree_sample;
	memset(&res, 0, sizeof res);
	rc = loader_run(rd, &o, &sink, &d, &res, &err);
	diag_free(&d);
	reader_close(rd);
	free(err);
	if (rc == 0 && store_count(s) > 0) {
		tree_finish(t);
		check_grid(s, 1 + (int)(size % 61));
		all = tree_range(t, s, INT64_MIN, INT64_MAX, NULL, &kept);
		if (kept != store_count(s))
			abort();
		tree_free(all);
		check_spec(data, size, t, s);
	} else if (rc == 0)
		check_spec(data, size, t, s);
	store_free(s);
	tree_free(t);
	return 0;
}
