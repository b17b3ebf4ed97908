/* timeline.c - per-sample times beside the tree, and FlameScope's heat
 * map binning (see timeline.h). */
#include "profile/timeline.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"

ft_timeline *
timeline_new(int col, int count_col)
{
	ft_timeline *tl = xcalloc(1, sizeof(*tl));
	tl->col = col;
	tl->count_col = count_col;
	tl->tmin = INT64_MAX;
	tl->tmax = INT64_MIN;
	return tl;
}

void
timeline_free(ft_timeline *tl)
{
	if (tl == NULL)
		return;
	size_t c = tl->cap;
	xbig_free(tl->t, c * sizeof(*tl->t));
	xbig_free(tl->leaf, c * sizeof(*tl->leaf));
	if (tl->w != NULL)
		xbig_free(tl->w, c * sizeof(*tl->w));
	if (tl->cols != NULL)
		xbig_free(tl->cols, c * sizeof(*tl->cols));
	free(tl);
}

/* The arrays are big arrays (xbig_realloc): room reserved and not yet
 * written costs no memory, so doubling keeps the 12-16 bytes a sample. */
static void
grow(ft_timeline *tl, size_t cap)
{
	size_t o = tl->cap;
	tl->t = xbig_realloc(tl->t, o * sizeof(*tl->t), cap * sizeof(*tl->t));
	tl->leaf = xbig_realloc(tl->leaf, o * sizeof(*tl->leaf), cap * sizeof(*tl->leaf));
	if (tl->w != NULL)
		tl->w = xbig_realloc(tl->w, o * sizeof(*tl->w), cap * sizeof(*tl->w));
	if (tl->cols != NULL)
		tl->cols = xbig_realloc(tl->cols, o, cap);
	tl->cap = (uint32_t)cap;
}

int
timeline_add(ft_timeline *tl, int64_t t, uint32_t leaf, int64_t w, int col)
{
	if (w < 0 || w > (int64_t)UINT32_MAX || col < 0 || col > 255 ||
	    tl->n == UINT32_MAX)
		return -1;
	if (tl->n == tl->cap) {
		size_t cap = grow_cap(tl->cap, (size_t)tl->n + 1, 4096);
		grow(tl, cap > UINT32_MAX ? UINT32_MAX : cap);
	}
	if (w != 1 && tl->w == NULL) {
		tl->w = xbig_realloc(NULL, 0, (size_t)tl->cap * sizeof(*tl->w));
		for (uint32_t i = 0; i < tl->n; i++)
			tl->w[i] = 1;
	}
	if (col != tl->col && tl->cols == NULL) {
		tl->cols = xbig_realloc(NULL, 0, tl->cap);
		memset(tl->cols, tl->col, tl->n);
	}
	uint32_t i = tl->n++;
	if (i > 0 && t < tl->t[i - 1])
		tl->backwards = 1;
	tl->t[i] = t;
	tl->leaf[i] = leaf;
	if (tl->w != NULL)
		tl->w[i] = (uint32_t)w;
	if (tl->cols != NULL)
		tl->cols[i] = (uint8_t)col;
	if (t < tl->tmin)
		tl->tmin = t;
	if (t > tl->tmax)
		tl->tmax = t;
	return 0;
}

ft_timeline *
timeline_remap(const ft_timeline *tl, const uint32_t *map)
{
	if (tl == NULL)
		return NULL;
	ft_timeline *c = timeline_new(tl->col, tl->count_col);
	c->start = tl->start;
	c->end = tl->end;
	c->have_bounds = tl->have_bounds;
	c->untimed = tl->untimed;
	c->other = tl->other;
	c->idle_rule = tl->idle_rule;
	if (tl->n > 0)
		grow(c, tl->n);
	if (tl->w != NULL)
		c->w = xbig_realloc(NULL, 0, (size_t)c->cap * sizeof(*c->w));
	if (tl->cols != NULL)
		c->cols = xbig_realloc(NULL, 0, c->cap);
	for (uint32_t i = 0; i < tl->n; i++) {
		uint32_t n = map[tl->leaf[i]];
		if (n == UINT32_MAX)
			continue;
		uint32_t k = c->n++;
		if (k > 0 && tl->t[i] < c->t[k - 1])
			c->backwards = 1;
		c->t[k] = tl->t[i];
		c->leaf[k] = n;
		if (c->w != NULL)
			c->w[k] = tl->w[i];
		if (c->cols != NULL)
			c->cols[k] = tl->cols[i];
		if (tl->t[i] < c->tmin)
			c->tmin = tl->t[i];
		if (tl->t[i] > c->tmax)
			c->tmax = tl->t[i];
	}
	return c;
}

void
timeline_remap_inplace(ft_timeline *tl, const uint32_t *map)
{
	uint32_t k = 0;
	tl->backwards = 0;
	tl->tmin = INT64_MAX;
	tl->tmax = INT64_MIN;
	for (uint32_t i = 0; i < tl->n; i++) {
		uint32_t n = map[tl->leaf[i]];
		if (n == UINT32_MAX)
			continue;
		if (k > 0 && tl->t[i] < tl->t[k - 1])
			tl->backwards = 1;
		tl->t[k] = tl->t[i];
		tl->leaf[k] = n;
		if (tl->w != NULL)
			tl->w[k] = tl->w[i];
		if (tl->cols != NULL)
			tl->cols[k] = tl->cols[i];
		if (tl->t[k] < tl->tmin)
			tl->tmin = tl->t[k];
		if (tl->t[k] > tl->tmax)
			tl->tmax = tl->t[k];
		k++;
	}
	tl->n = k;
}

/* floor(t / d) for d > 0, whatever t's sign. */
static int64_t
floor_div(int64_t t, int64_t d)
{
	int64_t q = t / d;
	return (t % d != 0 && t < 0) ? q - 1 : q;
}

int64_t
timeline_origin(const ft_timeline *tl)
{
	int64_t s = tl->n > 0 ? tl->tmin : 0;
	if (tl->have_bounds && (tl->n == 0 || tl->start < s))
		s = tl->start;
	return floor_div(s, FT_NS) * FT_NS;
}

int64_t
timeline_end(const ft_timeline *tl)
{
	int64_t e = tl->n > 0 ? tl->tmax : 0;
	if (tl->have_bounds && (tl->n == 0 || tl->end > e))
		e = tl->end;
	return e;
}

/* ceil(end) - floor(start) in whole seconds (at least 1). */
static int64_t
span_seconds(const ft_timeline *tl)
{
	int64_t o = timeline_origin(tl), e = timeline_end(tl);
	int64_t s = floor_div(e - o + FT_NS - 1, FT_NS);
	return s > 0 ? s : 1;
}

int64_t
heatmap_step(const ft_timeline *tl, int64_t step_s, uint32_t max_cols)
{
	static const int64_t steps[] = {1, 2, 5, 10, 60, 300, 600, 1800, 3600,
	    7200, 21600, 43200, 86400};
	if (step_s > 0)
		return step_s * FT_NS;
	if (max_cols == 0)
		return FT_NS;
	int64_t span = span_seconds(tl);
	size_t i = 0;
	while (i + 1 < sizeof(steps) / sizeof(steps[0]) &&
	    (span + steps[i] - 1) / steps[i] > (int64_t)max_cols)
		i++;
	int64_t s = steps[i];
	while ((span + s - 1) / s > (int64_t)max_cols)
		s *= 2;
	return s * FT_NS;
}

/* Samples lo..hi of a timeline binned into counts (heatmap_bin()). */
struct binpart {
	const ft_timeline *tl;
	uint32_t lo, hi, rows;
	int64_t step, o;
	const uint8_t *idle;   /* a node set, or NULL */
	const uint64_t *skip;  /* a sample set (used when idle is NULL), or NULL */
	uint32_t *counts;
	uint64_t idle_n;
};

/* Timelines of this many samples are binned by two threads. */
#define BIN_SPLIT (1u << 20)

static void
bin_part(struct binpart *b)
{
	const ft_timeline *tl = b->tl;
	int64_t rows = b->rows;
	/* The cell of the sample before, and the times [wlo, whi) that fall
	 * in it: samples mostly come in time order, thousands to a cell, so
	 * most need one comparison, no division.  A row k from the top of a
	 * second holds the offsets frac with floor(rows * frac / 1e9) ==
	 * rows - 1 - r, i.e. ceil(k 1e9 / rows) <= frac < ceil((k + 1) 1e9 /
	 * rows). */
	int64_t wlo = 1, whi = 0;
	uint32_t *cell = NULL;
	for (uint32_t i = b->lo; i < b->hi; i++) {
		if (b->idle != NULL ? ft_bit(b->idle, tl->leaf[i]) :
		    b->skip != NULL && (b->skip[i >> 6] >> (i & 63) & 1)) {
			b->idle_n++;
			continue;
		}
		int64_t t = tl->t[i];
		if (t < wlo || t >= whi) {
			int64_t sec0 = floor_div(t, FT_NS) * FT_NS;
			int64_t c = floor_div(t - b->o, b->step);
			/* floor(rows * frac / 1e9): frac < 1e9, rows <= 1000. */
			int64_t k = (t - sec0) * rows / FT_NS;
			cell = &b->counts[(size_t)c * (size_t)rows + (size_t)(rows - k - 1)];
			wlo = sec0 + (k * FT_NS + rows - 1) / rows;
			whi = sec0 + ((k + 1) * FT_NS + rows - 1) / rows;
			int64_t clo = b->o + c * b->step;
			if (clo > wlo)
				wlo = clo;
			if (clo + b->step < whi)
				whi = clo + b->step;
		}
		(*cell)++; /* at most tl->n < 2^32 */
	}
}

static void *
bin_thread(void *arg)
{
	bin_part(arg);
	return NULL;
}

static void
bin_all(const ft_timeline *tl, uint32_t rows, int64_t step, const uint8_t *idle,
    const uint64_t *skip, ft_heatmap *hm)
{
	if (rows == 0 || rows > 1000)
		rows = 50;
	if (step <= 0)
		step = FT_NS;
	int64_t o = timeline_origin(tl);
	int64_t span = span_seconds(tl) * FT_NS;
	/* Every sample gets a column: one at a whole-second end, or past a
	 * stated end, widens the map rather than fall off it. */
	int64_t last = tl->n > 0 && tl->tmax - o >= span ? tl->tmax - o + 1 : span;
	int64_t cols = floor_div(last + step - 1, step);
	if (cols < 1)
		cols = 1;
	*hm = (ft_heatmap){.rows = rows, .cols = (uint32_t)cols, .step = step,
	    .origin = o};
	hm->counts = xcalloc((size_t)cols * rows, sizeof(uint32_t));
	size_t ncells = (size_t)cols * rows;
	struct binpart whole = {.tl = tl, .lo = 0, .hi = tl->n, .rows = rows, .step = step,
	    .o = o, .idle = idle, .skip = skip, .counts = hm->counts};
	/* A big timeline in two halves, the second on a thread of its own
	 * with counts of its own, added after. */
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	struct binpart second = whole;
	pthread_t th;
	int two = tl->n >= BIN_SPLIT && cpus >= 2;
	if (two) {
		second.lo = whole.hi = tl->n / 2;
		second.counts = xcalloc(ncells, sizeof(uint32_t));
		two = pthread_create(&th, NULL, bin_thread, &second) == 0;
		if (!two) {
			free(second.counts);
			whole.hi = tl->n;
		}
	}
	bin_part(&whole);
	if (two) {
		pthread_join(th, NULL);
		for (size_t i = 0; i < ncells; i++)
			hm->counts[i] = hm->counts[i] > UINT32_MAX - second.counts[i] ? UINT32_MAX :
			    hm->counts[i] + second.counts[i];
		whole.idle_n += second.idle_n;
		free(second.counts);
	}
	hm->idle = whole.idle_n;
	for (size_t i = 0; i < ncells; i++)
		if (hm->counts[i] > hm->maxvalue)
			hm->maxvalue = hm->counts[i];
}

void
heatmap_bin(const ft_timeline *tl, uint32_t rows, int64_t step,
    const uint8_t *idle, ft_heatmap *hm)
{
	bin_all(tl, rows, step, idle, NULL, hm);
}

void
heatmap_bin_skip(const ft_timeline *tl, uint32_t rows, int64_t step,
    const uint64_t *skip, ft_heatmap *hm)
{
	bin_all(tl, rows, step, NULL, skip, hm);
}

uint64_t *
timeline_sample_set(const ft_timeline *tl, const uint8_t *nodes)
{
	if (nodes == NULL)
		return NULL;
	uint64_t *set = xcalloc((size_t)tl->n / 64 + 1, sizeof(uint64_t));
	int any = 0;
	for (uint32_t i = 0; i < tl->n; i++)
		if (ft_bit(nodes, tl->leaf[i])) {
			set[i >> 6] |= (uint64_t)1 << (i & 63);
			any = 1;
		}
	if (!any) {
		free(set);
		return NULL;
	}
	return set;
}

/* The activity line's slicing: span and whether span * ncols fits. */
typedef struct act_axis {
	int64_t o, span;
	uint32_t ncols;
	int exact;
} act_axis;

static act_axis
act_axis_of(const ft_timeline *tl, uint32_t ncols)
{
	act_axis a = {.o = timeline_origin(tl), .ncols = ncols};
	a.span = timeline_end(tl) - a.o;
	if (tl->n > 0 && tl->tmax - a.o > a.span)
		a.span = tl->tmax - a.o;
	if (a.span < 1)
		a.span = 1;
	a.exact = (uint64_t)a.span <= UINT64_MAX / ncols;
	return a;
}

/* The slice of offset d: d * ncols / span (d <= span; d == span, the end
 * itself, is in the last column), in integers while span * ncols fits (a
 * recording of up to 100 days), else in long double. */
static uint32_t
act_col(const act_axis *a, int64_t d)
{
	uint64_t q;
	if (d <= 0)
		q = 0;
	else if (a->exact)
		q = (uint64_t)d * a->ncols / (uint64_t)a->span;
	else
		q = (uint64_t)((long double)d * (long double)a->ncols / (long double)a->span);
	return q >= a->ncols ? a->ncols - 1 : (uint32_t)q;
}

/* Samples in time order (never backwards): first[c] the first sample of
 * slice c and later, c = 0..ncols (first[ncols] = n), found by binary
 * search with act_col() itself, so a slice holds exactly the samples the
 * per-sample division puts there. */
static void
act_firsts(const ft_timeline *tl, const act_axis *a, uint32_t *first)
{
	uint32_t lo = 0;
	for (uint32_t c = 0; c < a->ncols; c++) {
		uint32_t l = lo, h = tl->n;
		while (l < h) {
			uint32_t m = l + (h - l) / 2;
			if (act_col(a, tl->t[m] - a->o) < c)
				l = m + 1;
			else
				h = m;
		}
		first[c] = lo = l;
	}
	first[a->ncols] = tl->n;
}

uint32_t
timeline_first_at(const ft_timeline *tl, int64_t o, uint32_t lo, uint32_t hi, int64_t d)
{
	while (lo < hi) {
		uint32_t m = lo + (hi - lo) / 2;
		if (tl->t[m] - o < d)
			lo = m + 1;
		else
			hi = m;
	}
	return lo;
}

uint32_t
timeline_activity_all(const ft_timeline *tl, uint32_t ncols, const uint8_t *skip,
    uint32_t *all)
{
	if (ncols == 0)
		return 0;
	memset(all, 0, ncols * sizeof(uint32_t));
	act_axis a = act_axis_of(tl, ncols);
	uint32_t max = 0;
	if (!tl->backwards && tl->n > 0) {
		uint32_t *first = xmalloc((ncols + 1) * sizeof(uint32_t));
		act_firsts(tl, &a, first);
		for (uint32_t c = 0; c < ncols; c++) {
			uint32_t k = first[c + 1] - first[c];
			if (skip != NULL)
				for (uint32_t i = first[c]; i < first[c + 1]; i++)
					k -= ft_bit(skip, tl->leaf[i]);
			all[c] = k;
			if (k > max)
				max = k;
		}
		free(first);
		return max;
	}
	for (uint32_t i = 0; i < tl->n; i++) {
		uint32_t leaf = tl->leaf[i];
		if (skip != NULL && ft_bit(skip, leaf))
			continue;
		uint32_t c = act_col(&a, tl->t[i] - a.o);
		if (all[c] < UINT32_MAX)
			all[c]++;
		if (all[c] > max)
			max = all[c];
	}
	return max;
}

void
timeline_activity_in(const ft_timeline *tl, uint32_t ncols, const uint8_t *skip,
    const uint8_t *mark, int64_t from, int64_t to, uint32_t *in)
{
	if (ncols == 0)
		return;
	memset(in, 0, ncols * sizeof(uint32_t));
	act_axis a = act_axis_of(tl, ncols);
	if (!tl->backwards && tl->n > 0) {
		/* Only the samples of the range, slice by slice: no division
		 * per sample. */
		uint32_t *first = xmalloc((ncols + 1) * sizeof(uint32_t));
		act_firsts(tl, &a, first);
		uint32_t ia = timeline_first_at(tl, a.o, 0, tl->n, from);
		uint32_t ib = to == INT64_MAX ? tl->n : timeline_first_at(tl, a.o, ia, tl->n, to);
		for (uint32_t c = 0; c < ncols; c++) {
			uint32_t lo = first[c] > ia ? first[c] : ia;
			uint32_t hi = first[c + 1] < ib ? first[c + 1] : ib;
			if (lo >= hi)
				continue;
			uint32_t k = 0;
			if (mark == NULL && skip == NULL)
				k = hi - lo;
			else if (skip == NULL)
				for (uint32_t i = lo; i < hi; i++)
					k += mark[tl->leaf[i]] != 0;
			else
				for (uint32_t i = lo; i < hi; i++) {
					uint32_t l = tl->leaf[i];
					k += !ft_bit(skip, l) && (mark == NULL || mark[l]);
				}
			in[c] = k;
		}
		free(first);
		return;
	}
	for (uint32_t i = 0; i < tl->n; i++) {
		uint32_t leaf = tl->leaf[i];
		if (skip != NULL && ft_bit(skip, leaf))
			continue;
		if (mark != NULL && !mark[leaf])
			continue;
		int64_t d = tl->t[i] - a.o;
		if (d < from || d >= to)
			continue;
		uint32_t c = act_col(&a, d);
		if (in[c] < UINT32_MAX)
			in[c]++;
	}
}

uint32_t
timeline_activity(const ft_timeline *tl, uint32_t ncols, const uint8_t *skip,
    const uint8_t *mark, int64_t from, int64_t to, uint32_t *all, uint32_t *in)
{
	uint32_t max = timeline_activity_all(tl, ncols, skip, all);
	if (in != NULL)
		timeline_activity_in(tl, ncols, skip, mark, from, to, in);
	return max;
}

void
heatmap_free(ft_heatmap *hm)
{
	free(hm->counts);
	hm->counts = NULL;
}

/* Seconds with up to 9 decimals into ns; the end of the number in *end. */
static int
parse_secs(const char *s, const char **end, int64_t *ns)
{
	int neg = 0;
	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	int64_t whole = 0, frac = 0, scale = FT_NS;
	int digits = 0;
	while (*s >= '0' && *s <= '9') {
		if (whole > (INT64_MAX / FT_NS - 9) / 10)
			return -1;
		whole = whole * 10 + (*s++ - '0');
		digits++;
	}
	if (*s == '.') {
		s++;
		while (*s >= '0' && *s <= '9') {
			if (scale > 1) {
				scale /= 10;
				frac += (*s - '0') * scale;
			}
			s++;
			digits++;
		}
	}
	if (digits == 0)
		return -1;
	*ns = (whole * FT_NS + frac) * (neg ? -1 : 1);
	*end = s;
	return 0;
}

int
timerange_parse(const char *s, int64_t *a, int64_t *b, ft_diag *err)
{
	const char *p = s, *e;
	while (*p == ' ')
		p++;
	if (parse_secs(p, &e, a) != 0)
		goto bad;
	p = e;
	while (*p == ' ')
		p++;
	if (*p != ',' && *p != '-')
		goto bad;
	p++;
	while (*p == ' ')
		p++;
	if (*p == '\0' || strncmp(p, "end", 3) == 0) {
		p += *p != '\0' ? 3 : 0;
		while (*p == ' ')
			p++;
		if (*p != '\0' && strcmp(p, "s") != 0)
			goto bad;
		*b = INT64_MAX;
		return 0;
	}
	if (parse_secs(p, &e, b) != 0)
		goto bad;
	p = e;
	while (*p == ' ')
		p++;
	if (*p != '\0' && strcmp(p, "s") != 0)
		goto bad;
	if (*b <= *a) {
		diag_set(err, "time range: the end is not after the start");
		diag_append_text(err, s, strlen(s));
		return -1;
	}
	return 0;
bad:
	diag_set(err, "time range: expected START,END in seconds from the "
	    "first whole second (e.g. 1.5,3)");
	diag_append_text(err, s, strlen(s));
	return -1;
}

/* ns as seconds, trailing zeros of the decimals dropped. */
static int
secs_text(char *buf, size_t cap, int64_t ns)
{
	int64_t w = ns / FT_NS, f = ns % FT_NS;
	const char *sign = ns < 0 ? "-" : "";
	if (w < 0)
		w = -w;
	if (f < 0)
		f = -f;
	if (f == 0)
		return snprintf(buf, cap, "%s%lld", sign, (long long)w);
	char d[16];
	snprintf(d, sizeof(d), "%09lld", (long long)f);
	size_t k = strlen(d);
	while (k > 1 && d[k - 1] == '0')
		d[--k] = '\0';
	return snprintf(buf, cap, "%s%lld.%s", sign, (long long)w, d);
}

int
timerange_text(const char *s, int64_t *a, int64_t *b, char *buf, size_t cap,
    ft_diag *err)
{
	if (timerange_parse(s, a, b, err) != 0)
		return -1;
	char x[40], y[40];
	secs_text(x, sizeof(x), *a);
	if (*b == INT64_MAX)
		snprintf(y, sizeof(y), "end");
	else
		secs_text(y, sizeof(y), *b);
	snprintf(buf, cap, "%s-%s s", x, y);
	return 0;
}
