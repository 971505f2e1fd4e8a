"""Generate the student versions (``exercises/release``) with nbgrader.

    python -m ecedu.grading.release            # regenerate every exercise
    python -m ecedu.grading.release ex01_gf2m_mul ...
    python -m ecedu.grading.release --check    # exit 1 if the committed release is stale

It runs nbgrader's own ``generate_assignment`` (in process, ``--no-db``) on a
temporary copy of the course directory and copies the result, so the
committed ``exercises/release`` is exactly what ``nbgrader generate_assignment``
produces from ``exercises/source``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

from . import notebook as nbu


def _canonical(path: Path) -> str:
    data = json.loads(path.read_text())
    return json.dumps(data, sort_keys=True, indent=1)


def generate(exercises: list[str], root: Path, dest: Path) -> dict[str, str]:
    """Generate the release of each exercise into ``dest/<ex>/``; returns errors by exercise."""
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config import Config

    errors: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="ecedu-release-") as tmp:
        course = Path(tmp)
        shutil.copytree(root / "source", course / "source")
        cfg = Config()
        cfg.CourseDirectory.root = str(course)
        cfg.CourseDirectory.course_id = "ecedu"
        cfg.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
        cfg.SaveCells.enabled = False
        cfg.GenerateAssignment.no_database = True
        coursedir = CourseDirectory(config=cfg)
        api = NbGraderAPI(coursedir=coursedir, config=cfg)
        for ex in exercises:
            res = api.generate_assignment(ex, force=True, create=False)
            if not res.get("success"):
                errors[ex] = res.get("error") or res.get("log", "")
                continue
            out = dest / ex
            if out.exists():
                shutil.rmtree(out)
            shutil.copytree(course / "release" / ex, out)
    return errors


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ecedu.grading.release")
    ap.add_argument("exercises", nargs="*", help="exercise ids (default: all)")
    ap.add_argument("--root", default=None, help="course directory (default: the repo's exercises/)")
    ap.add_argument("--check", action="store_true", help="only check that the release is up to date")
    args = ap.parse_args(argv)
    root = Path(args.root) if args.root else nbu.exercises_root()
    exercises = args.exercises or nbu.list_exercises(root)
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            errors = generate(exercises, root, Path(tmp))
            stale = []
            for ex in exercises:
                if ex in errors:
                    continue
                new, old = Path(tmp) / ex / f"{ex}.ipynb", root / "release" / ex / f"{ex}.ipynb"
                if not old.is_file() or _canonical(new) != _canonical(old):
                    stale.append(ex)
        for ex, err in errors.items():
            print(f"{ex}: generate_assignment failed:\n{err}", file=sys.stderr)
        for ex in stale:
            print(
                f"{ex}: exercises/release is out of date; run python -m ecedu.grading.release",
                file=sys.stderr,
            )
        if not errors and not stale:
            print(f"release up to date ({len(exercises)} exercises)")
        return 1 if errors or stale else 0
    errors = generate(exercises, root, root / "release")
    for ex, err in errors.items():
        print(f"{ex}: generate_assignment failed:\n{err}", file=sys.stderr)
    print(f"generated {len(exercises) - len(errors)} of {len(exercises)} exercises into {root / 'release'}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
