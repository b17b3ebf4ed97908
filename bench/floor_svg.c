/* floor_svg.c - the floor of `flametui --export svg` (make bench): the
 * cost of formatting and writing that SVG's bytes with stdio, one thread.
 *
 * Reads an SVG flametui wrote and parses every frame's element
 *   <g class="f" data-v="V" data-d="D"><title>NAME&#10;total: 9.10M (V
 *   samples), P% of all, Q% of parent&#10;self: ...</title><rect x="X"
 *   y="Y" width="W" height="H" fill="#RRGGBB" rx="2"/><text x=".." y="..">
 *   LABEL</text></g>
 * into its fields (numbers as integers and doubles, names unescaped).
 * Then, timed, writes the whole file again to /dev/null through one FILE
 * (the text before and after the frames as it is, every element from its
 * fields: printf formatting of every number, the short form of the counts
 * (of samples from 10000: 3 digits and k/M/G) worked out, NAME and LABEL XML-escaped).  Only the
 * writing is timed (best of 5): the layout, colours and labels, which
 * flametui works out from the tree, are left out, so this is a floor.
 * Checks its own output against the file (byte for byte, in memory
 * first) and prints the bytes, ms and MB/s.
 *
 * printf is not the fastest way to format: flametui formats its numbers
 * itself (base/fmtnum.c).  So the same is also done a second way, timed
 * apart ("direct"): every byte put into a 64 KiB buffer written out with
 * fwrite, numbers formatted by hand (an integer's digits; a fixed-point
 * number as the integer of v * 10^decimals rounded, printf's snprintf
 * only within 1e-6 of a tie or for %g), the same escaping.  Its output
 * is checked the same way.
 *
 *   floor_svg FILE.svg
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void *
must(void *p)
{
	if (p == NULL) {
		fputs("floor_svg: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

/* A total or self as written: "N samples" (plain), "9.10M (N samples)"
 * (the short form worked out from N), or in other units "4.3 min (N
 * nanoseconds)" (the short form's number kept with its decimals and its
 * suffix, the unit's name). */
struct cnt {
	uint64_t v;
	int plain, computed, sp;
	double sv;
	const char *suf, *unit;
	size_t sufn, unitn;
};

/* A percentage as written: its value and how (decimals, or %g). */
struct pct {
	double v;
	int prec; /* -1: %g; -2: "-" */
};

struct frame {
	size_t start, end;          /* the element's bytes in the file */
	uint64_t v;
	struct cnt total, self;
	unsigned d;
	int z0;                     /* id="z0" */
	struct pct all, parent, self_all;
	double x, y, w, h, tx, ty;
	int xp, yp, wp, hp, txp, typ; /* decimals of each */
	unsigned fill;
	char *name, *label;         /* unescaped, NUL-terminated */
};

static struct frame *fr;
static size_t nfr, cfr;
static const char *src;

/* --- parsing (not timed) ---------------------------------------------- */
static const char *at;

static int
lit(const char *s)
{
	size_t n = strlen(s);
	if (strncmp(at, s, n) != 0)
		return 0;
	at += n;
	return 1;
}

static uint64_t
num_u(void)
{
	char *e;
	uint64_t v = strtoull(at, &e, 10);
	at = e;
	return v;
}

static double
num_d(int *prec)
{
	char *e;
	double v = strtod(at, &e);
	const char *dot = memchr(at, '.', (size_t)(e - at));
	*prec = dot != NULL ? (int)(e - dot - 1) : 0;
	if (memchr(at, 'e', (size_t)(e - at)) != NULL)
		*prec = -1;
	at = e;
	return v;
}

static void
num_p(struct pct *p)
{
	if (*at == '-') {
		at++;
		p->prec = -2;
		return;
	}
	p->v = num_d(&p->prec);
}

/* Unescape up to stop into a new string. */
static char *
text_until(const char *stop)
{
	const char *e = strstr(at, stop);
	if (e == NULL)
		return NULL;
	char *out = must(malloc((size_t)(e - at) + 1)), *o = out;
	while (at < e) {
		if (*at != '&') {
			*o++ = *at++;
			continue;
		}
		static const struct { const char *ent; char c; } ents[] = {
			{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'},
			{"&apos;", '\''}, {"&#39;", '\''}, {"&#10;", '\n'},
		};
		size_t k;
		for (k = 0; k < sizeof(ents) / sizeof(ents[0]); k++)
			if (strncmp(at, ents[k].ent, strlen(ents[k].ent)) == 0)
				break;
		if (k == sizeof(ents) / sizeof(ents[0])) {
			free(out);
			return NULL;
		}
		*o++ = ents[k].c;
		at += strlen(ents[k].ent);
	}
	*o = 0;
	at = e + strlen(stop);
	return out;
}

/* The count after "total: " or "self: "; 1 ok. */
static int
count(struct cnt *c)
{
	const char *start = at;
	uint64_t a = num_u();
	if (lit(" samples,")) {
		at--;
		c->v = a;
		c->plain = 1;
		return 1;
	}
	at = start;
	c->sv = num_d(&c->sp);
	if (c->sp < 0)
		return 0;
	const char *e = strstr(at, " (");
	if (e == NULL || e - at > 8)
		return 0;
	c->suf = at;
	c->sufn = (size_t)(e - at);
	at = e + 2;
	c->v = num_u();
	if (!lit(" "))
		return 0;
	e = strchr(at, ')');
	if (e == NULL || e - at > 32)
		return 0;
	c->unit = at;
	c->unitn = (size_t)(e - at);
	at = e + 1;
	c->computed = c->unitn == 7 && memcmp(c->unit, "samples", 7) == 0;
	return 1;
}

static int
parse_frame(struct frame *f)
{
	if (!lit("<g class=\"f\" "))
		return 0;
	f->z0 = lit("id=\"z0\" ");
	if (!lit("data-v=\""))
		return 0;
	f->v = num_u();
	if (!lit("\" data-d=\""))
		return 0;
	f->d = (unsigned)num_u();
	if (!lit("\"><title>") || (f->name = text_until("&#10;total: ")) == NULL)
		return 0;
	if (!count(&f->total) || f->total.v != f->v || !lit(", "))
		return 0;
	num_p(&f->all);
	if (!lit("% of all, "))
		return 0;
	num_p(&f->parent);
	if (!lit(f->parent.prec == -2 ? " of parent&#10;self: " : "% of parent&#10;self: "))
		return 0;
	if (!count(&f->self) || !lit(", "))
		return 0;
	num_p(&f->self_all);
	if (!lit("% of all</title><rect x=\""))
		return 0;
	f->x = num_d(&f->xp);
	if (!lit("\" y=\""))
		return 0;
	f->y = num_d(&f->yp);
	if (!lit("\" width=\""))
		return 0;
	f->w = num_d(&f->wp);
	if (!lit("\" height=\""))
		return 0;
	f->h = num_d(&f->hp);
	if (!lit("\" fill=\"#"))
		return 0;
	char *e;
	f->fill = (unsigned)strtoul(at, &e, 16);
	if (e - at != 6)
		return 0;
	at = e;
	if (!lit("\" rx=\"2\"/><text x=\""))
		return 0;
	f->tx = num_d(&f->txp);
	if (!lit("\" y=\""))
		return 0;
	f->ty = num_d(&f->typ);
	if (!lit("\">") || (f->label = text_until("</text></g>\n")) == NULL)
		return 0;
	return 1;
}

static double
now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* --- writing (timed) -------------------------------------------------- */
static void
put_escaped(FILE *o, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", o); break;
		case '<': fputs("&lt;", o); break;
		case '>': fputs("&gt;", o); break;
		case '"': fputs("&quot;", o); break;
		case '\'': fputs("&#39;", o); break;
		case '\n': fputs("&#10;", o); break;
		default: putc(*s, o);
		}
	}
}

static void
put_count(FILE *o, const struct cnt *c)
{
	uint64_t v = c->v;
	if (c->plain) {
		fprintf(o, "%" PRIu64 " samples", v);
		return;
	}
	if (!c->computed) {
		fprintf(o, "%.*f%.*s (%" PRIu64 " %.*s)", c->sp, c->sv, (int)c->sufn, c->suf, v,
		    (int)c->unitn, c->unit);
		return;
	}
	static const char units[] = "kMGTPE";
	double s = (double)v;
	int u = -1;
	while (s >= 999.95 && u < 5) {
		s /= 1000;
		u++;
	}
	fprintf(o, "%.*f%c (%" PRIu64 " samples)", s < 9.995 ? 2 : s < 99.95 ? 1 : 0, s,
	    units[u], v);
}

static void
put_pct(FILE *o, const struct pct *p)
{
	if (p->prec == -2)
		putc('-', o);
	else if (p->prec == -1)
		fprintf(o, "%g%%", p->v);
	else
		fprintf(o, "%.*f%%", p->prec, p->v);
}

static void
put_frame(FILE *o, const struct frame *f)
{
	fprintf(o, "<g class=\"f\" %sdata-v=\"%" PRIu64 "\" data-d=\"%u\"><title>",
	    f->z0 ? "id=\"z0\" " : "", f->v, f->d);
	put_escaped(o, f->name);
	fputs("&#10;total: ", o);
	put_count(o, &f->total);
	fputs(", ", o);
	put_pct(o, &f->all);
	fputs(" of all, ", o);
	put_pct(o, &f->parent);
	fputs(" of parent&#10;self: ", o);
	put_count(o, &f->self);
	fputs(", ", o);
	put_pct(o, &f->self_all);
	fprintf(o, " of all</title><rect x=\"%.*f\" y=\"%.*f\" width=\"%.*f\" height=\"%.*f\" "
	    "fill=\"#%06x\" rx=\"2\"/><text x=\"%.*f\" y=\"%.*f\">", f->xp, f->x, f->yp, f->y,
	    f->wp, f->w, f->hp, f->h, f->fill, f->txp, f->tx, f->typ, f->ty);
	put_escaped(o, f->label);
	fputs("</text></g>\n", o);
}

/* --- the same, formatted by hand into a buffer ------------------------ */
static char wb[1 << 16];
static size_t wn;
static FILE *wf;

static void
w_flush(void)
{
	fwrite(wb, 1, wn, wf);
	wn = 0;
}

static inline void
w_mem(const char *s, size_t n)
{
	if (wn + n > sizeof(wb)) {
		w_flush();
		if (n > sizeof(wb)) {
			fwrite(s, 1, n, wf);
			return;
		}
	}
	memcpy(wb + wn, s, n);
	wn += n;
}

#define W_LIT(s) w_mem(s, sizeof(s) - 1)

static inline void
w_u64(uint64_t v)
{
	char t[24];
	int n = 0;
	do {
		t[sizeof(t) - 1 - n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	w_mem(t + sizeof(t) - n, (size_t)n);
}

/* "%.*f" of v >= 0 with prec <= 4. */
static void
w_fixed(double v, int prec)
{
	static const double p10[] = {1, 10, 100, 1000, 10000};
	double a = v * p10[prec];
	uint64_t k = (uint64_t)a;
	double frac = a - (double)k;
	if (v < 0 || prec > 4 || !(a < 2147483648.0) ||
	    (frac - 0.5 < 1e-6 && 0.5 - frac < 1e-6)) {
		char t[64];
		int n = snprintf(t, sizeof(t), "%.*f", prec, v);
		w_mem(t, (size_t)n);
		return;
	}
	uint64_t r = k + (frac > 0.5);
	char t[32];
	int n = 0;
	for (int i = 0; i < prec; i++) {
		t[sizeof(t) - 1 - n++] = (char)('0' + r % 10);
		r /= 10;
	}
	if (prec > 0)
		t[sizeof(t) - 1 - n++] = '.';
	do {
		t[sizeof(t) - 1 - n++] = (char)('0' + r % 10);
		r /= 10;
	} while (r > 0);
	w_mem(t + sizeof(t) - n, (size_t)n);
}

static void
w_escaped(const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': W_LIT("&amp;"); break;
		case '<': W_LIT("&lt;"); break;
		case '>': W_LIT("&gt;"); break;
		case '"': W_LIT("&quot;"); break;
		case '\'': W_LIT("&#39;"); break;
		case '\n': W_LIT("&#10;"); break;
		default:
			if (wn == sizeof(wb))
				w_flush();
			wb[wn++] = *s;
		}
	}
}

static void
w_count(const struct cnt *c)
{
	uint64_t v = c->v;
	if (c->plain) {
		w_u64(v);
		W_LIT(" samples");
		return;
	}
	if (!c->computed) {
		w_fixed(c->sv, c->sp);
		w_mem(c->suf, c->sufn);
		W_LIT(" (");
		w_u64(v);
		W_LIT(" ");
		w_mem(c->unit, c->unitn);
		W_LIT(")");
		return;
	}
	static const char units[] = "kMGTPE";
	double s = (double)v;
	int u = -1;
	while (s >= 999.95 && u < 5) {
		s /= 1000;
		u++;
	}
	w_fixed(s, s < 9.995 ? 2 : s < 99.95 ? 1 : 0);
	w_mem(&units[u], 1);
	W_LIT(" (");
	w_u64(v);
	W_LIT(" samples)");
}

static void
w_pct(const struct pct *p)
{
	if (p->prec == -2) {
		W_LIT("-");
	} else if (p->prec == -1) {
		char t[64];
		int n = snprintf(t, sizeof(t), "%g%%", p->v);
		w_mem(t, (size_t)n);
	} else {
		w_fixed(p->v, p->prec);
		W_LIT("%");
	}
}

static void
w_frame(const struct frame *f)
{
	static const char hex[] = "0123456789abcdef";
	if (f->z0)
		W_LIT("<g class=\"f\" id=\"z0\" data-v=\"");
	else
		W_LIT("<g class=\"f\" data-v=\"");
	w_u64(f->v);
	W_LIT("\" data-d=\"");
	w_u64(f->d);
	W_LIT("\"><title>");
	w_escaped(f->name);
	W_LIT("&#10;total: ");
	w_count(&f->total);
	W_LIT(", ");
	w_pct(&f->all);
	W_LIT(" of all, ");
	w_pct(&f->parent);
	W_LIT(" of parent&#10;self: ");
	w_count(&f->self);
	W_LIT(", ");
	w_pct(&f->self_all);
	W_LIT(" of all</title><rect x=\"");
	w_fixed(f->x, f->xp);
	W_LIT("\" y=\"");
	w_fixed(f->y, f->yp);
	W_LIT("\" width=\"");
	w_fixed(f->w, f->wp);
	W_LIT("\" height=\"");
	w_fixed(f->h, f->hp);
	char c[7] = {'#'};
	for (int i = 0; i < 6; i++)
		c[1 + i] = hex[f->fill >> (20 - 4 * i) & 15];
	W_LIT("\" fill=\"");
	w_mem(c, 7);
	W_LIT("\" rx=\"2\"/><text x=\"");
	w_fixed(f->tx, f->txp);
	W_LIT("\" y=\"");
	w_fixed(f->ty, f->typ);
	W_LIT("\">");
	w_escaped(f->label);
	W_LIT("</text></g>\n");
}

/* The whole file: the text between frames as it is, frames formatted
 * (direct: by hand into the buffer; else with stdio's printf). */
static void
write_all(FILE *o, size_t len, int direct)
{
	size_t pos = 0;
	wf = o;
	for (size_t i = 0; i < nfr; i++) {
		if (direct) {
			w_mem(src + pos, fr[i].start - pos);
			w_frame(&fr[i]);
		} else {
			fwrite(src + pos, 1, fr[i].start - pos, o);
			put_frame(o, &fr[i]);
		}
		pos = fr[i].end;
	}
	if (direct) {
		w_mem(src + pos, len - pos);
		w_flush();
	} else {
		fwrite(src + pos, 1, len - pos, o);
	}
}

/* Write the file (direct or not) to memory: 1 when it is the same. */
static int
check(size_t len, int direct, size_t *mlen)
{
	char *mem = NULL;
	FILE *m = open_memstream(&mem, mlen);
	if (m == NULL)
		exit(1);
	write_all(m, len, direct);
	fclose(m);
	int same = *mlen == len && memcmp(mem, src, len) == 0;
	free(mem);
	return same;
}

/* Best of 5 writes of the whole file to /dev/null, in seconds. */
static double
timed(size_t len, int direct)
{
	FILE *o = fopen("/dev/null", "w");
	if (o == NULL)
		exit(1);
	double best = 1e9;
	for (int r = 0; r < 5; r++) {
		double t = now();
		write_all(o, len, direct);
		fflush(o);
		t = now() - t;
		if (t < best)
			best = t;
	}
	fclose(o);
	return best;
}

int
main(int argc, char **argv)
{
	if (argc != 2) {
		fputs("usage: floor_svg FILE.svg\n", stderr);
		return 2;
	}
	FILE *in = fopen(argv[1], "rb");
	if (in == NULL) {
		perror(argv[1]);
		return 1;
	}
	size_t len = 0, cap = 1 << 20;
	char *buf = must(malloc(cap + 1));
	for (size_t r; (r = fread(buf + len, 1, cap - len, in)) > 0;) {
		len += r;
		if (len == cap)
			buf = must(realloc(buf, (cap *= 2) + 1));
	}
	fclose(in);
	buf[len] = 0;
	src = buf;
	size_t bad = 0;
	for (const char *g = strstr(buf, "\n<g class=\"f\" "); g != NULL;
	     g = strstr(g + 1, "\n<g class=\"f\" ")) {
		if (nfr == cfr) {
			cfr = cfr ? cfr * 2 : 1024;
			fr = must(realloc(fr, cfr * sizeof(*fr)));
		}
		struct frame *f = &fr[nfr];
		*f = (struct frame){.start = (size_t)(g + 1 - buf)};
		at = g + 1;
		if (!parse_frame(f)) {
			bad++; /* left as text, written as it is */
			continue;
		}
		f->end = (size_t)(at - buf);
		nfr++;
	}
	/* Check: the same bytes as the file, both ways. */
	size_t mlen = 0, dlen = 0;
	int same = check(len, 0, &mlen), dsame = check(len, 1, &dlen);
	double t = timed(len, 0), dt = timed(len, 1);
	printf("frames=%zu unparsed=%zu bytes=%zu written=%zu identical=%s svg_ms=%.1f "
	    "mb_s=%.0f direct_written=%zu direct_identical=%s direct_ms=%.1f direct_mb_s=%.0f\n",
	    nfr, bad, len, mlen, same ? "yes" : "no", t * 1e3, (double)len / 1e6 / t, dlen,
	    dsame ? "yes" : "no", dt * 1e3, (double)len / 1e6 / dt);
	return same && dsame ? 0 : 1;
}
