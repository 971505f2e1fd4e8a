"""Every benchmark record and the stored full-length run say where they came from: date, CPU and its
relevant flags, OpenSSL, ecedu version and git commit, the command.  Checked against independent
sources: /proc/cpuinfo parsed here, `openssl version`, `git rev-parse HEAD`."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ecedu
from ecedu import notebook_support as ns
from ecedu.bench import cli, fullrun, provenance

ROOT = Path(__file__).resolve().parents[2]


def _proc_flags() -> set[str]:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.split(":")[0].strip() in ("flags", "Features"):
                return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def _check_meta(meta: dict, command_word: str) -> None:
    when = dt.datetime.fromisoformat(meta["date"])
    assert when.tzinfo is not None and abs(dt.datetime.now(dt.UTC) - when) < dt.timedelta(minutes=10)
    flags = _proc_flags()
    assert meta["cpu_flags"] == {f: f in flags for f in provenance.RELEVANT_FLAGS}
    assert {"pclmulqdq", "vpclmulqdq", "bmi2", "adx", "avx512f"} <= set(meta["cpu_flags"])
    if Path("/proc/cpuinfo").exists():
        assert meta["cpu"] and meta["cpu"] in Path("/proc/cpuinfo").read_text()
    if shutil.which("openssl"):
        want = subprocess.run(["openssl", "version"], capture_output=True, text=True).stdout.strip()
        assert meta["openssl"] == want and want.startswith("OpenSSL")
    else:
        assert meta["openssl"] is None
    assert meta["ecedu"] == ecedu.__version__
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True)
    if head.returncode == 0:
        assert meta["commit"] == head.stdout.strip() and type(meta["dirty"]) is bool
    assert command_word in " ".join(meta["command"])
    json.dumps(meta)  # plain JSON data


def test_machine_metadata_matches_independent_sources():
    meta = provenance.machine(["python", "-m", "ecedu", "speed", "ecdh"])
    _check_meta(meta, "speed")
    line = provenance.describe(meta)
    assert meta["date"] in line and (meta["commit"][:12] if meta["commit"] else "unknown commit") in line
    assert (meta["openssl"] or "no openssl") in line


def test_machine_records_the_native_levels_it_runs():
    """The levels in the record are the ones forced, not the CPU's best (a figure forced to pclmul on
    an AVX-512 machine must say pclmul); `python -m ecedu info` prints the same."""
    from ecedu.backend import native_available

    if not native_available():
        assert provenance.machine(["x"])["native_levels"] is None
        return
    from ecedu import native

    lowest = native.available_implementations()[0], native.available_prime_implementations()[0]
    native.force_implementation(lowest[0])
    native.force_prime_implementation(lowest[1])
    try:
        meta = provenance.machine(["x"])
        out = subprocess.run(
            [sys.executable, "-m", "ecedu", "info"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**__import__("os").environ, "ECEDU_NATIVE_IMPL": lowest[0], "ECEDU_PRIME_IMPL": lowest[1]},
        ).stdout
    finally:
        native.force_implementation(None)
        native.force_prime_implementation(None)
    assert meta["native_levels"] == {"binary": lowest[0], "prime": lowest[1]}
    assert f"native levels binary {lowest[0]}, prime {lowest[1]}" in provenance.describe(meta)
    assert f"binary-field level: {lowest[0]} (" in out and f"prime-field level: {lowest[1]} (" in out
    now = {"binary": native.implementation(), "prime": native.prime_implementation()}
    assert provenance.machine(["x"])["native_levels"] == now


def test_describe_names_missing_data():
    line = provenance.describe({"date": "2026-01-02T03:04:05+00:00", "cpu_flags": {"adx": False}})
    assert (
        "an unknown CPU" in line and "no openssl" in line and "unknown commit" in line and "none of" in line
    )


def test_speed_records_carry_the_machine(capsys):
    rc = cli.main(
        [
            "ecdh",
            "--seconds",
            "0.1",
            "--windows",
            "1",
            "--curves",
            "sect163k1",
            "--no-openssl",
            "--json",
            "-q",
        ]
    )
    assert rc == 0
    records = json.loads(capsys.readouterr().out)
    assert records and all(r["machine"] == records[0]["machine"] for r in records)
    _check_meta(records[0]["machine"], "speed")
    assert "--no-openssl" in records[0]["machine"]["command"]


def test_full_run_is_stored_with_metadata_and_read_back(tmp_path, monkeypatch):
    out = tmp_path / "data" / "full_run.json"
    argv = ["-o", str(out), "--curves", "nistk163", "--seconds", "0.1", "--windows", "1",
            "--openssl-runs", "1", "--ch10-seconds", "1", "--rsa-sizes", "512", "--quiet"]  # fmt: skip
    assert fullrun.main(argv) == 0
    run = json.loads(out.read_text())
    assert run["schema"] == fullrun.SCHEMA
    _check_meta(run["meta"], "ecedu.bench.fullrun")
    assert run["meta"]["command"][-len(argv) :] == argv and run["meta"]["wall_seconds"] > 0
    ch9 = run["chapter09"]
    assert ch9["settings"] == {"curves": ["nistk163"], "seconds": 0.1, "windows": 1, "openssl_runs": 1}
    assert sorted((r["op"], r["curve"]) for r in ch9["records"]) == [
        ("ecdh", "sect163k1"), ("ecdsa_sign", "sect163k1"), ("ecdsa_verify", "sect163k1")
    ]  # fmt: skip
    assert all(r["ecedu_pure_python_ops_per_s"] > 0 for r in ch9["records"])
    assert set(run["chapter10"]["ecdsa"]) == set(fullrun.CHAPTER10_SPEED_NAMES)
    mx = run["chapter10"]["modexp"]
    assert mx["settings"]["sizes"] == [512]
    from ecedu import native

    if native.available():
        crt = [r for r in mx["records"] if r["op"] == "modexp_crt"]
        expected = [(32, "portable"), (64, "portable")]
        expected += [(64, "mulx")] if "mulx" in native.available_prime_implementations() else []
        expected += [(64, "ifma")] if "ifma" in native.available_prime_implementations() else []
        assert sorted((r["limb_bits"], r["level"]) for r in crt) == sorted(expected)
        assert all(r["bits"] == 512 for r in crt)
    else:
        assert mx["records"][0]["error"]
    # the chapters find it (cwd/data/full_run.json first) and caption it with its provenance
    monkeypatch.chdir(tmp_path)
    stored = ns.load_full_run()
    assert stored == run
    cap = ns.full_run_caption(stored)
    assert run["meta"]["date"] in cap and "ecedu.bench.fullrun" in cap and (run["meta"]["cpu"] or "") in cap
    assert "0.1 s × 1 windows per measurement, 1 curves" in cap


def test_no_stored_run_means_none(tmp_path, monkeypatch):
    def missing(name):
        raise FileNotFoundError(name)

    monkeypatch.setattr(ns, "data_path", missing)
    assert ns.load_full_run() is None
    bad = tmp_path / "full_run.json"
    bad.write_text("{not json")
    monkeypatch.setattr(ns, "data_path", lambda name: bad)
    assert ns.load_full_run() is None


@pytest.mark.parametrize(
    "argv, why",
    [
        (["--curves", "nistx999"], "unknown curve"),
        (["--seconds", "0"], "must be > 0"),
        (["--windows", "0"], ">= 1"),
    ],
)
def test_full_run_refuses_bad_arguments(argv, why, capsys):
    with pytest.raises(SystemExit):
        fullrun.main(argv)
    assert why in capsys.readouterr().err


def test_cycles_records_carry_the_machine(capsys):
    from ecedu import native

    if not native.available():
        pytest.skip("native library not built")
    assert cli.main(["ecdh", "--cycles", "--runs", "10", "--curves", "sect163k1", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert records
    _check_meta(records[0]["machine"], "--cycles")


def test_default_command_is_what_the_user_typed(monkeypatch):
    import ecedu

    main = Path(ecedu.__file__).resolve().parent / "bench" / "__main__.py"
    monkeypatch.setattr("sys.argv", [str(main), "--seconds", "2"])
    assert provenance.machine()["command"] == ["python", "-m", "ecedu.bench", "--seconds", "2"]


def test_full_run_fails_on_a_mismatch_in_any_chapter():
    """fullrun's exit code read chapter 09's checks only; chapter 10's modexp records are nested
    one level deeper."""
    doc = {
        "meta": {"date": "x"},
        "chapter09": {"records": [{"checks": {"a": "same secret as libcrypto"}}]},
        "chapter10": {"rows": [1], "modexp": {"settings": {}, "records": [{"checks": {"b": "MISMATCH"}}]}},
    }
    found = fullrun._records(doc)
    assert [r["checks"] for r in found] == [{"a": "same secret as libcrypto"}, {"b": "MISMATCH"}]


def test_chapter09_measures_x25519_for_ecdh_only():
    """X25519 is in the default list (chapter 09's per-level table puts it beside P-256); it has no
    signatures, so chapter09 asks for its ECDH alone, and a list of X25519 alone measures no ECDSA
    (an empty curve list would have meant every curve)."""
    assert fullrun.CHAPTER09_SPEED_NAMES[-1] == "X25519" and len(fullrun.CHAPTER09_SPEED_NAMES) == 16
    ch9 = fullrun.chapter09(0.1, 1, 1, ["X25519"])
    assert [(r["op"], r["curve"]) for r in ch9["records"]] == [("ecdh", "X25519")]
    assert ch9["records"][0]["ecedu_pure_python_ops_per_s"] > 0
