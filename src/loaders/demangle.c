/*
 * Rust legacy symbol clean-up.  See loaders/demangle.h.
 */
#include "config.h"

#include <string.h>

#include "loaders/demangle.h"

static int
is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

/* Decode the escape at s (which starts with '$'); 0 when unknown. */
static size_t
decode_escape(const char *s, size_t n, char *out)
{
	static const struct {
		const char *esc;
		char c;
	} tab[] = {
		{"$SP$", '@'}, {"$BP$", '*'}, {"$RF$", '&'}, {"$LT$", '<'},
		{"$GT$", '>'}, {"$LP$", '('}, {"$RP$", ')'}, {"$C$", ','},
		{"$u7e$", '~'}, {"$u20$", ' '}, {"$u27$", '\''}, {"$u3d$", '='},
		{"$u5b$", '['}, {"$u5d$", ']'}, {"$u7b$", '{'}, {"$u7d$", '}'},
		{"$u3b$", ';'}, {"$u2b$", '+'}, {"$u21$", '!'}, {"$u22$", '"'},
	};
	size_t i, k;

	for (i = 0; i < sizeof tab / sizeof tab[0]; i++) {
		k = strlen(tab[i].esc);
		if (n >= k && memcmp(s, tab[i].esc, k) == 0) {
			*out = tab[i].c;
			return k;
		}
	}
	return 0;
}

size_t
rust_demangle(char *s, size_t len)
{
	size_t i, r, w, k;
	char c;

	/* "...::h0123456789abcdef": the hash marks a legacy symbol. */
	if (len < 20 || memcmp(s + len - 19, "::h", 3) != 0)
		return len;
	for (i = len - 16; i < len; i++)
		if (!is_hex(s[i]))
			return len;
	len -= 19;
	r = w = 0;
	if (len >= 2 && s[0] == '_' && s[1] == '$')
		r = 1;
	while (r < len) {
		if (s[r] == '.' && r + 1 < len && s[r + 1] == '.') {
			s[w++] = ':';
			s[w++] = ':';
			r += 2;
		} else if (s[r] == '$') {
			k = decode_escape(s + r, len - r, &c);
			if (k == 0) {
				/* Unknown escape: keep the rest untouched. */
				memmove(s + w, s + r, len - r);
				return w + (len - r);
			}
			s[w++] = c;
			r += k;
		} else
			s[w++] = s[r++];
	}
	return w;
}
