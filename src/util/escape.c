/*
 * Escaping of untrusted bytes for terminals and messages.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "util/escape.h"

static int ascii_only; /* escape_set_ascii() */

/* Escape every non-ASCII code point from now on, or not. */
void
escape_set_ascii(int on)
{
	ascii_only = on;
}

/* Is every non-ASCII code point escaped? */
int
escape_ascii(void)
{
	return ascii_only;
}

/* The one form of an escaped code point: \u{1f525}. */
size_t
escape_codepoint(char *buf, size_t cap, uint32_t cp)
{
	int n = snprintf(buf, cap, "\\u{%x}", (unsigned)cp);

	return n < 0 ? 0 : (size_t)n;
}

int
utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
	uint32_t c;
	int len, i;

	if (n == 0)
		return 0;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		c = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		c = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		c = s[0] & 0x07;
	} else
		return 0;
	if (n < (size_t)len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	/* Overlong forms, surrogates and values past U+10FFFF are invalid. */
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return 0;
	*cp = c;
	return len;
}

/* Is code point c safe to show as is? */
static int
printable(uint32_t c)
{
	if (c < 0x20 || c == 0x7f)
		return 0;
	if (c >= 0x80 && (c <= 0x9f || ascii_only))
		return 0;
	/* Bidirectional overrides and isolates can reorder what follows. */
	if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
		return 0;
	return 1;
}

int
escape_is_clean(const char *src, size_t len)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t i = 0;
	uint32_t c;
	int n;

	while (i < len) {
		if (s[i] >= 0x20 && s[i] < 0x7f && s[i] != '\\') {
			i++;
			continue;
		}
		n = utf8_decode(s + i, len - i, &c);
		if (n == 0 || !printable(c) || c == '\\')
			return 0;
		i += n;
	}
	return 1;
}

size_t
escape_text(char *dst, size_t cap, const char *src, size_t len)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t i = 0, out = 0, k;
	char tmp[16];
	uint32_t c;
	int n;

	while (i < len) {
		n = utf8_decode(s + i, len - i, &c);
		if (n > 0 && printable(c) && c != '\\') {
			for (k = 0; k < (size_t)n; k++, out++)
				if (out + 1 < cap)
					dst[out] = (char)s[i + k];
			i += n;
			continue;
		}
		if (n > 0 && c == '\\')
			snprintf(tmp, sizeof tmp, "\\\\");
		else if (n > 0 && c == 0x1b)
			snprintf(tmp, sizeof tmp, "\\e");
		else if (n > 0 && c == '\t')
			snprintf(tmp, sizeof tmp, "\\t");
		else if (n > 0 && c == '\n')
			snprintf(tmp, sizeof tmp, "\\n");
		else if (n > 0 && c == '\r')
			snprintf(tmp, sizeof tmp, "\\r");
		else if (n > 0 && c == 0)
			snprintf(tmp, sizeof tmp, "\\0");
		else if (n > 1)
			escape_codepoint(tmp, sizeof tmp, c);
		else {
			snprintf(tmp, sizeof tmp, "\\x%02x", s[i]);
			n = 1;
		}
		for (k = 0; tmp[k]; k++, out++)
			if (out + 1 < cap)
				dst[out] = tmp[k];
		i += n;
	}
	if (cap > 0)
		dst[out < cap ? out : cap - 1] = '\0';
	return out;
}
