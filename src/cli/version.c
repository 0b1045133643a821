/*
 * tflame --version.  Two lines:
 *
 *	tflame 0.1.0
 *	built with: gzip=yes pcre2-jit=yes static=no simd=sse2
 *
 * gzip and static come from configure, simd from util/scan.h (the SSE2
 * scanners on x86-64 unless configure --disable-simd, the portable ones
 * otherwise); the JIT
 * is asked of the PCRE2 library linked in, which may lack it for the
 * machine (search then interprets patterns, more slowly).
 */
#include "config.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>

#include "cli/version.h"
#include "util/scan.h"

#if defined(HAVE_ZLIB)
#define VERSION_GZIP "yes"
#else
#define VERSION_GZIP "no"
#endif

#if defined(TFLAME_STATIC)
#define VERSION_STATIC "yes"
#else
#define VERSION_STATIC "no"
#endif

#if defined(SCAN_SIMD)
#define VERSION_SIMD "sse2"
#else
#define VERSION_SIMD "portable"
#endif

/* Print the version and the features built in to standard output. */
void
version_print(void)
{
	uint32_t jit = 0;

	if (pcre2_config(PCRE2_CONFIG_JIT, &jit) < 0)
		jit = 0;
	printf("tflame %s\n", PACKAGE_VERSION);
	printf("built with: gzip=%s pcre2-jit=%s static=%s simd=%s\n",
	    VERSION_GZIP, jit ? "yes" : "no", VERSION_STATIC, VERSION_SIMD);
}
