/*
 * Small compiler helpers shared by every layer.
 */
#ifndef TFLAME_UTIL_MACROS_H
#define TFLAME_UTIL_MACROS_H

#if defined(__GNUC__) || defined(__clang__)
#define ATTR_NORETURN __attribute__((noreturn))
#define ATTR_FORMAT(f, a) __attribute__((format(printf, f, a)))
#define ATTR_MALLOC __attribute__((malloc))
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
/* Ask for the cache line at p, to be read soon; a hint only. */
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define ATTR_NORETURN
#define ATTR_FORMAT(f, a)
#define ATTR_MALLOC
#define LIKELY(x) (x)
#define UNLIKELY(x) (x)
#define PREFETCH(p) ((void)(p))
#endif

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define TF_MIN(a, b) ((a) < (b) ? (a) : (b))
#define TF_MAX(a, b) ((a) > (b) ? (a) : (b))

#endif
