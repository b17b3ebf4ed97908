/* floor_load.c - the floor of loading a folded file (make bench): only the
 * work no folded loader can skip, in one thread, with no checks.
 *
 *   read the file (read(2) in 8 MiB blocks, as flametui's source does);
 *   per line: find the count after the last space and split the stack at
 *   ';'; the frames it shares with the line before keep their nodes;
 *   per other frame: hash its name and find it in a name table (insert when
 *   new), then find the (parent, name) child in a node table (insert a
 *   node when new);
 *   add the count to the leaf.
 *
 * Left out, and done by flametui: sorting children by name, totals, the
 * checks and messages on bad input, value overflow, kinds (_[k]),
 * weights with decimals, the second thread.  Prints nodes, names and the
 * sum of the counts so the work cannot be optimised away.
 *
 *   floor_load FILE
 *   floor_load --scan FILE   a lower bound: read, split lines and frames,
 *                            hash every name; no tables (any loader looks
 *                            at every byte and tells every frame apart)
 *   floor_load --mem FILE    the memory floor: the same load into the
 *                            smallest tree a viewer can work on (below),
 *                            printing its peak RSS and the bytes of the
 *                            final structures alone
 *   floor_load --walk FILE   the floor of a filter: one pass over the
 *                            loaded nodes writing a new node array and
 *                            summing totals up (ms, the load not counted:
 *                            best of 3 in reused memory, and the first, in
 *                            fresh memory)
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

struct node {
	uint32_t parent, name;
	uint64_t self;
};

static char *names;            /* name bytes, one after the other */
static size_t names_len, names_cap;
static uint32_t *name_off, *name_len_v;
static uint64_t *name_slot;    /* hash << 32 | id + 1; 0: empty */
static size_t nnames, name_mask;

static struct node *nodes;
static size_t nnodes, nodes_cap;
static uint64_t *node_key;     /* parent << 32 | name, per slot */
static uint32_t *node_slot;    /* id + 1; 0: empty */
static size_t node_mask;

static void *
must(void *p)
{
	if (p == NULL) {
		fputs("floor_load: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static uint64_t
hash_bytes(const char *s, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;
	while (n >= 8) {
		uint64_t w;
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
		s += 8;
		n -= 8;
	}
	uint64_t w = 0;
	memcpy(&w, s, n);
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
	return h ^ (h >> 29);
}

static void names_grow(void);

static uint32_t
name_id(const char *s, size_t n)
{
	uint64_t h = hash_bytes(s, n);
	uint32_t tag = (uint32_t)(h >> 32);
	for (size_t i = h & name_mask;; i = (i + 1) & name_mask) {
		uint64_t e = name_slot[i];
		if (e == 0)
			break;
		uint32_t id = (uint32_t)e - 1;
		if ((uint32_t)(e >> 32) == tag && name_len_v[id] == n &&
		    memcmp(names + name_off[id], s, n) == 0)
			return id;
	}
	if (names_len + n > names_cap) {
		names_cap = (names_len + n) * 2;
		names = must(realloc(names, names_cap));
	}
	memcpy(names + names_len, s, n);
	uint32_t id = (uint32_t)nnames++;
	name_off[id] = (uint32_t)names_len;
	name_len_v[id] = (uint32_t)n;
	names_len += n;
	for (size_t i = h & name_mask;; i = (i + 1) & name_mask)
		if (name_slot[i] == 0) {
			name_slot[i] = (uint64_t)tag << 32 | (id + 1);
			break;
		}
	if (nnames * 2 > name_mask)
		names_grow();
	return id;
}

static void
names_grow(void)
{
	size_t cap = (name_mask + 1) * 2;
	free(name_slot);
	name_slot = must(calloc(cap, sizeof(*name_slot)));
	name_off = must(realloc(name_off, cap * sizeof(*name_off)));
	name_len_v = must(realloc(name_len_v, cap * sizeof(*name_len_v)));
	name_mask = cap - 1;
	for (uint32_t id = 0; id < nnames; id++) {
		uint64_t h = hash_bytes(names + name_off[id], name_len_v[id]);
		for (size_t i = h & name_mask;; i = (i + 1) & name_mask)
			if (name_slot[i] == 0) {
				name_slot[i] = (h >> 32) << 32 | (id + 1);
				break;
			}
	}
}

static void nodes_grow(void);

static uint64_t
mix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ULL;
	return k ^ (k >> 33);
}

static uint32_t
child(uint32_t parent, uint32_t name)
{
	uint64_t key = (uint64_t)parent << 32 | name;
	size_t i = mix(key) & node_mask;
	for (;; i = (i + 1) & node_mask) {
		if (node_slot[i] == 0)
			break;
		if (node_key[i] == key)
			return node_slot[i] - 1;
	}
	if (nnodes == nodes_cap) {
		nodes_cap *= 2;
		nodes = must(realloc(nodes, nodes_cap * sizeof(*nodes)));
	}
	uint32_t id = (uint32_t)nnodes++;
	nodes[id] = (struct node){.parent = parent, .name = name};
	node_key[i] = key;
	node_slot[i] = id + 1;
	if (nnodes * 2 > node_mask)
		nodes_grow();
	return id;
}

static void
nodes_grow(void)
{
	size_t cap = (node_mask + 1) * 2;
	free(node_key);
	free(node_slot);
	node_key = must(malloc(cap * sizeof(*node_key)));
	node_slot = must(calloc(cap, sizeof(*node_slot)));
	node_mask = cap - 1;
	for (uint32_t id = 1; id < nnodes; id++) {
		uint64_t key = (uint64_t)nodes[id].parent << 32 | nodes[id].name;
		for (size_t i = mix(key) & node_mask;; i = (i + 1) & node_mask)
			if (node_slot[i] == 0) {
				node_key[i] = key;
				node_slot[i] = id + 1;
				break;
			}
	}
}

/* --mem: the tree a viewer cannot do without, 24 bytes a node as
 * flametui's (profile/profile.h): name, parent, first child and next
 * sibling (4 bytes each) and one 8-byte value per column (one here).
 * Children are found by scanning the child list while a node has at most
 * WIDE of them, beyond that in a (parent, name) hash table of node ids
 * (4 bytes a slot, the key read from the node): the only building
 * structure besides the names' table, and part of the peak. */
#define WIDE 8
struct mnode {
	uint32_t name, parent, child, sibling;
	uint64_t self;
};
static struct mnode *mnodes;
static uint32_t *wide_slot;    /* id + 1; 0: empty */
static size_t wide_mask, nwide;

static uint64_t
mkey(uint32_t id)
{
	return (uint64_t)mnodes[id].parent << 32 | mnodes[id].name;
}

static void
wide_put(uint32_t id)
{
	if ((nwide + 1) * 2 > wide_mask) {
		size_t cap = wide_mask ? (wide_mask + 1) * 2 : 1 << 12;
		uint32_t *old = wide_slot;
		size_t omask = wide_mask;
		wide_slot = must(calloc(cap, sizeof(*wide_slot)));
		wide_mask = cap - 1;
		for (size_t j = 0; old != NULL && j <= omask; j++)
			if (old[j] != 0)
				for (size_t i = mix(mkey(old[j] - 1)) & wide_mask;;
				     i = (i + 1) & wide_mask)
					if (wide_slot[i] == 0) {
						wide_slot[i] = old[j];
						break;
					}
		free(old);
	}
	for (size_t i = mix(mkey(id)) & wide_mask;; i = (i + 1) & wide_mask)
		if (wide_slot[i] == 0) {
			wide_slot[i] = id + 1;
			nwide++;
			return;
		}
}

static uint32_t
mchild(uint32_t parent, uint32_t name)
{
	uint32_t k = 0;
	for (uint32_t c = mnodes[parent].child; c != UINT32_MAX; c = mnodes[c].sibling) {
		if (mnodes[c].name == name)
			return c;
		if (++k > WIDE)
			break;
	}
	if (k > WIDE) {
		/* A wide node: its children are all in the hash table. */
		uint64_t key = (uint64_t)parent << 32 | name;
		for (size_t i = mix(key) & wide_mask; wide_slot[i] != 0; i = (i + 1) & wide_mask)
			if (mkey(wide_slot[i] - 1) == key)
				return wide_slot[i] - 1;
	}
	if (nnodes == nodes_cap) {
		nodes_cap *= 2;
		mnodes = must(realloc(mnodes, nodes_cap * sizeof(*mnodes)));
	}
	uint32_t id = (uint32_t)nnodes++;
	mnodes[id] = (struct mnode){.name = name, .parent = parent, .child = UINT32_MAX,
	    .sibling = mnodes[parent].child};
	mnodes[parent].child = id;
	if (k == WIDE) {
		/* Now WIDE + 1 children: all of them go into the table. */
		for (uint32_t c = id; c != UINT32_MAX; c = mnodes[c].sibling)
			wide_put(c);
	} else if (k > WIDE) {
		wide_put(id);
	}
	return id;
}

static uint64_t total, scan_sum;
static int scan_only, mem;
static char *prev;             /* the stack before, its frames' ends and nodes */
static size_t prev_len, prev_room, prev_n, prev_cap;
static size_t *prev_end;
static uint32_t *prev_id;

static void
one_line(const char *s, size_t n)
{
	while (n > 0 && (s[n - 1] == '\r' || s[n - 1] == ' '))
		n--;
	const char *sp = memrchr(s, ' ', n);
	if (sp == NULL)
		return;
	uint64_t count = 0;
	for (const char *c = sp + 1; c < s + n; c++)
		count = count * 10 + (uint64_t)(*c - '0');
	if (scan_only) {
		/* Only look at every frame: its end and its name's hash. */
		for (const char *p = s; p < sp;) {
			const char *semi = memchr(p, ';', (size_t)(sp - p));
			const char *e = semi != NULL ? semi : sp;
			scan_sum += hash_bytes(p, (size_t)(e - p));
			p = e + 1;
		}
		total += count;
		return;
	}
	/* The frames this stack shares with the one before (whole frames
	 * of the common prefix, as a folded file's sorted lines mostly
	 * do) keep their nodes: no lookup for them. */
	size_t len = (size_t)(sp - s), l = 0;
	size_t lim = len < prev_len ? len : prev_len;
	while (l < lim && s[l] == prev[l])
		l++;
	uint32_t at = 0, k = 0;
	while (k < prev_n && prev_end[k] < l)
		k++;
	const char *p = s;
	if (k > 0) {
		at = prev_id[k - 1];
		p = s + prev_end[k - 1] + 1;
	}
	const char *end = sp;
	while (p < end) {
		const char *semi = memchr(p, ';', (size_t)(end - p));
		const char *e = semi != NULL ? semi : end;
		uint32_t nm = name_id(p, (size_t)(e - p));
		at = mem ? mchild(at, nm) : child(at, nm);
		if (k == prev_cap) {
			prev_cap = prev_cap ? prev_cap * 2 : 256;
			prev_end = must(realloc(prev_end, prev_cap * sizeof(*prev_end)));
			prev_id = must(realloc(prev_id, prev_cap * sizeof(*prev_id)));
		}
		prev_end[k] = (size_t)(e - s);
		prev_id[k++] = at;
		p = e + 1;
	}
	prev_n = k;
	if (len > prev_room) {
		prev_room = len * 2;
		prev = must(realloc(prev, prev_room));
	}
	memcpy(prev, s, len);
	prev_len = len;
	if (mem)
		mnodes[at].self += count;
	else
		nodes[at].self += count;
	total += count;
}

static double
now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	int walk = argc > 2 && strcmp(argv[1], "--walk") == 0;
	scan_only = argc > 2 && strcmp(argv[1], "--scan") == 0;
	mem = argc > 2 && strcmp(argv[1], "--mem") == 0;
	const char *path = argv[argc - 1];
	if (argc < 2) {
		fputs("usage: floor_load [--scan | --mem | --walk] FILE\n", stderr);
		return 2;
	}
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		perror(path);
		return 1;
	}
	name_mask = (1 << 16) - 1;
	name_slot = must(calloc(name_mask + 1, sizeof(*name_slot)));
	name_off = must(malloc((name_mask + 1) * sizeof(*name_off)));
	name_len_v = must(malloc((name_mask + 1) * sizeof(*name_len_v)));
	nodes_cap = 1 << 20;
	if (mem) {
		mnodes = must(malloc(nodes_cap * sizeof(*mnodes)));
		mnodes[0] = (struct mnode){.name = UINT32_MAX, .parent = UINT32_MAX,
		    .child = UINT32_MAX, .sibling = UINT32_MAX};
	} else {
		node_mask = (1 << 20) - 1;
		node_key = must(malloc((node_mask + 1) * sizeof(*node_key)));
		node_slot = must(calloc(node_mask + 1, sizeof(*node_slot)));
		nodes = must(malloc(nodes_cap * sizeof(*nodes)));
		nodes[0] = (struct node){.parent = UINT32_MAX};
	}
	nnodes = 1;
	size_t cap = 8 << 20, have = 0;
	char *buf = must(malloc(cap + 1));
	for (;;) {
		ssize_t r = read(fd, buf + have, cap - have);
		if (r < 0) {
			perror(path);
			return 1;
		}
		have += (size_t)r;
		size_t start = 0;
		for (;;) {
			char *nl = memchr(buf + start, '\n', have - start);
			if (nl == NULL)
				break;
			one_line(buf + start, (size_t)(nl - buf) - start);
			start = (size_t)(nl - buf) + 1;
		}
		if (r == 0) {
			if (start < have)
				one_line(buf + start, have - start);
			break;
		}
		memmove(buf, buf + start, have - start);
		have -= start;
		if (have == cap) {
			cap *= 2;
			buf = must(realloc(buf, cap + 1));
		}
	}
	close(fd);
	if (walk) {
		/* A filter's floor: one pass writing a new tree (every node
		 * kept, its parent mapped) and one pass summing totals up. */
		double first = 0, bestt = 1e9;
		struct node *out = must(malloc(nnodes * sizeof(*out)));
		uint64_t *tot = must(malloc(nnodes * sizeof(*tot)));
		/* The first pass touches fresh memory (page faults), the next
		 * ones reuse it, as flametui's pooled big arrays do. */
		for (int r = 0; r < 4; r++) {
			double t = now();
			memset(tot, 0, nnodes * sizeof(*tot));
			for (size_t i = 0; i < nnodes; i++)
				out[i] = nodes[i];
			for (size_t i = nnodes; i-- > 1;)
				tot[out[i].parent] += tot[i] + out[i].self;
			t = now() - t;
			if (r == 0)
				first = t;
			else if (t < bestt)
				bestt = t;
		}
		printf("walk_ms=%.1f fresh_ms=%.1f nodes=%zu total=%llu\n", bestt * 1e3,
		    first * 1e3, nnodes, (unsigned long long)(tot[0] + out[0].self));
		return 0;
	}
	if (mem) {
		/* The final structures: the nodes, the names' bytes and where
		 * each name starts and ends (8 bytes a name). */
		struct rusage ru;
		getrusage(RUSAGE_SELF, &ru);
		printf("nodes=%zu names=%zu total=%llu peak_kib=%ld final_bytes=%zu "
		    "node_bytes=%zu name_bytes=%zu name_table_bytes=%zu wide_slots=%zu\n",
		    nnodes, nnames, (unsigned long long)total, ru.ru_maxrss,
		    nnodes * sizeof(struct mnode) + names_len + nnames * 8,
		    nnodes * sizeof(struct mnode), names_len, nnames * 8, wide_mask + 1);
	} else if (scan_only)
		printf("total=%llu hashes=%llx\n", (unsigned long long)total,
		    (unsigned long long)scan_sum);
	else
		printf("nodes=%zu names=%zu total=%llu\n", nnodes, nnames,
		    (unsigned long long)total);
	return 0;
}
