/*
 * Allocation wrappers: never return NULL, refuse overflowing sizes.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/fatal.h"
#include "util/xalloc.h"

void *
xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (p == NULL)
		fatal("out of memory allocating %zu bytes", size);
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p;

	if (nmemb == 0 || size == 0)
		nmemb = size = 1;
	p = calloc(nmemb, size);
	if (p == NULL)
		fatal("out of memory allocating %zu x %zu bytes", nmemb, size);
	return p;
}

void *
xreallocarray(void *ptr, size_t nmemb, size_t size)
{
	void *p;

	if (size != 0 && nmemb > SIZE_MAX / size)
		fatal("allocation size overflow (%zu x %zu bytes)", nmemb, size);
	p = realloc(ptr, nmemb != 0 && size != 0 ? nmemb * size : 1);
	if (p == NULL)
		fatal("out of memory allocating %zu x %zu bytes", nmemb, size);
	return p;
}

char *
xstrdup(const char *s)
{
	return xmemdup(s, strlen(s));
}

char *
xmemdup(const void *p, size_t len)
{
	char *d = xmalloc(len + 1);

	memcpy(d, p, len);
	d[len] = '\0';
	return d;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	int n;
	char *s;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		fatal("bad format string");
	s = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

void
xgrow_slow(void **ptr, size_t *cap, size_t need, size_t elem)
{
	size_t n = *cap ? *cap : 16;

	if (need <= *cap)
		return;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			fatal("allocation size overflow");
		n *= 2;
	}
	*ptr = xreallocarray(*ptr, n, elem);
	*cap = n;
}
