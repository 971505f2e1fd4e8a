"""The prime-field kernels of src/field/gfp/ (CIOS Montgomery at 32- and 64-bit limbs, the
constant-time modular exponentiation and the RSA CRT operation) against Python's ints."""

import ctypes
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecedu import native
from ecedu.errors import ECEduError, EncodingError
from ecedu.native import library

pytestmark = pytest.mark.skipif(not native.available(), reason="native library not built")

WIDTHS = (32, 64)
LEVELS = native.available_prime_implementations() if native.available() else ()


def configs():
    """The limb widths, each at every prime-field level the CPU has: 32 and 64 on the portable
    code, then 64 on the MULX/ADX code (mont64_adx.c) and on the IFMA exponentiations
    (mont64_ifma.c) where the CPU has them.  The level is set while
    the caller's loop body runs, and reset to the default afterwards."""
    for level in LEVELS:
        native.force_prime_implementation(level)
        try:
            yield from WIDTHS if level == "portable" else (64,)
        finally:
            native.force_prime_implementation(None)


SIZES = (192, 224, 256, 384, 521, 1024, 2048, 3072, 4096)
SMALL = (2, 5, 8, 31, 32, 33, 63, 64, 65, 96, 127, 128, 129)
NIST = {
    192: 2**192 - 2**64 - 1,
    224: 2**224 - 2**96 + 1,
    256: 2**256 - 2**224 + 2**192 + 2**96 - 1,
    384: 2**384 - 2**128 - 2**96 + 2**32 - 1,
    521: 2**521 - 1,
}


def moduli(bits, rng):
    """Moduli of ``bits`` bits whose top limb is full, nearly empty, or random."""
    out = [2**bits - 1, rng.getrandbits(bits) | 1 | (1 << (bits - 1)), (1 << (bits - 1)) + 1]
    if bits in NIST:
        out.append(NIST[bits])
    return [p for p in out if p >= 3]


def edge_values(p, rng):
    k = p.bit_length()
    vals = {0, 1, 2, p - 1, p - 2, (1 << (k - 1)) - 1, 1 << (k - 1), rng.randrange(p), rng.randrange(p)}
    for j in range(32, k, 32):  # just below every limb boundary, and at it
        vals |= {(1 << j) - 1, 1 << j}
    return sorted(v for v in vals if 0 <= v < p)


@pytest.mark.parametrize("bits", SMALL + SIZES)
def test_prime_mul_matches_python(bits):
    rng = random.Random(bits)
    for p in moduli(bits, rng):
        vals = edge_values(p, rng)
        pairs = [(a, b) for a in vals for b in vals] if bits <= 521 else list(zip(vals, reversed(vals)))
        for a, b in pairs:
            want = a * b % p
            for w in configs():
                assert native.prime_mul(p, a, b, limb_bits=w) == want, (hex(p), a, b, w)


def test_modulus_three_and_tiny_moduli():
    for p in (3, 5, 7, 255, 257, 65535, 2**32 + 1, 2**64 + 1, 2**64 - 59):
        for a in (0, 1, p - 1, p // 2):
            for w in configs():
                assert native.prime_mul(p, a, p - 1, limb_bits=w) == a * (p - 1) % p
                assert native.modexp(a, p - 2, p, limb_bits=w) == pow(a, p - 2, p)


@pytest.mark.parametrize("bits", SIZES)
def test_modexp_matches_pow(bits):
    rng = random.Random(1000 + bits)
    ps = moduli(bits, rng)
    exps = [0, 1, 2, 3, 31, rng.getrandbits(bits), 2**bits - 1]
    if bits >= 2048:  # the slow sizes: fewer cases
        ps, exps = ps[1:2], [0, 1, rng.getrandbits(bits)]
    for p in ps:
        for e in exps:
            x = rng.randrange(p)
            want = pow(x, e, p)
            for w in configs():
                assert native.modexp(x, e, p, limb_bits=w) == want, (bits, e, w)


def test_modexp_bases_and_exponents_of_any_size():
    rng = random.Random(7)
    p = NIST[256]
    for x in (0, 1, p - 1, p, p + 1, 2**300 + 12345, rng.getrandbits(8000)):
        for e in (0, 1, p - 1, p + 5, rng.getrandbits(1000), 2**1024):
            for w in configs():
                assert native.modexp(x, e, p, limb_bits=w) == pow(x, e, p)


def _crt_reference(c, p, q, dp, dq, qinv):
    m1, m2 = pow(c, dp, p), pow(c, dq, q)
    return m2 + (qinv * (m1 - m2) % p) * q


@pytest.mark.parametrize("bits", (64, 512, 1024, 2048))
def test_rsa_crt_matches_the_formula(bits):
    """The PKCS #1 recombination for odd p, q (not necessarily prime) of unequal sizes."""
    rng = random.Random(bits)
    for pbits, qbits in ((bits, bits), (bits, bits - 7), (bits - 9, bits)):
        p = rng.getrandbits(pbits) | 1 | (1 << (pbits - 1))
        q = rng.getrandbits(qbits) | 1 | (1 << (qbits - 1))
        c, qinv = rng.randrange(p * q), rng.randrange(p)
        dp, dq = rng.getrandbits(pbits), rng.getrandbits(qbits)
        want = _crt_reference(c, p, q, dp, dq, qinv)
        for w in configs():
            assert native.rsa_private_crt(c, p, q, dp, dq, qinv, limb_bits=w) == want
    for w in configs():  # c = 0, 1, p, q: the edges of the reductions
        for c in (0, 1, p, q, p * q - 1):
            assert native.rsa_private_crt(c, p, q, dp, dq, qinv, limb_bits=w) == _crt_reference(
                c, p, q, dp, dq, qinv
            )


def test_rsa_crt_with_a_real_key():
    rsa = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.rsa")
    key = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    pn = key.private_numbers()
    n, e, d = pn.public_numbers.n, pn.public_numbers.e, pn.d
    rng = random.Random(5)
    for _ in range(3):
        m = rng.randrange(n)
        for w in configs():
            key = (pn.p, pn.q, pn.dmp1, pn.dmq1, pn.iqmp)
            assert native.rsa_private_crt(pow(m, e, n), *key, limb_bits=w) == m
            assert native.modexp(m, d, n, limb_bits=w) == pow(m, d, n)


@settings(max_examples=30)
@given(st.data())
def test_prime_mul_and_modexp_hypothesis(data):
    p = data.draw(st.integers(min_value=1, max_value=2**600)) * 2 + 1
    a = data.draw(st.integers(min_value=0, max_value=p - 1))
    b = data.draw(st.integers(min_value=0, max_value=p - 1))
    e = data.draw(st.integers(min_value=0, max_value=2**300))
    assert native.prime_mul(p, a, b, limb_bits=32) == native.prime_mul(p, a, b, limb_bits=64) == a * b % p
    assert native.modexp(a, e, p, limb_bits=32) == native.modexp(a, e, p) == pow(a, e, p)
    for w in configs():  # and at the MULX level
        assert native.prime_mul(p, a, b, limb_bits=w) == a * b % p
        assert native.modexp(a, e, p, limb_bits=w) == pow(a, e, p)


@pytest.mark.parametrize("bits", SMALL + SIZES)
def test_squaring_edges(bits):
    """x^2 and x^3 for the edge values (all-ones limbs, limb boundaries, p - 1): the squaring of
    the MULX level (off-diagonal rows, doubling and diagonal squares on two carry chains) and the
    multiplication, against Python, at every level."""
    rng = random.Random(3000 + bits)
    ps = moduli(bits, rng)
    for p in ps if bits <= 521 else ps[:1]:  # the exponent is padded to p's size: large sizes cost
        vals = edge_values(p, rng) if bits <= 521 else [p - 1, (1 << (bits - 1)) - 1]
        for x in vals:
            for w in configs():
                assert native.modexp(x, 2, p, limb_bits=w) == x * x % p, (hex(p), x, w)
                if bits <= 521:
                    assert native.modexp(x, 3, p, limb_bits=w) == x * x * x % p, (hex(p), x, w)


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    "p, a, b, kw, match",
    [
        (2**255 - 18, 1, 1, {}, "odd"),
        (1, 0, 0, {}, "odd and at least 3"),
        (-7, 0, 0, {}, "odd and at least 3"),
        (2**4097 - 1, 1, 1, {}, "4096 bits"),
        (97, 97, 1, {}, r"a is not in \[0, p\)"),
        (97, 1, -1, {}, "b must be non-negative"),
        (97, 1, 2, {"limb_bits": 16}, "limb_bits must be 32 or 64"),
        (97, 1, 2, {"limb_bits": True}, "limb_bits must be 32 or 64"),
        (97, 1, 2, {"variant": "solinas"}, "does not cover this p"),
        (97, 1, 2, {"variant": "unsaturated"}, "does not cover this p"),
        (97, 1, 2, {"variant": "karatsuba"}, "unknown prime_mul variant"),
        (97, 1, 2, {"variant": None}, "variant must be a str"),
    ],
)
def test_prime_mul_errors(p, a, b, kw, match):
    with pytest.raises(ECEduError, match=match):
        native.prime_mul(p, a, b, **kw)


@pytest.mark.parametrize("bad", [1.0, "5", True, None, b"\x05"])
def test_wrong_types_are_encoding_errors(bad):
    with pytest.raises(EncodingError, match="must be an int"):
        native.prime_mul(97, bad, 1)
    with pytest.raises(EncodingError):
        native.modexp(2, bad, 97)
    with pytest.raises(EncodingError):
        native.modexp(2, 3, bad)


def test_modexp_and_crt_errors():
    with pytest.raises(ECEduError, match="odd"):
        native.modexp(2, 3, 100)
    with pytest.raises(ECEduError, match="non-negative"):
        native.modexp(2, -3, 101)
    with pytest.raises(ECEduError, match="at most 8192"):
        native.modexp(2, 2**9000, 101)
    p, q = 1000003, 999983
    with pytest.raises(ECEduError, match=r"c is not in \[0, p\*q\)"):
        native.rsa_private_crt(p * q, p, q, 1, 1, 1)
    with pytest.raises(ECEduError, match=r"qinv is not in \[0, p\)"):
        native.rsa_private_crt(5, p, q, 1, 1, p)
    with pytest.raises(ECEduError, match="odd"):
        native.rsa_private_crt(5, p, q + 1, 1, 1, 1)


def test_c_checks_its_inputs():
    """The C functions refuse what the bridge never sends (direct calls)."""
    lib, k = library.lib(), library.constant
    out = (ctypes.c_uint8 * 4)()
    mont = k("ECEDU_PRIME_MONTGOMERY")
    assert lib.ecedu_prime_mul(mont, 48, b"\x61", 1, b"\x01", b"\x01", out) == k("ECEDU_ERR_ARGUMENT")
    assert lib.ecedu_prime_mul(99, 64, b"\x61", 1, b"\x01", b"\x01", out) == k("ECEDU_ERR_ARGUMENT")
    assert lib.ecedu_prime_mul(mont, 64, b"\x00\x61", 2, b"\0\1", b"\0\1", out) == k("ECEDU_ERR_MODULUS")
    assert lib.ecedu_prime_mul(mont, 64, b"\x62", 1, b"\x01", b"\x01", out) == k("ECEDU_ERR_MODULUS")
    assert lib.ecedu_prime_mul(mont, 64, b"\x01", 1, b"\x00", b"\x00", out) == k("ECEDU_ERR_MODULUS")
    assert lib.ecedu_prime_mul(mont, 64, b"\x61", 0, b"\x01", b"\x01", out) == k("ECEDU_ERR_LENGTH")
    assert lib.ecedu_prime_mul(mont, 64, b"\x61", 1, b"\x61", b"\x01", out) == k("ECEDU_ERR_RANGE")
    assert lib.ecedu_prime_mul(mont, 32, b"\x61", 1, b"\x60", b"\x02", out) == 0 and out[0] == 0x5F
    big = b"\x01" * 513
    assert lib.ecedu_prime_mul(mont, 64, big, 513, big, big, out) == k("ECEDU_ERR_MODULUS")
    assert lib.ecedu_modexp(64, b"\x02", 1, b"\x01" * 1025, 1025, b"\x61", 1, out) == k("ECEDU_ERR_LENGTH")
    big_out = (ctypes.c_uint8 * 8)()
    ok = [b"\x05", 1, b"\x61", 1, b"\x65", 1, b"\x01", 1, b"\x01", 1, b"\x01", 1]
    assert lib.ecedu_modexp_crt(64, *ok, big_out, 2) == 0
    assert lib.ecedu_modexp_crt(64, *ok, big_out, 1) == k("ECEDU_ERR_LENGTH")  # out too short
    bad_q = ok[:4] + [b"\x64", 1] + ok[6:]  # even q: found without a branch on it
    assert lib.ecedu_modexp_crt(64, *bad_q, big_out, 2) == k("ECEDU_ERR_RANGE")
    assert bytes(big_out[:2]) == b"\0\0"
    long_qinv = ok[:10] + [b"\0\1", 2]
    assert lib.ecedu_modexp_crt(64, *long_qinv, big_out, 2) == k("ECEDU_ERR_LENGTH")


# The ifma level (src/field/gfp/mont_ifma.h): 52-bit digits in ceil(nd / 8) zmm vectors with
# nd = ceil((64 n + 2) / 52) for n 64-bit limbs.  Sizes chosen so that nd runs over every vector
# count 1..10 and sits on both sides of the vector boundaries (nd = 8k - 1, 8k, 8k + 1), with
# moduli whose digits are all ones (the normalization's carry chains) or random.
IFMA_BITS = (320, 448, 576, 640, 960, 1024, 1088, 1536, 1600, 2048, 2112)
IFMA_BITS += (2496, 2560, 3072, 3328, 3392, 4032, 4096)


def _ifma_digits(bits):
    return -(-(64 * -(-bits // 64) + 2) // 52)


def test_ifma_sizes_cover_every_vector_count():
    nds = {_ifma_digits(b) for b in IFMA_BITS}
    assert {-(-nd // 8) for nd in nds} == set(range(1, 11))
    assert {nd % 8 for nd in nds} >= {0, 1, 7}


def _at_every_level(fn):
    """fn() at 64-bit limbs at every prime-field level, as [(level, result)]."""
    out = []
    for level in LEVELS:
        native.force_prime_implementation(level)
        try:
            out.append((level, fn()))
        finally:
            native.force_prime_implementation(None)
    return out


@pytest.mark.parametrize("bits", IFMA_BITS)
def test_modexp_at_every_digit_count(bits):
    """modexp above 256 bits (the ifma level's IFMA exponentiation) against pow and the 64-bit
    portable and MULX kernels."""
    rng = random.Random(4000 + bits)
    ps = (2**bits - 1, rng.getrandbits(bits) | 1 | (1 << (bits - 1)))
    for p in ps if bits <= 2048 else ps[int(bits % 3 == 0) :]:  # large sizes: one modulus
        cases = [(p - 1, rng.getrandbits(bits)), (rng.randrange(p), 2**bits - 1), (2**bits - 2, 3)]
        for x, e in cases if bits <= 2048 else cases[1:]:
            want = pow(x, e, p)
            got = _at_every_level(lambda x=x, e=e, p=p: native.modexp(x, e, p))
            assert [lvl for lvl, _ in got] == list(LEVELS) and all(r == want for _, r in got), (bits, got)


@pytest.mark.parametrize(
    "pbits,qbits",
    [(512, 512), (1024, 1024), (1536, 1532), (2048, 2048), (1024, 600), (520, 1100), (1024, 200)],
)
def test_rsa_crt_pairs_and_unequal_halves(pbits, qbits):
    """The CRT: halves of one size run side by side on IFMA (mont_pow2), halves of different limb
    counts one after the other (up to 256 bits on the MULX code), against the formula."""
    rng = random.Random(pbits * 7 + qbits)
    p = rng.getrandbits(pbits) | 1 | (1 << (pbits - 1))
    q = rng.getrandbits(qbits) | 1 | (1 << (qbits - 1))
    for c, dp, dq in (
        (rng.randrange(p * q), rng.getrandbits(pbits), rng.getrandbits(qbits)),
        (p * q - 1, p - 2, 1),  # exponents of different lengths
        (q, 0, 2**qbits - 1),
    ):
        qinv = rng.randrange(p)
        want = _crt_reference(c, p, q, dp, dq, qinv)
        for w in configs():
            assert native.rsa_private_crt(c, p, q, dp, dq, qinv, limb_bits=w) == want, (pbits, qbits, w)


def test_variants_follow_the_library():
    assert native.built_variants() == native.VARIANTS  # all four of issue 13, in the library's order


def test_benchmarks_run():
    for w in configs():
        assert native.bench_prime_mul(native.bench_modulus(256), w, 1000) > 0
        assert native.bench_prime_sqr(native.bench_modulus(2048), w, 100) > 0
        p, q = 1000003, 999983
        key = (p, q, 17, 19, pow(q, -1, p))
        assert native.bench_modexp_crt(key, 12345, w, 10) > 0
    assert native.bench_modulus(521).bit_length() == 521
    with pytest.raises(ECEduError):
        native.bench_prime_mul(100, 64, 10)
