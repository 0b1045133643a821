/*
 * Make untrusted bytes harmless before they reach a terminal or a message.
 *
 * Frame names come from other machines.  A name may hold escape sequences
 * (which move the cursor, set the window title or clear the screen), C1
 * control bytes, NUL bytes or invalid UTF-8.  escape_text() copies valid
 * UTF-8 of printable characters as is and writes everything else as a visible
 * escape: \e for ESC, \t \n \r, \0, and \xHH for other control and invalid
 * bytes.  A code point that is escaped (C1 controls U+0080..U+009F,
 * bidirectional overrides, and in ASCII mode every non-ASCII character) is
 * written in one form everywhere, \u{HEX}: \u{9b}, \u{202e}, \u{1f525}.
 */
#ifndef TFLAME_UTIL_ESCAPE_H
#define TFLAME_UTIL_ESCAPE_H

#include <stddef.h>
#include <stdint.h>

/*
 * Escape src[0..len) into dst (size cap, always NUL-terminated when cap > 0).
 * Returns the length the full escaped text needs, excluding the NUL, like
 * snprintf, so a caller can detect truncation.
 */
size_t escape_text(char *dst, size_t cap, const char *src, size_t len);

/*
 * ASCII mode (on: the locale's character set is not UTF-8, as under
 * LC_ALL=C): escape every non-ASCII code point too.  main() sets it once.
 */
void escape_set_ascii(int on);

/* Is ASCII mode on? */
int escape_ascii(void);

/* Write code point cp as \u{HEX} into buf (as snprintf); its length. */
size_t escape_codepoint(char *buf, size_t cap, uint32_t cp);

/* True when src[0..len) needs no escaping at all. */
int escape_is_clean(const char *src, size_t len);

/*
 * Decode one UTF-8 sequence at s (n bytes available).  On success store the
 * code point in *cp and return its length (1..4); return 0 for an invalid or
 * truncated sequence (overlongs, surrogates and values above U+10FFFF are
 * invalid).
 */
int utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);

#endif
