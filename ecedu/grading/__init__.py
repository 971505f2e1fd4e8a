"""Grading support for the ecedu exercises.

* :mod:`ecedu.grading.checks` -- what the exercise test cells import: the
  type-strict helpers of :mod:`strict` and the references and diagnosing checks of
  :mod:`_reference`; messages say *what* is wrong without giving the answer.
* :mod:`ecedu.grading.judge` -- judging outside the kernel: record the calls a test
  makes with the instructor's solution, let the kernel only produce results,
  replay the test on them in the grader.
* :mod:`ecedu.grading.reference_view` -- the part of :mod:`_reference` an exercise's
  kernel may see (what its setup cells hand out), mounted in place of the file.
* :mod:`ecedu.grading.sandbox` / :mod:`ecedu.grading.limits` -- the bubblewrap
  sandbox and the equal soft/hard rlimits the kernel runs under.
* :mod:`ecedu.grading.notebook` -- nbgrader cell metadata helpers and the merge
  of a submission into the instructor source (test cells always come from the
  source).
* :mod:`ecedu.grading.runner` -- executes one notebook (nbclient, outside the
  sandbox) with a kernel started inside it, per-cell time and output limits.
* :mod:`ecedu.grading.cli` -- ``python -m ecedu grade NOTEBOOK [--json]``.
* :mod:`ecedu.grading.release` -- regenerate / check ``exercises/release`` with
  nbgrader's ``generate_assignment``.

Only :mod:`checks` (with :mod:`strict` and, at most, a view of :mod:`_reference`) and
:mod:`limits` are visible inside a sandboxed student kernel; this package's ``__init__`` therefore
imports nothing heavy.
"""


def _skip_slow_optional_imports() -> None:
    """jsonschema (pulled in by nbformat) imports the optional ``rfc3987_syntax``
    format checker, which compiles a grammar for ~2 s at import time.  Grading
    never validates IRI formats, so mark it unavailable in grader processes
    (not in student kernels) unless something already imported it."""
    import sys

    sys.modules.setdefault("rfc3987_syntax", None)
