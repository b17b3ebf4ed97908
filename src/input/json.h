/* json.h - streaming JSON for the loaders (the only yajl user).
 *
 * A JSON profile can be hundreds of megabytes; a document tree of it would
 * need gigabytes.  json_stream() feeds a source through yajl's push parser
 * and hands the loader one piece at a time.  At each container the loader
 * decides (enter callback):
 *   JSON_DESCEND  stream through it: its scalars and its collected
 *                 children arrive one by one (big arrays: samples, events);
 *   JSON_COLLECT  build it as a small tree and deliver it whole when it
 *                 ends (one trace event, one cpuprofile node);
 *   JSON_SKIP     parse and validate it, deliver nothing;
 *   JSON_FIELDS   an object read as a record of known members (the
 *                 handler's fields: one trace event's ph, name, ts, ...):
 *                 only those are built, each where its field says, and
 *                 the record arrives as one array of them when it ends.
 *                 Every other member is parsed and dropped unseen, which
 *                 is most of a Chrome recording.
 * Memory is the path, the one record being collected and yajl's own
 * nesting stack: never the file.  Nothing here recurses on input depth.
 *
 * Errors are "FILE: byte OFFSET: at PATH: reason" (PATH like
 * $.traceEvents[12].ts); callbacks report theirs with json_fail().
 */
#ifndef FT_JSON_H
#define FT_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "input/source.h"

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUM, JSON_STR, JSON_ARR, JSON_OBJ };
enum json_mode { JSON_DESCEND, JSON_COLLECT, JSON_SKIP, JSON_FIELDS };

/* A value.  Strings and number text are NUL-terminated; containers list
 * their children (object members carry key/keylen). */
typedef struct json_val {
	enum json_type type;
	int b;                  /* JSON_BOOL */
	const char *s;          /* JSON_STR: the string; JSON_NUM: its text */
	size_t n;
	const char *key;        /* member of an object: its key */
	size_t keylen;
	struct json_val *kids;  /* containers: first child */
	struct json_val *last;
	struct json_val *next;  /* next sibling */
	size_t count;           /* containers: number of children */
} json_val;

/* One step of the path from the top: an object key or an array index. */
typedef struct json_seg {
	int is_key;
	size_t key_off, keylen; /* into the path's key buffer */
	int64_t index;          /* array position (-1 before the first) */
	const char *fkey;       /* in a JSON_FIELDS record: the field's key
				 * (not copied into the buffer), else NULL */
} json_seg;

typedef struct json_path {
	json_seg *seg;
	size_t depth, cap;      /* depth 0 = the top-level value */
	char *keys;
	size_t klen, kcap;
} json_path;

typedef struct ft_json ft_json;

/* A member a JSON_FIELDS record reads.  parent: index of the field it is
 * a member of, -1 for a member of the record itself.  A field that is
 * some other field's parent is an object looked into (its first
 * occurrence, when it is an object); any other field is built whole
 * (scalar or container) from its first occurrence.  At most 64 fields;
 * parents come before their members. */
typedef struct json_field {
	const char *key;
	int parent;
} json_field;

typedef struct json_handler {
	/* A container starts at path (whose last step names it): how to
	 * treat it.  NULL: descend everywhere. */
	enum json_mode (*enter)(void *ctx, ft_json *j, enum json_type type);
	/* A scalar inside a descended container, or a collected container.
	 * 0 to go on, -1 to stop (after json_fail). */
	int (*value)(void *ctx, ft_json *j, const json_val *v);
	/* A descended container ends (may be NULL). */
	int (*leave)(void *ctx, ft_json *j, enum json_type type);
	/* JSON_FIELDS: the fields and the end of a record: f[i] is field
	 * i's value, NULL when absent (always NULL for a looked-into
	 * object).  The values live until the callback returns; the path
	 * names the record.  0 to go on, -1 to stop (after json_fail).
	 * An enter callback returns JSON_FIELDS only for objects (for an
	 * array it means JSON_SKIP). */
	const json_field *fields;
	size_t nfields;
	int (*record)(void *ctx, ft_json *j, const json_val *const *f);
} json_handler;

typedef struct json_opts {
	int allow_partial;  /* end of input inside the top-level value is not
			     * an error (json_truncated() tells) */
	size_t max_record;  /* bytes one collected record may use; 0 = 64 MiB */
	/* Out, with allow_partial: 0 complete, 1 the input ended between
	 * elements of the top-level container (a trace Chrome never closed),
	 * 2 it ended inside an element (which was not delivered). */
	int truncated;
} json_opts;

/* Stream the whole source.  0, or -1 with err set.  o may be NULL. */
int json_stream(ft_source *src, const json_handler *h, void *ctx,
    json_opts *o, ft_diag *err);

/* In a callback: the path of the current value and its depth. */
const json_path *json_cur(const ft_json *j);
/* Key of path step i (NULL when it is an array index); *n its length. */
const char *json_key(const ft_json *j, size_t i, size_t *n);
/* Does step i have key k? */
int json_key_is(const ft_json *j, size_t i, const char *k);
/* Depth of the current value (the top-level value is 0). */
size_t json_depth(const ft_json *j);
/* Fail from a callback: the message gets the file, byte and path. */
int json_fail(ft_json *j, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Like json_fail for a warning: writes into d without stopping. */
void json_where(const ft_json *j, ft_diag *d, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Member k of an object value, or NULL. */
const json_val *json_get(const json_val *obj, const char *k);
/* String member k, or NULL when absent or not a string. */
const char *json_get_str(const json_val *obj, const char *k, size_t *n);

/* Number value as an exact integer.  0, or -1 (not a number, fractional,
 * out of range). */
int json_int(const json_val *v, int64_t *out);
/* Number text as an integer in units of 10^-scale (scale 0..9): "1.25"
 * at scale 3 is 1250.  Digits past the scale are rounded half away from
 * zero and counted in *rounded when not NULL.  0, or -1 (not a number,
 * out of range). */
int json_fixed(const char *s, size_t n, int scale, int64_t *out, int *rounded);
/* Decimal places a number's text needs to be exact (exponent applied),
 * capped at 18. */
int json_decimals(const char *s, size_t n);

#endif
