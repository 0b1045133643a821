/*
 * Sample counts: exact 64-bit integers with an optional fraction.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "model/count.h"

int
count_parse(const char *s, size_t len, struct tf_count *out)
{
	uint64_t n = 0;
	double frac = 0.0, scale = 0.1;
	size_t i = 0;
	int over = 0;

	if (len == 0 || s[0] < '0' || s[0] > '9')
		return 0;
	for (; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
		unsigned d = (unsigned)(s[i] - '0');

		if (n > (UINT64_MAX - d) / 10)
			over = 1;
		else
			n = n * 10 + d;
	}
	if (i < len) {
		if (s[i] != '.')
			return 0;
		for (i++; i < len; i++) {
			if (s[i] < '0' || s[i] > '9')
				return 0;
			frac += (s[i] - '0') * scale;
			scale /= 10;
		}
		/*
		 * Enough 9s round the sum up to 1.0: carry it, so that
		 * 0 <= frac < 1 holds as it does after count_add().
		 */
		if (frac >= 1.0) {
			frac -= 1.0;
			if (n == UINT64_MAX)
				over = 1;
			else
				n++;
		}
	}
	if (over)
		return -1;
	out->n = n;
	out->frac = frac;
	return 1;
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
	char tmp[20];
	size_t k = 0, i;
	uint64_t v = c.n;
	int n;

	if (c.frac == 0.0) {
		/* Whole counts are most of --collapse's output: no printf. */
		do {
			tmp[k++] = (char)('0' + v % 10);
			v /= 10;
		} while (v != 0);
		for (i = 0; i < k; i++)
			buf[i] = tmp[k - 1 - i];
		buf[k] = '\0';
		return k;
	}
	n = snprintf(buf, COUNT_BUFSZ, "%.15g", count_value(c));
	return n < 0 ? 0 : (size_t)n;
}
