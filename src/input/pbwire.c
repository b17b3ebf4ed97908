/* pbwire.c - protobuf wire decoding (see pbwire.h).
 *
 * Offsets are size_t from the start of the whole buffer and every read is
 * checked against the reader's end before it happens, so a hostile length
 * can only produce an error, never a read outside the buffer.
 */
#include "input/pbwire.h"

static int
fail(pb_error *e, size_t off, const char *reason)
{
	e->off = off;
	e->reason = reason;
	return -1;
}

void
pb_init(pb_reader *r, const void *buf, size_t n)
{
	r->base = buf;
	r->pos = 0;
	r->end = n;
}

pb_reader
pb_sub(const pb_reader *r, const pb_field *f)
{
	pb_reader s = {r->base, f->off, f->off + f->len};
	return s;
}

int
pb_varint(pb_reader *r, uint64_t *v, pb_error *e)
{
	size_t start = r->pos;
	uint64_t x = 0;
	for (unsigned i = 0; i < 10; i++) {
		if (r->pos >= r->end)
			return fail(e, start, "truncated varint");
		uint8_t c = r->base[r->pos++];
		if (i == 9 && (c & 0x80))
			return fail(e, start, "varint longer than 10 bytes");
		if (i == 9 && c > 1)
			return fail(e, start, "varint larger than 64 bits");
		x |= (uint64_t)(c & 0x7f) << (7 * i);
		if (c < 0x80) {
			*v = x;
			return 1;
		}
	}
	return fail(e, start, "varint longer than 10 bytes"); /* not reached */
}

int
pb_next(pb_reader *r, pb_field *f, pb_error *e)
{
	if (r->pos >= r->end)
		return 0;
	uint64_t key;
	f->key_off = r->pos;
	if (pb_varint(r, &key, e) < 0)
		return -1;
	uint64_t num = key >> 3;
	if (num == 0)
		return fail(e, f->key_off, "field number 0");
	if (num > PB_MAX_FIELD)
		return fail(e, f->key_off, "field number out of range");
	f->num = (uint32_t)num;
	f->wire = (int)(key & 7);
	f->off = r->pos;
	f->len = 0;
	f->u = 0;
	switch (f->wire) {
	case PB_VARINT:
		return pb_varint(r, &f->u, e) < 0 ? -1 : 1;
	case PB_FIXED64:
	case PB_FIXED32: {
		size_t n = f->wire == PB_FIXED64 ? 8 : 4;
		if (r->end - r->pos < n)
			return fail(e, f->off, "truncated fixed-width value");
		uint64_t x = 0;
		for (size_t i = 0; i < n; i++)
			x |= (uint64_t)r->base[r->pos + i] << (8 * i);
		r->pos += n;
		f->u = x;
		f->len = n;
		return 1;
	}
	case PB_LEN: {
		uint64_t len;
		if (pb_varint(r, &len, e) < 0)
			return -1;
		if (len > r->end - r->pos)
			return fail(e, f->off, "length runs past the end of the message");
		f->off = r->pos;
		f->len = (size_t)len;
		r->pos += (size_t)len;
		return 1;
	}
	case 3:
	case 4:
		return fail(e, f->key_off, "groups are not supported");
	default:
		return fail(e, f->key_off, "unknown wire type");
	}
}

int
pb_ints_begin(pb_ints *it, const pb_reader *r, const pb_field *f, pb_error *e)
{
	if (f->wire == PB_VARINT) {
		it->r = (pb_reader){r->base, 0, 0};
		it->single = f->u;
		it->state = 1;
		return 0;
	}
	if (f->wire == PB_LEN) {
		it->r = pb_sub(r, f);
		it->single = 0;
		it->state = 0;
		return 0;
	}
	return fail(e, f->key_off, "integer field with a non-integer wire type");
}

int
pb_ints_next(pb_ints *it, uint64_t *v, pb_error *e)
{
	if (it->state == 1) {
		it->state = 2;
		*v = it->single;
		return 1;
	}
	if (it->state == 2 || it->r.pos >= it->r.end)
		return 0;
	return pb_varint(&it->r, v, e);
}

int
pb_ints_count(const pb_reader *r, const pb_field *f, size_t *count, pb_error *e)
{
	pb_ints it;
	uint64_t v;
	int rc;
	size_t n = 0;
	if (pb_ints_begin(&it, r, f, e) < 0)
		return -1;
	while ((rc = pb_ints_next(&it, &v, e)) == 1)
		n++;
	if (rc < 0)
		return -1;
	*count = n;
	return 0;
}

int
pb_uint(const pb_field *f, uint64_t *v, pb_error *e)
{
	if (f->wire != PB_VARINT)
		return fail(e, f->key_off, "integer field with a non-integer wire type");
	*v = f->u;
	return 0;
}
