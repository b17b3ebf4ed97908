/* source.c - streaming input with transparent gzip (see source.h).
 *
 * Layout of the decoded buffer: buf[pos..end) holds bytes not yet consumed.
 * When a line does not fit, the unconsumed tail moves to the front and the
 * buffer doubles if it is full.  Concatenated gzip members (as `cat a.gz
 * b.gz` makes) are decoded one after another; a stream that ends in the
 * middle of a member is an error, not a silently short profile.
 */
#include "input/source.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <libdeflate.h>
#include <zlib.h>

#include "base/xalloc.h"

#define RAW_SIZE (256u * 1024u)
#define BUF_SIZE (1024u * 1024u)

struct ft_source {
	char *name;
	int fd;        /* -1 for memory sources */
	int own_fd;
	const unsigned char *mem;
	size_t mem_len, mem_pos;
	unsigned char *mem_owned; /* a fetched answer, freed on close */

	int gzip;      /* decided from the first bytes */
	int sniffed;
	z_stream zs;
	int zinit;
	int zdone;     /* last member ended cleanly and no input follows */

	unsigned char *raw; /* compressed input */
	size_t raw_size;
	size_t raw_pos, raw_end;
	int raw_eof;

	char *buf;
	size_t pos, end, cap;
	int eof;
	int whole_lines; /* drop an unterminated last line */

	uint64_t consumed, size, next_report;
	size_t max_line;
	uint64_t garbage; /* bytes after the last gzip member */
	ft_progress_fn progress;
	void *progress_ctx;
	long lineno;
	int taken;     /* some decoded bytes were handed out */

	uint64_t base;  /* stream offset of buf[0] */
	uint64_t limit; /* source_getline stops at this stream offset */
	int pread;      /* a part (source_open_part): pread from off */
	uint64_t off;
};

/* Buffers of raw_size and buf_size bytes: full size for files; a memory
 * source of n bytes gets buffers just large enough (a fuzzer runs millions
 * of tiny inputs; a buffer grows when a line needs it). */
static ft_source *
source_alloc(const char *name, size_t raw_size, size_t buf_size)
{
	ft_source *s = xcalloc(1, sizeof(*s));
	s->name = xstrdup(name);
	s->fd = -1;
	s->raw_size = raw_size;
	s->raw = xmalloc(raw_size + 1); /* + 1: the sniffer may shift a byte in */
	s->cap = buf_size;
	s->buf = xmalloc(s->cap);
	s->max_line = FT_MAX_LINE;
	s->limit = UINT64_MAX;
	return s;
}

ft_source *
source_open(const char *path, ft_diag *err)
{
	return source_open_opts(path, NULL, err);
}

const char *
source_file_kind(unsigned mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG: return "a regular file";
	case S_IFDIR: return "a directory";
	case S_IFIFO: return "a FIFO";
	case S_IFSOCK: return "a socket";
	case S_IFCHR: return "a character device";
	case S_IFBLK: return "a block device";
	default: return "not a file";
	}
}

ft_source *
source_open_opts(const char *path, const ft_fetch_opts *fo, ft_diag *err)
{
	return source_open_path(path, fo, 0, err);
}

ft_source *
source_open_path(const char *path, const ft_fetch_opts *fo, int regular_only, ft_diag *err)
{
	int fd;
	if (fetch_is_url(path)) {
		ft_fetch_opts def = {.seconds = -1};
		unsigned char *data;
		size_t n;
		if (fetch_url(path, fo != NULL ? fo : &def, &data, &n, err) != 0)
			return NULL;
		/* Named as fetched (default path, --seconds applied). */
		double expected;
		char *eff = fetch_effective_url(path, fo != NULL ? fo->seconds : -1, &expected);
		ft_source *s = source_open_mem(data, n, eff);
		free(eff);
		s->mem_owned = data;
		return s;
	}
	if (strcmp(path, "-") == 0 && !regular_only) {
		fd = STDIN_FILENO;
	} else {
		/* O_NONBLOCK: opening a FIFO does not wait for a writer. */
		fd = open(path, O_RDONLY | (regular_only ? O_NONBLOCK : 0));
		if (fd < 0) {
			diag_set(err, "%s: %s", path, strerror(errno));
			return NULL;
		}
		struct stat st;
		if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
			diag_set(err, "%s: is a directory", path);
			close(fd);
			return NULL;
		}
		if (regular_only && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
		    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0)) {
			diag_set(err, "%s: %s, not a regular file: not read", path,
			    source_file_kind(st.st_mode));
			close(fd);
			return NULL;
		}
	}
	ft_source *s = source_alloc(path, RAW_SIZE, BUF_SIZE);
	s->fd = fd;
	s->own_fd = fd != STDIN_FILENO;
	struct stat st;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		s->size = (uint64_t)st.st_size;
	return s;
}

ft_source *
source_open_fd(int fd, const char *name)
{
	ft_source *s = source_alloc(name, RAW_SIZE, BUF_SIZE);
	s->fd = fd;
	s->own_fd = 1;
	return s;
}

ft_source *
source_open_mem(const void *data, size_t n, const char *name)
{
	size_t small = n < 4096 ? 4096 : n + 1;
	ft_source *s = source_alloc(name, small < RAW_SIZE ? small : RAW_SIZE,
	    small < BUF_SIZE ? small : BUF_SIZE);
	s->mem = data;
	s->mem_len = n;
	s->size = n;
	return s;
}

void
source_close(ft_source *s)
{
	if (s == NULL)
		return;
	if (s->zinit)
		inflateEnd(&s->zs);
	if (s->own_fd)
		close(s->fd);
	free(s->raw);
	free(s->buf);
	free(s->name);
	free(s->mem_owned);
	free(s);
}

void
source_set_whole_lines(ft_source *s, int on)
{
	s->whole_lines = on;
}

void
source_set_progress(ft_source *s, ft_progress_fn fn, void *ctx)
{
	s->progress = fn;
	s->progress_ctx = ctx;
}

const char *
source_name(const ft_source *s)
{
	return s->name;
}

int
source_is_gzip(const ft_source *s)
{
	return s->gzip;
}

uint64_t
source_size(const ft_source *s)
{
	return s->size;
}

long
source_lineno(const ft_source *s)
{
	return s->lineno;
}

void
source_set_max_line(ft_source *s, size_t n)
{
	s->max_line = n;
}

uint64_t
source_trailing_garbage(const ft_source *s)
{
	return s->garbage;
}

/* Read up to cap bytes of the file (or memory) into dst: bytes read, 0
 * at its end, -1 on error. */
static long
raw_read(ft_source *s, unsigned char *dst, size_t cap, ft_diag *err)
{
	size_t got;
	if (s->mem != NULL) {
		got = s->mem_len - s->mem_pos;
		if (got > cap)
			got = cap;
		memcpy(dst, s->mem + s->mem_pos, got);
		s->mem_pos += got;
	} else {
		ssize_t r;
		do
			r = s->pread ? pread(s->fd, dst, cap, (off_t)s->off) :
			    read(s->fd, dst, cap);
		while (r < 0 && errno == EINTR);
		if (r > 0)
			s->off += (uint64_t)r;
		if (r < 0) {
			diag_set(err, "%s: read error: %s", s->name, strerror(errno));
			return -1;
		}
		got = (size_t)r;
	}
	if (got == 0)
		s->raw_eof = 1;
	s->consumed += got;
	if (s->progress != NULL && s->consumed >= s->next_report) {
		s->progress(s->progress_ctx, s->consumed, s->size);
		/* A pipe (size unknown) reports every read: the bytes so far
		 * show while it stalls (cmd.c). */
		s->next_report = s->consumed + (s->size == 0 ? 1u : 8u * 1024u * 1024u);
	}
	return (long)got;
}

/* Refill raw[] with compressed (or plain) bytes. */
static int
raw_fill(ft_source *s, ft_diag *err)
{
	if (s->raw_pos < s->raw_end || s->raw_eof)
		return 0;
	s->raw_pos = s->raw_end = 0;
	long r = raw_read(s, s->raw, s->raw_size, err);
	if (r < 0)
		return -1;
	s->raw_end = (size_t)r;
	return 0;
}

/* Decode more bytes into buf[end..cap). Returns bytes added, 0 at EOF. */
static long
fill(ft_source *s, ft_diag *err)
{
	if (s->eof)
		return 0;
	if (s->sniffed && !s->gzip && s->mem == NULL && s->raw_pos == s->raw_end &&
	    s->end < s->cap) {
		/* A plain file, raw[] used up: read straight into buf. */
		long r = s->raw_eof ? 0 : raw_read(s, (unsigned char *)s->buf + s->end,
		    s->cap - s->end, err);
		if (r < 0)
			return -1;
		if (r == 0)
			s->eof = 1;
		s->end += (size_t)r;
		return r;
	}
	if (raw_fill(s, err) < 0)
		return -1;
	if (!s->sniffed) {
		s->sniffed = 1;
		/* Need two bytes to sniff; a 1-byte first read is possible on pipes. */
		while (s->raw_end - s->raw_pos < 2 && !s->raw_eof) {
			size_t have = s->raw_end - s->raw_pos;
			unsigned char keep = have ? s->raw[s->raw_pos] : 0;
			s->raw_pos = s->raw_end;
			if (raw_fill(s, err) < 0)
				return -1;
			if (have) {
				memmove(s->raw + 1, s->raw, s->raw_end);
				s->raw[0] = keep;
				s->raw_end++;
			}
		}
		s->gzip = s->raw_end - s->raw_pos >= 2 && s->raw[s->raw_pos] == 0x1f &&
		    s->raw[s->raw_pos + 1] == 0x8b;
		if (s->gzip) {
			if (inflateInit2(&s->zs, 15 + 16) != Z_OK) {
				diag_set(err, "%s: cannot initialise zlib", s->name);
				return -1;
			}
			s->zinit = 1;
		}
	}
	size_t room = s->cap - s->end;
	if (!s->gzip) {
		if (s->raw_pos == s->raw_end) {
			s->eof = 1;
			return 0;
		}
		size_t n = s->raw_end - s->raw_pos;
		if (n > room)
			n = room;
		memcpy(s->buf + s->end, s->raw + s->raw_pos, n);
		s->raw_pos += n;
		s->end += n;
		return (long)n;
	}
	size_t added = 0;
	while (added == 0) {
		if (s->raw_pos == s->raw_end) {
			if (raw_fill(s, err) < 0)
				return -1;
			if (s->raw_eof) {
				if (!s->zdone) {
					diag_set(err, "%s: truncated gzip data (after %llu compressed bytes)",
					    s->name, (unsigned long long)s->consumed);
					return -1;
				}
				s->eof = 1;
				return 0;
			}
		}
		if (s->zdone) {
			/* Another member may follow the one that ended; anything
			 * else after a complete member is ignored, as gzip -d does. */
			if (s->raw[s->raw_pos] != 0x1f) {
				/* Count what is left (to warn), without keeping it. */
				s->garbage += s->raw_end - s->raw_pos;
				s->raw_pos = s->raw_end;
				while (!s->raw_eof) {
					if (raw_fill(s, err) < 0)
						return -1;
					s->garbage += s->raw_end;
					s->raw_pos = s->raw_end;
				}
				s->eof = 1;
				break;
			}
			inflateReset(&s->zs);
			s->zdone = 0;
		}
		s->zs.next_in = s->raw + s->raw_pos;
		s->zs.avail_in = (uInt)(s->raw_end - s->raw_pos);
		s->zs.next_out = (Bytef *)(s->buf + s->end + added);
		uInt before = (uInt)(room - added);
		s->zs.avail_out = before;
		int rc = inflate(&s->zs, Z_NO_FLUSH);
		s->raw_pos = s->raw_end - s->zs.avail_in;
		added += before - s->zs.avail_out;
		if (rc == Z_STREAM_END) {
			s->zdone = 1;
		} else if (rc != Z_OK && rc != Z_BUF_ERROR) {
			diag_set(err, "%s: corrupt gzip data (after %llu compressed bytes): %s",
			    s->name, (unsigned long long)(s->consumed - (s->raw_end - s->raw_pos)),
			    s->zs.msg ? s->zs.msg : "inflate failed");
			return -1;
		}
		if (added == room)
			break;
	}
	s->end += added;
	return (long)added;
}

/* Make room: move unconsumed bytes to the front, grow when full. */
static void
compact(ft_source *s)
{
	if (s->pos > 0) {
		s->base += s->pos;
		memmove(s->buf, s->buf + s->pos, s->end - s->pos);
		s->end -= s->pos;
		s->pos = 0;
	}
	if (s->end == s->cap) {
		s->cap = grow_cap(s->cap, s->cap + 1, BUF_SIZE);
		s->buf = xrealloc(s->buf, s->cap);
	}
}

long
source_peek(ft_source *s, const char **data, size_t n, ft_diag *err)
{
	while (s->end - s->pos < n && !s->eof) {
		compact(s);
		if (fill(s, err) < 0)
			return -1;
	}
	*data = s->buf + s->pos;
	size_t have = s->end - s->pos;
	return (long)(have < n ? have : n);
}

int
source_getline(ft_source *s, const char **line, size_t *len, ft_diag *err)
{
	if (s->base + s->pos >= s->limit)
		return 0;
	size_t scan = s->pos;
	for (;;) {
		char *nl = memchr(s->buf + scan, '\n', s->end - scan);
		if (nl != NULL && (size_t)(nl - (s->buf + s->pos)) <= s->max_line) {
			*line = s->buf + s->pos;
			*len = (size_t)(nl - (s->buf + s->pos));
			s->pos = (size_t)(nl - s->buf) + 1;
			s->lineno++;
			s->taken = 1;
			return 1;
		}
		if (nl == NULL && s->eof && s->end - s->pos <= s->max_line) {
			if (s->pos == s->end || s->whole_lines)
				return 0;
			/* Final line without a newline. */
			*line = s->buf + s->pos;
			*len = s->end - s->pos;
			s->pos = s->end;
			s->lineno++;
			s->taken = 1;
			return 1;
		}
		if (nl != NULL || s->end - s->pos > s->max_line) {
			diag_set(err, "%s:%ld: line longer than %zu %s (the limit); "
			    "not a profile?", s->name, s->lineno + 1,
			    s->max_line >= ((size_t)1 << 20) ? s->max_line >> 20 : s->max_line,
			    s->max_line >= ((size_t)1 << 20) ? "MiB" : "bytes");
			return -1;
		}
		compact(s);
		scan = s->end;
		long r = fill(s, err);
		if (r < 0)
			return -1;
	}
}

long
source_read(ft_source *s, void *buf, size_t n, ft_diag *err)
{
	size_t got = 0;
	while (got < n) {
		if (s->pos == s->end) {
			if (s->eof)
				break;
			s->base += s->end;
			s->pos = s->end = 0;
			if (fill(s, err) < 0)
				return -1;
			continue;
		}
		size_t k = s->end - s->pos;
		if (k > n - got)
			k = n - got;
		memcpy((char *)buf + got, s->buf + s->pos, k);
		s->pos += k;
		got += k;
	}
	if (got > 0)
		s->taken = 1;
	return (long)got;
}

long
source_next(ft_source *s, const char **data, ft_diag *err)
{
	while (s->pos == s->end) {
		if (s->eof)
			return 0;
		s->base += s->end;
		s->pos = s->end = 0;
		if (fill(s, err) < 0)
			return -1;
	}
	*data = s->buf + s->pos;
	long k = (long)(s->end - s->pos);
	s->pos = s->end;
	s->taken = 1;
	return k;
}

/* The whole compressed file in memory (*own set when it was read, a big
 * array of *n bytes: huge pages, not one fault per page), or NULL when it
 * cannot be had cheaply (pipes, huge files). */
static const unsigned char *
whole_input(ft_source *s, size_t *n, unsigned char **own)
{
	*own = NULL;
	if (s->mem != NULL) {
		*n = s->mem_len;
		return s->mem;
	}
	if (s->size == 0 || s->size > ((uint64_t)1 << 31))
		return NULL;
	size_t want = (size_t)s->size, got = 0;
	unsigned char *b = xbig_realloc(NULL, 0, want);
	while (got < want) {
		ssize_t r = pread(s->fd, b + got, want - got, (off_t)got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	if (got != want) { /* changed under us: let the stream sort it out */
		xbig_free(b, want);
		return NULL;
	}
	*own = b;
	*n = want;
	return b;
}

/* One-shot gunzip of a whole single-member file: 1 done, 0 not possible
 * here (the caller streams). */
static int
slurp_oneshot(ft_source *s, unsigned char **buf, size_t *len, size_t max,
    unsigned char **input, size_t *ninput)
{
	if (!s->gzip || s->taken)
		return 0;
	unsigned char *own;
	size_t n;
	const unsigned char *in = whole_input(s, &n, &own);
	if (in == NULL)
		return 0;
	if (n < 18) {
		xbig_free(own, n);
		return 0;
	}
	/* ISIZE: the decoded size modulo 2^32 of the last member. */
	size_t isize = (size_t)in[n - 4] | (size_t)in[n - 3] << 8 |
	    (size_t)in[n - 2] << 16 | (size_t)in[n - 1] << 24;
	/* Deflate expands at most 1032:1: a larger claim is not this
	 * member's size (nothing is allocated from an unchecked count).  A
	 * size over max may be a truncated file's garbage: streaming tells. */
	if (isize > max || isize / 1032 > n) {
		xbig_free(own, n);
		return 0;
	}
	struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
	if (d == NULL) {
		xbig_free(own, n);
		return 0;
	}
	unsigned char *out = xbig_realloc(NULL, 0, isize + 1);
	size_t in_used = 0, out_len = 0;
	enum libdeflate_result r = libdeflate_gzip_decompress_ex(d, in, n, out, isize,
	    &in_used, &out_len);
	libdeflate_free_decompressor(d);
	/* Another member after this one: its size is unknown; stream it.
	 * Anything else after a complete member is ignored, as gzip -d does. */
	int ok = r == LIBDEFLATE_SUCCESS && !(in_used < n && in[in_used] == 0x1f);
	if (ok && in_used < n)
		s->garbage = n - in_used; /* the caller warns */
	if (ok && input != NULL) {
		*input = xmalloc(n);
		memcpy(*input, in, n);
		*ninput = n;
	}
	xbig_free(own, n);
	if (!ok) {
		xbig_free(out, isize + 1); /* bad data gets zlib's detailed message */
		return 0;
	}
	if (out_len != isize)
		out = xbig_realloc(out, isize + 1, out_len + 1);
	out[out_len] = 0;
	*buf = out;
	*len = out_len;
	s->pos = s->end = 0;
	s->eof = 1;
	s->taken = 1;
	s->consumed = s->size;
	return 1;
}

int
source_slurp(ft_source *s, unsigned char **buf, size_t *len, size_t max,
    ft_diag *err)
{
	return source_slurp_input(s, buf, len, max, NULL, NULL, err);
}

int
source_slurp_input(ft_source *s, unsigned char **buf, size_t *len, size_t max,
    unsigned char **input, size_t *ninput, ft_diag *err)
{
	if (input != NULL)
		*input = NULL;
	if (slurp_oneshot(s, buf, len, max, input, ninput))
		return 0;
	/* Streaming: start from the plain file's size when known. */
	size_t cap = !s->gzip && s->size > 0 && s->size < max ? (size_t)s->size + 1 :
	    (size_t)1 << 20, n = 0;
	unsigned char *b = xbig_realloc(NULL, 0, cap);
	for (;;) {
		if (n == cap) {
			if (cap > max) {
				xbig_free(b, cap);
				return -2;
			}
			size_t ncap = cap > max / 2 ? max + 1 : cap * 2;
			b = xbig_realloc(b, cap, ncap);
			cap = ncap;
		}
		long got = source_read(s, b + n, cap - n, err);
		if (got < 0) {
			xbig_free(b, cap);
			return -1;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	if (n > max) {
		xbig_free(b, cap);
		return -2;
	}
	if (n + 1 != cap)
		b = xbig_realloc(b, cap, n + 1);
	b[n] = 0;
	*buf = b;
	*len = n;
	return 0;
}

int
source_write_gzip(FILE *out, const void *data, size_t n, ft_diag *err)
{
	z_stream zs;
	memset(&zs, 0, sizeof(zs));
	if (deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
	    Z_DEFAULT_STRATEGY) != Z_OK) {
		diag_set(err, "cannot initialise zlib");
		return -1;
	}
	unsigned char *chunk = xmalloc(RAW_SIZE);
	const unsigned char *in = data;
	size_t left = n;
	int rc = 0, zr;
	do {
		/* Feed at most 1 GiB at a time: avail_in is 32 bits. */
		uInt step = left > (1u << 30) ? (1u << 30) : (uInt)left;
		zs.next_in = (Bytef *)(uintptr_t)in;
		zs.avail_in = step;
		int flush = step == left ? Z_FINISH : Z_NO_FLUSH;
		do {
			zs.next_out = chunk;
			zs.avail_out = RAW_SIZE;
			zr = deflate(&zs, flush);
			size_t have = RAW_SIZE - zs.avail_out;
			if (have > 0 && fwrite(chunk, 1, have, out) != have) {
				diag_set(err, "write error: %s", strerror(errno));
				rc = -1;
				break;
			}
		} while (zs.avail_out == 0 && rc == 0);
		in += step - zs.avail_in;
		left -= step - zs.avail_in;
	} while (rc == 0 && zr != Z_STREAM_END);
	deflateEnd(&zs);
	free(chunk);
	if (rc == 0 && (fflush(out) != 0 || ferror(out))) {
		diag_set(err, "write error: %s", strerror(errno));
		rc = -1;
	}
	return rc;
}

int
source_line_starts(ft_source *s, int n, uint64_t *at)
{
	at[0] = 0;
	if (n < 2 || s->fd < 0 || !s->own_fd || s->pread || !s->sniffed || s->gzip ||
	    s->whole_lines || s->size == 0 || s->limit != UINT64_MAX)
		return 1;
	int k = 1;
	char chunk[65536];
	for (int i = 1; i < n; i++) {
		uint64_t off = s->size / (uint64_t)n * (uint64_t)i;
		if (off <= at[k - 1])
			off = at[k - 1] + 1;
		/* The first line start at or after off: just after a '\n' at
		 * off - 1 or later. */
		uint64_t start = 0;
		for (uint64_t o = off - 1; start == 0 && o < s->size;) {
			ssize_t r = pread(s->fd, chunk, sizeof(chunk), (off_t)o);
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0)
				break;
			const char *nl = memchr(chunk, '\n', (size_t)r);
			if (nl != NULL)
				start = o + (uint64_t)(nl - chunk) + 1;
			o += (uint64_t)r;
		}
		if (start == 0 || start >= s->size)
			break;
		at[k++] = start;
	}
	return k;
}

void
source_set_lineno(ft_source *s, long n)
{
	s->lineno = n;
}

void
source_set_limit(ft_source *s, uint64_t end)
{
	s->limit = end;
}

ft_source *
source_open_part(const ft_source *s, uint64_t start, uint64_t end, ft_diag *err)
{
	int fd = dup(s->fd);
	if (fd < 0) {
		diag_set(err, "%s: %s", s->name, strerror(errno));
		return NULL;
	}
	ft_source *t = source_alloc(s->name, RAW_SIZE, BUF_SIZE);
	t->fd = fd;
	t->own_fd = 1;
	t->pread = 1;
	t->off = start;
	t->size = s->size > start ? s->size - start : 0;
	t->sniffed = 1;
	t->max_line = s->max_line;
	t->limit = end == UINT64_MAX ? end : end - start;
	return t;
}

ft_source *
source_reopen(const ft_source *s, ft_diag *err)
{
	if (s->mem != NULL)
		return source_open_mem(s->mem, s->mem_len, s->name);
	struct stat st;
	if (s->fd < 0 || s->pread || fstat(s->fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		diag_set(err, "%s: not a regular file: cannot be read twice", s->name);
		return NULL;
	}
	int fd = dup(s->fd);
	if (fd < 0) {
		diag_set(err, "%s: %s", s->name, strerror(errno));
		return NULL;
	}
	ft_source *t = source_alloc(s->name, RAW_SIZE, BUF_SIZE);
	t->fd = fd;
	t->own_fd = 1;
	t->pread = 1;
	t->off = 0;
	t->size = (uint64_t)st.st_size;
	t->max_line = s->max_line;
	return t;
}
