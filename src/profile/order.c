/* order.c - samples in the order they came (see order.h). */
#include "profile/order.h"

#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

ft_order *
order_new(int nv)
{
	ft_order *o = xcalloc(1, sizeof(*o));
	o->nv = nv > 0 ? nv : 1;
	return o;
}

void
order_free(ft_order *o)
{
	if (o == NULL)
		return;
	free(o->leaf);
	free(o->v);
	free(o);
}

static void
reserve(ft_order *o, size_t want)
{
	if (want <= o->cap)
		return;
	size_t cap = grow_cap(o->cap, want, 4096);
	if (cap > UINT32_MAX)
		cap = UINT32_MAX;
	o->leaf = xreallocarray(o->leaf, cap, sizeof(*o->leaf));
	o->v = xreallocarray(o->v, cap, sizeof(ft_val) * (size_t)o->nv);
	o->cap = (uint32_t)cap;
}

void
order_add(ft_order *o, uint32_t leaf, const ft_val *vals)
{
	if (o->lost)
		return;
	if (o->n == UINT32_MAX) {
		o->lost = 1;
		return;
	}
	reserve(o, (size_t)o->n + 1);
	o->leaf[o->n] = leaf;
	memcpy(&o->v[(size_t)o->n * (size_t)o->nv], vals, sizeof(ft_val) * (size_t)o->nv);
	o->n++;
}

void
order_add_column(ft_order *o)
{
	int old = o->nv, nv = old + 1;
	ft_val *v = xreallocarray(NULL, o->cap ? o->cap : 1, sizeof(ft_val) * (size_t)nv);
	for (uint32_t i = 0; i < o->n; i++) {
		memcpy(&v[(size_t)i * (size_t)nv], &o->v[(size_t)i * (size_t)old],
		    sizeof(ft_val) * (size_t)old);
		v[(size_t)i * (size_t)nv + (size_t)old] = 0;
	}
	free(o->v);
	o->v = v;
	o->nv = nv;
}

void
order_scale(ft_order *o, ft_val m)
{
	size_t n = (size_t)o->n * (size_t)o->nv;
	for (size_t i = 0; i < n; i++)
		o->v[i] *= m;
}

void
order_remap_inplace(ft_order *o, const uint32_t *map)
{
	uint32_t k = 0;
	size_t nv = (size_t)o->nv;
	for (uint32_t i = 0; i < o->n; i++) {
		uint32_t n = map[o->leaf[i]];
		if (n == UINT32_MAX)
			continue;
		o->leaf[k] = n;
		if (k != i)
			memmove(&o->v[k * nv], &o->v[i * nv], sizeof(ft_val) * nv);
		k++;
	}
	o->n = k;
}

ft_order *
order_remap(const ft_order *o, const uint32_t *map)
{
	if (o == NULL)
		return NULL;
	ft_order *c = order_new(o->nv);
	c->lost = o->lost;
	reserve(c, o->n);
	c->n = o->n;
	if (o->n > 0) {
		memcpy(c->leaf, o->leaf, sizeof(uint32_t) * o->n);
		memcpy(c->v, o->v, sizeof(ft_val) * (size_t)o->n * (size_t)o->nv);
	}
	order_remap_inplace(c, map);
	return c;
}
