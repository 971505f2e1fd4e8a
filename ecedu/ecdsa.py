"""ECDSA (SEC 1 §4.1; FIPS 186-4 §6) with RFC 6979 nonces; DER or IEEE P1363 signatures.

::

    sign:    e = leftmost bits of H(m); k = RFC 6979 nonce; R = kG; r = x(R) mod n;
             s = k⁻¹(e + r·d) mod n; retry on r = 0 or s = 0.
    verify:  1 ≤ r, s < n; w = s⁻¹; u1 = e·w, u2 = r·w; R = u1·G + u2·Q ≠ O;
             accept iff x(R) mod n = r.

For binary curves x(R) is a field element, read as an integer (SEC 1 §2.3.9).

Signature formats (``signature_format=``): ``"der"`` (the default; SEC 1 §C.5, what OpenSSL
writes) or ``"p1363"``, the fixed-length ``r || s`` of IEEE P1363 (WebCrypto, JOSE, PKCS#11),
exactly ``2·len(n)`` bytes.  :func:`ecedu.keys.signature_der_to_p1363` and
:func:`ecedu.keys.signature_p1363_to_der` convert between the two.

Hash policy for *signing*: the default ``hash="sha256"`` and the other SHA-2 (FIPS 180-4) and
SHA-3 (FIPS 202) hashes with at least 224 bits of output are allowed (:data:`SIGNING_HASHES`).
Any other hash (md5, sha1, md5-sha1, ripemd160, sm3, blake2, ...) is refused unless the caller
passes ``allow_legacy_hash=True``, in the spirit of OpenSSL's security levels and NIST SP 800-131A
(SHA-1 is disallowed for signature generation).  *Verifying* old signatures with any fixed-length
hashlib hash stays possible.  Extendable-output functions (shake_*) are not ECDSA hashes.
"""

from __future__ import annotations

import hashlib
import itertools
from functools import lru_cache

from ._bytes import as_bytes, is_bytes_like
from ._options import choice
from .backend import native_module, resolve
from .curves import get_curve
from .ec import add
from .errors import ECEduError, EncodingError
from .keys import (
    check_private_scalar,
    decode_signature,
    decode_signature_p1363,
    encode_signature,
    encode_signature_p1363,
    load_public_key,
    public_point_bytes,
)
from .rfc6979 import MAX_NONCES, bits2int, generate_k, no_signature_error
from .scalar import fixed_base_mult, multiply

__all__ = ["sign", "verify", "SIGNATURE_FORMATS", "SIGNING_HASHES"]

SIGNATURE_FORMATS = ("der", "p1363")

#: Hashes :func:`sign` uses without ``allow_legacy_hash=True`` (hashlib's canonical names).
SIGNING_HASHES = frozenset(
    {
        "sha224",
        "sha256",
        "sha384",
        "sha512",
        "sha512_224",
        "sha512_256",
        "sha3_224",
        "sha3_256",
        "sha3_384",
        "sha3_512",
    }
)


@lru_cache(maxsize=64)
def _canonical_hash(hash: str) -> str:
    """hashlib's canonical name for a fixed-length hash (``"SHA256"`` → ``"sha256"``); remembered,
    since every call names its hash (only names that pass are kept: lru_cache stores no errors)."""
    try:
        h = hashlib.new(hash)
    except (ValueError, TypeError):
        raise ECEduError(f"unknown hash {hash!r}") from None
    if h.name.startswith("shake_") or h.digest_size == 0:
        raise ECEduError(
            f"{hash!r} is an extendable-output function, not a fixed-length hash; "
            "ECDSA needs one such as 'sha256'"
        )
    return h.name


def _hash_name(hash, signing: bool, allow_legacy_hash: bool = False) -> str:
    """hashlib's canonical name for *hash* (``"SHA-256"`` → ``"sha256"``), after the policy checks."""
    if not isinstance(hash, str):
        raise ECEduError(f"the hash must be a name such as 'sha256', got {type(hash).__name__}")
    if len(hash) > 32 or not hash.isascii() or not hash.isprintable():
        raise ECEduError(f"unknown hash {hash[:32]!r}")
    name = _canonical_hash(str(hash))  # str(): a str subclass must not become a cache key
    if signing and name not in SIGNING_HASHES and not allow_legacy_hash:
        raise ECEduError(
            f"hash {hash!r} is not allowed for signing (weak or legacy); use SHA-2 or "
            "SHA-3, or pass allow_legacy_hash=True to sign with it anyway"
        )
    return name


def _digest(message: bytes, hash_name: str) -> bytes:
    if not is_bytes_like(message):
        raise ECEduError(f"the message must be bytes, got {type(message).__name__}")
    if type(message) is not bytes:
        message = as_bytes(message, "the message")
    return _hash_function(hash_name)(message).digest()


@lru_cache(maxsize=64)
def _hash_function(hash_name: str):
    """hashlib's own constructor for a canonical name (hashlib.sha256 is faster than
    hashlib.new("sha256"), which looks the name up on every call)."""
    return getattr(hashlib, hash_name, None) or (lambda data: hashlib.new(hash_name, data))


def _check_format(signature_format) -> str:
    return choice(signature_format, SIGNATURE_FORMATS, "signature_format")


def _native_public_point(curve, public_key):
    """The public key's SEC 1 point, decoded and validated in C (ecedu_decode_point) into the
    coordinate bytes the C verifier takes; on failure let Python say precisely why."""
    _, point = public_point_bytes(public_key, curve)
    try:
        return native_module().ecdsa_bridge.decode_point_bytes(curve.name, point)
    except ECEduError:
        load_public_key(point, curve)
        raise


#: ecedu.native.fastpath.TABLE once a native call succeeded: curve name, or the registry's
#: curve object (hashed by identity), -> its call record.
_FAST: dict = {}
#: hash name as the caller spells it -> hashlib's constructor, for names verify() accepted.
_VERIFY_HASHES: dict = {}
_sha256 = hashlib.sha256


def sign(
    curve,
    private_key: int,
    message: bytes,
    hash: str = "sha256",
    backend: str | None = None,
    *,
    signature_format: str = "der",
    allow_legacy_hash: bool = False,
) -> bytes:
    """Signature of *message* with a deterministic RFC 6979 nonce.

    *signature_format* is ``"der"`` or ``"p1363"`` (``r || s``, exactly ``2·len(n)`` bytes).
    *hash* must be in :data:`SIGNING_HASHES` unless ``allow_legacy_hash=True`` (see the module
    docstring for the policy).

    >>> from ecedu import ecdsa, keys
    >>> sig = ecdsa.sign("P-256", 7, b"message")  # DER; RFC 6979: the same bytes every time
    >>> sig == ecdsa.sign("P-256", 7, b"message", backend="python")
    True
    >>> pub = keys.public_key_to_der("P-256", keys.public_key("P-256", 7))
    >>> ecdsa.verify("P-256", pub, b"message", sig), ecdsa.verify("P-256", pub, b"other", sig)
    (True, False)
    >>> len(ecdsa.sign("P-256", 7, b"message", signature_format="p1363"))  # r || s
    64
    """
    # The hot path (issue 15): SHA-256 (the C signer's own RFC 6979 DRBG) on a curve already
    # used, an int key and a bytes message go straight to C; anything else, the general way.
    if (
        type(private_key) is int
        and type(message) is bytes
        and type(hash) is str
        and hash == "sha256"
        and (allow_legacy_hash is False or allow_legacy_hash is True)
        and (backend is None or (type(backend) is str and backend == "native"))
        and type(signature_format) is str
    ):
        try:
            fast = _FAST.get(curve)
        except TypeError:  # an unhashable curve argument: the general path says what is wrong
            fast = None
        if fast is not None:
            der = signature_format == "der"
            if der or signature_format == "p1363":
                out = fast.sign(private_key, _sha256(message).digest(), der)
                if out is not None:
                    return out
    return _sign(curve, private_key, message, hash, backend, signature_format, allow_legacy_hash)


def _sign(curve, private_key, message, hash, backend, signature_format, allow_legacy_hash) -> bytes:
    global _FAST
    curve = get_curve(curve)
    d = check_private_scalar(curve, private_key)
    fmt = _check_format(signature_format)
    if not isinstance(allow_legacy_hash, bool):
        raise ECEduError("allow_legacy_hash must be True or False")
    hash_name = _hash_name(hash, signing=True, allow_legacy_hash=allow_legacy_hash)
    h1 = _digest(message, hash_name)
    if resolve(backend, curve) == "native":
        native = native_module()
        r, s = native.ecdsa_bridge.ecdsa_sign_digest(curve.name, d, h1, hash_name)
        _FAST = native.fastpath.remember(curve)
    else:
        r, s = _sign_digest(curve, d, h1, hash_name)
    return encode_signature(r, s, curve) if fmt == "der" else encode_signature_p1363(curve, r, s)


def _sign_digest(curve, d: int, h1: bytes, hash_name: str) -> tuple[int, int]:
    n = curve.n
    e = bits2int(h1, n.bit_length()) % n
    for k in itertools.islice(generate_k(n, d, h1, hash_name), MAX_NONCES):
        R = fixed_base_mult(curve, k)
        r = R[0] % n
        if r == 0:
            continue
        s = pow(k, -1, n) * (e + r * d) % n
        if s == 0:
            continue
        return r, s
    raise no_signature_error(n)


def verify(
    curve,
    public_key: bytes,
    message: bytes,
    signature: bytes,
    hash: str = "sha256",
    backend: str | None = None,
    *,
    signature_format: str = "der",
) -> bool:
    """True iff *signature* is a valid signature of *message* under *public_key*.

    *signature* is bytes, bytearray or memoryview, in *signature_format* ``"der"`` or ``"p1363"``.
    A malformed, wrongly sized or out-of-range signature is simply not valid (False); a signature
    that is not bytes-like at all (None, str, int, ...), a malformed public key, an unknown curve,
    hash or format raises :class:`~ecedu.errors.ECEduError`.
    """
    # The hot path (issue 15): bytes in, a curve and a hash already used: one C call that
    # decodes and validates the key and verifies; anything it does not answer, the general way.
    if (
        type(public_key) is bytes
        and type(message) is bytes
        and type(signature) is bytes
        and type(hash) is str
        and (backend is None or (type(backend) is str and backend == "native"))
        and type(signature_format) is str
    ):
        try:
            fast = _FAST.get(curve)
        except TypeError:  # an unhashable curve argument: the general path says what is wrong
            fast = None
        if fast is not None:
            h = _VERIFY_HASHES.get(hash)
            der = signature_format == "der"
            if h is not None and (der or signature_format == "p1363"):
                ok = fast.verify(public_key, h(message).digest(), signature, der)
                if ok is not None:
                    return ok
    return _verify(curve, public_key, message, signature, hash, backend, signature_format)


def _verify(curve, public_key, message, signature, hash, backend, signature_format) -> bool:
    global _FAST
    curve = get_curve(curve)
    fmt = _check_format(signature_format)
    if not is_bytes_like(signature):
        raise EncodingError(
            f"the signature must be bytes, bytearray or memoryview, got {type(signature).__name__}"
        )
    native = resolve(backend, curve) == "native"
    if native:
        Q = _native_public_point(curve, public_key)
    else:
        _, Q = load_public_key(public_key, curve)
    hash_name = _hash_name(hash, signing=False)
    h1 = _digest(message, hash_name)
    try:
        if fmt == "der":
            r, s = decode_signature(signature, curve)
        else:
            r, s = decode_signature_p1363(curve, signature)
    except EncodingError:
        return False
    if native:
        module = native_module()
        ok = module.ecdsa_bridge.ecdsa_verify_point_bytes(curve.name, Q, h1, r, s)
        _FAST = module.fastpath.remember(curve)
        if type(hash) is str and hash not in _VERIFY_HASHES and len(_VERIFY_HASHES) < 64:
            _VERIFY_HASHES[hash] = _hash_function(hash_name)
        return ok
    n = curve.n
    if not (1 <= r < n and 1 <= s < n):
        return False
    e = bits2int(h1, n.bit_length()) % n
    w = pow(s, -1, n)
    u1, u2 = e * w % n, r * w % n
    R = add(curve, fixed_base_mult(curve, u1) if u1 else None, multiply(curve, u2, Q))
    if R is None:
        return False
    return R[0] % n == r
