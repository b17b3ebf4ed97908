/* test_prompt_help.c - the `:` prompt's hint line, Tab and wrong verbs. */
#include <string.h>

#include "helpers.h"
#include "view/keymap.h"
#include "view/prompt.h"
#include "view/prompt_help.h"
#include "unit.h"

static void
type(ft_prompt *p, const char *s)
{
	for (; *s; s++)
		prompt_key(p, (unsigned char)*s);
}

static const char *
hint(const char *text, int width)
{
	static char buf[512];
	return prompt_filter_hint(text, strlen(text), width, buf, sizeof(buf));
}

TEST(hint_lists_and_explains)
{
	/* Nothing typed: the verbs with their arguments, as many as fit. */
	const char *h = hint("", 400);
	CHECK(strstr(h, "focus RE") != NULL);
	CHECK(strstr(h, "tagfocus [KEY=]VALUE") != NULL);
	CHECK(strstr(h, "collapse-recursion [direct|all]") != NULL);
	CHECK(strstr(h, "invert") != NULL);
	/* Narrow: cut at a whole verb with "...", never past the width. */
	h = hint("", 40);
	CHECK(strlen(h) <= 40);
	CHECK(strstr(h, "...") != NULL);
	/* A prefix: only the verbs it starts. */
	h = hint("tag", 200);
	CHECK(strstr(h, "tagroot KEYS") != NULL);
	CHECK(strstr(h, "focus RE") == NULL);
	h = hint("pr", 200);
	CHECK(strstr(h, "prune-from RE") != NULL);
	CHECK(strstr(h, "show RE") == NULL);
	/* A whole verb and a space: its meaning and an example. */
	h = hint("prune-from ", 200);
	CHECK(strncmp(h, "prune-from RE: cut each stack below its first match", 51) == 0);
	CHECK(strstr(h, "e.g. prune-from") != NULL);
	h = hint("show_from x", 200); /* pprof's spelling */
	CHECK(strncmp(h, "show-from RE:", 13) == 0);
	h = hint("invert", 200); /* no argument: explained at once */
	CHECK(strncmp(h, "invert: bottom-up", 17) == 0);
	h = hint("focus ", 30);
	CHECK(strlen(h) <= 30);
	/* No such verb: said, with the verbs. */
	h = hint("sort", 200);
	CHECK(strncmp(h, "no verb 'sort'; verbs: focus  ignore", 36) == 0);
}

TEST(unknown_verb_fits_the_width)
{
	char buf[512];
	for (int w = 30; w <= 200; w += 10) {
		const char *m = prompt_filter_unknown("sort by self", w, buf, sizeof(buf));
		CHECK(strlen(m) <= (size_t)w);
		CHECK(strncmp(m, "no verb 'sort'; verbs:", 22) == 0);
	}
	const char *m = prompt_filter_unknown("sort", 200, buf, sizeof(buf));
	CHECK(strstr(m, "taghide") != NULL);
	CHECK(strstr(m, "collapse-recursion") != NULL);
	CHECK(strstr(m, "...") == NULL);
}

TEST(tab_completes_verbs)
{
	ft_prompt p;
	prompt_start(&p, NULL, NULL);
	type(&p, "fo");
	CHECK_INT(prompt_filter_complete(&p, NULL), 1);
	CHECK_STR(p.text, "focus ");
	/* Several verbs: their common prefix only. */
	prompt_start(&p, NULL, NULL);
	type(&p, "ta");
	CHECK_INT(prompt_filter_complete(&p, NULL), 1);
	CHECK_STR(p.text, "tag");
	CHECK_INT(prompt_filter_complete(&p, NULL), 0);
	type(&p, "r");
	prompt_filter_complete(&p, NULL);
	CHECK_STR(p.text, "tagroot ");
	prompt_start(&p, NULL, NULL);
	type(&p, "inv");
	prompt_filter_complete(&p, NULL);
	CHECK_STR(p.text, "invert"); /* no argument: no space */
	prompt_start(&p, NULL, NULL);
	type(&p, "zz");
	CHECK_INT(prompt_filter_complete(&p, NULL), 0);
	CHECK_STR(p.text, "zz");
}

TEST(tab_completes_frame_names)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *pr = load_text("main;run;eval.step 3\nmain;run;eval.stop 2\n"
	    "main;runtime.mallocgc 1\nmain;std::vector<int>::push_back(int) 4\n", &rep, &err);
	CHECK(pr != NULL);
	if (pr == NULL)
		return;
	ft_prompt p;
	prompt_start(&p, NULL, NULL);
	type(&p, "focus ev");
	CHECK_INT(prompt_filter_complete(&p, pr), 1);
	CHECK_STR(p.text, "focus eval\\.st"); /* common prefix, '.' escaped */
	type(&p, "e");
	prompt_filter_complete(&p, pr);
	CHECK_STR(p.text, "focus eval\\.step");
	/* After ^ a whole name is anchored at both ends. */
	prompt_start(&p, NULL, NULL);
	type(&p, "hide ^runt");
	prompt_filter_complete(&p, pr);
	CHECK_STR(p.text, "hide ^runtime\\.mallocgc$");
	prompt_start(&p, NULL, NULL);
	type(&p, "ignore std");
	prompt_filter_complete(&p, pr);
	CHECK_STR(p.text, "ignore std::vector<int>::push_back\\(int\\)");
	/* The cursor in the middle: the word before it, the rest kept. */
	prompt_start(&p, NULL, NULL);
	type(&p, "focus ma|x");
	prompt_key(&p, FTK_LEFT);
	prompt_key(&p, FTK_LEFT);
	prompt_filter_complete(&p, pr);
	CHECK_STR(p.text, "focus main|x");
	profile_free(pr);
}

int
main(void)
{
	RUN(hint_lists_and_explains);
	RUN(unknown_verb_fits_the_width);
	RUN(tab_completes_verbs);
	RUN(tab_completes_frame_names);
	return unit_report();
}
