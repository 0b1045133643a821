/*
 * Sorting arrays of 32-bit ids with a comparison that needs context (names
 * live in a strtab).  A bottom-up merge sort: no recursion, stable, O(n log n)
 * with n extra words, and the same on every libc.
 */
#ifndef TFLAME_UTIL_SORT_H
#define TFLAME_UTIL_SORT_H

#include <stddef.h>
#include <stdint.h>

typedef int (*sort_u32_cmp)(uint32_t a, uint32_t b, void *ctx);

void sort_u32(uint32_t *a, size_t n, sort_u32_cmp cmp, void *ctx);

#endif
