/*
 * Differential profiles: the stack filter, normalisation and the 3-column
 * writer.  See diff/diff.h.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff/diff.h"
#include "util/xalloc.h"

static int
is_hexdigit(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	    (c >= 'A' && c <= 'F');
}

size_t
diff_strip_hex(char *dst, const char *s, size_t len)
{
	size_t i = 0, w = 0, j;

	while (i < len) {
		if (s[i] == '0' && i + 2 < len && s[i + 1] == 'x' &&
		    is_hexdigit(s[i + 2])) {
			for (j = i + 2; j < len && is_hexdigit(s[j]); j++)
				;
			memcpy(dst + w, "0x...", 5);
			w += 5;
			i = j;
		} else
			dst[w++] = s[i++];
	}
	return w;
}

static void
df_begin(void *ctx)
{
	struct diff_filter *f = ctx;

	f->inner->begin(f->inner->ctx);
}

static void
df_frame(void *ctx, const char *name, size_t len)
{
	struct diff_filter *f = ctx;
	size_t n;

	if (!f->strip_hex || memchr(name, 'x', len) == NULL) {
		f->inner->frame(f->inner->ctx, name, len);
		return;
	}
	/* "0xA" (3 bytes) becomes "0x..." (5): at most len + len/3*2 + 3 bytes. */
	xgrow((void **)&f->buf, &f->cap, len + len / 3 * 2 + 8, 1);
	n = diff_strip_hex(f->buf, name, len);
	f->inner->frame(f->inner->ctx, f->buf, n);
}

/* Whole samples only, as difffolded.pl reads them. */
static struct tf_count
df_count(struct diff_filter *f, struct tf_count c)
{
	if (c.frac != 0.0) {
		c.frac = 0.0;
		f->truncated = 1;
	}
	return c;
}

static void
df_end(void *ctx, struct tf_count c)
{
	struct diff_filter *f = ctx;

	f->inner->end(f->inner->ctx, df_count(f, c));
}

/* The same names go through the same filter: the inner stack is the same. */
static void
df_again(void *ctx, uint64_t handle, struct tf_count c)
{
	struct diff_filter *f = ctx;

	f->inner->speed->again(f->inner->ctx, handle, df_count(f, c));
}

/* The inner sink's id for the name as df_frame() passes it on. */
static uint32_t
df_intern(void *ctx, const char *name, size_t len)
{
	struct diff_filter *f = ctx;
	struct stack_sink *k = f->inner;
	size_t n;

	if (!f->strip_hex || memchr(name, 'x', len) == NULL)
		return k->speed->intern(k->ctx, name, len);
	xgrow((void **)&f->buf, &f->cap, len + len / 3 * 2 + 8, 1);
	n = diff_strip_hex(f->buf, name, len);
	return k->speed->intern(k->ctx, f->buf, n);
}

/* Positions and ids are the inner sink's: only counts and names change. */
static const struct stack_sink_speed df_speed = {
	sink_fwd_last, df_again, sink_fwd_at, sink_fwd_resume, df_intern,
	sink_fwd_frame_id
};

void
diff_filter_init(struct diff_filter *f, struct stack_sink *sink,
    struct stack_sink *inner, int strip_hex)
{
	memset(f, 0, sizeof *f);
	f->inner = inner;
	f->strip_hex = strip_hex;
	sink->ctx = f;
	sink->begin = df_begin;
	sink->frame = df_frame;
	sink->end = df_end;
	sink->speed = inner->speed != NULL ? &df_speed : NULL;
	sink->par = NULL;
	sink->inorder = NULL;
}

void
diff_filter_free(struct diff_filter *f)
{
	free(f->buf);
	f->buf = NULL;
	f->cap = 0;
}

/* floor(c * num / den) without overflow for any 64-bit values. */
static uint64_t
scale(uint64_t c, uint64_t num, uint64_t den)
{
#ifdef __SIZEOF_INT128__
	unsigned __int128 p = (unsigned __int128)c * num / den;

	return p > UINT64_MAX ? UINT64_MAX : (uint64_t)p;
#else
	long double p = (long double)c * num / den;

	return p >= 18446744073709551615.0L ? UINT64_MAX : (uint64_t)p;
#endif
}

int
diff_normalize(struct tree *t)
{
	uint64_t tb = tree_total(t, DIFF_BEFORE, TREE_ROOT).n;
	uint64_t ta = tree_total(t, DIFF_AFTER, TREE_ROOT).n;
	uint32_t i, n = tree_size(t);

	if (tb == ta)
		return 0;
	if (tb == 0)
		return -1;
	for (i = 0; i < n; i++) {
		struct tf_count c = tree_self(t, DIFF_BEFORE, i);

		if (c.n != 0)
			tree_set_self(t, DIFF_BEFORE, i,
			    COUNT_INT(scale(c.n, ta, tb)));
	}
	tree_finish(t);
	return 0;
}

int64_t
diff_delta(const struct tree *t, uint32_t node, int negate)
{
	uint64_t b = tree_self(t, DIFF_BEFORE, node).n;
	uint64_t a = tree_self(t, DIFF_AFTER, node).n;
	int64_t d;

	/* Saturate rather than wrap on absurd counts. */
	if (a >= b)
		d = a - b > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)(a - b);
	else
		d = b - a > (uint64_t)INT64_MAX ? -INT64_MAX : -(int64_t)(b - a);
	return negate ? -d : d;
}

uint64_t
diff_maxdelta(const struct tree *t)
{
	uint64_t m = 1, v;
	uint32_t i, n = tree_size(t);
	int64_t d;

	for (i = 0; i < n; i++) {
		d = diff_delta(t, i, 0);
		v = d < 0 ? (uint64_t)-d : (uint64_t)d;
		if (v > m)
			m = v;
	}
	return m;
}

/* Is there no frame at depth 1 or 2 with samples in both profiles? */
int
diff_disjoint(const struct tree *t)
{
	const struct tree_node *nodes = tree_nodes(t);
	uint32_t i, n = tree_size(t);

	if (count_is_zero(tree_total(t, DIFF_BEFORE, TREE_ROOT)) ||
	    count_is_zero(tree_total(t, DIFF_AFTER, TREE_ROOT)))
		return 0;
	for (i = 0; i < n; i++)
		if ((nodes[i].depth == 1 || nodes[i].depth == 2) &&
		    !count_is_zero(tree_total(t, DIFF_BEFORE, i)) &&
		    !count_is_zero(tree_total(t, DIFF_AFTER, i)))
			return 0;
	return 1;
}

/* Say when the totals are more than 10% apart. */
int
diff_totals_note(const struct tree *t, const struct tf_units *u, char *buf,
    size_t cap)
{
	double b = count_value(tree_total(t, DIFF_BEFORE, TREE_ROOT));
	double a = count_value(tree_total(t, DIFF_AFTER, TREE_ROOT));
	double hi = a > b ? a : b, lo = a > b ? b : a;
	char r[32];
	size_t n;

	if (cap > 0)
		buf[0] = '\0';
	if (lo <= 0 || hi <= lo * 1.1)
		return 0;
	/* Two decimals, a last 0 dropped: 1.8x, 1.25x, 4.0x (never 1.1x). */
	n = (size_t)snprintf(r, sizeof r, "%.2f", hi / lo);
	if (n >= 4 && n < sizeof r && r[n - 1] == '0')
		r[n - 1] = '\0';
	/* The weight's name ("cycles", "cpu-clock"), as the status line's. */
	snprintf(buf, cap, "%s has %sx the %s%s%s of %s; -n scales",
	    a > b ? "AFTER" : "BEFORE", r,
	    u != NULL && u->of != NULL ? u->of : "",
	    u != NULL && u->of != NULL ? " " : "",
	    u != NULL ? u->name : "weight", a > b ? "BEFORE" : "AFTER");
	return 1;
}

struct diff_rgb
diff_colour(int64_t delta, uint64_t maxdelta)
{
	uint64_t v = delta < 0 ? (uint64_t)-delta : (uint64_t)delta;
	unsigned char x;

	if (maxdelta == 0)
		maxdelta = 1;
	if (v > maxdelta)
		v = maxdelta;
	x = (unsigned char)((long double)210 * (maxdelta - v) / maxdelta);
	if (delta > 0)
		return (struct diff_rgb){255, x, x};
	if (delta < 0)
		return (struct diff_rgb){x, x, 255};
	return (struct diff_rgb){255, 255, 255};
}
