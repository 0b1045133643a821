/*
 * The bcc memleak loader: as --collapse reads it, and as the viewer does
 * (frame modules, each block's allocations as its sample records); see
 * fuzz_common.h and fuzz_viewer.h.
 */
#include "config.h"

#include "fuzz_common.h"
#include "fuzz_viewer.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_load_collapse(data, size, FORMAT_MEMLEAK);
	fuzz_load_viewer(data, size, FORMAT_MEMLEAK);
	return 0;
}
