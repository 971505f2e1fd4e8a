"""Grading support for the ecedu exercises.

* :mod:`ecedu.grading.checks` -- assertion helpers imported by the exercise test
  cells; their messages say *what* is wrong without giving the answer.
* :mod:`ecedu.grading.notebook` -- nbgrader cell metadata helpers and the merge
  of a submission into the instructor source (test cells always come from the
  source).
* :mod:`ecedu.grading.runner` -- executes one notebook in its own process and
  temporary directory with per-cell time and output limits.
* :mod:`ecedu.grading.cli` -- ``python -m ecedu grade NOTEBOOK [--json]``.
* :mod:`ecedu.grading.release` -- regenerate / check ``exercises/release`` with
  nbgrader's ``generate_assignment``.

Only :mod:`checks` is imported inside student kernels; this package's
``__init__`` therefore imports nothing heavy.
"""


def _skip_slow_optional_imports() -> None:
    """jsonschema (pulled in by nbformat) imports the optional ``rfc3987_syntax``
    format checker, which compiles a grammar for ~2 s at import time.  Grading
    never validates IRI formats, so mark it unavailable in grader processes
    (not in student kernels) unless something already imported it."""
    import sys

    sys.modules.setdefault("rfc3987_syntax", None)
