"""The call-path benchmark (python -m ecedu.bench.callpath) measures what it says it measures."""

import pytest

from ecedu import native
from ecedu.bench import callpath

pytestmark = pytest.mark.skipif(not native.available(), reason="native library not built")


def test_records_cover_every_public_path_and_are_consistent():
    records = callpath.measure("sect163k1", calls=20, repeats=2)
    assert [(r["operation"], r["key"]) for r in records] == [
        ("ecdh", "sec1"),
        ("ecdh", "spki"),
        ("sign", "-"),
        ("verify", "sec1"),
        ("verify", "spki"),
    ]
    for r in records:
        assert r["c_us"] > 0 and r["public_us"] > 0
        assert r["overhead_us"] == pytest.approx(r["public_us"] - r["c_us"])
        assert r["rate"] == pytest.approx(r["c_us"] / r["public_us"])


def test_command_prints_one_row_per_path(capsys):
    assert callpath.main(["--curves", "sect163k1", "--calls", "5", "--repeats", "1"]) == 0
    rows = capsys.readouterr().out.strip().splitlines()
    assert len(rows) == 1 + 5 and rows[0].split()[0] == "curve"
    assert all(row.startswith("sect163k1") for row in rows[1:])


def test_curves_take_the_names_ecedu_speed_takes(capsys, monkeypatch):
    seen = []
    monkeypatch.setattr(callpath, "measure", lambda name, *a: seen.append(name) or [])
    assert callpath.main(["--curves", "P-256,nistk163"]) == 0
    assert seen == ["secp256r1", "sect163k1"]
    seen.clear()
    assert callpath.main([]) == 0  # the default: the 14 binary curves
    assert seen == list(native.CURVES) and len(seen) == 14
    seen.clear()
    assert callpath.main(["--curves", "all"]) == 0  # X25519 has no ECDSA: left out
    assert "X25519" not in seen and {"secp521r1", "sect571r1", "brainpoolP512r1"} <= set(seen)


def test_an_unknown_curve_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        callpath.main(["--curves", "sect163k1,nope"])
    assert exc.value.code == 2
    assert "unknown curve 'nope'" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["sect163k1", "sect571r1", "secp521r1"])
def test_the_public_calls_get_the_c_loops_inputs(name):
    """bench.c's key is 0x00 5a 5a ... (len(n) bytes) and its digest SHA-256("ecedu ecdsa bench")."""
    import hashlib

    from ecedu.bench import loop_inputs
    from ecedu.curves import get_curve

    curve = get_curve(name)
    L = curve.order_byte_length
    assert loop_inputs.scalar(curve, 0x5A).to_bytes(L, "big") == b"\x00" + b"\x5a" * (L - 1)
    assert loop_inputs.scalar(curve, 0x33).to_bytes(L, "big") == b"\x00" + b"\x33" * (L - 1)
    assert hashlib.sha256(loop_inputs.MESSAGE).digest() == native.ecdsa_bridge.sha256(b"ecedu ecdsa bench")
    assert callpath.MESSAGE is loop_inputs.MESSAGE and callpath.scalar is loop_inputs.scalar


def test_median_statistic(capsys):
    assert (
        callpath.main(["--curves", "sect163k1", "--calls", "5", "--repeats", "3", "--statistic", "median"])
        == 0
    )
    assert len(capsys.readouterr().out.strip().splitlines()) == 6


def test_each_repeat_times_both_sides_in_turn_after_a_warm_up(monkeypatch):
    """The C loops and the public calls alternate repeat by repeat (after one untimed round), so
    that a machine still speeding up, or a job starting, hits both sides of a ratio alike."""
    log = []

    def spy(label, real):
        def wrapped(*args, **kwargs):
            log.append(label)
            return real(*args, **kwargs)

        return wrapped

    monkeypatch.setattr(callpath.native, "bench_ecdh", spy("C", native.bench_ecdh))
    monkeypatch.setattr(callpath.native, "bench_ecdsa_sign", spy("C", native.bench_ecdsa_sign))
    monkeypatch.setattr(callpath.native, "bench_ecdsa_verify", spy("C", native.bench_ecdsa_verify))
    monkeypatch.setattr(callpath, "per_call_us", spy("public", callpath.per_call_us))
    records = callpath.measure("sect163k1", calls=3, repeats=2)
    one_round = ["C"] * 3 + ["public"] * 5
    assert log == one_round * 3  # the warm-up, then the two timed repeats
    assert len(records) == 5 and all(r["c_us"] > 0 and r["public_us"] > 0 for r in records)
