/*
 * Format detection: format_detect() over the bytes as the reader would
 * peek them, then loader_run() with --format auto, as the command does.
 */
#include "config.h"

#include "fuzz_common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum input_format f;

	f = format_detect((const char *)data,
	    size < READER_PEEK_MAX ? size : READER_PEEK_MAX);
	if (f < FORMAT_AUTO || f > FORMAT_UNKNOWN)
		abort();
	fuzz_load_collapse(data, size, FORMAT_AUTO);
	return 0;
}
