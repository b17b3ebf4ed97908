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
 * (from 10000: 3 digits and k/M/G) worked out, NAME and LABEL XML-escaped).  Only the
 * writing is timed (best of 5): the layout, colours and labels, which
 * flametui works out from the tree, are left out, so this is a floor.
 * Checks its own output against the file (byte for byte, in memory
 * first) and prints the bytes, ms and MB/s.
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

/* A percentage as written: its value and how (decimals, or %g). */
struct pct {
	double v;
	int prec; /* -1: %g; -2: "-" */
};

struct frame {
	size_t start, end;          /* the element's bytes in the file */
	uint64_t v, self;
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

/* "total: " or "self: " and the count that follows; 1 ok. */
static int
count(uint64_t *v)
{
	uint64_t a = num_u();
	if (lit(" samples"))
		return *v = a, 1;
	/* The short form, then " (N samples)": only N is kept. */
	while (*at != ' ' && *at != 0)
		at++;
	if (!lit(" ("))
		return 0;
	*v = num_u();
	return lit(" samples)");
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
	uint64_t tv;
	if (!count(&tv) || tv != f->v || !lit(", "))
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
put_count(FILE *o, uint64_t v)
{
	if (v < 10000) {
		fprintf(o, "%" PRIu64 " samples", v);
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
	put_count(o, f->v);
	fputs(", ", o);
	put_pct(o, &f->all);
	fputs(" of all, ", o);
	put_pct(o, &f->parent);
	fputs(" of parent&#10;self: ", o);
	put_count(o, f->self);
	fputs(", ", o);
	put_pct(o, &f->self_all);
	fprintf(o, " of all</title><rect x=\"%.*f\" y=\"%.*f\" width=\"%.*f\" height=\"%.*f\" "
	    "fill=\"#%06x\" rx=\"2\"/><text x=\"%.*f\" y=\"%.*f\">", f->xp, f->x, f->yp, f->y,
	    f->wp, f->w, f->hp, f->h, f->fill, f->txp, f->tx, f->typ, f->ty);
	put_escaped(o, f->label);
	fputs("</text></g>\n", o);
}

/* The whole file: the text between frames as it is, frames formatted. */
static void
write_all(FILE *o, size_t len)
{
	size_t pos = 0;
	for (size_t i = 0; i < nfr; i++) {
		fwrite(src + pos, 1, fr[i].start - pos, o);
		put_frame(o, &fr[i]);
		pos = fr[i].end;
	}
	fwrite(src + pos, 1, len - pos, o);
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
	/* Check: the same bytes as the file. */
	char *mem = NULL;
	size_t mlen = 0;
	FILE *m = open_memstream(&mem, &mlen);
	if (m == NULL)
		return 1;
	write_all(m, len);
	fclose(m);
	size_t same = mlen == len ? 0 : 1;
	if (mlen == len)
		same = memcmp(mem, buf, len) == 0 ? 0 : 1;
	free(mem);
	FILE *o = fopen("/dev/null", "w");
	if (o == NULL)
		return 1;
	double best = 1e9;
	for (int r = 0; r < 5; r++) {
		double t = now();
		write_all(o, len);
		fflush(o);
		t = now() - t;
		if (t < best)
			best = t;
	}
	fclose(o);
	printf("frames=%zu unparsed=%zu bytes=%zu written=%zu identical=%s svg_ms=%.1f "
	    "mb_s=%.0f\n", nfr, bad, len, mlen, same ? "no" : "yes", best * 1e3,
	    (double)len / 1e6 / best);
	return same ? 1 : 0;
}
