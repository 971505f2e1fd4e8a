"""Keys and signatures in the formats OpenSSL reads and writes, through ``asn1crypto``.

* private keys: SEC 1 ``ECPrivateKey`` ("-----BEGIN EC PRIVATE KEY-----", what
  ``openssl ecparam -genkey`` writes) and PKCS#8 ``PrivateKeyInfo`` ("-----BEGIN PRIVATE KEY-----",
  what ``openssl pkey`` and ``openssl genpkey`` write), PEM or DER;
* public keys: X.509 ``SubjectPublicKeyInfo`` (RFC 5480), PEM or DER, or a bare SEC 1 point;
* ECDSA signatures: DER ``SEQUENCE { r INTEGER, s INTEGER }`` (RFC 3279).

Parsing is strict: anything that does not re-encode to exactly the bytes given is rejected, so
BER variants, trailing bytes and other malleability are errors (:class:`~ecedu.errors.EncodingError`).
"""

from __future__ import annotations

import secrets

from asn1crypto import algos, core, keys as akeys, pem

from .curves import curve_from_oid, get_curve
from .ec import decode_point, encode_point, multiply_plain
from .errors import ECEduError, EncodingError, InvalidScalarError, UnknownCurveError

__all__ = [
    "generate_private_key", "public_key", "check_private_scalar",
    "private_key_to_der", "private_key_to_pem", "load_private_key",
    "public_key_to_der", "public_key_to_pem", "load_public_key", "public_point_bytes",
    "encode_signature", "decode_signature",
]


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
    return akeys.ECDomainParameters(name="named", value=curve.oid)


def _strict_load(spec, der: bytes, what: str, canonical: bool = True):
    if not isinstance(der, (bytes, bytearray)):
        raise EncodingError(f"{what}: expected bytes, got {type(der).__name__}")
    der = bytes(der)
    try:
        obj = spec.load(der, strict=True)
        obj.native                                # forces a full parse of every field
        again = obj.dump(force=True) if canonical else der
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as e:
        raise EncodingError(f"malformed DER {what}: {e}") from None
    if again != der:
        raise EncodingError(f"malformed DER {what}: not in canonical DER form")
    return obj


def _unpem(data, expected: tuple[str, ...]) -> bytes:
    if isinstance(data, str):
        data = data.encode()
    if not isinstance(data, (bytes, bytearray)):
        raise EncodingError(f"expected PEM or DER bytes, got {type(data).__name__}")
    data = bytes(data)
    if pem.detect(data):
        try:
            label, _, der = pem.unarmor(data)
        except ValueError as e:
            raise EncodingError(f"malformed PEM: {e}") from None
        if label not in expected:
            raise EncodingError(f"PEM label {label!r} is not one of {', '.join(expected)}")
        return der
    return data


def _curve_of(params, curve=None):
    if not isinstance(params, akeys.ECDomainParameters) or params.name != "named":
        raise EncodingError("only named curves are supported (explicit or implicit parameters given)")
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
    """DER of the private key: ``format="sec1"`` (ECPrivateKey) or ``"pkcs8"`` (PrivateKeyInfo)."""
    curve = get_curve(curve)
    check_private_scalar(curve, d)
    if format == "sec1":
        return _ec_private_key(curve, d, True).dump()
    if format == "pkcs8":
        info = akeys.PrivateKeyInfo({
            "version": 0,
            "private_key_algorithm": {"algorithm": "ec", "parameters": _named(curve)},
            "private_key": _ec_private_key(curve, d, False),
        })
        return info.dump()
    raise ECEduError(f"unknown private key format {format!r}: use 'sec1' or 'pkcs8'")


def private_key_to_pem(curve, d: int, format: str = "sec1") -> bytes:
    label = "EC PRIVATE KEY" if format == "sec1" else "PRIVATE KEY"
    return pem.armor(label, private_key_to_der(curve, d, format))


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
        guarded.__doc__, guarded.__name__ = fn.__doc__, fn.__name__
        return guarded
    return wrap


@_asn1_guard("private key")
def load_private_key(data, curve=None):
    """Read a SEC 1 or PKCS#8 EC private key (PEM or DER); return ``(curve, d)``."""
    der = _unpem(data, ("EC PRIVATE KEY", "PRIVATE KEY"))
    if der[:1] != b"\x30":
        raise EncodingError("malformed DER private key: does not start with a SEQUENCE")
    try:
        probe = core.Sequence.load(der)
        is_pkcs8 = len(probe) >= 3 and isinstance(probe[1], core.Sequence)
    except (ValueError, TypeError):
        raise EncodingError("malformed DER private key") from None
    if is_pkcs8:
        outer = _strict_load(akeys.PrivateKeyInfo, der, "PKCS#8 private key", canonical=False)
        if outer["private_key_algorithm"]["algorithm"].native != "ec":
            raise EncodingError("PKCS#8 key is not an EC key")
        found = _curve_of(outer["private_key_algorithm"]["parameters"], curve)
        inner = outer["private_key"].parsed
    else:
        outer = inner = _strict_load(akeys.ECPrivateKey, der, "EC private key", canonical=False)
        found = _curve_of(inner["parameters"] if inner["parameters"].native is not None else None, curve)
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


# -- public keys ----------------------------------------------------------------------------------

def public_key_to_der(curve, Q, compressed: bool = False) -> bytes:
    """SubjectPublicKeyInfo DER for the point *Q*."""
    curve = get_curve(curve)
    spki = akeys.PublicKeyInfo({
        "algorithm": {"algorithm": "ec", "parameters": _named(curve)},
        "public_key": encode_point(curve, Q, compressed),
    })
    return spki.dump()


def public_key_to_pem(curve, Q, compressed: bool = False) -> bytes:
    return pem.armor("PUBLIC KEY", public_key_to_der(curve, Q, compressed))


@_asn1_guard("public key")
def public_point_bytes(data, curve=None):
    """The SEC 1 point inside a public key, *without* validating the point.

    *data* is SPKI (PEM or DER) or a bare SEC 1 point (then *curve* is required).  Returns
    ``(curve, point_bytes)``.  The native backend takes these bytes and validates in C.
    """
    if isinstance(data, (bytes, bytearray)) and not data:
        raise EncodingError("empty public key")
    if isinstance(data, (bytes, bytearray)) and curve is not None and data[:1] not in (b"\x30", b"-"):
        return get_curve(curve), bytes(data)
    if isinstance(data, (bytes, bytearray)) and data[:1] != b"-" and data[:1] != b"\x30":
        if data[:1] in (b"\x02", b"\x03", b"\x04"):
            raise EncodingError("a bare SEC 1 point needs the curve to be named")
        raise EncodingError("malformed public key: neither DER SubjectPublicKeyInfo (starts with 0x30), "
                            "PEM, nor a SEC 1 point")
    der = _unpem(data, ("PUBLIC KEY",))
    spki = _strict_load(akeys.PublicKeyInfo, der, "SubjectPublicKeyInfo")
    if spki["algorithm"]["algorithm"].dotted != "1.2.840.10045.2.1":
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

def encode_signature(r: int, s: int) -> bytes:
    return algos.DSASignature({"r": r, "s": s}).dump()


@_asn1_guard("ECDSA signature")
def decode_signature(data: bytes) -> tuple[int, int]:
    """(r, s) from a DER signature; raises :class:`EncodingError` unless it is strict DER."""
    sig = _strict_load(algos.DSASignature, data, "ECDSA signature")
    return sig["r"].native, sig["s"].native
