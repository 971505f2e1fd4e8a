"""Slow, obviously-correct pure-Python reference arithmetic for tests/native.

Written from the definitions (bit-by-bit carry-less multiplication, long
division by f, affine group law) so that it shares no code with the C library
or with ecedu's own Python modules.
"""

from __future__ import annotations

import random

from ecedu.curves.sec2 import BINARY_CURVES

POLYS = {}
for _name, (_poly, *_rest) in BINARY_CURVES.items():
    POLYS[_poly[0]] = _poly
FIELD_DEGREES = tuple(sorted(POLYS))


def modulus(m: int) -> int:
    return sum(1 << e for e in POLYS[m])


def clmul(a: int, b: int) -> int:
    """Carry-less product, 4 bits of b at a time (table of the 16 multiples of a)."""
    t = [0] * 16
    for i in range(1, 16):
        t[i] = (t[i >> 1] << 1) ^ (a if i & 1 else 0)
    r, shift = 0, 0
    while b:
        r ^= t[b & 15] << shift
        b >>= 4
        shift += 4
    return r


def reduce(c: int, m: int) -> int:
    f = modulus(m)
    while c.bit_length() > m:
        c ^= f << (c.bit_length() - 1 - m)
    return c


def mul(m, a, b):
    return reduce(clmul(a, b), m)


def sqr(m, a):
    return mul(m, a, a)


def power(m, a, e):
    r = 1
    while e:
        if e & 1:
            r = mul(m, r, a)
        a = sqr(m, a)
        e >>= 1
    return r


def inv(m, a):
    """Extended Euclid for polynomials over GF(2) (HMV Algorithm 2.48)."""
    if a == 0:
        raise ZeroDivisionError
    u, v, g1, g2 = a, modulus(m), 1, 0
    while u != 1:
        j = u.bit_length() - v.bit_length()
        if j < 0:
            u, v, g1, g2 = v, u, g2, g1
            j = -j
        u ^= v << j
        g1 ^= g2 << j
    return reduce(g1, m)


def sqrt(m, a):
    return power(m, a, 2 ** (m - 1))


def trace(m, a):
    t, s = a, a
    for _ in range(m - 1):
        s = sqr(m, s)
        t ^= s
    assert t in (0, 1)
    return t


def half_trace(m, a):
    t, s = a, a
    for _ in range((m - 1) // 2):
        s = sqr(m, sqr(m, s))
        t ^= s
    return t


class Curve:
    def __init__(self, name):
        self.name = name
        poly, self.a, self.b, gx, gy, self.n, self.h = BINARY_CURVES[name]
        self.m = poly[0]
        self.G = (gx, gy)
        self.flen = (self.m + 7) // 8

    def on_curve(self, P):
        x, y = P
        m = self.m
        return sqr(m, y) ^ mul(m, x, y) == mul(m, sqr(m, x), x ^ self.a) ^ self.b

    def add(self, P, Q):
        m = self.m
        if P is None:
            return Q
        if Q is None:
            return P
        x1, y1 = P
        x2, y2 = Q
        if x1 == x2:
            if y1 == y2 and x1 != 0:
                lam = x1 ^ mul(m, y1, inv(m, x1))
                x3 = sqr(m, lam) ^ lam ^ self.a
                return x3, sqr(m, x1) ^ mul(m, lam ^ 1, x3)
            return None  # P = -Q (or P = Q of order 2)
        lam = mul(m, y1 ^ y2, inv(m, x1 ^ x2))
        x3 = sqr(m, lam) ^ lam ^ x1 ^ x2 ^ self.a
        return x3, mul(m, lam, x1 ^ x3) ^ x3 ^ y1

    def neg(self, P):
        return None if P is None else (P[0], P[0] ^ P[1])

    def mult(self, k, P):
        R = None
        for bit in bin(k)[2:]:
            R = self.add(R, R)
            if bit == "1":
                R = self.add(R, P)
        return R

    def two_torsion(self):
        return 0, sqrt(self.m, self.b)

    def four_torsion(self):
        """A point of order 4 (h = 4 only): its double is (0, sqrt b), so x^4 = b."""
        P = self.lift_x(sqrt(self.m, sqrt(self.m, self.b)))
        assert P is not None and self.add(P, P) == self.two_torsion()
        return P

    def lift_x(self, x, ybit=0):
        """A point with this x (None if there is none); y/x has low bit ybit."""
        m = self.m
        if x == 0:
            return None
        c = x ^ self.a ^ mul(m, self.b, inv(m, sqr(m, x)))
        if trace(m, c):
            return None
        z = half_trace(m, c)
        if (z & 1) != ybit:
            z ^= 1
        return x, mul(m, x, z)

    def random_curve_point(self, rng: random.Random):
        """A random point of E (any order)."""
        while True:
            P = self.lift_x(rng.getrandbits(self.m), rng.getrandbits(1))
            if P is not None:
                return P

    def encode(self, P, compressed=False):
        x, y = P
        if compressed:
            bit = 0 if x == 0 else mul(self.m, y, inv(self.m, x)) & 1
            return bytes([2 | bit]) + x.to_bytes(self.flen, "big")
        return b"\x04" + x.to_bytes(self.flen, "big") + y.to_bytes(self.flen, "big")
