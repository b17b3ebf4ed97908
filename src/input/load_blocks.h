/* load_blocks.h - the shared reader of "frames, then a count" text: the
 * aggregations systemtap (load_stap.c) and DTrace (load_dtrace.c) print.
 *
 *      frame           leaf first, one per line (indented)
 *      frame
 *      COUNT           a line holding only a decimal integer ends the stack
 *
 * Blank lines are skipped (they separate stacks but never end one).  Each
 * format supplies how a frame line becomes a frame name; the reader builds
 * the stack root first, sums counts exactly and reports bad lines as
 * "FILE:LINE: reason: `text`".  A count with no frames before it counts
 * in a frame "[no stack]" (DTrace's stack() sampled in user mode: shown,
 * not hidden as the root's self); frames left without a count at the end of
 * the input are one invalid line (reported, never silently dropped).
 */
#ifndef FT_LOAD_BLOCKS_H
#define FT_LOAD_BLOCKS_H

#include <stddef.h>

#include "input/loader.h"

/* A frame name made by a format's tidy function. */
typedef struct ft_block_frame {
	const char *name; /* may point into the line or into buf */
	size_t len;
	int kind;         /* enum ft_kind */
} ft_block_frame;

typedef struct ft_block_format {
	const char *format;  /* p->format: "stap", "dtrace" */
	const char *what;    /* for messages: "systemtap backtrace" */
	/* Tidy line s[0..n) (blanks trimmed, not a count) into *f; buf has
	 * room for n + 64 bytes.  Returns 0, or -1 when the line is not a
	 * frame of this format (counted as invalid). */
	int (*frame)(const char *s, size_t n, char *buf, ft_block_frame *f);
	/* Lines before the first blank line are a header when the first line
	 * is not indented (DTrace's "CPU ID FUNCTION:NAME"). */
	int header;
} ft_block_format;

/* Load src as fmt describes.  Same contract as the other loaders. */
ft_profile *load_blocks(ft_source *src, const ft_block_format *fmt,
    ft_intern *names, const ft_load_opts *o, ft_load_report *rep, ft_diag *err);

/* Strip from the last '+' on (stackcollapse's offset rule: "f+0x1a/0x30"
 * -> "f"); returns the new length. */
size_t block_strip_offset(const char *s, size_t n);

#endif
