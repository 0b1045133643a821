/*
 * Unit tests of layout/shortname.c: names shortened to fit a box, with the
 * exact result of each step: argument lists dropped, template arguments
 * collapsed from the innermost level out, the name cut from the left;
 * malformed brackets, operators, UTF-8 and hostile sizes.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "layout/shortname.h"
#include "util/xalloc.h"

#define REGISTRY "Registry<std::__cxx11::basic_string<char, " \
	"std::char_traits<char>, std::allocator<char> >, Widget>::lookup" \
	"(std::__cxx11::basic_string<char, std::char_traits<char>, " \
	"std::allocator<char> > const&)"

/* Assert that name shortened to maxcols with flags is want. */
static void
expect(const char *name, size_t maxcols, unsigned flags, const char *want)
{
	struct shortname sn;
	const char *got;
	size_t n;

	memset(&sn, 0, sizeof sn);
	got = shortname(&sn, name, strlen(name), maxcols, flags, &n);
	ck_assert_msg(n == strlen(want) && memcmp(got, want, n) == 0,
	    "shortname(\"%.80s\", %zu) = \"%.*s\", want \"%.80s\"", name,
	    maxcols, (int)(n < 80 ? n : 80), got, want);
	ck_assert_uint_le(shortname_cols(got, n), maxcols);
	shortname_free(&sn);
}

/* A name that fits is returned as it is, not copied. */
START_TEST(test_fits)
{
	struct shortname sn;
	const char *name = "main(int, char**)";
	size_t n;

	memset(&sn, 0, sizeof sn);
	ck_assert_ptr_eq(shortname(&sn, name, strlen(name), 17, 0, &n), name);
	ck_assert_uint_eq(n, strlen(name));
	shortname_free(&sn);
	expect("main", 4, 0, "main");
}
END_TEST

/* Step 1: argument lists go first. */
START_TEST(test_args)
{
	expect("foo::bar(int, char const*) const", 14, 0, "foo::bar const");
	expect("foo::bar(int, char const*) const", 31, 0, "foo::bar const");
	expect("foo::bar(int, char const*) const", 12, 0, "\u2026::bar const");
	/* A group before "::" is a qualifier, not arguments. */
	expect("(anonymous namespace)::Parser::run(int)", 34, 0,
	    "(anonymous namespace)::Parser::run");
	/* operator() keeps its name. */
	expect("std::less<int>::operator()(int const&, int const&) const", 32,
	    0, "std::less<int>::operator() const");
	/* Nested parentheses go with their group. */
	expect("f(void (*)(int), g(h)) const", 7, 0, "f const");
}
END_TEST

/* Step 2: template arguments, the innermost level first. */
START_TEST(test_templates)
{
	expect("A<B<CC>, D>::f", 13, 0, "A<B<\u2026>, D>::f");
	expect("A<B<CC>, D>::f", 12, 0, "A<\u2026>::f");
	/* A single-column argument is not worth collapsing. */
	expect("A<B<C>, D>::f", 12, 0, "A<\u2026>::f");
	expect(REGISTRY, 80, 0,
	    "Registry<std::__cxx11::basic_string<\u2026>, Widget>::lookup");
	expect(REGISTRY, 55, 0,
	    "Registry<std::__cxx11::basic_string<\u2026>, Widget>::lookup");
	expect(REGISTRY, 54, 0, "Registry<\u2026>::lookup");
	expect(REGISTRY, 19, 0, "Registry<\u2026>::lookup");
	expect("std::less<int>::operator()(int const&, int const&) const", 30,
	    0, "std::less<\u2026>::operator() const");
	/* The brackets of operators are not template brackets. */
	expect("std::ostream& std::operator<< <std::char_traits<char> >"
	    "(std::ostream&, char const*)", 40, 0,
	    "std::ostream& std::operator<< <\u2026>");
	expect("a->b<int>", 7, 0, "a->b<\u2026>");
	expect("x<int>::operator->()", 17, 0, "x<\u2026>::operator->");
}
END_TEST

/* Step 3: cut from the left, keeping the end. */
START_TEST(test_cut_left)
{
	expect("ns::detail::" REGISTRY, 20, 0, "\u2026Registry<\u2026>::lookup");
	expect(REGISTRY, 15, 0, "\u2026try<\u2026>::lookup");
	expect("abcdef", 1, 0, "\u2026");
	expect("abcdef", 0, 0, "");
	expect("abcdef", 2, 0, "\u2026f");
}
END_TEST

/* Unbalanced brackets are left as they are. */
START_TEST(test_malformed)
{
	expect("foo<bar(baz", 6, 0, "\u2026r(baz");
	expect("f)x(y", 3, 0, "\u2026(y");
	expect("A<B>>C<D", 5, 0, "\u2026>C<D");
	expect("A<BB>>C<D", 8, 0, "A<\u2026>>C<D");
	expect(")(", 2, 0, ")(");
	expect("<<<", 2, 0, "\u2026<");
	expect(">>>(((", 4, 0, "\u2026(((");
}
END_TEST

/* UTF-8: columns, wide characters, invalid bytes; never a split sequence. */
START_TEST(test_utf8)
{
	expect("na\u00efve::funci\u00f3n<\u65e5\u672c>::x", 23, 0,
	    "na\u00efve::funci\u00f3n<\u65e5\u672c>::x");
	expect("na\u00efve::funci\u00f3n<\u65e5\u672c>::x", 20, 0,
	    "na\u00efve::funci\u00f3n<\u2026>::x");
	expect("na\u00efve::funci\u00f3n<\u65e5\u672c>::x", 12, 0,
	    "\u2026nci\u00f3n<\u2026>::x");
	expect("\u65e5\u672c\u8a9e", 4, 0, "\u2026\u8a9e");
	expect("\u65e5\u672c\u8a9e", 6, 0, "\u65e5\u672c\u8a9e");
	expect("ab\xff" "cd", 5, 0, "\u2026cd");
	expect("ab\xff" "cd", 8, 0, "ab\xff" "cd");
	/* A truncated sequence at the end is one invalid byte each. */
	expect("abc\xe6\x97", 9, 0, "\u2026\xe6\x97");
	ck_assert_uint_eq(shortname_cols("\u65e5x\x1b\x01", 6), 2 + 1 + 2 + 4);
}
END_TEST

/* SHORTNAME_TEMPLATES collapses every template, fit or not. */
START_TEST(test_collapse_flag)
{
	expect("vector<int>::push_back(int const&)", 100, SHORTNAME_TEMPLATES,
	    "vector<\u2026>::push_back(int const&)");
	expect(REGISTRY, 200, SHORTNAME_TEMPLATES,
	    "Registry<\u2026>::lookup(std::__cxx11::basic_string<\u2026> const&)");
	expect(REGISTRY, 30, SHORTNAME_TEMPLATES, "Registry<\u2026>::lookup");
	expect("plain", 100, SHORTNAME_TEMPLATES, "plain");
}
END_TEST

/*
 * SHORTNAME_ASCII (a locale that is not UTF-8): the ellipsis is "..", and
 * a character past ASCII takes the columns of its escape "\u{HEX}".
 */
START_TEST(test_ascii)
{
	expect("ns::detail::" REGISTRY, 40, SHORTNAME_ASCII,
	    "ns::detail::Registry<..>::lookup");
	expect("ns::detail::" REGISTRY, 23, SHORTNAME_ASCII,
	    "..:Registry<..>::lookup");
	expect(REGISTRY, 200, SHORTNAME_TEMPLATES | SHORTNAME_ASCII,
	    "Registry<..>::lookup(std::__cxx11::basic_string<..> const&)");
	/* "<ab>" is no shorter as "<..>": kept. */
	expect("f<ab>::g_long_tail", 16, SHORTNAME_ASCII, "..>::g_long_tail");
	expect("abcdef", 2, SHORTNAME_ASCII, "..");
	expect("abcdef", 1, SHORTNAME_ASCII, "");
	expect("abcdef", 3, SHORTNAME_ASCII, "..f");
	/* caf\u{e9}_au_lait is 17 columns; "\u{e9}" 6 of them. */
	expect("caf\u00e9_au_lait", 17, SHORTNAME_ASCII, "caf\u00e9_au_lait");
	expect("caf\u00e9_au_lait", 16, SHORTNAME_ASCII, "..\u00e9_au_lait");
	expect("caf\u00e9_au_lait", 9, SHORTNAME_ASCII, "..au_lait");
	expect("\u65e5\u672c", 10, SHORTNAME_ASCII, "..\u672c");
}
END_TEST

/* Deep nesting: one pass, no recursion, the fewest levels collapsed. */
START_TEST(test_deep)
{
	size_t d = 5000, i, n = 1 + 2 * d + 3;
	char *s = xmalloc(n + 1);

	s[0] = 'f';
	for (i = 0; i < d; i++) {
		s[1 + i] = '<';
		s[1 + d + i] = '>';
	}
	memcpy(s + 1 + 2 * d, "::g", 4);
	expect(s, 10, 0, "f<<\u2026>>::g");
	expect(s, 7, 0, "f<\u2026>::g");
	free(s);
}
END_TEST

/* A name over SHORTNAME_MAX_BYTES is cut from the left at once. */
START_TEST(test_huge)
{
	size_t n = SHORTNAME_MAX_BYTES + 100;
	char *s = xmalloc(n + 1);

	memset(s, 'a', n);
	s[0] = '<';
	s[n - 6] = '>';
	memcpy(s + n - 5, "::end", 6);
	expect(s, 10, 0, "\u2026aaa>::end");
	free(s);
}
END_TEST

/* Collect the tests. */
static Suite *
shortname_suite(void)
{
	Suite *s = suite_create("shortname");
	TCase *tc = tcase_create("shortname");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_fits);
	tcase_add_test(tc, test_args);
	tcase_add_test(tc, test_templates);
	tcase_add_test(tc, test_cut_left);
	tcase_add_test(tc, test_malformed);
	tcase_add_test(tc, test_utf8);
	tcase_add_test(tc, test_collapse_flag);
	tcase_add_test(tc, test_ascii);
	tcase_add_test(tc, test_deep);
	tcase_add_test(tc, test_huge);
	suite_add_tcase(s, tc);
	return s;
}

/* Run the tests; fail when one fails. */
int
main(void)
{
	SRunner *sr = srunner_create(shortname_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
