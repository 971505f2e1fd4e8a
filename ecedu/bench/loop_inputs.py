"""The fixed inputs of the C library's timing loops (src/bench.c: ``bench_inputs``), for the
Python calls that are timed beside them.

A rate "public call against C loop" measures what the call costs only if both do the same work
in C.  For ECDSA signing they need not: RFC 6979 rejects a candidate nonce ≥ n about half the
time on the curves whose n lies just above a power of two (sect163k1, sect233k1, …), and each
rejection is another HMAC-DRBG step (about 2 µs of a 14 µs sect163k1 signature, AMD EPYC Zen 3),
so a call with another key or message does another amount of work.  Hence the public calls that
``ecedu speed`` and ``python -m ecedu.bench.callpath`` set beside a C loop take its inputs, and
sign the same 64 messages in turn.
"""

from __future__ import annotations

__all__ = ["MESSAGE", "MESSAGES", "scalar"]

#: The message whose SHA-256 is the C loops' digest for verification (and the signing messages' stem).
MESSAGE = b"ecedu ecdsa bench"

#: The messages the signing loops take in turn, message i for the i-th signature modulo 64 (src/bench.c:
#: ``bench_digests``): with one fixed message the number of rejected nonces was fixed too, none on
#: some curves and two on others, where ``openssl speed``'s random nonces average them.
MESSAGES = tuple(MESSAGE + bytes([i]) for i in range(64))


def scalar(curve, byte: int) -> int:
    """The C loops' scalar 0x00 <byte> <byte> … of len(n) bytes (< n on every curve): byte 0x5A
    for the private key, 0x33 for the ECDH peer's."""
    return int.from_bytes(bytes([byte]) * curve.order_byte_length, "big") >> 8
