/* timecompare.c - range against range (see timecompare.h). */
#include "ops/timecompare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "ops/timerange.h"
#include "profile/spans.h"
#include "profile/timeline.h"

/* The end of p's time axis as an offset from its origin (a sampled
 * timeline's: floor(start), timerange.h; a trace's spans': the first
 * span's start), and in *what the origin in words; -1 when p has
 * neither. */
static int64_t
axis_end(const ft_profile *p, const char **what)
{
	const ft_timeline *tl = p->timeline;
	if (tl != NULL) {
		int64_t e = timeline_end(tl) - timeline_origin(tl);
		if (tl->n > 0 && tl->tmax - timeline_origin(tl) > e)
			e = tl->tmax - timeline_origin(tl);
		*what = "its first whole second";
		return e;
	}
	const ft_spans *sp = p->spans;
	if (sp == NULL)
		return -1;
	*what = "its first event's start";
	int64_t e;
	if (sp->n == 0 || __builtin_sub_overflow(sp->tmax, spans_origin(sp), &e))
		return 0;
	return e;
}

int64_t
timecompare_length(const ft_profile *p, int64_t a, int64_t b)
{
	const char *what;
	int64_t e = axis_end(p, &what);
	if (e < 0)
		return 0;
	if (a < 0)
		a = 0;
	if (b > e)
		b = e;
	return b > a ? b - a : 0;
}

static ft_profile *
range_tree(const ft_profile *p, int col, int64_t a, int64_t b, enum ft_sort sort,
    ft_diag *err)
{
	ft_profile *r = timerange_apply(p, a, b, sort, col, err);
	if (r == NULL)
		return NULL;
	char x[32], y[32];
	compare_secs(x, sizeof(x), a);
	compare_secs(y, sizeof(y), b);
	const char *src = p->source != NULL ? p->source : "-";
	size_t n = strlen(src) + 80;
	char *name = xmalloc(n);
	snprintf(name, n, "%s [time %s-%s s]", src, x, y);
	profile_set_source(r, name);
	free(name);
	return r;
}

int
timecompare_build(ft_compare *c, const ft_profile *p, int col,
    int64_t a0, int64_t b0, int64_t a1, int64_t b1, ft_compare_opts *o,
    const ft_filters *f, ft_profile **pa, ft_profile **pb, ft_diag *err)
{
	*pa = *pb = NULL;
	const char *what;
	if (axis_end(p, &what) < 0) {
		diag_set(err, "%s: the %s format keeps no time per sample or event: no "
		    "time ranges to compare", p->source ? p->source : "-",
		    p->format ? p->format : "input");
		return -1;
	}
	int64_t la = timecompare_length(p, a0, b0), lb = timecompare_length(p, a1, b1);
	if (la == 0 || lb == 0) {
		char x[32], y[32];
		compare_secs(x, sizeof(x), la == 0 ? a0 : a1);
		compare_secs(y, sizeof(y), la == 0 ? b0 : b1);
		diag_set(err, "time range %s %s-%s s has no time within the recording "
		    "(%.3f s from %s)", la == 0 ? "A" : "B", x, y,
		    (double)timecompare_length(p, 0, INT64_MAX) / 1e9, what);
		return -1;
	}
	/* Each range's tree lasts its length: per second (the default) is
	 * by the lengths, and K or --normalize may choose another mode. */
	if (o->norm == CMP_NORM_FLAG)
		o->norm = CMP_NORM_RATE;
	o->normalize = o->norm == CMP_NORM_TOTAL;
	o->scale_num = o->scale_den = 0;
	o->norm_by[0] = '\0';
	o->rate_by = "range length";
	if ((*pa = range_tree(p, col, a0, b0, o->sort, err)) == NULL ||
	    (*pb = range_tree(p, col, a1, b1, o->sort, err)) == NULL)
		goto fail;
	(*pa)->duration_ns = la;
	(*pb)->duration_ns = lb;
	/* The other filters, on both alike: a time filter would take its
	 * range again from each range's own tree. */
	ft_filters rest = {0};
	for (int i = 0; f != NULL && i < f->n; i++)
		if (f->v[i].kind != FILTER_TIME &&
		    filters_add(&rest, f->v[i].kind, f->v[i].pattern, err) != 0) {
			filters_free(&rest);
			goto fail;
		}
	int rc = compare_build_filtered(c, *pa, col, *pb, col, o, &rest, err);
	filters_free(&rest);
	if (rc == 0)
		return 0;
fail:
	profile_free(*pa);
	profile_free(*pb);
	*pa = *pb = NULL;
	return -1;
}
