/*
 * A pull reader for JSON held in memory: the loaders of the JSON formats
 * walk a document with it, value by value, without building a tree, so a
 * profile costs its bytes and what the loader keeps of it.
 *
 *	json_init(&j, buf, len);
 *	if (json_object(&j) == 1)
 *		while (json_key(&j, &k, &kn) == 1)
 *			if (json_key_is(k, kn, "samples"))
 *				read the array with json_array()/json_item();
 *			else
 *				json_skip(&j);
 *
 * Every call returns 1 (done, or one more member/element), 0 (the end of
 * an object or array) or -1 (an error: the first error is kept with its
 * byte offset, json_error() says it, and every later call returns -1).
 * Nesting is bounded (JSON_MAX_DEPTH), so hostile input costs no stack.
 * Strings are decoded (escapes, surrogate pairs; a lone surrogate becomes
 * U+FFFD; other bytes pass as they are, names are made harmless where they
 * are printed): a string or key stays valid until the next call that reads
 * one.  Numbers are read without the C library, so the locale's decimal
 * point does not matter.
 */
#ifndef TFLAME_UTIL_JSON_H
#define TFLAME_UTIL_JSON_H

#include <stddef.h>
#include <stdint.h>

#define JSON_MAX_DEPTH 512

enum json_type {
	JSON_END = 0,   /* nothing more: end of input, or a closing bracket */
	JSON_OBJECT,
	JSON_ARRAY,
	JSON_STRING,
	JSON_NUMBER,
	JSON_BOOL,
	JSON_NULL,
	JSON_BAD        /* a byte no value starts with */
};

struct json {
	const char *s;
	size_t n, pos;
	int depth;
	unsigned char open[JSON_MAX_DEPTH]; /* '{' or '[' per level */
	unsigned char first[JSON_MAX_DEPTH]; /* no member read yet */
	char *buf;           /* decoded strings */
	size_t bufcap;
	const char *err;     /* the first error, NULL when none */
	size_t err_off;
	/*
	 * Set by the caller: NaN, Infinity and -Infinity are numbers, as
	 * Python's json reads them (bpftrace's JSON was checked with it);
	 * only json_skip() and json_peek() know them.
	 */
	int nonfinite;
};

void json_init(struct json *j, const char *s, size_t n);
void json_free(struct json *j);

/* The type of the next value (after blanks), without reading it. */
enum json_type json_peek(struct json *j);

/* Open an object: 1, or -1 when the next value is not one. */
int json_object(struct json *j);
/* The object's next key (then read or skip its value): 1; 0 at '}'. */
int json_key(struct json *j, const char **key, size_t *len);
/* Open an array: 1, or -1 when the next value is not one. */
int json_array(struct json *j);
/* 1 when the array has one more element (read or skip it); 0 at ']'. */
int json_item(struct json *j);

/* Read a string (decoded; valid until the next string or key). */
int json_string(struct json *j, const char **s, size_t *len);
/*
 * Read a number as a 64-bit integer: an integer literal in range, or
 * (when frac is nonzero) any number, truncated toward zero, that fits.
 */
int json_int(struct json *j, int64_t *v, int frac);
/*
 * Read up to cap more integer elements of the array open innermost (the
 * fast path of timeDeltas and samples): 1 when cap were read and more may
 * follow, 0 when the array closed (*got read before it), -1 on an error.
 */
int json_ints(struct json *j, int64_t *out, size_t cap, size_t *got);
/* Read any number as a double. */
int json_double(struct json *j, double *v);
/* Read true or false. */
int json_bool(struct json *j, int *v);
/* Skip the next value, whatever it is (iterative, checked as it goes). */
int json_skip(struct json *j);
/*
 * Skip an array of numbers at memory speed, nothing decoded: up to its
 * first ']'.  Only for a loader that comes back to it (json_init_at) and
 * reads all of it there, where an element that is not a number is an
 * error, so a string or container inside cannot pass unnoticed.  1 when
 * skipped (*empty: nothing but blanks inside), 0 (nothing read) when the
 * next value is not an array or has no ']' before the end.
 */
int json_skip_numbers(struct json *j, int *empty);
/* 1 when only blanks are left, else -1 ("trailing bytes"). */
int json_done(struct json *j);

/* Record an error at the current offset (a loader's own complaint). */
int json_fail(struct json *j, const char *msg);
/* "byte N: MESSAGE" into buf; "" when there was no error. */
const char *json_error(const struct json *j, char *buf, size_t size);

/*
 * Coming back to a value: json_mark() gives the offset where the next
 * value starts (blanks skipped); json_init_at() makes a reader over the
 * same text (s, n as given to json_init) that reads the one value at that
 * mark, its errors' offsets still those of the whole text.  A loader that
 * meets a value before the one it depends on (speedscope's "profiles"
 * before "shared", a table's "data" before its "schema") skips it and
 * reads it later, or reads two arrays side by side, without keeping
 * either.
 */
size_t json_mark(struct json *j);
void json_init_at(struct json *j, const char *s, size_t n, size_t mark);

/* Code point c (at most U+10FFFF) as UTF-8 in b: its length, 1 to 4. */
size_t json_utf8(uint32_t c, char b[4]);

/* Compare a key with a NUL-terminated literal. */
int json_key_is(const char *key, size_t len, const char *lit);

#endif
