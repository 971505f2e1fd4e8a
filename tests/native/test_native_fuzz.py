"""Malformed input never crashes the C library: it returns an error code that
the bridge turns into an ECEduError.  Also run under ASan/UBSan by
test_native_asan.py (same file, other library build)."""

import ctypes

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecedu import native
from ecedu.errors import ECEduError, EncodingError, UnknownCurveError
from ecedu.native import ecdsa_bridge, library

pytestmark = pytest.mark.skipif(
    not native.available(), reason=f"native library not built: {native.load_error()}"
)

CURVES = list(library.ALL_CURVES)  # the 14 binary curves and the 15 prime ones
FLEN = {name: library.curve_params(name).flen for name in CURVES}


def ok_or_ecedu_error(fn, *args):
    try:
        return fn(*args)
    except ECEduError:
        return None


@settings(max_examples=60)
@given(st.sampled_from(CURVES), st.integers(-(2**600), 2**600), st.binary(max_size=150))
def test_ecdh_random_bytes(name, d, peer):
    out = ok_or_ecedu_error(native.ecdh, name, d, peer)
    assert out is None or len(out) == FLEN[name]


@settings(max_examples=60)
@given(st.sampled_from(CURVES), st.sampled_from([2, 3, 4]), st.data())
def test_ecdh_well_sized_garbage(name, tag, data):
    n = FLEN[name] * (2 if tag == 4 else 1)
    body = data.draw(st.binary(min_size=n, max_size=n))
    d = data.draw(st.integers(1, 2**100))
    out = ok_or_ecedu_error(native.ecdh, name, d, bytes([tag]) + body)
    assert out is None or len(out) == FLEN[name]


@settings(max_examples=60)
@given(st.sampled_from(CURVES), st.integers(-5, 2**580), st.integers(-5, 2**580), st.integers(-5, 2**580))
def test_scalar_mult_garbage(name, k, x, y):
    r = ok_or_ecedu_error(native.scalar_mult, name, k, x, y)
    assert r is None or len(r) == 2


@settings(max_examples=30)
@given(st.sampled_from(CURVES), st.integers(-5, 2**580))
def test_scalar_mult_base_any_int(name, k):
    r = ok_or_ecedu_error(native.scalar_mult_base, name, k)
    if r is not None:  # a scalar it takes: the comb agrees with the variable-base method on G
        from ecedu.curves import get_curve

        assert r == native.scalar_mult(name, k, *get_curve(name).G)


@settings(max_examples=40)
@given(
    st.sampled_from(library.PRIME_CURVES),
    st.integers(-5, 2**580),
    st.integers(-5, 2**580),
    st.integers(-5, 2**580),
    st.integers(-5, 2**580),
    st.binary(max_size=80),
)
def test_ecdsa_prime_garbage(name, x, y, r, s, digest):
    """Verification of any (point, r, s, digest) on a prime curve: False or an ECEduError."""
    v = ok_or_ecedu_error(ecdsa_bridge.ecdsa_verify, name, x, y, digest, r, s)
    assert v in (None, False)  # a random signature is not valid
    ok_or_ecedu_error(ecdsa_bridge.ecdsa_sign, name, r, digest)


@settings(max_examples=40)
@given(st.sampled_from(library.PRIME_CURVES), st.integers(-3, 5), st.binary(max_size=140), st.data())
def test_prime_point_op_garbage(name, op, p1, data):
    """The formula test hook: any bytes of the right length are refused or give a point."""
    c = library.curve_params(name)
    ln = 1 + 2 * c.flen
    p1 = (p1 + bytes(ln))[:ln]
    p2 = data.draw(st.binary(min_size=ln, max_size=ln))
    out = (ctypes.c_uint8 * ln)()
    rc = library.lib().ecedu_prime_point_op(c.index, op, p1, p2, out, ln)
    assert rc <= 0


@settings(max_examples=40)
@given(st.integers(0, 600), st.integers(-1, 2**600), st.integers(-1, 2**600))
def test_field_any_degree_and_value(m, a, b):
    r = ok_or_ecedu_error(native.field_mul, m, a, b)
    assert r is None or 0 <= r < 1 << m
    inv = ok_or_ecedu_error(native.field_inv, m, a)
    if inv is not None and a:  # a degree and a value it takes: a real inverse
        assert native.field_mul(m, inv, a) == 1
    for f in (
        native.field_sqr,
        native.field_inv,
        native.field_inv_vartime,
        native.field_sqrt,
        native.field_half_trace,
        native.field_trace,
    ):
        ok_or_ecedu_error(f, m, a)


def _shapes_of(name):
    from ecedu.curves import get_curve
    from ecedu.native import fastpath

    return fastpath.NativeCurve(get_curve(name))._shapes.contents


@settings(max_examples=80)
@given(st.sampled_from(CURVES), st.integers(1, 2**100), st.data())
def test_ecdh_key_finds_the_point_as_the_python_parser(name, d, data):
    """ecedu_ecdh_key (the hot path's entry: the key's shape told in C) on keys of the curve's
    shape lengths, bytes mutated or not: the same answer as ecedu_ecdh on the point that
    ecedu.keys.public_point_bytes finds in the key, and an error where it finds none."""
    from ecedu.curves import get_curve
    from ecedu.ec import encode_point
    from ecedu.keys import public_key, public_key_to_der, public_point_bytes

    curve = get_curve(name)
    Q = public_key(curve, data.draw(st.integers(1, 2**64)))
    compressed = data.draw(st.booleans())
    key = bytearray(
        data.draw(
            st.sampled_from([encode_point(curve, Q, compressed), public_key_to_der(curve, Q, compressed)])
        )
    )
    for _ in range(data.draw(st.integers(0, 2))):
        key[data.draw(st.integers(0, len(key) - 1))] ^= 1 << data.draw(st.integers(0, 7))
    key = bytes(key)
    shapes = _shapes_of(name)
    lib = library.lib()
    c = library.curve_params(name)
    d_bytes = (d % (curve.n - 1) + 1).to_bytes(c.nlen, "big")
    out = (ctypes.c_uint8 * c.flen)()
    rc = lib.ecedu_ecdh_key(ctypes.byref(shapes), d_bytes, key, len(key), out)
    try:
        _, point = public_point_bytes(key, curve)
    except ECEduError:
        assert rc == library.constant("ECEDU_ERR_LENGTH")
        return
    expect = (ctypes.c_uint8 * c.flen)()
    rc2 = lib.ecedu_ecdh(c.index, d_bytes, c.nlen, point, len(point), expect, c.flen)
    assert rc == rc2
    if rc == 0:
        assert bytes(out) == bytes(expect)


def test_ecdh_key_rejects_shapes_that_do_not_fit():
    """ecedu_ecdh_key validates its ecedu_key_shapes too: a NULL one, a bad curve index, scalar
    or field lengths not the curve's, an SPKI prefix longer than its bound or than the key."""
    from ecedu.curves import get_curve
    from ecedu.ec import encode_point
    from ecedu.keys import public_key, public_key_to_der

    lib = library.lib()
    name = "sect163k1"
    curve, c = get_curve(name), library.curve_params(name)
    Q = public_key(curve, 7)
    point, spki = encode_point(curve, Q), public_key_to_der(curve, Q)
    d = (5).to_bytes(c.nlen, "big")
    out = (ctypes.c_uint8 * 200)()

    def rc(shapes, key=point, d=d):
        return lib.ecedu_ecdh_key(ctypes.byref(shapes) if shapes is not None else None, d, key, len(key), out)

    good = _shapes_of(name)
    assert rc(good) == 0 and rc(good, spki) == 0  # the checks below fail for their own reason
    assert rc(None) < 0
    assert lib.ecedu_ecdh_key(ctypes.byref(good), d, None, 0, out) < 0
    assert lib.ecedu_ecdh_key(ctypes.byref(good), None, point, len(point), out) < 0
    assert lib.ecedu_ecdh_key(ctypes.byref(good), d, point, len(point), None) < 0
    for field, value in (("ci", -1), ("ci", 1000), ("nlen", 0), ("nlen", c.nlen + 1), ("flen", c.flen + 1)):
        bad = library.KeyShapes.from_buffer_copy(good)
        setattr(bad, field, value)
        assert rc(bad) < 0, field
    i = list(good.spki_len).index(len(spki))
    for length in (library.SPKI_PREFIX_MAX + 1, len(spki), 2**31):
        bad = library.KeyShapes.from_buffer_copy(good)
        bad.spki_prefix_len[i] = length
        assert rc(bad, spki) == library.constant("ECEDU_ERR_LENGTH"), length
    for key in (b"", point[:-1], spki[:-1], b"\x30" + point[1:], spki[:5]):
        assert rc(good, key) < 0


def test_raw_c_entry_points_check_lengths():
    """Call the C functions directly with inconsistent lengths, NULLs and bad ids."""
    from ecedu.native.library import lib as native_lib

    lib = native_lib()
    buf = (ctypes.c_uint8 * 200)()
    buf2 = (ctypes.c_uint8 * 200)()
    data = bytes(200)
    for m in (0, 1, 162, 163, 571, 572, -1):
        for ln in (0, 1, 20, 21, 22, 72, 200):
            for op in (-1, 0, 1, 2, 3, 4, 5, 6):
                rc = lib.ecedu_field_op(m, op, data, data, buf, ln)
                assert rc <= 0
    assert lib.ecedu_field_op(163, 0, None, data, buf, 21) < 0
    assert lib.ecedu_field_op(163, 0, data, None, buf, 21) < 0
    for ci in (-1, 0, 13, 14, 20, 21, 28, 29, 1000):  # 14..28: the prime curves
        for ln in (0, 1, 21, 22, 43, 44, 200):
            peer = b"\x04" + data  # buffers are always 200+ bytes; lengths vary
            assert lib.ecedu_ecdh(ci, data, 21, peer, ln, buf, 21) < 0
            assert lib.ecedu_ecdh(ci, data, ln, peer, 43, buf, ln) < 0
            assert lib.ecedu_scalar_mult(ci, data, ln, data, data, ln, buf, buf2) < 0
            assert lib.ecedu_scalar_mult_base(ci, data, ln, buf, buf2, ln) < 0
            assert lib.ecedu_decode_point(ci, data, ln, buf, buf2) < 0
    assert lib.ecedu_ecdh(0, None, 21, data, 43, buf, 21) < 0
    assert lib.ecedu_scalar_mult_base(0, data, 21, None, buf2, 21) < 0
    assert lib.ecedu_curve_index(None, 0) < 0
    assert lib.ecedu_curve_index(b"", 0) < 0
    assert lib.ecedu_curve_index(b"sect163k1\x00junk", 14) < 0  # the length counts, not the NUL
    assert lib.ecedu_curve_index(b"sect163k1", 9) == 0
    for ci in (-1, 0, 13, 29):  # the formula hook takes prime curves only (14..28)
        assert lib.ecedu_prime_point_op(ci, 0, data, data, buf, 41) < 0
    assert lib.ecedu_prime_point_op(14, 0, data, data, buf, 40) < 0  # secp160r1: 41 bytes
    assert lib.ecedu_prime_point_op(14, 0, None, data, buf, 41) < 0
    assert lib.ecedu_prime_point_op(14, 9, data, data, buf, 41) < 0
    assert lib.ecedu_bench_ecdh(99, 1) < 0
    assert lib.ecedu_bench_field_mul(7, 1) < 0
    assert lib.ecedu_field_mul_batch(163, None, None, None, 5) < 0
    assert lib.ecedu_field_mul_batch(163, None, None, None, 0) == 0


@pytest.mark.parametrize(
    "name", ["sect163k1\x00junk", "sect163k1 ", "\ud800", "sect163\u212a1", "SECT163K1", "x" * 10**6]
)
def test_native_curve_names_are_exact(name):
    """The native functions take only the exact SEC 2 names: no C-string truncation at a NUL,
    no encoding error for a lone surrogate, no look-alike characters, no echo of a huge name."""
    with pytest.raises(UnknownCurveError) as e:
        native.ecdh(name, 1, b"\x04" + bytes(42))
    assert len(str(e.value)) < 500  # the shown name is cut short; the 29 supported names are ~350


def test_native_batch_rejects_non_bytes():
    with pytest.raises(EncodingError):
        native.ecdh_batch("sect163k1", [1], [None])
    with pytest.raises(EncodingError):
        native.decode_point("sect163k1", "04ab")


def test_c_boundary_contracts_found_in_review():
    """Found by reading the exported functions against ecedu_native.h (6 December 2026)."""
    import ecedu
    from ecedu.ec import encode_point
    from ecedu.native import fastpath

    lib, C = library.lib(), library.constant
    # ecedu_ecdh_batch: a bad curve index writes its code into every rcs[i] and returns it (rcs was
    # left unwritten, and the Python wrapper read ctypes' zeros as success); the return value is the
    # first failing index's code, not ECEDU_ERR_POINT whatever failed
    rcs = (ctypes.c_int32 * 2)()
    out = (ctypes.c_uint8 * 42)()
    assert lib.ecedu_ecdh_batch(999, 2, bytes(42), 21, bytes(86), 43, out, 21, rcs) == C("ECEDU_ERR_CURVE")
    assert list(rcs) == [C("ECEDU_ERR_CURVE")] * 2
    K = ecedu.get_curve("sect163k1")
    g = encode_point(K, K.G)
    scalars = bytes(21) + (3).to_bytes(21, "big")  # 0 (out of range), then 3
    assert lib.ecedu_ecdh_batch(0, 2, scalars, 21, g + g, len(g), out, 21, rcs) == C("ECEDU_ERR_SCALAR")
    assert list(rcs) == [C("ECEDU_ERR_SCALAR"), C("ECEDU_OK")]
    # ecedu_ecdh_key: the scalar is exactly the curve's nlen octets (a shapes with nlen = 1 read one
    # octet of a full-length d and returned 3·Q for d = 03 00 ... 00)
    shapes = fastpath._key_shapes(library.curve_params("sect163k1"), {})
    shapes.nlen = 1
    d = b"\x03" + bytes(20)
    assert lib.ecedu_ecdh_key(ctypes.byref(shapes), d, g, len(g), out) == C("ECEDU_ERR_CURVE")
    # ecedu_modexp_crt: p or q with a zero first byte is ECEDU_ERR_RANGE whatever its length (the top
    # limb alone was checked, so 16-octet p = 00 80 .. 0b passed and a 9-octet one did not)
    p, q = (1 << 119) | 0xB, (1 << 127) | 0x1B
    args = []
    for v, n in ((5, 32), (p, 16), (q, 16), (3, 16), (5, 16), (7, 16)):
        args += [v.to_bytes(n, "big"), n]
    res = (ctypes.c_uint8 * 32)()
    assert lib.ecedu_modexp_crt(64, *args, res, 32) == C("ECEDU_ERR_RANGE")
