/* The dtrace loader: bytes -> tree -> folded output (see fuzz_common.h). */
#include "config.h"

#include "fuzz_common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_load_collapse(data, size, FORMAT_DTRACE);
	return 0;
}
