"""Build submissions from the released student notebooks."""

from __future__ import annotations

from pathlib import Path

import nbformat

from ecedu.grading import notebook as nbu

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = ROOT / "exercises"


def exercises() -> list[str]:
    return nbu.list_exercises(EXERCISES)


def release_nb(ex: str):
    return nbformat.read(str(EXERCISES / "release" / ex / f"{ex}.ipynb"), as_version=4)


def source_nb(ex: str):
    return nbformat.read(str(nbu.source_path(ex, EXERCISES)), as_version=4)


def instructor_answers(ex: str) -> dict[str, str]:
    return {nbu.grade_id(c): nbu.strip_markers(c.source) for c in source_nb(ex).cells if nbu.is_answer(c)}


def submission(ex: str, answers: dict[str, str] | None = None, *, base: str = "solution", edit=None):
    """The released notebook filled in: ``base`` "solution" (instructor answers) or
    "blank" (as released), then ``answers`` override single cells; ``edit(nb)``
    may change anything else."""
    nb = release_nb(ex)
    fill = instructor_answers(ex) if base == "solution" else {}
    fill.update(answers or {})
    for c in nb.cells:
        if nbu.is_answer(c) and nbu.grade_id(c) in fill:
            c.source = fill[nbu.grade_id(c)]
    if edit is not None:
        edit(nb)
    return nb


def write(nb, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))
    return path
