/* test_prompt.c - the line editor. */
#include "view/keymap.h"
#include "view/prompt.h"
#include "unit.h"

static void
type(ft_prompt *p, const char *s)
{
	for (; *s; s++)
		prompt_key(p, (unsigned char)*s);
}

TEST(edit)
{
	ft_prompt p;
	prompt_start(&p, NULL, NULL);
	type(&p, "helo");
	prompt_key(&p, FTK_LEFT);
	type(&p, "l");
	CHECK_STR(p.text, "hello");
	prompt_key(&p, FTK_HOME);
	prompt_key(&p, FTK_DELETE);
	CHECK_STR(p.text, "ello");
	prompt_key(&p, FTK_END);
	prompt_key(&p, FTK_BACKSPACE);
	CHECK_STR(p.text, "ell");
	CHECK_INT(prompt_cursor_col(&p), 3);
	type(&p, " foo bar");
	prompt_key(&p, FTK_CTRL('w'));
	CHECK_STR(p.text, "ell foo ");
	prompt_key(&p, FTK_LEFT);
	prompt_key(&p, FTK_CTRL('u'));
	CHECK_STR(p.text, " ");
	CHECK_INT(p.cur, 0);
	CHECK_INT(prompt_key(&p, FTK_ENTER), PROMPT_ACCEPT);
	CHECK_INT(prompt_key(&p, FTK_ESC), PROMPT_CANCEL);
}

TEST(utf8)
{
	ft_prompt p;
	prompt_start(&p, "a", NULL);
	prompt_key(&p, 0xe9); /* é */
	prompt_key(&p, 0x1f525);
	CHECK_STR(p.text, "a\xc3\xa9\xf0\x9f\x94\xa5");
	CHECK_INT(prompt_cursor_col(&p), 3);
	prompt_key(&p, FTK_LEFT);
	prompt_key(&p, FTK_BACKSPACE);
	CHECK_STR(p.text, "a\xf0\x9f\x94\xa5");
	CHECK_INT(prompt_cursor_col(&p), 1);
	/* Control codes and special keys are not inserted. */
	prompt_key(&p, 0x01b);
	prompt_key(&p, FTK_TAB);
	CHECK_STR(p.text, "a\xf0\x9f\x94\xa5");
}

TEST(history)
{
	ft_history h = {{0}, 0};
	history_add(&h, "one");
	history_add(&h, "two");
	history_add(&h, "two");
	history_add(&h, "");
	CHECK_INT(h.n, 2);
	ft_prompt p;
	prompt_start(&p, NULL, &h);
	type(&p, "new");
	prompt_key(&p, FTK_UP);
	CHECK_STR(p.text, "two");
	prompt_key(&p, FTK_UP);
	CHECK_STR(p.text, "one");
	prompt_key(&p, FTK_UP);
	CHECK_STR(p.text, "one");
	prompt_key(&p, FTK_DOWN);
	prompt_key(&p, FTK_DOWN);
	CHECK_STR(p.text, "new");
	for (int i = 0; i < PROMPT_HIST + 5; i++) {
		char b[16];
		snprintf(b, sizeof(b), "l%d", i);
		history_add(&h, b);
	}
	CHECK_INT(h.n, PROMPT_HIST);
	CHECK_STR(h.line[PROMPT_HIST - 1], "l68");
	history_free(&h);
}

TEST(full)
{
	ft_prompt p;
	prompt_start(&p, NULL, NULL);
	for (int i = 0; i < PROMPT_MAX + 10; i++)
		prompt_key(&p, 'x');
	CHECK_INT(p.len, PROMPT_MAX - 1);
}

int
main(void)
{
	RUN(edit);
	RUN(utf8);
	RUN(history);
	RUN(full);
	return unit_report();
}
