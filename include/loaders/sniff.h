/*
 * Format sniffers used by format_detect().  Each looks at the first bytes of
 * an input (complete != 0 when that is the whole input) and answers 1 (this
 * is my format), 0 (it is not) or -1 (cannot tell yet).
 */
#ifndef TFLAME_LOADERS_SNIFF_H
#define TFLAME_LOADERS_SNIFF_H

#include <stddef.h>

int perf_sniff(const char *buf, size_t len, int complete);
int dtrace_sniff(const char *buf, size_t len, int complete);
int stap_sniff(const char *buf, size_t len, int complete);
/* strong: only the banner or a JSON line, not an "@NAME[" line. */
int bpftrace_sniff(const char *buf, size_t len, int complete, int strong);
int pprof_sniff(const char *buf, size_t len, int complete);

#endif
