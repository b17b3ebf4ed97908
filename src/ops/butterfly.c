/* butterfly.c - callers and callees of one function (see butterfly.h).
 *
 * F's occurrences are found in one read-only scan of the node names (a
 * function is a few thousand of a profile's millions of nodes); an
 * occurrence P with no F above it (a walk up its parents) is outermost.
 * Its callers chain (parent, grandparent, ...) is added to the callers
 * tree with P's total as the self of the chain's last (outermost) frame,
 * and P maps to the callees root.  Every node below some outermost P is
 * copied under the copy of its parent, in node id order (the nodes below
 * are marked in a bitmap first), so the trees are the same as one forward
 * pass over every node would build, at the cost of the nodes involved.
 */
#include "ops/butterfly.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ops/function_table.h"
#include "base/xalloc.h"

static int
total_nonzero(const ft_profile *p, uint32_t i)
{
	const ft_val *v = &p->total[(size_t)i * (size_t)p->nvals];
	for (int c = 0; c < p->nvals; c++)
		if (v[c] != 0)
			return 1;
	return 0;
}

/* Mark every node strictly below P in the bitmap (an explicit stack). */
static void
mark_below(const ft_profile *p, uint32_t P, uint64_t *bits, uint32_t **st,
    size_t *cap)
{
	size_t sp = 0;
	for (uint32_t c = p->nodes[P].child; c != FT_NONE; c = p->nodes[c].sibling) {
		if (sp == *cap) {
			*cap = grow_cap(*cap, sp + 1, 256);
			*st = xreallocarray(*st, *cap, sizeof(uint32_t));
		}
		(*st)[sp++] = c;
	}
	while (sp > 0) {
		uint32_t n = (*st)[--sp];
		bits[n >> 6] |= (uint64_t)1 << (n & 63);
		for (uint32_t c = p->nodes[n].child; c != FT_NONE; c = p->nodes[c].sibling) {
			if (sp == *cap) {
				*cap = grow_cap(*cap, sp + 1, 256);
				*st = xreallocarray(*st, *cap, sizeof(uint32_t));
			}
			(*st)[sp++] = c;
		}
	}
}

/* The callers tree: each outermost occurrence's chain from F outwards,
 * with the occurrence's totals at its end. */
struct upjob {
	ft_profile *up;
	const ft_profile *p;
	const uint32_t *occ, *names;
	const size_t *off;
	const uint32_t *len;
	size_t nouter, nnames;
	enum ft_sort sort;
	int column, rc;
	ft_diag err;
};

static void *
up_main(void *arg)
{
	struct upjob *j = arg;
	size_t nv = (size_t)j->p->nvals;
	profile_reserve(j->up, j->nnames + 1);
	for (size_t k = 0; k < j->nouter && j->rc == 0; k++) {
		uint32_t cur = FT_ROOT;
		for (size_t i = j->off[k]; i < j->off[k] + j->len[k]; i++)
			cur = profile_child(j->up, cur, j->names[i]);
		j->rc = profile_add_self(j->up, cur, &j->p->total[j->occ[k] * nv], &j->err);
	}
	if (j->rc == 0)
		j->rc = profile_finish(j->up, j->sort, j->column, &j->err);
	return NULL;
}

/* Profiles of this many nodes build their two trees on two threads. */
#define BF_THREAD_NODES (1u << 16)

int
butterfly_build(const ft_profile *p, uint32_t name, enum ft_sort sort,
    int column, ft_butterfly *out, ft_diag *err)
{
	memset(out, 0, sizeof(*out));
	out->name = name;
	ft_profile *up = profile_new_like(p), *down = profile_new_like(p);
	size_t nn = p->nnodes, nv = (size_t)p->nvals;
	ft_val *row = xmalloc(sizeof(ft_val) * nv);
	/* An inlined call site of F is F (func_twin). */
	uint32_t twin = func_twin(p->names, name);
	/* The occurrences, in id order (a read-only scan). */
	uint32_t *occ = NULL;
	size_t nocc = 0, cocc = 0;
	for (uint32_t i = 1; i < nn; i++) {
		uint32_t nm = p->nodes[i].name;
		if (nm != name && nm != twin)
			continue;
		if (nocc == cocc) {
			cocc = grow_cap(cocc, nocc + 1, 256);
			occ = xreallocarray(occ, cocc, sizeof(uint32_t));
		}
		occ[nocc++] = i;
	}
	/* Outermost ones: their subtrees go to the callees tree (a bitmap of
	 * the nodes below them), their callers chains (one walk up the
	 * parents finds both whether F is above and the chain) are kept for
	 * the callers tree, so both trees can be sized before they are built
	 * (no growing, no fresh pages while building). */
	size_t nwords = nn / 64 + 1;
	uint64_t *below = xcalloc(nwords, sizeof(uint64_t));
	/* Occurrence k's callers chain goes to names[off[k]...], len[k]
	 * frames (the root is not one).  The walks go eight at a time, a step
	 * of each in turn: their frames are far apart in memory, and
	 * independent loads overlap.  Each lane gathers its chain (at most
	 * max_depth frames) and appends it when it reaches the root.
	 * len[k] = UINT32_MAX: F is above occurrence k (not outermost). */
	enum { LANES = 8 };
	size_t *off = xmalloc(sizeof(size_t) * (nocc + 1));
	uint32_t *len = xmalloc(sizeof(uint32_t) * (nocc ? nocc : 1));
	size_t md = (size_t)p->max_depth + 1, nnm = 0, cnm = 0;
	uint32_t *names = NULL, *chain = xmalloc(sizeof(uint32_t) * md * LANES);
	struct { size_t k; uint32_t a, n; } lane[LANES];
	int live = 0;
	size_t next = 0;
	for (int l = 0; l < LANES; l++)
		lane[l].a = FT_NONE;
	while (live > 0 || next < nocc) {
		for (int l = 0; l < LANES; l++) {
			uint32_t *ch = chain + (size_t)l * md;
			if (lane[l].a == FT_NONE) {
				if (next == nocc)
					continue;
				lane[l].k = next;
				lane[l].n = 0;
				lane[l].a = p->nodes[occ[next++]].parent;
				live++;
			}
			uint32_t a = lane[l].a;
			if (a != FT_ROOT && a != FT_NONE) {
				uint32_t nm = p->nodes[a].name;
				if (nm != name && nm != twin) {
					ch[lane[l].n++] = nm;
					lane[l].a = p->nodes[a].parent;
					continue;
				}
				len[lane[l].k] = UINT32_MAX;
			} else {
				uint32_t n = lane[l].n;
				if (nnm + n > cnm) {
					cnm = grow_cap(cnm, nnm + n, 1024);
					names = xreallocarray(names, cnm, sizeof(uint32_t));
				}
				if (n > 0)
					memcpy(names + nnm, ch, sizeof(uint32_t) * n);
				off[lane[l].k] = nnm;
				len[lane[l].k] = n;
				nnm += n;
			}
			lane[l].a = FT_NONE;
			live--;
		}
	}
	free(chain);
	/* Outermost ones, in id order: their callers chains go to the
	 * callers tree and their subtrees to the callees tree (a bitmap of
	 * the nodes below them), so both trees can be sized before they are
	 * built (no growing, no fresh pages while building).  The two are
	 * built at once, the callers tree by a thread of its own on a big
	 * profile. */
	size_t nnames = 0, nouter = 0;
	for (size_t k = 0; k < nocc; k++) {
		uint32_t i = occ[k];
		if (len[k] == UINT32_MAX || !total_nonzero(p, i))
			continue;
		occ[nouter] = i;
		off[nouter] = off[k];
		len[nouter++] = len[k];
		nnames += len[k];
	}
	struct upjob job = {up, p, occ, names, off, len, nouter, nnames, sort, column, 0,
	    {{0}}};
	intern_ranks(p->names); /* cached for both threads' sorts */
	pthread_t th;
	int threaded = nn >= BF_THREAD_NODES && sysconf(_SC_NPROCESSORS_ONLN) >= 2 &&
	    pthread_create(&th, NULL, up_main, &job) == 0;
	if (!threaded)
		up_main(&job);
	int rc = 0;
	for (size_t k = 0; k < nouter && rc == 0; k++) {
		profile_self_row(p, occ[k], row);
		rc = profile_add_self(down, FT_ROOT, row, err);
	}
	uint32_t *st = NULL;
	size_t cst = 0;
	for (size_t k = 0; k < nouter; k++)
		mark_below(p, occ[k], below, &st, &cst);
	free(st);
	/* Rank of each marked node among the marked ones: where its copy's
	 * id is kept (a few per cent of the nodes, not an array over all). */
	uint32_t *rank0 = xmalloc(sizeof(uint32_t) * nwords);
	uint32_t nbelow = 0;
	for (size_t w = 0; w < nwords; w++) {
		rank0[w] = nbelow;
		nbelow += (uint32_t)__builtin_popcountll(below[w]);
	}
	uint32_t *newn = xmalloc(sizeof(uint32_t) * (nbelow ? nbelow : 1));
	profile_reserve(down, (size_t)nbelow + 1);
	/* The nodes below, in id order (parents before children); a parent
	 * that is not marked is an outermost occurrence (the callees root
	 * when its total is not zero). */
	uint32_t r = 0;
	for (size_t w = 0; w < nwords && rc == 0; w++) {
		for (uint64_t b = below[w]; b != 0 && rc == 0; b &= b - 1, r++) {
			uint32_t i = (uint32_t)(w * 64) + (uint32_t)__builtin_ctzll(b);
			uint32_t q = p->nodes[i].parent;
			uint64_t qb = below[q >> 6], qm = (uint64_t)1 << (q & 63);
			uint32_t nq = !(qb & qm) ? (total_nonzero(p, q) ? FT_ROOT : FT_NONE) :
			    newn[rank0[q >> 6] + (uint32_t)__builtin_popcountll(qb & (qm - 1))];
			newn[r] = FT_NONE;
			if (nq == FT_NONE || !total_nonzero(p, i))
				continue;
			newn[r] = profile_child(down, nq, p->nodes[i].name);
			profile_self_row(p, i, row);
			rc = profile_add_self(down, newn[r], row, err);
		}
	}
	free(newn);
	free(rank0);
	free(below);
	if (rc == 0)
		rc = profile_finish(down, sort, column, err);
	if (threaded)
		pthread_join(th, NULL);
	free(names);
	free(off);
	free(len);
	free(occ);
	free(row);
	if (rc == 0 && job.rc != 0) {
		*err = job.err;
		rc = -1;
	}
	if (rc != 0) {
		profile_free(up);
		profile_free(down);
		return -1;
	}
	/* The roots stand for F itself. */
	up->nodes[FT_ROOT].name = name;
	down->nodes[FT_ROOT].name = name;
	out->callers = up;
	out->callees = down;
	return 0;
}

void
butterfly_free(ft_butterfly *b)
{
	if (b->callers != NULL)
		profile_free(b->callers);
	if (b->callees != NULL)
		profile_free(b->callees);
	b->callers = b->callees = NULL;
}
