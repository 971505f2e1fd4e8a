"""PEM, read strictly and in linear time (RFC 7468, the "textual encoding" OpenSSL writes).

A PEM file is one block::

    -----BEGIN <label>-----
    <base64 of the DER, in lines (OpenSSL: 64 characters)>
    -----END <label>-----

:func:`decode` reads exactly that and says precisely what is wrong otherwise:

* exactly one block; whitespace (spaces, tabs, newlines) before and after it is ignored, any other
  text is an error (a file with an ``EC PARAMETERS`` block before the key, as ``openssl ecparam
  -genkey`` writes without ``-noout``, is two blocks);
* the BEGIN and END labels match, and the label is one RFC 7468 §3 allows;
* no RFC 1421 headers (``Name: value`` lines): RFC 7468 §2 drops them.  ``Proc-Type:
  4,ENCRYPTED`` and ``DEK-Info`` mean the key is *encrypted* (OpenSSL's traditional encryption),
  which is reported as such;
* the base64 is strict (RFC 4648 §4 with padding, RFC 7468 §3 "strictbase64text"): only the 64
  letters, ``=`` only at the very end, lines ending in LF or CRLF, trailing spaces allowed, no
  blank lines; the decoding must re-encode to the same letters (no non-zero pad bits);
* SSH2's ``---- BEGIN SSH2 PUBLIC KEY ----`` (RFC 4716, four dashes) is not PEM and is named.

Every step is a single pass over the input (the lines are collected in a list and joined once),
so the time is linear in the size; the callers in :mod:`ecedu.keys` also cap the size first.
"""

from __future__ import annotations

import base64
import binascii
import re

from ._bytes import BYTES_LIKE, MAX_KEY_BYTES, as_bytes
from .errors import ECEduError, EncodingError

__all__ = ["decode", "looks_like_pem"]

_BEGIN, _END, _DASHES = b"-----BEGIN ", b"-----END ", b"-----"
_WHITESPACE = b" \t\r\n"
# RFC 7468 §3: label = [ labelchar *( ["-" / SP] labelchar ) ], labelchar = %x21-2C / %x2E-7E
_LABEL = re.compile(rb"[\x21-\x2c\x2e-\x7e]+(?:[- ][\x21-\x2c\x2e-\x7e]+)*\Z")
_BASE64_LINE = re.compile(rb"[A-Za-z0-9+/]*={0,2}\Z")
_HEADER = re.compile(rb"[A-Za-z0-9-]+:")


def key_str_bytes(data: str, what: str, binary_forms: str) -> bytes:
    """The ASCII bytes of a key given as a ``str``, which must be PEM: refused by size, by a non-ASCII
    character, or for not being PEM (a str is never read as DER or raw key bytes: those come as bytes,
    *binary_forms* says which).  The block itself is read later, by :func:`decode`."""
    if len(data) > MAX_KEY_BYTES:
        raise EncodingError(f"{what} is too large: {len(data)} characters, at most {MAX_KEY_BYTES}")
    if not data.isascii():
        raise EncodingError(f"{what} given as str must be ASCII PEM")
    raw = data.encode("ascii")
    if not looks_like_pem(raw):
        raise EncodingError(
            f"{what} given as str must be PEM ('-----BEGIN ...-----'); give {binary_forms} as bytes"
        )
    return raw


def looks_like_pem(data: bytes) -> bool:
    """True if *data*, after leading whitespace, starts with dashes (PEM, or something posing as it)."""
    return data.lstrip(_WHITESPACE)[:4] == b"----"


def _short(line: bytes, limit: int = 40) -> str:
    text = line[:limit].decode("ascii", "replace")
    return repr(text) + ("..." if len(line) > limit else "")


def decode(data, labels: tuple[str, ...] | None = None) -> tuple[str, bytes]:
    """``(label, der)`` of the one PEM block in *data* (bytes-like, or an ASCII ``str``).

    *labels*, if given, are the labels accepted (e.g. ``("PUBLIC KEY",)``).  Anything that is not
    exactly one strict RFC 7468 block raises :class:`~ecedu.errors.EncodingError`.
    """
    if labels is not None:  # a lone str would be matched by substring ("KEY" in "PUBLIC KEY")
        if not isinstance(labels, (tuple, list, set, frozenset)):
            raise ECEduError(
                f"labels must be a tuple of str such as ('PUBLIC KEY',) or None, got {type(labels).__name__}"
            )
        for label in labels:
            if not isinstance(label, str):
                raise ECEduError(f"labels must be str, got {type(label).__name__} {label!r:.40}")
    if isinstance(data, str):
        if not data.isascii():
            raise EncodingError("PEM text must be ASCII")
        data = data.encode("ascii")
    elif isinstance(data, BYTES_LIKE):
        data = as_bytes(data, "PEM")
    else:
        raise EncodingError(f"PEM must be bytes or str, got {type(data).__name__}")
    if not data.isascii():
        raise EncodingError("PEM must be ASCII: it contains a byte >= 0x80")
    lines = data.split(b"\n")
    for i, line in enumerate(lines):  # LF or CRLF line ends; trailing spaces
        lines[i] = line.rstrip(b"\r").rstrip(b" \t")
    first = 0
    while first < len(lines) and not lines[first]:
        first += 1
    if first == len(lines):
        raise EncodingError("empty PEM: no -----BEGIN line")
    begin = lines[first].lstrip(b" \t")
    if begin.startswith(b"---- BEGIN"):
        raise EncodingError(
            "this is an SSH2 key block ('---- BEGIN', RFC 4716), not PEM "
            "(RFC 7468 uses five dashes: '-----BEGIN ...-----')"
        )
    if begin != lines[first]:
        raise EncodingError("malformed PEM: the -----BEGIN line must start at the beginning of its line")
    label = _label(begin, _BEGIN, "BEGIN")
    if labels is not None and label not in labels:
        if label == "ENCRYPTED PRIVATE KEY":
            raise EncodingError(
                "this PEM key is encrypted (PKCS#8 EncryptedPrivateKeyInfo, RFC 5958 §3); "
                "ecedu reads only unencrypted keys: decrypt it first, e.g. "
                "`openssl pkey -in key.pem -out plain.pem`"
            )
        raise EncodingError(f"PEM label {label!r} is not one of {', '.join(labels)}")

    body: list[bytes] = []
    end = None
    for j in range(first + 1, len(lines)):
        line = lines[j]
        if line.startswith(b"-----"):
            end = j
            break
        if not body and _HEADER.match(line):
            _refuse_header(line)
        if not line:
            if not any(lines[j:]):
                break  # only blank lines follow: no END line
            raise EncodingError(f"malformed PEM: blank line inside the {label} block (line {j + 1})")
        if not _BASE64_LINE.match(line):
            bad = [chr(c) for c in line if not (chr(c).isalnum() or c in b"+/=")]
            if not bad:
                raise EncodingError(f"malformed PEM: '=' padding in the middle of line {j + 1}")
            raise EncodingError(
                f"malformed PEM: character {bad[0]!r} in the base64 on line {j + 1} "
                "(only A-Z a-z 0-9 + / and final = padding are allowed)"
            )
        body.append(line)
    if end is None:
        raise EncodingError(f"malformed PEM: no -----END {label}----- line")
    end_label = _label(lines[end], _END, "END")
    if end_label != label:
        raise EncodingError(f"malformed PEM: BEGIN {label!r} ends with END {end_label!r}")
    for line in lines[end + 1 :]:
        if line.lstrip(b" \t"):
            if line.lstrip(b" \t").startswith(_BEGIN):
                raise EncodingError(
                    "more than one PEM block: give exactly one (e.g. `openssl ecparam "
                    "-genkey` also writes an EC PARAMETERS block unless given -noout)"
                )
            raise EncodingError(f"malformed PEM: unexpected text after the END line: {_short(line)}")

    text = b"".join(body)
    if not text:
        raise EncodingError(f"malformed PEM: the {label} block is empty")
    if b"=" in text.rstrip(b"="):
        raise EncodingError("malformed PEM: '=' padding is allowed only at the end of the base64")
    if len(text) % 4:
        raise EncodingError(
            "malformed PEM: the base64 is not a multiple of 4 characters (missing '=' padding or truncated)"
        )
    try:
        der = binascii.a2b_base64(text, strict_mode=True)
    except binascii.Error as e:
        raise EncodingError(f"malformed PEM: invalid base64 ({e})") from None
    if base64.b64encode(der) != text:
        raise EncodingError("malformed PEM: the base64 is not canonical (non-zero padding bits)")
    return label, der


def _label(line: bytes, prefix: bytes, what: str) -> str:
    if not (line.startswith(prefix) and line.endswith(_DASHES) and len(line) > len(prefix) + 5):
        raise EncodingError(
            f"malformed PEM {what} line {_short(line)}: expected '{prefix.decode()}<label>-----'"
        )
    label = line[len(prefix) : -5]
    if not _LABEL.match(label):
        raise EncodingError(f"malformed PEM {what} line: invalid label {_short(label)} (RFC 7468 §3)")
    return label.decode("ascii")


def _refuse_header(line: bytes):
    name = line.split(b":", 1)[0].decode("ascii")
    if name.lower() in ("proc-type", "dek-info"):
        raise EncodingError(
            "this PEM key is encrypted (RFC 1421 'Proc-Type: 4,ENCRYPTED' / 'DEK-Info' "
            "headers); ecedu reads only unencrypted keys: decrypt it first, e.g. "
            "`openssl ec -in key.pem -out plain.pem`"
        )
    raise EncodingError(f"PEM headers (RFC 1421, here {name!r}) are not allowed in RFC 7468 PEM")
