r"""Prime fields GF(p), elements as Python ints in ``[0, p)``.

:class:`PrimeField` is the int-level API the curve algorithms call.  Beside it live the two
reduction ideas the course teaches, each giving results identical to ``x % p``:

* :class:`MontgomeryDomain`: Montgomery multiplication (Montgomery 1985; GECC §2.2.4 and the
  word-by-word CIOS form of Koç, Acar, Kaliski 1996), which replaces division by *p* with
  divisions by a power of two;
* :func:`solinas_reduce`: fast reduction for generalised-Mersenne ("Solinas") primes such as the
  NIST primes (GECC §2.2.6, Alg. 2.27–2.31), which replaces division by shifts and additions.
"""

from __future__ import annotations

from ..errors import ECEduError

__all__ = ["PrimeField", "MontgomeryDomain", "solinas_terms", "solinas_reduce", "tonelli_shanks"]


class PrimeField:
    """GF(p) for an odd prime *p*.  ``PrimeField(p)(5)`` makes a notebook-friendly element.

    >>> F = PrimeField(97)
    >>> F.mul(45, 60), F.mul(60, F.inv(60))  # 2700 = 27 · 97 + 81
    (81, 1)
    """

    def __init__(self, p: int):
        if p < 3 or p % 2 == 0:
            raise ECEduError(f"p must be an odd prime, got {p}")
        self.p = p
        self.bits = p.bit_length()
        self.byte_length = (self.bits + 7) // 8

    def add(self, a: int, b: int) -> int:
        return (a + b) % self.p

    def sub(self, a: int, b: int) -> int:
        return (a - b) % self.p

    def neg(self, a: int) -> int:
        return -a % self.p

    def mul(self, a: int, b: int) -> int:
        return a * b % self.p

    def sqr(self, a: int) -> int:
        return a * a % self.p

    def inv(self, a: int) -> int:
        """Inverse by the extended Euclidean algorithm (Python's ``pow(a, -1, p)``, GECC Alg. 2.20)."""
        if a % self.p == 0:
            raise ECEduError("0 has no inverse in GF(p)")
        return pow(a, -1, self.p)

    def div(self, a: int, b: int) -> int:
        return a * self.inv(b) % self.p

    def pow(self, a: int, e: int) -> int:
        return pow(a, e, self.p)

    def is_square(self, a: int) -> bool:
        """Euler's criterion: *a* is a square iff ``a^((p-1)/2) ∈ {0, 1}``."""
        a %= self.p
        return a == 0 or pow(a, (self.p - 1) // 2, self.p) == 1

    def sqrt(self, a: int) -> int:
        """A square root of *a* (raises :class:`ECEduError` for a non-residue).

        ``p ≡ 3 (mod 4)``: :math:`a^{(p+1)/4}`; otherwise Tonelli–Shanks.
        """
        a %= self.p
        if a == 0:
            return 0
        if not self.is_square(a):
            raise ECEduError("not a square in GF(p)")
        if self.p % 4 == 3:
            return pow(a, (self.p + 1) // 4, self.p)
        return tonelli_shanks(a, self.p)

    def to_bytes(self, a: int) -> bytes:
        return a.to_bytes(self.byte_length, "big")

    def from_bytes(self, data: bytes) -> int:
        if len(data) != self.byte_length:
            raise ECEduError(f"field element must be {self.byte_length} bytes, got {len(data)}")
        a = int.from_bytes(data, "big")
        if a >= self.p:
            raise ECEduError("field element is not reduced: it is >= p")
        return a

    def random_element(self, rng=None) -> int:
        import secrets

        return rng.randrange(self.p) if rng is not None else secrets.randbelow(self.p)

    def __call__(self, value: int):
        from .element import PrimeFieldElement

        return PrimeFieldElement(self, value)

    def __repr__(self) -> str:
        return f"PrimeField(GF(p), p = {self.p:#x})"

    def __eq__(self, other) -> bool:
        return isinstance(other, PrimeField) and other.p == self.p

    def __hash__(self) -> int:
        return hash(("GFp", self.p))


def tonelli_shanks(a: int, p: int) -> int:
    """Square root modulo *p* for any odd prime (Tonelli 1891, Shanks 1973). *a* must be a residue."""
    q, s = p - 1, 0
    while q % 2 == 0:
        q //= 2
        s += 1
    z = 2
    while pow(z, (p - 1) // 2, p) != p - 1:
        z += 1
    m, c, t, r = s, pow(z, q, p), pow(a, q, p), pow(a, (q + 1) // 2, p)
    while t != 1:
        i, t2 = 0, t
        while t2 != 1:
            t2 = t2 * t2 % p
            i += 1
        b = pow(c, 1 << (m - i - 1), p)
        m, c, t, r = i, b * b % p, t * b * b % p, r * b % p
    return r


class MontgomeryDomain:
    r"""Montgomery arithmetic modulo *p* with :math:`R = 2^{64 n}` (*n* = number of 64-bit words).

    Numbers live in the domain as :math:`\tilde a = aR \bmod p`.  The product of two residents
    is :math:`\mathrm{REDC}(\tilde a \tilde b) = abR \bmod p`, again a resident: REDC divides by R
    exactly by first adding the multiple of *p* that clears the low bits — no division by *p*.
    """

    WORD = 64

    def __init__(self, p: int):
        if p % 2 == 0:
            raise ECEduError("Montgomery arithmetic needs an odd modulus")
        self.p = p
        self.words = (p.bit_length() + self.WORD - 1) // self.WORD
        self.r_bits = self.WORD * self.words
        self.R = 1 << self.r_bits
        self.r_mask = self.R - 1
        self.p_prime = -pow(p, -1, self.R) % self.R  # p·p' ≡ -1 (mod R)
        self.p_prime_word = self.p_prime & ((1 << self.WORD) - 1)
        self.r2 = self.R * self.R % p

    def to_mont(self, a: int) -> int:
        return a * self.R % self.p

    def from_mont(self, a: int) -> int:
        return self.redc(a)

    def redc(self, t: int) -> int:
        """REDC(t) = t·R⁻¹ mod p for 0 ≤ t < pR (Montgomery's reduction, GECC §2.2.4, on whole numbers)."""
        m = (t & self.r_mask) * self.p_prime & self.r_mask
        u = (t + m * self.p) >> self.r_bits
        return u - self.p if u >= self.p else u

    def mul(self, a: int, b: int) -> int:
        """Montgomery product ``a·b·R⁻¹ mod p``."""
        return self.redc(a * b)

    def mul_cios(self, a: int, b: int) -> int:
        """The same product word by word (CIOS): what a C or assembly implementation does.

        For each 64-bit word of *a*: add ``a_i·b``, then add the multiple ``q·p`` of the modulus
        that makes the lowest word zero, and drop that word.  After *n* rounds the result is
        ``a·b·R⁻¹`` up to one final subtraction.
        """
        w, mask = self.WORD, (1 << self.WORD) - 1
        t = 0
        for i in range(self.words):
            t += ((a >> (w * i)) & mask) * b
            q = (t & mask) * self.p_prime_word & mask
            t = (t + q * self.p) >> w
        return t - self.p if t >= self.p else t


def solinas_terms(p: int) -> tuple[int, list[tuple[int, int]]]:
    """For ``p = 2^k - c`` with small, sparse *c*: return *k* and *c* as signed powers of two.

    ``solinas_terms(P256)`` gives ``(256, [(+1, 224), (-1, 192), (-1, 96), (+1, 0)])`` because
    :math:`2^{256} \\equiv 2^{224} - 2^{192} - 2^{96} + 1 \\pmod p`.  The signed digits are the
    non-adjacent form of *c*, so the list is as short as it can be.
    """
    k = p.bit_length()
    c = (1 << k) - p
    terms = []
    e = 0
    while c:
        if c & 1:
            d = 2 - (c & 3)  # NAF digit ±1
            c -= d
            terms.append((d, e))
        c >>= 1
        e += 1
    return k, sorted(terms, key=lambda t: -t[1])


def solinas_reduce(x: int, p: int, terms: tuple[int, list[tuple[int, int]]] | None = None) -> int:
    """``x mod p`` for a Solinas prime by folding: :math:`2^k \\equiv c`, so ``hi·2^k ≡ hi·c``.

    Each fold replaces the part above bit *k* by shifted copies of itself (one per term of *c*),
    shrinking *x* by about ``k - log2(c)`` bits; a couple of folds and at most a few subtractions of
    *p* finish the job.  GECC Alg. 2.27–2.31 are this idea written out word by word.
    """
    k, c_terms = terms if terms is not None else solinas_terms(p)
    if x < 0:
        raise ECEduError("solinas_reduce expects a non-negative input")
    mask = (1 << k) - 1
    while x >> k:
        hi = x >> k
        x &= mask
        for sign, e in c_terms:
            if sign > 0:
                x += hi << e
            else:
                x -= hi << e
    while x >= p:
        x -= p
    return x
