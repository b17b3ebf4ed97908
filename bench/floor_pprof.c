/* floor_pprof.c - the floor of loading a gzip'd pprof profile (make bench):
 * only the work no pprof loader can skip, in one thread, with no checks.
 *
 *   read the file and inflate it whole with libdeflate (what flametui
 *   links: input/source.c), into a buffer of the size the gzip trailer
 *   gives;
 *   walk the Profile message's fields (wire format, no schema library):
 *   string_table (6) counted, function (5) id -> name string index,
 *   location (4) id -> its frames (one per Line (4), function_id (1); a
 *   location with several Lines is an inline chain: the last Line is the
 *   caller, the ones before it are inlined callees, kept apart as flametui
 *   does by a kind bit in the name), in arrays indexed by id (Go writes
 *   ids 1..N);
 *   then every sample (2): its location ids (1) and values (2), packed or
 *   not; its stack root first (the location ids reversed) goes into a
 *   (parent, name) -> node hash table, the locations it shares with the
 *   sample before keeping their nodes (as flametui and bench/floor_load.c
 *   do), and its values are added to the leaf.
 *
 * That is the same call tree as flametui's (same nodes: a name is a
 * string index, which Go's writer makes unique per string).  Left out,
 * and done by flametui: every check and message on bad input, labels,
 * mappings, names from binaries, demangling, sorting children, totals.
 * Prints nodes, names and the sum of each value column so the work cannot
 * be optimised away.
 *
 *   floor_pprof FILE             inflate and build the tree
 *   floor_pprof --inflate FILE   only read and inflate (libdeflate alone)
 */
#include <fcntl.h>
#include <libdeflate.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAXCOLS 16

static void *
must(void *p)
{
	if (p == NULL) {
		fputs("floor_pprof: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static void
die(const char *what)
{
	fprintf(stderr, "floor_pprof: %s\n", what);
	exit(1);
}

/* --- the wire format (no bounds checks beyond the message ends) ------- */
static const uint8_t *end_all;

static inline uint64_t
varint(const uint8_t **pp)
{
	const uint8_t *p = *pp;
	uint64_t v = *p & 0x7f;
	int s = 7;
	while (*p++ & 0x80) {
		if (p >= end_all || s > 63)
			die("bad varint");
		v |= (uint64_t)(*p & 0x7f) << s;
		s += 7;
	}
	*pp = p;
	return v;
}

/* Skip a field's value of wire type w. */
static inline const uint8_t *
skip(const uint8_t *p, int w)
{
	switch (w) {
	case 0:
		varint(&p);
		return p;
	case 1:
		return p + 8;
	case 2: {
		uint64_t n = varint(&p);
		return p + n;
	}
	case 5:
		return p + 4;
	default:
		die("unsupported wire type");
	}
	return p;
}

/* --- the tables, indexed by id ---------------------------------------- */
static uint32_t *func_name;   /* function id -> string index */
static size_t nfunc_ids;
static uint32_t *loc_first;   /* location id -> first frame; frames of id */
static uint32_t *loc_n;       /*   are frames[loc_first .. + loc_n), caller first */
static size_t nloc_ids;
static uint32_t *frames;      /* function ids (bit 31: inlined), later names */
static size_t nframes, cframes;
static size_t nstrings;

static void
id_room(uint32_t **a, uint32_t **b, size_t *n, uint64_t id)
{
	if (id == 0 || id > (1u << 30))
		die("id 0 or too large for an array indexed by id");
	if (id < *n)
		return;
	size_t m = *n ? *n : 1024;
	while (m <= id)
		m *= 2;
	*a = must(realloc(*a, m * sizeof(**a)));
	memset(*a + *n, 0xff, (m - *n) * sizeof(**a));
	if (b != NULL) {
		*b = must(realloc(*b, m * sizeof(**b)));
		memset(*b + *n, 0, (m - *n) * sizeof(**b));
	}
	*n = m;
}

static void
function(const uint8_t *p, const uint8_t *e)
{
	uint64_t id = 0, name = 0;
	while (p < e) {
		uint64_t k = varint(&p);
		if (k == (1 << 3 | 0))
			id = varint(&p);
		else if (k == (2 << 3 | 0))
			name = varint(&p);
		else
			p = skip(p, (int)(k & 7));
	}
	id_room(&func_name, NULL, &nfunc_ids, id);
	func_name[id] = (uint32_t)name;
}

static void
push_frame(uint32_t f)
{
	if (nframes == cframes) {
		cframes = cframes ? cframes * 2 : 1 << 16;
		frames = must(realloc(frames, cframes * sizeof(*frames)));
	}
	frames[nframes++] = f;
}

static void
location(const uint8_t *p, const uint8_t *e)
{
	uint64_t id = 0;
	size_t first = nframes;
	while (p < e) {
		uint64_t k = varint(&p);
		if (k == (1 << 3 | 0)) {
			id = varint(&p);
		} else if (k == (4 << 3 | 2)) {
			uint64_t n = varint(&p);
			const uint8_t *q = p, *qe = p + n;
			uint64_t fid = 0;
			while (q < qe) {
				uint64_t kk = varint(&q);
				if (kk == (1 << 3 | 0))
					fid = varint(&q);
				else
					q = skip(q, (int)(kk & 7));
			}
			push_frame((uint32_t)fid);
			p = qe;
		} else {
			p = skip(p, (int)(k & 7));
		}
	}
	/* Lines are innermost first: reverse them (caller first) and mark
	 * all but the caller inlined. */
	size_t n = nframes - first;
	for (size_t i = 0; i < n / 2; i++) {
		uint32_t t = frames[first + i];
		frames[first + i] = frames[first + n - 1 - i];
		frames[first + n - 1 - i] = t;
	}
	for (size_t i = 1; i < n; i++)
		frames[first + i] |= 1u << 31;
	id_room(&loc_first, &loc_n, &nloc_ids, id);
	loc_first[id] = (uint32_t)first;
	loc_n[id] = (uint32_t)n;
}

/* --- the tree: (parent, name) -> node --------------------------------
 * Each node keeps its first child and next sibling (the links a viewer's
 * tree has anyway) and its child count: a node's children are found by
 * scanning that list while it has at most WIDE of them, and in a
 * (parent, name) hash table beyond (a new node has no child: the rest of
 * a new path needs no lookup).  That is what flametui's builder does
 * (profile.h); a hash lookup of every frame is 3x slower here. */
#define WIDE 8
struct node {
	uint32_t name, parent, child, sibling, nkids;
};
static struct node *nodes;
static uint64_t *node_val;    /* ncols per node */
static size_t nnodes, cnodes, ncols;
static uint64_t *node_key;    /* parent << 32 | name, per slot */
static uint32_t *node_slot;   /* id + 1; 0: empty */
static size_t node_mask, nhashed;

static inline uint64_t
mix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ULL;
	return k ^ (k >> 33);
}

static void
hash_put(uint32_t id)
{
	if ((nhashed + 1) * 2 > node_mask) {
		size_t cap = node_mask ? (node_mask + 1) * 2 : 1 << 12;
		uint64_t *ok = node_key;
		uint32_t *os = node_slot;
		size_t omask = node_mask;
		node_key = must(malloc(cap * sizeof(*node_key)));
		node_slot = must(calloc(cap, sizeof(*node_slot)));
		node_mask = cap - 1;
		for (size_t j = 0; os != NULL && j <= omask; j++)
			if (os[j] != 0)
				for (size_t i = mix(ok[j]) & node_mask;; i = (i + 1) & node_mask)
					if (node_slot[i] == 0) {
						node_key[i] = ok[j];
						node_slot[i] = os[j];
						break;
					}
		free(ok);
		free(os);
	}
	uint64_t key = (uint64_t)nodes[id].parent << 32 | nodes[id].name;
	for (size_t i = mix(key) & node_mask;; i = (i + 1) & node_mask)
		if (node_slot[i] == 0) {
			node_key[i] = key;
			node_slot[i] = id + 1;
			nhashed++;
			return;
		}
}

static uint32_t
child(uint32_t parent, uint32_t name)
{
	struct node *pn = &nodes[parent];
	if (pn->nkids <= WIDE) {
		for (uint32_t c = pn->child; c != UINT32_MAX; c = nodes[c].sibling)
			if (nodes[c].name == name)
				return c;
	} else {
		uint64_t key = (uint64_t)parent << 32 | name;
		for (size_t i = mix(key) & node_mask; node_slot[i] != 0; i = (i + 1) & node_mask)
			if (node_key[i] == key)
				return node_slot[i] - 1;
	}
	if (nnodes == cnodes) {
		cnodes *= 2;
		nodes = must(realloc(nodes, cnodes * sizeof(*nodes)));
		node_val = must(realloc(node_val, cnodes * ncols * sizeof(*node_val)));
	}
	uint32_t id = (uint32_t)nnodes++;
	pn = &nodes[parent];
	nodes[id] = (struct node){.name = name, .parent = parent, .child = UINT32_MAX,
	    .sibling = pn->child};
	pn->child = id;
	for (size_t c = 0; c < ncols; c++)
		node_val[(size_t)id * ncols + c] = 0;
	if (++pn->nkids == WIDE + 1) {
		for (uint32_t c = pn->child; c != UINT32_MAX; c = nodes[c].sibling)
			hash_put(c);
	} else if (pn->nkids > WIDE + 1) {
		hash_put(id);
	}
	return id;
}

/* The sample before: its location ids (leaf first, as in the file) and
 * the node reached after each of them (root first). */
static uint64_t *prev_loc, *cur_loc;
static uint32_t *prev_node;
static size_t nprev, cloc;
static uint64_t total[MAXCOLS];

static void
sample(const uint8_t *p, const uint8_t *e)
{
	size_t n = 0, nv = 0;
	uint64_t vals[MAXCOLS];
	while (p < e) {
		uint64_t k = varint(&p);
		if (k >> 3 == 1 || k >> 3 == 2) {
			const uint8_t *q = p, *qe;
			if ((k & 7) == 2) {
				uint64_t len = varint(&q);
				qe = q + len;
			} else {
				qe = NULL; /* one varint */
			}
			do {
				uint64_t v = varint(&q);
				if (k >> 3 == 1) {
					if (n == cloc) {
						cloc = cloc ? cloc * 2 : 256;
						cur_loc = must(realloc(cur_loc, cloc * sizeof(*cur_loc)));
						prev_loc = must(realloc(prev_loc, cloc * sizeof(*prev_loc)));
						prev_node = must(realloc(prev_node, cloc * sizeof(*prev_node)));
					}
					cur_loc[n++] = v;
				} else if (nv < MAXCOLS) {
					vals[nv++] = v;
				}
			} while (qe != NULL && q < qe);
			p = q;
		} else {
			p = skip(p, (int)(k & 7));
		}
	}
	/* Root first: location cur_loc[n - 1 - d] at depth d.  The ones it
	 * shares with the sample before keep their nodes. */
	size_t d = 0;
	while (d < n && d < nprev && cur_loc[n - 1 - d] == prev_loc[nprev - 1 - d])
		d++;
	uint32_t at = d > 0 ? prev_node[d - 1] : 0;
	for (size_t j = d; j < n; j++) {
		uint64_t id = cur_loc[n - 1 - j];
		if (id >= nloc_ids || loc_first[id] == UINT32_MAX)
			die("sample refers to an unknown location");
		if (loc_n[id] == 0)
			die("a location without Lines (named from its binary by flametui: "
			    "outside this floor, made for Go's writer)");
		const uint32_t *f = frames + loc_first[id];
		for (uint32_t i = 0; i < loc_n[id]; i++)
			at = child(at, f[i]);
		prev_node[j] = at;
	}
	uint64_t *t = cur_loc;
	cur_loc = prev_loc;
	prev_loc = t;
	nprev = n;
	uint64_t *v = node_val + (size_t)at * ncols;
	for (size_t c = 0; c < nv && c < ncols; c++) {
		v[c] += vals[c];
		total[c] += vals[c];
	}
}

int
main(int argc, char **argv)
{
	int inflate_only = argc > 2 && strcmp(argv[1], "--inflate") == 0;
	if (argc < 2) {
		fputs("usage: floor_pprof [--inflate] FILE.pb.gz\n", stderr);
		return 2;
	}
	const char *path = argv[argc - 1];
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0) {
		perror(path);
		return 1;
	}
	size_t n = (size_t)st.st_size, have = 0;
	uint8_t *in = must(malloc(n + 1));
	while (have < n) {
		ssize_t r = read(fd, in + have, n - have);
		if (r <= 0) {
			perror(path);
			return 1;
		}
		have += (size_t)r;
	}
	close(fd);
	if (n < 18)
		die("not a gzip file");
	size_t isize = (size_t)in[n - 4] | (size_t)in[n - 3] << 8 | (size_t)in[n - 2] << 16 |
	    (size_t)in[n - 1] << 24;
	uint8_t *buf = must(malloc(isize + 1));
	struct libdeflate_decompressor *dc = libdeflate_alloc_decompressor();
	size_t len = 0;
	if (dc == NULL ||
	    libdeflate_gzip_decompress(dc, in, n, buf, isize, &len) != LIBDEFLATE_SUCCESS)
		die("libdeflate could not inflate the file whole");
	libdeflate_free_decompressor(dc);
	free(in);
	if (inflate_only) {
		uint64_t sum = 0;
		for (size_t i = 0; i < len; i += 4096)
			sum += buf[i];
		printf("bytes=%zu sum=%llu\n", len, (unsigned long long)sum);
		return 0;
	}
	end_all = buf + len;
	buf[len] = 0;

	/* Pass 1: the tables (samples come first in Go's files: skipped by
	 * their length, read in pass 2 once locations are known), and the
	 * number of value columns. */
	const uint8_t *p = buf, *e = buf + len;
	while (p < e) {
		uint64_t k = varint(&p);
		if ((k & 7) != 2) {
			p = skip(p, (int)(k & 7));
			continue;
		}
		uint64_t m = varint(&p);
		const uint8_t *q = p;
		p += m;
		switch (k >> 3) {
		case 1:
			ncols++;
			break;
		case 4:
			location(q, p);
			break;
		case 5:
			function(q, p);
			break;
		case 6:
			nstrings++;
			break;
		}
	}
	if (ncols == 0)
		ncols = 1;
	if (ncols > MAXCOLS)
		die("too many sample types");
	/* Frames: function id -> name string index (bit 31: inlined). */
	for (size_t i = 0; i < nframes; i++) {
		uint32_t fid = frames[i] & ~(1u << 31);
		if (fid >= nfunc_ids || func_name[fid] == UINT32_MAX)
			die("location refers to an unknown function");
		frames[i] = func_name[fid] | (frames[i] & (1u << 31));
	}

	cnodes = 1 << 20;
	nodes = must(malloc(cnodes * sizeof(*nodes)));
	node_val = must(malloc(cnodes * ncols * sizeof(*node_val)));
	nodes[0] = (struct node){.name = UINT32_MAX, .parent = UINT32_MAX,
	    .child = UINT32_MAX, .sibling = UINT32_MAX};
	memset(node_val, 0, ncols * sizeof(*node_val));
	nnodes = 1;

	/* Pass 2: the samples. */
	for (p = buf; p < e;) {
		uint64_t k = varint(&p);
		if (k != (2 << 3 | 2)) {
			p = skip(p, (int)(k & 7));
			continue;
		}
		uint64_t m = varint(&p);
		sample(p, p + m);
		p += m;
	}
	/* nodes: without the root, as flametui --info counts them. */
	printf("nodes=%zu strings=%zu columns=%zu", nnodes - 1, nstrings, ncols);
	for (size_t c = 0; c < ncols; c++)
		printf(" total%zu=%llu", c, (unsigned long long)total[c]);
	printf("\n");
	return 0;
}
