/*
 * The async-profiler loader both ways it reads: as --collapse does (the
 * text kept, through the folded loader) and as the viewer does (module
 * hooks: each type suffix cut and made the frame's module); see
 * fuzz_common.h.  fuzz_memleak.c shares the viewer's way.
 */
#include "config.h"

#include "fuzz_common.h"
#include "fuzz_viewer.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_load_collapse(data, size, FORMAT_ASPROF);
	fuzz_load_viewer(data, size, FORMAT_ASPROF);
	return 0;
}
