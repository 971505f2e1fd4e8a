"""tools/levels_table.py, run for real with few samples: the table has one row per binary curve
(``--op ecdh``) or per binary field and operation (``--op field``), a figure for every level the
CPU runs and the fastest of them.  Rows of the prime curves and fields, which ``ecedu speed``
also prints and whose level the tool does not force, must not appear (``--op field`` once
stopped with KeyError on them, and ``--op ecdh`` listed them with a meaningless "fastest")."""

import re
import sys
from pathlib import Path

import pytest

from ecedu import native
from ecedu.curves.sec2 import BINARY_CURVES

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import levels_table  # noqa: E402

pytestmark = pytest.mark.skipif(not native.available(), reason="native library not built")


def table(capsys, op):
    assert levels_table.main(["--op", op, "--rounds", "1", "--runs", "10"]) == 0
    lines = capsys.readouterr().out.splitlines()
    levels = lines[1].split()[2:-1]
    assert levels == list(native.available_implementations())
    rows = [line.split() for line in lines[2:]]
    for r in rows:
        assert len(r) == 2 + len(levels) + 1
        assert all(float(x) > 0 for x in r[2:-1])
        assert r[-1] in levels and float(r[2 + levels.index(r[-1])]) == min(map(float, r[2:-1]))
    return rows


def test_ecdh_table_has_the_binary_curves_only(capsys):
    rows = table(capsys, "ecdh")
    assert {r[0] for r in rows} == {"ecdh"}
    assert sorted(r[1] for r in rows) == sorted(BINARY_CURVES)


def test_field_table_has_the_binary_fields_only(capsys):
    rows = table(capsys, "field")
    assert {r[0] for r in rows} == {"field_mul", "field_sqr", "field_inv"}
    fields = {int(re.fullmatch(r"GF\(2\^(\d+)\)", r[1]).group(1)) for r in rows}
    assert fields == {163, 193, 233, 239, 283, 409, 571}
    assert len(rows) == 3 * len(fields)
