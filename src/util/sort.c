/*
 * Stable bottom-up merge sort of uint32_t ids.
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
