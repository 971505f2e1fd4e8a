"""Fast checks of the course files behind the web site (no build, no browser)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
NOTEBOOKS = ROOT / "notebooks"
SEEDS = NOTEBOOKS / "data" / "seeds.json"
MY_CHAPTERS = ["00_welcome.ipynb", "09_measuring.ipynb", "10_build_options.ipynb"]


@pytest.fixture(scope="module")
def seeds():
    return json.loads(SEEDS.read_text(encoding="utf-8"))


def test_every_seed_table_names_its_source(seeds):
    for key, table in seeds.items():
        if key.startswith("_"):
            continue
        assert table.get("source"), f"{key} has no source note"


def test_bluhm_gueron_speedups_match_the_transcribed_rates(seeds):
    """The thread printed a speed-up next to each rate; they must agree (transcription check)."""
    bg = seeds["bluhm_gueron_2013"]
    for machine, rows in bg["ecdh"].items():
        if machine in ("notes", "printed_speedup"):
            continue
        for curve, r in rows.items():
            if r["patch"] is None:
                assert any(curve in n for n in bg["ecdh"]["notes"]), f"null {curve} without a note"
                continue
            ratio = r["patch"] / r["openssl_1_0_1e"]
            assert ratio == pytest.approx(bg["ecdh"]["printed_speedup"][machine][curve], abs=0.011)
    for r in bg["ecdsa"]["haswell"].values():
        assert r["patch"]["sign"] > r["openssl_1_0_1e"]["sign"]
    bvp = bg["binary_vs_prime"]
    for op in ("ecdh", "ecdsa"):
        for machine, t in bvp[op].items():
            if machine == "notes":
                continue
            for prime, k, b in bvp["pairs"]:
                for curve in (k, b):
                    for sub in (None,) if op == "ecdh" else ("sign", "verify"):
                        pv = t["prime"][prime] if sub is None else t["prime"][prime][sub]
                        bv = t["binary"][curve] if sub is None else t["binary"][curve][sub]
                        printed = (
                            t["printed_speedup"][curve] if sub is None else t["printed_speedup"][curve][sub]
                        )
                        if pv is None:
                            continue
                        assert bv / pv == pytest.approx(printed, abs=0.011), (op, machine, curve, sub)


def test_netbsd_and_ubuntu_tables_are_complete(seeds):
    nb = seeds["netbsd_pr_28935"]
    assert set(nb["rsa"]["bn(32,32)"]) == set(nb["rsa"]["bn(64,64)"]) == {"512", "1024", "2048", "4096"}
    ub = seeds["ubuntu_1018522"]["ecdsa"]
    assert set(ub["with"]) == set(ub["without"])
    assert len(ub["with"]) == 16
    # the option's effect, as the bug report shows: P-224 verify well over 2x
    assert ub["with"]["nistp224"]["verify"] / ub["without"]["nistp224"]["verify"] > 2


@pytest.mark.parametrize("name", MY_CHAPTERS)
def test_chapter_notebook_structure(name):
    path = NOTEBOOKS / name
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(not c.outputs and c.execution_count is None for c in code), "store notebooks without outputs"
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert nb.cells[0].cell_type == "markdown" and "Learning goals" in nb.cells[0].source
    assert "Check your understanding" in text and "<details>" in text
    assert "exercises/" in text
    src = "\n".join(c.source for c in code)
    assert "import ecedu" in src or "from ecedu" in src
    assert "matplotlib" in src
    assert "ipywidgets" in src


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.name)
def test_every_cell_has_an_id(path):
    """nbformat 4.5 requires cell ids; nbformat.read adds missing ones silently (and nbmake
    warns), so the stored file is checked as it is."""
    raw = json.loads(path.read_text())
    assert (raw["nbformat"], raw["nbformat_minor"]) >= (4, 5)
    missing = [i for i, c in enumerate(raw["cells"]) if "id" not in c]
    assert not missing, f"{path.name}: cells without an id: {missing}"


def section_numbers(markdown: str) -> list[tuple[int, str]]:
    """The numbered headings of a chapter in order: "## 3. Title" -> (3, ""), "### 3b. Title" -> (3, "b");
    unnumbered headings ("## Check your understanding", "### CPU frequency") are left out."""
    found = []
    for line in markdown.splitlines():
        m = re.match(r"(##|###) (\d+)([a-z]?)\. ", line)
        if m:
            found.append((int(m[2]), m[3] if m[1] == "###" else ""))
    return found


def test_section_numbers_reads_headings():
    text = "# 01 · Title\n## 1. A\n### 1a. B\n### Unnumbered\n## 2. C\ntext 3. not a heading\n## Check"
    assert section_numbers(text) == [(1, ""), (1, "a"), (2, "")]


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.name)
def test_sections_are_numbered_in_order(path):
    """A reader follows "section 7" by its number: the chapter's sections run 1, 2, 3, ... in the order
    of the cells, and the lettered subsections of a section a, b, c, ... (none skipped, none out of place)."""
    nb = nbformat.read(path, as_version=4)
    found = section_numbers("\n".join(c.source for c in nb.cells if c.cell_type == "markdown"))
    sections = [n for n, letter in found if not letter]
    assert sections == list(range(1, len(sections) + 1)), f"{path.name}: sections {sections}"
    section = 0
    letters = ""
    for n, letter in found:
        if not letter:
            section, letters = n, ""
            continue
        assert n == section, f"{path.name}: subsection {n}{letter} inside section {section}"
        letters += letter
        assert letters == "abcdefghijklmnopqrstuvwxyz"[: len(letters)], (
            f"{path.name}: subsections {n}{letters}"
        )


def test_book_sees_the_notebooks():
    link = BOOK / "notebooks"
    assert link.resolve() == NOTEBOOKS.resolve()
    toc = (BOOK / "_toc.yml").read_text()
    assert "notebooks/[0-9][0-9]_*" in toc


def test_offline_checker_finds_external_resources(tmp_path):
    sys.path.insert(0, str(BOOK / "_ext"))
    try:
        from ecedu_book import external_resources
    finally:
        sys.path.pop(0)
    (tmp_path / "ok.html").write_text(
        '<link rel="stylesheet" href="_static/a.css"><script src="_static/b.js"></script>'
        '<a href="https://example.org/">a link is fine</a>'
        '<link rel="canonical" href="https://example.org/x.html">'
    )
    assert external_resources(tmp_path) == []
    (tmp_path / "bad.html").write_text(
        '<script src="https://cdn.example/mathjax.js"></script>'
        '<link rel="stylesheet" href="//fonts.example/css">'
        '<img src="http://img.example/x.png">'
    )
    found = {u for _, u in external_resources(tmp_path)}
    assert found == {"https://cdn.example/mathjax.js", "//fonts.example/css", "http://img.example/x.png"}


def test_course_frame_pages_and_bibliography_links():
    """The syllabus, instructor guide, bibliography and glossary are in the book, the syllabus names a
    graded exercise that exists for every week, and every ``[...](bib-…)`` link in a chapter points to an
    anchor of the bibliography; "GECC" is expanded there."""
    import re

    toc = (BOOK / "_toc.yml").read_text()
    for page in ("syllabus", "instructor", "bibliography", "glossary"):
        assert f"file: {page}" in toc and (BOOK / f"{page}.md").exists()
    syllabus = (BOOK / "syllabus.md").read_text()
    weeks = [line for line in syllabus.splitlines() if re.match(r"\| (\d+) \|", line)]
    assert [int(w.split("|")[1]) for w in weeks] == list(range(1, 11))
    for ex in set(re.findall(r"`(ex\d\d_\w+)`", syllabus)):
        assert (ROOT / "exercises" / "source" / ex / f"{ex}.ipynb").exists(), ex
    bib = (BOOK / "bibliography.md").read_text()
    anchors = set(re.findall(r"^\((bib-[\w-]+)\)=$", bib, re.M))
    assert "bib-gecc" in anchors and "Guide to Elliptic Curve Cryptography" in bib
    used = set()
    for path in NOTEBOOKS.glob("*.ipynb"):
        text = "\n".join(
            c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown"
        )
        used |= set(re.findall(r"\]\((bib-[\w-]+)\)", text))
        for m in re.finditer(r"GECC", text):
            assert text[m.end() : m.end() + 12].startswith("](bib-gecc)") or "Guide to" in text, path.name
    assert used and used <= anchors, used - anchors
