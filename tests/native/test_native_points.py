"""Scalar multiplication, validation and ECDH of the C library on all 14 curves,
against the pure-Python affine oracle (and ecedu's own Python code if present)."""
import random

import pytest

from ecedu import native
from ecedu.errors import EncodingError, InvalidPointError, InvalidScalarError, UnknownCurveError
import native_oracle as O

pytestmark = pytest.mark.skipif(not native.available(), reason=f"native library not built: {native.load_error()}")

CURVES = list(native.CURVES)
_ORACLE = {name: O.Curve(name) for name in CURVES}


def test_curve_list_matches_sec2():
    assert sorted(CURVES) == sorted(O.BINARY_CURVES)


def edge_scalars(n):
    return [1, 2, 3, 4, 5, n - 1, n - 2, n - 3, (n - 1) // 2, (n + 1) // 2, 2 ** ((n.bit_length() - 1)) - 1,
            2 ** (n.bit_length() - 1), 2 ** (n.bit_length() - 1) + 1]


@pytest.mark.parametrize("name", CURVES)
def test_scalar_mult_vs_oracle(name, both_paths):
    c = _ORACLE[name]
    rng = random.Random(name)
    P = c.mult(rng.randrange(1, c.n), c.G)
    ks = edge_scalars(c.n)[:3] + [c.n - 1, c.n - 2] + [rng.randrange(1, c.n)]
    for k in ks:
        expect = c.mult(k, P)
        assert native.scalar_mult(name, k, *P) == expect, k
    # k*G by the ladder and by the fixed-base table
    for k in ks:
        expect = c.mult(k, c.G)
        assert native.scalar_mult(name, k, *c.G) == expect
        assert native.scalar_mult_base(name, k) == expect


@pytest.mark.parametrize("name", CURVES)
def test_fixed_base_edge_scalars(name):
    c = _ORACLE[name]
    rng = random.Random(name + "fb")
    ks = edge_scalars(c.n) + [rng.randrange(1, c.n) for _ in range(3)]
    for k in ks:
        # the ladder was checked against the oracle; compare the two C methods
        assert native.scalar_mult_base(name, k) == native.scalar_mult(name, k, *c.G), k
    for k in ks[:5]:
        assert native.scalar_mult_base(name, k) == c.mult(k, c.G)


@pytest.mark.parametrize("name", CURVES)
def test_vs_ecedu_python(name):
    try:
        import ecedu
        from ecedu import scalar as S
        curve = ecedu.get_curve(name)
    except Exception as e:  # pragma: no cover - the Python package is optional here
        pytest.skip(f"ecedu Python reference not available: {e}")
    rng = random.Random(name + "py")
    for _ in range(2):
        k = rng.randrange(1, curve.n)
        assert native.scalar_mult_base(name, k) == tuple(S.multiply(curve, k, curve.G))


@pytest.mark.parametrize("name", CURVES)
def test_validation_and_subgroup(name):
    c = _ORACLE[name]
    rng = random.Random(name + "val")
    native.validate_point(name, *c.G)
    T2 = c.two_torsion()
    assert c.on_curve(T2)
    with pytest.raises(InvalidPointError):
        native.validate_point(name, *T2)
    # random points of E: accepted iff n*P = O (checked by the oracle)
    seen = set()
    for _ in range(6):
        P = c.random_curve_point(rng)
        in_subgroup = c.mult(c.n, P) is None
        seen.add(in_subgroup)
        if in_subgroup:
            native.validate_point(name, *P)
        else:
            with pytest.raises(InvalidPointError):
                native.validate_point(name, *P)
            with pytest.raises(InvalidPointError):
                native.scalar_mult(name, 5, *P)
            with pytest.raises(InvalidPointError):
                native.ecdh(name, 5, c.encode(P))
    # a point of order n plus the 2-torsion point has order 2n: rejected
    Q = c.add(c.G, T2)
    with pytest.raises(InvalidPointError):
        native.validate_point(name, *Q)
    if c.h == 4:  # an element of order 4, and one of order 4n
        P4 = c.mult(c.n, c.random_curve_point(rng))
        while P4 is None or c.add(P4, P4) is None:
            P4 = c.mult(c.n, c.random_curve_point(rng))
        with pytest.raises(InvalidPointError):
            native.validate_point(name, *P4)
        with pytest.raises(InvalidPointError):
            native.validate_point(name, *c.add(c.G, P4))
        Q2 = c.add(c.G, c.add(P4, P4))  # G + 2-torsion
        with pytest.raises(InvalidPointError):
            native.validate_point(name, *Q2)
    # off the curve
    x, y = c.G
    with pytest.raises(InvalidPointError):
        native.validate_point(name, x, y ^ 1)
    with pytest.raises(InvalidPointError):
        native.validate_point(name, x, 1 << c.m)


@pytest.mark.parametrize("name", CURVES)
def test_ecdh_and_decoding(name, both_paths):
    c = _ORACLE[name]
    rng = random.Random(name + "ecdh")
    d, e = rng.randrange(1, c.n), rng.randrange(1, c.n)
    Q = native.scalar_mult_base(name, e)
    shared = c.mult(d, Q)[0].to_bytes(c.flen, "big")
    assert native.ecdh(name, d, c.encode(Q)) == shared
    assert native.ecdh(name, d, c.encode(Q, compressed=True)) == shared
    assert native.decode_point(name, c.encode(Q, compressed=True)) == Q
    assert native.decode_point(name, c.encode(c.neg(Q), compressed=True)) == c.neg(Q)
    # symmetric
    P = native.scalar_mult_base(name, d)
    assert native.ecdh(name, e, c.encode(P)) == shared
    # batch = one by one
    ds = [rng.randrange(1, c.n) for _ in range(3)]
    peers = [c.encode(Q)] * 3
    assert native.ecdh_batch(name, ds, peers) == [native.ecdh(name, k, c.encode(Q)) for k in ds]


@pytest.mark.parametrize("name", ["sect163k1", "sect233r1", "sect571k1"])
def test_bad_scalars_and_encodings(name):
    c = _ORACLE[name]
    G = c.G
    for k in (0, -1, c.n, c.n + 1, 2 ** c.n.bit_length(), 2**600):
        with pytest.raises(InvalidScalarError):
            native.scalar_mult(name, k, *G)
        with pytest.raises(InvalidScalarError):
            native.scalar_mult_base(name, k)
        with pytest.raises(InvalidScalarError):
            native.ecdh(name, k, c.encode(G))
    enc = c.encode(G)
    for bad in (b"", b"\x00", b"\x04", enc[:-1], enc + b"\x00", b"\x05" + enc[1:], b"\x06" + enc[1:],
                b"\x02" + enc[1:], enc[: 1 + c.flen]):
        with pytest.raises((EncodingError, InvalidPointError)):
            native.ecdh(name, 7, bad)
    with pytest.raises(UnknownCurveError):
        native.ecdh("secp256r1", 7, enc)
    with pytest.raises(UnknownCurveError):
        native.scalar_mult_base("nope", 7)
    with pytest.raises(InvalidPointError):  # x with no point on the curve (trace 1), compressed
        x = 1
        while c.lift_x(x) is not None:
            x += 1
        native.ecdh(name, 7, b"\x02" + x.to_bytes(c.flen, "big"))


def test_cpu_features_and_switch():
    f = native.cpu_features()
    assert set(f) >= {"pclmulqdq", "avx2", "avx512f", "vpclmulqdq", "using_pclmul"}
    native.force_portable(True)
    try:
        assert not native.using_pclmul()
    finally:
        native.force_portable(False)
    assert native.using_pclmul() == f["pclmulqdq"]


def test_bench_helpers():
    assert native.bench_field_mul(163, 1000) > 0
    assert native.bench_ecdh("sect163k1", 3) > 0
    assert native.bench_scalar_mult_base("sect163k1", 3) > 0
