#!/usr/bin/env python3
"""Build the course web site: ``python book/build.py`` (``make book``).

Runs ``jupyter-book build --all book/`` with the Python that runs this script,
after checking what the offline site needs.  The notebooks are executed once,
before the build, two at a time (each in its own ``python -m ecedu.notebook_client``
process, nbclient polling in 1 s steps; stopped and run again once if it stalls) into the book's execution cache
``book/_build/.jupyter_cache`` (jupyter-cache); the build
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


def _cell_timeout() -> int:
    """execute.timeout of _config.yml: seconds per cell, for the book and for build.py alike."""
    import yaml

    return int(yaml.safe_load((BOOK / "_config.yml").read_text())["execute"]["timeout"])


TIMEOUT = _cell_timeout()


def chapters() -> list[Path]:
    """The course notebooks the book shows (_toc.yml globs notebooks/[0-9][0-9]_*)."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


#: wall-clock limit for one notebook in a short run (the slowest, chapter 09, takes 13-40 s).  It
#: used to catch a stall: a kernel idle, its reply to a cell waiting unseen in the socket, and
#: nbclient asleep until the cell timeout (300 s), with the course's ipywidgets cells (nbclient's
#: open issue 312); with four busy processes beside it chapter 09 stalled in every run.
#: ecedu.notebook_client, which executes the notebooks now, polls in 1 s steps, so such a stall
#: costs a second; the limit and the second try stay as a guard against one we do not know of.
NOTEBOOK_LIMIT = 60
TRIES = 2


def _execute_one(nb: Path, out_dir: Path, log) -> tuple[Path | None, str]:
    """Execute one notebook in a fresh ecedu.notebook_client process (cwd: the notebook's folder);
    return (the executed copy, "") or (None, the error output)."""
    import subprocess
    import time

    cmd = [
        sys.executable,
        "-m",
        "ecedu.notebook_client",
        str(nb),
        str(out_dir),
        f"--timeout={TIMEOUT}",
    ]
    err = ""
    # the limit is for short runs; a full-length one (ECEDU_SHORT=0) measures for minutes
    limit = NOTEBOOK_LIMIT if os.environ.get("ECEDU_SHORT") == "1" else None
    for attempt in range(1, TRIES + 1):
        t0 = time.monotonic()
        try:
            r = subprocess.run(cmd, cwd=nb.parent, capture_output=True, text=True, timeout=limit)
        except subprocess.TimeoutExpired:
            log.info("%s: still running after %d s (attempt %d): stopped", nb.name, limit, attempt)
            err = f"{nb.name} did not finish within {limit} s ({attempt} attempts)"
            continue
        log.info("%s: %.1f s (attempt %d, exit %d)", nb.name, time.monotonic() - t0, attempt, r.returncode)
        if r.returncode == 0:
            return out_dir / nb.name, ""
        return None, r.stderr[-6000:]  # a real error: no retry
    return None, err


def execute_into_cache(notebooks: list[Path]) -> dict[str, str]:
    """Execute, two at a time, the notebooks that have no up-to-date entry in the book's
    execution cache, and store the executed copies there (jupyter-cache); return
    {notebook: error output} for those that failed (empty if all succeeded)."""
    import logging
    import tempfile
    from concurrent.futures import ThreadPoolExecutor

    import nbformat
    from jupyter_cache import get_cache
    from jupyter_cache.base import CacheBundleIn

    cache = get_cache(str(CACHE))
    todo = []
    for nb in notebooks:
        try:
            cache.match_cache_notebook(nbformat.read(nb, as_version=4))
        except KeyError:
            todo.append(nb)
    log = logging.getLogger("ecedu.book.execute")  # kept for diagnosis: book/_build/execute.log
    log.setLevel(logging.INFO)
    handler = logging.FileHandler(BOOK / "_build" / "execute.log", mode="w")
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    log.addHandler(handler)
    log.info("%d of %d notebooks to execute", len(todo), len(notebooks))
    failed = {}
    try:
        with tempfile.TemporaryDirectory(prefix="ecedu-book-") as tmp:
            with ThreadPoolExecutor(2) as pool:
                runs = list(pool.map(lambda nb: (nb, *_execute_one(nb, Path(tmp), log)), todo))
            for nb, executed, err in runs:
                if executed is None:
                    failed[str(nb)] = err
                    continue
                # the outputs go into the notebook as stored (nbclient adds metadata of its
                # own, which would change the cache's hash and hide the entry from myst-nb)
                stored = nbformat.read(nb, as_version=4)
                done = nbformat.read(executed, as_version=4)
                for mine, theirs in zip(stored.cells, done.cells, strict=True):
                    if mine.cell_type == "code":
                        mine.outputs = theirs.outputs
                        mine.execution_count = theirs.execution_count
                cache.cache_notebook_bundle(
                    CacheBundleIn(stored, str(nb)), check_validity=False, overwrite=True
                )
    finally:
        log.removeHandler(handler)
        handler.close()
    return failed


# ---- launch buttons and the repository link (issue 16) ------------------------------------------
#: The Binder/JupyterHub launch buttons and the repository link need public addresses that a checkout
#: does not know (and the offline site must not guess). A deployment switches them on at build time:
#:   ECEDU_REPOSITORY_URL=https://host/owner/ecedu  [ECEDU_REPOSITORY_BRANCH=main]
#:   ECEDU_BINDERHUB_URL=https://mybinder.example   ECEDU_JUPYTERHUB_URL=https://hub.example
#: Unset (CI, a local build): no buttons, and _config.yml is used as it is.
DEPLOY_VARS = {
    "ECEDU_REPOSITORY_URL": ("repository", "url"),
    "ECEDU_REPOSITORY_BRANCH": ("repository", "branch"),
    "ECEDU_BINDERHUB_URL": ("launch_buttons", "binderhub_url"),
    "ECEDU_JUPYTERHUB_URL": ("launch_buttons", "jupyterhub_url"),
}


def deploy_config(environ) -> dict | None:
    """_config.yml with the deployment's addresses from ``environ`` (see DEPLOY_VARS), or None when
    none is set.  Raises ValueError for an address that is not https:// or a launch button without
    the repository it launches from (Binder and nbgitpuller both clone the repository)."""
    import yaml

    given = {k: environ[k].strip() for k in DEPLOY_VARS if environ.get(k, "").strip()}
    if not given:
        return None
    for k, v in given.items():
        if k.endswith("_URL") and not re.fullmatch(r"https://[^\s/]+(/[^\s]*)?", v):
            raise ValueError(f"{k}={v!r}: expected an https:// address")
    if "ECEDU_REPOSITORY_URL" not in given:
        raise ValueError("launch buttons need ECEDU_REPOSITORY_URL (the repository Binder/JupyterHub clone)")
    host, *path = given["ECEDU_REPOSITORY_URL"].removeprefix("https://").strip("/").split("/")
    if len(path) < 2:
        raise ValueError("ECEDU_REPOSITORY_URL: expected https://host/owner/repository")
    if not any(p in host.lower() for p in ("github", "gitlab", "bitbucket")):
        # sphinx-book-theme builds the links per provider and infers it from the host name
        raise ValueError(
            f"ECEDU_REPOSITORY_URL: the host {host!r} names no provider the book theme knows "
            "(github, gitlab or bitbucket in the host name)"
        )
    cfg = yaml.safe_load((BOOK / "_config.yml").read_text())
    for k, v in given.items():
        section, key = DEPLOY_VARS[k]
        cfg[section][key] = v.rstrip("/") if k.endswith("_URL") else v
    cfg["html"]["use_repository_button"] = True
    # the sources and the static files stay in book/: paths in the copy are made absolute
    cfg["html"]["favicon"] = str(BOOK / cfg["html"]["favicon"])
    cfg["sphinx"]["local_extensions"] = {
        k: str(BOOK / v) for k, v in cfg["sphinx"]["local_extensions"].items()
    }
    return cfg


def _config_args(environ) -> list[str]:
    """``--config FILE`` for a deployment build (see DEPLOY_VARS), else nothing."""
    import yaml

    cfg = deploy_config(environ)
    if cfg is None:
        return []
    path = BOOK / "_build" / "_config.deploy.yml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(cfg, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return ["--config", str(path)]


# -------------------------------------------------------------------------------------------------


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
    try:
        config_args = _config_args(env)
    except ValueError as exc:
        print(f"build.py: {exc}", file=sys.stderr)
        return 2
    failed = execute_into_cache(chapters())
    if failed:
        for uri, tb in failed.items():
            print(f"build.py: {uri} failed to execute:\n{tb[-3000:]}", file=sys.stderr)
        print(
            "build.py: FAILED: notebooks failed to execute: " + ", ".join(Path(u).name for u in failed),
            file=sys.stderr,
        )
        return 1
    cmd = (
        jupyter_book()
        + ["build"]
        + ([] if "--incremental" in argv else ["--all"])
        + config_args
        + [str(BOOK)]
    )
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
