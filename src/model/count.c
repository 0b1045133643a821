/*
 * Sample counts: exact 64-bit integers with an optional fraction.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/count.h"

/* Significant fraction digits kept for strtod (more cannot change a double). */
#define FRAC_DIGITS 800

/*
 * The fraction 0.Z...ZD... of a count: nzero zeros, then the significant
 * digits dig[0..ndig), correctly rounded (strtod on "DIGITSe-K", which has
 * no radix character, so the locale does not matter).
 */
static double
fraction_of(size_t nzero, const char *dig, size_t ndig)
{
	char buf[FRAC_DIGITS + 32];
	size_t k = ndig < FRAC_DIGITS ? ndig : FRAC_DIGITS;

	/* Below the smallest double: 0. */
	if (k == 0 || nzero > 400)
		return 0.0;
	memcpy(buf, dig, k);
	snprintf(buf + k, sizeof buf - k, "e-%zu", nzero + k);
	return strtod(buf, NULL);
}

/*
 * The slow path of count_parse(): a count with a fraction or an exponent.
 * The digits (integer part int_len long, then the fraction) are placed
 * around the decimal point moved by exp.
 */
static int
parse_real(const char *s, size_t int_len, const char *frac, size_t frac_len,
    long exp, struct tf_count *out)
{
	const char *dig[2] = {s, frac};
	size_t len[2] = {int_len, frac_len};
	size_t total = int_len + frac_len, i, j, k, point, nzero;
	char sig[FRAC_DIGITS];
	size_t nsig = 0;
	uint64_t n = 0;
	double f;
	int nonzero = 0;

	for (i = 0; i < 2; i++)
		for (j = 0; j < len[i]; j++)
			if (dig[i][j] != '0')
				nonzero = 1;
	if (!nonzero) {
		*out = COUNT_ZERO;
		return 1;
	}
	/* point: how many of the digits are in front of the point. */
	if (exp > (long)(total + 40))
		return -1;
	if (exp < -(long)(int_len + 400)) {
		*out = COUNT_ZERO;
		return 1;
	}
	point = exp < 0 ? (int_len > (size_t)-exp ? int_len - (size_t)-exp : 0)
	    : int_len + (size_t)exp;
	nzero = exp < 0 && (size_t)-exp > int_len ? (size_t)-exp - int_len : 0;
	/* The integer part: the first `point` digits (0 past the end). */
	for (k = 0; k < point; k++) {
		unsigned d = 0;

		if (k < total)
			d = (unsigned)((k < int_len ? s[k] : frac[k - int_len]) - '0');
		if (n > (UINT64_MAX - d) / 10)
			return -1;
		n = n * 10 + d;
	}
	/* The fraction: leading zeros counted, then the significant digits. */
	for (k = point; k < total; k++) {
		char c = k < int_len ? s[k] : frac[k - int_len];

		if (nsig == 0 && c == '0')
			nzero++;
		else if (nsig < sizeof sig)
			sig[nsig++] = c;
	}
	f = fraction_of(nzero, sig, nsig);
	/* Enough 9s round the fraction up to 1.0: carry it. */
	if (f >= 1.0) {
		f -= 1.0;
		if (n == UINT64_MAX)
			return -1;
		n++;
	}
	out->n = n;
	out->frac = f;
	return 1;
}

int
count_parse(const char *s, size_t len, struct tf_count *out)
{
	uint64_t n = 0;
	size_t i = 0, int_len, frac_at = 0, frac_len = 0;
	long exp = 0;
	int over = 0, neg = 0;

	if (len == 0 || s[0] < '0' || s[0] > '9')
		return 0;
	for (; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
		unsigned d = (unsigned)(s[i] - '0');

		if (n > (UINT64_MAX - d) / 10)
			over = 1;
		else
			n = n * 10 + d;
	}
	if (i == len) {
		/* Whole counts, nearly all of them: no more work. */
		if (over)
			return -1;
		out->n = n;
		out->frac = 0.0;
		return 1;
	}
	int_len = i;
	if (s[i] == '.') {
		frac_at = ++i;
		while (i < len && s[i] >= '0' && s[i] <= '9')
			i++;
		frac_len = i - frac_at;
	}
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		size_t at;

		if (++i < len && (s[i] == '+' || s[i] == '-'))
			neg = s[i++] == '-';
		at = i;
		for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
			if (exp < 1000000000L)
				exp = exp * 10 + (s[i] - '0');
		if (i == at)
			return 0;
		if (neg)
			exp = -exp;
	}
	if (i < len)
		return 0;
	return parse_real(s, int_len, s + frac_at, frac_len, exp, out);
}

int
count_add(struct tf_count *acc, struct tf_count c)
{
	int sat = 0;

	if (acc->n > UINT64_MAX - c.n) {
		acc->n = UINT64_MAX;
		sat = 1;
	} else
		acc->n += c.n;
	if (c.frac != 0.0) {
		acc->frac += c.frac;
		if (acc->frac >= 1.0) {
			double whole = floor(acc->frac);

			acc->frac -= whole;
			if (acc->n > UINT64_MAX - (uint64_t)whole) {
				acc->n = UINT64_MAX;
				sat = 1;
			} else
				acc->n += (uint64_t)whole;
		}
	}
	return sat;
}

double
count_value(struct tf_count c)
{
	return (double)c.n + c.frac;
}

int
count_is_zero(struct tf_count c)
{
	return c.n == 0 && c.frac == 0.0;
}

size_t
count_format(char *buf, struct tf_count c)
{
	char tmp[40], *e;
	size_t k = 0, i, o, nzero, ndig;
	uint64_t v = c.n;
	int prec;
	long ex;

	/* The integer part, exact (most of --collapse's output: no printf). */
	do {
		tmp[k++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	for (i = 0; i < k; i++)
		buf[i] = tmp[k - 1 - i];
	buf[k] = '\0';
	if (!(c.frac > 0.0 && c.frac < 1.0))
		return k;
	/*
	 * The fraction: the fewest significant digits, from 15 up, that read
	 * back as the same double, laid out in plain decimal.
	 */
	for (prec = 15; prec < 17; prec++) {
		snprintf(tmp, sizeof tmp, "%.*e", prec - 1, c.frac);
		if (strtod(tmp, NULL) == c.frac)
			break;
	}
	snprintf(tmp, sizeof tmp, "%.*e", prec - 1, c.frac);
	e = strchr(tmp, 'e');
	ex = strtol(e + 1, NULL, 10);
	/* tmp is "D.DDDDe-X" (or "De-X"): the digits without the point. */
	ndig = 0;
	for (i = 0; tmp + i < e; i++)
		if (tmp[i] >= '0' && tmp[i] <= '9')
			tmp[ndig++] = tmp[i];
	while (ndig > 1 && tmp[ndig - 1] == '0')
		ndig--;
	if (ex >= 0)	/* cannot happen for 0 < frac < 1 */
		return k;
	nzero = (size_t)(-ex - 1);
	o = k;
	buf[o++] = '.';
	for (i = 0; i < nzero; i++)
		buf[o++] = '0';
	memcpy(buf + o, tmp, ndig);
	o += ndig;
	buf[o] = '\0';
	return o;
}
