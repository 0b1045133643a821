/*
 * The JSON pull reader (util/json.h): RFC 8259 values read in place from a
 * buffer, containers as a bounded stack of open brackets.
 */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/json.h"
#include "util/xalloc.h"

void
json_init(struct json *j, const char *s, size_t n)
{
	memset(j, 0, sizeof *j);
	j->s = s;
	j->n = n;
}

void
json_free(struct json *j)
{
	free(j->buf);
	j->buf = NULL;
	j->bufcap = 0;
}

int
json_fail(struct json *j, const char *msg)
{
	if (j->err == NULL) {
		j->err = msg;
		j->err_off = j->pos;
	}
	return -1;
}

const char *
json_error(const struct json *j, char *buf, size_t size)
{
	if (j->err == NULL) {
		if (size > 0)
			buf[0] = '\0';
	} else {
		snprintf(buf, size, "byte %zu: %s", j->err_off, j->err);
	}
	return buf;
}

int
json_key_is(const char *key, size_t len, const char *lit)
{
	size_t n = strlen(lit);

	return len == n && memcmp(key, lit, n) == 0;
}

/* Skip blanks; the byte there, or -1 at the end of the input. */
static int
blank(struct json *j)
{
	const char *s = j->s;
	size_t i = j->pos, n = j->n;

	while (i < n && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' ||
	    s[i] == '\t'))
		i++;
	j->pos = i;
	return i < n ? (unsigned char)s[i] : -1;
}

enum json_type
json_peek(struct json *j)
{
	int c;

	if (j->err != NULL)
		return JSON_BAD;
	c = blank(j);
	switch (c) {
	case -1:
	case '}':
	case ']':
		return JSON_END;
	case '{':
		return JSON_OBJECT;
	case '[':
		return JSON_ARRAY;
	case '"':
		return JSON_STRING;
	case 't':
	case 'f':
		return JSON_BOOL;
	case 'n':
		return JSON_NULL;
	default:
		return c == '-' || (c >= '0' && c <= '9') ? JSON_NUMBER :
		    JSON_BAD;
	}
}

/* Open a container whose bracket is next. */
static int
open_container(struct json *j, int bracket, const char *what)
{
	if (j->err != NULL)
		return -1;
	if (blank(j) != bracket)
		return json_fail(j, what);
	if (j->depth >= JSON_MAX_DEPTH)
		return json_fail(j, "nested deeper than 512 levels");
	j->open[j->depth] = (unsigned char)bracket;
	j->first[j->depth] = 1;
	j->depth++;
	j->pos++;
	return 1;
}

int
json_object(struct json *j)
{
	return open_container(j, '{', "an object expected");
}

int
json_array(struct json *j)
{
	return open_container(j, '[', "an array expected");
}

/*
 * Before the next member or element of the innermost container: 1 when
 * there is one (the comma consumed), 0 when it closed (popped).
 */
static int
next_in(struct json *j, int bracket)
{
	int c, close = bracket == '{' ? '}' : ']';

	if (j->err != NULL)
		return -1;
	if (j->depth == 0 || j->open[j->depth - 1] != bracket)
		return json_fail(j, bracket == '{' ? "not in an object" :
		    "not in an array");
	c = blank(j);
	if (c == close && j->first[j->depth - 1]) {
		j->pos++;
		j->depth--;
		return 0;
	}
	if (!j->first[j->depth - 1]) {
		if (c == close) {
			j->pos++;
			j->depth--;
			return 0;
		}
		if (c != ',')
			return json_fail(j, c < 0 ? "truncated: the input ends "
			    "inside a value" : bracket == '{' ?
			    "',' or '}' expected" : "',' or ']' expected");
		j->pos++;
		c = blank(j);
	}
	if (c < 0)
		return json_fail(j, "truncated: the input ends inside a value");
	j->first[j->depth - 1] = 0;
	return 1;
}

int
json_item(struct json *j)
{
	int r = next_in(j, '[');

	/* next_in() leaves j->pos on a byte that is not blank. */
	if (r == 1 && (j->s[j->pos] == ']' || j->s[j->pos] == '}'))
		return json_fail(j, "a value expected");
	return r;
}

/* Append bytes to the decode buffer at *len. */
static void
put(struct json *j, size_t *len, const char *b, size_t n)
{
	if (*len + n + 1 > j->bufcap)
		xgrow((void **)&j->buf, &j->bufcap, *len + n + 1, 1);
	memcpy(j->buf + *len, b, n);
	*len += n;
}

size_t
json_utf8(uint32_t c, char b[4])
{
	if (c < 0x80) {
		b[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		b[0] = (char)(0xc0 | (c >> 6));
		b[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		b[0] = (char)(0xe0 | (c >> 12));
		b[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		b[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	b[0] = (char)(0xf0 | (c >> 18));
	b[1] = (char)(0x80 | ((c >> 12) & 0x3f));
	b[2] = (char)(0x80 | ((c >> 6) & 0x3f));
	b[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

static void
put_utf8(struct json *j, size_t *len, uint32_t c)
{
	char b[4];

	put(j, len, b, json_utf8(c, b));
}

/* Four hex digits at i: their value, or -1. */
static long
hex4(const char *s, size_t i, size_t n)
{
	long v = 0;
	size_t k;

	if (n - i < 4)
		return -1;
	for (k = i; k < i + 4; k++) {
		int c = (unsigned char)s[k], d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			d = (c | 0x20) - 'a' + 10;
		else
			return -1;
		v = v * 16 + d;
	}
	return v;
}

/* Decode the escape at j->pos (after the backslash) into the buffer. */
static int
escape(struct json *j, size_t *len)
{
	const char *s = j->s;
	long u, lo;
	char c;

	if (j->pos >= j->n)
		return json_fail(j, "truncated: the input ends inside a string");
	switch (s[j->pos]) {
	case '"': c = '"'; break;
	case '\\': c = '\\'; break;
	case '/': c = '/'; break;
	case 'b': c = '\b'; break;
	case 'f': c = '\f'; break;
	case 'n': c = '\n'; break;
	case 'r': c = '\r'; break;
	case 't': c = '\t'; break;
	case 'u':
		if ((u = hex4(s, j->pos + 1, j->n)) < 0)
			return json_fail(j, "a bad \\u escape");
		j->pos += 5;
		if (u >= 0xd800 && u < 0xdc00 && j->n - j->pos >= 6 &&
		    s[j->pos] == '\\' && s[j->pos + 1] == 'u' &&
		    (lo = hex4(s, j->pos + 2, j->n)) >= 0xdc00 && lo < 0xe000) {
			u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
			j->pos += 6;
		} else if (u >= 0xd800 && u < 0xe000) {
			u = 0xfffd;
		}
		put_utf8(j, len, (uint32_t)u);
		return 1;
	default:
		return json_fail(j, "a bad escape in a string");
	}
	put(j, len, &c, 1);
	j->pos++;
	return 1;
}

/*
 * Read the string at j->pos (its quote): out and outlen point into the input
 * when it has no escape, else into the decode buffer; out NULL only scans.
 */
static int
string_at(struct json *j, const char **out, size_t *outlen)
{
	const char *s = j->s;
	size_t i, start, len = 0;
	int copied = 0;

	if (blank(j) != '"')
		return json_fail(j, "a string expected");
	start = i = ++j->pos;
	for (;;) {
		unsigned char c;

		while (i < j->n && (c = (unsigned char)s[i]) != '"' &&
		    c != '\\' && c >= 0x20)
			i++;
		if (i >= j->n) {
			j->pos = i;
			return json_fail(j,
			    "truncated: the input ends inside a string");
		}
		c = (unsigned char)s[i];
		if (c < 0x20) {
			j->pos = i;
			return json_fail(j, "a control character in a string");
		}
		if (out != NULL && (copied || c == '\\')) {
			put(j, &len, s + start, i - start);
			copied = 1;
		}
		if (c == '"')
			break;
		j->pos = i + 1;
		if (out != NULL) {
			if (escape(j, &len) < 0)
				return -1;
		} else if (j->pos < j->n && s[j->pos] == 'u') {
			if (hex4(s, j->pos + 1, j->n) < 0)
				return json_fail(j, "a bad \\u escape");
			j->pos += 5;
		} else if (j->pos < j->n && strchr("\"\\/bfnrt",
		    s[j->pos]) != NULL && s[j->pos] != '\0') {
			j->pos++;
		} else {
			return json_fail(j, j->pos >= j->n ? "truncated: the "
			    "input ends inside a string" :
			    "a bad escape in a string");
		}
		start = i = j->pos;
	}
	j->pos = i + 1;
	if (out != NULL) {
		if (copied) {
			j->buf[len] = '\0';
			*out = j->buf;
			*outlen = len;
		} else {
			*out = s + start;
			*outlen = i - start;
		}
	}
	return 1;
}

int
json_key(struct json *j, const char **key, size_t *len)
{
	int r = next_in(j, '{');

	if (r != 1)
		return r;
	if (j->s[j->pos] != '"')
		return json_fail(j, "a key expected");
	if (string_at(j, key, len) < 0)
		return -1;
	if (blank(j) != ':')
		return json_fail(j, blank(j) < 0 ? "truncated: the input "
		    "ends inside a value" : "':' expected");
	j->pos++;
	if (blank(j) < 0)
		return json_fail(j, "truncated: the input ends inside a value");
	return 1;
}

int
json_string(struct json *j, const char **s, size_t *len)
{
	const char *dummy;
	size_t dlen;

	if (j->err != NULL)
		return -1;
	return string_at(j, s != NULL ? s : &dummy, len != NULL ? len : &dlen);
}

/*
 * Scan the number at j->pos: its mantissa's first 19 significant digits,
 * the power of ten to scale them by, and whether it was an integer
 * literal whose digits all fit.
 */
struct num {
	int neg, integer, big;
	uint64_t mant;
	long exp;
};

static int
number_at(struct json *j, struct num *x)
{
	const char *s = j->s;
	size_t i = j->pos, n = j->n;
	int digits = 0;
	long e = 0;

	memset(x, 0, sizeof *x);
	x->integer = 1;
	if (i < n && s[i] == '-') {
		x->neg = 1;
		i++;
	}
	if (i >= n || s[i] < '0' || s[i] > '9')
		return json_fail(j, i >= n ? "truncated: the input ends inside "
		    "a number" : "a number expected");
	if (s[i] == '0') {
		i++;
	} else {
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
			if (digits < 19) {
				x->mant = x->mant * 10 + (uint64_t)(s[i] - '0');
				digits++;
			} else {
				x->exp++;
				x->big = 1;
			}
		}
	}
	if (i < n && s[i] == '.') {
		x->integer = 0;
		i++;
		if (i >= n || s[i] < '0' || s[i] > '9')
			return json_fail(j, "a digit expected after '.'");
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
			if (digits < 19) {
				x->mant = x->mant * 10 + (uint64_t)(s[i] - '0');
				x->exp--;
				digits += x->mant != 0;
			}
		}
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		int eneg = 0;

		x->integer = 0;
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			eneg = s[i++] == '-';
		if (i >= n || s[i] < '0' || s[i] > '9')
			return json_fail(j, "a digit expected in an exponent");
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			if (e < 100000)
				e = e * 10 + (s[i] - '0');
		x->exp += eneg ? -e : e;
	}
	j->pos = i;
	return 1;
}

static double
num_value(const struct num *x)
{
	long double v = (long double)x->mant;
	long e = x->exp;

	if (x->mant == 0)
		return x->neg ? -0.0 : 0.0;
	if (e > 400)
		v = HUGE_VALL;
	else if (e < -400)
		v = 0;
	else if (e > 0)
		v *= powl(10.0L, (long double)e);
	else if (e < 0)
		v /= powl(10.0L, (long double)-e);
	return (double)(x->neg ? -v : v);
}

int
json_int(struct json *j, int64_t *v, int frac)
{
	const char *s = j->s;
	size_t i, st;
	struct num x;
	uint64_t m = 0;
	double d;
	int c;

	if (j->err != NULL)
		return -1;
	/* The common case: an integer of at most 18 digits, which fits. */
	c = blank(j);
	i = j->pos + (c == '-');
	if (i < j->n && s[i] >= '1' && s[i] <= '9') {
		for (st = i; i < j->n && i - st < 18 &&
		    (unsigned)(s[i] - '0') < 10; i++)
			m = m * 10 + (uint64_t)(s[i] - '0');
		if (i >= j->n || (s[i] != '.' && s[i] != 'e' && s[i] != 'E' &&
		    (unsigned)(s[i] - '0') >= 10)) {
			j->pos = i;
			*v = c == '-' ? -(int64_t)m : (int64_t)m;
			return 1;
		}
	}
	if (json_peek(j) != JSON_NUMBER)
		return json_fail(j, "a number expected");
	if (number_at(j, &x) < 0)
		return -1;
	if (x.integer) {
		if (x.big || x.mant > (uint64_t)INT64_MAX + (uint64_t)x.neg)
			return json_fail(j, "a number out of range");
		*v = x.neg ? (int64_t)(0 - x.mant) : (int64_t)x.mant;
		return 1;
	}
	if (!frac)
		return json_fail(j, "an integer expected");
	d = num_value(&x);
	if (!(d > -9.2e18 && d < 9.2e18))
		return json_fail(j, "a number out of range");
	*v = (int64_t)d;
	return 1;
}

int
json_ints(struct json *j, int64_t *out, size_t cap, size_t *got)
{
	const char *s = j->s;
	size_t k = 0, i, st, n = j->n;
	uint64_t m;
	int r, neg;

	*got = 0;
	while (k < cap) {
		/* The common case inline: ",123" with no blanks. */
		i = j->pos;
		if (j->err == NULL && j->depth > 0 && !j->first[j->depth - 1] &&
		    j->open[j->depth - 1] == '[' && i + 1 < n && s[i] == ',') {
			neg = s[i + 1] == '-';
			i += 1 + neg;
			if (i < n && s[i] >= '1' && s[i] <= '9') {
				m = 0;
				for (st = i; i < n && i - st < 18 &&
				    (unsigned)(s[i] - '0') < 10; i++)
					m = m * 10 + (uint64_t)(s[i] - '0');
				if (i < n && (s[i] == ',' || s[i] == ']')) {
					out[k++] = neg ? -(int64_t)m : (int64_t)m;
					j->pos = i;
					continue;
				}
			}
		}
		if ((r = json_item(j)) <= 0) {
			*got = k;
			return r;
		}
		if (json_int(j, &out[k], 0) < 0) {
			*got = k;
			return -1;
		}
		k++;
	}
	*got = k;
	return 1;
}

int
json_double(struct json *j, double *v)
{
	struct num x;

	if (j->err != NULL)
		return -1;
	if (json_peek(j) != JSON_NUMBER)
		return json_fail(j, "a number expected");
	if (number_at(j, &x) < 0)
		return -1;
	*v = num_value(&x);
	return 1;
}

/* The literal lit at j->pos. */
static int
literal(struct json *j, const char *lit)
{
	size_t n = strlen(lit);

	if (j->n - j->pos < n || memcmp(j->s + j->pos, lit, n) != 0)
		return json_fail(j, j->n - j->pos < n &&
		    memcmp(j->s + j->pos, lit, j->n - j->pos) == 0 ?
		    "truncated: the input ends inside a value" :
		    "a bad literal");
	j->pos += n;
	return 1;
}

int
json_bool(struct json *j, int *v)
{
	if (j->err != NULL)
		return -1;
	if (json_peek(j) != JSON_BOOL)
		return json_fail(j, "true or false expected");
	*v = j->s[j->pos] == 't';
	return literal(j, *v ? "true" : "false");
}

/* Read or skip one scalar, or open a container: 1, or -1. */
static int
value_step(struct json *j)
{
	struct num x;

	switch (json_peek(j)) {
	case JSON_OBJECT:
		return json_object(j);
	case JSON_ARRAY:
		return json_array(j);
	case JSON_STRING:
		return string_at(j, NULL, NULL);
	case JSON_NUMBER:
		if (j->nonfinite && j->s[j->pos] == '-' && j->pos + 1 < j->n &&
		    j->s[j->pos + 1] == 'I')
			return literal(j, "-Infinity");
		return number_at(j, &x);
	case JSON_BOOL:
		return literal(j, j->s[j->pos] == 't' ? "true" : "false");
	case JSON_NULL:
		return literal(j, "null");
	case JSON_BAD:
		if (j->nonfinite && j->err == NULL &&
		    (j->s[j->pos] == 'N' || j->s[j->pos] == 'I'))
			return literal(j, j->s[j->pos] == 'N' ? "NaN" :
			    "Infinity");
		return json_fail(j, "a value expected");
	case JSON_END:
		return json_fail(j, j->pos >= j->n ? "truncated: the input "
		    "ends where a value was expected" : "a value expected");
	default:
		return json_fail(j, "a value expected");
	}
}

int
json_skip(struct json *j)
{
	int base = j->depth, r;

	if (j->err != NULL)
		return -1;
	for (;;) {
		if (value_step(j) < 0)
			return -1;
		for (;;) {
			if (j->depth == base)
				return 1;
			r = j->open[j->depth - 1] == '{' ?
			    json_key(j, NULL, NULL) : json_item(j);
			if (r < 0)
				return -1;
			if (r == 1)
				break;
		}
	}
}

int
json_skip_numbers(struct json *j, int *empty)
{
	const char *e;

	if (j->err != NULL || blank(j) != '[')
		return 0;
	e = memchr(j->s + j->pos, ']', j->n - j->pos);
	if (e == NULL)
		return 0;
	j->pos++;
	(void)blank(j); /* stops at the ']' at the latest */
	*empty = j->s + j->pos == e;
	j->pos = (size_t)(e - j->s) + 1;
	return 1;
}

int
json_done(struct json *j)
{
	if (j->err != NULL)
		return -1;
	if (blank(j) >= 0)
		return json_fail(j, "bytes after the end of the document");
	return 1;
}

size_t
json_mark(struct json *j)
{
	if (j->err == NULL)
		(void)blank(j);
	return j->pos;
}

void
json_init_at(struct json *j, const char *s, size_t n, size_t mark)
{
	json_init(j, s, n);
	j->pos = mark <= n ? mark : n;
}
