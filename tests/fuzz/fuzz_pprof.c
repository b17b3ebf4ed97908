/* fuzz_pprof.c - libFuzzer harness for the pprof loader: any bytes, through
 * the memory source (gzip sniffed as for files), must load or fail with a
 * message; never crash, hang or leak.  Build and run: make fuzz,
 * tests/fuzz/run.sh SECONDS. */
#include <stddef.h>
#include <stdint.h>

#include "load.h"
#include "source.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	ft_source *s = source_open_mem(data, size, "fuzz");
	ft_load_opts o = {0};
	o.lines = (int)(size & 1); /* both frame naming paths */
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_source(s, FT_FMT_PPROF, NULL, &o, &rep, &err);
	if (p != NULL) {
		/* Touch the result: totals are consistent with the root. */
		if (p->nnodes == 0 || p->nodes[0].parent != FT_NONE)
			__builtin_trap();
		profile_free(p);
	}
	source_close(s);
	return 0;
}
