/* cmd_top.c - --top N: the function table as text, or for a comparison the
 * biggest regressions and improvements. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/cmd_top.h"
#include "cli/cmd_msg.h"
#include "cli/cmd_input.h"
#include "base/diag.h"
#include "profile/units.h"
#include "base/xalloc.h"

/* The table of p (filtered) whose percentages are of whole, the total of
 * the profile before any filter, as pprof's -top: a focused function's
 * share is its share of everything recorded.  When filters changed the
 * total, the header says both: "40 ms of 5.62 s (0.71%)". */
static int
print_top(const ft_profile *p, ft_val whole, int col, long n, enum ft_func_sort sort,
    FILE *out)
{
	ft_func *f;
	uint32_t count = functions_table(p, col, sort, &f);
	char type[160], tot[64], ws[64], wp[32];
	ft_val shown = profile_total(p, FT_ROOT, col);
	units_type_label(type, sizeof(type), p, col);
	units_human(tot, sizeof(tot), p, col, shown);
	if (shown == whole) {
		cmd_msg(out, "%s: %s, total %s, %u functions\n", p->source, type, tot, count);
	} else {
		units_human(ws, sizeof(ws), p, col, whole);
		units_pct(wp, sizeof(wp), (double)shown, (double)whole);
		cmd_msg(out, "%s: %s, %s of %s (%s), %u functions\n", p->source,
		    type, tot, ws, wp, count);
	}
	fprintf(out, "%14s %7s %14s %7s  %s\n", "self", "self%", "total", "total%", "function");
	double all = (double)whole;
	char *esc = xmalloc(4096);
	for (uint32_t i = 0; i < count && (n == 0 || i < (uint32_t)n); i++) {
		char s[32], t[32], sp[16], tp[16];
		if (units_is_count(p, col)) {
			val_format(s, sizeof(s), f[i].self, p->scale);
			val_format(t, sizeof(t), f[i].total, p->scale);
		} else {
			units_human(s, sizeof(s), p, col, f[i].self);
			units_human(t, sizeof(t), p, col, f[i].total);
		}
		units_pct(sp, sizeof(sp), (double)f[i].self, all);
		units_pct(tp, sizeof(tp), (double)f[i].total, all);
		escape_text(esc, 4096, intern_str(p->names, f[i].name),
		    intern_len(p->names, f[i].name), 4000);
		fprintf(out, "%14s %7s %14s %7s  %s%s\n", s, sp, t, tp, esc,
		    frame_suffix(p, f[i].name));
	}
	free(esc);
	free(f);
	return ferror(out) ? 1 : 0;
}

int
cmd_top(ft_input *in, const ft_cmdline *o, FILE *out)
{
	if (in->compare)
		return compare_write_top_min(&in->cmp, CMP_BASIS_SELF, o->top, o->min_change,
		    o->min_share, out) != 0 ? 1 : 0;
	ft_val whole = profile_total(in->base, FT_ROOT, in->col);
	/* The function table is that of the profile before collapse and
	 * invert, which only change how stacks are drawn. */
	if (filters_find(&o->filters, FILTER_INVERT) < 0 &&
	    filters_find(&o->filters, FILTER_COLLAPSE) < 0)
		return print_top(in->p, whole, in->col, o->top, o->table_sort, out);
	ft_diag err;
	ft_profile *tp = transform_apply_filters(in->base, &o->filters, o->sort,
	    in->col, &err);
	if (tp == NULL) {
		cmd_msg(stderr, "flametui: %s\n", err.msg);
		return 1;
	}
	int rc = print_top(tp, whole, in->col, o->top, o->table_sort, out);
	profile_free(tp);
	return rc;
}
