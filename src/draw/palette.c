/* palette.c - the colours of frames (see palette.h). */
#include "draw/palette.h"

#include <math.h>

#include "profile/intern.h"

static uint32_t
rgb(double r, double g, double b)
{
	return (uint32_t)r << 16 | (uint32_t)g << 8 | (uint32_t)b;
}

static uint64_t
name_hash(const ft_profile *p, uint32_t name, size_t n)
{
	return intern_hash(intern_str(p->names, name), n);
}

/* Length of the package part of a name: the text before the last
 * separator ("::", ".", "/") that comes before any '(' or '<'. */
static size_t
package_len(const char *s, size_t n)
{
	size_t end = n, cut = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '(' || s[i] == '<' || s[i] == ' ') {
			end = i;
			break;
		}
	}
	for (size_t i = 0; i < end; i++) {
		if (s[i] == ':' && i + 1 < end && s[i + 1] == ':')
			cut = i, i++;
		else if (s[i] == '.' || s[i] == '/')
			cut = i;
	}
	/* Go: "github.com/x/y.Func" - the package is up to the last '.' after
	 * the last '/'; the scan above already gives that.  A name with no
	 * separator is its own package. */
	return cut > 0 ? cut : end;
}

static uint32_t
hue_rgb(double h, double s, double v)
{
	double c = v * s, hp = h * 6, x = c * (1 - fabs(fmod(hp, 2) - 1));
	double r = 0, g = 0, b = 0;
	switch ((int)hp % 6) {
	case 0: r = c, g = x; break;
	case 1: r = x, g = c; break;
	case 2: g = c, b = x; break;
	case 3: g = x, b = c; break;
	case 4: r = x, b = c; break;
	default: r = c, b = x; break;
	}
	double m = v - c;
	return rgb((r + m) * 255, (g + m) * 255, (b + m) * 255);
}

/* Heat: a node's self value as a fraction of the largest self. */
static double
heat_of(const ft_view *v, uint32_t node)
{
	ft_val s = profile_self(v->prof, node, v->col);
	double f = v->max_self > 0 && s > 0 ? (double)s / (double)v->max_self : 0;
	return f > 1 ? 1 : f;
}

/* The package's hash of a frame name (package_len). */
static uint64_t
package_hash(const ft_profile *p, uint32_t name)
{
	const char *s = intern_str(p->names, name);
	return intern_hash(s, package_len(s, intern_len(p->names, name)));
}

/* Node's colour by its name (kind, package or hot palette) in p. */
static uint32_t
name_color(const ft_view *v, const ft_profile *p, uint32_t node)
{
	uint32_t name = p->nodes[node].name;
	int kind = intern_kind(p->names, name);
	size_t len = intern_len(p->names, name);
	uint64_t h = name_hash(p, name, len);
	double v1 = (double)(h & 0xff) / 255.0, v2 = (double)((h >> 8) & 0xff) / 255.0,
	       v3 = (double)((h >> 16) & 0xff) / 255.0;
	/* Frame kinds: hues the hot palette (red to yellow) never takes. */
	if (kind == FT_KIND_KERNEL) /* blue */
		return rgb(110 + 40 * v2, 150 + 40 * v1, 230 + 25 * v3);
	if (kind == FT_KIND_JIT) /* green */
		return rgb(60 + 60 * v2, 190 + 55 * v1, 60 + 60 * v3);
	if (kind == FT_KIND_INLINED) /* aqua */
		return rgb(70 + 40 * v2, 200 + 40 * v1, 200 + 40 * v3);
	if (v->color == COLOR_PACKAGE) {
		double hue = (double)(package_hash(p, name) % 360) / 360.0;
		return hue_rgb(hue, 0.45, 0.92);
	}
	if (node == FT_ROOT)
		return rgb(210, 210, 210);
	/* flamegraph.pl's "hot" palette */
	return rgb(205 + 50 * v3, 230 * v1, 55 * v2);
}

uint32_t
render_frame_color(const ft_view *v, uint32_t node)
{
	if (v->color == COLOR_HEAT) {
		double f = heat_of(v, node);
		/* pale yellow (cold) to deep red (hot), as render_heat_style() */
		return rgb(250 - 40 * f, 240 - 200 * f, 180 - 150 * f);
	}
	return name_color(v, v->prof, node);
}

/* The eight ANSI colours as xterm draws them (tui.c maps these exactly). */
enum {
	A_BLACK = 0x000000, A_RED = 0xcd0000, A_GREEN = 0x00cd00, A_YELLOW = 0xcdcd00,
	A_BLUE = 0x0000ee, A_MAGENTA = 0xcd00cd, A_CYAN = 0x00cdcd, A_WHITE = 0xe5e5e5,
};

/* 8 and 16 colours: a few backgrounds, so frames are told apart by colour
 * and text colour and weight together.  Kinds each have their own
 * combination; packages take the others (none is a kind's or the search
 * match's magenta); heat is an ordered scale. */
static const ft_style kind_few[FT_KIND_COUNT] = {
	[FT_KIND_KERNEL] = {A_WHITE, A_BLUE, 0},
	[FT_KIND_JIT] = {A_BLACK, A_GREEN, 0},
	[FT_KIND_INLINED] = {A_BLACK, A_CYAN, 0},
};
static const ft_style package_few[] = {
	{A_BLACK, A_RED, 0}, {A_BLACK, A_YELLOW, 0}, {A_BLACK, A_WHITE, 0},
	{A_WHITE, A_GREEN, FT_A_BOLD}, {A_YELLOW, A_BLUE, FT_A_BOLD}, {A_BLUE, A_CYAN, 0},
	{A_YELLOW, A_RED, FT_A_BOLD}, {A_BLUE, A_WHITE, 0}, {A_RED, A_YELLOW, 0},
};
static const ft_style heat_few[] = {
	{A_BLACK, A_WHITE, 0}, {A_BLACK, A_YELLOW, 0}, {A_RED, A_YELLOW, FT_A_BOLD},
	{A_BLACK, A_RED, 0}, {A_YELLOW, A_RED, FT_A_BOLD},
};

static int
few_colors(const ft_view *v)
{
	return v->colors > 0 && v->colors <= 16;
}

/* Heat colour of a self-time fraction f (0: none, 1: the hottest). */
ft_style
render_heat_style(const ft_view *v, double f)
{
	if (few_colors(v)) /* no self time, then four quarters */
		return heat_few[f <= 0 ? 0 : f < 0.25 ? 1 : f < 0.5 ? 2 : f < 0.75 ? 3 : 4];
	/* pale yellow (cold) to deep red (hot) */
	return (ft_style){A_BLACK, rgb(250 - 40 * f, 240 - 200 * f, 180 - 150 * f), 0};
}

/* The tint of a frame kind (its middle shade in full colour). */
ft_style
render_kind_style(const ft_view *v, int kind)
{
	if (few_colors(v))
		return kind_few[kind];
	return (ft_style){A_BLACK, kind == FT_KIND_KERNEL ? rgb(130, 170, 242) :
	    kind == FT_KIND_JIT ? rgb(90, 217, 90) : rgb(90, 220, 220), 0};
}

ft_style
render_frame_style(const ft_view *v, uint32_t node)
{
	if (v->color == COLOR_HEAT)
		return render_heat_style(v, heat_of(v, node));
	return render_name_style(v, v->prof, node);
}

ft_style
render_name_style(const ft_view *v, const ft_profile *p, uint32_t node)
{
	if (!few_colors(v))
		return (ft_style){A_BLACK, name_color(v, p, node), 0};
	uint32_t name = p->nodes[node].name;
	int kind = intern_kind(p->names, name);
	if (kind == FT_KIND_KERNEL || kind == FT_KIND_JIT || kind == FT_KIND_INLINED)
		return kind_few[kind];
	if (v->color == COLOR_PACKAGE)
		return package_few[package_hash(p, name) % (sizeof(package_few) / sizeof(package_few[0]))];
	if (node == FT_ROOT)
		return (ft_style){A_BLACK, A_WHITE, 0};
	/* The hot palette: red and yellow. */
	uint64_t h = name_hash(p, name, intern_len(p->names, name));
	return (ft_style){A_BLACK, (h >> 8) & 1 ? A_YELLOW : A_RED, 0};
}

const char *
render_color_name(const ft_view *v)
{
	switch (v->color) {
	case COLOR_PACKAGE: return "package";
	case COLOR_HEAT: return "heat";
	case COLOR_DTOTAL: return "total delta";
	case COLOR_DSELF: return "self delta";
	default: return "name";
	}
}
