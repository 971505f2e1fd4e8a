"""Shared by the book tests: the built site (one build per test run, even under xdist)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
HTML = BOOK / "_build" / "html"


@pytest.fixture(scope="session")
def site() -> Path:
    if os.environ.get("ECEDU_BOOK_BUILT") == "1":
        if not (HTML / "index.html").is_file():
            pytest.fail(f"ECEDU_BOOK_BUILT=1 but {HTML / 'index.html'} does not exist")
        return HTML
    # Under pytest-xdist every worker has its own session fixtures: a lock makes one
    # worker build and the others reuse that build (same PYTEST_XDIST_TESTRUNUID).
    import fcntl

    run_id = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    (BOOK / "_build").mkdir(parents=True, exist_ok=True)
    stamp = BOOK / "_build" / ".built_by_test_run"
    with open(BOOK / "_build" / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (
            run_id
            and stamp.is_file()
            and stamp.read_text().strip() == run_id
            and (HTML / "index.html").is_file()
        ):
            return HTML
        stamp.unlink(missing_ok=True)
        # book/build.py executes the notebooks into the book's cache, runs `jupyter-book build
        # --all book/` (ECEDU_SHORT=1) and fails on a notebook execution error or an external
        # resource; it writes book/_build/build.log.
        env = dict(os.environ, ECEDU_SHORT=os.environ.get("ECEDU_SHORT", "1"))
        proc = subprocess.run(
            [sys.executable, str(BOOK / "build.py")],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=3600,
        )
        out = proc.stdout + proc.stderr
        assert proc.returncode == 0, f"book build failed (see book/_build/build.log):\n{out[-4000:]}"
        assert (HTML / "index.html").is_file()
        if run_id:
            stamp.write_text(run_id)
    return HTML
