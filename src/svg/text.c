/*
 * Text for the SVG writer: XML and JSON escaping of untrusted names, and
 * numbers in flamegraph.pl's formats.  See svg/svg.h.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svg/svg.h"
#include "util/escape.h"

/* U+FFFD REPLACEMENT CHARACTER in UTF-8. */
static const char replacement[] = "\xef\xbf\xbd";

/*
 * Is c a character an XML 1.0 document may hold and a reader should see?
 * C0 and C1 controls (TAB, LF and CR included: a name is one line),
 * DEL and the non-characters U+FFFE/U+FFFF are not.
 */
static int
xml_char_ok(uint32_t c)
{
	if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f))
		return 0;
	return c != 0xfffe && c != 0xffff;
}

/*
 * Step over one character of s[i..len): its length in bytes, 1 for a byte
 * that is not valid UTF-8 (then *c is SVG_BAD_CHAR).
 */
#define SVG_BAD_CHAR UINT32_MAX
static size_t
next_char(const char *s, size_t len, size_t i, uint32_t *c)
{
	int n = utf8_decode((const unsigned char *)s + i, len - i, c);

	if (n == 0) {
		*c = SVG_BAD_CHAR;
		return 1;
	}
	return (size_t)n;
}

void
svg_put_xml(FILE *fp, const char *s, size_t len, int quot)
{
	size_t i = 0, n, run = 0;
	uint32_t c;

	/* Copy runs of plain bytes with one fwrite. */
	while (i < len) {
		unsigned char b = (unsigned char)s[i];

		if (b >= 0x20 && b < 0x7f && b != '&' && b != '<' && b != '>' &&
		    !(quot && b == '"')) {
			run++;
			i++;
			continue;
		}
		if (run > 0)
			fwrite(s + i - run, 1, run, fp);
		run = 0;
		n = next_char(s, len, i, &c);
		if (c == '&')
			fputs("&amp;", fp);
		else if (c == '<')
			fputs("&lt;", fp);
		else if (c == '>')
			fputs("&gt;", fp);
		else if (c == '"')
			fputs("&quot;", fp);
		else if (c == SVG_BAD_CHAR || !xml_char_ok(c))
			fputs(replacement, fp);
		else
			fwrite(s + i, 1, n, fp);
		i += n;
	}
	if (run > 0)
		fwrite(s + len - run, 1, run, fp);
}

void
svg_put_json(FILE *fp, const char *s, size_t len)
{
	size_t i = 0, n;
	uint32_t c;

	putc('"', fp);
	while (i < len) {
		n = next_char(s, len, i, &c);
		if (c == SVG_BAD_CHAR)
			fputs("\\ufffd", fp);
		else if (c == '"')
			fputs("\\\"", fp);
		else if (c == '\\')
			fputs("\\\\", fp);
		else if (c == '\n')
			fputs("\\n", fp);
		else if (c == '\t')
			fputs("\\t", fp);
		else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) ||
		    c == '<' || c == '>' || c == '&' || c == 0x2028 ||
		    c == 0x2029 || c == 0xfffe || c == 0xffff)
			/*
			 * < > & as \u escapes: the script is inside CDATA,
			 * which "]]>" would end; U+2028/9 end a JS line.
			 */
			fprintf(fp, "\\u%04x", (unsigned)c);
		else
			fwrite(s + i, 1, n, fp);
		i += n;
	}
	putc('"', fp);
}

size_t
svg_char_count(const char *s, size_t len)
{
	size_t i = 0, k = 0;
	uint32_t c;

	while (i < len) {
		i += next_char(s, len, i, &c);
		k++;
	}
	return k;
}

size_t
svg_char_prefix(const char *s, size_t len, size_t nchars)
{
	size_t i = 0, k = 0;
	uint32_t c;

	while (i < len && k < nchars) {
		i += next_char(s, len, i, &c);
		k++;
	}
	return i;
}

size_t
svg_strip_annotation(const char *name, size_t len)
{
	if (len >= 4 && name[len - 4] == '_' && name[len - 3] == '[' &&
	    name[len - 1] == ']' && strchr("kwij01", name[len - 2]) != NULL &&
	    name[len - 2] != '\0')
		return len - 4;
	return len;
}

size_t
svg_format_samples(char *buf, size_t cap, double v, double *rounded)
{
	char digits[SVG_NUMSZ];
	size_t n, i, o = 0, lead;
	int k;

	/* printf's "%.0f" rounds half to even, as Perl's sprintf does. */
	k = snprintf(digits, sizeof digits, "%.0f", v);
	n = k < 0 ? 0 : (size_t)k;
	if (n >= sizeof digits)
		n = sizeof digits - 1;
	/* Digits only, so strtod() reads them whatever the locale. */
	if (rounded != NULL)
		*rounded = strtod(digits, NULL);
	/* A "," between groups of three digits, counted from the right. */
	lead = n % 3 == 0 ? 3 : n % 3;
	for (i = 0; i < n && o + 2 < cap; i++) {
		if (i > 0 && i >= lead && (i - lead) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	if (cap > 0)
		buf[o < cap ? o : cap - 1] = '\0';
	return o;
}

size_t
svg_format_num(char *buf, size_t cap, double v)
{
	int k;

	/* Perl prints a number with up to 15 significant digits. */
	if (v == 0)
		v = 0; /* no "-0" */
	k = snprintf(buf, cap, "%.15g", v);
	return k < 0 ? 0 : (size_t)k;
}
