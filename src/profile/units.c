/* units.c - human-readable values (see units.h). */
#include "profile/units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmtnum.h"

static double
unit_scale_ns(const char *unit)
{
	if (strcmp(unit, "nanoseconds") == 0 || strcmp(unit, "ns") == 0)
		return 1;
	if (strcmp(unit, "microseconds") == 0 || strcmp(unit, "us") == 0)
		return 1e3;
	if (strcmp(unit, "milliseconds") == 0 || strcmp(unit, "ms") == 0)
		return 1e6;
	if (strcmp(unit, "seconds") == 0 || strcmp(unit, "s") == 0)
		return 1e9;
	return 0;
}

static char *
human_count(char *buf, size_t cap, double v, int scale)
{
	double a = fabs(v);
	static const char *suf[] = {"", "k", "M", "G", "T", "P", "E"};
	/* "%.Nf%s" by fmt_fixed(), printf's text without its cost (the
	 * SVG export writes two of these a frame). */
	char t[FMT_FIXED_CAP];
	if (a < 10000) {
		if (scale > 0 && a != floor(a))
			snprintf(buf, cap, "%.3g", v);
		else
			snprintf(buf, cap, "%s", (fmt_fixed(t, v, 0), t));
		return buf;
	}
	int i = 0;
	while (a >= 999.95 && i < 6) {
		a /= 1000;
		v /= 1000;
		i++;
	}
	size_t l = fmt_fixed(t, v, a < 9.995 ? 2 : a < 99.95 ? 1 : 0);
	size_t sl = strlen(suf[i]);
	if (l + sl < cap) {
		memcpy(buf, t, l);
		memcpy(buf + l, suf[i], sl + 1);
	} else {
		snprintf(buf, cap, "%s%s", t, suf[i]);
	}
	return buf;
}

static char *
human_time(char *buf, size_t cap, double ns)
{
	double a = fabs(ns);
	if (a == 0)
		snprintf(buf, cap, "0 s");
	else if (a < 1e3)
		snprintf(buf, cap, "%.0f ns", ns);
	else if (a < 1e6)
		snprintf(buf, cap, "%.3g us", ns / 1e3);
	else if (a < 1e9)
		snprintf(buf, cap, "%.3g ms", ns / 1e6);
	else if (a < 60e9)
		snprintf(buf, cap, "%.3g s", ns / 1e9);
	else if (a < 3600e9)
		snprintf(buf, cap, "%.1f min", ns / 60e9);
	else
		snprintf(buf, cap, "%.1f h", ns / 3600e9);
	return buf;
}

static char *
human_bytes(char *buf, size_t cap, double b)
{
	static const char *suf[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
	double a = fabs(b);
	int i = 0;
	while (a >= 1023.95 && i < 6) {
		a /= 1024;
		b /= 1024;
		i++;
	}
	if (i == 0)
		snprintf(buf, cap, "%.0f B", b);
	else
		snprintf(buf, cap, a < 9.995 ? "%.2f %s" : a < 99.95 ? "%.1f %s" : "%.0f %s", b, suf[i]);
	return buf;
}

const char *
units_parse(const char *w)
{
	static const char *const map[][2] = {
		{"samples", "samples"}, {"sample", "samples"},
		{"ns", "nanoseconds"}, {"nanoseconds", "nanoseconds"},
		{"us", "microseconds"}, {"microseconds", "microseconds"},
		{"ms", "milliseconds"}, {"milliseconds", "milliseconds"},
		{"s", "seconds"}, {"seconds", "seconds"},
		{"bytes", "bytes"}, {"B", "bytes"},
		{"count", "count"},
	};
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(w, map[i][0]) == 0)
			return map[i][1];
	return NULL;
}

const char *
units_type_name(const char *unit)
{
	if (unit_scale_ns(unit) > 0)
		return "time";
	if (strcmp(unit, "bytes") == 0)
		return "space";
	if (strcmp(unit, "samples") == 0)
		return "samples";
	return "count";
}

int
units_is_count(const ft_profile *p, int col)
{
	const char *unit = p->types[col].unit;
	return unit_scale_ns(unit) == 0 && strcmp(unit, "bytes") != 0 &&
	    strcmp(unit, "byte") != 0;
}

char *
units_human(char *buf, size_t cap, const ft_profile *p, int col, ft_val v)
{
	double d = val_to_double(v, p->scale);
	const char *unit = p->types[col].unit;
	double ns = unit_scale_ns(unit);
	if (ns > 0)
		return human_time(buf, cap, d * ns);
	if (strcmp(unit, "bytes") == 0 || strcmp(unit, "byte") == 0)
		return human_bytes(buf, cap, d);
	return human_count(buf, cap, d, p->scale);
}

char *
units_type_label(char *buf, size_t cap, const ft_profile *p, int col)
{
	const ft_vtype *t = &p->types[col];
	if (strcmp(t->unit, "count") == 0 || t->unit[0] == '\0' ||
	    strcmp(t->unit, t->name) == 0)
		snprintf(buf, cap, "%s", t->name);
	else
		snprintf(buf, cap, "%s (%s)", t->name, t->unit);
	return buf;
}

char *
units_pct(char *buf, size_t cap, double num, double den)
{
	if (den == 0) {
		snprintf(buf, cap, "-");
		return buf;
	}
	double p = 100.0 * num / den;
	double a = fabs(p);
	int prec = a >= 99.95 && a <= 100.05 ? 0 : a >= 10 || a == 0 ? 1 : a >= 0.1 ? 2 : -1;
	if (prec < 0) {
		snprintf(buf, cap, "%.2g%%", p);
		return buf;
	}
	/* printf's "%.Nf%%", without its cost (the SVG export writes three
	 * shares a frame). */
	char t[FMT_FIXED_CAP];
	size_t l = fmt_fixed(t, p, prec);
	if (l + 2 <= cap) {
		memcpy(buf, t, l);
		buf[l] = '%';
		buf[l + 1] = '\0';
	} else {
		snprintf(buf, cap, "%s%%", t);
	}
	return buf;
}
