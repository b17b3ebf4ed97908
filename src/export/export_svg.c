/* export_svg.c - interactive SVG flame graph (see export_svg.h).
 *
 * Geometry is the screen's, in floating point pixels instead of cells:
 * the zoom frame fills the inner width, a child at value offset off inside
 * it starts at off * width / total, so children stay inside their parents
 * and nothing is rounded to a cell.  Frames narrower than min_px are left
 * out with everything under them (they would be invisible slivers; the
 * parent's width still counts them).  Ancestors of the zoom frame are
 * drawn above it at full width, as the viewer draws them.
 *
 * Each frame is one element:
 *     <g class="f[ m]" data-v="TOTAL" data-d="DEPTH"[ data-c="#rrggbb"]>
 *       <title>NAME&#10;details...</title><rect .../><text ...>label</text></g>
 * class m marks a search match (drawn in the match colour; data-c keeps
 * the frame's own colour).  The script at the end reads these elements
 * back: hover shows the title in the details line, a click zooms (frames
 * inside the clicked one are rescaled from their stored geometry, its
 * ancestors widened, the rest hidden), Ctrl-F or "Search" asks for a
 * regex and recolours the matches, and "Matched" sums the matching frames
 * of the zoomed view, each stack once (a match inside a match is skipped).
 * No recursion on tree depth: frames are collected with an explicit stack.
 */
#include "export/export_svg.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ops/function_table.h"
#include "profile/units.h"
#include "base/fmtnum.h"
#include "base/utf8.h"
#include "base/xalloc.h"

#define SVG_PAD 10.0      /* left and right margin */
#define SVG_ROW 16.0      /* row pitch */
#define SVG_FH 15.0       /* frame height (one pixel gap between rows) */
#define SVG_TOP 60.0      /* title, subtitle, buttons */
#define SVG_BUTTONS 110.0 /* room of "Reset zoom" and "Clear search" beside the title */
#define SVG_BOTTOM 30.0   /* details line */
#define SVG_CHAR_W 7.2    /* monospace 12px: 0.6 em per character */
#define SVG_MATCH "#e600e6"

/* --- text ------------------------------------------------------------------ */

struct sbuf {
	char *d;
	size_t len, cap;
};

static void
sb_put(struct sbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = grow_cap(b->cap, b->len + n + 1, 256);
		b->d = xrealloc(b->d, b->cap);
	}
	memcpy(b->d + b->len, s, n);
	b->len += n;
	b->d[b->len] = '\0';
}

static int
is_bidi_control(uint32_t cp)
{
	return cp == 0x061c || cp == 0x200e || cp == 0x200f ||
	    (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

/* Characters XML 1.0 does not allow even as references, besides C0
 * controls: U+FFFE and U+FFFF. */
static int
is_xml_nonchar(uint32_t cp)
{
	return cp == 0xfffe || cp == 0xffff;
}

/* s[0..n) as text safe to show: valid UTF-8, no controls, no bidi
 * overrides (escaped as \xNN or \uXXXX), invalid bytes as U+FFFD.
 * Returns the number of code points appended. */
static size_t
display_text(struct sbuf *b, const char *s, size_t n)
{
	size_t cps = 0;
	for (size_t i = 0; i < n;) {
		/* A run of printable ASCII (no control, nothing to escape
		 * here) goes in as it is, in one copy. */
		size_t j = i;
		while (j < n && (unsigned char)s[j] >= 0x20 && (unsigned char)s[j] < 0x7f)
			j++;
		if (j > i) {
			sb_put(b, s + i, j - i);
			cps += j - i;
			i = j;
			continue;
		}
		uint32_t cp;
		size_t k = utf8_decode(s + i, n - i, &cp);
		char esc[16];
		if (k == 0) {
			sb_put(b, "\xef\xbf\xbd", 3);
			cps++;
			i++;
			continue;
		}
		if (cp_is_control(cp)) {
			int m = snprintf(esc, sizeof(esc), "\\x%02x", (unsigned)cp);
			sb_put(b, esc, (size_t)m);
			cps += (size_t)m;
		} else if (is_bidi_control(cp) || is_xml_nonchar(cp)) {
			int m = snprintf(esc, sizeof(esc), "\\u%04x", (unsigned)cp);
			sb_put(b, esc, (size_t)m);
			cps += (size_t)m;
		} else {
			sb_put(b, s + i, k);
			cps++;
		}
		i += k;
	}
	return cps;
}

/* Write valid UTF-8 text with the five XML specials as entities. */
static void
xml_put(FILE *out, const char *s, size_t n)
{
	size_t start = 0;
	for (size_t i = 0; i < n; i++) {
		const char *ent = NULL;
		switch (s[i]) {
		case '&': ent = "&amp;"; break;
		case '<': ent = "&lt;"; break;
		case '>': ent = "&gt;"; break;
		case '"': ent = "&quot;"; break;
		case '\'': ent = "&#39;"; break;
		case '\n': ent = "&#10;"; break;
		default: break;
		}
		if (ent != NULL) {
			fwrite(s + start, 1, i - start, out);
			fputs(ent, out);
			start = i + 1;
		}
	}
	fwrite(s + start, 1, n - start, out);
}

void
svg_put_text(FILE *out, const char *s, size_t n)
{
	struct sbuf b = {0};
	display_text(&b, s, n);
	xml_put(out, b.d != NULL ? b.d : "", b.len);
	free(b.d);
}

static void
put_cstr(FILE *out, const char *s)
{
	if (s != NULL)
		svg_put_text(out, s, strlen(s));
}

/* --- frames ---------------------------------------------------------------- */

struct frame {
	uint32_t node;
	uint32_t depth;
	double x, w;
};

struct frames {
	struct frame *v;
	size_t n, cap;
	uint32_t max_depth;
};

static void
frames_push(struct frames *f, uint32_t node, uint32_t depth, double x, double w)
{
	if (f->n == f->cap) {
		f->cap = grow_cap(f->cap, f->n + 1, 1024);
		f->v = xreallocarray(f->v, f->cap, sizeof(*f->v));
	}
	f->v[f->n++] = (struct frame){node, depth, x, w};
	if (depth > f->max_depth)
		f->max_depth = depth;
}

static ft_val
width_of(ft_widths w, uint32_t n)
{
	ft_val v = w.w[(size_t)n * w.stride];
	return v > 0 ? v : 0;
}

/* Every frame at least min_px wide: the zoom frame's ancestors at full
 * width, then its subtree, depth first with an explicit stack. */
static void
collect(struct frames *f, const ft_svg_opts *o, double inner, double min_px)
{
	const ft_profile *p = o->p;
	uint32_t zd = profile_depth(p, o->zoom), d = zd;
	for (uint32_t n = p->nodes[o->zoom].parent; n != FT_NONE; n = p->nodes[n].parent)
		frames_push(f, n, --d, SVG_PAD, inner);
	ft_val total = width_of(o->w, o->zoom);
	frames_push(f, o->zoom, zd, SVG_PAD, inner);
	if (total == 0)
		return;
	double scale = inner / (double)total;
	size_t *stack = NULL, sn = 0, scap = 0;
	stack = xreallocarray(stack, scap = 64, sizeof(*stack));
	stack[sn++] = f->n - 1;
	while (sn > 0) {
		struct frame parent = f->v[stack[--sn]];
		double x = parent.x;
		for (uint32_t c = p->nodes[parent.node].child; c != FT_NONE;
		    c = p->nodes[c].sibling) {
			double w = (double)width_of(o->w, c) * scale;
			if (w >= min_px) {
				frames_push(f, c, parent.depth + 1, x, w);
				if (p->nodes[c].child != FT_NONE) {
					if (sn == scap)
						stack = xreallocarray(stack, scap *= 2, sizeof(*stack));
					stack[sn++] = f->n - 1;
				}
			}
			x += w;
		}
	}
	free(stack);
}

static double unit_ns(const char *unit);

/* --- details text ---------------------------------------------------------- */

/* A count is shown in the type's own words ("12 samples"): the type
 * name for count columns, NULL for units units_human() spells out. */
static const char *
count_unit(const ft_profile *p, int col)
{
	const char *unit = p->types[col].unit;
	if (strcmp(unit, "count") == 0 || unit[0] == '\0')
		return p->types[col].name;
	if (unit_ns(unit) > 0 || strcmp(unit, "bytes") == 0 || strcmp(unit, "byte") == 0)
		return NULL;
	return unit;
}

static void
value_text(char *buf, size_t cap, const ft_profile *p, int col, ft_val v)
{
	char h[64], e[64];
	units_human(h, sizeof(h), p, col, v);
	val_format(e, sizeof(e), v, p->scale);
		const char *unit = count_unit(p, col);
	if (unit == NULL)
		unit = p->types[col].unit;
	if (strcmp(h, e) == 0)
		snprintf(buf, cap, "%s %s", e, unit);
	else
		snprintf(buf, cap, "%s (%s %s)", h, e, unit);
}

/* The lines after the name in a frame's title. */
static void
details_text(char *buf, size_t cap, const ft_svg_opts *o, uint32_t n)
{
	const ft_profile *p = o->p;
	char t[160], s[160], pa[32], pp[32], ps[32];
	uint32_t parent = p->nodes[n].parent;
	if (o->cmp != NULL) {
		const ft_compare *c = o->cmp;
		char a[160], b[160], d[64], dp[32], sa[160], sb[160];
		ft_val ta = profile_total(p, n, CMP_A), tb = profile_total(p, n, CMP_B);
		ft_val delta = compare_delta(c, n, CMP_BASIS_TOTAL);
		value_text(a, sizeof(a), p, CMP_A, ta);
		value_text(b, sizeof(b), p, CMP_B, tb);
		val_format(d, sizeof(d), delta, p->scale);
		compare_pct(dp, sizeof(dp), ta, delta);
		units_pct(pa, sizeof(pa), (double)ta, (double)c->total[0]);
		units_pct(pp, sizeof(pp), (double)tb, (double)c->total[1]);
		value_text(sa, sizeof(sa), p, CMP_A, profile_self(p, n, CMP_A));
		value_text(sb, sizeof(sb), p, CMP_B, profile_self(p, n, CMP_B));
		snprintf(buf, cap, "A (%s): total %s, %s of A; self %s\n"
		    "B (%s): total %s, %s of B; self %s\nchange: %s%s (%s)",
		    c->src[0], a, pa, sa, c->src[1], b, pp, sb,
		    delta > 0 ? "+" : "", d, dp);
		return;
	}
	ft_val tot = profile_total(p, n, o->col), self = profile_self(p, n, o->col);
	ft_val all = o->whole > 0 ? o->whole : profile_total(p, FT_ROOT, o->col);
	value_text(t, sizeof(t), p, o->col, tot);
	value_text(s, sizeof(s), p, o->col, self);
	units_pct(pa, sizeof(pa), (double)tot, (double)all);
	units_pct(ps, sizeof(ps), (double)self, (double)all);
	if (parent != FT_NONE)
		units_pct(pp, sizeof(pp), (double)tot, (double)profile_total(p, parent, o->col));
	else
		snprintf(pp, sizeof(pp), "-");
	snprintf(buf, cap, "total: %s, %s of all, %s of parent\nself: %s, %s of all",
	    t, pa, pp, s, ps);
}

/* --- the script ------------------------------------------------------------- */

/* Interaction, kept free of '<' and '&' only for readability: it sits in
 * a CDATA section, whose one forbidden sequence it does not contain. */
static const char *const svg_script[] = {
	"\"use strict\";\n",
	"var frames = [], z0 = null, zoomed = null, pattern = null, loaded = false;\n",
	"var EPS = 0.002;\n",
	"function el(id) { return document.getElementById(id); }\n",
	"function fmt(v) {\n",
	"  v = v * U.mult;\n",
	"  var a = Math.abs(v), i = 0, s;\n",
	"  if (U.ns > 0) {\n",
	"    v *= U.ns; a = Math.abs(v);\n",
	"    if (a == 0) return \"0 s\";\n",
	"    if (a < 1e3) return v.toFixed(0) + \" ns\";\n",
	"    if (a < 1e6) return (v / 1e3).toPrecision(3) + \" us\";\n",
	"    if (a < 1e9) return (v / 1e6).toPrecision(3) + \" ms\";\n",
	"    if (a < 60e9) return (v / 1e9).toPrecision(3) + \" s\";\n",
	"    if (a < 3600e9) return (v / 60e9).toFixed(1) + \" min\";\n",
	"    return (v / 3600e9).toFixed(1) + \" h\";\n",
	"  }\n",
	"  if (U.bytes) {\n",
	"    s = [\"B\", \"KiB\", \"MiB\", \"GiB\", \"TiB\", \"PiB\", \"EiB\"];\n",
	"    while (a >= 1023.95 && i < 6) { a /= 1024; v /= 1024; i++; }\n",
	"    if (i == 0) return v.toFixed(0) + \" B\";\n",
	"    return v.toFixed(a < 9.995 ? 2 : a < 99.95 ? 1 : 0) + \" \" + s[i];\n",
	"  }\n",
	"  return (Math.round(v * 1e3) / 1e3).toLocaleString(\"en-US\") + \" \" + U.unit;\n",
	"}\n",
	"function pct(n, d) {\n",
	"  if (d == 0) return \"-\";\n",
	"  var p = 100 * n / d, a = Math.abs(p);\n",
	"  if (a >= 99.95 && a <= 100.05) return p.toFixed(0) + \"%\";\n",
	"  if (a >= 10 || a == 0) return p.toFixed(1) + \"%\";\n",
	"  if (a >= 0.1) return p.toFixed(2) + \"%\";\n",
	"  return p.toPrecision(2) + \"%\";\n",
	"}\n",
	"function label(f, w) {\n",
	"  var n = Math.floor((w - 3) / CHAR_W);\n",
	"  f.t.textContent = f.chars.length <= n ? f.name :\n",
	"    n >= 3 ? f.chars.slice(0, n - 2).join(\"\") + \"..\" : \"\";\n",
	"}\n",
	"function place(f, x, w, show) {\n",
	"  f.g.style.display = show ? \"\" : \"none\";\n",
	"  if (!show) return;\n",
	"  f.r.setAttribute(\"x\", x.toFixed(4));\n",
	"  f.r.setAttribute(\"width\", w.toFixed(4));\n",
	"  f.t.setAttribute(\"x\", (x + 3).toFixed(4));\n",
	"  label(f, w);\n",
	"}\n",
	"function inside(f, z) {\n",
	"  return f.x >= z.x - EPS && f.x + f.w <= z.x + z.w + EPS;\n",
	"}\n",
	"function zoom(z) {\n",
	"  zoomed = z;\n",
	"  var full = W - 2 * PAD;\n",
	"  frames.forEach(function (f) {\n",
	"    if (f.d >= z.d && inside(f, z))\n",
	"      place(f, PAD + (f.x - z.x) * full / z.w, f.w * full / z.w, true);\n",
	"    else if (f.d < z.d && inside(z, f))\n",
	"      place(f, PAD, full, true);\n",
	"    else\n",
	"      place(f, 0, 0, false);\n",
	"  });\n",
	"  el(\"reset\").style.visibility = z === z0 ? \"hidden\" : \"visible\";\n",
	"  matched();\n",
	"  keep();\n",
	"}\n",
	"/* The zoom (a frame's index) and the search in the URL's #, so a link\n",
	"   opens the same view; restored on load. */\n",
	"function keep() {\n",
	"  if (!window.history || !history.replaceState || !loaded) return;\n",
	"  var h = [];\n",
	"  if (zoomed && zoomed !== z0) h.push(\"zoom=\" + frames.indexOf(zoomed));\n",
	"  if (pattern !== null) h.push(\"s=\" + encodeURIComponent(pattern));\n",
	"  try { history.replaceState(null, \"\", h.length ? \"#\" + h.join(\"&\") :\n",
	"    location.pathname + location.search); } catch (e) {}\n",
	"}\n",
	"function restore() {\n",
	"  var h = (location.hash || \"\").replace(/^#/, \"\").split(\"&\"), z = null;\n",
	"  h.forEach(function (kv) {\n",
	"    var i = kv.indexOf(\"=\"), k = kv.slice(0, i), v = kv.slice(i + 1);\n",
	"    if (i < 0) return;\n",
	"    try { v = decodeURIComponent(v); } catch (e) { return; }\n",
	"    if (k == \"s\") search(v);\n",
	"    else if (k == \"zoom\" && /^[0-9]+$/.test(v) && +v < frames.length) z = frames[+v];\n",
	"  });\n",
	"  if (z) zoom(z);\n",
	"}\n",
	"/* A title longer than the room between the buttons ends in ... */\n",
	"function fit(t, room) {\n",
	"  if (!t.getComputedTextLength) return;\n",
	"  var full = t.textContent, chars = Array.from(full), n = chars.length;\n",
	"  while (n > 1 && t.getComputedTextLength() > room)\n",
	"    t.textContent = chars.slice(0, --n).join(\"\") + \"...\";\n",
	"  if (n < chars.length) t.setAttribute(\"data-full\", full);\n",
	"}\n",
	"function matched() {\n",
	"  var z = zoomed, hits = [], end = -Infinity, sum = 0;\n",
	"  frames.forEach(function (f) {\n",
	"    if (f.m && f.g.style.display != \"none\") hits.push(f);\n",
	"  });\n",
	"  if (pattern === null && hits.length == 0) { el(\"matched\").textContent = \"\"; return; }\n",
	"  hits.sort(function (a, b) { return a.x - b.x || a.d - b.d; });\n",
	"  hits.forEach(function (h) {\n",
	"    if (h.x >= end - EPS) { sum += h.d < z.d ? z.v : h.v; end = h.x + h.w; }\n",
	"  });\n",
	"  el(\"matched\").textContent = \"Matched: \" + pct(sum, z.v) + \" (\" + fmt(sum) + \")\";\n",
	"}\n",
	"function search(p) {\n",
	"  if (p === null) return;\n",
	"  var re = null;\n",
	"  if (p !== \"\") {\n",
	"    try { re = new RegExp(p, /[A-Z]/.test(p) ? \"\" : \"i\"); }\n",
	"    catch (e) { el(\"matched\").textContent = \"bad regex: \" + e.message; return; }\n",
	"  }\n",
	"  pattern = re ? p : null;\n",
	"  frames.forEach(function (f) {\n",
	"    f.m = re !== null && f.d > 0 && re.test(f.name);\n",
	"    f.r.setAttribute(\"fill\", f.m ? MATCH : f.c);\n",
	"    f.g.classList.toggle(\"m\", f.m);\n",
	"  });\n",
	"  el(\"search\").textContent = re ? \"Clear search\" : \"Search\";\n",
	"  matched();\n",
	"  keep();\n",
	"}\n",
	"function ask() {\n",
	"  if (pattern !== null) { search(\"\"); return; }\n",
	"  search(window.prompt(\"Search frames (regex; case-insensitive unless it has capitals)\", \"\"));\n",
	"}\n",
	"function frameOf(e) {\n",
	"  var g = e.target.closest ? e.target.closest(\"g.f\") : null;\n",
	"  return g ? g.ft : null;\n",
	"}\n",
	"function init() {\n",
	"  var gs = document.querySelectorAll(\"g.f\");\n",
	"  for (var i = 0; i < gs.length; i++) {\n",
	"    var g = gs[i], r = g.querySelector(\"rect\"), info = g.querySelector(\"title\").textContent;\n",
	"    var f = { g: g, r: r, t: g.querySelector(\"text\"), info: info,\n",
	"      name: info.split(\"\\n\")[0], x: +r.getAttribute(\"x\"), w: +r.getAttribute(\"width\"),\n",
	"      d: +g.getAttribute(\"data-d\"), v: +g.getAttribute(\"data-v\"),\n",
	"      c: g.getAttribute(\"data-c\") || r.getAttribute(\"fill\"), m: g.classList.contains(\"m\") };\n",
	"    f.chars = Array.from(f.name);\n",
	"    g.ft = f;\n",
	"    frames.push(f);\n",
	"    if (g.id == \"z0\") z0 = f;\n",
	"  }\n",
	"  zoomed = z0;\n",
	"  if (INITIAL_SEARCH !== null) pattern = INITIAL_SEARCH;\n",
	"  matched();\n",
	"  fit(el(\"title\"), W - 2 * PAD - 2 * BUTTONS);\n",
	"  fit(el(\"subtitle\"), W - 2 * PAD);\n",
	"  restore();\n",
	"  loaded = true;\n",
	"  keep();\n",
	"  var svg = document.documentElement, hint = el(\"details\").textContent;\n",
	"  svg.addEventListener(\"mouseover\", function (e) {\n",
	"    var f = frameOf(e);\n",
	"    el(\"details\").textContent = f ? f.info.replace(/\\n/g, \"  |  \") : hint;\n",
	"  });\n",
	"  svg.addEventListener(\"click\", function (e) {\n",
	"    var f = frameOf(e);\n",
	"    if (f) zoom(f);\n",
	"  });\n",
	"  el(\"reset\").addEventListener(\"click\", function (e) { e.stopPropagation(); zoom(z0); });\n",
	"  el(\"search\").addEventListener(\"click\", function (e) { e.stopPropagation(); ask(); });\n",
	"  window.addEventListener(\"keydown\", function (e) {\n",
	"    if ((e.ctrlKey || e.metaKey) && (e.key == \"f\" || e.key == \"F\") || e.key == \"F3\") {\n",
	"      e.preventDefault();\n",
	"      search(window.prompt(\"Search frames (regex; case-insensitive unless it has capitals)\",\n",
	"        pattern === null ? \"\" : pattern));\n",
	"    } else if (e.key == \"Escape\") {\n",
	"      zoom(z0);\n",
	"    }\n",
	"  });\n",
	"}\n",
	"init();\n",
};

static const char svg_style[] =
"text { font-family: monospace; font-size: 12px; fill: #000; }\n"
"#title { font-size: 16px; text-anchor: middle; }\n"
"#subtitle { fill: #444; text-anchor: middle; }\n"
"#reset, #search { fill: #1a3e9c; cursor: pointer; }\n"
"#search, #matched { text-anchor: end; }\n"
"g.f { cursor: pointer; }\n"
"g.f:hover rect { stroke: #000; stroke-width: 0.6; }\n"
"g.f text { pointer-events: none; }\n";

/* --- writing ---------------------------------------------------------------- */

static double
unit_ns(const char *unit)
{
	static const struct { const char *u; double ns; } t[] = {
		{"nanoseconds", 1}, {"ns", 1}, {"microseconds", 1e3}, {"us", 1e3},
		{"milliseconds", 1e6}, {"ms", 1e6}, {"seconds", 1e9}, {"s", 1e9},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (strcmp(unit, t[i].u) == 0)
			return t[i].ns;
	return 0;
}

/* A JavaScript string literal (inside CDATA): printable ASCII passes,
 * everything else as \uXXXX, so neither "]]>" nor a quote can end it. */
static void
js_string(FILE *out, const char *s)
{
	if (s == NULL) {
		fputs("null", out);
		return;
	}
	struct sbuf b = {0};
	display_text(&b, s, strlen(s));
	fputc('"', out);
	for (size_t i = 0; i < b.len;) {
		uint32_t cp;
		size_t k = utf8_decode(b.d + i, b.len - i, &cp);
		if (k == 0)
			k = 1, cp = 0xfffd;
		if (cp >= 0x20 && cp < 0x7f && cp != '"' && cp != '\\' && cp != '>' &&
		    cp != '<' && cp != '&')
			fputc((int)cp, out);
		else if (cp < 0x10000)
			fprintf(out, "\\u%04x", (unsigned)cp);
		else
			fprintf(out, "\\u%04x\\u%04x", (unsigned)(0xd800 + ((cp - 0x10000) >> 10)),
			    (unsigned)(0xdc00 + ((cp - 0x10000) & 0x3ff)));
		i += k;
	}
	fputc('"', out);
	free(b.d);
}

static void
write_frame(FILE *out, const ft_svg_opts *o, const struct frame *f, double y,
    struct sbuf *name, struct sbuf *line, char *info, size_t icap)
{
	const ft_profile *p = o->p;
	uint32_t nm = p->nodes[f->node].name;
	int hit = f->depth > 0 && o->hl != NULL && nm < o->hl_n && o->hl[nm];
	uint32_t rgb = o->color != NULL ? o->color(o->color_ctx, f->node) : 0xc8c8c8;
	char col[8];
	snprintf(col, sizeof(col), "#%06x", (unsigned)(rgb & 0xffffff));
	name->len = 0;
	size_t cps = display_text(name, intern_str(p->names, nm), intern_len(p->names, nm));
	/* The kind as the viewer's function table and --top name it
	 * (pprof's inline frames " (inline)", else "_[k]" ...). */
	const char *suf = frame_suffix(p, nm);
	sb_put(name, suf, strlen(suf));
	cps += strlen(suf);
	char v[32];
	/* data-v holds the width source's value: what zoom and Matched
	 * measure; it is an integer at the profile's scale. */
	snprintf(v, sizeof(v), "%lld", (long long)width_of(o->w, f->node));
	fprintf(out, "<g class=\"f%s\"%s data-v=\"%s\" data-d=\"%u\"", hit ? " m" : "",
	    f->node == o->zoom ? " id=\"z0\"" : "", v, f->depth);
	if (hit)
		fprintf(out, " data-c=\"%s\"", col);
	fputs("><title>", out);
	xml_put(out, name->d, name->len);
	details_text(info, icap, o, f->node);
	/* Program text with file names in it: escaped line by line. */
	for (const char *l = info; l != NULL;) {
		const char *nl = strchr(l, '\n');
		fputs("&#10;", out);
		line->len = 0;
		display_text(line, l, nl != NULL ? (size_t)(nl - l) : strlen(l));
		xml_put(out, line->d != NULL ? line->d : "", line->len);
		l = nl != NULL ? nl + 1 : NULL;
	}
	/* printf's "%.4f"/"%.1f" text (fmtnum.h), without its cost per
	 * number: six numbers on every frame. */
	char fx[FMT_FIXED_CAP], fy[FMT_FIXED_CAP], fw[FMT_FIXED_CAP],
	    fh[FMT_FIXED_CAP], tx[FMT_FIXED_CAP], ty[FMT_FIXED_CAP];
	fmt_fixed(fx, f->x, 4);
	fmt_fixed(fy, y, 1);
	fmt_fixed(fw, f->w, 4);
	fmt_fixed(fh, SVG_FH, 1);
	fmt_fixed(tx, f->x + 3, 4);
	fmt_fixed(ty, y + SVG_FH - 4, 1);
	const char *const parts[] = {"</title><rect x=\"", fx, "\" y=\"", fy, "\" width=\"", fw,
	    "\" height=\"", fh, "\" fill=\"", hit ? SVG_MATCH : col,
	    "\" rx=\"2\"/><text x=\"", tx, "\" y=\"", ty, "\">"};
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
		fputs(parts[i], out);
	/* The label: the whole name when it fits, else cut with "..". */
	long room = (long)floor((f->w - 3) / SVG_CHAR_W);
	if ((long)cps <= room) {
		xml_put(out, name->d, name->len);
	} else if (room >= 3) {
		size_t i = 0;
		for (long k = 0; k < room - 2 && i < name->len; k++) {
			uint32_t cp;
			size_t l = utf8_decode(name->d + i, name->len - i, &cp);
			i += l > 0 ? l : 1;
		}
		xml_put(out, name->d, i);
		fputs("..", out);
	}
	fputs("</text></g>\n", out);
}

/* Samples of the zoom frame under a search match, each stack once: a
 * matching node with no matching ancestor adds its width value; a match
 * above the zoom frame covers all of it.  Parents precede children in
 * node order (the builder's invariant), so one forward pass does. */
static ft_val
matched_value(const ft_svg_opts *o)
{
	const ft_profile *p = o->p;
	for (uint32_t n = p->nodes[o->zoom].parent; n != FT_NONE && n != FT_ROOT;
	    n = p->nodes[n].parent)
		if (p->nodes[n].name < o->hl_n && o->hl[p->nodes[n].name])
			return width_of(o->w, o->zoom);
	/* bit 0: a frame on the path (from the zoom frame down) matches;
	 * bit 1: inside the zoom subtree. */
	uint8_t *st = xcalloc(p->nnodes, 1);
	ft_val sum = 0;
	for (uint32_t i = 0; i < p->nnodes; i++) {
		uint32_t q = p->nodes[i].parent;
		int in = i == o->zoom || (q != FT_NONE && (st[q] & 2));
		if (!in)
			continue;
		uint32_t nm = p->nodes[i].name;
		int m = i != FT_ROOT && nm < o->hl_n && o->hl[nm];
		int above = i != o->zoom && (st[q] & 1);
		st[i] = (uint8_t)(2 | (m || above));
		if (m && !above)
			sum += width_of(o->w, i);
	}
	free(st);
	return sum;
}

int
export_svg(const ft_svg_opts *o, FILE *out, ft_diag *err)
{
	const ft_profile *p = o->p;
	double W = o->width > 0 ? o->width : 1200;
	if (W < 200)
		W = 200;
	double min_px = o->min_px > 0 ? o->min_px : 0.1;
	if (min_px < 0.01)
		min_px = 0.01; /* the script tells frames apart to 0.002 px */
	double inner = W - 2 * SVG_PAD;
	struct frames fr = {0};
	collect(&fr, o, inner, min_px);
	double H = SVG_TOP + SVG_ROW * (fr.max_depth + 1) + SVG_BOTTOM;

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n", out);
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n", W, H, W, H);
	fputs("<!-- flame graph written by flametui; interactive: hover for details, "
	    "click to zoom, Ctrl-F to search -->\n", out);
	fprintf(out, "<style type=\"text/css\"><![CDATA[\n%s]]></style>\n", svg_style);
	fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#f8f8f4\"/>\n",
	    W, H);
	/* Title and subtitle never run off the image or over the buttons,
	 * script or not: each is drawn in a nested <svg>, which clips (the
	 * script also ends a long one in ...). */
	double tw = W - 2 * SVG_PAD - 2 * SVG_BUTTONS;
	fprintf(out, "<svg x=\"%.1f\" y=\"0\" width=\"%.1f\" height=\"30\">"
	    "<text id=\"title\" x=\"%.1f\" y=\"22\">", SVG_PAD + SVG_BUTTONS, tw, tw / 2);
	put_cstr(out, o->title);
	fprintf(out, "</text></svg>\n<svg x=\"%.1f\" y=\"26\" width=\"%.1f\" height=\"20\">"
	    "<text id=\"subtitle\" x=\"%.1f\" y=\"14\">", SVG_PAD, W - 2 * SVG_PAD,
	    (W - 2 * SVG_PAD) / 2);
	put_cstr(out, o->subtitle);
	fputs("</text></svg>\n", out);
	fprintf(out, "<text id=\"reset\" x=\"%.1f\" y=\"22\" "
	    "style=\"visibility:hidden\">Reset zoom</text>\n", SVG_PAD);
	fprintf(out, "<text id=\"search\" x=\"%.1f\" y=\"22\">%s</text>\n", W - SVG_PAD,
	    o->search != NULL ? "Clear search" : "Search");

	char *info = xmalloc(4096);
	struct sbuf name = {0}, line = {0};
	for (size_t i = 0; i < fr.n; i++) {
		const struct frame *f = &fr.v[i];
		uint32_t row = o->flip ? fr.max_depth - f->depth : f->depth;
		write_frame(out, o, f, SVG_TOP + SVG_ROW * row, &name, &line, info, 4096);
	}
	free(name.d);
	free(line.d);
	free(info);

	/* The Matched line as the viewer computes it, over the whole tree
	 * (slivers too); the script redoes it from the drawn frames on load,
	 * on zoom and on every search. */
	char mline[128] = "";
	if (o->hl != NULL) {
		ft_val sum = matched_value(o);
		char pc[32], hv[64];
		units_pct(pc, sizeof(pc), (double)sum, (double)width_of(o->w, o->zoom));
		units_human(hv, sizeof(hv), p, o->col, sum);
		snprintf(mline, sizeof(mline), "Matched: %s (%s%s%s)", pc, hv,
		    count_unit(p, o->col) != NULL ? " " : "",
		    count_unit(p, o->col) != NULL ? count_unit(p, o->col) : "");
	}
	fprintf(out, "<text id=\"details\" x=\"%.1f\" y=\"%.1f\">", SVG_PAD, H - 10);
	fputs("hover over a frame for details; click to zoom; Ctrl-F to search", out);
	fprintf(out, "</text>\n<text id=\"matched\" x=\"%.1f\" y=\"%.1f\">", W - SVG_PAD, H - 10);
	put_cstr(out, mline);
	fputs("</text>\n", out);

	const char *unit = p->types[o->col].unit;
	const char *cu = count_unit(p, o->col);
	fputs("<script type=\"text/ecmascript\"><![CDATA[\n", out);
	fprintf(out, "var W = %.0f, PAD = %.1f, CHAR_W = %.1f, MATCH = \"%s\", BUTTONS = %.0f;\n",
	    W, SVG_PAD, SVG_CHAR_W, SVG_MATCH, SVG_BUTTONS);
	fprintf(out, "var U = { mult: 1e-%d, ns: %g, bytes: %d, unit: ", p->scale,
	    unit_ns(unit), strcmp(unit, "bytes") == 0 || strcmp(unit, "byte") == 0);
	js_string(out, cu != NULL ? cu : unit);
	fputs(" };\nvar INITIAL_SEARCH = ", out);
	js_string(out, o->hl != NULL ? (o->search != NULL ? o->search : "") : NULL);
	fputs(";\n", out);
	for (size_t i = 0; i < sizeof(svg_script) / sizeof(svg_script[0]); i++)
		fputs(svg_script[i], out);
	fputs("]]></script>\n</svg>\n", out);
	free(fr.v);
	if (fflush(out) != 0 || ferror(out)) {
		diag_set(err, "write error: %s", strerror(errno));
		return -1;
	}
	return 0;
}
