/* export_folded.c - folded export (see export_folded.h).
 *
 * The lines come out in the bytewise order of their stack text (LC_ALL=C
 * sort), written as the tree is walked, never all held at once: memory
 * is the walk's path, not the output.  The tree's child order is not that
 * order when names hold bytes below ';' (a stack "a;x" sorts after "a:b"
 * although a is before a:b), so at each level the children's texts are
 * sorted into items: a child's own line (its text ends there, so it
 * comes before any longer text it begins) and the block of its
 * children's lines (its text then ';': a sibling whose text continues
 * the child's with a byte below ';' comes before the block, one above
 * after).  No text has ';' in it (written ':'), so no other line falls
 * inside a block.
 *
 * Profiles loaded from pprof are written without kind annotations (the
 * pprof-to-folded convention of ../shared/corpora/README.md: inline frames
 * expanded but unmarked); siblings whose texts then read the same (a
 * function inlined at one call site and not at another) are one group:
 * one line, their values summed, and their children merged below it.  The
 * root's own value (root_line) is such a sibling of the top frames, its
 * text EXPORT_EMPTY_STACK.  A sum that would overflow starts a new line
 * of the same text.
 */
#include "export/export_folded.h"

#include <stdlib.h>
#include <string.h>

#include "base/fmtnum.h"
#include "base/xalloc.h"

/* A child at a level: its node (FT_NONE: the root's own value) and its
 * text in the level's buffer. */
struct ent {
	uint32_t node;
	uint32_t len;
	size_t off;
};

/* An item of a level: the group ents[g0 .. g1) of one text, its own line
 * or the block of its children's. */
struct item {
	uint32_t g0, g1;
	int block;
};

/* A level of the walk: the children of one group, sorted into items. */
struct level {
	struct ent *ents;
	size_t nents, ecap;
	struct item *items;
	size_t nitems, icap, at;
	size_t plen; /* the path's length before this level's texts */
};

static const char *cmp_text; /* the names' texts (qsort has no context) */

static int
cmp_ent(const void *a, const void *b)
{
	const struct ent *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(cmp_text + x->off, cmp_text + y->off, n);
	if (c != 0)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return x->node < y->node ? -1 : x->node > y->node; /* the root's value last */
}

/* The first ent of an item's group: its text. */
static const struct ent *cmp_ents;

static int
cmp_item(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	const struct ent *ex = &cmp_ents[x->g0], *ey = &cmp_ents[y->g0];
	size_t n = ex->len < ey->len ? ex->len : ey->len;
	int c = memcmp(cmp_text + ex->off, cmp_text + ey->off, n);
	if (c != 0)
		return c;
	if (ex->len == ey->len) /* one group: its line, then its block */
		return x->block - y->block;
	/* One text begins the other: a line ends there (first); a block
	 * goes on with ';', against the longer text's next byte. */
	int sign = 1;
	if (ex->len > ey->len) {
		const struct item *t = x;
		x = y;
		y = t;
		const struct ent *te = ex;
		ex = ey;
		ey = te;
		sign = -1;
	}
	if (!x->block)
		return -sign;
	unsigned char next = (unsigned char)cmp_text[ey->off + ex->len];
	return (next < ';' ? 1 : -1) * sign;
}

/* Every name's text, made once: its bytes with ';' written ':' and a
 * newline ' ', then its kind's suffix unless plain; the last entry is
 * EXPORT_EMPTY_STACK (the root's own value). */
struct texts {
	char *buf;
	size_t *off; /* off[id] .. off[id + 1] */
	uint32_t n;  /* names; entry n is EXPORT_EMPTY_STACK */
};

static void
texts_make(struct texts *T, const ft_profile *p, int plain)
{
	T->n = intern_count(p->names);
	T->off = xmalloc(sizeof(size_t) * ((size_t)T->n + 2));
	size_t len = 0;
	for (uint32_t id = 0; id < T->n; id++)
		len += intern_len(p->names, id) +
		    (plain ? 0 : strlen(kind_suffix(intern_kind(p->names, id))));
	len += strlen(EXPORT_EMPTY_STACK);
	T->buf = xmalloc(len ? len : 1);
	size_t at = 0;
	for (uint32_t id = 0; id < T->n; id++) {
		T->off[id] = at;
		size_t l = intern_len(p->names, id);
		memcpy(T->buf + at, intern_str(p->names, id), l);
		for (size_t k = at; k < at + l; k++)
			if (T->buf[k] == ';' || T->buf[k] == '\n')
				T->buf[k] = T->buf[k] == ';' ? ':' : ' ';
		at += l;
		const char *suf = plain ? "" : kind_suffix(intern_kind(p->names, id));
		memcpy(T->buf + at, suf, strlen(suf));
		at += strlen(suf);
	}
	T->off[T->n] = at;
	memcpy(T->buf + at, EXPORT_EMPTY_STACK, strlen(EXPORT_EMPTY_STACK));
	at += strlen(EXPORT_EMPTY_STACK);
	T->off[T->n + 1] = at;
}

static void
ent_add(struct level *L, const ft_profile *p, const struct texts *T, uint32_t node)
{
	uint32_t id = node == FT_NONE ? T->n : p->nodes[node].name;
	if (L->nents == L->ecap) {
		L->ecap = grow_cap(L->ecap, L->nents + 1, 16);
		L->ents = xreallocarray(L->ents, L->ecap, sizeof(*L->ents));
	}
	L->ents[L->nents++] = (struct ent){.node = node,
	    .len = (uint32_t)(T->off[id + 1] - T->off[id]), .off = T->off[id]};
}

static void
item_add(struct level *L, uint32_t g0, uint32_t g1, int block)
{
	if (L->nitems == L->icap) {
		L->icap = grow_cap(L->icap, L->nitems + 1, 16);
		L->items = xreallocarray(L->items, L->icap, sizeof(*L->items));
	}
	L->items[L->nitems++] = (struct item){.g0 = g0, .g1 = g1, .block = block};
}

/* A node's own value in col (0 for no column), the root's for FT_NONE. */
static ft_val
self_in(const ft_profile *p, uint32_t node, int col)
{
	return col < 0 ? 0 : profile_self(p, node == FT_NONE ? FT_ROOT : node, col);
}

/* Fill L with the children of the members (nodes) of a group, sorted
 * into items; with root_value, the root's own value as a child too. */
static void
level_fill(struct level *L, const ft_profile *p, const struct texts *T,
    const struct ent *members, size_t nm, int root_value, int col, int col2)
{
	L->nents = L->nitems = L->at = 0;
	for (size_t i = 0; i < nm; i++)
		for (uint32_t c = members[i].node == FT_NONE ? FT_NONE :
		    p->nodes[members[i].node].child; c != FT_NONE; c = p->nodes[c].sibling)
			ent_add(L, p, T, c);
	if (root_value)
		ent_add(L, p, T, FT_NONE);
	cmp_text = T->buf;
	if (L->nents > 1)
		qsort(L->ents, L->nents, sizeof(*L->ents), cmp_ent);
	for (size_t i = 0, j; i < L->nents; i = j) {
		int line = 0, block = 0;
		for (j = i; j < L->nents && L->ents[j].len == L->ents[i].len &&
		    memcmp(T->buf + L->ents[j].off, T->buf + L->ents[i].off,
		    L->ents[i].len) == 0; j++) {
			uint32_t n = L->ents[j].node;
			line |= self_in(p, n, col) != 0 || self_in(p, n, col2) != 0;
			block |= n != FT_NONE && p->nodes[n].child != FT_NONE;
		}
		if (line)
			item_add(L, (uint32_t)i, (uint32_t)j, 0);
		if (block)
			item_add(L, (uint32_t)i, (uint32_t)j, 1);
	}
	cmp_ents = L->ents;
	if (L->nitems > 1)
		qsort(L->items, L->nitems, sizeof(*L->items), cmp_item);
}

/* The line(s) of a group: its path, then its values summed (a sum that
 * would overflow writes what it has and starts again). */
static void
put_lines(const ft_profile *p, const struct ent *g, size_t n, const char *path, size_t plen,
    int col, int col2, FILE *out)
{
	for (size_t i = 0; i < n;) {
		ft_val a = self_in(p, g[i].node, col), b = self_in(p, g[i].node, col2);
		for (i++; i < n; i++) {
			ft_val a2 = a, b2 = b;
			if (val_add(&a2, self_in(p, g[i].node, col)) != 0 ||
			    val_add(&b2, self_in(p, g[i].node, col2)) != 0)
				break;
			a = a2;
			b = b2;
		}
		char v1[32], v2[32];
		fwrite(path, 1, plen, out);
		val_format(v1, sizeof(v1), a, p->scale);
		if (col2 >= 0) {
			val_format(v2, sizeof(v2), b, p->scale);
			fprintf(out, " %s %s\n", v1, v2);
		} else {
			fprintf(out, " %s\n", v1);
		}
	}
}

int
export_folded(const ft_profile *p, int col, int col2, FILE *out)
{
	return export_folded_root(p, col, col2, 0, out);
}

int
export_folded_root(const ft_profile *p, int col, int col2, int root_line, FILE *out)
{
	int plain = p->format != NULL && strcmp(p->format, "pprof") == 0;
	size_t depth = (size_t)p->max_depth + 2, nlev = 0;
	struct level *lev = xcalloc(depth, sizeof(*lev));
	size_t plen = 0, pcap = 1024;
	char *path = xmalloc(pcap);
	struct texts T;
	texts_make(&T, p, plain);
	struct ent root = {.node = FT_ROOT};
	/* The root's own value is a line only from the root (root_line). */
	level_fill(&lev[nlev++], p, &T, &root, 1,
	    root_line && (self_in(p, FT_ROOT, col) != 0 || self_in(p, FT_ROOT, col2) != 0),
	    col, col2);
	size_t steps = 0;
	while (nlev > 0) {
		/* A write error ends the walk (looked at now and then: ferror
		 * locks the stream). */
		if ((++steps & 4095) == 0 && ferror(out))
			break;
		struct level *L = &lev[nlev - 1];
		if (L->at == L->nitems) {
			nlev--;
			plen = L->plen;
			continue;
		}
		const struct item *it = &L->items[L->at++];
		const struct ent *e = &L->ents[it->g0];
		/* The path to the group: the level's path, then its text. */
		plen = L->plen;
		int sep = nlev > 1; /* below a top frame (whose text may be empty) */
		size_t need = plen + (size_t)sep + e->len;
		if (need > pcap) {
			pcap = grow_cap(pcap, need, 1024);
			path = xrealloc(path, pcap);
		}
		if (sep)
			path[plen++] = ';';
		memcpy(path + plen, T.buf + e->off, e->len);
		plen += e->len;
		if (!it->block) {
			put_lines(p, e, it->g1 - it->g0, path, plen, col, col2, out);
			continue;
		}
		struct level *C = &lev[nlev];
		level_fill(C, p, &T, e, it->g1 - it->g0, 0, col, col2);
		C->plen = plen;
		nlev++;
	}
	for (size_t i = 0; i < depth; i++) {
		free(lev[i].ents);
		free(lev[i].items);
	}
	free(lev);
	free(path);
	free(T.buf);
	free(T.off);
	int rc = ferror(out) ? -1 : 0;
	if (fflush(out) != 0 || ferror(out))
		rc = -1;
	return rc;
}
