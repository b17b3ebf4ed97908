/* match.c - PCRE2 matching of frame names (see match.h).
 *
 * One compiled code and one match-data block per matcher; the JIT is used
 * when pcre2_jit_compile() succeeds and silently skipped otherwise.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "profile/match.h"

#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "base/xalloc.h"

struct ft_matcher {
	pcre2_code *code;
	pcre2_match_data *md;
	char *pattern;
	int jit;
};

/* Does the pattern contain an uppercase ASCII letter that is not the
 * letter of an escape (\S, \W, \D, \B, \Q, \E, \N{...})? */
static int
has_upper(const char *s)
{
	for (size_t i = 0; s[i] != '\0'; i++) {
		if (s[i] == '\\' && s[i + 1] != '\0') {
			i++;
			continue;
		}
		if (s[i] >= 'A' && s[i] <= 'Z')
			return 1;
	}
	return 0;
}

/* Is s valid UTF-8? */
static int
valid_utf8(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	while (i < n) {
		unsigned c = u[i];
		size_t k;
		if (c < 0x80) {
			i++;
			continue;
		} else if (c >= 0xc2 && c <= 0xdf) {
			k = 1;
		} else if (c >= 0xe0 && c <= 0xef) {
			k = 2;
		} else if (c >= 0xf0 && c <= 0xf4) {
			k = 3;
		} else {
			return 0;
		}
		if (i + k >= n)
			return 0;
		for (size_t j = 1; j <= k; j++)
			if ((u[i + j] & 0xc0) != 0x80)
				return 0;
		i += k + 1;
	}
	return 1;
}

ft_matcher *
match_compile(const char *pattern, ft_diag *err)
{
	uint32_t opts = has_upper(pattern) ? 0 : PCRE2_CASELESS;
	size_t plen = strlen(pattern);
#ifdef PCRE2_MATCH_INVALID_UTF
	/* UTF mode only when names that are not UTF-8 can still be matched. */
	if (valid_utf8(pattern, plen))
		opts |= PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
#else
	(void)valid_utf8;
#endif
	int ec;
	PCRE2_SIZE off;
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, plen, opts, &ec,
	    &off, NULL);
	if (code == NULL && (opts & PCRE2_UTF)) {
		/* A pattern PCRE2 rejects as UTF: try it as plain bytes. */
		pcre2_code *c2 = pcre2_compile((PCRE2_SPTR)pattern, plen,
		    opts & PCRE2_CASELESS, &ec, &off, NULL);
		code = c2;
	}
	if (code == NULL) {
		PCRE2_UCHAR msg[256];
		if (pcre2_get_error_message(ec, msg, sizeof(msg)) < 0)
			strcpy((char *)msg, "unknown error");
		diag_set(err, "bad regex: %s at offset %zu", (const char *)msg,
		    (size_t)off);
		diag_append_text(err, pattern, plen);
		return NULL;
	}
	ft_matcher *m = xcalloc(1, sizeof(*m));
	m->code = code;
	m->jit = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;
	m->md = pcre2_match_data_create_from_pattern(code, NULL);
	if (m->md == NULL) {
		pcre2_code_free(code);
		free(m);
		diag_set(err, "out of memory compiling a regex");
		return NULL;
	}
	m->pattern = xstrdup(pattern);
	return m;
}

void
match_free(ft_matcher *m)
{
	if (m == NULL)
		return;
	pcre2_match_data_free(m->md);
	pcre2_code_free(m->code);
	free(m->pattern);
	free(m);
}

const char *
match_pattern(const ft_matcher *m)
{
	return m->pattern;
}

int
match_text(const ft_matcher *m, const char *s, size_t n)
{
	int rc;
	if (m->jit)
		rc = pcre2_jit_match(m->code, (PCRE2_SPTR)s, n, 0, 0, m->md, NULL);
	else
		rc = pcre2_match(m->code, (PCRE2_SPTR)s, n, 0, 0, m->md, NULL);
	return rc >= 0;
}

uint8_t *
match_names(const ft_matcher *m, const ft_intern *names)
{
	uint32_t n = intern_count(names);
	uint8_t *map = xcalloc(n ? n : 1, 1);
	for (uint32_t i = 0; i < n; i++)
		map[i] = (uint8_t)match_text(m, intern_str(names, i),
		    intern_len(names, i));
	return map;
}

char *
match_quote(const char *s, size_t n, int anchor)
{
	char *out = xmalloc(n * 2 + 8);
	size_t k = 0;
	if (anchor) {
		/* (?-i): exact case even when smart case would ignore it. */
		memcpy(out, "(?-i)^", 6);
		k = 6;
	}
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '\0' && strchr("\\^$.|?*+()[]{}", s[i]) != NULL)
			out[k++] = '\\';
		out[k++] = s[i];
	}
	if (anchor)
		out[k++] = '$';
	out[k] = '\0';
	return out;
}
