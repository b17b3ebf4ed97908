/* demangle.c - symbol demangling through libiberty (see demangle.h).
 *
 * libiberty's callback entry points write the demangled name in pieces
 * and allocate nothing themselves (their state is on the stack), so a name
 * whose output passes DEMANGLE_MAX_OUT is abandoned with longjmp from the
 * callback: a few hundred bytes of substitutions can otherwise demangle to
 * gigabytes (issue 24 item 14).
 */
#include "profile/demangle.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/demangle.h>

#include "base/xalloc.h"

static unsigned long gave_up; /* names kept mangled: output too long */

unsigned long
demangle_gave_up(void)
{
	return __atomic_load_n(&gave_up, __ATOMIC_RELAXED);
}

static const char *const mode_names[FT_DEMANGLES] = {"full", "short", "none"};

const char *
demangle_mode_name(int mode)
{
	return mode >= 0 && mode < FT_DEMANGLES ? mode_names[mode] : "?";
}

int
demangle_parse(const char *s)
{
	for (int m = 0; m < FT_DEMANGLES; m++)
		if (strcmp(s, mode_names[m]) == 0)
			return m;
	return -1;
}

/* Where the symbol starts: after a DTrace "module`" prefix. */
static size_t
symbol_start(const char *s, size_t n)
{
	for (size_t i = n; i-- > 0;)
		if (s[i] == '`')
			return i + 1;
	return 0;
}

int
demangle_candidate(const char *s, size_t n)
{
	size_t b = symbol_start(s, n);
	return n - b >= 3 && s[b] == '_' && (s[b + 1] == 'Z' || s[b + 1] == 'R');
}

/* Is "operator" right before position i of s (operator<, operator<<)? */
static int
after_operator(const char *s, size_t i)
{
	return i >= 8 && memcmp(s + i - 8, "operator", 8) == 0;
}

/* Drop every balanced <...> group (template arguments) from s in place,
 * keeping the angle brackets of operator<, operator<<, operator<=> and
 * operator->. */
static size_t
drop_templates(char *s, size_t n)
{
	size_t o = 0;
	int depth = 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '<' && depth == 0 && (after_operator(s, i) ||
		    (i > 0 && s[i - 1] == '<' && after_operator(s, i - 1)))) {
			s[o++] = c;
			continue;
		}
		if (c == '<') {
			depth++;
			continue;
		}
		if (c == '>' && depth > 0) {
			depth--;
			continue;
		}
		if (depth == 0)
			s[o++] = c;
	}
	return o;
}

/* The demangled text so far; over: where the callback jumps past the
 * bound. */
struct dout {
	char *b;
	size_t n, cap;
	jmp_buf over;
};

static void
dout_put(const char *s, size_t n, void *opaque)
{
	struct dout *o = opaque;
	if (n > DEMANGLE_MAX_OUT - o->n)
		longjmp(o->over, 1);
	if (o->n + n + 1 > o->cap) {
		o->cap = grow_cap(o->cap, o->n + n + 1, 256);
		o->b = xrealloc(o->b, o->cap);
	}
	memcpy(o->b + o->n, s, n);
	o->n += n;
	o->b[o->n] = '\0';
}

/* cplus_demangle's order for "_Z" and "_R" names (Rust legacy and v0
 * first, then Itanium C++), through the callbacks: the text malloc'd,
 * NULL when not mangled or when longer than DEMANGLE_MAX_OUT. */
static char *
demangle_bounded(const char *sym, int opts)
{
	/* On the heap: the pointer does not change after setjmp, and what it
	 * points to is memory the jump leaves as the callback wrote it. */
	struct dout *o = xcalloc(1, sizeof(*o));
	char *text = NULL;
	if (setjmp(o->over) != 0) {
		__atomic_fetch_add(&gave_up, 1, __ATOMIC_RELAXED);
	} else if (rust_demangle_callback(sym, opts, dout_put, o) ||
	    (o->n = 0, cplus_demangle_v3_callback(sym, opts, dout_put, o))) {
		text = o->b; /* o->n = 0 dropped a partial Rust attempt */
		o->b = NULL;
	}
	free(o->b);
	free(o);
	return text;
}

char *
demangle_name(const char *s, size_t n, int mode, size_t *len)
{
	if (mode == FT_DEMANGLE_NONE || !demangle_candidate(s, n))
		return NULL;
	size_t b = symbol_start(s, n);
	/* A mangled symbol has no space: what follows one (pprof --lines'
	 * " FILE:LINE") is kept as it is. */
	const char *sp = memchr(s + b, ' ', n - b);
	size_t e = sp != NULL ? (size_t)(sp - s) : n;
	char *sym = xstrndup(s + b, e - b);
	int opts = DMGL_ANSI | (mode == FT_DEMANGLE_FULL ? DMGL_PARAMS : 0);
	char *d = demangle_bounded(sym, opts);
	free(sym);
	if (d == NULL)
		return NULL;
	size_t dl = strlen(d);
	if (mode == FT_DEMANGLE_SHORT)
		dl = drop_templates(d, dl);
	char *out = xmalloc(b + dl + (n - e) + 1);
	memcpy(out, s, b);
	memcpy(out + b, d, dl);
	memcpy(out + b + dl, s + e, n - e);
	out[b + dl + (n - e)] = '\0';
	free(d);
	*len = b + dl + (n - e);
	return out;
}
