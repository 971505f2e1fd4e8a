"""Deterministic ECDSA nonces (RFC 6979 §3.2): k from HMAC-DRBG seeded with the key and H(m).

Same key and message give the same k, so no bad random number generator can leak the key,
and ecedu's signatures are reproducible (the native and python backends produce equal bytes).
"""

from __future__ import annotations

import hashlib
import hmac

from .errors import ECEduError

#: Nonces a signer takes before it gives up when each gives r = 0 or s = 0 (RFC 6979 §3.4 says only
#: "try again").  On a standard curve one retry has probability about 2/n; on the course's toy
#: curves, whose n is tiny, every nonce may fail, and the signer must stop.  (The C signer,
#: protocol/ecdsa.c, stops after 1000 candidates, those step h.3 drops included; it serves no toy
#: curve.)
MAX_NONCES = 1000


def no_signature_error(n: int) -> ECEduError:
    """The error of a signer whose first MAX_NONCES nonces all gave r = 0 or s = 0."""
    return ECEduError(
        f"no ECDSA signature: r or s was 0 for each of the first {MAX_NONCES} RFC 6979 nonces "
        f"(a group of order n = {n} is too small for ECDSA)"
    )


def bits2int(data: bytes, qlen: int) -> int:
    """Leftmost *qlen* bits of *data* as an integer (RFC 6979 §2.3.2)."""
    x = int.from_bytes(data, "big")
    blen = len(data) * 8
    return x >> (blen - qlen) if blen > qlen else x


def int2octets(x: int, rlen: int) -> bytes:
    return x.to_bytes(rlen, "big")


def bits2octets(data: bytes, q: int) -> bytes:
    z1 = bits2int(data, q.bit_length())
    z2 = z1 - q if z1 >= q else z1
    return int2octets(z2, (q.bit_length() + 7) // 8)


def digest_size(hash_name) -> int:
    """The digest size of *hash_name*, a hashlib hash HMAC can use; an ECEduError for anything else."""
    if not isinstance(hash_name, str):
        raise ECEduError(f"the hash must be named by a str, got {type(hash_name).__name__}")
    try:
        h = hashlib.new(hash_name)
    except (ValueError, TypeError):
        raise ECEduError(f"unknown hash {hash_name!r}") from None
    if h.name.startswith("shake"):
        raise ECEduError(f"{hash_name!r} is an XOF with no fixed digest size; RFC 6979's HMAC needs a hash")
    return h.digest_size


def generate_k(q: int, x: int, h1: bytes, hash_name: str = "sha256"):
    """Yield the candidate nonces for private key *x* and message hash *h1* (RFC 6979 §3.2 a–h)."""
    qlen = q.bit_length()
    rlen = (qlen + 7) // 8
    hlen = digest_size(hash_name)
    V = b"\x01" * hlen
    K = b"\x00" * hlen
    seed = int2octets(x, rlen) + bits2octets(h1, q)
    K = hmac.new(K, V + b"\x00" + seed, hash_name).digest()
    V = hmac.new(K, V, hash_name).digest()
    K = hmac.new(K, V + b"\x01" + seed, hash_name).digest()
    V = hmac.new(K, V, hash_name).digest()
    while True:
        T = b""
        while len(T) * 8 < qlen:
            V = hmac.new(K, V, hash_name).digest()
            T += V
        k = bits2int(T, qlen)
        if 1 <= k < q:
            yield k
        K = hmac.new(K, V + b"\x00", hash_name).digest()
        V = hmac.new(K, V, hash_name).digest()
