/* fuzz_instruments.c - libFuzzer harness for the Instruments deep copy loader (load_instruments.c) (see fuzz_common.h). */
#include "fuzz_common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_load(data, size, FT_FMT_INSTRUMENTS, 0);
}
