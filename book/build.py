#!/usr/bin/env python3
"""Build the course web site: ``python book/build.py`` (``make book``).

Runs ``jupyter-book build --all book/`` with the Python that runs this script,
after checking what the offline site needs.  The notebooks are executed during
the build with ``ECEDU_SHORT=1`` (short measurements) unless ECEDU_SHORT is
already set.  Exit status 0 only if the build succeeded, every notebook
executed without error, and the site loads nothing from the internet.

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
