/* filter_kind.c - the names of the filter kinds (see filter_kind.h). */
#include "ops/filter_kind.h"

#include <string.h>

static const char *const kind_names[FILTER_KINDS] = {
	"focus", "ignore", "hide", "show-from", "prune-from", "show",
	"collapse-recursion", "invert",
	"tagfocus", "tagignore", "tagroot", "tagleaf", "tagshow", "taghide",
	"time", "only-a", "only-b",
};

const char *
filter_kind_name(int kind)
{
	return kind >= 0 && kind < FILTER_KINDS ? kind_names[kind] : "?";
}

int
filter_kind_parse(const char *s, size_t n)
{
	for (int k = 0; k < FILTER_KINDS; k++) {
		const char *w = kind_names[k];
		if (strlen(w) != n)
			continue;
		size_t i = 0;
		while (i < n && (s[i] == w[i] || (s[i] == '_' && w[i] == '-')))
			i++;
		if (i == n)
			return k;
	}
	return -1;
}
