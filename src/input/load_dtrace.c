/* load_dtrace.c - DTrace aggregations keyed by ustack() / stack() / jstack(),
 * as `dtrace -n 'profile-997 { @[ustack()] = count(); }'` prints them:
 *
 *     CPU     ID                    FUNCTION:NAME     (header, skipped)
 *       0  64091                        :tick-60s
 *
 *                   libc.so.1`_lwp_start              leaf first
 *                   genunix`kmem_cache_free+0xce
 *                   0x104d08831
 *                     17                              the count
 *
 * Folded as FlameGraph's stackcollapse.pl folds it: the "+offset" is cut
 * at the last '+', C++ argument and template lists are cut at the first
 * '(' or '<' after the second byte, an empty frame becomes "-", the module
 * prefix ("genunix`") is kept, frames reversed to root first and identical
 * stacks summed.  One difference: stackcollapse.pl skips exactly three
 * header lines; here the lines before the first blank line are skipped
 * when the first line is not indented (frames and counts always are), so
 * `dtrace -q` output without a header loses nothing.  Counts are whatever
 * the aggregation summed (count(), sum(), ...): --unit declares the unit.
 */
#include <string.h>

#include "input/load_blocks.h"

static int
dtrace_frame(const char *s, size_t n, char *buf, ft_block_frame *f)
{
	(void)buf;
	size_t len = block_strip_offset(s, n);
	for (size_t i = 2; i < len; i++) {
		if (s[i] == '(' || s[i] == '<') {
			len = i;
			break;
		}
	}
	f->name = len > 0 ? s : "-";
	f->len = len > 0 ? len : 1;
	f->kind = FT_KIND_NONE;
	return 0;
}

static const ft_block_format dtrace_format = {
	"dtrace", "DTrace stack", dtrace_frame, 1,
};

ft_profile *
load_dtrace(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	return load_blocks(src, &dtrace_format, names, o, rep, err);
}
