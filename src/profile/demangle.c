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

static int
is_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	    c == '_' || c == '$';
}

/* At s[i], the word "operator" followed by an operator's symbols: the
 * length of both ("operator()" 10, "operator<<" 10), else 0.  Its brackets
 * are not brackets. */
static size_t
operator_len(const char *s, size_t n, size_t i)
{
	if (n - i < 9 || memcmp(s + i, "operator", 8) != 0 || (i > 0 && is_ident(s[i - 1])))
		return 0;
	size_t k = i + 8;
	if (n - k >= 2 && (memcmp(s + k, "()", 2) == 0 || memcmp(s + k, "[]", 2) == 0))
		return k + 2 - i;
	/* The longest operator token: "<=>" before "<=" before "<". */
	static const char *const ops[] = {"<=>", "<<=", ">>=", "->*", "<<", ">>", "<=",
	    ">=", "->", "==", "!=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=",
	    "^=", "&=", "|=", "<", ">", "=", "!", "+", "-", "*", "/", "%", "^", "&", "|",
	    "~", ","};
	for (size_t j = 0; j < sizeof(ops) / sizeof(ops[0]); j++) {
		size_t l = strlen(ops[j]);
		if (n - k >= l && memcmp(s + k, ops[j], l) == 0)
			return k + l - i;
	}
	return 8;
}

static int
is_open(char c)
{
	return c == '(' || c == '<' || c == '[' || c == '{';
}

static int
is_close(char c)
{
	return c == ')' || c == '>' || c == ']' || c == '}';
}

size_t
demangle_args_at(const char *s, size_t n)
{
	/* What comes after the list may be anything (" const", a Java
	 * descriptor's "[B)L...;"): what is before it is balanced. */
	int depth = 0;
	for (size_t i = 0; i < n; i++) {
		size_t op = operator_len(s, n, i);
		if (op > 0) {
			i += op;
			if (i < n && s[i] == '(' && depth == 0)
				return i;
			i--;
			continue;
		}
		char c = s[i];
		if (c == '(' && depth == 0 && i > 0 && (is_ident(s[i - 1]) || s[i - 1] == '>'))
			return i;
		if (is_open(c))
			depth++;
		else if (is_close(c) && --depth < 0)
			return n;
	}
	return n;
}

size_t
demangle_shorten(char *s, size_t n)
{
	/* Per open '<': kept (a qualified path "<T as Trait>", "<impl X>")
	 * or dropped (template arguments); depth 64 at most, else as is. */
	unsigned char keep[64];
	int depth = 0, drop = 0; /* drop: how deep inside dropped groups */
	char *o = xmalloc(n + 1);
	size_t len = 0;
	for (size_t i = 0; i < n; i++) {
		size_t op = operator_len(s, n, i);
		if (op > 0) {
			if (drop == 0) {
				memcpy(o + len, s + i, op);
				len += op;
			}
			i += op - 1;
			continue;
		}
		char c = s[i];
		if (c == '<') {
			if (depth == 64)
				goto as_is;
			/* A path starts here: at the start, after "::", after
			 * another path's "<", or after " as "/" for "/"&". */
			int path = drop == 0 && (len == 0 || o[len - 1] == ':' ||
			    o[len - 1] == ' ' || o[len - 1] == '<' || o[len - 1] == '&' ||
			    o[len - 1] == '*');
			if (path && len >= 2 && o[len - 1] == ':' && o[len - 2] == ':' &&
			    i + 1 < n && (s[i + 1] == '(' || s[i + 1] == '\''))
				path = 0; /* "::<()>": a turbofish */
			if (path && len >= 2 && o[len - 1] == ':' && o[len - 2] == ':' &&
			    !(n - i > 5 && memcmp(s + i + 1, "impl ", 5) == 0)) {
				/* "f::<T>": a turbofish unless a path follows
				 * as a component of its own ("::<T as X>::f"). */
				int d = 0, as = 0;
				for (size_t k = i + 1; k < n; k++) {
					if (s[k] == '<')
						d++;
					else if (s[k] == '>' && d-- == 0)
						break;
					else if (d == 0 && n - k > 4 && memcmp(s + k, " as ", 4) == 0)
						as = 1;
				}
				path = as;
			}
			keep[depth++] = (unsigned char)path;
			if (path) {
				o[len++] = c;
			} else {
				if (drop == 0 && len >= 2 && o[len - 1] == ':' && o[len - 2] == ':')
					len -= 2;
				drop++;
			}
			continue;
		}
		if (c == '>') {
			if (depth == 0)
				goto as_is;
			if (keep[--depth]) {
				o[len++] = c;
			} else {
				drop--;
			}
			continue;
		}
		if (drop == 0)
			o[len++] = c;
	}
	if (depth != 0 || len == 0)
		goto as_is;
	/* No empty path component, no leading or trailing "::". */
	for (size_t i = 0; i + 1 < len; i++)
		if (o[i] == ':' && o[i + 1] == ':' &&
		    (i == 0 || i + 2 == len || o[i - 1] == ':' ||
		    (i + 2 < len && o[i + 2] == ':')))
			goto as_is;
	memcpy(s, o, len);
	free(o);
	return len;
as_is:
	free(o);
	return n;
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
		dl = demangle_shorten(d, dl);
	char *out = xmalloc(b + dl + (n - e) + 1);
	memcpy(out, s, b);
	memcpy(out + b, d, dl);
	memcpy(out + b + dl, s + e, n - e);
	out[b + dl + (n - e)] = '\0';
	free(d);
	*len = b + dl + (n - e);
	return out;
}
