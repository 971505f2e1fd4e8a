"""ecedu_ecdsa_verify_sec1_vartime (protocol/ecdsa.c), the one-call verifier of the public
ecdsa.verify, against its two halves: ecedu_decode_point, then ecedu_ecdsa_verify_vartime on the
decoded coordinates with r and s as len(n)-byte strings.  Valid and tampered signatures, r and s
with leading zeros, too long, zero or >= n, invalid keys (the key's error comes first, whatever
the signature), NULL pointers, and random bytes of every length (this file also runs under
ASan/UBSan: tests/native/test_native_asan.py)."""

import hashlib
import random

import pytest

from ecedu import keys, native
from ecedu.curves import get_curve
from ecedu.ec import encode_point

pytestmark = pytest.mark.skipif(
    not native.available(), reason=f"native library not built: {native.load_error()}"
)

from ecedu.native import library  # noqa: E402

# a sample of both families: small and large binary curves (Koblitz and random), prime curves
CURVES = [
    c for c in ("sect163k1", "sect233r1", "sect571k1", "secp256r1", "secp521r1") if c in native.ALL_CURVES
]


def _one_call(name, point, digest, r, s):
    c = library.curve_params(name)
    return library.lib().ecedu_ecdsa_verify_sec1_vartime(
        c.index, point, len(point), digest, len(digest), r, len(r), s, len(s)
    )


def _two_calls(name, point, digest, r: bytes, s: bytes):
    """The same verification from the two older entry points (r, s: contents of any length)."""
    c = library.curve_params(name)
    x, y = c.coord_buffer(), c.coord_buffer()
    rc = library.lib().ecedu_decode_point(c.index, point, len(point), x, y)
    if rc:
        return rc
    rv, sv = int.from_bytes(r, "big"), int.from_bytes(s, "big")
    if rv >> (8 * c.nlen) or sv >> (8 * c.nlen):
        return 0  # >= 2^(8 len(n)) > n
    return library.lib().ecedu_ecdsa_verify_vartime(
        c.index,
        bytes(x),
        bytes(y),
        c.flen,
        digest,
        len(digest),
        rv.to_bytes(c.nlen, "big"),
        sv.to_bytes(c.nlen, "big"),
        c.nlen,
    )


def _signed(name, seed):
    curve = get_curve(name)
    rng = random.Random(f"{name}/{seed}")
    d = rng.randrange(1, curve.n)
    msg = rng.randbytes(rng.randrange(0, 80))
    r, s = native.ecdsa_bridge.ecdsa_sign(name, d, hashlib.sha256(msg).digest())
    Q = native.scalar_mult_base(name, d)
    return curve, Q, hashlib.sha256(msg).digest(), r, s, rng


@pytest.mark.parametrize("name", CURVES)
def test_valid_and_tampered_signatures_agree_with_the_two_calls(name):
    for seed in range(6):
        curve, Q, digest, r, s, rng = _signed(name, seed)
        L = curve.order_byte_length
        for compressed in (False, True):
            point = encode_point(curve, Q, compressed)
            cases = [
                (r.to_bytes(L, "big"), s.to_bytes(L, "big"), 1),
                (r.to_bytes(L + 3, "big"), b"\x00" + s.to_bytes(L, "big"), 1),  # leading zeros
                (
                    r.to_bytes((r.bit_length() + 7) // 8, "big"),
                    s.to_bytes((s.bit_length() + 7) // 8, "big"),
                    1,
                ),
                ((r ^ 1).to_bytes(L, "big"), s.to_bytes(L, "big"), 0),
                (r.to_bytes(L, "big"), ((s + 1) % curve.n or 1).to_bytes(L, "big"), 0),
                (b"", s.to_bytes(L, "big"), 0),  # r = 0
                (b"\x00" * L, s.to_bytes(L, "big"), 0),
                (curve.n.to_bytes(L, "big"), s.to_bytes(L, "big"), 0),  # r = n
                (r.to_bytes(L, "big"), (s + curve.n).to_bytes(L + 1, "big"), 0),  # s + n
                (b"\x01" + r.to_bytes(L, "big"), s.to_bytes(L, "big"), 0),  # too long
            ]
            for rb, sb, want in cases:
                assert (
                    _one_call(name, point, digest, rb, sb) == _two_calls(name, point, digest, rb, sb) == want
                )
            tampered = bytes([digest[0] ^ 0x80]) + digest[1:]
            rb, sb = r.to_bytes(L, "big"), s.to_bytes(L, "big")
            assert _one_call(name, point, tampered, rb, sb) == 0
            assert _one_call(name, point, digest + b"\x00" * 40, rb, sb) == _two_calls(
                name, point, digest + b"\x00" * 40, rb, sb
            )


@pytest.mark.parametrize("name", CURVES)
def test_an_invalid_key_is_an_error_whatever_the_signature(name):
    curve, Q, digest, r, s, rng = _signed(name, 99)
    L = curve.order_byte_length
    good = encode_point(curve, Q)
    bad_points = [
        b"",
        b"\x00",
        good[:-1],
        good + b"\x00",
        b"\x05" + good[1:],
        good[:-1] + bytes([good[-1] ^ 1]),  # off the curve
        b"\x04" + b"\xff" * (len(good) - 1),  # coordinates out of range
        b"\x02" + good[1 : 1 + curve.byte_length] + b"\x00",
    ]
    for point in bad_points:
        for rb, sb in ((r.to_bytes(L, "big"), s.to_bytes(L, "big")), (b"", b""), (b"\x01" * 200, b"\x01")):
            rc = _one_call(name, point, digest, rb, sb)
            assert rc < 0
            assert rc == _two_calls(name, point, digest, rb, sb)


def test_null_pointers_and_a_bad_curve_index_are_errors():
    name = CURVES[0]
    curve, Q, digest, r, s, rng = _signed(name, 5)
    point, L = encode_point(curve, Q), curve.order_byte_length
    rb, sb = r.to_bytes(L, "big"), s.to_bytes(L, "big")
    c = library.curve_params(name)
    f = library.lib().ecedu_ecdsa_verify_sec1_vartime
    err_curve, err_length = library.constant("ECEDU_ERR_CURVE"), library.constant("ECEDU_ERR_LENGTH")
    assert f(c.index, point, len(point), digest, 32, rb, L, sb, L) == 1
    assert f(c.index, None, 0, digest, 32, rb, L, sb, L) == err_curve
    assert f(c.index, point, len(point), digest, 32, None, 0, sb, L) == err_curve
    assert f(c.index, point, len(point), digest, 32, rb, L, None, 0) == err_curve
    assert f(c.index, point, len(point), None, 32, rb, L, sb, L) == err_length
    assert f(c.index, point, len(point), None, 0, rb, L, sb, L) == 0  # empty digest: e = 0, not this one
    for bad in (-1, len(native.ALL_CURVES), 1 << 20):
        assert f(bad, point, len(point), digest, 32, rb, L, sb, L) == err_curve


@pytest.mark.parametrize("name", CURVES)
def test_random_bytes_of_every_length(name):
    """Whatever the bytes: the same answer as the two calls, never a crash (ASan watches)."""
    curve = get_curve(name)
    rng = random.Random(name)
    L, F = curve.order_byte_length, curve.byte_length
    Q = keys.public_key(curve, rng.randrange(1, curve.n))
    valid = encode_point(curve, Q)
    for _ in range(150):
        point = (
            valid if rng.random() < 0.5 else rng.randbytes(rng.choice([0, 1, F, F + 1, 2 * F + 1, 2 * F + 2]))
        )
        digest = rng.randbytes(rng.randrange(0, 130))
        rb = rng.randbytes(rng.randrange(0, L + 6))
        sb = rng.randbytes(rng.randrange(0, L + 6))
        assert _one_call(name, point, digest, rb, sb) == _two_calls(name, point, digest, rb, sb)
