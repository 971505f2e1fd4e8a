"""Reference computations and diagnosing checks for the exercise test cells.

Test cells import these through :mod:`ecedu.grading.checks`.  Under ``ecedu grade``
this file is *never mounted* in the sandbox: it holds answers (``ref_clmul`` is
ex01's ``clmul``, ``bin_add`` ex04's ``point_add``); the kernel gets at most a view
with the definitions its setup cells use (:mod:`ecedu.grading.reference_view`), so
keep the toy fields and curves the setup cells hand out free of other answers.

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
    """Wraps a field object and counts mul / sqr / inv calls.

    Under ``ecedu grade`` the counting happens grader-side, on the trace of field
    operations the kernel sends (:mod:`ecedu.grading.judge`); ``audit_provenance``
    asks the grader to check that everything the answer fed to the field and
    returned came from the inputs and the field's own results."""

    audit_provenance = True

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


def _check_digit_count(digits, most: int, what: str) -> None:
    """Refuse a list far longer than any right answer before any arithmetic on it: the sums
    below cost time quadratic in its length (two million digits kept the grader busy for a
    minute after the kernel had finished)."""
    if len(digits) > most:
        fail(f"{what}: {len(digits)} digits, far more than a right answer has (at most about {most})")


def check_naf(digits, k: int, what: str = "naf") -> None:
    digits = check_digits(digits, f"{what}({k})")
    _check_digit_count(digits, abs(k).bit_length() + 64, f"{what}({k})")  # a NAF: bit_length + 1
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
    _check_digit_count(digits, abs(k).bit_length() + 64, f"{what}({k}, w={w})")
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
    # a tau-NAF of rho has about log2 N(rho) digits (Solinas 2000), a few more at most
    _check_digit_count(digits, zt_norm((r0, r1), mu).bit_length() + 64, f"{what}({r0}, {r1}, mu={mu})")
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
# prime fields: Montgomery multiplication with w-bit limbs (ex14; HAC Alg. 14.32 and 14.36,
# Koç–Acar–Kaliski 1996 for CIOS).  R = 2^(w·n) with n = ⌈bits(p)/w⌉ limbs, p' = −p⁻¹ mod 2^w.


def mont_limbs(p: int, w: int) -> int:
    return -(-p.bit_length() // w)


def ref_neg_inverse(p: int, w: int) -> int:
    return -pow(p, -1, 1 << w) % (1 << w)


def ref_redc(T: int, p: int, w: int) -> int:
    return T * pow(1 << (w * mont_limbs(p, w)), -1, p) % p


def ref_word_muls(bits: int, w: int) -> int:
    n = -(-bits // w)
    return 2 * n * n + n


def _redc_wrong_sign(T: int, p: int, w: int) -> int:
    """REDC with m = t₀·(+p⁻¹) mod 2^w and the low word dropped by the shift (the sign slip)."""
    mask, q = (1 << w) - 1, pow(p, -1, 1 << w)
    t = T
    for _ in range(mont_limbs(p, w)):
        t = (t + ((t & mask) * q & mask) * p) >> w
    return t


def mont_moduli(seed: int = 1413) -> list[int]:
    """Odd moduli of 192 to 2048 bits: the NIST primes, 2^255 − 19, secp256k1's p, moduli whose size
    is not a multiple of 64 (a partly filled top limb), one just above a limb boundary, random odd ones."""
    r = rng(seed)
    ps = [
        2**192 - 2**64 - 1,
        2**224 - 2**96 + 1,
        2**256 - 2**224 + 2**192 + 2**96 - 1,
        2**255 - 19,
        2**256 - 2**32 - 977,
        2**384 - 2**128 - 2**96 + 2**32 - 1,
        2**521 - 1,
        2**256 + 297,  # one bit more than four 64-bit limbs hold
    ]
    for bits in (200, 320, 1024, 2048):
        ps.append(r.getrandbits(bits) | (1 << (bits - 1)) | 1)
    return ps


def _mont_variants(T: int, p: int, w: int) -> dict:
    n = mont_limbs(p, w)
    return {
        "no_final": lambda: ref_redc(T, p, w) + p,
        "once": lambda: T * pow(1 << w, -1, p) % p,
        "n_minus_1": lambda: T * pow(1 << (w * (n - 1)), -1, p) % p,
        "n_plus_1": lambda: T * pow(1 << (w * (n + 1)), -1, p) % p,
        "times_R": lambda: T * (1 << (w * n)) % p,
        "plain": lambda: T % p,
    }


def _diagnose_redc(got: int, T: int, p: int, w: int, what: str) -> None:
    n = mont_limbs(p, w)
    exp = ref_redc(T, p, w)
    if got == exp:
        return
    if got < 0:
        fail(f"{what} is negative")
    v = _mont_variants(T, p, w)
    if got == v["no_final"]():
        fail(
            f"{what} is the right value plus p: the final subtraction is missing "
            "(after the loop t < 2p; subtract p once when t ≥ p)"
        )
    bad = _redc_wrong_sign(T, p, w)
    if got in (bad, bad - p):
        fail(
            f"{what}: m = t₀·p' mod 2^w was computed with p' = +p⁻¹ mod 2^w: with that sign t + m·p is not "
            "divisible by 2^w and the shift drops bits; REDC needs p' = −p⁻¹ mod 2^w"
        )
    if got == v["once"]() and n > 1:
        fail(f"{what} is T·2^(−w) mod p: divided by 2^w once; REDC runs n = {n} rounds, one per {w}-bit word")
    if got == v["n_minus_1"]() or got == v["n_plus_1"]():
        fail(
            f"{what}: wrong number of limbs: R = 2^(w·n) with n = ⌈bits(p)/w⌉ = {n} "
            f"for a {p.bit_length()}-bit p and w = {w}"
        )
    if got == v["times_R"]():
        fail(f"{what} is T·R mod p: REDC multiplies by R⁻¹, not by R")
    if got == v["plain"]() and T % p != exp:
        fail(f"{what} is T mod p: REDC returns T·R⁻¹ mod p (R = 2^(w·n))")
    if got >= p:
        fail(f"{what} is not reduced: it is ≥ p")
    if (got - exp) % p == 0:
        fail(f"{what} is congruent to T·R⁻¹ but not in [0, p)")
    fail(f"{what} is not T·R⁻¹ mod p (R = 2^(w·n), n = {n} limbs of {w} bits)")


def check_neg_inverse(got, p: int, w: int, what: str = "neg_inverse") -> None:
    what = f"{what}(p, w={w})"
    check_int(got, what)
    exp = ref_neg_inverse(p, w)
    if got == exp:
        return
    if got == pow(p, -1, 1 << w):
        fail(f"{what} is +p⁻¹ mod 2^w: REDC needs the negative, p' = −p⁻¹ mod 2^w, so that p·p' ≡ −1")
    if not 0 <= got < 1 << w:
        fail(f"{what} is not a w-bit word: reduce it modulo 2^w (0 ≤ p' < 2^{w})")
    fail(f"{what}: p·p' is not ≡ −1 modulo 2^w")


def check_redc(got, T: int, p: int, w: int, what: str = "redc") -> None:
    what = f"{what}(T, p, w={w}) for a {p.bit_length()}-bit p"
    check_int(got, what)
    _diagnose_redc(got, T, p, w, what)


def check_mont_mul(got, a: int, b: int, p: int, w: int, what: str = "mont_mul") -> None:
    """``got`` is (c, muls): c must be a·b·R⁻¹ mod p (the count is test_count's business)."""
    what = f"{what}(a, b, p, w={w}) for a {p.bit_length()}-bit p"
    if type(got) is not tuple or tuple.__len__(got) != 2:
        fail(f"{what}: expected a tuple (c, word_multiplications), got {type_name(got)}")
    check_int(got[0], f"{what}: c")
    check_int(got[1], f"{what}: the multiplication count")
    _diagnose_redc(got[0], a * b, p, w, f"{what}: c")


def check_mont_count(got, p: int, w: int, what: str = "mont_mul") -> None:
    n = mont_limbs(p, w)
    what = f"{what}(a, b, p, w={w}) with n = {n} limbs"
    if type(got) is not tuple or tuple.__len__(got) != 2:
        fail(f"{what}: expected a tuple (c, word_multiplications), got {type_name(got)}")
    k = got[1]
    check_int(k, f"{what}: the multiplication count")
    if k == 2 * n * n + n:
        return
    if k == 2 * n * n:
        fail(
            f"{what} counted {k} = 2n² word multiplications: the n products m = t₀·p' mod 2^w are missing "
            "(one per outer round)"
        )
    if k == n * n:
        fail(f"{what} counted {k} = n²: that is a·b alone; reducing costs n² products m·p and n for the m's")
    if k == n * n + n:
        fail(f"{what} counted {k} = n² + n: the n² products m·p_j of the reduction are missing")
    if k in (2 * (n + 1) ** 2 + n + 1, 2 * (n - 1) ** 2 + n - 1):
        fail(f"{what} counted {k}, the count for {n + 1 if k > 2 * n * n else n - 1} limbs: n = ⌈bits(p)/w⌉")
    if k == 0:
        fail(f"{what}: the count is 0: count every w×w-bit product the loops compute")
    fail(f"{what} counted {k} word multiplications; one w×w-bit product per a_i·b_j, per m and per m·p_j")


def check_mod_mul(got, a: int, b: int, p: int, w: int, what: str = "mod_mul") -> None:
    what = f"{what}(a, b, p, w={w}) for a {p.bit_length()}-bit p"
    check_int(got, what)
    exp = a * b % p
    if got == exp:
        return
    R = 1 << (w * mont_limbs(p, w))
    Ri = pow(R, -1, p)
    if got == exp * Ri % p:
        fail(f"{what} is a·b·R⁻¹ mod p: mont_mul's result is still in Montgomery form; convert back")
    if got == exp * Ri * Ri % p:
        fail(f"{what} is a·b·R⁻² mod p: the conversion must multiply by R² mod p, not by 1 or R")
    if got == exp * R % p:
        fail(f"{what} is a·b·R mod p: one conversion too many (a·R times b·R, reduced once, is a·b·R)")
    if got == exp + p:
        fail(f"{what} is the right value plus p: a final subtraction is missing")
    if got >= p or got < 0:
        fail(f"{what} is not in [0, p)")
    fail(f"{what} is not a·b mod p")


def check_word_muls(got, bits: int, w: int, what: str = "word_muls") -> None:
    what = f"{what}({bits}, {w})"
    check_int(got, what)
    n = -(-bits // w)
    if got == 2 * n * n + n:
        return
    f = bits // w
    if f != n and got == 2 * f * f + f:
        fail(
            f"{what}: {bits} bits need n = ⌈{bits}/{w}⌉ = {n} limbs, not {f} (the top limb is partly filled)"
        )
    if got == 2 * n * n:
        fail(f"{what} = 2n²: the n multiplications m = t₀·p' mod 2^w are missing")
    if got == n * n:
        fail(f"{what} = n²: that is the product a·b alone; the reduction adds n² + n")
    fail(f"{what}: CIOS does n² + n² + n word multiplications with n = ⌈bits/w⌉")


# --------------------------------------------------------------------------
# Solinas ("NIST fast") reduction for P-256 (ex15; FIPS 186-4 D.2.3, GECC Alg. 2.29)

P256_PRIME = 2**256 - 2**224 + 2**192 + 2**96 - 1
SOLINAS_P256_NAMES = ("s1", "s2", "s3", "s4", "s5", "d1", "d2", "d3", "d4")
# each term's eight 32-bit words, most significant first as in GECC (None = 0)
SOLINAS_P256_WORDS = (
    (7, 6, 5, 4, 3, 2, 1, 0),
    (15, 14, 13, 12, 11, None, None, None),
    (None, 15, 14, 13, 12, None, None, None),
    (15, 14, None, None, None, 10, 9, 8),
    (8, 13, 15, 14, 13, 11, 10, 9),
    (10, 8, None, None, None, 13, 12, 11),
    (11, 9, None, None, 15, 14, 13, 12),
    (12, None, 10, 9, 8, 15, 14, 13),
    (13, None, 11, 10, 9, None, 15, 14),
)
SOLINAS_P256_SIGNS = (1, 2, 2, 1, 1, -1, -1, -1, -1)


def p256_words(c: int) -> list[int]:
    return [(c >> (32 * i)) & 0xFFFFFFFF for i in range(16)]


def _solinas_term(c: int, spec, reverse: bool = False) -> int:
    w = p256_words(c)
    words = list(reversed(spec)) if reverse else spec
    r = 0
    for j in words:
        r = (r << 32) | (0 if j is None else w[j])
    return r


def ref_solinas_terms(c: int) -> list[int]:
    return [_solinas_term(c, spec) for spec in SOLINAS_P256_WORDS]


def ref_solinas_sum(c: int) -> int:
    return sum(s * t for s, t in zip(SOLINAS_P256_SIGNS, ref_solinas_terms(c)))


def solinas_correction_inputs(seed: int = 229) -> list[int]:
    """Inputs c < 2^512 whose nine-term sum t lies in every interval [k·p, (k+1)·p) that can
    occur, k = −4 … 4 (k + 1 additions of p, or k subtractions), plus the two extremes."""
    r = rng(seed)
    coef = [ref_solinas_sum(1 << (32 * i)) for i in range(16)]
    top = sum(0xFFFFFFFF << (32 * i) for i in range(16) if coef[i] > 0)
    bottom = sum(0xFFFFFFFF << (32 * i) for i in range(16) if coef[i] < 0)
    found: dict[int, int] = {
        ref_solinas_sum(top) // P256_PRIME: top,
        ref_solinas_sum(bottom) // P256_PRIME: bottom,
    }
    for _ in range(20000):
        ws = [r.choice((0, 0xFFFFFFFF, r.getrandbits(32))) for _ in range(16)]
        c = sum(x << (32 * i) for i, x in enumerate(ws))
        found.setdefault(ref_solinas_sum(c) // P256_PRIME, c)
        if len(found) >= 10:
            break
    return [found[k] for k in sorted(found)]


def check_solinas_terms(got, c: int, what: str = "solinas_terms") -> None:
    what = f"{what}(c)"
    if type(got) not in (list, tuple):
        fail(f"{what}: expected a list of nine ints, got {type_name(got)}")
    got = list(got)
    if len(got) != 9:
        fail(f"{what}: expected nine terms (s1, s2, s3, s4, s5, d1, d2, d3, d4), got {len(got)}")
    for i, t in enumerate(got):
        check_int(t, f"{what}: {SOLINAS_P256_NAMES[i]}")
    exp = ref_solinas_terms(c)
    for i, (g, e) in enumerate(zip(got, exp)):
        if g == e:
            continue
        name = SOLINAS_P256_NAMES[i]
        if g == _solinas_term(c, SOLINAS_P256_WORDS[i], reverse=True):
            fail(
                f"{what}: {name} has its words in reverse order: GECC writes (c7, …, c0) most significant "
                "word first"
            )
        others = [SOLINAS_P256_NAMES[j] for j, e2 in enumerate(exp) if j != i and g == e2]
        if others:
            fail(f"{what}: {name} is wrong: it holds the words of {others[0]}")
        if not 0 <= g < 2**256:
            fail(f"{what}: {name} is not a 256-bit number (eight 32-bit words)")
        bad = [k for k in range(8) if (g >> (32 * k)) & 0xFFFFFFFF != (e >> (32 * k)) & 0xFFFFFFFF]
        pos = ", ".join(str(7 - k) for k in reversed(bad))
        fail(
            f"{what}: {name} is wrong in word position(s) {pos} "
            f"(counted from 0 at the left, the most significant word, as in GECC's tuples)"
        )


def check_solinas_sum(got, c: int, what: str = "solinas_sum") -> None:
    what = f"{what}(c)"
    check_int(got, what)
    exp = ref_solinas_sum(c)
    if got == exp:
        return
    t = ref_solinas_terms(c)
    s1, s2, s3, s4, s5, d1, d2, d3, d4 = t
    if got == s1 + s2 + s3 + s4 + s5 - d1 - d2 - d3 - d4:
        fail(f"{what}: s2 and s3 are counted once; the sum is s1 + 2s2 + 2s3 + s4 + s5 − d1 − d2 − d3 − d4")
    if got == s1 + 2 * s2 + 2 * s3 + s4 + s5 + d1 + d2 + d3 + d4:
        fail(f"{what}: the d terms are added; they are subtracted")
    if got == c % P256_PRIME:
        fail(
            f"{what} returned c mod p: solinas_sum must return the unreduced nine-term sum (the corrections are Q3)"
        )
    if (got - c) % P256_PRIME == 0:
        fail(f"{what} is congruent to c mod p but is not the nine-term sum (already corrected?)")
    fail(f"{what} is not congruent to c modulo p: a term or a coefficient is wrong")


def check_p256_reduce(got, c: int, what: str = "p256_reduce") -> None:
    what = f"{what}(c)"
    check_int(got, what)
    exp = c % P256_PRIME
    if got == exp:
        return
    if (got - exp) % P256_PRIME:
        fail(f"{what} is not congruent to c modulo p")
    k = (got - exp) // P256_PRIME
    t = ref_solinas_sum(c)
    if k < 0:
        fail(
            f"{what} is negative ({k}·p + the result): for this c the sum is about {t // P256_PRIME}·p; "
            "keep adding p while the value is negative (up to four times)"
        )
    fail(
        f"{what} is not reduced: it is {k}·p too large; for this c the nine-term sum is about "
        f"{t // P256_PRIME}·p: subtract p while the value is ≥ p (up to five times)"
    )


# --------------------------------------------------------------------------
# complete addition, a = −3 (ex16; Renes–Costello–Batina 2016, Alg. 4), projective (X : Y : Z)


def ref_rcb_add(P, Q, p: int, b: int):
    """Renes–Costello–Batina 2016, Algorithm 4, step by step (12M + 2m_b + 29a)."""
    X1, Y1, Z1 = P
    X2, Y2, Z2 = Q
    t0, t1, t2 = X1 * X2 % p, Y1 * Y2 % p, Z1 * Z2 % p
    t3 = (X1 + Y1) * (X2 + Y2) % p
    t3 = (t3 - t0 - t1) % p
    t4 = (Y1 + Z1) * (Y2 + Z2) % p
    t4 = (t4 - t1 - t2) % p
    X3 = (X1 + Z1) * (X2 + Z2) % p
    Y3 = (X3 - t0 - t2) % p
    Z3 = b * t2 % p
    X3 = (Y3 - Z3) % p
    X3 = 3 * X3 % p
    Z3 = (t1 - X3) % p
    X3 = (t1 + X3) % p
    Y3 = b * Y3 % p
    t2 = 3 * t2 % p
    Y3 = (Y3 - t2 - t0) % p
    Y3 = 3 * Y3 % p
    t0 = (3 * t0 - t2) % p
    t1, t2 = t4 * Y3 % p, t0 * Y3 % p
    Y3 = (X3 * Z3 + t2) % p
    X3 = (X3 * t3 - t1) % p
    Z3 = (Z3 * t4 + t3 * t0) % p
    return (X3, Y3, Z3)


def proj_to_affine(P, p: int):
    X, Y, Z = P
    if Z % p == 0:
        return None
    zi = pow(Z, -1, p)
    return (X * zi % p, Y * zi % p)


def proj_from_affine(P, p: int, lam: int = 1):
    return (0, lam % p, 0) if P is None else (P[0] * lam % p, P[1] * lam % p, lam % p)


def check_proj_shape(got, p: int, what: str) -> None:
    if type(got) is not tuple or tuple.__len__(got) != 3:
        fail(f"{what}: expected a tuple (X, Y, Z), got {type_name(got)}")
    for name, v in zip("XYZ", got):
        check_int(v, f"{what}: {name}")
        if not 0 <= v < p:
            fail(f"{what}: {name} is not reduced to [0, p)")


def _case(Pa, Qa, p: int) -> str:
    if Pa is None or Qa is None:
        return "P + O"
    if Pa == Qa:
        return "P + P"
    if Pa[0] == Qa[0]:
        return "P + (−P)"
    return "P + Q"


def check_complete_add(got, P, Q, p: int, a: int, b: int, what: str = "complete_add") -> None:
    """P, Q projective; ``got`` must represent P + Q (any representative)."""
    Pa, Qa = proj_to_affine(P, p), proj_to_affine(Q, p)
    what = f"{what} on {_case(Pa, Qa, p)}"
    check_proj_shape(got, p, what)
    exp = p_add(Pa, Qa, p, a)
    X, Y, Z = got
    if X == Y == Z == 0:
        fail(
            f"{what} returned (0 : 0 : 0), which is no point at all: a formula slip (complete formulas never give it)"
        )
    ga = proj_to_affine(got, p)
    if ga == exp:
        return
    if exp is None:
        fail(f"{what} must be the point at infinity, (0 : Y : 0) with Y ≠ 0; it has Z ≠ 0")
    if ga is None:
        fail(f"{what} returned a point at infinity (Z = 0), but the sum is a finite point")
    if not p_on_curve(ga, p, a, b):
        fail(f"{what}: (X/Z, Y/Z) is not on the curve")
    if ga[0] == exp[0]:
        fail(f"{what}: X/Z is right but Y/Z is wrong (a sign slip?)")
    fail(f"{what} is a point on the curve, but not P + Q")


def check_rcb_exact(got, P, Q, p: int, b: int, what: str = "complete_add") -> None:
    """``got`` must be exactly Algorithm 4's (X3, Y3, Z3), not just the same point."""
    what = f"{what} on {_case(proj_to_affine(P, p), proj_to_affine(Q, p), p)}"
    check_proj_shape(got, p, what)
    exp = ref_rcb_add(P, Q, p, b)
    if got == exp:
        return
    X, Y, Z = got
    same_point = (
        (X * exp[2] - exp[0] * Z) % p == 0
        and (Y * exp[2] - exp[1] * Z) % p == 0
        and (X * exp[1] - exp[0] * Y) % p == 0
    )
    if same_point:
        fail(
            f"{what}: the right point, but not the coordinates Algorithm 4 computes "
            "(a special case, a normalisation or another formula: follow Algorithm 4 for every input)"
        )
    fail(f"{what}: not the (X3, Y3, Z3) of Algorithm 4")


def rcb_tiny_curve():
    """y² = x³ − 3x + 6 over F_53: 41 points, a prime order, so Algorithm 4 is complete on it."""
    return 53, 50, 6


def check_scalar_mul(got, k: int, P, p: int, a: int, b: int, what: str = "scalar_mul") -> None:
    what = f"{what}(k={k}, …)"
    check_proj_shape(got, p, what)
    exp = p_mul(k, proj_to_affine(P, p), p, a)
    ga = proj_to_affine(got, p)
    if ga == exp:
        return
    if exp is None:
        fail(f"{what}: k·P is the point at infinity here (Z must be 0)")
    Pa = proj_to_affine(P, p)
    for j, why in ((k >> 4, "the last window is missing"), (k * 16, "one window too many (four doublings)")):
        if ga == p_mul(j, Pa, p, a):
            fail(f"{what}: the result is {j}·P: {why}")
    fail(f"{what} is not k·P")


def ref_solinas_bounds() -> tuple[int, int]:
    coef = [ref_solinas_sum(1 << (32 * i)) for i in range(16)]
    return sum(k * 0xFFFFFFFF for k in coef if k < 0), sum(k * 0xFFFFFFFF for k in coef if k > 0)


def check_solinas_bounds(got, what: str = "sum_bounds()") -> None:
    if type(got) is not tuple or tuple.__len__(got) != 2:
        fail(f"{what}: expected a tuple (lo, hi), got {type_name(got)}")
    check_int(got[0], f"{what}: lo")
    check_int(got[1], f"{what}: hi")
    lo, hi = ref_solinas_bounds()
    if got == (lo, hi):
        return
    if got == (lo // P256_PRIME, hi // P256_PRIME):
        fail(f"{what}: return the extreme values of the sum themselves, not the multiples of p")
    full = [_solinas_term(-1 % 2**512, spec) for spec in SOLINAS_P256_WORDS]
    term_lo = sum(s * t for s, t in zip(SOLINAS_P256_SIGNS, full) if s < 0)
    term_hi = sum(s * t for s, t in zip(SOLINAS_P256_SIGNS, full) if s > 0)
    if got[0] == term_lo or got[1] == term_hi:
        fail(
            f"{what}: bounded term by term: the terms share words (c13 is in seven of them), so they cannot all "
            "be extreme at once; bound by each word's total coefficient"
        )
    if got[0] != lo:
        fail(
            f"{what}: lo is not the smallest value of the sum"
            + (" (it is above some attained sums)" if got[0] > lo else "")
        )
    fail(
        f"{what}: hi is not the largest value of the sum" + (" (some sums are larger)" if got[1] < hi else "")
    )


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
