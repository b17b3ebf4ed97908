/* fuzz_flamebearer.c - libFuzzer harness for the Pyroscope flamebearer
 * loader (see fuzz_common.h). */
#include "fuzz_common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_load(data, size, FT_FMT_FLAMEBEARER, 0);
}
