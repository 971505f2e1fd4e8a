"""The helper checks: right answers pass, typical mistakes get a precise message."""

from __future__ import annotations

import pytest

from ecedu.grading import checks

F163 = (1 << 163) | (1 << 7) | (1 << 6) | (1 << 3) | 1


def msg(fn, *args, **kw) -> str:
    with pytest.raises(AssertionError) as exc:
        fn(*args, **kw)
    return str(exc.value)


def test_check_reduced():
    checks.check_reduced(0b101, 163)
    assert msg(checks.check_reduced, 1 << 170, 163) == "result not reduced: degree 170 ≥ 163"
    assert "expected an int, got NoneType" in msg(checks.check_reduced, None, 163)


def test_field_product_diagnoses_missing_reduction_and_carries():
    a, b = (1 << 162) | 0b1011, (1 << 10) | 0b111
    checks.check_field_product(checks.ref_mul(a, b, F163), a, b, F163)
    assert msg(checks.check_field_product, checks.ref_clmul(a, b), a, b, F163).startswith(
        "result not reduced: degree 172 ≥ 163"
    )
    assert "integer multiplication" in msg(
        checks.check_field_product, checks.ref_polymod(a * b, F163), a, b, F163
    )
    assert "without carries" in msg(checks.check_clmul, 3 * 3, 3, 3)


def test_naf_messages():
    checks.check_naf([-1, 0, 0, 1], 7)
    assert "digit 3" in msg(checks.check_naf, [3, 1], 5)
    assert "next to each other" in msg(checks.check_naf, [1, 1], 3)
    assert "wrong order" in msg(checks.check_naf, [1, 0, 0, -1], 7)


def test_tnaf_and_ztau():
    for mu in (1, -1):
        for k in range(-50, 50):
            checks.check_tnaf(checks.ref_tnaf((k, 3), mu), k, 3, mu)
    assert checks.zt_mul((0, 1), (0, 1), -1) == (-2, -1)
    assert checks.zt_divides((4, 0), (0, 1), 1) and not checks.zt_divides((1, 0), (0, 1), 1)


def test_toy_binary_curve_group_law():
    F, a, b = checks.RefField(0b10011), 0b1000, 0b1001
    pts = checks.bin_points(a, b, F)
    assert len(pts) == 22
    for P in pts:
        assert checks.bin_mul(22, P, a, F) is None
        for Q in pts[:5]:
            assert checks.bin_on_curve(checks.bin_add(P, Q, a, F), a, b, F)


def test_ladder_diagnosis():
    F, a, b = checks.RefField(0b10011), 0b1000, 0b1001
    P = next(p for p in checks.bin_points(a, b, F)[1:] if p[0])
    wrong = checks.bin_mul(5 + 8, P, a, F)
    text = msg(checks.check_ladder_x, None if wrong is None else wrong[0], 5, P, a, b, F)
    assert "leading bit is processed twice" in text or "point at infinity" in text


def test_der_decoding_matches_the_package():
    import ecedu.ecdsa

    # the same RFC 6979 signature as r || s (P1363) is the independent reading; P-521's DER has a
    # long-form SEQUENCE length, and among the messages are r or s with the top bit set (a 00 pad)
    for name in ("P-256", "P-521", "sect163k1"):
        curve = checks.pkg_curve(name)
        size = (curve.n.bit_length() + 7) // 8
        for msg in (b"abc", b"de", b"fgh", b"ij"):
            raw = ecedu.ecdsa.sign(curve, 12345, msg, signature_format="p1363")
            want = int.from_bytes(raw[:size], "big"), int.from_bytes(raw[size:], "big")
            assert checks.der_to_rs(ecedu.ecdsa.sign(curve, 12345, msg)) == want, (name, msg)
    assert checks.der_to_rs(bytes.fromhex("3008020300ff01020101")) == (0xFF01, 1)  # a 00-padded INTEGER
