/* pbwire.h - a small protobuf wire-format decoder over a memory buffer.
 *
 * Reads the wire format only (no schema): field keys, varints (at most 10
 * bytes), fixed32/fixed64, length-delimited bytes, and repeated integers in
 * both packed and unpacked form.  Groups (wire types 3 and 4) and the
 * undefined wire types 6 and 7 are rejected.  Every length is checked
 * against the enclosing message before it is used; nothing is allocated.
 *
 * Every error carries the byte offset (from the start of the whole buffer)
 * where the bad data starts, so callers can say "FILE: byte OFFSET: reason".
 */
#ifndef FT_PBWIRE_H
#define FT_PBWIRE_H

#include <stddef.h>
#include <stdint.h>

enum pb_wire {
	PB_VARINT = 0,
	PB_FIXED64 = 1,
	PB_LEN = 2,
	PB_FIXED32 = 5,
};

#define PB_MAX_FIELD 536870911u /* 2^29 - 1 */

/* A window [pos, end) of a buffer; offsets are from base. */
typedef struct pb_reader {
	const uint8_t *base;
	size_t pos, end;
} pb_reader;

typedef struct pb_field {
	uint32_t num;    /* field number, 1 .. PB_MAX_FIELD */
	int wire;        /* enum pb_wire */
	uint64_t u;      /* PB_VARINT / PB_FIXED*: the value */
	size_t key_off;  /* offset of the key */
	size_t off;      /* offset of the value (PB_LEN: of its first byte) */
	size_t len;      /* PB_LEN: length in bytes */
} pb_field;

typedef struct pb_error {
	size_t off;         /* byte offset where the problem is */
	const char *reason; /* static text, lower case */
} pb_error;

/* Iterator over a repeated integer field (one varint, or a packed run). */
typedef struct pb_ints {
	pb_reader r;     /* packed bytes still to read */
	uint64_t single; /* the unpacked value */
	int state;       /* 0 packed, 1 single pending, 2 done */
} pb_ints;

/* A reader over buf[0..n). */
void pb_init(pb_reader *r, const void *buf, size_t n);

/* A reader over the bytes of a PB_LEN field read from r. */
pb_reader pb_sub(const pb_reader *r, const pb_field *f);

/* Read one varint.  1 ok, -1 on error (truncated, or longer than 10 bytes
 * or above 64 bits). */
int pb_varint(pb_reader *r, uint64_t *v, pb_error *e);

/* Next field of the message.  1 with *f set, 0 at the end, -1 on error:
 * truncated key or value, field number 0, group or unknown wire type, a
 * length past the end of the enclosing message. */
int pb_next(pb_reader *r, pb_field *f, pb_error *e);

/* Start iterating the integers of a repeated field: f is either one
 * PB_VARINT (unpacked) or PB_LEN (packed varints).  -1 with e set when the
 * wire type is neither. */
int pb_ints_begin(pb_ints *it, const pb_reader *r, const pb_field *f, pb_error *e);

/* Next integer: 1 with *v, 0 at the end, -1 on a bad packed varint. */
int pb_ints_next(pb_ints *it, uint64_t *v, pb_error *e);

/* Number of integers in a repeated field without reading them (validates
 * the packed run).  -1 on error. */
int pb_ints_count(const pb_reader *r, const pb_field *f, size_t *count, pb_error *e);

/* A scalar integer field must be a varint: its value, or -1 with e set. */
int pb_uint(const pb_field *f, uint64_t *v, pb_error *e);

#endif
