#!/usr/bin/env python3
"""Build the course web site: ``python book/build.py`` (``make book``).

Runs ``jupyter-book build --all book/`` with the Python that runs this script,
after checking what the offline site needs.  The notebooks are executed once,
before the build, two at a time (jupyter-cache's ``local-parallel`` executor)
into the book's execution cache ``book/_build/.jupyter_cache``; the build
(``execute_notebooks: cache``) then takes their outputs from there, and a
notebook whose code did not change since the last run is not executed again.
Execution uses ``ECEDU_SHORT=1`` (short measurements) unless ECEDU_SHORT is
already set.  Exit status 0 only if every notebook executed without error, the
build succeeded, and the site loads nothing from the internet.

Options: ``--incremental`` (omit ``--all``: only re-read changed pages; the
notebooks of re-read pages are still executed).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

BOOK = Path(__file__).resolve().parent
ROOT = BOOK.parent
HTML = BOOK / "_build" / "html"
CACHE = BOOK / "_build" / ".jupyter_cache"  # where myst-nb looks by default
NOTEBOOKS = ROOT / "notebooks"
TIMEOUT = 300  # seconds per cell, as execute.timeout in _config.yml


def chapters() -> list[Path]:
    """The course notebooks the book shows (_toc.yml globs notebooks/[0-9][0-9]_*)."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def execute_into_cache(notebooks: list[Path]) -> dict[str, str]:
    """Execute the notebooks that have no up-to-date record in the cache, in parallel;
    return {notebook: traceback} for those that failed (empty if all succeeded)."""
    import logging

    from jupyter_cache import get_cache
    from jupyter_cache.executors import load_executor

    cache = get_cache(str(CACHE))
    for nb in notebooks:
        cache.add_nb_to_project(str(nb))
    # jupyter-cache's own log (which notebook started and ended when), kept for diagnosis
    log = logging.getLogger("ecedu.book.execute")
    log.setLevel(logging.INFO)
    handler = logging.FileHandler(BOOK / "_build" / "execute.log", mode="w")
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    log.addHandler(handler)
    executor = load_executor("local-parallel", cache, logger=log)
    result = executor.run_and_cache(filter_uris=[str(nb) for nb in notebooks], timeout=TIMEOUT)
    for record in cache.list_cache_records():
        if record.uri in {str(nb) for nb in notebooks}:
            log.info("%s: %.1f s", Path(record.uri).name, record.data.get("execution_seconds") or 0)
    log.removeHandler(handler)
    handler.close()
    failed = {}
    for uri in result.excepted + result.errored:
        record = cache.get_project_record(uri)
        failed[uri] = record.traceback or "(no traceback recorded)"
    return failed


def jupyter_book() -> list[str]:
    exe = Path(sys.executable).parent / "jupyter-book"
    if exe.exists():
        return [str(exe)]
    found = shutil.which("jupyter-book")
    if found:
        return [found]
    sys.exit("build.py: jupyter-book is not installed (pip install 'jupyter-book>=1.0.4,<2')")


def main(argv: list[str]) -> int:
    if importlib.util.find_spec("mathjax") is None and not os.environ.get("ECEDU_MATHJAX_DIR"):
        print(
            "build.py: MathJax 3 is needed for the offline site: "
            f"{sys.executable} -m pip install django-static-mathjax",
            file=sys.stderr,
        )
        return 2
    env = dict(os.environ)
    env.setdefault("ECEDU_SHORT", "1")
    # the kernels inherit this process's environment
    os.environ.setdefault("ECEDU_SHORT", env["ECEDU_SHORT"])
    os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    (BOOK / "_build").mkdir(parents=True, exist_ok=True)
    print(
        f"build.py: executing {len(chapters())} notebooks into {CACHE} (ECEDU_SHORT={env['ECEDU_SHORT']})",
        flush=True,
    )
    failed = execute_into_cache(chapters())
    if failed:
        for uri, tb in failed.items():
            print(f"build.py: {uri} failed to execute:\n{tb[-3000:]}", file=sys.stderr)
        print(
            "build.py: FAILED: notebooks failed to execute: " + ", ".join(Path(u).name for u in failed),
            file=sys.stderr,
        )
        return 1
    cmd = jupyter_book() + ["build"] + ([] if "--incremental" in argv else ["--all"]) + [str(BOOK)]
    print("build.py:", " ".join(cmd), f"(ECEDU_SHORT={env['ECEDU_SHORT']})", flush=True)
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    lines = []
    assert proc.stdout is not None
    for line in proc.stdout:
        sys.stdout.write(line)
        lines.append(line)
    code = proc.wait()
    log = "".join(lines)
    (BOOK / "_build").mkdir(parents=True, exist_ok=True)
    (BOOK / "_build" / "build.log").write_text(log, encoding="utf-8")
    problems = []
    if code != 0:
        problems.append(f"jupyter-book exited with status {code}")
    failed = re.findall(r"(\S+\.ipynb): WARNING: Executing notebook failed", log)
    if failed:
        problems.append("notebooks failed to execute: " + ", ".join(failed))
    check = HTML / "_offline_check.txt"
    if check.is_file() and check.read_text().strip():
        problems.append(f"external resources in the site (see {check})")
    if not (HTML / "index.html").is_file():
        problems.append("no index.html was written")
    if problems:
        print("build.py: FAILED: " + "; ".join(problems), file=sys.stderr)
        return 1
    print(f"build.py: site ready: {HTML / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
