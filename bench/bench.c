/* bench.c - flametui-bench: headless timings of the viewer for make bench
 * (bench/run.sh, bench/bench-filters.sh), linked against libflametui.a.
 *
 *   flametui-bench --keys N PROFILE
 *       N navigation steps and N zoom/unzoom steps, each an action plus a
 *       full render into a canvas (what a keystroke costs the viewer,
 *       minus the terminal), in ms per step.
 *   flametui-bench --filters [--runs N] [--search RE] PROFILE
 *       median ms over N runs (default 5) of a search, each filter kind,
 *       opening the function table on a new tree (table_first: counted)
 *       and again (table: its rows kept), the butterfly view (and the
 *       first butterfly open on its own), each with a full render at
 *       200x60.
 *       The pattern is RE, else the exact name of the function with the
 *       most self time.
 *   flametui-bench --time [--samples N] [--runs N] PROFILE
 *       the time views on a big tree: PROFILE gets a timeline of N samples
 *       (default 10 M) over 60 s, in time order, each sample's stack drawn
 *       from the profile's stacks in proportion to their self value (a
 *       fixed-seed generator: the same every run).  Median ms over runs
 *       (default 5) of: the heat map opened and drawn at 200x60 (binning
 *       and render: its first draw after a load), a cursor move and its
 *       redraw (over 200 moves), a one-second range taken (m, Right,
 *       Enter: the range's flame graph built from the timeline and drawn)
 *       and the activity line's first draw.  Idle frames are looked for
 *       as in a perf recording (FlameScope's rule).
 *   --cpu (with any): CPU time of the process instead of wall time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "draw/canvas.h"
#include "ops/function_table.h"
#include "input/load.h"
#include "profile/match.h"
#include "draw/render.h"
#include "draw/view_svg.h"
#include "ops/filters.h"
#include "profile/timeline.h"
#include "view/view.h"
#include "base/xalloc.h"

/* --cpu: the process's CPU time instead of the wall clock (on a loaded
 * machine, what the operation costs rather than when it was scheduled). */
static clockid_t bench_clock = CLOCK_MONOTONIC;

static double
mono_ms(void)
{
	struct timespec ts;
	clock_gettime(bench_clock, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void
bench_keys(ft_view *v, long n)
{
	static const enum ft_action nav[] = {
		ACT_DOWN, ACT_DOWN, ACT_RIGHT, ACT_DOWN, ACT_LEFT, ACT_DOWN, ACT_RIGHT,
		ACT_DOWN, ACT_UP, ACT_DOWN, ACT_PGDN, ACT_RIGHT, ACT_LEFT, ACT_PGUP,
		ACT_BOTTOM, ACT_TOP,
	};
	ft_canvas c;
	canvas_init(&c, v->w, v->h, v->utf8);
	render_view(v, &c);
	double t0 = mono_ms();
	for (long i = 0; i < n; i++) {
		view_apply(v, nav[i % (long)(sizeof(nav) / sizeof(nav[0]))]);
		render_view(v, &c);
	}
	double t_nav = mono_ms() - t0;
	view_apply(v, ACT_TOP);
	double t_zoom = 0, t_out = 0;
	long nz = 0, nout = 0;
	for (long i = 0; i < n; i++) {
		view_apply(v, ACT_DOWN);
		double t = mono_ms();
		view_apply(v, ACT_ZOOM);
		render_view(v, &c);
		t_zoom += mono_ms() - t;
		nz++;
		if (i % 4 == 3) {
			for (int k = 0; k < 4; k++) {
				t = mono_ms();
				view_apply(v, ACT_ZOOM_OUT);
				render_view(v, &c);
				t_out += mono_ms() - t;
				nout++;
			}
		}
	}
	printf("bench-keys: %dx%d, %ld steps: navigate %.3f ms/step, zoom %.3f ms/step, "
	    "unzoom %.3f ms/step\n", v->w, v->h, n, t_nav / (double)n,
	    t_zoom / (double)nz, nout ? t_out / (double)nout : 0.0);
	canvas_free(&c);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double
median(double *t, int n)
{
	qsort(t, (size_t)n, sizeof(double), cmp_double);
	return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

/* Each operation as the viewer does it (the view API plus a full render),
 * runs times; the median in ms.  Filters are added to the unfiltered view
 * and popped again (popping returns to the loaded tree: not timed). */
static int
bench_filters(ft_profile *p, int col, const char *search, int runs)
{
	ft_func *f;
	uint32_t nf = functions_table(p, col, FUNC_BY_SELF, &f);
	if (nf == 0) {
		fprintf(stderr, "flametui-bench: --filters: empty profile\n");
		free(f);
		return 1;
	}
	uint32_t top = f[0].name;
	free(f);
	char *pat = search != NULL ? xstrdup(search) :
	    match_quote(intern_str(p->names, top), intern_len(p->names, top), 1);
	ft_diag err;
	ft_view v;
	view_init(&v, p, 200, 60);
	v.col = col;
	ft_canvas c;
	canvas_init(&c, v.w, v.h, 1);
	render_view(&v, &c);
	double *t = xmalloc(sizeof(double) * (size_t)runs);
	printf("nodes=%u names=%u runs=%d pattern=%s\n", p->nnodes,
	    intern_count(p->names), runs, pat);
	/* The first filter after opening: ignore (its tree is nearly the
	 * loaded one's size) in memory no filter has used yet. */
	char *first = xmalloc(strlen(pat) + 16);
	sprintf(first, "ignore %s", pat);
	double t0 = mono_ms();
	if (view_filter_add(&v, first, &err) != 0) {
		fprintf(stderr, "flametui-bench: %s\n", err.msg);
		return 1;
	}
	render_view(&v, &c);
	printf("first_ignore_ms=%.1f ", mono_ms() - t0);
	view_filter_remove(&v, 0);
	free(first);
	/* The first butterfly open pays for caches (name ranks). */
	t0 = mono_ms();
	if (view_butterfly_open(&v, top, &err) != 0) {
		fprintf(stderr, "flametui-bench: %s\n", err.msg);
		return 1;
	}
	render_view(&v, &c);
	double bf_first = mono_ms() - t0;
	view_butterfly_close(&v);
	for (int r = 0; r < runs; r++) {
		t0 = mono_ms();
		ft_val a, z;
		if (view_search_set(&v, pat, &err) != 0) {
			fprintf(stderr, "flametui-bench: --search: %s\n", err.msg);
			return 1;
		}
		view_search_stats(&v, &a, &z);
		render_view(&v, &c);
		t[r] = mono_ms() - t0;
	}
	printf("search_ms=%.1f ", median(t, runs));
	view_search_set(&v, "", &err);
	for (int k = 0; k < FILTER_REGEX_KINDS; k++) {
		char *line = xmalloc(strlen(pat) + 32);
		sprintf(line, "%s %s", filter_kind_name(k), pat);
		for (int r = 0; r < runs; r++) {
			t0 = mono_ms();
			if (view_filter_add(&v, line, &err) != 0) {
				fprintf(stderr, "flametui-bench: %s\n", err.msg);
				return 1;
			}
			render_view(&v, &c);
			t[r] = mono_ms() - t0;
			view_filter_remove(&v, 0);
		}
		free(line);
		for (const char *kn = filter_kind_name(k); *kn; kn++)
			putchar(*kn == '-' ? '_' : *kn);
		printf("_ms=%.1f ", median(t, runs));
	}
	/* The first open on a tree counts the functions; opened again on
	 * the same tree it keeps its rows.  A new tree (a filter, a reload)
	 * resets the key, as view_set_tree() does here. */
	for (int r = 0; r < runs; r++) {
		v.table.prof = NULL;
		t0 = mono_ms();
		view_table_open(&v);
		render_view(&v, &c);
		t[r] = mono_ms() - t0;
		view_table_close(&v);
	}
	printf("table_first_ms=%.1f ", median(t, runs));
	for (int r = 0; r < runs; r++) {
		t0 = mono_ms();
		view_table_open(&v);
		render_view(&v, &c);
		t[r] = mono_ms() - t0;
		view_table_close(&v);
	}
	printf("table_ms=%.1f ", median(t, runs));
	for (int r = 0; r < runs; r++) {
		t0 = mono_ms();
		view_butterfly_open(&v, top, &err);
		render_view(&v, &c);
		t[r] = mono_ms() - t0;
		view_butterfly_close(&v);
	}
	printf("butterfly_first_ms=%.1f butterfly_ms=%.1f ", bf_first, median(t, runs));
	/* --export svg's own work: the whole graph written to /dev/null
	 * (the load not counted), and its size. */
	FILE *dn = fopen("/dev/null", "w");
	long svg_bytes = 0;
	for (int r = 0; dn != NULL && r < runs; r++) {
		t0 = mono_ms();
		view_export_svg(&v, dn, 0, 0, &err);
		fflush(dn);
		t[r] = mono_ms() - t0;
	}
	if (dn != NULL)
		fclose(dn);
	FILE *tf = tmpfile();
	if (tf != NULL) {
		view_export_svg(&v, tf, 0, 0, &err);
		fflush(tf);
		svg_bytes = ftell(tf);
		fclose(tf);
	}
	printf("svg_ms=%.1f svg_bytes=%ld\n", median(t, runs), svg_bytes);
	free(t);
	canvas_free(&c);
	view_free(&v);
	free(pat);
	return 0;
}

/* A fixed-seed xorshift: the same timeline every run. */
static uint64_t
next_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static int
bench_time(ft_profile *p, int col, long nsamples, int runs)
{
	/* The stacks with self value, and their running sums. */
	uint32_t *leaf = xmalloc(sizeof(uint32_t) * p->nnodes);
	double *cum = xmalloc(sizeof(double) * p->nnodes);
	uint32_t nl = 0;
	double sum = 0;
	for (uint32_t n = 1; n < p->nnodes; n++) {
		ft_val s = profile_self(p, n, col);
		if (s <= 0)
			continue;
		sum += (double)s;
		leaf[nl] = n;
		cum[nl++] = sum;
	}
	if (nl == 0) {
		fprintf(stderr, "flametui-bench: --time: empty profile\n");
		return 1;
	}
	ft_timeline *tl = p->timeline = timeline_new(col, -1);
	tl->idle_rule = FT_IDLE_PERF; /* as a perf recording's: idle frames looked for */
	uint64_t x = 0x9e3779b97f4a7c15ull;
	int64_t span = 60 * FT_NS, t0 = 1700000000 * FT_NS;
	for (long i = 0; i < nsamples; i++) {
		double r = (double)(next_rand(&x) >> 11) / 9007199254740992.0 * sum;
		uint32_t lo = 0, hi = nl - 1;
		while (lo < hi) {
			uint32_t mid = lo + (hi - lo) / 2;
			if (cum[mid] < r)
				lo = mid + 1;
			else
				hi = mid;
		}
		timeline_add(tl, t0 + span * i / nsamples, leaf[lo], 1, col);
	}
	free(leaf);
	free(cum);
	double *heat = xmalloc(sizeof(double) * (size_t)runs);
	double *move = xmalloc(sizeof(double) * (size_t)runs);
	double *range = xmalloc(sizeof(double) * (size_t)runs);
	double *act = xmalloc(sizeof(double) * (size_t)runs);
	const int moves = 200;
	for (int r = 0; r < runs; r++) {
		ft_view v;
		view_init(&v, p, 200, 60);
		v.col = col;
		v.utf8 = 1;
		ft_canvas c;
		canvas_init(&c, v.w, v.h, 1);
		render_view(&v, &c);
		double t = mono_ms();
		view_apply(&v, ACT_HEATMAP);
		render_view(&v, &c);
		heat[r] = mono_ms() - t;
		t = mono_ms();
		for (int k = 0; k < moves; k++) {
			view_apply(&v, k % 50 < 25 ? ACT_RIGHT : ACT_LEFT);
			render_view(&v, &c);
		}
		move[r] = (mono_ms() - t) / moves;
		/* A one-second range: its first cell, the same row one column on. */
		view_apply(&v, ACT_TOP);
		for (int k = 0; k < 10; k++)
			view_apply(&v, ACT_RIGHT);
		view_apply(&v, ACT_HEAT_MARK);
		view_apply(&v, ACT_RIGHT);
		t = mono_ms();
		view_apply(&v, ACT_ZOOM);
		render_view(&v, &c);
		range[r] = mono_ms() - t;
		if (v.heat.active || v.filters.n != 1) {
			fprintf(stderr, "flametui-bench: --time: the range was not taken\n");
			return 1;
		}
		t = mono_ms();
		view_apply(&v, ACT_ACTIVITY);
		render_view(&v, &c);
		act[r] = mono_ms() - t;
		canvas_free(&c);
		view_free(&v);
	}
	printf("nodes=%u samples=%u runs=%d heatmap_ms=%.1f cursor_ms=%.3f range_ms=%.1f "
	    "activity_ms=%.1f\n", p->nnodes, tl->n, runs, median(heat, runs),
	    median(move, runs), median(range, runs), median(act, runs));
	free(heat);
	free(move);
	free(range);
	free(act);
	return 0;
}

static int
usage(void)
{
	fprintf(stderr, "usage: flametui-bench [--cpu] --keys N PROFILE\n"
	    "       flametui-bench [--cpu] --filters [--runs N] [--search RE] PROFILE\n"
	    "       flametui-bench [--cpu] --time [--samples N] [--runs N] PROFILE\n");
	return 2;
}

int
main(int argc, char **argv)
{
	long keys = 0, samples = 10000000;
	int filters = 0, timed = 0, runs = 5;
	const char *search = NULL, *path = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--keys") == 0 && i + 1 < argc) {
			char *end;
			keys = strtol(argv[++i], &end, 10);
			if (*end != '\0' || keys < 1)
				return usage();
		} else if (strcmp(argv[i], "--cpu") == 0) {
			bench_clock = CLOCK_PROCESS_CPUTIME_ID;
		} else if (strcmp(argv[i], "--filters") == 0) {
			filters = 1;
		} else if (strcmp(argv[i], "--time") == 0) {
			timed = 1;
		} else if (strcmp(argv[i], "--samples") == 0 && i + 1 < argc) {
			char *end;
			samples = strtol(argv[++i], &end, 10);
			if (*end != '\0' || samples < 1 || samples > (long)UINT32_MAX)
				return usage();
		} else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
			runs = atoi(argv[++i]);
			if (runs < 1)
				return usage();
		} else if (strcmp(argv[i], "--search") == 0 && i + 1 < argc) {
			search = argv[++i];
		} else if (path == NULL && argv[i][0] != '-') {
			path = argv[i];
		} else {
			return usage();
		}
	}
	if (path == NULL || (keys != 0) + filters + timed != 1)
		return usage();
	ft_load_opts lo = {0};
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_file(path, NULL, &lo, &rep, &err);
	if (p == NULL) {
		fprintf(stderr, "flametui-bench: %s\n", err.msg);
		return 1;
	}
	int rc = 0;
	if (timed) {
		rc = bench_time(p, p->deftype, samples, runs);
	} else if (filters) {
		rc = bench_filters(p, p->deftype, search, runs);
	} else {
		ft_view v;
		view_init(&v, p, 200, 60);
		v.col = p->deftype;
		v.utf8 = 1;
		bench_keys(&v, keys);
		view_free(&v);
	}
	profile_free(p);
	return rc;
}
