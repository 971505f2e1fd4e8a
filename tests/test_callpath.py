"""The public calls' hot path (ecedu/native/fastpath.py, issue 15) against their general path.

ecdh.shared_secret, ecdsa.sign and ecdsa.verify answer bytes inputs on a curve name already used
in one C call each and hand anything else to the general path.  Checked here: the hot path is
really taken (the general path is made to fail), its answers equal the Python reference's, and on
valid, mutated and wrong inputs the public functions answer or raise exactly alike (same
exception class and message) with the hot path and without it (its table emptied).
"""

from __future__ import annotations

import random
from functools import partial

import pytest

from ecedu import ecdh, ecdsa, keys
from ecedu.backend import native_available
from ecedu.curves import get_curve
from ecedu.ec import encode_point
from ecedu.errors import ECEduError

pytestmark = pytest.mark.skipif(not native_available(), reason="the native library is not built")

CURVES = ["sect163k1", "sect233k1", "sect283r1", "secp256r1", "secp521r1"]  # secp521r1: DER lengths 0x81 L
MESSAGE = b"call path"


def _outcome(fn):
    try:
        return ("ok", fn())
    except ECEduError as e:
        return (type(e).__name__, str(e))


def _without_hot_path(monkeypatch, fn):
    with monkeypatch.context() as m:
        m.setattr(ecdh, "_FAST", {})
        m.setattr(ecdsa, "_FAST", {})
        return _outcome(fn)


def _alike(monkeypatch, fn):
    """fn's outcome with the hot path (warmed up) equals its outcome without it."""
    fast = _outcome(fn)
    assert fast == _without_hot_path(monkeypatch, fn)
    return fast


def _mutations(data: bytes, rng: random.Random, count: int = 12):
    yield b""
    yield data[:-1]
    yield data + b"\x00"
    yield data[:1]
    for _ in range(count):
        b = bytearray(data)
        i = rng.randrange(len(b))
        b[i] ^= 1 << rng.randrange(8)
        yield bytes(b)


def _setup(name):
    curve = get_curve(name)
    rng = random.Random(name)
    d = rng.randrange(1, curve.n)
    Q = keys.public_key(curve, d)
    peer = keys.public_key(curve, rng.randrange(1, curve.n))
    # warm up: the first calls take the general path and make the curve's call record
    sig = ecdsa.sign(name, d, MESSAGE)
    assert ecdsa.verify(name, encode_point(curve, Q), MESSAGE, sig)
    ecdh.shared_secret(name, d, encode_point(curve, peer))
    return curve, rng, d, Q, peer


@pytest.mark.parametrize("name", CURVES)
def test_the_hot_path_is_taken_and_agrees_with_the_reference(name, monkeypatch):
    curve, rng, d, Q, peer = _setup(name)
    expected_secret = ecdh.shared_secret(curve, d, encode_point(curve, peer), backend="python")
    expected_der = ecdsa.sign(curve, d, MESSAGE, backend="python")
    expected_p1363 = ecdsa.sign(curve, d, MESSAGE, backend="python", signature_format="p1363")

    def general_path(*args, **kwargs):
        raise AssertionError("the general path was taken")

    with monkeypatch.context() as m:
        m.setattr(ecdh, "_shared_secret", general_path)
        m.setattr(ecdsa, "_sign", general_path)
        m.setattr(ecdsa, "_verify", general_path)
        for which in (name, curve):  # the name, or the registry's curve object
            peer_keys = (
                encode_point(curve, peer),
                encode_point(curve, peer, True),
                keys.public_key_to_der(curve, peer),
            )
            for key in peer_keys:
                assert ecdh.shared_secret(which, d, key) == expected_secret
            assert ecdsa.sign(which, d, MESSAGE) == expected_der
            assert ecdsa.sign(which, d, MESSAGE, backend="native", allow_legacy_hash=True) == expected_der
            assert ecdsa.sign(which, d, MESSAGE, signature_format="p1363") == expected_p1363
            own_keys = (
                encode_point(curve, Q),
                encode_point(curve, Q, True),
                keys.public_key_to_der(curve, Q, True),
            )
            for key in own_keys:
                assert ecdsa.verify(which, key, MESSAGE, expected_der) is True
                assert ecdsa.verify(which, key, MESSAGE + b"!", expected_der) is False
                assert ecdsa.verify(which, key, MESSAGE, expected_p1363, signature_format="p1363") is True
    # a signature of another hash, verified on the hot path once the hash name is known
    sig384 = ecdsa.sign(name, d, MESSAGE, hash="sha384")
    assert ecdsa.verify(name, encode_point(curve, Q), MESSAGE, sig384, hash="SHA384") is True
    with monkeypatch.context() as m:
        m.setattr(ecdsa, "_verify", general_path)
        assert ecdsa.verify(name, encode_point(curve, Q), MESSAGE, sig384, hash="SHA384") is True


@pytest.mark.parametrize("name", CURVES)
def test_ecdh_answers_and_errors_alike(name, monkeypatch):
    curve, rng, d, Q, peer = _setup(name)
    other = get_curve("sect163r2")
    good = encode_point(curve, peer)
    peers = [
        good,
        encode_point(curve, peer, True),
        keys.public_key_to_der(curve, peer),
        keys.public_key_to_der(curve, peer, True),
        keys.public_key_to_pem(curve, peer),
        keys.public_key_to_der(other, keys.public_key(other, 5)),
        encode_point(other, keys.public_key(other, 5)),
        b"\x00",
        b"\x04" + b"\xff" * (len(good) - 1),
        *_mutations(good, rng),
        *_mutations(keys.public_key_to_der(curve, peer), rng),
    ]
    scalars = [d, 1, curve.n - 1, 0, -1, curve.n, 1 << 600, True]
    for key in peers:
        for k in scalars:
            _alike(monkeypatch, partial(ecdh.shared_secret, name, k, key))
            _alike(monkeypatch, partial(ecdh.shared_secret, curve, k, key))
    assert _alike(monkeypatch, lambda: ecdh.shared_secret(name, d, good))[0] == "ok"
    assert _alike(monkeypatch, lambda: ecdh.shared_secret(name, 0, good))[0] == "InvalidScalarError"


@pytest.mark.parametrize("name", CURVES)
def test_sign_answers_and_errors_alike(name, monkeypatch):
    curve, rng, d, Q, peer = _setup(name)
    for k in (d, 1, curve.n - 1, 0, curve.n, -5, 1 << 600, False):
        for fmt in ("der", "p1363", "DER", None):
            for hash_, legacy in (
                ("sha256", False),
                ("sha256", True),
                ("sha256", 1),
                ("SHA256", False),
                ("sha1", False),
            ):
                call = partial(
                    ecdsa.sign, name, k, MESSAGE, hash_, signature_format=fmt, allow_legacy_hash=legacy
                )
                _alike(monkeypatch, call)
    for message in (b"", bytes(1000), bytearray(b"x"), "text", None):
        _alike(monkeypatch, partial(ecdsa.sign, name, d, message))


@pytest.mark.parametrize("name", CURVES)
def test_verify_answers_and_errors_alike(name, monkeypatch):
    curve, rng, d, Q, peer = _setup(name)
    der = ecdsa.sign(name, d, MESSAGE)
    raw = ecdsa.sign(name, d, MESSAGE, signature_format="p1363")
    r, s = keys.decode_signature(der)
    good_key = encode_point(curve, Q)
    key_forms = [
        good_key,
        encode_point(curve, Q, True),
        keys.public_key_to_der(curve, Q),
        *_mutations(good_key, rng, 6),
        *_mutations(keys.public_key_to_der(curve, Q, True), rng, 4),
    ]
    L = curve.order_byte_length
    body = der[2:] if der[1] < 0x80 else der[3:]
    long_form = b"\x30\x82" + len(body).to_bytes(2, "big") + body  # BER, not DER
    signatures = [
        der,
        long_form,
        keys.encode_signature(r, curve.n - s, curve),  # the other s: not valid here
        b"\x30" + bytes([len(der) - 2 + 1]) + b"\x02" + bytes([der[3] + 1]) + b"\x00" + der[4:],  # 0x00 pad
        *_mutations(der, rng),
        raw,
        b"\x30\x06\x02\x01\x00\x02\x01\x01",  # r = 0
        b"\x30\x06\x02\x01\x01\x02\x01\xff",  # s < 0
    ]
    for key in key_forms:
        for sig in signatures:
            for fmt in ("der", "p1363"):
                _alike(monkeypatch, partial(ecdsa.verify, name, key, MESSAGE, sig, signature_format=fmt))
            _alike(monkeypatch, partial(ecdsa.verify, curve, key, MESSAGE, sig))
    for sig in [
        raw,
        raw[:-1],
        raw + b"\x00",
        (curve.n).to_bytes(L, "big") + raw[L:],
        bytes(2 * L),
        *_mutations(raw, rng, 6),
    ]:
        _alike(monkeypatch, partial(ecdsa.verify, name, good_key, MESSAGE, sig, signature_format="p1363"))
    for hash_ in ("sha256", "SHA-256", "sha384", "md5", "shake_128", "nonsense", 7):
        _alike(monkeypatch, partial(ecdsa.verify, name, good_key, MESSAGE, der, hash=hash_))
    for message in (b"", bytearray(MESSAGE), "text", None):
        _alike(monkeypatch, partial(ecdsa.verify, name, good_key, message, der))
    for key in (None, "text", bytearray(good_key)):
        _alike(monkeypatch, partial(ecdsa.verify, name, key, MESSAGE, der))
    assert _alike(monkeypatch, lambda: ecdsa.verify(name, good_key, MESSAGE, der)) == ("ok", True)
    assert _alike(monkeypatch, lambda: ecdsa.verify(name, good_key, MESSAGE, long_form)) == ("ok", False)


def test_curve_arguments_of_other_kinds_answer_alike(monkeypatch):
    """The hot path looks the curve argument up in one dict (a name, or the registry's object,
    hashed by identity): an unhashable argument, an alias, a str subclass, a copy of the curve
    object or None must answer or raise exactly as the general path does."""
    import dataclasses

    name = "sect163k1"
    curve, rng, d, Q, peer = _setup(name)

    class Name(str):
        pass

    key = encode_point(curve, peer)
    sig = ecdsa.sign(name, d, MESSAGE)
    pub = encode_point(curve, Q)
    outcomes = {}
    for arg in ([name], {}, "K-163", Name(name), dataclasses.replace(curve), None, 163):
        for call in (
            partial(ecdh.shared_secret, arg, d, key),
            partial(ecdsa.sign, arg, d, MESSAGE),
            partial(ecdsa.verify, arg, pub, MESSAGE, sig),
        ):
            outcomes[repr(arg)[:20], call.func.__name__] = _alike(monkeypatch, call)
    assert outcomes["['sect163k1']", "shared_secret"][0] != "ok"  # not a curve: an ECEduError
    assert outcomes["'K-163'", "shared_secret"] == ("ok", ecdh.shared_secret(name, d, key))
    assert outcomes["'K-163'", "verify"] == ("ok", True)


def test_the_table_is_emptied_when_the_library_is_loaded_again():
    from ecedu.native import fastpath, library

    _setup("sect163k1")
    assert "sect163k1" in fastpath.TABLE
    library.load(library.library_path())
    assert fastpath.TABLE == {}
    d = 12345
    curve = get_curve("sect163k1")
    point = encode_point(curve, keys.public_key(curve, 777))
    expected = ecdh.shared_secret(curve, d, point, backend="python")
    assert ecdh.shared_secret("sect163k1", d, point) == expected  # the general path, on the new load
    assert "sect163k1" in fastpath.TABLE
    assert ecdh.shared_secret("sect163k1", d, point) == expected  # the hot path again
