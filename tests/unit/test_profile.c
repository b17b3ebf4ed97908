/* Tests for profile.c: building, totals, ordering, overflow, deep trees. */
#include "helpers.h"
#include "unit.h"

#include <stdint.h>

TEST(totals_and_self)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_text("a;b;c 3\na;b 2\na;d 5\nx 1\n", &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(profile_total(p, FT_ROOT, 0), 11);
	uint32_t ab = node_at(p, "a;b");
	CHECK_INT(profile_total(p, ab, 0), 5);
	CHECK_INT(profile_self(p, ab, 0), 2);
	CHECK_INT(profile_total(p, node_at(p, "a"), 0), 10);
	CHECK_INT(profile_self(p, node_at(p, "a"), 0), 0);
	CHECK_INT(p->max_depth, 3);
	CHECK_INT(p->nnodes, 6);
	/* total = self + sum(children) everywhere */
	for (uint32_t n = 0; n < p->nnodes; n++) {
		ft_val sum = profile_self(p, n, 0);
		for (uint32_t c = p->nodes[n].child; c != FT_NONE; c = p->nodes[c].sibling)
			sum += profile_total(p, c, 0);
		CHECK_INT(sum, profile_total(p, n, 0));
	}
	profile_free(p);
}

static void
child_names(const ft_profile *p, uint32_t n, char *out, size_t cap)
{
	out[0] = '\0';
	for (uint32_t c = p->nodes[n].child; c != FT_NONE; c = p->nodes[c].sibling) {
		strncat(out, intern_str(p->names, p->nodes[c].name), cap - strlen(out) - 2);
		strncat(out, ",", cap - strlen(out) - 1);
	}
}

TEST(children_alphabetical_and_by_weight)
{
	ft_load_report rep;
	ft_diag err;
	const char *txt = "r;zeta 1\nr;alpha 2\nr;Mid 9\nr;beta 4\nr;alpha;x 1\n";
	ft_profile *p = load_text(txt, &rep, &err);
	char buf[256];
	child_names(p, node_at(p, "r"), buf, sizeof(buf));
	CHECK_STR(buf, "Mid,alpha,beta,zeta,"); /* bytewise: uppercase first */
	profile_sort(p, FT_SORT_WEIGHT, 0);
	child_names(p, node_at(p, "r"), buf, sizeof(buf));
	CHECK_STR(buf, "Mid,beta,alpha,zeta,");
	profile_free(p);
	/* Many siblings (the wide-node hash path) keep order and totals. */
	char *big = malloc(200000);
	size_t o = 0;
	for (int i = 999; i >= 0; i--)
		o += (size_t)sprintf(big + o, "root;f%04d 1\nroot;f%04d;g 2\n", i, i);
	p = load_text(big, &rep, &err);
	free(big);
	CHECK_INT(profile_total(p, FT_ROOT, 0), 3000);
	uint32_t prev = FT_NONE;
	int count = 0;
	for (uint32_t c = p->nodes[node_at(p, "root")].child; c != FT_NONE; c = p->nodes[c].sibling) {
		if (prev != FT_NONE)
			CHECK(strcmp(intern_str(p->names, p->nodes[prev].name),
			    intern_str(p->names, p->nodes[c].name)) < 0);
		prev = c;
		count++;
	}
	CHECK_INT(count, 1000);
	CHECK_INT(profile_total(p, node_at(p, "root;f0500"), 0), 3);
	profile_free(p);
}

TEST(overflow_is_an_error)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_text("a 9223372036854775807\nb 1\n", &rep, &err);
	CHECK(p == NULL);
	CHECK(strstr(err.msg, "overflows 64 bits") != NULL);
	p = load_text("a 9223372036854775807\na 1\n", &rep, &err);
	CHECK(p == NULL);
	CHECK(strstr(err.msg, "t.folded:2:") != NULL);
	/* Largest exact sum still fine: above 2^53. */
	p = load_text("a 9007199254740993\nb 1\n", &rep, &err);
	CHECK(p != NULL);
	char buf[32];
	val_format(buf, sizeof(buf), profile_total(p, FT_ROOT, 0), p->scale);
	CHECK_STR(buf, "9007199254740994");
	profile_free(p);
}

TEST(deep_stack_no_recursion)
{
	/* 100 000 frames in one stack: building, totals and sorting are
	 * iterative. */
	size_t n = 100000;
	char *txt = malloc(n * 8 + 16);
	size_t o = 0;
	for (size_t i = 0; i < n; i++)
		o += (size_t)sprintf(txt + o, "%sf%zu", i ? ";" : "", i % 7);
	strcpy(txt + o, " 5\n");
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_text(txt, &rep, &err);
	free(txt);
	CHECK(p != NULL);
	CHECK_INT(p->max_depth, n);
	CHECK_INT(p->nnodes, n + 1);
	CHECK_INT(profile_total(p, 1, 0), 5);
	uint32_t *path = malloc(sizeof(uint32_t) * n);
	CHECK_INT(profile_path(p, p->nnodes - 1, path), n);
	CHECK_INT(profile_lookup(p, path, (uint32_t)n), p->nnodes - 1);
	free(path);
	profile_free(p);
}

static uint32_t rnd_state = 12345;

static uint32_t
rnd(uint32_t n)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return (rnd_state >> 8) % n;
}

/* Nodes carry no depth: the builder's max_depth (its last-node cache and
 * the walk when the parent is elsewhere) and ft_depths over the ids agree
 * with walking up from every node, whatever order the stacks are built
 * in: one after another, level by level, or a frame of a random stack at
 * a time (ids far from a pre-order). */
TEST(depths_without_a_depth_field)
{
	enum { NS = 60, MAXD = 40 };
	for (int round = 0; round < 30; round++) {
		ft_profile *p = profile_new(NULL, 1);
		uint32_t name[NS][MAXD], len[NS], at[NS], node[NS];
		for (int s = 0; s < NS; s++) {
			len[s] = 1 + rnd(round < 10 ? 4 : MAXD);
			for (uint32_t k = 0; k < len[s]; k++)
				name[s][k] = 1 + rnd(3);
			at[s] = 0;
			node[s] = FT_ROOT;
		}
		for (uint32_t i = 1; i <= 3; i++) {
			char nm[2] = {(char)('a' + i), 0};
			intern_get(p->names, nm, 1, FT_KIND_NONE);
		}
		int order = round % 3;
		for (int left = 1; left;) {
			left = 0;
			for (int i = 0; i < NS; i++) {
				int s = order == 2 ? (int)rnd(NS) : i;
				int steps = order == 0 ? (int)len[s] : 1;
				for (; steps > 0 && at[s] < len[s]; steps--)
					node[s] = profile_child(p, node[s], name[s][at[s]++]);
				for (int t = 0; t < NS; t++)
					left |= at[t] < len[t];
			}
		}
		ft_diag err;
		for (int s = 0; s < NS; s++) {
			ft_val one = 1;
			CHECK_INT(profile_add_self(p, node[s], &one, &err), 0);
		}
		CHECK_INT(profile_finish(p, FT_SORT_NAME, 0, &err), 0);
		uint32_t maxd = 0;
		for (int s = 0; s < NS; s++)
			maxd = len[s] > maxd ? len[s] : maxd;
		CHECK_INT(p->max_depth, maxd);
		uint32_t *path = malloc(sizeof(uint32_t) * (maxd + 1));
		ft_depths w;
		depths_start(&w, p->nodes, path);
		for (uint32_t n = 1; n < p->nnodes; n++) {
			uint32_t d = 0;
			for (uint32_t a = n; a != FT_ROOT; a = p->nodes[a].parent)
				d++;
			CHECK_INT(profile_depth(p, n), d);
			CHECK_INT(depths_next(&w, n, p->nodes[n].parent), d);
		}
		free(path);
		profile_free(p);
	}
}

TEST(value_format)
{
	char b[40];
	val_format(b, sizeof(b), 12345, 0);
	CHECK_STR(b, "12345");
	val_format(b, sizeof(b), 12345, 3);
	CHECK_STR(b, "12.345");
	val_format(b, sizeof(b), 12000, 3);
	CHECK_STR(b, "12");
	val_format(b, sizeof(b), -1500, 3);
	CHECK_STR(b, "-1.5");
	val_format(b, sizeof(b), 5, 3);
	CHECK_STR(b, "0.005");
	val_format(b, sizeof(b), INT64_MIN, 0);
	CHECK_STR(b, "-9223372036854775808");
}

int
main(void)
{
	RUN(totals_and_self);
	RUN(children_alphabetical_and_by_weight);
	RUN(overflow_is_an_error);
	RUN(deep_stack_no_recursion);
	RUN(depths_without_a_depth_field);
	RUN(value_format);
	return unit_report();
}
