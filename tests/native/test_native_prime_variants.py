"""The fixed-size prime-field implementations of src/field/gfp/ (issue 13): Solinas P-192..P-384
and Mersenne P-521, the P-256 Montgomery multiplication by p's words (portable and MULX/ADX),
unsaturated P-224, P-256 and P-521 -- against Python's ints, ecedu.fields.prime and each other."""

import ctypes
import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecedu import native
from ecedu.errors import ECEduError
from ecedu.fields.prime import PrimeField, solinas_reduce
from ecedu.native import library

pytestmark = pytest.mark.skipif(not native.available(), reason="native library not built")

NIST = {
    "P-192": 2**192 - 2**64 - 1,
    "P-224": 2**224 - 2**96 + 1,
    "P-256": 2**256 - 2**224 + 2**192 + 2**96 - 1,
    "P-384": 2**384 - 2**128 - 2**96 + 2**32 - 1,
    "P-521": 2**521 - 1,
}
COVERS = {
    "solinas": ("P-192", "P-224", "P-256", "P-384", "P-521"),
    "p256_montgomery": ("P-256",),
    "unsaturated": ("P-224", "P-256", "P-521"),
}
CASES = [(v, f) for v, fs in COVERS.items() for f in fs]
HAS_MULX = "mulx" in native.available_prime_implementations()


@pytest.fixture(params=["portable", "mulx"])
def prime_impl(request):
    """Each prime-field level in turn (the P-256 Montgomery product has both)."""
    if request.param == "mulx" and not HAS_MULX:
        pytest.skip("this CPU lacks BMI2/ADX: no MULX path to test")
    native.force_prime_implementation(request.param)
    assert native.prime_implementation() == request.param
    yield request.param
    native.force_prime_implementation(None)


def edge_values(p, rng):
    """0, 1, p-1 and around it, just below and at every 2^k for the limb sizes of the
    variants (32, 56, 58, 64 bits and their multiples), p's halves, and all-ones patterns
    that make every column and carry of the products full."""
    k = p.bit_length()
    vals = {0, 1, 2, 3, p - 1, p - 2, p - 3, (p - 1) // 2, (p + 1) // 2, (1 << (k - 1)) - 1, 1 << (k - 1)}
    for step in (32, 56, 58, 64):
        for j in range(step, k, step):
            vals |= {(1 << j) - 1, 1 << j, (1 << j) + 1, p - (1 << j)}
    vals |= {p - 1 - (1 << j) for j in range(0, k - 1, 29)}
    vals |= {rng.randrange(p) for _ in range(6)}
    return sorted(v for v in vals if 0 <= v < p)


@pytest.mark.parametrize("variant, field", CASES)
def test_variant_matches_python_on_edges(variant, field, prime_impl):
    """Every pair of edge values: the product of Python's ints, the generic Montgomery at
    both widths, and ecedu.fields.prime's reference (PrimeField.mul, solinas_reduce)."""
    p = NIST[field]
    rng = random.Random(field + variant)
    vals = edge_values(p, rng)
    ref = PrimeField(p)
    for a in vals:
        for b in vals:
            want = a * b % p
            assert native.prime_mul(p, a, b, variant=variant) == want, (variant, field, hex(a), hex(b))
            assert ref.mul(a, b) == want == solinas_reduce(a * b, p)
    for a, b in zip(vals, reversed(vals)):
        want = a * b % p
        assert native.prime_mul(p, a, b, variant="montgomery", limb_bits=32) == want
        assert native.prime_mul(p, a, b, variant="montgomery", limb_bits=64) == want


@pytest.mark.parametrize("variant, field", CASES)
def test_variant_matches_python_on_random(variant, field, prime_impl):
    p = NIST[field]
    rng = random.Random(7 * len(field) + len(variant))
    for _ in range(300):
        a, b = rng.randrange(p), rng.randrange(p)
        assert native.prime_mul(p, a, b, variant=variant) == a * b % p, (hex(a), hex(b))


def test_all_variants_agree_with_each_other():
    """On each NIST prime, every variant that covers it gives the same products."""
    rng = random.Random(13)
    for field, p in NIST.items():
        variants = ["montgomery"] + [v for v, fs in COVERS.items() if field in fs]
        for _ in range(60):
            a, b = rng.randrange(p), rng.randrange(p)
            got = {v: native.prime_mul(p, a, b, variant=v) for v in variants}
            got["montgomery32"] = native.prime_mul(p, a, b, limb_bits=32)
            assert len(set(got.values())) == 1, (field, got)


@pytest.mark.skipif(not HAS_MULX, reason="this CPU lacks BMI2/ADX: no MULX path to compare")
def test_mulx_and_portable_agree():
    p = NIST["P-256"]
    rng = random.Random(256)
    vals = edge_values(p, rng) + [rng.randrange(p) for _ in range(200)]
    try:
        results = {}
        for impl in ("portable", "mulx"):
            native.force_prime_implementation(impl)
            results[impl] = [
                native.prime_mul(p, a, b, variant="p256_montgomery") for a in vals for b in vals[:20]
            ]
    finally:
        native.force_prime_implementation(None)
    assert results["portable"] == results["mulx"]
    assert results["mulx"][:5] == [a * b % p for a in vals[:1] for b in vals[:5]]


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_variants_hypothesis(data):
    variant, field = data.draw(st.sampled_from(CASES))
    p = NIST[field]
    a = data.draw(st.integers(0, p - 1))
    b = data.draw(st.one_of(st.integers(0, p - 1), st.sampled_from([0, 1, p - 1, p - 2])))
    assert native.prime_mul(p, a, b, variant=variant) == a * b % p


def test_prime_fields_table_is_the_nist_primes():
    fields = native.prime_fields()
    assert {v: tuple(fs) for v, fs in fields.items()} == COVERS
    for fs in fields.values():
        for name, p in fs.items():
            assert p == NIST[name]


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize("variant, field", CASES)
def test_out_of_range_inputs_are_refused(variant, field):
    p = NIST[field]
    for a, b in [(p, 1), (1, p), (p + 5, 0), (-1, 2), (2**600, 1)]:
        with pytest.raises(ECEduError):
            native.prime_mul(p, a, b, variant=variant)


@pytest.mark.parametrize("variant", sorted(COVERS))
def test_variant_refuses_a_prime_it_does_not_cover(variant):
    others = [p for name, p in NIST.items() if name not in COVERS[variant]] + [2**255 - 19, 1000003]
    for p in others:
        with pytest.raises(ECEduError, match="does not cover"):
            native.prime_mul(p, 2, 3, variant=variant)
    with pytest.raises(ECEduError, match="64-bit limbs only"):
        native.prime_mul(NIST[COVERS[variant][0]], 2, 3, variant=variant, limb_bits=32)


def test_unknown_variant_and_implementation():
    with pytest.raises(ECEduError, match="unknown prime_mul variant"):
        native.prime_mul(NIST["P-256"], 2, 3, variant="barrett")
    with pytest.raises(ValueError):
        native.force_prime_implementation("avx512")


def test_c_layer_checks_too():
    """The C entry refuses what Python would have refused: range (with a zero output),
    uncovered prime, 32-bit limbs for a fixed variant."""
    lib = library.lib()
    p = NIST["P-256"]
    pb = p.to_bytes(32, "big")
    out = (ctypes.c_uint8 * 32)(*([0xAA] * 32))
    code = library.constant("ECEDU_PRIME_SOLINAS")
    rc = lib.ecedu_prime_mul(code, 64, pb, 32, pb, (5).to_bytes(32, "big"), out)
    assert rc == library.constant("ECEDU_ERR_RANGE") and bytes(out) == bytes(32)
    q = (2**255 - 19).to_bytes(32, "big")
    assert lib.ecedu_prime_mul(code, 64, q, 32, q, q, out) == library.constant("ECEDU_ERR_MODULUS")
    assert lib.ecedu_prime_mul(code, 32, pb, 32, pb, pb, out) == library.constant("ECEDU_ERR_ARGUMENT")
    assert lib.ecedu_prime_mul(99, 64, pb, 32, pb, pb, out) == library.constant("ECEDU_ERR_ARGUMENT")


def test_environment_forces_the_portable_level():
    code = "from ecedu import native; print(native.prime_implementation())"
    env = dict(os.environ, ECEDU_PRIME_IMPL="portable")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "portable"


def test_bench_and_cycles_hooks_run_and_check():
    p = NIST["P-224"]
    assert native.bench_prime_variant_mul("unsaturated", p, 64, 1000) > 0
    ticks = native.prime_mul_cycles("p256_montgomery", NIST["P-256"], 64, 3)
    assert len(ticks) == 3 and all(t > 0 for t in ticks)
    with pytest.raises(ECEduError):
        native.bench_prime_variant_mul("unsaturated", NIST["P-384"], 64, 10)
