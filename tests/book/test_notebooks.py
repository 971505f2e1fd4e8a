"""Every chapter executes without error, once per test run.

book/build.py (run by the ``site`` fixture) executes each notebook of notebooks/ into the book's
execution cache, two at a time, and the book is rendered from there; a notebook that raises
fails that build with its error output.  Here each chapter must have a cache entry that matches
its code as stored now, with outputs and no error among them.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from jupyter_cache import get_cache

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"

CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def test_every_chapter_is_in_the_book():
    assert len(CHAPTERS) >= 12
    toc = (BOOK / "_toc.yml").read_text()
    assert "notebooks/[0-9][0-9]_*" in toc


@pytest.mark.parametrize("nb", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_executed_without_error(site, nb):
    cache = get_cache(str(BOOK / "_build" / ".jupyter_cache"))
    # the cached outputs belong to the notebook's current code (KeyError if not executed)
    cached = cache.match_cache_notebook(nbformat.read(nb, as_version=4))
    executed = cache.get_cache_bundle(cached.pk).nb
    code = [c for c in executed.cells if c.cell_type == "code"]
    assert code and any(c.get("outputs") for c in code), f"{nb.name}: no outputs in the cache"
    for c in code:
        errors = [o for o in c.get("outputs", []) if o.get("output_type") == "error"]
        assert not errors, f"{nb.name}: {errors[0].get('ename')}: {errors[0].get('evalue')}"
