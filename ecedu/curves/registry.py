"""The registry: SEC 2 and RFC 5639 names, NIST and OpenSSL aliases, OIDs.

``get_curve("K-163")``, ``get_curve("nistk163")`` and ``get_curve("sect163k1")`` return the same
object; an unknown name raises :class:`~ecedu.errors.UnknownCurveError` listing the closest names.

Names are matched case-insensitively, ``_`` counting as ``-``, but only as printable ASCII of at
most :data:`MAX_NAME_LENGTH` characters: a NUL (which C would cut the name at), a lone surrogate or
a look-alike such as the Kelvin sign U+212A (which ``str.lower`` folds to ``k``) is an error, never
a different curve.
"""

from __future__ import annotations

import difflib
from functools import cache

from ..errors import UnknownCurveError
from ..fields import BinaryField, PrimeField
from .curve import BinaryCurve, Curve, PrimeCurve
from .sec2 import BINARY_CURVES, OIDS, PRIME_CURVES

# SEC 2 name -> other names: NIST (FIPS 186-4 D.1) and OpenSSL's (speed/ecparam) names.
ALIASES: dict[str, tuple[str, ...]] = {
    "sect163k1": ("K-163", "nistk163", "ansit163k1"),
    "sect163r1": ("ansit163r1",),
    "sect163r2": ("B-163", "nistb163", "ansit163r2"),
    "sect193r1": ("ansit193r1",),
    "sect193r2": ("ansit193r2",),
    "sect233k1": ("K-233", "nistk233", "ansit233k1"),
    "sect233r1": ("B-233", "nistb233", "ansit233r1"),
    "sect239k1": ("ansit239k1",),
    "sect283k1": ("K-283", "nistk283", "ansit283k1"),
    "sect283r1": ("B-283", "nistb283", "ansit283r1"),
    "sect409k1": ("K-409", "nistk409", "ansit409k1"),
    "sect409r1": ("B-409", "nistb409", "ansit409r1"),
    "sect571k1": ("K-571", "nistk571", "ansit571k1"),
    "sect571r1": ("B-571", "nistb571", "ansit571r1"),
    "secp160r1": ("ansip160r1",),
    "secp192r1": ("P-192", "prime192v1", "nistp192", "ansip192r1"),
    "secp224r1": ("P-224", "nistp224", "ansip224r1"),
    "secp256r1": ("P-256", "prime256v1", "nistp256", "ansip256r1"),
    "secp384r1": ("P-384", "nistp384", "ansip384r1"),
    "secp521r1": ("P-521", "nistp521", "ansip521r1"),
    "secp256k1": ("ansip256k1",),
    "secp160k1": ("ansip160k1",),
    "secp192k1": ("ansip192k1",),
    "secp224k1": ("ansip224k1",),
    # RFC 5639: OpenSSL spells these exactly like the RFC (brainpoolP256r1), which is the key here.
    "brainpoolP224r1": (),
    "brainpoolP256r1": (),
    "brainpoolP320r1": (),
    "brainpoolP384r1": (),
    "brainpoolP512r1": (),
}

#: The longest curve name :func:`canonical_name` looks at (the longest known name has 15).
MAX_NAME_LENGTH = 64


def curve_names() -> list[str]:
    """The names of every curve ecedu knows: 14 binary, then 15 prime curves (SEC 2, RFC 5639)."""
    return list(BINARY_CURVES) + list(PRIME_CURVES)


def _normalise(name: str) -> str:
    return name.strip(" \t").lower().replace("_", "-")


_LOOKUP: dict[str, str] = {}
for _sec2, _aliases in ALIASES.items():
    _LOOKUP[_normalise(_sec2)] = _sec2
    for _alias in _aliases:
        _LOOKUP[_normalise(_alias)] = _sec2
        _LOOKUP[_normalise(_alias).replace("-", "")] = _sec2


#: Every SEC 2 name and alias exactly as spelled in ALIASES: looked up first by get_curve.
_EXACT: dict[str, str] = {alias: sec2 for sec2, aliases in ALIASES.items() for alias in (sec2, *aliases)}


def _short(name: str, limit: int = 40) -> str:
    """``repr`` of a name for an error message, cut so that a huge input is never echoed."""
    return repr(name) if len(name) <= limit else f"{name[:limit]!r}... ({len(name)} characters)"


def canonical_name(name: str) -> str:
    """The SEC 2 (or RFC 5639) name for any known alias (raises :class:`UnknownCurveError`)."""
    if not isinstance(name, str):
        raise UnknownCurveError(f"a curve name must be a string, got {type(name).__name__}")
    if len(name) > MAX_NAME_LENGTH:
        raise UnknownCurveError(
            f"unknown curve {_short(name)}: a curve name has at most {MAX_NAME_LENGTH} characters"
        )
    if not name.isascii():
        bad = next(c for c in name if ord(c) > 0x7F)
        raise UnknownCurveError(
            f"unknown curve {_short(name)}: curve names are ASCII, but it contains "
            f"U+{ord(bad):04X} (a look-alike or stray character?)"
        )
    if not name.strip(" \t").isprintable():
        raise UnknownCurveError(
            f"unknown curve {_short(name)}: it contains a control character (NUL, newline, ...)"
        )
    key = _normalise(name)
    if key in _LOOKUP:
        return _LOOKUP[key]
    if key in ("x25519", "curve25519"):  # RFC 7748: not a Weierstrass curve of this registry
        raise UnknownCurveError(
            f"unknown curve {name!r} in this registry of Weierstrass curves: it is the Montgomery "
            "curve of X25519 (RFC 7748); use ecedu.x25519, or ecedu.ecdh.shared_secret('X25519', ...) "
            "with 32-byte keys"
        )
    close = difflib.get_close_matches(key, list(_LOOKUP), n=3, cutoff=0.6)
    suggestion = ", ".join(sorted({_LOOKUP[c] if c == _normalise(_LOOKUP[c]) else c for c in close}))
    hint = f"; did you mean {suggestion}?" if suggestion else ""
    raise UnknownCurveError(f"unknown curve {name!r}{hint} (ecedu.curve_names() lists all)")


@cache
def _build(sec2_name: str) -> Curve:
    if sec2_name in BINARY_CURVES:
        exps, a, b, gx, gy, n, h = BINARY_CURVES[sec2_name]
        return BinaryCurve(
            sec2_name, BinaryField(exps), a, b, (gx, gy), n, h, OIDS[sec2_name], ALIASES[sec2_name]
        )
    p, a, b, gx, gy, n, h = PRIME_CURVES[sec2_name]
    return PrimeCurve(sec2_name, PrimeField(p), a, b, (gx, gy), n, h, OIDS[sec2_name], ALIASES[sec2_name])


def get_curve(name) -> Curve:
    """The curve with this SEC 2, NIST or OpenSSL name; a curve object is returned as it is.

    >>> K = get_curve("K-163")  # also 'sect163k1', 'nistk163'
    >>> K.name, K.field.m, K.h
    ('sect163k1', 163, 2)
    >>> get_curve("prime256v1") is get_curve("P-256")
    True
    """
    if isinstance(name, (BinaryCurve, PrimeCurve)):
        return name
    exact = _EXACT.get(name) if type(name) is str else None  # the common case: a name as written
    return _build(exact if exact is not None else canonical_name(name))


def curve_from_oid(oid: str) -> Curve:
    """The curve with this dotted OID (raises :class:`UnknownCurveError`)."""
    for name, o in OIDS.items():
        if o == oid:
            return get_curve(name)
    raise UnknownCurveError(f"no supported curve has the OID {oid}")
