"""The examples in the package's docstrings run and print what they show (every module with a
``>>>`` line; ecedu.notebook_client's are run by tests/test_notebook_client.py)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "ecedu"
SKIP = {"ecedu.notebook_client"}  # tests/test_notebook_client.py runs it, in its own set-up


def _modules_with_examples() -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if ">>>" in path.read_text(encoding="utf-8"):
            parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            if name not in SKIP:
                names.append(name)
    return names


MODULES = _modules_with_examples()


def test_the_package_has_examples():
    assert MODULES  # else the parametrized test below would check nothing


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result
