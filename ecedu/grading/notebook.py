"""nbgrader notebook helpers: cell roles, exercise lookup, submission merge."""

from __future__ import annotations

import copy
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import _skip_slow_optional_imports

_skip_slow_optional_imports()

import nbformat  # noqa: E402 (after the environment is set for it)

HIDDEN_RE = re.compile(r"^[ \t]*### (BEGIN|END) HIDDEN TESTS[ \t]*\n?", re.MULTILINE)
SOLUTION_RE = re.compile(r"^[ \t]*### (BEGIN|END) SOLUTION[ \t]*\n?", re.MULTILINE)


class ExerciseNotFound(LookupError):
    """The submission could not be matched with an exercise source notebook."""


def nbgrader_meta(cell) -> dict:
    meta = cell.get("metadata", {})
    meta = meta.get("nbgrader", {}) if isinstance(meta, dict) else {}
    return meta if isinstance(meta, dict) else {}


def sanitize_submission(nb) -> list[str]:
    """Make a submitted notebook's shape what the grader reads, in place, and say what was
    wrong: a cell's source a string (a list of strings is joined, anything else is dropped),
    its metadata and ``nbgrader`` metadata dicts, its ``grade_id`` a string, the notebook's
    ``ecedu`` metadata a dict.  (A hand-edited notebook that nbformat still reads could make the
    grader fail with a traceback instead of a report.)"""
    notes: list[str] = []
    if not isinstance(nb.get("metadata"), dict):
        nb["metadata"] = nbformat.NotebookNode()
    if "ecedu" in nb.metadata and not isinstance(nb.metadata["ecedu"], dict):
        del nb.metadata["ecedu"]
        notes.append("the notebook's ecedu metadata is not a mapping; ignored")
    cells = nb.get("cells")
    if not isinstance(cells, list):
        nb["cells"] = []
        notes.append("the notebook has no list of cells")
        return notes
    kept = []
    for i, c in enumerate(cells):
        if not isinstance(c, dict) or not isinstance(c.get("cell_type"), str):
            notes.append(f"cell {i} is not a notebook cell; ignored")
            continue
        src = c.get("source", "")
        if isinstance(src, list) and all(isinstance(x, str) for x in src):
            src = "".join(src)
        if not isinstance(src, str):
            notes.append(f"cell {i}'s source is not text; taken as empty")
            src = ""
        c["source"] = src
        if not isinstance(c.get("metadata", {}), dict):
            c["metadata"] = nbformat.NotebookNode()
            notes.append(f"cell {i}'s metadata is not a mapping; ignored")
        meta = c.get("metadata", {})
        if "nbgrader" in meta:
            ng = meta["nbgrader"]
            if not isinstance(ng, dict) or not isinstance(ng.get("grade_id", ""), str):
                del meta["nbgrader"]
                notes.append(f"cell {i}'s nbgrader metadata is malformed; the cell is taken as an extra cell")
        kept.append(c)
    nb["cells"] = kept
    return notes


def grade_id(cell) -> str | None:
    return nbgrader_meta(cell).get("grade_id")


def is_answer(cell) -> bool:
    """An autograded answer cell (the student writes code here)."""
    m = nbgrader_meta(cell)
    return bool(m.get("solution")) and cell.get("cell_type") == "code"


def is_test(cell) -> bool:
    """An autograder test cell (carries points)."""
    m = nbgrader_meta(cell)
    return bool(m.get("grade")) and not m.get("solution") and cell.get("cell_type") == "code"


def points(cell) -> float:
    return float(nbgrader_meta(cell).get("points", 0) or 0)


def exercises_root() -> Path:
    """The course directory holding ``source/`` and ``release/``.

    ``$ECEDU_EXERCISES`` wins; otherwise the ``exercises/`` folder next to the
    ``ecedu`` package (a source checkout or an editable install).
    """
    env = os.environ.get("ECEDU_EXERCISES")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "exercises"


def source_path(exercise: str, root: Path | None = None) -> Path:
    root = Path(root) if root else exercises_root()
    return root / "source" / exercise / f"{exercise}.ipynb"


def list_exercises(root: Path | None = None) -> list[str]:
    root = Path(root) if root else exercises_root()
    src = root / "source"
    if not src.is_dir():
        return []
    return sorted(p.name for p in src.iterdir() if (p / f"{p.name}.ipynb").is_file())


def identify_exercise(nb, filename: str | os.PathLike | None = None, root: Path | None = None) -> str:
    """Find which exercise a (possibly renamed or edited) notebook belongs to.

    Tries the ``ecedu.exercise`` notebook metadata, then the file name, then
    the set of answer-cell ids.
    """
    known = list_exercises(root)
    if not known:
        raise ExerciseNotFound(f"no exercise sources found under {root or exercises_root()}")
    meta = nb.get("metadata", {})
    ecedu_meta = meta.get("ecedu", {}) if isinstance(meta, dict) else {}
    name = ecedu_meta.get("exercise") if isinstance(ecedu_meta, dict) else None
    if name in known:
        return name
    if filename is not None:
        stem = Path(filename).stem
        for ex in known:
            if stem == ex or stem.startswith(ex):
                return ex
    ids = {grade_id(c) for c in nb.cells if is_answer(c)}
    ids.discard(None)
    if ids:
        for ex in known:
            src = nbformat.read(str(source_path(ex, root)), as_version=4)
            if ids <= {grade_id(c) for c in src.cells if is_answer(c)}:
                return ex
    raise ExerciseNotFound(
        "cannot tell which exercise this notebook is; known exercises: " + ", ".join(known)
    )


def strip_markers(source: str) -> str:
    """Remove the BEGIN/END HIDDEN TESTS and SOLUTION marker lines (keep the code)."""
    return SOLUTION_RE.sub("", HIDDEN_RE.sub("", source))


@dataclass
class Question:
    name: str
    max_points: float
    cell_index: int  # index in the merged notebook
    answer_ids: list[str] = field(default_factory=list)


@dataclass
class Merged:
    nb: object
    questions: list[Question]
    answer_cells: dict[str, int]  # grade_id -> index in merged notebook
    warnings: list[str]


def _norm(src: str) -> str:
    return "\n".join(line.rstrip() for line in src.strip().splitlines())


def merge_submission(source_nb, submission_nb, release_nb=None) -> Merged:
    """Build the notebook to execute: the instructor source with the student's
    answer cells put in.

    Every cell that is not an autograded answer (instructions, setup, visible
    and hidden tests) is taken from the source, so a submission that edits,
    deletes or adds test cells changes nothing.  Answer cells are matched by
    ``grade_id``; a missing answer cell becomes empty.
    """
    warnings: list[str] = []
    sub_answers: dict[str, str] = {}
    sub_tests: dict[str, str] = {}
    known = {grade_id(c) for c in source_nb.cells} - {None}
    # code cells the student added (no known grade_id) run after the source cell
    # they followed, as nbgrader's autograder would keep them
    extras: dict[str | None, list[str]] = {}
    anchor = None
    for c in submission_nb.cells:
        gid = grade_id(c)
        if gid in known:
            anchor = gid
        elif c.get("cell_type") == "code" and c.source.strip():
            extras.setdefault(anchor, []).append(c.source)
            continue
        if gid is None:
            continue
        if is_answer(c):
            sub_answers.setdefault(gid, c.source)
        elif is_test(c):
            sub_tests[gid] = c.source

    # Tampering report: compare the submission's test cells with the released ones.
    released_tests = {}
    if release_nb is not None:
        released_tests = {grade_id(c): c.source for c in release_nb.cells if is_test(c)}
    source_tests = {grade_id(c): c.source for c in source_nb.cells if is_test(c)}
    for gid, src in released_tests.items():
        if gid not in sub_tests:
            warnings.append(f"test cell {gid!r} is missing from the submission; the original was used")
        elif _norm(sub_tests[gid]) not in (_norm(src), _norm(source_tests.get(gid, ""))):
            warnings.append(f"test cell {gid!r} was modified in the submission; the original was used")

    nb = copy.deepcopy(source_nb)
    if extras:
        cells = [nbformat.v4.new_code_cell(src) for src in extras.get(None, [])]
        for c in nb.cells:
            cells.append(c)
            cells.extend(nbformat.v4.new_code_cell(src) for src in extras.get(grade_id(c), []))
        for c in cells:
            c.pop("id", None)
        nb.cells = cells
    questions: list[Question] = []
    answer_cells: dict[str, int] = {}
    pending_answers: list[str] = []
    for i, c in enumerate(nb.cells):
        c.pop("outputs", None) if c.cell_type != "code" else c.update(outputs=[], execution_count=None)
        if is_answer(c):
            gid = grade_id(c)
            if gid in sub_answers:
                c.source = sub_answers[gid]
            else:
                warnings.append(f"answer cell {gid!r} is missing from the submission")
                c.source = ""
            answer_cells[gid] = i
            pending_answers.append(gid)
        elif c.cell_type == "code":
            c.source = strip_markers(c.source)
            if is_test(c):
                questions.append(Question(grade_id(c), points(c), i, pending_answers))
                pending_answers = []
    return Merged(nb, questions, answer_cells, warnings)
