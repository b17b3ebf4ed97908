/* test_functions.c - the function table (function_table.h) against its
 * definition: a function's self is the sum of its frames' self values, its
 * total the sum of the self values of every stack it appears in (once per
 * stack however often it recurses); an inlined call site is its function. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/function_table.h"
#include "unit.h"

static uint64_t rng = 12345;

static uint32_t
rnd(uint32_t n)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)((rng >> 33) % n);
}

/* Six functions, two of them also as inlined call sites: recursion,
 * direct and through others, on most deep paths. */
static const char *const vocab[] = {"a", "b", "c", "d", "e", "main"};
#define NVOCAB 6

/* When not zero: names w0..w<wide-1> instead (a table of many rows, many
 * with equal values). */
static uint32_t wide;

static uint32_t
rnd_name(ft_intern *t)
{
	if (wide != 0) {
		char nm[16];
		int l = snprintf(nm, sizeof(nm), "w%u", rnd(wide));
		return intern_get(t, nm, (size_t)l, FT_KIND_NONE);
	}
	uint32_t k = rnd(NVOCAB + 2);
	if (k < NVOCAB)
		return intern_get(t, vocab[k], strlen(vocab[k]), FT_KIND_NONE);
	/* a_[i], b_[i] */
	return intern_get(t, vocab[k - NVOCAB], 1, FT_KIND_INLINED);
}

enum order { BY_STACK, BY_LEVEL, BY_STACK_REVERSED };

/* A random two-column tree of nstacks stacks (depth 1..maxd).  BY_STACK
 * creates the nodes stack after stack, as loaders do; BY_LEVEL creates all
 * nodes of depth 1, then of depth 2, ... (ids far from a pre-order);
 * BY_STACK_REVERSED creates the stacks last to first. */
static ft_profile *
random_tree(int nstacks, uint32_t maxd, enum order order)
{
	ft_profile *p = profile_new(NULL, 2);
	uint32_t (*names)[64] = malloc(sizeof(*names) * (size_t)nstacks);
	uint32_t *len = malloc(sizeof(uint32_t) * (size_t)nstacks);
	uint32_t (*node)[65] = malloc(sizeof(*node) * (size_t)nstacks);
	for (int s = 0; s < nstacks; s++) {
		len[s] = 1 + rnd(maxd);
		for (uint32_t k = 0; k < len[s]; k++)
			names[s][k] = rnd_name(p->names);
		node[s][0] = FT_ROOT;
	}
	if (order == BY_LEVEL) {
		for (uint32_t k = 0; k < maxd; k++)
			for (int s = 0; s < nstacks; s++)
				if (k < len[s])
					node[s][k + 1] = profile_child(p, node[s][k], names[s][k]);
	} else {
		for (int i = 0; i < nstacks; i++) {
			int s = order == BY_STACK ? i : nstacks - 1 - i;
			for (uint32_t k = 0; k < len[s]; k++)
				node[s][k + 1] = profile_child(p, node[s][k], names[s][k]);
		}
	}
	ft_diag err;
	for (int s = 0; s < nstacks; s++) {
		/* Zero, negative and positive values; the columns differ. */
		ft_val v[2] = {(ft_val)rnd(5), (ft_val)rnd(7) - 2};
		CHECK_INT(profile_add_self(p, node[s][len[s]], v, &err), 0);
	}
	CHECK_INT(profile_finish(p, rnd(2) ? FT_SORT_WEIGHT : FT_SORT_NAME, 0, &err), 0);
	free(names);
	free(len);
	free(node);
	return p;
}

/* The definition, node by node: walk up from every node. */
static void
naive_sums(const ft_profile *p, int col, ft_val *self, ft_val *total)
{
	uint32_t nn = intern_count(p->names);
	uint8_t *on = calloc(nn, 1);
	memset(self, 0, sizeof(ft_val) * nn);
	memset(total, 0, sizeof(ft_val) * nn);
	for (uint32_t n = 1; n < p->nnodes; n++) {
		ft_val s = profile_self(p, n, col);
		self[func_id(p->names, p->nodes[n].name)] += s;
		for (uint32_t a = n; a != FT_ROOT; a = p->nodes[a].parent) {
			uint32_t f = func_id(p->names, p->nodes[a].name);
			if (!on[f])
				total[f] += s;
			on[f] = 1;
		}
		for (uint32_t a = n; a != FT_ROOT; a = p->nodes[a].parent)
			on[func_id(p->names, p->nodes[a].name)] = 0;
	}
	free(on);
}

/* The order of the table, spelled out: by self then total (heaviest
 * first), by total, or by name; names bytewise, then by kind. */
static const ft_profile *cmp_p;
static enum ft_func_sort cmp_sort;

static int
naive_cmp(const void *x, const void *y)
{
	const ft_func *a = x, *b = y;
	if (cmp_sort == FUNC_BY_SELF && a->self != b->self)
		return a->self > b->self ? -1 : 1;
	if (cmp_sort != FUNC_BY_NAME && a->total != b->total)
		return a->total > b->total ? -1 : 1;
	const char *sa = intern_str(cmp_p->names, a->name);
	const char *sb = intern_str(cmp_p->names, b->name);
	int c = strcmp(sa, sb);
	if (c != 0)
		return c;
	return intern_kind(cmp_p->names, a->name) - intern_kind(cmp_p->names, b->name);
}

static void
check_table(const ft_profile *p)
{
	uint32_t nn = intern_count(p->names);
	ft_val *self = malloc(sizeof(ft_val) * nn), *total = malloc(sizeof(ft_val) * nn);
	ft_func *want = malloc(sizeof(ft_func) * nn);
	for (int col = 0; col < 2; col++) {
		naive_sums(p, col, self, total);
		for (int sort = FUNC_BY_SELF; sort <= FUNC_BY_NAME; sort++) {
			uint32_t nw = 0;
			for (uint32_t i = 1; i < nn; i++)
				if (self[i] != 0 || total[i] != 0)
					want[nw++] = (ft_func){i, self[i], total[i]};
			cmp_p = p;
			cmp_sort = (enum ft_func_sort)sort;
			qsort(want, nw, sizeof(ft_func), naive_cmp);
			ft_func *got;
			uint32_t ng = functions_table(p, col, (enum ft_func_sort)sort, &got);
			CHECK_INT(ng, nw);
			for (uint32_t i = 0; i < ng && i < nw; i++) {
				if (got[i].name != want[i].name || got[i].self != want[i].self ||
				    got[i].total != want[i].total) {
					UNIT_FAIL("col %d sort %d row %u: %s %" PRId64 " %" PRId64
					    ", expected %s %" PRId64 " %" PRId64, col, sort, i,
					    intern_str(p->names, got[i].name), got[i].self, got[i].total,
					    intern_str(p->names, want[i].name), want[i].self, want[i].total);
					break;
				}
			}
			free(got);
		}
	}
	free(self);
	free(total);
	free(want);
}

/* Add the stack "x;y;z" with value v. */
static void
add_stack(ft_profile *p, const char *stack, ft_val v)
{
	uint32_t n = FT_ROOT;
	for (const char *s = stack; *s;) {
		size_t l = strcspn(s, ";");
		n = profile_child(p, n, intern_get(p->names, s, l, FT_KIND_NONE));
		s += l + (s[l] == ';');
	}
	ft_diag err;
	CHECK_INT(profile_add_self(p, n, &v, &err), 0);
}

TEST(small_recursive)
{
	ft_profile *p = profile_new(NULL, 1);
	add_stack(p, "main;a;b;a;c", 4);
	add_stack(p, "main;a;a", 2);
	add_stack(p, "main;c;a", 1);
	add_stack(p, "b", 3);
	ft_diag err;
	CHECK_INT(profile_finish(p, FT_SORT_NAME, 0, &err), 0);
	ft_func *f;
	uint32_t n = functions_table(p, 0, FUNC_BY_TOTAL, &f);
	CHECK_INT(n, 4);
	/* a counted once per stack: 4 + 2 + 1; b 4 + 3; main 7; c 4 + 1.
	 * Equal totals go by name. */
	CHECK_STR(intern_str(p->names, f[0].name), "a");
	CHECK_INT(f[0].total, 7);
	CHECK_INT(f[0].self, 3);
	CHECK_STR(intern_str(p->names, f[1].name), "b");
	CHECK_INT(f[1].total, 7);
	CHECK_INT(f[1].self, 3);
	CHECK_STR(intern_str(p->names, f[2].name), "main");
	CHECK_INT(f[2].total, 7);
	CHECK_INT(f[2].self, 0);
	CHECK_STR(intern_str(p->names, f[3].name), "c");
	CHECK_INT(f[3].total, 5);
	CHECK_INT(f[3].self, 4);
	free(f);
	profile_free(p);
}

/* Trees whose ids follow the stacks, the reverse, or no path at all
 * (level by level): the table is the definition's in every order. */
TEST(random_trees_in_every_id_order)
{
	for (int round = 0; round < 12; round++) {
		for (int order = BY_STACK; order <= BY_STACK_REVERSED; order++) {
			ft_profile *p = random_tree(40 + round * 20, 3 + (uint32_t)round, (enum order)order);
			check_table(p);
			profile_free(p);
		}
	}
}

/* Trees over a million nodes are counted in two halves on two threads,
 * the second starting from an empty path: the same table as the
 * definition's, with ids along the stacks and level by level (where the
 * halves give up and the walk of the child lists counts). */
TEST(two_halves)
{
	for (int order = BY_STACK; order <= BY_LEVEL; order++) {
		ft_profile *p = random_tree(90000, 40, (enum order)order);
		CHECK(p->nnodes >= (1u << 20));
		check_table(p);
		profile_free(p);
	}
}

/* 100 000 frames deep, alternating two functions: iterative, and each
 * counted once. */
TEST(deep_recursion)
{
	ft_profile *p = profile_new(NULL, 1);
	uint32_t a = intern_get(p->names, "a", 1, 0), b = intern_get(p->names, "b", 1, 0);
	uint32_t n = FT_ROOT;
	for (int k = 0; k < 100000; k++)
		n = profile_child(p, n, k % 2 ? b : a);
	ft_val one = 5;
	ft_diag err;
	profile_add_self(p, n, &one, &err);
	n = profile_child(p, p->nodes[n].parent, a); /* ...;a;a beside the leaf b */
	ft_val two = 2;
	profile_add_self(p, n, &two, &err);
	profile_finish(p, FT_SORT_NAME, 0, &err);
	ft_func *f;
	CHECK_INT(functions_table(p, 0, FUNC_BY_NAME, &f), 2);
	CHECK_INT(f[0].name, a);
	CHECK_INT(f[0].self, 2);
	CHECK_INT(f[0].total, 7);
	CHECK_INT(f[1].name, b);
	CHECK_INT(f[1].self, 5);
	CHECK_INT(f[1].total, 7);
	free(f);
	profile_free(p);
}

/* Only the first rows in place: they are the full order's first rows, the
 * others follow (the same rows), and sorting them completes the order. */
TEST(first_rows_then_the_rest)
{
	wide = 400;
	for (int round = 0; round < 6; round++) {
		ft_profile *p = random_tree(300, 8, BY_STACK);
		for (int sort = FUNC_BY_SELF; sort <= FUNC_BY_NAME; sort++) {
			ft_func *all;
			uint32_t n = functions_table(p, round % 2, (enum ft_func_sort)sort, &all);
			CHECK(n > 8);
			uint32_t tops[] = {0, 1, 2, 3, 7, n / 2, n - 1, n, n + 5};
			for (size_t t = 0; t < sizeof(tops) / sizeof(tops[0]); t++) {
				uint32_t top = tops[t], m = top < n ? top : n;
				ft_func *f;
				CHECK_INT(functions_table_top(p, round % 2, (enum ft_func_sort)sort,
				    top, &f), n);
				for (uint32_t i = 0; i < m; i++)
					CHECK(f[i].name == all[i].name && f[i].self == all[i].self &&
					    f[i].total == all[i].total);
				functions_sort(p, f + m, n - m, (enum ft_func_sort)sort);
				for (uint32_t i = m; i < n; i++)
					CHECK(f[i].name == all[i].name && f[i].self == all[i].self &&
					    f[i].total == all[i].total);
				free(f);
			}
			free(all);
		}
		profile_free(p);
	}
	wide = 0;
}

int
main(void)
{
	RUN(small_recursive);
	RUN(random_trees_in_every_id_order);
	RUN(two_halves);
	RUN(deep_recursion);
	RUN(first_rows_then_the_rest);
	return unit_report();
}
