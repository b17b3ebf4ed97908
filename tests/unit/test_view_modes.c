/* Tests for view_modes.c: search state and counts, n/N order, the prompts
 * driven through view_key(), filters re-deriving the tree, the function
 * table and the butterfly view. */
#include "draw/canvas.h"
#include "helpers.h"
#include "draw/render.h"
#include "unit.h"
#include "view/view.h"

static const char *sample =
    "m;a;x 5\n"
    "m;a;y 3\n"
    "m;b;x;z 2\n"
    "m;c 4\n"
    "n;x 6\n";

static ft_profile *
prof(const char *txt)
{
	ft_load_report rep;
	ft_diag err;
	return load_text(txt, &rep, &err);
}

static void
type(ft_view *v, const char *s)
{
	for (; *s; s++)
		view_key(v, (unsigned char)*s);
}

static const char *
status(ft_view *v)
{
	static char buf[1024];
	ft_canvas c;
	canvas_init(&c, v->w, v->h, 1);
	render_view(v, &c);
	canvas_row_text(&c, v->h - 1, buf, sizeof(buf));
	canvas_free(&c);
	return buf;
}

TEST(search_counts)
{
	ft_profile *p = prof(sample);
	ft_view v;
	view_init(&v, p, 60, 12);
	ft_diag err;
	ft_val a, z;
	CHECK_INT(view_search_set(&v, "^x$", &err), 0);
	view_search_stats(&v, &a, &z);
	CHECK_INT(a, 13); /* m;a;x 5, m;b;x;z 2, n;x 6: nested z not twice */
	CHECK_INT(z, 13);
	CHECK(view_matched(&v, node_at(p, "m;a;x")));
	CHECK(!view_matched(&v, node_at(p, "m;a")));
	CHECK(!view_matched(&v, FT_ROOT));
	view_zoom_to(&v, node_at(p, "m"));
	view_search_stats(&v, &a, &z);
	CHECK_INT(a, 13);
	CHECK_INT(z, 7);
	/* Zoomed below a match: the whole zoom root matches. */
	view_zoom_to(&v, node_at(p, "m;b;x;z"));
	view_search_stats(&v, &a, &z);
	CHECK_INT(z, 2);
	/* The frame first, the search's share after it (issue 30). */
	CHECK(strncmp(status(&v), "z | ", 4) == 0);
	CHECK(strstr(status(&v), " | Matched: 65.0% (13 of 20)") != NULL);
	view_resize(&v, 120, 12);
	CHECK(strstr(status(&v), " | Matched: 65.0% (13 of 20), in zoom 100% (2 of 2)") != NULL);
	view_resize(&v, 60, 12);
	/* A bad pattern keeps the search. */
	CHECK_INT(view_search_set(&v, "(", &err), -1);
	CHECK_STR(match_pattern(v.search), "^x$");
	CHECK_INT(view_search_set(&v, "", &err), 0);
	CHECK(v.search == NULL && v.hl == NULL);
	view_free(&v);
	profile_free(p);
}

TEST(step_order)
{
	ft_profile *p = prof(sample);
	ft_view v;
	view_init(&v, p, 60, 12);
	ft_diag err;
	view_search_set(&v, "^(x|c)$", &err);
	/* Rows top to bottom, then x: m;a;x (row 3, left), m;c (row 2
	 * right of a and b), n;x (row 2, right). */
	view_apply(&v, ACT_NEXT);
	CHECK_INT(v.sel, node_at(p, "m;c"));
	view_apply(&v, ACT_NEXT);
	CHECK_INT(v.sel, node_at(p, "n;x"));
	view_apply(&v, ACT_NEXT);
	CHECK_INT(v.sel, node_at(p, "m;a;x"));
	view_apply(&v, ACT_NEXT);
	CHECK_INT(v.sel, node_at(p, "m;b;x"));
	view_apply(&v, ACT_NEXT); /* wraps */
	CHECK_INT(v.sel, node_at(p, "m;c"));
	view_apply(&v, ACT_PREV);
	CHECK_INT(v.sel, node_at(p, "m;b;x"));
	/* Flipped: the deepest row is on top. */
	v.flip = 1;
	view_select(&v, FT_ROOT);
	view_apply(&v, ACT_PREV);
	CHECK_INT(v.sel, node_at(p, "n;x"));
	view_apply(&v, ACT_NEXT);
	CHECK_INT(v.sel, node_at(p, "m;a;x"));
	view_free(&v);
	profile_free(p);
}

/* n / N with nothing to select say why: no match at all, none under the
 * zoom, or none wide enough to draw (issue 12, item 18). */
TEST(step_without_match_says_why)
{
	ft_profile *p = prof(sample);
	ft_view v;
	view_init(&v, p, 60, 12);
	type(&v, "/zzz\r");
	CHECK(v.search != NULL);
	view_key(&v, 'n');
	CHECK(v.message != NULL && strcmp(v.message, "no match for /zzz/") == 0);
	CHECK(strncmp(status(&v), "no match for /zzz/", 18) == 0);
	view_key(&v, 'N');
	CHECK_STR(v.message, "no match for /zzz/");
	/* n matches only outside the zoomed frame m;a. */
	ft_diag err;
	CHECK_INT(view_search_set(&v, "^n$", &err), 0);
	view_zoom_to(&v, node_at(p, "m;a"));
	view_key(&v, 'n');
	CHECK_STR(v.message, "no match under the zoomed frame (Esc shows the whole graph)");
	/* z at 3 columns: every match narrower than a cell.  n jumps to it
	 * and zooms so it can be seen (issue 24, item 9). */
	view_zoom_to(&v, FT_ROOT);
	view_resize(&v, 3, 12);
	CHECK_INT(view_search_set(&v, "^z$", &err), 0);
	view_key(&v, 'n');
	CHECK_STR(v.message, "zoomed to a match too narrow to draw here (Esc: whole graph)");
	CHECK_INT(v.sel, node_at(p, "m;b;x;z"));
	CHECK_INT(v.zoom, node_at(p, "m;b;x;z"));
	view_free(&v);
	profile_free(p);
}

TEST(prompt_keys)
{
	ft_profile *p = prof(sample);
	ft_view v;
	view_init(&v, p, 60, 12);
	view_key(&v, '/');
	CHECK_INT(v.prompt_kind, PK_SEARCH);
	type(&v, "zz");
	view_key(&v, FTK_BACKSPACE);
	CHECK_STR(status(&v), "/z");
	CHECK_INT(v.cursor_x, 2);
	CHECK_INT(v.cursor_y, 11);
	view_key(&v, FTK_ENTER);
	CHECK_INT(v.prompt_kind, PK_NONE);
	CHECK_STR(match_pattern(v.search), "z");
	status(&v);
	CHECK_INT(v.cursor_x, -1);
	/* Invalid: a message, the old search stays. */
	view_key(&v, '/');
	type(&v, "a[");
	view_key(&v, FTK_ENTER);
	CHECK(strstr(status(&v), "bad regex: missing terminating ] for character") != NULL);
	CHECK(strstr(v.message, "at offset 2") != NULL);
	CHECK_STR(match_pattern(v.search), "z");
	/* Esc cancels without a change. */
	view_key(&v, '/');
	type(&v, "m");
	view_key(&v, FTK_ESC);
	CHECK_STR(match_pattern(v.search), "z");
	/* * takes the selected frame's exact name. */
	view_select(&v, node_at(p, "m;a;x"));
	view_key(&v, '*');
	CHECK_STR(match_pattern(v.search), "(?-i)^x$");
	view_free(&v);
	profile_free(p);
}

TEST(filters)
{
	ft_profile *p = prof(sample);
	ft_view v;
	view_init(&v, p, 60, 12);
	view_select(&v, node_at(p, "m;a"));
	view_key(&v, ':');
	type(&v, "ignore ^y$");
	view_key(&v, FTK_ENTER);
	CHECK_INT(v.filters.n, 1);
	CHECK(v.prof != p && v.base == p);
	CHECK_INT(profile_total(v.prof, FT_ROOT, 0), 17);
	/* The selection followed by path. */
	CHECK_INT(v.sel, node_at(v.prof, "m;a"));
	view_key(&v, ':');
	type(&v, "focus=^n$");
	view_key(&v, FTK_ENTER);
	CHECK_INT(profile_total(v.prof, FT_ROOT, 0), 6);
	CHECK_INT(v.sel, FT_ROOT); /* m;a is gone */
	/* A bad filter changes nothing. */
	view_key(&v, ':');
	type(&v, "hide (");
	view_key(&v, FTK_ENTER);
	CHECK_INT(v.filters.n, 2);
	CHECK_INT(profile_total(v.prof, FT_ROOT, 0), 6);
	view_key(&v, 'x');
	CHECK_INT(v.filters.n, 1);
	CHECK_INT(profile_total(v.prof, FT_ROOT, 0), 17);
	view_key(&v, ':');
	type(&v, "focus nothing");
	view_key(&v, FTK_ENTER);
	CHECK_INT(profile_total(v.prof, FT_ROOT, 0), 0);
	CHECK(strstr(status(&v), "no samples match") != NULL);
	view_key(&v, 'n');
	view_key(&v, 'j');
	view_key(&v, 't');
	CHECK_INT(v.table.nrows, 0);
	view_key(&v, FTK_ENTER);
	CHECK(v.bf == NULL);
	view_key(&v, FTK_ESC);
	view_key(&v, 'X');
	CHECK_INT(v.filters.n, 0);
	CHECK(v.prof == p && v.derived == NULL);
	view_key(&v, 'X');
	CHECK_STR(v.message, "no filter to remove");
	view_free(&v);
	profile_free(p);
}

static const char *
row_text(ft_view *v, int y)
{
	static char buf[1024];
	ft_canvas c;
	canvas_init(&c, v->w, v->h, 1);
	render_view(v, &c);
	canvas_row_text(&c, y, buf, sizeof(buf));
	canvas_free(&c);
	return buf;
}

static void
add_filter(ft_view *v, const char *line)
{
	view_key(v, ':');
	type(v, line);
	view_key(v, FTK_ENTER);
}

/* Chips that do not fit the header are counted; F lists every filter
 * and the search; any entry can be removed; U and Ctrl-R undo and redo
 * every kind of filter change. */
TEST(filter_list_undo_redo)
{
	ft_profile *p = prof(sample);
	ft_view v;
	view_init(&v, p, 70, 14);
	add_filter(&v, "ignore ^y$");
	add_filter(&v, "hide qqqqqqqqqqqqqqqqqqqq");
	add_filter(&v, "hide wwwwwwwwwwwwwwwwwwww");
	add_filter(&v, "focus ^m$");
	CHECK_INT(v.filters.n, 4);
	CHECK_INT(profile_total(v.prof, FT_ROOT, 0), 11);
	/* 70 columns (the header says "11 of 20 (55.0%)"): the first chip,
	 * then the count of the other three. */
	const char *h = row_text(&v, 0);
	CHECK(strstr(h, "ignore:^y$ +3 filters [F]") != NULL);
	CHECK(strstr(h, "hide:") == NULL);
	/* Wide enough: every chip and no count. */
	view_resize(&v, 200, 14);
	h = row_text(&v, 0);
	CHECK(strstr(h, "focus:^m$") != NULL && strstr(h, "filters") == NULL);
	view_resize(&v, 70, 14);
	CHECK_INT(view_search_set(&v, "^x$", &(ft_diag){0}), 0);
	/* F: the list, in order, then the search. */
	view_key(&v, 'F');
	CHECK(v.flist.active);
	CHECK_INT(view_flist_len(&v), 5);
	int top = 13 - view_flist_rows(&v);
	CHECK(strstr(row_text(&v, top), "filters: 4") != NULL);
	CHECK(strstr(row_text(&v, top + 1), "1  ignore ^y$") != NULL);
	CHECK(strstr(row_text(&v, top + 4), "4  focus ^m$") != NULL);
	CHECK(strstr(row_text(&v, top + 5), "search (?-i)^x$") != NULL ||
	    strstr(row_text(&v, top + 5), "search ^x$") != NULL);
	CHECK(strstr(row_text(&v, 13), "1 of 5 | x/Delete removes") != NULL);
	/* Remove the second entry (not the last). */
	view_key(&v, 'j');
	view_key(&v, 'x');
	CHECK_INT(v.filters.n, 3);
	CHECK_STR(v.filters.v[1].pattern, "wwwwwwwwwwwwwwwwwwww");
	CHECK(v.flist.active);
	/* Delete removes the selected one too: the focus goes. */
	view_key(&v, 'j');
	view_key(&v, FTK_DELETE);
	CHECK_INT(v.filters.n, 2);
	CHECK_INT(profile_total(v.prof, FT_ROOT, 0), 17);
	/* The search is an entry: x clears it. */
	CHECK_INT(view_flist_len(&v), 3);
	view_key(&v, 'G');
	view_key(&v, 'x');
	CHECK(v.search == NULL);
	CHECK_INT(view_flist_len(&v), 2);
	CHECK_INT(v.flist.sel, 1);
	/* U in the list: the focus is back, then the hide. */
	view_key(&v, 'U');
	CHECK_INT(v.filters.n, 3);
	CHECK_INT(v.filters.v[2].kind, FILTER_FOCUS);
	CHECK_INT(profile_total(v.prof, FT_ROOT, 0), 11);
	CHECK_STR(v.message, "undone: 3 filters now (Ctrl-R redoes)");
	view_key(&v, 'U');
	CHECK_INT(v.filters.n, 4);
	CHECK_STR(v.filters.v[1].pattern, "qqqqqqqqqqqqqqqqqqqq");
	/* Esc closes the list; Ctrl-R redoes in the graph. */
	view_key(&v, FTK_ESC);
	CHECK(!v.flist.active);
	view_key(&v, FTK_CTRL('r'));
	CHECK_INT(v.filters.n, 3);
	CHECK_STR(v.filters.v[1].pattern, "wwwwwwwwwwwwwwwwwwww");
	view_key(&v, FTK_CTRL('r'));
	CHECK_INT(v.filters.n, 2);
	view_key(&v, FTK_CTRL('r'));
	CHECK_STR(v.message, "no undone filter change to redo");
	/* X, x, invert and collapse are changes U undoes; a new change
	 * forgets the redo. */
	view_key(&v, 'X');
	CHECK_INT(v.filters.n, 0);
	CHECK(v.prof == p);
	view_key(&v, 'i');
	CHECK_INT(v.filters.n, 1);
	view_key(&v, 'r');
	CHECK_INT(v.filters.n, 2);
	view_key(&v, 'U');
	CHECK_INT(v.filters.n, 1);
	CHECK_INT(v.filters.v[0].kind, FILTER_INVERT);
	view_key(&v, 'U');
	CHECK_INT(v.filters.n, 0);
	view_key(&v, 'U'); /* before X: two filters */
	CHECK_INT(v.filters.n, 2);
	CHECK_INT(profile_total(v.prof, FT_ROOT, 0), 17);
	add_filter(&v, "focus ^n$");
	view_key(&v, FTK_CTRL('r'));
	CHECK_STR(v.message, "no undone filter change to redo");
	/* A bad filter is no change: U undoes the focus, not it. */
	add_filter(&v, "hide (");
	CHECK_INT(v.filters.n, 3);
	view_key(&v, 'U');
	CHECK_INT(v.filters.n, 2);
	CHECK_INT(profile_total(v.prof, FT_ROOT, 0), 17);
	/* Undo all the way, then one more. */
	for (int i = 0; i < 20; i++)
		view_key(&v, 'U');
	CHECK_INT(v.filters.n, 0);
	CHECK_STR(v.message, "no filter change to undo");
	/* The list with nothing in it says how to add one; any other key
	 * closes it and acts on the graph. */
	view_key(&v, 'F');
	CHECK(strstr(row_text(&v, 13 - view_flist_rows(&v) + 1), "no filters and no search") != NULL);
	view_key(&v, 'f');
	CHECK(!v.flist.active && v.flip);
	/* In the butterfly view the filter keys say why they do nothing. */
	view_select(&v, node_at(p, "m;a"));
	view_key(&v, 'b');
	view_key(&v, 'F');
	CHECK(!v.flist.active);
	CHECK_STR(v.message, "not in the butterfly view (Esc leaves it)");
	view_free(&v);
	profile_free(p);
}

/* The undo stack keeps the last VIEW_UNDO_MAX changes. */
TEST(filter_undo_bounded)
{
	ft_profile *p = prof(sample);
	ft_view v;
	view_init(&v, p, 60, 14);
	for (int i = 0; i < VIEW_UNDO_MAX + 10; i++)
		view_key(&v, 'i');
	CHECK_INT(v.nfundo, VIEW_UNDO_MAX);
	for (int i = 0; i < VIEW_UNDO_MAX; i++)
		view_key(&v, 'U');
	CHECK_INT(v.nfundo, 0);
	CHECK_INT(v.nfredo, VIEW_UNDO_MAX);
	view_free(&v);
	profile_free(p);
}

TEST(table_and_butterfly)
{
	ft_profile *p = prof(sample);
	ft_view v;
	view_init(&v, p, 60, 12);
	view_key(&v, 't');
	CHECK(v.table.active);
	const ft_ftable *t = &v.table;
	CHECK_INT(t->nrows, 8);
	/* By self: x (5+6=11) first. */
	CHECK_STR(intern_str(p->names, t->all[t->rows[0]].name), "x");
	CHECK_INT(t->all[t->rows[0]].total, 13);
	view_key(&v, 'o'); /* by total: m 14 */
	CHECK_STR(intern_str(p->names, t->all[t->rows[0]].name), "m");
	view_key(&v, 'o'); /* by name */
	CHECK_STR(intern_str(p->names, t->all[t->rows[0]].name), "a");
	view_key(&v, '/');
	type(&v, "^[xz]$");
	view_key(&v, FTK_ENTER);
	CHECK_INT(t->nrows, 2);
	view_key(&v, FTK_DOWN);
	view_key(&v, FTK_ENTER); /* butterfly of z */
	CHECK(v.bf != NULL && !v.table.active);
	CHECK_INT(profile_total(v.bf->b.callers, FT_ROOT, 0), 2);
	CHECK_INT(v.bf->side, 1);
	view_key(&v, FTK_UP); /* into the callers: x */
	CHECK_INT(v.bf->side, 0);
	CHECK_STR(intern_str(p->names, v.bf->up.prof->nodes[v.bf->up.sel].name), "x");
	/* y/Y: the name, or the real stack through F (root first). */
	CHECK(view_key(&v, 'y') & V_COPY);
	char *cp = view_take_copy(&v);
	CHECK_STR(cp, "x");
	free(cp);
	view_key(&v, FTK_UP); /* b, x's caller */
	view_key(&v, 'Y'); /* from the selected caller down to F */
	cp = view_take_copy(&v);
	CHECK_STR(cp, "b;x;z");
	free(cp);
	view_key(&v, FTK_DOWN);
	view_key(&v, FTK_DOWN); /* F (z) at the middle */
	CHECK_INT(v.bf->side, 0);
	view_key(&v, FTK_DOWN);
	CHECK_INT(v.bf->side, 1);
	view_key(&v, 'Y');
	cp = view_take_copy(&v);
	CHECK_STR(cp, "z");
	free(cp);
	view_key(&v, FTK_UP); /* back across F to x */
	view_key(&v, 'b'); /* re-pivot on x */
	CHECK_STR(intern_str(p->names, v.bf->b.name), "x");
	CHECK_INT(profile_total(v.bf->b.callees, FT_ROOT, 0), 13);
	view_key(&v, FTK_ESC);
	CHECK(v.bf == NULL && v.table.active);
	CHECK(view_key(&v, 'y') & V_COPY);
	cp = view_take_copy(&v);
	CHECK_STR(cp, "z");
	free(cp);
	view_key(&v, FTK_ESC);
	CHECK(!v.table.active);
	/* The mouse in the butterfly view: m has no callers, so F is on
	 * row 1 and its callees start on row 2. */
	view_select(&v, node_at(p, "m"));
	view_key(&v, 'b');
	CHECK(v.bf != NULL);
	CHECK_INT(view_click(&v, 1, 2, 0), V_REDRAW);
	CHECK_INT(v.bf->side, 1);
	CHECK_STR(intern_str(p->names, v.bf->down.prof->nodes[v.bf->down.sel].name), "a");
	view_key(&v, FTK_ESC);
	CHECK_INT(v.sel, node_at(p, "m")); /* the flame graph untouched */
	/* ... and in the table: click selects, double click opens. */
	view_key(&v, 't');
	view_key(&v, '/'); /* the prompt starts with the current row filter */
	CHECK_STR(v.prompt.text, "^[xz]$");
	view_key(&v, FTK_CTRL('u'));
	view_key(&v, FTK_ENTER); /* an empty row filter shows every row */
	CHECK_INT(v.table.nrows, 8);
	CHECK_INT(view_click(&v, 5, 4, 0), V_REDRAW);
	CHECK_INT(v.table.sel, 2);
	view_click(&v, 5, 3, 1);
	CHECK(v.bf != NULL);
	CHECK_INT(v.bf->b.name, v.table.all[v.table.rows[1]].name);
	view_key(&v, FTK_ESC);
	view_wheel(&v, 1);
	CHECK_INT(v.table.sel, 2);
	view_key(&v, FTK_ESC);
	view_free(&v);
	profile_free(p);
}

/* The function table is counted once per tree: opened again on the same
 * tree it keeps its rows, a new sort order re-sorts them (the same as
 * counting afresh), and any new tree (a filter, its removal) counts again. */
TEST(table_cache)
{
	ft_profile *p = prof(sample);
	ft_view v;
	ft_diag err;
	view_init(&v, p, 60, 12);
	view_table_open(&v);
	CHECK_INT(v.table.nall, 8);
	ft_val self0 = v.table.all[0].self;
	v.table.all[0].self = 12345; /* a mark that counting again would undo */
	view_table_close(&v);
	view_table_open(&v);
	CHECK_INT(v.table.all[0].self, 12345); /* not counted again */
	v.table.all[0].self = self0;
	for (int k = 0; k < 3; k++) {
		view_table_sort(&v);
		ft_func *f;
		uint32_t n = functions_table(p, 0, (enum ft_func_sort)v.table.sort, &f);
		CHECK_INT(v.table.nall, n);
		for (uint32_t i = 0; i < n && i < v.table.nall; i++)
			CHECK(v.table.all[i].name == f[i].name && v.table.all[i].self == f[i].self &&
			    v.table.all[i].total == f[i].total);
		free(f);
	}
	view_table_close(&v);
	CHECK_INT(view_filter_add(&v, "ignore ^x$", &err), 0);
	view_table_open(&v);
	CHECK_INT(v.table.nall, 4); /* m a y c: every stack through x went */
	view_table_close(&v);
	view_filter_remove(&v, 1);
	view_table_open(&v);
	CHECK_INT(v.table.nall, 8);
	view_free(&v);
	profile_free(p);
}

/* Matched totals on a bigger tree, where a rare name's few frames are
 * walked up from and a common one takes the pass over every node: both
 * against the definition, from the root and zoomed anywhere. */
TEST(search_counts_both_ways)
{
	char *txt = malloc(200 * 1024);
	size_t o = 0;
	uint64_t seed = 99;
	for (int s = 0; s < 1500; s++) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		int depth = 2 + (int)((seed >> 33) % 12);
		for (int k = 0; k < depth; k++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			int r = (int)((seed >> 33) % 400);
			/* "rare" about once in 400 frames, "q" often. */
			o += (size_t)(r == 0 ? sprintf(txt + o, "%srare", k ? ";" : "") :
			    sprintf(txt + o, "%s%c%d", k ? ";" : "", r % 3 ? 'f' : 'q', r % 40));
		}
		o += (size_t)sprintf(txt + o, " %d\n", 1 + s % 7);
	}
	txt[o] = '\0';
	ft_profile *p = prof(txt);
	free(txt);
	static const char *const pats[] = {"^rare$", "^q", "^q1$"};
	ft_view v;
	view_init(&v, p, 80, 24);
	ft_diag err;
	for (size_t k = 0; k < 3; k++) {
		CHECK_INT(view_search_set(&v, pats[k], &err), 0);
		for (uint32_t zoom = 0; zoom < p->nnodes; zoom += 97) {
			v.zoom = zoom;
			ft_val a, z, ea = 0, ez = 0;
			view_search_stats(&v, &a, &z);
			int above = 0; /* a match on the zoomed frame's path above it */
			for (uint32_t q = p->nodes[zoom].parent; zoom != FT_ROOT && q != FT_ROOT;
			    q = p->nodes[q].parent)
				above |= view_matched(&v, q);
			for (uint32_t i = 1; i < p->nnodes; i++) {
				if (!view_matched(&v, i))
					continue;
				int outer = 1, inz = zoom == FT_ROOT || i == zoom;
				for (uint32_t q = p->nodes[i].parent; q != FT_NONE; q = p->nodes[q].parent) {
					outer &= !view_matched(&v, q);
					inz |= q == zoom;
				}
				if (outer) {
					ea += profile_total(p, i, 0);
					ez += inz ? profile_total(p, i, 0) : 0;
				}
			}
			if (zoom == FT_ROOT)
				ez = ea;
			else if (above)
				ez = profile_total(p, zoom, 0);
			CHECK_INT(a, ea);
			CHECK_INT(z, ez);
		}
	}
	view_free(&v);
	profile_free(p);
}

/* Rows r in [from, to) of the table are f's (the table unfiltered). */
static int
table_rows_are(const ft_ftable *t, const ft_func *f, uint32_t from, uint32_t to)
{
	for (uint32_t r = from; r < to && r < t->nrows; r++) {
		const ft_func *g = &t->all[t->rows[r]];
		if (g->name != f[r].name || g->self != f[r].self || g->total != f[r].total)
			return 0;
	}
	return 1;
}

/* A table of many rows orders only its first pages when it is counted or
 * sorted again; what it shows is always in order: paged down, at the
 * bottom, filtered, in a taller terminal. */
TEST(table_orders_what_it_shows)
{
	char *txt = malloc(64 * 1024);
	size_t o = 0;
	for (int i = 0; i < 300; i++)
		o += (size_t)sprintf(txt + o, "m;g%d;f%d %d\n", i % 7, i, 1 + (i * 37) % 101);
	ft_profile *p = prof(txt);
	free(txt);
	ft_view v;
	ft_diag err;
	view_init(&v, p, 80, 12);
	view_table_open(&v);
	const ft_ftable *t = &v.table;
	uint32_t page = (uint32_t)view_table_page(&v);
	CHECK(t->nsorted < t->nall);
	ft_func *f;
	uint32_t n = functions_table(p, 0, (enum ft_func_sort)t->sort, &f);
	CHECK_INT(t->nall, n);
	CHECK(table_rows_are(t, f, 0, page));
	for (int k = 0; k < 4; k++) {
		view_apply(&v, ACT_PGDN);
		CHECK(table_rows_are(t, f, t->top, t->top + page));
	}
	view_apply(&v, ACT_BOTTOM);
	CHECK_INT(t->nsorted, n);
	CHECK(table_rows_are(t, f, 0, n));
	free(f);
	/* By total: the first pages again, then a filter takes rows from
	 * anywhere in the order. */
	view_table_sort(&v);
	n = functions_table(p, 0, (enum ft_func_sort)t->sort, &f);
	CHECK(t->nsorted < t->nall);
	CHECK(table_rows_are(t, f, 0, page));
	CHECK_INT(view_table_filter(&v, "^f2", &err), 0);
	uint32_t r = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (strncmp(intern_str(p->names, f[i].name), "f2", 2) != 0)
			continue;
		CHECK(r < t->nrows && t->all[t->rows[r]].name == f[i].name);
		r++;
	}
	CHECK_INT(t->nrows, r);
	CHECK_INT(view_table_filter(&v, "", &err), 0);
	free(f);
	/* Sorted again, then shown in a taller terminal. */
	view_table_sort(&v);
	n = functions_table(p, 0, (enum ft_func_sort)t->sort, &f);
	CHECK(t->nsorted < t->nall);
	v.h = 70;
	ft_canvas c;
	canvas_init(&c, 80, 70, 1);
	render_view(&v, &c);
	CHECK(table_rows_are(t, f, 0, (uint32_t)view_table_page(&v)));
	canvas_free(&c);
	free(f);
	view_free(&v);
	profile_free(p);
}

int
main(void)
{
	RUN(search_counts);
	RUN(search_counts_both_ways);
	RUN(step_order);
	RUN(step_without_match_says_why);
	RUN(prompt_keys);
	RUN(filters);
	RUN(table_and_butterfly);
	RUN(filter_list_undo_redo);
	RUN(filter_undo_bounded);
	RUN(table_cache);
	RUN(table_orders_what_it_shows);
	return unit_report();
}
