"""What the exercise test cells import: ``from ecedu.grading import checks``.

* the type-strict helpers of :mod:`ecedu.grading.strict` (always there);
* the reference computations and diagnosing checks of :mod:`ecedu.grading._reference`
  (toy fields and curves, ``check_clmul``, ...).  Every check says *what* is wrong
  ("result not reduced: degree 170 ≥ 163") without printing the expected value.

Under ``python -m ecedu grade`` every test is judged outside the kernel (see
:mod:`ecedu.grading.judge`) and the sandbox mounts, instead of ``_reference.py``,
only the part the exercise's setup cells use (:mod:`ecedu.grading.reference_view`),
or nothing: in ex01's kernel only the strict helpers are here and
``checks.ref_clmul`` does not exist; in ex04's ``checks.bin_points`` does, but not
``checks.bin_add``.
"""

from __future__ import annotations

from .strict import *  # noqa: F403
from .strict import __all__ as _strict_names

try:
    from ._reference import *  # noqa: F403

    REFERENCE_AVAILABLE = True
except ImportError:  # kept out of this kernel by the grader's sandbox
    REFERENCE_AVAILABLE = False

__all__ = list(_strict_names)
