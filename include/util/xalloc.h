/*
 * Allocation wrappers that never return NULL.  On failure they call fatal(),
 * which restores the terminal (through the hook registered with
 * fatal_set_cleanup) before printing and exiting, so call sites never test
 * for NULL.  Sizes are checked for multiplication overflow.
 */
#ifndef TFLAME_UTIL_XALLOC_H
#define TFLAME_UTIL_XALLOC_H

#include <stddef.h>

#include "util/macros.h"

void *xmalloc(size_t size) ATTR_MALLOC;
void *xcalloc(size_t nmemb, size_t size) ATTR_MALLOC;
void *xreallocarray(void *ptr, size_t nmemb, size_t size);
char *xstrdup(const char *s) ATTR_MALLOC;
char *xmemdup(const void *p, size_t len) ATTR_MALLOC;
char *xasprintf(const char *fmt, ...) ATTR_FORMAT(1, 2) ATTR_MALLOC;

/* Grow *cap (doubling, at least to need) and realloc *ptr of elements of size elem. */
void xgrow_slow(void **ptr, size_t *cap, size_t need, size_t elem);

/* The common case, that there is room, costs a compare where it is used. */
static inline void
xgrow(void **ptr, size_t *cap, size_t need, size_t elem)
{
	if (need > *cap)
		xgrow_slow(ptr, cap, need, elem);
}

#endif
