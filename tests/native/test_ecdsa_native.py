"""Native ECDSA (ecedu/native/ecdsa.c via ecedu.native.ecdsa_bridge) against the
Python reference (ecedu.ecdsa, ecedu.rfc6979) on all 14 binary curves:
byte-identical RFC 6979 signatures, agreeing verification, SHA-256/HMAC and
mod-n arithmetic against hashlib/hmac/Python ints, and bad inputs -> ECEduError."""

import hashlib
import hmac
import random

import pytest

import ecedu.ec as E
from ecedu import ecdsa, native
from ecedu.curves import get_curve
from ecedu.errors import ECEduError, EncodingError, InvalidPointError, InvalidScalarError, UnknownCurveError
from ecedu.keys import decode_signature

pytestmark = pytest.mark.skipif(
    not native.available(), reason=f"native library not built: {native.load_error()}"
)

from ecedu.native import ecdsa_bridge as eb  # noqa: E402

CURVES = list(native.CURVES)
MESSAGES = [b"", b"abc", b"sample", b"test", bytes(range(200))]


def _key(name, seed):
    n = get_curve(name).n
    rng = random.Random(f"{name}/{seed}")
    return [1, n - 1, rng.randrange(2, n - 1)][seed % 3] if seed < 3 else rng.randrange(1, n)


def _sec1(name, Q):
    flen = get_curve(name).byte_length
    return b"\x04" + Q[0].to_bytes(flen, "big") + Q[1].to_bytes(flen, "big")


# ---------------------------------------------------------------- primitives


@pytest.mark.parametrize("length", [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000])
def test_sha256_matches_hashlib(length):
    data = bytes((7 * i + length) & 0xFF for i in range(length))
    assert eb.sha256(data) == hashlib.sha256(data).digest()


@pytest.mark.parametrize("keylen", [0, 1, 32, 63, 64, 65, 200])
def test_hmac_sha256_matches_hmac(keylen):
    key = bytes((3 * i + 1) & 0xFF for i in range(keylen))
    for data in (b"", b"x", bytes(range(100)), b"\x00" * 64):
        assert eb.hmac_sha256(key, data) == hmac.new(key, data, "sha256").digest()


@pytest.mark.parametrize("name", CURVES)
def test_modn_arithmetic(name):
    n = get_curve(name).n
    nlen = (n.bit_length() + 7) // 8
    rng = random.Random(name)
    vals = [1, 2, n - 1, n - 2, (n + 1) // 2] + [rng.randrange(1, n) for _ in range(10)]
    for a in vals:
        b = rng.randrange(n)
        assert eb.modn_op(name, "mul", a, b) == a * b % n
        assert eb.modn_op(name, "add", a, b) == (a + b) % n
        assert eb.modn_op(name, "inv", a) == pow(a, -1, n)
        assert eb.modn_op(name, "inv_euclid_vartime", a) == pow(a, -1, n)
    for x in [0, n, n + 1, 2 * n - 1, (1 << (8 * nlen)) - 1, rng.randrange(1 << (8 * nlen))]:
        if x >= 1 << (8 * nlen):
            continue
        assert eb.modn_op(name, "reduce", x) == x % n
    with pytest.raises(ECEduError):
        eb.modn_op(name, "mul", n, 1)
    with pytest.raises(ECEduError):  # the Euclid has no inverse of 0 to give (ECEDU_ERR_RANGE)
        eb.modn_op(name, "inv_euclid_vartime", 0)


FOUR_WORD = [c for c in CURVES if 192 < get_curve(c).n.bit_length() <= 256]


@pytest.mark.parametrize("level", ["portable", "mulx"])
@pytest.mark.parametrize("name", FOUR_WORD)
def test_modn_four_words_at_each_level(name, level):
    """scalar/modn.h's 4-word product at both prime-field levels (mulx: the MULX/ADCX/ADOX
    assembly, modn_mul4_adx; portable: the CIOS C) against Python, with the operands at their
    bounds: a, b near n, and reduce's a up to 2^(8 nlen) - 1 (modn_to_mont, a < R)."""
    if level not in native.available_prime_implementations():
        pytest.skip(f"no {level} level on this CPU")
    n = get_curve(name).n
    nlen = (n.bit_length() + 7) // 8
    rng = random.Random(name + level)
    native.force_prime_implementation(level)
    try:
        vals = [1, 2, 3, n - 1, n - 2, (n + 1) // 2, (1 << 192) - 1, (1 << 64) + 1]
        vals += [rng.randrange(1, n) for _ in range(12)]
        for a in vals:
            for b in (vals[0], vals[3], rng.randrange(n), a):
                assert eb.modn_op(name, "mul", a, b) == a * b % n
            assert eb.modn_op(name, "inv", a) == pow(a, -1, n)
        for x in [n, n + 1, 2 * n - 1, (1 << (8 * nlen)) - 1, (1 << (8 * nlen)) - n]:
            if x < 1 << (8 * nlen):
                assert eb.modn_op(name, "reduce", x) == x % n
        d, msg = rng.randrange(1, n), name.encode()
        ref = decode_signature(ecdsa.sign(name, d, msg, hash="sha256", backend="python"))
        assert eb.ecdsa_sign(name, d, hashlib.sha256(msg).digest()) == ref
    finally:
        native.force_prime_implementation(None)


# ---------------------------------------------------------------- signing


@pytest.mark.parametrize("name", CURVES)
def test_sign_equals_python(name):
    """The C RFC 6979 signature is byte-for-byte the Python one (hash sha256)."""
    for i in range(4):
        d = _key(name, i)
        for msg in MESSAGES[i % 2 :: 2] if i else MESSAGES:
            ref = decode_signature(ecdsa.sign(name, d, msg, hash="sha256", backend="python"))
            assert eb.ecdsa_sign(name, d, hashlib.sha256(msg).digest()) == ref, (d, msg)


@pytest.mark.parametrize("name", ["sect163k1", "sect283r1", "sect571r1"])
def test_sign_portable_path_equals_python(name, each_path):
    d = _key(name, 5)
    ref = decode_signature(ecdsa.sign(name, d, b"portable", backend="python"))
    assert eb.ecdsa_sign(name, d, hashlib.sha256(b"portable").digest()) == ref


@pytest.mark.parametrize("name", ["sect163k1", "sect233r1", "sect409k1", "sect571k1"])
@pytest.mark.parametrize("hash_name", ["sha1", "sha224", "sha384", "sha512"])
def test_sign_other_hashes_with_python_nonce(name, hash_name):
    """Other hashes: the nonce comes from ecedu.rfc6979 (Python), the rest from C."""
    d = _key(name, 4)
    msg = b"other hash " + hash_name.encode()
    ref = decode_signature(ecdsa.sign(name, d, msg, hash=hash_name, backend="python", allow_legacy_hash=True))
    digest = hashlib.new(hash_name, msg).digest()
    assert eb.ecdsa_sign_digest(name, d, digest, hash_name) == ref


@pytest.mark.parametrize("name", ["sect163r1", "sect571r1"])
def test_digest_lengths(name):
    """bits2int for digests shorter and longer than n, and the empty digest."""
    n = get_curve(name).n
    d = _key(name, 3)
    from ecedu.rfc6979 import bits2int, generate_k

    for digest in (b"", b"\x01", b"\xff" * 20, b"\xa5" * 33, b"\x5a" * 80, b"\xff" * 100):
        r, s = eb.ecdsa_sign(name, d, digest)
        # the nonce in C is the RFC 6979 SHA-256 nonce for h1 = digest
        k = next(generate_k(n, d, digest, "sha256"))
        assert (r, s) == eb.ecdsa_sign_with_k(name, d, k, digest)
        e = bits2int(digest, n.bit_length()) % n
        assert s * k % n == (e + r * d) % n
        Q = native.scalar_mult_base(name, d)
        assert eb.ecdsa_verify(name, *Q, digest, r, s)


def test_sign_with_k_matches_formula():
    name = "sect233k1"
    c = get_curve(name)
    n = c.n
    d, k, digest = 12345, 67890, hashlib.sha256(b"m").digest()
    r, s = eb.ecdsa_sign_with_k(name, d, k, digest)
    assert r == native.scalar_mult_base(name, k)[0] % n
    e = int.from_bytes(digest, "big") >> (256 - n.bit_length())
    assert s == pow(k, -1, n) * (e + r * d) % n


# ---------------------------------------------------------------- verifying


@pytest.mark.parametrize("name", CURVES)
def test_verify_agrees_with_python(name):
    n = get_curve(name).n
    d = _key(name, 7)
    Q = native.scalar_mult_base(name, d)
    pub = _sec1(name, Q)
    for msg in (b"abc", b"sample"):
        sig = ecdsa.sign(name, d, msg, backend="python")
        r, s = decode_signature(sig)
        h = hashlib.sha256(msg).digest()
        cases = [
            (h, r, s),  # valid
            (hashlib.sha256(msg + b"!").digest(), r, s),  # tampered message
            (h, r ^ 1, s),
            (h, r, s ^ 4),
            (h, s, r),  # tampered r / s
            (h, r, n - s),  # -s: not valid (x(-R) differs? checked by python)
            (h, 0, s),
            (h, r, 0),
            (h, n, s),
            (h, r, n),
            (h, r + n, s),  # out of range
        ]
        for digest, rr, ss in cases:
            got = eb.ecdsa_verify(name, *Q, digest, rr, ss)
            if digest == h:
                m2 = msg
            else:
                m2 = msg + b"!"
            from ecedu.keys import encode_signature

            if rr <= 0 or ss <= 0:
                want = False
            else:
                want = ecdsa.verify(name, pub, m2, encode_signature(rr, ss), backend="python")
            assert got == want, (rr == r, ss == s, digest == h)
        assert eb.ecdsa_verify(name, *Q, h, r, s) is True


@pytest.mark.parametrize("name", ["sect163k1", "sect409r1"])
def test_verify_e_zero_mod_n(name):
    """u1 = 0 (digest = n): R = u2 Q only."""
    n = get_curve(name).n
    nb = n.bit_length()
    digest = (n << ((-nb) % 8)).to_bytes((nb + 7) // 8, "big")  # bits2int(digest) = n -> e = 0
    d = 99991
    r, s = eb.ecdsa_sign(name, d, digest)
    Q = native.scalar_mult_base(name, d)
    assert eb.ecdsa_verify(name, *Q, digest, r, s)
    assert not eb.ecdsa_verify(name, *Q, digest, r, (s + 1) % n or 1)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("name", ["sect163k1", "sect239k1", "sect571r1"])
def test_bad_private_keys(name):
    n = get_curve(name).n
    h = hashlib.sha256(b"x").digest()
    for d in (0, n, n + 1, -1, (1 << (8 * ((n.bit_length() + 7) // 8))) - 1, 1 << 600):
        with pytest.raises(InvalidScalarError):
            eb.ecdsa_sign(name, d, h)
        with pytest.raises(InvalidScalarError):
            eb.ecdsa_sign_with_k(name, d, 5, h)
    for k in (0, n, n + 5):
        with pytest.raises(InvalidScalarError):
            eb.ecdsa_sign_with_k(name, 5, k, h)
    for bad in ("1", 1.0, True, None):
        with pytest.raises(ECEduError):
            eb.ecdsa_sign(name, bad, h)
    with pytest.raises(EncodingError):
        eb.ecdsa_sign(name, 5, "not bytes")
    with pytest.raises(UnknownCurveError):
        eb.ecdsa_sign("brainpoolP256t1", 5, h)  # the twisted curve: internal to the kernels, no public curve
    with pytest.raises(UnknownCurveError):
        eb.ecdsa_verify("nope", 1, 2, h, 1, 1)


@pytest.mark.parametrize("name", ["sect163r2", "sect233k1", "sect283k1", "sect409r1"])
def test_bad_public_keys(name):
    c = get_curve(name)
    m = c.field.m
    d = 424242
    h = hashlib.sha256(b"msg").digest()
    r, s = eb.ecdsa_sign(name, d, h)
    x, y = native.scalar_mult_base(name, d)
    assert eb.ecdsa_verify(name, x, y, h, r, s)
    for bx, by in [(x, y ^ 1), (0, y), (x, 0), (1 << m, y), (x, 1 << m), (-1, y)]:
        with pytest.raises(InvalidPointError):
            eb.ecdsa_verify(name, bx, by, h, r, s)
    # on the curve but outside the subgroup of order n: Q + T, T = (0, sqrt b) of order 2
    T = (0, c.field.sqrt(c.b))
    Qt = E.add(c, (x, y), T)
    assert E.is_on_curve(c, Qt)
    with pytest.raises(InvalidPointError):
        eb.ecdsa_verify(name, *Qt, h, r, s)
    with pytest.raises(ECEduError):
        eb.ecdsa_verify(name, x, y, "str", r, s)
    with pytest.raises(ECEduError):
        eb.ecdsa_verify(name, x, y, h, "1", s)


def test_raw_c_lengths_rejected():
    """Direct ctypes calls with wrong lengths get an error code, never a crash."""
    import ctypes

    from ecedu.native import library

    lib = library.lib()
    ci = lib.ecedu_curve_index(b"sect163k1", 9)
    LENGTH, SCALAR, CURVE, POINT = (
        library.constant("ECEDU_ERR_" + e) for e in ("LENGTH", "SCALAR", "CURVE", "POINT")
    )

    buf = (ctypes.c_uint8 * 80)()
    d = b"\x01" * 21
    h = b"\x02" * 32
    assert lib.ecedu_ecdsa_sign(ci, d, 21, h, 32, buf, buf, 20) == LENGTH
    assert lib.ecedu_ecdsa_sign(ci, d, 0, h, 32, buf, buf, 21) == SCALAR
    assert lib.ecedu_ecdsa_sign(ci, d, 22, h, 32, buf, buf, 21) == SCALAR
    assert lib.ecedu_ecdsa_sign(ci, d, 21, None, 5, buf, buf, 21) == LENGTH
    assert lib.ecedu_ecdsa_sign(99, d, 21, h, 32, buf, buf, 21) == CURVE
    assert lib.ecedu_ecdsa_sign(-1, d, 21, h, 32, buf, buf, 21) == CURVE
    x = b"\x00" * 21
    assert lib.ecedu_ecdsa_verify_vartime(ci, x, x, 20, h, 32, d, d, 21) == LENGTH
    assert lib.ecedu_ecdsa_verify_vartime(ci, x, x, 21, h, 32, d, d, 22) == LENGTH
    assert lib.ecedu_ecdsa_verify_vartime(ci, x, x, 21, h, 32, d, d, 21) == POINT
    assert lib.ecedu_ecdsa_verify_vartime(ci, x, x, 21, None, 1, d, d, 21) == LENGTH
    assert lib.ecedu_ecdsa_sign_with_k(ci, d, 21, d, 0, h, 32, buf, buf, 21) == SCALAR


# ---------------------------------------------------------------- bench loops


def test_bench_loops_run():
    for name in ("sect163k1", "sect233r1"):
        assert native.bench_ecdsa_sign(name, 3) > 0
        assert native.bench_ecdsa_verify(name, 3) > 0
    assert native.bench_ecdsa_sign("sect163k1", 0) >= 0
    with pytest.raises(ECEduError):
        native.bench_ecdsa_sign("sect163k1", -1)
