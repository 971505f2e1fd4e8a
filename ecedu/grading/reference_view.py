"""The part of ``_reference.py`` an exercise's kernel may see (grader side only).

``_reference.py`` holds the references of every exercise: ``ref_clmul`` is ex01's
``clmul``, ``bin_add`` ex04's ``point_add``.  Under ``python -m ecedu grade`` every test
is judged outside the kernel (:mod:`ecedu.grading.judge`), so the kernel needs only
what the exercise's *setup* cells hand to the student (a toy field, the given
``add``, the list of points).  The sandbox therefore mounts, in place of the file, a
copy cut down to the definitions those cells name through ``checks.<name>`` and the
definitions they depend on, nothing else: ex04's kernel has ``bin_points`` but no
``bin_add``.  Whatever is in the view is what the exercise gives away by design;
:func:`view_names` says what it is.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

REFERENCE = Path(__file__).with_name("_reference.py")

_CHECKS_ATTR = re.compile(r"\bchecks\.(\w+)")


def names_used(sources: list[str]) -> set[str] | None:
    """The ``checks`` names the given kernel cells use; None when they reach the
    reference another way (``import *``, ``_reference`` itself) and only the whole
    file will do."""
    names: set[str] = set()
    for src in sources:
        if "_reference" in src:
            return None
        names |= set(_CHECKS_ATTR.findall(src))
        try:
            tree = ast.parse(src)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("grading.checks"):
                if any(a.name == "*" for a in node.names):
                    return None
                names |= {a.name for a in node.names}
    return names


def _defines(node: ast.stmt) -> list[str]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return [(a.asname or a.name).split(".")[0] for a in node.names]
    return []


def _uses(node: ast.stmt) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def subset_source(names: set[str], source: str | None = None) -> tuple[str, list[str]]:
    """The reference module cut down to ``names`` and what they need.

    Returns ``(source, kept names)``.  Top-level statements that define nothing
    (``from __future__``) are kept; an import is kept only if a kept definition uses
    one of its names (``from .strict import ...`` lines keep only those names)."""
    source = REFERENCE.read_text() if source is None else source
    tree = ast.parse(source)
    by_name: dict[str, list[ast.stmt]] = {}
    for node in tree.body:
        for name in _defines(node):
            by_name.setdefault(name, []).append(node)
    keep: set[str] = set()
    todo = [n for n in names if n in by_name]
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        keep.add(name)
        for node in by_name[name]:
            todo.extend(u for u in _uses(node) if u in by_name and u not in keep)
    lines = source.splitlines(keepends=True)
    out = [
        '"""A view of ecedu/grading/_reference.py made by the grader for one exercise\'s kernel:\n',
        f'only {", ".join(sorted(keep)) or "nothing"}."""\n',
    ]
    for node in tree.body:
        if isinstance(node, ast.Expr) and isinstance(getattr(node, "value", None), ast.Constant):
            continue  # the module docstring
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            out.append(ast.unparse(node) + "\n")
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            kept = [a for a in node.names if (a.asname or a.name).split(".")[0] in keep]
            if kept:
                node = (
                    ast.ImportFrom(node.module, kept, node.level)
                    if isinstance(node, ast.ImportFrom)
                    else node
                )
                out.append(ast.unparse(node) + "\n")
            continue
        defined = _defines(node)
        if defined and all(d in keep for d in defined):
            start = node.lineno - 1 - len(getattr(node, "decorator_list", []) or [])
            out.append("\n\n" + "".join(lines[start : node.end_lineno]))
    return "".join(out), sorted(keep)


def view_names(sources: list[str]) -> list[str] | None:
    """What the view for these kernel cells holds (None: the whole file)."""
    names = names_used(sources)
    return None if names is None else subset_source(names)[1]
