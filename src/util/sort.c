/*
 * Stable bottom-up merge sorts: of uint32_t ids, and of ids by 64-bit keys.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "util/sort.h"
#include "util/xalloc.h"

void
sort_u32(uint32_t *a, size_t n, sort_u32_cmp cmp, void *ctx)
{
	uint32_t *tmp, *src, *dst, *t;
	size_t width, lo, mid, hi, i, j, k;

	if (n < 2)
		return;
	/* Insertion-sort runs of 8 first: cheaper than merging tiny runs. */
	for (lo = 0; lo < n; lo += 8) {
		hi = lo + 8 < n ? lo + 8 : n;
		for (i = lo + 1; i < hi; i++) {
			uint32_t v = a[i];

			for (j = i; j > lo && cmp(a[j - 1], v, ctx) > 0; j--)
				a[j] = a[j - 1];
			a[j] = v;
		}
	}
	if (n <= 8)
		return;
	tmp = xreallocarray(NULL, n, sizeof *tmp);
	src = a;
	dst = tmp;
	for (width = 8; width < n; width *= 2) {
		for (lo = 0; lo < n; lo += 2 * width) {
			mid = lo + width < n ? lo + width : n;
			hi = lo + 2 * width < n ? lo + 2 * width : n;
			i = lo;
			j = mid;
			k = lo;
			while (i < mid && j < hi)
				dst[k++] = cmp(src[j], src[i], ctx) < 0 ?
				    src[j++] : src[i++];
			while (i < mid)
				dst[k++] = src[i++];
			while (j < hi)
				dst[k++] = src[j++];
		}
		t = src;
		src = dst;
		dst = t;
	}
	if (src != a)
		memcpy(a, src, n * sizeof *a);
	free(tmp);
}

void
sort_key64(uint64_t *key, uint32_t *val, size_t n)
{
	uint64_t *tk, *sk, *dk, *xk, k;
	uint32_t *tv, *sv, *dv, *xv, v;
	size_t width, lo, mid, hi, i, j, o;

	/* Insertion-sort runs of 8, then merge them bottom-up. */
	for (lo = 0; lo < n; lo += 8) {
		hi = lo + 8 < n ? lo + 8 : n;
		for (i = lo + 1; i < hi; i++) {
			k = key[i];
			v = val[i];
			for (j = i; j > lo && key[j - 1] > k; j--) {
				key[j] = key[j - 1];
				val[j] = val[j - 1];
			}
			key[j] = k;
			val[j] = v;
		}
	}
	if (n <= 8)
		return;
	tk = xreallocarray(NULL, n, sizeof *tk);
	tv = xreallocarray(NULL, n, sizeof *tv);
	sk = key, sv = val, dk = tk, dv = tv;
	for (width = 8; width < n; width *= 2) {
		for (lo = 0; lo < n; lo += 2 * width) {
			mid = lo + width < n ? lo + width : n;
			hi = lo + 2 * width < n ? lo + 2 * width : n;
			for (i = lo, j = mid, o = lo; i < mid && j < hi; o++) {
				if (sk[j] < sk[i]) {
					dk[o] = sk[j];
					dv[o] = sv[j++];
				} else {
					dk[o] = sk[i];
					dv[o] = sv[i++];
				}
			}
			for (; i < mid; i++, o++) {
				dk[o] = sk[i];
				dv[o] = sv[i];
			}
			for (; j < hi; j++, o++) {
				dk[o] = sk[j];
				dv[o] = sv[j];
			}
		}
		xk = sk, sk = dk, dk = xk;
		xv = sv, sv = dv, dv = xv;
	}
	if (sk != key) {
		memcpy(key, sk, n * sizeof *key);
		memcpy(val, sv, n * sizeof *val);
	}
	free(tk);
	free(tv);
}
