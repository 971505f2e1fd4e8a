"""The hot path of the public ECDH and ECDSA calls: one record per native curve, built once.

On a small binary curve the kernel takes 6–12 µs, so every Python step of a public call counts:
a ctypes call with ``argtypes`` converts each argument through its type's ``from_param``
(≈ 0.06 µs each), a function call costs ≈ 0.05 µs, a curve look-up 0.1 µs.  A
:class:`NativeCurve` keeps ready what a call needs: n, the index in the C table, the lengths as
prebuilt :class:`ctypes.c_size_t`, the output buffer types, the curve's key shapes for C
(ecedu_key_shapes: C finds the point in a SEC 1 or SPKI key, protocol/key_shapes.c, for ECDH
and verification alike), and the four entry points as function pointers
*without* argtypes, so ctypes converts nothing and passes each argument as what it already is:
:class:`bytes` as ``const uint8_t *``, a ctypes array or pointer as a pointer, a ``c_size_t`` as
``size_t``, a Python int or bool as ``int``.  Only this module calls them, and only with arguments of
exactly those types (a Python int for a ``size_t`` would be passed as an ``int``).  Even so each
argument costs ≈ 0.05 µs (AMD Zen 3), which is why ECDH passes five, not seven.

The DER signature is written and read in C (ecedu_ecdsa_sign_der, ecedu_ecdsa_verify_key_vartime,
protocol/sig_der.c): in Python, writing it took ≈ 1.5 µs of the call and reading it ≈ 0.9 µs
(AMD Zen 3); the C reader accepts exactly what :func:`ecedu._der_shapes.signature_octets` accepts
and reports anything else as a length error, which sends the call the general way.

Each method returns the answer, or ``None`` for whatever it does not handle: an unusual shape of
the input, or any error code of the C library.  The public function then takes its general path,
which gives the same answer or raises its precise error: so the fast path never accepts or rejects
anything differently, it only answers sooner (tests/test_callpath.py checks both paths agree).

The records live in :data:`TABLE`, filled by :func:`remember` after a general-path call that
succeeded on the curve, and emptied at every (re)load of the library
(:data:`ecedu.native.library.ON_LOAD`), since they hold its function pointers.
"""

from __future__ import annotations

import ctypes

from ecedu._der_shapes import spki_prefixes_of
from ecedu.curves import get_curve

from . import library

__all__ = ["NativeCurve", "TABLE", "remember"]

#: c_size_t(i) for every length a record passes (points, DER contents, digests are < 256 bytes).
_SIZE = tuple(ctypes.c_size_t(i) for i in range(256))


def _raw(lib, name: str):
    """The entry point ``name`` as a new function pointer without argtypes (int result)."""
    fn = lib[name]  # CDLL.__getitem__: a fresh pointer, not the one library.load() typed
    fn.restype = ctypes.c_int
    return fn


class NativeCurve:
    """What the public ECDH and ECDSA calls need of one native curve (see the module docstring)."""

    __slots__ = (
        "curve",
        "name",
        "n",
        "_index",
        "_nlen",
        "_nlen_size",
        "_key_size",
        "_shapes",
        "_coord",
        "_scalar",
        "_ecdh",
        "_der",
        "_der_size",
        "_sign",
        "_sign_der",
        "_verify",
    )

    def __init__(self, curve):
        c = library.curve_params(curve.name)
        lib = library.lib()
        self.curve, self.name, self.n, self._index, self._nlen = curve, curve.name, curve.n, c.index, c.nlen
        self._nlen_size = ctypes.c_size_t(c.nlen)
        self._scalar = ctypes.c_char * c.nlen  # r, s: .raw, as _coord
        # the key's shapes for C (ecedu_key_shapes, protocol/key_shapes.c), which tells the SEC 1
        # point from the DER SPKI; the four lengths they admit, as the c_size_t a call passes
        shapes = _key_shapes(c, spki_prefixes_of(curve.name))
        self._shapes = ctypes.pointer(shapes)
        self._key_size = {n: _SIZE[n] for n in (*shapes.point_len, *shapes.spki_len)}
        self._coord = ctypes.c_char * c.flen  # its .raw is the bytes, sooner than bytes(c_uint8 array)
        # the longest DER signature, 3 + 2 (nlen + 3) octets (protocol/sig_der.c)
        self._der, self._der_size = ctypes.c_char * (9 + 2 * c.nlen), ctypes.c_size_t(9 + 2 * c.nlen)
        self._ecdh = _raw(lib, "ecedu_ecdh_key")
        self._sign = _raw(lib, "ecedu_ecdsa_sign")
        self._sign_der = _raw(lib, "ecedu_ecdsa_sign_der")
        self._verify = _raw(lib, "ecedu_ecdsa_verify_key_vartime")

    def ecdh(self, d: int, key: bytes) -> bytes | None:
        """x(d·Q) for a key Q given as the point or as DER SPKI (ecedu_ecdh_key: finds the point
        by the shapes of this curve, then decodes and validates it; constant time in d), or
        None.  (The key's length picks its c_size_t: a key of no length of this curve's shapes
        never reaches C.)  With this entry instead of ecedu_ecdh (the point cut out of the SPKI
        here, seven arguments, bytes() of a c_uint8 array), sect163k1 on AMD Zen 3 (AVX2 level):
        the public call's rate went from 81.2% to 84.0-84.5% of the C loop's with a SEC 1 key
        and from 79.5% to 84.2-84.7% with an SPKI one (python -m ecedu.bench.callpath)."""
        size = self._key_size.get(len(key))
        if size is None or not 0 < d < self.n:
            return None
        out = self._coord()
        if self._ecdh(self._shapes, d.to_bytes(self._nlen), key, size, out):
            return None
        return out.raw

    def sign(self, d: int, digest: bytes, der: bool) -> bytes | None:
        """The RFC 6979 (HMAC-SHA256) signature of a SHA-256 *digest*, DER (ecedu_ecdsa_sign_der:
        written in C, one buffer) or P1363 ``r || s`` (ecedu_ecdsa_sign), or None.  The buffers
        are c_char arrays read by ``.raw``: bytes() of a c_uint8 array took 0.18 µs against
        0.09 µs (AMD Zen 3, a 51-octet buffer)."""
        if not 0 < d < self.n or len(digest) != 32:
            return None
        if der:
            out = self._der()
            length = self._sign_der(
                self._index,
                d.to_bytes(self._nlen),
                self._nlen_size,
                digest,
                _SIZE[32],
                out,
                self._der_size,
            )
            if length <= 0:
                return None
            return out.raw[:length]
        r, s = self._scalar(), self._scalar()
        if self._sign(
            self._index,
            d.to_bytes(self._nlen),
            self._nlen_size,
            digest,
            _SIZE[32],
            r,
            s,
            self._nlen_size,
        ):
            return None
        return r.raw + s.raw

    def verify(self, key: bytes, digest: bytes, signature: bytes, der: bool) -> bool | None:
        """Whether *signature* (strict DER, or P1363 ``r || s`` of exactly 2·len(n) bytes) of
        *digest* is valid under *key* (a SEC 1 point or DER SPKI), in one C call
        (ecedu_ecdsa_verify_key_vartime: the key's shape as ecedu_ecdh_key, then the strict DER
        reader of protocol/sig_der.c or the P1363 split); None for an invalid key (the general
        path raises its error) or a signature of another shape (it decides)."""
        size = self._key_size.get(len(key))
        if size is None or len(digest) > 255 or len(signature) > 255:
            return None
        rc = self._verify(
            self._shapes, key, size, digest, _SIZE[len(digest)], signature, _SIZE[len(signature)], der
        )
        if rc < 0:
            return None
        return rc == 1


#: The NativeCurve of each curve a public call has used on the loaded library, under two keys:
#: the curve's name and the registry's curve object itself (ecedu.get_curve(name); a dataclass
#: with eq=False, so it hashes and compares by identity, and one dict look-up of whatever the
#: caller passed finds either: 0.05 µs less per call than choosing between the name and id()).
TABLE: dict[object, NativeCurve] = {}


def _key_shapes(c, spki_prefixes: dict[int, bytes]) -> library.KeyShapes:
    """The ecedu_key_shapes of the native curve *c* (library.CurveParams): its two SEC 1 point
    lengths (compressed 1 + f, uncompressed 1 + 2f octets) and its two SPKI shapes, {total
    length: prefix} (_der_shapes.spki_prefixes_of)."""
    shapes = library.KeyShapes(ci=c.index, nlen=c.nlen, flen=c.flen)
    shapes.point_len[:] = (1 + c.flen, 1 + 2 * c.flen)
    for i, (total, prefix) in enumerate(sorted(spki_prefixes.items())):
        if len(prefix) > library.SPKI_PREFIX_MAX:  # no curve of ecedu needs more than 29 octets
            raise ValueError(f"SPKI prefix of {len(prefix)} octets on {c}")
        shapes.spki_len[i], shapes.spki_prefix_len[i] = total, len(prefix)
        shapes.spki_prefix[i][: len(prefix)] = prefix
    return shapes


def remember(curve) -> dict[object, NativeCurve]:
    """Make sure *curve* (a curve object the native library covers) has its record; returns
    :data:`TABLE`.  Called by the general path after a native call on the curve succeeded.
    Only the registry's own curve objects get one (a curve built by hand goes the general way)."""
    if curve.name not in TABLE and library.loaded() and get_curve(curve.name) is curve:
        record = NativeCurve(curve)
        TABLE[curve.name] = TABLE[curve] = record  # a curve object hashes by identity (eq=False)
    return TABLE


library.ON_LOAD.append(TABLE.clear)
