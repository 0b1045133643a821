/*
 * The SVG writer: folded input -> tree -> svg_write() into memory, then a
 * small XML check of the document: valid UTF-8, no control characters,
 * every "&" an entity, every "<" a tag, tags nested and closed, the script
 * a CDATA section.  A frame name can hold any byte, so a name that reached
 * the file unescaped breaks one of these.
 *
 * The first input byte also picks the view: flame or icicle, --reverse,
 * --hash, the palette, and whether narrow frames are pruned.
 */
#include "config.h"

#include "fuzz_common.h"
#include "svg/svg.h"

#define MAXDEPTH 64

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 when invalid. */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	size_t k, need;
	unsigned long cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		need = 1, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		need = 2, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		need = 3, cp = s[0] & 0x07;
	else
		return 0;
	if (need >= n)
		return 0;
	for (k = 1; k <= need; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[k] & 0x3f);
	}
	if ((need == 2 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (need == 3 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    cp == 0xfffe || cp == 0xffff)
		return 0;
	return need + 1;
}

static void
bad(const char *what, const char *doc, size_t len, size_t at)
{
	size_t from = at > 80 ? at - 80 : 0;
	size_t to = at + 80 < len ? at + 80 : len;

	fprintf(stderr, "svg: %s at byte %zu: ...%.*s...\n", what, at,
	    (int)(to - from), doc + from);
	abort();
}

static int
starts(const char *p, const char *end, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(end - p) >= n && memcmp(p, s, n) == 0;
}

/* The end of the tag name at p. */
static const char *
name_end(const char *p, const char *end)
{
	while (p < end && *p != ' ' && *p != '>' && *p != '/' && *p != '\n' &&
	    *p != '\t')
		p++;
	return p;
}

static void
check_xml(const char *doc, size_t len)
{
	const char *p = doc, *end = doc + len, *q, *n;
	const char *stack[MAXDEPTH];
	size_t stacklen[MAXDEPTH], depth = 0, k;

	for (k = 0; k < len; k += utf8_len((const unsigned char *)doc + k,
	    len - k)) {
		unsigned char c = (unsigned char)doc[k];

		if (utf8_len((const unsigned char *)doc + k, len - k) == 0)
			bad("invalid UTF-8", doc, len, k);
		if (c < 0x20 && c != '\n' && c != '\t' && c != '\r')
			bad("control character", doc, len, k);
	}
	while (p < end) {
		if (*p == '&') {
			if (!starts(p, end, "&amp;") && !starts(p, end, "&lt;") &&
			    !starts(p, end, "&gt;") && !starts(p, end, "&quot;") &&
			    !starts(p, end, "&apos;") && !starts(p, end, "&#"))
				bad("bare &", doc, len, (size_t)(p - doc));
			p++;
			continue;
		}
		if (*p != '<') {
			p++;
			continue;
		}
		if (starts(p, end, "<![CDATA[")) {
			q = memmem(p, (size_t)(end - p), "]]>", 3);
			if (q == NULL)
				bad("unclosed CDATA", doc, len, (size_t)(p - doc));
			p = q + 3;
			continue;
		}
		if (starts(p, end, "<?") || starts(p, end, "<!")) {
			q = memchr(p, '>', (size_t)(end - p));
			if (q == NULL)
				bad("unclosed declaration", doc, len, (size_t)(p - doc));
			p = q + 1;
			continue;
		}
		/* A tag: attribute values quoted, no "<" inside. */
		for (q = p + 1; q < end && *q != '>'; q++) {
			if (*q == '<')
				bad("< inside a tag", doc, len, (size_t)(q - doc));
			if (*q == '"') {
				q = memchr(q + 1, '"', (size_t)(end - q - 1));
				if (q == NULL)
					bad("unclosed attribute", doc, len,
					    (size_t)(p - doc));
			}
		}
		if (q == end)
			bad("unclosed tag", doc, len, (size_t)(p - doc));
		if (p[1] == '/') {
			n = name_end(p + 2, q);
			if (depth == 0 || stacklen[depth - 1] != (size_t)(n - p - 2) ||
			    memcmp(stack[depth - 1], p + 2, stacklen[depth - 1]) != 0)
				bad("mismatched end tag", doc, len, (size_t)(p - doc));
			depth--;
		} else if (q[-1] != '/') {
			if (depth == MAXDEPTH)
				bad("tags nested too deep", doc, len, (size_t)(p - doc));
			n = name_end(p + 1, q);
			if (n == p + 1)
				bad("empty tag name", doc, len, (size_t)(p - doc));
			stack[depth] = p + 1;
			stacklen[depth++] = (size_t)(n - p - 1);
		}
		p = q + 1;
	}
	if (depth != 0)
		bad("unclosed element", doc, len, len);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tree *t = fuzz_load(data, size, FORMAT_FOLDED);
	unsigned b = size > 0 ? data[0] : 0;
	struct svg_view v;
	char *doc = NULL, *err = NULL;
	size_t len = 0;
	FILE *fp;
	int rc;

	if (t == NULL)
		return 0;
	svg_view_init(&v, t);
	v.inverted = b & 1;
	v.reverse = (b >> 1) & 1;
	v.opts.hash = (b >> 2) & 1;
	v.opts.colors = (enum palette_scheme)((b >> 3) % PALETTE_NSCHEMES);
	if (b & 0x80)
		v.opts.minwidth = "0";
	if ((fp = open_memstream(&doc, &len)) == NULL)
		abort();
	rc = svg_write(fp, t, &v, &err);
	fclose(fp);
	if (rc == SVG_OK)
		check_xml(doc, len);
	else if (rc != SVG_EMPTY)
		abort();
	free(doc);
	free(err);
	tree_free(t);
	return 0;
}
