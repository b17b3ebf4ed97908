/* prompt_help.c - the `:` prompt's hint line and Tab (see prompt_help.h). */
#include "view/prompt_help.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "ops/filter_kind.h"
#include "profile/intern.h"

/* Every verb the prompt takes, in the order they are shown. */
static const struct verb {
	const char *name;
	const char *arg;      /* "" when it takes none */
	const char *what;
	int arg_kind;         /* 0 none, 1 a frame regex, 2 a label key */
} verbs[] = {
	{"focus", "RE", "keep only stacks with a frame matching RE, e.g. focus ^main\\.run$", 1},
	{"ignore", "RE", "drop stacks with a frame matching RE, e.g. ignore ^runtime\\.gc", 1},
	{"hide", "RE", "remove frames matching RE (callees move up), e.g. hide ^std::", 1},
	{"show-from", "RE", "re-root each stack at its outermost match, e.g. show-from ^main$", 1},
	{"prune-from", "RE", "cut each stack below its first match, e.g. prune-from ^malloc$", 1},
	{"show", "RE", "keep only the frames matching RE, e.g. show ^mypkg\\.", 1},
	{"tagfocus", "[KEY=]VALUE", "keep samples with a label value matching, e.g. tagfocus thread=main", 2},
	{"tagignore", "[KEY=]VALUE", "drop samples with a label value matching, e.g. tagignore thread=gc", 2},
	{"tagroot", "KEYS", "label values as root frames, e.g. tagroot thread", 2},
	{"tagleaf", "KEYS", "label values as leaf frames, e.g. tagleaf endpoint", 2},
	{"tagshow", "RE", "details panel: only the label keys matching RE, e.g. tagshow ^endpoint$", 0},
	{"taghide", "RE", "details panel: leave out the label keys matching RE, e.g. taghide ^pprof", 0},
	{"invert", "", "bottom-up graph: the roots are where samples were taken", 0},
	{"collapse-recursion", "[direct|all]", "merge recursive calls: direct (f;f) or all (f;g;f)", 0},
	{"time", "A,B", "the samples taken A to B seconds after the recording's start, e.g. time 2,4.5", 0},
	{"only-a", "", "comparison: only the call paths A alone has (what vanished)", 0},
	{"only-b", "", "comparison: only the call paths B alone has (what is new)", 0},
};
#define NVERBS ((int)(sizeof(verbs) / sizeof(verbs[0])))

/* The first word of text[0..len): [*w0, *w1); the rest starts at *rest. */
static void
first_word(const char *text, size_t len, size_t *w0, size_t *w1)
{
	size_t i = 0;
	while (i < len && (text[i] == ' ' || text[i] == '\t'))
		i++;
	*w0 = i;
	while (i < len && text[i] != ' ' && text[i] != '\t' && text[i] != '=')
		i++;
	*w1 = i;
}

/* The verb named s[0..n) (also with '_' for '-'), or -1. */
static int
verb_exact(const char *s, size_t n)
{
	for (int v = 0; v < NVERBS; v++) {
		const char *w = verbs[v].name;
		if (strlen(w) != n)
			continue;
		size_t i = 0;
		while (i < n && (s[i] == w[i] || (s[i] == '_' && w[i] == '-')))
			i++;
		if (i == n)
			return v;
	}
	return -1;
}

static int
verb_prefix(int v, const char *s, size_t n)
{
	const char *w = verbs[v].name;
	if (strlen(w) < n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!(s[i] == w[i] || (s[i] == '_' && w[i] == '-')))
			return 0;
	return 1;
}

/* Append item to buf (at *o, cap) with sep before it unless it is the
 * first, if it fits in width cells; 0 when it does not. */
static int
put_item(char *buf, size_t cap, size_t *o, int width, const char *sep, const char *item)
{
	size_t need = (*o > 0 ? strlen(sep) : 0) + strlen(item);
	if ((int)(*o + need) > width || *o + need + 1 > cap)
		return 0;
	*o += (size_t)snprintf(buf + *o, cap - *o, "%s%s", *o > 0 ? sep : "", item);
	return 1;
}

/* "focus RE" */
static void
verb_usage(int v, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s%s%s", verbs[v].name, verbs[v].arg[0] != '\0' ? " " : "", verbs[v].arg);
}

/* The verbs whose names start with s[0..n) after lead, as many as fit. */
static void
list_verbs(const char *lead, const char *s, size_t n, int usage, int width, char *buf, size_t cap)
{
	size_t o = 0;
	buf[0] = '\0';
	put_item(buf, cap, &o, width, "", lead);
	int shown = 0, fit = 1;
	for (int v = 0; v < NVERBS; v++) {
		if (!verb_prefix(v, s, n))
			continue;
		char item[64];
		if (usage)
			verb_usage(v, item, sizeof(item));
		else
			snprintf(item, sizeof(item), "%s", verbs[v].name);
		if (fit && !put_item(buf, cap, &o, width - 4, shown ? "  " : " ", item))
			fit = 0;
		if (fit)
			shown++;
	}
	if (!fit)
		put_item(buf, cap, &o, width, " ", "...");
}

const char *
prompt_filter_hint(const char *text, size_t len, int width, char *buf, size_t cap)
{
	size_t w0, w1;
	first_word(text, len, &w0, &w1);
	buf[0] = '\0';
	if (width <= 0 || cap == 0)
		return buf;
	int v = verb_exact(text + w0, w1 - w0);
	if (v >= 0 && (w1 < len || verbs[v].arg[0] == '\0')) {
		char u[64];
		verb_usage(v, u, sizeof(u));
		snprintf(buf, cap, "%s: %s", u, verbs[v].what);
		if ((int)strlen(buf) > width && width > 3)
			snprintf(buf + width - 3, cap - (size_t)(width - 3), "...");
		return buf;
	}
	int any = 0;
	for (int i = 0; i < NVERBS; i++)
		any |= verb_prefix(i, text + w0, w1 - w0);
	if (!any) {
		char lead[96];
		snprintf(lead, sizeof(lead), "no verb '%.*s'; verbs:", (int)(w1 - w0 > 40 ? 40 : w1 - w0),
		    text + w0);
		list_verbs(lead, "", 0, 0, width, buf, cap);
		return buf;
	}
	list_verbs(w1 > w0 ? "Tab completes:" : "verbs (Tab completes):", text + w0, w1 - w0, 1,
	    width, buf, cap);
	return buf;
}

const char *
prompt_filter_unknown(const char *text, int width, char *buf, size_t cap)
{
	size_t w0, w1;
	first_word(text, strlen(text), &w0, &w1);
	char lead[96];
	snprintf(lead, sizeof(lead), "no verb '%.*s'; verbs:", (int)(w1 - w0 > 40 ? 40 : w1 - w0),
	    text + w0);
	list_verbs(lead, "", 0, 0, width, buf, cap);
	return buf;
}

/* --- Tab ------------------------------------------------------------------ */

/* Replace p->text[from..p->cur) by s[0..n) and put the cursor after it. */
static int
replace_word(ft_prompt *p, size_t from, const char *s, size_t n)
{
	size_t tail = p->len - p->cur;
	if (from + n + tail + 1 > sizeof(p->text))
		return 0;
	if (p->cur - from == n && memcmp(p->text + from, s, n) == 0)
		return 0;
	memmove(p->text + from + n, p->text + p->cur, tail + 1);
	memcpy(p->text + from, s, n);
	p->len = from + n + tail;
	p->cur = from + n;
	return 1;
}

static int
is_meta(char c)
{
	return strchr(".^$*+?()[]{}|\\", c) != NULL;
}

/* The word before the cursor as typed (regex escapes undone) into out. */
static size_t
unescape(const char *s, size_t n, char *out, size_t cap)
{
	size_t o = 0;
	for (size_t i = 0; i < n && o + 1 < cap; i++) {
		if (s[i] == '\\' && i + 1 < n)
			i++;
		out[o++] = s[i];
	}
	out[o] = '\0';
	return o;
}

/* The longest common prefix of the candidates starting with want, over
 * cand(i) for i < n; *count gets how many matched.  malloc'd or NULL. */
static char *
common_prefix(const char *want, size_t wn, uint32_t n,
    const char *(*cand)(const void *ctx, uint32_t i, size_t *len), const void *ctx,
    uint32_t *count)
{
	char *best = NULL;
	size_t blen = 0;
	*count = 0;
	for (uint32_t i = 0; i < n; i++) {
		size_t len;
		const char *s = cand(ctx, i, &len);
		if (s == NULL || len < wn || memcmp(s, want, wn) != 0)
			continue;
		if (++*count == 1) {
			best = xstrndup(s, len);
			blen = len;
		} else {
			size_t k = wn;
			while (k < blen && k < len && best[k] == s[k])
				k++;
			blen = k;
			best[blen] = '\0';
		}
	}
	return best;
}

static const char *
name_cand(const void *ctx, uint32_t i, size_t *len)
{
	const ft_profile *p = ctx;
	*len = intern_len(p->names, i);
	return intern_str(p->names, i);
}

static const char *
key_cand(const void *ctx, uint32_t i, size_t *len)
{
	const ft_profile *p = ctx;
	const char *k = (int)i < p->nlabel_keys ? p->label_keys[i] :
	    p->numlabel_keys[i - (uint32_t)p->nlabel_keys];
	*len = strlen(k);
	return k;
}

int
prompt_filter_complete(ft_prompt *pr, const ft_profile *p)
{
	size_t w0, w1;
	first_word(pr->text, pr->len, &w0, &w1);
	if (pr->cur <= w1) {
		/* The verb. */
		const char *s = pr->text + w0;
		size_t n = pr->cur - w0;
		int first = -1, count = 0;
		size_t common = 0;
		for (int v = 0; v < NVERBS; v++) {
			if (!verb_prefix(v, s, n))
				continue;
			if (count++ == 0) {
				first = v;
				common = strlen(verbs[v].name);
			} else {
				size_t k = 0;
				while (k < common && verbs[v].name[k] == verbs[first].name[k])
					k++;
				common = k;
			}
		}
		if (count == 0)
			return 0;
		char word[64];
		snprintf(word, sizeof(word), "%.*s%s", (int)common, verbs[first].name,
		    count == 1 && verbs[first].arg[0] != '\0' && w1 == pr->len ? " " : "");
		return replace_word(pr, w0, word, strlen(word));
	}
	int v = verb_exact(pr->text + w0, w1 - w0);
	if (v < 0 || verbs[v].arg_kind == 0 || p == NULL)
		return 0;
	/* The argument's word before the cursor. */
	size_t a = pr->cur;
	while (a > w1 && pr->text[a - 1] != ' ' && pr->text[a - 1] != '\t' &&
	    pr->text[a - 1] != '=' && pr->text[a - 1] != ',' && pr->text[a - 1] != '^')
		a--;
	char want[PROMPT_MAX];
	size_t wn = unescape(pr->text + a, pr->cur - a, want, sizeof(want));
	uint32_t count;
	char *best;
	if (verbs[v].arg_kind == 2) {
		/* A label key: before '=' for tagfocus/tagignore, any for
		 * tagroot/tagleaf. */
		if (memchr(pr->text + w1, '=', pr->cur - w1) != NULL)
			return 0;
		uint32_t nk = (uint32_t)(p->nlabel_keys + p->nnumlabel_keys);
		best = common_prefix(want, wn, nk, key_cand, p, &count);
	} else {
		best = common_prefix(want, wn, intern_count(p->names), name_cand, p, &count);
	}
	if (best == NULL)
		return 0;
	/* Regex metacharacters of a name are escaped; a whole name gets $. */
	char out[PROMPT_MAX];
	size_t o = 0;
	for (size_t i = 0; best[i] != '\0' && o + 3 < sizeof(out); i++) {
		if (verbs[v].arg_kind == 1 && is_meta(best[i]))
			out[o++] = '\\';
		out[o++] = best[i];
	}
	if (count == 1 && verbs[v].arg_kind == 1 && a > w1 && pr->text[a - 1] == '^' &&
	    o + 1 < sizeof(out))
		out[o++] = '$';
	out[o] = '\0';
	free(best);
	return replace_word(pr, a, out, o);
}
