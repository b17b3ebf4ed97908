/* tui.c - the interactive ncurses front end: the only file that includes
 * curses.
 *
 * It opens the terminal (on /dev/tty when stdin carries the profile),
 * turns curses keys and mouse events into ft_key codes and view actions,
 * and copies the canvas that render.c draws onto the screen, writing only
 * the cells that changed since the last frame.  Colours of the canvas
 * (24-bit RGB) are mapped to what the terminal can show: direct colour,
 * the xterm 256-colour cube, 16 or 8 colours, or none (attributes only).
 *
 * The terminal is restored on every way out: quit keys, errors,
 * SIGINT/SIGTERM/SIGHUP/SIGQUIT (a flag ends the loop, then curses is shut down)
 * and fatal signals (an async-signal-safe handler writes reset sequences
 * saved at start-up and the original termios, then re-raises).
 * It does not decide ASCII vs UTF-8 drawing (cmd_view.c sets v->utf8).
 * What it shows is the view (view.h), one profile or two: keys go to
 * view_key(), the mouse to view_click()/view_wheel(), and render_view()
 * draws the canvas (the whole path is written at the top of view.c).
 */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include "draw/tui.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include <curses.h>
#include <term.h>

#include "draw/canvas.h"
#include "draw/view_svg.h"
#include "view/keymap.h"
#include "draw/render.h"
#include "base/xalloc.h"

/* --- terminal state saved for signal handlers --------------------------- */

static volatile sig_atomic_t got_signal;
/* Set while blocked reading a key: a quit signal arriving then (or just
 * before, after the last check) restores the terminal and dies in the
 * handler, since the blocking read might not be interrupted. */
static volatile sig_atomic_t in_read;
static int term_in_fd = -1, term_out_fd = -1;
static struct termios saved_tio;
static int have_tio;
/* Reset sequences (rmcup, cnorm, sgr0, keypad off) plus mouse off, and,
 * on a terminal without an alternate screen, clear. */
static char reset_seq[256];
static size_t reset_len;
/* A terminal without an alternate screen (no smcup: vt100, linux) keeps
 * what we drew after endwin, with the cursor on its last row, where the
 * shell's prompt would overwrite it: we clear the screen (this string)
 * after endwin, on every way out and on Ctrl-Z, so the prompt starts on
 * a clean screen as it does after leaving an alternate screen. */
static char clear_seq[64];
static size_t clear_len;

static const int quit_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int fatal_signals[] = {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL};
#define NQUIT ((int)(sizeof(quit_signals) / sizeof(quit_signals[0])))
#define NFATAL ((int)(sizeof(fatal_signals) / sizeof(fatal_signals[0])))
static struct sigaction old_quit[NQUIT], old_fatal[NFATAL];

static void emergency_restore(void);

static void
on_quit_signal(int sig)
{
	got_signal = sig;
	if (in_read) {
		emergency_restore();
		signal(sig, SIG_DFL);
		raise(sig);
	}
}

/* Put the terminal back as we found it, using only write(2) and
 * tcsetattr(3) (both async-signal-safe). */
static void
emergency_restore(void)
{
	if (term_out_fd >= 0 && reset_len > 0) {
		ssize_t r = write(term_out_fd, reset_seq, reset_len);
		(void)r;
	}
	if (have_tio && term_in_fd >= 0)
		tcsetattr(term_in_fd, TCSANOW, &saved_tio);
}

static void
on_fatal_signal(int sig)
{
	emergency_restore();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
reset_add(const char *s)
{
	if (s == NULL || s == (char *)-1)
		return;
	size_t n = strlen(s);
	if (reset_len + n < sizeof(reset_seq)) {
		memcpy(reset_seq + reset_len, s, n);
		reset_len += n;
	}
}

/* Save the strings the fatal-signal handler writes (after setupterm). */
static void
save_reset_sequences(int mouse)
{
	reset_len = 0;
	if (mouse)
		reset_add("\033[?1006l\033[?1002l\033[?1000l");
	reset_add(tigetstr("sgr0"));
	reset_add(tigetstr("cnorm"));
	reset_add(tigetstr("rmkx"));
	reset_add(tigetstr("rmcup"));
	clear_len = 0;
	const char *sm = tigetstr("smcup"), *cl = tigetstr("clear");
	if ((sm == NULL || sm == (char *)-1 || *sm == '\0') && cl != NULL &&
	    cl != (char *)-1 && strlen(cl) < sizeof(clear_seq)) {
		/* Without terminfo's padding ("$<50>": a delay, not bytes). */
		for (const char *q = cl; *q != '\0'; q++) {
			const char *e;
			if (q[0] == '$' && q[1] == '<' && (e = strchr(q, '>')) != NULL) {
				q = e;
				continue;
			}
			clear_seq[clear_len++] = *q;
		}
		clear_seq[clear_len] = '\0';
		reset_add(clear_seq);
	}
}

/* After endwin: clear a screen that has no alternate screen to leave. */
static void
clear_main_screen(void)
{
	if (clear_len > 0 && term_out_fd >= 0) {
		fflush(stdout);
		ssize_t r = write(term_out_fd, clear_seq, clear_len);
		(void)r;
	}
}

static void
install_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a signal interrupts the blocking read of a key. */
	sa.sa_handler = on_quit_signal;
	for (int i = 0; i < NQUIT; i++)
		sigaction(quit_signals[i], &sa, &old_quit[i]);
	sa.sa_handler = on_fatal_signal;
	sa.sa_flags = SA_RESETHAND;
	for (int i = 0; i < NFATAL; i++)
		sigaction(fatal_signals[i], &sa, &old_fatal[i]);
}

static void
restore_signals(void)
{
	for (int i = 0; i < NQUIT; i++)
		sigaction(quit_signals[i], &old_quit[i], NULL);
	for (int i = 0; i < NFATAL; i++)
		sigaction(fatal_signals[i], &old_fatal[i], NULL);
}

/* --- colours -------------------------------------------------------------- */

struct pair_slot {
	int fg, bg;     /* terminal colour numbers (-1 default) */
	int pair;       /* 0 = empty slot */
};

#define PAIR_SLOTS 4096 /* power of two, more than pairs we ever use */

struct tui {
	SCREEN *scr;
	FILE *tty;          /* /dev/tty when opened by us */
	int colors;         /* 0 mono, 8, 16, 256, 1 << 24 */
	int default_ok;     /* use_default_colors() worked */
	int max_pair;       /* highest usable pair number */
	int next_pair;
	int pairs_reset;    /* the cache was emptied during this blit */
	struct pair_slot *slots;
	ft_canvas cur, prev;
	int prev_valid;     /* prev matches the screen */
	/* Double clicks (handle_mouse()): the last press and when the
	 * program was ready for the next event after handling it. */
	enum { CLICK_NONE, CLICK_HANDLED, CLICK_WAITING } click;
	int click_x, click_y;
	long long click_idle_ms;
};

#define TUI_DOUBLE_CLICK_MS 400

/* The 16 ANSI colours as xterm shows them. */
static const uint32_t ansi16[16] = {
	0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
	0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
};

static int
dist2(uint32_t a, uint32_t b)
{
	int dr = (int)(a >> 16 & 255) - (int)(b >> 16 & 255);
	int dg = (int)(a >> 8 & 255) - (int)(b >> 8 & 255);
	int db = (int)(a & 255) - (int)(b & 255);
	/* Weighted for how the eye sees green and red. */
	return 3 * dr * dr + 4 * dg * dg + 2 * db * db;
}

/* Nearest xterm cube level index (0..5) of a channel value. */
static int
cube_level(int c)
{
	static const int lv[6] = {0, 95, 135, 175, 215, 255};
	int best = 0;
	for (int i = 1; i < 6; i++)
		if (abs(lv[i] - c) < abs(lv[best] - c))
			best = i;
	return best;
}

static int
quantize_256(uint32_t rgb)
{
	static const int lv[6] = {0, 95, 135, 175, 215, 255};
	int r = (int)(rgb >> 16 & 255), g = (int)(rgb >> 8 & 255), b = (int)(rgb & 255);
	int ri = cube_level(r), gi = cube_level(g), bi = cube_level(b);
	uint32_t cube = (uint32_t)lv[ri] << 16 | (uint32_t)lv[gi] << 8 | (uint32_t)lv[bi];
	int gray_i = ((r + g + b) / 3 - 8 + 5) / 10;
	if (gray_i < 0)
		gray_i = 0;
	if (gray_i > 23)
		gray_i = 23;
	uint32_t gv = (uint32_t)(8 + 10 * gray_i);
	uint32_t gray = gv << 16 | gv << 8 | gv;
	if (dist2(gray, rgb) < dist2(cube, rgb))
		return 232 + gray_i;
	return 16 + 36 * ri + 6 * gi + bi;
}

static int
quantize_ansi(uint32_t rgb, int n)
{
	int best = 0;
	for (int i = 1; i < n; i++)
		if (dist2(ansi16[i], rgb) < dist2(ansi16[best], rgb))
			best = i;
	return best;
}

/* Terminal colour number for a canvas colour. */
static int
term_color(const struct tui *t, uint32_t c, int is_fg)
{
	if (c == FT_COLOR_DEFAULT) {
		if (t->default_ok)
			return -1;
		return is_fg ? COLOR_WHITE : COLOR_BLACK;
	}
	if (t->colors >= 0x1000000)
		return (int)(c & 0xffffff);
	if (t->colors >= 256)
		return quantize_256(c);
	return quantize_ansi(c, t->colors >= 16 ? 16 : 8);
}

static void
pairs_clear(struct tui *t)
{
	memset(t->slots, 0, sizeof(struct pair_slot) * PAIR_SLOTS);
	t->next_pair = 1;
}

static int
define_pair(int pair, int fg, int bg)
{
#if defined(NCURSES_EXT_COLORS)
	return init_extended_pair(pair, fg, bg);
#else
	return init_pair((short)pair, (short)fg, (short)bg);
#endif
}

/* Pair number for (fg, bg), defined on first use.  When the terminal's
 * pairs run out the cache is emptied and the whole screen is redrawn (the
 * old numbers get new meanings); if that happens twice in one frame the
 * rest of the frame uses the default pair. */
static int
pair_for(struct tui *t, int fg, int bg)
{
	if (fg == -1 && bg == -1)
		return 0;
	unsigned h = ((unsigned)fg * 2654435761u ^ (unsigned)bg * 40503u) & (PAIR_SLOTS - 1);
	for (;;) {
		struct pair_slot *s = &t->slots[h];
		if (s->pair == 0)
			break;
		if (s->fg == fg && s->bg == bg)
			return s->pair;
		h = (h + 1) & (PAIR_SLOTS - 1);
	}
	if (t->next_pair > t->max_pair) {
		if (t->pairs_reset)
			return 0;
		pairs_clear(t);
		t->pairs_reset = 1;
		t->prev_valid = 0;
		return pair_for(t, fg, bg);
	}
	int p = t->next_pair++;
	if (define_pair(p, fg, bg) == ERR)
		return 0;
	struct pair_slot *s = &t->slots[h];
	s->fg = fg;
	s->bg = bg;
	s->pair = p;
	return p;
}

/* Choose the colour depth from options, NO_COLOR and terminfo. */
static void
setup_colors(struct tui *t, enum ft_color_opt opt)
{
	t->colors = 0;
	const char *nc = getenv("NO_COLOR");
	if (opt == FT_COLOR_NEVER || (opt == FT_COLOR_AUTO && nc != NULL && *nc != '\0'))
		return;
	if (!has_colors() || start_color() == ERR)
		return;
	t->default_ok = use_default_colors() == OK;
	int rgbflag = tigetflag("RGB");
	if ((rgbflag > 0 || COLORS >= 0x1000000) && COLORS >= 0x1000000)
		t->colors = 0x1000000;
	else if (COLORS >= 256)
		t->colors = 256;
	else if (COLORS >= 16)
		t->colors = 16;
	else if (COLORS >= 8)
		t->colors = 8;
	else
		return;
	t->max_pair = COLOR_PAIRS - 1;
	if (t->max_pair < 1) {
		t->colors = 0;
		return;
	}
	t->slots = xcalloc(PAIR_SLOTS, sizeof(struct pair_slot));
	if (t->max_pair > PAIR_SLOTS * 3 / 4)
		t->max_pair = PAIR_SLOTS * 3 / 4;
	pairs_clear(t);
}

/* --- drawing -------------------------------------------------------------- */

static int
same_cell(const ft_cell *a, const ft_cell *b)
{
	return a->ch == b->ch && a->st.fg == b->st.fg && a->st.bg == b->st.bg &&
	    a->st.attr == b->st.attr;
}

static attr_t
cell_attrs(const struct tui *t, const ft_style *st)
{
	attr_t a = 0;
	if (st->attr & FT_A_BOLD)
		a |= A_BOLD;
	if (st->attr & FT_A_REVERSE)
		a |= A_REVERSE;
	if (st->attr & FT_A_DIM)
		a |= A_DIM;
	if (st->attr & FT_A_UNDERLINE)
		a |= A_UNDERLINE;
	return a;
}

static void
put_cell(struct tui *t, int x, int y, const ft_cell *c, int width)
{
	wchar_t wc[2] = {(wchar_t)c->ch, 0};
	/* Only printable glyphs of the width the canvas planned for reach the
	 * terminal; anything else (a control, a width the C library sees
	 * differently) becomes '?' so the grid stays aligned. */
	if (c->ch < 0x20 || (c->ch >= 0x7f && c->ch < 0xa0) || wcwidth(wc[0]) != width)
		wc[0] = '?';
	int pair = 0;
	if (t->colors > 0)
		pair = pair_for(t, term_color(t, c->st.fg, 1), term_color(t, c->st.bg, 0));
	cchar_t cc;
	setcchar(&cc, wc, cell_attrs(t, &c->st), 0, &pair);
	mvadd_wch(y, x, &cc);
	if (wc[0] == '?' && width == 2) {
		wc[0] = '?';
		setcchar(&cc, wc, cell_attrs(t, &c->st), 0, &pair);
		mvadd_wch(y, x + 1, &cc);
	}
}

/* Copy the changed cells of t->cur onto the screen. */
static void
blit(struct tui *t)
{
	const ft_canvas *c = &t->cur;
	t->pairs_reset = 0;
	for (int pass = 0; pass < 2; pass++) {
		int full = !t->prev_valid || pass > 0;
		for (int y = 0; y < c->h; y++) {
			const ft_cell *row = &c->cells[(size_t)y * (size_t)c->w];
			const ft_cell *old = &t->prev.cells[(size_t)y * (size_t)c->w];
			for (int x = 0; x < c->w; x++) {
				if (row[x].ch == 0)
					continue; /* right half of a wide glyph */
				int wide = x + 1 < c->w && row[x + 1].ch == 0;
				if (!full && same_cell(&row[x], &old[x]) &&
				    (!wide || same_cell(&row[x + 1], &old[x + 1])))
					continue;
				put_cell(t, x, y, &row[x], wide ? 2 : 1);
			}
		}
		/* A pair-cache reset during the pass invalidated what was
		 * drawn with old numbers: draw everything once more. */
		if (!t->pairs_reset)
			break;
	}
	memcpy(t->prev.cells, c->cells, sizeof(ft_cell) * (size_t)c->w * (size_t)c->h);
	t->prev_valid = 1;
	refresh();
}

static void
canvases_resize(struct tui *t, int w, int h, int utf8)
{
	canvas_free(&t->cur);
	canvas_free(&t->prev);
	canvas_init(&t->cur, w, h, utf8);
	canvas_init(&t->prev, w, h, utf8);
	t->prev_valid = 0;
}

/* --- input ---------------------------------------------------------------- */

/* ft_key code for what wget_wch returned. */
static int
map_key(int r, wint_t wc)
{
	if (r == KEY_CODE_YES) {
		switch (wc) {
		case KEY_UP: return FTK_UP;
		case KEY_DOWN: return FTK_DOWN;
		case KEY_LEFT: return FTK_LEFT;
		case KEY_RIGHT: return FTK_RIGHT;
		case KEY_PPAGE: return FTK_PGUP;
		case KEY_NPAGE: return FTK_PGDN;
		case KEY_HOME: case KEY_A1: return FTK_HOME;
		case KEY_END: case KEY_C1: return FTK_END;
		case KEY_ENTER: return FTK_ENTER;
		case KEY_BACKSPACE: return FTK_BACKSPACE;
		case KEY_DC: return FTK_DELETE;
		case KEY_BTAB: return FTK_BTAB;
		case KEY_RESIZE: return FTK_RESIZE;
		case KEY_MOUSE: return FTK_MOUSE;
		default: return FTK_NONE;
		}
	}
	switch (wc) {
	case '\n': case '\r': return FTK_ENTER;
	case 127: case 8: return FTK_BACKSPACE;
	case 27: return FTK_ESC;
	case '\t': return FTK_TAB;
	default: return (int)wc;
	}
}

/* Milliseconds of a monotonic clock. */
static long long
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Double clicks are told here, not by ncurses (mouseinterval(0)):
 * ncurses pairs clicks by the time between their bytes as it reads them,
 * which a busy machine stretches past its interval.  Here a press on the
 * cell of the previous press is a double click when it was queued while
 * the first was handled, or comes at most TUI_DOUBLE_CLICK_MS after the
 * program had drawn the first click and was waiting again
 * (tui_run()): two clicks sent together always pair, whatever
 * the load.  A key in between cancels it. */
static int
mouse_event(struct tui *t, ft_view *v, const MEVENT *me)
{
	if (me->bstate & BUTTON1_PRESSED) {
		int same = me->x == t->click_x && me->y == t->click_y;
		int dbl = same && (t->click == CLICK_HANDLED || (t->click == CLICK_WAITING &&
		    now_ms() - t->click_idle_ms <= TUI_DOUBLE_CLICK_MS));
		t->click = dbl ? CLICK_NONE : CLICK_HANDLED;
		t->click_x = me->x;
		t->click_y = me->y;
		return view_click(v, me->x, me->y, dbl);
	}
	if (me->bstate & BUTTON1_RELEASED) /* the end of a drag (heat map) */
		return view_release(v, me->x, me->y);
	if (me->bstate & BUTTON4_PRESSED)
		return view_wheel(v, -1);
#if defined(BUTTON5_PRESSED)
	if (me->bstate & BUTTON5_PRESSED)
		return view_wheel(v, 1);
#endif
	return 0;
}

/* Events that came in one read are queued together and getmouse() hands
 * out the newest first: take them all, then handle them oldest first. */
static int
handle_mouse(struct tui *t, ft_view *v)
{
	MEVENT ev[32];
	int n = 0, f = 0;
	while (n < 32 && getmouse(&ev[n]) == OK)
		n++;
	while (n-- > 0)
		f |= mouse_event(t, v, &ev[n]);
	return f;
}

/* Stop like Ctrl-Z in a cooked terminal, then come back. */
static void
suspend(void)
{
	endwin();
	clear_main_screen();
	struct sigaction dfl, old;
	memset(&dfl, 0, sizeof(dfl));
	sigemptyset(&dfl.sa_mask);
	dfl.sa_handler = SIG_DFL;
	sigaction(SIGTSTP, &dfl, &old);
	raise(SIGTSTP);
	sigaction(SIGTSTP, &old, NULL);
	refresh();
}

/* --- setup and the loop ----------------------------------------------------- */

static void
term_close(struct tui *t)
{
	if (t->scr == NULL)
		return;
	if (!isendwin())
		endwin();
	clear_main_screen();
	delscreen(t->scr);
	t->scr = NULL;
	if (have_tio && term_in_fd >= 0)
		tcsetattr(term_in_fd, TCSANOW, &saved_tio);
	restore_signals();
	if (t->tty != NULL)
		fclose(t->tty);
	t->tty = NULL;
	term_in_fd = term_out_fd = -1;
	reset_len = clear_len = 0;
	have_tio = 0;
}

/* COLORTERM=truecolor|24bit says the terminal takes 24-bit colours even
 * when TERM names a 256-colour entry; curses can only send them through a
 * terminfo entry with direct colour, so use "NAME-direct" (ncurses ships
 * xterm-direct, tmux-direct, ...) when TERM is "NAME-256color". */
static int
direct_term(char *buf, size_t cap)
{
	const char *ct = getenv("COLORTERM"), *term = getenv("TERM");
	const char *nc = getenv("NO_COLOR");
	if (ct == NULL || term == NULL || (nc != NULL && *nc != '\0'))
		return 0;
	if (strcmp(ct, "truecolor") != 0 && strcmp(ct, "24bit") != 0)
		return 0;
	size_t n = strlen(term), sl = strlen("-256color");
	if (n <= sl || strcmp(term + n - sl, "-256color") != 0 || n - sl + 8 > cap)
		return 0;
	memcpy(buf, term, n - sl);
	memcpy(buf + n - sl, "-direct", 8);
	return 1;
}

static int
term_open(struct tui *t, const ft_tui_opts *o, ft_diag *err)
{
	if (!isatty(STDOUT_FILENO)) {
		diag_set(err, "standard output is not a terminal; use --dump to print the view as text");
		return -1;
	}
	FILE *in = stdin;
	if (o->keys_from_tty || !isatty(STDIN_FILENO)) {
		t->tty = fopen("/dev/tty", "r+");
		if (t->tty == NULL) {
			diag_set(err, "no terminal to read keys from (/dev/tty: %s); use --dump to print the view as text",
			    strerror(errno));
			return -1;
		}
		in = t->tty;
	}
	term_in_fd = fileno(in);
	term_out_fd = STDOUT_FILENO;
	have_tio = tcgetattr(term_in_fd, &saved_tio) == 0;
	/* Our handlers go in first so curses leaves SIGINT/SIGTERM alone. */
	install_signals();
	t->scr = NULL;
	char direct[128];
	if (o->color != FT_COLOR_NEVER && direct_term(direct, sizeof(direct)))
		t->scr = newterm(direct, stdout, in);
	if (t->scr == NULL)
		t->scr = newterm(NULL, stdout, in);
	if (t->scr == NULL) {
		const char *term = getenv("TERM");
		diag_set(err, "cannot use terminal type '%s'; use --dump to print the view as text",
		    term ? term : "");
		restore_signals();
		if (t->tty != NULL)
			fclose(t->tty);
		t->tty = NULL;
		term_in_fd = term_out_fd = -1;
		return -1;
	}
	set_term(t->scr);
	const char *cup = tigetstr("cup");
	if (cup == NULL || cup == (char *)-1) {
		const char *term = getenv("TERM");
		diag_set(err, "terminal type '%s' cannot move the cursor; use --dump to print the view as text",
		    term ? term : "");
		term_close(t);
		return -1;
	}
	save_reset_sequences(o->mouse);
	return 0;
}

/* Put text on the clipboard of the terminal (and through SSH, of the
 * machine the user sits at) with OSC 52.  The text is base64-encoded, so no
 * byte of a frame name reaches the terminal raw.  Inside tmux the sequence
 * is also sent wrapped for passthrough (tmux's allow-passthrough); plain
 * OSC 52 works there with set-clipboard on. */
static void
osc52_copy(const char *text)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t n = strlen(text);
	size_t cap = (n + 2) / 3 * 4 + 1;
	char *enc = xmalloc(cap);
	size_t o = 0;
	const unsigned char *u = (const unsigned char *)text;
	for (size_t i = 0; i < n; i += 3) {
		uint32_t v = (uint32_t)u[i] << 16;
		if (i + 1 < n)
			v |= (uint32_t)u[i + 1] << 8;
		if (i + 2 < n)
			v |= u[i + 2];
		enc[o++] = b64[(v >> 18) & 63];
		enc[o++] = b64[(v >> 12) & 63];
		enc[o++] = i + 1 < n ? b64[(v >> 6) & 63] : '=';
		enc[o++] = i + 2 < n ? b64[v & 63] : '=';
	}
	enc[o] = '\0';
	if (term_out_fd >= 0) {
		dprintf(term_out_fd, "\033]52;c;%s\a", enc);
		if (getenv("TMUX") != NULL)
			dprintf(term_out_fd, "\033Ptmux;\033\033]52;c;%s\a\033\\", enc);
	}
	free(enc);
}

static void
term_setup(struct tui *t, const ft_tui_opts *o, ft_view *v)
{
	raw();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	/* Some keys come in several spellings (xterm normal and application
	 * mode, VT220, rxvt) and tmux or SSH sessions often send one the
	 * terminfo entry does not list (vt100 has no PgUp/PgDn at all).
	 * Teach curses all of them. */
	static const struct {
		const char *seq;
		int key;
	} extra_keys[] = {
		{"\033[A", KEY_UP}, {"\033OA", KEY_UP}, {"\033[B", KEY_DOWN}, {"\033OB", KEY_DOWN},
		{"\033[C", KEY_RIGHT}, {"\033OC", KEY_RIGHT}, {"\033[D", KEY_LEFT}, {"\033OD", KEY_LEFT},
		{"\033[H", KEY_HOME}, {"\033OH", KEY_HOME}, {"\033[1~", KEY_HOME}, {"\033[7~", KEY_HOME},
		{"\033[F", KEY_END}, {"\033OF", KEY_END}, {"\033[4~", KEY_END}, {"\033[8~", KEY_END},
		{"\033[5~", KEY_PPAGE}, {"\033[6~", KEY_NPAGE}, {"\033[3~", KEY_DC}, {"\033[Z", KEY_BTAB},
	};
	for (size_t i = 0; i < sizeof(extra_keys) / sizeof(extra_keys[0]); i++)
		define_key(extra_keys[i].seq, extra_keys[i].key);
	set_escdelay(25);
	curs_set(0);
	leaveok(stdscr, TRUE);
	if (o->mouse) {
		/* Presses only: double clicks are ours (handle_mouse()). */
		mouseinterval(0);
		mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON4_PRESSED
#if defined(BUTTON5_PRESSED)
		    | BUTTON5_PRESSED
#endif
		    , NULL);
	}
	setup_colors(t, o->color);
	v->colors = t->colors;
}

/* --watch: sleep in poll() until a key, a watched descriptor or the
 * watch's timeout.  2 when a key curses had read ahead was taken (in *r,
 * *wc), 1 when a key is waiting (read it with wget_wch), 0 when the watch
 * woke us or a signal interrupted the sleep.  Read-ahead keys come first:
 * poll() cannot see them. */
static int
wait_key_or_watch(const ft_tui_opts *o, wint_t *wc, int *r)
{
	wtimeout(stdscr, 0);
	*r = wget_wch(stdscr, wc);
	wtimeout(stdscr, -1);
	if (*r != ERR)
		return 2;
	struct pollfd pf[9];
	int fds[8], timeout = -1;
	int n = o->wake(o->wctx, fds, 8, &timeout);
	pf[0].fd = term_in_fd;
	pf[0].events = POLLIN;
	for (int i = 0; i < n; i++) {
		pf[i + 1].fd = fds[i];
		pf[i + 1].events = POLLIN;
	}
	/* A quit signal arriving from here on ends the program in its
	 * handler, as during the blocking read (see on_quit_signal). */
	in_read = 1;
	int k = got_signal ? 0 : poll(pf, (nfds_t)n + 1, timeout);
	in_read = 0;
	if (k > 0 && (pf[0].revents & (POLLIN | POLLHUP | POLLERR)))
		return 1;
	return 0;
}

/* The export key: the view as a new flametui-N.svg in the current
 * directory; the status line names it (or says what went wrong). */
static void
export_svg_file(ft_view *v)
{
	char name[64];
	ft_diag err;
	if (view_export_svg_file(v, name, sizeof(name), &err) != 0) {
		view_message(v, err.msg);
	} else {
		snprintf(v->msgbuf, sizeof(v->msgbuf), "wrote %s (open it in a web browser)", name);
		v->message = v->msgbuf;
	}
}

int
tui_run(ft_view *v, const ft_tui_opts *o, ft_diag *err)
{
	struct tui t;
	memset(&t, 0, sizeof(t));
	got_signal = 0;
	if (term_open(&t, o, err) != 0)
		return -1;
	term_setup(&t, o, v);
	int w, h;
	getmaxyx(stdscr, h, w);
	view_resize(v, w, h);
	canvases_resize(&t, w, h, v->utf8);

	int dirty = 1, quit = 0, errs = 0, lost = 0;
	while (!quit && !got_signal) {
		if (dirty) {
			render_view(v, &t.cur);
			blit(&t);
			/* The prompt's cursor, when one is open. */
			if (v->cursor_x >= 0 && v->cursor_y >= 0) {
				curs_set(1);
				move(v->cursor_y, v->cursor_x);
			} else {
				curs_set(0);
			}
			refresh();
			dirty = 0;
		}
		/* Block for the next key: nothing to do until one comes (no
		 * timeout, no polling).  SIGINT/SIGTERM/SIGHUP interrupt the
		 * read (no SA_RESTART); one that lands between the check of
		 * got_signal and the read finds in_read set and ends the
		 * program from the handler (see on_quit_signal). */
		wint_t wc;
		if (t.click == CLICK_HANDLED) {
			/* The first click is drawn: a second one from now on
			 * pairs with it. */
			t.click = CLICK_WAITING;
			t.click_idle_ms = now_ms();
		}
		int r = ERR;
		if (o->wake != NULL) {
			int wk = wait_key_or_watch(o, &wc, &r);
			if (got_signal)
				break;
			if (wk == 0) {
				if (o->woke(o->wctx) & V_REDRAW)
					dirty = 1;
				continue;
			}
			if (wk == 2)
				goto have_key;
		}
		in_read = 1;
		if (got_signal) {
			in_read = 0;
			break;
		}
		r = wget_wch(stdscr, &wc);
		in_read = 0;
	have_key:
		if (got_signal)
			break;
		if (r == ERR) {
			/* Interrupted by a signal, or the terminal is gone
			 * (end of file repeats at once): give up then. */
			if (++errs > 100) {
				lost = 1;
				break;
			}
			continue;
		}
		errs = 0;
		int key = map_key(r, wc);
		int f = 0;
		if (key == FTK_RESIZE) {
			getmaxyx(stdscr, h, w);
			view_resize(v, w, h);
			canvases_resize(&t, w, h, v->utf8);
			f = V_REDRAW;
		} else if (key == FTK_MOUSE) {
			f = handle_mouse(&t, v);
		} else {
			t.click = CLICK_NONE;
			/* Prompts, tables and the butterfly view see keys first
			 * (view_key() falls back to the key table). */
			f = view_key(v, key);
			if (key == FTK_CTRL('l')) {
				clearok(curscr, TRUE);
				t.prev_valid = 0;
			}
		}
		if (f & V_QUIT) {
			if (o->quit == NULL || o->quit(o->wctx))
				quit = 1;
			else
				dirty = 1;
		}
		if (f & V_PAUSE) {
			if (o->pause != NULL)
				o->pause(o->wctx);
			else
				view_message(v, "p pauses --watch and record; nothing is followed here");
		}
		if (f & V_COPY) {
			char *text = view_take_copy(v);
			if (text != NULL)
				osc52_copy(text);
			free(text);
		}
		if (f & V_EXPORT)
			export_svg_file(v);
		if (f & V_SUSPEND) {
			suspend();
			t.prev_valid = 0;
			clearok(curscr, TRUE);
		}
		if (f & V_REDRAW)
			dirty = 1;
	}
	int sig = got_signal;
	term_close(&t);
	canvas_free(&t.cur);
	canvas_free(&t.prev);
	free(t.slots);
	if (sig != 0) {
		/* Die of the signal as the parent expects (status 128+sig). */
		signal(sig, SIG_DFL);
		raise(sig);
		_exit(128 + sig);
	}
	if (lost) {
		diag_set(err, "lost the terminal (end of input on the keyboard)");
		return -1;
	}
	return 0;
}
