/* symbolize.h - names for addresses in binaries on this machine.
 *
 * A profile that gives a frame only as an offset in a binary (pprof's
 * Locations without Lines, as Parca and perf-to-pprof converters write
 * them) gets the function's name from that binary's symbol table, through
 * libdw (elfutils): the binary's .symtab or .dynsym, its MiniDebugInfo
 * (.gnu_debugdata), or a separate debug file found by build id or
 * debuglink (/usr/lib/debug, Debian's -dbgsym packages).
 *
 * Only the same build: the profile must state the binary's build id and
 * the file at that path must have that build id.  A profile recorded on
 * another machine, or a binary rebuilt since, never gets names from a
 * different binary of the same path.  Without a build id nothing is
 * looked up.  Each binary is opened once; what happened to each is kept
 * for --info. */
#ifndef FT_SYMBOLIZE_H
#define FT_SYMBOLIZE_H

#include <stddef.h>
#include <stdint.h>

typedef struct ft_symbolizer ft_symbolizer;

ft_symbolizer *symbolizer_new(void);
void symbolizer_free(ft_symbolizer *s);

/* The name (as in the symbol table: still mangled) of the function at file
 * offset OFF of the binary at PATH whose build id is BUILD_ID (hex digits,
 * any case), or NULL: no such file, another build, no build id given, no
 * symbol there.  The name is valid until the next call. */
const char *symbolizer_name(ft_symbolizer *s, const char *path, const char *build_id,
    uint64_t off);

/* The same for an address relative to the binary's first loadable segment
 * (the Firefox Profiler's and samply's frame addresses), the build named by
 * BUILD_ID (the GNU build id: a codeId) or, when that is NULL, by DEBUG_ID
 * (a breakpad debug id: the build id's first 16 bytes as a GUID, age 0). */
const char *symbolizer_name_rva(ft_symbolizer *s, const char *path, const char *build_id,
    const char *debug_id, uint64_t rva);

/* What was looked up, for --info: "symbols=N of M frames named from K
 * binaries" and a line per binary that gave none and why ("FILE: not on
 * this machine", "FILE: another build (build id X, the profile's Y)").
 * Writes at most n bytes (NUL included) to buf; nothing when nothing was
 * asked.  Returns the length written. */
size_t symbolizer_summary(const ft_symbolizer *s, char *buf, size_t n);

#endif
