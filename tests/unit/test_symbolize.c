/* test_symbolize.c - names for file offsets in a binary of this machine
 * (input/symbolize.h), tried on this test program itself: the offset of
 * one of its functions comes from /proc/self/maps and its build id from
 * its own PT_NOTE segment (dl_iterate_phdr), not from libdw.  Then the
 * refusals: another build id, none, no such file, a pseudo-mapping, an
 * offset outside any function; and what --info is told. */
#define _GNU_SOURCE
#include <ctype.h>
#include <link.h>

#include "input/symbolize.h"
#include "unit.h"

__attribute__((noinline)) int symbolize_probe_target(int x);
__attribute__((noinline)) int
symbolize_probe_target(int x)
{
	return x * 3 + 1;
}

static char self_id[129];

/* Where symbolize_probe_target's code is (ISO C has no cast from a function
 * pointer to an object pointer; its bytes are the address). */
static uintptr_t
probe_address(void)
{
	int (*fp)(int) = symbolize_probe_target;
	uintptr_t a;
	memcpy(&a, &fp, sizeof(a));
	return a;
}

static int
find_note(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)size;
	(void)arg;
	if (info->dlpi_name != NULL && info->dlpi_name[0] != '\0')
		return 0; /* the main program only */
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_NOTE)
			continue;
		const unsigned char *d = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
		size_t at = 0;
		while (at + 12 <= ph->p_memsz) {
			uint32_t nsz, dsz, typ;
			memcpy(&nsz, d + at, 4);
			memcpy(&dsz, d + at + 4, 4);
			memcpy(&typ, d + at + 8, 4);
			size_t no = at + 12 + ((nsz + 3) & ~3u);
			if (typ == NT_GNU_BUILD_ID && nsz == 4 && memcmp(d + at + 12, "GNU", 4) == 0 &&
			    dsz <= 64) {
				for (uint32_t k = 0; k < dsz; k++)
					snprintf(self_id + 2 * k, 3, "%02x", d[no + k]);
				return 1;
			}
			at = no + ((dsz + 3) & ~3u);
		}
	}
	return 0;
}

/* This program's path and the file offset of the code at p, from
 * /proc/self/maps. */
static int
self_offset(uintptr_t p, char *path, size_t npath, uint64_t *off)
{
	FILE *f = fopen("/proc/self/maps", "r");
	if (f == NULL)
		return -1;
	char line[4096];
	int found = -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		unsigned long lo, hi, o;
		char perm[8];
		int n = 0;
		if (sscanf(line, "%lx-%lx %7s %lx %*s %*s%n", &lo, &hi, perm, &o, &n) < 4)
			continue;
		if (p < lo || p >= hi)
			continue;
		const char *s = line + n;
		while (*s == ' ')
			s++;
		snprintf(path, npath, "%s", s);
		path[strcspn(path, "\n")] = '\0';
		*off = (uint64_t)(p - lo + o);
		found = 0;
		break;
	}
	fclose(f);
	return found;
}

TEST(names_its_own_function)
{
	char path[4096];
	uint64_t off;
	CHECK(dl_iterate_phdr(find_note, NULL) == 1);
	CHECK(self_offset(probe_address(), path, sizeof(path), &off) == 0);
	CHECK(symbolize_probe_target(1) == 4);
	ft_symbolizer *s = symbolizer_new();
	const char *name = symbolizer_name(s, path, self_id, off);
	CHECK_STR(name != NULL ? name : "(null)", "symbolize_probe_target");
	/* Inside it, a few bytes on: the same function. */
	name = symbolizer_name(s, path, self_id, off + 2);
	CHECK_STR(name != NULL ? name : "(null)", "symbolize_probe_target");
	/* Upper-case hex is the same build id. */
	char up[129];
	for (size_t i = 0; i <= strlen(self_id); i++)
		up[i] = (char)toupper((unsigned char)self_id[i]);
	name = symbolizer_name(s, path, up, off);
	CHECK_STR(name != NULL ? name : "(null)", "symbolize_probe_target");
	char sum[1024];
	symbolizer_summary(s, sum, sizeof(sum));
	CHECK(strstr(sum, "symbols=3 of 3 frames without a name named from 1 binary") == sum);
	CHECK(strstr(sum, "symbols_from=") != NULL);
	symbolizer_free(s);
}

TEST(only_the_same_build)
{
	char path[4096];
	uint64_t off;
	CHECK(dl_iterate_phdr(find_note, NULL) == 1);
	CHECK(self_offset(probe_address(), path, sizeof(path), &off) == 0);
	char other[129];
	snprintf(other, sizeof(other), "%s", self_id);
	other[0] = other[0] == '0' ? '1' : '0';
	ft_symbolizer *s = symbolizer_new();
	CHECK(symbolizer_name(s, path, other, off) == NULL);
	CHECK(symbolizer_name(s, path, NULL, off) == NULL);
	CHECK(symbolizer_name(s, path, "", off) == NULL);
	CHECK(symbolizer_name(s, path, "not-hex/go-build-id", off) == NULL);
	CHECK(symbolizer_name(s, "/nonexistent/flametui-test-binary", self_id, off) == NULL);
	CHECK(symbolizer_name(s, "[vdso]", self_id, off) == NULL);
	/* Far past the file: in no loadable segment. */
	CHECK(symbolizer_name(s, path, self_id, (uint64_t)1 << 40) == NULL);
	char sum[2048];
	symbolizer_summary(s, sum, sizeof(sum));
	CHECK(strstr(sum, "symbols=0 of ") == sum);
	CHECK(strstr(sum, ": another build (the file's build id ") != NULL);
	CHECK(strstr(sum, "/nonexistent/flametui-test-binary: not on this machine") != NULL);
	CHECK(strstr(sum, ": the profile gives no build id") != NULL);
	symbolizer_free(s);
}

TEST(nothing_asked_says_nothing)
{
	ft_symbolizer *s = symbolizer_new();
	char sum[64] = "x";
	CHECK(symbolizer_summary(s, sum, sizeof(sum)) == 0);
	CHECK_STR(sum, "");
	CHECK(symbolizer_summary(NULL, sum, sizeof(sum)) == 0);
	symbolizer_free(s);
	symbolizer_free(NULL);
}

int
main(void)
{
	RUN(names_its_own_function);
	RUN(only_the_same_build);
	RUN(nothing_asked_says_nothing);
	return unit_report();
}
