"""Reference computations and diagnosing checks for the exercise test cells.

Test cells import these through :mod:`ecedu.grading.checks`.  Under ``ecedu grade``
this file is *not mounted* in the sandbox of an exercise whose kernel needs none of
it (every test judged outside the kernel): it holds answers (``ref_clmul`` is
ex01's ``clmul``, ``bin_add`` ex04's ``point_add``).

Every check raises ``AssertionError`` with a message that says *what* is
wrong ("result not reduced: degree 170 ≥ 163") without printing the expected
value.  The reference computations here are deliberately small and written
from first principles (carry-less products, affine group law, Z[τ]
arithmetic) so that tiny fields and curves can be checked without the
package; the exercises compare with :mod:`ecedu` for the real curves.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

# Solinas' rounding in Z[τ]: the package's own (GECC Alg. 3.63), so grading and course agree.
from ecedu.scalar.tnaf import round_off  # noqa: F401 - checks.round_off, used by ex09

from .strict import (  # noqa: F401
    check_digits,
    check_int,
    check_point_shape,
    expect,
    fail,
    plain,
    same,
    strict_answer,
    type_name,
)

# --------------------------------------------------------------------------
# generic


def rng(seed: int = 2026) -> random.Random:
    return random.Random(seed)


# --------------------------------------------------------------------------
# GF(2)[z] and GF(2^m), first principles


def degree(p: int) -> int:
    """Degree of a binary polynomial (-1 for the zero polynomial)."""
    return p.bit_length() - 1


def ref_clmul(a: int, b: int) -> int:
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        b >>= 1
    return r


def ref_polymod(c: int, f: int) -> int:
    m = degree(f)
    while c.bit_length() > m:
        c ^= f << (c.bit_length() - 1 - m)
    return c


def ref_mul(a: int, b: int, f: int) -> int:
    return ref_polymod(ref_clmul(a, b), f)


def ref_pow(a: int, e: int, f: int) -> int:
    r = 1
    while e:
        if e & 1:
            r = ref_mul(r, a, f)
        a = ref_mul(a, a, f)
        e >>= 1
    return r


def ref_spread(a: int) -> int:
    r, i = 0, 0
    while a:
        if a & 1:
            r |= 1 << (2 * i)
        a >>= 1
        i += 1
    return r


class RefField:
    """A tiny GF(2^m) given by its reduction polynomial f (an int)."""

    def __init__(self, f: int):
        self.modulus = f
        self.m = degree(f)

    def add(self, a, b):
        return a ^ b

    def mul(self, a, b):
        return ref_mul(a, b, self.modulus)

    def sqr(self, a):
        return ref_mul(a, a, self.modulus)

    def inv(self, a):
        if a == 0:
            raise ZeroDivisionError("0 has no inverse")
        return ref_pow(a, (1 << self.m) - 2, self.modulus)

    def elements(self):
        return range(1 << self.m)


class CountingField:
    """Wraps a field object and counts mul / sqr / inv calls."""

    def __init__(self, field):
        self._field = field
        self.m = field.m
        self.modulus = getattr(field, "modulus", None)
        self.reset()

    def reset(self):
        self.muls = self.sqrs = self.invs = 0

    def add(self, a, b):
        return a ^ b

    def mul(self, a, b):
        self.muls += 1
        return self._field.mul(a, b)

    def sqr(self, a):
        self.sqrs += 1
        return self._field.sqr(a)

    def inv(self, a):
        self.invs += 1
        return self._field.inv(a)


def check_reduced(c, m: int, what: str = "result") -> None:
    """``c`` must be a field element of GF(2^m): an int of degree < m."""
    check_int(c, what)
    expect(c >= 0, f"{what} is negative ({c}); binary polynomials are non-negative ints")
    if c.bit_length() > m:
        fail(f"{what} not reduced: degree {degree(c)} ≥ {m}")


def check_clmul(got, a: int, b: int, what: str = "clmul") -> None:
    check_int(got, what)
    if got == ref_clmul(a, b):
        return
    if got == a * b:
        fail(
            f"{what}({a:#x}, {b:#x}) equals the integer product: in GF(2)[z] partial products "
            "are added with XOR, without carries"
        )
    if got == a | b or got == a ^ b or got == a & b:
        fail(f"{what}({a:#x}, {b:#x}) combined the inputs bitwise instead of multiplying them")
    if a and b and degree(got) != degree(a) + degree(b):
        fail(
            f"{what}({a:#x}, {b:#x}) has degree {degree(got)}, but the product of polynomials of degrees "
            f"{degree(a)} and {degree(b)} has degree {degree(a) + degree(b)}"
        )
    fail(f"{what}({a:#x}, {b:#x}) is wrong (right degree, wrong coefficients)")


def check_polymod(got, c: int, f: int, what: str = "poly_reduce") -> None:
    m = degree(f)
    check_reduced(got, m, f"{what}({c:#x}, f)")
    if got != ref_polymod(c, f):
        if c.bit_length() <= m:
            fail(f"{what} changed an input that was already reduced (degree {degree(c)} < {m})")
        fail(
            f"{what}({c:#x}, f) is reduced but not congruent to the input modulo f "
            "(subtract shifted copies of f, i.e. XOR them)"
        )


def check_field_product(got, a: int, b: int, f: int, what: str = "gf2m_mul") -> None:
    m = degree(f)
    check_int(got, f"{what}(a, b)")
    if got == ref_mul(a, b, f):
        return
    if got == ref_clmul(a, b):
        fail(f"result not reduced: degree {degree(got)} ≥ {m}")
    check_reduced(got, m, f"{what}(a, b)")
    if got == ref_polymod(a * b, f):
        fail(f"{what}: the product was computed with integer multiplication (carries) before reducing")
    fail(f"{what}({a:#x}, {b:#x}) is a reduced element but not the product")


# --------------------------------------------------------------------------
# squaring


def check_spread(got, a: int, what: str = "spread") -> None:
    check_int(got, f"{what}(a)")
    exp = ref_spread(a)
    if got == exp:
        return
    if got == exp << 1 or got == exp >> 1:
        fail(f"{what}({a:#x}): every bit is one position off: bit i of a must land on bit 2i")
    extra = [j for j in range(max(got.bit_length(), 1)) if (got >> j) & 1 and not (exp >> j) & 1]
    if any(j % 2 for j in extra):
        fail(
            f"{what}({a:#x}) has a 1 at odd position {next(j for j in extra if j % 2)}: "
            "a square has only even powers of z"
        )
    fail(f"{what}({a:#x}) puts the bits of a in the wrong places: bit i must land on bit 2i")


# --------------------------------------------------------------------------
# binary curves y^2 + xy = x^3 + a x^2 + b, affine, None = infinity


def bin_on_curve(P, a: int, b: int, F) -> bool:
    if P is None:
        return True
    x, y = P
    return F.mul(y, y) ^ F.mul(x, y) == F.mul(F.mul(x, x), x) ^ F.mul(a, F.mul(x, x)) ^ b


def bin_neg(P, F=None):
    return None if P is None else (P[0], P[0] ^ P[1])


def bin_add(P, Q, a: int, F):
    if P is None:
        return Q
    if Q is None:
        return P
    x1, y1 = P
    x2, y2 = Q
    if x1 == x2:
        if y1 ^ y2 == x1 or x1 == 0:  # Q = -P (covers P = -P when x = 0)
            return None
        lam = x1 ^ F.mul(y1, F.inv(x1))
        x3 = F.mul(lam, lam) ^ lam ^ a
        y3 = F.mul(x1, x1) ^ F.mul(lam ^ 1, x3)
        return (x3, y3)
    lam = F.mul(y1 ^ y2, F.inv(x1 ^ x2))
    x3 = F.mul(lam, lam) ^ lam ^ x1 ^ x2 ^ a
    y3 = F.mul(lam, x1 ^ x3) ^ x3 ^ y1
    return (x3, y3)


def bin_mul(k: int, P, a: int, F):
    if k < 0:
        return bin_mul(-k, bin_neg(P), a, F)
    R = None
    for bit in bin(k)[2:] if k else "":
        R = bin_add(R, R, a, F)
        if bit == "1":
            R = bin_add(R, P, a, F)
    return R


def bin_points(a: int, b: int, F) -> list:
    """All points of a tiny binary curve (None first)."""
    pts = [None]
    for x in range(1 << F.m):
        for y in range(1 << F.m):
            if bin_on_curve((x, y), a, b, F):
                pts.append((x, y))
    return pts


def check_point(got, expected, what: str, on_curve=None) -> None:
    """Compare points; ``on_curve(P) -> bool`` helps say *how* a point is wrong."""
    check_point_shape(got, what)
    if got == expected:
        return
    if expected is None:
        fail(f"{what} should be the point at infinity (None)")
    if got is None:
        fail(f"{what} returned the point at infinity (None), but the result is a finite point")
    if on_curve is not None and not on_curve(got):
        fail(f"{what} is not on the curve")
    if got[0] == expected[0]:
        fail(f"{what}: x is right but y is wrong (a sign/negation slip?)")
    fail(f"{what} is a point on the curve, but the wrong one")


# --------------------------------------------------------------------------
# scalar recodings


def check_naf(digits, k: int, what: str = "naf") -> None:
    digits = check_digits(digits, f"{what}({k})")
    for i, d in enumerate(digits):
        if d not in (-1, 0, 1):
            fail(f"{what}({k}): digit {d} at position {i} not allowed: NAF digits are -1, 0, 1")
    if sum(d << i for i, d in enumerate(digits)) != k:
        if sum(d << i for i, d in enumerate(reversed(digits))) == k:
            fail(
                f"{what}({k}): digits are in the wrong order: the list must start with the least significant digit"
            )
        fail(f"{what}({k}): the digits do not add up to k (sum of d_i·2^i ≠ k)")
    for i in range(len(digits) - 1):
        if digits[i] and digits[i + 1]:
            fail(
                f"{what}({k}): nonzero digits next to each other at positions {i} and {i + 1} "
                "(not a non-adjacent form)"
            )
    if digits and digits[-1] == 0:
        fail(f"{what}({k}): leading zero digits; the most significant digit must be nonzero")


def check_wnaf(digits, k: int, w: int, what: str = "wnaf") -> None:
    digits = check_digits(digits, f"{what}({k}, w={w})")
    lim = 1 << (w - 1)
    for i, d in enumerate(digits):
        if d and (d % 2 == 0 or abs(d) >= lim):
            fail(
                f"{what}({k}, w={w}): digit {d} at position {i} not allowed: nonzero digits must be odd "
                f"with |d| < 2^(w-1) = {lim}"
            )
    if sum(d << i for i, d in enumerate(digits)) != k:
        fail(f"{what}({k}, w={w}): the digits do not add up to k")
    nz = [i for i, d in enumerate(digits) if d]
    for i, j in zip(nz, nz[1:]):
        if j - i < w:
            fail(f"{what}({k}, w={w}): nonzero digits at positions {i} and {j} are closer than w = {w}")
    if digits and digits[-1] == 0:
        fail(f"{what}({k}, w={w}): leading zero digits")


# --------------------------------------------------------------------------
# Z[τ], τ^2 = μτ - 2


def zt_mul(x, y, mu):
    a0, a1 = x
    b0, b1 = y
    return (a0 * b0 - 2 * a1 * b1, a0 * b1 + a1 * b0 + mu * a1 * b1)


def zt_norm(x, mu):
    r0, r1 = x
    return r0 * r0 + mu * r0 * r1 + 2 * r1 * r1


def zt_eval(digits, mu):
    """Value of sum u_i τ^i as a pair (r0, r1) (Horner, most significant first)."""
    acc = (0, 0)
    for u in reversed(list(digits)):
        acc = zt_mul(acc, (0, 1), mu)
        acc = (acc[0] + u, acc[1])
    return acc


def zt_divides(x, y, mu) -> bool:
    """Does y divide x in Z[τ]?"""
    y0, y1 = y
    conj = (y0 + mu * y1, -y1)
    num = zt_mul(x, conj, mu)
    n = zt_norm(y, mu)
    return num[0] % n == 0 and num[1] % n == 0


def check_tnaf(digits, r0: int, r1: int, mu: int, what: str = "tnaf") -> None:
    digits = check_digits(digits, f"{what}({r0}, {r1}, mu={mu})")
    for i, d in enumerate(digits):
        if d not in (-1, 0, 1):
            fail(
                f"{what}({r0}, {r1}, mu={mu}): digit {d} at position {i} not allowed: τNAF digits are -1, 0, 1"
            )
    if zt_eval(digits, mu) != (r0, r1):
        tau2 = "τ - 2" if mu == 1 else "-τ - 2"
        fail(
            f"{what}({r0}, {r1}, mu={mu}): the digits do not evaluate to r0 + r1·τ "
            f"(with μ = {mu}, τ² = {tau2})"
        )
    for i in range(len(digits) - 1):
        if digits[i] and digits[i + 1]:
            fail(
                f"{what}({r0}, {r1}, mu={mu}): nonzero digits next to each other at positions {i} and {i + 1}"
            )


def round_half_up(x: Fraction) -> int:
    return math.floor(x + Fraction(1, 2))


# --------------------------------------------------------------------------
# prime curves y^2 = x^3 + a x + b over F_p (tuples; None = infinity)


def p_on_curve(P, p, a, b) -> bool:
    if P is None:
        return True
    x, y = P
    return 0 <= x < p and 0 <= y < p and (y * y - x * x * x - a * x - b) % p == 0


def p_add(P, Q, p, a):
    if P is None:
        return Q
    if Q is None:
        return P
    x1, y1 = P
    x2, y2 = Q
    if x1 == x2 and (y1 + y2) % p == 0:
        return None
    if P == Q:
        lam = (3 * x1 * x1 + a) * pow(2 * y1, -1, p) % p
    else:
        lam = (y2 - y1) * pow(x2 - x1, -1, p) % p
    x3 = (lam * lam - x1 - x2) % p
    return (x3, (lam * (x1 - x3) - y1) % p)


def p_mul(k, P, p, a):
    if k < 0:
        k, P = -k, (None if P is None else (P[0], -P[1] % p))
    R = None
    for bit in bin(k)[2:] if k else "":
        R = p_add(R, R, p, a)
        if bit == "1":
            R = p_add(R, P, p, a)
    return R


def p_points(p, a, b) -> list:
    sq = {}
    for y in range(p):
        sq.setdefault(y * y % p, []).append(y)
    pts = [None]
    for x in range(p):
        for y in sq.get((x**3 + a * x + b) % p, []):
            pts.append((x, y))
    return pts


# --------------------------------------------------------------------------
# statistics


def check_close(got, expected: float, what: str, rel: float = 1e-9) -> None:
    got = plain(got, what)
    if type(got) not in (int, float):
        fail(f"{what}: expected a float, got {type_name(got)}")
    got = float(got)
    if not math.isfinite(got):
        fail(f"{what} is not a finite number ({got})")
    if abs(got - expected) > rel * max(1.0, abs(expected)):
        fail(
            f"{what} is off by {abs(got - expected) / abs(expected):.1%}" if expected else f"{what} is wrong"
        )


def check_spread_bytes(got, a: int, table, what: str = "spread_bytes") -> None:
    check_int(got, f"{what}(a)")
    if got == ref_spread(a):
        return
    overlap_or = overlap_xor = 0
    for i in range((a.bit_length() + 7) // 8):
        overlap_or |= ref_spread((a >> (8 * i)) & 0xFF) << (8 * i)
        overlap_xor ^= ref_spread((a >> (8 * i)) & 0xFF) << (8 * i)
    if got in (overlap_or, overlap_xor):
        fail(
            f"{what}: the spread bytes overlap: the spread of byte i is 16 bits wide, so it belongs at bit 16·i"
        )
    check_spread(got, a, what)


def check_ladder_x(got, k: int, P, a: int, b: int, F, what: str = "ladder_x") -> None:
    """x(kP) on a small binary curve, with a diagnosis of the usual off-by-ones."""
    R = bin_mul(k, P, a, F)
    exp = None if R is None else R[0]
    if got is not None:
        check_int(got, f"{what}(k, x)")
    if got == exp:
        return
    t = k.bit_length()

    def xof(j):
        Q = bin_mul(j, P, a, F)
        return None if Q is None else Q[0]

    if got == xof(k + (1 << t)):
        fail(
            f"{what}: for k = {k} the result is x((k + 2^t)·P) with t = {t}: the leading bit is processed twice"
        )
    if got == xof(2 * k):
        fail(
            f"{what}: for k = {k} the result is x(2k·P): one doubling too many (the loop runs one step too long)"
        )
    if got == xof(k >> 1) or got == xof(k - (k & 1)):
        fail(f"{what}: for k = {k} the least significant bit of k is skipped")
    if exp is None:
        fail(f"{what}: for k = {k}, k·P is the point at infinity (Z = 0): return None")
    fail(f"{what}: wrong x-coordinate of k·P for k = {k}")


def der_to_rs(sig: bytes):
    """Decode a DER ECDSA-Sig-Value SEQUENCE { r INTEGER, s INTEGER }."""

    def length(buf, i):
        n = buf[i]
        if n < 0x80:
            return n, i + 1
        k = n & 0x7F
        return int.from_bytes(buf[i + 1 : i + 1 + k], "big"), i + 1 + k

    assert sig[0] == 0x30
    _, i = length(sig, 1)
    out = []
    for _ in range(2):
        assert sig[i] == 0x02
        n, i = length(sig, i + 1)
        out.append(int.from_bytes(sig[i : i + n], "big"))
        i += n
    return tuple(out)


# --------------------------------------------------------------------------
# the package (kept here so that an API change touches one place)


def pkg_curve(name: str):
    import ecedu

    return ecedu.get_curve(name)


def pkg_mul(curve, k: int, P):
    from ecedu import scalar

    return scalar.multiply(curve, k, P)


def pkg_add(curve, P, Q):
    from ecedu import ec

    return ec.add(curve, P, Q)


def pkg_double(curve, P):
    from ecedu import ec

    return ec.double(curve, P)


def pkg_neg(curve, P):
    from ecedu import ec

    return ec.neg(curve, P)


def pkg_prime(curve) -> int:
    f = curve.field
    for attr in ("p", "modulus", "order"):
        if hasattr(f, attr):
            return int(getattr(f, attr))
    raise AttributeError("cannot find the prime of the curve's field")


def ref_tnaf(x, mu):
    """τNAF digits of r0 + r1·τ (reference, least significant first)."""
    r0, r1 = x
    digits = []
    while r0 or r1:
        if r0 % 2:
            u = 2 - ((r0 - 2 * r1) % 4)
            r0 -= u
        else:
            u = 0
        digits.append(u)
        r0, r1 = r1 + mu * (r0 // 2), -(r0 // 2)
    return digits


def check_binary_sum(got, P, Q, a: int, F, what: str | None = None) -> None:
    """P + Q on y² + xy = x³ + ax² + b, diagnosing the usual slips in the formulas."""
    what = what or f"{P} + {Q}"
    check_point_shape(got, what)
    exp = bin_add(P, Q, a, F)
    if got == exp:
        return
    if (
        isinstance(got, tuple)
        and len(got) == 2
        and exp is not None
        and P is not None
        and Q is not None
        and P != Q
        and got[0] == exp[0] ^ a
        and a
    ):
        fail(f"{what}: x₃ is off by exactly a: the curve coefficient a is missing from x₃ (or added twice)")
    b = None
    if exp is not None:
        x, y = exp
        b = F.mul(y, y) ^ F.mul(x, y) ^ F.mul(F.mul(x, x), x) ^ F.mul(a, F.mul(x, x))
    check_point(got, exp, what, None if b is None else (lambda R: bin_on_curve(R, a, b, F)))


# --------------------------------------------------------------------------
# ECDSA nonce attacks (ex17 nonce reuse, ex18 the lattice attack on biased nonces)


def ecdsa_e(message: bytes, n: int) -> int:
    """e of SEC 1 §4.1.3: the leftmost bits(n) bits of SHA-256(message), reduced mod n."""
    import hashlib

    from ecedu.rfc6979 import bits2int

    return bits2int(hashlib.sha256(message).digest(), n.bit_length()) % n


def sign_with_nonce(curve_name: str, d: int, message: bytes, k: int) -> tuple:
    """Textbook ECDSA with a *given* nonce k (the broken signer of the attacks): (r, s, e)."""
    curve = pkg_curve(curve_name)
    n = curve.n
    e = ecdsa_e(message, n)
    r = pkg_mul(curve, k, curve.G)[0] % n
    s = pow(k, -1, n) * (e + r * d) % n
    assert r and s, "degenerate signature: pick another nonce"
    return (r, s, e)


def biased_signatures(curve_name: str, d: int, count: int, zero_bits: int, seed: int) -> list:
    """``count`` signatures (r, s, e) whose nonces have their top ``zero_bits`` bits zero."""
    n = pkg_curve(curve_name).n
    bound = 1 << (n.bit_length() - zero_bits)
    r_ = rng(seed)
    return [sign_with_nonce(curve_name, d, b"message %d" % i, r_.randrange(1, bound)) for i in range(count)]


def ref_hnp_pairs(sigs, n: int) -> list:
    """k ≡ t·d + u (mod n) from s = k⁻¹(e + r·d): t = r·s⁻¹, u = e·s⁻¹."""
    return [(r * pow(s, -1, n) % n, e * pow(s, -1, n) % n) for r, s, e in sigs]


def ref_hnp_basis(pairs, n: int, bound: int) -> list:
    """The basis of ex18 Q2 (d eliminated with the first equation, entries < n)."""
    t0, u0 = pairs[0]
    inv = pow(t0, -1, n)
    a = [t * inv % n for t, _ in pairs[1:]]
    b = [(u - ai * u0) % n for (_, u), ai in zip(pairs[1:], a)]
    m = len(a)
    rows = [[n if j == i else 0 for j in range(m + 2)] for i in range(m)]
    return rows + [a + [1, 0], b + [0, bound]]


def check_reuse_pair(got, sigs, what: str = "find_reuse") -> None:
    pairs = [(i, j) for i in range(len(sigs)) for j in range(i + 1, len(sigs)) if sigs[i][0] == sigs[j][0]]
    got = plain(got, what)
    if not pairs:
        expect(got is None, f"{what}: no two signatures share r here: return None")
        return
    expect(
        got is not None,
        f"{what}: two signatures share r (the same nonce) but the result was None: compare r = x(kG) mod n",
    )
    expect(
        type(got) is tuple and len(got) == 2 and all(type(x) is int for x in got),
        f"{what}: expected a tuple (i, j) of two ints",
    )
    i, j = got
    expect(0 <= i < len(sigs) and 0 <= j < len(sigs), f"{what}: index out of range")
    if i < j and sigs[i][1] == sigs[j][1] and sigs[i][0] != sigs[j][0]:
        fail(f"{what}: equal s is not the sign of a reused nonce: compare r = x(kG) mod n")
    expect(i < j, f"{what}: return the pair with i < j")
    expect(
        sigs[i][0] == sigs[j][0],
        f"{what}: signatures {i} and {j} have different r: a reused nonce gives equal r",
    )
    expect((i, j) == pairs[0], f"{what}: return the first such pair (smallest i, then smallest j)")


def check_nonce(got, k: int, e1: int, s1: int, e2: int, s2: int, n: int, what: str = "recover_nonce") -> None:
    check_int(got, what)
    if got == k:
        return
    if got % n == k:
        fail(f"{what}: right modulo n but not reduced: return a value in [0, n)")
    if got == (n - k) % n:
        fail(f"{what}: got −k: take both differences in the same order, (e₁ − e₂)/(s₁ − s₂)")
    if s1 != s2 and got in ((e1 - e2) // (s1 - s2), (e1 - e2) // (s1 - s2) % n):
        fail(f"{what}: (e₁ − e₂)/(s₁ − s₂) is a division modulo n: multiply by pow(s₁ − s₂, −1, n)")
    fail(f"{what}: wrong nonce (from s·k ≡ e + r·d, subtract the two equations: d cancels)")


def check_key(got, d: int, k: int, r: int, e1: int, s1: int, n: int, what: str = "recover_key") -> None:
    check_int(got, what)
    if got == d:
        return
    if got % n == d:
        fail(f"{what}: right modulo n but not reduced: return a value in [0, n)")
    if got == (s1 * k + e1) * pow(r, -1, n) % n:
        fail(f"{what}: sign of e: s·k = e + r·d gives r·d = s·k − e")
    if got == (s1 * k - e1) * pow(s1, -1, n) % n:
        fail(f"{what}: divide by r, not by s: r·d = s·k − e")
    fail(f"{what}: wrong key (solve s₁·k ≡ e₁ + r·d for d, modulo n)")


def check_low_s_key(got, d: int, plain_formula: int, what: str = "recover_key_low_s") -> None:
    if got is None:
        fail(f"{what}: returned None, but the key can be recovered: try −s₂ (that is n − s₂) as well")
    check_int(got, what)
    if got == d:
        return
    if got == plain_formula:
        fail(
            f"{what}: one signature was normalised to low s (s replaced by n − s), so the plain formula "
            "gives a wrong key: try −s₂ too and keep the d whose public key is Q"
        )
    fail(f"{what}: the key returned does not give the public key Q")


def check_hnp_pairs(got, sigs, n: int, what: str = "hnp_pairs") -> None:
    exp = ref_hnp_pairs(sigs, n)
    got = plain(got, what)
    expect(type(got) is list, f"{what}: expected a list of (t, u) tuples, got {type_name(got)}")
    expect(len(got) == len(exp), f"{what}: expected one (t, u) per signature ({len(exp)}), got {len(got)}")
    for i, (g, (t, u)) in enumerate(zip(got, exp)):
        expect(
            type(g) is tuple and len(g) == 2 and all(type(x) is int for x in g),
            f"{what}: entry {i} is not a tuple (t, u) of two ints",
        )
        r, s, e = sigs[i]
        if g == (t, u):
            continue
        if g == (u, t):
            fail(f"{what}: t and u swapped: t multiplies d (t = r·s⁻¹), u is the constant (u = e·s⁻¹)")
        if g == (r * s % n, e * s % n):
            fail(f"{what}: k = s⁻¹·(e + r·d): t and u need the inverse of s, not s")
        if g[0] % n == t and g[1] % n == u:
            fail(f"{what}: entry {i} not reduced: t and u must lie in [0, n)")
        fail(f"{what}: entry {i} is wrong (k ≡ t·d + u mod n)")


def check_hnp_basis(got, pairs, n: int, bound: int, what: str = "hnp_basis") -> None:
    exp = ref_hnp_basis(pairs, n, bound)
    got = plain(got, what)
    expect(
        type(got) is list and all(type(row) is list for row in got),
        f"{what}: expected a list of lists of ints",
    )
    m = len(pairs) - 1
    expect(
        len(got) == m + 2,
        f"{what}: expected {m + 2} rows for {len(pairs)} pairs (m − 1 rows n·eᵢ, the a row, the b row)",
    )
    for i, row in enumerate(got):
        expect(len(row) == m + 2, f"{what}: row {i} has {len(row)} entries, expected {m + 2}")
        expect(all(type(x) is int for x in row), f"{what}: row {i} holds something other than ints")
    if got[:m] != exp[:m]:
        fail(f"{what}: the first m − 1 rows must be n·eᵢ: the equations hold only modulo n")
    a_row, b_row = got[m], got[m + 1]
    if a_row[:m] != exp[m][:m]:
        if [x % n for x in a_row[:m]] == exp[m][:m]:
            fail(f"{what}: the aᵢ must be reduced mod n")
        fail(f"{what}: the a row is wrong: aᵢ = tᵢ·t₀⁻¹ mod n (from eliminating d with the first equation)")
    expect(a_row[m:] == [1, 0], f"{what}: the a row must end in 1, 0 (its multiplier k₀ appears in column m)")
    if b_row[:m] != exp[m + 1][:m]:
        if [x % n for x in b_row[:m]] == exp[m + 1][:m]:
            fail(f"{what}: the bᵢ must be reduced mod n")
        fail(f"{what}: the b row is wrong: bᵢ = uᵢ − aᵢ·u₀ mod n")
    if b_row[m:] == [0, 1]:
        fail(f"{what}: the b row must end in 0, bound: the embedding entry has the size of the nonces")
    expect(b_row[m:] == [0, bound], f"{what}: the b row must end in 0, bound")


def check_candidates(got, d: int, what: str = "key_candidates") -> None:
    got = plain(got, what)
    expect(type(got) is list and all(type(x) is int for x in got), f"{what}: expected a list of ints")
    expect(got == sorted(set(got)), f"{what}: return the candidates sorted, without repeats")
    expect(
        d in got,
        f"{what}: the key is not among the candidates (a row ending in −bound is the negated vector)",
    )


def check_attack_result(got, d: int, found_message: str, what: str = "lattice_attack") -> None:
    """The key d (or None when ``d`` is None: too few signatures)."""
    got = plain(got, what)
    if d is None:
        expect(got is None, f"{what}: {found_message}: return None, never a key whose public key is not Q")
        return
    expect(got is not None, f"{what}: {found_message}")
    check_int(got, what)
    expect(
        got == d, f"{what}: returned a key whose public key is not Q: keep only the candidate whose d·G is Q"
    )
