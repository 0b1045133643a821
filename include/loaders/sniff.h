/*
 * Format sniffers.  Each looks at the first bytes of an input (complete !=
 * 0 when that is the whole input) and answers 1 (this is my format), 0 (it
 * is not) or -1 (cannot tell yet); its format's row (struct format,
 * loaders/loader.h) turns the answer into a score for format_detect().
 */
#ifndef TFLAME_LOADERS_SNIFF_H
#define TFLAME_LOADERS_SNIFF_H

#include <stddef.h>

int perf_sniff(const char *buf, size_t len, int complete);
int dtrace_sniff(const char *buf, size_t len, int complete);
int stap_sniff(const char *buf, size_t len, int complete);
/* 2: the banner or a JSON line; 1: an "@NAME[" line. */
int bpftrace_sniff(const char *buf, size_t len, int complete);
int pprof_sniff(const char *buf, size_t len, int complete);

#endif
