/* test_perf.c - the perf script loader (stackcollapse-perf.pl --all rules). */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>

#include "export/export_folded.h"
#include "input/load.h"
#include "profile/demangle.h"
#include "profile/relabel.h"
#include "input/source.h"

static ft_profile *
load_perf_text(const char *text, int strict, ft_load_report *rep, ft_diag *err)
{
	ft_source *s = source_open_mem(text, strlen(text), "t.perf");
	ft_load_opts o = {0};
	o.strict = strict;
	memset(err, 0, sizeof(*err));
	ft_profile *p = load_source(s, FT_FMT_PERF, NULL, &o, rep, err);
	source_close(s);
	return p;
}

/* The folded export of p with its threads merged to level g (the loader
 * keeps them apart; --group none is stackcollapse-perf.pl's default). */
static char *
folded_group(const ft_profile *p, int g)
{
	ft_diag err;
	ft_profile *q = profile_regroup(p, g, FT_SORT_NAME, 0, &err);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	export_folded(q, 0, -1, f);
	fclose(f);
	profile_free(q);
	return buf;
}

static char *
folded(const ft_profile *p)
{
	return folded_group(p, FT_GROUP_NONE);
}

/* Load text and return its folded export ("" on failure). */
static char *
collapse(const char *text)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_perf_text(text, 0, &rep, &err);
	if (p == NULL) {
		fprintf(stderr, "load failed: %s\n", err.msg);
		char *e = malloc(1);
		e[0] = '\0';
		return e;
	}
	char *f = folded(p);
	profile_free(p);
	return f;
}

TEST(basic_events)
{
	const char *t =
	    "# comment\n"
	    "java 25607 4794564.109216: cycles: \n"
	    "\t    7f1e2215d058 read+0x18 (/lib/libc.so)\n"
	    "\t    7f1e2215d000 main (/bin/app)\n"
	    "\n"
	    "java 25607 4794564.109217: cycles: \n"
	    "\t    7f1e2215d058 read+0x1c (/lib/libc.so)\n"
	    "\t    7f1e2215d000 main (/bin/app)\n"
	    "\n";
	char *f = collapse(t);
	CHECK_STR(f, "java;main;read 2\n");
	free(f);
}

TEST(comm_with_spaces_pid_tid_cpu_period)
{
	const char *t =
	    "V8 WorkerThread 24636/25607 [000] 94564.109216:     100 cycles:\n"
	    "\t ffffffff8103ce3b native_safe_halt ([kernel.kallsyms])\n"
	    "\t 8c3453 tcp_sendmsg (/lib/modules/4.3.0/build/vmlinux)\n"
	    "\t 7f722d142778 Ljava/io/PrintStream;::print (/tmp/perf-19982.map)\n"
	    "\t 1000 start (/bin/v8)\n"
	    "\n";
	char *f = collapse(t);
	CHECK_STR(f, "V8_WorkerThread;start;Ljava/io/PrintStream:::print_[j];"
	    "tcp_sendmsg_[k];native_safe_halt_[k] 100\n");
	free(f);
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_perf_text(t, 0, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_STR(p->types[0].name, "cycles");
		CHECK_STR(p->format, "perf");
		CHECK(intern_find(p->names, "native_safe_halt", 16, FT_KIND_KERNEL) != UINT32_MAX);
		profile_free(p);
	}
}

/* --group process / thread name root frames as stackcollapse-perf.pl
 * --pid / --tid do ("?" for a pid perf did not print); none merges. */
TEST(group_process_and_thread)
{
	const char *t =
	    "V8 WorkerThread 24636/25607 [000] 94564.109216:     100 cycles:\n"
	    "\t 1000 start (/bin/v8)\n"
	    "\n"
	    "V8 WorkerThread 24636/25608 [000] 94564.109217:     50 cycles:\n"
	    "\t 1000 start (/bin/v8)\n"
	    "\n"
	    "java 25607 4794564.109216: 7 cycles: \n"
	    "\t    7f1e2215d000 main (/bin/app)\n"
	    "\n";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_perf_text(t, 0, &rep, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	CHECK_INT(p->nthreads, 3);
	CHECK_INT(profile_process_count(p), 2);
	char *f = folded_group(p, FT_GROUP_THREAD);
	CHECK_STR(f, "V8_WorkerThread-24636/25607;start 100\n"
	    "V8_WorkerThread-24636/25608;start 50\njava-?/25607;main 7\n");
	free(f);
	f = folded_group(p, FT_GROUP_PROCESS);
	CHECK_STR(f, "V8_WorkerThread-24636;start 150\njava-?;main 7\n");
	free(f);
	f = folded_group(p, FT_GROUP_NONE);
	CHECK_STR(f, "V8_WorkerThread;start 150\njava;main 7\n");
	free(f);
	profile_free(p);
}

TEST(unknown_frames_and_tidying)
{
	const char *t =
	    "app 1 1.0: 1 cpu-clock:\n"
	    "\t 10 [unknown] ([unknown])\n"
	    "\t 20 [unknown] (/usr/lib/libfoo.so.1)\n"
	    "\t 30 foo(int, char*) (/bin/app)\n"
	    "\t 40 ns::(anonymous namespace)::bar (/bin/app)\n"
	    "\t 45 (skipped) (/bin/app)\n"
	    "\t 50 \"quoted\" (/bin/app)\n"
	    "\t 60 main.(*T).run.func1 (/bin/app)\n"
	    "\t 70 x (/bin/app)\n"
	    "\n";
	char *f = collapse(t);
	CHECK_STR(f, "app;x;main.(*T).run.func1;quoted;ns::(anonymous namespace)::bar;foo;"
	    "[libfoo.so.1];[unknown] 1\n");
	free(f);
}

/* Issue 24 item 3: a C++ name demangled by perf is cut at its argument
 * list at bracket depth 0 only ("std::function<void (int)>::operator()"
 * was "std::function<void " and merged with every other instantiation);
 * --demangle full keeps the whole name; none cuts at the first '(' as
 * stackcollapse-perf.pl does.  Names from tests/data/perf-cxx-lambda.txt.gz. */
static char *
collapse_mode(const char *text, int mode)
{
	ft_source *s = source_open_mem(text, strlen(text), "t.perf");
	ft_load_opts o = {.demangled = 1 + mode};
	ft_load_report rep;
	ft_diag err = {{0}};
	ft_profile *p = load_source(s, FT_FMT_PERF, NULL, &o, &rep, &err);
	source_close(s);
	char *f = p != NULL ? folded(p) : NULL;
	if (p != NULL)
		profile_free(p);
	return f;
}

TEST(cpp_names_cut_at_depth_0)
{
	const char *t =
	    "cxxlambda 1 1.0: 1 cpu-clock:\n"
	    "\t 10 std::function<void (int)>::operator()(int) const+0x48 (/bin/app)\n"
	    "\t 20 std::function<double (int)>::operator()+0x48 (/bin/app)\n"
	    "\t 30 run(std::function<double (int)>, int)+0x32 (/bin/app)\n"
	    "\t 40 ns::(anonymous namespace)::bar(int) (/bin/app)\n"
	    "\t 50 main.(*T).run.func1 (/bin/app)\n"
	    "\n";
	char *f = collapse_mode(t, FT_DEMANGLE_SHORT);
	CHECK_STR(f, "cxxlambda;main.(*T).run.func1;ns::(anonymous namespace)::bar;run;"
	    "std::function<double (int)>::operator();std::function<void (int)>::operator() 1\n");
	free(f);
	f = collapse_mode(t, FT_DEMANGLE_FULL);
	CHECK_STR(f, "cxxlambda;main.(*T).run.func1;ns::(anonymous namespace)::bar(int);"
	    "run(std::function<double (int)>, int);std::function<double (int)>::operator();"
	    "std::function<void (int)>::operator()(int) const 1\n");
	free(f);
	f = collapse_mode(t, FT_DEMANGLE_NONE);
	CHECK_STR(f, "cxxlambda;main.(*T).run.func1;ns::(anonymous namespace)::bar;run;"
	    "std::function<double ;std::function<void  1\n");
	free(f);
}

TEST(first_event_type_only)
{
	const char *t =
	    "ab 1 1.0: 1 cycles:\n"
	    "\t 10 f (/bin/a)\n"
	    "\n"
	    "ab 1 1.1: 1 instructions:\n"
	    "\t 10 g (/bin/a)\n"
	    "\n"
	    "ab 1 1.2: 3 cycles:\n"
	    "\t 10 f (/bin/a)\n"
	    "\n";
	char *f = collapse(t);
	CHECK_STR(f, "ab;f 4\n");
	free(f);
}

TEST(inline_split_and_blank_symbol)
{
	const char *t =
	    "ab 1 1.0: cycles:\n"
	    "\t 10 inner->outer (/bin/a)\n"
	    "\t 20  (/lib/libc.so)\n"
	    "\t 30 main (/bin/a)\n"
	    "\n";
	char *f = collapse(t);
	/* perf --inline "a->b": the later parts are marked inlined; an empty
	 * symbol reads as " " (stackcollapse-perf.pl's regex). */
	CHECK_STR(f, "ab;main; ;inner;outer_[i] 1\n");
	free(f);
}

TEST(one_letter_comm_reads_like_stackcollapse_perf)
{
	/* Its header regex wants two bytes of comm, so a one-letter comm
	 * swallows the pid; flametui reads it the same way. */
	char *f = collapse("a 1 1.0: 1 cycles:\n\t 10 f (/bin/a)\n\n");
	CHECK_STR(f, "a_1_1.0:;f 1\n");
	free(f);
}

TEST(last_event_without_blank_line_and_no_stack)
{
	const char *t =
	    "ab 1 1.0: cycles:\n"
	    "\n"
	    "bc 2 1.0: cycles:\n"
	    "\t 10 f (/bin/b)";
	char *f = collapse(t);
	CHECK_STR(f, "ab 1\nbc;f 1\n");
	free(f);
}

TEST(unrecognised_lines_are_counted_and_strict_fails)
{
	const char *t =
	    "ab 1 1.0: cycles:\n"
	    "\t THIS_IS_A_WEIRD_LINE\n"
	    "\t 10 f (/bin/a)\n"
	    "\n";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_perf_text(t, 0, &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.invalid, 1);
	CHECK_INT(rep.valid, 1);
	CHECK(strstr(rep.first_bad.msg, "t.perf:2: ") == rep.first_bad.msg);
	profile_free(p);
	p = load_perf_text(t, 1, &rep, &err);
	CHECK(p == NULL);
	CHECK(strstr(err.msg, "t.perf:2: ") == err.msg);
	p = load_perf_text("# only comments\n\n", 0, &rep, &err);
	CHECK(p == NULL);
	CHECK_STR(err.msg, "t.perf: no perf script events with stacks found");
}

TEST(sniffing)
{
	const char *indented = "ab 1 1.0: cycles:\n\t 10 f (/bin/a)\n";
	const char *flush = "java 19983 cycles:\nffffffff8103d0ca native_write_msr_safe ([kernel.kallsyms])\n";
	const char *fold = "a;b 1\nc 2\n";
	CHECK_INT(load_sniff(indented, strlen(indented)), FT_FMT_PERF);
	CHECK_INT(load_sniff(flush, strlen(flush)), FT_FMT_PERF);
	CHECK_INT(load_sniff(fold, strlen(fold)), FT_FMT_FOLDED);
}

TEST(deep_stack_is_iterative)
{
	/* 50 000 frames: no recursion on depth anywhere. */
	size_t n = 50000;
	char *t = malloc(64 + n * 24);
	size_t len = (size_t)sprintf(t, "deep 1 1.0: cycles:\n");
	for (size_t i = 0; i < n; i++)
		len += (size_t)sprintf(t + len, "\t %zx f%zu (/bin/d)\n", i + 16, i % 7);
	t[len] = '\0';
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_perf_text(t, 0, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_INT(p->max_depth, n + 1);
		CHECK_INT(profile_total(p, FT_ROOT, 0), 1);
		profile_free(p);
	}
	free(t);
}

TEST(hostile_lines_stay_linear)
{
	/* A header of 300 000 blanks and a symbol of 150 000 ".(" pairs:
	 * both were quadratic scans once (minutes); now instant. */
	size_t n = 300000;
	char *t = malloc(2 * n + 200);
	size_t len = (size_t)sprintf(t, "ab");
	memset(t + len, ' ', n);
	len += n;
	len += (size_t)sprintf(t + len, "x\nab 1 1.0: cycles:\n\t 10 ");
	for (size_t i = 0; i < n / 2; i++) {
		t[len++] = '.';
		t[len++] = '(';
	}
	len += (size_t)sprintf(t + len, " (/bin/a)\n\n");
	t[len] = '\0';
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_perf_text(t, 0, &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.invalid, 1); /* the blank-filled line matches nothing */
	if (p != NULL) {
		char *f = folded(p);
		CHECK_STR(f, "ab;. 1\n"); /* cut at the first '(' */
		free(f);
		profile_free(p);
	}
	free(t);
}

int
main(void)
{
	RUN(basic_events);
	RUN(comm_with_spaces_pid_tid_cpu_period);
	RUN(group_process_and_thread);
	RUN(unknown_frames_and_tidying);
	RUN(cpp_names_cut_at_depth_0);
	RUN(first_event_type_only);
	RUN(inline_split_and_blank_symbol);
	RUN(one_letter_comm_reads_like_stackcollapse_perf);
	RUN(last_event_without_blank_line_and_no_stack);
	RUN(unrecognised_lines_are_counted_and_strict_fails);
	RUN(sniffing);
	RUN(deep_stack_is_iterative);
	RUN(hostile_lines_stay_linear);
	return unit_report();
}
