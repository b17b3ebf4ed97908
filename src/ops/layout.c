/* layout.c - flame graph geometry (see layout.h). */
#include "ops/layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

ft_widths
layout_widths(const ft_profile *p, int col)
{
	return (ft_widths){p->total + col, (size_t)p->nvals};
}

static void
push(ft_layout *L, uint32_t node, int x0, int x1, ft_val off)
{
	if (L->n == L->cap) {
		L->cap = grow_cap(L->cap, L->n + 1, 256);
		L->frames = xreallocarray(L->frames, L->cap, sizeof(ft_lframe));
	}
	L->frames[L->n++] = (ft_lframe){node, x0, x1, off};
}

static void
row_begin(ft_layout *L)
{
	if (L->nrows + 2 > L->rcap) {
		L->rcap = grow_cap(L->rcap, L->nrows + 2, 64);
		L->row_start = xreallocarray(L->row_start, L->rcap, sizeof(uint32_t));
	}
	L->row_start[L->nrows] = (uint32_t)L->n;
}

static void
row_end(ft_layout *L)
{
	L->nrows++;
	L->row_start[L->nrows] = (uint32_t)L->n;
}

static ft_val
wv(ft_widths w, uint32_t n)
{
	ft_val v = w.w[(size_t)n * w.stride];
	return v > 0 ? v : 0;
}

static int
cell(ft_val off, int width, ft_val total)
{
	double x = floor((double)off * (double)width / (double)total);
	if (x < 0)
		return 0;
	if (x > width)
		return width;
	return (int)x;
}

/* Children of the frames of the previous row become the next row.  Cells
 * reached only by slivers become filler runs. */
static void
next_row(ft_layout *L, const ft_profile *p, ft_widths w, ft_val total,
    uint32_t prev)
{
	uint32_t a = L->row_start[prev], b = L->row_start[prev + 1];
	int any_sliver = 0;
	row_begin(L);
	memset(L->cover, 0, (size_t)L->width);
	for (uint32_t i = a; i < b; i++) {
		ft_lframe f = L->frames[i];
		if (f.node == FT_NONE)
			continue;
		ft_val off = f.off;
		for (uint32_t c = p->nodes[f.node].child; c != FT_NONE;
		    c = p->nodes[c].sibling) {
			ft_val v = wv(w, c);
			if (v == 0)
				continue;
			int x0 = cell(off, L->width, total);
			int x1 = cell(off + v, L->width, total);
			if (x0 < f.x0)
				x0 = f.x0;
			if (x1 > f.x1)
				x1 = f.x1;
			if (x1 > x0) {
				push(L, c, x0, x1, off);
				memset(L->cover + x0, 1, (size_t)(x1 - x0));
			} else if (x0 < f.x1 && L->cover[x0] == 0) {
				L->cover[x0] = 2;
				any_sliver = 1;
			}
			off += v;
		}
	}
	if (any_sliver) {
		/* A sliver cell may have been covered by a later sibling. */
		size_t start = L->row_start[L->nrows];
		size_t nf = L->n - start;
		ft_lframe *tmp = NULL;
		size_t nt = 0;
		for (int x = 0; x < L->width;) {
			if (L->cover[x] != 2) {
				x++;
				continue;
			}
			int x1 = x;
			while (x1 < L->width && L->cover[x1] == 2)
				x1++;
			tmp = xreallocarray(tmp, nt + 1, sizeof(*tmp));
			tmp[nt++] = (ft_lframe){FT_NONE, x, x1, 0};
			x = x1;
		}
		/* Merge fillers into the row by x (both lists are sorted). */
		ft_lframe *row = xmalloc(sizeof(*row) * (nf + nt + 1));
		size_t i = 0, j = 0, k = 0;
		while (i < nf || j < nt) {
			if (j == nt || (i < nf && L->frames[start + i].x0 <= tmp[j].x0))
				row[k++] = L->frames[start + i++];
			else
				row[k++] = tmp[j++];
		}
		L->n = start;
		for (size_t m = 0; m < k; m++)
			push(L, row[m].node, row[m].x0, row[m].x1, row[m].off);
		free(row);
		free(tmp);
	}
	row_end(L);
}

void
layout_build(ft_layout *L, const ft_profile *p, ft_widths w, uint32_t zoom,
    int width, uint32_t max_rows)
{
	if (width < 1)
		width = 1;
	L->n = 0;
	L->nrows = 0;
	L->width = width;
	L->zoom = zoom;
	if (width > L->cover_cap) {
		L->cover = xrealloc(L->cover, (size_t)width);
		L->cover_cap = width;
	}
	/* Ancestors of the zoom node, root first, each at full width. */
	uint32_t zd = profile_depth(p, zoom);
	for (uint32_t r = 0; r <= zd; r++) {
		row_begin(L);
		push(L, 0, 0, width, 0);
		row_end(L);
	}
	for (uint32_t n = zoom, r = zd + 1; r-- > 0; n = p->nodes[n].parent)
		L->frames[L->row_start[r]].node = n;
	ft_val total = wv(w, zoom);
	if (total == 0)
		return;
	while (max_rows == 0 || L->nrows < max_rows) {
		next_row(L, p, w, total, L->nrows - 1);
		if (L->row_start[L->nrows] == L->row_start[L->nrows - 1]) {
			L->nrows--; /* empty row: done */
			break;
		}
	}
}

void
layout_free(ft_layout *L)
{
	free(L->frames);
	free(L->row_start);
	free(L->cover);
	memset(L, 0, sizeof(*L));
}

const ft_lframe *
layout_row(const ft_layout *L, uint32_t r, size_t *n)
{
	if (r >= L->nrows) {
		*n = 0;
		return NULL;
	}
	*n = L->row_start[r + 1] - L->row_start[r];
	return &L->frames[L->row_start[r]];
}

const ft_lframe *
layout_find(const ft_layout *L, const ft_profile *p, uint32_t node)
{
	if (node == FT_NONE || node >= p->nnodes)
		return NULL;
	size_t n;
	const ft_lframe *row = layout_row(L, profile_depth(p, node), &n);
	for (size_t i = 0; i < n; i++)
		if (row[i].node == node)
			return &row[i];
	return NULL;
}

const ft_lframe *
layout_closest(const ft_layout *L, uint32_t r, int x)
{
	size_t n;
	const ft_lframe *row = layout_row(L, r, &n);
	const ft_lframe *best = NULL;
	int bestd = 0;
	for (size_t i = 0; i < n; i++) {
		if (row[i].node == FT_NONE)
			continue;
		int d = x < row[i].x0 ? row[i].x0 - x : x >= row[i].x1 ? x - row[i].x1 + 1 : 0;
		if (best == NULL || d < bestd) {
			best = &row[i];
			bestd = d;
		}
	}
	return best;
}

uint32_t
layout_step_match(const ft_layout *L, const ft_profile *p, uint32_t from,
    int flip, int dir, const uint8_t *hit, uint32_t nhit)
{
	return layout_step_match_wrap(L, p, from, flip, dir, hit, nhit, NULL);
}

uint32_t
layout_step_match_wrap(const ft_layout *L, const ft_profile *p, uint32_t from,
    int flip, int dir, const uint8_t *hit, uint32_t nhit, int *wrapped)
{
	int64_t span = (int64_t)L->width + 1;
	const ft_lframe *cf = layout_find(L, p, from);
	int64_t sd = profile_depth(p, from);
	int64_t cur = (flip ? (int64_t)L->nrows - 1 - sd : sd) * span +
	    (cf != NULL ? cf->x0 : 0);
	int64_t best = -1, wrap = -1;
	uint32_t bnode = FT_NONE, wnode = FT_NONE;
	for (uint32_t r = 0; r < L->nrows; r++) {
		size_t n;
		const ft_lframe *row = layout_row(L, r, &n);
		int64_t rank = flip ? (int64_t)L->nrows - 1 - r : (int64_t)r;
		for (size_t k = 0; k < n; k++) {
			uint32_t node = row[k].node;
			if (node == FT_NONE)
				continue;
			uint32_t nm = p->nodes[node].name;
			if ((node == FT_ROOT && nm == 0) || nm >= nhit || !hit[nm])
				continue;
			int64_t key = rank * span + row[k].x0;
			int after = dir > 0 ? key > cur : key < cur;
			if (after && (best < 0 || (dir > 0 ? key < best : key > best)))
				best = key, bnode = node;
			if (wrap < 0 || (dir > 0 ? key < wrap : key > wrap))
				wrap = key, wnode = node;
		}
	}
	if (wrapped != NULL)
		*wrapped = bnode == FT_NONE;
	return bnode != FT_NONE ? bnode : wnode;
}

const ft_lframe *
layout_at(const ft_layout *L, uint32_t r, int x)
{
	size_t n;
	const ft_lframe *row = layout_row(L, r, &n);
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (row[mid].x1 <= x)
			lo = mid + 1;
		else if (row[mid].x0 > x)
			hi = mid;
		else
			return row[mid].node != FT_NONE ? &row[mid] : NULL;
	}
	return NULL;
}
