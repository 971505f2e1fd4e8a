"""Counting field operations (M, S, I) so notebooks can compare algorithms by cost.

::

    with counting(curve) as ops:
        montgomery_ladder(curve, k, P)
    print(ops)                # on sect163r2, a 162-bit k: OpCount(mul=971, sqr=808, inv=3)

While the block runs, ``curve.field`` is replaced by a thin proxy whose ``mul``, ``sqr`` and
``inv`` count their calls; the algorithms bind the field methods when they start, so counting
costs nothing when it is off.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass


@dataclass
class OpCount:
    mul: int = 0
    sqr: int = 0
    inv: int = 0

    def weighted(self, s: float = 1.0, i: float = 10.0) -> float:
        """Cost in multiplications, with S = *s*·M and I = *i*·M (the usual way to compare)."""
        return self.mul + s * self.sqr + i * self.inv


class _CountingField:
    def __init__(self, field, count: OpCount):
        self._field = field
        self._count = count

    def __getattr__(self, name):
        return getattr(self._field, name)

    def mul(self, a, b):
        self._count.mul += 1
        return self._field.mul(a, b)

    def sqr(self, a):
        self._count.sqr += 1
        return self._field.sqr(a)

    def inv(self, a):
        self._count.inv += 1
        return self._field.inv(a)

    def div(self, a, b):
        return self.mul(a, self.inv(b))

    def sqr_k(self, a, k):
        for _ in range(k):
            a = self.sqr(a)
        return a


@contextmanager
def counting(curve):
    """Count field multiplications, squarings and inversions made on *curve* inside the block."""
    count = OpCount()
    original = curve.field
    curve.field = _CountingField(original, count)
    try:
        yield count
    finally:
        curve.field = original
