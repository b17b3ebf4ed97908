/* fuzz_jfr.c - libFuzzer harness for the JFR loader (see fuzz_common.h). */
#include "fuzz_common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_load(data, size, FT_FMT_JFR, (int)(size & 1) /* both frame naming paths */);
}
