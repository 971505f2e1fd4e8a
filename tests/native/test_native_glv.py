"""The GLV endomorphism of secp256k1 (curve/prime/glv.tmpl.h), checked piece by piece:

* the constants tools/gen_curves.py derives (beta, lambda, the lattice basis, the rounding
  constants, the bound on k1, k2) against their definitions, with the Python reference;
* the C split k = k1 + k2 lambda (mod n) (ecedu_prime_glv_op) against the same formula in
  Python integers and against the bound, on random, edge and extreme scalars;
* phi(P) = lambda P, and the constant-time GLV loop (what ECDH runs) against the Python
  reference and the template's one-scalar loop; the GLV joint wNAF of verification against
  the reference and the two-scalar wNAF.
"""

from __future__ import annotations

import ctypes
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecedu import native
from ecedu.curves import get_curve
from ecedu.ec import multiply_plain
from ecedu.ec.group import add
from ecedu.errors import ECEduError, InvalidScalarError, UnknownCurveError
from ecedu.native import library

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tools.gen_curves import glv_curves, glv_params  # noqa: E402

pytestmark = pytest.mark.skipif(not native.available(), reason="native library not built")

KOBLITZ = ["secp160k1", "secp192k1", "secp224k1", "secp256k1"]  # SEC 2's a = 0 curves


@pytest.fixture(params=glv_curves())
def name(request):
    """Every native curve the generator gives GLV constants (a = 0): its instance must
    define PC_GLV (instances/gfp_secp256k1.c shows the lines)."""
    return request.param


def _setup(name):
    C = get_curve(name)
    return C, C.n, glv_params(name)


def _op(op, k=1, k2=1, P=None, name="secp256k1"):
    c = library.curve_params(name)
    nl = (c.nbits + 7) // 8
    f = (c.m + 7) // 8
    if P is None:
        P = get_curve(name).G
    p = b"\x04" + P[0].to_bytes(f, "big") + P[1].to_bytes(f, "big")
    out = (ctypes.c_uint8 * (2 * f))()
    rc = library.lib().ecedu_prime_glv_op(
        c.index,
        library.constant(op),
        k.to_bytes(nl, "big"),
        k2.to_bytes(nl, "big"),
        nl,
        p,
        len(p),
        out,
        len(out),
    )
    if rc == 1 and op.startswith("ECEDU_GLV_JOINT"):
        return None  # the point at infinity
    library.check(rc, name)
    b = bytes(out)
    if op == "ECEDU_GLV_SPLIT":
        return int.from_bytes(b[:f], "big", signed=True), int.from_bytes(b[f:], "big", signed=True)
    x, y = int.from_bytes(b[:f], "big"), int.from_bytes(b[f:], "big")
    return x if op.startswith("ECEDU_GLV_JOINT") else (x, y)


def _split_reference(G, k):
    """GECC Alg. 3.74 with the generator's g1, g2 and shift, in Python integers."""
    S = G["S"]
    c1 = (k * G["g1"] + (1 << (S - 1))) >> S
    c2 = (k * G["g2"] + (1 << (S - 1))) >> S
    return k - c1 * G["a1"] - c2 * G["a2"], -c1 * G["b1"] - c2 * G["b2"]


def _extreme_scalars(G, N_):
    """k whose split lies at the corners of the region of (k1, k2): (k1, k2) = +-(v1 +- v2)/2
    (GECC 3.74's rounding errors at +-1/2), and just beside them."""
    a1, b1, a2, b2, LAM = G["a1"], G["b1"], G["a2"], G["b2"], G["lam"]
    ks = []
    for s1 in (1, -1):
        for s2 in (1, -1):
            k1, k2 = (s1 * a1 + s2 * a2) // 2, (s1 * b1 + s2 * b2) // 2
            for d in (-1, 0, 1):
                ks.append((k1 + d + k2 * LAM) % N_)
    return ks


def _edge_scalars(G, N_):
    LAM = G["lam"]
    return (
        [k for k in range(0, 6)]
        + [N_ - i for i in range(1, 6)]
        + [LAM, LAM * LAM % N_, N_ - LAM, (N_ - 1) // 2]
    )


@pytest.mark.parametrize("curve", KOBLITZ)
def test_generated_constants_follow_their_definitions(curve):
    """beta^3 = 1 (mod p), lambda^3 = 1 (mod n), both nontrivial, phi(G) = lambda G by the
    Python reference; the basis lies in the lattice {(a, b): a + b lambda = 0 (mod n)} with
    determinant n (so it spans it), its vectors are short (about sqrt(n)); g1, g2 are the
    rounded quotients.  For all four SEC 2 Koblitz curves (native or not yet)."""
    C, n, G = _setup(curve)
    P_, LAM, beta = C.field.p, G["lam"], G["beta"]
    assert pow(beta, 3, P_) == 1 and beta != 1
    assert pow(LAM, 3, n) == 1 and LAM != 1
    assert multiply_plain(C, LAM, C.G) == (beta * C.G[0] % P_, C.G[1])
    a1, b1, a2, b2 = G["a1"], G["b1"], G["a2"], G["b2"]
    assert (a1 + b1 * LAM) % n == 0 and (a2 + b2 * LAM) % n == 0
    assert a1 * b2 - a2 * b1 == n
    assert max(abs(a1), abs(b1), abs(a2), abs(b2)).bit_length() <= (n.bit_length() + 1) // 2 + 1
    S = G["S"]
    assert abs(G["g1"] * n - (b2 << S)) <= n // 2 and abs(G["g2"] * n - (-b1 << S)) <= n // 2
    assert G["kbits"] <= (n.bit_length() + 1) // 2 + 1
    if curve == "secp256k1":
        assert G["kbits"] == 128 and G["S"] == 384  # libsecp256k1's shift, and |k_i| < 2^128
    assert "secp256k1" in glv_curves()


def test_split_matches_the_formula_and_its_bound(name):
    C, n, G = _setup(name)
    LAM = G["lam"]
    rng = random.Random(14)
    ks = _edge_scalars(G, n) + _extreme_scalars(G, n) + [rng.randrange(n) for _ in range(200)]
    limit = (1 << G["kbits"]) - 1
    worst = [0, 0]
    for k in ks:
        k1, k2 = _op("ECEDU_GLV_SPLIT", k, name=name)
        assert (k1, k2) == _split_reference(G, k), k
        assert (k1 + k2 * LAM - k) % n == 0, k
        assert abs(k1) < limit and abs(k2) < limit, k
        worst = [max(worst[0], abs(k1)), max(worst[1], abs(k2))]
    # the extreme scalars reach the corners: |k1|, |k2| within 0.9 of the bound's terms
    bound1 = (abs(G["a1"]) + abs(G["a2"])) // 2
    bound2 = (abs(G["b1"]) + abs(G["b2"])) // 2
    assert worst[0] > 0.9 * bound1 and worst[1] > 0.9 * bound2, (worst, bound1, bound2)
    assert _op("ECEDU_GLV_SPLIT", LAM, name=name) == (0, 1)
    assert _op("ECEDU_GLV_SPLIT", 0, name=name) == (0, 0)


def test_phi_is_multiplication_by_lambda(name):
    C, N_, G = _setup(name)
    rng = random.Random(141)
    for P in [C.G] + [multiply_plain(C, rng.randrange(1, N_), C.G) for _ in range(2)]:
        assert _op("ECEDU_GLV_PHI", 1, 1, P, name=name) == multiply_plain(C, G["lam"], P)


def test_glv_loop_matches_the_reference_and_the_plain_loop(name):
    C, N_, G = _setup(name)
    rng = random.Random(142)
    Q = multiply_plain(C, rng.randrange(1, N_), C.G)
    ks = [k for k in _edge_scalars(G, N_) + _extreme_scalars(G, N_) if k]
    ks += [rng.randrange(1, N_) for _ in range(12)]
    for i, k in enumerate(ks):
        P = C.G if i % 2 else Q
        got = _op("ECEDU_GLV_MUL", k, 1, P, name=name)
        assert got == _op("ECEDU_GLV_MUL_PLAIN", k, 1, P, name=name), k
        assert got == multiply_plain(C, k, P), k
    # the public path (ECDH's kernel, through the function table) agrees
    for k in ks[::4]:
        assert native.scalar_mult(name, k, *Q) == multiply_plain(C, k, Q), k


def test_glv_joint_matches_the_reference_and_the_plain_joint(name):
    C, N_, G = _setup(name)
    LAM = G["lam"]
    rng = random.Random(143)
    Q = multiply_plain(C, rng.randrange(1, N_), C.G)
    pairs = [(rng.randrange(1, N_), rng.randrange(1, N_)) for _ in range(10)]
    pairs += [(1, 1), (LAM, N_ - LAM), (N_ - 1, 1), (5, N_ - 5)]
    ex = _extreme_scalars(G, N_)
    pairs += list(zip(ex[:6], ex[6:12]))
    for u1, u2 in pairs:
        R = add(C, multiply_plain(C, u1, C.G), multiply_plain(C, u2, Q))
        expect = None if R is None else R[0]
        assert _op("ECEDU_GLV_JOINT", u1, u2, Q, name=name) == expect, (u1, u2)
        assert _op("ECEDU_GLV_JOINT_PLAIN", u1, u2, Q, name=name) == expect, (u1, u2)
    # u1 G + u2 G = O: the point at infinity is reported, not a wrong x
    assert _op("ECEDU_GLV_JOINT", 7, N_ - 7, C.G, name=name) is None


def test_hook_refuses_bad_input():
    C, N_ = get_curve("secp256k1"), get_curve("secp256k1").n
    with pytest.raises(InvalidScalarError):
        _op("ECEDU_GLV_MUL", 0)
    with pytest.raises(InvalidScalarError):
        _op("ECEDU_GLV_SPLIT", N_)
    with pytest.raises(InvalidScalarError):
        _op("ECEDU_GLV_JOINT", 3, N_)
    with pytest.raises(UnknownCurveError):
        _op("ECEDU_GLV_MUL", 3, name="secp256r1")
    with pytest.raises(ECEduError):
        _op("ECEDU_GLV_PHI", 1, 1, (C.G[0], C.G[1] + 1))  # off the curve


def test_the_secp256k1_instance_selects_the_glv_loop():
    """ECDH, ECDSA and the valgrind driver (tests/ctime) reach secp256k1 through its function
    table: the instance switches GLV on and the template lists PC(mul_glv) there."""
    src = ROOT / "ecedu" / "native" / "src"
    assert "#define PC_GLV 1" in (src / "instances" / "gfp_secp256k1.c").read_text()
    sw = (src / "curve" / "prime" / "sw.tmpl.h").read_text()
    block = sw[sw.rindex("#if defined(PC_GLV) && PC_GLV") :]  # the last one: the function table
    assert "PC(mul_glv), PC(mul_base), PC(mul_joint_glv_vartime)" in block.split("#else")[0]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(library.PRIME_CURVES),
    st.integers(-2, 7),
    st.binary(max_size=40),
    st.binary(max_size=40),
    st.binary(max_size=70),
    st.integers(0, 70),
)
def test_hook_boundary_garbage(name, op, k, k2, p, outlen):
    """Any bytes and lengths at the C boundary of the hook: an error code, or (valid input on
    secp256k1) 0 or 1 -- never a crash (the ASan run repeats this)."""
    c = library.curve_params(name)
    nl = (c.nbits + 7) // 8
    k, k2 = (k + bytes(nl))[:nl], (k2 + bytes(nl))[:nl]
    out = (ctypes.c_uint8 * max(outlen, 1))()
    rc = library.lib().ecedu_prime_glv_op(c.index, op, k, k2, nl, p, len(p), out, outlen)
    assert rc <= 1
    if name not in glv_curves():
        assert rc == library.constant("ECEDU_ERR_CURVE")
