/* helpers.h - shared test helpers: load profile text from a string. */
#ifndef TEST_HELPERS_H
#define TEST_HELPERS_H

#include <stdlib.h>
#include <string.h>

#include "input/load.h"
#include "profile/profile.h"
#include "input/source.h"

/* Load text of format fmt, named name in messages; NULL on error (err and
 * rep filled). */
static inline ft_profile *
load_named(const char *name, const char *text, enum ft_format fmt, int strict,
    ft_load_report *rep, ft_diag *err)
{
	ft_source *s = source_open_mem(text, strlen(text), name);
	ft_load_opts o = {0};
	o.strict = strict;
	memset(err, 0, sizeof(*err));
	ft_profile *p = load_source(s, fmt, NULL, &o, rep, err);
	source_close(s);
	return p;
}

/* Load folded text; NULL on error (err and rep filled). */
static inline ft_profile *
load_text(const char *text, ft_load_report *rep, ft_diag *err)
{
	return load_named("t.folded", text, FT_FMT_FOLDED, 0, rep, err);
}

/* Node at a ';'-separated path of plain names, or FT_NONE. */
static inline uint32_t
node_at(const ft_profile *p, const char *path)
{
	uint32_t node = FT_ROOT;
	while (*path && node != FT_NONE) {
		const char *semi = strchr(path, ';');
		size_t n = semi ? (size_t)(semi - path) : strlen(path);
		uint32_t id = intern_find(p->names, path, n, FT_KIND_NONE);
		node = id == UINT32_MAX ? FT_NONE : profile_find_child(p, node, id);
		path += n + (semi != NULL);
	}
	return node;
}

#endif
