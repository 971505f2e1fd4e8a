"""RFC 6979 Appendix A.2 test vectors: deterministic ECDSA on the NIST prime and binary curves.

The vectors (RFC 6979, T. Pornin, August 2013, Appendix A.2.3 to A.2.17:
https://www.rfc-editor.org/rfc/rfc6979#appendix-A.2) are stored as data, transcribed in the
RFC's own layout, in ``tests/vectors/rfc6979/ecdsa_a2.txt``:

    A.2.3 P-192   A.2.4 P-224   A.2.5 P-256   A.2.6 P-384   A.2.7 P-521
    A.2.8 K-163   A.2.9 K-233   A.2.10 K-283  A.2.11 K-409  A.2.12 K-571
    A.2.13 B-163  A.2.14 B-233  A.2.15 B-283  A.2.16 B-409  A.2.17 B-571

(A.2.1 and A.2.2 are the DSA vectors, out of scope for an EC package.)  Every section gives
the group order q, the private key x and the public key U = xG, then for the messages
"sample" and "test" and SHA-1/224/256/384/512 the nonce k and the signature (r, s).

For each section: q is the curve's order and U = x·G.  For each (curve, message, hash):
``generate_k`` yields k first, ``ecdsa.sign`` returns exactly DER(r, s), ``ecdsa.verify``
accepts it under U (and, with SHA-256, rejects it for the other message).  A mismatch is first a reason to
re-check the transcription against the RFC, not the code.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from pathlib import Path

import pytest

import ecedu
from ecedu import ecdsa, keys, rfc6979, scalar
from ecedu.backend import native_available, native_covers

VECTORS = Path(__file__).parent / "vectors" / "rfc6979" / "ecdsa_a2.txt"

HASHES = {"SHA-1": "sha1", "SHA-224": "sha224", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512"}

# RFC 6979 Appendix A.2 section -> the NIST name that ecedu.get_curve accepts.
EXPECTED_SECTIONS = {
    "A.2.3": "P-192",
    "A.2.4": "P-224",
    "A.2.5": "P-256",
    "A.2.6": "P-384",
    "A.2.7": "P-521",
    "A.2.8": "K-163",
    "A.2.9": "K-233",
    "A.2.10": "K-283",
    "A.2.11": "K-409",
    "A.2.12": "K-571",
    "A.2.13": "B-163",
    "A.2.14": "B-233",
    "A.2.15": "B-283",
    "A.2.16": "B-409",
    "A.2.17": "B-571",
}

_HEADER = re.compile(r'^With (SHA-\d+), message = "(\w+)":$')
_VALUE = re.compile(r"^(\w+) = ([0-9A-F]+)$")
_CONTINUATION = re.compile(r"^\s+([0-9A-F]+)$")


def _parse(path: Path) -> list[dict]:
    """Sections of the vector file: {section, curve, q, qlen, x, Ux, Uy, sigs: [...]}.

    A value may continue on following indented lines (as in the RFC); ``sigs`` holds one
    {hash, message, k, r, s} per "With SHA-..., message = ...:" block.
    """
    sections: list[dict] = []
    target: dict | None = None  # the dict that the next "name = value" goes into
    last: str | None = None  # the name of the last value (for continuations)
    for lineno, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.rstrip()
        if not line or line.startswith("#"):
            last = None
            continue
        if line.startswith("section: "):
            target = {"section": line.split(": ", 1)[1], "sigs": []}
            sections.append(target)
            last = None
            continue
        if line.startswith("curve: NIST "):
            target["curve"] = line[len("curve: NIST ") :]
            continue
        if m := _HEADER.match(line):
            target = {"hash": m[1], "message": m[2]}
            sections[-1]["sigs"].append(target)
            last = None
            continue
        if m := _CONTINUATION.match(raw):
            assert last is not None, f"{path.name}:{lineno}: continuation without a value"
            target[last] += m[1]
            continue
        if m := _VALUE.match(line):
            name = m[1]
            assert name not in target, f"{path.name}:{lineno}: {name} given twice"
            target[name] = m[2]
            last = name
            continue
        raise AssertionError(f"{path.name}:{lineno}: cannot parse {raw!r}")
    for sec in sections:
        for name in ("q", "x", "Ux", "Uy"):
            sec[name] = int(sec[name], 16)
        sec["qlen"] = int(sec["qlen"])  # written in decimal, as in the RFC
        for sig in sec["sigs"]:
            for name in ("k", "r", "s"):
                sig[name] = int(sig[name], 16)
    return sections


SECTIONS = _parse(VECTORS)
BY_SECTION = {sec["section"]: sec for sec in SECTIONS}

SECTION_IDS = [f"{sec['section']}-{sec['curve']}" for sec in SECTIONS]
CASES = [(h, m) for m in ("sample", "test") for h in HASHES]  # the RFC's order
CASE_IDS = [f"{h}-{m}" for h, m in CASES]


@pytest.fixture(scope="module", params=SECTIONS, ids=SECTION_IDS)
def sec(request):
    """One section of Appendix A.2 (module-scoped, so pytest runs a curve's tests together)."""
    return request.param


NATIVE = [sec for sec in SECTIONS if native_covers(ecedu.get_curve(sec["curve"]))]


@pytest.fixture(scope="module", params=NATIVE, ids=[f"{s['section']}-{s['curve']}" for s in NATIVE])
def native_sec(request):
    """A section on a curve the native backend covers: the binary (K-, B-) curves and P-192 ... P-521."""
    return request.param


def _sig(sec, case):
    hash_label, message = case
    [sig] = [s for s in sec["sigs"] if (s["hash"], s["message"]) == (hash_label, message)]
    return sig


def _curve(sec):
    return ecedu.get_curve(sec["curve"])


def _sec1_point(curve, x: int, y: int) -> bytes:
    """Uncompressed SEC 1 encoding, built here (not by ecedu) from the RFC's Ux, Uy."""
    return b"\x04" + x.to_bytes(curve.byte_length, "big") + y.to_bytes(curve.byte_length, "big")


def test_the_vector_file_is_complete():
    """All 15 EC sections of Appendix A.2, each with 2 messages x 5 hashes."""
    assert {s["section"]: s["curve"] for s in SECTIONS} == EXPECTED_SECTIONS
    for sec in SECTIONS:
        got = sorted((sig["message"], sig["hash"]) for sig in sec["sigs"])
        assert got == sorted((m, h) for m in ("sample", "test") for h in HASHES), sec["section"]


def test_domain_matches(sec):
    curve = _curve(sec)
    assert curve.n == sec["q"]
    assert curve.n.bit_length() == sec["qlen"]


def test_public_key_is_x_times_G(sec):
    curve = _curve(sec)
    assert 1 <= sec["x"] < curve.n
    assert tuple(scalar.fixed_base_mult(curve, sec["x"])) == (sec["Ux"], sec["Uy"])


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_rfc6979_vector(sec, case):
    sig = _sig(sec, case)
    curve = _curve(sec)
    hash_name = HASHES[sig["hash"]]
    message = sig["message"].encode("ascii")
    h1 = hashlib.new(hash_name, message).digest()

    # k: the first candidate of RFC 6979 section 3.2 step h.
    k = next(iter(rfc6979.generate_k(sec["q"], sec["x"], h1, hash_name)))
    assert hex(k) == hex(sig["k"])

    # The signature: exactly (r, s), in canonical DER.
    der = ecdsa.sign(
        curve, sec["x"], message, hash=hash_name, backend="python", allow_legacy_hash=hash_name == "sha1"
    )  # SHA-1 signing needs the opt-in
    assert keys.decode_signature(der) == (sig["r"], sig["s"])
    assert der == keys.encode_signature(sig["r"], sig["s"])

    # Verification under U, given as a bare SEC 1 point built from the RFC's Ux, Uy.
    point = _sec1_point(curve, sec["Ux"], sec["Uy"])
    assert ecdsa.verify(curve, point, message, der, hash=hash_name, backend="python") is True
    if hash_name == "sha256":  # (once per curve and message: verify is the slow part)
        other = b"test" if message == b"sample" else b"sample"
        assert ecdsa.verify(curve, point, other, der, hash=hash_name, backend="python") is False


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_rfc6979_vector_native_backend(native_sec, case):
    """The C kernels must give the same bytes as the RFC (binary and prime curves)."""
    sec = native_sec
    if not native_available():
        pytest.skip("ecedu's native library is not available")
    sig = _sig(sec, case)
    curve = _curve(sec)
    hash_name = HASHES[sig["hash"]]
    message = sig["message"].encode("ascii")
    der = ecdsa.sign(
        curve, sec["x"], message, hash=hash_name, backend="native", allow_legacy_hash=hash_name == "sha1"
    )
    assert der == keys.encode_signature(sig["r"], sig["s"])
    point = _sec1_point(curve, sec["Ux"], sec["Uy"])
    assert ecdsa.verify(curve, point, message, der, hash=hash_name, backend="native") is True


# ---------------------------------------------------------------- step h.3: a rejected candidate
#
# RFC 6979 step h.3: a candidate k outside [1, q - 1] is dropped and K, V stepped on.  With a
# 161- to 163-bit q half of all candidates are dropped, so the vectors above pass through h.3
# now and then; the tests below make sure they do, and on both backends.


def _raw_candidates(q: int, x: int, h1: bytes, count: int) -> list[int]:
    """The first *count* values bits2int(T) of RFC 6979 section 3.2 with HMAC-SHA256, written here from
    the RFC: steps b to h.2 for the first, step h.3's K = HMAC_K(V || 0x00), V = HMAC_K(V) before each
    next one.  No range test: a value may be >= q (step h.3 then drops it)."""
    qlen = q.bit_length()
    rlen = (qlen + 7) // 8
    seed = x.to_bytes(rlen, "big") + (rfc6979.bits2int(h1, qlen) % q).to_bytes(rlen, "big")
    V, K = b"\x01" * 32, b"\x00" * 32
    K = hmac.new(K, V + b"\x00" + seed, "sha256").digest()
    V = hmac.new(K, V, "sha256").digest()
    K = hmac.new(K, V + b"\x01" + seed, "sha256").digest()
    V = hmac.new(K, V, "sha256").digest()
    out = []
    while len(out) < count:
        T = b""
        while len(T) * 8 < qlen:
            V = hmac.new(K, V, "sha256").digest()
            T += V
        out.append(rfc6979.bits2int(T, qlen))
        K = hmac.new(K, V + b"\x00", "sha256").digest()
        V = hmac.new(K, V, "sha256").digest()
    return out


def test_worked_example_a12_drops_candidates():
    """RFC 6979 A.1.2 (K-163's q and key, SHA-256, "sample") works the nonce out step by step: its
    first T = 9305A46D...7C67314A gives k = 04982D23...06AF3B2B >= q, dropped by step h.3, and the
    nonce it ends with is 23AF4074...5E6BDD81B, that of vector A.2.8 (those three transcribed from
    the RFC).  The RFC's steps written in this test give that first value, a second one also >= q,
    then the nonce: two passes through h.3."""
    sec = BY_SECTION["A.2.8"]
    q, x = sec["q"], sec["x"]
    h1 = hashlib.sha256(b"sample").digest()
    first_t = bytes.fromhex("9305A46DE7FF8EB107194DEBD3FD48AA20D5E7656CBE0EA69D2A8D4E7C67314A")
    rejected = 0x04982D236F3FFC758838CA6F5E9FEA455106AF3B2B
    nonce = 0x23AF4074C90A02B3FE61D286D5C87F425E6BDD81B
    assert rfc6979.bits2int(first_t, q.bit_length()) == rejected >= q
    first, second, third = _raw_candidates(q, x, h1, 3)
    assert (first, third) == (rejected, nonce) and second >= q
    assert next(rfc6979.generate_k(q, x, h1, "sha256")) == nonce
    assert _sig(sec, ("SHA-256", "sample"))["k"] == nonce
    backends = ["python"] + (["native"] if native_available() else [])
    want = keys.encode_signature(_sig(sec, ("SHA-256", "sample"))["r"], _sig(sec, ("SHA-256", "sample"))["s"])
    for backend in backends:  # the native signer runs its own DRBG for SHA-256 (C)
        assert ecdsa.sign("K-163", x, b"sample", hash="sha256", backend=backend) == want, backend


@pytest.mark.parametrize("name", ["secp160r1", "sect163r2", "sect233k1"])
def test_a_rejected_first_candidate_on_both_backends(name):
    """On a curve whose q is just above a power of two, the first message (of a fixed list) whose
    first candidate is >= q: both backends sign it with the second candidate, r = x(kG) mod q."""
    curve = ecedu.get_curve(name)
    q, x = curve.n, (curve.n * 2) // 3
    for i in range(64):
        message = b"h.3 %d" % i
        h1 = hashlib.sha256(message).digest()
        first, k = _raw_candidates(q, x, h1, 2)
        if first >= q and 1 <= k < q:
            break
    else:
        pytest.fail("no message among 64 whose first candidate is dropped and second kept (each about 1/4)")
    assert next(rfc6979.generate_k(q, x, h1, "sha256")) == k
    r, s = keys.decode_signature(ecdsa.sign(name, x, message, hash="sha256", backend="python"))
    assert r == scalar.fixed_base_mult(curve, k)[0] % q
    assert s == pow(k, -1, q) * (rfc6979.bits2int(h1, q.bit_length()) + r * x) % q
    if native_covers(curve):
        assert keys.decode_signature(ecdsa.sign(name, x, message, hash="sha256", backend="native")) == (r, s)
