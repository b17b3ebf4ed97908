/* render_compare.c - what only a comparison draws (see render_compare.h).
 *
 * When colouring by delta the edge cell of a frame carries the sign, '+'
 * where B grew and '-' where it shrank, so --dump's plain text and
 * monochrome terminals still show the direction of every change (a search
 * match shows '*' there instead, as in render.c).  Side by side, a frame
 * that exists on only this pane's side is underlined (render.c); the
 * selected path, when this side lacks it, is drawn as a hatched "(absent)"
 * gap where it would be (or "(narrow)" when it exists but is under one
 * cell wide), at least as wide as its label even when that covers
 * neighbours, so nothing disappears silently.
 */
#include "draw/render_compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/function_table.h"
#include "profile/labels.h"
#include "draw/render_labels.h"
#include "ops/filters.h"
#include "profile/units.h"

static const ft_style st_plain = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, 0};
static const ft_style st_absent = {0x909090, FT_COLOR_DEFAULT, FT_A_DIM};

/* The header of the pane that does not have the keys. */
static ft_style
bar_off(const ft_view *v)
{
	ft_style c = {0xb0b0b0, 0x303040, 0};
	ft_style m = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, FT_A_REVERSE};
	return v->colors > 0 ? c : m;
}

static uint32_t
hatch_glyph(const ft_canvas *c)
{
	return c->utf8 ? 0x2571 : '/';
}

static enum cmp_basis
basis(const ft_view *v)
{
	return v->color == COLOR_DSELF ? CMP_BASIS_SELF : CMP_BASIS_TOTAL;
}

static char *
fmt_val(char *buf, size_t cap, const ft_view *v, ft_val x)
{
	return units_human(buf, cap, v->cmp->u, CMP_B, x);
}

static char *
fmt_delta(char *buf, size_t cap, const ft_view *v, ft_val d)
{
	char t[48];
	units_human(t, sizeof(t), v->cmp->u, CMP_B, d < 0 ? (d == INT64_MIN ? INT64_MAX : -d) : d);
	snprintf(buf, cap, "%s%s", d > 0 ? "+" : d < 0 ? "-" : "", t);
	return buf;
}

static int
text(ft_canvas *c, int x, int y, int x1, const char *s, ft_style st)
{
	if (x >= x1)
		return 0;
	return canvas_text(c, x, y, x1 - x, s, strlen(s), st, 1);
}

/* --- frames ---------------------------------------------------------------- */

int
rc_delta_colors(const ft_view *v)
{
	return v->color == COLOR_DTOTAL || v->color == COLOR_DSELF;
}

/* With verdicts (a test was possible) a frame is coloured and signed by
 * its function's verdict: grey and no sign when the change is not
 * significant; without, by the raw delta as before. */
uint32_t
rc_frame_bg(const ft_view *v, uint32_t n)
{
	if (v->cmp->verdict != NULL)
		return compare_verdict_color(v->cmp, n, basis(v), (enum cmp_palette)v->palette);
	return compare_node_color(v->cmp, n, basis(v));
}

int
rc_frame_sign(const ft_view *v, uint32_t n)
{
	if (v->cmp->verdict != NULL)
		return compare_verdict_sign(v->cmp, n);
	return compare_sign(compare_delta(v->cmp, n, basis(v)));
}

uint32_t
rc_only_glyph(const ft_view *v, const ft_canvas *c, uint32_t n)
{
	if (n == FT_ROOT || n >= v->cmp->u->nnodes)
		return 0;
	int pr = v->cmp->presence[n];
	if (pr == CMP_IN_A)
		return c->utf8 ? 0x25c2 : '<';
	if (pr == CMP_IN_B)
		return c->utf8 ? 0x25b8 : '>';
	return 0;
}

/* "k=1.03 (robust)" or "k=1.03 (totals)", or "no test (why)". */
static void
k_text(const ft_compare *cmp, char *buf, size_t cap)
{
	if (cmp->verdict == NULL)
		snprintf(buf, cap, "no test (%s)", cmp->notest ? cmp->notest : "no counts");
	else
		snprintf(buf, cap, "k=%.3g (%s)", cmp->fit.k, cmp->fit.robust ? "robust" : "totals");
}

void
rc_draw_legend(const ft_view *v, ft_canvas *c, int y)
{
	const ft_compare *cmp = v->cmp;
	canvas_fill(c, 0, c->w, y, ' ', st_plain);
	char buf[512], kt[128], ra[48], tb[48];
	k_text(cmp, kt, sizeof(kt));
	int x = 0;
	/* The normalisation: its mode, A's factor, the raw totals [K]. */
	units_human(ra, sizeof(ra), cmp->u, CMP_A, cmp->raw_total_a);
	units_human(tb, sizeof(tb), cmp->u, CMP_B, cmp->total[1]);
	char nt[256];
	/* Per second says by what ("range length (B 1 s / A 2 s)" for two
	 * time ranges, a recording's "duration"), as does a given factor. */
	const char *mode = (cmp->norm == CMP_NORM_TOTAL || cmp->norm == CMP_NORM_RATE) &&
	    cmp->norm_by != NULL ? cmp->norm_by : compare_norm_name(cmp->norm);
	snprintf(nt, sizeof(nt), " | %s: A x%.3g, T_A %s, T_B %s [K]", mode,
	    cmp->norm_factor, ra, tb);
	if (cmp->verdict == NULL) {
		snprintf(buf, sizeof(buf), "%s: colours show raw deltas%s", kt, nt);
		text(c, x, y, c->w, buf, st_plain);
		return;
	}
	enum cmp_palette pal = (enum cmp_palette)v->palette;
	enum cmp_basis b = basis(v);
	char lo[48], hi[48];
	ft_val mx = compare_max_delta(cmp, b);
	fmt_val(lo, sizeof(lo), v, 0);
	fmt_val(hi, sizeof(hi), v, mx);
	snprintf(buf, sizeof(buf), "%s rho=%.2g tau=%.3g%s | ", kt, cmp->fit.rho, cmp->fit.tau, nt);
	x += text(c, x, y, c->w, buf, st_plain);
	ft_style s1 = {0x000000, compare_verdict_rgb(1, 1, pal), 0};
	ft_style s0 = {0x000000, compare_verdict_rgb(0, 0, pal), 0};
	ft_style s2 = {0x000000, compare_verdict_rgb(-1, 1, pal), 0};
	if (v->colors <= 0)
		s1 = s0 = s2 = st_plain;
	x += text(c, x, y, c->w, pal == CMP_PAL_COLORBLIND ? "orange: slower" : "red: slower", s1);
	x += text(c, x, y, c->w, " ", st_plain);
	x += text(c, x, y, c->w, "blue: faster", s2);
	x += text(c, x, y, c->w, " ", st_plain);
	x += text(c, x, y, c->w, "grey: no real change", s0);
	snprintf(buf, sizeof(buf), " (q<0.05) | shade: |%s delta| %s..%s",
	    b == CMP_BASIS_SELF ? "self" : "total", lo, hi);
	text(c, x, y, c->w, buf, st_plain);
}

static void
absent_range(ft_canvas *c, int x0, int x1, int y, const char *label,
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

void
rc_draw_absent_frame(const ft_view *v, ft_canvas *c, int x0, int x1, int y, uint32_t n)
{
	absent_range(c, x0, x1, y, "(absent)", v->prof, v->prof->nodes[n].name, n == v->sel);
}

void
rc_draw_missing_selection(const ft_view *v, ft_canvas *c, const ft_pane *p)
{
	const ft_profile *u = v->prof;
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
	ft_widths w = view_pane_widths(v, p);
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
	const char *label = view_pane_has(v, p, sel) ? "(narrow)" : "(absent)";
	/* Wide enough for the label even under a narrow parent: the gap is
	 * the selection, drawn over its neighbours rather than clipped. */
	int gw = (int)strlen(label) + 1;
	if (gw > p->layout.width)
		gw = p->layout.width;
	if (x + gw > p->layout.width)
		x = p->layout.width - gw;
	uint32_t sd = profile_depth(u, sel);
	for (uint32_t d = profile_depth(u, q) + 1; d <= sd; d++) {
		int y = view_pane_row_of_depth(v, p, d);
		if (y < 0)
			continue;
		int last = d == sd;
		absent_range(c, p->x + x, p->x + x + gw, y, last ? label : "", NULL, 0, last);
	}
}

/* Label keys in the order labels_breakdown sorts them (by name). */
static int
cmp_key(const ft_labelsets *s, uint32_t a, uint32_t b)
{
	uint32_t la, lb;
	const char *x = labelsets_text(s, a, &la), *y = labelsets_text(s, b, &lb);
	int r = memcmp(x, y, la < lb ? la : lb);
	return r != 0 ? r : la < lb ? -1 : la > lb;
}

/* --- headers ---------------------------------------------------------------- */

/* " | focus RE, ignore RE" for the active filters ("" without), in at
 * most room cells: the filters that do not fit are counted (", +2 filters
 * [F]"; F lists them all). */
static void
filters_text(const ft_view *v, const ft_canvas *c, int room, char *buf, size_t cap)
{
	size_t k = 0;
	buf[0] = '\0';
	int n = v->filters.n;
	for (int i = 0; i < n && k + 1 < cap; i++) {
		const char *pat = v->filters.v[i].pattern; /* "" for invert */
		char one[512], more[64];
		snprintf(one, sizeof(one), "%s%s%s%s", i ? ", " : " | ",
		    filter_kind_name(v->filters.v[i].kind), *pat ? " " : "", pat);
		int w = canvas_text_width(c, buf, k) + canvas_text_width(c, one, strlen(one));
		int left = n - i - 1;
		/* The marker after this chip when the rest do not fit. */
		char after[64];
		int aw = left > 0 ? snprintf(after, sizeof(after), ", +%d filter%s [F]", left,
		    left == 1 ? "" : "s") : 0;
		snprintf(more, sizeof(more), "%s+%d filter%s [F]", i ? ", " : " | ", n - i,
		    n - i == 1 ? "" : "s");
		if (w + aw > room) {
			/* This one and the rest: counted. */
			snprintf(buf + k, cap - k, "%s", more);
			return;
		}
		int r = snprintf(buf + k, cap - k, "%s", one);
		if (r < 0)
			break;
		k += (size_t)r < cap - k ? (size_t)r : cap - k - 1;
	}
}

/* " | zoom: NAME" when zoomed. */
static int
zoom_text(const ft_view *v, ft_canvas *c, int x, int y, int x1, ft_style st)
{
	if (v->zoom == FT_ROOT || x >= x1)
		return 0;
	const ft_profile *u = v->prof;
	uint32_t zn = u->nodes[v->zoom].name;
	int w = text(c, x, y, x1, " | zoom: ", st);
	if (x + w < x1)
		w += canvas_text(c, x + w, y, x1 - x - w, intern_str(u->names, zn),
		    intern_len(u->names, zn), st, 1);
	return w;
}

/* How the two sides were matched, when it is not plainly by name: root
 * frames stripped, or a hint that they should be; names matched loosely
 * (loose: with their count). */
static int
matching_text(const ft_compare *cmp, ft_canvas *c, int x, int y, int x1, ft_style st,
    int loose)
{
	char buf[96];
	int w = 0;
	if (cmp->strip_root)
		w += text(c, x + w, y, x1, " | root frames stripped", st);
	else if (cmp->roots_differ)
		w += text(c, x + w, y, x1, " | roots differ: --strip-root?", st);
	if (cmp->saturated > 0) {
		snprintf(buf, sizeof(buf), " | %u deltas saturated (64 bits)", cmp->saturated);
		w += text(c, x + w, y, x1, buf, st);
	}
	if (loose && cmp->loose > 0) {
		snprintf(buf, sizeof(buf), " | %u names matched loosely", cmp->loose);
		w += text(c, x + w, y, x1, buf, st);
	}
	return w;
}

/* A differential header's line: its own text, then what every such
 * header says after it: matching, filters, zoom, the files. */
static void
header_rest(const ft_view *v, ft_canvas *c, const ft_pane *p, const char *buf, ft_style st)
{
	const ft_compare *cmp = v->cmp;
	int x1 = p->x + p->w;
	int x = p->x + text(c, p->x, p->y, x1, buf, st);
	x += matching_text(cmp, c, x, p->y, x1, st, 1);
	char chips[1024];
	filters_text(v, c, x1 - x, chips, sizeof(chips));
	x += text(c, x, p->y, x1, chips, st);
	x += zoom_text(v, c, x, p->y, x1, st);
	x += text(c, x, p->y, x1, " | ", st);
	if (cmp->src[0] == cmp->src[1]) {
		x += text(c, x, p->y, x1, cmp->src[0], st);
		text(c, x, p->y, x1, " (before -> after)", st);
	} else {
		x += text(c, x, p->y, x1, "A: ", st);
		x += text(c, x, p->y, x1, cmp->src[0], st);
		x += text(c, x, p->y, x1, " B: ", st);
		text(c, x, p->y, x1, cmp->src[1], st);
	}
}

static void
side_header(const ft_view *v, ft_canvas *c, const ft_pane *p, ft_style st)
{
	const ft_compare *cmp = v->cmp;
	int idx = p->vset == VS_A ? 0 : 1;
	int active = &v->pane[v->active < v->npanes ? v->active : 0] == p;
	if (!active)
		st = bar_off(v);
	int x1 = p->x + p->w;
	canvas_fill(c, p->x, x1, p->y, ' ', st);
	char buf[256], t[64], raw[64];
	int x = p->x;
	snprintf(buf, sizeof(buf), "%s%s: ", active ? ">" : " ", idx == 0 ? "A" : "B");
	x += text(c, x, p->y, x1, buf, st);
	fmt_val(t, sizeof(t), v, cmp->total[idx]);
	if (cmp->whole[idx] != cmp->total[idx]) {
		/* Filtered: what is kept of the whole side. */
		char wt[64], wp[24];
		fmt_val(wt, sizeof(wt), v, cmp->whole[idx]);
		units_pct(wp, sizeof(wp), (double)cmp->total[idx], (double)cmp->whole[idx]);
		snprintf(buf, sizeof(buf), "%s of %s (%s)", t, wt, wp);
	} else {
		snprintf(buf, sizeof(buf), "total %s", t);
	}
	x += text(c, x, p->y, x1, buf, st);
	/* The sample type, when it says more than "samples" (pprof). */
	const char *type = cmp->u->types[idx == 0 ? CMP_A : CMP_B].name;
	if (strcmp(type, "samples") != 0 && cmp->src[0] != cmp->src[1]) {
		snprintf(buf, sizeof(buf), " %s", type);
		x += text(c, x, p->y, x1, buf, st);
	}
	if (idx == 0 && cmp->normalized && cmp->norm_by != NULL) {
		snprintf(buf, sizeof(buf), " (normalised by %s)", cmp->norm_by);
		x += text(c, x, p->y, x1, buf, st);
	} else if (idx == 0 && cmp->normalized) {
		units_human(raw, sizeof(raw), cmp->u, CMP_A, cmp->raw_total_a);
		/* Different measures: say what A was counted in. */
		snprintf(buf, sizeof(buf), " (normalised from %s%s%s)", raw,
		    cmp->units_differ ? " " : "", cmp->units_differ ? cmp->type[0] : "");
		x += text(c, x, p->y, x1, buf, st);
	}
	if (cmp->only[idx] > 0) {
		snprintf(buf, sizeof(buf), " | %u only in %s", cmp->only[idx], idx == 0 ? "A" : "B");
		x += text(c, x, p->y, x1, buf, st);
	}
	x += matching_text(cmp, c, x, p->y, x1, st, idx == 1);
	char chips[1024];
	filters_text(v, c, x1 - x, chips, sizeof(chips));
	x += text(c, x, p->y, x1, chips, st);
	x += zoom_text(v, c, x, p->y, x1, st);
	/* The file name last: it is the part that may be clipped. */
	x += text(c, x, p->y, x1, " | ", st);
	x += text(c, x, p->y, x1, cmp->src[idx], st);
	if (cmp->src[0] == cmp->src[1])
		text(c, x, p->y, x1, idx == 0 ? " (before)" : " (after)", st);
}

static void
diff_header(const ft_view *v, ft_canvas *c, const ft_pane *p, ft_style st)
{
	const ft_compare *cmp = v->cmp;
	int x1 = p->x + p->w;
	canvas_fill(c, p->x, x1, p->y, ' ', st);
	char buf[1024], ta[160], tb[160], d[64], pct[32], type[160];
	units_type_label(type, sizeof(type), cmp->u, CMP_B);
	for (int i = 0; i < 2; i++) {
		char *o = i ? tb : ta, t[64], wt[64], wp[24];
		fmt_val(t, sizeof(t), v, cmp->total[i]);
		if (cmp->whole[i] == cmp->total[i]) {
			snprintf(o, 160, "%s", t);
			continue;
		}
		/* Filtered: the kept part of the whole side. */
		fmt_val(wt, sizeof(wt), v, cmp->whole[i]);
		units_pct(wp, sizeof(wp), (double)cmp->total[i], (double)cmp->whole[i]);
		snprintf(o, 160, "%s of %s (%s)", t, wt, wp);
	}
	ft_val dt = compare_delta(cmp, FT_ROOT, CMP_BASIS_TOTAL);
	fmt_delta(d, sizeof(d), v, dt);
	compare_pct(pct, sizeof(pct), cmp->total[0], dt);
	/* Figures first, file names last: names are what gets clipped. */
	char nb[160];
	snprintf(nb, sizeof(nb), " | A normalised by %s", cmp->norm_by ? cmp->norm_by : "");
	snprintf(buf, sizeof(buf), "diff | %s | A %s -> B %s (%s, %s)%s | width %s | colour %s",
	    type, ta, tb, d, pct, !cmp->normalized ? "" : cmp->norm_by != NULL ? nb :
	    " | A normalised to B's total",
	    compare_width_name(v->wsrc),
	    v->color == COLOR_DTOTAL ? "total delta" :
	    v->color == COLOR_DSELF ? "self delta" : "name");
	header_rest(v, c, p, buf, st);
}

/* The elided graph's header: what vanished, of A's whole. */
static void
elided_header(const ft_view *v, ft_canvas *c, const ft_pane *p, ft_style st)
{
	const ft_compare *cmp = v->cmp;
	int x1 = p->x + p->w;
	canvas_fill(c, p->x, x1, p->y, ' ', st);
	char buf[512], t[64], pc[24], type[160];
	units_type_label(type, sizeof(type), cmp->u, CMP_A);
	ft_val gone = cmp->welided[FT_ROOT];
	fmt_val(t, sizeof(t), v, gone);
	units_pct(pc, sizeof(pc), (double)gone, (double)cmp->whole[0]);
	snprintf(buf, sizeof(buf), "elided | %s | vanished: A %s (%s of A), no longer in B | %u frames only in A%s",
	    type, t, pc, cmp->only[0], !cmp->normalized ? "" : cmp->norm_by != NULL ?
	    " | A normalised" : " | A normalised to B's total");
	header_rest(v, c, p, buf, st);
}

void
rc_draw_pane_header(const ft_view *v, ft_canvas *c, const ft_pane *p, ft_style bar)
{
	if (p->vset == VS_DIFF)
		diff_header(v, c, p, bar);
	else if (p->vset == VS_ELIDED)
		elided_header(v, c, p, bar);
	else
		side_header(v, c, p, bar);
}

/* --- values ------------------------------------------------------------------ */

/* "14 (21.5%)" or "absent". */
static void
side_value(char *buf, size_t cap, const ft_view *v, ft_val x, int present, int side)
{
	char t[48], pc[24];
	if (!present) {
		snprintf(buf, cap, "absent");
		return;
	}
	fmt_val(t, sizeof(t), v, x);
	/* Of the whole side, before any filter (as pprof's). */
	units_pct(pc, sizeof(pc), (double)x, (double)v->cmp->whole[side]);
	snprintf(buf, cap, "%s (%s)", t, pc);
}

/* "A 5 (50.0%) -> B absent delta -5 (-100%)" of a total or self. */
static void
a_b_delta(char *buf, size_t cap, const ft_view *v, uint32_t n, int self)
{
	const ft_compare *cmp = v->cmp;
	const ft_profile *u = cmp->u;
	int inA = n == FT_ROOT || (cmp->presence[n] & CMP_IN_A);
	int inB = n == FT_ROOT || (cmp->presence[n] & CMP_IN_B);
	ft_val a = self ? profile_self(u, n, CMP_A) : profile_total(u, n, CMP_A);
	ft_val b = self ? profile_self(u, n, CMP_B) : profile_total(u, n, CMP_B);
	ft_val dl = compare_delta(cmp, n, self ? CMP_BASIS_SELF : CMP_BASIS_TOTAL);
	char sa[96], sb[96], d[64], pc[32];
	side_value(sa, sizeof(sa), v, a, inA, 0);
	side_value(sb, sizeof(sb), v, b, inB, 1);
	fmt_delta(d, sizeof(d), v, dl);
	compare_pct(pc, sizeof(pc), a, dl);
	snprintf(buf, cap, "A %s -> B %s delta %s (%s)", sa, sb, d, pc);
}

void
rc_draw_status(const ft_view *v, ft_canvas *c, int x, ft_style st, ft_style match)
{
	const ft_compare *cmp = v->cmp;
	const ft_profile *u = cmp->u;
	int y = c->h - 1;
	if (v->search != NULL) {
		char ma[48], mb[48], pa[24], pb[24], buf[200];
		fmt_val(ma, sizeof(ma), v, v->matched[0]);
		fmt_val(mb, sizeof(mb), v, v->matched[1]);
		units_pct(pa, sizeof(pa), (double)v->matched[0], (double)cmp->whole[0]);
		units_pct(pb, sizeof(pb), (double)v->matched[1], (double)cmp->whole[1]);
		snprintf(buf, sizeof(buf), "Matched: A %s (%s) B %s (%s) | ", pa, ma, pb, mb);
		x += text(c, x, y, c->w, buf, match);
	}
	uint32_t n = v->sel;
	uint32_t name = u->nodes[n].name;
	char line[1024], tot[400], self[400];
	a_b_delta(tot, sizeof(tot), v, n, 0);
	a_b_delta(self, sizeof(self), v, n, 1);
	snprintf(line, sizeof(line), " | total %s | self %s", tot, self);
	int lw = (int)strlen(line);
	int namew = c->w - lw;
	if (namew < x + 12)
		namew = x + (c->w - x) / 3;
	x += canvas_text(c, x, y, namew - x, intern_str(u->names, name),
	    intern_len(u->names, name), st, 1);
	const char *ks = frame_kind_label(u, name);
	if (*ks && x + (int)strlen(ks) <= namew)
		x += canvas_text(c, x, y, namew - x, ks, strlen(ks), st, 0);
	canvas_text(c, x, y, c->w - x, line, (size_t)lw, st, 1);
}

/* The selected frame's value in A and in B by the values of each label
 * key (pprof labels), two lines per key: "A endpoint: /api/search 61%,
 * ..." then "B endpoint: ...".  Shares are within each side and each key
 * (A's label values are not normalised).  Keys follow tagshow/taghide.
 * Returns the next free row. */
static int
label_lines(ft_view *v, ft_canvas *c, int y)
{
	const ft_compare *cmp = v->cmp;
	const ft_profile *u = cmp->u;
	if (u->labels == NULL || cmp->label_keys == 0)
		return y;
	const ft_matcher *show, *hide;
	filters_tag_keys(&v->filters, &show, &hide);
	ft_label_share *r[2];
	uint32_t nr[2];
	for (int s = 0; s < 2; s++)
		nr[s] = labels_breakdown(u, v->sel, s == 0 ? CMP_A : CMP_B, show, hide, &r[s]);
	const ft_labelsets *ls = u->labels->sets;
	/* Keys in order of the union of both sides' (sorted) key lists. */
	uint32_t i[2] = {0, 0};
	int keys = 0;
	while ((i[0] < nr[0] || i[1] < nr[1]) && keys < VIEW_LABEL_ROWS && y < c->h - 2) {
		uint32_t key;
		if (i[1] >= nr[1] || (i[0] < nr[0] && cmp_key(ls, r[0][i[0]].key, r[1][i[1]].key) <= 0))
			key = r[0][i[0]].key;
		else
			key = r[1][i[1]].key;
		for (int s = 0; s < 2; s++) {
			uint32_t kl, e = i[s];
			ft_val all = 0;
			while (e < nr[s] && r[s][e].key == key)
				all += r[s][e++].v;
			const char *k = labelsets_text(ls, key, &kl);
			int x = canvas_text(c, 0, y, c->w, s == 0 ? "A " : "B ", 2, st_plain, 0);
			x += canvas_text(c, x, y, c->w - x, k, kl, st_plain, 1);
			x += canvas_text(c, x, y, c->w - x, ":", 1, st_plain, 0);
			if (e == i[s])
				x += canvas_text(c, x, y, c->w - x, " absent", 7, st_plain, 0);
			for (uint32_t j = i[s]; j < e && x < c->w; j++)
				x = render_label_value(c, x, y, j == i[s], ls, r[s][j].value,
				    (double)r[s][j].v, (double)all);
			i[s] = e;
			y++;
		}
		keys++;
	}
	free(r[0]);
	free(r[1]);
	return y;
}

int
rc_draw_details(ft_view *v, ft_canvas *c, int y)
{
	const ft_compare *cmp = v->cmp;
	const ft_profile *u = cmp->u;
	uint32_t n = v->sel;
	char buf[1024], vals[400];
	const char *what[2] = {"total", "self"};
	for (int k = 0; k < 2 && y < c->h - 1; k++) {
		a_b_delta(vals, sizeof(vals), v, n, k);
		snprintf(buf, sizeof(buf), "%-5s %s", what[k], vals);
		canvas_text(c, 0, y++, c->w, buf, strlen(buf), st_plain, 1);
	}
	if (y < c->h - 1 && n != FT_ROOT) {
		/* Every instance of the function, each stack once, per side. */
		ft_val t[2], s[2];
		uint32_t cnt[2];
		for (int side = 0; side < 2; side++)
			view_instances(v, u->nodes[n].name, side == 0 ? CMP_A : CMP_B,
			    &t[side], &s[side], &cnt[side]);
		char ta[48], tb[48], d[48], pc[24];
		fmt_val(ta, sizeof(ta), v, t[0]);
		fmt_val(tb, sizeof(tb), v, t[1]);
		fmt_delta(d, sizeof(d), v, t[1] - t[0]);
		compare_pct(pc, sizeof(pc), t[0], t[1] - t[0]);
		snprintf(buf, sizeof(buf), "all instances: total A %s -> B %s delta %s (%s)",
		    ta, tb, d, pc);
		canvas_text(c, 0, y++, c->w, buf, strlen(buf), st_plain, 1);
	}
	y = label_lines(v, c, y);
	if (y < c->h - 1) {
		char ta[64], tb[64];
		fmt_val(ta, sizeof(ta), v, cmp->total[0]);
		fmt_val(tb, sizeof(tb), v, cmp->total[1]);
		snprintf(buf, sizeof(buf), "A: %s (total %s%s) | B: %s (total %s)", cmp->src[0], ta,
		    cmp->normalized ? ", normalised" : "", cmp->src[1], tb);
		canvas_text(c, 0, y++, c->w, buf, strlen(buf), st_plain, 1);
	}
	return y;
}

/* --- the regressions table ---------------------------------------------- */

void
rc_draw_table(ft_view *v, ft_canvas *c, ft_style bar, ft_style status)
{
	const ft_compare *cmp = v->cmp;
	const ft_profile *u = cmp->u;
	ft_ftable *t = &v->table;
	if (t->prof != v->prof)
		view_table_refresh(v);
	canvas_fill(c, 0, c->w, 0, ' ', bar);
	char buf[512];
	snprintf(buf, sizeof(buf), "regressions by function, sorted by %s|delta %s| "
	    "(Tab: by %s) | Enter: show in graph, b: butterfly | R Esc: back%s",
	    cmp->verdict != NULL ? "verdict, then " : "",
	    t->sort == CMP_BASIS_SELF ? "self" : "total",
	    t->sort == CMP_BASIS_SELF ? "total" : "self",
	    cmp->normalized ? " | A normalised" : "");
	text(c, 0, 0, c->w, buf, bar);
	/* Every column needs 79 cells before the name: narrower, only the
	 * sorted basis (self or total: A, B, delta, %) shows, and below 60
	 * columns only its delta, so the name keeps room (Tab switches). */
	int self_sort = t->sort == CMP_BASIS_SELF;
	/* The test's columns (p, q, verdict of the self samples, as --top)
	 * need 25 more cells: all three from 135 columns, the verdict alone
	 * from 100 (narrower, the names keep their room). */
	int tested = cmp->verdict != NULL;
	int cols = c->w >= 110 ? 2 : c->w >= 60 ? 1 : 0;
	int pq = tested && c->w >= 135, vd = tested && c->w >= 100;
	ft_style head = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, FT_A_BOLD};
	char th[64] = "";
	if (pq)
		snprintf(th, sizeof(th), "%8s %8s %-7s ", "p", "q", "verdict");
	else if (vd)
		snprintf(th, sizeof(th), "%-7s ", "verdict");
	if (cols == 2)
		canvas_printf(c, 0, 1, c->w, head, "%9s %9s %9s %7s %9s %9s %9s %7s %s %s",
		    "self A", "self B", "d.self", "d.self%", "total A", "total B", "d.total",
		    "d.tot%", th, "function");
	else if (cols == 1)
		canvas_printf(c, 0, 1, c->w, head, "%9s %9s %9s %7s %s %s",
		    self_sort ? "self A" : "total A", self_sort ? "self B" : "total B",
		    self_sort ? "d.self" : "d.total", self_sort ? "d.self%" : "d.tot%", th, "function");
	else
		canvas_printf(c, 0, 1, c->w, head, "%9s %7s  %s",
		    self_sort ? "d.self" : "d.total", self_sort ? "d.self%" : "d.tot%", "function");
	int rows = c->h - 3;
	if (rows < 1)
		return;
	if (t->sel < t->top)
		t->top = t->sel;
	if (t->sel >= t->top + (uint32_t)rows)
		t->top = t->sel - (uint32_t)rows + 1;
	for (int i = 0; i < rows; i++) {
		uint32_t r = t->top + (uint32_t)i;
		if (r >= t->nrows)
			break;
		const ft_regress *g = &t->rall[t->rows[r]];
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
		if (r == t->sel)
			st.attr |= FT_A_REVERSE | FT_A_BOLD;
		int y = 2 + i;
		canvas_fill(c, 0, c->w, y, ' ', st);
		ft_val key = t->sort == CMP_BASIS_SELF ? ds : dt;
		ft_style vs = st;
		if (key != 0)
			vs.fg = key > 0 ? 0xd03030 : 0x3060e0;
		int x = 0;
		if (cols == 2) {
			x += canvas_printf(c, x, y, c->w - x, st, "%9s %9s ", s0, s1);
			x += canvas_printf(c, x, y, c->w - x, self_sort ? vs : st, "%9s %7s ", sd, sp);
			x += canvas_printf(c, x, y, c->w - x, st, "%9s %9s ", t0, t1);
			x += canvas_printf(c, x, y, c->w - x, self_sort ? st : vs, "%9s %7s  ", td, tp);
		} else {
			if (cols == 1)
				x += canvas_printf(c, x, y, c->w - x, st, "%9s %9s ",
				    self_sort ? s0 : t0, self_sort ? s1 : t1);
			x += canvas_printf(c, x, y, c->w - x, vs, "%9s %7s  ",
			    self_sort ? sd : td, self_sort ? sp : tp);
		}
		if (cols > 0 && (pq || vd)) {
			double pv, qv;
			enum ds_verdict vdt = compare_name_verdict(cmp, g->name, &pv, &qv);
			char ps[16], qs[16];
			compare_fmt_p(ps, sizeof(ps), pv);
			compare_fmt_p(qs, sizeof(qs), qv);
			ft_style ws = st;
			if (vdt == DS_SLOWER || vdt == DS_FASTER)
				ws.fg = vdt == DS_SLOWER ? 0xd03030 : 0x3060e0;
			if (pq)
				x += canvas_printf(c, x, y, c->w - x, st, "%8s %8s ", ps, qs);
			x += canvas_printf(c, x, y, c->w - x, ws, "%-7s  ", ds_verdict_name(vdt));
		}
		x += canvas_text(c, x, y, c->w - x, intern_str(u->names, g->name),
		    intern_len(u->names, g->name), st, 1);
		const char *ks = frame_suffix(u, g->name);
		if (*ks)
			canvas_text(c, x, y, c->w - x, ks, strlen(ks), st, 1);
	}
	int y = c->h - 1;
	canvas_fill(c, 0, c->w, y, ' ', status);
	if (v->message != NULL)
		canvas_text(c, 0, y, c->w, v->message, strlen(v->message), status, 1);
	else if (t->m != NULL)
		canvas_printf(c, 0, y, c->w, status, "%u of %u functions match /%s/ | row %u",
		    t->nrows, t->nall, match_pattern(t->m), t->nrows ? t->sel + 1 : 0);
	else
		canvas_printf(c, 0, y, c->w, status, "%u functions | row %u | / filters rows",
		    t->nrows, t->nrows ? t->sel + 1 : 0);
}
