"""``ecedu.grading.cli.main`` (wired as ``python -m ecedu grade``)."""

from __future__ import annotations

import json
import subprocess
import sys

from ecedu.grading import cli

from .helpers import EXERCISES, ROOT, release_nb, submission, write
from .wrong_solutions import WRONG

EX = "ex06_naf"


def test_json_output(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("ECEDU_EXERCISES", str(EXERCISES))
    path = write(submission(EX, WRONG[EX]["answers"]), tmp_path / "my_naf_attempt.ipynb")
    assert cli.main([str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exercise"] == EX
    assert set(data) >= {"exercise", "score", "max_score", "questions"}
    assert 0 < data["score"] < data["max_score"]
    assert sum(q["max_points"] for q in data["questions"]) == data["max_score"]
    assert sum(q["points"] for q in data["questions"]) == data["score"]
    for q in data["questions"]:
        assert set(q) == {"name", "points", "max_points", "feedback"}
    naf_q = next(q for q in data["questions"] if q["name"] == "test_naf")
    assert "digit 3" in naf_q["feedback"] and "-1, 0, 1" in naf_q["feedback"]


def test_python_m_ecedu_grade_text_output(tmp_path):
    path = write(release_nb(EX), tmp_path / "blank.ipynb")  # named freely: found by its metadata
    proc = subprocess.run(
        [sys.executable, "-m", "ecedu", "grade", str(path), "--exercises", str(EXERCISES)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert f"Exercise: {EX}" in proc.stdout
    assert "Total: 0 / 9" in proc.stdout
    assert "not answered yet" in proc.stdout


def test_unreadable_or_unknown_notebooks(tmp_path, capsys):
    bad = tmp_path / "broken.ipynb"
    bad.write_text("{ not json")
    assert cli.main([str(bad), "--json", "--exercises", str(EXERCISES)]) == 2
    assert "cannot read" in json.loads(capsys.readouterr().out)["notes"][0]
    import nbformat

    other = write(nbformat.v4.new_notebook(), tmp_path / "something_else.ipynb")
    assert cli.main([str(other), "--exercises", str(EXERCISES)]) == 2
    assert "cannot tell which exercise" in capsys.readouterr().out
