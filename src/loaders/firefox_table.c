/*
 * The Firefox Profiler's tables (loaders/firefox_ctx.h): the processed
 * format's columns and the Gecko format's schema and data rows, read into
 * columns of doubles (null as NAN) and arrays of strings in one arena.
 * Only the columns asked for are kept; "length" is never read, so a
 * declared size costs nothing.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "loaders/firefox_ctx.h"
#include "util/xalloc.h"

void
col_push(struct col *c, double v)
{
	xgrow((void **)&c->v, &c->cap, c->n + 1, sizeof *c->v);
	c->v[c->n++] = v;
}

void
col_free(struct col *c)
{
	free(c->v);
	memset(c, 0, sizeof *c);
}

void
strs_free(struct strs *s)
{
	free(s->arena);
	free(s->off);
	free(s->ids);
	memset(s, 0, sizeof *s);
}

/* A value of a column: a number, null (NAN), or an error. */
static int
read_num(struct json *j, double *v)
{
	if (json_peek(j) == JSON_NULL) {
		*v = NAN;
		return json_skip(j);
	}
	if (json_peek(j) == JSON_NUMBER)
		return json_double(j, v);
	return json_fail(j, "a number or null expected");
}

/* An array of numbers (or nulls) into c. */
static int
read_col(struct json *j, struct col *c)
{
	double v;
	int rc;

	if (json_array(j) < 0)
		return -1;
	c->n = 0;
	while ((rc = json_item(j)) == 1)
		if (read_num(j, &v) < 0)
			return -1;
		else
			col_push(c, v);
	return rc;
}

/* An array of strings (null as "") into s. */
int
read_strs(struct json *j, struct strs *s)
{
	const char *v;
	size_t vn;
	int rc;

	if (json_array(j) < 0)
		return -1;
	while ((rc = json_item(j)) == 1) {
		if (json_peek(j) == JSON_NULL) {
			v = "";
			vn = 0;
			if (json_skip(j) < 0)
				return -1;
		} else if (json_string(j, &v, &vn) < 0) {
			return -1;
		}
		xgrow((void **)&s->arena, &s->acap, s->alen + vn, 1);
		memcpy(s->arena + s->alen, v, vn);
		xgrow((void **)&s->off, &s->cap, s->n + 2, sizeof *s->off);
		s->off[s->n] = s->alen;
		s->alen += vn;
		s->off[++s->n] = s->alen;
	}
	if (rc == 0) {
		s->ids = xreallocarray(NULL, s->n + 1, sizeof *s->ids);
		memset(s->ids, 0xff, (s->n + 1) * sizeof *s->ids);
	}
	return rc;
}

/* A Gecko table's data rows, columns by the schema's indices. */
static int
read_rows(struct json *j, struct want *w, const int64_t *idx)
{
	double v;
	int64_t c;
	int rc, i, got;

	if (json_array(j) < 0)
		return -1;
	while ((rc = json_item(j)) == 1) {
		double row[4] = { NAN, NAN, NAN, NAN };

		if (json_array(j) < 0)
			return -1;
		for (c = 0; (got = json_item(j)) == 1; c++) {
			for (i = 0; i < 4 && w->name[i] != NULL; i++)
				if (idx[i] == c)
					break;
			if (i < 4 && w->name[i] != NULL) {
				if (read_num(j, &v) < 0)
					return -1;
				row[i] = v;
			} else if (json_skip(j) < 0) {
				return -1;
			}
		}
		if (got < 0)
			return -1;
		for (i = 0; i < 4 && w->name[i] != NULL; i++)
			if (idx[i] >= 0)
				col_push(w->cols[i], row[i]);
	}
	return rc;
}

/*
 * A table, either shape: the wanted columns into w's cols (columns the
 * table lacks stay empty, w->seen[i] 0).
 */
int
read_table(struct json *j, const struct doc *dc, struct want *w)
{
	const char *k;
	size_t kn, data = NO_MARK;
	int64_t idx[4] = { -1, -1, -1, -1 }, v;
	int rc, i, schema = 0;

	if (json_object(j) < 0)
		return -1;
	while ((rc = json_key(j, &k, &kn)) == 1) {
		for (i = 0; i < 4 && w->name[i] != NULL; i++)
			if (json_key_is(k, kn, w->name[i]))
				break;
		if (i < 4 && w->name[i] != NULL &&
		    json_peek(j) == JSON_NULL) {
			if (json_skip(j) < 0) /* "weight": null */
				return -1;
		} else if (i < 4 && w->name[i] != NULL) {
			if (read_col(j, w->cols[i]) < 0)
				return -1;
			w->seen[i] = 1;
		} else if (json_key_is(k, kn, "schema")) {
			if (json_object(j) < 0)
				return -1;
			while ((rc = json_key(j, &k, &kn)) == 1) {
				for (i = 0; i < 4 && w->name[i] != NULL; i++)
					if (json_key_is(k, kn, w->name[i]))
						break;
				if (i < 4 && w->name[i] != NULL) {
					if (json_int(j, &v, 0) < 0)
						return -1;
					idx[i] = v < 0 ? -2 : v;
					w->seen[i] = 1;
				} else if (json_skip(j) < 0) {
					return -1;
				}
			}
			if (rc < 0)
				return -1;
			schema = 1;
		} else if (json_key_is(k, kn, "data")) {
			data = json_mark(j);
			if (json_skip(j) < 0)
				return -1;
		} else if (json_skip(j) < 0) {
			return -1;
		}
	}
	if (rc < 0 || !schema || data == NO_MARK)
		return rc;
	{
		struct json jd;

		json_init_at(&jd, dc->s, dc->n, data);
		rc = read_rows(&jd, w, idx);
		if (rc < 0) {
			/* the offset of the error, in the outer reader */
			j->pos = jd.err_off;
			json_fail(j, jd.err ? jd.err : "malformed data");
		}
		json_free(&jd);
	}
	return rc < 0 ? -1 : 0;
}

