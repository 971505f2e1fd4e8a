"""In-process OpenSSL (libcrypto.so.3) through ctypes, for curves ``openssl speed`` lacks.

Only the small EVP surface the benchmark needs:

* key generation: ``EVP_PKEY_CTX_new_id(EVP_PKEY_EC)`` + ``EVP_PKEY_keygen_init`` +
  ``EVP_PKEY_CTX_set_ec_paramgen_curve_nid`` + ``EVP_PKEY_keygen``;
* export of the private scalar (``EVP_PKEY_get_bn_param(.., "priv")``) and the encoded
  public point (``EVP_PKEY_get_octet_string_param(.., "encoded-pub-key")``), so ecedu
  can be fed the very same keys;
* import of DER keys (``d2i_AutoPrivateKey``, ``d2i_PUBKEY``);
* ECDH: ``EVP_PKEY_derive_init`` / ``EVP_PKEY_derive_set_peer`` / ``EVP_PKEY_derive``;
* ECDSA on a precomputed digest: ``EVP_PKEY_sign`` / ``EVP_PKEY_verify`` (this is what
  ``openssl speed`` times: no hashing inside the loop);
* GF(2^m) multiplication ``BN_GF2m_mod_mul_arr`` (one ctypes call per product).

Timed loops call the prepared EVP context again and again from Python, so each
operation pays ~1 microsecond of ctypes overhead: negligible against a scalar
multiplication (>= 50 microseconds), dominant for a field multiplication.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import hashlib

from ecedu.curves.sec2 import OIDS

EVP_PKEY_EC = 408  # NID_X9_62_id_ecPublicKey
EVP_PKEY_X25519 = 1034  # NID_X25519


class LibcryptoError(RuntimeError):
    pass


_lib = None
_load_error = None


def _load():
    global _lib, _load_error
    if _lib is not None or _load_error is not None:
        return _lib
    path = ctypes.util.find_library("crypto")
    candidates = ["libcrypto.so.3"] + ([path] if path else [])
    for cand in candidates:
        try:
            lib = ctypes.CDLL(cand)
            # symbol checks: AttributeError if missing (OpenSSL >= 1.0; OpenSSL 3 only)
            _ = lib.EVP_PKEY_derive_set_peer, lib.EVP_PKEY_get_bn_param
            break
        except (OSError, AttributeError) as exc:
            _load_error = f"{cand}: {exc}"
    else:
        return None
    _load_error = None
    P, I, S = ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t
    PP = ctypes.POINTER(ctypes.c_void_p)
    sig = {
        "OBJ_txt2nid": (I, [ctypes.c_char_p]),
        "EVP_PKEY_CTX_new_id": (P, [I, P]),
        "EVP_PKEY_CTX_new": (P, [P, P]),
        "EVP_PKEY_CTX_free": (None, [P]),
        "EVP_PKEY_keygen_init": (I, [P]),
        "EVP_PKEY_CTX_set_ec_paramgen_curve_nid": (I, [P, I]),
        "EVP_PKEY_keygen": (I, [P, PP]),
        "EVP_PKEY_free": (None, [P]),
        "EVP_PKEY_derive_init": (I, [P]),
        "EVP_PKEY_derive_set_peer": (I, [P, P]),
        "EVP_PKEY_derive": (I, [P, ctypes.c_char_p, ctypes.POINTER(S)]),
        "EVP_PKEY_sign_init": (I, [P]),
        "EVP_PKEY_sign": (I, [P, ctypes.c_char_p, ctypes.POINTER(S), ctypes.c_char_p, S]),
        "EVP_PKEY_verify_init": (I, [P]),
        "EVP_PKEY_verify": (I, [P, ctypes.c_char_p, S, ctypes.c_char_p, S]),
        "EVP_PKEY_get_bn_param": (I, [P, ctypes.c_char_p, PP]),
        "EVP_PKEY_get_octet_string_param": (I, [P, ctypes.c_char_p, ctypes.c_char_p, S, ctypes.POINTER(S)]),
        "EVP_PKEY_get_size": (I, [P]),
        "EVP_PKEY_get_raw_private_key": (I, [P, ctypes.c_char_p, ctypes.POINTER(S)]),
        "EVP_PKEY_get_raw_public_key": (I, [P, ctypes.c_char_p, ctypes.POINTER(S)]),
        "d2i_AutoPrivateKey": (P, [P, ctypes.POINTER(ctypes.c_char_p), ctypes.c_long]),
        "d2i_PUBKEY": (P, [P, ctypes.POINTER(ctypes.c_char_p), ctypes.c_long]),
        "BN_num_bits": (I, [P]),
        "BN_bn2bin": (I, [P, ctypes.c_char_p]),
        "BN_bin2bn": (P, [ctypes.c_char_p, I, P]),
        "BN_new": (P, []),
        "BN_free": (None, [P]),
        "BN_clear_free": (None, [P]),
        "BN_CTX_new": (P, []),
        "BN_CTX_free": (None, [P]),
        "BN_GF2m_mod_mul_arr": (I, [P, P, P, ctypes.POINTER(I), P]),
        "ERR_get_error": (ctypes.c_ulong, []),
        "ERR_error_string_n": (None, [ctypes.c_ulong, ctypes.c_char_p, S]),
    }
    for name, (res, args) in sig.items():
        try:
            fn = getattr(lib, name)
        except AttributeError:
            continue  # e.g. BN_GF2m_* on a build with no-ec2m; checked at use
        fn.restype = res
        fn.argtypes = args
    _lib = lib
    return _lib


def available() -> bool:
    return _load() is not None


def unavailable_reason() -> str | None:
    _load()
    return None if _lib is not None else (_load_error or "libcrypto not found")


def _lib_or_raise():
    lib = _load()
    if lib is None:
        raise LibcryptoError(unavailable_reason())
    return lib


def _errors(lib) -> str:
    msgs = []
    buf = ctypes.create_string_buffer(256)
    while True:
        e = lib.ERR_get_error()
        if not e:
            break
        lib.ERR_error_string_n(e, buf, 256)
        msgs.append(buf.value.decode(errors="replace"))
    return "; ".join(msgs) or "no OpenSSL error queued"


def _check(lib, ok, what):
    if ok is None or (isinstance(ok, int) and ok <= 0):
        raise LibcryptoError(f"{what} failed: {_errors(lib)}")
    return ok


def curve_nid(curve: str, oid: str | None = None) -> int:
    lib = _lib_or_raise()
    # OBJ_txt2nid understands dotted OIDs, so no table of OpenSSL's names is needed (it calls
    # secp192r1/secp256r1 prime192v1/prime256v1)
    oid = oid or OIDS.get(curve)
    for text in filter(None, [oid, curve]):
        nid = lib.OBJ_txt2nid(text.encode())
        if nid > 0:
            return nid
    raise LibcryptoError(f"OpenSSL does not know curve {curve}")


class PKey:
    """An owned ``EVP_PKEY*``."""

    def __init__(self, ptr):
        self._lib = _lib_or_raise()
        self.ptr = ctypes.c_void_p(ptr)

    def __del__(self):
        if getattr(self, "ptr", None) and self.ptr.value and self._lib is not None:
            self._lib.EVP_PKEY_free(self.ptr)
            self.ptr = None

    # -- export --------------------------------------------------------------
    def private_scalar(self) -> int:
        lib = self._lib
        bn = ctypes.c_void_p()
        _check(
            lib, lib.EVP_PKEY_get_bn_param(self.ptr, b"priv", ctypes.byref(bn)), "EVP_PKEY_get_bn_param(priv)"
        )
        try:
            n = (lib.BN_num_bits(bn) + 7) // 8
            buf = ctypes.create_string_buffer(max(n, 1))
            lib.BN_bn2bin(bn, buf)
            return int.from_bytes(buf.raw[:n], "big") if n else 0
        finally:
            lib.BN_clear_free(bn)

    def public_bytes(self) -> bytes:
        """The SEC 1 encoded public point (uncompressed, as OpenSSL generates it)."""
        lib = self._lib
        out = ctypes.c_size_t(0)
        buf = ctypes.create_string_buffer(2 * 73 + 1)
        _check(
            lib,
            lib.EVP_PKEY_get_octet_string_param(
                self.ptr, b"encoded-pub-key", buf, len(buf), ctypes.byref(out)
            ),
            "EVP_PKEY_get_octet_string_param(encoded-pub-key)",
        )
        return buf.raw[: out.value]


def generate_x25519_key() -> tuple[PKey, bytes, bytes]:
    """An X25519 key pair: (the EVP_PKEY, the raw 32-byte private key, the raw public key)."""
    lib = _lib_or_raise()
    ctx = lib.EVP_PKEY_CTX_new_id(EVP_PKEY_X25519, None)
    _check(lib, ctx, "EVP_PKEY_CTX_new_id(X25519)")
    try:
        _check(lib, lib.EVP_PKEY_keygen_init(ctx), "EVP_PKEY_keygen_init")
        pk = ctypes.c_void_p()
        _check(lib, lib.EVP_PKEY_keygen(ctx, ctypes.byref(pk)), "EVP_PKEY_keygen")
        key = PKey(pk.value)
    finally:
        lib.EVP_PKEY_CTX_free(ctx)
    raw = []
    for fn in (lib.EVP_PKEY_get_raw_private_key, lib.EVP_PKEY_get_raw_public_key):
        buf, n = ctypes.create_string_buffer(32), ctypes.c_size_t(32)
        _check(lib, fn(key.ptr, buf, ctypes.byref(n)), "EVP_PKEY_get_raw_*_key")
        raw.append(buf.raw[: n.value])
    return key, raw[0], raw[1]


def generate_key(curve: str, oid: str | None = None) -> PKey:
    lib = _lib_or_raise()
    nid = curve_nid(curve, oid)
    ctx = lib.EVP_PKEY_CTX_new_id(EVP_PKEY_EC, None)
    _check(lib, ctx, "EVP_PKEY_CTX_new_id")
    try:
        _check(lib, lib.EVP_PKEY_keygen_init(ctx), "EVP_PKEY_keygen_init")
        _check(
            lib,
            lib.EVP_PKEY_CTX_set_ec_paramgen_curve_nid(ctx, nid),
            "EVP_PKEY_CTX_set_ec_paramgen_curve_nid",
        )
        pk = ctypes.c_void_p()
        _check(lib, lib.EVP_PKEY_keygen(ctx, ctypes.byref(pk)), "EVP_PKEY_keygen")
        return PKey(pk.value)
    finally:
        lib.EVP_PKEY_CTX_free(ctx)


def load_private_der(der: bytes) -> PKey:
    lib = _lib_or_raise()
    p = ctypes.c_char_p(der)
    ptr = lib.d2i_AutoPrivateKey(None, ctypes.byref(p), len(der))
    _check(lib, ptr, "d2i_AutoPrivateKey")
    return PKey(ptr)


def load_public_der(der: bytes) -> PKey:
    """A SubjectPublicKeyInfo DER (as ``openssl pkey -pubout -outform DER`` writes)."""
    lib = _lib_or_raise()
    p = ctypes.c_char_p(der)
    ptr = lib.d2i_PUBKEY(None, ctypes.byref(p), len(der))
    _check(lib, ptr, "d2i_PUBKEY")
    return PKey(ptr)


class _Ctx:
    def __init__(self, pkey: PKey):
        self._lib = _lib_or_raise()
        self.pkey = pkey  # keep alive
        self.ptr = self._lib.EVP_PKEY_CTX_new(pkey.ptr, None)
        _check(self._lib, self.ptr, "EVP_PKEY_CTX_new")

    def __del__(self):
        if getattr(self, "ptr", None) and self._lib is not None:
            self._lib.EVP_PKEY_CTX_free(self.ptr)
            self.ptr = None


class Deriver(_Ctx):
    """ECDH with a fixed private key and peer: ``derive()`` is the timed operation."""

    def __init__(self, private: PKey, peer: PKey):
        super().__init__(private)
        lib = self._lib
        self.peer = peer
        _check(lib, lib.EVP_PKEY_derive_init(self.ptr), "EVP_PKEY_derive_init")
        _check(lib, lib.EVP_PKEY_derive_set_peer(self.ptr, peer.ptr), "EVP_PKEY_derive_set_peer")
        n = ctypes.c_size_t(0)
        _check(lib, lib.EVP_PKEY_derive(self.ptr, None, ctypes.byref(n)), "EVP_PKEY_derive(len)")
        self._cap = n.value
        self._buf = ctypes.create_string_buffer(self._cap)
        self._len = ctypes.c_size_t(self._cap)
        self._derive = lib.EVP_PKEY_derive

    def derive(self) -> bytes:
        self._len.value = self._cap
        _check(self._lib, self._derive(self.ptr, self._buf, ctypes.byref(self._len)), "EVP_PKEY_derive")
        return self._buf.raw[: self._len.value]

    def run(self, k: int) -> None:
        """k derivations, minimal Python work per call (the timed loop)."""
        d, ctx, buf, ln, cap = self._derive, self.ptr, self._buf, self._len, self._cap
        ref = ctypes.byref(ln)
        for _ in range(k):
            ln.value = cap
            if d(ctx, buf, ref) <= 0:
                raise LibcryptoError("EVP_PKEY_derive failed: " + _errors(self._lib))


class Signer(_Ctx):
    """ECDSA over a fixed digest (``EVP_PKEY_sign``; random nonce per signature)."""

    def __init__(self, private: PKey, digest: bytes):
        super().__init__(private)
        _check(self._lib, self._lib.EVP_PKEY_sign_init(self.ptr), "EVP_PKEY_sign_init")
        self.digest = digest
        self._cap = max(self._lib.EVP_PKEY_get_size(private.ptr), 16)
        self._buf = ctypes.create_string_buffer(self._cap)
        self._len = ctypes.c_size_t(self._cap)

    def sign(self) -> bytes:
        self._len.value = self._cap
        _check(
            self._lib,
            self._lib.EVP_PKEY_sign(
                self.ptr, self._buf, ctypes.byref(self._len), self.digest, len(self.digest)
            ),
            "EVP_PKEY_sign",
        )
        return self._buf.raw[: self._len.value]

    def run(self, k: int) -> None:
        s, ctx, buf, ln, cap, dg = (
            self._lib.EVP_PKEY_sign,
            self.ptr,
            self._buf,
            self._len,
            self._cap,
            self.digest,
        )
        ref, dl = ctypes.byref(ln), len(dg)
        for _ in range(k):
            ln.value = cap
            if s(ctx, buf, ref, dg, dl) <= 0:
                raise LibcryptoError("EVP_PKEY_sign failed: " + _errors(self._lib))


class Verifier(_Ctx):
    """ECDSA verification of a DER signature over a fixed digest."""

    def __init__(self, public: PKey, digest: bytes):
        super().__init__(public)
        _check(self._lib, self._lib.EVP_PKEY_verify_init(self.ptr), "EVP_PKEY_verify_init")
        self.digest = digest

    def verify(self, signature: bytes) -> bool:
        r = self._lib.EVP_PKEY_verify(self.ptr, signature, len(signature), self.digest, len(self.digest))
        _errors(self._lib)  # clear the queue on a bad signature
        return r == 1

    def run_with(self, signature: bytes):
        v, ctx, dg, sl, dl = (
            self._lib.EVP_PKEY_verify,
            self.ptr,
            self.digest,
            len(signature),
            len(self.digest),
        )

        def run(k: int) -> None:
            for _ in range(k):
                if v(ctx, signature, sl, dg, dl) != 1:
                    raise LibcryptoError("EVP_PKEY_verify rejected: " + _errors(self._lib))

        return run


def derive(private: PKey, peer: PKey) -> bytes:
    return Deriver(private, peer).derive()


def sha256(message: bytes) -> bytes:
    return hashlib.sha256(message).digest()


class GF2mMul:
    """``BN_GF2m_mod_mul_arr`` for the field with reduction exponents ``(m, ..., 0)``."""

    def __init__(self, exponents):
        lib = _lib_or_raise()
        if not hasattr(lib, "BN_GF2m_mod_mul_arr"):
            raise LibcryptoError("libcrypto built without binary fields (no-ec2m)")
        self._lib = lib
        exps = sorted(set(int(e) for e in exponents), reverse=True)
        self._arr = (ctypes.c_int * (len(exps) + 1))(*exps, -1)
        self._ctx = lib.BN_CTX_new()
        self._r = lib.BN_new()
        self._a = self._b = None
        self.nbytes = (exps[0] + 8) // 8

    def _bn(self, x: int):
        data = x.to_bytes(self.nbytes, "big")
        return self._lib.BN_bin2bn(data, len(data), None)

    def set_operands(self, a: int, b: int) -> None:
        for bn in (self._a, self._b):
            if bn:
                self._lib.BN_free(bn)
        self._a, self._b = self._bn(a), self._bn(b)

    def mul(self, a: int, b: int) -> int:
        self.set_operands(a, b)
        _check(
            self._lib,
            self._lib.BN_GF2m_mod_mul_arr(self._r, self._a, self._b, self._arr, self._ctx),
            "BN_GF2m_mod_mul_arr",
        )
        n = (self._lib.BN_num_bits(self._r) + 7) // 8
        buf = ctypes.create_string_buffer(max(n, 1))
        self._lib.BN_bn2bin(self._r, buf)
        return int.from_bytes(buf.raw[:n], "big") if n else 0

    def run(self, k: int) -> None:
        """k products of the operands of the last set_operands()/mul() (one ctypes call each)."""
        f, r, a, b, arr, ctx = (
            self._lib.BN_GF2m_mod_mul_arr,
            self._r,
            self._a,
            self._b,
            self._arr,
            self._ctx,
        )
        for _ in range(k):
            f(r, a, b, arr, ctx)

    def __del__(self):
        lib = getattr(self, "_lib", None)
        if lib is None:
            return
        for bn in (self._a, self._b, self._r):
            if bn:
                lib.BN_free(bn)
        if self._ctx:
            lib.BN_CTX_free(self._ctx)
        self._lib = None
