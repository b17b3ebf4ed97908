/* test_relabel.c - thread root frames, --group and units. */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>

#include "export/export_folded.h"
#include "profile/relabel.h"
#include "profile/units.h"

static char *
folded(const ft_profile *p)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	export_folded(p, 0, -1, f);
	fclose(f);
	return buf;
}

static void
add(ft_profile *p, uint32_t node, const char *frames, ft_val v)
{
	ft_diag err;
	const char *s = frames;
	while (*s) {
		const char *e = strchr(s, ';');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		node = profile_child(p, node, intern_get(p->names, s, n, FT_KIND_NONE));
		s += n + (e != NULL);
	}
	profile_add_self(p, node, &v, &err);
}

static char *
regrouped(const ft_profile *p, int g)
{
	ft_diag err;
	ft_profile *q = profile_regroup(p, g, FT_SORT_NAME, 0, &err);
	CHECK(q != NULL);
	CHECK_INT(q->nthreads, 0);
	CHECK_INT(profile_total(q, FT_ROOT, 0), profile_total(p, FT_ROOT, 0));
	char *f = folded(q);
	profile_free(q);
	return f;
}

/* A runtime format: thread names, a pid, no comm root at none. */
TEST(thread_names_without_comm_root)
{
	ft_profile *p = profile_new(NULL, 1);
	ft_thread main_t = {"node", 4, "main", 4, 7, -1, 0};
	ft_thread worker = {"node", 4, "worker 1", 8, 7, -1, 0};
	ft_thread jfr = {NULL, 0, "pool-1", 6, -1, 12, 0};
	uint32_t a = profile_thread_root(p, &main_t);
	CHECK_INT(profile_thread_root(p, &main_t), a);
	add(p, a, "run;f", 3);
	add(p, profile_thread_root(p, &worker), "run;g", 2);
	add(p, profile_thread_root(p, &jfr), "run;f", 1);
	add(p, FT_ROOT, "other", 4); /* a stack without a thread stays put */
	ft_diag err;
	CHECK(profile_finish(p, FT_SORT_NAME, 0, &err) == 0);
	CHECK_INT(p->nthreads, 3);
	CHECK_INT(profile_process_count(p), 1);
	char *f = folded(p);
	CHECK_STR(f, "main-7;run;f 3\nother 4\npool-1/12;run;f 1\nworker 1-7;run;g 2\n");
	free(f);
	f = regrouped(p, FT_GROUP_THREAD);
	CHECK_STR(f, "main-7;run;f 3\nother 4\npool-1/12;run;f 1\nworker 1-7;run;g 2\n");
	free(f);
	f = regrouped(p, FT_GROUP_PROCESS);
	CHECK_STR(f, "node-7;run;f 3\nnode-7;run;g 2\nother 4\nrun;f 1\n");
	free(f);
	f = regrouped(p, FT_GROUP_NONE);
	CHECK_STR(f, "other 4\nrun;f 4\nrun;g 2\n");
	free(f);
	profile_free(p);
}

/* A stack that is only a thread (no frames) keeps its value at none. */
TEST(empty_thread_stack_goes_to_root)
{
	ft_profile *p = profile_new(NULL, 1);
	ft_thread t = {NULL, 0, "idle", 4, -1, -1, 0};
	ft_val v = 5;
	ft_diag err;
	profile_add_self(p, profile_thread_root(p, &t), &v, &err);
	add(p, profile_thread_root(p, &t), "x", 1);
	CHECK(profile_finish(p, FT_SORT_NAME, 0, &err) == 0);
	ft_profile *q = profile_regroup(p, FT_GROUP_NONE, FT_SORT_NAME, 0, &err);
	CHECK(q != NULL);
	if (q != NULL) {
		CHECK_INT(profile_self(q, FT_ROOT, 0), 5);
		CHECK_INT(profile_total(q, FT_ROOT, 0), 6);
		profile_free(q);
	}
	profile_free(p);
}

TEST(group_names)
{
	CHECK_INT(group_parse("none"), FT_GROUP_NONE);
	CHECK_INT(group_parse("process"), FT_GROUP_PROCESS);
	CHECK_INT(group_parse("thread"), FT_GROUP_THREAD);
	CHECK_INT(group_parse("threads"), -1);
	CHECK_STR(group_name(FT_GROUP_THREAD), "thread");
}

TEST(unit_words)
{
	CHECK_STR(units_parse("us"), "microseconds");
	CHECK_STR(units_parse("ns"), "nanoseconds");
	CHECK_STR(units_parse("s"), "seconds");
	CHECK_STR(units_parse("bytes"), "bytes");
	CHECK_STR(units_parse("samples"), "samples");
	CHECK(units_parse("furlongs") == NULL);
	CHECK_STR(units_type_name("microseconds"), "time");
	CHECK_STR(units_type_name("bytes"), "space");
	ft_profile *p = profile_new(NULL, 1);
	char b[64];
	profile_set_type(p, 0, "time", "microseconds");
	CHECK(!units_is_count(p, 0));
	CHECK_STR(units_human(b, sizeof(b), p, 0, 1200000), "1.2 s");
	profile_set_type(p, 0, "samples", "samples");
	CHECK(units_is_count(p, 0));
	CHECK_STR(units_type_label(b, sizeof(b), p, 0), "samples");
	profile_free(p);
}

int
main(void)
{
	RUN(thread_names_without_comm_root);
	RUN(empty_thread_stack_goes_to_root);
	RUN(group_names);
	RUN(unit_words);
	return unit_report();
}
