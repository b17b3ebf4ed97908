/* prompt.h - a one-line editor driven by ft_key codes (no curses).
 *
 * Keys: printable characters insert at the cursor; Backspace, Delete,
 * Left/Right, Home/End (and Ctrl-A/Ctrl-E), Ctrl-U (delete to the start),
 * Ctrl-W (delete the word before the cursor), Up/Down walk the history,
 * Enter accepts, Esc (or Ctrl-G) cancels.  Text is UTF-8; the cursor
 * moves over whole code points.  The history is kept by the caller so it
 * outlives one prompt.
 */
#ifndef FT_PROMPT_H
#define FT_PROMPT_H

#include <stddef.h>

#define PROMPT_MAX 1024 /* bytes of text, NUL included */
#define PROMPT_HIST 64  /* lines of history kept */

enum ft_prompt_result { PROMPT_EDIT = 0, PROMPT_ACCEPT, PROMPT_CANCEL };

typedef struct ft_history {
	char *line[PROMPT_HIST]; /* oldest first, owned */
	int n;
} ft_history;

typedef struct ft_prompt {
	char text[PROMPT_MAX];
	size_t len, cur;     /* bytes; cur is the cursor offset */
	ft_history *hist;    /* may be NULL */
	int hpos;            /* history index being shown, hist->n = the edit */
	char saved[PROMPT_MAX]; /* the line being typed while browsing history */
} ft_prompt;

/* Start editing with initial text (may be NULL) and a history. */
void prompt_start(ft_prompt *p, const char *initial, ft_history *h);
/* Feed one key; returns enum ft_prompt_result.  Unknown keys are ignored. */
int prompt_key(ft_prompt *p, int key);
/* Cells from the start of the text to the cursor (one per code point). */
int prompt_cursor_col(const ft_prompt *p);

/* Append a line to the history (duplicates of the last line and empty
 * lines are skipped). */
void history_add(ft_history *h, const char *line);
void history_free(ft_history *h);

#endif
