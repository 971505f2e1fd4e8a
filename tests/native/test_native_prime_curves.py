"""The native prime curves (src/curve/prime/) against ecedu's Python reference.

* variable-base and fixed-base scalar multiplication for random and edge scalars (1, 2, n-1,
  n-2, the window boundaries of the recodings), and ECDH / ECDSA through the public functions;
* the complete formulas on their own (ecedu_prime_point_op): doubling, adding equal, opposite
  and infinity inputs, given with Z != 1 -- the cases incomplete formulas get wrong;
* point decoding and validation: every malformed or invalid encoding is refused with the error
  the binary curves give; compressed points on P-224 (p = 1 mod 4: Tonelli-Shanks) too.

secp256r1 has one copy of the curve per prime-field level (portable, MULX/ADX: instances/
gfp_secp256r1.c chooses by the level in use), so its tests run at every level the CPU has.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import random

import pytest

from ecedu import ec, ecdh, ecdsa, native
from ecedu.backend import resolve
from ecedu.curves import get_curve
from ecedu.errors import ECEduError, EncodingError, InvalidPointError, InvalidScalarError
from ecedu.native import ecdsa_bridge, library
from ecedu.rfc6979 import bits2int

pytestmark = pytest.mark.skipif(
    not native.available(), reason=f"native library not built: {native.load_error()}"
)

PRIME = library.PRIME_CURVES
# issue 18's eight curves (secp160k1 ... brainpoolP512r1) run a third of the edge scalars
# under ECEDU_SHORT=1 (the suite's time budget); the full set otherwise
NEW_CURVES = PRIME[PRIME.index("secp160k1") :]
SHORT = os.environ.get("ECEDU_SHORT", "") == "1"
rng = random.Random(14)
LEVELS = native.available_prime_implementations() if native.available() else ("portable",)
# not "ifma": it changes only the exponentiations of src/field/gfp/ (mont_ifma.h), the curves run
# the mulx code there
LEVELS = tuple(lvl for lvl in LEVELS if lvl != "ifma")
# (curve, prime-field level): secp256r1, secp224r1 and secp384r1 (a curve copy per level) at each level,
# the others at the best one
TWO_LEVELS = ("secp256r1", "secp224r1", "secp384r1")
CASES = [(n, lvl) for n in PRIME for lvl in (LEVELS if n in TWO_LEVELS else LEVELS[-1:])]
# secp521r1 and secp384r1 have a copy at the ifma level too (instances/gfp_secp521r1_ifma.c over
# field/gfp/fe_p521_ifma.h, instances/gfp_secp384r1_ifma.c over field/gfp/fe_p384_ifma.h): there as
# well, where the CPU has it
if native.available() and "ifma" in native.available_prime_implementations():
    CASES.insert(CASES.index(("secp521r1", LEVELS[-1])) + 1, ("secp521r1", "ifma"))
    CASES.insert(CASES.index(("secp384r1", LEVELS[-1])) + 1, ("secp384r1", "ifma"))


@pytest.fixture(params=CASES, ids=[f"{n}-{lvl}" for n, lvl in CASES])
def name(request):
    """The curve of the test, with its prime-field level forced for the test's duration."""
    curve, level = request.param
    native.force_prime_implementation(level)
    assert native.prime_implementation() == level
    yield curve
    native.force_prime_implementation(None)


def _enc(name, P):
    c = library.curve_params(name)
    if P is None:
        return b"\x00" * (1 + 2 * c.flen)
    return b"\x04" + P[0].to_bytes(c.flen, "big") + P[1].to_bytes(c.flen, "big")


def _point_op(name, op, P1, P2=None):
    c = library.curve_params(name)
    out = (ctypes.c_uint8 * (1 + 2 * c.flen))()
    a, b = _enc(name, P1), _enc(name, P2)
    library.check(library.lib().ecedu_prime_point_op(c.index, library.constant(op), a, b, out, len(a)), name)
    raw = bytes(out)
    if raw[0] == 0:
        return None
    return int.from_bytes(raw[1 : 1 + c.flen], "big"), int.from_bytes(raw[1 + c.flen :], "big")


def _edge_scalars(n):
    ks = {1, 2, 3, n - 1, n - 2, n - 3, (n - 1) // 2, (n + 1) // 2}
    for w in (4, 5):  # carries across the digits of the regular recodings
        ks |= {(1 << (w * i)) - 1 for i in range(1, n.bit_length() // w + 1)}
        ks |= {(1 << (w * i)) + 1 for i in range(1, n.bit_length() // w)}
    return sorted(k for k in ks if 1 <= k < n)


def test_scalar_mult_matches_the_reference(name):
    C = get_curve(name)
    G = C.G
    ks = _edge_scalars(C.n)
    if SHORT and name in NEW_CURVES:
        ks = sorted(set(ks[::3]) | {1, 2, C.n - 1})
    ks += [rng.randrange(1, C.n) for _ in range(6)]
    Q = ec.multiply_plain(C, rng.randrange(1, C.n), G)
    for k in ks:
        assert native.scalar_mult_base(name, k) == ec.multiply_plain(C, k, G), k
    for k in ks[:: max(1, len(ks) // 12)]:
        assert native.scalar_mult(name, k, *Q) == ec.multiply_plain(C, k, Q), k


def test_ecdh_and_ecdsa_through_the_public_functions(name):
    C = get_curve(name)
    d, e = rng.randrange(1, C.n), rng.randrange(1, C.n)
    Q = ec.multiply_plain(C, e, C.G)
    for compressed in (False, True):
        peer = ec.encode_point(C, Q, compressed=compressed)
        assert ecdh.shared_secret(C, d, peer, backend="native") == ecdh.shared_secret(
            C, d, peer, backend="python"
        )
    pub = ec.encode_point(C, ec.multiply_plain(C, d, C.G))
    for h in ("sha256", "sha224", "sha384", "sha512", "sha3_256"):
        sig = ecdsa.sign(C, d, b"issue 14", hash=h, backend="native")
        assert sig == ecdsa.sign(C, d, b"issue 14", hash=h, backend="python"), h
        assert ecdsa.verify(C, pub, b"issue 14", sig, hash=h, backend="native") is True
        assert ecdsa.verify(C, pub, b"issue 15", sig, hash=h, backend="native") is False
    assert resolve(None, C) == "native"  # the default is native here
    assert ecdh.shared_secret(C, d, ec.encode_point(C, Q)) == ecdh.shared_secret(
        C, d, ec.encode_point(C, Q), backend="native"
    )


def test_verify_edge_signatures(name):
    """u1 = 0 (digest 0 mod n) and a signature whose R is computed from u1 G + u2 Q with u2 = 1."""
    C = get_curve(name)
    n, G = C.n, C.G
    d = rng.randrange(1, n)
    Q = ec.multiply_plain(C, d, G)
    zero = b"\x00" * 32  # e = 0: u1 = 0, R = u2 Q
    r, s = ecdsa_bridge.ecdsa_sign_with_k(name, d, 7, zero)
    assert ecdsa_bridge.ecdsa_verify(name, *Q, zero, r, s) is True
    assert ecdsa_bridge.ecdsa_verify(name, *Q, zero, r, n - s) is True  # (r, -s) is valid too
    assert ecdsa_bridge.ecdsa_verify(name, *Q, zero, r, s % (n - 1) + 1) is False
    assert ecdsa_bridge.ecdsa_verify(name, *Q, zero, n, s) is False  # r out of range


def _last_step_doubling_scalars(n, w=5):
    """The k whose last addition in the regular signed window of width w adds two equal points
    (sw.tmpl.h, PC(mul)): kk = n - 2m for the odd m = (n mod 2^(w+1)) - 2^w if 1 <= m < 2^w,
    reached by k = n - 2m (odd) and k = 2m (even: kk = n - k).  None if n mod 2^(w+1) < 2^w."""
    m = n % (1 << (w + 1)) - (1 << w)
    return [2 * m, n - 2 * m] if 1 <= m < 1 << w else []


def test_variable_base_edge_scalars(name):
    """k Q for the scalars at the edges of the Jacobian loop's proof: small k, k near n and n/2,
    and the k where the last addition meets U = V (the one step done by the complete formula).
    P-192, P-224 and P-384 have such k; the check below fails if the window or the orders change
    so that they are lost."""
    C = get_curve(name)
    n = C.n
    Q = ec.multiply_plain(C, rng.randrange(1, n), C.G)
    special = _last_step_doubling_scalars(n)
    if name in ("secp192r1", "secp224r1", "secp384r1"):  # n mod 64 > 32 there
        assert special, name
    ks = {1, 2, 3, 4, 5, 31, 32, 33, n - 1, n - 2, n - 3, (n - 1) // 2, (n + 1) // 2} | set(special)
    for m in (1, 3, 31):  # kk = n - 2m and its neighbours for every odd m < 32 on every curve
        ks |= {2 * m, n - 2 * m}
    for k in sorted(ks):
        assert native.scalar_mult(name, k, *Q) == ec.multiply_plain(C, k, Q), k
        assert native.scalar_mult(name, k, *C.G) == ec.multiply_plain(C, k, C.G), k


def _regular_digits(kk, count, w):
    """sw.tmpl.h's PC(recode): odd digits, |d| < 2^w, kk = sum d_i 2^(w i)."""
    out = []
    for _ in range(count - 1):
        d = kk % (1 << (w + 1)) - (1 << w)
        out.append(d)
        kk = (kk - d) >> w
    return out + [kk]


# PC(mul_base)'s comb (sw.tmpl.h): 5-bit windows, W = L // 5 + 1 rows for L = bits(n), row i
# adding T = d_i 32^i G for the regular digit d_i of kk; Jacobian additions (PC(jmadd)) below row
# JB = (L - 1) // 5, the complete RCB one (PC(madd)) from it on
COMB_W = 5

# The meetings _comb_meeting_scalars finds, as (row counted from the top: 0 the last row, 1 the
# one below it; what Q is there), worked out in the test's docstring.  None on brainpoolP384r1
# and brainpoolP512r1: their top digit would have to be even.
COMB_MEETINGS = {
    **{c: {(0, "Q=T")} for c in PRIME},  # the usual case, the exceptions below
    "secp224k1": {(0, "Q=T"), (1, "Q=T"), (1, "Q=-T"), (0, "Q=O")},  # L = 225: 5 | L
    "brainpoolP320r1": {(1, "Q=T"), (1, "Q=-T"), (0, "Q=O")},  # L = 320: 5 | L
    "brainpoolP384r1": set(),
    "brainpoolP512r1": set(),
}


def _comb_meetings(n, kk):
    """Where PC(mul_base) on kk (odd, 1 <= kk < n: PC(make_odd)'s output) has its accumulator
    Q = A G meet the row's entry T = B G: [(row i, "Q=T" | "Q=-T" | "Q=O")], with A = sum_{j<i}
    d_j 32^j and B = d_i 32^i over kk's digits by PC(recode).  G has order n, so Q = T iff
    A = B mod n, Q = -T iff A = -B, Q = O iff A = 0."""
    L = n.bit_length()
    W = L // COMB_W + 1
    dig = _regular_digits(kk, W, COMB_W)
    # PC(recode)'s contract: odd digits, |d| < 32, the top one in [1, 2^(L mod 5)]
    assert sum(d << (COMB_W * i) for i, d in enumerate(dig)) == kk
    assert all(d % 2 and -32 < d < 32 for d in dig) and 1 <= dig[-1] <= 1 << (L % COMB_W)
    out, A = [], dig[0]
    for i in range(1, W):
        B = dig[i] << (COMB_W * i)
        if A % n == 0:
            out.append((i, "Q=O"))
        elif (A - B) % n == 0:
            out.append((i, "Q=T"))
        elif (A + B) % n == 0:
            out.append((i, "Q=-T"))
        A += B
    return out


def _comb_meeting_scalars(n):
    """{kk: _comb_meetings(n, kk)} for every odd kk in [1, n) that meets at a row >= JB: all of
    them.  At row i, kk = A + d_i 32^i + H (H: the rows above), so A = s d_i 32^i mod n (s = 1:
    Q = T, s = -1: Q = -T, s = 0: Q = O) gives kk = (1 + s) d_i 32^i + H mod n; the rows from JB
    on are the last one or two, so H is 0 or t 32^(W-1) for a top digit t: a few hundred
    candidates, each run through the recoding."""
    L = n.bit_length()
    W, JB = L // COMB_W + 1, (L - 1) // COMB_W
    top = 1 << (COMB_W * (W - 1))
    cands = set()
    for i in range(JB, W):
        above = [0] if i == W - 1 else [t * top for t in range(1, (1 << (L % COMB_W)) + 1, 2)]
        for H in above:
            for d in range(-31, 32, 2):
                for s in (1, -1, 0):
                    kk = ((1 + s) * (d << (COMB_W * i)) + H) % n
                    if kk % 2:
                        cands.add(kk)
    found = {kk: _comb_meetings(n, kk) for kk in sorted(cands)}
    return {kk: m for kk, m in found.items() if m}


@pytest.mark.parametrize("curve", PRIME)
def test_comb_top_rows_where_the_sums_meet(curve):
    """PC(mul_base)'s rows from JB = (L - 1) // 5 on (L = bits(n)) use the complete mixed
    addition because there Q (= A G) can meet the row's entry T (= B G): find every kk with
    Q = T, Q = -T or Q = O at such a row, check in Python that the recoding puts them there
    (and at no row below JB, where the proof above PC(mul_base) says none can be), and check kG
    on kk and on n - kk (even: PC(make_odd) takes it to kk) at every prime-field level.

    With r = L mod 5 and M = 32^(W-1) = 2^(L-r), kk = A + dM for the top digit d (odd, d <= 2^r)
    and an odd |A| < M.  The last row: Q = -T would make kk = 0 mod n: never.  Q = O needs
    A = 0 mod n: never if r > 0 (M < n, A odd); if r = 0, A = -n, kk = 2^L - n, the sum of the
    row below being -n, where Q = -T.  Q = T: kk = 2dM mod n; for r > 0 that is kk = 2dM - n
    with |dM - n| < M and dM < n, so d = floor(n / M), which must be odd: it is even on
    brainpoolP384r1 (n / M = 8.8) and brainpoolP512r1 (2.7), which have no meeting at all (JB is
    their last row); for r = 0 (d = 1) it needs 2^(L+1) mod n odd: secp224k1 yes,
    brainpoolP320r1 no.  r = 0 also makes JB the row below the last (5(W-1) = L): there Q = T
    too, on both curves."""
    C = get_curve(curve)
    n, G, L = C.n, C.G, C.n.bit_length()
    W, JB, r = L // COMB_W + 1, (L - 1) // COMB_W, L % COMB_W
    M = 1 << (L - r)
    assert W - JB == (2 if r == 0 else 1)  # the complete rows: the last one, or two if 5 | L
    found = _comb_meeting_scalars(n)
    assert all(i >= JB for m in found.values() for i, _ in m)  # none in the Jacobian rows
    assert {(W - 1 - i, what) for m in found.values() for i, what in m} == COMB_MEETINGS[curve]
    # the closed forms of the docstring
    top_t = [kk for kk, m in found.items() if (W - 1, "Q=T") in m]
    if r:
        d = n >> (L - r)  # floor(n / M)
        assert top_t == ([2 * d * M - n] if d % 2 else [])
    else:
        assert top_t == ([2 * M % n] if 2 * M % n % 2 else [])
        assert found[(1 << L) - n] == [(W - 2, "Q=-T"), (W - 1, "Q=O")]
    # the meetings as points, in Python: Q and T at each meeting row
    for kk, m in found.items():
        dig = _regular_digits(kk, W, COMB_W)
        for i, what in m:
            A = sum(d << (COMB_W * j) for j, d in enumerate(dig[:i]))
            B = dig[i] << (COMB_W * i)
            Q, T = ec.multiply_plain(C, A, G), ec.multiply_plain(C, B, G)
            assert T is not None  # the table's entries are never O
            assert Q == {"Q=T": T, "Q=-T": ec.multiply_plain(C, -B, G), "Q=O": None}[what], (kk, i)
    ks = sorted({k for kk in found for k in (kk, n - kk)})
    ref = {k: ec.multiply_plain(C, k, G) for k in ks}
    for level in native.available_prime_implementations():
        native.force_prime_implementation(level)
        try:
            assert native.prime_implementation() == level
            for k in ks:
                assert native.scalar_mult_base(curve, k) == ref[k], (level, k)
        finally:
            native.force_prime_implementation(None)


def _digest_for(C, e):
    """A digest (a byte longer than n) whose leftmost bits(n) bits are e (SEC 1 4.1.3 step 5)."""
    nbytes = C.n.bit_length() // 8 + 1
    return (e << (8 * nbytes - C.n.bit_length())).to_bytes(nbytes, "big")


def test_verify_joint_exceptional_cases(name):
    """The vartime joint loop's branches: with Q = G (d = 1) and e = r, u1 = u2, so the first
    digit adds the same point to itself (the doubling branch); with e = -r the sum is infinity
    (the P = -Q branch: invalid signature)."""
    C = get_curve(name)
    n, G = C.n, C.G
    k = rng.randrange(1, n)
    r = ec.multiply_plain(C, k, G)[0] % n
    digest = _digest_for(C, r)
    r2, s = ecdsa_bridge.ecdsa_sign_with_k(name, 1, k, digest)
    assert r2 == r
    assert ecdsa_bridge.ecdsa_verify(name, *G, digest, r, s) is True
    assert ecdsa_bridge.ecdsa_verify(name, *G, _digest_for(C, n - r), r, s) is False
    negG = (G[0], C.field.p - G[1])  # Q = -G: u1 G + u2 (-G) with e = r is infinity
    assert ecdsa_bridge.ecdsa_verify(name, *negG, digest, r, s) is False


def _signature_for_point(C, R, r, message):
    """(Q, s): a public key Q and an s for which u1 G + u2 Q = R, with u1 = e w, u2 = r w and
    w = 1/s for e of SHA-256(message) and a random s; the key is Q = (R - u1 G) / u2.  So (r, s)
    verifies under Q exactly when x(R) mod n = r (SEC 1 4.1.4 step 7)."""
    n, G = C.n, C.G
    e = bits2int(hashlib.sha256(message).digest(), n.bit_length()) % n
    s = rng.randrange(1, n)
    w = pow(s, -1, n)
    u1, u2 = e * w % n, r * w % n
    Q = ec.multiply_plain(C, pow(u2, -1, n), ec.sub(C, R, ec.multiply_plain(C, u1, G)))
    return Q, s


def _point_with_x_from(C, x0):
    """The first point (x, y) on C with x >= x0 (by SEC 1 decompression)."""
    flen = library.curve_params(C.name).flen
    for x in range(x0, x0 + 1000):
        try:
            return ec.decode_point(C, b"\x02" + x.to_bytes(flen, "big"))
        except ECEduError:
            continue
    raise AssertionError("no point found")


def test_verify_x_of_r_at_least_n(name):
    """Verification compares r Z^2 (and (r + n) Z^2) with X instead of inverting Z
    (PC(verify_x_vartime)): a signature whose R has n <= x(R) < p, so x(R) mod n = r = x(R) - n,
    must be valid, on both backends; on secp160r1, where n > p, an r >= p with x(R) = r - p must
    not be (an r taken mod p would pass)."""
    C = get_curve(name)
    n, p = C.n, C.field.p
    nlen = (n.bit_length() + 7) // 8
    msg = b"x(R) >= n"
    if p > n:
        R = _point_with_x_from(C, n + 1 + rng.randrange(0, min(p - n - 1, 2**32)))
        assert n < R[0] < p
        r, expect = R[0] - n, True
    else:  # secp160r1: an x(R) with x(R) + p < n, and r = x(R) + p (in range, but >= p)
        R = _point_with_x_from(C, rng.randrange(1, n - p - 1000))
        r, expect = R[0] + p, False
        assert p <= r < n
    Q, s = _signature_for_point(C, R, r, msg)
    sig = r.to_bytes(nlen, "big") + s.to_bytes(nlen, "big")
    pub = ec.encode_point(C, Q)
    for backend in ("python", "native"):
        assert ecdsa.verify(C, pub, msg, sig, backend=backend, signature_format="p1363") is expect, backend
    if expect:  # and a neighbouring r is refused
        bad = (r + 1).to_bytes(nlen, "big") + s.to_bytes(nlen, "big")
        assert ecdsa.verify(C, pub, msg, bad, backend="native", signature_format="p1363") is False


def test_complete_formulas_have_no_exceptional_case(name):
    C = get_curve(name)
    G = C.G
    P = ec.multiply_plain(C, rng.randrange(2, C.n), G)
    R = ec.multiply_plain(C, rng.randrange(2, C.n), G)
    negP = (P[0], (-P[1]) % C.field.p)
    twoP = ec.multiply_plain(C, 2, P)
    cases = {
        ("ECEDU_PPOINT_ADD", P, R): ec.add(C, P, R),
        ("ECEDU_PPOINT_ADD", P, P): twoP,  # doubling through the addition
        ("ECEDU_PPOINT_ADD", P, negP): None,  # P + (-P) = O
        ("ECEDU_PPOINT_ADD", None, P): P,
        ("ECEDU_PPOINT_ADD", P, None): P,
        ("ECEDU_PPOINT_ADD", None, None): None,
        ("ECEDU_PPOINT_MADD", P, R): ec.add(C, P, R),
        ("ECEDU_PPOINT_MADD", P, P): twoP,
        ("ECEDU_PPOINT_MADD", P, negP): None,
        ("ECEDU_PPOINT_MADD", None, P): P,
        ("ECEDU_PPOINT_DBL", P, None): twoP,
        ("ECEDU_PPOINT_DBL", None, None): None,
    }
    for (op, A, B), expect in cases.items():
        assert _point_op(name, op, A, B) == expect, (op, A is None, B is None)
    with pytest.raises(InvalidPointError):  # the mixed formula's second point is never O
        _point_op(name, "ECEDU_PPOINT_MADD", P, None)


def test_decoding_and_validation_refuse_bad_points(name):
    C = get_curve(name)
    c = library.curve_params(name)
    p, F = C.field.p, c.flen
    P = ec.multiply_plain(C, rng.randrange(1, C.n), C.G)
    good = ec.encode_point(C, P)
    assert native.decode_point(name, good) == P
    assert native.decode_point(name, ec.encode_point(C, P, compressed=True)) == P
    Pn = (P[0], p - P[1])
    assert native.decode_point(name, ec.encode_point(C, Pn, compressed=True)) == Pn
    bad_points = [
        b"\x04" + P[0].to_bytes(F, "big") + ((P[1] + 1) % p).to_bytes(F, "big"),  # off the curve
        b"\x04" + (P[0] + p).to_bytes(F + 1, "big")[-F:] + P[1].to_bytes(F, "big")
        if P[0] + p < 1 << (8 * F)
        else None,  # x + p (same residue, not < p)
        b"\x04" + P[0].to_bytes(F, "big") + (P[1] + p).to_bytes(F + 1, "big")[-F:]
        if P[1] + p < 1 << (8 * F)
        else None,
        b"\x04" + b"\xff" * (2 * F),  # coordinates >= p
        b"\x00",  # infinity
    ]
    # an x with no point: x^3 + a x + b is not a square
    x = next(x for x in range(1, 1000) if not _is_square(C, x))
    bad_points.append(b"\x02" + x.to_bytes(F, "big"))
    bad_points.append(b"\x02" + b"\xff" * F)  # x >= p
    for bad in [b for b in bad_points if b is not None]:
        with pytest.raises(InvalidPointError):
            native.decode_point(name, bad)
        with pytest.raises(InvalidPointError):
            native.ecdh(name, 5, bad)
    for bad in (good[:-1], good + b"\x00", b"\x05" + good[1:], b"", b"\x04", good[: 1 + F]):
        with pytest.raises((EncodingError, InvalidPointError)):
            native.decode_point(name, bad)
    with pytest.raises(InvalidPointError):
        native.validate_point(name, P[0], (P[1] + 1) % p)
    with pytest.raises(InvalidPointError):
        native.scalar_mult(name, 3, P[0], (P[1] + 1) % p)
    for k in (0, C.n, C.n + 1, -1, 1 << (8 * c.nlen)):
        with pytest.raises(InvalidScalarError):
            native.scalar_mult_base(name, k)
    with pytest.raises(InvalidScalarError):  # n itself fits in nlen bytes: the C check refuses it
        library.check(_raw_base(name, C.n), name)


def _raw_base(name, k):
    c = library.curve_params(name)
    kb = k.to_bytes(c.nlen, "big")
    ox, oy = (ctypes.c_uint8 * c.flen)(), (ctypes.c_uint8 * c.flen)()
    return library.lib().ecedu_scalar_mult_base(c.index, kb, len(kb), ox, oy, c.flen)


def _is_square(C, x):
    p = C.field.p
    v = (x**3 + C.a * x + C.b) % p
    return v == 0 or pow(v, (p - 1) // 2, p) == 1


@pytest.mark.parametrize("curve, nlen", [("secp160r1", 21), ("secp160k1", 21), ("secp224k1", 29)])
def test_scalars_longer_than_the_field(curve, nlen):
    """n > p on secp160r1, secp160k1 (161-bit n) and secp224k1 (225-bit n): scalars have one
    byte more than a coordinate and k >= p still works, through both multiplications."""
    C = get_curve(curve)
    assert C.n.bit_length() == C.field.p.bit_length() + 1
    assert library.curve_params(curve).nlen == nlen == (C.n.bit_length() + 7) // 8
    k = C.n - 5  # > p
    assert k > C.field.p
    assert native.scalar_mult_base(curve, k) == ec.multiply_plain(C, k, C.G)
    Q = ec.multiply_plain(C, 3, C.G)
    assert native.scalar_mult(curve, k, *Q) == ec.multiply_plain(C, k, Q)


@pytest.mark.parametrize("level", LEVELS)
def test_generic_and_specialised_copies_agree(level):
    """ecedu_bench_prime_curve runs each op once on each field's copy of the curve (generic,
    specialised, and unsaturated for P-224, P-256 and P-521: instances/gfp_compare.c) and refuses
    (ECEduError) if the points differ; one timed iteration each, no speed asserted."""
    native.force_prime_implementation(level)
    try:
        for curve in ("secp160r1", "secp192r1", "secp224r1", "secp256r1", "secp384r1", "secp521r1"):
            unsat = ("unsaturated",) if curve in ("secp224r1", "secp256r1", "secp521r1") else ()
            for field in ("generic", "specialised") + unsat:
                for op in ("mul", "mul_base", "mul_joint"):
                    assert native.bench_prime_curve(curve, field, op, 1) >= 0
            if not unsat:  # no unsaturated copy of this curve
                with pytest.raises(ECEduError):
                    native.bench_prime_curve(curve, "unsaturated", "mul", 1)
    finally:
        native.force_prime_implementation(None)
    assert native.bench_prime_curve("secp256k1", "generic", "mul", 1) >= 0  # its instance
    with pytest.raises(ECEduError):  # secp256k1's field is the generic one: no specialised copy
        native.bench_prime_curve("secp256k1", "specialised", "mul", 1)
    with pytest.raises(ValueError):
        native.bench_prime_curve("secp256r1", "fast", "mul", 1)
