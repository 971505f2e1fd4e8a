"""Type-strict building blocks for the exercise checks (no reference answers here).

A submission controls every method of the objects it returns: ``==``, ``!=``,
``__hash__``, ``__index__``, ``__repr__``, even what ``isinstance`` sees through
``__class__``.  So nothing here compares or prints a submitted object until its
*exact* type is known to be a built-in one (``type(x) is int``), and the messages
say what was expected ("expected an int, got _A").  The grader's answer guard
(:func:`strict_answer`) lives here too, because it must run inside the kernel
even when the reference answers are kept out of it.
"""

from __future__ import annotations

from fractions import Fraction


def fail(message: str):
    raise AssertionError(message)


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


def type_name(value) -> str:
    """The name of ``value``'s class, read without calling anything the class defines
    (a metaclass cannot fake it, a ``str`` subclass name is copied to a plain ``str``)."""
    name = type.__dict__["__name__"].__get__(type(value), type)
    return str.__str__(name)[:40]


def check_int(value, what: str = "the result") -> None:
    """``value`` must be exactly an ``int`` (not a bool, not a subclass with its own
    ``__eq__``/``__index__``): only then do the comparisons below mean what they say."""
    if type(value) is not int:
        fail(f"{what}: expected an int, got {type_name(value)}")


class Token:
    """What a callback the test gave returns inside the kernel under ``ecedu grade``: an
    opaque stand-in for a point that the grader computes itself, with the test's own
    callback, from the recorded calls (see :mod:`ecedu.grading.judge`).  Plain data
    for the answer guard; the kernel can make these but not choose what they stand for."""

    __slots__ = ("i",)

    def __init__(self, i: int):
        self.i = i

    def __repr__(self) -> str:
        return f"<point #{self.i}>"


def plain(value, what: str = "the result", _depth: int = 0):
    """Return ``value`` if it is made only of exact built-in data (int, bool, float,
    str, bytes, None, Fraction, and tuples / lists / dicts of those); otherwise fail
    with "expected ..., got <class>".  Nothing the value's class defines is called:
    a subclass of int or tuple with a rigged ``__eq__`` is refused, not compared.
    numpy floats are accepted and turned into plain floats (``np.median`` returns them)."""
    t = type(value)
    if value is None or t in (int, bool, float, str, bytes, Token):
        return value
    if t is Fraction:
        return Fraction(plain(value.numerator, what), plain(value.denominator, what))
    if _depth > 20:
        fail(f"{what}: nested too deeply")
    if t is tuple or t is list:
        items = [
            plain(x, what, _depth + 1)
            for x in (tuple.__iter__(value) if t is tuple else list.__iter__(value))
        ]
        return tuple(items) if t is tuple else items
    if t is dict:
        return {plain(k, what, _depth + 1): plain(v, what, _depth + 1) for k, v in dict.items(value)}
    if issubclass(t, float) and type.__dict__["__module__"].__get__(t, type) == "numpy":
        return float.__float__(value)  # the stored value, whatever the class overrides
    fail(
        f"{what}: expected plain data (an int, a tuple or list of ints, None, bytes, ...), got {type_name(value)}"
    )


def same(got, expected, message: str) -> None:
    """Assert ``got`` equals the checker's ``expected`` *and has the same shape of
    exact types*; the comparison runs on plain copies, never on the submission's objects."""
    got = plain(got)
    if type(got) is not type(expected) and not (type(expected) is tuple and type(got) is list):
        kind = {
            int: "an int",
            tuple: "a tuple",
            list: "a list",
            bytes: "bytes",
            str: "a str",
            float: "a float",
            bool: "a bool",
            type(None): "None",
        }.get(type(expected), type_name(expected))
        fail(f"{message} (expected {kind}, got {type_name(got)})")
    if got != expected:
        fail(message)


def strict_answer(answer, what: str = "the answer"):
    """What the grader's answer guard does to one name an answer cell defines.

    Data (ints, tuples, lists, ...) is replaced by a plain copy; a function is wrapped
    so that everything it returns is a plain copy too (a returned function, e.g. a
    ctypes prototype, is wrapped the same way).  Anything else is left alone.  A
    subclass of int/tuple/list with rigged ``__eq__``/``__hash__``/``__index__``, or an
    object that only pretends to be a result, fails here with "expected ..., got X"."""
    import functools
    import types

    if isinstance(answer, (int, float, str, bytes, tuple, list, dict, Fraction)):
        return plain(answer, what)
    if not isinstance(answer, (types.FunctionType, types.BuiltinFunctionType, functools.partial)) and not (
        callable(answer)
        and not isinstance(answer, type)
        and type.__dict__["__module__"].__get__(type(answer), type).startswith("ctypes")
    ):
        return answer

    @functools.wraps(answer)
    def strict(*args, **kwargs):
        result = answer(*args, **kwargs)
        if callable(result) and not isinstance(result, type):
            return strict_answer(result, f"what {what} returned")
        return plain(result, f"{what}(...)")

    strict.__ecedu_strict__ = True
    return strict


def check_point_shape(got, what: str) -> None:
    """A point is ``None`` (infinity) or a tuple of exactly two exact ints."""
    if got is None:
        return
    if type(got) is not tuple or tuple.__len__(got) != 2:
        fail(f"{what}: expected a tuple (x, y) or None, got {type_name(got)}")
    check_int(got[0], f"{what}: x")
    check_int(got[1], f"{what}: y")


def check_digits(digits, what: str) -> list:
    """A digit list is an exact list (or tuple) of exact ints; returns a plain list."""
    if type(digits) not in (list, tuple):
        fail(f"{what}: expected a list of digits, got {type_name(digits)}")
    out = list(digits)
    for i, d in enumerate(out):
        check_int(d, f"{what}: digit {i}")
    return out


__all__ = [
    "fail",
    "expect",
    "type_name",
    "check_int",
    "plain",
    "same",
    "strict_answer",
    "check_point_shape",
    "check_digits",
]
