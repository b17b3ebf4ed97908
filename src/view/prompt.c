/* prompt.c - line editing (see prompt.h). */
#include "view/prompt.h"

#include <string.h>
#include <stdlib.h>

#include "view/keymap.h"
#include "base/xalloc.h"

void
prompt_start(ft_prompt *p, const char *initial, ft_history *h)
{
	memset(p, 0, sizeof(*p));
	if (initial != NULL) {
		size_t n = strlen(initial);
		if (n >= PROMPT_MAX)
			n = PROMPT_MAX - 1;
		memcpy(p->text, initial, n);
		p->len = p->cur = n;
	}
	p->hist = h;
	p->hpos = h != NULL ? h->n : 0;
}

static int
is_cont(char c)
{
	return ((unsigned char)c & 0xc0) == 0x80;
}

static size_t
prev_cp(const ft_prompt *p, size_t i)
{
	if (i == 0)
		return 0;
	i--;
	while (i > 0 && is_cont(p->text[i]))
		i--;
	return i;
}

static size_t
next_cp(const ft_prompt *p, size_t i)
{
	if (i >= p->len)
		return p->len;
	i++;
	while (i < p->len && is_cont(p->text[i]))
		i++;
	return i;
}

/* Delete bytes [a, b). */
static void
cut(ft_prompt *p, size_t a, size_t b)
{
	memmove(p->text + a, p->text + b, p->len - b);
	p->len -= b - a;
	p->text[p->len] = '\0';
	if (p->cur > b)
		p->cur -= b - a;
	else if (p->cur > a)
		p->cur = a;
}

static void
insert_cp(ft_prompt *p, int c)
{
	char buf[4];
	size_t n;
	if (c < 0x80) {
		buf[0] = (char)c;
		n = 1;
	} else if (c < 0x800) {
		buf[0] = (char)(0xc0 | (c >> 6));
		buf[1] = (char)(0x80 | (c & 0x3f));
		n = 2;
	} else if (c < 0x10000) {
		buf[0] = (char)(0xe0 | (c >> 12));
		buf[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		buf[2] = (char)(0x80 | (c & 0x3f));
		n = 3;
	} else {
		buf[0] = (char)(0xf0 | (c >> 18));
		buf[1] = (char)(0x80 | ((c >> 12) & 0x3f));
		buf[2] = (char)(0x80 | ((c >> 6) & 0x3f));
		buf[3] = (char)(0x80 | (c & 0x3f));
		n = 4;
	}
	if (p->len + n >= PROMPT_MAX)
		return;
	memmove(p->text + p->cur + n, p->text + p->cur, p->len - p->cur);
	memcpy(p->text + p->cur, buf, n);
	p->len += n;
	p->cur += n;
	p->text[p->len] = '\0';
}

static void
set_text(ft_prompt *p, const char *s)
{
	size_t n = strlen(s);
	if (n >= PROMPT_MAX)
		n = PROMPT_MAX - 1;
	memcpy(p->text, s, n);
	p->text[n] = '\0';
	p->len = p->cur = n;
}

static void
history_step(ft_prompt *p, int dir)
{
	ft_history *h = p->hist;
	if (h == NULL)
		return;
	int to = p->hpos + dir;
	if (to < 0 || to > h->n)
		return;
	if (p->hpos == h->n)
		memcpy(p->saved, p->text, p->len + 1);
	p->hpos = to;
	set_text(p, to == h->n ? p->saved : h->line[to]);
}

int
prompt_key(ft_prompt *p, int key)
{
	switch (key) {
	case FTK_ENTER:
	case '\r':
	case '\n':
		return PROMPT_ACCEPT;
	case FTK_ESC:
	case FTK_CTRL('g'):
	case FTK_CTRL('c'):
		return PROMPT_CANCEL;
	case FTK_BACKSPACE:
	case 0x7f:
	case FTK_CTRL('h'):
		cut(p, prev_cp(p, p->cur), p->cur);
		break;
	case FTK_DELETE:
	case FTK_CTRL('d'):
		cut(p, p->cur, next_cp(p, p->cur));
		break;
	case FTK_LEFT:
	case FTK_CTRL('b'):
		p->cur = prev_cp(p, p->cur);
		break;
	case FTK_RIGHT:
	case FTK_CTRL('f'):
		p->cur = next_cp(p, p->cur);
		break;
	case FTK_HOME:
	case FTK_CTRL('a'):
		p->cur = 0;
		break;
	case FTK_END:
	case FTK_CTRL('e'):
		p->cur = p->len;
		break;
	case FTK_CTRL('u'):
		cut(p, 0, p->cur);
		break;
	case FTK_CTRL('k'):
		cut(p, p->cur, p->len);
		break;
	case FTK_CTRL('w'): {
		size_t a = p->cur;
		while (a > 0 && p->text[a - 1] == ' ')
			a--;
		while (a > 0 && p->text[a - 1] != ' ')
			a--;
		cut(p, a, p->cur);
		break;
	}
	case FTK_UP:
		history_step(p, -1);
		break;
	case FTK_DOWN:
		history_step(p, 1);
		break;
	default:
		if (key >= 0x20 && key != 0x7f && key < FTK_BASE &&
		    !(key >= 0xd800 && key <= 0xdfff))
			insert_cp(p, key);
		break;
	}
	return PROMPT_EDIT;
}

int
prompt_cursor_col(const ft_prompt *p)
{
	int n = 0;
	for (size_t i = 0; i < p->cur; i++)
		if (!is_cont(p->text[i]))
			n++;
	return n;
}

void
history_add(ft_history *h, const char *line)
{
	if (line[0] == '\0' || (h->n > 0 && strcmp(h->line[h->n - 1], line) == 0))
		return;
	if (h->n == PROMPT_HIST) {
		free(h->line[0]);
		memmove(h->line, h->line + 1, sizeof(char *) * (PROMPT_HIST - 1));
		h->n--;
	}
	h->line[h->n++] = xstrdup(line);
}

void
history_free(ft_history *h)
{
	for (int i = 0; i < h->n; i++)
		free(h->line[i]);
	h->n = 0;
}
