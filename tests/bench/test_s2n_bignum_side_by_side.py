"""tools/s2n_bignum_side_by_side.py, without s2n-bignum: its check of the four functions' results
(X25519 bytes, affine, Jacobian and Montgomery-Jacobian points) against ecedu's Python reference,
and the whole run with a stand-in driver that answers in the driver's format -- right, then wrong;
the real comparison needs s2n-bignum built outside the repository (the tool's docstring)."""

import random
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import s2n_bignum_side_by_side as side  # noqa: E402

from ecedu import x25519  # noqa: E402
from ecedu.curves import get_curve  # noqa: E402
from ecedu.scalar.double_and_add import double_and_add_affine  # noqa: E402


def answer(fn: str, k: int, z: int, wrong: bool = False) -> list[int]:
    """The words the s2n-bignum function returns for k times the base point: X25519's u, the
    affine point, or a Jacobian one with Z = z (in Montgomery form for P-384)."""
    target, _, kw, form = next(p for p in side.PAIRS if p[1] == fn)
    if form == "u":
        u = x25519.shared_secret(k.to_bytes(32, "little"), (9).to_bytes(32, "little"), backend="python")
        return side.words(int.from_bytes(u, "little") ^ wrong, 4)
    c = get_curve(target)
    p = c.p
    x, y = double_and_add_affine(c, k, c.G)
    x = (x + wrong) % p
    if form == "affine":
        return side.words(x, kw) + side.words(y, kw)
    X, Y, Z = x * z * z % p, y * z * z * z % p, z
    if form == "montgomery-jacobian":
        R = pow(2, 64 * kw, p)
        X, Y, Z = X * R % p, Y * R % p, Z * R % p
    return side.words(X, kw) + side.words(Y, kw) + side.words(Z, kw)


@pytest.mark.parametrize("fn", [p[1] for p in side.PAIRS])
def test_results_are_read_in_each_functions_form(fn):
    rng = random.Random(fn)
    k = side.inputs()[fn][0]
    want, got = side.expected_and_got(fn, k, answer(fn, k, rng.randrange(2, 2**100)))
    assert want == got
    want, got = side.expected_and_got(fn, k, answer(fn, k, rng.randrange(2, 2**100), wrong=True))
    assert want != got


def test_the_inputs_are_the_base_point_in_each_form():
    ins = side.inputs()
    assert ins["curve25519_x25519"][1] == [9, 0, 0, 0]
    c = get_curve("secp384r1")
    R = 2**384 % c.p
    pt = ins["p384_montjscalarmul"][1]
    assert side.from_words(pt[:6]) == c.G[0] * R % c.p and side.from_words(pt[12:]) == R
    c = get_curve("secp521r1")
    pt = ins["p521_jscalarmul"][1]
    assert (side.from_words(pt[:9]), side.from_words(pt[9:18]), side.from_words(pt[18:])) == (*c.G, 1)


STAND_IN = """#!{python}
import random, sys
sys.path.insert(0, {tests!r})
import test_s2n_bignum_side_by_side as t
rng = random.Random(1)
for line in sys.stdin:
    fn, *ws = line.split()
    kw = next(p[2] for p in t.side.PAIRS if p[1] == fn)
    k = t.side.from_words([int(w, 16) for w in ws[:kw]])
    res = t.answer(fn, k, rng.randrange(2, 2**100), wrong={wrong})
    print(fn, 1000, 1200, *(format(w, "x") for w in res))
"""


def stand_in_args(tmp_path, wrong: bool) -> list[str]:
    """The tool's arguments for one short round with a stand-in driver (right or wrong results)."""
    prog = tmp_path / "driver"
    prog.write_text(STAND_IN.format(python=sys.executable, tests=str(Path(__file__).parent), wrong=wrong))
    prog.chmod(0o755)
    return [str(tmp_path), "--driver", str(prog), "--core", "0", "--rounds", "1", "--runs", "5"]


@pytest.fixture
def native_ready():
    if shutil.which("taskset") is None:
        pytest.skip("no taskset")
    from ecedu import native

    if not native.available():
        pytest.skip("native library not built")


def test_table_gives_both_ratios(tmp_path, capsys, native_ready):
    args = stand_in_args(tmp_path, False)
    assert side.main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "ratio: medians   mins" in lines[1]
    rows = {t.split()[0]: t.split() for t in lines[2:]}
    assert set(rows) == {"X25519", "secp256r1", "secp384r1", "secp521r1"}
    for row in rows.values():
        mn, med, ref_min, ref_med = float(row[2]), float(row[3]), float(row[5]), float(row[6])
        assert (ref_min, ref_med) == (1000, 1200)
        assert row[-2:] == [f"{med / ref_med:.2f}", f"{mn / ref_min:.2f}"]


def test_a_wrong_result_stops_the_run(tmp_path, native_ready):
    args = stand_in_args(tmp_path, True)
    with pytest.raises(RuntimeError, match="wrong result"):
        side.main(args)


def test_without_the_library_it_says_what_to_build(tmp_path, capsys):
    assert side.main([str(tmp_path)]) == 2
    assert "build s2n-bignum first" in capsys.readouterr().err


def test_openssl_table_puts_both_sides_on_its_scale(tmp_path, capsys, monkeypatch, native_ready):
    asked = []

    def rates(curves):
        asked.append(list(curves))
        return {"secp384r1": 1500.0, "X25519": 40000.0}  # P-256 and P-521 missing: no ratio

    monkeypatch.setattr(side.opensslspeed, "ecdh_rates", rates)
    monkeypatch.setattr(side.cycles, "tsc_hz", lambda: 3.0e9)
    assert side.main(stand_in_args(tmp_path, False) + ["--openssl"]) == 0
    assert asked == [["X25519", "secp256r1", "secp384r1", "secp521r1"]]
    lines = capsys.readouterr().out.splitlines()
    med = {t.split()[0]: float(t.split()[3]) for t in lines[2:6]}  # ecedu's median ticks
    i = lines.index(next(t for t in lines if t.startswith("beside openssl speed ecdh (median of 1 runs")))
    rows = {t.split()[0]: t.split() for t in lines[i + 2 : i + 6]}
    p384 = rows["secp384r1"]
    assert float(p384[2]) == pytest.approx(3.0e9 / med["secp384r1"], abs=0.5)
    assert p384[3] == f"{3.0e9 / med['secp384r1'] / 1500:.2f}"
    assert p384[4:] == [
        "p384_montjscalarmul",
        f"{3.0e9 / 1200:.0f}",
        f"{3.0e9 / 1200 / 1500:.2f}",
    ]  # median 1200
    assert rows["secp521r1"][1] == "-" and rows["secp521r1"][-1] == "-"
