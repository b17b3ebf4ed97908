/* fuzz_firefox.c - libFuzzer harness for the Firefox Profiler loader
 * (processed and gecko profiles; see fuzz_common.h). */
#include "fuzz_common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_load(data, size, FT_FMT_FIREFOX, 0);
}
