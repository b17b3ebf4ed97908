/* demangle.h - C++ and Rust symbol names made readable, by libiberty's
 * demangler (the one GNU binutils, gdb and perf use); the only file that
 * includes it.
 *
 *   full   libiberty's output with argument lists:
 *          "std::vector<int, std::allocator<int> >::push_back(int const&)"
 *   short  argument lists and template arguments dropped, as pprof shows
 *          names by default: "std::vector::push_back"
 *   none   names as the profile has them
 *
 * Only mangled names change (Itanium C++ "_Z...", Rust legacy "_ZN...17h
 * <hash>E" and v0 "_R..."); a DTrace "module`_Z..." keeps its module.
 *
 * A name whose demangled text would pass DEMANGLE_MAX_OUT bytes (a few
 * hundred bytes of nested substitutions can make gigabytes) is kept
 * mangled: demangling gives up at the bound, so the work per name is
 * bounded too, and demangle_gave_up() counts such names for a warning.
 */
#ifndef FT_DEMANGLE_H
#define FT_DEMANGLE_H

#include <stddef.h>

enum ft_demangle {
	FT_DEMANGLE_FULL = 0,
	FT_DEMANGLE_SHORT,
	FT_DEMANGLE_NONE,
	FT_DEMANGLES
};

#define DEMANGLE_MAX_OUT ((size_t)1 << 18) /* 256 KiB of demangled text */

/* How many names were kept mangled because their demangled text passes
 * DEMANGLE_MAX_OUT (in this process, every thread). */
unsigned long demangle_gave_up(void);

/* "full", "short", "none"; demangle_parse returns -1 for anything else. */
const char *demangle_mode_name(int mode);
int demangle_parse(const char *s);

/* Does s[0..n) look mangled (worth a demangle_name call)? */
int demangle_candidate(const char *s, size_t n);

/* Where the argument list of the demangled C++ name s[0..n) starts: the
 * first '(' at bracket depth 0 ((), <>, [], {}) right after a name
 * ("f(int)", "f<int>(int)", "operator()(int)"); n if there is none.  Not
 * "(anonymous namespace)", a Go receiver ("main.(*T).f"), a py-spy
 * "name (file:line)" nor "(unknown)"; "std::function<void (int)>" has its
 * '(' inside template arguments.  A '(' inside brackets left open
 * ("a<b(int)", a name cut short) is no argument list: n (nothing is cut
 * when in doubt). */
size_t demangle_args_at(const char *s, size_t n);

/* Short form of a demangled name without argument lists, in place (see
 * above): template and generic arguments dropped, but a qualified path's
 * self type kept ("<alloc::vec::Vec<f64> as core::ops::Index<usize>>::
 * index" -> "<alloc::vec::Vec as core::ops::Index>::index"), a turbofish
 * dropped with its "::" ("lang_start::<()>" -> "lang_start"), operator
 * names kept whole.  Returns the new length; when the result would have
 * an empty path component or unbalanced brackets, s is left as it is and
 * n returned. */
size_t demangle_shorten(char *s, size_t n);

/* The demangled form of s[0..n) in mode, malloc'd, with *len; NULL when s
 * is not a mangled name (or mode is none). */
char *demangle_name(const char *s, size_t n, int mode, size_t *len);

#endif
