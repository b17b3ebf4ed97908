/* test_demangle.c - demangle.c (libiberty) and profile_relabel's names. */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "profile/demangle.h"
#include "export/export_folded.h"
#include "input/load.h"
#include "profile/relabel.h"
#include "base/xalloc.h"

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
	/* pprof --lines names ("NAME FILE:LINE"): the symbol is demangled,
	 * the place kept, in every mode (short used to drop it, full to
	 * leave the symbol mangled). */
	CHECK_DM("_ZN4calc4workERKSs perf-cxx.cc:12", FT_DEMANGLE_SHORT,
	    "calc::work perf-cxx.cc:12");
	CHECK_DM("_ZN4calc4workERKSs perf-cxx.cc:12", FT_DEMANGLE_FULL,
	    "calc::work(std::string const&) perf-cxx.cc:12");
	CHECK_DM("_ZN4calc4workEi :0", FT_DEMANGLE_SHORT, "calc::work :0");
}

TEST(rust_legacy_and_v0)
{
	CHECK_DM("_ZN4core3fmt5write17h0123456789abcdefE", FT_DEMANGLE_FULL, "core::fmt::write");
	CHECK_DM("_ZN4core3fmt5write17h0123456789abcdefE", FT_DEMANGLE_SHORT, "core::fmt::write");
	CHECK_DM("_RNvCs1234_7mycrate3foo", FT_DEMANGLE_FULL, "mycrate::foo");
}

static const char *
shorten(const char *s)
{
	static char buf[512];
	size_t n = strlen(s);
	memcpy(buf, s, n);
	buf[demangle_shorten(buf, n)] = '\0';
	return buf;
}

/* Issue 24 item 2: short mode kept "::index" of three different Rust
 * functions (a qualified path's self type dropped as if it were template
 * arguments).  Symbols from tests/data/perf-rust-mangled.txt.gz. */
TEST(short_keeps_qualified_self_type)
{
	CHECK_DM("_ZN81_$LT$alloc..vec..Vec$LT$T$C$A$GT$$u20$as$u20$core..ops..index..Index"
	    "$LT$I$GT$$GT$5index17h2f7e8b096c0db3c9E", FT_DEMANGLE_SHORT,
	    "<alloc::vec::Vec as core::ops::index::Index>::index");
	CHECK_DM("_ZN75_$LT$usize$u20$as$u20$core..slice..index..SliceIndex$LT$$u5b$T$u5d$"
	    "$GT$$GT$5index17h184539e59890daebE", FT_DEMANGLE_SHORT,
	    "<usize as core::slice::index::SliceIndex>::index");
	CHECK_DM("_ZN38_$LT$r..Gen$u20$as$u20$r..Generate$GT$8generate17h83758fd71936a093E",
	    FT_DEMANGLE_SHORT, "<r::Gen as r::Generate>::generate");
	CHECK_DM("_ZN49_$LT$usize$u20$as$u20$core..iter..range..Step$GT$17forward_unchecked"
	    "17h062568d6943f2edbE", FT_DEMANGLE_SHORT,
	    "<usize as core::iter::range::Step>::forward_unchecked");
	CHECK_DM("_ZN4core3num23_$LT$impl$u20$usize$GT$13unchecked_add18precondition_check"
	    "17hee084045f2d97db3E", FT_DEMANGLE_SHORT,
	    "core::num::<impl usize>::unchecked_add::precondition_check");
	CHECK_DM("_ZN4core4iter5range101_$LT$impl$u20$core..iter..traits..iterator..Iterator"
	    "$u20$for$u20$core..ops..range..Range$LT$A$GT$$GT$4next17h07a0390cc367bf75E",
	    FT_DEMANGLE_SHORT, "core::iter::range::<impl core::iter::traits::iterator::"
	    "Iterator for core::ops::range::Range>::next");
	/* A turbofish goes with its "::" (v0 generic functions). */
	CHECK_STR(shorten("std::rt::lang_start::<()>"), "std::rt::lang_start");
	CHECK_STR(shorten("std::rt::lang_start::<()>::{closure#0}"),
	    "std::rt::lang_start::{closure#0}");
	CHECK_STR(shorten("<<A as B>::C<u8> as D<u16>>::e"), "<<A as B>::C as D>::e");
	CHECK_STR(shorten("<[T]>::len"), "<[T]>::len");
	/* Never an empty component or a trailing "::": kept as it is. */
	CHECK_STR(shorten("a::<b>"), "a");
	CHECK_STR(shorten("x<y"), "x<y");
	/* C++ (tests/data/perf-cxx-mangled.txt.gz): lambdas, operators,
	 * (anonymous namespace). */
	CHECK_DM("_ZNKSt8functionIFdiEEclEi", FT_DEMANGLE_SHORT, "std::function::operator()");
	CHECK_DM("_ZNSt17_Function_handlerIFviEZ4mainEUliE0_E9_M_invokeERKSt9_Any_dataOi",
	    FT_DEMANGLE_SHORT, "std::_Function_handler::_M_invoke");
	CHECK_DM("_ZN12_GLOBAL__N_13Acc3addEd", FT_DEMANGLE_SHORT, "(anonymous namespace)::Acc::add");
	CHECK_DM("_ZZ4mainENKUliE0_clEi", FT_DEMANGLE_SHORT, "main::{lambda(int)#2}::operator()");
	CHECK_STR(shorten("std::vector<int, std::allocator<int> >::operator[]"),
	    "std::vector::operator[]");
	CHECK_STR(shorten("a::operator<=>"), "a::operator<=>");
	CHECK_STR(shorten("a<int>::operator->"), "a::operator->");
}

TEST(args_at_depth_0)
{
	const char *s = "std::function<void (int)>::operator()(int) const";
	CHECK_INT(demangle_args_at(s, strlen(s)), 37);
	s = "std::function<void (int)>::operator()";
	CHECK_INT(demangle_args_at(s, strlen(s)), strlen(s));
	s = "main::{lambda(int)#1}::operator()(int) const";
	CHECK_INT(demangle_args_at(s, strlen(s)), 33);
	s = "f<int>(int)";
	CHECK_INT(demangle_args_at(s, strlen(s)), 6);
	s = "(anonymous namespace)::Acc::add(double)";
	CHECK_INT(demangle_args_at(s, strlen(s)), 31);
	s = "main.(*T).Serve";
	CHECK_INT(demangle_args_at(s, strlen(s)), strlen(s));
	s = "handle (app.py:12)";
	CHECK_INT(demangle_args_at(s, strlen(s)), strlen(s));
	/* A Java descriptor after the list (perf-vertx-stacks-01): cut as
	 * stackcollapse-perf.pl cuts it, though "[B" never closes. */
	s = "io/netty/buffer/AbstractByteBuf:.writeBytes([B)Lio/netty/buffer/ByteBuf:";
	CHECK_INT(demangle_args_at(s, strlen(s)), 43);
	s = "a<b(int)"; /* left open: nothing cut */
	CHECK_INT(demangle_args_at(s, strlen(s)), strlen(s));
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

static char *
folded_text(const ft_profile *p)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	export_folded(p, 0, -1, f);
	fclose(f);
	return buf;
}

/* The tree of p: every node's id, name, parent, children in order, total. */
static int
same_tree(const ft_profile *a, const ft_profile *b)
{
	if (a->nnodes != b->nnodes || a->max_depth != b->max_depth)
		return 0;
	for (uint32_t n = 0; n < a->nnodes; n++) {
		const ft_node *x = &a->nodes[n], *y = &b->nodes[n];
		if (x->name != y->name || x->parent != y->parent || x->child != y->child ||
		    x->sibling != y->sibling ||
		    profile_total(a, n, 0) != profile_total(b, n, 0)) {
			UNIT_FAIL("node %u differs: name %u/%u parent %u/%u", n, x->name,
			    y->name, x->parent, y->parent);
			return 0;
		}
	}
	return 1;
}

static ft_profile *
renamable(ft_intern *names)
{
	ft_profile *p = profile_new(names, 1);
	add(p, "main", "_ZN4calc4workEi", 3, 0);
	add(p, "main", "zeta", 2, 0);
	add(p, "_ZN4calc4workEi", "_ZN4calc4workERKSs", 4, 0);
	add(p, "main", "_ZN4calc4workEi", 5, FT_KIND_INLINED);
	add(p, "_ZN5other3runEv", "x", 1, 0);
	ft_diag err;
	CHECK(profile_finish(p, FT_SORT_NAME, 0, &err) == 0);
	return p;
}

/* A demangling that merges no siblings is done in place, and the result is
 * the copy's, node for node; the renamed tree still relabels to every mode
 * from the names as loaded. */
TEST(relabel_in_place)
{
	ft_diag err;
	int modes[] = {FT_DEMANGLE_SHORT, FT_DEMANGLE_FULL};
	for (int i = 0; i < 2; i++) {
		ft_profile *orig = renamable(NULL);
		char *loaded = folded_text(orig);
		ft_profile *copy = profile_relabel(orig, FT_GROUP_NONE, modes[i],
		    FT_SORT_NAME, 0, &err);
		ft_profile *p = renamable(orig->names);
		CHECK(profile_relabel_inplace(p, FT_GROUP_NONE, modes[i], FT_SORT_NAME, 0));
		CHECK(p->nrenames == 5);
		CHECK(same_tree(p, copy));
		char *a = folded_text(p), *b = folded_text(copy);
		CHECK_STR(a, b);
		CHECK(strstr(a, i == 0 ? "main;calc::work 3\n" : "main;calc::work(int) 3\n") != NULL);
		free(a);
		free(b);
		/* p is its own raw profile now. */
		CHECK(profile_relabelable(p));
		CHECK(profile_demanglable(p));
		CHECK(!profile_relabel_changes(p, FT_GROUP_NONE, modes[i]));
		CHECK(profile_relabel_changes(p, FT_GROUP_NONE, FT_DEMANGLE_NONE));
		CHECK(!profile_relabel_inplace(p, FT_GROUP_NONE, modes[i], FT_SORT_NAME, 0));
		ft_profile *back = profile_relabel(p, FT_GROUP_NONE, FT_DEMANGLE_NONE,
		    FT_SORT_NAME, 0, &err);
		a = folded_text(back);
		CHECK_STR(a, loaded);
		free(a);
		profile_free(back);
		for (int j = 0; j < 2; j++) {
			ft_profile *other = profile_relabel(p, FT_GROUP_NONE, modes[j],
			    FT_SORT_NAME, 0, &err);
			ft_profile *want = profile_relabel(orig, FT_GROUP_NONE, modes[j],
			    FT_SORT_NAME, 0, &err);
			a = folded_text(other);
			b = folded_text(want);
			CHECK_STR(a, b);
			free(a);
			free(b);
			profile_free(other);
			profile_free(want);
		}
		free(loaded);
		profile_free(copy);
		profile_free(p);
		profile_free(orig);
	}
}

/* Siblings that would merge (overloads in short mode, or a mangled name
 * beside its plain twin) need the copy: p is left as it was. */
TEST(relabel_in_place_refuses_merges)
{
	ft_diag err;
	ft_profile *p = profile_new(NULL, 1);
	add(p, "main", "_ZN4calc4workEi", 3, 0);
	add(p, "main", "_ZN4calc4workERKSs", 4, 0);
	CHECK(profile_finish(p, FT_SORT_NAME, 0, &err) == 0);
	char *before = folded_text(p);
	CHECK(!profile_relabel_inplace(p, FT_GROUP_NONE, FT_DEMANGLE_SHORT, FT_SORT_NAME, 0));
	char *after = folded_text(p);
	CHECK_STR(after, before);
	CHECK(p->nrenames == 0 && !p->renamed);
	free(after);
	/* Full names differ: no merge, in place. */
	CHECK(profile_relabel_inplace(p, FT_GROUP_NONE, FT_DEMANGLE_FULL, FT_SORT_NAME, 0));
	free(before);
	profile_free(p);

	p = profile_new(NULL, 1);
	add(p, "main", "_ZN4calc4workEv", 3, 0);
	add(p, "main", "calc::work()", 4, 0);
	CHECK(profile_finish(p, FT_SORT_NAME, 0, &err) == 0);
	CHECK(!profile_relabel_inplace(p, FT_GROUP_NONE, FT_DEMANGLE_FULL, FT_SORT_NAME, 0));
	profile_free(p);

	/* Threads merged into processes are not a rename either; kept per
	 * thread, they are. */
	p = profile_new(NULL, 1);
	ft_thread t = {"app", 3, NULL, 0, 10, 11, 0};
	uint32_t n = profile_thread_root(p, &t);
	n = profile_child(p, n, intern_get(p->names, "_ZN4calc4workEv", 15, 0));
	ft_val one = 1;
	profile_add_self(p, n, &one, &err);
	CHECK(profile_finish(p, FT_SORT_NAME, 0, &err) == 0);
	CHECK(!profile_relabel_inplace(p, FT_GROUP_PROCESS, FT_DEMANGLE_FULL, FT_SORT_NAME, 0));
	CHECK(profile_relabel_inplace(p, FT_GROUP_THREAD, FT_DEMANGLE_FULL, FT_SORT_NAME, 0));
	char *s = folded_text(p);
	CHECK_STR(s, "app-10/11;calc::work() 1\n");
	free(s);
	ft_profile *q = profile_relabel(p, FT_GROUP_PROCESS, FT_DEMANGLE_NONE, FT_SORT_NAME, 0, &err);
	s = folded_text(q);
	CHECK_STR(s, "app-10;_ZN4calc4workEv 1\n");
	free(s);
	profile_free(q);
	profile_free(p);
}

/* Built in the loaded tree's own memory, the relabelled tree is the copy's,
 * node for node, for every grouping and demangling of a real perf file
 * with mangled C++ names and threads. */
TEST(relabel_consume_is_the_copy)
{
	ft_diag err;
	int seen_copy = 0;
	for (int g = 0; g < FT_GROUPS; g++) {
		for (int dm = 0; dm < FT_DEMANGLES; dm++) {
			ft_load_report rep;
			ft_load_opts o = {0};
			ft_profile *a = load_file("tests/data/perf-cxx-mangled.txt.gz", NULL, &o,
			    &rep, &err);
			ft_profile *b = load_file("tests/data/perf-cxx-mangled.txt.gz", NULL, &o,
			    &rep, &err);
			CHECK(a != NULL && b != NULL);
			if (a == NULL || b == NULL)
				continue;
			CHECK(a->nthreads > 0);
			int changes = profile_relabel_changes(b, g, dm);
			ft_profile *copy = changes ? profile_relabel(a, g, dm, FT_SORT_NAME, 0, &err) : a;
			ft_profile *mine = profile_relabel_consume(b, g, dm, FT_SORT_NAME, 0, &err);
			CHECK(copy != NULL && mine != NULL);
			if (copy != NULL && mine != NULL) {
				seen_copy += mine != b;
				if (!same_tree(mine, copy))
					UNIT_FAIL("--group %d --demangle %d: trees differ", g, dm);
				char *x = folded_text(mine), *y = folded_text(copy);
				CHECK_STR(x, y);
				free(x);
				free(y);
			}
			if (copy != a)
				profile_free(copy);
			profile_free(a);
			profile_free(mine);
		}
	}
	CHECK(seen_copy > 0); /* some cases were not mere renames */
}

/* Node for node, every column, and the name tables id for id. */
static int
same_load(const ft_profile *a, const ft_profile *b)
{
	if (a->nnodes != b->nnodes || a->nvals != b->nvals || a->max_depth != b->max_depth) {
		UNIT_FAIL("%u/%u nodes", a->nnodes, b->nnodes);
		return 0;
	}
	for (uint32_t n = 0; n < a->nnodes; n++) {
		const ft_node *x = &a->nodes[n], *y = &b->nodes[n];
		int vals = 1;
		for (int c = 0; c < a->nvals; c++)
			vals &= profile_total(a, n, c) == profile_total(b, n, c);
		if (x->name != y->name || x->parent != y->parent || x->child != y->child ||
		    x->sibling != y->sibling || !vals) {
			UNIT_FAIL("node %u differs: name %u/%u parent %u/%u", n, x->name,
			    y->name, x->parent, y->parent);
			return 0;
		}
	}
	uint32_t nn = intern_count(a->names);
	if (nn != intern_count(b->names)) {
		UNIT_FAIL("%u/%u names", nn, intern_count(b->names));
		return 0;
	}
	for (uint32_t id = 0; id < nn; id++) {
		if (intern_len(a->names, id) != intern_len(b->names, id) ||
		    intern_kind(a->names, id) != intern_kind(b->names, id) ||
		    memcmp(intern_str(a->names, id), intern_str(b->names, id),
		    intern_len(a->names, id)) != 0) {
			UNIT_FAIL("name %u differs", id);
			return 0;
		}
	}
	return 1;
}

/* A pprof loaded with --demangle applied while building (ft_load_opts
 * dm_load) is the relabelled copy of the tree as loaded: same nodes, same
 * name ids, same distinct stacks as loaded (overloads and a plain twin
 * merge in short mode), with --lines too and into a name table that
 * already holds another file's names (a comparison). */
TEST(pprof_demangled_while_loading)
{
	const char *file = "tests/data/cxx-overloads.pb.gz";
	ft_diag err;
	int merged = 0;
	for (int shared = 0; shared < 2; shared++) {
		for (int lines = 0; lines < 2; lines++) {
			for (int dm = 0; dm < FT_DEMANGLES; dm++) {
				ft_intern *na = intern_new(), *nb = intern_new();
				ft_load_report ra, rb;
				ft_load_opts o = {0};
				if (shared) {
					ft_profile *x = load_file("tests/data/perf-cxx-mangled.txt.gz",
					    na, &o, &ra, &err);
					ft_profile *y = load_file("tests/data/perf-cxx-mangled.txt.gz",
					    nb, &o, &rb, &err);
					profile_free(x);
					profile_free(y);
				}
				o.lines = lines;
				ft_profile *raw = load_file(file, na, &o, &ra, &err);
				o.dm_load = dm + 1;
				ft_profile *mine = load_file(file, nb, &o, &rb, &err);
				CHECK(raw != NULL && mine != NULL);
				if (raw == NULL || mine == NULL)
					continue;
				ft_profile *copy = profile_relabel_changes(raw, FT_GROUP_NONE, dm) ?
				    profile_relabel(raw, FT_GROUP_NONE, dm, FT_SORT_NAME, raw->deftype,
				    &err) : raw;
				CHECK(copy != NULL);
				if (copy != NULL && !same_load(mine, copy))
					UNIT_FAIL("lines %d shared %d --demangle %d: trees differ",
					    lines, shared, dm);
				CHECK(ra.stacks == 14 && rb.stacks == ra.stacks);
				/* --lines names ("_Z... :0") demangle in every mode,
				 * their place kept (cpp_modes). */
				CHECK(mine->names_merged == (dm != FT_DEMANGLE_NONE));
				merged += profile_count_stacks(mine) < (uint32_t)rb.stacks;
				if (mine->names_merged) {
					CHECK(!profile_relabel_changes(mine, FT_GROUP_NONE, dm));
					/* The names as loaded are gone: no other mode. */
					int other = dm == FT_DEMANGLE_SHORT ? FT_DEMANGLE_NONE :
					    FT_DEMANGLE_SHORT;
					CHECK(profile_relabel(mine, FT_GROUP_NONE, other, FT_SORT_NAME, 0,
					    &err) == NULL);
				}
				if (copy != raw)
					profile_free(copy);
				profile_free(raw);
				profile_free(mine);
				intern_unref(na);
				intern_unref(nb);
			}
		}
	}
	CHECK(merged > 0); /* short mode merged stacks */
}

/* keep_input hands the file's bytes over when a name demangles; loaded
 * from them again in another mode, the tree is that mode's. */
TEST(pprof_input_kept_for_another_mode)
{
	const char *file = "tests/data/cxx-overloads.pb.gz";
	ft_diag err;
	ft_load_report rep, r2;
	ft_load_opts o = {0};
	o.dm_load = FT_DEMANGLE_SHORT + 1;
	o.keep_input = 1;
	ft_profile *p = load_file(file, NULL, &o, &rep, &err);
	CHECK(p != NULL && rep.input != NULL);
	if (p == NULL || rep.input == NULL)
		return;
	FILE *f = fopen(file, "rb");
	unsigned char want[4096];
	size_t n = f != NULL ? fread(want, 1, sizeof(want), f) : 0;
	if (f != NULL)
		fclose(f);
	CHECK(n == rep.ninput && memcmp(want, rep.input, n) == 0);
	ft_source *src = source_open_mem(rep.input, rep.ninput, file);
	o.dm_load = FT_DEMANGLE_NONE + 1;
	o.keep_input = 0;
	ft_profile *none = load_source(src, FT_FMT_PPROF, p->names, &o, &r2, &err);
	source_close(src);
	CHECK(none != NULL && !none->names_merged && r2.input == NULL);
	char *a = folded_text(none);
	CHECK(strstr(a, "main;_ZN4calc4workERKSs;leaf 4\n") != NULL);
	free(a);
	a = folded_text(p);
	CHECK(strstr(a, "main;calc::work;leaf 15\n") != NULL);
	free(a);
	profile_free(none);
	profile_free(p);
	free(rep.input);
	/* Nothing to demangle: nothing kept. */
	p = load_file("tests/data/go-labels.cpu.pb.gz", NULL, &o, &rep, &err);
	CHECK(p != NULL && rep.input == NULL && !p->names_merged);
	profile_free(p);
}

/* A mangled name of `levels` nested substitutions whose demangled text
 * doubles with each one: f(a, b<a, a>, b<b<a, a>, b<a, a> >, ...) with
 * targs 0, f<a, b<a, a>, ...>(void*) (short mode keeps template arguments
 * of the function name while demangling) with targs 1. */
static char *
exploding_name(int levels, int targs)
{
	static const char digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
	char *s = xmalloc(16 + (size_t)levels * 16);
	int n = sprintf(s, targs ? "_Z1fI1a" : "_Z1f1a");
	int nsub = targs ? 2 : 1, cur = nsub - 1;
	for (int l = 0; l < levels; l++) {
		char ref[8]; /* S_, S0_, S1_ ... (base 36) */
		if (cur == 0)
			sprintf(ref, "S_");
		else if (cur - 1 < 36)
			sprintf(ref, "S%c_", digits[cur - 1]);
		else
			sprintf(ref, "S%c%c_", digits[(cur - 1) / 36], digits[(cur - 1) % 36]);
		n += sprintf(s + n, "1bI%s%sE", ref, ref);
		nsub += 2;
		cur = nsub - 1;
	}
	if (targs)
		sprintf(s + n, "EPv");
	return s;
}

/* Issue 24 item 14: a 300-byte name that libiberty demangles to
 * gigabytes is given up at DEMANGLE_MAX_OUT and kept mangled, at once; a
 * long name under the bound still demangles.  (main() limits time and
 * memory: without the bound this test is killed.) */
TEST(exploding_names_kept)
{
	unsigned long before = demangle_gave_up();
	char *full = exploding_name(28, 0), *tshort = exploding_name(28, 1);
	CHECK(strlen(full) < 320 && strlen(tshort) < 320);
	CHECK(dm(full, FT_DEMANGLE_FULL) == NULL);
	CHECK(dm(tshort, FT_DEMANGLE_SHORT) == NULL);
	CHECK_INT(demangle_gave_up(), before + 2);
	free(full);
	free(tshort);
	/* 14 levels: 212 KB of text, under the bound. */
	full = exploding_name(14, 0);
	char *d = dm(full, FT_DEMANGLE_FULL);
	CHECK(d != NULL && strlen(d) > 200000 && strlen(d) <= DEMANGLE_MAX_OUT);
	CHECK(d != NULL && strncmp(d, "f(a, b<a, a>, b<b<a, a>, b<a, a> >", 34) == 0);
	free(d);
	free(full);
	CHECK_INT(demangle_gave_up(), before + 2);
}

int
main(void)
{
	/* An unbounded demangling must fail, not hang or swap: 60 s and,
	 * outside the sanitizer build, 2 GiB. */
	alarm(60);
#if !defined(__SANITIZE_ADDRESS__)
	struct rlimit rl = {.rlim_cur = (rlim_t)2 << 30, .rlim_max = (rlim_t)2 << 30};
	setrlimit(RLIMIT_AS, &rl);
#endif
	RUN(exploding_names_kept);
	RUN(cpp_modes);
	RUN(rust_legacy_and_v0);
	RUN(short_keeps_qualified_self_type);
	RUN(args_at_depth_0);
	RUN(mode_names);
	RUN(relabel_merges_and_keeps_kinds);
	RUN(relabel_in_place);
	RUN(relabel_in_place_refuses_merges);
	RUN(relabel_consume_is_the_copy);
	RUN(pprof_demangled_while_loading);
	RUN(pprof_input_kept_for_another_mode);
	return unit_report();
}
