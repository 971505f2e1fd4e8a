"""The hot-path DER shapes (ecedu/_der_shapes.py) against the general parser (asn1crypto).

The shapes may only *decline* what the parser would decide: whatever they accept, the parser
accepts with the same answer; what they decline, the parser still decides (the public functions
fall through to it).  Checked on valid keys and signatures of every curve and on mutations of them.
"""

import random

import pytest
from asn1crypto import algos
from hypothesis import given, settings
from hypothesis import strategies as st

from ecedu import _der_shapes, keys
from ecedu.curves import curve_names, get_curve
from ecedu.errors import ECEduError

CURVES = curve_names()


def _parser_point(der, curve=None):
    """The general path's answer: (curve name, point) or the exception's class."""
    try:
        found, point = keys._parsed_public_point_bytes(der, curve)
    except ECEduError as e:
        return type(e)
    return found.name, point


def _parser_signature(der):
    try:
        sig = keys._strict_load(algos.DSASignature, der, "ECDSA signature")
    except ECEduError as e:
        return type(e)
    return sig["r"].native, sig["s"].native


def _spki(name, compressed, seed=1):
    curve = get_curve(name)
    d = random.Random(f"{name}{seed}").randrange(1, curve.n)
    return keys.public_key_to_der(curve, keys.public_key(curve, d, backend="python"), compressed)


@pytest.mark.parametrize("name", CURVES)
@pytest.mark.parametrize("compressed", [False, True])
def test_every_curve_spki_is_recognised_as_the_parser_reads_it(name, compressed):
    der = _spki(name, compressed)
    assert _der_shapes.spki_point(der) == _parser_point(der)
    assert keys.public_point_bytes(der) == (get_curve(name), _parser_point(der)[1])


def test_a_key_on_another_curve_still_gets_the_parsers_error():
    der = _spki("sect163k1", False)
    with pytest.raises(ECEduError, match="not on sect233k1"):
        keys.public_point_bytes(der, "sect233k1")


def _mutations(data: bytes, rng: random.Random):
    yield data[:-1]
    yield data + b"\x00"
    yield data[:1] + bytes([data[1] + 1]) + data[2:]
    for _ in range(24):
        i = rng.randrange(len(data))
        yield data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]
    i = rng.randrange(len(data))
    yield data[:i] + data[i + 1 :]


@pytest.mark.parametrize("name", ["sect163k1", "sect571r1", "secp256r1", "secp521r1", "brainpoolP512r1"])
def test_mutated_spki_the_shape_never_accepts_what_the_parser_rejects(name):
    rng = random.Random(name)
    compared = 0
    for compressed in (False, True):
        for bad in _mutations(_spki(name, compressed), rng):
            fast = _der_shapes.spki_point(bad)
            if fast is not None:
                assert fast == _parser_point(bad), bad.hex()
                compared += 1
    assert compared > 0  # some mutations (a flipped bit of the point) keep the shape


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=1, max_value=(1 << 528) - 1),
    st.integers(min_value=1, max_value=(1 << 528) - 1),
)
def test_signature_der_writes_what_asn1crypto_writes_and_reads_back(r, s):
    der = _der_shapes.signature_der(r, s)
    assert der == algos.DSASignature({"r": r, "s": s}).dump()
    assert _der_shapes.signature_rs(der) == (r, s)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=1, max_value=(1 << 528) - 1),
    st.integers(min_value=1, max_value=(1 << 528) - 1),
    st.lists(st.tuples(st.integers(0, 140), st.integers(0, 255)), max_size=3),
    st.integers(-3, 3),
)
def test_edited_signatures_as_a_signature_shape_agree_with_the_parser(r, s, edits, cut):
    """A signature with bytes overwritten, cut short or lengthened: the shape reader either declines
    it (the general path judges) or reads what asn1crypto's strict parser reads.  (Plain random bytes
    were declined every time, so an assertion on them never ran.)"""
    good = _der_shapes.signature_der(r, s)
    assert _der_shapes.signature_rs(good) == _parser_signature(good) == (r, s)
    data = bytearray(good)
    for pos, value in edits:
        if pos < len(data):
            data[pos] = value
    data = bytes(data[:cut] if cut < 0 else data + bytes(cut))
    fast = _der_shapes.signature_rs(data)
    if fast is not None:
        assert fast == _parser_signature(data), data.hex()


def test_mutated_signatures_agree_with_the_parser():
    rng = random.Random(7)
    compared = 0
    for bits in (8, 160, 163, 256, 521, 571):
        for _ in range(20):
            r, s = rng.getrandbits(bits) | 1, rng.getrandbits(bits) | 1
            for bad in _mutations(_der_shapes.signature_der(r, s), rng):
                fast = _der_shapes.signature_rs(bad)
                if fast is not None:
                    assert fast == _parser_signature(bad), bad.hex()
                    compared += 1
    assert compared > 0  # some mutations (a flipped bit of r or s) keep the shape


@pytest.mark.parametrize(
    "der",
    [
        "3006020100020101",  # r = 0
        "30060201ff020101",  # r = -1
        "300702020001020101",  # a superfluous leading zero
        "3007020101020101",  # SEQUENCE length too long
        "300602010102010100",  # trailing byte
        "30810602010102010100"[:-2],  # long-form length for a short content
    ],
)
def test_non_canonical_signatures_are_declined_for_the_parser_to_judge(der):
    assert _der_shapes.signature_rs(bytes.fromhex(der)) is None
