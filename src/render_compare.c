/* render_compare.c - comparison view to canvas (see render_compare.h).
 *
 * Frames are drawn as in render.c: an edge cell, then the clipped label on
 * the frame's colour.  When colouring by delta the edge cell carries the
 * sign, '+' where B grew and '-' where it shrank, so --dump's plain text
 * and monochrome terminals still show the direction of every change; a
 * frame matched by the search shows '*' there instead (and the match
 * colour), as in the single view.
 * Side by side, a frame that exists on only this pane's side is
 * underlined; the selected path, when this side lacks it, is drawn as a
 * hatched "(absent)" gap where it would be (or "(narrow)" when it exists
 * but is under one cell wide), at least as wide as its label even when
 * that covers neighbours, so nothing disappears silently.
 */
#include "render_compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "functions.h"
#include "render.h"
#include "units.h"
#include "xalloc.h"

static const ft_style st_plain = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, 0};
#define ST_MATCH_BG 0xe040e0u /* magenta, as render.c: search matches */

/* Bars: colours, or reverse video without colours (as render.c). */
static ft_style
bar_st(const ft_cview *v)
{
	ft_style c = {0xffffff, 0x303040, FT_A_BOLD};
	ft_style m = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, FT_A_BOLD | FT_A_REVERSE};
	return v->colors > 0 ? c : m;
}

static ft_style
bar_off_st(const ft_cview *v)
{
	ft_style c = {0xb0b0b0, 0x303040, 0};
	ft_style m = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, FT_A_REVERSE};
	return v->colors > 0 ? c : m;
}

static ft_style
status_st(const ft_cview *v)
{
	ft_style c = {0x000000, 0xd0d0d0, 0};
	ft_style m = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, FT_A_REVERSE};
	return v->colors > 0 ? c : m;
}
static const ft_style st_absent = {0x909090, FT_COLOR_DEFAULT, FT_A_DIM};
static const ft_style st_sep = {0x808080, FT_COLOR_DEFAULT, 0};

static uint32_t
hatch_glyph(const ft_canvas *c)
{
	return c->utf8 ? 0x2571 : '/';
}

static enum cmp_basis
basis(const ft_cview *v)
{
	return v->color == CV_COLOR_DSELF ? CMP_BASIS_SELF : CMP_BASIS_TOTAL;
}

static char *
fmt_val(char *buf, size_t cap, const ft_cview *v, ft_val x)
{
	return units_human(buf, cap, v->cmp->u, CMP_B, x);
}

static char *
fmt_delta(char *buf, size_t cap, const ft_cview *v, ft_val d)
{
	char t[48];
	units_human(t, sizeof(t), v->cmp->u, CMP_B, d < 0 ? (d == INT64_MIN ? INT64_MAX : -d) : d);
	snprintf(buf, cap, "%s%s", d > 0 ? "+" : d < 0 ? "-" : "", t);
	return buf;
}

static uint32_t
frame_bg(const ft_cview *v, uint32_t n)
{
	if (v->color == CV_COLOR_NAME) {
		ft_view tmp;
		memset(&tmp, 0, sizeof(tmp));
		tmp.prof = v->cmp->u;
		tmp.color = COLOR_NAME;
		tmp.col = CMP_B;
		return render_frame_color(&tmp, n);
	}
	return compare_node_color(v->cmp, n, basis(v));
}

static void
draw_absent_range(ft_canvas *c, int x0, int x1, int y, const char *label,
    const ft_profile *u, uint32_t name, int selected)
{
	ft_style st = st_absent;
	if (selected)
		st.attr |= FT_A_REVERSE;
	for (int x = x0; x < x1; x++)
		canvas_put(c, x, y, hatch_glyph(c), st);
	int x = x0 + 1;
	if (x < x1)
		x += canvas_text(c, x, y, x1 - x, label, strlen(label), st, 1);
	if (u != NULL && x + 1 < x1)
		canvas_text(c, x + 1, y, x1 - x - 1, intern_str(u->names, name),
		    intern_len(u->names, name), st, 1);
}

static void
draw_frame(ft_cview *v, ft_canvas *c, const ft_cpane *p, const ft_lframe *f, int y)
{
	const ft_compare *cmp = v->cmp;
	const ft_profile *u = cmp->u;
	int x0 = p->x + f->x0, x1 = p->x + f->x1;
	if (f->node == FT_NONE) {
		ft_style fs = {0x808080, FT_COLOR_DEFAULT, FT_A_DIM};
		for (int x = x0; x < x1; x++)
			canvas_glyph(c, x, y, FT_G_FILLER, fs);
		return;
	}
	uint32_t n = f->node;
	uint32_t name = u->nodes[n].name;
	if (n != FT_ROOT && !(cmp->presence[n] & cview_pane_mask(v, p))) {
		/* An ancestor of an absent zoom node: full width, marked. */
		draw_absent_range(c, x0, x1, y, "(absent)", u, name, n == v->sel);
		return;
	}
	ft_style st = {0x000000, frame_bg(v, n), 0};
	int hit = cview_matched(v, n);
	if (hit) {
		st.bg = ST_MATCH_BG;
		st.attr |= FT_A_BOLD;
	}
	if (n == v->sel)
		st.attr |= FT_A_REVERSE | FT_A_BOLD;
	if (p->side >= 0 && n != FT_ROOT &&
	    cmp->presence[n] != (CMP_IN_A | CMP_IN_B))
		st.attr |= FT_A_UNDERLINE;
	canvas_fill(c, x0, x1, y, ' ', st);
	int sign = v->color == CV_COLOR_NAME ? 0 : compare_sign(compare_delta(cmp, n, basis(v)));
	if (hit)
		canvas_put(c, x0, y, '*', st);
	else if (sign != 0)
		canvas_put(c, x0, y, sign > 0 ? '+' : '-', st);
	else
		canvas_glyph(c, x0, y, FT_G_EDGE, st);
	int room = x1 - x0 - 1;
	int min_room = c->utf8 ? 3 : 4;
	if (room >= min_room || (room > 0 && canvas_text_width(c,
	    intern_str(u->names, name), intern_len(u->names, name)) <= room))
		canvas_text(c, x0 + 1, y, room, intern_str(u->names, name),
		    intern_len(u->names, name), st, 1);
}

/* The selected path where this pane does not draw it. */
static void
draw_missing_selection(ft_cview *v, ft_canvas *c, const ft_cpane *p)
{
	const ft_profile *u = v->cmp->u;
	uint32_t sel = v->sel;
	if (layout_find(&p->layout, u, sel) != NULL)
		return;
	uint32_t q = sel, first = FT_NONE;
	while (q != FT_ROOT && layout_find(&p->layout, u, q) == NULL) {
		first = q;
		q = u->nodes[q].parent;
	}
	const ft_lframe *fq = layout_find(&p->layout, u, q);
	if (fq == NULL || first == FT_NONE)
		return;
	ft_widths w = cview_pane_widths(v, p);
	ft_val off = fq->off;
	for (uint32_t s = u->nodes[q].child; s != FT_NONE && s != first; s = u->nodes[s].sibling) {
		ft_val sv = w.w[(size_t)s * w.stride];
		if (sv > 0)
			off += sv;
	}
	ft_val total = w.w[(size_t)v->zoom * w.stride];
	int x = fq->x0;
	if (total > 0) {
		x = (int)floor((double)off * (double)p->layout.width / (double)total);
		if (x < fq->x0)
			x = fq->x0;
		if (x >= fq->x1)
			x = fq->x1 - 1;
	}
	int present = (v->cmp->presence[sel] & cview_pane_mask(v, p)) != 0;
	const char *label = present ? "(narrow)" : "(absent)";
	/* Wide enough for the label even under a narrow parent: the gap is
	 * the selection, drawn over its neighbours rather than clipped. */
	int gw = (int)strlen(label) + 1;
	if (gw > p->layout.width)
		gw = p->layout.width;
	if (x + gw > p->layout.width)
		x = p->layout.width - gw;
	for (uint32_t d = u->nodes[q].depth + 1; d <= u->nodes[sel].depth; d++) {
		int y = cview_row_of_depth(v, p, d);
		if (y < 0)
			continue;
		if (d == u->nodes[sel].depth)
			draw_absent_range(c, p->x + x, p->x + x + gw, y, label, NULL, 0, 1);
		else
			draw_absent_range(c, p->x + x, p->x + x + gw, y, "", NULL, 0, 0);
	}
}

static void
draw_pane_frames(ft_cview *v, ft_canvas *c, const ft_cpane *p)
{
	int rows = cview_pane_rows(p);
	for (int i = 0; i < rows; i++) {
		uint32_t d = v->scroll + (uint32_t)i;
		int y = cview_row_of_depth(v, p, d);
		size_t n;
		const ft_lframe *row = layout_row(&p->layout, d, &n);
		for (size_t k = 0; k < n; k++)
			draw_frame(v, c, p, &row[k], y);
	}
	draw_missing_selection(v, c, p);
}

static int
bar_text(ft_canvas *c, int x, int y, int x1, const char *s, ft_style st)
{
	if (x >= x1)
		return 0;
	return canvas_text(c, x, y, x1 - x, s, strlen(s), st, 1);
}

/* " | focus RE, ignore RE" for the active filters ("" without). */
static void
filters_text(const ft_cview *v, char *buf, size_t cap)
{
	size_t k = 0;
	buf[0] = '\0';
	for (int i = 0; i < v->filters.n && k + 1 < cap; i++) {
		int r = snprintf(buf + k, cap - k, "%s%s %s", i ? ", " : " | ",
		    filter_kind_name(v->filters.v[i].kind), v->filters.v[i].pattern);
		if (r < 0)
			break;
		k += (size_t)r;
	}
}

static void
draw_side_header(ft_cview *v, ft_canvas *c, const ft_cpane *p, int idx)
{
	const ft_compare *cmp = v->cmp;
	int active = v->active == idx;
	ft_style st = active ? bar_st(v) : bar_off_st(v);
	int x1 = p->x + p->w;
	canvas_fill(c, p->x, x1, p->y, ' ', st);
	char buf[256], t[64], raw[64];
	int x = p->x;
	snprintf(buf, sizeof(buf), "%s%s: ", active ? ">" : " ", idx == 0 ? "A" : "B");
	x += bar_text(c, x, p->y, x1, buf, st);
	fmt_val(t, sizeof(t), v, cmp->total[idx]);
	snprintf(buf, sizeof(buf), "total %s", t);
	x += bar_text(c, x, p->y, x1, buf, st);
	/* The sample type, when it says more than "samples" (pprof). */
	const char *type = cmp->u->types[idx == 0 ? CMP_A : CMP_B].name;
	if (strcmp(type, "samples") != 0 && cmp->src[0] != cmp->src[1]) {
		snprintf(buf, sizeof(buf), " %s", type);
		x += bar_text(c, x, p->y, x1, buf, st);
	}
	if (idx == 0 && cmp->normalized) {
		fmt_val(raw, sizeof(raw), v, cmp->raw_total_a);
		snprintf(buf, sizeof(buf), " (normalised from %s)", raw);
		x += bar_text(c, x, p->y, x1, buf, st);
	}
	if (cmp->only[idx] > 0) {
		snprintf(buf, sizeof(buf), " | %u only in %s", cmp->only[idx], idx == 0 ? "A" : "B");
		x += bar_text(c, x, p->y, x1, buf, st);
	}
	char chips[512];
	filters_text(v, chips, sizeof(chips));
	if (chips[0] != '\0')
		x += canvas_text(c, x, p->y, x1 - x > 0 ? x1 - x : 0, chips, strlen(chips), st, 1);
	/* The file name last: it is the part that may be clipped. */
	x += bar_text(c, x, p->y, x1, " | ", st);
	const char *src = cmp->src[idx];
	if (x < x1)
		x += canvas_text(c, x, p->y, x1 - x, src, strlen(src), st, 1);
	if (cmp->src[0] == cmp->src[1])
		bar_text(c, x, p->y, x1, idx == 0 ? " (before)" : " (after)", st);
}

static void
draw_diff_header(ft_cview *v, ft_canvas *c)
{
	const ft_compare *cmp = v->cmp;
	canvas_fill(c, 0, c->w, 0, ' ', bar_st(v));
	char buf[512], ta[64], tb[64], d[64], pct[32], type[160];
	units_type_label(type, sizeof(type), cmp->u, CMP_B);
	fmt_val(ta, sizeof(ta), v, cmp->total[0]);
	fmt_val(tb, sizeof(tb), v, cmp->total[1]);
	ft_val dt = compare_delta(cmp, FT_ROOT, CMP_BASIS_TOTAL);
	fmt_delta(d, sizeof(d), v, dt);
	compare_pct(pct, sizeof(pct), cmp->total[0], dt);
	/* Figures first, file names last: names are what gets clipped. */
	snprintf(buf, sizeof(buf), "diff | %s | A %s -> B %s (%s, %s)%s | width %s | colour %s | ",
	    type, ta, tb, d, pct, cmp->normalized ? " | A normalised to B's total" : "",
	    compare_width_name(v->wsrc),
	    v->color == CV_COLOR_DTOTAL ? "total delta" :
	    v->color == CV_COLOR_DSELF ? "self delta" : "name");
	int x = bar_text(c, 0, 0, c->w, buf, bar_st(v));
	char chips[512];
	filters_text(v, chips, sizeof(chips));
	if (chips[0] != '\0' && x < c->w) {
		x += canvas_text(c, x, 0, c->w - x, chips + 3, strlen(chips + 3), bar_st(v), 1);
		x += bar_text(c, x, 0, c->w, " | ", bar_st(v));
	}
	if (cmp->src[0] == cmp->src[1]) {
		if (x < c->w)
			x += canvas_text(c, x, 0, c->w - x, cmp->src[0], strlen(cmp->src[0]), bar_st(v), 1);
		bar_text(c, x, 0, c->w, " (before -> after)", bar_st(v));
	} else {
		x += bar_text(c, x, 0, c->w, "A: ", bar_st(v));
		if (x < c->w)
			x += canvas_text(c, x, 0, c->w - x, cmp->src[0], strlen(cmp->src[0]), bar_st(v), 1);
		x += bar_text(c, x, 0, c->w, " B: ", bar_st(v));
		if (x < c->w)
			canvas_text(c, x, 0, c->w - x, cmp->src[1], strlen(cmp->src[1]), bar_st(v), 1);
	}
}

/* "14 (21.5%)" or "absent". */
static void
side_value(char *buf, size_t cap, const ft_cview *v, ft_val x, int present, int side)
{
	char t[48], pc[24];
	if (!present) {
		snprintf(buf, cap, "absent");
		return;
	}
	fmt_val(t, sizeof(t), v, x);
	units_pct(pc, sizeof(pc), (double)x, (double)v->cmp->total[side]);
	snprintf(buf, cap, "%s (%s)", t, pc);
}

static void
draw_status(ft_cview *v, ft_canvas *c)
{
	const ft_compare *cmp = v->cmp;
	const ft_profile *u = cmp->u;
	int y = c->h - 1;
	canvas_fill(c, 0, c->w, y, ' ', status_st(v));
	if (v->message != NULL) {
		canvas_text(c, 0, y, c->w, v->message, strlen(v->message), status_st(v), 1);
		return;
	}
	int x = 0;
	if (v->search != NULL) {
		char ma[48], mb[48], pa[24], pb[24], buf[200];
		fmt_val(ma, sizeof(ma), v, v->matched[0]);
		fmt_val(mb, sizeof(mb), v, v->matched[1]);
		units_pct(pa, sizeof(pa), (double)v->matched[0], (double)cmp->total[0]);
		units_pct(pb, sizeof(pb), (double)v->matched[1], (double)cmp->total[1]);
		snprintf(buf, sizeof(buf), "Matched: A %s (%s) B %s (%s) | ", pa, ma, pb, mb);
		ft_style ms = status_st(v);
		if (v->colors > 0)
			ms.bg = ST_MATCH_BG;
		x = bar_text(c, 0, y, c->w, buf, ms);
	}
	uint32_t n = v->sel;
	uint32_t name = u->nodes[n].name;
	int inA = n == FT_ROOT || (cmp->presence[n] & CMP_IN_A);
	int inB = n == FT_ROOT || (cmp->presence[n] & CMP_IN_B);
	char line[1024], a[96], b[96], d[64], pc[32], sa[96], sb[96], sd[64], spc[32];
	ft_val ta = profile_total(u, n, CMP_A), tb = profile_total(u, n, CMP_B);
	ft_val sva = profile_self(u, n, CMP_A), svb = profile_self(u, n, CMP_B);
	side_value(a, sizeof(a), v, ta, inA, 0);
	side_value(b, sizeof(b), v, tb, inB, 1);
	fmt_delta(d, sizeof(d), v, compare_delta(cmp, n, CMP_BASIS_TOTAL));
	compare_pct(pc, sizeof(pc), ta, compare_delta(cmp, n, CMP_BASIS_TOTAL));
	side_value(sa, sizeof(sa), v, sva, inA, 0);
	side_value(sb, sizeof(sb), v, svb, inB, 1);
	fmt_delta(sd, sizeof(sd), v, compare_delta(cmp, n, CMP_BASIS_SELF));
	compare_pct(spc, sizeof(spc), sva, compare_delta(cmp, n, CMP_BASIS_SELF));
	snprintf(line, sizeof(line),
	    " | total A %s -> B %s delta %s (%s) | self A %s -> B %s delta %s (%s)",
	    a, b, d, pc, sa, sb, sd, spc);
	int lw = (int)strlen(line);
	int namew = c->w - lw;
	if (namew < x + 12)
		namew = x + (c->w - x) / 3;
	x += canvas_text(c, x, y, namew - x, intern_str(u->names, name),
	    intern_len(u->names, name), status_st(v), 1);
	const char *ks = frame_suffix(u, name);
	if (*ks && x + (int)strlen(ks) <= namew)
		x += canvas_text(c, x, y, namew - x, ks, strlen(ks), status_st(v), 0);
	canvas_text(c, x, y, c->w - x, line, (size_t)lw, status_st(v), 1);
}

/* The open prompt on the status line; sets the cursor position. */
static void
draw_prompt(ft_cview *v, ft_canvas *c)
{
	render_prompt(c, v->prompt_kind, &v->prompt, &v->cursor_x, &v->cursor_y);
}

static void
draw_help(ft_cview *v, ft_canvas *c)
{
	render_help(c, "flametui keys, comparing two profiles (any other key closes)",
	    "click selects (and picks the pane), double click zooms, wheel scrolls",
	    &v->help_scroll, bar_st(v));
}

static void
draw_table(ft_cview *v, ft_canvas *c)
{
	const ft_compare *cmp = v->cmp;
	const ft_profile *u = cmp->u;
	canvas_fill(c, 0, c->w, 0, ' ', bar_st(v));
	char buf[512];
	snprintf(buf, sizeof(buf), "regressions by function, sorted by |delta %s| "
	    "(Tab: by %s) | Enter: show in graph | R Esc: back%s",
	    v->tsort == CMP_BASIS_SELF ? "self" : "total",
	    v->tsort == CMP_BASIS_SELF ? "total" : "self",
	    cmp->normalized ? " | A normalised" : "");
	bar_text(c, 0, 0, c->w, buf, bar_st(v));
	ft_style head = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, FT_A_BOLD};
	canvas_printf(c, 0, 1, c->w, head, "%9s %9s %9s %7s %9s %9s %9s %7s  %s",
	    "self A", "self B", "d.self", "d.self%", "total A", "total B", "d.total",
	    "d.tot%", "function");
	int rows = c->h - 3;
	if (rows < 1)
		return;
	if (v->trow < v->tscroll)
		v->tscroll = v->trow;
	if (v->trow >= v->tscroll + (uint32_t)rows)
		v->tscroll = v->trow - (uint32_t)rows + 1;
	for (int i = 0; i < rows; i++) {
		uint32_t r = v->tscroll + (uint32_t)i;
		if (r >= v->nrows)
			break;
		const ft_regress *g = &v->rows[r];
		char s0[32], s1[32], sd[32], sp[32], t0[32], t1[32], td[32], tp[32];
		ft_val ds = g->self[1] - g->self[0], dt = g->total[1] - g->total[0];
		fmt_val(s0, sizeof(s0), v, g->self[0]);
		fmt_val(s1, sizeof(s1), v, g->self[1]);
		fmt_delta(sd, sizeof(sd), v, ds);
		compare_pct(sp, sizeof(sp), g->self[0], ds);
		fmt_val(t0, sizeof(t0), v, g->total[0]);
		fmt_val(t1, sizeof(t1), v, g->total[1]);
		fmt_delta(td, sizeof(td), v, dt);
		compare_pct(tp, sizeof(tp), g->total[0], dt);
		ft_style st = st_plain;
		if (r == v->trow)
			st.attr |= FT_A_REVERSE | FT_A_BOLD;
		int y = 2 + i;
		canvas_fill(c, 0, c->w, y, ' ', st);
		ft_val key = v->tsort == CMP_BASIS_SELF ? ds : dt;
		ft_style vs = st;
		if (key != 0)
			vs.fg = key > 0 ? 0xd03030 : 0x3060e0;
		int x = canvas_printf(c, 0, y, c->w, st, "%9s %9s ", s0, s1);
		x += canvas_printf(c, x, y, c->w - x, v->tsort == CMP_BASIS_SELF ? vs : st,
		    "%9s %7s ", sd, sp);
		x += canvas_printf(c, x, y, c->w - x, st, "%9s %9s ", t0, t1);
		x += canvas_printf(c, x, y, c->w - x, v->tsort == CMP_BASIS_TOTAL ? vs : st,
		    "%9s %7s  ", td, tp);
		x += canvas_text(c, x, y, c->w - x, intern_str(u->names, g->name),
		    intern_len(u->names, g->name), st, 1);
		const char *ks = frame_suffix(u, g->name);
		if (*ks)
			canvas_text(c, x, y, c->w - x, ks, strlen(ks), st, 1);
	}
	int y = c->h - 1;
	canvas_fill(c, 0, c->w, y, ' ', status_st(v));
	if (v->tfilter != NULL)
		canvas_printf(c, 0, y, c->w, status_st(v), "%u of %u functions match /%s/ | row %u",
		    v->nrows, v->nall, match_pattern(v->tfilter), v->nrows ? v->trow + 1 : 0);
	else
		canvas_printf(c, 0, y, c->w, status_st(v), "%u functions | row %u | / filters rows",
		    v->nrows, v->nrows ? v->trow + 1 : 0);
}

void
render_cview(ft_cview *v, ft_canvas *c)
{
	canvas_clear(c);
	v->cursor_x = v->cursor_y = -1;
	if (v->w < VIEW_MIN_W || v->h < VIEW_MIN_H + 2) {
		canvas_printf(c, 0, 0, c->w, st_plain, "terminal too small");
		if (c->h > 1)
			canvas_printf(c, 0, 1, c->w, st_plain, "need %dx%d", VIEW_MIN_W, VIEW_MIN_H + 2);
		return;
	}
	if (v->help) {
		draw_help(v, c);
		return;
	}
	if (v->table) {
		draw_table(v, c);
		if (v->prompt_kind != PK_NONE)
			draw_prompt(v, c);
		return;
	}
	cview_update(v);
	if (v->mode == CV_DIFF) {
		draw_diff_header(v, c);
		draw_pane_frames(v, c, &v->pane[0]);
	} else {
		for (int i = 0; i < 2; i++) {
			draw_side_header(v, c, &v->pane[i], i);
			draw_pane_frames(v, c, &v->pane[i]);
		}
		if (!cview_stacked(v)) {
			int x = v->pane[0].x + v->pane[0].w;
			canvas_put(c, x, 0, c->utf8 ? 0x2502 : '|', bar_st(v));
			for (int y = 1; y < c->h - 1; y++)
				canvas_put(c, x, y, c->utf8 ? 0x2502 : '|', st_sep);
		}
	}
	draw_status(v, c);
	if (v->prompt_kind != PK_NONE)
		draw_prompt(v, c);
}
