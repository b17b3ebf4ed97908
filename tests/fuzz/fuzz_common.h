/* fuzz_common.h - the body shared by the loader harnesses: any bytes,
 * through the memory source (gzip sniffed as for files), must load or fail
 * with a message; never crash, hang or leak.  Build and run: make fuzz,
 * tests/fuzz/run.sh SECONDS. */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "load.h"
#include "source.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
fuzz_load(const uint8_t *data, size_t size, enum ft_format fmt, int lines)
{
	ft_source *s = source_open_mem(data, size, "fuzz");
	ft_load_opts o = {0};
	o.lines = lines;
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_source(s, fmt, NULL, &o, &rep, &err);
	if (p != NULL) {
		/* Touch the result: the root is there and has no parent. */
		if (p->nnodes == 0 || p->nodes[0].parent != FT_NONE)
			__builtin_trap();
		profile_free(p);
	}
	source_close(s);
	return 0;
}

#endif
