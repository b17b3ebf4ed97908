/* test_tracers.c - the systemtap, DTrace and bpftrace loaders, their
 * detection, and perf script's event types. */
#include "unit.h"
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "export/export_folded.h"
#include "input/load.h"
#include "profile/relabel.h"
#include "input/source.h"

static char *
folded_col(const ft_profile *p, int col)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	export_folded(p, col, -1, f);
	fclose(f);
	return buf;
}

/* Load text as fmt and return its folded export ("" on failure). */
static char *
collapse(const char *text, enum ft_format fmt)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.txt", text, fmt, 0, &rep, &err);
	if (p == NULL) {
		fprintf(stderr, "load failed: %s\n", err.msg);
		char *e = malloc(1);
		e[0] = '\0';
		return e;
	}
	char *f = folded_col(p, 0);
	profile_free(p);
	return f;
}

/* The seed's example, as sample-bt printed it. */
static const char *seed =
    "\n"
    " 0x400561 : func_c+0x15/0x1b [/home/ya/dev/a.out]\n"
    " 0x4005a2 : main+0x3b/0x49 [/home/ya/dev/a.out]\n"
    " 0x7ffff7a2f505 : __libc_start_main+0xf5/0x1c0 [/usr/lib64/libc-2.17.so]\n"
    " 0x400429 : _start+0x29/0x30 [/home/ya/dev/a.out]\n"
    "\t8282\n"
    "    \n"
    " 0x40057a : main+0x13/0x49 [/home/ya/dev/a.out]\n"
    " 0x7ffff7a2f505 : __libc_start_main+0xf5/0x1c0 [/usr/lib64/libc-2.17.so]\n"
    " 0x400429 : _start+0x29/0x30 [/home/ya/dev/a.out]\n"
    "\t6227\n";

TEST(stap_seed_example)
{
	char *f = collapse(seed, FT_FMT_STAP);
	CHECK_STR(f, "_start;__libc_start_main;main 6227\n"
	    "_start;__libc_start_main;main;func_c 8282\n");
	free(f);
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.txt", seed, FT_FMT_STAP, 0, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_STR(p->format, "stap");
		CHECK(p->unit_unknown);
		CHECK_INT(profile_total(p, FT_ROOT, 0), 14509);
		CHECK_INT(rep.valid, 2);
		CHECK_INT(rep.invalid, 0);
		profile_free(p);
	}
}

TEST(stap_modules_kernel_and_unsymbolized)
{
	char *f = collapse(
	    " 0xffffffff8103ce3b : native_safe_halt+0xb/0x10 [kernel]\n"
	    " 0xffffffffa0123456 : ext4_read+0x1/0x2 [ext4]\n"
	    " 0x7f00 : std::vector<int>::push_back(int const&)+0x1/0x20 [/usr/lib/libstdc++.so.6]\n"
	    " 0x7f5b5c2d3b45 [/lib64/libc-2.17.so+0x21b45]\n"
	    " 0x7f5b5c2d0000\n"
	    " 0x400429 : +0x29/0x30 [/bin/x]\n"
	    "  3\n", FT_FMT_STAP);
	CHECK_STR(f, "-;0x7f5b5c2d0000;[libc-2.17.so];std::vector<int>::push_back(int const&);"
	    "ext4_read_[k];native_safe_halt_[k] 3\n");
	free(f);
}

TEST(stap_bad_lines_and_missing_count)
{
	const char *t =
	    " 0x400561 : f+0x15/0x1b [/a.out]\n"
	    "WARNING: Number of errors: 0\n"
	    "  4\n"
	    " 0x400561 : g+0x15/0x1b [/a.out]\n";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.txt", t, FT_FMT_STAP, 0, &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.invalid, 2);
	CHECK(strstr(rep.first_bad.msg, "t.txt:2: not a systemtap backtrace frame") != NULL);
	if (p != NULL) {
		char *f = folded_col(p, 0);
		CHECK_STR(f, "f 4\n");
		free(f);
		profile_free(p);
	}
	p = load_named("t.txt", t, FT_FMT_STAP, 1, &rep, &err);
	CHECK(p == NULL);
	CHECK(strstr(err.msg, "t.txt:2:") != NULL);
	/* Frames left without a count are reported where they started. */
	p = load_named("t.txt", " 0x1 : f+0x1/0x2 [/a]\n 2\n 0x1 : g+0x1/0x2 [/a]\n", FT_FMT_STAP, 0,
	    &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.invalid, 1);
	CHECK(strstr(rep.first_bad.msg, "t.txt:3: 1 frame without a count") != NULL);
	profile_free(p);
	/* A count too large for 64 bits is an error, not a wrap. */
	p = load_named("t.txt", " 0x1 : f+0x1/0x2 [/a]\n 99999999999999999999\n", FT_FMT_STAP, 0,
	    &rep, &err);
	CHECK(p == NULL);
	CHECK(strstr(err.msg, "larger than 64 bits") != NULL);
}

TEST(dtrace_header_offsets_and_cpp)
{
	const char *t =
	    "CPU     ID                    FUNCTION:NAME\n"
	    "  0  64091                        :tick-60s \n"
	    "\n"
	    "\n"
	    "              libc.so.1`_lwp_start\n"
	    "              libjvm.dylib`JavaCalls::call_helper(JavaValue*, Thread*)+0x6ae\n"
	    "              a.out`std::map<int, int>::find+0x10\n"
	    "              0x104d08831\n"
	    "              \n"
	    "               17\n"
	    "\n"
	    "               3\n";
	char *f = collapse(t, FT_FMT_DTRACE);
	CHECK_STR(f, "0x104d08831;a.out`std::map;libjvm.dylib`JavaCalls::call_helper;"
	    "libc.so.1`_lwp_start 17\n[no stack] 3\n");
	free(f);
	/* dtrace -q: no header, nothing skipped. */
	f = collapse("\n   a`f+0x1\n   a`main+0x2\n   5\n", FT_FMT_DTRACE);
	CHECK_STR(f, "a`main;a`f 5\n");
	free(f);
}

TEST(bpftrace_entries)
{
	const char *t =
	    "Attaching 2 probes...\n"
	    "\n"
	    "\n"
	    "@[\n"
	    "    finish_task_switch.isra.0+146\n"
	    "    schedule+35\n"
	    ", \n"
	    "    0x55e1ea5441cb\n"
	    "    main+50\n"
	    ", burnloop]: 1\n"
	    "@[, \n"
	    "    leaf_a+41\n"
	    "    main+50\n"
	    ", burnloop]: 5\n"
	    "@[\n"
	    "    sys_read+0x1f\n"
	    ", \n"
	    ", cat]: 2\n"
	    "@[]: 125\n"
	    "@stacks[bash, sshd]: 891\n"
	    "@[\n"
	    "    vfs_read+9 (/boot/vmlinux)\n"
	    "]: -4\n";
	char *f = collapse(t, FT_FMT_BPFTRACE);
	CHECK_STR(f, "[no stack] 125\nbash;sshd 891\nburnloop;main;0x55e1ea5441cb;-;schedule;"
	    "finish_task_switch.isra.0 1\nburnloop;main;leaf_a 5\ncat;sys_read 2\n"
	    "vfs_read -4\n");
	free(f);
}

TEST(bpftrace_refuses_histograms)
{
	const char *t =
	    "@usecs[\n"
	    "    blk_account_io_start+1\n"
	    "]:\n"
	    "[64K, 128K)            1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n"
	    "@: 3\n";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.txt", t, FT_FMT_BPFTRACE, 0, &rep, &err);
	CHECK(p == NULL);
	CHECK(strstr(err.msg, "t.txt:3: a histogram, not a value per stack") != NULL);
	CHECK_INT(rep.invalid, 2);
	/* An entry cut short at the end of the input is reported. */
	p = load_named("t.txt", "@[\n    f+1\n", FT_FMT_BPFTRACE, 0, &rep, &err);
	CHECK(p == NULL);
	CHECK(strstr(err.msg, "entry without a value") != NULL);
}

TEST(sniffing_the_tracers)
{
	char why[256];
	CHECK_INT(load_sniff_why(seed, strlen(seed), why, sizeof(why)), FT_FMT_STAP);
	CHECK(strstr(why, "line 2: systemtap") != NULL);
	const char *dt = "CPU     ID                    FUNCTION:NAME\n  0  64091   :tick-60s\n\n"
	    "              unix`idle+0x114\n                1\n";
	CHECK_INT(load_sniff_why(dt, strlen(dt), why, sizeof(why)), FT_FMT_DTRACE);
	const char *dq = "\n\n              unix`idle+0x114\n              unix`thread_start+0x8\n"
	    "                1641\n";
	CHECK_INT(load_sniff_why(dq, strlen(dq), why, sizeof(why)), FT_FMT_DTRACE);
	CHECK(strstr(why, "DTrace stack frames") != NULL);
	const char *bt = "Attaching 1 probe...\n\n@[\n    f+1\n]: 3\n";
	CHECK_INT(load_sniff_why(bt, strlen(bt), why, sizeof(why)), FT_FMT_BPFTRACE);
	const char *perf = "java 25607 4794564.109216: 1 cycles: \n"
	    "\t    7f1e2215d058 read+0x18 (/lib/libc.so)\n\n";
	CHECK_INT(load_sniff_why(perf, strlen(perf), why, sizeof(why)), FT_FMT_PERF);
	const char *fold = "a;b;c 3\na;b 2\n";
	CHECK_INT(load_sniff_why(fold, strlen(fold), why, sizeof(why)), FT_FMT_FOLDED);
	CHECK(strstr(why, "no other format matched") != NULL);
	/* BCC's folded output with "-" delimiters and _[k] stays folded. */
	const char *bcc = "dd;read;-;entry_SYSCALL_64_fastpath_[k];SyS_read_[k] 2\n";
	CHECK_INT(load_sniff_why(bcc, strlen(bcc), why, sizeof(why)), FT_FMT_FOLDED);
}

/* Issue 24 item 16: a first stack deeper than the sniffed window (a
 * recursion 1500 frames deep, 100 KB before its count) is still systemtap
 * or DTrace.  Generated in the shape of the seed's frames (no systemtap or
 * DTrace here to record a real one). */
static ft_profile *
load_deep(const char *pre, const char *post, const char *count, ft_load_report *rep,
    ft_diag *err)
{
	char path[] = "/tmp/ft-deep-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return NULL;
	FILE *f = fdopen(fd, "w");
	for (int i = 0; i < 1500; i++)
		fprintf(f, "%s0x%x%s\n", pre, 0x400561 + i, post);
	fprintf(f, "%s\n", count);
	for (int i = 0; i < 3; i++)
		fprintf(f, "%s0x%x%s\n", pre, 0x400429 + i, post);
	fprintf(f, "%s\n", count);
	fclose(f);
	ft_load_opts o = {.sort = FT_SORT_NAME};
	ft_profile *p = load_file(path, NULL, &o, rep, err);
	unlink(path);
	return p;
}

TEST(sniffing_deep_first_stacks)
{
	ft_load_report rep;
	ft_diag err = {{0}};
	ft_profile *p = load_deep(" ", " : fib+0x15/0x1b [/home/ya/a.out]", "\t8282",
	    &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_STR(p->format, "stap");
		CHECK_INT(rep.valid, 2);
		CHECK_INT(p->total[0], 2 * 8282);
		CHECK(strstr(rep.format_why, "systemtap") != NULL);
		profile_free(p);
	}
	p = load_deep("              libc.so.1`fib+", "", "               17", &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_STR(p->format, "dtrace");
		CHECK_INT(rep.valid, 2);
		CHECK_INT(p->total[0], 34);
		profile_free(p);
	}
}

TEST(perf_every_event_is_a_sample_type)
{
	const char *t =
	    "cksum 21804 [002] 1.000000:     250000  cpu-clock: \n"
	    "\t    400561 main (/bin/cksum)\n"
	    "\n"
	    "cksum 21804 [002] 1.000001:   7 instructions: \n"
	    "\t    400561 main (/bin/cksum)\n"
	    "\n"
	    "cksum 21804 [002] 1.000002:     250000  cpu-clock: \n"
	    "\t    400562 f (/bin/cksum)\n"
	    "\t    400561 main (/bin/cksum)\n"
	    "\n"
	    "cksum 21804 [002] 1.000003: sched:sched_switch: \n"
	    "\t    400561 main (/bin/cksum)\n"
	    "\n";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.txt", t, FT_FMT_PERF, 0, &rep, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	CHECK_INT(p->nvals, 3);
	CHECK_STR(p->types[0].name, "cpu-clock");
	CHECK_STR(p->types[0].unit, "nanoseconds");
	CHECK_STR(p->types[1].name, "instructions");
	CHECK_STR(p->types[1].unit, "count");
	CHECK_STR(p->types[2].name, "sched:sched_switch");
	CHECK_STR(p->types[2].unit, "samples");
	CHECK_INT(p->deftype, 0);
	CHECK_INT(profile_total(p, FT_ROOT, 0), 500000);
	CHECK_INT(profile_total(p, FT_ROOT, 1), 7);
	CHECK_INT(profile_total(p, FT_ROOT, 2), 1);
	CHECK(strstr(rep.summary, "event1=instructions: 1 samples, total 7 count") != NULL);
	ft_profile *q = profile_regroup(p, FT_GROUP_NONE, FT_SORT_NAME, 0, &err);
	char *f = folded_col(q, 0);
	CHECK_STR(f, "cksum;main 250000\ncksum;main;f 250000\n");
	free(f);
	f = folded_col(q, 1);
	CHECK_STR(f, "cksum;main 7\n");
	free(f);
	profile_free(q);
	profile_free(p);
}

int
main(void)
{
	RUN(stap_seed_example);
	RUN(stap_modules_kernel_and_unsymbolized);
	RUN(stap_bad_lines_and_missing_count);
	RUN(dtrace_header_offsets_and_cpp);
	RUN(bpftrace_entries);
	RUN(bpftrace_refuses_histograms);
	RUN(sniffing_the_tracers);
	RUN(sniffing_deep_first_stacks);
	RUN(perf_every_event_is_a_sample_type);
	return unit_report();
}
