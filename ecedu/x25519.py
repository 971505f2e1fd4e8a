"""X25519 key agreement (RFC 7748 §6.1), its keys in the formats OpenSSL writes, and the backends.

X25519 is not a Weierstrass curve of the registry: its keys are 32-byte strings, not ints and
points, and :func:`ecedu.ecdh.shared_secret` hands the name ``"X25519"`` (or ``"Curve25519"``)
to :func:`shared_secret` here.  The arithmetic is :mod:`ecedu.ec.montgomery` (the readable RFC 7748
§5 twin, ``backend="python"``) or the C kernel ``ecedu/native/src/curve/x25519.c``
(``backend="native"``, the default where the library is built).

Keys (RFC 8410, OID id-X25519 = 1.3.101.110, "parameters MUST be absent"):

* a private key is 32 raw bytes (any 32 bytes: RFC 7748 §5 clamps them), or PKCS#8
  ``PrivateKeyInfo`` with the key as an OCTET STRING inside the OCTET STRING (RFC 8410 §7), DER
  or PEM ``-----BEGIN PRIVATE KEY-----`` -- what ``openssl genpkey -algorithm X25519`` writes;
* a public key is 32 raw bytes (the u-coordinate, little-endian), or ``SubjectPublicKeyInfo``
  with the 32 bytes as the BIT STRING (RFC 8410 §4), DER or PEM ``-----BEGIN PUBLIC KEY-----``
  -- what ``openssl pkey -pubout`` writes.

Parsing is as strict as :mod:`ecedu.keys`: canonical DER only, the strict PEM of :mod:`ecedu.pem`,
at most :data:`ecedu.keys.MAX_KEY_BYTES`.  Every bad input raises an
:class:`~ecedu.errors.ECEduError` saying what is wrong: a wrong length or type, a wrong OID (an
EC key of a Weierstrass curve says which curve it is on), a PKCS#8 version other than 0, and
the all-zero shared secret of a small-order peer key (RFC 7748 §6.1), which is an
:class:`~ecedu.errors.InvalidPointError` on both backends.  PKCS#8 attributes are read past, as
OpenSSL and :mod:`ecedu.keys` read them.

>>> alice = bytes.fromhex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
>>> bob_pub = bytes.fromhex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
>>> shared_secret(alice, bob_pub, backend="python").hex()  # RFC 7748 §6.1
'4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742'
"""

from __future__ import annotations

import secrets

from asn1crypto import core
from asn1crypto import keys as akeys
from asn1crypto import pem as apem

from . import pem as strict_pem
from ._bytes import MAX_KEY_BYTES, as_bytes, is_bytes_like
from .backend import resolve
from .ec import montgomery
from .errors import EncodingError, InvalidPointError, InvalidScalarError
from .keys import EC_PUBLIC_KEY_OID

__all__ = [
    "NAME",
    "OID",
    "KEY_BYTES",
    "is_x25519",
    "generate_private_key",
    "public_key",
    "shared_secret",
    "load_private_key",
    "load_public_key",
    "private_key_to_der",
    "private_key_to_pem",
    "public_key_to_der",
    "public_key_to_pem",
]

#: The name ecedu (and OpenSSL's ``-algorithm``, ``speed ecdhx25519``) uses.
NAME = "X25519"
#: id-X25519 (RFC 8410 §3).
OID = "1.3.101.110"
#: Bytes of a private key, a public key and a shared secret.
KEY_BYTES = montgomery.KEY_BYTES
#: The names :func:`is_x25519` accepts, lower case (OpenSSL: "X25519"; the curve: "Curve25519").
NAMES = ("x25519", "curve25519")

_ALL_ZERO = (
    "the X25519 shared secret is all zero: the peer's public key is a point of small order (RFC 7748 §6.1)"
)


def is_x25519(curve) -> bool:
    """True if *curve* names X25519 ("X25519", "Curve25519", any case); False for anything else."""
    return isinstance(curve, str) and curve.strip(" \t").lower() in NAMES


# -- keys ----------------------------------------------------------------------------------------


def generate_private_key() -> bytes:
    """32 random bytes from the OS's CSPRNG: an X25519 private key (RFC 7748 §6.1)."""
    return secrets.token_bytes(KEY_BYTES)


def _data(data, what: str) -> bytes:
    if isinstance(data, bool) or isinstance(data, int):
        raise InvalidScalarError(
            f"an X25519 {what} is 32 bytes (RFC 7748 §5), not an int; "
            "ints are the private keys of the Weierstrass curves"
        )
    if isinstance(data, str):
        return strict_pem.key_str_bytes(data, f"X25519 {what}", "DER or the 32 raw bytes")
    if not is_bytes_like(data):
        raise EncodingError(
            f"an X25519 {what} must be bytes, bytearray, memoryview or a PEM str, got {type(data).__name__}"
        )
    return as_bytes(data, f"X25519 {what}", MAX_KEY_BYTES)


def _der(data: bytes, labels: tuple[str, ...], what: str, der_length: int) -> bytes:
    """The DER of a key given as PEM or DER, refusing what is neither raw, DER nor PEM."""
    if strict_pem.looks_like_pem(data) or data[:1] in (b" ", b"\t", b"\r", b"\n"):
        if data.lstrip(b" \t\r\n").startswith(b"-----BEGIN EC PRIVATE KEY-----"):
            raise EncodingError(
                "this is a SEC 1 EC private key (a Weierstrass curve), not an X25519 key; "
                "X25519 private keys are PKCS#8 ('-----BEGIN PRIVATE KEY-----', RFC 8410) or 32 bytes"
            )
        return strict_pem.decode(data, labels)[1]
    if data[:1] != b"\x30":
        raise EncodingError(
            f"an X25519 {what} is 32 raw bytes, {der_length} bytes of DER or PEM; "
            f"got {len(data)} bytes that are none of these"
        )
    return data


def _strict(spec, der: bytes, what: str, check_algorithm):
    """Parse *der* fully, check its algorithm (first: a key of another kind gets its own message),
    then refuse anything that is not canonical DER."""
    try:
        obj = spec.load(der, strict=True)
        _ = obj.native
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError, IndexError) as e:
        raise EncodingError(f"malformed DER {what}: {e}") from None
    except RecursionError:
        raise EncodingError(f"malformed DER {what}: values nested too deeply") from None
    check_algorithm(obj)
    try:
        again = obj.dump(force=True)
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError, IndexError) as e:
        raise EncodingError(f"malformed DER {what}: {e}") from None
    except RecursionError:
        raise EncodingError(f"malformed DER {what}: values nested too deeply") from None
    if again != der:
        raise EncodingError(f"malformed DER {what}: not in canonical DER form")
    return obj


def _check_algorithm(alg, what: str) -> None:
    """The AlgorithmIdentifier must be id-X25519 with no parameters (RFC 8410 §3)."""
    oid = alg["algorithm"].dotted
    if oid == EC_PUBLIC_KEY_OID:
        curve = ""
        try:
            params = alg["parameters"]
            if params.name == "named":
                curve = f" on {params.chosen.native}"
        except (ValueError, KeyError, AttributeError):
            pass
        raise EncodingError(
            f"this {what} is an EC key (id-ecPublicKey){curve}, a Weierstrass curve, not an X25519 key "
            f"(OID {OID}); use it with that curve's name"
        )
    if oid != OID:
        raise EncodingError(f"this {what} has the algorithm OID {oid}, not id-X25519 ({OID}, RFC 8410)")
    if alg["parameters"].native is not None or alg["parameters"].contents:
        raise EncodingError(
            f"the id-X25519 algorithm of this {what} has parameters; RFC 8410 §3 forbids them"
        )


def load_private_key(data) -> bytes:
    """The 32-byte X25519 private key in *data*: 32 raw bytes, or PKCS#8 (DER or PEM, RFC 8410 §7)."""
    raw_allowed = not isinstance(data, str)  # a str is PEM only, whatever its length
    data = _data(data, "private key")
    if len(data) == KEY_BYTES and raw_allowed:
        return data
    der = _der(data, ("PRIVATE KEY",), "private key", 48)
    info = _strict(
        akeys.PrivateKeyInfo,
        der,
        "PKCS#8 X25519 private key",
        lambda o: _check_algorithm(o["private_key_algorithm"], "PKCS#8 private key"),
    )
    if info["version"].native != 0:
        raise EncodingError(
            "PKCS#8 version must be 0 (RFC 5208 §5; the version 1 OneAsymmetricKey of RFC 5958 is not read)"
        )
    # attributes (RFC 5208 §5, [0] IMPLICIT SET OF Attribute) are read past, as OpenSSL does and
    # as ecedu.keys does for EC keys: they say nothing about the key
    try:
        inner = core.OctetString.load(info["private_key"].contents, strict=True)
        raw = inner.native
    except (ValueError, TypeError) as e:
        raise EncodingError(
            f"malformed PKCS#8 X25519 private key: the CurvePrivateKey is not an OCTET STRING ({e})"
        ) from None
    if inner.dump(force=True) != info["private_key"].contents:
        raise EncodingError("malformed PKCS#8 X25519 private key: not in canonical DER form")
    if len(raw) != KEY_BYTES:
        raise EncodingError(f"an X25519 private key is {KEY_BYTES} bytes (RFC 8410 §7), got {len(raw)}")
    return raw


def load_public_key(data) -> bytes:
    """The 32-byte X25519 public key (u-coordinate) in *data*: 32 raw bytes, or SPKI (DER or PEM)."""
    raw_allowed = not isinstance(data, str)  # a str is PEM only, whatever its length
    data = _data(data, "public key")
    if len(data) == KEY_BYTES and raw_allowed:
        return data
    der = _der(data, ("PUBLIC KEY",), "public key", 44)
    spki = _strict(
        akeys.PublicKeyInfo,
        der,
        "X25519 SubjectPublicKeyInfo",
        lambda o: _check_algorithm(o["algorithm"], "SubjectPublicKeyInfo"),
    )
    bits = spki["public_key"]
    if bits.unused_bits:
        raise EncodingError("the X25519 public key BIT STRING has unused bits")
    raw = bytes(bits.contents[1:])
    if len(raw) != KEY_BYTES:
        raise EncodingError(f"an X25519 public key is {KEY_BYTES} bytes (RFC 8410 §4), got {len(raw)}")
    return raw


def private_key_to_der(private_key) -> bytes:
    """PKCS#8 DER of the private key, byte for byte what OpenSSL writes (48 bytes)."""
    raw = load_private_key(private_key)
    info = akeys.PrivateKeyInfo(
        {
            "version": 0,
            "private_key_algorithm": {"algorithm": "x25519"},
            "private_key": core.OctetString(raw),
        }
    )
    return info.dump()


def private_key_to_pem(private_key) -> bytes:
    return apem.armor("PRIVATE KEY", private_key_to_der(private_key))


def public_key_to_der(public_key) -> bytes:
    """SubjectPublicKeyInfo DER of the public key, what ``openssl pkey -pubout`` writes (44 bytes)."""
    raw = load_public_key(public_key)
    spki = akeys.PublicKeyInfo({"algorithm": {"algorithm": "x25519"}, "public_key": raw})
    return spki.dump()


def public_key_to_pem(public_key) -> bytes:
    return apem.armor("PUBLIC KEY", public_key_to_der(public_key))


# -- the operations ------------------------------------------------------------------------------


def public_key(private_key, backend: str | None = None) -> bytes:
    """The 32-byte public key X25519(k, 9) of the private key (raw, PKCS#8 DER or PEM)."""
    k = load_private_key(private_key)
    if resolve(backend) == "native":
        from . import native

        return native.x25519_base(k)
    return montgomery.x25519_base(k)


def shared_secret(private_key, peer_public_key, backend: str | None = None) -> bytes:
    """The 32-byte X25519 shared secret X25519(k, u) (RFC 7748 §6.1), as ``openssl pkeyutl -derive``.

    *private_key*: raw 32 bytes or PKCS#8 (DER/PEM); *peer_public_key*: raw 32 bytes or SPKI
    (DER/PEM).  An all-zero result (a small-order peer key) raises :class:`InvalidPointError`.
    """
    k = load_private_key(private_key)
    u = load_public_key(peer_public_key)
    if resolve(backend) == "native":
        from . import native

        return native.x25519(k, u)  # the C side refuses the all-zero result
    out = montgomery.x25519(k, u)
    if out == bytes(KEY_BYTES):
        raise InvalidPointError(_ALL_ZERO)
    return out
