/* fuzz_ghcprof.c - libFuzzer harness for the GHC profiling report loader (load_ghcprof.c) (see fuzz_common.h). */
#include "fuzz_common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_load(data, size, FT_FMT_GHCPROF, 0);
}
