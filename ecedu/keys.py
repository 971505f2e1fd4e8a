"""Keys and signatures in the formats OpenSSL reads and writes, through ``asn1crypto``.

* private keys: SEC 1 ``ECPrivateKey`` ("-----BEGIN EC PRIVATE KEY-----", what
  ``openssl ecparam -genkey`` writes) and PKCS#8 ``PrivateKeyInfo`` ("-----BEGIN PRIVATE KEY-----",
  what ``openssl pkey`` and ``openssl genpkey`` write), PEM or DER;
* public keys: X.509 ``SubjectPublicKeyInfo`` (RFC 5480), PEM or DER, or a bare SEC 1 point;
* ECDSA signatures: DER ``SEQUENCE { r INTEGER, s INTEGER }`` (RFC 3279, SEC 1 §C.5), or the
  fixed-length ``r || s`` of IEEE P1363 (each of r, s as a big-endian octet string of the length
  of n), which WebCrypto, JOSE (ES256/384/512, RFC 7518 §3.4), PKCS#11 and many HSMs use.

Parsing is strict: anything that does not re-encode to exactly the bytes given is rejected, so
BER variants, trailing bytes and other malleability are errors (:class:`~ecedu.errors.EncodingError`).
PEM is read by :mod:`ecedu.pem` (RFC 7468, one block, no headers, strict base64).

Input: every bytes argument may be :class:`bytes`, :class:`bytearray` or :class:`memoryview`
(PEM may also be an ASCII :class:`str`); any other type is an :class:`~ecedu.errors.EncodingError`.
Sizes are checked before any parsing: a key is at most ``MAX_KEY_BYTES`` (8 KiB), a DER signature
at most ``2·(len(n)+3)+4`` bytes.  Encoders validate what they encode: a public key must be a valid
point (on the curve, not infinity, in the subgroup of order n), a signature's r and s in [1, n−1].
"""

from __future__ import annotations

import secrets

from asn1crypto import algos, core, pem
from asn1crypto import keys as akeys

from . import _der_shapes
from . import pem as strict_pem
from ._bytes import MAX_KEY_BYTES, as_bytes, is_bytes_like
from ._options import choice
from .curves import curve_from_oid, curve_names, get_curve
from .ec import decode_point, encode_point, multiply_plain, validate_public_point
from .errors import ECEduError, EncodingError, InvalidPointError, InvalidScalarError, UnknownCurveError

__all__ = [
    "generate_private_key",
    "public_key",
    "check_private_scalar",
    "private_key_to_der",
    "private_key_to_pem",
    "load_private_key",
    "public_key_to_der",
    "public_key_to_pem",
    "load_public_key",
    "public_point_bytes",
    "encode_signature",
    "decode_signature",
    "max_signature_length",
    "encode_signature_p1363",
    "decode_signature_p1363",
    "signature_der_to_p1363",
    "signature_p1363_to_der",
    "MAX_KEY_BYTES",
]


# An X25519 key (RFC 8410) where an EC key was expected: say so (ecedu.x25519 reads those).
_X25519_OID = "1.3.101.110"
_X25519_KEY = (
    "this {what} is an X25519 key (OID 1.3.101.110, RFC 8410), not an EC key: use the curve name 'X25519'"
)


# -- scalars -------------------------------------------------------------------------------------


def check_private_scalar(curve, d) -> int:
    """Return *d* if it is an int in [1, n − 1], else raise :class:`InvalidScalarError`."""
    if isinstance(d, bool) or not isinstance(d, int):
        raise InvalidScalarError(f"a private key must be an int, got {type(d).__name__}")
    if not 1 <= d < curve.n:
        raise InvalidScalarError(f"private key out of range: it must be in [1, n-1] for {curve.name}")
    return d


def generate_private_key(curve) -> int:
    """A uniformly random private key in [1, n − 1] from the OS's CSPRNG (``secrets``)."""
    curve = get_curve(curve)
    return 1 + secrets.randbelow(curve.n - 1)


def public_key(curve, d: int, backend: str | None = None):
    """The public point d·G; ``backend`` as everywhere (None: native where it covers the curve)."""
    from .backend import resolve
    from .scalar import fixed_base_mult

    curve = get_curve(curve)
    check_private_scalar(curve, d)
    if resolve(backend, curve) == "native":
        from . import native

        return native.scalar_mult_base(curve.name, d)
    return fixed_base_mult(curve, d)


# -- helpers -------------------------------------------------------------------------------------


def _named(curve):
    if curve.oid is None:  # the course's toy curves: no standard names them
        raise EncodingError(
            f"{curve.name} has no OID, so its keys have no DER or PEM form (RFC 5480 names a curve by its OID); "
            "keep them as ints and points"
        )
    return akeys.ECDomainParameters(name="named", value=curve.oid)


def _strict_load(spec, der: bytes, what: str, canonical: bool = True):
    der = as_bytes(der, what)
    try:
        obj = spec.load(der, strict=True)
        _ = obj.native  # forces a full parse of every field
        again = obj.dump(force=True) if canonical else der
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as e:
        raise EncodingError(f"malformed DER {what}: {e}") from None
    except IndexError:  # asn1crypto reading the first octet of an empty value
        raise EncodingError(
            f"malformed DER {what}: a value with no content where one is needed (e.g. an empty "
            "BIT STRING: it has at least its unused-bits octet, X.690 8.6.2.2)"
        ) from None
    except RecursionError:
        raise EncodingError(f"malformed DER {what}: values nested too deeply") from None
    if again != der:
        raise EncodingError(f"malformed DER {what}: not in canonical DER form")
    return obj


_WHITESPACE = b" \t\r\n"


def _key_bytes(data, what: str) -> bytes:
    """A key's bytes (PEM may be a str), refused by type and size before anything is parsed."""
    if isinstance(data, str):
        return strict_pem.key_str_bytes(data, what, "DER or a SEC 1 point")
    if not is_bytes_like(data):
        raise EncodingError(
            f"{what} must be bytes, bytearray, memoryview or a PEM str, got {type(data).__name__}"
        )
    return as_bytes(data, what, MAX_KEY_BYTES)


def _unpem(data: bytes, expected: tuple[str, ...]) -> tuple[str | None, bytes]:
    """``(label, der)`` of PEM (via :mod:`ecedu.pem`), or ``(None, data)`` when *data* is not PEM."""
    if strict_pem.looks_like_pem(data):
        return strict_pem.decode(data, expected)
    if data[:1] and data[:1] in _WHITESPACE:
        raise EncodingError(
            f"the key starts with whitespace ({data[0]:#04x}) but no PEM "
            "'-----BEGIN' follows, and DER never starts with whitespace"
        )
    return None, data


def _curve_of(params, curve=None):
    if not isinstance(params, akeys.ECDomainParameters):
        raise EncodingError(
            "the key names no curve (its parameters are absent); ecedu reads keys on named curves"
        )
    if params.name == "implicit_ca":
        raise EncodingError(
            "the key's parameters are NULL (implicitlyCA: the curve is left to the context); "
            "ecedu reads keys on named curves only"
        )
    if params.name != "named":
        raise EncodingError(
            "the key gives its curve by explicit parameters (SpecifiedECDomain); ecedu reads keys on named curves only"
        )
    oid = params.chosen.dotted
    try:
        found = curve_from_oid(oid)
    except UnknownCurveError:
        raise EncodingError(f"unsupported curve OID {oid}") from None
    if curve is not None and get_curve(curve) is not found:
        raise EncodingError(f"key is on {found.name}, not on {get_curve(curve).name}")
    return found


# -- private keys ---------------------------------------------------------------------------------


def _ec_private_key(curve, d: int, with_params: bool) -> akeys.ECPrivateKey:
    Q = multiply_plain(curve, d, curve.G)
    fields = {"version": "ecPrivkeyVer1", "private_key": d}
    if with_params:
        fields["parameters"] = _named(curve)
    fields["public_key"] = encode_point(curve, Q)
    key = akeys.ECPrivateKey(fields)
    key.set_key_size(curve.order_byte_length)
    return key


def private_key_to_der(curve, d: int, format: str = "sec1") -> bytes:
    """DER of the private key: ``format="sec1"`` (ECPrivateKey, RFC 5915) or ``"pkcs8"`` (PrivateKeyInfo)."""
    curve = get_curve(curve)
    check_private_scalar(curve, d)
    choice(format, ("sec1", "pkcs8"), "private key format")
    if format == "sec1":
        return _ec_private_key(curve, d, True).dump()
    if format == "pkcs8":
        info = akeys.PrivateKeyInfo(
            {
                "version": 0,
                "private_key_algorithm": {"algorithm": "ec", "parameters": _named(curve)},
                "private_key": _ec_private_key(curve, d, False),
            }
        )
        return info.dump()


def private_key_to_pem(curve, d: int, format: str = "sec1") -> bytes:
    der = private_key_to_der(curve, d, format)
    return pem.armor("EC PRIVATE KEY" if format == "sec1" else "PRIVATE KEY", der)


def _asn1_guard(what):
    """Turn any stray parser exception into an EncodingError (ECEduErrors pass through)."""

    def wrap(fn):
        def guarded(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except ECEduError:
                raise
            except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError) as e:
                raise EncodingError(f"malformed {what}: {e}") from None
            except RecursionError:
                raise EncodingError(f"malformed {what}: DER values nested too deeply") from None

        guarded.__doc__, guarded.__name__ = fn.__doc__, fn.__name__
        return guarded

    return wrap


@_asn1_guard("private key")
def load_private_key(data, curve=None):
    """Read a SEC 1 (RFC 5915) or PKCS#8 EC private key (PEM or DER); return ``(curve, d)``.

    RFC 5915 §3 fixes ``version`` at 1 (ecPrivkeyVer1) and PKCS#8 (RFC 5208 §5) at 0; any other
    version is an :class:`EncodingError`, as is an encrypted key (say so, and decrypt it first).
    """
    label, der = _unpem(_key_bytes(data, "private key"), ("EC PRIVATE KEY", "PRIVATE KEY"))
    if not der:
        raise EncodingError("empty private key")
    if der[:1] != b"\x30":
        raise EncodingError("malformed DER private key: does not start with a SEQUENCE")
    try:
        probe = core.Sequence.load(der)
        is_pkcs8 = len(probe) >= 3 and isinstance(probe[1], core.Sequence)
        is_spki = (
            len(probe) == 2 and isinstance(probe[0], core.Sequence) and isinstance(probe[1], core.BitString)
        )
    except (ValueError, TypeError):
        raise EncodingError("malformed DER private key") from None
    if is_spki:
        raise EncodingError("this is a public key (SubjectPublicKeyInfo), not a private key")
    if label is not None and is_pkcs8 != (label == "PRIVATE KEY"):  # RFC 7468 §10 and §11 (RFC 5915 §4)
        raise EncodingError(
            f"PEM label '{label}' does not match its content, a "
            f"{'PKCS#8 PrivateKeyInfo' if is_pkcs8 else 'SEC 1 ECPrivateKey'} (the label of which is "
            f"'{'PRIVATE KEY' if is_pkcs8 else 'EC PRIVATE KEY'}')"
        )
    if is_pkcs8:
        outer = _strict_load(akeys.PrivateKeyInfo, der, "PKCS#8 private key", canonical=False)
        if outer["version"].native != 0:
            raise EncodingError(
                f"PKCS#8 PrivateKeyInfo version must be 0 (RFC 5208 §5), got "
                f"{_small(outer['version'].native)}"
            )
        if outer["private_key_algorithm"]["algorithm"].native != "ec":
            if outer["private_key_algorithm"]["algorithm"].dotted == _X25519_OID:
                raise EncodingError(_X25519_KEY.format(what="PKCS#8 key"))
            raise EncodingError("PKCS#8 key is not an EC key")
        found = _curve_of(outer["private_key_algorithm"]["parameters"], curve)
        inner = outer["private_key"].parsed
        if inner["parameters"].native is not None:  # RFC 5915 §3: optional inside PKCS#8, then the same curve
            named = _curve_of(inner["parameters"])
            if named is not found:
                raise EncodingError(
                    f"the PKCS#8 key's algorithm names {found.name} but its ECPrivateKey names {named.name}; "
                    "refusing a key whose curve is ambiguous"
                )
    else:
        outer = inner = _strict_load(akeys.ECPrivateKey, der, "EC private key", canonical=False)
        found = _curve_of(inner["parameters"] if inner["parameters"].native is not None else None, curve)
    if inner["version"].native != "ecPrivkeyVer1":
        raise EncodingError(
            f"EC private key version must be 1 (ecPrivkeyVer1, RFC 5915 §3), got "
            f"{_small(inner['version'].native)}"
        )
    # DER check: the private key octet string has the fixed width of n (SEC 1 §C.4).
    if len(inner["private_key"].contents) != found.order_byte_length:
        raise EncodingError(f"private key octet string must be {found.order_byte_length} bytes")
    inner.set_key_size(found.order_byte_length)
    if outer.dump(force=True) != der:
        raise EncodingError("malformed DER private key: not in canonical DER form")
    d = inner["private_key"].native
    check_private_scalar(found, d)
    if inner["public_key"].native is not None:
        Q = decode_point(found, inner["public_key"].native)
        if Q != multiply_plain(found, d, found.G):
            raise EncodingError("the public key stored with the private key does not match it")
    return found, d


def _small(v) -> str:
    """An int for an error message, without echoing a huge one."""
    return str(v) if not isinstance(v, int) or v.bit_length() <= 64 else f"a {v.bit_length()}-bit integer"


# -- public keys ----------------------------------------------------------------------------------


def _checked_point(curve, Q):
    """*Q* if it is a valid public key on *curve* (SEC 1 §3.2.2.1), else :class:`InvalidPointError`."""
    if Q is None:
        raise InvalidPointError(
            f"the point at infinity is not a public key on {curve.name}; refusing to encode it"
        )
    if not isinstance(Q, tuple) or len(Q) != 2:
        raise InvalidPointError(f"a public key must be a tuple (x, y) of ints, got {type(Q).__name__}")
    limit, shown = (
        (curve.field.p, "p - 1") if curve.kind == "prime" else (1 << curve.field.m, f"2^{curve.field.m} - 1")
    )
    for name, c in zip("xy", Q):
        if isinstance(c, bool) or not isinstance(c, int):
            raise InvalidPointError(f"the {name}-coordinate must be an int, got {type(c).__name__}")
        if not 0 <= c < limit:
            raise InvalidPointError(
                f"the {name}-coordinate is out of range: it must be in [0, {shown}] on {curve.name}"
            )
    return validate_public_point(curve, Q)


def public_key_to_der(curve, Q, compressed: bool = False) -> bytes:
    """SubjectPublicKeyInfo DER (RFC 5480) for the point *Q*, which must be a valid public key."""
    curve = get_curve(curve)
    if not isinstance(compressed, bool):
        raise ECEduError(f"compressed must be True or False, got {type(compressed).__name__}")
    spki = akeys.PublicKeyInfo(
        {
            "algorithm": {"algorithm": "ec", "parameters": _named(curve)},
            "public_key": encode_point(curve, _checked_point(curve, Q), compressed),
        }
    )
    return spki.dump()


def public_key_to_pem(curve, Q, compressed: bool = False) -> bytes:
    return pem.armor("PUBLIC KEY", public_key_to_der(curve, Q, compressed))


def public_point_bytes(data, curve=None):
    """The SEC 1 point inside a public key, *without* validating the point.

    *data* is SPKI (PEM or DER) or a bare SEC 1 point (then *curve* is required).  Returns
    ``(curve, point_bytes)``.  The native backend takes these bytes and validates in C.

    The two shapes of every ECDH and ECDSA call -- a bare SEC 1 point as :class:`bytes`, and an
    SPKI exactly as DER writes it -- are recognised first, without a parser (a Python call costs
    microseconds, as much as a native scalar multiplication on a small curve); everything else
    goes through asn1crypto, which accepts or rejects it with its precise message.
    """
    if type(data) is bytes and 0 < len(data) <= MAX_KEY_BYTES:
        if data[0] in (2, 3, 4) and curve is not None:  # SEC 1: neither DER, PEM nor whitespace
            return get_curve(curve), data
        if data[0] == 0x30:
            found = _der_shapes.spki_point(data)
            if found is not None and (curve is None or get_curve(curve).name == found[0]):
                return get_curve(found[0]), found[1]
    return _parsed_public_point_bytes(data, curve)


#: id-ecPublicKey (RFC 5480 §2.1.1), the algorithm of every EC public key (ecedu.x25519 reads it too)
EC_PUBLIC_KEY_OID = "1.2.840.10045.2.1"


def _spki_algorithm_oid(der: bytes) -> str | None:
    """The algorithm OID of a DER SubjectPublicKeyInfo read without its parameters' schema (asn1crypto
    reports an OID it has no schema for as a bare KeyError), or None if it is not there to read: the
    strict parse's own error says what is wrong then."""
    try:
        oid = core.Sequence.load(der)[0][0]
        return oid.dotted if isinstance(oid, core.ObjectIdentifier) else None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None


@_asn1_guard("public key")
def _parsed_public_point_bytes(data, curve):
    data = _key_bytes(data, "public key")
    if not data:
        raise EncodingError("empty public key")
    pem_or_der = data[:1] == b"\x30" or strict_pem.looks_like_pem(data) or data[:1] in _WHITESPACE
    if curve is not None and not pem_or_der:
        return get_curve(curve), data
    if not pem_or_der:
        if data[:1] in (b"\x02", b"\x03", b"\x04"):
            raise EncodingError("a bare SEC 1 point needs the curve to be named")
        raise EncodingError(
            "malformed public key: neither DER SubjectPublicKeyInfo (starts with 0x30), "
            "PEM, nor a SEC 1 point"
        )
    der = _unpem(data, ("PUBLIC KEY",))[1]
    try:
        spki = _strict_load(akeys.PublicKeyInfo, der, "SubjectPublicKeyInfo")
    except EncodingError:
        algorithm = _spki_algorithm_oid(der)  # read only when the strict parse failed
        if algorithm is not None and algorithm not in (EC_PUBLIC_KEY_OID, _X25519_OID):
            raise EncodingError(
                f"SubjectPublicKeyInfo is not an EC public key: algorithm OID {algorithm}"
            ) from None
        raise
    if spki["algorithm"]["algorithm"].dotted == _X25519_OID:
        raise EncodingError(_X25519_KEY.format(what="SubjectPublicKeyInfo"))
    if spki["algorithm"]["algorithm"].dotted != EC_PUBLIC_KEY_OID:
        raise EncodingError("SubjectPublicKeyInfo is not an EC public key (id-ecPublicKey)")
    found = _curve_of(spki["algorithm"]["parameters"], curve)
    bits = spki["public_key"]
    if bits.unused_bits:
        raise EncodingError("EC public key BIT STRING has unused bits")
    return found, bytes(bits.contents[1:])


def load_public_key(data, curve=None):
    """Read a public key: SPKI (PEM or DER) or a SEC 1 point (then *curve* is required).

    Returns ``(curve, Q)`` with *Q* fully validated (on the curve, not infinity, right subgroup).
    """
    found, point = public_point_bytes(data, curve)
    return found, decode_point(found, point)


# -- signatures -----------------------------------------------------------------------------------


def _max_order_bits() -> int:
    return max(get_curve(name).n.bit_length() for name in curve_names())


def _check_component(name: str, v, curve) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise InvalidScalarError(f"signature component {name} must be an int, got {type(v).__name__}")
    if v < 1:
        raise InvalidScalarError(f"signature component {name} must be in [1, n-1], got {_small(v)}")
    if curve is not None and v >= curve.n:
        raise InvalidScalarError(
            f"signature component {name} must be in [1, n-1] for {curve.name}, but it is >= n"
        )
    if curve is None and v.bit_length() > 8 * ((_max_order_bits() + 7) // 8):
        raise InvalidScalarError(
            f"signature component {name} has {v.bit_length()} bits: it does not "
            "fit in len(n) bytes of any supported curve"
        )
    return v


def encode_signature(r: int, s: int, curve=None) -> bytes:
    """DER ``SEQUENCE { r, s }`` (SEC 1 §C.5, RFC 3279 §2.2.3).

    r and s must be ints in [1, n − 1]: with *curve* against its n; without one they must be
    positive and fit in len(n) bytes of the largest supported n (an :class:`InvalidScalarError`
    otherwise).  :func:`ecedu.ecdsa.sign` always passes the curve.
    """
    curve = None if curve is None else get_curve(curve)
    _check_component("r", r, curve)
    _check_component("s", s, curve)
    return _der_shapes.signature_der(r, s)


def max_signature_length(curve=None) -> int:
    """The longest DER signature on *curve* (any supported curve if None): ``2·(len(n)+3)+4`` bytes.

    Each INTEGER takes at most 1 tag + 1 length + len(n) + 1 sign octets (len(n) <= 72 < 127: a
    short-form length); the SEQUENCE adds 1 tag and at most 2 length octets, so the bound keeps one
    octet to spare.  :func:`decode_signature` refuses anything longer unparsed.
    """
    if curve is not None:
        nlen = get_curve(curve).order_byte_length
    else:
        nlen = (_max_order_bits() + 7) // 8
    return 2 * (nlen + 3) + 4


@_asn1_guard("ECDSA signature")
def decode_signature(data: bytes, curve=None) -> tuple[int, int]:
    """(r, s) from a DER signature; raises :class:`EncodingError` unless it is strict DER.

    The length is checked first (:func:`max_signature_length`), so a huge input is never parsed.
    r and s are returned as they are (the range [1, n − 1] is the verifier's business).
    """
    if type(data) is not bytes or len(data) > max_signature_length(curve):
        data = as_bytes(data, "an ECDSA signature", max_signature_length(curve))
    rs = _der_shapes.signature_rs(data)  # strict DER recognised byte by byte, else the parser
    if rs is not None:
        return rs
    sig = _strict_load(algos.DSASignature, data, "ECDSA signature")
    return sig["r"].native, sig["s"].native


def encode_signature_p1363(curve, r: int, s: int) -> bytes:
    """IEEE P1363 (IEEE 1363-2000 §7.2.7 / RFC 7518 §3.4) signature ``I2OSP(r, L) || I2OSP(s, L)``.

    L = len(n) in bytes, so the output is exactly ``2·L`` bytes; r and s must be in [1, n − 1].
    """
    curve = get_curve(curve)
    _check_component("r", r, curve)
    _check_component("s", s, curve)
    L = curve.order_byte_length
    return r.to_bytes(L, "big") + s.to_bytes(L, "big")


def decode_signature_p1363(curve, data) -> tuple[int, int]:
    """(r, s) from a P1363 ``r || s`` signature, which must be exactly ``2·len(n)`` bytes.

    As with DER, the range of r and s is left to the verifier.
    """
    curve = get_curve(curve)
    L = curve.order_byte_length
    data = as_bytes(data, "a P1363 signature", 2 * L)
    if len(data) != 2 * L:
        raise EncodingError(
            f"a P1363 signature on {curve.name} is exactly {2 * L} bytes "
            f"(r and s, {L} bytes each), got {len(data)}"
        )
    return int.from_bytes(data[:L], "big"), int.from_bytes(data[L:], "big")


def signature_der_to_p1363(curve, der) -> bytes:
    """Convert a DER signature to P1363 ``r || s`` (r, s must be in [1, n − 1])."""
    r, s = decode_signature(der, curve)
    return encode_signature_p1363(curve, r, s)


def signature_p1363_to_der(curve, raw) -> bytes:
    """Convert a P1363 ``r || s`` signature to DER (r, s must be in [1, n − 1])."""
    r, s = decode_signature_p1363(curve, raw)
    return encode_signature(r, s, curve)
