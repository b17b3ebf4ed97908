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

/* "full", "short", "none"; demangle_parse returns -1 for anything else. */
const char *demangle_mode_name(int mode);
int demangle_parse(const char *s);

/* Does s[0..n) look mangled (worth a demangle_name call)? */
int demangle_candidate(const char *s, size_t n);

/* The demangled form of s[0..n) in mode, malloc'd, with *len; NULL when s
 * is not a mangled name (or mode is none). */
char *demangle_name(const char *s, size_t n, int mode, size_t *len);

#endif
