/* symbolize.c - names for offsets in binaries on this machine, through
 * libdw's offline Dwfl (see symbolize.h for what is looked up and when).
 *
 * Why libdw and not libelf alone: the symbol table a function's name is in
 * is often not in the binary itself.  Debian strips its binaries and ships
 * the symbols in -dbgsym packages under /usr/lib/debug/.build-id, Fedora
 * puts them in .gnu_debugdata (xz-compressed MiniDebugInfo); Dwfl finds
 * and reads all of these, and picks the best symbol table, where libelf
 * would need that search written here. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "input/symbolize.h"
#include "base/xalloc.h"

#ifdef FT_HAVE_LIBDW
#include <elfutils/libdwfl.h>
#include <gelf.h>
#else
/* Built without libdw: nothing is opened, every binary says so. */
typedef struct Dwfl Dwfl;
typedef struct Dwfl_Module Dwfl_Module;
typedef struct Elf Elf;
typedef uint64_t GElf_Addr;
#endif

/* A function: [lo, lo + size) in the module's addresses (size 0: up to
 * the next one). */
struct symrow { GElf_Addr lo, size; const char *name; };

enum bin_state {
	BIN_OK,         /* the same build: names are looked up */
	BIN_MISSING,    /* no such file here */
	BIN_OTHER,      /* another build */
	BIN_NO_ID,      /* the file has no build id to compare */
	BIN_UNREADABLE, /* not an ELF file libdw can read */
	BIN_NO_LIBDW,   /* flametui was built without libdw */
};

struct bin {
	char *path, *want; /* the profile's path and build id (lower-case hex), or
			    * "bp:" and its breakpad debug id (hex, no dashes) */
	enum bin_state state;
	char have[2 * 64 + 1]; /* the file's build id, for --info */
	Dwfl *dwfl;
	Dwfl_Module *mod;
	Elf *elf;
	GElf_Addr bias;
	struct symrow *rows; /* the functions, by address */
	size_t nrows;
	long asked, named;
};

struct ft_symbolizer {
	struct bin *bins;
	size_t nbins, cbins;
	long asked_no_id;  /* frames whose profile gave no build id */
	long nbins_no_id;
	char **no_id_paths;
	char name[4096]; /* a name without its symbol version */
};

#ifdef FT_HAVE_LIBDW
static const Dwfl_Callbacks offline_callbacks = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
};
#endif

ft_symbolizer *
symbolizer_new(void)
{
	return xcalloc(1, sizeof(ft_symbolizer));
}

void
symbolizer_free(ft_symbolizer *s)
{
	if (s == NULL)
		return;
	for (size_t i = 0; i < s->nbins; i++) {
#ifdef FT_HAVE_LIBDW
		if (s->bins[i].dwfl != NULL)
			dwfl_end(s->bins[i].dwfl);
#endif
		free(s->bins[i].rows);
		free(s->bins[i].path);
		free(s->bins[i].want);
	}
	for (long i = 0; i < s->nbins_no_id; i++)
		free(s->no_id_paths[i]);
	free(s->no_id_paths);
	free(s->bins);
	free(s);
}

/* The build id as lower-case hex digits, or NULL when it has anything
 * else (pprof's Go build ids "abc/def" are not ELF build ids). */
static char *
norm_id(const char *id)
{
	size_t n = strlen(id);
	if (n == 0 || n % 2 != 0 || n > 128)
		return NULL;
	char *h = xmalloc(n + 1);
	for (size_t i = 0; i < n; i++) {
		if (!isxdigit((unsigned char)id[i])) {
			free(h);
			return NULL;
		}
		h[i] = (char)tolower((unsigned char)id[i]);
	}
	h[n] = '\0';
	return h;
}

#ifdef FT_HAVE_LIBDW
static int
row_cmp(const void *a, const void *b)
{
	const struct symrow *x = a, *y = b;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	/* At one address a sized symbol before an unsized one. */
	return (x->size == 0) - (y->size == 0);
}

/* The module's functions, sorted by address, once: libdw's own address
 * lookup (dwfl_module_addrinfo) scans the whole symbol table each time,
 * about 2 ms a frame on libjvm.so. */
static void
load_rows(struct bin *b)
{
	int n = dwfl_module_getsymtab(b->mod);
	if (n <= 0)
		return;
	b->rows = xreallocarray(NULL, (size_t)n, sizeof(struct symrow));
	for (int i = 1; i < n; i++) {
		GElf_Sym sym;
		GElf_Addr addr;
		const char *name = dwfl_module_getsym_info(b->mod, i, &sym, &addr, NULL, NULL, NULL);
		int type = GELF_ST_TYPE(sym.st_info);
		if (name == NULL || *name == '\0' || sym.st_shndx == SHN_UNDEF ||
		    (type != STT_FUNC && type != STT_GNU_IFUNC))
			continue;
		b->rows[b->nrows++] = (struct symrow){.lo = addr, .size = sym.st_size, .name = name};
	}
	qsort(b->rows, b->nrows, sizeof(struct symrow), row_cmp);
}
#endif

static void
open_bin(struct bin *b)
{
	struct stat st;
	if (stat(b->path, &st) != 0 || !S_ISREG(st.st_mode)) {
		b->state = BIN_MISSING;
		return;
	}
#ifndef FT_HAVE_LIBDW
	b->state = BIN_NO_LIBDW;
#else
	b->state = BIN_UNREADABLE;
	b->dwfl = dwfl_begin(&offline_callbacks);
	if (b->dwfl == NULL)
		return;
	b->mod = dwfl_report_offline(b->dwfl, b->path, b->path, -1);
	dwfl_report_end(b->dwfl, NULL, NULL);
	if (b->mod == NULL)
		return;
	const unsigned char *bits;
	GElf_Addr at;
	int n = dwfl_module_build_id(b->mod, &bits, &at);
	if (n <= 0) {
		b->state = BIN_NO_ID;
		return;
	}
	for (int i = 0; i < n && i < 64; i++)
		snprintf(b->have + 2 * i, 3, "%02x", bits[i]);
	if (strncmp(b->want, "bp:", 3) == 0) {
		/* The debug id of an ELF file (breakpad's, samply's): its build
		 * id's first 16 bytes as a GUID (the first three fields
		 * byte-swapped) and age 0. */
		unsigned char g[16] = {0};
		memcpy(g, bits, n < 16 ? (size_t)n : 16);
		static const int order[16] = {3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13,
			14, 15};
		char bp[3 + 33 + 1] = "bp:";
		for (int i = 0; i < 16; i++)
			snprintf(bp + 3 + 2 * i, 3, "%02x", g[order[i]]);
		bp[35] = '0';
		bp[36] = '\0';
		if (strcmp(bp, b->want) != 0) {
			snprintf(b->have, sizeof(b->have), "%s", bp + 3);
			b->state = BIN_OTHER;
			return;
		}
	} else if (strcmp(b->have, b->want) != 0) {
		b->state = BIN_OTHER;
		return;
	}
	b->elf = dwfl_module_getelf(b->mod, &b->bias);
	if (b->elf != NULL) {
		load_rows(b);
		b->state = BIN_OK;
	}
#endif
}

static struct bin *
find_bin(ft_symbolizer *s, const char *path, const char *want)
{
	for (size_t i = s->nbins; i-- > 0;)
		if (strcmp(s->bins[i].path, path) == 0 && strcmp(s->bins[i].want, want) == 0)
			return &s->bins[i];
	if (s->nbins == s->cbins) {
		s->cbins = s->cbins ? 2 * s->cbins : 8;
		s->bins = xreallocarray(s->bins, s->cbins, sizeof(struct bin));
	}
	struct bin *b = &s->bins[s->nbins++];
	*b = (struct bin){.path = xstrdup(path), .want = xstrdup(want)};
	open_bin(b);
	return b;
}

/* The address in the module of file offset off: through the loadable
 * segment holding it. */
#ifdef FT_HAVE_LIBDW
static int
offset_to_addr(const struct bin *b, uint64_t off, GElf_Addr *addr)
{
	size_t nph;
	if (elf_getphdrnum(b->elf, &nph) != 0)
		return -1;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(b->elf, (int)i, &ph) == NULL || ph.p_type != PT_LOAD)
			continue;
		if (off >= ph.p_offset && off - ph.p_offset < ph.p_filesz) {
			*addr = off - ph.p_offset + ph.p_vaddr + b->bias;
			return 0;
		}
	}
	return -1;
}

/* The address in the module of rva, an address relative to the first
 * loadable segment's (samply's relative addresses of ELF files). */
static int
rva_to_addr(const struct bin *b, uint64_t rva, GElf_Addr *addr)
{
	size_t nph;
	if (elf_getphdrnum(b->elf, &nph) != 0)
		return -1;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(b->elf, (int)i, &ph) != NULL && ph.p_type == PT_LOAD) {
			*addr = rva + ph.p_vaddr + b->bias;
			return 0;
		}
	}
	return -1;
}

/* The name of the function holding file offset off (rva: an address
 * relative to the first segment), or NULL. */
static const char *
bin_lookup(const struct bin *b, uint64_t off, int rva)
{
	GElf_Addr addr;
	if ((rva ? rva_to_addr(b, off, &addr) : offset_to_addr(b, off, &addr)) != 0)
		return NULL;
	/* The last function starting at or before addr. */
	size_t lo = 0, hi = b->nrows;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (b->rows[mid].lo <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	/* Among those at that address, the first (sized ones sort first). */
	size_t at = lo - 1;
	while (at > 0 && b->rows[at - 1].lo == b->rows[at].lo)
		at--;
	const struct symrow *r = &b->rows[at];
	if (r->size > 0 && addr - r->lo >= r->size)
		return NULL;
	return *r->name == '@' ? NULL : r->name;
}
#else
static const char *
bin_lookup(const struct bin *b, uint64_t off, int rva)
{
	(void)b;
	(void)off;
	(void)rva;
	return NULL;
}
#endif

static void
note_no_id(ft_symbolizer *s, const char *path)
{
	s->asked_no_id++;
	for (long i = 0; i < s->nbins_no_id; i++)
		if (strcmp(s->no_id_paths[i], path) == 0)
			return;
	if (s->nbins_no_id >= 64)
		return;
	s->no_id_paths = xreallocarray(s->no_id_paths, (size_t)s->nbins_no_id + 1, sizeof(char *));
	s->no_id_paths[s->nbins_no_id++] = xstrdup(path);
}

static const char *
name_at(ft_symbolizer *s, const char *path, const char *build_id, const char *debug_id,
    uint64_t off, int rva)
{
	if (path == NULL || *path == '\0' || path[0] == '[')
		return NULL; /* no file, or a pseudo-mapping ([vdso], [heap]) */
	char *want = build_id != NULL ? norm_id(build_id) : NULL;
	if (want == NULL && debug_id != NULL) {
		char d[40];
		size_t k = 0;
		for (const char *c = debug_id; *c != '\0' && k < sizeof(d) - 1; c++)
			if (*c != '-')
				d[k++] = *c;
		d[k] = '\0';
		char *h = k == 33 ? norm_id(d + 1) : NULL; /* even length for norm_id */
		if (h != NULL && isxdigit((unsigned char)d[0])) {
			want = xmalloc(3 + 34);
			snprintf(want, 3 + 34, "bp:%c%s", tolower((unsigned char)d[0]), h);
		}
		free(h);
	}
	if (want == NULL) {
		note_no_id(s, path);
		return NULL;
	}
	struct bin *b = find_bin(s, path, want);
	free(want);
	b->asked++;
	const char *name = b->state == BIN_OK ? bin_lookup(b, off, rva) : NULL;
	if (name == NULL)
		return NULL;
	b->named++;
	/* A versioned dynamic symbol ("memcpy@@GLIBC_2.14"): the version is
	 * not part of the function's name (perf and pprof drop it too). */
	const char *at = strchr(name, '@');
	if (at == NULL)
		return name;
	size_t n = (size_t)(at - name);
	if (n + 1 > sizeof(s->name))
		n = sizeof(s->name) - 1;
	memcpy(s->name, name, n);
	s->name[n] = '\0';
	return s->name;
}

const char *
symbolizer_name(ft_symbolizer *s, const char *path, const char *build_id, uint64_t off)
{
	return name_at(s, path, build_id, NULL, off, 0);
}

const char *
symbolizer_name_rva(ft_symbolizer *s, const char *path, const char *build_id,
    const char *debug_id, uint64_t rva)
{
	return name_at(s, path, build_id, debug_id, rva, 1);
}

static const char *
state_text(enum bin_state st)
{
	switch (st) {
	case BIN_OK: return "the same build";
	case BIN_MISSING: return "not on this machine";
	case BIN_OTHER: return "another build";
	case BIN_NO_ID: return "the file has no build id";
	case BIN_UNREADABLE: return "not an ELF file libdw can read";
	case BIN_NO_LIBDW: return "flametui was built without libdw (elfutils)";
	}
	return "?";
}

size_t
symbolizer_summary(const ft_symbolizer *s, char *buf, size_t n)
{
	if (n == 0)
		return 0;
	buf[0] = '\0';
	if (s == NULL || (s->nbins == 0 && s->asked_no_id == 0))
		return 0;
	long asked = s->asked_no_id, named = 0, from = 0;
	for (size_t i = 0; i < s->nbins; i++) {
		asked += s->bins[i].asked;
		named += s->bins[i].named;
		from += s->bins[i].named > 0;
	}
	size_t at = 0;
#define PUT(...) do { \
		int k_ = snprintf(buf + at, n - at, __VA_ARGS__); \
		if (k_ < 0 || (size_t)k_ >= n - at) { at = n - 1; goto out; } \
		at += (size_t)k_; \
	} while (0)
	PUT("symbols=%ld of %ld frames without a name named from %ld binar%s on this machine\n",
	    named, asked, from, from == 1 ? "y" : "ies");
	for (size_t i = 0; i < s->nbins; i++) {
		const struct bin *b = &s->bins[i];
		if (b->state == BIN_OK)
			PUT("symbols_from=%s: %ld of %ld (build id %s)\n", b->path, b->named, b->asked,
			    b->want);
		else if (b->state == BIN_OTHER)
			PUT("symbols_not_from=%s: another build (the file's build id %s, the "
			    "profile's %s)\n", b->path, b->have, b->want);
		else
			PUT("symbols_not_from=%s: %s\n", b->path, state_text(b->state));
	}
	for (long i = 0; i < s->nbins_no_id; i++)
		PUT("symbols_not_from=%s: the profile gives no build id\n", s->no_id_paths[i]);
#undef PUT
out:
	return at;
}
