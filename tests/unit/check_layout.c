/*
 * Layout and palette: rectangle positions and widths, zoom, culling of
 * narrow frames, the two orientations, selection moves, colours.
 *
 * Trees are built from folded lines through the real loader and sink.  The
 * pictures in the comments are drawn in the flame orientation (row 0 at the
 * bottom), one character per cell where the width allows.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "layout/layout.h"
#include "layout/palette.h"
#include "loaders/loader.h"
#include "loaders/sink_tree.h"
#include "util/diag.h"
#include "input/reader.h"
#include "util/xalloc.h"

/* A finished tree from folded text. */
static struct tree *
tree_of(const char *text)
{
	struct reader *r = reader_mem(text, strlen(text), "test");
	struct tree *t = tree_new(1);
	struct stack_sink sink;
	struct sink_tree st;
	struct load_result res;
	struct diag d;

	diag_init(&d, "test");
	memset(&res, 0, sizeof res);
	sink_tree_init(&st, &sink, t, 0);
	load_folded(r, NULL, &sink, &d, &res, NULL);
	ck_assert_uint_eq(d.nbad, 0);
	diag_free(&d);
	reader_close(r);
	tree_finish(t);
	return t;
}

/* The node at path "a;b;c" ("" is the root). */
static uint32_t
node_of(const struct tree *t, const char *path)
{
	const struct tree_node *n = tree_nodes(t);
	uint32_t cur = TREE_ROOT, c;
	const char *p = path, *end;
	size_t len, nl;
	const char *name;

	while (*p != '\0') {
		end = strchr(p, ';');
		len = end != NULL ? (size_t)(end - p) : strlen(p);
		for (c = n[cur].first_child; c != TREE_NONE;
		    c = n[c].next_sibling) {
			name = tree_name(t, c, &nl);
			if (nl == len && memcmp(name, p, len) == 0)
				break;
		}
		ck_assert_msg(c != TREE_NONE, "no node %s", path);
		cur = c;
		p += len;
		if (*p == ';')
			p++;
	}
	return cur;
}

/* Lay out t at width w with zoom node zoom. */
static void
build(struct layout *l, const struct tree *t, uint32_t zoom, double w,
    int inverted, int merge)
{
	struct layout_params p;

	memset(&p, 0, sizeof p);
	p.zoom = zoom;
	p.prof = 0;
	p.width = w;
	p.minwidth = 1.0;
	p.inverted = inverted;
	p.merge = merge;
	layout_build(l, t, &p);
}

/* Rectangle of path, which must be visible. */
static const struct layout_rect *
rect_of(const struct layout *l, const struct tree *t, const char *path)
{
	uint32_t i = layout_find(l, t, node_of(t, path));

	ck_assert_msg(i != LAYOUT_NONE, "%s is not laid out", path);
	return &l->rects[i];
}

/* Assert that path is laid out at row depth covering [x, x + w). */
static void
expect(const struct layout *l, const struct tree *t, const char *path,
    uint32_t depth, double x, double w)
{
	const struct layout_rect *r = rect_of(l, t, path);

	ck_assert_uint_eq(r->depth, depth);
	ck_assert_double_eq_tol(r->x, x, 1e-9);
	ck_assert_double_eq_tol(r->w, w, 1e-9);
}

static const char three[] =
    "a;b 30\n"
    "a;c 20\n"
    "d 50\n";

/*
 * Width 100, one cell per sample.  Children are ordered by name, and a
 * frame is as wide as its total:
 *
 *   row 2   [b 30         ][c 20   ]
 *   row 1   [a 50                  ][d 50                  ]
 *   row 0   [all 100                                        ]
 *           0             30       50                       100
 */
START_TEST(test_positions)
{
	struct tree *t = tree_of(three);
	struct layout l;

	layout_init(&l);
	build(&l, t, TREE_ROOT, 100, 0, 1);
	ck_assert_uint_eq(l.nrows, 3);
	ck_assert_uint_eq(l.nrects, 5);
	expect(&l, t, "", 0, 0, 100);
	expect(&l, t, "a", 1, 0, 50);
	expect(&l, t, "d", 1, 50, 50);
	expect(&l, t, "a;b", 2, 0, 30);
	expect(&l, t, "a;c", 2, 30, 20);
	/* Row by row, left to right. */
	ck_assert_uint_eq(l.row_start[0], 0);
	ck_assert_uint_eq(l.row_start[1], 1);
	ck_assert_uint_eq(l.row_start[2], 3);
	ck_assert_uint_eq(l.row_start[3], 5);
	ck_assert_uint_eq(l.rects[0].flags, LAYOUT_ZOOM);
	ck_assert_uint_eq(l.rects[3].parent, 1);
	ck_assert_uint_eq(l.rects[1].child, 3);
	ck_assert_uint_eq(l.rects[1].nchild, 2);
	layout_free(&l);
	tree_free(t);
}
END_TEST

/*
 * Self time is the part of a bar with nothing above it:
 *
 *   row 2   [b 25     ]           (a's self: 25)
 *   row 1   [a 50               ][c 50               ]
 *   row 0   [all 100                                  ]
 */
START_TEST(test_self_gap)
{
	struct tree *t = tree_of("a 25\na;b 25\nc 50\n");
	struct layout l;

	layout_init(&l);
	build(&l, t, TREE_ROOT, 100, 0, 1);
	expect(&l, t, "a;b", 2, 0, 25);
	expect(&l, t, "c", 1, 50, 50);
	ck_assert_uint_eq(l.row_start[3] - l.row_start[2], 1);
	layout_free(&l);
	tree_free(t);
}
END_TEST

/*
 * Zoomed on a: a fills the width, its ancestor "all" stays as a full-width
 * bar flagged as an ancestor, d (not under a) is gone, b and c double:
 *
 *   row 2   [b 30 -> 60 cells            ][c 20 -> 40 cells       ]
 *   row 1   [a (zoom)                                              ]
 *   row 0   [all (ancestor, dimmed)                                ]
 */
START_TEST(test_zoom)
{
	struct tree *t = tree_of(three);
	struct layout l;
	uint32_t a = node_of(t, "a");

	layout_init(&l);
	build(&l, t, a, 100, 0, 1);
	ck_assert_uint_eq(l.zoom, a);
	ck_assert_uint_eq(l.zoom_depth, 1);
	ck_assert_uint_eq(l.nrows, 3);
	ck_assert_uint_eq(l.nrects, 4);
	expect(&l, t, "", 0, 0, 100);
	ck_assert_uint_eq(rect_of(&l, t, "")->flags, LAYOUT_ANCESTOR);
	expect(&l, t, "a", 1, 0, 100);
	ck_assert_uint_eq(rect_of(&l, t, "a")->flags, LAYOUT_ZOOM);
	expect(&l, t, "a;b", 2, 0, 60);
	expect(&l, t, "a;c", 2, 60, 40);
	ck_assert_uint_eq(layout_find(&l, t, node_of(t, "d")), LAYOUT_NONE);
	/* Moving down from the zoom node reaches the ancestor. */
	ck_assert_uint_eq(layout_parent(&l, layout_find(&l, t, a)), 0);
	ck_assert_uint_eq(layout_child(&l, 0), 1);
	layout_free(&l);
	tree_free(t);
}
END_TEST

/* Zoom on a frame 3 levels deep: three full-width ancestor rows. */
START_TEST(test_zoom_deep)
{
	struct tree *t = tree_of("a;b;c;d 10\na;b;c;e 30\na;x 60\n");
	struct layout l;
	uint32_t i;

	layout_init(&l);
	build(&l, t, node_of(t, "a;b;c"), 40, 0, 1);
	ck_assert_uint_eq(l.zoom_depth, 3);
	for (i = 0; i < 3; i++) {
		ck_assert_uint_eq(l.rects[i].depth, i);
		ck_assert_uint_eq(l.rects[i].flags, LAYOUT_ANCESTOR);
		ck_assert_double_eq(l.rects[i].w, 40);
	}
	expect(&l, t, "a;b;c;d", 4, 0, 10);
	expect(&l, t, "a;b;c;e", 4, 10, 30);
	layout_free(&l);
	tree_free(t);
}
END_TEST

/*
 * Width 10 for 100 samples: one cell is 10 samples.  big (95) is drawn;
 * the five 1-sample frames are half a cell together, so they are neither
 * drawn nor merged, and nothing above them is visited (tiny1's children
 * would be rows 2 and 3).
 *
 *   row 1   [big 9.5 cells ]
 *   row 0   [all            ]
 */
START_TEST(test_cull_narrow)
{
	struct tree *t = tree_of("big 95\ntiny1;x;y 1\ntiny2 1\ntiny3 1\n"
	    "tiny4 1\ntiny5 1\n");
	struct layout l;

	layout_init(&l);
	build(&l, t, TREE_ROOT, 10, 0, 1);
	ck_assert_uint_eq(l.nrows, 2);
	ck_assert_uint_eq(l.nrects, 2);
	expect(&l, t, "big", 1, 0, 9.5);
	ck_assert_uint_eq(layout_find(&l, t, node_of(t, "tiny1")), LAYOUT_NONE);
	/* The nearest visible frame of a hidden one is its ancestor. */
	ck_assert_uint_eq(layout_find_near(&l, t, node_of(t, "tiny1;x;y")), 0);
	layout_free(&l);
	tree_free(t);
}
END_TEST

/*
 * Width 50 for 100 samples: half a cell per sample.  a (50) gets 25
 * cells; the fifty 1-sample siblings m00..m49 are half a cell each, but 25
 * cells together: one merged rectangle.  Without merging, nothing.
 *
 *   row 1   [a 25 cells              ][+ 25 cells (50 frames)   ]
 */
START_TEST(test_merge_narrow)
{
	char buf[2048], *p = buf;
	struct tree *t;
	struct layout l;
	const struct layout_rect *m;
	int i;

	p += sprintf(p, "a 50\n");
	for (i = 0; i < 50; i++)
		p += sprintf(p, "m%02d;deeper 1\n", i);
	t = tree_of(buf);
	layout_init(&l);
	build(&l, t, TREE_ROOT, 50, 0, 1);
	ck_assert_uint_eq(l.nrows, 2);
	ck_assert_uint_eq(l.nrects, 3);
	expect(&l, t, "a", 1, 0, 25);
	m = &l.rects[2];
	ck_assert_uint_eq(m->flags, LAYOUT_MERGED);
	ck_assert_uint_eq(m->node, node_of(t, "m00"));
	ck_assert_double_eq_tol(m->x, 25, 1e-9);
	ck_assert_double_eq_tol(m->w, 25, 1e-9);
	/* A merged rectangle is never a selection target. */
	ck_assert_uint_eq(layout_right(&l, 1), LAYOUT_NONE);
	ck_assert_uint_eq(layout_child(&l, 0), 1);
	ck_assert_uint_eq(layout_find(&l, t, node_of(t, "m00")), LAYOUT_NONE);

	build(&l, t, TREE_ROOT, 50, 0, 0);
	ck_assert_uint_eq(l.nrects, 2);
	layout_free(&l);
	tree_free(t);
}
END_TEST

/*
 * Rounding to cells: 3 equal frames in 7 cells start at 0, 2.33 and 4.67
 * and get cells [0,2) [2,5) [5,7): no overlap, no hole, 7 in all.
 */
/*
 * The "+" bar as a selection target: width 75 for 150 samples.  Its
 * frames run from m00 up to z, the next rectangle; under "only" the one
 * child is a "+" bar, which layout_child_any() steps to.
 *
 *   row 2                      [+ m00..m49][+ only;k00..k09    ]
 *   row 1   [a 25 cells       ][+ 25 cells][z 25 cells         ]
 */
START_TEST(test_merged_select)
{
	char buf[4096], *p = buf;
	struct tree *t;
	struct layout l;
	uint32_t a, m, z, zm;
	int i;

	p += sprintf(p, "a 50\nz 40\n");
	for (i = 0; i < 50; i++)
		p += sprintf(p, "m%02d 1\n", i);
	for (i = 0; i < 10; i++)
		p += sprintf(p, "z;k%02d 1\n", i);
	t = tree_of(buf);
	layout_init(&l);
	build(&l, t, TREE_ROOT, 75, 0, 1);
	ck_assert_uint_eq(l.nrows, 3);
	a = layout_find(&l, t, node_of(t, "a"));
	z = layout_find(&l, t, node_of(t, "z"));
	ck_assert_uint_eq(a, 1);
	ck_assert_uint_eq(z, 3);
	m = 2;
	ck_assert_uint_eq(l.rects[m].flags, LAYOUT_MERGED);
	ck_assert_uint_eq(l.rects[m].node, node_of(t, "m00"));
	/* Left and right stop on it; the old moves still skip it. */
	ck_assert_uint_eq(layout_next(&l, a), m);
	ck_assert_uint_eq(layout_next(&l, m), z);
	ck_assert_uint_eq(layout_next(&l, z), LAYOUT_NONE);
	ck_assert_uint_eq(layout_prev(&l, z), m);
	ck_assert_uint_eq(layout_prev(&l, m), a);
	ck_assert_uint_eq(layout_prev(&l, a), LAYOUT_NONE);
	ck_assert_uint_eq(layout_right(&l, a), z);
	/* Its frames end at z; z's "+" bar runs to the last sibling. */
	ck_assert_uint_eq(layout_run_end(&l, m), node_of(t, "z"));
	zm = layout_child_any(&l, z);
	ck_assert_uint_ne(zm, LAYOUT_NONE);
	ck_assert_uint_eq(l.rects[zm].flags, LAYOUT_MERGED);
	ck_assert_uint_eq(l.rects[zm].node, node_of(t, "z;k00"));
	ck_assert_uint_eq(layout_run_end(&l, zm), TREE_NONE);
	ck_assert_uint_eq(layout_child(&l, z), LAYOUT_NONE);
	/* A real child wins over a wider "+" bar. */
	ck_assert_uint_eq(layout_child_any(&l, 0), a);
	ck_assert_uint_eq(layout_child_any(&l, a), LAYOUT_NONE);
	layout_free(&l);
	tree_free(t);
}
END_TEST

START_TEST(test_cells_add_up)
{
	struct tree *t = tree_of("a 1\nb 1\nc 1\n");
	struct layout l;
	long x0, x1, end = 0;
	uint32_t i;

	layout_init(&l);
	build(&l, t, TREE_ROOT, 7, 0, 1);
	ck_assert_uint_eq(l.row_start[2] - l.row_start[1], 3);
	for (i = l.row_start[1]; i < l.row_start[2]; i++) {
		layout_cells(&l.rects[i], &x0, &x1);
		ck_assert_int_eq(x0, end);
		ck_assert_int_gt(x1, x0);
		end = x1;
	}
	ck_assert_int_eq(end, 7);
	layout_free(&l);
	tree_free(t);
}
END_TEST

/*
 * Children never stick out of their parent, whatever the rounding: every
 * rectangle of a random-ish tree lies within its parent's cells.
 */
START_TEST(test_children_inside)
{
	char buf[8192], *p = buf;
	struct tree *t;
	struct layout l;
	long x0, x1, px0, px1;
	uint32_t i;
	int k;

	for (k = 0; k < 200; k++)
		p += sprintf(p, "f%d;g%d;h%d %d\n", k % 7, k % 13, k % 5,
		    1 + (k * 37) % 11);
	t = tree_of(buf);
	layout_init(&l);
	build(&l, t, TREE_ROOT, 83, 0, 1);
	for (i = 1; i < l.nrects; i++) {
		layout_cells(&l.rects[i], &x0, &x1);
		layout_cells(&l.rects[l.rects[i].parent], &px0, &px1);
		ck_assert_int_ge(x0, px0);
		ck_assert_int_le(x1, px1);
		ck_assert_int_ge(x1 - x0, 1);
		if (i > l.row_start[l.rects[i].depth]) {
			long y0, y1;

			layout_cells(&l.rects[i - 1], &y0, &y1);
			ck_assert_int_le(y1, x0);
		}
	}
	layout_free(&l);
	tree_free(t);
}
END_TEST

/* Fractional counts: 0.5 and 1.5 samples share 100 cells 1:3. */
START_TEST(test_fractions)
{
	struct tree *t = tree_of("a 0.5\nb 1.5\n");
	struct layout l;

	layout_init(&l);
	build(&l, t, TREE_ROOT, 100, 0, 1);
	expect(&l, t, "a", 1, 0, 25);
	expect(&l, t, "b", 1, 25, 75);
	layout_free(&l);
	tree_free(t);
}
END_TEST

/*
 * Selection moves on the three-frame tree (flame orientation):
 *
 *   row 2   [b][c]
 *   row 1   [a   ][d   ]
 *   row 0   [all       ]
 *
 * Left/right stay on the row and cross parents; up is the widest child,
 * down the parent; at an edge there is nowhere to go.  In the icicle view
 * up and down swap.
 */
START_TEST(test_moves)
{
	struct tree *t = tree_of(three);
	struct layout l;
	uint32_t all, a, b, c, d;

	layout_init(&l);
	build(&l, t, TREE_ROOT, 100, 0, 1);
	all = layout_find(&l, t, TREE_ROOT);
	a = layout_find(&l, t, node_of(t, "a"));
	b = layout_find(&l, t, node_of(t, "a;b"));
	c = layout_find(&l, t, node_of(t, "a;c"));
	d = layout_find(&l, t, node_of(t, "d"));

	ck_assert_uint_eq(layout_right(&l, a), d);
	ck_assert_uint_eq(layout_left(&l, d), a);
	ck_assert_uint_eq(layout_left(&l, a), LAYOUT_NONE);
	ck_assert_uint_eq(layout_right(&l, d), LAYOUT_NONE);
	ck_assert_uint_eq(layout_right(&l, b), c);
	ck_assert_uint_eq(layout_right(&l, c), LAYOUT_NONE);
	ck_assert_uint_eq(layout_left(&l, all), LAYOUT_NONE);

	/* Flame: up = widest child (a and d tie at 50: the leftmost). */
	ck_assert_uint_eq(layout_up(&l, all), a);
	ck_assert_uint_eq(layout_up(&l, a), b);
	ck_assert_uint_eq(layout_up(&l, b), LAYOUT_NONE);
	ck_assert_uint_eq(layout_up(&l, d), LAYOUT_NONE);
	ck_assert_uint_eq(layout_down(&l, c), a);
	ck_assert_uint_eq(layout_down(&l, d), all);
	ck_assert_uint_eq(layout_down(&l, all), LAYOUT_NONE);

	/* Icicle: the same rows, up and down swapped. */
	build(&l, t, TREE_ROOT, 100, 1, 1);
	ck_assert_uint_eq(layout_find(&l, t, node_of(t, "a;b")), b);
	ck_assert_uint_eq(layout_down(&l, all), a);
	ck_assert_uint_eq(layout_down(&l, a), b);
	ck_assert_uint_eq(layout_up(&l, c), a);
	ck_assert_uint_eq(layout_up(&l, all), LAYOUT_NONE);
	layout_free(&l);
	tree_free(t);
}
END_TEST

/* The widest child wins, wherever it is. */
START_TEST(test_widest_child)
{
	struct tree *t = tree_of("m;a 10\nm;b 60\nm;c 30\n");
	struct layout l;
	uint32_t m;

	layout_init(&l);
	build(&l, t, TREE_ROOT, 100, 0, 1);
	m = layout_find(&l, t, node_of(t, "m"));
	ck_assert_uint_eq(l.rects[layout_child(&l, m)].node,
	    node_of(t, "m;b"));
	ck_assert_uint_eq(layout_at(&l, 2, 5), layout_find(&l, t,
	    node_of(t, "m;a")));
	ck_assert_uint_eq(layout_at(&l, 2, 69.9), layout_find(&l, t,
	    node_of(t, "m;b")));
	ck_assert_uint_eq(layout_at(&l, 2, 99.5), layout_find(&l, t,
	    node_of(t, "m;c")));
	ck_assert_uint_eq(layout_at(&l, 3, 5), LAYOUT_NONE);
	layout_free(&l);
	tree_free(t);
}
END_TEST

/*
 * 100,000 frames deep: built without recursion, one rectangle per row;
 * zooming half-way gives 50,000 ancestor rows.
 */
START_TEST(test_deep_stack)
{
	enum { DEPTH = 100000 };
	char *buf = xmalloc(DEPTH * 2 + 16), *p = buf;
	struct tree *t;
	struct layout l;
	uint32_t n, i;
	int k;

	for (k = 0; k < DEPTH; k++) {
		*p++ = 'f';
		*p++ = k + 1 < DEPTH ? ';' : ' ';
	}
	strcpy(p, "7\n");
	t = tree_of(buf);
	free(buf);
	layout_init(&l);
	build(&l, t, TREE_ROOT, 80, 0, 1);
	ck_assert_uint_eq(l.nrows, DEPTH + 1);
	ck_assert_uint_eq(l.nrects, DEPTH + 1);
	for (n = TREE_ROOT, i = 0; i < 50000; i++)
		n = tree_nodes(t)[n].first_child;
	build(&l, t, n, 80, 0, 1);
	ck_assert_uint_eq(l.zoom_depth, 50000);
	ck_assert_uint_eq(l.nrows, DEPTH + 1);
	ck_assert_uint_eq(l.rects[49999].flags, LAYOUT_ANCESTOR);
	ck_assert_uint_eq(l.rects[50000].flags, LAYOUT_ZOOM);
	ck_assert_uint_eq(layout_find(&l, t, n), 50000);
	layout_free(&l);
	tree_free(t);
}
END_TEST

/* Each build bumps the generation, so caches can tell layouts apart. */
START_TEST(test_generation)
{
	struct tree *t = tree_of(three);
	struct layout l;
	uint64_t g;

	layout_init(&l);
	build(&l, t, TREE_ROOT, 100, 0, 1);
	g = l.generation;
	build(&l, t, TREE_ROOT, 50, 0, 1);
	ck_assert_uint_eq(l.generation, g + 1);
	layout_free(&l);
	tree_free(t);
}
END_TEST

/*
 * The palette: the same name gives the same colour every time, ordinary
 * names get flamegraph.pl's "hot" colours exactly (values checked against
 * Perl), and the annotations pick their families.
 */
START_TEST(test_palette_hot)
{
	struct palette_rgb c;

	c = palette_rgb(PALETTE_USER, palette_value("main", 4));
	ck_assert_uint_eq(c.r, 243);
	ck_assert_uint_eq(c.g, 179);
	ck_assert_uint_eq(c.b, 42);
	c = palette_rgb(PALETTE_USER, palette_value("foo", 3));
	ck_assert_uint_eq(c.r, 220);
	ck_assert_uint_eq(c.g, 71);
	ck_assert_uint_eq(c.b, 17);
	c = palette_rgb(PALETTE_USER, palette_value("", 0));
	ck_assert_uint_eq(c.r, 213);
	ck_assert_uint_eq(c.g, 39);
	ck_assert_uint_eq(c.b, 9);
	ck_assert_double_eq(palette_value("do_syscall_64", 13),
	    palette_value("do_syscall_64", 13));
	/* Code points, not bytes: "caf\u00e9" sums to 531. */
	ck_assert_double_eq(palette_value("caf\xc3\xa9", 5),
	    palette_value("\xc8\x93", 2));
}
END_TEST

START_TEST(test_palette_families)
{
	struct palette_rgb c;
	double v;
	int k;

	ck_assert_int_eq(palette_family("main", 4), PALETTE_USER);
	ck_assert_int_eq(palette_family("do_idle_[k]", 11), PALETTE_KERNEL);
	ck_assert_int_eq(palette_family("Lfoo::bar_[j]", 13), PALETTE_JIT);
	ck_assert_int_eq(palette_family("inl_[i]", 7), PALETTE_INLINE);
	ck_assert_int_eq(palette_family("-", 1), PALETTE_GREY);
	ck_assert_int_eq(palette_family("--", 2), PALETTE_GREY);
	ck_assert_int_eq(palette_family("_[k]x", 5), PALETTE_USER);
	ck_assert_int_eq(palette_family("[k]", 3), PALETTE_USER);
	for (k = 0; k < 64; k++) {
		v = k / 64.0;
		c = palette_rgb(PALETTE_USER, v);   /* warm: red high */
		ck_assert_uint_ge(c.r, 205);
		ck_assert_uint_le(c.b, 55);
		c = palette_rgb(PALETTE_KERNEL, v); /* blue */
		ck_assert_uint_gt(c.b, c.r);
		ck_assert_uint_gt(c.b, c.g);
		c = palette_rgb(PALETTE_JIT, v);    /* green */
		ck_assert_uint_gt(c.g, c.r);
		ck_assert_uint_gt(c.g, c.b);
		c = palette_rgb(PALETTE_INLINE, v); /* aqua */
		ck_assert_uint_gt(c.g, c.r);
		ck_assert_uint_eq(c.g, c.b);
		ck_assert_uint_lt(palette_shade(v, 8), 8);
	}
	ck_assert_uint_eq(palette_shade(0.0, 8), 0);
	ck_assert_uint_eq(palette_shade(0.99999, 8), 7);
	ck_assert_uint_eq(palette_shade(1.0, 8), 7);
}
END_TEST

/*
 * The trunk a viewer folds: from the zoom node, each frame's widest child
 * while it holds at least 85% of its parent's width; keep 2 frames at
 * each end, fold the rest when that is 2 frames or more.
 *
 *   all;py;start;main;Py_Main;run;eval;call;{a 60, b 40}
 *   rows 0-7 (8 frames; call's widest child has 60%): rows 2-5 fold
 */
START_TEST(test_trunk)
{
	struct tree *t = tree_of("py;start;main;Py_Main;run;eval;call;a 60\n"
	    "py;start;main;Py_Main;run;eval;call;b 40\n");
	struct layout l;
	uint32_t first = 99;
	int inv;

	layout_init(&l);
	for (inv = 0; inv < 2; inv++) {
		build(&l, t, TREE_ROOT, 100, inv, 1);
		ck_assert_uint_eq(layout_trunk(&l, 2, &first), 4);
		ck_assert_uint_eq(l.rects[first].depth, 2);
		ck_assert_uint_eq(l.rects[first].node,
		    node_of(t, "py;start"));
	}
	/* Zoomed on run (row 5): run, eval, call: too short to fold. */
	build(&l, t, node_of(t, "py;start;main;Py_Main;run"), 100, 0, 1);
	ck_assert_uint_eq(layout_trunk(&l, 2, &first), 0);
	/* Zoomed on start: 6 frames, 2 folded (the fewest worth a line). */
	build(&l, t, node_of(t, "py;start"), 100, 1, 1);
	ck_assert_uint_eq(layout_trunk(&l, 2, &first), 2);
	ck_assert_uint_eq(l.rects[first].depth, 4);
	/* Nothing kept: from the zoom node itself. */
	ck_assert_uint_eq(layout_trunk(&l, 0, &first), 6);
	ck_assert_uint_eq(l.rects[first].node, node_of(t, "py;start"));
	layout_free(&l);
	tree_free(t);

	/*
	 * Nearly all the width: x, three cells of a hundred beside c, is
	 * drawn (not a "+" bar) and the trunk goes on through c to g, whose
	 * children h and i (60% and 40%) end it.
	 */
	t = tree_of("a;b;c;d;e;f;g;h 600\na;b;c;d;e;f;g;i 400\na;b;x 30\n");
	layout_init(&l);
	build(&l, t, TREE_ROOT, 100, 0, 1);
	ck_assert(!(rect_of(&l, t, "a;b;x")->flags & LAYOUT_MERGED));
	ck_assert_uint_eq(layout_trunk(&l, 2, &first), 4);
	ck_assert_uint_eq(l.rects[first].node, node_of(t, "a;b"));
	layout_free(&l);
	tree_free(t);
	/* 86% is still the trunk; 80% ends it. */
	t = tree_of("a;b;c;d;e;f;g;h 50\na;b;c;d;e;f;g;i 36\na;b;x 14\n");
	layout_init(&l);
	build(&l, t, TREE_ROOT, 100, 0, 1);
	ck_assert_uint_eq(layout_trunk(&l, 2, &first), 4);
	layout_free(&l);
	tree_free(t);
	t = tree_of("a;b;c;d;e;f;g;h 50\na;b;c;d;e;f;g;i 30\na;b;x 20\n");
	layout_init(&l);
	build(&l, t, TREE_ROOT, 100, 0, 1);
	ck_assert_uint_eq(layout_trunk(&l, 2, &first), 0);
	layout_free(&l);
	tree_free(t);
	/*
	 * A chain to its leaf folds nothing (nothing above it to make room
	 * for); a "+" bar above it is something.
	 */
	t = tree_of("a;b;c;d;e;f;g;h;i;j 5\n");
	layout_init(&l);
	build(&l, t, TREE_ROOT, 100, 0, 1);
	ck_assert_uint_eq(layout_trunk(&l, 2, &first), 0);
	layout_free(&l);
	tree_free(t);
	t = tree_of("a;b;c;d;e;f;g;h;i;j 1000\na;b;c;d;e;f;g;h;i;j;x1 3\n"
	    "a;b;c;d;e;f;g;h;i;j;x2 3\na;b;c;d;e;f;g;h;i;j;x3 3\n"
	    "a;b;c;d;e;f;g;h;i;j;x4 3\na;b;c;d;e;f;g;h;i;j;x5 3\n");
	layout_init(&l);
	build(&l, t, TREE_ROOT, 100, 0, 1);
	ck_assert_uint_eq(l.nrows, 12);
	ck_assert(l.rects[l.row_start[11]].flags & LAYOUT_MERGED);
	ck_assert_uint_eq(layout_trunk(&l, 2, &first), 7);
	ck_assert_uint_eq(l.rects[first].node, node_of(t, "a;b"));
	layout_free(&l);
	/* An empty layout has none. */
	layout_init(&l);
	ck_assert_uint_eq(layout_trunk(&l, 2, &first), 0);
	layout_free(&l);
	tree_free(t);
}
END_TEST

/* Collect the layout and palette tests. */
static Suite *
layout_suite(void)
{
	Suite *s = suite_create("layout");
	TCase *tc = tcase_create("layout");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_positions);
	tcase_add_test(tc, test_self_gap);
	tcase_add_test(tc, test_zoom);
	tcase_add_test(tc, test_zoom_deep);
	tcase_add_test(tc, test_cull_narrow);
	tcase_add_test(tc, test_merge_narrow);
	tcase_add_test(tc, test_merged_select);
	tcase_add_test(tc, test_cells_add_up);
	tcase_add_test(tc, test_children_inside);
	tcase_add_test(tc, test_fractions);
	tcase_add_test(tc, test_moves);
	tcase_add_test(tc, test_widest_child);
	tcase_add_test(tc, test_deep_stack);
	tcase_add_test(tc, test_generation);
	tcase_add_test(tc, test_trunk);
	suite_add_tcase(s, tc);
	tc = tcase_create("palette");
	tcase_add_test(tc, test_palette_hot);
	tcase_add_test(tc, test_palette_families);
	suite_add_tcase(s, tc);
	return s;
}

/* Run the tests; fail when one fails. */
int
main(void)
{
	SRunner *sr = srunner_create(layout_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
