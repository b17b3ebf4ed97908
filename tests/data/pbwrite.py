"""pbwrite.py - the few protobuf encoders the tests/data generators need
(make-heap-pprof.py, make-extreme-pprof.py): varints, field keys, varint
fields and length-delimited fields.  Negative int64 values are written in
two's complement (10 bytes), as protobuf does for int64."""


def varint(v):
    out = bytearray()
    v &= (1 << 64) - 1
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def key(field, wire):
    return varint(field << 3 | wire)


def u(field, v):
    """A varint field."""
    return key(field, 0) + varint(v)


def m(field, body):
    """A length-delimited field (message, string, packed values)."""
    return key(field, 2) + varint(len(body)) + body
