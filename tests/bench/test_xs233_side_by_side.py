"""tools/xs233_side_by_side.py, without c-xs233: a stand-in ``speed_xs233`` prints lines in the
format of c-xs233's (``name:   median (low .. high)``), so the parsing and the table are checked
here; the real comparison needs c-xs233 built outside the repository (the tool's docstring)."""

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import xs233_side_by_side as side  # noqa: E402

SAMPLE = """\
xsb233_mul:               44628.35 (41443.35 .. 50835.85)
xsb233_mul_ladder:        37134.00 (36881.00 .. 40098.50)
xsb233_mulgen:            17206.00 (17151.00 .. 18000.00)

xsk233_tau_recode:         1359.80 (1280.37 .. 1618.76)
xsk233_mul_frob:          25410.00 (18173.00 .. 31870.15)
xsk233_mulgen_frob:       10626.00 (10597.00 .. 11920.50)
"""


@pytest.fixture
def fake_xs233(tmp_path):
    if shutil.which("taskset") is None:
        pytest.skip("no taskset")
    prog = tmp_path / "speed_xs233"
    prog.write_text("#!/bin/sh\ncat <<'EOF'\n" + SAMPLE + "EOF\n")
    prog.chmod(0o755)
    return tmp_path


def test_parses_median_and_low_figure(fake_xs233):
    got = side.xs233(fake_xs233 / "speed_xs233", 0)
    assert got["xsk233_mul_frob"] == (25410.0, 18173.0)
    assert got["xsb233_mul_ladder"] == (37134.0, 36881.0)
    assert got["xsk233_tau_recode"] == (1359.8, 1280.37)
    assert set(got) == {
        "xsb233_mul",
        "xsb233_mul_ladder",
        "xsb233_mulgen",
        "xsk233_tau_recode",
        "xsk233_mul_frob",
        "xsk233_mulgen_frob",
    }


def test_table_gives_both_ratios(fake_xs233, capsys):
    pytest.importorskip("ecedu.native")
    from ecedu import native

    if not native.available():
        pytest.skip("native library not built")
    assert side.main([str(fake_xs233), "--core", "0", "--rounds", "1", "--runs", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "min / 10%" in lines[1]
    row = next(t for t in lines if t.startswith("ecdh sect233k1"))
    f = row.split()
    ecedu_min, ecedu_med, ref, low = float(f[3]), float(f[4]), float(f[6]), float(f[7])
    assert (f[5], ref, low) == ("xsk233_mul_frob", 25410.0, 18173.0)
    # the two ratios, as printed to two decimals, from the figures on the row
    assert float(f[8]) == pytest.approx(round(ecedu_med / ref, 2), abs=0.006)
    assert float(f[9]) == pytest.approx(round(ecedu_min / low, 2), abs=0.006)


def test_missing_program_is_a_usage_error(tmp_path, capsys):
    assert side.main([str(tmp_path)]) == 2
    assert "speed_xs233 not found" in capsys.readouterr().err


# objdump -d lines of the two builds of c-xs233's gf_mul (abridged)
SSE_LINES = """\
  4012a0:\t66 0f 3a 44 c1 00    \tpclmullqlqdq %xmm1,%xmm0
  4012a6:\t66 0f 3a 44 d3 11    \tpclmulhqhqdq %xmm3,%xmm2
  4012ac:\t66 0f ef c2          \tpxor   %xmm2,%xmm0
"""
VEX_LINES = """\
  4012a0:\tc4 e3 79 44 c1 00    \tvpclmullqlqdq %xmm1,%xmm0,%xmm0
  4012a6:\tc4 e3 69 44 d3 11    \tvpclmulhqhqdq %xmm3,%xmm2,%xmm2
  4012ac:\tc5 f9 ef c2          \tvpxor  %xmm2,%xmm0,%xmm0
"""


def test_encoding_tells_sse_from_vex():
    assert side.encoding(SSE_LINES) == "sse"
    assert side.encoding(VEX_LINES) == "vex"
    assert side.encoding("  4012ac:\tc5 f9 ef c2 \tvpxor  %xmm2,%xmm0,%xmm0\n") is None
    # a majority decides (a build may hold a few instructions of the other form)
    assert side.encoding(SSE_LINES * 3 + VEX_LINES) == "sse"


def test_mismatched_build_gets_a_note(fake_xs233, capsys, monkeypatch):
    pytest.importorskip("ecedu.native")
    from ecedu import native

    if not native.available():
        pytest.skip("native library not built")
    args = [str(fake_xs233), "--core", "0", "--rounds", "1", "--runs", "5", "--level", "pclmul"]
    monkeypatch.setattr(side, "build_encoding", lambda prog: "vex")
    assert side.main(args) == 0
    out = capsys.readouterr().out
    assert "note: c-xs233 here is VEX code" in out and '-mpclmul -msse4.1"' in out
    monkeypatch.setattr(side, "build_encoding", lambda prog: "sse")
    assert side.main(args) == 0
    assert "c-xs233's build: SSE code, as ecedu's level pclmul" in capsys.readouterr().out


def test_openssl_table_puts_both_sides_on_its_scale(fake_xs233, capsys, monkeypatch):
    pytest.importorskip("ecedu.native")
    from ecedu import native

    if not native.available():
        pytest.skip("native library not built")
    asked = []

    def rates(curves):
        asked.append(list(curves))
        return {"sect233k1": 1000.0 * len(asked)}  # no sect233r1 figure: that row gets no ratio

    monkeypatch.setattr(side.opensslspeed, "ecdh_rates", rates)
    monkeypatch.setattr(side.cycles, "tsc_hz", lambda: 2.6e9)
    args = [str(fake_xs233), "--core", "0", "--rounds", "3", "--runs", "5", "--openssl"]
    assert side.main(args) == 0
    assert asked == [["sect233k1", "sect233r1"]] * 3  # once a round
    lines = capsys.readouterr().out.splitlines()
    ours = float(next(t for t in lines if t.startswith("ecdh sect233k1")).split()[4])  # median ticks
    i = next(i for i, t in enumerate(lines) if t.startswith("beside openssl speed ecdh (median of 3 runs"))
    k1 = lines[i + 2].split()
    assert k1[0] == "sect233k1" and float(k1[1]) == 2000  # the median of 1000, 2000, 3000
    assert float(k1[2]) == pytest.approx(2.6e9 / ours, abs=0.5)
    assert float(k1[3]) == pytest.approx(2.6e9 / ours / 2000, abs=0.006)
    assert k1[4:] == ["xsk233_mul_frob", f"{2.6e9 / 25410:.0f}", f"{2.6e9 / 25410 / 2000:.2f}"]
    r1 = lines[i + 3].split()
    assert r1[0] == "sect233r1" and r1[1] == "-" and r1[3] == "-" and r1[-1] == "-"
