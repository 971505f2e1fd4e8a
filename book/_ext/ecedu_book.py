"""Sphinx helpers for the ecedu Jupyter Book (loaded via _config.yml ``local_extensions``).

What it does:

* sets ``ECEDU_SHORT=1`` in the environment (unless the caller already set it)
  before any notebook is executed, so heavy measurements stay short;
* makes the site work offline: it copies MathJax 3 (the ``es5`` build that the
  PyPI package ``django-static-mathjax`` ships) into ``_static/mathjax/`` and
  points ``mathjax_path`` at it, and it drops any JS/CSS file that a theme or
  extension registered from an external URL;
* after the build, writes ``_build/html/_offline_check.txt`` listing any
  remaining external resource URLs (script src / link href / img src); the
  book test fails if that list is not empty.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
from pathlib import Path

# MathJax parts the site needs: the combined TeX+MathML→CHTML component, the
# CHTML web fonts, and the lazily loaded pieces (TeX extensions, menu, a11y).
_MATHJAX_PARTS = [
    "tex-mml-chtml.js",
    "input",
    "output/chtml",
    "ui",
    "a11y",
    "sre",
    "adaptors",
]

_EXTERNAL = re.compile(r"^(?:https?:)?//", re.I)
_RESOURCE_ATTR = re.compile(
    r"<(script|link|img|iframe|source|video|audio)\b[^>]*?\s(src|href)\s*=\s*[\"']([^\"']+)[\"']",
    re.I,
)


def find_mathjax_es5() -> Path | None:
    """Locate the MathJax 3 ``es5`` directory shipped by ``django-static-mathjax``."""
    env = os.environ.get("ECEDU_MATHJAX_DIR")
    if env and (Path(env) / "tex-mml-chtml.js").is_file():
        return Path(env)
    spec = importlib.util.find_spec("mathjax")
    if spec is None or not spec.submodule_search_locations:
        return None
    for loc in spec.submodule_search_locations:
        cand = Path(loc) / "static" / "mathjax" / "es5"
        if (cand / "tex-mml-chtml.js").is_file():
            return cand
    return None


def _config_inited(app, config):
    os.environ.setdefault("ECEDU_SHORT", "1")
    # Headless plotting in the kernels started by myst-nb.
    os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    es5 = find_mathjax_es5()
    if es5 is None:
        raise RuntimeError(
            "MathJax 3 not found: install it with `.venv/bin/pip install django-static-mathjax` "
            "(or set ECEDU_MATHJAX_DIR to a MathJax 3 es5 directory)."
        )
    stage = Path(app.outdir).parent / ".ecedu_static"
    dest = stage / "mathjax"
    stamp = dest / ".source"
    if not (stamp.is_file() and stamp.read_text() == str(es5)):
        if dest.exists():
            shutil.rmtree(dest)
        dest.mkdir(parents=True)
        for part in _MATHJAX_PARTS:
            src = es5 / part
            if src.is_dir():
                shutil.copytree(src, dest / part)
            elif src.is_file():
                (dest / part).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dest / part)
        stamp.write_text(str(es5))
    config.html_static_path = list(config.html_static_path or []) + [str(stage)]
    config.mathjax_path = "mathjax/tex-mml-chtml.js"


def _builder_inited(app):
    # Remove any JS/CSS registered from an external URL (CDN) by extensions.
    reg = getattr(app.registry, "js_files", None)
    if reg is not None:
        app.registry.js_files[:] = [(f, kw) for f, kw in reg if not (f and _EXTERNAL.match(str(f)))]
    reg = getattr(app.registry, "css_files", None)
    if reg is not None:
        app.registry.css_files[:] = [(f, kw) for f, kw in reg if not (f and _EXTERNAL.match(str(f)))]


def _html_page_context(app, pagename, templatename, context, doctree):
    # Page-level script/css lists (e.g. added by myst-nb for widget pages).
    for key in ("script_files", "css_files"):
        files = context.get(key)
        if not files:
            continue
        kept = []
        for f in files:
            name = getattr(f, "filename", f)
            if name and _EXTERNAL.match(str(name)):
                continue
            # Thebe (live code via a remote Binder kernel) is switched off:
            # drop its loader and inline config, which names a CDN URL.
            body = (getattr(f, "attributes", None) or {}).get("body", "")
            if (name and "thebe" in str(name)) or "thebe" in str(body).lower():
                continue
            kept.append(f)
        files[:] = kept


def external_resources(html_dir: Path) -> list[tuple[str, str]]:
    """Return (file, url) for every external script/link/img resource in the site."""
    found = []
    for page in sorted(Path(html_dir).rglob("*.html")):
        text = page.read_text(encoding="utf-8", errors="replace")
        for m in _RESOURCE_ATTR.finditer(text):
            tag, url = m.group(1).lower(), m.group(3)
            if tag == "link":
                # only <link> that loads something (stylesheet, icon, preload, ...)
                whole = text[m.start() : text.find(">", m.start()) + 1]
                rel = re.search(r"rel\s*=\s*[\"']([^\"']+)", whole, re.I)
                if rel and rel.group(1).lower() in {
                    "canonical",
                    "alternate",
                    "next",
                    "prev",
                    "search",
                    "index",
                }:
                    continue
            if _EXTERNAL.match(url):
                found.append((str(page.relative_to(html_dir)), url))
    return found


def _build_finished(app, exc):
    if exc is not None or app.builder.format != "html":
        return
    bad = external_resources(Path(app.outdir))
    report = Path(app.outdir) / "_offline_check.txt"
    report.write_text("".join(f"{p}\t{u}\n" for p, u in bad), encoding="utf-8")
    if bad:
        from sphinx.util import logging

        logging.getLogger(__name__).warning(
            "ecedu_book: %d external resource URL(s) in the site, see %s", len(bad), report
        )


def setup(app):
    app.connect("config-inited", _config_inited, priority=900)
    app.connect("builder-inited", _builder_inited, priority=900)
    app.connect("html-page-context", _html_page_context, priority=900)
    app.connect("build-finished", _build_finished)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
