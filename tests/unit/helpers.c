/*
 * Unit-test helpers (see helpers.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export/collapse.h"
#include "helpers.h"
#include "util/xalloc.h"

static void
rec_put(struct rec_sink *r, const char *s, size_t n)
{
	xgrow((void **)&r->text, &r->cap, r->len + n + 1, 1);
	memcpy(r->text + r->len, s, n);
	r->len += n;
	r->text[r->len] = '\0';
}

static void
rec_begin(void *ctx)
{
	((struct rec_sink *)ctx)->nframes = 0;
}

static void
rec_frame(void *ctx, const char *name, size_t len)
{
	struct rec_sink *r = ctx;

	if (r->nframes++ > 0)
		rec_put(r, ";", 1);
	rec_put(r, name, len);
}

static void
rec_end(void *ctx, struct tf_count c)
{
	struct rec_sink *r = ctx;
	char num[COUNT_BUFSZ + 2];
	size_t n;

	num[0] = ' ';
	n = count_format(num + 1, c);
	num[n + 1] = '\n';
	rec_put(r, num, n + 2);
}

void
rec_init(struct rec_sink *r, struct stack_sink *sink)
{
	memset(r, 0, sizeof *r);
	rec_put(r, "", 0);
	sink->ctx = r;
	sink->begin = rec_begin;
	sink->frame = rec_frame;
	sink->end = rec_end;
}

void
rec_free(struct rec_sink *r)
{
	free(r->text);
	memset(r, 0, sizeof *r);
}

const char *
rec_load(struct rec_sink *r, enum input_format fmt,
    const struct load_opts *opts, const char *buf, size_t len, struct diag *d)
{
	struct stack_sink sink;
	struct reader *rd = reader_mem(buf, len, "test");
	struct load_opts o;
	struct load_result res;
	char *err = NULL;

	memset(&o, 0, sizeof o);
	if (opts != NULL)
		o = *opts;
	o.format = fmt;
	rec_init(r, &sink);
	diag_init(d, "test");
	if (loader_run(rd, &o, &sink, d, &res, &err) != 0) {
		rec_put(r, "ERROR: ", 7);
		rec_put(r, err, strlen(err));
		free(err);
	}
	reader_close(rd);
	return r->text;
}

struct tree *
tree_from_folded(const char *text)
{
	struct reader *rd = reader_mem(text, strlen(text), "test");
	struct tree *t = tree_new(1);
	struct stack_sink sink;
	struct sink_tree st;
	struct load_result res;
	struct diag d;

	memset(&res, 0, sizeof res);
	diag_init(&d, "test");
	sink_tree_init(&st, &sink, t, 0);
	load_folded(rd, &sink, &d, &res);
	diag_free(&d);
	reader_close(rd);
	tree_finish(t);
	return t;
}

char *
collapse_string(const struct tree *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	collapse_write(t, 0, fp);
	fclose(fp);
	return buf;
}

uint32_t
node_at(const struct tree *t, const char *path)
{
	uint32_t node = TREE_ROOT, id;
	const char *p = path, *semi;
	size_t n;

	if (*path == '\0')
		return TREE_ROOT;
	for (;;) {
		semi = strchr(p, ';');
		n = semi ? (size_t)(semi - p) : strlen(p);
		id = strtab_lookup(tree_strtab_c(t), p, n);
		if (id == UINT32_MAX)
			return TREE_NONE;
		node = tree_find_child(t, node, id);
		if (node == TREE_NONE || semi == NULL)
			return node;
		p = semi + 1;
	}
}

unsigned long long
total_at(const struct tree *t, const char *path)
{
	uint32_t n = node_at(t, path);

	return n == TREE_NONE ? ~0ULL : (unsigned long long)tree_total(t, 0, n).n;
}

unsigned long long
self_at(const struct tree *t, const char *path)
{
	uint32_t n = node_at(t, path);

	return n == TREE_NONE ? ~0ULL : (unsigned long long)tree_self(t, 0, n).n;
}
