r"""Koblitz curves: τ-adic expansions and partial reduction (Solinas 2000; GECC §3.4).

On a Koblitz curve :math:`E_a: y^2 + xy = x^3 + ax^2 + 1` the Frobenius map
:math:`τ(x, y) = (x^2, y^2)` is an endomorphism, and as an operator on points it satisfies
:math:`τ^2 = μτ − 2` with :math:`μ = (−1)^{1−a}`.  So an integer *k* can be rewritten in base τ
with digits in {0, ±1} (the τNAF), and kP computed with cheap τ's (three squarings in López–Dahab
coordinates) instead of doublings.

Elements of :math:`\mathbb{Z}[τ]` are pairs ``(r0, r1)`` standing for :math:`r_0 + r_1 τ`.

Partial reduction: the τNAF of *k* itself is about twice as long as m.  But
:math:`δ = (τ^m − 1)/(τ − 1)` kills every point of the prime-order subgroup
(:math:`τ^m = 1` on points with coordinates in GF(2^m)), so we may replace *k* by
:math:`ρ = k \bmod δ`, whose τNAF has length about m (GECC Alg. 3.62–3.65).
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

from ..ec.group import coordinates, neg

# -- arithmetic in Z[τ] -----------------------------------------------------------------------------


def zt_mul(a, b, mu: int):
    """(a0 + a1τ)(b0 + b1τ) using τ² = μτ − 2."""
    a0, a1 = a
    b0, b1 = b
    return (a0 * b0 - 2 * a1 * b1, a0 * b1 + a1 * b0 + mu * a1 * b1)


def zt_conj(a, mu: int):
    """Complex conjugate: τ̄ = μ − τ, so conj(a0 + a1τ) = (a0 + μa1) − a1τ."""
    return (a[0] + mu * a[1], -a[1])


def zt_norm(a, mu: int) -> int:
    """N(a0 + a1τ) = (a0 + a1τ)(a0 + a1τ̄) = a0² + μ a0 a1 + 2 a1²."""
    return a[0] * a[0] + mu * a[0] * a[1] + 2 * a[1] * a[1]


def lucas_u(k: int, mu: int) -> int:
    """U_k with U_0 = 0, U_1 = 1, U_{i+1} = μU_i − 2U_{i−1}; then τ^k = U_k τ − 2U_{k−1}."""
    u0, u1 = 0, 1
    for _ in range(k):
        u0, u1 = u1, mu * u1 - 2 * u0
    return u0


def tau_power(k: int, mu: int):
    """τ^k as a pair."""
    if k == 0:
        return (1, 0)
    return (-2 * lucas_u(k - 1, mu), lucas_u(k, mu))


def round_off(l0: Fraction, l1: Fraction, mu: int):
    """Round λ0 + λ1τ to a nearby element of Z[τ] (Solinas 2000, Routine 60; GECC Alg. 3.63).

    Rounding each coordinate separately is not enough: the region of points that round to 0
    must fit the lattice Z[τ], so the remainders η0, η1 are tested against its edges.
    Each coordinate is first rounded as the textbook does, ⌊λ + 1/2⌋ (halves round up).
    """
    f0, f1 = math.floor(l0 + Fraction(1, 2)), math.floor(l1 + Fraction(1, 2))
    e0, e1 = l0 - f0, l1 - f1
    h0 = h1 = 0
    eta = 2 * e0 + mu * e1
    if eta >= 1:
        if e0 - 3 * mu * e1 < -1:
            h1 = mu
        else:
            h0 = 1
    elif e0 + 4 * mu * e1 >= 2:
        h1 = mu
    if eta < -1:
        if e0 - 3 * mu * e1 >= 1:
            h1 = -mu
        else:
            h0 = -1
    elif e0 + 4 * mu * e1 < -2:
        h1 = -mu
    return (f0 + h0, f1 + h1)


def zt_div_round(a, b, mu: int):
    """The element of Z[τ] nearest to a/b, computed as a·b̄ / N(b)."""
    num = zt_mul(a, zt_conj(b, mu), mu)
    nb = zt_norm(b, mu)
    return round_off(Fraction(num[0], nb), Fraction(num[1], nb), mu)


def zt_mod(a, b, mu: int):
    """a mod b = a − b·round(a/b): the remainder of smallest norm (GECC Alg. 3.64)."""
    q = zt_div_round(a, b, mu)
    qb = zt_mul(q, b, mu)
    return (a[0] - qb[0], a[1] - qb[1])


# -- per-curve constants ---------------------------------------------------------------------------


@cache
def delta(m: int, mu: int):
    """δ = (τ^m − 1)/(τ − 1) as a pair (exact division in Z[τ])."""
    tm = tau_power(m, mu)
    num = (tm[0] - 1, tm[1])
    den = (-1, 1)
    prod = zt_mul(num, zt_conj(den, mu), mu)
    nd = zt_norm(den, mu)
    if prod[0] % nd or prod[1] % nd:
        raise ArithmeticError("τ − 1 does not divide τ^m − 1")  # cannot happen
    return (prod[0] // nd, prod[1] // nd)


def partial_reduce(curve, k: int):
    """ρ = k partmod δ (GECC Alg. 3.65 with exact rational rounding): ρ ≡ k and N(ρ) small."""
    return zt_mod((k, 0), delta(curve.field.m, curve.mu), curve.mu)


# -- recodings ---------------------------------------------------------------------------------------


def tnaf(r, mu: int) -> list[int]:
    """τNAF of r = r0 + r1τ (an int means r1 = 0), least significant digit first (GECC Alg. 3.61).

    Digits are in {−1, 0, 1} and no two adjacent digits are non-zero.  Each step divides by τ:
    (r0 + r1τ)/τ = (r1 + μ r0/2) − (r0/2)τ, for r0 even.
    """
    r0, r1 = (r, 0) if isinstance(r, int) else r
    digits = []
    while r0 or r1:
        if r0 & 1:
            u = 2 - ((r0 - 2 * r1) & 3)
            r0 -= u
        else:
            u = 0
        digits.append(u)
        r0, r1 = r1 + mu * (r0 >> 1), -(r0 >> 1)
    return digits


@cache
def wtnaf_constants(w: int, mu: int):
    """t_w = 2U_{w−1}/U_w mod 2^w and the digit values α_u = u mod τ^w, u odd (GECC Alg. 3.69)."""
    full = 1 << w
    t_w = 2 * lucas_u(w - 1, mu) * pow(lucas_u(w, mu), -1, full) % full
    tw = tau_power(w, mu)
    alphas = {u: zt_mod((u, 0), tw, mu) for u in range(1, 1 << (w - 1), 2)}
    return t_w, alphas


def wtnaf(r, mu: int, w: int) -> list[int]:
    """Width-w τNAF, least significant digit first (GECC Alg. 3.69).

    A non-zero digit *u* (odd, ``|u| < 2^(w−1)``) stands for the element α_u = u mod τ^w, chosen so
    that subtracting it makes r divisible by τ^w; at least w − 1 zeros follow each non-zero digit.
    """
    if w == 2:
        return tnaf(r, mu)
    r0, r1 = (r, 0) if isinstance(r, int) else r
    t_w, alphas = wtnaf_constants(w, mu)
    full, half = 1 << w, 1 << (w - 1)
    digits = []
    while r0 or r1:
        if r0 & 1:
            u = (r0 + r1 * t_w) & (full - 1)
            if u >= half:
                u -= full
            b, g = alphas[abs(u)]
            if u < 0:
                b, g = -b, -g
            r0 -= b
            r1 -= g
        else:
            u = 0
        digits.append(u)
        r0, r1 = r1 + mu * (r0 >> 1), -(r0 >> 1)
    return digits


def regular_wtnaf(r, mu: int, w: int, length: int):
    """Regular width-w τ-adic recoding: ``length`` digits, every one odd and non-zero.

    The constant-time counterpart of :func:`wtnaf` (the τ version of Joye–Tunstall's regular
    recoding; Oliveira, Aranha, López, Rodríguez-Henríquez 2014).  For r ≡ D (mod τ^w) with
    D = r0 + r1·t_w mod 2^w, take the digit u = D − 2^(w−1) (odd, |u| < 2^(w−1)) standing for α_u.
    Then r − α_u ≡ 2^(w−1) = (ττ̄)^(w−1) (mod τ^w): divisible by τ^(w−1) exactly once more than
    by τ^w, so the quotient (r − α_u)/τ^(w−1) is again *odd* (r0 odd) and the next digit is again
    non-zero.  Every step is the same work whatever the digits: no zero runs to skip.

    *r* must be odd (r0 odd).  Returns ``(digits, top)`` with digits least significant first and
    ``r = Σ α_{d_i} τ^((w−1)i) + top·τ^((w−1)·length)``; for long enough *length* (see
    :func:`regular_plan`) top is ±1, itself a digit.
    """
    r0, r1 = (r, 0) if isinstance(r, int) else r
    if r0 % 2 == 0:
        raise ValueError("regular recoding needs r0 odd")
    t_w, alphas = wtnaf_constants(w, mu)
    full, half = 1 << w, 1 << (w - 1)
    digits = []
    for _ in range(length):
        u = ((r0 + r1 * t_w) & (full - 1)) - half
        b, g = alphas[abs(u)]
        if u < 0:
            b, g = -b, -g
        r0, r1 = r0 - b, r1 - g
        for _ in range(w - 1):  # divide by τ, w − 1 times
            r0, r1 = r1 + mu * (r0 >> 1), -(r0 >> 1)
        digits.append(u)
    return digits, (r0, r1)


def _abs_tau(a, mu: int) -> float:
    """|a| = sqrt(N(a)), the complex absolute value of a0 + a1τ."""
    return math.sqrt(zt_norm(a, mu))


@cache
def regular_plan(m: int, mu: int, n: int, w: int):
    """How many digits the regular recoding of a partially reduced scalar needs, with a proof.

    Input of the recoding: ρ = k partmod δ, plus δ when ρ is even, so
    |ρ| ≤ (√(4/7) + 1)|δ| (GECC Thm 3.67 bounds N(k mod δ) by 4/7 N(δ)); the bound below allows
    |ρ| ≤ 4|δ| to cover approximate rounding.  One step maps ρ to (ρ − α)/τ^(w−1), so with
    s = 2^((w−1)/2) and A = max |α_u|:  |ρ_{j+1}| ≤ (|ρ_j| + A)/s.
    After j1 steps |ρ| ≤ R = A/(s − 1) + 1; every odd element of that disk is then followed
    exhaustively until it reaches ±1 (which the recoding maps to ±1 for ever).

    Returns ``(length, complete)``: ``length`` digits always leave top = ±1; the additions
    for digit positions i < ``complete`` may meet an exceptional case (doubling, or the point
    at infinity), all later ones cannot: there N(ρ_i) and N(ρ_(i+1)τ^(w−1) ∓ α) are < n.
    """
    _, alphas = wtnaf_constants(w, mu)
    A = max(_abs_tau(a, mu) for a in alphas.values())
    s = 2 ** ((w - 1) / 2)
    bound = 4 * math.sqrt(n)  # |δ| = √N(δ) = √n
    bounds = [bound]
    R = A / (s - 1) + 1
    while bounds[-1] > R:
        bounds.append((bounds[-1] + A) / s)
    j1 = len(bounds) - 1
    # every odd element with |a| <= R: follow it to ±1
    worst = 0
    lim = int(2 * R) + 2
    for a1 in range(-lim, lim + 1):
        for a0 in range(-2 * lim - 1, 2 * lim + 2):
            if a0 % 2 == 0 or _abs_tau((a0, a1), mu) > R:
                continue
            r, steps = (a0, a1), 0
            while r not in ((1, 0), (-1, 0)):
                _, r = regular_wtnaf(r, mu, w, 1)
                steps += 1
                if steps > 64:
                    raise ArithmeticError(f"regular recoding does not settle from {(a0, a1)}")
            worst = max(worst, steps)
    for r in ((1, 0), (-1, 0)):
        if regular_wtnaf(r, mu, w, 1)[1] not in ((1, 0), (-1, 0)):
            raise ArithmeticError("±1 is not a fixed set of the recoding")
    length = j1 + worst
    complete = 0
    for i, b in enumerate(bounds):
        if (b + 2 * A) ** 2 >= n or (bounds[i + 1] if i + 1 < len(bounds) else R) ** 2 >= n:
            complete = i + 1
    return length, complete


def evaluate(digits, mu: int):
    """Σ d_i τ^i as an element of Z[τ] (w = 2 digits) — for tests and notebooks."""
    acc = (0, 0)
    for d in reversed(digits):
        acc = zt_mul(acc, (0, 1), mu)
        acc = (acc[0] + d, acc[1])
    return acc


# -- the multiplier ----------------------------------------------------------------------------------


def frobenius(curve, P):
    """τ(x, y) = (x², y²) on affine points."""
    if P is None:
        return None
    F = curve.field
    return (F.sqr(P[0]), F.sqr(P[1]))


def _alpha_points(curve, C, P, w: int):
    """α_u·P for the odd digits u < 2^(w−1), each from the τNAF of α_u (a few τ's and additions)."""
    mu = curve.mu
    _, alphas = wtnaf_constants(w, mu)
    expansions = {u: tnaf(alpha, mu) for u, alpha in alphas.items()}
    longest = max(len(e) for e in expansions.values())
    taus = [P]
    for _ in range(longest):
        taus.append(frobenius(curve, taus[-1]))
    pts = []
    for u in sorted(alphas):
        R = C.infinity
        for i, d in enumerate(expansions[u]):
            if d:
                R = C.add_mixed(R, taus[i] if d > 0 else neg(curve, taus[i]))
        pts.append(R)
    affine = C.batch_to_affine(pts)
    return {u: affine[i] for i, u in enumerate(sorted(alphas))}


def tnaf_mult(curve, k: int, P, w: int = 4):
    """k·P on a Koblitz curve by width-w τNAF with partial reduction (GECC Alg. 3.70).

    *P* must lie in the subgroup of prime order n (partial reduction uses δ·P = O).
    """
    if not curve.is_koblitz:
        raise ValueError(f"{curve.name} is not a Koblitz curve")
    if k < 0:
        k, P = -k, neg(curve, P)
    k %= curve.n
    if k == 0 or P is None:
        return None
    C = coordinates(curve)
    rho = partial_reduce(curve, k)
    digits = wtnaf(rho, curve.mu, w)
    table = _alpha_points(curve, C, P, w) if w > 2 else {1: P}
    sqr = C.sqr
    X, Y, Z = C.infinity
    for d in reversed(digits):
        X, Y, Z = sqr(X), sqr(Y), sqr(Z)  # R = τ(R)
        if d > 0:
            X, Y, Z = C.add_mixed((X, Y, Z), table[d])
        elif d < 0:
            X, Y, Z = C.add_mixed((X, Y, Z), neg(curve, table[-d]))
    return C.to_affine((X, Y, Z))


def native_width(m: int) -> int:
    """Window width of the native τ-adic method (ecedu/native/src/curve/tnaf.tmpl.h; written into
    the C curve table by tools/gen_curves.py): w = 6 (16 table points) pays off only for
    m = 571, w = 5 (8 points) below (measured: at m = 409, w = 5 is 2-4% faster since the
    table's inversion became cheap, see field/gf2m/inversion.tmpl.h FN(inv_vartime); at m = 233,
    AMD Zen 3, w = 6 made ECDH 15% slower on the AVX2 level and 20% on the SSE one: 11 additions
    fewer do not pay for the 8 more entries of the table, which its build and every look-up pay
    for).  Nor did c-xs233's way to fewer additions (xsk233_mul_frob: windows of five τ-NAF digits,
    47 complete additions of 7M + 2S from 21 projective points, the table built by Frobenius maps
    and 10 additions): its loop written with ecedu's GF(2^233) code of the avx and avx2 levels, in
    a timing driver outside the repository, was 7% and 9% slower than tnaf.tmpl.h's 60 steps (AMD
    Zen 4, min TSC ticks: 16.35k against 15.2k, 13.1k against 12.0k), and 17% and 22% faster with
    its constant-time look-up replaced by a plain read: the 336-word scan of every step costs what
    the 13 additions save, where this loop's 64-word scan overlaps its squarings (the same plain
    read made it only 2.5% and 1.5% faster)."""
    return 6 if m > 500 else 5


def regular_tnaf_mult(curve, k: int, P, w: int = 5):
    """k·P on a Koblitz curve by the *regular* width-w τ-adic method (what the C library does,
    with w = :func:`native_width` (m): 5, and 6 on sect571k1).

    Partial reduction, then δ added if ρ is even (δ is odd and δ·P = O), then
    :func:`regular_wtnaf` with the digit count of :func:`regular_plan`: every step is
    w − 1 Frobenius maps and one addition of ±α_u·P, whatever the scalar.
    """
    if not curve.is_koblitz:
        raise ValueError(f"{curve.name} is not a Koblitz curve")
    k %= curve.n
    if k == 0 or P is None:
        return None
    m, mu = curve.field.m, curve.mu
    rho = partial_reduce(curve, k)
    if rho[0] % 2 == 0:
        d = delta(m, mu)
        rho = (rho[0] + d[0], rho[1] + d[1])
    length, _ = regular_plan(m, mu, curve.n, w)
    digits, top = regular_wtnaf(rho, mu, w, length)
    C = coordinates(curve)
    table = _alpha_points(curve, C, P, w)
    sqr = C.sqr
    Q = C.add_mixed(C.infinity, P if top == (1, 0) else neg(curve, P))
    X, Y, Z = Q
    for u in reversed(digits):
        for _ in range(w - 1):
            X, Y, Z = sqr(X), sqr(Y), sqr(Z)  # R = τ(R)
        T = table[abs(u)] if u > 0 else neg(curve, table[abs(u)])
        X, Y, Z = C.add_mixed((X, Y, Z), T)
    return C.to_affine((X, Y, Z))
