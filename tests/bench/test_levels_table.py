"""tools/levels_table.py on the rows ``ecedu speed field --json`` really prints: the binary
fields' rows (with a ``target`` per level) and the prime fields' rows (``field``, ``variant``,
no ``target``), which the tool must leave out rather than stop on (it raised KeyError on them).
One round of real runs is too slow for the suite, so ``run`` comes from a captured shape."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import levels_table  # noqa: E402

TICKS = {"portable": 400.0, "pclmul": 36.0, "avx2": 35.0}


def fake_run(level, op, runs):
    return [
        {"op": "field_mul", "target": "GF(2^239)", "implementation": level, "min_ticks": TICKS[level]},
        {"op": "field_sqr", "target": "GF(2^239)", "implementation": level, "min_ticks": TICKS[level] / 2},
        # a prime-field row, as `speed field` prints it after the binary ones
        {"op": "prime_mul", "field": "P-384", "variant": "solinas", "impl": "portable", "cycles": 234.0},
    ]


def test_table_keeps_binary_rows_and_skips_prime_rows(monkeypatch, capsys):
    monkeypatch.setattr(levels_table, "levels", lambda: list(TICKS))
    monkeypatch.setattr(levels_table, "run", fake_run)
    assert levels_table.main(["--op", "field", "--rounds", "2", "--runs", "10"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in out[2:]]
    assert [r[:2] for r in rows] == [["field_mul", "GF(2^239)"], ["field_sqr", "GF(2^239)"]]
    assert rows[0][2:] == ["400", "36", "35", "avx2"]
    assert rows[1][-1] == "avx2"
    assert not any("P-384" in line or "prime" in line for line in out)
