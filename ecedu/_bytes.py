"""Bytes-like input, checked the same way at every public entry point.

Every function that takes bytes accepts :class:`bytes`, :class:`bytearray` and :class:`memoryview`
alike (the buffer protocol's common shapes) and refuses everything else (``None``, ``str``,
``int``, lists, ...) with an :class:`~ecedu.errors.EncodingError` that names the type.  A size
limit, where one is given, is checked on the buffer's length *before* a byte is copied or parsed,
so an oversized input costs nothing and its content is never echoed in the message.
"""

from __future__ import annotations

from .errors import EncodingError

BYTES_LIKE = (bytes, bytearray, memoryview)

#: A key, PEM or DER, public or private, is at most this many bytes.  The largest key ecedu writes
#: (a PKCS#8 PEM private key on sect571k1) is under 450 bytes; OpenSSL's own keys are as small.
MAX_KEY_BYTES = 8192


def is_bytes_like(data) -> bool:
    return isinstance(data, BYTES_LIKE)


def byte_length(data) -> int:
    """The length in bytes of a bytes-like object (``memoryview.nbytes``, not its item count); a
    released memoryview is an :class:`EncodingError`."""
    if isinstance(data, memoryview):
        try:
            return data.nbytes
        except ValueError:
            raise EncodingError("a released memoryview holds no bytes") from None
    return len(data)


def as_bytes(data, what: str, limit: int | None = None) -> bytes:
    """*data* as :class:`bytes`; an :class:`EncodingError` for any other type or above *limit* bytes."""
    if not isinstance(data, BYTES_LIKE):
        raise EncodingError(f"{what} must be bytes, bytearray or memoryview, got {type(data).__name__}")
    size = byte_length(data)
    if limit is not None and size > limit:
        raise EncodingError(f"{what} is too large: {size} bytes, at most {limit} are accepted")
    return data if type(data) is bytes else bytes(data)
