/* test_demangle.c - demangle.c (libiberty) and profile_relabel's names. */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>

#include "demangle.h"
#include "export.h"
#include "relabel.h"

static char *
dm(const char *s, int mode)
{
	size_t len = 0;
	char *d = demangle_name(s, strlen(s), mode, &len);
	if (d != NULL && strlen(d) != len)
		UNIT_FAIL("length %zu for \"%s\"", len, d);
	return d;
}

#define CHECK_DM(s, mode, want)                                     \
	do {                                                        \
		char *unit_d = dm(s, mode);                         \
		CHECK_STR(unit_d, want);                            \
		free(unit_d);                                       \
	} while (0)

TEST(cpp_modes)
{
	const char *pb = "_ZNSt6vectorIiSaIiEE9push_backERKi";
	CHECK_DM(pb, FT_DEMANGLE_FULL,
	    "std::vector<int, std::allocator<int> >::push_back(int const&)");
	CHECK_DM(pb, FT_DEMANGLE_SHORT, "std::vector::push_back");
	CHECK(dm(pb, FT_DEMANGLE_NONE) == NULL);
	CHECK_DM("_ZlsRSoRK3Foo", FT_DEMANGLE_SHORT, "operator<<");
	CHECK_DM("_ZN3foo3barIiEEvT_", FT_DEMANGLE_SHORT, "foo::bar");
	CHECK_DM("_ZN3foo3barIiEEvT_", FT_DEMANGLE_FULL, "void foo::bar<int>(int)");
	/* DTrace keeps the module. */
	CHECK_DM("libjvm.so`_ZN9JavaCalls11call_helperEP9JavaValuePv", FT_DEMANGLE_SHORT,
	    "libjvm.so`JavaCalls::call_helper");
	/* Not mangled, or not valid: unchanged. */
	CHECK(dm("main", FT_DEMANGLE_FULL) == NULL);
	CHECK(dm("_Znot_a_symbol!", FT_DEMANGLE_FULL) == NULL);
	CHECK(dm("_Z", FT_DEMANGLE_FULL) == NULL);
	CHECK(!demangle_candidate("std::vector::push_back", 22));
}

TEST(rust_legacy_and_v0)
{
	CHECK_DM("_ZN4core3fmt5write17h0123456789abcdefE", FT_DEMANGLE_FULL, "core::fmt::write");
	CHECK_DM("_ZN4core3fmt5write17h0123456789abcdefE", FT_DEMANGLE_SHORT, "core::fmt::write");
	CHECK_DM("_RNvCs1234_7mycrate3foo", FT_DEMANGLE_FULL, "mycrate::foo");
}

TEST(mode_names)
{
	CHECK_INT(demangle_parse("full"), FT_DEMANGLE_FULL);
	CHECK_INT(demangle_parse("short"), FT_DEMANGLE_SHORT);
	CHECK_INT(demangle_parse("none"), FT_DEMANGLE_NONE);
	CHECK_INT(demangle_parse("pretty"), -1);
	CHECK_STR(demangle_mode_name(FT_DEMANGLE_SHORT), "short");
}

static void
add(ft_profile *p, const char *a, const char *b, ft_val v, int kind)
{
	ft_diag err;
	uint32_t n = profile_child(p, FT_ROOT, intern_get(p->names, a, strlen(a), 0));
	n = profile_child(p, n, intern_get(p->names, b, strlen(b), kind));
	profile_add_self(p, n, &v, &err);
}

/* Short names merge overloads (as pprof shows them); kinds survive. */
TEST(relabel_merges_and_keeps_kinds)
{
	ft_profile *p = profile_new(NULL, 1);
	add(p, "main", "_ZN4calc4workEi", 3, 0);
	add(p, "main", "_ZN4calc4workERKSs", 4, 0);
	add(p, "main", "_ZN4calc4workEi", 5, FT_KIND_INLINED);
	ft_diag err;
	CHECK(profile_finish(p, FT_SORT_NAME, 0, &err) == 0);
	CHECK(profile_relabelable(p));
	CHECK(profile_relabel_changes(p, FT_GROUP_NONE, FT_DEMANGLE_SHORT));
	CHECK(!profile_relabel_changes(p, FT_GROUP_NONE, FT_DEMANGLE_NONE));
	const char *want[] = {
		"main;calc::work 7\nmain;calc::work_[i] 5\n",
		"main;calc::work(int) 3\nmain;calc::work(int)_[i] 5\n"
		    "main;calc::work(std::string const&) 4\n",
	};
	int modes[] = {FT_DEMANGLE_SHORT, FT_DEMANGLE_FULL};
	for (int i = 0; i < 2; i++) {
		ft_profile *q = profile_relabel(p, FT_GROUP_NONE, modes[i], FT_SORT_NAME, 0, &err);
		CHECK(q != NULL);
		if (q == NULL)
			continue;
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		export_folded(q, 0, -1, f);
		fclose(f);
		CHECK_STR(buf, want[i]);
		CHECK_INT(profile_total(q, FT_ROOT, 0), 12);
		free(buf);
		profile_free(q);
	}
	profile_free(p);
}

int
main(void)
{
	RUN(cpp_modes);
	RUN(rust_legacy_and_v0);
	RUN(mode_names);
	RUN(relabel_merges_and_keeps_kinds);
	return unit_report();
}
