"""Scalar multiplication, validation and ECDH of the C library on all 14 curves,
against the pure-Python affine oracle (and ecedu's own Python code if present)."""

import random

import native_oracle as O
import pytest
from conftest import forced, runnable_paths

from ecedu import native
from ecedu.errors import ECEduError, EncodingError, InvalidPointError, InvalidScalarError, UnknownCurveError

pytestmark = pytest.mark.skipif(
    not native.available(), reason=f"native library not built: {native.load_error()}"
)

CURVES = list(native.CURVES)
_ORACLE = {name: O.Curve(name) for name in CURVES}


def test_curve_list_matches_sec2():
    assert sorted(CURVES) == sorted(O.BINARY_CURVES)


def edge_scalars(n):
    return [
        1,
        2,
        3,
        4,
        5,
        n - 1,
        n - 2,
        n - 3,
        (n - 1) // 2,
        (n + 1) // 2,
        2 ** (n.bit_length() - 1) - 1,
        2 ** (n.bit_length() - 1),
        2 ** (n.bit_length() - 1) + 1,
    ]


_EXPECT = {}


def oracle_cases(name):
    """[(k, P, k*P)] from the oracle, computed once per curve: small k, a
    random k (one full double-and-add), and n-1, n-2 (by negation)."""
    if name not in _EXPECT:
        c = _ORACLE[name]
        rng = random.Random(name)
        k = rng.randrange(1, c.n)
        G2 = c.add(c.G, c.G)
        cases = [
            (1, c.G, c.G),
            (2, c.G, G2),
            (3, c.G, c.add(G2, c.G)),
            (k, c.G, c.mult(k, c.G)),
            (c.n - 1, c.G, c.neg(c.G)),
            (c.n - 2, c.G, c.neg(G2)),
        ]
        P = G2  # another base point: multiples of 2G
        cases += [(1, P, P), (2, P, c.add(P, P)), (c.n - 1, P, c.neg(P)), (c.n // 2, P, c.neg(c.G))]
        _EXPECT[name] = cases
    return _EXPECT[name]


@pytest.mark.parametrize("name", CURVES)
def test_scalar_mult_vs_oracle(name, each_path):
    c = _ORACLE[name]
    for k, P, expect in oracle_cases(name):
        assert c.on_curve(expect)
        assert native.scalar_mult(name, k, *P) == expect, k
        if P == c.G:
            assert native.scalar_mult_base(name, k) == expect, k


@pytest.mark.parametrize("name", CURVES)
def test_fixed_base_vs_ladder_edge_scalars(name, each_path):
    c = _ORACLE[name]
    rng = random.Random(name + "fb")
    for k in edge_scalars(c.n) + [rng.randrange(1, c.n) for _ in range(3)]:
        # two independent C algorithms (ladder, signed-window table)
        assert native.scalar_mult_base(name, k) == native.scalar_mult(name, k, *c.G), k


def _comb_digits(k, n):
    """The signed digits of fixed_base.tmpl.h's recoding of k (odd k, else n - k), lowest first."""
    kk = k if k & 1 else n - k
    digits = []
    for _ in range(n.bit_length() // 4):
        d = kk % 32 - 16
        kk = (kk - d) // 16
        digits.append(d)
    return digits + [kk]


def _comb_last_window_cases(n):
    """Scalars k whose comb (fixed_base.tmpl.h) meets an exceptional case in its last addition:
    Q = T (the sum before the last window is A = K - B = B mod n, K = 2B - t n) or Q = O
    (A = 0 mod n, K = B - t n), with B = d 16^(W-1) the last digit's term and K = k or n - k."""
    top = n.bit_length() // 4
    found = []
    for d in range(1, 16, 2):
        B = d * 16**top
        for multiple, what in ((2 * B, "Q = T"), (B, "Q = O")):
            for t in range(1, 2 * (multiple // n) + 3, 2):  # odd t: K = multiple - t n is odd
                K = multiple - t * n
                if 0 < K < n and K & 1 and _comb_digits(K, n)[-1] == d:
                    found += [(K, what), (n - K, what)]
    return found


#: the curves whose last comb window no scalar makes exceptional (its top digit is too small)
NO_LAST_WINDOW_CASES = {"sect163k1", "sect163r2", "sect239k1", "sect571k1"}


def test_fixed_base_exceptional_cases_found():
    """The search above finds Q = T on ten of the fourteen curves (and Q = O on sect233k1); on
    NO_LAST_WINDOW_CASES the last window's digit is too small for it."""
    reach = {name: {what for _, what in _comb_last_window_cases(c.n)} for name, c in _ORACLE.items()}
    assert {name for name, w in reach.items() if "Q = T" in w} == set(CURVES) - NO_LAST_WINDOW_CASES
    assert all(not reach[name] for name in NO_LAST_WINDOW_CASES)
    assert reach["sect233k1"] == {"Q = T", "Q = O"}


@pytest.mark.parametrize("name", [c for c in CURVES if c not in NO_LAST_WINDOW_CASES])
def test_fixed_base_exceptional_last_window(name, each_path):
    """The comb adds by the fast lambda formulas while no exceptional case can occur and by the
    complete one in the last windows (fixed_base.tmpl.h): scalars that make its last addition
    a doubling (Q = T), checked against the ladder and the Python oracle; the sum before it is
    the digits' as the recoding gives them.  (The curves without such scalars: the test above.)"""
    c = _ORACLE[name]
    cases = _comb_last_window_cases(c.n)
    assert cases
    for k, what in cases[:6]:
        digits = _comb_digits(k, c.n)
        kk = k if k & 1 else c.n - k
        assert sum(d * 16**i for i, d in enumerate(digits)) == kk
        expect = c.mult(k, c.G)
        assert native.scalar_mult_base(name, k) == expect, (k, what)
        assert native.scalar_mult(name, k, *c.G) == expect, (k, what)


@pytest.mark.parametrize("name", CURVES)
def test_paths_agree_random_points(name):
    c = _ORACLE[name]
    rng = random.Random(name + "paths")
    P = native.scalar_mult_base(name, rng.randrange(1, c.n))
    assert c.on_curve(P)
    ks = [rng.randrange(1, c.n) for _ in range(4)]
    fast = [native.scalar_mult(name, k, *P) for k in ks]
    for impl in runnable_paths():
        with forced(impl):
            assert [native.scalar_mult(name, k, *P) for k in ks] == fast, impl
    # (k1 k2) P == k1 (k2 P)
    k1, k2 = ks[0], ks[1]
    assert native.scalar_mult(name, k1 * k2 % c.n, *P) == native.scalar_mult(
        name, k1, *native.scalar_mult(name, k2, *P)
    )


@pytest.mark.parametrize("name", CURVES)
def test_vs_ecedu_python(name):
    try:
        import ecedu
        from ecedu import scalar as S

        curve = ecedu.get_curve(name)
    except Exception as e:  # pragma: no cover - the Python package is optional here
        pytest.skip(f"ecedu Python reference not available: {e}")
    rng = random.Random(name + "py")
    for _ in range(1 if curve.n.bit_length() > 300 else 2):
        k = rng.randrange(1, curve.n)
        assert native.scalar_mult_base(name, k) == tuple(S.multiply(curve, k, curve.G))


@pytest.mark.parametrize("name", CURVES)
def test_validation_and_subgroup(name, each_path):
    """On every level: the subgroup test's half-trace (the variable-time one, point.tmpl.h)
    accepts h R and rejects h R plus a point of order 2 or 4."""
    c = _ORACLE[name]
    rng = random.Random(name + "val")
    native.validate_point(name, *c.G)
    T2 = c.two_torsion()
    assert c.on_curve(T2)
    with pytest.raises(InvalidPointError):
        native.validate_point(name, *T2)
    # h*R is in the subgroup for any R on E; adding a point of order 2 or 4 leaves it
    for _ in range(3):
        R = c.random_curve_point(rng)
        Q = R
        for _ in range(c.h.bit_length() - 1):
            Q = c.add(Q, Q)
        native.validate_point(name, *Q)
        bad = [c.add(Q, T2)]
        if c.h == 4:
            P4 = c.four_torsion()
            bad += [c.add(Q, P4), c.add(Q, c.neg(P4))]
        for B in bad:
            assert c.on_curve(B)
            with pytest.raises(InvalidPointError):
                native.validate_point(name, *B)
            with pytest.raises(InvalidPointError):
                native.scalar_mult(name, 5, *B)
            with pytest.raises(InvalidPointError):
                native.ecdh(name, 5, c.encode(B))
            with pytest.raises(InvalidPointError):
                native.ecdh(name, 5, c.encode(B, compressed=True))
    if c.h == 4:
        with pytest.raises(InvalidPointError):
            native.validate_point(name, *c.four_torsion())
    # off the curve
    x, y = c.G
    with pytest.raises(InvalidPointError):
        native.validate_point(name, x, y ^ 1)
    with pytest.raises(InvalidPointError):
        native.validate_point(name, x, 1 << c.m)


@pytest.mark.parametrize("name", CURVES)
def test_ecdh_and_decoding(name, each_path):
    c = _ORACLE[name]
    rng = random.Random(name + "ecdh")
    d, e = rng.randrange(1, c.n), rng.randrange(1, c.n)
    Q = native.scalar_mult_base(name, e)
    shared = native.scalar_mult_base(name, d * e % c.n)[0].to_bytes(c.flen, "big")
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
    for bad in (
        b"",
        b"\x00",
        b"\x04",
        enc[:-1],
        enc + b"\x00",
        b"\x05" + enc[1:],
        b"\x06" + enc[1:],
        b"\x02" + enc[1:],
        enc[: 1 + c.flen],
    ):
        with pytest.raises((EncodingError, InvalidPointError)):
            native.ecdh(name, 7, bad)
    with pytest.raises(UnknownCurveError):
        native.ecdh("brainpoolP256t1", 7, enc)  # the twisted curve: internal to the kernels, no public curve
    with pytest.raises(UnknownCurveError):
        native.scalar_mult_base("nope", 7)
    with pytest.raises(InvalidPointError):  # x with no point on the curve (trace 1), compressed
        x = 1
        while c.lift_x(x) is not None:
            x += 1
        native.ecdh(name, 7, b"\x02" + x.to_bytes(c.flen, "big"))


def test_cpu_features_and_switch():
    f = native.cpu_features()
    assert set(f) >= {"pclmulqdq", "avx", "avx2", "avx512f", "vpclmulqdq", "using_pclmul"}
    native.force_portable(True)
    try:
        assert not native.using_pclmul()
        assert native.implementation() == "portable"
    finally:
        native.force_portable(False)
    assert native.using_pclmul() == f["pclmulqdq"]
    # force_implementation / implementation() / field_implementation()
    avail = native.available_implementations()
    assert avail[0] == "portable" and ("pclmul" in avail) == f["pclmulqdq"]
    vp = (
        f["vpclmulqdq"]
        and f["avx512f"]
        and f["avx512vl"]
        and f["avx512vbmi2"]
        and f["zmm_os"]
        and f["pclmulqdq"]
    )
    vex = f["avx"] and f["ymm_os"] and f["pclmulqdq"]
    ymm = f["vpclmulqdq"] and f["avx2"] and vex
    assert ("avx" in avail) == vex
    assert ("avx2" in avail) == ymm
    assert ("avx512" in avail) == (vp and ymm)
    assert native.implementation() == avail[-1]
    # not forced: each field the best level the CPU has (cpu.c), one of those available
    for m in native.FIELD_DEGREES:
        assert native.field_implementation(m) in avail
    for impl in avail:
        with forced(impl):
            assert native.implementation() == impl
            assert native.using_pclmul() == (impl != "portable")
            # forced: every field uses exactly it (every gf2m_<m>.c has all five instances)
            assert {native.field_implementation(m) for m in native.FIELD_DEGREES} == {impl}
    assert native.implementation() == avail[-1]
    for impl in native.IMPLEMENTATIONS:
        if impl not in avail:
            with pytest.raises(RuntimeError):
                native.force_implementation(impl)
            assert native.implementation() == avail[-1]
    with pytest.raises(ValueError):
        native.force_implementation("avx9000")


def test_bench_helpers():
    assert native.bench_field_mul(163, 1000) > 0
    assert native.bench_ecdh("sect163k1", 3) > 0
    assert native.bench_scalar_mult_base("sect163k1", 3) > 0


def _regular_digits(kk, L):
    """The signed window recoding of fixed_base.h, in Python."""
    digits = []
    for _ in range(L // 4):
        u = (kk & 31) - 16
        digits.append(u)
        kk = (kk - u) >> 4
    return digits + [kk]


#: The curves with no scalar of the searched form (2 d 16^j, j one of the two top windows) whose
#: partial sum meets the next digit's point (computed; their doubling branch is reached by no such
#: scalar, and the other fixed-base tests cover the rest of the method).
NO_DOUBLING_CANDIDATE = {"sect163k1", "sect163r2", "sect239k1", "sect571k1"}


@pytest.mark.parametrize("name", [c for c in CURVES if c not in NO_DOUBLING_CANDIDATE])
def test_fixed_base_exceptional_doubling_case(name):
    """Scalars for which the last mixed addition of the fixed-base method adds
    a point to itself (Q = T), so the masked doubling branch must be taken."""
    c = _ORACLE[name]
    L = c.n.bit_length()
    W = L // 4 + 1
    hits = 0
    for j in (W - 1, W - 2):
        for d in range(1, 16, 2):
            for sgn in (1, -1):
                kk = (2 * sgn * d * 16**j) % c.n
                if kk % 2 == 0:
                    continue
                dg = _regular_digits(kk, L)
                q = sum(x * 16**i for i, x in enumerate(dg[:j]))
                if (q - dg[j] * 16**j) % c.n:
                    continue
                hits += 1
                for k in (kk, c.n - kk):  # odd k used as is; even k via n - k
                    assert native.scalar_mult_base(name, k) == native.scalar_mult(name, k, *c.G)
    assert hits > 0, (
        f"no scalar reaches the doubling branch on {name} (NO_DOUBLING_CANDIDATE lists such curves)"
    )


KOBLITZ = [name for name in CURVES if _ORACLE[name].a in (0, 1) and _ORACLE[name].b == 1]


@pytest.fixture
def ladder_and_tnaf():
    """Compute with the Montgomery ladder, then with the τ-adic method: ``run(f)`` -> (l, t)."""

    def run(f):
        native.koblitz_method("ladder")
        try:
            assert not any(native.koblitz_uses_tnaf(name) for name in KOBLITZ)  # the switch took
            first = f()
            native.koblitz_method("tnaf")
            assert all(native.koblitz_uses_tnaf(name) for name in KOBLITZ)
            second = f()
        finally:
            native.koblitz_method("default")
        return first, second

    return run


def test_koblitz_curves_are_the_six():
    assert sorted(KOBLITZ) == ["sect163k1", "sect233k1", "sect239k1", "sect283k1", "sect409k1", "sect571k1"]


def test_koblitz_method_switch_is_what_the_library_branches_on():
    """By default the six Koblitz curves take the τ-adic method and the others the ladder; the
    switch moves the six and only them; a prime curve is refused."""
    others = [name for name in CURVES if name not in KOBLITZ]
    try:
        for method, tau in (("default", True), ("ladder", False), ("tnaf", True)):
            native.koblitz_method(method)
            assert [native.koblitz_uses_tnaf(name) for name in KOBLITZ] == [tau] * 6, method
            assert not any(native.koblitz_uses_tnaf(name) for name in others), method
    finally:
        native.koblitz_method("default")
    with pytest.raises(ECEduError, match="not a binary curve"):
        native.koblitz_uses_tnaf("secp256r1")


@pytest.mark.parametrize("name", KOBLITZ)
def test_tnaf_agrees_with_ladder(name, each_path, ladder_and_tnaf):
    """Two independent C methods (x-only ladder, regular τ-adic with partial reduction)
    on edge scalars (small, near n, near the powers of two and around n/2, where the
    rounding of the partial reduction changes) and random ones, for two base points."""
    c = _ORACLE[name]
    rng = random.Random(name + "tnaf")
    P = native.scalar_mult_base(name, rng.randrange(1, c.n))
    ks = edge_scalars(c.n) + [rng.randrange(1, c.n) for _ in range(12)]
    ks += [rng.randrange(1, 1 << 20) for _ in range(4)]  # short scalars: long zero tail
    for Q in (c.G, P):
        lad, tau = ladder_and_tnaf(lambda Q=Q: [native.scalar_mult(name, k, *Q) for k in ks])
        assert lad == tau


@pytest.mark.parametrize("name", KOBLITZ)
def test_tnaf_ecdh_matches_oracle_and_python(name):
    """The τ-adic path through ecedu_ecdh: the shared x equals the oracle's k·P
    (independent affine double-and-add) and ecedu's Python τNAF."""
    from ecedu import get_curve
    from ecedu.scalar import tnaf_mult

    curve = get_curve(name)
    c = _ORACLE[name]
    rng = random.Random(name + "tnaf-ecdh")
    k, j = rng.randrange(1, c.n), rng.randrange(1, c.n)
    P = c.mult(j, c.G)
    F = (c.m + 7) // 8
    peer = b"\x04" + P[0].to_bytes(F, "big") + P[1].to_bytes(F, "big")
    expect = c.mult(k, P)
    assert native.ecdh(name, k, peer) == expect[0].to_bytes(F, "big")
    assert tuple(tnaf_mult(curve, k, P, 5)) == expect


@pytest.mark.parametrize("name", ["sect163k1", "sect233k1", "sect283k1"])
def test_tnaf_agrees_with_ladder_many_scalars(name, ladder_and_tnaf):
    """Many scalars, including ones built to sit on the rounding boundaries of the partial
    reduction (k ≈ j·n/2^e), where a fixed-point rounding error would first show up."""
    c = _ORACLE[name]
    rng = random.Random(name + "many")
    ks = [rng.randrange(1, c.n) for _ in range(150)]
    ks += [(j * c.n >> e) + s for e in (1, 2, 3, 7) for j in range(1, 1 << min(e, 3), 2) for s in (-1, 0, 1)]
    ks = [k for k in ks if 0 < k < c.n]
    P = native.scalar_mult_base(name, rng.randrange(1, c.n))
    lad, tau = ladder_and_tnaf(lambda: [native.scalar_mult(name, k, *P) for k in ks])
    assert lad == tau


@pytest.mark.parametrize("w, mu", [(5, -1), (5, 1), (6, -1), (6, 1)])
def test_tau_table_plan_builds_each_alpha(w, mu):
    """gen_curves.table_plan, which curves.c carries for tnaf.h: every entry
    sign·(entry v + Σ dᵢτⁱ) equals α_u in Z[τ], only earlier entries are reused, no step
    adds ±T to T, and it needs fewer additions than the plain τ-NAF of each α_u."""
    from ecedu.scalar.tnaf import evaluate, tnaf, wtnaf_constants
    from tools.gen_curves import _steps_ok, table_plan

    _, alphas = wtnaf_constants(w, mu)
    us = sorted(alphas)
    plan = table_plan(alphas, mu)
    additions = 0
    for j, (v, sign, rest) in enumerate(plan):
        assert -1 <= v < j and sign in (1, -1)
        base = alphas[us[v]] if v >= 0 else (0, 0)
        r = evaluate(rest, mu)
        assert (sign * (base[0] + r[0]), sign * (base[1] + r[1])) == tuple(alphas[us[j]])
        assert _steps_ok(base if v >= 0 else None, rest, mu)
        additions += sum(1 for d in rest if d) - (v < 0)
    plain = sum(sum(1 for d in tnaf(alphas[u], mu) if d) - 1 for u in us)
    assert additions == plain - 3
    # the check itself: P + P (a doubling) and P - P (the point at infinity) are caught
    assert not _steps_ok((1, 0), [1], mu) and not _steps_ok((1, 0), [-1], mu)
