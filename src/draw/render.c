/* render.c - view to canvas (see render.h).
 *
 * A frame is drawn as an edge cell (FT_G_EDGE) followed by its label,
 * clipped with an ellipsis, on its colour.  The edge keeps neighbours apart
 * even in monochrome and in --dump's plain text.  A frame matched by the
 * search is drawn on magenta, bold, and its edge cell is '*' instead of the
 * edge glyph, so matches show in mono terminals and in --dump text too.
 */
#include "draw/render.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "profile/framesrc.h"
#include "ops/function_table.h"
#include "profile/intern.h"
#include "view/keymap.h"
#include "view/prompt_help.h"
#include "profile/labels.h"
#include "draw/render_compare.h"
#include "draw/render_activity.h"
#include "draw/palette.h"
#include "draw/render_chart.h"
#include "draw/render_heat.h"
#include "draw/render_labels.h"
#include "profile/units.h"
#include "base/xalloc.h"

static const ft_style st_plain = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, 0};
static const ft_style st_hint = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, FT_A_DIM};
static const ft_style st_bar_color = {0xffffff, 0x303040, FT_A_BOLD};
static const ft_style st_bar_mono = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, FT_A_BOLD | FT_A_REVERSE};
static const ft_style st_status_color = {0x000000, 0xd0d0d0, 0};
static const ft_style st_status_mono = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, FT_A_REVERSE};
static const ft_style st_chip_color = {0x000000, 0xe0c060, 0};
static const ft_style st_chip_mono = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, FT_A_UNDERLINE};
#define ST_MATCH_BG 0xe040e0u /* magenta: search matches */

/* Header / status / chip styles: without colours, reverse video. */
static ft_style
bar_style(const ft_view *v)
{
	return v->colors > 0 ? st_bar_color : st_bar_mono;
}

static ft_style
status_style(const ft_view *v)
{
	return v->colors > 0 ? st_status_color : st_status_mono;
}


/* One frame of pane p: the edge cell, then the label on the frame's
 * colour.  In a comparison the colour may be the delta's, the edge its
 * sign; a frame only one side has is underlined in that side's pane. */
static void
draw_frame(ft_view *v, ft_canvas *c, const ft_pane *pn, const ft_lframe *f, int y)
{
	const ft_profile *p = v->prof;
	int x0 = pn->x + f->x0, x1 = pn->x + f->x1;
	if (f->node == FT_NONE) {
		ft_style fs = {0x808080, FT_COLOR_DEFAULT, FT_A_DIM};
		for (int x = x0; x < x1; x++)
			canvas_glyph(c, x, y, FT_G_FILLER, fs);
		return;
	}
	uint32_t n = f->node;
	if (!view_pane_has(v, pn, n)) {
		rc_draw_absent_frame(v, c, x0, x1, y, n);
		return;
	}
	int delta = v->cmp != NULL && rc_delta_colors(v);
	ft_style st = delta ? (ft_style){0x000000, rc_frame_bg(v, n), 0} : render_frame_style(v, n);
	int hit = view_matched(v, n);
	if (hit) {
		st.bg = ST_MATCH_BG;
		st.attr |= FT_A_BOLD;
	}
	if (n == v->sel && !v->nosel)
		st.attr |= FT_A_REVERSE | FT_A_BOLD;
	if (v->cmp != NULL && pn->vset != VS_DIFF && n != FT_ROOT &&
	    v->cmp->presence[n] != (CMP_IN_A | CMP_IN_B))
		st.attr |= FT_A_UNDERLINE;
	canvas_fill(c, x0, x1, y, ' ', st);
	int sign = delta ? rc_frame_sign(v, n) : 0;
	uint32_t only = v->cmp != NULL ? rc_only_glyph(v, c, n) : 0;
	if (hit)
		canvas_put(c, x0, y, '*', st);
	else if (sign != 0)
		canvas_put(c, x0, y, sign > 0 ? '+' : '-', st);
	else if (only != 0)
		canvas_put(c, x0, y, only, st);
	else
		canvas_glyph(c, x0, y, FT_G_EDGE, st);
	uint32_t name = p->nodes[n].name;
	int room = x1 - x0 - 1;
	int min_room = c->utf8 ? 3 : 4;
	if (room >= min_room || (room > 0 && canvas_text_width(c,
	    intern_str(p->names, name), intern_len(p->names, name)) <= room))
		canvas_text(c, x0 + 1, y, room, intern_str(p->names, name),
		    intern_len(p->names, name), st, 1);
}

/* The frame rows of a pane. */
static void
draw_frames(ft_view *v, ft_canvas *c, const ft_pane *p)
{
	int rows = view_pane_rows(p);
	for (int i = 0; i < rows; i++) {
		uint32_t d = v->scroll + (uint32_t)i;
		int y = view_pane_row_of_depth(v, p, d);
		size_t n;
		const ft_lframe *row = layout_row(&p->layout, d, &n);
		for (size_t k = 0; k < n; k++)
			draw_frame(v, c, p, &row[k], y);
	}
	if (v->cmp != NULL && !v->nosel)
		rc_draw_missing_selection(v, c, p);
}

/* Cells chip i takes: " kind" or " kind:RE". */
static int
chip_width(const ft_canvas *c, const ft_filter *f)
{
	const char *k = filter_kind_name(f->kind);
	int w = 1 + canvas_text_width(c, k, strlen(k));
	if (*f->pattern != '\0')
		w += 1 + canvas_text_width(c, f->pattern, strlen(f->pattern));
	return w;
}

/* How many of the first chips fit in room cells with the marker for the
 * rest (" +N filters [F]", or without " [F]" when that does not fit):
 * every chip when all fit, else as many as leave room for the marker. */
int
render_chips_fit(const ft_view *v, const ft_canvas *c, int room, int *marker_w)
{
	int n = v->filters.n, total = 0;
	for (int i = 0; i < n; i++)
		total += chip_width(c, &v->filters.v[i]);
	*marker_w = 0;
	if (total <= room)
		return n;
	int k = 0, used = 0;
	for (;;) {
		char m[48];
		int mw = render_chips_more(m, sizeof(m), n - k, 1);
		int cw = k < n ? chip_width(c, &v->filters.v[k]) : 0;
		if (k == n || used + cw + mw > room)
			break;
		used += cw;
		k++;
	}
	char m[48];
	*marker_w = render_chips_more(m, sizeof(m), n - k, 1);
	if (used + *marker_w > room)
		*marker_w = render_chips_more(m, sizeof(m), n - k, 0);
	return k;
}

int
render_chips_more(char *buf, size_t cap, int n, int key)
{
	int k = snprintf(buf, cap, " +%d filter%s%s", n, n == 1 ? "" : "s", key ? " [F]" : "");
	return k < 0 ? 0 : (size_t)k < cap ? k : (int)cap - 1;
}

/* Filter chips ("focus:RE") and the search pattern ("/RE") in the
 * header from cell x; the chips that do not fit are counted ("+2
 * filters [F]": F lists them).  Returns the next free cell. */
static int
draw_chips(const ft_view *v, ft_canvas *c, int x, int limit)
{
	ft_style st_bar = bar_style(v);
	ft_style st_chip = v->colors > 0 ? st_chip_color : st_chip_mono;
	int mw;
	int fit = render_chips_fit(v, c, limit - x, &mw);
	for (int i = 0; i < fit && x < limit; i++) {
		const ft_filter *f = &v->filters.v[i];
		x += canvas_text(c, x, 0, limit - x, " ", 1, st_bar, 0);
		const char *k = filter_kind_name(f->kind);
		x += canvas_text(c, x, 0, limit - x, k, strlen(k), st_chip, 1);
		if (*f->pattern == '\0') /* invert */
			continue;
		x += canvas_text(c, x, 0, limit - x, ":", 1, st_chip, 1);
		x += canvas_text(c, x, 0, limit - x, f->pattern, strlen(f->pattern), st_chip, 1);
	}
	if (fit < v->filters.n) {
		char m[48];
		int n = render_chips_more(m, sizeof(m), v->filters.n - fit, 1);
		if (n != mw) /* " [F]" did not fit */
			n = render_chips_more(m, sizeof(m), v->filters.n - fit, 0);
		x += canvas_text(c, x, 0, limit - x, " ", 1, st_bar, 0);
		x += canvas_text(c, x, 0, limit - x, m + 1, (size_t)n - 1, st_chip, 1);
	}
	if (v->search != NULL && x < limit) {
		const char *pat = match_pattern(v->search);
		ft_style ss = v->colors > 0 ? (ft_style){0x000000, ST_MATCH_BG, 0} : st_chip_mono;
		x += canvas_text(c, x, 0, limit - x, " ", 1, st_bar, 0);
		x += canvas_text(c, x, 0, limit - x, "/", 1, ss, 1);
		x += canvas_text(c, x, 0, limit - x, pat, strlen(pat), ss, 1);
	}
	return x;
}

/* Cells the "more above/below" marker takes (0 when all rows show). */
static int
more_marker(const ft_view *v, const ft_canvas *c, uint32_t *above, uint32_t *below)
{
	uint32_t rows = (uint32_t)view_graph_rows(v);
	uint32_t n = v->pane[0].layout.nrows;
	*above = v->scroll;
	*below = n > v->scroll + rows ? n - v->scroll - rows : 0;
	if (v->flip) {
		uint32_t t = *above;
		*above = *below;
		*below = t;
	}
	int mw = 0;
	char m[32];
	if (*above)
		mw += 1 + snprintf(m, sizeof(m), "%u", *above);
	if (*below)
		mw += 1 + snprintf(m, sizeof(m), "%u", *below);
	if (*above && *below)
		mw++;
	return mw;
}

/* "total 5.62 s", or when filters changed the total shown, it of the
 * whole profile's: "40 ms of 5.62 s (0.71%)" (percentages are of the
 * whole, view_whole_total). */
static void
total_text(char *buf, size_t cap, const ft_view *v, int col)
{
	const ft_profile *p = v->prof;
	ft_val t = profile_total(p, FT_ROOT, col), w = view_whole_total(v, col);
	char ts[48], ws[48], pc[24];
	units_human(ts, sizeof(ts), p, col, t);
	if (t == w) {
		snprintf(buf, cap, "total %s", ts);
		return;
	}
	units_human(ws, sizeof(ws), p, col, w);
	units_pct(pc, sizeof(pc), (double)t, (double)w);
	snprintf(buf, cap, "%s of %s (%s)", ts, ws, pc);
}

static void
draw_header(ft_view *v, ft_canvas *c)
{
	const ft_profile *p = v->prof;
	char tot[160], type[160], line[512];
	/* Without colours the header is told apart by reverse video. */
	ft_style st_bar = bar_style(v);
	canvas_fill(c, 0, c->w, 0, ' ', st_bar);
	/* The marker for rows out of view comes first: it matters more than
	 * the end of the header text when the terminal is narrow. */
	uint32_t above, below;
	int mw = more_marker(v, c, &above, &below);
	int room = c->w - (mw > 0 ? mw + 1 : 0);
	total_text(tot, sizeof(tot), v, v->col);
	units_type_label(type, sizeof(type), p, v->col);
	int x = 0;
	/* The file's base name: a long directory would push the type and
	 * total out of a narrow header (the details panel has the path).
	 * A URL shows from its host on: "host:6060/debug/pprof/heap". */
	const char *base = strrchr(p->source, '/');
	base = base != NULL && base[1] != '\0' ? base + 1 : p->source;
	if (strstr(p->source, "://") != NULL)
		base = strstr(p->source, "://") + 3;
	x += canvas_text(c, x, 0, room - x, base, strlen(base), st_bar, 1);
	snprintf(line, sizeof(line), " | %s%s | %s", type,
	    p->nvals > 1 ? " [s: type]" : "", tot);
	x += canvas_text(c, x, 0, room - x, line, strlen(line), st_bar, 1);
	x = draw_chips(v, c, x, room);
	if (v->color != COLOR_NAME) { /* the default needs no word */
		snprintf(line, sizeof(line), " | colour: %s", render_color_name(v));
		x += canvas_text(c, x, 0, room - x, line, strlen(line), st_bar, 1);
	}
	if (p->note != NULL) {
		/* e.g. the default sample type sums to zero but another does not */
		x += canvas_text(c, x, 0, room - x, " | ", 3, st_bar, 1);
		x += canvas_text(c, x, 0, room - x, p->note, strlen(p->note), st_bar, 1);
	}
	if (v->zoom != FT_ROOT) {
		uint32_t zn = p->nodes[v->zoom].name;
		x += canvas_text(c, x, 0, room - x, " | zoom: ", 9, st_bar, 1);
		x += canvas_text(c, x, 0, room - x, intern_str(p->names, zn),
		    intern_len(p->names, zn), st_bar, 1);
	}
	if (mw > 0 && mw < c->w) {
		int mx = c->w - mw;
		if (above) {
			mx += canvas_glyph(c, mx, 0, FT_G_UP, st_bar);
			mx += canvas_printf(c, mx, 0, c->w - mx, st_bar, "%u", above);
			if (below)
				mx++;
		}
		if (below) {
			mx += canvas_glyph(c, mx, 0, FT_G_DOWN, st_bar);
			canvas_printf(c, mx, 0, c->w - mx, st_bar, "%u", below);
		}
	}
}

/* "total 1.2M (45.6%) self 12 (0.1%)" for node of v's tree in column
 * col, the shares of the whole profile's total. */
static int
describe_values(char *buf, size_t cap, const ft_view *v, int col, uint32_t n)
{
	const ft_profile *p = v->prof;
	char t[64], s[64], tp[32], sp[32];
	double all = (double)view_whole_total(v, col);
	ft_val tv = profile_total(p, n, col), sv = profile_self(p, n, col);
	units_human(t, sizeof(t), p, col, tv);
	units_human(s, sizeof(s), p, col, sv);
	units_pct(tp, sizeof(tp), (double)tv, all);
	units_pct(sp, sizeof(sp), (double)sv, all);
	return snprintf(buf, cap, "total %s (%s) self %s (%s)", t, tp, s, sp);
}

/* " | Matched: P% (N of TOTAL)" (and the zoom root's share when
 * zoomed) into buf; returns the length.  *shortlen: the length of its
 * first part, " | Matched: P%"; *midlen: up to the zoom's share. */
static size_t
match_status(ft_view *v, char *buf, size_t cap, size_t *shortlen, size_t *midlen)
{
	const ft_profile *p = v->prof;
	ft_val all, z;
	view_search_stats(v, &all, &z);
	char n[64], t[64], pc[32];
	ft_val tot = view_whole_total(v, v->col);
	units_human(n, sizeof(n), p, v->col, all);
	units_human(t, sizeof(t), p, v->col, tot);
	units_pct(pc, sizeof(pc), (double)all, (double)tot);
	int k = snprintf(buf, cap, " | Matched: %s", pc);
	*shortlen = k > 0 && (size_t)k < cap ? (size_t)k : 0;
	if (k > 0 && (size_t)k < cap)
		k += snprintf(buf + k, cap - (size_t)k, " (%s of %s)", n, t);
	*midlen = k > 0 && (size_t)k < cap ? (size_t)k : 0;
	if (v->zoom != FT_ROOT && k > 0 && (size_t)k < cap) {
		ft_val zt = profile_total(p, v->zoom, v->col);
		units_human(n, sizeof(n), p, v->col, z);
		units_human(t, sizeof(t), p, v->col, zt);
		units_pct(pc, sizeof(pc), (double)z, (double)zt);
		k += snprintf(buf + k, cap - (size_t)k, ", in zoom %s (%s of %s)", pc, n, t);
	}
	return k < 0 ? 0 : (size_t)k < cap ? (size_t)k : cap - 1;
}

void
render_prompt(ft_canvas *c, int kind, const ft_prompt *pr, int *cx, int *cy)
{
	int y = c->h - 1;
	const char *pre = kind == PK_SEARCH ? "/" : kind == PK_FILTER ? ":" : "filter rows /";
	canvas_fill(c, 0, c->w, y, ' ', st_plain);
	int x = canvas_text(c, 0, y, c->w, pre, strlen(pre), st_plain, 0);
	/* Show the tail when the cursor would fall off the right edge. */
	size_t start = 0;
	int room = c->w - x - 1;
	while (start < pr->cur && canvas_text_width(c, pr->text + start,
	    pr->cur - start) > room) {
		start++;
		while (start < pr->cur && ((unsigned char)pr->text[start] & 0xc0) == 0x80)
			start++;
	}
	int cw = canvas_text_width(c, pr->text + start, pr->cur - start);
	canvas_text(c, x, y, c->w - x, pr->text + start, pr->len - start, st_plain, 0);
	*cx = x + cw < c->w ? x + cw : c->w - 1;
	*cy = y;
}

/* The open prompt on the status line; sets the cursor position. */
static void
draw_prompt(ft_view *v, ft_canvas *c)
{
	render_prompt(c, v->prompt_kind, &v->prompt, &v->cursor_x, &v->cursor_y);
	if (v->prompt_kind == PK_FILTER && c->h >= 3) {
		/* The row above: the verbs that fit what is typed, or the
		 * verb's meaning and an example. */
		char hint[512];
		prompt_filter_hint(v->prompt.text, v->prompt.len, c->w, hint, sizeof(hint));
		canvas_fill(c, 0, c->w, c->h - 2, ' ', st_hint);
		canvas_text(c, 0, c->h - 2, c->w, hint, strlen(hint), st_hint, 0);
	}
}

static void
draw_status(ft_view *v, ft_canvas *c)
{
	const ft_profile *p = v->prof;
	int y = c->h - 1;
	/* Without colours the status line is told apart by reverse video. */
	ft_style st_status = status_style(v);
	canvas_fill(c, 0, c->w, y, ' ', st_status);
	if (v->message != NULL) {
		canvas_text(c, 0, y, c->w, v->message, strlen(v->message), st_status, 1);
		return;
	}
	if (v->cmp != NULL) {
		ft_style ms = st_status;
		if (v->colors > 0)
			ms.bg = ST_MATCH_BG;
		rc_draw_status(v, c, 0, st_status, ms);
		return;
	}
	/* The selected frame's numbers first; a search's "Matched" share
	 * after them, cut first when the line is narrow. */
	char m[256];
	size_t mlen = 0, mshort = 0, mmid = 0;
	if (v->hl != NULL && !v->hl_shared)
		mlen = match_status(v, m, sizeof(m), &mshort, &mmid);
	if (profile_total(p, FT_ROOT, v->col) == 0 && p->nnodes <= 1) {
		const char *e = "no samples match";
		int x = canvas_text(c, 0, y, c->w, e, strlen(e), st_status, 1);
		canvas_text(c, x, y, c->w - x, m, mlen, st_status, 1);
		return;
	}
	uint32_t n = v->sel;
	uint32_t name = p->nodes[n].name;
	char t[64], s[64], tp[32], sp[32], pp[32], zp[32];
	double all = (double)view_whole_total(v, v->col);
	ft_val tv = profile_total(p, n, v->col), sv = profile_self(p, n, v->col);
	units_human(t, sizeof(t), p, v->col, tv);
	units_human(s, sizeof(s), p, v->col, sv);
	units_pct(tp, sizeof(tp), (double)tv, all);
	units_pct(sp, sizeof(sp), (double)sv, all);
	uint32_t parent = p->nodes[n].parent;
	units_pct(pp, sizeof(pp), (double)tv,
	    parent != FT_NONE ? (double)profile_total(p, parent, v->col) : (double)tv);
	units_pct(zp, sizeof(zp), (double)tv, (double)profile_total(p, v->zoom, v->col));
	/* The fullest form that leaves the name whole: labels go first,
	 * then the numbers, the name last (render_status_fit). */
	char lv[STATUS_LEVELS][320];
	snprintf(lv[0], sizeof(lv[0]), " | total %s (%s) self %s (%s) | parent %s | zoom %s",
	    t, tp, s, sp, pp, zp);
	snprintf(lv[1], sizeof(lv[1]), " | %s (%s) self %s (%s) | parent %s | zoom %s",
	    t, tp, s, sp, pp, zp);
	snprintf(lv[2], sizeof(lv[2]), " | %s (%s) self %s (%s) | %s | %s", t, tp, s, sp, pp, zp);
	snprintf(lv[3], sizeof(lv[3]), " | %s (%s) self %s (%s)", t, tp, s, sp);
	snprintf(lv[4], sizeof(lv[4]), " | %s (%s)", t, tp);
	snprintf(lv[5], sizeof(lv[5]), " | %s", tp);
	lv[6][0] = '\0';
	const char *levels[STATUS_LEVELS];
	for (int i = 0; i < STATUS_LEVELS; i++)
		levels[i] = lv[i];
	const char *nm = intern_str(p->names, name);
	size_t nl = intern_len(p->names, name);
	const char *ks = frame_kind_label(p, name);
	int namew;
	/* Room kept for as much of the search's share as still leaves the
	 * frame its total and self (levels 0-3): all of it, then without the
	 * zoom's share, then " | Matched: P%", else none. */
	int lvl = -1;
	size_t parts[3] = {mlen, mmid, mshort};
	for (int i = 0; i < 3 && mlen > 0 && lvl < 0; i++) {
		int keep = canvas_text_width(c, m, parts[i]);
		lvl = render_status_fit(c, c->w - keep, nm, nl, ks, levels, &namew);
		if (lvl > 3 || namew < canvas_text_width(c, nm, nl))
			lvl = -1;
	}
	if (lvl < 0)
		lvl = render_status_fit(c, c->w, nm, nl, ks, levels, &namew);
	int x = canvas_text(c, 0, y, namew, nm, nl, st_status, 1);
	x += canvas_text(c, x, y, c->w - x, ks, strlen(ks), st_status, 0);
	x += canvas_text(c, x, y, c->w - x, levels[lvl], strlen(levels[lvl]), st_status, 1);
	if (mlen > 0 && x < c->w)
		canvas_text(c, x, y, c->w - x, m, mlen, st_status, 1);
}

int
render_status_fit(const ft_canvas *c, int room, const char *name, size_t len,
    const char *suffix, const char *const levels[STATUS_LEVELS], int *namew)
{
	int nw = canvas_text_width(c, name, len);
	int kw = canvas_text_width(c, suffix, strlen(suffix));
	for (int i = 0; i < STATUS_LEVELS; i++) {
		if (nw + kw + canvas_text_width(c, levels[i], strlen(levels[i])) <= room) {
			*namew = nw;
			return i;
		}
	}
	/* Not even the name fits: it is cut (with an ellipsis), the kind
	 * suffix stays. */
	*namew = room - kw > 0 ? room - kw : 0;
	return STATUS_LEVELS - 1;
}

/* The selected frame's value by the values of each label key, one line
 * per key, biggest share first: "endpoint: /api/search 61%, ...".  Keys
 * follow tagshow/taghide.  Returns the next free row. */
static int
draw_label_shares(ft_view *v, ft_canvas *c, int y)
{
	const ft_profile *p = v->prof;
	if (v->lab.p != p || v->lab.nnodes != p->nnodes || v->lab.node != v->sel ||
	    v->lab.col != v->col) {
		const ft_matcher *show, *hide;
		filters_tag_keys(&v->filters, &show, &hide);
		free(v->lab.r);
		v->lab.n = (int)labels_breakdown(p, v->sel, v->col, show, hide, &v->lab.r);
		v->lab.p = p;
		v->lab.nnodes = p->nnodes;
		v->lab.node = v->sel;
		v->lab.col = v->col;
	}
	const ft_labelsets *s = p->labels->sets;
	double all = (double)profile_total(p, v->sel, v->col);
	int rows = 0;
	for (int i = 0; i < v->lab.n && y < c->h - 1 && rows < VIEW_LABEL_ROWS; rows++) {
		uint32_t key = v->lab.r[i].key, kl;
		const char *k = labelsets_text(s, key, &kl);
		int x = canvas_text(c, 0, y, c->w, k, kl, st_plain, 1);
		x += canvas_text(c, x, y, c->w - x, ":", 1, st_plain, 0);
		for (int first = 1; i < v->lab.n && v->lab.r[i].key == key; i++, first = 0) {
			if (x < c->w)
				x = render_label_value(c, x, y, first, s, v->lab.r[i].value,
				    (double)v->lab.r[i].v, all);
		}
		y++;
	}
	return y;
}

/* Width of the stack's frame i: its name and, but for the last, " > ". */
static int
stack_item_width(const ft_canvas *c, const ft_profile *p, const uint32_t *names,
    uint32_t i, uint32_t n)
{
	return canvas_text_width(c, intern_str(p->names, names[i]),
	    intern_len(p->names, names[i])) + (i + 1 < n ? 3 : 0);
}

static int
stack_item(ft_canvas *c, int x, int y, const ft_profile *p, const uint32_t *names,
    uint32_t i, uint32_t n)
{
	int x0 = x;
	x += canvas_text(c, x, y, c->w - x, intern_str(p->names, names[i]),
	    intern_len(p->names, names[i]), st_plain, 1);
	if (i + 1 < n)
		x += canvas_text(c, x, y, c->w - x, " > ", 3, st_plain, 0);
	return x - x0;
}

/* The stack names[0..n) (root first) after "stack: " on rows y .. y+rows-1.
 * What does not fit is the middle: the outermost frame stays, then
 * "... N more >", then as many of the innermost frames as fit (the
 * selected frame always shows).  Returns the rows used. */
static int
draw_stack(ft_canvas *c, int y, int rows, const ft_profile *p, const uint32_t *names,
    uint32_t n)
{
	const int ind = 7;
	canvas_text(c, 0, y, c->w, "stack: ", 7, st_plain, 0);
	if (n == 0) {
		canvas_text(c, ind, y, c->w - ind, "(the root: every sample)", 24, st_plain, 0);
		return 1;
	}
	/* Does all of it fit?  Lines wrap before a frame that would cross the
	 * edge; a frame wider than a line takes one and is clipped. */
	int x = ind, line = 0;
	uint32_t i = 0;
	for (; i < n && line < rows; i++) {
		int w = stack_item_width(c, p, names, i, n);
		if (x + w > c->w && x > ind) {
			if (++line >= rows)
				break;
			x = ind;
		}
		x += w;
	}
	if (i == n) {
		x = ind;
		line = 0;
		for (i = 0; i < n; i++) {
			int w = stack_item_width(c, p, names, i, n);
			if (x + w > c->w && x > ind) {
				line++;
				x = ind;
			}
			x += stack_item(c, x, y + line, p, names, i, n);
		}
		return line + 1;
	}
	/* Fill from the innermost frame backwards, the last line first; the
	 * first line keeps room for the root and the marker. */
	char mark[48];
	int mw = snprintf(mark, sizeof(mark), "%s %u more > ", c->utf8 ? "\xe2\x80\xa6" : "...", n);
	mw -= c->utf8 ? 2 : 0; /* the ellipsis is one cell */
	int head = n > 1 ? stack_item_width(c, p, names, 0, n) + mw : mw;
	uint32_t *brk = xmalloc(sizeof(uint32_t) * (size_t)rows); /* first frame of each line */
	uint32_t first = n; /* innermost frames [first, n) are shown */
	int ln = rows - 1;
	int room = c->w - ind - (ln == 0 ? head : 0);
	int used = 0;
	while (first > 1 && ln >= 0) {
		int w = stack_item_width(c, p, names, first - 1, n);
		if (used > 0 && used + w > room) {
			brk[ln] = first;
			if (--ln < 0)
				break;
			room = c->w - ind - (ln == 0 ? head : 0);
			used = 0;
			continue;
		}
		if (used == 0 && w > room && ln == 0 && first < n)
			break; /* the first line has no room for it next to the root */
		used += w;
		first--;
	}
	if (ln >= 0) {
		brk[ln] = first;
		for (int k = ln - 1; k >= 0; k--)
			brk[k] = first;
	}
	/* Draw: line 0 starts with the root and the marker. */
	x = ind;
	x += stack_item(c, x, y, p, names, 0, n);
	uint32_t hidden = first - 1;
	mw = snprintf(mark, sizeof(mark), "%s %u more > ", c->utf8 ? "\xe2\x80\xa6" : "...", hidden);
	x += canvas_text(c, x, y, c->w - x, mark, (size_t)mw, st_plain, 0);
	for (int l = 0; l < rows; l++) {
		uint32_t end = l + 1 < rows ? brk[l + 1] : n;
		if (l > 0)
			x = ind;
		for (uint32_t k = brk[l]; k < end; k++)
			x += stack_item(c, x, y + l, p, names, k, n);
	}
	free(brk);
	return rows;
}

/* "from FILE:L1, L2" (the lines of the frame's function the profile
 * saw; pprof) or "from MAPPING+0xOFF"; "" when the profile does not say. */
static void
frame_origin(char *buf, size_t cap, const ft_profile *p, uint32_t name)
{
	buf[0] = '\0';
	const char *where = profile_frame_where(p, name);
	if (where == NULL)
		return;
	uint32_t lines[64];
	size_t nl = framesrc_lines(p->fsrc, name, where, lines, 64);
	int k = snprintf(buf, cap, "from %s", where);
	for (size_t i = 0; i < nl && i < 64 && k > 0 && (size_t)k < cap; i++)
		k += snprintf(buf + k, cap - (size_t)k, "%s%u", i == 0 ? ":" : ", ", lines[i]);
	if (nl > 64 && k > 0 && (size_t)k < cap)
		snprintf(buf + k, cap - (size_t)k, " (%zu lines)", nl);
}

/* The details panel of the selection of sv (the view itself, or the
 * active half of its butterfly view) whose stack, root first, is
 * names[0..n): the stack on every row the other lines leave, the frame's
 * kind and origin, its values in every sample type (or A, B and delta),
 * the profile's metadata.  v is the view the panel belongs to. */
static void
draw_details(ft_view *v, ft_view *sv, const uint32_t *names, uint32_t n, ft_canvas *c)
{
	const ft_profile *p = sv->prof;
	int rows = view_details_rows(v);
	int top = c->h - 1 - rows;
	if (top < 1)
		return;
	ft_style bd = {0x808080, FT_COLOR_DEFAULT, 0};
	for (int x = 0; x < c->w; x++)
		canvas_glyph(c, x, top, FT_G_HLINE, bd);
	canvas_text(c, 1, top, c->w - 2, " details ", 9, bd, 0);
	uint32_t node = sv->sel;
	uint32_t name = p->nodes[node].name;
	char buf[1024], from[512];
	frame_origin(from, sizeof(from), p, name);
	/* Lines under the stack: kind, origin, values, metadata. */
	int info = 1 + (from[0] != '\0');
	if (sv->cmp != NULL)
		info += 3 + (node != FT_ROOT);
	else
		info += p->nvals + (p->period_type.name != NULL || p->time_ns != 0) +
		    view_label_rows(p) + (p->note != NULL) +
		    (p->ncomments < 2 ? p->ncomments : 2);
	int srows = rows - 1 - info;
	if (srows < 1)
		srows = 1;
	int y = top + 1 + draw_stack(c, top + 1, srows, p, names, n);
	int kind = intern_kind(p->names, name);
	const char *kn = kind ? kind_name(kind) : "normal";
	if (sv->cmp != NULL) {
		/* A comparison: A, B and delta (render_compare.c). */
		snprintf(buf, sizeof(buf), "kind: %s | depth %u", kn, n);
		canvas_text(c, 0, y++, c->w, buf, strlen(buf), st_plain, 1);
		if (from[0] != '\0' && y < c->h - 1)
			canvas_text(c, 0, y++, c->w, from, strlen(from), st_plain, 1);
		rc_draw_details(sv, c, y);
		return;
	}
	ft_val at, as;
	uint32_t cnt;
	if (node == FT_ROOT) {
		/* The root is the one instance of itself. */
		at = profile_total(p, node, sv->col);
		as = profile_self(p, node, sv->col);
		cnt = 1;
	} else {
		/* Every instance in the whole graph (for a butterfly half,
		 * in the profile the butterfly was built from). */
		view_instances(v, name, v->col, &at, &as, &cnt);
	}
	const ft_profile *ap = v->prof;
	char t[64], s[64], tp[32], sp[32];
	double all = (double)view_whole_total(v, v->col);
	units_human(t, sizeof(t), ap, v->col, at);
	units_human(s, sizeof(s), ap, v->col, as);
	units_pct(tp, sizeof(tp), (double)at, all);
	units_pct(sp, sizeof(sp), (double)as, all);
	snprintf(buf, sizeof(buf), "kind: %s | depth %u | all %u instance%s: total %s (%s) self %s (%s)",
	    kn, n, cnt, cnt == 1 ? "" : "s", t, tp, s, sp);
	canvas_text(c, 0, y++, c->w, buf, strlen(buf), st_plain, 1);
	if (from[0] != '\0' && y < c->h - 1)
		canvas_text(c, 0, y++, c->w, from, strlen(from), st_plain, 1);
	int x;
	for (int col = 0; col < p->nvals && y < c->h - 1; col++) {
		char label[160];
		units_type_label(label, sizeof(label), p, col);
		char vals[256];
		describe_values(vals, sizeof(vals), sv, col, node);
		snprintf(buf, sizeof(buf), "%s %s: %s", col == sv->col ? "*" : " ", label, vals);
		canvas_text(c, 0, y++, c->w, buf, strlen(buf), st_plain, 1);
	}
	if (y < c->h - 1 && (p->period_type.name != NULL || p->time_ns != 0)) {
		size_t l = 0;
		buf[0] = '\0';
		if (p->period_type.name != NULL)
			l += (size_t)snprintf(buf, sizeof(buf), "period %lld %s/%s | ",
			    (long long)p->period, p->period_type.name, p->period_type.unit);
		if (p->duration_ns > 0 && l < sizeof(buf))
			l += (size_t)snprintf(buf + l, sizeof(buf) - l, "duration %.3g s | ",
			    (double)p->duration_ns / 1e9);
		if (p->time_ns != 0 && l < sizeof(buf)) {
			time_t secs = (time_t)(p->time_ns / 1000000000);
			struct tm tm;
			if (gmtime_r(&secs, &tm) != NULL)
				l += strftime(buf + l, sizeof(buf) - l, "taken %Y-%m-%d %H:%M:%S UTC | ", &tm);
		}
		if (l >= 3 && l < sizeof(buf))
			buf[l - 3] = '\0';
		canvas_text(c, 0, y++, c->w, buf, strlen(buf), st_plain, 1);
	}
	if (p->labels != NULL) {
		y = draw_label_shares(sv, c, y);
	} else if (y < c->h - 1 && p->nlabel_keys + p->nnumlabel_keys > 0) {
		x = canvas_text(c, 0, y, c->w, "labels:", 7, st_plain, 0);
		for (int i = 0; i < p->nlabel_keys + p->nnumlabel_keys && x < c->w; i++) {
			int num = i >= p->nlabel_keys;
			const char *k = num ? p->numlabel_keys[i - p->nlabel_keys] : p->label_keys[i];
			x += canvas_text(c, x, y, c->w - x, " ", 1, st_plain, 0);
			x += canvas_text(c, x, y, c->w - x, k, strlen(k), st_plain, 1);
			if (num)
				x += canvas_text(c, x, y, c->w - x, "(#)", 3, st_plain, 0);
		}
		y++;
	}
	if (y < c->h - 1 && p->note != NULL) {
		x = canvas_text(c, 0, y, c->w, "note: ", 6, st_plain, 0);
		canvas_text(c, x, y++, c->w - x, p->note, strlen(p->note), st_plain, 1);
	}
	for (int i = 0; i < p->ncomments && y < c->h - 1; i++) {
		x = canvas_text(c, 0, y, c->w, "comment: ", 9, st_plain, 0);
		canvas_text(c, x, y++, c->w - x, p->comments[i], strlen(p->comments[i]),
		    st_plain, 1);
	}
}

/* The filter list (F): a panel above the status line with every filter,
 * in the order they apply, then the search; the selected entry in
 * reverse video.  The status line says the keys. */
static void
draw_flist(ft_view *v, ft_canvas *c)
{
	int rows = view_flist_rows(v);
	int top = c->h - 1 - rows;
	if (top < 1)
		return;
	ft_style bd = {0x808080, FT_COLOR_DEFAULT, 0};
	for (int x = 0; x < c->w; x++)
		canvas_glyph(c, x, top, FT_G_HLINE, bd);
	char title[64];
	int n = view_flist_len(v);
	snprintf(title, sizeof(title), " filters: %d, in the order they apply ", v->filters.n);
	canvas_text(c, 1, top, c->w - 2, title, strlen(title), bd, 0);
	int lines = rows - 1;
	if (v->flist.sel < v->flist.top)
		v->flist.top = v->flist.sel;
	if (v->flist.sel >= v->flist.top + lines)
		v->flist.top = v->flist.sel - lines + 1;
	for (int i = 0; i < lines; i++) {
		int y = top + 1 + i, e = v->flist.top + i;
		canvas_fill(c, 0, c->w, y, ' ', st_plain);
		if (n == 0 && i == 0) {
			const char *none = "  no filters and no search (: adds a filter, U undoes the last change)";
			canvas_text(c, 0, y, c->w, none, strlen(none), st_plain, 1);
			continue;
		}
		if (e >= n)
			continue;
		ft_style st = e == v->flist.sel ? (ft_style){FT_COLOR_DEFAULT, FT_COLOR_DEFAULT,
		    FT_A_REVERSE | FT_A_BOLD} : st_plain;
		canvas_fill(c, 0, c->w, y, ' ', st);
		char lead[32];
		const char *k, *pat;
		if (e < v->filters.n) {
			snprintf(lead, sizeof(lead), "%3d  ", e + 1);
			k = filter_kind_name(v->filters.v[e].kind);
			pat = v->filters.v[e].pattern;
		} else {
			snprintf(lead, sizeof(lead), "     ");
			k = "search";
			pat = match_pattern(v->search);
		}
		int x = canvas_text(c, 0, y, c->w, lead, strlen(lead), st, 0);
		x += canvas_text(c, x, y, c->w - x, k, strlen(k), st, 1);
		if (*pat != '\0') {
			x += canvas_text(c, x, y, c->w - x, " ", 1, st, 0);
			canvas_text(c, x, y, c->w - x, pat, strlen(pat), st, 1);
		}
	}
}

/* The status line while the filter list is open: which entry, the keys. */
static void
draw_flist_status(ft_view *v, ft_canvas *c)
{
	int y = c->h - 1;
	ft_style st = status_style(v);
	canvas_fill(c, 0, c->w, y, ' ', st);
	if (v->message != NULL) {
		canvas_text(c, 0, y, c->w, v->message, strlen(v->message), st, 1);
		return;
	}
	int n = view_flist_len(v);
	canvas_printf(c, 0, y, c->w, st, "%d of %d | x/Delete removes, X all, U undo, "
	    "Ctrl-R redo, Esc closes", n > 0 ? v->flist.sel + 1 : 0, n);
}

/* A swatch: " text " in style st; returns the cells used (and a gap). */
static int
swatch(ft_canvas *c, int x, int y, const char *text, ft_style st)
{
	if (x >= c->w)
		return 0;
	int w = canvas_printf(c, x, y, c->w - x, st, " %s ", text);
	return w + 1;
}

/* The colour legend under the help's title: the mode named, then what
 * each colour means, drawn in the colours the frames get on this
 * terminal.  Returns the rows used. */
static int
draw_color_legend(ft_view *v, ft_canvas *c, int y)
{
	if (c->h < 12)
		return 0;
	char line[256];
	if (v->cmp != NULL)
		snprintf(line, sizeof(line), "colours: %s (c cycles total delta, self delta, name)",
		    render_color_name(v));
	else
		snprintf(line, sizeof(line), "colours: %s (c cycles name, package, self-time heat)",
		    render_color_name(v));
	canvas_text(c, 1, y, c->w - 1, line, strlen(line), st_plain, 1);
	int x = 1;
	y++;
	if (v->colors <= 0) {
		const char *m = "no colours on this terminal: the selection is in reverse video, "
		    "search matches start with *";
		canvas_text(c, x, y, c->w - x, m, strlen(m), st_plain, 1);
		return 3;
	}
	ft_style match = {0x000000, ST_MATCH_BG, FT_A_BOLD};
	if (v->cmp != NULL && rc_delta_colors(v) && v->cmp->verdict != NULL) {
		enum cmp_palette pal = (enum cmp_palette)v->palette;
		x += swatch(c, x, y, "+ slower", (ft_style){0x000000, compare_verdict_rgb(1, 1, pal), 0});
		x += swatch(c, x, y, "+ slower a little", (ft_style){0x000000,
		    compare_verdict_rgb(1, 0, pal), 0});
		x += swatch(c, x, y, "no significant change", (ft_style){0x000000,
		    compare_verdict_rgb(0, 0, pal), 0});
		x += swatch(c, x, y, "- faster", (ft_style){0x000000, compare_verdict_rgb(-1, 1, pal), 0});
		swatch(c, x, y, "* search match", match);
		return 3;
	}
	if (v->cmp != NULL && rc_delta_colors(v)) {
		x += swatch(c, x, y, "+ grew", (ft_style){0x000000, compare_color(1, 1), 0});
		x += swatch(c, x, y, "+ grew a little", (ft_style){0x000000, compare_color(1, 8), 0});
		x += swatch(c, x, y, "unchanged", (ft_style){0x000000, compare_color(0, 1), 0});
		x += swatch(c, x, y, "- shrank", (ft_style){0x000000, compare_color(-1, 1), 0});
		swatch(c, x, y, "* search match", match);
		return 3;
	}
	/* Styles through render_frame_style() of a stand-in view: the same
	 * palette choice as the frames. */
	if (v->color == COLOR_HEAT) {
		static const char *const lv[] = {"no self time", "low", "warm", "hot", "hottest"};
		static const double f[] = {0, 0.1, 0.4, 0.6, 1.0};
		for (int i = 0; i < 5; i++)
			x += swatch(c, x, y, lv[i], render_heat_style(v, f[i]));
		swatch(c, x, y, "* search match", match);
		return 3;
	}
	for (int k = FT_KIND_KERNEL; k <= FT_KIND_INLINED; k++) {
		char lab[32];
		snprintf(lab, sizeof(lab), "%s %s", kind_name(k), kind_suffix(k));
		x += swatch(c, x, y, lab, render_kind_style(v, k));
	}
	x += swatch(c, x, y, "* search match", match);
	swatch(c, x, y, v->color == COLOR_PACKAGE ? "others: a colour per package" :
	    "others: red to yellow by name", st_plain);
	return 3;
}

static void
draw_help(ft_view *v, ft_canvas *c)
{
	canvas_clear(c);
	int skip = draw_color_legend(v, c, 1);
	if (v->cmp != NULL)
		render_help(c, "flametui keys, comparing two profiles (any other key closes)",
		    "click selects (and picks the pane), double click zooms, wheel scrolls",
		    &v->help_scroll, bar_style(v), v->flip, skip);
	else
		render_help(c, "flametui keys (any other key closes; Up/Down scroll)",
		    "click selects, double click zooms, wheel scrolls", &v->help_scroll,
		    bar_style(v), v->flip, skip);
}

/* Help line l (of all the help's lines, entries wrapped at blanks under
 * column 16 so nothing is cut at any width) drawn at row y when c is not
 * NULL.  Returns the number of lines there are. */
static int
help_lines(ft_canvas *c, int width, const char *mouse, int flip, int from, int y0)
{
	int total = keymap_len + 1 + keymap_legend_len, line = 0;
	int room = width - 16 < 8 ? 8 : width - 16;
	for (int i = 0; i < total; i++) {
		int y = y0 + line - from;
		int draw = c != NULL && line >= from && y < c->h;
		if (i > keymap_len) { /* the legend: the glyph itself, then its meaning */
			const ft_legend *l = &keymap_legend[i - keymap_len - 1];
			if (draw) {
				const char *g = c->utf8 ? l->utf8 : l->ascii;
				canvas_text(c, 1, y, c->w - 1, g, strlen(g), st_plain, 0);
				canvas_printf(c, 16, y, c->w - 16, st_plain, "%s", l->help);
			}
			line++;
			continue;
		}
		const char *k = i < keymap_len ? keymap[i].keys : "mouse";
		const char *h = i < keymap_len ? keymap[i].help : mouse;
		/* Up and Down move on the screen: flipped (root at the bottom)
		 * the callees are above, and the help says so. */
		if (flip && i < keymap_len && keymap[i].action == ACT_UP)
			h = "select the widest child (callee): flipped, callees are above";
		else if (flip && i < keymap_len && keymap[i].action == ACT_DOWN)
			h = "select the parent (caller): flipped, callers are below";
		if (draw)
			canvas_printf(c, 1, y, c->w - 1, st_plain, "%-14s", k);
		size_t n = strlen(h);
		do {
			size_t take = n;
			if ((int)take > room) {
				take = (size_t)room;
				while (take > 0 && h[take] != ' ')
					take--;
				if (take == 0)
					take = (size_t)room;
			}
			y = y0 + line - from;
			if (c != NULL && line >= from && y < c->h)
				canvas_text(c, 16, y, c->w - 16, h, take, st_plain, 0);
			h += take;
			n -= take;
			while (n > 0 && *h == ' ') {
				h++;
				n--;
			}
			line++;
		} while (n > 0);
	}
	return line;
}

void
render_help(ft_canvas *c, const char *title, const char *mouse, int *scroll,
    ft_style bar, int flip, int skip)
{
	canvas_fill(c, 0, c->w, 0, ' ', bar);
	canvas_text(c, 0, 0, c->w, title, strlen(title), bar, 1);
	/* Up/Down scroll by line (a long entry wraps over several). */
	int total = help_lines(NULL, c->w, mouse, flip, 0, 0);
	int shown = c->h - 1 - skip;
	int last = total - (shown > 0 ? shown : 1);
	if (*scroll > last)
		*scroll = last > 0 ? last : 0;
	if (*scroll < 0)
		*scroll = 0;
	help_lines(c, c->w, mouse, flip, *scroll, 1 + skip);
}

/* The number columns the function table shows at width w: 5 (self,
 * self%, total, total%, values 12 wide), 4 (the same, values 9 wide), 2
 * (the shares), 1 (the share it is sorted by) or 0; the most that leave
 * the function names 40 cells, else one share while the names still get
 * 24. */
static int
table_columns(int w)
{
	if (w - 43 >= 40)
		return 5;
	if (w - 37 >= 40)
		return 4;
	if (w - 17 >= 40)
		return 2;
	if (w - 9 >= 24)
		return 1;
	return 0;
}

/* The number columns of a function table row (or of its titles). */
static void
table_numbers(char *buf, size_t cap, int cols, int by_total, const char *sv,
    const char *sp, const char *tv, const char *tp)
{
	if (cols == 5)
		snprintf(buf, cap, "%12s %7s %12s %7s  ", sv, sp, tv, tp);
	else if (cols == 4)
		snprintf(buf, cap, "%9s %7s %9s %7s  ", sv, sp, tv, tp);
	else if (cols == 2)
		snprintf(buf, cap, "%7s %7s  ", sp, tp);
	else if (cols == 1)
		snprintf(buf, cap, "%7s  ", by_total ? tp : sp);
	else
		buf[0] = '\0';
}

/* The function table: header, column titles, rows, status. */
static void
draw_table(ft_view *v, ft_canvas *c)
{
	const ft_profile *p = v->prof;
	ft_ftable *t = &v->table;
	if (v->cmp != NULL) {
		rc_draw_table(v, c, bar_style(v), status_style(v));
		return;
	}
	if (t->prof != p || t->col != v->col)
		view_table_refresh(v);
	static const char *const sorts[] = {"self", "total", "name"};
	ft_style st_bar = bar_style(v), st_status = status_style(v);
	char line[512], tot[160];
	canvas_fill(c, 0, c->w, 0, ' ', st_bar);
	total_text(tot, sizeof(tot), v, v->col);
	snprintf(line, sizeof(line), "functions: %u of %u | %s | sort: %s [o] | ",
	    t->nrows, t->nall, tot, sorts[t->sort % 3]);
	int x = canvas_text(c, 0, 0, c->w, line, strlen(line), st_bar, 1);
	if (t->m != NULL) {
		x += canvas_text(c, x, 0, c->w - x, "rows /", 6, st_bar, 1);
		x += canvas_text(c, x, 0, c->w - x, match_pattern(t->m),
		    strlen(match_pattern(t->m)), st_bar, 1);
	} else {
		const char *hint = "/ filters rows, Enter: butterfly, Esc: back";
		x += canvas_text(c, x, 0, c->w - x, hint, strlen(hint), st_bar, 1);
	}
	draw_chips(v, c, x, c->w);
	ft_style hd = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, FT_A_BOLD | FT_A_UNDERLINE};
	canvas_fill(c, 0, c->w, 1, ' ', hd);
	/* The name column keeps 40 cells where it can: the number columns
	 * go first (values, then the share the table is not sorted by). */
	int cols = table_columns(c->w);
	int by_total = t->sort % 3 == 1;
	char head[128];
	table_numbers(head, sizeof(head), cols, by_total, "self", "self%", "total", "total%");
	canvas_printf(c, 0, 1, c->w, hd, "%sfunction", head);
	double all = (double)view_whole_total(v, v->col);
	int rows = c->h - 3;
	if (t->sel >= t->top + (uint32_t)(rows > 0 ? rows : 1))
		t->top = t->sel - (uint32_t)rows + 1;
	for (int i = 0; i < rows; i++) {
		uint32_t r = t->top + (uint32_t)i;
		if (r >= t->nrows)
			break;
		const ft_func *f = &t->all[t->rows[r]];
		char sv[64], tv[64], sp[32], tp[32];
		units_human(sv, sizeof(sv), p, v->col, f->self);
		units_human(tv, sizeof(tv), p, v->col, f->total);
		units_pct(sp, sizeof(sp), (double)f->self, all);
		units_pct(tp, sizeof(tp), (double)f->total, all);
		ft_style st = r == t->sel ? (ft_style){FT_COLOR_DEFAULT, FT_COLOR_DEFAULT,
		    FT_A_REVERSE | FT_A_BOLD} : st_plain;
		int y = 2 + i;
		canvas_fill(c, 0, c->w, y, ' ', st);
		char nums[128];
		table_numbers(nums, sizeof(nums), cols, by_total, sv, sp, tv, tp);
		int cx = canvas_text(c, 0, y, c->w, nums, strlen(nums), st, 0);
		const char *nm = intern_str(p->names, f->name);
		cx += canvas_text(c, cx, y, c->w - cx, nm, intern_len(p->names, f->name), st, 1);
		const char *ks = frame_suffix(p, f->name);
		if (*ks)
			canvas_text(c, cx, y, c->w - cx, ks, strlen(ks), st, 1);
	}
	if (t->nrows == 0)
		canvas_printf(c, 1, 2, c->w - 1, st_plain,
		    t->nall == 0 ? "no samples match" : "no function matches the row filter");
	int y = c->h - 1;
	canvas_fill(c, 0, c->w, y, ' ', st_status);
	if (v->message != NULL)
		canvas_text(c, 0, y, c->w, v->message, strlen(v->message), st_status, 1);
	else
		canvas_printf(c, 0, y, c->w, st_status,
		    "row %u of %u | Up/Down move, o sort, / filter rows, Enter butterfly, Esc back",
		    t->nrows ? t->sel + 1 : 0, t->nrows);
}

/* Each pane's header and frames; side by side, the bar between them. */
static void
draw_panes(ft_view *v, ft_canvas *c)
{
	for (int i = 0; i < v->npanes; i++) {
		const ft_pane *p = &v->pane[i];
		if (p->vset == VS_COL)
			draw_header(v, c);
		else
			rc_draw_pane_header(v, c, p, bar_style(v));
		draw_frames(v, c, p);
	}
	if (v->npanes == 2 && v->pane[1].x > 0) {
		int x = v->pane[0].x + v->pane[0].w;
		ft_style sep = {0x808080, FT_COLOR_DEFAULT, 0};
		canvas_put(c, x, 0, c->utf8 ? 0x2502 : '|', bar_style(v));
		for (int y = 1; y < v->pane[0].h; y++)
			canvas_put(c, x, y, c->utf8 ? 0x2502 : '|', sep);
	}
}

/* The butterfly view: callers flipped above F, callees below. */
static void
draw_butterfly(ft_view *v, ft_canvas *c)
{
	ft_bfview *bf = v->bf;
	view_butterfly_geometry(v);
	ft_view *act = bf->side ? &bf->down : &bf->up;
	ft_view *other = bf->side ? &bf->up : &bf->down;
	const ft_profile *p = bf->b.callees;
	ft_style st_bar = bar_style(v);
	canvas_fill(c, 0, c->w, 0, ' ', st_bar);
	int x = canvas_text(c, 0, 0, c->w, "butterfly: ", 11, st_bar, 1);
	x += canvas_text(c, x, 0, c->w - x, intern_str(p->names, bf->b.name),
	    intern_len(p->names, bf->b.name), st_bar, 1);
	const char *ks = frame_suffix(p, bf->b.name);
	x += canvas_text(c, x, 0, c->w - x, ks, strlen(ks), st_bar, 1);
	char tot[64], pc[32], line[256];
	if (v->cmp != NULL) {
		/* The stacks through F on each side. */
		char tb[64], pb[32];
		units_human(tot, sizeof(tot), p, CMP_A, profile_total(p, FT_ROOT, CMP_A));
		units_human(tb, sizeof(tb), p, CMP_B, profile_total(p, FT_ROOT, CMP_B));
		units_pct(pc, sizeof(pc), (double)profile_total(p, FT_ROOT, CMP_A),
		    (double)v->cmp->total[0]);
		units_pct(pb, sizeof(pb), (double)profile_total(p, FT_ROOT, CMP_B),
		    (double)v->cmp->total[1]);
		snprintf(line, sizeof(line), " | in stacks A %s (%s) B %s (%s) | callers above, "
		    "callees below | Esc: back", tot, pc, tb, pb);
	} else {
		units_human(tot, sizeof(tot), p, v->col, profile_total(p, FT_ROOT, v->col));
		units_pct(pc, sizeof(pc), (double)profile_total(p, FT_ROOT, v->col),
		    (double)view_whole_total(v, v->col));
		snprintf(line, sizeof(line), " | in stacks %s (%s) | callers above, callees below | Esc: back",
		    tot, pc);
	}
	x += canvas_text(c, x, 0, c->w - x, line, strlen(line), st_bar, 1);
	draw_chips(v, c, x, c->w);
	draw_frames(other, c, &other->pane[0]);
	draw_frames(act, c, &act->pane[0]);
	if (profile_total(p, FT_ROOT, v->cmp != NULL ? CMP_B : v->col) == 0 &&
	    (v->cmp == NULL || profile_total(p, FT_ROOT, CMP_A) == 0))
		canvas_printf(c, 1, 2, c->w - 1, st_plain, "no samples match");
	if (v->details) {
		uint32_t *names;
		uint32_t n = view_butterfly_stack(v, &names);
		draw_details(v, act, names, n, c);
		free(names);
	}
	act->message = v->message;
	draw_status(act, c);
	act->message = NULL;
}

void
render_view(ft_view *v, ft_canvas *c)
{
	if (v->rc != NULL) { /* range against range, over this view */
		ft_view *cv = &v->rc->cv;
		cv->utf8 = v->utf8;
		cv->colors = v->colors;
		render_view(cv, c);
		v->cursor_x = cv->cursor_x;
		v->cursor_y = cv->cursor_y;
		return;
	}
	canvas_clear(c);
	/* Two panes need two more rows. */
	int min_h = v->cmp != NULL && v->grows == 0 ? VIEW_MIN_H + 2 : VIEW_MIN_H;
	if (v->w < VIEW_MIN_W || v->h < min_h) {
		canvas_printf(c, 0, 0, c->w, st_plain, "terminal too small");
		if (c->h > 1)
			canvas_printf(c, 0, 1, c->w, st_plain, "need %dx%d", VIEW_MIN_W, min_h);
		return;
	}
	if (v->help) {
		draw_help(v, c);
		return;
	}
	v->cursor_x = v->cursor_y = -1;
	view_heat_ready(v);
	if (v->heat.active) {
		render_heat(v, c);
	} else if (v->chart.active) {
		render_chart(v, c);
	} else if (v->bf != NULL) {
		draw_butterfly(v, c);
	} else if (v->table.active) {
		view_table_ready(v);
		draw_table(v, c);
	} else {
		view_update_layout(v);
		draw_panes(v, c);
		render_activity(v, c);
		if (view_legend_rows(v) > 0)
			rc_draw_legend(v, c, view_legend_row(v));
		if (v->cmp == NULL && profile_total(v->prof, FT_ROOT, v->col) == 0 &&
		    v->filters.n > 0)
			canvas_printf(c, 1, 2, c->w - 1, st_plain,
			    "no samples match the filters (x removes the last, X all)");
		if (v->details) {
			uint32_t d = profile_depth(v->prof, v->sel);
			uint32_t *path = xmalloc(sizeof(uint32_t) * (d + 1));
			profile_path(v->prof, v->sel, path);
			draw_details(v, v, path, d, c);
			free(path);
		}
		if (view_hint_rows(v) > 0) {
			char h[256];
			size_t n = view_hint_text(v, c->w, h, sizeof(h));
			canvas_fill(c, 0, c->w, c->h - 2, ' ', st_hint);
			canvas_text(c, 0, c->h - 2, c->w, h, n, st_hint, 0);
		}
		if (v->flist.active) {
			draw_flist(v, c);
			draw_flist_status(v, c);
		} else {
			draw_status(v, c);
		}
	}
	if (v->prompt_kind != PK_NONE)
		draw_prompt(v, c);
}
