/* Tests for view.c: each action's effect on the state. */
#include "draw/canvas.h"
#include "draw/view_svg.h"
#include "helpers.h"
#include "draw/render.h"
#include "ops/timerange.h"
#include "unit.h"
#include "view/view.h"

static ft_profile *
prof(const char *txt)
{
	ft_load_report rep;
	ft_diag err;
	return load_text(txt, &rep, &err);
}

TEST(navigation)
{
	ft_profile *p = prof("m;a;x 1\nm;b;y 6\nm;b;z 2\nm;c 1\n");
	ft_view v;
	view_init(&v, p, 40, 12);
	view_update_layout(&v);
	CHECK_INT(v.sel, FT_ROOT);
	view_apply(&v, ACT_DOWN); /* widest child: m */
	CHECK_INT(v.sel, node_at(p, "m"));
	view_apply(&v, ACT_DOWN); /* b (8 of 10) */
	CHECK_INT(v.sel, node_at(p, "m;b"));
	view_apply(&v, ACT_LEFT);
	CHECK_INT(v.sel, node_at(p, "m;a"));
	view_apply(&v, ACT_LEFT); /* stays at the row's start */
	CHECK_INT(v.sel, node_at(p, "m;a"));
	view_apply(&v, ACT_RIGHT);
	view_apply(&v, ACT_RIGHT);
	CHECK_INT(v.sel, node_at(p, "m;c"));
	view_apply(&v, ACT_LEFT);
	view_apply(&v, ACT_DOWN);
	CHECK_INT(v.sel, node_at(p, "m;b;y"));
	/* Right moves across parents in the same row. */
	view_apply(&v, ACT_RIGHT);
	CHECK_INT(v.sel, node_at(p, "m;b;z"));
	view_apply(&v, ACT_UP);
	CHECK_INT(v.sel, node_at(p, "m;b"));
	view_apply(&v, ACT_TOP);
	CHECK_INT(v.sel, FT_ROOT);
	view_apply(&v, ACT_BOTTOM);
	CHECK_INT(profile_depth(p, v.sel), 3);
	view_free(&v);
	profile_free(p);
}

TEST(zoom_history)
{
	ft_profile *p = prof("m;a;x 1\nm;b;y 6\nm;b;z 2\nm;c 1\n");
	ft_view v;
	view_init(&v, p, 40, 12);
	view_select(&v, node_at(p, "m;b"));
	view_apply(&v, ACT_ZOOM);
	CHECK_INT(v.zoom, node_at(p, "m;b"));
	/* zoomed: b fills the width, its children share it */
	const ft_lframe *f = layout_find(&v.pane[0].layout, p, node_at(p, "m;b;y"));
	CHECK(f != NULL);
	CHECK_INT(f->x1 - f->x0, 30);
	CHECK(layout_find(&v.pane[0].layout, p, node_at(p, "m;a")) == NULL);
	view_apply(&v, ACT_ZOOM_OUT);
	CHECK_INT(v.zoom, node_at(p, "m"));
	CHECK_INT(v.sel, node_at(p, "m;b")); /* selection stays on what we left */
	view_apply(&v, ACT_BACK);
	CHECK_INT(v.zoom, node_at(p, "m;b"));
	view_apply(&v, ACT_BACK);
	CHECK_INT(v.zoom, FT_ROOT);
	view_apply(&v, ACT_BACK); /* nothing more: no change */
	CHECK_INT(v.zoom, FT_ROOT);
	view_apply(&v, ACT_FORWARD);
	CHECK_INT(v.zoom, node_at(p, "m;b"));
	view_apply(&v, ACT_RESET);
	CHECK_INT(v.zoom, FT_ROOT);
	CHECK_INT(view_apply(&v, ACT_QUIT), V_QUIT);
	view_free(&v);
	profile_free(p);
}

TEST(flip_scroll_and_click)
{
	/* 30-deep chain on a 10-row screen: 8 graph rows. */
	char t[400];
	size_t o = 0;
	for (int i = 0; i < 30; i++)
		o += (size_t)sprintf(t + o, "%sf%02d", i ? ";" : "", i);
	strcpy(t + o, " 1\n");
	ft_profile *p = prof(t);
	ft_view v;
	view_init(&v, p, 40, 10);
	view_update_layout(&v);
	CHECK_INT(view_graph_rows(&v), 8);
	view_apply(&v, ACT_BOTTOM);
	CHECK_INT(profile_depth(p, v.sel), 30);
	CHECK_INT(v.scroll, 23); /* rows 23..30 visible */
	CHECK_INT(view_row_of_depth(&v, 30), 8);
	view_apply(&v, ACT_FLIP);
	CHECK_INT(view_row_of_depth(&v, 30), 1); /* deepest on top when flipped */
	CHECK_INT(view_depth_of_row(&v, 8), 23);
	/* Up on a flipped graph goes to the callee: at the leaf nothing. */
	view_apply(&v, ACT_DOWN);
	CHECK_INT(profile_depth(p, v.sel), 29);
	view_apply(&v, ACT_FLIP);
	view_apply(&v, ACT_TOP);
	CHECK_INT(v.scroll, 0);
	/* Click on row 3 (depth 2) selects it; double click zooms. */
	CHECK(view_click(&v, 5, 3, 0) & V_REDRAW);
	CHECK_INT(profile_depth(p, v.sel), 2);
	view_click(&v, 5, 4, 1);
	CHECK_INT(v.zoom, v.sel);
	CHECK_INT(profile_depth(p, v.zoom), 3);
	CHECK(view_wheel(&v, 1) & V_REDRAW);
	CHECK_INT(v.scroll, 1);
	view_free(&v);
	profile_free(p);
}

TEST(render_header_status_and_small_terminal)
{
	ft_profile *p = prof("main;parse 30\nmain;lex 10\n");
	p->source = "demo.folded";
	ft_view v;
	view_init(&v, p, 60, 8);
	view_select(&v, node_at(p, "main;parse"));
	ft_canvas c;
	canvas_init(&c, 60, 8, 0);
	render_view(&v, &c);
	char buf[256];
	canvas_row_text(&c, 0, buf, sizeof(buf));
	CHECK(strstr(buf, "demo.folded") != NULL);
	CHECK(strstr(buf, "total 40") != NULL);
	canvas_row_text(&c, 7, buf, sizeof(buf));
	CHECK(strstr(buf, "parse") == buf);
	/* 60 columns: the labels are cut, every number stays (the whole
	 * line is status_keeps_the_name's). */
	CHECK_STR(buf, "parse | 30 (75.0%) self 30 (75.0%) | 75.0% | 75.0%");
	canvas_row_text(&c, 3, buf, sizeof(buf)); /* depth 2 */
	CHECK(strstr(buf, "|lex") == buf);
	CHECK(strstr(buf, "|parse") != NULL);
	canvas_free(&c);
	view_resize(&v, 10, 3);
	canvas_init(&c, 10, 3, 0);
	render_view(&v, &c);
	canvas_row_text(&c, 0, buf, sizeof(buf));
	CHECK_STR(buf, "terminal..");
	canvas_free(&c);
	view_free(&v);
	profile_free(p);
}

/* The node of the (one) kernel frame of p. */
static uint32_t
kernel_node(const ft_profile *p)
{
	for (uint32_t i = 0; i < p->nnodes; i++)
		if (intern_kind(p->names, p->nodes[i].name) == FT_KIND_KERNEL)
			return i;
	return FT_NONE;
}

static const char *
status_at(ft_view *v, int w)
{
	static char buf[512];
	view_resize(v, w, 8);
	ft_canvas c;
	canvas_init(&c, w, 8, 0);
	render_view(v, &c);
	canvas_row_text(&c, 7, buf, sizeof(buf));
	canvas_free(&c);
	return buf;
}

/* The status line keeps the frame's whole name and kind suffix when space
 * is short: the labels go first, then the numbers, the name last. */
TEST(status_keeps_the_name)
{
	ft_profile *p = prof("main;handle_request;do_syscall_64_[k] 30\nmain;lex 10\n");
	ft_view v;
	view_init(&v, p, 80, 8);
	CHECK(kernel_node(p) != FT_NONE);
	view_select(&v, kernel_node(p));
	/* The kind in words, as the frame labels drop the suffix (issue 24,
	 * item 11): "do_syscall_64 (kernel)". */
	CHECK_STR(status_at(&v, 100), "do_syscall_64 (kernel) | total 30 (75.0%) self 30 (75.0%) "
	    "| parent 100% | zoom 75.0%");
	CHECK_STR(status_at(&v, 84), "do_syscall_64 (kernel) | total 30 (75.0%) self 30 (75.0%) "
	    "| parent 100% | zoom 75.0%");
	CHECK_STR(status_at(&v, 83), "do_syscall_64 (kernel) | 30 (75.0%) self 30 (75.0%) "
	    "| parent 100% | zoom 75.0%");
	CHECK_STR(status_at(&v, 67), "do_syscall_64 (kernel) | 30 (75.0%) self 30 (75.0%) | 100% | 75.0%");
	CHECK_STR(status_at(&v, 65), "do_syscall_64 (kernel) | 30 (75.0%) self 30 (75.0%)");
	CHECK_STR(status_at(&v, 45), "do_syscall_64 (kernel) | 30 (75.0%)");
	CHECK_STR(status_at(&v, 33), "do_syscall_64 (kernel) | 75.0%");
	CHECK_STR(status_at(&v, 25), "do_syscall_64 (kernel)");
	/* A name longer than the line: cut, the kind kept. */
	ft_profile *q = prof("main;a_function_name_much_longer_than_the_line_[k] 3\n");
	ft_view w;
	view_init(&w, q, 30, 8);
	view_select(&w, kernel_node(q));
	CHECK_STR(status_at(&w, 30), "a_function_name_muc.. (kernel)");
	view_free(&w);
	profile_free(q);
	view_free(&v);
	profile_free(p);
}

/* A height-only resize keeps the selection on screen and, when the
 * screen grows, leaves no blank rows below the graph. */
TEST(resize_height_follows_selection)
{
	ft_profile *p = prof("a;b;c;d;e;f;g;h;i;j 1\n");
	ft_view v;
	view_init(&v, p, 40, 8); /* 6 graph rows for 11 depths */
	view_update_layout(&v);
	view_apply(&v, ACT_BOTTOM);
	CHECK_INT(profile_depth(p, v.sel), 10);
	CHECK_INT(v.scroll, 5);
	view_resize(&v, 40, 5); /* 3 graph rows */
	CHECK_INT(v.scroll, 8);
	CHECK(view_row_of_depth(&v, 10) >= 0);
	view_resize(&v, 40, 30); /* everything fits */
	CHECK_INT(v.scroll, 0);
	view_free(&v);
	profile_free(p);
}

static void
row_text(ft_canvas *c, int y, char *buf, size_t cap)
{
	canvas_row_text(c, y, buf, cap);
}

/* The details panel of a pprof profile: every sample type, origin of the
 * frame, period and label keys (tests/data/heap.pb.gz is made by
 * tests/data/make-heap-pprof.py). */
TEST(details_panel_pprof_metadata)
{
	ft_load_opts o = {0};
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_file("tests/data/heap.pb.gz", NULL, &o, &rep, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	ft_view v;
	view_init(&v, p, 100, 30);
	view_apply(&v, ACT_DOWN);
	view_apply(&v, ACT_DETAILS);
	/* One row per label key: the frame's value by its values. */
	CHECK_INT(view_details_rows(&v), 10);
	ft_canvas c;
	canvas_init(&c, 100, 30, 0);
	render_view(&v, &c);
	char all[4096] = "", buf[512];
	for (int y = 0; y < c.h; y++) {
		row_text(&c, y, buf, sizeof(buf));
		strncat(all, buf, sizeof(all) - strlen(all) - 2);
		strcat(all, "\n");
	}
	CHECK(strstr(all, "details") != NULL);
	CHECK(strstr(all, "alloc_objects: total") != NULL);
	CHECK(strstr(all, "alloc_space (bytes): total") != NULL);
	CHECK(strstr(all, "* inuse_space (bytes): total") != NULL);
	CHECK(strstr(all, "period ") != NULL);
	CHECK(strstr(all, "object_size: 1kB 100%") != NULL);
	CHECK(strstr(all, "thread: worker-1 100%") != NULL);
	/* Sample type switching changes the starred column. */
	view_apply(&v, ACT_TYPE_NEXT);
	render_view(&v, &c);
	all[0] = '\0';
	for (int y = 0; y < c.h; y++) {
		row_text(&c, y, buf, sizeof(buf));
		strncat(all, buf, sizeof(all) - strlen(all) - 2);
		strcat(all, "\n");
	}
	CHECK(strstr(all, "* alloc_objects: total") != NULL);
	canvas_free(&c);
	view_free(&v);
	profile_free(p);
}

/* The help screen: q closes it (it says any other key closes); Ctrl-C
 * still quits; the filler glyph is explained at its end. */
TEST(help_q_closes_and_legend)
{
	ft_profile *p = prof("m;a 1\n");
	ft_view v;
	/* Tall enough for the whole help, the legend at its end. */
	view_init(&v, p, 100, 120);
	view_apply(&v, ACT_HELP);
	CHECK(v.help);
	CHECK_INT(view_key(&v, 'q'), V_REDRAW);
	CHECK(!v.help);
	view_apply(&v, ACT_HELP);
	CHECK_INT(view_key(&v, FTK_CTRL('c')), V_QUIT);
	ft_canvas c;
	canvas_init(&c, v.w, v.h, 1);
	v.help = 1;
	render_view(&v, &c);
	int found = 0;
	for (int y = 0; y < c.h; y++)
		if (c.cells[y * c.w + 1].ch == 0x2591)
			found = 1;
	CHECK(found);
	canvas_free(&c);
	view_free(&v);
	profile_free(p);
}

/* Rows of c from y0 whose text starts with prefix; the first such row. */
static int
find_row(ft_canvas *c, const char *prefix)
{
	char buf[512];
	for (int y = 0; y < c->h; y++) {
		canvas_row_text(c, y, buf, sizeof(buf));
		if (strncmp(buf, prefix, strlen(prefix)) == 0)
			return y;
	}
	return -1;
}

/* A 70-frame stack in the details panel: every row the other lines leave
 * holds the stack; the root, "... N more >" and the innermost frames down
 * to the selection show, each frame once (issue 12, item 16). */
TEST(details_stack_fills_the_panel)
{
	char txt[70 * 32 + 16];
	size_t o = 0;
	for (int i = 0; i < 70; i++)
		o += (size_t)snprintf(txt + o, sizeof(txt) - o, "%sframe_%02d_of_a_deep_stack",
		    i ? ";" : "", i);
	snprintf(txt + o, sizeof(txt) - o, " 1\n");
	ft_profile *p = prof(txt);
	ft_view v;
	view_init(&v, p, 100, 30);
	view_update_layout(&v);
	view_apply(&v, ACT_BOTTOM);
	CHECK_INT(profile_depth(p, v.sel), 70);
	view_apply(&v, ACT_DETAILS);
	int rows = view_details_rows(&v);
	CHECK_INT(rows, 9);
	ft_canvas c;
	canvas_init(&c, 100, 30, 0);
	render_view(&v, &c);
	int top = find_row(&c, "stack: ");
	int kind = find_row(&c, "kind: ");
	CHECK_INT(top, 30 - 1 - rows + 1);
	/* border, stack, kind line, one sample type: 6 stack rows */
	CHECK_INT(kind - top, rows - 1 - 2);
	char all[4096] = "", buf[512];
	for (int y = top; y < kind; y++) {
		canvas_row_text(&c, y, buf, sizeof(buf));
		CHECK(strlen(buf) > 60); /* no row left empty */
		strncat(all, buf + 7, sizeof(all) - strlen(all) - 1);
	}
	const char *head = "frame_00_of_a_deep_stack > ... ";
	CHECK(strncmp(all, head, strlen(head)) == 0);
	unsigned hidden = 0;
	CHECK(sscanf(all + strlen(head), "%u more > ", &hidden) == 1);
	CHECK(hidden > 0 && hidden < 69);
	for (int i = 1; i < 70; i++) {
		char nm[32];
		snprintf(nm, sizeof(nm), "frame_%02d_", i);
		CHECK((strstr(all, nm) != NULL) == (i > (int)hidden));
	}
	size_t len = strlen(all);
	CHECK(len >= 24 && strcmp(all + len - 24, "frame_69_of_a_deep_stack") == 0);
	canvas_free(&c);
	/* A short stack: the lines under it follow at once. */
	view_select(&v, node_at(p, "frame_00_of_a_deep_stack;frame_01_of_a_deep_stack"));
	canvas_init(&c, 100, 30, 0);
	render_view(&v, &c);
	CHECK_INT(find_row(&c, "kind: ") -
	    find_row(&c, "stack: frame_00_of_a_deep_stack > frame_01_of_a_deep_stack"), 1);
	canvas_free(&c);
	view_free(&v);
	profile_free(p);
}

/* d in the butterfly view: the panel shows the active half's selection
 * with its real stack through F (issue 12, item 16). */
TEST(details_in_butterfly)
{
	ft_profile *p = prof("m;a;F;x 3\nm;b;F;y 2\nm;a;z 1\n");
	ft_view v;
	view_init(&v, p, 80, 30);
	ft_diag err;
	CHECK_INT(view_butterfly_open(&v, p->nodes[node_at(p, "m;a;F")].name, &err), 0);
	view_key(&v, 'd');
	CHECK(v.details);
	CHECK(v.message == NULL);
	view_key(&v, 'j'); /* callees: x */
	ft_canvas c;
	canvas_init(&c, 80, 30, 0);
	render_view(&v, &c);
	CHECK(find_row(&c, "stack: F > x") >= 0);
	CHECK(find_row(&c, "kind: normal | depth 2 | all 1 instance: total 3 (50.0%)") >= 0);
	/* The halves leave the panel its rows. */
	CHECK(v.bf->down.gtop + v.bf->down.grows <= 30 - 1 - view_details_rows(&v));
	view_key(&v, 'k');
	view_key(&v, 'k'); /* callers half: a, the widest caller */
	render_view(&v, &c);
	CHECK(find_row(&c, "stack: a > F") >= 0);
	view_key(&v, 'k'); /* m */
	render_view(&v, &c);
	CHECK(find_row(&c, "stack: m > a > F") >= 0);
	view_key(&v, 'd');
	render_view(&v, &c);
	CHECK(find_row(&c, "stack: ") < 0);
	canvas_free(&c);
	view_free(&v);
	profile_free(p);
}

/* Flipped, Up selects the callee above: the help follows the orientation
 * (issue 12, item 20). */
TEST(help_follows_flip)
{
	ft_profile *p = prof("m;a 1\n");
	ft_view v;
	view_init(&v, p, 100, 40);
	view_apply(&v, ACT_HELP);
	ft_canvas c;
	canvas_init(&c, 100, 40, 0);
	render_view(&v, &c);
	CHECK(find_row(&c, " Up k           select the parent (caller)") >= 0);
	view_key(&v, 'q');
	view_apply(&v, ACT_FLIP);
	view_select(&v, node_at(p, "m"));
	view_apply(&v, ACT_UP);
	CHECK_INT(v.sel, node_at(p, "m;a"));
	view_apply(&v, ACT_HELP);
	render_view(&v, &c);
	CHECK(find_row(&c, " Up k           select the widest child (callee): flipped") >= 0);
	CHECK(find_row(&c, " Down j         select the parent (caller): flipped") >= 0);
	canvas_free(&c);
	view_free(&v);
	profile_free(p);
}

static int
same_style(ft_style a, ft_style b)
{
	return a.fg == b.fg && a.bg == b.bg && a.attr == b.attr;
}

/* The node whose name (without kind) is s. */
static uint32_t
named(const ft_profile *p, const char *s)
{
	for (uint32_t i = 0; i < p->nnodes; i++)
		if (strcmp(intern_str(p->names, p->nodes[i].name), s) == 0)
			return i;
	return FT_NONE;
}

/* Kernel, JIT and inlined frames get tints the hot palette never takes,
 * in full colour and in 8 colours; with 8 colours, packages and heat
 * levels stay apart by colour and weight together. */
TEST(palettes)
{
	ft_profile *p = prof(
	    "main;alpha.run;sys_read_[k] 5\nmain;beta.run;jitted_[j] 5\nmain;gamma.run;inl_[i] 5\n"
	    "main;delta.run 1\nmain;epsilon.run 2\nmain;zeta.run 3\nmain;eta.run 4\n"
	    "main;theta.run 6\nmain;iota.run 7\nmain;kappa.run 8\nmain;lambda.run 9\n"
	    "main;mu.run 10\nmain;nu.run 11\nmain;xi.run 12\n");
	ft_view v;
	view_init(&v, p, 80, 20);
	uint32_t k = named(p, "sys_read"), j = named(p, "jitted"), in = named(p, "inl");
	CHECK(k != FT_NONE && j != FT_NONE && in != FT_NONE);
	CHECK_STR(render_color_name(&v), "name");
	/* Full colour: the hot palette is red to yellow (red >= 205, blue
	 * <= 55); kernel is blue, JIT green, inlined aqua. */
	for (uint32_t n = 1; n < p->nnodes; n++) {
		uint32_t c = render_frame_color(&v, n);
		int r = (int)(c >> 16), g = (int)(c >> 8 & 255), b = (int)(c & 255);
		if (n == k)
			CHECK(b >= 230 && r < 160 && g < 200);
		else if (n == j)
			CHECK(g >= 190 && r < 130 && b < 130);
		else if (n == in)
			CHECK(g >= 200 && b >= 200 && r < 120);
		else
			CHECK(r >= 205 && b <= 55);
	}
	/* 8 colours, name mode: each kind its own style, none a name's. */
	v.colors = 8;
	ft_style sk = render_frame_style(&v, k), sj = render_frame_style(&v, j),
	    si = render_frame_style(&v, in);
	CHECK(!same_style(sk, sj) && !same_style(sk, si) && !same_style(sj, si));
	for (uint32_t n = 1; n < p->nnodes; n++) {
		if (n == k || n == j || n == in)
			continue;
		ft_style st = render_frame_style(&v, n);
		CHECK(!same_style(st, sk) && !same_style(st, sj) && !same_style(st, si));
		CHECK(st.bg == 0xcd0000 || st.bg == 0xcdcd00); /* red or yellow */
	}
	/* 8 colours, package mode: the 11 packages without a kind frame take
	 * at least 6 styles over at least 4 backgrounds, none a kind's and
	 * none the search match's magenta. */
	v.color = COLOR_PACKAGE;
	CHECK_STR(render_color_name(&v), "package");
	ft_style seen[32];
	int nseen = 0, nbg = 0;
	uint32_t bgs[32];
	static const char *const pk[] = {"delta.run", "epsilon.run", "zeta.run", "eta.run",
	    "theta.run", "iota.run", "kappa.run", "lambda.run", "mu.run", "nu.run", "xi.run"};
	for (int i = 0; i < 11; i++) {
		ft_style st = render_frame_style(&v, named(p, pk[i]));
		CHECK(!same_style(st, sk) && !same_style(st, sj) && !same_style(st, si));
		CHECK(st.bg != 0xcd00cd);
		int dup = 0, dupbg = 0;
		for (int m = 0; m < nseen; m++)
			dup |= same_style(seen[m], st);
		for (int m = 0; m < nbg; m++)
			dupbg |= bgs[m] == st.bg;
		if (!dup)
			seen[nseen++] = st;
		if (!dupbg)
			bgs[nbg++] = st.bg;
	}
	CHECK(nseen >= 6);
	CHECK(nbg >= 4);
	/* The same package, the same style. */
	CHECK(same_style(render_frame_style(&v, named(p, "alpha.run")),
	    render_frame_style(&v, named(p, "alpha.run"))));
	/* 8 colours, heat: no self, then four quarters of the hottest self,
	 * five distinct styles. */
	v.color = COLOR_HEAT;
	view_set_col(&v, 0);
	CHECK_INT(v.max_self, 12);
	uint32_t hn[5] = {named(p, "main"), named(p, "delta.run"), named(p, "eta.run"),
	    named(p, "kappa.run"), named(p, "xi.run")}; /* self 0, 1, 4, 8, 12 */
	for (int a = 0; a < 5; a++)
		for (int b = a + 1; b < 5; b++)
			CHECK(!same_style(render_frame_style(&v, hn[a]), render_frame_style(&v, hn[b])));
	/* The header names the mode when it is not the default; c says
	 * which mode and where the legend is; the help screen shows it. */
	v.color = COLOR_NAME;
	view_key(&v, 'c');
	CHECK_INT(v.color, COLOR_PACKAGE);
	CHECK(strstr(v.message, "colour: by package") != NULL);
	ft_canvas c;
	canvas_init(&c, 100, 20, 1);
	render_view(&v, &c);
	char buf[512];
	canvas_row_text(&c, 0, buf, sizeof(buf));
	CHECK(strstr(buf, "| colour: package") != NULL);
	view_key(&v, 'c');
	CHECK(strstr(v.message, "colour: self-time heat") != NULL);
	view_key(&v, 'c');
	CHECK(strstr(v.message, "colour: by name (hot palette); kernel blue, JIT green") != NULL);
	render_view(&v, &c);
	canvas_row_text(&c, 0, buf, sizeof(buf));
	CHECK(strstr(buf, "colour:") == NULL);
	view_key(&v, '?');
	render_view(&v, &c);
	canvas_row_text(&c, 1, buf, sizeof(buf));
	CHECK(strstr(buf, "colours: name (c cycles name, package, self-time heat)") != NULL);
	canvas_row_text(&c, 2, buf, sizeof(buf));
	CHECK(strstr(buf, " kernel _[k]   JIT _[j]   inlined _[i]   * search match ") != NULL);
	/* The kernel swatch in the kernel frames' style. */
	int x = (int)(strstr(buf, "kernel") - buf);
	CHECK(same_style(c.cells[2 * c.w + x].st, sk));
	canvas_row_text(&c, 4, buf, sizeof(buf));
	CHECK(strstr(buf, "Left h") != NULL); /* the keys follow */
	canvas_free(&c);
	view_free(&v);
	profile_free(p);
}

/* The heat scale (the largest self) takes a pass over every node: it is
 * worked out only while heat colouring is on.  A new tree or column marks
 * it unknown (-1); the next render with heat on works it out; a new tree
 * under heat colouring, and each butterfly half, get their own. */
TEST(heat_scale_when_needed)
{
	ft_profile *p = prof("main;a 3\nmain;b 9\nmain;b;F;c 5\nmain;a;F 2\n");
	ft_view v;
	view_init(&v, p, 80, 20);
	ft_canvas c;
	canvas_init(&c, 80, 20, 1);
	render_view(&v, &c);
	CHECK_INT(v.max_self, -1);
	v.color = COLOR_HEAT;
	render_view(&v, &c);
	CHECK_INT(v.max_self, 9);
	ft_diag err;
	CHECK_INT(view_filter_add(&v, "ignore b", &err), 0);
	CHECK(v.prof != p);
	CHECK_INT(v.max_self, 3);
	CHECK_INT(v.max_self, profile_max_self(v.prof, 0));
	view_filter_remove(&v, 0);
	CHECK_INT(v.max_self, 9);
	CHECK_INT(view_butterfly_open(&v, intern_find(p->names, "F", 1, 0), &err), 0);
	render_view(&v, &c);
	CHECK_INT(v.bf->up.max_self, profile_max_self(v.bf->up.prof, 0));
	CHECK_INT(v.bf->down.max_self, profile_max_self(v.bf->down.prof, 0));
	CHECK_INT(v.bf->down.max_self, 5);
	view_butterfly_close(&v);
	/* Heat off: a new tree leaves it unknown. */
	v.color = COLOR_NAME;
	CHECK_INT(view_filter_add(&v, "ignore ^a$", &err), 0);
	CHECK_INT(v.max_self, -1);
	render_view(&v, &c);
	CHECK_INT(v.max_self, -1);
	/* The SVG export of a heat-coloured view works it out too. */
	v.color = COLOR_HEAT;
	FILE *svg = tmpfile();
	CHECK(svg != NULL);
	CHECK_INT(view_export_svg(&v, svg, 800, 0.1, &err), 0);
	fclose(svg);
	CHECK_INT(v.max_self, profile_max_self(v.prof, 0));
	CHECK(v.max_self > 0);
	canvas_free(&c);
	view_free(&v);
	profile_free(p);
}

/* The activity line's cache (the all row kept, the marked row worked
 * out when the selection moves) gives what a fresh count gives, through
 * moves, the width, idle samples shown and a time range. */
static void
check_activity(ft_view *v, uint32_t ncols)
{
	view_activity_ready(v, ncols);
	CHECK(v->act.valid);
	uint32_t *all = calloc(ncols, 4), *in = calloc(ncols, 4);
	uint8_t *idle = v->heat.with_idle ? NULL : timerange_idle_nodes(v->base);
	uint8_t *mark = timerange_frame_nodes(v->base, v->prof, v->sel);
	int64_t from, to;
	filters_time_range(&v->filters, &from, &to);
	uint32_t max = timeline_activity(v->base->timeline, ncols, idle, mark, from,
	    to, all, in);
	CHECK_INT(v->act.max, max);
	int same = 1;
	for (uint32_t c = 0; c < ncols; c++)
		same &= v->act.all[c] == all[c] && v->act.in[c] == in[c];
	CHECK(same);
	free(all);
	free(in);
	free(idle);
	free(mark);
}

TEST(activity_cache_equals_fresh)
{
	ft_load_opts o = {0};
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_file("tests/data/perf-phases.txt.gz", NULL, &o, &rep, &err);
	CHECK(p != NULL && p->timeline != NULL);
	if (p == NULL || p->timeline == NULL)
		return;
	ft_view v;
	view_init(&v, p, 120, 30);
	check_activity(&v, 100);
	static const int moves[] = {ACT_DOWN, ACT_DOWN, ACT_DOWN, ACT_RIGHT, ACT_DOWN,
	    ACT_RIGHT, ACT_UP, ACT_DOWN, ACT_DOWN};
	for (size_t i = 0; i < sizeof(moves) / sizeof(moves[0]); i++) {
		view_apply(&v, moves[i]);
		check_activity(&v, 100);
	}
	check_activity(&v, 37);
	v.heat.with_idle = !v.heat.with_idle;
	check_activity(&v, 37);
	v.heat.with_idle = !v.heat.with_idle;
	CHECK_INT(view_filter_add(&v, "time 0.5,1.5", &err), 0);
	check_activity(&v, 37);
	view_apply(&v, ACT_DOWN);
	check_activity(&v, 37);
	view_filter_remove(&v, 0);
	check_activity(&v, 100);
	view_free(&v);
	profile_free(p);
}

int
main(void)
{
	RUN(navigation);
	RUN(zoom_history);
	RUN(flip_scroll_and_click);
	RUN(render_header_status_and_small_terminal);
	RUN(status_keeps_the_name);
	RUN(details_panel_pprof_metadata);
	RUN(resize_height_follows_selection);
	RUN(help_q_closes_and_legend);
	RUN(details_stack_fills_the_panel);
	RUN(details_in_butterfly);
	RUN(help_follows_flip);
	RUN(palettes);
	RUN(heat_scale_when_needed);
	RUN(activity_cache_equals_fresh);
	return unit_report();
}
