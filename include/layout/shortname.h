/*
 * Frame names shortened to fit a box, keeping what tells frames apart.
 *
 * A C++ name is mostly template arguments and argument lists; the method
 * it names is at the end.  Cutting from the right (".." at the end) keeps
 * "Registry<std::__cxx11::basic_string<.." and loses the method, so a name
 * that does not fit is shortened in steps, stopping at the first that fits:
 *
 *  1. argument lists are dropped: every "(...)" group outside brackets
 *     ("f(int, char) const" -> "f const"), except a group followed by "::"
 *     ("(anonymous namespace)::f" keeps it) and the "()" of "operator()";
 *  2. template arguments are collapsed to "<…>", innermost first, a whole
 *     nesting level at a time: "A<B<C>, D>" -> "A<B<…>, D>" -> "A<…>";
 *  3. the name is cut from the left, keeping its end: "…Registry<…>::lookup".
 *
 * SHORTNAME_TEMPLATES collapses every template argument list first, fit or
 * not (hotspot's "Collapse Templates").
 *
 * Malformed names are never rejected: a "(" or "<" without its closing
 * bracket (and a closing one without its opening) is left as it is and
 * does not start a group.  The "<" and ">" of "operator<", "operator<<",
 * "operator<=", "operator->" (and "->" anywhere) are not brackets.
 *
 * Columns are counted as the terminal shows the name (tui/text.h): one per
 * character, two for East Asian wide characters, and four for a control
 * character or an invalid byte (its escape, "\xHH").  Combining marks are
 * counted as one (the viewer escapes them wider); a caller drawing the
 * result still cuts whatever does not fit.  Cutting never splits a UTF-8
 * sequence.
 *
 * SHORTNAME_ASCII is for a terminal that shows ASCII only (a locale that
 * is not UTF-8): the ellipsis is ".." ("..Registry<..>::lookup"), and a
 * character past ASCII counts the columns of its escape ("\u{e9}", 6).
 *
 * Cost: linear in the name.  Names longer than SHORTNAME_MAX_BYTES skip
 * steps 1 and 2 (the brackets of a megabyte name say little) and are cut
 * from the left at once.
 */
#ifndef TFLAME_LAYOUT_SHORTNAME_H
#define TFLAME_LAYOUT_SHORTNAME_H

#include <stddef.h>

#define SHORTNAME_TEMPLATES 0x1 /* collapse every template argument list */
#define SHORTNAME_ASCII 0x2     /* a terminal showing ASCII only: see below */

#define SHORTNAME_MAX_BYTES (64u << 10)

/* Scratch space, reused from call to call; zero it before the first. */
struct shortname {
	char *buf;               /* owned: the result */
	size_t cap;
	char *tmp;               /* owned: the step before */
	size_t tmpcap;
	size_t *match;           /* owned: the other bracket of each byte */
	size_t matchcap;
	size_t *grp;             /* owned: per group: open, close, parent, height, cols */
	size_t grpcap;
	size_t *stack;           /* owned */
	size_t stackcap;
	size_t *sum;             /* owned: savings per nesting level */
	size_t sumcap;
	int ascii;               /* this call's SHORTNAME_ASCII */
};

/*
 * Shorten name[0..len) to at most maxcols columns (see above).  Returns
 * name itself when it fits and nothing is asked, else sn's buffer; the
 * result's length goes in *outlen.  Valid until the next call with sn.
 */
const char *shortname(struct shortname *sn, const char *name, size_t len,
    size_t maxcols, unsigned flags, size_t *outlen);

/* Columns s[0..len) takes, counted as above. */
size_t shortname_cols(const char *s, size_t len);

/* Release sn's buffers. */
void shortname_free(struct shortname *sn);

#endif
