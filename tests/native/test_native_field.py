"""GF(2^m) arithmetic of the C library vs a bit-by-bit Python oracle and galois,
on every level the CPU can run (portable, pclmul, avx, avx2, avx512)."""

import random

import native_oracle as O
import numpy as np
import pytest
from conftest import IMPLEMENTATIONS, forced, runnable_paths, skip_unless_runnable
from hypothesis import given, settings
from hypothesis import strategies as st

from ecedu import native

pytestmark = pytest.mark.skipif(
    not native.available(), reason=f"native library not built: {native.load_error()}"
)

MS = O.FIELD_DEGREES


def elements(m):
    return st.one_of(
        st.integers(0, 2**m - 1),
        st.sampled_from([0, 1, 2, 2**m - 1, 1 << (m - 1), (1 << 64) - 1, 1 << 64, (1 << (m - 1)) | 1]),
    )


@st.composite
def field_and_pair(draw):
    m = draw(st.sampled_from(MS))
    return m, draw(elements(m)), draw(elements(m))


def test_degrees():
    assert tuple(native.FIELD_DEGREES) == MS


@settings(max_examples=120)
@given(field_and_pair())
def test_mul_sqr_vs_oracle_all_paths(mab):
    m, a, b = mab
    expect_mul, expect_sqr = O.mul(m, a, b), O.mul(m, a, a)
    for impl in runnable_paths():
        with forced(impl):
            assert native.field_mul(m, a, b) == expect_mul, impl
            assert native.field_sqr(m, a) == expect_sqr, impl


@settings(max_examples=40)
@given(field_and_pair())
def test_inv_sqrt_half_trace_all_paths(mab):
    m, a, _ = mab
    results = []
    for impl in runnable_paths():
        with forced(impl):
            r = []
            if a:
                i = native.field_inv(m, a)
                assert O.mul(m, a, i) == 1
                r.append(i)
            s = native.field_sqrt(m, a)
            assert O.sqr(m, s) == a
            h = native.field_half_trace(m, a)
            t = native.field_trace(m, a)
            if t == 0:
                assert O.sqr(m, h) ^ h == a
            r += [s, h, t]
            results.append(r)
    assert all(r == results[0] for r in results)


@pytest.mark.parametrize("impl", IMPLEMENTATIONS)
@pytest.mark.parametrize("m", MS)
def test_each_path_vs_oracle(m, impl):
    """Per path, so that a path the CPU lacks shows up as a skip with its
    reason; random and edge operands (all words set, top bit, 0, 1)."""
    skip_unless_runnable(impl)
    rng = random.Random(f"{m}{impl}")
    edges = [0, 1, 2**m - 1, 1 << (m - 1), (1 << 64) - 1, int("5" * (m // 4), 16) & (2**m - 1)]
    vals = edges + [rng.getrandbits(m) for _ in range(40)]
    with forced(impl):
        used = native.field_implementation(m)
        assert used == impl
        for i, a in enumerate(vals):
            b = vals[(7 * i + 3) % len(vals)]
            assert native.field_mul(m, a, b) == O.mul(m, a, b), (impl, a, b)
            assert native.field_sqr(m, a) == O.mul(m, a, a), (impl, a)
        for a in vals[1:8]:
            assert O.mul(m, a, native.field_inv(m, a)) == 1, (impl, a)
        for a in vals[1:]:  # the variable-time inversion (multi-squaring tables)
            assert native.field_inv_vartime(m, a) == native.field_inv(m, a), (impl, a)


@pytest.mark.parametrize("m", MS)
def test_trace_and_half_trace_vs_definition(m):
    rng = random.Random(m)
    for _ in range(3):
        a = rng.getrandbits(m)
        assert native.field_trace(m, a) == O.trace(m, a)
        assert native.field_half_trace(m, a) == O.half_trace(m, a)


def _trace_of_basis(m):
    """Tr(z^i) for every i < m as the trace of the matrix of x -> z^i x (the definition of the
    field trace as a linear map, independent of the power sums the C library uses): the sum over
    j of the coefficient of z^j in z^(i+j) mod f."""
    f = O.modulus(m)
    powers = [1]
    for _ in range(2 * m - 2):
        v = powers[-1] << 1
        powers.append(v ^ f if v >> m else v)
    return [sum((powers[i + j] >> j) & 1 for j in range(m)) & 1 for i in range(m)]


@pytest.mark.parametrize("m", MS)
def test_trace_of_every_basis_element_all_paths(m):
    """The trace mask bit by bit: Tr(z^i) for all i < m on every path, against the matrix trace;
    and three of them against the definition sum of c^(2^i) as well."""
    expect = _trace_of_basis(m)
    for i in (0, 1, m - 1):
        assert O.trace(m, 1 << i) == expect[i]
    assert expect[0] == m & 1  # Tr(1) = m mod 2
    for impl in runnable_paths():
        with forced(impl):
            got = [native.field_trace(m, 1 << i) for i in range(m)]
            assert got == expect, (impl, [i for i in range(m) if got[i] != expect[i]])


@pytest.mark.parametrize("m", [163, 233, 283, 409])
def test_vs_galois(m, each_path):
    galois = pytest.importorskip("galois")
    poly = galois.Poly.Int(O.modulus(m))
    GF = galois.GF(2**m, irreducible_poly=poly, verify=False)
    rng = random.Random(m)
    for _ in range(5):
        a, b = rng.getrandbits(m), rng.getrandbits(m)
        assert native.field_mul(m, a, b) == int(GF(a) * GF(b))
        assert native.field_inv(m, a) == int(GF(a) ** -1)
        assert native.field_inv_vartime(m, a) == int(GF(a) ** -1)


def test_inverse_of_zero_and_bad_inputs():
    from ecedu.errors import ECEduError, UnknownCurveError

    with pytest.raises(ECEduError):
        native.field_inv(163, 0)
    with pytest.raises(ECEduError):
        native.field_inv_vartime(163, 0)
    with pytest.raises(UnknownCurveError):
        native.field_mul(162, 1, 1)
    with pytest.raises(ECEduError):
        native.field_mul(163, 1 << 163, 1)
    with pytest.raises(ECEduError):
        native.field_mul(163, -1, 1)
    with pytest.raises(ECEduError):
        native.field_sqr(163, "1")


@pytest.mark.parametrize("m", MS)
def test_mul_batch(m, each_path):
    nw = (m + 63) // 64
    rng = np.random.default_rng(m)
    A = rng.integers(0, 2**63, size=(50, nw), dtype=np.uint64)
    B = rng.integers(0, 2**63, size=(50, nw), dtype=np.uint64)
    if m % 64:
        A[:, -1] &= np.uint64((1 << (m % 64)) - 1)
        B[:, -1] &= np.uint64((1 << (m % 64)) - 1)
    C = native.field_mul_batch(m, A, B)

    def to_int(row):
        return sum(int(w) << (64 * i) for i, w in enumerate(row))

    for i in range(len(A)):
        assert to_int(C[i]) == O.mul(m, to_int(A[i]), to_int(B[i]))
    from ecedu.errors import ECEduError

    bad = A.copy()
    bad[3, -1] = np.uint64(2**63)
    with pytest.raises(ECEduError):
        native.field_mul_batch(m, bad, B)
    with pytest.raises(ECEduError):
        native.field_mul_batch(m, A[:, :1], B[:, :1])
    assert native.field_mul_batch(m, A[:0], B[:0]).shape == (0, nw)
