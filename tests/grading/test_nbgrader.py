"""The teacher's path: nbgrader's own command line, offline, on a temporary
course directory with its own sqlite gradebook; and the committed release is
what ``nbgrader generate_assignment`` makes from the source."""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("nbgrader")

from ecedu.grading import notebook as nbu
from ecedu.grading import release

from .helpers import EXERCISES, ROOT, release_nb, submission, write
from .wrong_solutions import WRONG

NBGRADER = [sys.executable, "-m", "nbgrader"]
EX = "ex01_gf2m_mul"


def _nbgrader(course: Path, *args: str) -> str:
    # nbgrader runs `alembic` from PATH: put this interpreter's bin/ first
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""),
    )
    proc = subprocess.run(
        NBGRADER + list(args), cwd=course, capture_output=True, text=True, env=env, timeout=600
    )
    assert proc.returncode == 0, f"nbgrader {' '.join(args)} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout + proc.stderr


def test_release_is_up_to_date():
    assert release.main(["--check", "--root", str(EXERCISES)]) == 0, (
        "exercises/release is stale: run python -m ecedu.grading.release"
    )


def test_generate_autograde_feedback_export(tmp_path):
    course = tmp_path / "course"
    course.mkdir()
    shutil.copy(EXERCISES / "nbgrader_config.py", course / "nbgrader_config.py")
    shutil.copytree(EXERCISES / "source" / EX, course / "source" / EX)
    _nbgrader(course, "generate_assignment", EX, "--force")
    released = course / "release" / EX / f"{EX}.ipynb"
    assert released.is_file()
    assert "BEGIN SOLUTION" not in released.read_text() and "BEGIN HIDDEN TESTS" not in released.read_text()

    def tamper(nb):  # "passes" every test by editing the test cells
        for c in nb.cells:
            if nbu.is_test(c):
                c.source = "pass"

    subs = {
        "alice": submission(EX),
        "bob": release_nb(EX),
        "carol": submission(EX, WRONG[EX]["answers"]),
        "dave": submission(EX, WRONG[EX]["answers"], edit=tamper),
    }
    for student, nb in subs.items():
        write(nb, course / "submitted" / student / EX / f"{EX}.ipynb")
    _nbgrader(course, "autograde", EX, "--force")
    _nbgrader(course, "generate_feedback", EX, "--force")
    for student in subs:
        fb = course / "feedback" / student / EX / f"{EX}.html"
        assert fb.is_file(), f"no feedback for {student}"
    carol_fb = (course / "feedback" / "carol" / EX / f"{EX}.html").read_text()
    assert "result not reduced: degree" in carol_fb
    _nbgrader(course, "export", "--to", "grades.csv")
    rows = {r["student_id"]: r for r in csv.DictReader((course / "grades.csv").open())}
    score = {s: float(rows[s]["score"]) for s in subs}
    max_score = float(rows["alice"]["max_score"])
    assert max_score == 9
    assert score["alice"] == max_score
    assert score["bob"] == 0
    assert 0 < score["carol"] < max_score
    assert score["dave"] == score["carol"], "edited test cells must be restored from the source"
