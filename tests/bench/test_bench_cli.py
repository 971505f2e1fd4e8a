"""Short real runs of ``python -m ecedu speed`` (ecedu.bench.cli.main): structure only."""

import json
import shutil

import pytest

from ecedu.bench import cli

REQUIRED = (
    "op",
    "curve",
    "ecedu_ops_per_s",
    "ecedu_python_ops_per_s",
    "openssl_ops_per_s",
    "ratio",
    "backend",
    "seconds",
    "note",
)
NUMERIC = ("ecedu_ops_per_s", "ecedu_python_ops_per_s", "openssl_ops_per_s", "ratio")

needs_openssl = pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl binary")


def _run(capsys, *argv):
    rc = cli.main(list(argv))
    out = capsys.readouterr().out
    assert rc == 0, out
    return json.loads(out)


def _every_null_explained(rec):
    for key in NUMERIC:
        if rec[key] is None:
            assert rec["note"] and key in rec["note"], (key, rec["note"])


@needs_openssl
def test_ecdh_json_and_plot(capsys, tmp_path):
    png = tmp_path / "sub" / "speed.png"
    records = _run(
        capsys,
        "ecdh",
        "--seconds",
        "0.2",
        "--curves",
        "sect163k1",
        "--json",
        "--quiet",
        "--plot",
        str(png),
        "--openssl-runs",
        "2",
    )
    assert isinstance(records, list) and len(records) == 1
    rec = records[0]
    for key in REQUIRED:
        assert key in rec
    assert rec["op"] == "ecdh" and rec["curve"] == "sect163k1" and rec["seconds"] == 0.2
    assert rec["backend"] in ("native", "python", "both")
    assert rec["openssl_ops_per_s"] is not None and rec["openssl_ops_per_s"] > 0
    assert rec["openssl_source"] == "openssl speed -mr"
    # two openssl speed runs, spread between the windows; the table takes their median
    runs = rec["openssl_runs_ops_per_s"]
    assert len(runs) == 2 and rec["openssl_speed"]["runs"] == 2
    assert rec["openssl_ops_per_s"] == pytest.approx(sum(runs) / 2)
    assert rec["openssl_best_ops_per_s"] == max(runs)
    assert rec["ratio_best"] == pytest.approx(rec["ecedu_best_ops_per_s"] / max(runs))
    assert rec["ecedu_python_ops_per_s"] is not None
    assert rec["ratio"] is not None and rec["ratio_basis"]
    assert all("MISMATCH" not in v for v in rec["checks"].values())
    assert rec["checks"]  # ecedu was checked against libcrypto on the same keys
    _every_null_explained(rec)
    assert png.exists() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@needs_openssl
def test_ecdsa_curve_missing_from_openssl_speed(capsys):
    records = _run(
        capsys,
        "ecdsa",
        "--seconds",
        "0.1",
        "--windows",
        "2",
        "--curves",
        "sect193r1",
        "--backend",
        "python",
        "--json",
        "-q",
    )
    assert [r["op"] for r in records] == ["ecdsa_sign", "ecdsa_verify"]
    for rec in records:
        assert rec["curve"] == "sect193r1"
        # openssl speed has no sect193r1: measured through libcrypto, with the reason
        assert rec["openssl_source"] == "libcrypto in-process"
        assert "openssl speed has no algorithm" in rec["note"]
        assert rec["ecedu_ops_per_s"] is None and rec["ecedu_python_backend"] == "python"
        _every_null_explained(rec)


def test_field_json(capsys):
    records = _run(
        capsys, "field", "--seconds", "0.1", "--windows", "2", "--curves", "sect163k1", "--json", "-q"
    )
    rec = records[0]
    assert rec["op"] == "field_mul" and rec["m"] == 163
    assert rec["ecedu_python_ops_per_s"] > 0
    assert rec["openssl_ops_per_s"] is None and "no field-multiplication" in rec["note"]
    for k in (
        "galois_ops_per_s",
        "native_call_ops_per_s",
        "native_batch_ops_per_s",
        "ctypes_overhead_ns_per_call",
    ):
        assert k in rec
        if rec[k] is None:
            assert k in rec["note"]
    assert all("MISMATCH" not in v for v in rec["checks"].values())
    _every_null_explained(rec)


@needs_openssl
def test_table_output(capsys):
    rc = cli.main(
        ["ecdh", "--seconds", "0.1", "--windows", "2", "--curves", "secp160r1", "--no-crosscheck", "-q"]
    )
    out = capsys.readouterr().out
    assert rc == 0
    assert "bits ecdh" in out and "(secp160r1)" in out and "openssl op/s" in out


def test_bad_arguments():
    with pytest.raises(SystemExit):
        cli.main(["ecdh", "--curves", "nosuchcurve"])
    with pytest.raises(SystemExit):
        cli.main(["ecdh", "--seconds", "0"])


@needs_openssl
def test_multi_passes_multi_to_openssl(capsys):
    records = _run(
        capsys,
        "ecdh",
        "--seconds",
        "0.1",
        "--windows",
        "1",
        "--curves",
        "sect163k1",
        "--multi",
        "2",
        "--no-crosscheck",
        "--json",
        "-q",
    )
    rec = records[0]
    assert rec["multi"] == 2
    argv = rec["openssl_speed"]["argv"]
    assert argv[argv.index("-multi") + 1] == "2" and "ecdhk163" in argv
    assert rec["openssl_ops_per_s"] is not None and rec["ecedu_python_ops_per_s"] is not None
    # openssl speed -multi's children divide by wall time: so does ecedu (summing CPU-time rates of
    # children that share cores counted a core once per child, and doubled the ratio on one core)
    assert rec["timer"] == "wall" and rec["openssl_speed"]["divisor"] == "wall clock (-multi children)"


def test_without_native_library_python_is_measured():
    import os
    import subprocess
    import sys

    env = dict(os.environ, ECEDU_NATIVE_LIB="/nonexistent/libecedu_native.so")
    cp = subprocess.run(
        [
            sys.executable,
            "-m",
            "ecedu.bench",
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
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert cp.returncode == 0, cp.stderr
    rec = json.loads(cp.stdout)[0]
    assert rec["ecedu_ops_per_s"] is None and "native" in rec["note"]
    assert rec["ecedu_python_ops_per_s"] > 0 and rec["ecedu_python_backend"] == "python"
    assert rec["ratio_basis"] == "python_function:python"
    # --no-openssl: the OpenSSL figure comes from libcrypto in-process, with the reason
    assert rec["openssl_source"] == "libcrypto in-process" and "--no-openssl" in rec["note"]
    _every_null_explained(rec)


def test_compare_coincurve_measures_libsecp256k1_on_the_same_keys():
    """--compare coincurve: libsecp256k1's ECDH timed in the same run, after checking that its
    shared point has ecedu's secret as x-coordinate."""
    pytest.importorskip("coincurve")
    from ecedu import native
    from ecedu.bench import runner

    if not native.available():
        pytest.skip("native library not built")
    cfg = runner.Config(
        op="ecdh",
        curves=["secp256k1"],
        seconds=0.05,
        windows=1,
        openssl=False,
        crosscheck=False,
        compare=("coincurve",),
    )
    (rec,) = runner.run_benchmark(cfg)
    assert rec["checks"]["coincurve"] == "same shared point as coincurve"
    assert rec["coincurve_ops_per_s"] > 0
    assert rec["ratio_vs_coincurve"] == pytest.approx(rec["ecedu_ops_per_s"] / rec["coincurve_ops_per_s"])


def test_the_ecdsa_api_column_is_timed_on_the_c_loops_inputs(capsys, monkeypatch):
    """The public calls that the ECDSA table sets beside the C loops sign and verify the C loops'
    own key and messages (ecedu.bench.loop_inputs): RFC 6979's rejected nonces depend on them, so
    signing takes the loop's 64 messages in turn and verification its one message."""
    from ecedu import ecdsa
    from ecedu.bench import loop_inputs
    from ecedu.curves import get_curve

    seen = []
    real_sign, real_verify = ecdsa.sign, ecdsa.verify

    def sign(curve, d, message, *args, **kwargs):
        seen.append(("sign", d, message))
        return real_sign(curve, d, message, *args, **kwargs)

    def verify(curve, key, message, *args, **kwargs):
        seen.append(("verify", key, message))
        return real_verify(curve, key, message, *args, **kwargs)

    monkeypatch.setattr(ecdsa, "sign", sign)
    monkeypatch.setattr(ecdsa, "verify", verify)
    argv = ["ecdsa", "--seconds", "0.05", "--windows", "1", "--curves", "sect163k1"]
    records = _run(capsys, *argv, "--backend", "python", "--no-openssl", "--json", "-q")
    assert records[0]["ecedu_python_ops_per_s"] > 0
    d = loop_inputs.scalar(get_curve("sect163k1"), 0x5A)
    signed = [s for s in seen if s[0] == "sign" and s[2] in loop_inputs.MESSAGES]
    verified = [s for s in seen if s[0] == "verify" and s[2] == loop_inputs.MESSAGE]
    timed = signed + verified
    assert signed and verified and all(s[1] == d for s in signed)
    used = {s[2] for s in signed}  # in turn from the first (each batch starts again at message 0)
    assert len(used) > 1 and used == set(loop_inputs.MESSAGES[: len(used)])
    # every call past the set-up's (a signature and the libcrypto checks) is on those inputs
    assert len(timed) > len(seen) - len(timed)


def test_options_that_would_measure_less_than_they_say(capsys):
    """--multi on field or modexp was ignored (one process) while the header said 'multi N'; more
    openssl runs than windows put some of them back to back, with no ecedu window between."""
    with pytest.raises(SystemExit):
        cli.main(["modexp", "--multi", "2"])
    assert "--multi is for ecdh and ecdsa" in capsys.readouterr().err
    argv = ["ecdh", "--curves", "sect163k1", "--seconds", "0.05", "--windows", "1", "--openssl-runs", "2"]
    assert cli.main(argv + ["--no-crosscheck"]) == 0
    assert "some openssl runs follow each other" in capsys.readouterr().err


def test_default_curves_of_speed_ecdh_and_ecdsa(monkeypatch):
    """With no --curves, `python -m ecedu speed ecdh` (cli.main) measures every curve of ecedu's
    registry, the 14 binary and the 15 prime ones, and X25519; `speed ecdsa` the same 29 without
    X25519 (key agreement only).  The expected sets come from the registry (curve_names and the
    curves' types), not from a copy of runner.DEFAULT_CURVES; the lists the command runs are
    caught as run_benchmark resolves their names, and stopped there before anything is measured."""
    from ecedu import curve_names, get_curve, x25519
    from ecedu.bench import runner
    from ecedu.curves import BinaryCurve, PrimeCurve

    names = curve_names()
    binary = {c for c in names if isinstance(get_curve(c), BinaryCurve)}
    prime = {c for c in names if isinstance(get_curve(c), PrimeCurve)}
    assert len(binary) == 14 and len(prime) == 15 and binary | prime == set(names)
    expected = {"ecdh": binary | prime | {x25519.NAME}, "ecdsa": binary | prime}

    class Stop(Exception):
        pass

    def stop(requested):  # run_benchmark's next step after resolving the curves: the backend
        raise Stop

    resolved, real_resolve = [], runner.resolve_curve_name
    monkeypatch.setattr(runner, "resolve_curve_name", lambda c: resolved.append(c) or real_resolve(c))
    monkeypatch.setattr(runner, "resolve_backend", stop)
    for op, size in (("ecdh", 29 + 1), ("ecdsa", 29)):
        default = runner.DEFAULT_CURVES[op]
        assert len(default) == size and set(default) == expected[op], op
        resolved.clear()
        with pytest.raises(Stop):
            cli.main([op, "--no-openssl", "--quiet"])
        assert len(resolved) == size and set(resolved) == expected[op], op
