/* Tests for load_folded.c: every corner case of the corpora README, and
 * where reference tools disagree, the rule DESIGN.md picks. */
#include <zlib.h>

#include "export/export_folded.h"
#include "helpers.h"
#include "unit.h"

static char *
total_str(const ft_profile *p, int col, char *buf)
{
	val_format(buf, 40, profile_total(p, FT_ROOT, col), p->scale);
	return buf;
}

TEST(fractional_counts_kept)
{
	/* flamegraph.pl keeps fractions, inferno truncates: we keep them. */
	ft_load_report rep;
	ft_diag err;
	char b[40];
	ft_profile *p = load_text("a;b 31.23\na 6.1\nc 19.0\nd 6.\n", &rep, &err);
	CHECK(p != NULL);
	CHECK_STR(total_str(p, 0, b), "62.33");
	CHECK_INT(p->scale, 2);
	profile_free(p);
	/* More than 9 places: rounded (half up) and reported. */
	p = load_text("a 1.0000000005\nb 2\n", &rep, &err);
	CHECK_STR(total_str(p, 0, b), "3.000000001");
	CHECK_INT(rep.rounded, 1);
	CHECK(strstr(rep.first_rounded.msg, "t.folded:1:") != NULL);
	profile_free(p);
}

/* A count whose decimals would need a rescale that overflows is a bad
 * line; the values read before it stay as they were (a refused rescale
 * used to have multiplied the values before the one that overflowed;
 * found by fuzz_folded's demangling oracle). */
TEST(refused_rescale_changes_nothing)
{
	ft_load_report rep;
	ft_diag err;
	char b[40];
	ft_profile *p = load_text("a 1\nb 922337203685477581\nc 2.5\nd 3\n", &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.invalid, 1);
	CHECK_INT(p->scale, 0);
	CHECK_STR(total_str(p, 0, b), "922337203685477585");
	if (p != NULL) {
		uint32_t a = profile_find_child(p, FT_ROOT, intern_find(p->names, "a", 1, 0));
		CHECK(a != FT_NONE && profile_total(p, a, 0) == 1);
	}
	profile_free(p);
}

TEST(differential_two_columns)
{
	ft_load_report rep;
	ft_diag err;
	char b[40];
	ft_profile *p = load_text("a;b 3 5\na;c 4 0\nd 0 7\n", &rep, &err);
	CHECK(p != NULL);
	CHECK(p->differential);
	CHECK_INT(p->nvals, 2);
	CHECK_INT(p->deftype, 1);
	CHECK_STR(total_str(p, 0, b), "7");
	CHECK_STR(total_str(p, 1, b), "12");
	CHECK_INT(profile_total(p, node_at(p, "a;c"), 0), 4);
	CHECK_INT(profile_total(p, node_at(p, "a;c"), 1), 0);
	profile_free(p);
	/* A differential line after plain ones widens the model: the plain
	 * line's count is its "after", "before" is 0. */
	p = load_text("x 2\ny 1 3\n", &rep, &err);
	CHECK_INT(p->nvals, 2);
	CHECK_INT(profile_total(p, node_at(p, "x"), 1), 2);
	CHECK_INT(profile_total(p, node_at(p, "x"), 0), 0);
	profile_free(p);
}

TEST(comments_blank_crlf_final_line)
{
	ft_load_report rep;
	ft_diag err;
	char b[40];
	ft_profile *p = load_text("# mode: cpu\r\n\r\n#no space\na;b 1\r\n  \t\nb 2\r\nc 3", &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.comment, 2);
	CHECK_INT(rep.blank, 2);
	CHECK_INT(rep.valid, 3);
	CHECK_INT(rep.invalid, 0);
	CHECK_STR(total_str(p, 0, b), "6");
	CHECK(node_at(p, "c") != FT_NONE);
	profile_free(p);
}

TEST(duplicates_summed_prefix_gets_self)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_text("a;b 1\na;b;c 2\na;b 4\nz 1\na;b 5\n", &rep, &err);
	CHECK_INT(profile_self(p, node_at(p, "a;b"), 0), 10);
	CHECK_INT(profile_total(p, node_at(p, "a;b"), 0), 12);
	CHECK_INT(rep.stacks, 3);
	CHECK_INT(rep.valid, 5);
	profile_free(p);
}

TEST(empty_and_invalid_inputs)
{
	ft_load_report rep;
	ft_diag err;
	CHECK(load_text("", &rep, &err) == NULL);
	CHECK(strstr(err.msg, "empty profile") != NULL);
	CHECK(load_text("# only a comment\n\n", &rep, &err) == NULL);
	CHECK(load_text("no count here\n", &rep, &err) == NULL);
	CHECK(strstr(err.msg, "no valid stack") != NULL);
	CHECK(strstr(err.msg, "t.folded:1:") != NULL);
	ft_profile *p = load_text("a 1\nTHIS IS A BAD LINE\nb 12V.43\n42\nc 2\nd 1\ne 1\n",
	    &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.invalid, 3);
	CHECK_INT(rep.valid, 4);
	CHECK(strstr(rep.first_bad.msg, "t.folded:2: the line does not end in a count: `THIS IS A BAD LINE`") != NULL);
	profile_free(p);
	/* Control bytes in the offending text are escaped in messages. */
	p = load_text("a 1\nbad\x1b[31mline\n", &rep, &err);
	CHECK(strstr(rep.first_bad.msg, "bad\\e[31mline") != NULL);
	profile_free(p);
	/* A count beyond 64 bits is a malformed line, not a wrap. */
	p = load_text("a 1\nb 99999999999999999999\n", &rep, &err);
	CHECK_INT(rep.invalid, 1);
	CHECK(strstr(rep.first_bad.msg, "larger than 64 bits") != NULL);
	profile_free(p);
}

TEST(strict_mode_is_fatal)
{
	ft_source *s = source_open_mem("a 1\nbad\nb 2\n", 12, "s.folded");
	ft_load_opts o = {0};
	o.strict = 1;
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_source(s, FT_FMT_FOLDED, NULL, &o, &rep, &err);
	source_close(s);
	CHECK(p == NULL);
	CHECK(strstr(err.msg, "s.folded:2:") != NULL);
}

TEST(odd_frames_space_dash_empty)
{
	ft_load_report rep;
	ft_diag err;
	/* single-space frame, '-' and '--' separators, empty frames, tabs */
	ft_profile *p = load_text("java; ;x 1\na;-;--;b 2\nq;;r 3\nt;u\t4\nv;w  5\n", &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.valid, 5);
	CHECK(node_at(p, "java; ;x") != FT_NONE);
	CHECK(node_at(p, "a;-;--;b") != FT_NONE);
	CHECK(node_at(p, "q;;r") != FT_NONE);
	CHECK_INT(profile_total(p, node_at(p, "t;u"), 0), 4);
	CHECK_INT(profile_total(p, node_at(p, "v;w"), 0), 5);
	profile_free(p);
	/* Trailing-space frame "a;  3": the last whitespace run separates the
	 * count, so the stack is "a;" with an empty last frame (inferno's
	 * reading, not flamegraph.pl's " " frame). */
	p = load_text("a;  3\n", &rep, &err);
	CHECK(node_at(p, "a;") != FT_NONE);
	profile_free(p);
}

TEST(kind_suffixes_stripped_and_restored)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_text("a;read_[k];vfs_[k] 1\na;jit_[j];inl_[i];w_[w] 2\na;odd_[x] 1\n", &rep, &err);
	uint32_t a = node_at(p, "a");
	uint32_t k = profile_find_child(p, a, intern_find(p->names, "read", 4, FT_KIND_KERNEL));
	CHECK(k != FT_NONE);
	uint32_t j = profile_find_child(p, a, intern_find(p->names, "jit", 3, FT_KIND_JIT));
	CHECK(j != FT_NONE);
	CHECK(node_at(p, "a;odd_[x]") != FT_NONE); /* unknown suffix kept */
	char buf[512];
	FILE *f = fmemopen(buf, sizeof(buf), "w");
	export_folded(p, 0, -1, f);
	fclose(f);
	CHECK_STR(buf, "a;jit_[j];inl_[i];w_[w] 2\na;odd_[x] 1\na;read_[k];vfs_[k] 1\n");
	profile_free(p);
}

TEST(huge_counts_and_long_lines)
{
	ft_load_report rep;
	ft_diag err;
	char b[40];
	ft_profile *p = load_text("swapper/0;start_kernel;do_idle 239807672958951499\n"
	    "swapper/1;start_secondary;do_idle 129127208516546613\n", &rep, &err);
	CHECK_STR(total_str(p, 0, b), "368934881475498112");
	profile_free(p);
	/* A 20 kB line and depth 150. */
	char *t = malloc(30000);
	size_t o = 0;
	for (int i = 0; i < 150; i++)
		o += (size_t)sprintf(t + o, "%sfunction_with_a_long_name_%03d_and_more_padding_text_here_to_make_it_long_%0*d",
		    i ? ";" : "", i, 60, i);
	strcpy(t + o, " 7\n");
	p = load_text(t, &rep, &err);
	free(t);
	CHECK(p != NULL);
	CHECK_INT(p->max_depth, 150);
	CHECK_STR(total_str(p, 0, b), "7");
	profile_free(p);
}

TEST(gzip_detected_by_magic)
{
	const char *txt = "a;b 3\na;c 4\n";
	unsigned char gz[256];
	z_stream z = {0};
	deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
	z.next_in = (unsigned char *)txt;
	z.avail_in = (uInt)strlen(txt);
	z.next_out = gz;
	z.avail_out = sizeof(gz);
	deflate(&z, Z_FINISH);
	size_t n = sizeof(gz) - z.avail_out;
	deflateEnd(&z);
	ft_source *s = source_open_mem(gz, n, "x.txt");
	ft_load_opts o = {0};
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_source(s, FT_FMT_FOLDED, NULL, &o, &rep, &err);
	CHECK(source_is_gzip(s));
	source_close(s);
	CHECK(p != NULL);
	CHECK_INT(profile_total(p, FT_ROOT, 0), 7);
	profile_free(p);
	/* Truncated gzip: an error, not a short profile. */
	s = source_open_mem(gz, n - 6, "t.gz");
	p = load_source(s, FT_FMT_FOLDED, NULL, &o, &rep, &err);
	source_close(s);
	CHECK(p == NULL);
	CHECK(strstr(err.msg, "truncated gzip") != NULL);
}

TEST(sorted_and_unsorted_agree)
{
	/* The prefix fast path must give the same tree as random order. */
	const char *sorted = "a;b;c 1\na;b;d 2\na;b;d;e 3\na;f 4\nb;b 5\nb;b;b 6\n";
	const char *shuffled = "b;b;b 6\na;b;d;e 3\na;f 4\na;b;c 1\nb;b 5\na;b;d 2\n";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_text(sorted, &rep, &err), *q = load_text(shuffled, &rep, &err);
	char b1[256], b2[256];
	FILE *f = fmemopen(b1, sizeof(b1), "w");
	export_folded(p, 0, -1, f);
	fclose(f);
	f = fmemopen(b2, sizeof(b2), "w");
	export_folded(q, 0, -1, f);
	fclose(f);
	CHECK_STR(b1, b2);
	CHECK_STR(b1, sorted);
	CHECK_INT(p->nnodes, q->nnodes);
	profile_free(p);
	profile_free(q);
}

/* The export's lines in the bytewise order of their text (LC_ALL=C sort),
 * also where the tree's order is not that order (names with bytes below
 * ';': "a;x" sorts after "a:b", "a b;c" and "a!;d" though a is their
 * elder sibling) and when children are in weight order; written as the
 * tree is walked.  Expected: the input's lines sorted by their stack
 * text, bytewise, a stack before any longer one it begins (so "a 3"
 * before "a\001 1", where `LC_ALL=C sort` of whole lines would differ). */
TEST(export_in_byte_order)
{
	const char *in = "a;x 1\na:b 2\na 3\na b;c 4\na!;d 5\nab 6\na;x;y 7\nz;a 1\nA 1\n"
	    "a\001 1\na;x;y;\001 2\n";
	const char *want = "A 1\na 3\na\001 1\na b;c 4\na!;d 5\na:b 2\na;x 1\na;x;y 7\n"
	    "a;x;y;\001 2\nab 6\nz;a 1\n";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_text(in, &rep, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	char buf[512];
	FILE *f = fmemopen(buf, sizeof(buf), "w");
	CHECK_INT(export_folded(p, 0, -1, f), 0);
	fclose(f);
	CHECK_STR(buf, want);
	profile_sort(p, FT_SORT_WEIGHT, 0); /* children heaviest first */
	f = fmemopen(buf, sizeof(buf), "w");
	CHECK_INT(export_folded(p, 0, -1, f), 0);
	fclose(f);
	CHECK_STR(buf, want);
	profile_free(p);
	/* Empty names: the separators stay (a top frame's text may be
	 * empty). */
	p = load_text(";;; 3\n;a;;b 2\n;x 1\n", &rep, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	f = fmemopen(buf, sizeof(buf), "w");
	CHECK_INT(export_folded(p, 0, -1, f), 0);
	fclose(f);
	CHECK_STR(buf, ";;; 3\n;a;;b 2\n;x 1\n");
	profile_free(p);
}

TEST(format_sniffing)
{
	CHECK_INT(load_sniff("a;b 1\n", 6), FT_FMT_FOLDED);
	CHECK_INT(load_sniff("\x0a\x04\x08\x01\x10\x02", 6), FT_FMT_PPROF);
	const char *perf = "dd 1234 [000] 1.0: 1 cycles:\n\tffffffff8106 native_write_msr (vmlinux)\n";
	CHECK_INT(load_sniff(perf, strlen(perf)), FT_FMT_PERF);
	CHECK_INT(load_sniff("\nfoo;bar 1\n", 11), FT_FMT_FOLDED);
}

/* Issue 24 item 6: a tiny folded file is also well-formed protobuf (x is
 * field 15 as a varint, y field 15 as fixed64, \n field 1 ...); text whose
 * every line is a folded line is folded. */
TEST(tiny_folded_not_pprof)
{
	CHECK_INT(load_sniff("x;y 5\nx;z 7\n", 12), FT_FMT_FOLDED);
	CHECK_INT(load_sniff("x;y 5 6\nx;z 7 8\n", 16), FT_FMT_FOLDED);
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_text("x;y 5\nx;z 7\n", &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_INT(p->total[0], 12);
		profile_free(p);
	}
	/* Real protobuf stays protobuf: control bytes. */
	CHECK_INT(load_sniff("\x0a\x04\x08\x01\x10\x02", 6), FT_FMT_PPROF);
}

/* Folded counts are sample counts: a negative one is a malformed line. */
TEST(negative_counts_refused)
{
	ft_load_report rep;
	ft_diag err;
	char b[40];
	ft_profile *p = load_text("a;b 10\na;d -5\na;e 1\n", &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.invalid, 1);
	CHECK(strstr(rep.first_bad.msg, "t.folded:2: negative count") != NULL);
	CHECK_STR(total_str(p, 0, b), "11");
	profile_free(p);
	p = load_text("a 1 -2\nb 1 1\nc 2 2\n", &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.invalid, 1);
	profile_free(p);
}

/* Most lines malformed: not a folded profile (inferno's collapse-sample
 * input loaded 4 of 199 lines); a long run of nothing but malformed lines
 * stops reading early. */
TEST(mostly_malformed_is_an_error)
{
	ft_load_report rep;
	ft_diag err;
	CHECK(load_text("a 1\nx\ny\n", &rep, &err) == NULL);
	CHECK(strstr(err.msg, "t.folded: not a folded profile: 2 of 3 stack lines are malformed "
	    "(first: t.folded:2: ") != NULL);
	ft_profile *p = load_text("a 1\nx\nb 2\n", &rep, &err); /* half: loads, warned */
	CHECK(p != NULL);
	profile_free(p);
	size_t n = 5000 * 6 + 16;
	char *t = malloc(n), *o = t;
	for (int i = 0; i < 5000; i++)
		o += sprintf(o, "junk%d\n", i % 10);
	strcpy(o, "a 1\n");
	CHECK(load_text(t, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "not a folded profile: the first 1000 lines are all malformed") != NULL);
	CHECK_INT(rep.lines, 1000);
	free(t);
}

/* A lone CR ends a line (old Mac files); CRLF still works; line numbers
 * in messages count CR-ended lines. */
TEST(cr_line_ends)
{
	ft_load_report rep;
	ft_diag err;
	char b[40];
	ft_profile *p = load_text("a;b 5\ra;c 3\r", &rep, &err);
	CHECK(p != NULL);
	CHECK_STR(total_str(p, 0, b), "8");
	CHECK_INT(rep.lines, 2);
	CHECK(node_at(p, "a;b") != FT_NONE && node_at(p, "a;c") != FT_NONE);
	profile_free(p);
	p = load_text("a;b 5\rbad\ra;c 3\ra;d 1\r\n", &rep, &err);
	CHECK(p != NULL);
	CHECK_STR(total_str(p, 0, b), "9");
	CHECK(strstr(rep.first_bad.msg, "t.folded:2: ") != NULL);
	profile_free(p);
	p = load_text("a;b 5\r\na;c 3\r\n", &rep, &err);
	CHECK_STR(total_str(p, 0, b), "8");
	CHECK_INT(rep.lines, 2);
	profile_free(p);
}

/* One count in a differential file is read as BEFORE 0, with a warning
 * naming the first such line; a count after whitespace only is "no stack",
 * not "no count". */
TEST(differential_one_count_warned_and_no_stack)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_text("a 1 2\nb 3\nc 4\n", &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.nwarn, 1);
	CHECK(strstr(rep.warn[0].msg, "t.folded: 2 lines with one count in a differential "
	    "(two-count) file, read as BEFORE 0; first: t.folded:2: `b 3`") != NULL);
	CHECK_INT(profile_total(p, FT_ROOT, 0), 1);
	CHECK_INT(profile_total(p, FT_ROOT, 1), 9);
	profile_free(p);
	p = load_text("a 1 2\nb 3 4\n", &rep, &err);
	CHECK_INT(rep.nwarn, 0);
	profile_free(p);
	p = load_text("\v\f 3\na 1\nb 1\n", &rep, &err);
	CHECK(strstr(rep.first_bad.msg, "t.folded:1: no stack before the count") != NULL);
	profile_free(p);
}

/* The token before the count makes a line differential only when it is a
 * number: a frame name ending in a space and a word, or a number-like
 * word with other bytes, stays part of the stack. */
TEST(differential_only_a_number_before_the_count)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_text("f x1 5\ng 1.5.2 7\nh;i 3x 2\nj x-3 1\n7 4\n", &rep, &err);
	CHECK(p != NULL);
	CHECK(!p->differential);
	CHECK_INT(rep.valid, 5);
	CHECK_INT(profile_total(p, node_at(p, "f x1"), 0), 5);
	CHECK_INT(profile_total(p, node_at(p, "g 1.5.2"), 0), 7);
	CHECK_INT(profile_total(p, node_at(p, "h;i 3x"), 0), 2);
	CHECK_INT(profile_total(p, node_at(p, "j x-3"), 0), 1);
	CHECK_INT(profile_total(p, node_at(p, "7"), 0), 4);
	profile_free(p);
	p = load_text("a b\t 12  3\nc -1 2\nd 99999999999999999999999 5\ne 1 1\nf 2 0\n",
	    &rep, &err);
	CHECK(p != NULL);
	CHECK(p->differential);
	CHECK_INT(rep.valid, 3);
	CHECK_INT(rep.invalid, 2);
	CHECK_INT(profile_total(p, node_at(p, "a b"), 0), 12);
	CHECK_INT(profile_total(p, node_at(p, "a b"), 1), 3);
	CHECK(strstr(rep.first_bad.msg, "t.folded:2: negative count") != NULL);
	profile_free(p);
}

/* An endless line is an error naming the line and the limit, not memory
 * growing without bound. */
TEST(line_length_capped)
{
	size_t n = 5000;
	char *t = malloc(n + 16);
	memset(t, 'a', n);
	strcpy(t + n, " 1\n");
	ft_source *s = source_open_mem(t, strlen(t), "t.folded");
	source_set_max_line(s, 1000);
	ft_load_opts o = {0};
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_source(s, FT_FMT_FOLDED, NULL, &o, &rep, &err);
	source_close(s);
	CHECK(p == NULL);
	CHECK(strstr(err.msg, "t.folded:1: line longer than 1000 bytes (the limit); not a profile?") != NULL);
	s = source_open_mem(t, strlen(t), "t.folded");
	source_set_max_line(s, 6000);
	p = load_source(s, FT_FMT_FOLDED, NULL, &o, &rep, &err);
	source_close(s);
	CHECK(p != NULL);
	profile_free(p);
	free(t);
}

int
main(void)
{
	RUN(fractional_counts_kept);
	RUN(refused_rescale_changes_nothing);
	RUN(differential_two_columns);
	RUN(comments_blank_crlf_final_line);
	RUN(duplicates_summed_prefix_gets_self);
	RUN(empty_and_invalid_inputs);
	RUN(strict_mode_is_fatal);
	RUN(odd_frames_space_dash_empty);
	RUN(kind_suffixes_stripped_and_restored);
	RUN(huge_counts_and_long_lines);
	RUN(gzip_detected_by_magic);
	RUN(sorted_and_unsorted_agree);
	RUN(export_in_byte_order);
	RUN(format_sniffing);
	RUN(tiny_folded_not_pprof);
	RUN(negative_counts_refused);
	RUN(mostly_malformed_is_an_error);
	RUN(cr_line_ends);
	RUN(differential_one_count_warned_and_no_stack);
	RUN(differential_only_a_number_before_the_count);
	RUN(line_length_capped);
	return unit_report();
}
