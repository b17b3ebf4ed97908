/* fuzz_folded.c - libFuzzer harness for the folded loader (see fuzz_common.h). */
#include "fuzz_common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_load(data, size, FT_FMT_FOLDED, 0);
	/* Demangled while reading = demangled afterwards. */
	return fuzz_load_demangled(data, size, FT_FMT_FOLDED, 0);
}
