"""The project's own promises: pip and conda set-ups agree; nothing reads ../shared."""

import re
import tomllib
from pathlib import Path

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
        elif _name(dep) not in {"python", "pip", "compilers", "openssl"}:
            conda_reqs.append(dep)
    assert {_name(r): _spec(r) for r in pip_reqs} == {_name(r): _spec(r) for r in conda_reqs}


def test_nothing_reads_shared():
    offenders = []
    for path in ROOT.rglob("*"):
        if (
            ".venv" in path.parts
            or "_build" in path.parts
            or path.suffix not in {".py", ".ipynb", ".c", ".h", ".sh", ".yml", ".toml", ".cfg", ""}
        ):
            continue
        if path.is_file() and path.name != "test_project.py":
            text = path.read_text(errors="ignore")
            if re.search(r"\.\./shared|/work/shared", text):
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in readme and "make test" in ci


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
