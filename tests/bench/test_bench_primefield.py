"""``ecedu speed field`` on the prime fields (issue 13): the records, the tables, the CLI."""

import json
import platform

import pytest

from ecedu import native
from ecedu.bench import cli, primefield, runner

pytestmark = pytest.mark.skipif(not native.available(), reason="native library not built")


def test_fields_follow_the_curves_option():
    assert primefield.fields_for([]) == primefield.FIELDS
    assert primefield.fields_for(["secp256r1", "sect163k1"]) == ("P-256",)
    assert primefield.fields_for(["sect163k1"]) == ()


def test_run_records_and_table():
    cfg = runner.Config(op="field", seconds=0.05, windows=1, openssl=False)
    records = primefield.run(cfg, ("P-224", "P-256"), cycle_runs=5)
    keys = {(r["field"], r["variant"], r["limb_bits"], r["impl"]) for r in records}
    assert ("P-224", "unsaturated", 64, "portable") in keys and (
        "P-224",
        "montgomery",
        32,
        "portable",
    ) in keys
    assert ("P-256", "p256_montgomery", 64, "portable") in keys and (
        "P-256",
        "solinas",
        64,
        "portable",
    ) in keys
    if "mulx" in native.available_prime_implementations():
        assert ("P-256", "p256_montgomery", 64, "mulx") in keys
    for r in records:
        assert r["op"] == "prime_mul" and r["ops_per_s"] > 0 and r["bits"] in (224, 256)
        assert "MISMATCH" not in str(r["checks"])
        assert r["ratio_vs_generic64"] > 0
        if r["variant"] == "montgomery":
            assert r["ratio_64_32"] > 0
    base = [r for r in records if r["variant"] == "montgomery" and r["limb_bits"] == 64]
    assert all(abs(r["ratio_vs_generic64"] - 1) < 1e-9 for r in base)
    table = primefield.format_table(records)
    assert "multiplications per second" in table and "64/32" in table and "unsat" in table


def test_cli_cycles_json_has_the_prime_records(capsys):
    assert cli.main(["field", "--cycles", "--runs", "5", "--curves", "secp224r1", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    prime = [r for r in records if r.get("op") == "prime_mul"]
    assert {r["variant"] for r in prime} == {"montgomery", "solinas", "unsaturated"}
    for r in prime:
        assert r["field"] == "P-224" and r["limb_bits"] in (32, 64) and r["ops_per_s"] is None
        # None only without a time-stamp counter
        assert r["cycles"] > 0 if platform.machine() == "x86_64" else r["cycles"] is None or r["cycles"] > 0


def test_cli_table_and_plot(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    plot = tmp_path / "f.png"
    argv = ["field", "--curves", "secp256r1", "--seconds", "0.05", "--windows", "1", "--no-openssl"]
    assert cli.main(argv + ["--plot", str(plot), "-q"]) == 0
    out = capsys.readouterr().out
    assert "Prime fields: multiplications per second" in out and "P256-Mont" in out
    assert (tmp_path / "f-prime.png").stat().st_size > 1000


def test_every_row_runs_at_the_level_of_its_tag(monkeypatch):
    """The generic CIOS rows are tagged portable; they ran at the best level the CPU has (MULX or
    IFMA code), so the portable specialised fields were compared with assembly.  Every timed call
    now runs at its row's level."""
    seen = []
    real_bench, real_cycles = native.bench_prime_variant_mul, native.prime_mul_cycles

    def bench(variant, p, w, k):
        seen.append((variant, w, native.prime_implementation()))
        return real_bench(variant, p, w, k)

    def cycles(variant, p, w, runs):
        seen.append((variant, w, native.prime_implementation()))
        return real_cycles(variant, p, w, runs)

    monkeypatch.setattr(native, "bench_prime_variant_mul", bench)
    monkeypatch.setattr(native, "prime_mul_cycles", cycles)
    cfg = runner.Config(op="field", seconds=0.02, windows=1, openssl=False)
    records = primefield.run(cfg, ("P-256",), cycle_runs=3)
    tags = {(r["variant"], r["limb_bits"]): r["impl"] for r in records if r["variant"] != "p256_montgomery"}
    assert tags[("montgomery", 64)] == "portable" and seen
    for variant, w, level in seen:
        if variant != "p256_montgomery":
            assert level == tags[(variant, w)], (variant, w, level)
