"""Launch buttons and the repository link: off in the stored _config.yml (a checkout knows no public
address and the site is offline-first), switched on at build time by book/build.py from
ECEDU_REPOSITORY_URL / ECEDU_BINDERHUB_URL / ECEDU_JUPYTERHUB_URL, with bad addresses refused."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"


def _build_module():
    spec = importlib.util.spec_from_file_location("ecedu_book_build", BOOK / "build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


build = _build_module()
REPO = "https://gitlab.example.org/course/ecedu"


def test_stored_config_has_no_guessed_addresses():
    cfg = yaml.safe_load((BOOK / "_config.yml").read_text())
    assert cfg["repository"]["url"] == "" and cfg["html"]["use_repository_button"] is False
    assert cfg["launch_buttons"]["binderhub_url"] == "" and cfg["launch_buttons"]["jupyterhub_url"] == ""
    assert cfg["launch_buttons"]["thebe"] is False  # thebe would load code from a CDN
    assert build.deploy_config({}) is None and build._config_args({"ECEDU_BINDERHUB_URL": " "}) == []


def test_deploy_config_sets_buttons_and_keeps_paths_valid():
    env = {
        "ECEDU_REPOSITORY_URL": REPO + "/",
        "ECEDU_REPOSITORY_BRANCH": "course-2027",
        "ECEDU_BINDERHUB_URL": "https://binder.example.org",
        "ECEDU_JUPYTERHUB_URL": "https://hub.example.org/",
    }
    cfg = build.deploy_config(env)
    assert cfg["repository"] == {"url": REPO, "path_to_book": "book", "branch": "course-2027"}
    assert cfg["launch_buttons"]["binderhub_url"] == "https://binder.example.org"
    assert cfg["launch_buttons"]["jupyterhub_url"] == "https://hub.example.org"
    assert cfg["html"]["use_repository_button"] is True
    assert Path(cfg["html"]["favicon"]).is_file()
    assert all(Path(p).is_dir() for p in cfg["sphinx"]["local_extensions"].values())
    # everything else is the stored configuration
    base = yaml.safe_load((BOOK / "_config.yml").read_text())
    assert cfg["execute"] == base["execute"] and cfg["sphinx"]["config"] == base["sphinx"]["config"]


@pytest.mark.parametrize(
    "env, why",
    [
        ({"ECEDU_REPOSITORY_URL": "http://gitlab.example.org/x/y"}, "https://"),
        ({"ECEDU_REPOSITORY_URL": "git@git.example.org:x.git"}, "https://"),
        ({"ECEDU_REPOSITORY_URL": REPO, "ECEDU_BINDERHUB_URL": "https://a b"}, "https://"),
        ({"ECEDU_BINDERHUB_URL": "https://binder.example.org"}, "need ECEDU_REPOSITORY_URL"),
        ({"ECEDU_REPOSITORY_URL": "https://git.example.org/course/ecedu"}, "names no provider"),
        ({"ECEDU_REPOSITORY_URL": "https://gitlab.example.org/ecedu"}, "host/owner/repository"),
    ],
)
def test_deploy_config_refuses(env, why):
    with pytest.raises(ValueError, match=why):
        build.deploy_config(env)


@pytest.mark.slow
def test_buttons_render_as_plain_links(tmp_path):
    """A one-page book built with the same keys: the repository and launch links are in the page,
    as plain links (nothing is loaded from those addresses), and no script comes from outside."""
    src = tmp_path / "book"
    src.mkdir()
    (src / "intro.md").write_text("# Intro\n")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "a1", "metadata": {}, "outputs": [],
                     "source": ["1 + 1"]}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}  # fmt: skip
    (src / "page.ipynb").write_text(json.dumps(nb))
    (src / "_toc.yml").write_text("format: jb-book\nroot: intro\nchapters:\n- file: page\n")
    cfg = build.deploy_config({"ECEDU_REPOSITORY_URL": REPO, "ECEDU_BINDERHUB_URL": "https://binder.example.org",
                               "ECEDU_JUPYTERHUB_URL": "https://hub.example.org"})  # fmt: skip
    small = {k: cfg[k] for k in ("title", "repository", "launch_buttons")}
    small["html"] = {"use_repository_button": True}
    small["execute"] = {"execute_notebooks": "off"}
    small["repository"]["path_to_book"] = "book"
    conf = tmp_path / "deploy.yml"
    conf.write_text(yaml.safe_dump(small))
    jb = Path(sys.executable).parent / "jupyter-book"
    if not jb.exists():
        pytest.skip("jupyter-book not installed")
    out = subprocess.run([str(jb), "build", "--config", str(conf), str(src)], capture_output=True, text=True,
                         timeout=300)  # fmt: skip
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    html = (src / "_build" / "html" / "page.html").read_text()
    assert f'href="{REPO}"' in html
    assert (
        "https://binder.example.org/v2/" in html
        and "https://hub.example.org/hub/user-redirect/git-pull" in html
    )
    assert "page.ipynb" in html
