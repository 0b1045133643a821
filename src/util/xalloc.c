/*
 * Allocation wrappers: never return NULL, refuse overflowing sizes.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __linux__
#include <fcntl.h>
#include <malloc.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "util/fatal.h"
#include "util/xalloc.h"

/*
 * Transparent huge pages for big blocks (a tree's arrays, a profile's
 * buffer).  Linux's default mode, "madvise", gives them only to memory
 * that asks, and a page fault then maps 2 MiB instead of 4 KiB: building
 * the 2.9M-node reverse tree of the bench's 1M-node profile was more than
 * half page faults (and realloc's copies), 450 ms; asked, 165 ms.  A block
 * of HUGE_MIN or more asks as soon as it is allocated, and grows into a
 * new block that has asked before the old contents are copied (realloc
 * would copy first, into small pages).  The cost: up to 2 MiB resident
 * beyond what each such block uses.  Where the mode is "never", or there
 * are no huge pages, blocks are left as malloc makes them.
 */
#define HUGE_MIN ((size_t)4 << 20)
#define HUGE_PAGE ((uintptr_t)2 << 20)

#if defined(__linux__) && defined(MADV_HUGEPAGE)
/* 1 when huge pages can be asked for (read once), else 0. */
static int
huge_ok(void)
{
	static atomic_int ok = -1; /* threads may ask at once: same answer */
	char buf[128];
	ssize_t n;
	int fd, v = atomic_load_explicit(&ok, memory_order_relaxed);

	if (v >= 0)
		return v;
	v = 0;
	fd = open("/sys/kernel/mm/transparent_hugepage/enabled",
	    O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, buf, sizeof buf - 1);
		close(fd);
		if (n > 0) {
			buf[n] = '\0';
			v = strstr(buf, "[never]") == NULL;
		}
	}
	atomic_store_explicit(&ok, v, memory_order_relaxed);
	return v;
}

static void
huge_hint(void *p, size_t size)
{
	uintptr_t a = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	uintptr_t e = ((uintptr_t)p + size) & ~(HUGE_PAGE - 1);

	if (size >= HUGE_MIN && e > a && huge_ok())
		(void)madvise((void *)a, (size_t)(e - a), MADV_HUGEPAGE);
}
#else
static void
huge_hint(void *p, size_t size)
{
	(void)p;
	(void)size;
}
#endif

void *
xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (p == NULL)
		fatal("out of memory allocating %zu bytes", size);
	huge_hint(p, size);
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
	huge_hint(p, nmemb * size);
	return p;
}

void *
xreallocarray(void *ptr, size_t nmemb, size_t size)
{
	void *p;

	if (size != 0 && nmemb > SIZE_MAX / size)
		fatal("allocation size overflow (%zu x %zu bytes)", nmemb, size);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	size_t old = ptr != NULL && nmemb * size >= HUGE_MIN ?
	    malloc_usable_size(ptr) : SIZE_MAX;

	if (old < nmemb * size && huge_ok()) {
		/* grows: into a block that asks first */
		p = xmalloc(nmemb * size);
		memcpy(p, ptr, old);
		free(ptr);
		return p;
	}
#endif
	p = realloc(ptr, nmemb != 0 && size != 0 ? nmemb * size : 1);
	if (p == NULL)
		fatal("out of memory allocating %zu x %zu bytes", nmemb, size);
	huge_hint(p, nmemb * size);
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
