"""The DER ECDSA signature in C (protocol/sig_der.c) against the Python path's own writer and
reader (ecedu/_der_shapes.py): ecedu_ecdsa_sign_der must write the bytes of
keys.encode_signature for the signature ecedu_ecdsa_sign gives, and ecedu_ecdsa_verify_der_vartime
must accept exactly what signature_octets accepts and then answer as
ecedu_ecdsa_verify_sec1_vartime does on the contents it finds (anything else: ECEDU_ERR_LENGTH,
after the key's own errors).  Valid, mutated and hand-made malformed signatures, random bytes,
the long form of the SEQUENCE's length (P-521, sect571), wrong buffers and NULL pointers.  This
file also runs under ASan/UBSan (tests/native/test_native_asan.py)."""

import ctypes
import hashlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ecedu import keys, native
from ecedu._der_shapes import signature_der, signature_octets
from ecedu.curves import get_curve
from ecedu.ec import encode_point

pytestmark = pytest.mark.skipif(
    not native.available(), reason=f"native library not built: {native.load_error()}"
)

from ecedu.native import library  # noqa: E402

# short and long SEQUENCE lengths: 0x81 L from nlen = 62 on (P-521: 66, sect571: 72 octets)
CURVES = [
    c for c in ("sect163k1", "sect233r1", "sect571k1", "secp256r1", "secp521r1") if c in native.ALL_CURVES
]
# the reader on every shape needs no 570-bit verification (slow under ASan): P-521 has the long form
VERIFY_CURVES = [c for c in CURVES if c != "sect571k1"]


def _err(name):
    return library.constant("ECEDU_ERR_" + name)


def _sign_der(name, d: bytes, digest, cap=None):
    c = library.curve_params(name)
    cap = 9 + 2 * c.nlen if cap is None else cap
    out = (ctypes.c_uint8 * max(cap, 1))()
    n = library.lib().ecedu_ecdsa_sign_der(c.index, d, len(d), digest, len(digest), out, cap)
    return n, bytes(out)


def _verify_der(name, point, digest, sig):
    c = library.curve_params(name)
    return library.lib().ecedu_ecdsa_verify_der_vartime(
        c.index, point, len(point), digest, len(digest), sig, len(sig)
    )


def _verify_expected(name, point, digest, sig):
    """What the C entry must answer: the key's error first, then the strict DER shape of
    signature_octets (ECEDU_ERR_LENGTH if not), then ecedu_ecdsa_verify_sec1_vartime."""
    c = library.curve_params(name)
    lib = library.lib()
    x, y = c.coord_buffer(), c.coord_buffer()
    rc = lib.ecedu_decode_point(c.index, point, len(point), x, y)
    if rc:
        return rc
    rs = signature_octets(sig)
    if rs is None:
        return _err("LENGTH")
    r, s = rs
    return lib.ecedu_ecdsa_verify_sec1_vartime(
        c.index, point, len(point), digest, len(digest), r, len(r), s, len(s)
    )


def _key(name, seed):
    curve = get_curve(name)
    rng = random.Random(f"{name}/{seed}")
    d = rng.randrange(1, curve.n)
    return curve, d, encode_point(curve, native.scalar_mult_base(name, d)), rng


@pytest.mark.parametrize("name", CURVES)
def test_sign_der_writes_the_python_encoding_of_the_signature(name):
    curve, d, _, rng = _key(name, 0)
    long_forms = 0
    for i in range(40):
        digest = hashlib.sha256(rng.randbytes(i)).digest()
        n, out = _sign_der(name, d.to_bytes(curve.order_byte_length, "big"), digest)
        r, s = native.ecdsa_bridge.ecdsa_sign(name, d, digest)
        expected = keys.encode_signature(r, s, curve)
        assert n == len(expected) and out[:n] == expected, (name, i)
        long_forms += expected[1] == 0x81
    if curve.order_byte_length >= 62:  # the SEQUENCE's contents reach 0x80 octets
        assert long_forms == 40


@pytest.mark.parametrize("name", CURVES)
def test_sign_der_errors(name):
    curve, d, _, _ = _key(name, 1)
    L = curve.order_byte_length
    digest = hashlib.sha256(b"e").digest()
    c = library.curve_params(name)
    good = d.to_bytes(L, "big")
    # one octet short of the longest signature: refused, whatever this signature's length
    n, out = _sign_der(name, good, digest, cap=8 + 2 * L)
    assert n == _err("LENGTH") and out == bytes(8 + 2 * L)
    for bad in (bytes(L), curve.n.to_bytes(L, "big"), b"", b"\x01" * (L + 1)):
        n, out = _sign_der(name, bad, digest)
        assert n == _err("SCALAR") and out == bytes(9 + 2 * L)  # nothing written
    lib = library.lib()
    buf = (ctypes.c_uint8 * 200)()
    assert lib.ecedu_ecdsa_sign_der(c.index, good, L, None, 5, buf, 200) == _err("LENGTH")
    assert lib.ecedu_ecdsa_sign_der(c.index, good, L, digest, 32, None, 200) == _err("CURVE")
    assert lib.ecedu_ecdsa_sign_der(c.index, None, L, digest, 32, buf, 200) == _err("CURVE")
    assert lib.ecedu_ecdsa_sign_der(999, good, L, digest, 32, buf, 200) == _err("CURVE")
    assert lib.ecedu_ecdsa_sign_der(-1, good, L, digest, 32, buf, 200) == _err("CURVE")


def _malformed(der: bytes, L: int):
    """Hand-made near misses of a valid DER signature *der*, each of a kind signature_octets
    rejects or must reject (the expected answer is always computed, never assumed)."""
    head = 3 if der[1] == 0x81 else 2
    body = der[head:]
    rlen = body[1]
    r, s_int = body[: 2 + rlen], body[2 + rlen :]
    yield b"\x30\x82" + len(body).to_bytes(2, "big") + body  # BER long form, two octets
    if len(body) < 0x80:
        yield b"\x30\x81" + bytes([len(body)]) + body  # long form where DER wants the short one
    else:
        yield b"\x30" + bytes([len(body)]) + body  # short-form octet >= 0x80
    yield b"\x31" + der[1:]  # SET, not SEQUENCE
    yield der + b"\x00"  # trailing octet
    yield der[:-1]
    yield der[:head] + body[:-1] + b"\x00"  # content length right, s cut by one, a stray octet
    yield b"\x30" + bytes([len(body) + 3]) + body + b"\x02\x01\x01"  # a third INTEGER
    pad_r = b"\x02" + bytes([rlen + 1]) + b"\x00" + r[2:]  # a needless 0x00 (r's top bit is 0)
    if not r[2] & 0x80:
        yield b"\x30" + bytes([len(pad_r) + len(s_int)]) + pad_r + s_int
    neg = b"\x02" + bytes([rlen]) + bytes([r[2] | 0x80]) + r[3:]  # r negative
    yield der[:head] + neg + s_int
    yield b"\x30\x06\x02\x01\x00\x02\x01\x01"  # r = 0
    yield b"\x30\x06\x02\x01\x01\x02\x01\x00"  # s = 0
    yield b"\x30\x07\x02\x02\x00\x01\x02\x01\x01"  # r = 1 with a needless 0x00
    yield b"\x30\x06\x02\x01\x01\x02\x01\x01"  # r = s = 1: well-formed, not valid
    yield b"\x30\x06\x02\x01\x01\x02\x01\xff"  # s < 0
    yield b"\x30\x06\x02\x01\x01\x04\x01\x01"  # OCTET STRING for s
    yield b"\x30\x05\x02\x01\x01\x02\x00"  # empty INTEGER, 7 octets
    yield b"\x30\x06\x02\x00\x02\x02\x01\x01"  # empty r
    yield b"\x30\x06\x02\x81\x01\x01\x02\x01"  # long-form INTEGER length
    yield b"\x30\x00"
    yield b""
    yield b"\x30"
    yield b"\x30\x81"
    yield b"\x30\x81\x80"
    yield b"\x02" * 8
    yield signature_der(((1 << (8 * L + 8)) - 1) >> 1, 1)  # r positive, one octet longer than n
    # the boundary of the two length forms: contents of 127 and of 128 octets, each written both ways
    for total in (127, 128):
        ints = b"\x02\x3e" + b"\x11" * 62 + b"\x02" + bytes([total - 66]) + b"\x22" * (total - 66)
        assert len(ints) == total
        yield b"\x30" + bytes([total]) + ints  # DER for 127; 0x80 is the indefinite form, not DER
        yield b"\x30\x81" + bytes([total]) + ints  # DER for 128 only


@pytest.mark.parametrize("name", VERIFY_CURVES)
def test_verify_der_answers_as_the_python_reader_and_the_sec1_entry(name):
    for seed in range(3):
        curve, d, point, rng = _key(name, seed)
        digest = hashlib.sha256(rng.randbytes(seed + 3)).digest()
        r, s = native.ecdsa_bridge.ecdsa_sign(name, d, digest)
        der = keys.encode_signature(r, s, curve)
        other_s = keys.encode_signature(r, curve.n - s, curve)
        cases = [der, other_s, *_malformed(der, curve.order_byte_length)]
        for _ in range(20):  # single bit flips anywhere, and truncations
            b = bytearray(der)
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
            cases.append(bytes(b))
            cases.append(der[: rng.randrange(len(der))])
        answers = set()
        for sig in cases:
            for key in (point, encode_point(curve, native.scalar_mult_base(name, d), True)):
                got = _verify_der(name, key, digest, sig)
                assert got == _verify_expected(name, key, digest, sig), (name, sig.hex())
                answers.add(got)
        assert _verify_der(name, point, digest, der) == 1
        assert _verify_der(name, point, hashlib.sha256(b"other").digest(), der) == 0
        assert answers == {1, 0, _err("LENGTH")}


@pytest.mark.parametrize("name", CURVES)
def test_verify_der_key_errors_come_first(name):
    curve, d, point, _ = _key(name, 9)
    digest = hashlib.sha256(b"k").digest()
    der = keys.encode_signature(*native.ecdsa_bridge.ecdsa_sign(name, d, digest), curve)
    lib, c = library.lib(), library.curve_params(name)
    bad_point = b"\x04" + b"\xff" * (len(point) - 1)
    for sig in (der, b"", b"\x30\x00"):
        assert _verify_der(name, bad_point, digest, sig) == _verify_expected(name, bad_point, digest, sig) < 0
        assert _verify_der(name, point[:-1], digest, sig) == _err("LENGTH")
    assert lib.ecedu_ecdsa_verify_der_vartime(c.index, point, len(point), None, 3, der, len(der)) == _err(
        "LENGTH"
    )
    assert lib.ecedu_ecdsa_verify_der_vartime(c.index, None, 0, digest, 32, der, len(der)) == _err("CURVE")
    assert lib.ecedu_ecdsa_verify_der_vartime(c.index, point, len(point), digest, 32, None, 0) == _err(
        "CURVE"
    )
    assert lib.ecedu_ecdsa_verify_der_vartime(999, point, len(point), digest, 32, der, len(der)) == _err(
        "CURVE"
    )


def _sequence_of(tag: int, short: bool, parts: list, extra: int) -> bytes:
    """tag, a length (one octet, or 0x81 and one octet) off by *extra*, then the parts."""
    body = b"".join(parts)
    length = (len(body) + extra) & 0xFF
    return bytes([tag]) + (bytes([length]) if short else bytes([0x81, length])) + body


def _der_like():
    """Byte strings built like a signature (a SEQUENCE of INTEGER-ish parts with lengths right
    or wrong), and plain random bytes."""
    integer = st.builds(
        lambda tag, n, body: bytes([tag, n]) + body,
        st.sampled_from([0x02, 0x02, 0x02, 0x04]),
        st.integers(0, 0x85),
        st.binary(min_size=0, max_size=80),
    )
    seq = st.builds(
        _sequence_of,
        st.sampled_from([0x30, 0x30, 0x31]),
        st.booleans(),
        st.lists(integer, min_size=0, max_size=3),
        st.sampled_from([0, 0, 0, 1, -1]),
    )
    return st.one_of(seq, st.binary(max_size=160))


@given(sig=_der_like(), which=st.sampled_from(VERIFY_CURVES))
def test_verify_der_on_arbitrary_bytes(sig, which):
    curve, d, point, _ = _key(which, 2)
    digest = hashlib.sha256(b"fuzz").digest()
    assert _verify_der(which, point, digest, sig) == _verify_expected(which, point, digest, sig)
