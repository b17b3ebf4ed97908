/* tree_util.h - small helpers for tests that build and print call trees.
 *
 * tree_from(): a profile from folded lines ("a;b;c 5", or "a;b 5 7" for
 * two columns), built with the profile builder directly.
 * tree_folded(): the profile exported as folded text (column col), in a
 * static buffer, so trees compare as strings.
 */
#ifndef TREE_UTIL_H
#define TREE_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export/export_folded.h"
#include "profile/profile.h"

static ft_profile *
tree_from(const char *text, int nvals)
{
	ft_profile *p = profile_new(NULL, nvals);
	ft_diag err;
	const char *s = text;
	while (*s) {
		const char *eol = strchr(s, '\n');
		size_t n = eol ? (size_t)(eol - s) : strlen(s);
		char line[512];
		memcpy(line, s, n);
		line[n] = '\0';
		s += n + (eol != NULL);
		if (n == 0)
			continue;
		ft_val vals[4] = {0};
		char *end = line + n;
		for (int c = nvals - 1; c >= 0; c--) {
			char *sp = strrchr(line, ' ');
			vals[c] = strtoll(sp + 1, NULL, 10);
			*sp = '\0';
			end = sp;
		}
		(void)end;
		uint32_t node = FT_ROOT;
		char *f = line;
		while (*f) {
			char *semi = strchr(f, ';');
			size_t fl = semi ? (size_t)(semi - f) : strlen(f);
			node = profile_child(p, node, intern_get(p->names, f, fl, 0));
			f += fl + (semi != NULL);
		}
		profile_add_self(p, node, vals, &err);
	}
	profile_finish(p, FT_SORT_NAME, 0, &err);
	return p;
}

static const char *
tree_folded(const ft_profile *p, int col)
{
	static char buf[8192];
	FILE *f = fmemopen(buf, sizeof(buf) - 1, "w");
	export_folded(p, col, -1, f);
	long n = ftell(f);
	fclose(f);
	buf[n < 0 ? 0 : n] = '\0';
	return buf;
}

#endif
