"""ex14–ex16 (Montgomery with w-bit limbs, Solinas for P-256, complete addition and a
constant-time look-up): every designed mistake scores its designed partial mark, the
question it breaks scores 0 with feedback that names the mistake, and the questions built
on the broken answer are graded with the reference put in (full marks, saying so)."""

from __future__ import annotations

import pytest

from ecedu.grading import notebook as nbu
from ecedu.grading.cli import _judge_outside, grade_notebook

from .helpers import EXERCISES, source_nb, submission, write
from .wrong_solutions import DESIGNED

NEW = ("ex14_montgomery_limbs", "ex15_solinas_p256", "ex16_complete_addition")


@pytest.mark.parametrize("case", DESIGNED, ids=[f"{d[0][:4]}-{d[1]}" for d in DESIGNED])
def test_designed_mistake(case, tmp_path):
    ex, why, answers, score, zero, regraded = case
    rep = grade_notebook(write(submission(ex, answers), tmp_path / f"{ex}.ipynb"), root=EXERCISES, timeout=60)
    assert rep.score == score, (why, rep.to_json())
    for q, phrase in zero.items():
        assert rep.points_for(q) == 0, (why, rep.to_json())
        assert phrase in rep.feedback_for(q), (why, rep.feedback_for(q))
    for q in regraded:
        assert rep.feedback_for(q).startswith("passed once the reference"), (why, rep.feedback_for(q))
    for q in rep.questions:
        if q.name not in zero:
            assert q.points == q.max_points, (why, q)


@pytest.mark.parametrize("ex", NEW)
def test_judged_outside_without_references_in_the_kernel(ex):
    """Every test whose calls take plain data is judged by the grader, and no cell that still
    runs in the kernel needs the reference answers, so the sandbox leaves them out."""
    src = source_nb(ex)
    merged = nbu.merge_submission(src, src)
    _cells, plans, needs_reference = _judge_outside(src, merged)
    in_kernel = {q.name for q in merged.questions} - set(plans)
    assert in_kernel == ({"test_lookup_regular"} if ex == "ex16_complete_addition" else set()), in_kernel
    assert not needs_reference
