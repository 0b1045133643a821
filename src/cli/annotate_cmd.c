/*
 * --annotate=RE (cli/annotate_cmd.h): the functions are --top's rows (by
 * self weight) whose names match; each one's lines come from the srcline
 * table the tree sink kept, or from `perf annotate` run on the perf.data
 * file (input/perfannotate.h), its standard error passed on.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/annotate_cmd.h"
#include "export/annotate_text.h"
#include "input/perfannotate.h"
#include "model/functions.h"
#include "search/search.h"
#include "util/escape.h"
#include "util/fatal.h"

/* "tflame: NAME: what" on standard error, both escaped. */
static void
say(const char *name, size_t len, const char *what)
{
	char n[512], w[2048];

	escape_text(n, sizeof n, name, len);
	escape_text(w, sizeof w, what, strlen(what));
	fprintf(stderr, "tflame: --annotate: %s: %s\n", n, w);
}

/* Function name's lines from perf annotate into a; 0, or -1 (said why). */
static int
from_perf(struct annotation *a, const char *perfdata, const char *name,
    size_t len)
{
	struct perfannotate pa;
	int rc = perfannotate_run(perfdata, name, len, &pa);

	if (pa.err != NULL && pa.err[0] != '\0')
		say(name, len, pa.missing ? "perf is not installed (or not in "
		    "PATH): the linux-perf or linux-tools package has it" :
		    pa.err);
	if (rc == 0 && annotate_parse_perf(a, pa.out, pa.len) != 0) {
		annotate_free(a);
		if (pa.err == NULL)
			say(name, len, "perf annotate gave no source lines "
			    "(is the binary built with -g and still there?)");
		rc = -1;
	}
	perfannotate_free(&pa);
	return rc;
}

int
annotate_command(const struct options *o, const struct tree *t,
    const struct linetab *lt, const char *perfdata, enum input_format fmt,
    const char *event)
{
	struct annotate_text_opts ao;
	struct search_error err;
	struct search_re *re;
	struct functions f;
	struct annotation a;
	struct tf_units u;
	const char *name;
	char buf[1024];
	size_t len;
	uint32_t i;
	int shown = 0, failed = 0, perf = perfdata != NULL &&
	    linetab_size(lt) == 0;

	re = search_compile(o->annotate, strlen(o->annotate), 0, &err);
	if (re == NULL) {
		escape_text(buf, sizeof buf, o->annotate, strlen(o->annotate));
		fprintf(stderr, "tflame: --annotate: %s at offset %zu of "
		    "\"%s\"\n", err.msg, err.offset, buf);
		return EXIT_USAGE;
	}
	if (!perf && linetab_size(lt) == 0)
		fprintf(stderr, "tflame: --annotate: the input has no source "
		    "lines (record with -g and give `perf script -F +srcline`, "
		    "or the perf.data file itself)\n");
	units_of_tree(&u, t, 0, event, o->svg.countname);
	memset(&ao, 0, sizeof ao);
	ao.units = &u;
	ao.all = tree_total(t, 0, TREE_ROOT);
	ao.lines = o->annotate_lines;
	functions_build(&f, t, fmt == FORMAT_PERF ? 2 : 1, 0);
	functions_sort(&f, FUNC_SORT_SELF);
	for (i = 0; i < f.nview; i++) {
		const struct func_row *r = &f.rows[f.view[i]];

		name = strtab_get(tree_strtab_c(t), r->name, &len);
		if (count_is_zero(r->self[0]) || search_match(re, name, len) != 1)
			continue;
		if (perf) {
			if (from_perf(&a, perfdata, name, len) != 0) {
				failed++;
				continue;
			}
		} else
			annotate_build(&a, t, 0, lt, TREE_ROOT, r->name);
		annotate_sort(&a);
		annotate_read_source(&a);
		if (shown++ > 0)
			fputc('\n', stdout);
		annotate_text_write(stdout, name, len, &a, &ao);
		annotate_free(&a);
	}
	functions_free(&f);
	search_re_free(re);
	if (shown == 0 && failed == 0) {
		escape_text(buf, sizeof buf, o->annotate, strlen(o->annotate));
		fprintf(stderr, "tflame: --annotate=%s: no function with self "
		    "weight matches\n", buf);
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "tflame: write error on standard output\n");
		return EXIT_INPUT;
	}
	return shown > 0 ? EXIT_OK : EXIT_INPUT;
}

int
missing_symbols_say(const struct tree *t, int prof, FILE *fp, struct diag *d,
    char *note, size_t cap)
{
	struct missing_syms m;
	char buf[1024];

	if (!annotate_missing(t, prof, &m))
		return 0;
	annotate_missing_text(&m, 0, buf, sizeof buf);
	if (fp != NULL)
		fprintf(fp, "tflame: note: %s\n", buf);
	if (d != NULL)
		diag_note(d, "%s", buf);
	if (note != NULL) {
		annotate_missing_text(&m, 1, note, cap);
		if (strlen(note) + 15 < cap)
			strcat(note, " (! says more)");
	}
	return 1;
}
