/* view_activity.c - the activity line's counts (see view.h): samples of
 * base's timeline per column, and those with the selected frame on their
 * stack (ops/timerange.h finds its nodes in base, the timeline is
 * binned by profile/timeline.h).  Idle samples are left out as in the
 * heat map (I shows them). */
#include "view/view.h"

#include <stdlib.h>

#include "base/xalloc.h"
#include "ops/timerange.h"

const uint8_t *
view_idle_nodes(ft_view *v)
{
	const ft_profile *b = v->base;
	if (b == NULL || b->timeline == NULL)
		return NULL;
	if (v->act.idle_base != b || v->act.idle_tl != b->timeline) {
		free(v->act.idle);
		free(v->act.idle_samples);
		v->act.idle = timerange_idle_nodes(b);
		v->act.idle_samples = NULL;
		v->act.idle_samples_ok = 0;
		v->act.idle_base = b;
		v->act.idle_tl = b->timeline;
	}
	return v->act.idle;
}

const uint64_t *
view_idle_samples(ft_view *v)
{
	const uint8_t *idle = view_idle_nodes(v);
	if (!v->act.idle_samples_ok && v->base != NULL && v->base->timeline != NULL) {
		v->act.idle_samples = timeline_sample_set(v->base->timeline, idle);
		v->act.idle_samples_ok = 1;
	}
	return v->act.idle_samples;
}

void
view_activity_ready(ft_view *v, uint32_t ncols)
{
	const ft_profile *b = v->base;
	if (b == NULL || b->timeline == NULL || ncols == 0)
		return;
	int all_ok = v->act.all_valid && v->act.base == b && v->act.tl == b->timeline &&
	    v->act.ncols == ncols && v->act.with_idle == v->heat.with_idle;
	if (all_ok && v->act.valid && v->act.prof == v->prof && v->act.sel == v->sel &&
	    v->act.nfilters == v->filters.n)
		return;
	const uint8_t *idle = view_idle_nodes(v);
	if (v->act.ncols != ncols || v->act.all == NULL) {
		free(v->act.all);
		free(v->act.in);
		v->act.all = xcalloc(ncols, sizeof(uint32_t));
		v->act.in = xcalloc(ncols, sizeof(uint32_t));
	}
	const uint8_t *skip = v->heat.with_idle ? NULL : idle;
	/* The all row: every sample, whatever is selected or filtered. */
	if (!all_ok)
		v->act.max = timeline_activity_all(b->timeline, ncols, skip, v->act.all);
	/* The selected frame's samples in the tree shown: in its time range
	 * when one is chosen (the root: every sample in it). */
	uint8_t *mark = timerange_frame_nodes(b, v->prof, v->sel);
	int64_t from, to;
	filters_time_range(&v->filters, &from, &to);
	timeline_activity_in(b->timeline, ncols, skip, mark, from, to, v->act.in);
	free(mark);
	v->act.valid = 1;
	v->act.all_valid = 1;
	v->act.base = b;
	v->act.tl = b->timeline;
	v->act.prof = v->prof;
	v->act.sel = v->sel;
	v->act.ncols = ncols;
	v->act.with_idle = v->heat.with_idle;
	v->act.nfilters = v->filters.n;
}

int
view_activity_toggle(ft_view *v)
{
	if (v->cmp != NULL || v->base == NULL || v->base->timeline == NULL) {
		v->message = "no activity line: the profile keeps no time per sample "
		    "(perf script and .cpuprofile do)";
		return V_REDRAW;
	}
	v->activity = !v->activity;
	v->layout_dirty = 1;
	v->message = v->activity ? "activity line shown (a hides it)" :
	    "activity line hidden (a shows it)";
	return V_REDRAW;
}
