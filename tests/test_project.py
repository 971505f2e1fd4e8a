"""The project's own promises: pip and conda set-ups agree; nothing reads ../shared."""

import os
import re
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]


def _name(req: str) -> str:
    return re.split(r"[<>=!~ \[;]", req.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _spec(req: str) -> str:
    return req.strip().replace(" ", "")


def test_environment_yml_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pip_reqs = list(project["dependencies"])
    for reqs in project["optional-dependencies"].values():
        pip_reqs += [r for r in reqs if not r.startswith("ecedu")]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda_reqs = []
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            conda_reqs += dep["pip"]
        elif _name(dep) not in {"python", "pip", "setuptools", "compilers", "openssl"}:
            conda_reqs.append(dep)
    assert {_name(r): _spec(r) for r in pip_reqs} == {_name(r): _spec(r) for r in conda_reqs}


def _tracked_files():
    """The repository's tracked files (what a clone has), or every file outside the build and
    cache folders when this is not a git checkout."""
    import subprocess

    r = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    if r.returncode == 0:
        return [ROOT / name for name in r.stdout.decode().split("\0") if name]
    skip = {".git", ".venv", "_build", "build", ".hypothesis", ".pytest_cache", ".ruff_cache"}
    return [p for p in ROOT.rglob("*") if p.is_file() and not skip & set(p.parts)]


def test_nothing_reads_shared():
    """No file of the repository reads the development machine's ../shared (a clone has none)."""
    offenders = []
    for path in _tracked_files():
        if path.suffix not in {".py", ".ipynb", ".c", ".h", ".sh", ".yml", ".toml", ".cfg", ""}:
            continue
        if path.is_file() and path.name != "test_project.py":
            text = path.read_text(errors="ignore")
            if re.search(r"\.\./shared|/work/shared", text):
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    # the command itself on a line of its own (``make test-long`` alone does not count)
    assert re.search(r"^make test$", readme, re.M)
    assert re.search(r"^\s*make test\s*$", ci, re.M)


@pytest.mark.skipif(
    not os.environ.get("CI"), reason="CI only: elsewhere these checkers may be missing and their tests skip"
)
def test_ci_has_every_checker():
    """Under CI the tools the constant-time and sandbox suites need must be there: without one of
    them those suites skip, each with its reason, and the run would pass without them.  (valgrind
    with its header: tests/ctime, tests/ctime_ecdsa; clang's MemorySanitizer: tests/ctime/
    test_ctime_msan.py; libasan: tests/native/test_native_asan.py; bubblewrap: the grading
    sandbox, tests/grading.)"""
    import sys

    from ecedu.grading.cli import sandbox_status
    from tests import checkers

    sys.path.insert(0, str(ROOT / "tests" / "ctime"))
    import build_msan

    missing = []
    if why := checkers.valgrind_missing():
        missing.append(why)
    if why := build_msan.msan_unavailable_reason():
        missing.append(f"MemorySanitizer ({why})")
    if checkers.libasan() is None:
        missing.append("libasan")
    ok, why = sandbox_status()
    if not ok:
        missing.append(f"the grading sandbox ({why})")
    assert not missing, f"CI lacks: {', '.join(missing)}"


@pytest.mark.skipif(
    not os.environ.get("CI"), reason="CI only: elsewhere the Python backend alone is a valid set-up"
)
def test_ci_has_the_native_library():
    """Under CI the native library must be there: without it every native test skips and the run
    would pass on the Python backend alone."""
    from ecedu import native

    assert native.available(), native.load_error()


def _ruff(*args):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_lint():
    """`ruff check` with the rules of pyproject.toml (RUF100: no noqa that is not needed)."""
    r = _ruff("check", "--no-cache", ".")
    assert r.returncode == 0, r.stdout + r.stderr


def test_ruff_format():
    r = _ruff("format", "--no-cache", "--check", ".")
    assert r.returncode == 0, r.stdout + r.stderr
