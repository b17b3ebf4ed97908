/* view_svg.c - SVG export of the viewer's state (see view_svg.h). */
#include "draw/view_svg.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "export/export_svg.h"
#include "draw/render.h"
#include "draw/render_compare.h"
#include "profile/units.h"

static uint32_t
frame_color(const void *ctx, uint32_t node)
{
	const ft_view *v = ctx;
	if (v->cmp != NULL && rc_delta_colors(v))
		return rc_frame_bg(v, node);
	return render_frame_color(v, node);
}

/* "focus:RE  ignore:RE  search /SEARCH/" */
static void
chips(char *buf, size_t cap, const ft_filters *f, const char *search)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int i = 0; i < f->n && n < cap; i++)
		n += (size_t)snprintf(buf + n, cap - n, "%s%s:%s", n ? "  " : "",
		    filter_kind_name(f->v[i].kind), f->v[i].pattern ? f->v[i].pattern : "");
	if (search != NULL && n < cap)
		snprintf(buf + n, cap - n, "%ssearch /%s/", n ? "  " : "", search);
}

int
view_export_svg(ft_view *v, FILE *out, int width, double min_px, ft_diag *err)
{
	const ft_profile *p = v->prof;
	view_update_layout(v);
	view_heat_ready(v);
	char title[1024], sub[1024], ch[768];
	const char *pat = v->search != NULL ? match_pattern(v->search) : NULL;
	chips(ch, sizeof(ch), &v->filters, pat);
	ft_svg_opts o = {
		.p = p, .zoom = v->zoom, .flip = v->flip, .color = frame_color,
		.color_ctx = v, .hl = v->hl, .hl_n = v->hl_n, .search = pat,
		.title = title, .subtitle = sub, .width = width, .min_px = min_px,
		.whole = v->cmp == NULL ? view_whole_total(v, v->col) : 0,
	};
	if (v->cmp != NULL) {
		const ft_compare *c = v->cmp;
		char ta[64], tb[64];
		units_human(ta, sizeof(ta), p, CMP_A, c->total[0]);
		units_human(tb, sizeof(tb), p, CMP_B, c->total[1]);
		snprintf(title, sizeof(title), "%s (%s)  vs  %s (%s)%s", c->src[0], ta,
		    c->src[1], tb, c->normalized ? "  |  A normalized to B" : "");
		snprintf(sub, sizeof(sub), "widths from %s; %s%s%s", compare_width_name(v->wsrc),
		    !rc_delta_colors(v) ? "coloured by name" : c->verdict == NULL ?
		    "red grew, blue shrank" : v->palette == CMP_PAL_COLORBLIND ?
		    "orange slower, blue faster, grey no significant change (q < 0.05)" :
		    "red slower, blue faster, grey no significant change (q < 0.05)",
		    ch[0] ? "  |  " : "", ch);
		o.col = CMP_B;
		o.w = cview_widths(c, VS_DIFF, v->wsrc);
		o.cmp = c;
		if (v->mode == CV_ELIDED) {
			/* The elided graph: what vanished, in A's values. */
			char gone[64], pc[24];
			units_human(gone, sizeof(gone), p, CMP_A, c->welided[FT_ROOT]);
			units_pct(pc, sizeof(pc), (double)c->welided[FT_ROOT], (double)c->whole[0]);
			snprintf(title, sizeof(title), "elided: what vanished from %s (%s) to %s (%s)%s",
			    c->src[0], ta, c->src[1], tb, c->normalized ? "  |  A normalized" : "");
			snprintf(sub, sizeof(sub), "vanished: A %s (%s of A), the paths B no longer "
			    "has, under their callers%s%s", gone, pc, ch[0] ? "  |  " : "", ch);
			o.col = CMP_A;
			o.w = cview_widths(c, VS_ELIDED, v->wsrc);
		}
	} else {
		char type[160], tot[64];
		units_type_label(type, sizeof(type), p, v->col);
		units_human(tot, sizeof(tot), p, v->col, profile_total(p, FT_ROOT, v->col));
		snprintf(title, sizeof(title), "%s  |  %s  |  total %s", p->source, type, tot);
		snprintf(sub, sizeof(sub), "%s", ch);
		o.col = v->col;
		o.w = layout_widths(p, v->col);
	}
	if (sub[0] == '\0')
		o.subtitle = NULL;
	return export_svg(&o, out, err);
}

/* A new file flametui-N.svg, never replacing one. */
static FILE *
new_file(char *name, size_t cap, ft_diag *err)
{
	for (int i = 1; i < 10000; i++) {
		snprintf(name, cap, "flametui-%d.svg", i);
		int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd >= 0) {
			FILE *f = fdopen(fd, "w");
			if (f == NULL) {
				diag_set(err, "%s: %s", name, strerror(errno));
				close(fd);
				unlink(name);
			}
			return f;
		}
		if (errno != EEXIST) {
			diag_set(err, "%s: %s", name, strerror(errno));
			return NULL;
		}
	}
	diag_set(err, "flametui-1.svg ... flametui-9999.svg all exist");
	return NULL;
}

int
view_export_svg_file(ft_view *v, char *name, size_t cap, ft_diag *err)
{
	FILE *f = new_file(name, cap, err);
	if (f == NULL)
		return -1;
	int rc = view_export_svg(v, f, 0, 0, err);
	if (fclose(f) != 0 && rc == 0) {
		diag_set(err, "%s: %s", name, strerror(errno));
		rc = -1;
	}
	if (rc != 0)
		unlink(name);
	return rc;
}
