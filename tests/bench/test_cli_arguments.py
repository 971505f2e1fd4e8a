"""Bad values on the command lines (a red-team pass, 6 December 2026): each is refused before
anything is measured, with argparse's usage error (exit status 2) naming the option, or one line
and status 2; before, some gave a traceback, some measured nothing and exited 0, ``--plot`` wrote
to another name than the one given (``/dev/full`` became ``/dev/full.png``), and ``--multi`` or
``--openssl-runs`` without a bound ran until killed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ecedu.bench import callpath, cli, dudect, fullrun

ROOT = Path(__file__).resolve().parents[2]


def _refused(main, argv, capsys) -> str:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(
    "argv, why",
    [
        (["--seconds", "nan"], "must be a finite number of seconds"),
        (["--seconds", "inf"], "must be a finite number of seconds"),
        (["--seconds", "0"], "must be a finite number of seconds"),
        (["--curves", ",,,"], "--curves names no curve"),
        (["--curves", ""], "--curves names no curve"),
        (["--multi", "100000"], "argument --multi: must be an integer from 1 to 256"),
        (["--openssl-runs", "99999999999999999999"], "from 1 to 1,000"),
        (["--windows", "0"], "argument --windows: must be an integer from 1"),
        (["--cycles", "--runs", "99999999999999999999"], "argument --runs: must be an integer"),
        (["--cycles", "--plot", "x.png"], "--plot does not apply to --cycles"),
        (["--cycles", "--multi", "2"], "--multi does not apply to --cycles"),
        (["--plot", "/tmp"], "is a directory"),
        (["--plot", "chart"], "must end in .png, .svg or .pdf"),
        (["--output", "/tmp"], "is a directory"),
        (["--output", ""], "an empty name"),
        (["--sizes", "2048"], "--sizes are RSA modulus sizes, for modexp only"),
        (["--compare", "coincurve"], "--compare coincurve times secp256k1's ECDH"),
    ],
)
def test_speed_refuses_before_measuring(argv, why, capsys):
    base = ["ecdh"] if argv[0] == "--curves" else ["ecdh", "--curves", "sect163k1"]
    assert why in _refused(cli.main, base + argv, capsys)


@pytest.mark.parametrize(
    "main, argv, why",
    [
        (callpath.main, ["--curves", "sect163k1", "--calls", "0"], "argument --calls: must be an integer"),
        (callpath.main, ["--curves", "sect163k1", "--repeats", "0"], "argument --repeats"),
        (callpath.main, ["--curves", "X25519"], "names no curve this measures"),
        (
            dudect.main,
            ["--curve", "sect163k1", "--samples", "1"],
            "argument --samples: must be an integer from 1000",
        ),
        (dudect.main, ["--curve", "bogus", "--samples", "1000"], "unknown curve 'bogus'"),
        (fullrun.main, ["-o", "/tmp/x.json", "--ch10-seconds", "nan"], "must be > 0 and finite"),
        (fullrun.main, ["-o", "/tmp/x.json", "--rsa-sizes", "0"], "--rsa-sizes: even RSA sizes"),
    ],
)
def test_bench_tools_refuse_before_measuring(main, argv, why, capsys):
    assert why in _refused(main, argv, capsys)


def test_grade_timeout_must_be_finite(capsys):
    from ecedu.grading.cli import main as grade_main

    assert "argument --timeout: must be a finite number" in _refused(
        grade_main, ["missing.ipynb", "--timeout", "nan"], capsys
    )


def test_native_build_out_must_be_a_directory(tmp_path, capsys):
    from ecedu.native import build

    a_file = tmp_path / "file"
    a_file.write_text("")
    assert "--out must name a directory" in _refused(build.main, ["--out", str(a_file)], capsys)


@pytest.mark.parametrize("variable, value", [("ECEDU_NATIVE_IMPL", "bogus"), ("ECEDU_PRIME_IMPL", "mulz")])
def test_a_bad_level_variable_is_one_line(variable, value):
    """A bogus level in the environment printed a traceback from `python -m ecedu info`."""
    env = dict(os.environ, **{variable: value})
    r = subprocess.run(
        [sys.executable, "-m", "ecedu", "info"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    assert f"error: {variable}={value!r} is not a level" in r.stderr, r.stderr


def test_info_takes_no_options(capsys):
    from ecedu.__main__ import main

    assert main(["info", "--bogus"]) == 2
    assert "info takes no options, got --bogus" in capsys.readouterr().err


@pytest.mark.parametrize(
    "script, args, why",
    [
        ("transcribe_sec2.py", ["--bogus"], "unrecognized arguments: --bogus"),
        ("dudect_planted.py", ["--samples", "5"], "--samples: at least 1000"),
        ("dudect_planted.py", ["--lib", "/nonexistent/lib.so"], "is not a file"),
        ("levels_table.py", ["--rounds", "0"], "--rounds and --runs must be at least 1"),
        (
            "s2n_bignum_side_by_side.py",
            ["/tmp", "--driver", "/nonexistent/driver"],
            "is not an executable file",
        ),
    ],
)
def test_tools_refuse_bad_arguments(script, args, why):
    """The maintainers' scripts: --help ignored (transcribe_sec2 ran and printed a module), tracebacks or
    an exit status of 0 after failed runs."""
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / script), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 2 and why in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_cycles_says_when_it_has_nothing_to_measure(capsys):
    """ecdsa and field --cycles on X25519 printed an empty table and exited 0."""
    from ecedu import native

    if not native.available():
        pytest.skip("native library not built")
    for op in ("ecdsa", "field"):
        assert cli.main([op, "--cycles", "--curves", "X25519"]) == 2
        assert f"--cycles has no {op} measurement for X25519" in capsys.readouterr().err
