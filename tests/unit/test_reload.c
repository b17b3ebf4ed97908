/* test_reload.c - --watch's pieces: change detection (file_watch.c), the
 * background loader (reload.c) with its copy of the name table, and the
 * held-back unterminated last line (source.c). */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "input/reload.h"
#include "unit.h"
#include "input/file_watch.h"

static char dir[64];

static void
put(const char *name, const char *text, const char *mode)
{
	char p[128];
	snprintf(p, sizeof(p), "%s/%s", dir, name);
	FILE *f = fopen(p, mode);
	fputs(text, f);
	fclose(f);
}

static const char *
path(const char *name)
{
	static char p[128];
	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return p;
}

TEST(intern_copy_keeps_ids)
{
	ft_intern *t = intern_new();
	uint32_t a = intern_get(t, "alpha", 5, FT_KIND_NONE);
	uint32_t k = intern_get(t, "alpha", 5, FT_KIND_KERNEL);
	uint32_t b = intern_get(t, "beta", 4, FT_KIND_NONE);
	ft_intern *c = intern_copy(t);
	CHECK_INT(intern_count(c), intern_count(t));
	CHECK_INT(intern_find(c, "alpha", 5, FT_KIND_NONE), a);
	CHECK_INT(intern_find(c, "alpha", 5, FT_KIND_KERNEL), k);
	CHECK_INT(intern_find(c, "beta", 4, FT_KIND_NONE), b);
	CHECK_INT(intern_get(c, "gamma", 5, FT_KIND_NONE), intern_count(t));
	intern_unref(c);
	intern_unref(t);
}

TEST(watch_sees_append_replace_truncate)
{
	put("w.folded", "a;b 1\n", "w");
	ft_watch *w = watch_new(path("w.folded"), 1);
	CHECK(watch_fd(w) >= 0); /* inotify on Linux */
	CHECK_INT(watch_check(w), 0);
	put("w.folded", "a;c 2\n", "a");
	CHECK_INT(watch_check(w), 1);
	CHECK_INT(watch_check(w), 0); /* events drained */
	put("n.folded", "x 1\n", "w");
	CHECK_INT(watch_check(w), 0); /* another file in the directory */
	char to[128];
	snprintf(to, sizeof(to), "%s", path("w.folded"));
	CHECK_INT(rename(path("n.folded"), to), 0);
	CHECK_INT(watch_check(w), 1);
	put("w.folded", "", "w");
	CHECK_INT(watch_check(w), 1);
	/* Deleted: said once (issue 24 item 20), then read when it is back. */
	CHECK_INT(unlink(path("w.folded")), 0);
	CHECK_INT(watch_check(w), -1);
	CHECK_INT(watch_check(w), 0);
	put("w.folded", "a;d 3\n", "w");
	CHECK_INT(watch_check(w), 1);
	watch_free(w);
}

TEST(whole_lines_hold_back_the_last)
{
	put("p.folded", "a;b 1\na;c 2\na;d 4", "w");
	ft_load_opts o = {0};
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_file(path("p.folded"), NULL, &o, &rep, &err);
	CHECK(p != NULL && profile_total(p, FT_ROOT, 0) == 7);
	profile_free(p);
	o.whole_lines = 1;
	p = load_file(path("p.folded"), NULL, &o, &rep, &err);
	CHECK(p != NULL && profile_total(p, FT_ROOT, 0) == 3);
	profile_free(p);
}

TEST(reloader_loads_in_the_background)
{
	put("r.folded", "main;a 5\nmain;b 6\n", "w");
	const char *files[1] = {path("r.folded")};
	char keep[128];
	snprintf(keep, sizeof(keep), "%s", files[0]);
	files[0] = keep;
	ft_load_opts o = {0};
	ft_reloader *r = reloader_new(files, 1, &o);
	ft_intern *names = intern_new();
	uint32_t b = intern_get(names, "b", 1, FT_KIND_NONE);
	ft_profile *out[2] = {NULL, NULL};
	ft_diag err;
	CHECK_INT(reloader_take(r, out, &err), 0); /* nothing started */
	reloader_start(r, names);
	reloader_start(r, names); /* while running: remembered */
	struct pollfd pf = {reloader_fd(r), POLLIN, 0};
	CHECK_INT(poll(&pf, 1, 10000), 1);
	CHECK_INT(reloader_take(r, out, &err), 1);
	CHECK(out[0] != NULL && profile_total(out[0], FT_ROOT, 0) == 11);
	/* The copy kept "b"'s id. */
	CHECK_INT(intern_find(out[0]->names, "b", 1, FT_KIND_NONE), b);
	CHECK_INT(reloader_pending(r), 1);
	profile_free(out[0]);
	/* A failing load is reported, not fatal. */
	unlink(keep);
	reloader_start(r, names);
	CHECK_INT(poll(&pf, 1, 10000), 1);
	CHECK_INT(reloader_take(r, out, &err), -1);
	CHECK(strstr(err.msg, "r.folded") != NULL);
	reloader_free(r);
	intern_unref(names);
}

/* A watched path replaced by a FIFO (issue 24 item 17): the watch says
 * what it is, and a --watch load (regular_only) refuses it at once
 * instead of blocking in open() for a writer (alarm: a hang fails). */
TEST(fifo_is_refused_not_waited_on)
{
	put("f.folded", "a;b 1\n", "w");
	ft_watch *w = watch_new(path("f.folded"), 1);
	CHECK(watch_not_regular(w) == NULL);
	unlink(path("f.folded"));
	CHECK_INT(mkfifo(path("f.folded"), 0600), 0);
	CHECK_INT(watch_check(w), 1);
	CHECK_STR(watch_not_regular(w), "a FIFO");
	watch_free(w);
	ft_load_opts o = {.regular_only = 1, .whole_lines = 1};
	ft_load_report rep;
	ft_diag err = {{0}};
	alarm(10);
	ft_profile *p = load_file(path("f.folded"), NULL, &o, &rep, &err);
	alarm(0);
	CHECK(p == NULL);
	CHECK(strstr(err.msg, "f.folded: a FIFO, not a regular file: not read") != NULL);
	unlink(path("f.folded"));
}

/* A load that read a file which did not change meanwhile is stable; a
 * change that leaves the file as that load read it (a late event) starts
 * no load, which could only find "+0" (issue 24 item 8). */
TEST(stable_load_skips_a_repeat)
{
	put("s.folded", "main;a 5\n", "w");
	const char *files[1] = {path("s.folded")};
	char keep[128];
	snprintf(keep, sizeof(keep), "%s", files[0]);
	files[0] = keep;
	ft_load_opts o = {0};
	ft_reloader *r = reloader_new(files, 1, &o);
	ft_intern *names = intern_new();
	ft_profile *out[2] = {NULL, NULL};
	ft_diag err;
	struct pollfd pf = {reloader_fd(r), POLLIN, 0};
	CHECK_INT(reloader_start(r, names), 1);
	CHECK_INT(poll(&pf, 1, 10000), 1);
	CHECK_INT(reloader_take(r, out, &err), 1);
	CHECK_INT(reloader_stable(r), 1);
	profile_free(out[0]);
	CHECK_INT(reloader_start(r, names), 0); /* nothing new */
	put("s.folded", "main;b 6\n", "a");
	CHECK_INT(reloader_start(r, names), 1);
	CHECK_INT(poll(&pf, 1, 10000), 1);
	CHECK_INT(reloader_take(r, out, &err), 1);
	CHECK(out[0] != NULL && profile_total(out[0], FT_ROOT, 0) == 11);
	profile_free(out[0]);
	reloader_free(r);
	intern_unref(names);
}

int
main(void)
{
	snprintf(dir, sizeof(dir), "/tmp/ft-reload.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return 1;
	RUN(intern_copy_keeps_ids);
	RUN(watch_sees_append_replace_truncate);
	RUN(whole_lines_hold_back_the_last);
	RUN(reloader_loads_in_the_background);
	RUN(fifo_is_refused_not_waited_on);
	RUN(stable_load_skips_a_repeat);
	const char *rm[] = {"w.folded", "p.folded", "r.folded", "n.folded", "f.folded",
	    "s.folded"};
	for (size_t i = 0; i < sizeof(rm) / sizeof(rm[0]); i++)
		unlink(path(rm[i]));
	rmdir(dir);
	return unit_report();
}
