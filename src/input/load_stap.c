/* load_stap.c - systemtap backtraces with counts, as openresty-systemtap-
 * toolkit's sample-bt / sample-bt-off-cpu and any script doing
 * print_ustack(bt) / print_backtrace() then printf("\t%d\n", count) print:
 *
 *      0x400561 : func_c+0x15/0x1b [/home/ya/a.out]
 *      0x7ffff7a2f505 : __libc_start_main+0xf5/0x1c0 [/usr/lib64/libc-2.17.so]
 *      0xffffffff8103ce3b : native_safe_halt+0xb/0x10 [kernel]
 *      0x7f5b5c2d3b45 [/lib64/libc-2.17.so+0x21b45]     (no symbol)
 *          8282
 *
 * Leaf first; folded as FlameGraph's stackcollapse-stap.pl folds it: the
 * address, "+offset/size" and the module are stripped, the frames reversed
 * to root first, identical stacks summed.  Differences, on purpose: a
 * module name holding '+' (libstdc++) does not leave a piece of itself in
 * the frame (stackcollapse-stap.pl cuts at the last '+' of the line); a
 * frame without a symbol is "[module basename]" (as stackcollapse-perf.pl
 * names unknown frames), or the address when there is no module; frames of
 * the kernel and its modules ("[kernel]", "[ext4]") are marked kernel.
 * Counts are samples for sample-bt and microseconds for sample-bt-off-cpu:
 * the file cannot say which, so --unit declares it.
 */
#include <string.h>

#include "input/load_blocks.h"

static int
stap_frame(const char *s, size_t n, char *buf, ft_block_frame *f)
{
	/* The module: the last " [...]" ending the line. */
	const char *mod = NULL;
	size_t mlen = 0;
	size_t body = n;
	if (n > 0 && s[n - 1] == ']') {
		for (size_t i = n - 1; i-- > 0;) {
			if (s[i] == '[' && i > 0 && s[i - 1] == ' ') {
				mod = s + i + 1;
				mlen = n - 1 - (i + 1);
				body = i - 1;
				break;
			}
		}
	}
	if (body < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return -1;
	f->kind = FT_KIND_NONE;
	if (mod != NULL && memchr(mod, '/', mlen) == NULL)
		f->kind = FT_KIND_KERNEL; /* "kernel" or a kernel module */
	const char *colon = NULL;
	for (size_t i = 0; i + 3 <= body; i++) {
		if (s[i] == ' ' && s[i + 1] == ':' && s[i + 2] == ' ') {
			colon = s + i + 3;
			break;
		}
	}
	if (colon != NULL) {
		size_t len = (size_t)(s + body - colon);
		len = block_strip_offset(colon, len);
		f->name = len > 0 ? colon : "-";
		f->len = len > 0 ? len : 1;
		return 0;
	}
	if (mod != NULL) {
		/* "[/lib64/libc-2.17.so+0x21b45]" -> "[libc-2.17.so]" */
		size_t ml = block_strip_offset(mod, mlen);
		size_t b = ml;
		while (b > 0 && mod[b - 1] != '/')
			b--;
		buf[0] = '[';
		memcpy(buf + 1, mod + b, ml - b);
		buf[ml - b + 1] = ']';
		f->name = buf;
		f->len = ml - b + 2;
		return 0;
	}
	size_t a = 0; /* the address alone */
	while (a < body && s[a] != ' ')
		a++;
	f->name = s;
	f->len = a;
	return 0;
}

static const ft_block_format stap_format = {
	"stap", "systemtap backtrace", stap_frame, 0,
};

ft_profile *
load_stap(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	return load_blocks(src, &stap_format, names, o, rep, err);
}
