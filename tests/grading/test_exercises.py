"""Every exercise: the released version scores 0, the instructor solution full
marks, and a seeded realistic mistake something in between with feedback that
names the mistake (learner path, ``ecedu.grading.cli``)."""

from __future__ import annotations

import shutil

import pytest

from ecedu.grading.cli import grade_notebook

from .helpers import EXERCISES, exercises, release_nb, submission, write
from .wrong_solutions import SLIPPED_THROUGH, WRONG

NEEDS_GCC = {"ex12_ctypes"}
EXS = [
    pytest.param(
        ex, marks=pytest.mark.skipif(ex in NEEDS_GCC and shutil.which("gcc") is None, reason="needs gcc")
    )
    for ex in exercises()
]


def test_course_has_enough_exercises():
    assert len(exercises()) >= 12
    assert set(WRONG) == set(exercises()), "every exercise needs a seeded wrong solution"


@pytest.mark.parametrize("ex", EXS)
def test_release_scores_zero(ex, tmp_path):
    path = write(release_nb(ex), tmp_path / f"{ex}.ipynb")
    rep = grade_notebook(path, root=EXERCISES, timeout=60)
    assert rep.exercise == ex
    assert rep.max_score > 0 and len(rep.questions) >= 3
    assert rep.score == 0, rep.to_json()
    for q in rep.questions:
        assert q.points == 0
        # a clean "not answered" (or, for a test that only uses given code, a plain failure)
        assert "NotImplementedError" in q.feedback or "not answered" in q.feedback, q.feedback
    assert not rep.notes, rep.notes


@pytest.mark.parametrize("ex", EXS)
def test_instructor_solution_full_marks(ex, tmp_path):
    path = write(submission(ex), tmp_path / f"{ex}.ipynb")
    rep = grade_notebook(path, root=EXERCISES, timeout=60)
    assert rep.score == rep.max_score, rep.to_json()
    assert all(q.feedback == "passed" for q in rep.questions)
    assert not rep.notes, rep.notes


@pytest.mark.parametrize("ex", EXS)
def test_seeded_mistake_partial_credit_with_feedback(ex, tmp_path):
    w = WRONG[ex]
    path = write(submission(ex, w["answers"]), tmp_path / f"{ex}.ipynb")
    rep = grade_notebook(path, root=EXERCISES, timeout=60)
    assert 0 < rep.score < rep.max_score, rep.to_json()
    assert rep.points_for(w["question"]) == 0, rep.to_json()
    fb = rep.feedback_for(w["question"])
    assert w["feedback"] in fb, f"{w['why']}: feedback was {fb!r}"


@pytest.mark.parametrize(
    "ex, why, answers, question, phrase", SLIPPED_THROUGH, ids=[f"{c[0]}-{c[3]}" for c in SLIPPED_THROUGH]
)
def test_mistakes_that_once_slipped_through_lose_their_question(ex, why, answers, question, phrase, tmp_path):
    path = write(submission(ex, answers), tmp_path / f"{ex}.ipynb")
    rep = grade_notebook(path, root=EXERCISES, timeout=60)
    assert rep.points_for(question) == 0, f"{why}: {rep.to_json()}"
    assert phrase in rep.feedback_for(question), f"{why}: feedback was {rep.feedback_for(question)!r}"
