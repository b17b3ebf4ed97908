/* fuzz_stackprof.c - libFuzzer harness for the Ruby stackprof JSON loader (load_stackprof.c) (see fuzz_common.h). */
#include "fuzz_common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_load(data, size, FT_FMT_STACKPROF, 0);
}
