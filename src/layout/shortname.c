/*
 * Frame names shortened to fit a box.  See layout/shortname.h.
 *
 * Each step is one pass over the name: brackets are matched with an
 * explicit stack (nothing here recurses, whatever the nesting), and the
 * template step finds in one more pass the shallowest nesting level whose
 * collapse makes the name fit: a group g collapsed at level h (every group
 * at most h deep from the bottom, the "height") saves its content's
 * columns minus one for the levels from height(g) up to just below its
 * parent's height, where the parent takes over; a difference array over
 * the levels adds these up for every level at once.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "layout/shortname.h"
#include "util/escape.h"
#include "util/xalloc.h"

#define NONE ((size_t)-1)
#define ELLIPSIS "\xe2\x80\xa6" /* U+2026, one column */
#define ELLIPSIS_LEN 3
#define ASCII_ELLIPSIS ".." /* SHORTNAME_ASCII: two columns */
#define ASCII_ELLIPSIS_LEN 2

/* Fields of a group in sn->grp. */
enum { G_OPEN, G_CLOSE, G_PARENT, G_HEIGHT, G_COLS, G_START, G_FIELDS };

/* True when code point cp takes two columns (East Asian wide, emoji). */
static int
is_wide(uint32_t cp)
{
	return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 &&
	    cp <= 0xa4cf && cp != 0x303f) || (cp >= 0xac00 && cp <= 0xd7a3) ||
	    (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) ||
	    (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) ||
	    (cp >= 0x1f300 && cp <= 0x1f64f) ||
	    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
	    (cp >= 0x20000 && cp <= 0x3fffd);
}

/*
 * Columns of the character at s[0..n); its length in bytes in *clen.
 * ascii: the terminal shows ASCII only, and any other character as its
 * escape, "\u{e9}".
 */
static size_t
unit(const char *s, size_t n, size_t *clen, int ascii)
{
	uint32_t cp;
	int k = utf8_decode((const unsigned char *)s, n, &cp);

	if (k == 0) {
		*clen = 1;
		return 4; /* \xHH */
	}
	*clen = (size_t)k;
	if (cp == 0 || cp == 0x1b || cp == '\t' || cp == '\n' || cp == '\r')
		return 2; /* \0 \e \t \n \r */
	if (cp < 0x20 || cp == 0x7f)
		return 4;
	if (cp >= 0x80 && cp < 0xa0)
		return 6; /* \u0080 */
	if (ascii && cp >= 0x80)
		return cp < 0x100 ? 6 : cp < 0x1000 ? 7 : cp < 0x10000 ? 8 :
		    cp < 0x100000 ? 9 : 10; /* \u{HEX} */
	return is_wide(cp) ? 2 : 1;
}

/* Return the columns s[0..len) takes. */
size_t
shortname_cols(const char *s, size_t len)
{
	size_t i = 0, cols = 0, k;

	while (i < len) {
		cols += unit(s + i, len - i, &k, 0);
		i += k;
	}
	return cols;
}

/* True when s[0..len) fits in maxcols columns (stops early). */
static int
fits(const char *s, size_t len, size_t maxcols, int ascii)
{
	size_t i = 0, cols = 0, k;

	while (i < len) {
		cols += unit(s + i, len - i, &k, ascii);
		if (cols > maxcols)
			return 0;
		i += k;
	}
	return 1;
}

/* True when s[0..i) ends with the word "operator". */
static int
after_operator(const char *s, size_t i)
{
	char c;

	if (i < 8 || memcmp(s + i - 8, "operator", 8) != 0)
		return 0;
	if (i == 8)
		return 1;
	c = s[i - 9];
	return !(c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	    (c >= 'A' && c <= 'Z'));
}

/* Make room for n entries of scratch array *a (capacity *cap). */
static void
room(size_t **a, size_t *cap, size_t n)
{
	xgrow((void **)a, cap, n > 0 ? n : 1, sizeof **a);
}

/*
 * Match the brackets of s[0..len) in sn->match: for a matched open or
 * close bracket, the position of the other one; NONE elsewhere.  "<" ">"
 * and "(" ")" are matched separately; operator names and "->" are skipped.
 */
static void
match_brackets(struct shortname *sn, const char *s, size_t len)
{
	size_t i, j, asp = 0, psp = 0, *st, o;

	room(&sn->match, &sn->matchcap, len);
	room(&sn->stack, &sn->stackcap, 2 * len);
	st = sn->stack; /* angles from the bottom, parens from len up */
	for (i = 0; i < len; i++)
		sn->match[i] = NONE;
	for (i = 0; i < len; i++) {
		if (after_operator(s, i)) {
			/* operator< << <= <=> > >> >= -> and () [] etc. */
			for (j = i; j < len && j < i + 3 &&
			    strchr("<>=-", s[j]) != NULL && s[j] != '\0'; j++)
				;
			if (j > i) {
				i = j - 1;
				continue;
			}
		}
		switch (s[i]) {
		case '-':
			if (i + 1 < len && s[i + 1] == '>')
				i++;
			break;
		case '<':
			st[asp++] = i;
			break;
		case '>':
			if (asp > 0) {
				o = st[--asp];
				sn->match[o] = i;
				sn->match[i] = o;
			}
			break;
		case '(':
			st[len + psp++] = i;
			break;
		case ')':
			if (psp > 0) {
				o = st[len + --psp];
				sn->match[o] = i;
				sn->match[i] = o;
			}
			break;
		}
	}
}

/* Room for n bytes in sn's result buffer. */
static char *
outbuf(struct shortname *sn, size_t n)
{
	xgrow((void **)&sn->buf, &sn->cap, n + 1, 1);
	return sn->buf;
}

/* Swap the result into tmp, so that the next step can read it. */
static void
swap(struct shortname *sn)
{
	char *b = sn->buf;
	size_t c = sn->cap;

	sn->buf = sn->tmp;
	sn->cap = sn->tmpcap;
	sn->tmp = b;
	sn->tmpcap = c;
}

/* Step 1: s[0..len) without its argument lists, into sn->buf. */
static size_t
drop_args(struct shortname *sn, const char *s, size_t len)
{
	char *out = outbuf(sn, len);
	size_t i = 0, o = 0, e;

	match_brackets(sn, s, len);
	while (i < len) {
		e = sn->match[i];
		if (e != NONE && e > i && s[i] == '<') {
			/* Template arguments are copied as they are. */
			memcpy(out + o, s + i, e + 1 - i);
			o += e + 1 - i;
			i = e + 1;
		} else if (e != NONE && e > i && s[i] == '(') {
			if ((e + 2 < len && s[e + 1] == ':' && s[e + 2] == ':') ||
			    (e == i + 1 && after_operator(s, i))) {
				memcpy(out + o, s + i, e + 1 - i);
				o += e + 1 - i;
			}
			i = e + 1;
		} else
			out[o++] = s[i++];
	}
	out[o] = '\0';
	return o;
}

/*
 * Step 2: s[0..len) with template arguments collapsed, the fewest levels
 * that make it fit maxcols (all of them when none does, or when all is
 * set), into sn->buf.
 */
static size_t
collapse(struct shortname *sn, const char *s, size_t len, size_t maxcols,
    int all)
{
	size_t i, k, g, ng = 0, sp = 0, col = 0, h, height = 0, p, hi, sav;
	size_t *G, o, saved;
	size_t ew = sn->ascii ? 2 : 1; /* the ellipsis: columns, bytes */
	size_t elen = sn->ascii ? ASCII_ELLIPSIS_LEN : ELLIPSIS_LEN;
	const char *el = sn->ascii ? ASCII_ELLIPSIS : ELLIPSIS;
	char *out;

	match_brackets(sn, s, len);
	room(&sn->grp, &sn->grpcap, (len / 2 + 1) * G_FIELDS);
	G = sn->grp;
	for (i = 0; i < len; i += k) {
		if (s[i] == '<' && sn->match[i] != NONE && sn->match[i] > i) {
			g = ng++;
			G[g * G_FIELDS + G_OPEN] = i;
			G[g * G_FIELDS + G_CLOSE] = sn->match[i];
			G[g * G_FIELDS + G_PARENT] = sp > 0 ? sn->stack[sp - 1] :
			    NONE;
			G[g * G_FIELDS + G_HEIGHT] = 1;
			G[g * G_FIELDS + G_START] = col + 1;
			sn->stack[sp++] = g;
		} else if (s[i] == '>' && sn->match[i] != NONE &&
		    sn->match[i] < i) {
			g = sn->stack[--sp];
			G[g * G_FIELDS + G_COLS] = col - G[g * G_FIELDS + G_START];
			h = G[g * G_FIELDS + G_HEIGHT];
			if (h > height)
				height = h;
			if ((p = G[g * G_FIELDS + G_PARENT]) != NONE &&
			    G[p * G_FIELDS + G_HEIGHT] < h + 1)
				G[p * G_FIELDS + G_HEIGHT] = h + 1;
		}
		col += unit(s + i, len - i, &k, sn->ascii);
	}
	if (ng == 0)
		return NONE;

	/* Savings per level: sum[h] for h in 1..height. */
	room(&sn->sum, &sn->sumcap, height + 2);
	memset(sn->sum, 0, (height + 2) * sizeof *sn->sum);
	for (g = 0; g < ng; g++) {
		if (G[g * G_FIELDS + G_COLS] <= ew)
			continue;
		sav = G[g * G_FIELDS + G_COLS] - ew;
		p = G[g * G_FIELDS + G_PARENT];
		hi = p == NONE ? height : G[p * G_FIELDS + G_HEIGHT] - 1;
		/* Unsigned wrap-around cancels out in the prefix sum. */
		sn->sum[G[g * G_FIELDS + G_HEIGHT]] += sav;
		sn->sum[hi + 1] -= sav;
	}
	saved = 0;
	for (h = 1; h <= height; h++) {
		saved += sn->sum[h]; /* modulo 2^N: exact once summed */
		if (!all && col - saved <= maxcols)
			break;
	}
	if (h > height)
		h = height;

	out = outbuf(sn, len + ELLIPSIS_LEN);
	for (i = 0, o = 0, k = 0; i < len;) {
		if (k < ng && G[k * G_FIELDS + G_OPEN] == i) {
			if (G[k * G_FIELDS + G_HEIGHT] <= h &&
			    G[k * G_FIELDS + G_COLS] > ew) {
				out[o++] = '<';
				memcpy(out + o, el, elen);
				o += elen;
				out[o++] = '>';
				i = G[k * G_FIELDS + G_CLOSE] + 1;
				while (k < ng && G[k * G_FIELDS + G_OPEN] < i)
					k++;
				continue;
			}
			k++;
		}
		out[o++] = s[i++];
	}
	out[o] = '\0';
	return o;
}

/*
 * Step 3: "…" (SHORTNAME_ASCII: "..") and the end of s[0..len) in maxcols
 * columns, into sn->buf.
 */
static size_t
cut_left(struct shortname *sn, const char *s, size_t len, size_t maxcols)
{
	size_t j = len, k, cols = 0, w, n, clen;
	size_t ew = sn->ascii ? 2 : 1; /* the ellipsis: columns, bytes */
	size_t elen = sn->ascii ? ASCII_ELLIPSIS_LEN : ELLIPSIS_LEN;
	const char *el = sn->ascii ? ASCII_ELLIPSIS : ELLIPSIS;
	char *out;

	if (maxcols < ew) {
		outbuf(sn, 0)[0] = '\0';
		return 0;
	}
	while (j > 0) {
		/* The character that ends at j: back over continuation bytes. */
		for (k = j - 1; k > 0 && j - k < 4 &&
		    ((unsigned char)s[k] & 0xc0) == 0x80; k--)
			;
		w = unit(s + k, j - k, &clen, sn->ascii);
		if (clen != j - k) {
			k = j - 1; /* not one character: the last byte alone */
			w = unit(s + k, 1, &clen, sn->ascii);
		}
		if (cols + w + ew > maxcols)
			break;
		cols += w;
		j = k;
	}
	n = len - j;
	out = outbuf(sn, n + elen);
	memcpy(out, el, elen);
	memcpy(out + elen, s + j, n);
	out[elen + n] = '\0';
	return elen + n;
}

/* Shorten name[0..len) to maxcols columns. */
const char *
shortname(struct shortname *sn, const char *name, size_t len, size_t maxcols,
    unsigned flags, size_t *outlen)
{
	const char *s = name;
	size_t n = len, r;

	sn->ascii = (flags & SHORTNAME_ASCII) != 0;
	if (len > SHORTNAME_MAX_BYTES) {
		if (fits(name, len, maxcols, sn->ascii)) {
			*outlen = len;
			return name;
		}
		*outlen = cut_left(sn, name, len, maxcols);
		return sn->buf;
	}
	if (flags & SHORTNAME_TEMPLATES) {
		if ((r = collapse(sn, s, n, maxcols, 1)) != NONE) {
			swap(sn);
			s = sn->tmp;
			n = r;
		}
	}
	if (fits(s, n, maxcols, sn->ascii))
		goto done;
	n = drop_args(sn, s, n);
	swap(sn);
	s = sn->tmp;
	if (fits(s, n, maxcols, sn->ascii))
		goto done;
	if ((r = collapse(sn, s, n, maxcols, 0)) != NONE) {
		swap(sn);
		s = sn->tmp;
		n = r;
		if (fits(s, n, maxcols, sn->ascii))
			goto done;
	}
	*outlen = cut_left(sn, s, n, maxcols);
	return sn->buf;
done:
	*outlen = n;
	return s;
}

/* Release the buffers of sn. */
void
shortname_free(struct shortname *sn)
{
	free(sn->buf);
	free(sn->tmp);
	free(sn->match);
	free(sn->grp);
	free(sn->stack);
	free(sn->sum);
	memset(sn, 0, sizeof *sn);
}
