r"""Binary fields GF(2^m) in a polynomial basis, elements as Python ints.

An element :math:`a(z) = \sum a_i z^i` with :math:`a_i \in \{0, 1\}` is stored as the integer
whose bit *i* is :math:`a_i`.  Addition is XOR.  Multiplication is a *carry-less* product of the
two polynomials followed by reduction modulo the irreducible field polynomial :math:`f(z)`.

The module has two layers:

* module-level functions on plain ints that teach one idea each (carry-less products three ways,
  squaring by interleaving zeros, two inversions), and
* :class:`BinaryField`, which fixes :math:`f(z)` and offers the fast int-level API
  (``add, mul, sqr, inv, sqrt, trace, half_trace, solve_quadratic``) that the curve algorithms call.

References: Hankerson, Menezes, Vanstone, *Guide to Elliptic Curve Cryptography* (GECC), §2.3.
"""

from __future__ import annotations

from ..errors import ECEduError

__all__ = [
    "BinaryField",
    "clmul",
    "clmul_shift_add",
    "clmul_window",
    "sqr_interleave",
    "sqr_table",
    "inv_euclid",
    "inv_itoh_tsujii",
    "degree",
]


def degree(a: int) -> int:
    """Degree of the polynomial *a* (-1 for the zero polynomial)."""
    return a.bit_length() - 1


# ---------------------------------------------------------------------------------------------
# Carry-less multiplication: three ways to compute the same polynomial product in GF(2)[z].
# ---------------------------------------------------------------------------------------------


def clmul_shift_add(a: int, b: int) -> int:
    """Carry-less product by the schoolbook *shift-and-add* method (GECC Alg. 2.33, unreduced).

    For every set bit *i* of *a*, XOR in ``b << i``.  One iteration per bit of *a*: the method a
    student writes first, and the slowest.
    """
    c = 0
    i = 0
    while a:
        if a & 1:
            c ^= b << i
        a >>= 1
        i += 1
    return c


def clmul_window(a: int, b: int, w: int = 4) -> int:
    """Carry-less product by the left-to-right method with windows of width *w* (GECC Alg. 2.36).

    Precompute ``u(z)·b(z)`` for all ``2^w`` polynomials *u* of degree < *w*; then walk *a* from
    its top in *w*-bit digits: shift the accumulator by *w* and XOR in the table entry.  This is the
    *comb/window* idea that word-oriented C implementations use, with Python ints as words.
    """
    table = [0] * (1 << w)
    for u in range(1, 1 << w):
        table[u] = (table[u >> 1] << 1) ^ (b if u & 1 else 0)
    mask = (1 << w) - 1
    c = 0
    top = (a.bit_length() + w - 1) // w * w
    for shift in range(top - w, -1, -w):
        c = (c << w) ^ table[(a >> shift) & mask]
    return c


_BIT_TO_BYTE = bytes.maketrans(b"01", b"\x00\x01")
_BYTE_PARITY_CHAR = bytes(0x30 | (i & 1) for i in range(256))
_SLOT_LIMIT = 255  # an 8-bit slot counts at most 255 partial products without overflowing


def _spread(a: int) -> int:
    """Move bit *i* of *a* to bit ``8 i`` (one bit per byte)."""
    return int.from_bytes(bin(a)[2:].encode().translate(_BIT_TO_BYTE), "big")


def _clmul_kronecker(a: int, short: int) -> int:
    product = _spread(a) * _spread(short)
    nbytes = a.bit_length() + short.bit_length() - 1
    return int(product.to_bytes(nbytes, "big").translate(_BYTE_PARITY_CHAR), 2)


def clmul(a: int, b: int) -> int:
    """Carry-less product computed with one *integer* multiplication (Kronecker substitution).

    Spread every bit of *a* and *b* into its own byte; then the ordinary integer product holds in
    byte *k* the *number* of pairs ``i + j = k`` with ``a_i = b_j = 1``.  As long as that count
    stays below 256 no carry crosses into the next byte, and the parity of each byte is exactly
    the GF(2) coefficient of :math:`z^k`.  The shorter operand is cut into 255-bit pieces to keep
    that promise.  All the loops run inside CPython's C code, which makes this the fastest
    pure-Python carry-less multiply; it is the software analogue of what PCLMULQDQ does in one
    instruction.
    """
    if a == 0 or b == 0:
        return 0
    if a.bit_length() < b.bit_length():
        a, b = b, a
    if b.bit_length() <= _SLOT_LIMIT:
        return _clmul_kronecker(a, b)
    c = 0
    shift = 0
    piece_mask = (1 << _SLOT_LIMIT) - 1
    while b:
        piece = b & piece_mask
        if piece:
            c ^= _clmul_kronecker(a, piece) << shift
        b >>= _SLOT_LIMIT
        shift += _SLOT_LIMIT
    return c


def sqr_interleave(a: int) -> int:
    """Square of *a* before reduction: insert a zero bit between every two bits (GECC §2.3.4).

    Squaring is linear over GF(2): :math:`(\\sum a_i z^i)^2 = \\sum a_i z^{2i}`, because the cross
    terms appear twice and cancel.  In binary notation that is "1011" → "1000101".
    """
    return int("0".join(bin(a)[2:]), 2)


# The squaring tables (GECC Alg. 2.39, one nibble at a time): byte b -> the interleaved spread
# of its high nibble and of its low nibble, each a full byte.
_SQR_HI = bytes(sqr_interleave(i >> 4) for i in range(256))
_SQR_LO = bytes(sqr_interleave(i & 15) for i in range(256))


def sqr_table(a: int, nbytes: int | None = None) -> int:
    """The same interleaving through lookup tables, as C code does it (GECC Alg. 2.39).

    Each input byte becomes two output bytes: the spread of its high nibble and of its low
    nibble.  ``bytes.translate`` does all the lookups at once and slice assignment interleaves
    the two halves, so no Python-level loop runs: the fastest way to square in CPython.
    """
    n = nbytes or (a.bit_length() + 7) // 8
    data = a.to_bytes(n, "big")
    out = bytearray(2 * n)
    out[0::2] = data.translate(_SQR_HI)
    out[1::2] = data.translate(_SQR_LO)
    return int.from_bytes(out, "big")


# ---------------------------------------------------------------------------------------------
# Inversion
# ---------------------------------------------------------------------------------------------


def inv_euclid(field: BinaryField, a: int) -> int:
    """Inverse by the extended Euclidean algorithm for polynomials (GECC Alg. 2.48).

    Keeps the invariants ``g1·a ≡ u`` and ``g2·a ≡ v (mod f)`` while cancelling the leading term of
    the longer of *u*, *v*; stops when ``u = 1``.
    """
    if a == 0:
        raise ECEduError("0 has no inverse in GF(2^m)")
    u, v = field.reduce(a), field.modulus
    g1, g2 = 1, 0
    while u != 1:
        j = u.bit_length() - v.bit_length()
        if j < 0:
            u, v = v, u
            g1, g2 = g2, g1
            j = -j
        u ^= v << j
        g1 ^= g2 << j
    return g1


def inv_itoh_tsujii(field: BinaryField, a: int) -> int:
    r"""Inverse by Itoh–Tsujii: :math:`a^{-1} = (a^{2^{m-1}-1})^2`, by an addition chain.

    With :math:`\beta_k = a^{2^k - 1}`, the chain uses
    :math:`\beta_{2k} = \beta_k^{2^k}\beta_k` and :math:`\beta_{k+1} = \beta_k^2\, a`, walking the
    bits of ``m - 1`` from the top: about :math:`\log_2 m` multiplications and ``m - 1`` squarings.
    This is the inversion the constant-time native code uses (no data-dependent branches).
    """
    if field.reduce(a) == 0:
        raise ECEduError("0 has no inverse in GF(2^m)")
    e = field.m - 1
    beta, k = field.reduce(a), 1
    for bit in bin(e)[3:]:
        beta = field.mul(field.sqr_k(beta, k), beta)
        k *= 2
        if bit == "1":
            beta = field.mul(field.sqr(beta), a)
            k += 1
    return field.sqr(beta)


# ---------------------------------------------------------------------------------------------
# The field
# ---------------------------------------------------------------------------------------------


class BinaryField:
    r"""GF(2^m) = GF(2)[z] / (f(z)) for a trinomial or pentanomial *f*.

    ``BinaryField((163, 7, 6, 3, 0))`` is the field of sect163k1, with
    :math:`f(z) = z^{163} + z^7 + z^6 + z^3 + 1`.  Methods take and return ints in ``[0, 2^m)``.

    Calling the field makes a notebook-friendly element: ``F = BinaryField((5, 2, 0)); F(0b101)``.

    >>> F = BinaryField((5, 2, 0))  # GF(2^5), f = z^5 + z^2 + 1
    >>> F.mul(0b101, 0b11)  # (z^2 + 1)(z + 1) = z^3 + z^2 + z + 1
    15
    >>> F.mul(0b10, F.inv(0b10)), F.sqr(0b10000)  # z^8 = (z^2 + 1) z^3 = z^5 + z^3 = z^3 + z^2 + 1
    (1, 13)
    """

    def __init__(self, exponents):
        exps = tuple(sorted(set(int(e) for e in exponents), reverse=True))
        if len(exps) < 2 or exps[-1] != 0:
            raise ECEduError(f"field polynomial needs a constant term and a top term, got {exponents!r}")
        self.exponents = exps
        self.m = exps[0]
        self.modulus = sum(1 << e for e in exps)
        self.mask = (1 << self.m) - 1
        self.byte_length = (self.m + 7) // 8
        self._low = exps[1:]  # f(z) = z^m + sum z^k, k in _low
        self.reduce = self._make_reduce()
        self._clmul = clmul if self.m <= _SLOT_LIMIT else clmul_window
        self._sqrt_z = self._compute_sqrt_z()
        self._trace_mask = self._compute_trace_mask()

    # -- reduction -------------------------------------------------------------------------------
    def _make_reduce(self):
        """Build the reduction function specialised to this trinomial/pentanomial (GECC §2.3.5).

        Because :math:`z^m \\equiv \\sum_{k} z^k \\pmod f`, the part of *c* above degree ``m-1`` can
        be *folded* down: ``hi = c >> m`` contributes ``hi << k`` for each low term *k*.  With the
        middle terms below m/2 two folds reduce any product of two reduced elements; sect239k1's
        :math:`z^{239} + z^{158} + 1` needs a few more, which the loop takes care of.
        """
        m, mask = self.m, self.mask
        if len(self._low) == 2:  # trinomial z^m + z^k + 1
            k = self._low[0]

            def reduce_trinomial(c: int) -> int:
                while c >> m:
                    hi = c >> m
                    c = (c & mask) ^ hi ^ (hi << k)
                return c

            return reduce_trinomial
        k1, k2, k3 = self._low[:3]  # pentanomial z^m + z^k1 + z^k2 + z^k3 + 1

        def reduce_pentanomial(c: int) -> int:
            while c >> m:
                hi = c >> m
                c = (c & mask) ^ hi ^ (hi << k1) ^ (hi << k2) ^ (hi << k3)
            return c

        return reduce_pentanomial

    # -- arithmetic ------------------------------------------------------------------------------
    @staticmethod
    def add(a: int, b: int) -> int:
        """Sum (= difference) of two elements: XOR."""
        return a ^ b

    def mul(self, a: int, b: int) -> int:
        """Product ``a·b mod f``: carry-less multiply, then fast reduction.

        The carry-less product is :func:`clmul` (Kronecker substitution) for m < 256 and
        :func:`clmul_window` above that, whichever measured faster in CPython for that size.
        """
        return self.reduce(self._clmul(a, b))

    def sqr(self, a: int) -> int:
        """Square ``a² mod f``: interleave zeros through lookup tables (:func:`sqr_table`), reduce."""
        n = self.byte_length
        data = a.to_bytes(n, "big")
        out = bytearray(2 * n)
        out[0::2] = data.translate(_SQR_HI)
        out[1::2] = data.translate(_SQR_LO)
        return self.reduce(int.from_bytes(out, "big"))

    def sqr_k(self, a: int, k: int) -> int:
        """``a^(2^k)``: *k* repeated squarings."""
        for _ in range(k):
            a = self.sqr(a)
        return a

    def inv(self, a: int) -> int:
        """Multiplicative inverse (extended Euclid, the faster of the two in Python)."""
        return inv_euclid(self, a)

    def div(self, a: int, b: int) -> int:
        """``a / b``."""
        return self.mul(a, self.inv(b))

    def pow(self, a: int, e: int) -> int:
        """``a^e`` by square-and-multiply (negative *e* inverts first)."""
        if e < 0:
            a, e = self.inv(a), -e
        r = 1
        for bit in bin(e)[2:]:
            r = self.sqr(r)
            if bit == "1":
                r = self.mul(r, a)
        return r

    # -- square roots, trace, half-trace -----------------------------------------------------------
    def _compute_sqrt_z(self) -> int:
        return self.sqr_k(2, self.m - 1)  # sqrt(z) = z^(2^(m-1))

    def sqrt(self, a: int) -> int:
        r"""Square root, by splitting *a* into even and odd parts (Fong, Hankerson, López, Menezes 2004).

        Write :math:`a = a_{even}(z^2) + z\,a_{odd}(z^2)`; since squaring is linear,
        :math:`\sqrt{a} = a_{even}(z) + \sqrt{z}\, a_{odd}(z)`.  Every element has exactly one root.
        """
        bits = bin(a)[2:][::-1]  # bit i of a is bits[i]
        even = int(bits[0::2][::-1] or "0", 2)
        odd = int(bits[1::2][::-1] or "0", 2)
        return even ^ self.mul(self._sqrt_z, odd)

    def _compute_trace_mask(self) -> int:
        r"""Bit *i* set iff Tr(z^i) = 1; the trace is linear, so Tr(a) = parity(a & mask).

        Tr(z^i) is the power sum :math:`s_i = \sum_j α_j^i` of the roots of f, and Newton's
        identities give it from f's coefficients: in characteristic 2,
        :math:`s_i = i\,c_{m-i} + \sum_{j=1}^{i-1} c_{m-j}\, s_{i-j}` with :math:`s_0 = Tr(1) = m`.
        f has only 3 or 5 terms, so this costs a few operations per i (the definition,
        :math:`\sum_k (z^i)^{2^k}`, would cost m squarings for each i).
        """
        m = self.m
        c = set(self._low)  # c_k = 1 for the low terms of f (and k = m)
        s = [m & 1]
        for i in range(1, m):
            v = (i & 1) if (m - i) in c else 0
            for k in c:  # c_{m-j} = 1  <=>  j = m - k
                j = m - k
                if 1 <= j < i:
                    v ^= s[i - j]
            s.append(v)
        return sum(1 << i for i, bit in enumerate(s) if bit)

    def trace(self, a: int) -> int:
        r"""Absolute trace :math:`Tr(a) = \sum_{i=0}^{m-1} a^{2^i} \in \{0, 1\}` (GECC §3.6.2)."""
        return (a & self._trace_mask).bit_count() & 1

    def half_trace(self, a: int) -> int:
        r"""Half-trace :math:`H(a) = \sum_{i=0}^{(m-1)/2} a^{2^{2i}}` for odd *m* (GECC Alg. 3.85 idea).

        For odd *m*, :math:`H(a)^2 + H(a) = a + Tr(a)`, so H solves :math:`z^2 + z = a` when Tr(a) = 0.
        """
        if self.m % 2 == 0:
            raise ECEduError("the half-trace is defined for odd m only")
        h = a
        for _ in range((self.m - 1) // 2):
            h = self.sqr(self.sqr(h)) ^ a
        return h

    def solve_quadratic(self, c: int) -> int:
        """A root *z* of ``z² + z = c`` (the other is ``z + 1``); raises if there is none (Tr(c) = 1)."""
        if self.trace(c):
            raise ECEduError("z^2 + z = c has no solution: Tr(c) = 1")
        return self.half_trace(c)

    # -- conversions -----------------------------------------------------------------------------
    def to_bytes(self, a: int) -> bytes:
        """Big-endian octet string of length ``(m+7)//8`` (SEC 1 §2.3.5)."""
        return a.to_bytes(self.byte_length, "big")

    def from_bytes(self, data: bytes) -> int:
        """Inverse of :meth:`to_bytes`; rejects wrong lengths and values of degree ≥ m."""
        if len(data) != self.byte_length:
            raise ECEduError(f"field element must be {self.byte_length} bytes, got {len(data)}")
        a = int.from_bytes(data, "big")
        if a >> self.m:
            raise ECEduError(f"field element has degree {degree(a)} >= m = {self.m}")
        return a

    def random_element(self, rng=None) -> int:
        import secrets

        return rng.getrandbits(self.m) if rng is not None else secrets.randbits(self.m)

    def polynomial_string(self, a: int, var: str = "z") -> str:
        """``a`` as a polynomial, e.g. ``z^4 + z + 1``."""
        if a == 0:
            return "0"
        terms = []
        for i in range(a.bit_length() - 1, -1, -1):
            if a >> i & 1:
                terms.append("1" if i == 0 else var if i == 1 else f"{var}^{i}")
        return " + ".join(terms)

    def __call__(self, value: int):
        from .element import BinaryFieldElement

        return BinaryFieldElement(self, value)

    def __repr__(self) -> str:
        return f"BinaryField(GF(2^{self.m}), f = {self.polynomial_string(self.modulus)})"

    def __eq__(self, other) -> bool:
        return isinstance(other, BinaryField) and other.modulus == self.modulus

    def __hash__(self) -> int:
        return hash(("GF2m", self.modulus))
