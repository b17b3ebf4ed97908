/* fuzz_common.h - the body shared by the loader harnesses: any bytes,
 * through the memory source (gzip sniffed as for files), must load or fail
 * with a message; never crash, hang or leak.  Build and run: make fuzz,
 * tests/fuzz/run.sh SECONDS. */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include <string.h>

#include "profile/demangle.h"
#include "input/load.h"
#include "profile/relabel.h"
#include "input/source.h"

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

/* For loaders that demangle while reading (ft_load_opts.dm_load): the
 * bytes loaded as they are and relabelled must give the tree loaded with
 * --demangle short applied while reading, node for node (names compared
 * as text), and the same count of distinct stacks as loaded. */
static inline int
fuzz_load_demangled(const uint8_t *data, size_t size, enum ft_format fmt, int lines)
{
	ft_load_opts o = {0};
	o.lines = lines;
	ft_load_report r0, r1;
	ft_diag err;
	ft_source *s = source_open_mem(data, size, "fuzz");
	ft_profile *raw = load_source(s, fmt, NULL, &o, &r0, &err);
	source_close(s);
	o.dm_load = FT_DEMANGLE_SHORT + 1;
	s = source_open_mem(data, size, "fuzz");
	ft_profile *q = load_source(s, fmt, NULL, &o, &r1, &err);
	source_close(s);
	if ((raw == NULL) != (q == NULL))
		__builtin_trap();
	if (raw == NULL)
		return 0;
	ft_profile *want = profile_relabel(raw, FT_GROUP_THREAD, FT_DEMANGLE_SHORT,
	    FT_SORT_NAME, raw->deftype, &err);
	if (want == NULL || want->nnodes != q->nnodes || want->nvals != q->nvals ||
	    want->max_depth != q->max_depth || r0.stacks != r1.stacks)
		__builtin_trap();
	for (uint32_t n = 0; n < q->nnodes; n++) {
		const ft_node *x = &want->nodes[n], *y = &q->nodes[n];
		if (x->parent != y->parent || x->child != y->child ||
		    x->sibling != y->sibling ||
		    intern_len(want->names, x->name) != intern_len(q->names, y->name) ||
		    memcmp(intern_str(want->names, x->name), intern_str(q->names, y->name),
		    intern_len(q->names, y->name)) != 0 ||
		    intern_kind(want->names, x->name) != intern_kind(q->names, y->name))
			__builtin_trap();
		for (int c = 0; c < q->nvals; c++)
			if (profile_total(want, n, c) != profile_total(q, n, c))
				__builtin_trap();
	}
	if (want != raw)
		profile_free(want);
	profile_free(raw);
	profile_free(q);
	return 0;
}

#endif
