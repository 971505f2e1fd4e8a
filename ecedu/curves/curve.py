r"""Curve objects: the equation, its field and its base point.

* :class:`BinaryCurve`: :math:`y^2 + xy = x^3 + a x^2 + b` over GF(2^m) (non-supersingular,
  SEC 1 §2.2.2).  Koblitz ("anomalous binary") curves are those with *a, b* ∈ {0, 1}, b = 1.
* :class:`PrimeCurve`: :math:`y^2 = x^3 + a x + b` over GF(p) (short Weierstrass, SEC 1 §2.2.1).

Points are affine tuples ``(x, y)`` of ints; the point at infinity is ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field

from ..fields import BinaryField, PrimeField

Point = tuple[int, int] | None


@dataclass(eq=False)
class BinaryCurve:
    """An elliptic curve :math:`y^2 + xy = x^3 + ax^2 + b` over GF(2^m)."""

    name: str
    field: BinaryField
    a: int
    b: int
    G: tuple[int, int]
    n: int
    h: int
    oid: str | None = None
    aliases: tuple[str, ...] = dc_field(default_factory=tuple)
    kind = "binary"

    @property
    def bits(self) -> int:
        """Field size m (the curve's "bit size" in OpenSSL's tables)."""
        return self.field.m

    @property
    def byte_length(self) -> int:
        """Bytes of a field element, and of an ECDH shared secret: ``(m + 7) // 8``."""
        return self.field.byte_length

    @property
    def order_byte_length(self) -> int:
        return (self.n.bit_length() + 7) // 8

    @property
    def is_koblitz(self) -> bool:
        """Koblitz curve: a ∈ {0, 1} and b = 1, so the Frobenius map τ is an endomorphism."""
        return self.a in (0, 1) and self.b == 1

    @property
    def mu(self) -> int:
        r"""μ = (−1)^(1−a) for a Koblitz curve; τ satisfies :math:`τ^2 = μτ − 2` (GECC §3.4)."""
        if not self.is_koblitz:
            raise AttributeError(f"{self.name} is not a Koblitz curve")
        return 1 if self.a == 1 else -1

    def contains(self, P: Point) -> bool:
        """True iff *P* is the point at infinity or satisfies the curve equation."""
        if P is None:
            return True
        x, y = P
        F = self.field
        if not (0 <= x <= F.mask and 0 <= y <= F.mask):
            return False
        x2 = F.sqr(x)
        lhs = F.sqr(y) ^ F.mul(x, y)
        rhs = F.mul(x2, x) ^ F.mul(self.a, x2) ^ self.b
        return lhs == rhs

    def __repr__(self) -> str:
        return f"<BinaryCurve {self.name}: y^2 + xy = x^3 + a x^2 + b over GF(2^{self.field.m})>"


@dataclass(eq=False)
class PrimeCurve:
    """An elliptic curve :math:`y^2 = x^3 + ax + b` over GF(p)."""

    name: str
    field: PrimeField
    a: int
    b: int
    G: tuple[int, int]
    n: int
    h: int
    oid: str | None = None
    aliases: tuple[str, ...] = dc_field(default_factory=tuple)
    kind = "prime"
    is_koblitz = False

    @property
    def p(self) -> int:
        return self.field.p

    @property
    def bits(self) -> int:
        return self.field.bits

    @property
    def byte_length(self) -> int:
        return self.field.byte_length

    @property
    def order_byte_length(self) -> int:
        return (self.n.bit_length() + 7) // 8

    def contains(self, P: Point) -> bool:
        if P is None:
            return True
        x, y = P
        p = self.field.p
        if not (0 <= x < p and 0 <= y < p):
            return False
        return (y * y - (x * x * x + self.a * x + self.b)) % p == 0

    def __repr__(self) -> str:
        return f"<PrimeCurve {self.name}: y^2 = x^3 + a x + b over GF(p), {self.bits} bits>"


Curve = BinaryCurve | PrimeCurve
