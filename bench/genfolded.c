/* genfolded.c - deterministic generator of large, realistic folded stacks
 * for `make bench`.
 *
 * usage: genfolded [-s SEED] [-b TARGET_BYTES] > out.folded
 *
 * Model: a vocabulary of long C++, Rust, Java, Go and kernel names (with
 * spaces, templates and hashes), a static call graph (each function has 1-12
 * callees, so frames recur with shared prefixes and some recursion), ~30
 * process roots.  A call tree is grown depth-first by splitting a budget of
 * leaf stacks among callees; a budget of 1 becomes a chain to a depth drawn
 * from 20-80 (skewed low).  Some inner nodes get their own self line.
 * Counts are heavy-tailed.  Lines come out grouped by prefix, as perf and
 * stackcollapse emit them.  Same seed and size, same bytes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;

static uint64_t
rnd(void)
{
	uint64_t x = rng_state;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	rng_state = x;
	return x * 0x2545f4914f6cdd1dull;
}

static uint32_t
rnd_below(uint32_t n)
{
	return (uint32_t)(rnd() % n);
}

static double
rnd_unit(void)
{
	return (double)(rnd() >> 11) / 9007199254740992.0;
}

static const char *ns[] = {"absl", "arrow", "asio", "boost", "brpc", "clang", "crypto",
    "db", "detail", "engine", "envoy", "folly", "grpc", "http", "impl", "internal", "io",
    "kafka", "leveldb", "llvm", "net", "proto", "rocksdb", "runtime", "seastar", "server",
    "storage", "stream", "tbb", "tokio", "util", "v8", "wasm"};
static const char *cls[] = {"Allocator", "Arena", "Batch", "Buffer", "Cache", "Channel",
    "Client", "Codec", "Compaction", "Connection", "Context", "Decoder", "Dispatcher",
    "Encoder", "EventLoop", "Executor", "Future", "Handler", "HashMap", "Index", "Iterator",
    "Journal", "Lock", "Manager", "Merger", "Parser", "Pipeline", "Pool", "Queue", "Reader",
    "Request", "Router", "Scheduler", "Segment", "Server", "Session", "Socket", "Stream",
    "Table", "Task", "Thread", "Timer", "Tree", "Worker", "Writer"};
static const char *meth[] = {"accept", "allocate", "append", "apply", "build", "call",
    "commit", "compact", "compute", "decode", "dispatch", "encode", "execute", "fetch",
    "flush", "get", "handle", "insert", "invoke", "load", "lookup", "merge", "next",
    "parse", "poll", "process", "push", "read", "recv", "reserve", "resolve", "run",
    "schedule", "send", "serialize", "submit", "sync", "transform", "update", "visit",
    "wait", "write"};
static const char *types[] = {"int", "unsigned long", "char const*", "bool", "double",
    "std::string", "std::string_view", "void*", "std::chrono::nanoseconds",
    "std::vector<int, std::allocator<int> >", "std::shared_ptr<Node>"};
static const char *kern[] = {"entry_SYSCALL_64_after_hwframe", "do_syscall_64",
    "__x64_sys_read", "ksys_read", "vfs_read", "ext4_file_read_iter", "__schedule",
    "schedule", "futex_wait", "do_futex", "tcp_sendmsg", "tcp_recvmsg", "copy_user_generic",
    "page_fault", "handle_mm_fault", "__do_page_fault", "native_write_msr", "ep_poll"};

#define S(a) (sizeof(a) / sizeof((a)[0]))

static char *
make_name(void)
{
	char buf[512];
	int k = (int)rnd_below(100);
	if (k < 40) {
		snprintf(buf, sizeof(buf), "%s::%s::%s<%s>::%s(%s, %s)%s", ns[rnd_below(S(ns))],
		    ns[rnd_below(S(ns))], cls[rnd_below(S(cls))], types[rnd_below(S(types))],
		    meth[rnd_below(S(meth))], types[rnd_below(S(types))], types[rnd_below(S(types))],
		    rnd_below(3) == 0 ? " const" : "");
	} else if (k < 60) {
		snprintf(buf, sizeof(buf), "%s::%s::%s<T>::%s::h%016llx", ns[rnd_below(S(ns))],
		    ns[rnd_below(S(ns))], cls[rnd_below(S(cls))], meth[rnd_below(S(meth))],
		    (unsigned long long)rnd());
	} else if (k < 75) {
		snprintf(buf, sizeof(buf), "org/apache/%s/%s/%s%s.%s", ns[rnd_below(S(ns))],
		    ns[rnd_below(S(ns))], cls[rnd_below(S(cls))], cls[rnd_below(S(cls))],
		    meth[rnd_below(S(meth))]);
	} else if (k < 92) {
		snprintf(buf, sizeof(buf), "github.com/%s/%s/%s.(*%s).%s", ns[rnd_below(S(ns))],
		    ns[rnd_below(S(ns))], ns[rnd_below(S(ns))], cls[rnd_below(S(cls))],
		    meth[rnd_below(S(meth))]);
	} else {
		snprintf(buf, sizeof(buf), "%s_[k]", kern[rnd_below(S(kern))]);
	}
	return strdup(buf);
}

#define NFUNC 40000
#define NROOT 30

static char *fname[NFUNC];
static size_t flen[NFUNC];
static uint32_t *callees[NFUNC];
static uint32_t ncallees[NFUNC];

struct frame {
	uint32_t fn;
	uint64_t budget;
	uint32_t next_callee; /* how many callees handled */
	uint32_t k;           /* callees to visit */
	size_t text_len;      /* length of the prefix text including this frame */
};

static char *text;
static size_t text_cap;

static void
text_put(size_t at, const char *s, size_t n)
{
	if (at + n + 64 > text_cap) {
		text_cap = (at + n + 64) * 2;
		text = realloc(text, text_cap);
		if (text == NULL)
			exit(1);
	}
	memcpy(text + at, s, n);
}

static uint64_t
count(void)
{
	if (rnd_below(10) < 7)
		return 1 + rnd_below(5);
	double u = rnd_unit();
	double v = 5.0 / (u < 1e-9 ? 1e-9 : u);
	if (v > 100000)
		v = 100000;
	return (uint64_t)v;
}

static uint64_t written;

static void
emit(size_t len)
{
	char num[32];
	int n = snprintf(num, sizeof(num), " %llu\n", (unsigned long long)count());
	fwrite(text, 1, len, stdout);
	fwrite(num, 1, (size_t)n, stdout);
	written += len + (uint64_t)n;
}

static uint32_t
chain_depth(void)
{
	/* 20..80, skewed low (mean ~40) */
	double u = rnd_unit();
	return 20 + (uint32_t)(60 * u * u);
}

int
main(int argc, char **argv)
{
	uint64_t seed = 1, target = 200000000ull;
	for (int i = 1; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "-s") == 0)
			seed = strtoull(argv[i + 1], NULL, 10);
		else if (strcmp(argv[i], "-b") == 0)
			target = strtoull(argv[i + 1], NULL, 10);
	}
	rng_state = seed * 0x9e3779b97f4a7c15ull + 1;
	for (int i = 0; i < NFUNC; i++) {
		fname[i] = make_name();
		flen[i] = strlen(fname[i]);
		ncallees[i] = 1 + rnd_below(12);
		callees[i] = malloc(sizeof(uint32_t) * ncallees[i]);
		for (uint32_t j = 0; j < ncallees[i]; j++)
			callees[i][j] = rnd_below(NFUNC);
	}
	static struct frame st[256];
	for (int r = 0; written < target; r = (r + 1) % NROOT) {
		/* A process root with a budget of leaf stacks. */
		char root[64];
		int rl = snprintf(root, sizeof(root), "proc-%02d", r);
		text_put(0, root, (size_t)rl);
		int sp = 0;
		st[0] = (struct frame){rnd_below(NFUNC), 2000 + rnd_below(4000), 0, 0, 0};
		text_put((size_t)rl, ";", 1);
		text_put((size_t)rl + 1, fname[st[0].fn], flen[st[0].fn]);
		st[0].text_len = (size_t)rl + 1 + flen[st[0].fn];
		st[0].k = ncallees[st[0].fn] < st[0].budget ? ncallees[st[0].fn] : (uint32_t)st[0].budget;
		while (sp >= 0 && written < target) {
			struct frame *f = &st[sp];
			if (f->budget <= 1 || sp >= 70) {
				/* A chain down to a random depth, then one line. */
				size_t len = f->text_len;
				uint32_t fn = f->fn;
				uint32_t want = chain_depth();
				for (uint32_t d = (uint32_t)sp + 2; d < want; d++) {
					fn = callees[fn][rnd_below(ncallees[fn])];
					text_put(len, ";", 1);
					text_put(len + 1, fname[fn], flen[fn]);
					len += 1 + flen[fn];
				}
				emit(len);
				sp--;
				continue;
			}
			if (f->next_callee == 0 && rnd_below(10) == 0)
				emit(f->text_len); /* this frame's own self time */
			if (f->next_callee >= f->k) {
				sp--;
				continue;
			}
			uint32_t i = f->next_callee++;
			uint64_t share = f->budget / f->k + (i < f->budget % f->k ? 1 : 0);
			uint32_t c = callees[f->fn][i];
			struct frame *g = &st[sp + 1];
			text_put(f->text_len, ";", 1);
			text_put(f->text_len + 1, fname[c], flen[c]);
			*g = (struct frame){c, share, 0, 0, f->text_len + 1 + flen[c]};
			g->k = ncallees[c] < share ? ncallees[c] : (uint32_t)share;
			sp++;
		}
	}
	return 0;
}
