/*
 * SVG export: escaping, number formats, the flow merge and its geometry,
 * colours, differential frames, the initial zoom and search, write errors
 * and the atomic file.
 *
 * Expected values come from flamegraph.pl (formats.md sections 6.2, 7.4,
 * 7.5, 7.6 and the worked example of 7.8, all verified against Perl).
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "layout/palette.h"
#include "svg/svg.h"
#include "util/xalloc.h"

/* ---------------------------------------------------------------- helpers */

/* What fn writes to a FILE, as a string. */
struct capture {
	char *buf;
	size_t len;
	FILE *fp;
};

static void
cap_open(struct capture *c)
{
	c->buf = NULL;
	c->len = 0;
	c->fp = open_memstream(&c->buf, &c->len);
	ck_assert_ptr_nonnull(c->fp);
}

static char *
cap_close(struct capture *c)
{
	fclose(c->fp);
	return c->buf;
}

static char *
xml_of(const char *s, size_t len, int quot)
{
	struct capture c;

	cap_open(&c);
	svg_put_xml(c.fp, s, len, quot);
	return cap_close(&c);
}

static char *
json_of(const char *s, size_t len)
{
	struct capture c;

	cap_open(&c);
	svg_put_json(c.fp, s, len);
	return cap_close(&c);
}

/* The whole SVG of t drawn as v says; NULL when svg_write fails. */
static char *
svg_of(const struct tree *t, const struct svg_view *v)
{
	struct capture c;
	char *err = NULL;
	int rc;

	cap_open(&c);
	rc = svg_write(c.fp, t, v, &err);
	cap_close(&c);
	free(err);
	if (rc != SVG_OK) {
		free(c.buf);
		return NULL;
	}
	return c.buf;
}

static void
assert_has(const char *doc, const char *want)
{
	ck_assert_msg(strstr(doc, want) != NULL, "missing: %s", want);
}

/*
 * Count the occurrences of s in doc.  (Not with strstr() in a loop: under
 * AddressSanitizer each call measures the whole rest of doc.)
 */
static int
count_of(const char *doc, const char *s)
{
	size_t m = strlen(s), i, len = strlen(doc);
	int n = 0;

	for (i = 0; i + m <= len; i++)
		if (doc[i] == s[0] && memcmp(doc + i, s, m) == 0)
			n++;
	return n;
}

/*
 * A two-profile tree from "stack before after" lines (profile 0 = before,
 * 1 = after), as the differential loader builds it.
 */
static struct tree *
diff_tree(const char *text)
{
	struct tree *t = tree_new(2);
	struct strtab *st = tree_strtab(t);
	const char *p = text;

	while (*p != '\0') {
		const char *eol = strchr(p, '\n'), *s, *c1, *c2, *q;
		uint32_t cur = TREE_ROOT;

		if (eol == NULL)
			eol = p + strlen(p);
		c2 = eol;
		while (c2[-1] != ' ')
			c2--;
		c1 = c2 - 1;
		while (c1[-1] != ' ')
			c1--;
		s = p;
		while (s < c1 - 1) {
			q = memchr(s, ';', (size_t)(c1 - 1 - s));
			if (q == NULL)
				q = c1 - 1;
			cur = tree_child(t, cur, strtab_intern(st, s,
			    (size_t)(q - s)));
			s = q + 1;
		}
		tree_add_self(t, 0, cur, COUNT_INT(strtoull(c1, NULL, 10)));
		tree_add_self(t, 1, cur, COUNT_INT(strtoull(c2, NULL, 10)));
		p = *eol != '\0' ? eol + 1 : eol;
	}
	tree_finish(t);
	return t;
}

/* Name of frame i of g. */
static const char *
frame_name(const struct svg_graph *g, size_t i)
{
	size_t len;

	return strtab_get(tree_strtab_c(g->t), g->frames[i].name, &len);
}

/* ------------------------------------------------------------------ text */

START_TEST(test_xml_escape)
{
	static const struct {
		const char *in, *quoted, *text;
	} cases[] = {
		{"plain", "plain", "plain"},
		{"<script>alert(1)</script>",
		 "&lt;script&gt;alert(1)&lt;/script&gt;",
		 "&lt;script&gt;alert(1)&lt;/script&gt;"},
		{"\"onload=x", "&quot;onload=x", "\"onload=x"},
		{"a&b's", "a&amp;b's", "a&amp;b's"},
		{"]]>", "]]&gt;", "]]&gt;"},
		{"caf\xc3\xa9 \xe6\x97\xa5", "caf\xc3\xa9 \xe6\x97\xa5",
		 "caf\xc3\xa9 \xe6\x97\xa5"},
		/* controls, DEL, C1, U+FFFE, invalid UTF-8: U+FFFD each */
		{"a\x01" "b\tc\x1b", "a\xef\xbf\xbd" "b\xef\xbf\xbd" "c\xef\xbf\xbd",
		 "a\xef\xbf\xbd" "b\xef\xbf\xbd" "c\xef\xbf\xbd"},
		{"\x7f\xc2\x85", "\xef\xbf\xbd\xef\xbf\xbd",
		 "\xef\xbf\xbd\xef\xbf\xbd"},
		{"x\xef\xbf\xbey", "x\xef\xbf\xbdy", "x\xef\xbf\xbdy"},
		{"\xff\xfe", "\xef\xbf\xbd\xef\xbf\xbd", "\xef\xbf\xbd\xef\xbf\xbd"},
		{"\xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd", "\xef\xbf\xbd\xef\xbf\xbd"},
		{"\xe2\x82", "\xef\xbf\xbd\xef\xbf\xbd", "\xef\xbf\xbd\xef\xbf\xbd"},
		/* U+202E is a character XML allows */
		{"\xe2\x80\xae", "\xe2\x80\xae", "\xe2\x80\xae"},
	};
	size_t i;
	char *s;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = xml_of(cases[i].in, strlen(cases[i].in), 1);
		ck_assert_str_eq(s, cases[i].quoted);
		free(s);
		s = xml_of(cases[i].in, strlen(cases[i].in), 0);
		ck_assert_str_eq(s, cases[i].text);
		free(s);
	}
	/* A NUL byte inside a name. */
	s = xml_of("a\0b", 3, 1);
	ck_assert_str_eq(s, "a\xef\xbf\xbd" "b");
	free(s);
}
END_TEST

START_TEST(test_json_escape)
{
	char *s;

	s = json_of("a\"b\\c\n\t", 7);
	ck_assert_str_eq(s, "\"a\\\"b\\\\c\\n\\t\"");
	free(s);
	s = json_of("</script>]]>&", 13);
	ck_assert_str_eq(s, "\"\\u003c/script\\u003e]]\\u003e\\u0026\"");
	free(s);
	s = json_of("\x01\x7f\xff\xe2\x80\xa8" "caf\xc3\xa9", 11);
	ck_assert_str_eq(s, "\"\\u0001\\u007f\\ufffd\\u2028caf\xc3\xa9\"");
	free(s);
}
END_TEST

START_TEST(test_chars)
{
	const char *s = "caf\xc3\xa9\xff" "x";

	ck_assert_uint_eq(svg_char_count(s, strlen(s)), 6);
	ck_assert_uint_eq(svg_char_prefix(s, strlen(s), 4), 5);
	ck_assert_uint_eq(svg_char_prefix(s, strlen(s), 5), 6);
	ck_assert_uint_eq(svg_char_prefix(s, strlen(s), 99), strlen(s));
	ck_assert_uint_eq(svg_strip_annotation("f_[k]", 5), 1);
	ck_assert_uint_eq(svg_strip_annotation("f_[w]", 5), 1);
	ck_assert_uint_eq(svg_strip_annotation("f_[i]", 5), 1);
	ck_assert_uint_eq(svg_strip_annotation("f_[j]", 5), 1);
	ck_assert_uint_eq(svg_strip_annotation("f_[x]", 5), 5);
	ck_assert_uint_eq(svg_strip_annotation("_[k]x", 5), 5);
	ck_assert_uint_eq(svg_strip_annotation("[k]", 3), 3);
}
END_TEST

START_TEST(test_samples_format)
{
	static const struct {
		double v;
		const char *s;
		double r;
	} cases[] = {
		{0, "0", 0}, {0.5, "0", 0}, {1.5, "2", 2}, {2.5, "2", 2},
		{3.5, "4", 4}, {0.49, "0", 0}, {999, "999", 999},
		{1000, "1,000", 1000}, {12345.5, "12,346", 12346},
		{1234567, "1,234,567", 1234567}, {100000, "100,000", 100000},
		{18446744073709551615.0, "18,446,744,073,709,551,616",
		 18446744073709551616.0},
	};
	char buf[SVG_NUMSZ];
	size_t i, n;
	double r;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		n = svg_format_samples(buf, sizeof buf, cases[i].v, &r);
		ck_assert_str_eq(buf, cases[i].s);
		ck_assert_uint_eq(n, strlen(cases[i].s));
		ck_assert(r == cases[i].r);
	}
}
END_TEST

START_TEST(test_number_format)
{
	char buf[SVG_NUMSZ];

	svg_format_num(buf, sizeof buf, 85);
	ck_assert_str_eq(buf, "85");
	svg_format_num(buf, sizeof buf, 95.5);
	ck_assert_str_eq(buf, "95.5");
	svg_format_num(buf, sizeof buf, 0.1 + 0.2);
	ck_assert_str_eq(buf, "0.3");
	svg_format_num(buf, sizeof buf, -0.0);
	ck_assert_str_eq(buf, "0");
	svg_format_num(buf, sizeof buf, 31.5 + 3 * 20);
	ck_assert_str_eq(buf, "91.5");
}
END_TEST

START_TEST(test_minwidth_parse)
{
	double v;
	int pct;

	ck_assert_int_eq(svg_minwidth_parse("0.1", &v, &pct), 0);
	ck_assert(v == 0.1 && !pct);
	ck_assert_int_eq(svg_minwidth_parse("5%", &v, &pct), 0);
	ck_assert(v == 5 && pct);
	ck_assert_int_eq(svg_minwidth_parse("1.2.3", &v, &pct), 0);
	ck_assert(v == 1.2 && !pct);
	ck_assert_int_eq(svg_minwidth_parse("", &v, &pct), -1);
	ck_assert_int_eq(svg_minwidth_parse("-1", &v, &pct), -1);
	ck_assert_int_eq(svg_minwidth_parse("1e3", &v, &pct), -1);
	ck_assert_int_eq(svg_minwidth_parse("5%%", &v, &pct), -1);
}
END_TEST

/* --------------------------------------------------------------- colours */

static void
assert_rgb(struct palette_rgb c, int r, int g, int b)
{
	ck_assert_msg(c.r == r && c.g == g && c.b == b,
	    "rgb(%d,%d,%d), expected rgb(%d,%d,%d)", c.r, c.g, c.b, r, g, b);
}

START_TEST(test_colors_hot)
{
	assert_rgb(palette_scheme_rgb(PALETTE_HOT, 0, "main", 4), 243, 179, 42);
	assert_rgb(palette_scheme_rgb(PALETTE_HOT, 0, "foo", 3), 220, 71, 17);
	assert_rgb(palette_scheme_rgb(PALETTE_HOT, 0, "", 0), 213, 39, 9);
	assert_rgb(palette_scheme_rgb(PALETTE_HOT, 0, "bar", 3), 217, 57, 13);
	assert_rgb(palette_scheme_rgb(PALETTE_HOT, 0, "baz", 3), 215, 49, 11);
	/* The viewer's hot colour is the same. */
	{
		struct palette_rgb c = palette_rgb(PALETTE_USER,
		    palette_value("main", 4));

		assert_rgb(c, 243, 179, 42);
	}
	/* --hash: the worked example of formats.md 7.8. */
	assert_rgb(palette_scheme_rgb(PALETTE_HOT, 1, "", 0), 255, 230, 55);
	assert_rgb(palette_scheme_rgb(PALETTE_HOT, 1, "main", 4), 247, 83, 46);
	assert_rgb(palette_scheme_rgb(PALETTE_HOT, 1, "baz", 3), 240, 114, 38);
	assert_rgb(palette_scheme_rgb(PALETTE_HOT, 1, "foo", 3), 247, 199, 47);
	assert_rgb(palette_scheme_rgb(PALETTE_HOT, 1, "bar", 3), 236, 101, 34);
}
END_TEST

START_TEST(test_namehash)
{
	const char *a = "genunix`kmem_cache_free", *b = "unix`0xfffffffffb8001d6";

	ck_assert(fabs(palette_namehash(a, strlen(a), 0) - 0.4669263) < 5e-8);
	ck_assert(fabs(palette_namehash(b, strlen(b), 0) - 0.4181312) < 5e-8);
	ck_assert(palette_namehash("", 0, 0) == 1);
	/* Reversed: "oof" */
	ck_assert(palette_namehash("foo", 3, 1) == palette_namehash("oof", 3, 0));
	/* A backtick first is not a module separator. */
	ck_assert(palette_namehash("`ab", 3, 0) != palette_namehash("ab", 2, 0));
}
END_TEST

START_TEST(test_colors_palettes)
{
	/* v = 0.7786 for "main" (formats.md 7.6, verified with Perl). */
	static const struct {
		enum palette_scheme s;
		int r, g, b;
	} cases[] = {
		{PALETTE_HOT, 243, 179, 42}, {PALETTE_MEM, 0, 228, 163},
		{PALETTE_IO, 126, 126, 232}, {PALETTE_RED, 242, 112, 112},
		{PALETTE_GREEN, 96, 242, 96}, {PALETTE_BLUE, 126, 126, 243},
		{PALETTE_YELLOW, 217, 217, 65}, {PALETTE_PURPLE, 240, 126, 240},
		{PALETTE_AQUA, 96, 207, 207}, {PALETTE_ORANGE, 240, 140, 0},
		{PALETTE_WAKEUP, 96, 207, 207},
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_rgb(palette_scheme_rgb(cases[i].s, 0, "main", 4),
		    cases[i].r, cases[i].g, cases[i].b);
	ck_assert_int_eq(palette_scheme_parse("java"), PALETTE_JAVA);
	ck_assert_int_eq(palette_scheme_parse("orange"), PALETTE_ORANGE);
	ck_assert_int_eq(palette_scheme_parse("chain"), PALETTE_CHAIN);
	ck_assert_int_eq(palette_scheme_parse("chains"), -1);
	ck_assert_int_eq(palette_scheme_parse("Hot"), -1);
	ck_assert_str_eq(palette_scheme_name(PALETTE_PERL), "perl");
}
END_TEST

/* The scheme gives name the colour base gives it. */
static void
assert_base(enum palette_scheme s, const char *name, enum palette_scheme base)
{
	struct palette_rgb a = palette_scheme_rgb(s, 0, name, strlen(name));
	struct palette_rgb b = palette_scheme_rgb(base, 0, name, strlen(name));

	ck_assert_msg(a.r == b.r && a.g == b.g && a.b == b.b,
	    "%s in %s is not %s", name, palette_scheme_name(s),
	    palette_scheme_name(base));
}

START_TEST(test_colors_rules)
{
	/* java */
	assert_base(PALETTE_JAVA, "f_[j]", PALETTE_GREEN);
	assert_base(PALETTE_JAVA, "f_[i]", PALETTE_AQUA);
	assert_base(PALETTE_JAVA, "Ljava/lang/Thread:::run", PALETTE_GREEN);
	assert_base(PALETTE_JAVA, "io/netty/X", PALETTE_GREEN);
	assert_base(PALETTE_JAVA, "x:::y", PALETTE_GREEN);
	assert_base(PALETTE_JAVA, "foo::bar_[k]", PALETTE_YELLOW);
	assert_base(PALETTE_JAVA, "sys_read_[k]", PALETTE_ORANGE);
	assert_base(PALETTE_JAVA, "Interpreter", PALETTE_RED);
	assert_base(PALETTE_JAVA, "", PALETTE_RED);
	/* js */
	assert_base(PALETTE_JS, "a/b.js_[j]", PALETTE_GREEN);
	assert_base(PALETTE_JS, "builtin_[j]", PALETTE_AQUA);
	assert_base(PALETTE_JS, "v8::internal", PALETTE_YELLOW);
	assert_base(PALETTE_JS, "LazyCompile:~f /app/x.js:1", PALETTE_GREEN);
	assert_base(PALETTE_JS, "Builtin:x", PALETTE_AQUA);
	assert_base(PALETTE_JS, " ", PALETTE_GREEN);
	assert_base(PALETTE_JS, "a_[k]b", PALETTE_ORANGE);
	assert_base(PALETTE_JS, "main", PALETTE_RED);
	assert_base(PALETTE_JS, ".js/x", PALETTE_RED);
	/* perl */
	assert_base(PALETTE_PERL, "A::B", PALETTE_YELLOW);
	assert_base(PALETTE_PERL, "Perl_pp_entersub", PALETTE_GREEN);
	assert_base(PALETTE_PERL, "x.pl", PALETTE_GREEN);
	assert_base(PALETTE_PERL, "sys_[k]", PALETTE_ORANGE);
	assert_base(PALETTE_PERL, "main", PALETTE_RED);
}
END_TEST

START_TEST(test_colors_diff)
{
	/* formats.md 6.2: maxdelta 6 */
	assert_rgb(svg_diff_rgb(2, 6, 0), 255, 140, 140);
	assert_rgb(svg_diff_rgb(-4, 6, 0), 70, 70, 255);
	assert_rgb(svg_diff_rgb(1, 6, 0), 255, 175, 175);
	assert_rgb(svg_diff_rgb(6, 6, 0), 255, 0, 0);
	assert_rgb(svg_diff_rgb(0, 6, 0), 255, 255, 255);
	assert_rgb(svg_diff_rgb(2, 6, 1), 140, 140, 255);
}
END_TEST

/* ------------------------------------------------------------- geometry */

static const char s1_text[] = "main;foo;bar 3\nmain;foo 1\nmain;baz 2\n";

START_TEST(test_geometry_s1)
{
	struct tree *t = tree_from_folded(s1_text);
	struct svg_view v;
	char *doc;

	svg_view_init(&v, t);
	v.opts.hash = 1;
	doc = svg_of(t, &v);
	ck_assert_ptr_nonnull(doc);
	/* formats.md 7.8, verified with flamegraph.pl --hash. */
	assert_has(doc, "<svg version=\"1.1\" width=\"1200\" height=\"134\" "
	    "onload=\"init(evt)\" viewBox=\"0 0 1200 134\" ");
	assert_has(doc, "<rect x=\"0.0\" y=\"0\" width=\"1200.0\" "
	    "height=\"134.0\" fill=\"url(#background)\"  />\n"
	    "<text id=\"title\" x=\"600.00\" y=\"24\" >Flame Graph</text>\n"
	    "<text id=\"details\" x=\"10.00\" y=\"117\" > </text>\n"
	    "<text id=\"unzoom\" x=\"10.00\" y=\"24\" class=\"hide\">Reset Zoom</text>\n"
	    "<text id=\"search\" x=\"1090.00\" y=\"24\" >Search</text>\n"
	    "<text id=\"ignorecase\" x=\"1174.00\" y=\"24\" >ic</text>\n"
	    "<text id=\"matched\" x=\"1090.00\" y=\"117\" > </text>\n"
	    "<g id=\"frames\">\n");
	/* Frames by (depth, x). */
	assert_has(doc, "<g id=\"frames\">\n<g >\n"
	    "<title>all (6 samples, 100%)</title><rect x=\"10.0\" y=\"85\" width=\"1180.0\" height=\"15.0\" fill=\"rgb(255,230,55)\" rx=\"2\" ry=\"2\" />\n"
	    "<text  x=\"13.00\" y=\"95.5\" ></text>\n</g>\n<g >\n"
	    "<title>main (6 samples, 100.00%)</title><rect x=\"10.0\" y=\"69\" width=\"1180.0\" height=\"15.0\" fill=\"rgb(247,83,46)\" rx=\"2\" ry=\"2\" />\n"
	    "<text  x=\"13.00\" y=\"79.5\" >main</text>\n</g>\n<g >\n"
	    "<title>baz (2 samples, 33.33%)</title><rect x=\"10.0\" y=\"53\" width=\"393.3\" height=\"15.0\" fill=\"rgb(240,114,38)\" rx=\"2\" ry=\"2\" />\n"
	    "<text  x=\"13.00\" y=\"63.5\" >baz</text>\n</g>\n<g >\n"
	    "<title>foo (4 samples, 66.67%)</title><rect x=\"403.3\" y=\"53\" width=\"786.7\" height=\"15.0\" fill=\"rgb(247,199,47)\" rx=\"2\" ry=\"2\" />\n"
	    "<text  x=\"406.33\" y=\"63.5\" >foo</text>\n</g>\n<g >\n"
	    "<title>bar (3 samples, 50.00%)</title><rect x=\"600.0\" y=\"37\" width=\"590.0\" height=\"15.0\" fill=\"rgb(236,101,34)\" rx=\"2\" ry=\"2\" />\n"
	    "<text  x=\"603.00\" y=\"47.5\" >bar</text>\n</g>\n</g>\n</svg>\n");
	free(doc);

	/* Default colours: all, main, foo, bar, baz. */
	v.opts.hash = 0;
	doc = svg_of(t, &v);
	assert_has(doc, "<title>all (6 samples, 100%)</title><rect x=\"10.0\" y=\"85\" width=\"1180.0\" height=\"15.0\" fill=\"rgb(213,39,9)\"");
	assert_has(doc, "fill=\"rgb(243,179,42)\" rx=\"2\" ry=\"2\" />\n<text  x=\"13.00\" y=\"79.5\" >main<");
	assert_has(doc, "fill=\"rgb(220,71,17)\" rx=\"2\" ry=\"2\" />\n<text  x=\"406.33\" y=\"63.5\" >foo<");
	assert_has(doc, "fill=\"rgb(217,57,13)\" rx=\"2\" ry=\"2\" />\n<text  x=\"603.00\" y=\"47.5\" >bar<");
	assert_has(doc, "fill=\"rgb(215,49,11)\" rx=\"2\" ry=\"2\" />\n<text  x=\"13.00\" y=\"63.5\" >baz<");
	free(doc);

	/* --inverted: Icicle Graph, the root at the top. */
	v.inverted = 1;
	doc = svg_of(t, &v);
	assert_has(doc, ">Icicle Graph</text>");
	assert_has(doc, "<title>all (6 samples, 100%)</title><rect x=\"10.0\" y=\"36\" ");
	assert_has(doc, "<title>bar (3 samples, 50.00%)</title><rect x=\"600.0\" y=\"84\" ");
	assert_has(doc, "\"inverted\": true");
	free(doc);

	/* --width 800, --height 20, fontsize 10.5, a subtitle. */
	v.inverted = 0;
	v.opts.width = 800;
	v.opts.height = 20;
	v.opts.fontsize = 10.5;
	v.opts.subtitle = "sub";
	doc = svg_of(t, &v);
	/* H = 4*20 + 31.5 + 31 + 21 = 163.5 */
	assert_has(doc, "width=\"800\" height=\"163.5\"");
	assert_has(doc, "<text id=\"subtitle\" x=\"400.00\" y=\"42\" >sub</text>");
	assert_has(doc, "<title>bar (3 samples, 50.00%)</title><rect x=\"400.0\" y=\"53.5\" width=\"390.0\" height=\"19.0\"");
	assert_has(doc, "font-size:10.5px;");
	assert_has(doc, "font-size:15.5px;");
	free(doc);
	tree_free(t);
}
END_TEST

START_TEST(test_label_cut)
{
	/* 166.7 px gives 23 characters: 21 kept and "..". */
	struct tree *t = tree_from_folded(
	    "a_very_long_function_name_that_needs_truncation 1\nb 6\n");
	struct svg_view v;
	char *doc;

	svg_view_init(&v, t);
	doc = svg_of(t, &v);
	assert_has(doc, "width=\"168.6\"");
	assert_has(doc, ">a_very_long_function_..</text>");
	free(doc);
	tree_free(t);

	/* Annotations leave title and label; code points are counted. */
	t = tree_from_folded("f_[k] 1\n\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 1\n"
	    "x 200\n");
	svg_view_init(&v, t);
	doc = svg_of(t, &v);
	assert_has(doc, "<title>f (1 samples, 0.50%)</title>");
	/* 5.8 px: no room for a label */
	assert_has(doc, "<title>\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 (1 samples, 0.50%)");
	free(doc);
	tree_free(t);

	t = tree_from_folded("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 1\nx 20\n");
	svg_view_init(&v, t);
	doc = svg_of(t, &v);
	/* 56.2 px: 7 characters, so 5 and "..", counted in code points */
	assert_has(doc, ">\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9..</text>");
	free(doc);
	tree_free(t);
}
END_TEST

START_TEST(test_fractions)
{
	/*
	 * formats.md 7.8: counts rounded half to even; widths and shares
	 * from the exact total, 104.5.
	 */
	struct tree *t = tree_from_folded("a 1.5\nb 2.5\nc 0.5\nd 100.\n");
	struct svg_view v;
	char *doc;

	svg_view_init(&v, t);
	doc = svg_of(t, &v);
	assert_has(doc, "<title>all (104 samples, 100%)</title>");
	assert_has(doc, "<title>a (2 samples, 1.91%)</title><rect x=\"10.0\" y=\"37\" width=\"16.9\"");
	assert_has(doc, "<title>b (2 samples, 1.91%)</title><rect x=\"26.9\" y=\"37\" width=\"28.3\"");
	assert_has(doc, "<title>c (0 samples, 0.00%)</title>");
	assert_has(doc, "<title>d (100 samples, 95.69%)</title>");
	free(doc);
	tree_free(t);
}
END_TEST

/* --------------------------------------------------------------- flow */

START_TEST(test_prefix_split)
{
	/* "a;foo 3" < "a;foo-bar 2" < "a;foo;x 1": foo is drawn twice. */
	struct tree *t = tree_from_folded("a;foo;x 1\na;foo 3\na;foo-bar 2\n");
	struct svg_graph g;

	ck_assert_int_eq(svg_graph_build(&g, t, 0, 0, 1200, 0.1, 0), SVG_OK);
	ck_assert_uint_eq(g.nframes, 6);
	ck_assert_uint_eq(g.depthmax, 3);
	ck_assert_str_eq(frame_name(&g, 2), "foo");
	ck_assert(g.frames[2].start == 0 && g.frames[2].end == 3);
	ck_assert_str_eq(frame_name(&g, 3), "foo-bar");
	ck_assert(g.frames[3].start == 3 && g.frames[3].end == 5);
	ck_assert_str_eq(frame_name(&g, 4), "foo");
	ck_assert(g.frames[4].start == 5 && g.frames[4].end == 6);
	ck_assert_str_eq(frame_name(&g, 5), "x");
	ck_assert(g.frames[5].start == 5 && g.frames[5].end == 6);
	svg_graph_free(&g);
	tree_free(t);
}
END_TEST

START_TEST(test_count_text_order)
{
	/*
	 * The count takes part in the sort: "m;f /x.js 3" < "m;f 5" (as
	 * '/' < '5'), so the sibling comes first; "m;a 1" < "m;a 1x 9" <
	 * "m;a;b 2" splits "a" again.  Checked with flamegraph.pl.
	 */
	struct tree *t = tree_from_folded(
	    "m;f 5\nm;f;g 1\nm;f /x.js 3\nm;a;b 2\nm;a 1\nm;a 1x 9\n");
	struct svg_graph g;
	size_t i;
	const char *want[] = {"", "m", "a", "a 1x", "a", "f /x.js", "f", "b", "g"};
	const double start[] = {0, 0, 0, 1, 10, 12, 15, 10, 20};

	ck_assert_int_eq(svg_graph_build(&g, t, 0, 0, 1200, 0.1, 0), SVG_OK);
	ck_assert_uint_eq(g.nframes, 9);
	for (i = 0; i < g.nframes; i++) {
		ck_assert_str_eq(frame_name(&g, i), want[i]);
		ck_assert_msg(g.frames[i].start == start[i], "frame %zu at %g",
		    i, g.frames[i].start);
	}
	svg_graph_free(&g);
	tree_free(t);
}
END_TEST

START_TEST(test_root_line)
{
	/* The empty stack " 5" adds to "all" and draws no frame. */
	struct tree *t = tree_from_folded(" 5\na 5\n");
	struct svg_view v;
	char *doc;

	svg_view_init(&v, t);
	doc = svg_of(t, &v);
	assert_has(doc, "<title>all (10 samples, 100%)</title>");
	assert_has(doc, "<title>a (5 samples, 50.00%)</title><rect x=\"600.0\"");
	ck_assert_int_eq(count_of(doc, "<title>"), 2);
	free(doc);
	tree_free(t);
}
END_TEST

START_TEST(test_reverse)
{
	/* formats.md 7.8 --reverse: depth 1 is bar(3), baz(2), foo(1). */
	struct tree *t = tree_from_folded(s1_text);
	struct svg_graph g;

	ck_assert_int_eq(svg_graph_build(&g, t, 0, 1, 1200, 0.1, 0), SVG_OK);
	ck_assert_uint_eq(g.nframes, 8);
	ck_assert_str_eq(frame_name(&g, 1), "bar");
	ck_assert(g.frames[1].end - g.frames[1].start == 3);
	ck_assert_str_eq(frame_name(&g, 2), "baz");
	ck_assert(g.frames[2].end - g.frames[2].start == 2);
	ck_assert_str_eq(frame_name(&g, 3), "foo");
	ck_assert(g.frames[3].end - g.frames[3].start == 1);
	ck_assert_str_eq(frame_name(&g, 4), "foo");
	ck_assert_uint_eq(g.frames[4].depth, 2);
	ck_assert_str_eq(frame_name(&g, 5), "main");
	ck_assert_str_eq(frame_name(&g, 6), "main");
	ck_assert_uint_eq(g.frames[6].depth, 2);
	ck_assert(g.frames[6].start == 5);
	ck_assert_str_eq(frame_name(&g, 7), "main");
	ck_assert_uint_eq(g.frames[7].depth, 3);
	svg_graph_free(&g);
	tree_free(t);

	/* A leading empty frame: ";x 2" reversed is "x;", sorted with its ';'. */
	t = tree_from_folded(";x 2\nx-y 1\nx:z 1\n");
	ck_assert_int_eq(svg_graph_build(&g, t, 0, 1, 1200, 0.1, 0), SVG_OK);
	ck_assert_uint_eq(g.nframes, 4);
	ck_assert_str_eq(frame_name(&g, 1), "x-y");
	ck_assert_str_eq(frame_name(&g, 2), "x:z");
	ck_assert_str_eq(frame_name(&g, 3), "x");
	ck_assert(g.frames[3].start == 2);
	svg_graph_free(&g);
	tree_free(t);
}
END_TEST

START_TEST(test_minwidth)
{
	struct tree *t = tree_from_folded("a 1000\nb 1\nc 10\n");
	struct svg_graph g;

	/* 1180 / 1011 px per sample: b is 1.17 px */
	ck_assert_int_eq(svg_graph_build(&g, t, 0, 0, 1200, 1.2, 0), SVG_OK);
	ck_assert_uint_eq(g.nframes, 3);
	svg_graph_free(&g);
	ck_assert_int_eq(svg_graph_build(&g, t, 0, 0, 1200, 1.1, 0), SVG_OK);
	ck_assert_uint_eq(g.nframes, 4);
	svg_graph_free(&g);
	/* 1% of 1011 is 10.11: c goes too */
	ck_assert_int_eq(svg_graph_build(&g, t, 0, 0, 1200, 1, 1), SVG_OK);
	ck_assert_uint_eq(g.nframes, 2);
	ck_assert_uint_eq(g.depthmax, 1);
	svg_graph_free(&g);
	tree_free(t);
}
END_TEST

START_TEST(test_deep)
{
	/* 100,000 frames deep: no recursion anywhere. */
	size_t n = 100000, i;
	char *text = xmalloc(n * 2 + 8), *doc;
	struct tree *t;
	struct svg_view v;

	for (i = 0; i < n; i++) {
		text[2 * i] = 'f';
		text[2 * i + 1] = ';';
	}
	memcpy(text + 2 * n - 1, " 7\n", 4);
	t = tree_from_folded(text);
	svg_view_init(&v, t);
	v.reverse = 1;
	doc = svg_of(t, &v);
	ck_assert_ptr_nonnull(doc);
	ck_assert_int_eq(count_of(doc, "<title>f (7 samples, 100.00%)</title>"),
	    (int)n);
	free(doc);
	free(text);
	tree_free(t);
}
END_TEST

/* --------------------------------------------------------- differential */

START_TEST(test_diff)
{
	/* formats.md 6.2: difffolded.pl -s F1 F2 | flamegraph.pl */
	struct tree *t = diff_tree("main;a 10 12\nmain;b 5 1\n"
	    "main;c;0x... 2 3\nmain;d 0 6\n");
	struct svg_view v;
	char *doc;

	svg_view_init(&v, t);
	ck_assert_int_eq(v.prof, SVG_DIFF);
	doc = svg_of(t, &v);
	ck_assert_ptr_nonnull(doc);
	assert_has(doc, "<title>all (22 samples, 100%)</title><rect x=\"10.0\" y=\"85\" width=\"1180.0\" height=\"15.0\" fill=\"rgb(255,255,255)\"");
	assert_has(doc, "<title>main (22 samples, 100.00%; 0.00%)</title><rect x=\"10.0\" y=\"69\" width=\"1180.0\" height=\"15.0\" fill=\"rgb(255,255,255)\"");
	assert_has(doc, "<title>a (12 samples, 54.55%; +9.09%)</title><rect x=\"10.0\" y=\"53\" width=\"643.6\" height=\"15.0\" fill=\"rgb(255,140,140)\"");
	assert_has(doc, "<title>b (1 samples, 4.55%; -18.18%)</title>");
	assert_has(doc, "fill=\"rgb(70,70,255)\"");
	assert_has(doc, "<title>c (3 samples, 13.64%; 0.00%)</title>");
	assert_has(doc, "<title>0x... (3 samples, 13.64%; +4.55%)</title>");
	assert_has(doc, "fill=\"rgb(255,175,175)\"");
	assert_has(doc, "<title>d (6 samples, 27.27%; +27.27%)</title>");
	assert_has(doc, "fill=\"rgb(255,0,0)\"");
	free(doc);
	tree_free(t);

	/* --negate: signs flip, red and blue swap; no "-0.00". */
	t = diff_tree("a;b 10 20\na;b;c 5 5\na 2 1\nd 4 0\n");
	svg_view_init(&v, t);
	v.negate = 1;
	doc = svg_of(t, &v);
	assert_has(doc, "<title>b (25 samples, 96.15%; -38.46%)</title>");
	assert_has(doc, "<title>c (5 samples, 19.23%; 0.00%)</title>");
	assert_has(doc, "<title>a (26 samples, 100.00%; +3.85%)</title>");
	assert_has(doc, "fill=\"rgb(0,0,255)\"");
	ck_assert_ptr_null(strstr(doc, "-0.00%"));
	free(doc);

	/* One profile of a differential tree draws as a plain graph. */
	v.prof = 0;
	doc = svg_of(t, &v);
	assert_has(doc, "<title>all (21 samples, 100%)</title>");
	assert_has(doc, "<title>d (4 samples, 19.05%)</title>");
	free(doc);
	v.prof = 2;
	ck_assert_ptr_null(svg_of(t, &v));
	tree_free(t);
}
END_TEST

/* ------------------------------------------------- options and the view */

START_TEST(test_view_init)
{
	struct tree *t = tree_from_folded(s1_text);
	struct svg_view v;

	svg_view_init(&v, t);
	ck_assert_int_eq(v.opts.width, 1200);
	ck_assert_int_eq(v.opts.height, 16);
	ck_assert_str_eq(v.opts.minwidth, "0.1");
	ck_assert_str_eq(v.opts.fonttype, "Verdana");
	ck_assert(v.opts.fontsize == 12);
	ck_assert_str_eq(v.opts.countname, "samples");
	ck_assert_str_eq(v.opts.nametype, "Function:");
	ck_assert_int_eq(v.opts.colors, PALETTE_HOT);
	ck_assert_int_eq(v.prof, 0);
	ck_assert_uint_eq(v.zoom_node, TREE_NONE);
	ck_assert_ptr_null(v.search);
	tree_free(t);
}
END_TEST

START_TEST(test_texts_escaped)
{
	struct tree *t = tree_from_folded("<a href=\"x\">&amp 3\n");
	struct svg_view v;
	char *doc;

	svg_view_init(&v, t);
	v.opts.title = "<T> & \"q\"";
	v.opts.subtitle = "]]></text>";
	v.opts.countname = "<c>";
	v.opts.nametype = "\"</script>";
	v.opts.fonttype = "Courier New\", x;}</style>";
	v.search = "a\"</script>]]>";
	v.search_icase = 1;
	doc = svg_of(t, &v);
	assert_has(doc, ">&lt;T&gt; &amp; &quot;q&quot;</text>");
	assert_has(doc, ">]]&gt;&lt;/text&gt;</text>");
	assert_has(doc, "<title>&lt;a href=&quot;x&quot;&gt;&amp;amp (3 &lt;c&gt;, 100.00%)</title>");
	assert_has(doc, ">&lt;a href=\"x\"&gt;&amp;amp</text>");
	assert_has(doc, "\"nametype\": \"\\\"\\u003c/script\\u003e\"");
	assert_has(doc, "\"countname\": \"\\u003cc\\u003e\"");
	assert_has(doc, "\"search\": \"a\\\"\\u003c/script\\u003e]]\\u003e\", \"ignorecase\": true");
	assert_has(doc, "font-family:Courier New&quot;, x&lt;/style&gt;;");
	ck_assert_int_eq(count_of(doc, "<script"), 1);
	ck_assert_int_eq(count_of(doc, "]]>"), 1);
	ck_assert_int_eq(count_of(doc, "</style>"), 1);
	free(doc);
	tree_free(t);
}
END_TEST

START_TEST(test_bad_options)
{
	struct tree *t = tree_from_folded(s1_text);
	struct svg_view v;
	struct capture c;
	char *err = NULL;

	svg_view_init(&v, t);
	v.opts.minwidth = "x";
	cap_open(&c);
	ck_assert_int_eq(svg_write(c.fp, t, &v, &err), SVG_EUSAGE);
	cap_close(&c);
	ck_assert_ptr_nonnull(err);
	ck_assert_uint_eq(c.len, 0);
	free(err);
	free(c.buf);
	svg_view_init(&v, t);
	v.opts.width = 20;
	ck_assert_ptr_null(svg_of(t, &v));
	tree_free(t);
}
END_TEST

START_TEST(test_zoom)
{
	struct tree *t = tree_from_folded(s1_text), *rt;
	struct svg_view v;
	char *doc;

	svg_view_init(&v, t);
	doc = svg_of(t, &v);
	assert_has(doc, "\"zoom\": null};");
	free(doc);
	v.zoom_node = node_at(t, "main;foo");
	doc = svg_of(t, &v);
	assert_has(doc, "\"zoom\": {\"x\": \"403.3\", \"y\": \"53\"}};");
	free(doc);
	/* A node too narrow to be drawn gives its nearest drawn ancestor. */
	v.opts.minwidth = "600";
	v.zoom_node = node_at(t, "main;foo;bar");
	doc = svg_of(t, &v);
	/* bar (590 px) is gone, so the graph is a row lower */
	assert_has(doc, "\"zoom\": {\"x\": \"403.3\", \"y\": \"37\"}};");
	free(doc);

	/* Reversed: the node of another tree, matched by names. */
	rt = tree_from_folded("bar;foo;main 3\nfoo;main 1\nbaz;main 2\n");
	svg_view_init(&v, t);
	v.reverse = 1;
	v.zoom_tree = rt;
	v.zoom_node = node_at(rt, "foo;main");
	doc = svg_of(t, &v);
	/* depth 2 of 4 rows: y = 134 - 34 - 3 * 16 + 1 */
	assert_has(doc, "\"zoom\": {\"x\": \"993.3\", \"y\": \"53\"}};");
	free(doc);
	v.zoom_node = node_at(rt, "bar");
	doc = svg_of(t, &v);
	assert_has(doc, "\"zoom\": {\"x\": \"10.0\", \"y\": \"69\"}};");
	free(doc);
	tree_free(rt);
	tree_free(t);
}
END_TEST

START_TEST(test_empty)
{
	struct tree *t = tree_from_folded("a;b 0\n");
	struct svg_view v;
	struct capture c;
	char *err = NULL;

	svg_view_init(&v, t);
	cap_open(&c);
	ck_assert_int_eq(svg_write(c.fp, t, &v, &err), SVG_EMPTY);
	cap_close(&c);
	ck_assert_uint_eq(c.len, 0);
	ck_assert_str_eq(err, "no samples");
	free(err);
	free(c.buf);
	tree_free(t);
}
END_TEST

START_TEST(test_locale)
{
	struct tree *t = tree_from_folded(s1_text);
	struct svg_view v;
	char *doc, *doc2;
	const char *names[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8",
	    "C.UTF-8"};
	size_t i;

	svg_view_init(&v, t);
	doc = svg_of(t, &v);
	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (setlocale(LC_ALL, names[i]) != NULL)
			break;
	v.opts.minwidth = "0.1";
	doc2 = svg_of(t, &v);
	setlocale(LC_ALL, "C");
	ck_assert_str_eq(doc, doc2);
	assert_has(doc2, "width=\"393.3\"");
	free(doc);
	free(doc2);
	tree_free(t);
}
END_TEST

START_TEST(test_write_error)
{
	struct tree *t = tree_from_folded(s1_text);
	struct svg_view v;
	char *err = NULL;
	FILE *fp = fopen("/dev/full", "w");

	if (fp == NULL)
		return; /* no /dev/full here */
	svg_view_init(&v, t);
	ck_assert_int_eq(svg_write(fp, t, &v, &err), SVG_EIO);
	ck_assert_ptr_nonnull(strstr(err, "No space left on device"));
	free(err);
	fclose(fp);
	tree_free(t);
}
END_TEST

/* ---------------------------------------------------------------- files */

/* A new empty directory; its path (free it). */
static char *
temp_dir(void)
{
	char *d = xstrdup("/tmp/check_svg.XXXXXX");

	ck_assert_ptr_nonnull(mkdtemp(d));
	return d;
}

/* Number of entries in dir besides . and .. */
static int
entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

static char *
slurp(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *buf = xmalloc(1 << 20);
	size_t n;

	ck_assert_ptr_nonnull(fp);
	n = fread(buf, 1, (1 << 20) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return buf;
}

static void
rm_dir(char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char *p;

	while (d != NULL && (e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		unlink(p);
		free(p);
	}
	if (d != NULL)
		closedir(d);
	rmdir(dir);
	free(dir);
}

START_TEST(test_file)
{
	struct tree *t = tree_from_folded(s1_text);
	struct svg_view v;
	char *dir = temp_dir(), *path, *err = NULL, *doc, *want;
	struct stat st;

	svg_view_init(&v, t);
	want = svg_of(t, &v);
	path = xasprintf("%s/out.svg", dir);
	ck_assert_int_eq(svg_write_file(path, t, &v, &err), SVG_OK);
	ck_assert_ptr_null(err);
	doc = slurp(path);
	ck_assert_str_eq(doc, want);
	free(doc);
	ck_assert_int_eq(entries(dir), 1);

	/* Replacing keeps the mode. */
	ck_assert_int_eq(chmod(path, 0640), 0);
	ck_assert_int_eq(svg_write_file(path, t, &v, &err), SVG_OK);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0640);
	ck_assert_int_eq(entries(dir), 1);

	/* A directory, a missing directory, no samples. */
	ck_assert_int_eq(svg_write_file(dir, t, &v, &err), SVG_EIO);
	ck_assert_ptr_nonnull(strstr(err, "Is a directory"));
	free(err);
	free(path);
	path = xasprintf("%s/nodir/x.svg", dir);
	ck_assert_int_eq(svg_write_file(path, t, &v, &err), SVG_EIO);
	ck_assert_ptr_nonnull(strstr(err, "No such file or directory"));
	free(err);
	free(path);
	tree_free(t);
	t = tree_from_folded("a 0\n");
	path = xasprintf("%s/empty.svg", dir);
	ck_assert_int_eq(svg_write_file(path, t, &v, &err), SVG_EMPTY);
	free(err);
	free(path);
	ck_assert_int_eq(entries(dir), 1);
	free(want);
	tree_free(t);
	rm_dir(dir);
}
END_TEST

START_TEST(test_file_full)
{
	/* A full disk, as a file size limit: the old file stays whole. */
	struct tree *t = tree_from_folded(s1_text);
	struct svg_view v;
	char *dir = temp_dir(), *path, *err = NULL, *doc;
	struct rlimit rl, old;
	FILE *fp;

	path = xasprintf("%s/keep.svg", dir);
	fp = fopen(path, "w");
	fputs("old\n", fp);
	fclose(fp);
	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
	rl = old;
	rl.rlim_cur = 4096;
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &rl), 0);
	svg_view_init(&v, t);
	ck_assert_int_eq(svg_write_file(path, t, &v, &err), SVG_EIO);
	setrlimit(RLIMIT_FSIZE, &old);
	ck_assert_msg(strstr(err, "File too large") != NULL, "%s", err);
	free(err);
	doc = slurp(path);
	ck_assert_str_eq(doc, "old\n");
	free(doc);
	ck_assert_int_eq(entries(dir), 1);
	free(path);
	tree_free(t);
	rm_dir(dir);
}
END_TEST

START_TEST(test_deterministic)
{
	struct tree *t = tree_from_folded(
	    "m;a;b 3\nm;c 4\nm;a 2\nm;d;e;f 9\nm;a-x 1\n");
	struct svg_view v;
	char *a, *b;

	svg_view_init(&v, t);
	v.search = "a";
	a = svg_of(t, &v);
	b = svg_of(t, &v);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	tree_free(t);
}
END_TEST

static Suite *
svg_suite(void)
{
	Suite *s = suite_create("svg");
	TCase *tc;

	tc = tcase_create("text");
	tcase_add_test(tc, test_xml_escape);
	tcase_add_test(tc, test_json_escape);
	tcase_add_test(tc, test_chars);
	tcase_add_test(tc, test_samples_format);
	tcase_add_test(tc, test_number_format);
	tcase_add_test(tc, test_minwidth_parse);
	suite_add_tcase(s, tc);

	tc = tcase_create("colours");
	tcase_add_test(tc, test_colors_hot);
	tcase_add_test(tc, test_namehash);
	tcase_add_test(tc, test_colors_palettes);
	tcase_add_test(tc, test_colors_rules);
	tcase_add_test(tc, test_colors_diff);
	suite_add_tcase(s, tc);

	tc = tcase_create("graph");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_geometry_s1);
	tcase_add_test(tc, test_label_cut);
	tcase_add_test(tc, test_fractions);
	tcase_add_test(tc, test_prefix_split);
	tcase_add_test(tc, test_count_text_order);
	tcase_add_test(tc, test_root_line);
	tcase_add_test(tc, test_reverse);
	tcase_add_test(tc, test_minwidth);
	tcase_add_test(tc, test_deep);
	tcase_add_test(tc, test_diff);
	suite_add_tcase(s, tc);

	tc = tcase_create("document");
	tcase_add_test(tc, test_view_init);
	tcase_add_test(tc, test_texts_escaped);
	tcase_add_test(tc, test_bad_options);
	tcase_add_test(tc, test_zoom);
	tcase_add_test(tc, test_empty);
	tcase_add_test(tc, test_locale);
	tcase_add_test(tc, test_write_error);
	tcase_add_test(tc, test_deterministic);
	suite_add_tcase(s, tc);

	tc = tcase_create("files");
	tcase_add_test(tc, test_file);
	tcase_add_test(tc, test_file_full);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(svg_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
