"""Small element types for notebooks: operators, a readable repr, and nothing clever.

The curve algorithms never use these (they call the int-level field methods); they exist so a
student can type ``a * b`` or ``a ** -1`` and see ``z^4 + z + 1``.
"""

from __future__ import annotations

from ..errors import ECEduError


class _Element:
    __slots__ = ("field", "value")

    def __init__(self, field, value):
        if isinstance(value, _Element):
            value = value.value
        self.field = field
        self.value = self._normalise(int(value))

    def _coerce(self, other):
        if isinstance(other, _Element):
            if other.field != self.field:
                raise ECEduError("elements of different fields")
            return other.value
        if isinstance(other, int):
            return self._normalise(other)
        return NotImplemented

    def __eq__(self, other):
        v = self._coerce(other)
        return NotImplemented if v is NotImplemented else self.value == v

    def __hash__(self):
        return hash((self.field, self.value))

    def __int__(self):
        return self.value

    def __index__(self):
        return self.value

    def __bool__(self):
        return self.value != 0

    def _new(self, value):
        return type(self)(self.field, value)


class BinaryFieldElement(_Element):
    """An element of GF(2^m); ``+`` and ``-`` are XOR, ``*`` reduces modulo f(z)."""

    __slots__ = ()

    def _normalise(self, v):
        if v < 0:
            raise ECEduError("binary field elements are non-negative ints (bit i = coefficient of z^i)")
        return self.field.reduce(v)

    def __add__(self, other):
        v = self._coerce(other)
        return NotImplemented if v is NotImplemented else self._new(self.value ^ v)

    __radd__ = __sub__ = __rsub__ = __add__

    def __neg__(self):
        return self

    def __mul__(self, other):
        v = self._coerce(other)
        return NotImplemented if v is NotImplemented else self._new(self.field.mul(self.value, v))

    __rmul__ = __mul__

    def __truediv__(self, other):
        v = self._coerce(other)
        return NotImplemented if v is NotImplemented else self._new(self.field.div(self.value, v))

    def __pow__(self, e):
        return self._new(self.field.pow(self.value, e))

    def sqrt(self):
        return self._new(self.field.sqrt(self.value))

    def trace(self) -> int:
        return self.field.trace(self.value)

    def poly(self) -> str:
        return self.field.polynomial_string(self.value)

    def __repr__(self):
        return f"GF(2^{self.field.m})({self.value:#x} = {self.poly()})"


class PrimeFieldElement(_Element):
    """An element of GF(p) with the usual operators."""

    __slots__ = ()

    def _normalise(self, v):
        return v % self.field.p

    def __add__(self, other):
        v = self._coerce(other)
        return NotImplemented if v is NotImplemented else self._new(self.value + v)

    __radd__ = __add__

    def __sub__(self, other):
        v = self._coerce(other)
        return NotImplemented if v is NotImplemented else self._new(self.value - v)

    def __rsub__(self, other):
        v = self._coerce(other)
        return NotImplemented if v is NotImplemented else self._new(v - self.value)

    def __neg__(self):
        return self._new(-self.value)

    def __mul__(self, other):
        v = self._coerce(other)
        return NotImplemented if v is NotImplemented else self._new(self.value * v)

    __rmul__ = __mul__

    def __truediv__(self, other):
        v = self._coerce(other)
        return NotImplemented if v is NotImplemented else self._new(self.field.div(self.value, v))

    def __pow__(self, e):
        if e < 0:
            return self._new(pow(self.field.inv(self.value), -e, self.field.p))
        return self._new(pow(self.value, e, self.field.p))

    def sqrt(self):
        return self._new(self.field.sqrt(self.value))

    def __repr__(self):
        return f"GF(p)({self.value})" if self.field.p < 1 << 20 else f"GF(p)({self.value:#x})"
