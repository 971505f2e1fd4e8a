"""The ``openssl speed -mr`` parser, against outputs captured from the local OpenSSL."""

from pathlib import Path

import pytest

from ecedu.bench import opensslspeed as osp

FIX = Path(__file__).parent / "fixtures"


def read(name):
    return (FIX / f"openssl-3.0.19_{name}.txt").read_text()


def test_ecdh_lines():
    out = osp.parse_mr(read("ecdh.out"), read("ecdh.err"))
    assert [(r.kind, r.index, r.bits, r.curve) for r in out.results] == [
        ("ecdh", 3, 256, "secp256r1"),
        ("ecdh", 6, 163, "sect163k1"),
    ]
    assert out.results[0].ops_per_s == {"ecdh": 10815.0}
    assert out.results[1].ops_per_s == {"ecdh": 2595.0}
    # stderr raw counts: +R7:<count>:<bits>:<seconds>
    assert [(r.op, r.count, r.bits, r.seconds) for r in out.raw] == [
        ("ecdh", 10815, 256, 1.0),
        ("ecdh", 2595, 163, 1.0),
    ]
    assert out.children == []


def test_ecdsa_lines():
    out = osp.parse_mr(read("ecdsa.out"), read("ecdsa.err"))
    k163 = osp.result_for(out, "sect163k1", "ecdsa")
    assert k163.ops_per_s == {"ecdsa_sign": 2384.0, "ecdsa_verify": 1224.0}
    p256 = osp.result_for(out, "secp256r1", "ecdsa")
    assert p256.ops_per_s == {"ecdsa_sign": 26050.0, "ecdsa_verify": 8353.0}
    assert {r.op for r in out.raw} == {"ecdsa_sign", "ecdsa_verify"}
    assert osp.result_for(out, "sect163k1", "ecdh") is None


def test_all_ecdh_indices_map_to_sec2_names():
    out = osp.parse_mr(read("ecdh_all.out"))
    assert len(out.results) == 24  # 16 NIST curves, 6 brainpool, X25519, X448
    mapped = {r.curve: r.ops_per_s["ecdh"] for r in out.results if r.curve}
    assert set(mapped) == set(osp.SPEED_SUFFIX)
    assert mapped["sect571r1"] == 280.0 and mapped["sect163r2"] == 3392.0
    # K-163 and B-163 share the bit size; the index tells them apart
    assert mapped["sect163k1"] != mapped["sect163r2"]


def test_index_of_b571_in_ecdsa():
    out = osp.parse_mr(read("ecdsab571.out"))
    r = osp.result_for(out, "sect571r1", "ecdsa")
    assert r.index == 15 and r.ops_per_s["ecdsa_verify"] == pytest.approx(136.363636)


def test_multi_output():
    out = osp.parse_mr(read("multi.out"), read("multi.err"))
    assert [r.ops_per_s["ecdh"] for r in out.results] == [2921.0]  # the summed line
    assert sorted(c.child for c in out.children) == [0, 1]
    assert sum(c.ops_per_s["ecdh"] for c in out.children) == pytest.approx(2921.0)


def test_human_output_is_not_machine_readable():
    assert osp.parse_mr(read("human.out")).results == []


def test_unknown_index_falls_back_to_unique_bits():
    out = osp.parse_mr("+F5:99:163:100.0:0.01\n")
    assert out.results[0].curve is None
    assert osp.result_for(out, "sect163k1", "ecdh").ops_per_s["ecdh"] == 100.0


def test_name_mapping():
    assert osp.speed_algorithms("ecdh", "sect163k1") == "ecdhk163"
    assert osp.speed_algorithms("ecdsa_sign", "sect163r2") == "ecdsab163"
    assert osp.speed_algorithms("ecdh", "secp160r1") == "ecdhp160"
    assert osp.speed_algorithms("ecdsa", "secp521r1") == "ecdsap521"
    assert osp.speed_algorithms("ecdh", "sect571r1") == "ecdhb571"
    for missing in ("sect163r1", "sect193r1", "sect193r2", "sect239k1", "secp256k1"):
        assert osp.speed_algorithms("ecdh", missing) is None
    assert osp.speed_name("sect163k1") == "nistk163"
    assert osp.speed_name("secp256r1") == "nistp256"
    # OpenSSL 3.0 speed has three Brainpool r1 curves (indices 16, 18, 20 of its table)
    assert osp.speed_algorithms("ecdsa", "brainpoolP384r1") == "ecdsabrp384r1"
    assert osp.speed_name("brainpoolP256r1") == "brainpoolP256r1"
    for missing in ("secp160k1", "secp224k1", "brainpoolP224r1", "brainpoolP320r1"):
        assert osp.speed_algorithms("ecdh", missing) is None
    out = osp.parse_mr("+F5:20:512:1141.7:0.000876\n+F4:18:384:1781.8:2040.0\n")
    assert [r.curve for r in out.results] == ["brainpoolP512r1", "brainpoolP384r1"]
    assert osp.openssl_seconds(0.2) == 1 and osp.openssl_seconds(2.6) == 3


@pytest.mark.skipif(osp.openssl_binary() is None, reason="no openssl binary")
def test_unknown_algorithm_is_an_error_not_a_crash():
    run = osp.run_speed(["ecdhk239"], seconds=1)
    assert run.error and "Unknown algorithm" in run.error


@pytest.mark.skipif(osp.openssl_binary() is None, reason="no openssl binary")
def test_ecdh_rates_leaves_out_what_it_cannot_measure(tmp_path):
    rates = osp.ecdh_rates(["sect163k1", "secp160k1"], seconds=1)
    assert set(rates) == {"sect163k1"} and rates["sect163k1"] > 0  # secp160k1: not in openssl speed
    failing = tmp_path / "openssl"
    failing.write_text("#!/bin/sh\necho 'speed: broken' >&2\nexit 1\n")
    failing.chmod(0o755)
    assert osp.ecdh_rates(["sect163k1"], seconds=1, binary=str(failing)) == {}
