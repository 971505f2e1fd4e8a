"""The class-scale path of exercises/README.md, end to end on a real JupyterHub.

A hub on 127.0.0.1 (free ports; DummyAuthenticator; SimpleLocalProcessSpawner, which
runs every user's server as the hub's own OS user: this container has no per-student
system users), the configurable-http-proxy that ``scripts/setup.sh`` installs with
npm, nbgrader's exchange in a temporary folder, one instructor and two students.
Everything goes through the hub's proxy with each user's own API token:

* the instructor, through the formgrader's REST API in her server: generate and
  release ex01;
* each student, through the assignment list API and the contents API of their own
  server: fetch, write an answer into the notebook (one right, one half-right),
  submit;
* the instructor: collect, autograde each submission, generate and release
  feedback; then ``nbgrader export`` in the course directory (as the README says);
* each student fetches their feedback.

Checked: the exported scores (9/9 and the half-right score), the gradebook's
per-question points as the formgrader reports them, and that each student's
feedback holds their own results only.
"""

from __future__ import annotations

import contextlib
import csv
import html
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .helpers import EXERCISES, ROOT, instructor_answers
from .wrong_solutions import WRONG

pytest.importorskip("nbgrader")
pytest.importorskip("jupyterhub")
requests = pytest.importorskip("requests")

pytestmark = pytest.mark.slow

EX = "ex01_gf2m_mul"
COURSE = "ecedu"
BIN = Path(sys.executable).parent
STARTUP_S = 60  # hub, proxy and one single-user server each; the whole test takes ~30-50 s
CALL_S = 120  # one REST call (autograde runs a kernel)


def _chp() -> str | None:
    """configurable-http-proxy as scripts/setup.sh installs it (npm, into the venv)."""
    local = Path(sys.prefix) / "node_modules" / ".bin" / "configurable-http-proxy"
    return str(local) if local.is_file() else shutil.which("configurable-http-proxy")


def _free_ports(n: int) -> list[int]:
    socks = []
    try:
        for _ in range(n):
            s = socket.socket()
            s.bind(("127.0.0.1", 0))
            socks.append(s)
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


HUB_CONFIG = """\
import os
import re
c = get_config()  # noqa: F821
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{chp!r}]
c.ConfigurableHTTPProxy.should_start = True
c.JupyterHub.db_url = "sqlite:///{tmp}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{tmp}/jupyterhub_cookie_secret"
c.JupyterHub.pid_file = "{tmp}/jupyterhub.pid"
c.JupyterHub.cleanup_servers = True
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allowed_users = {users!r}
c.Authenticator.admin_users = set()
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{tmp}/home/{{username}}"
c.Spawner.cmd = [{singleuser!r}]
c.Spawner.args = {args!r}
c.Spawner.start_timeout = {startup}
c.Spawner.http_timeout = {startup}
c.Spawner.environment = {env!r}
c.JupyterHub.services = [{{"name": "course-admin", "api_token": {token!r}}}]
c.JupyterHub.load_roles = [{{
    "name": "course-admin",
    "scopes": ["admin:users", "admin:servers", "admin:server_state", "tokens", "read:users"],
    "services": ["course-admin"],
}}]
"""

# What every user's server reads (JUPYTER_CONFIG_DIR): the course and its exchange.
# Under one OS user for everyone (a local-process spawner here, "jovyan" in a
# container per user), the student id is the hub user's name.
NBGRADER_USER_CONFIG = """\
import os
import re
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "{course}"
c.Exchange.root = "{exchange}"
c.Exchange.path_includes_course = False
if os.environ["JUPYTERHUB_USER"] != "instructor":
    c.CourseDirectory.student_id = os.environ["JUPYTERHUB_USER"]
"""


class Hub:
    def __init__(self, tmp: Path, users: list[str]):
        self.tmp = tmp
        port, hub_port, api_port = _free_ports(3)
        self.url = f"http://127.0.0.1:{port}"
        self.token = secrets.token_hex(16)
        self.user_tokens: dict[str, str] = {}
        self.http = requests.Session()
        self.http.trust_env = False  # 127.0.0.1 directly, whatever HTTP(S)_PROXY says
        self.pids: list[tuple[int, str]] = []  # servers in sessions of their own: (pid, what it runs)
        self.config_dir = tmp / "jupyter_config"
        self.config_dir.mkdir()
        (tmp / "exchange").mkdir()
        os.chmod(tmp / "exchange", 0o777)
        (self.config_dir / "nbgrader_config.py").write_text(
            NBGRADER_USER_CONFIG.format(course=COURSE, exchange=tmp / "exchange")
        )
        env = {
            "JUPYTER_CONFIG_DIR": str(self.config_dir),
            "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
            "PYTHONPATH": str(ROOT),
        }
        args = ["--allow-root"] if os.geteuid() == 0 else []
        (tmp / "jupyterhub_config.py").write_text(
            HUB_CONFIG.format(
                port=port,
                hub_port=hub_port,
                api_port=api_port,
                chp=_chp(),
                tmp=tmp,
                users=set(users),
                singleuser=str(BIN / "jupyterhub-singleuser"),
                args=args,
                env=env,
                token=self.token,
                startup=STARTUP_S,
            )
        )
        self.log = (tmp / "hub.log").open("wb")
        self.proc = subprocess.Popen(
            [str(BIN / "jupyterhub"), "-f", str(tmp / "jupyterhub_config.py")],
            cwd=tmp,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=dict(os.environ, PATH=env["PATH"], CONFIGPROXY_AUTH_TOKEN=secrets.token_hex(16)),
            start_new_session=True,  # hub, proxy and user servers: one process group, killed at the end
        )

    def wait_hub(self) -> None:
        self._wait(lambda: self.api("GET", "/hub/api/").ok, "the hub to answer")

    def log_tail(self) -> str:
        self.log.flush()
        return (self.tmp / "hub.log").read_text(errors="replace")[-3000:]

    def _wait(self, ready, what: str, timeout: float = STARTUP_S):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(
                    f"jupyterhub exited ({self.proc.returncode}) waiting for {what}:\n{self.log_tail()}"
                )
            with contextlib.suppress(requests.RequestException):
                if ready():
                    return
            time.sleep(0.3)
        pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}:\n{self.log_tail()}")

    def api(self, method: str, path: str, token: str | None = None, timeout: float = CALL_S, **kw):
        headers = {"Authorization": f"token {token or self.token}"}
        return self.http.request(method, self.url + path, headers=headers, timeout=timeout, **kw)

    def start_user(self, name: str) -> None:
        r = self.api("POST", "/hub/api/users", json={"usernames": [name]})
        assert r.status_code in (201, 409), r.text
        r = self.api("POST", f"/hub/api/users/{name}/tokens", json={"note": "test", "expires_in": 3600})
        assert r.status_code in (200, 201), r.text
        self.user_tokens[name] = r.json()["token"]
        r = self.api("POST", f"/hub/api/users/{name}/server")
        assert r.status_code in (201, 202), r.text

    def wait_user(self, name: str) -> None:
        self._wait(lambda: self.user(name, "GET", "/api/status").ok, f"{name}'s server")
        state = self.api("GET", f"/hub/api/users/{name}").json()["servers"][""].get("state") or {}
        if state.get("pid"):
            self.pids.append((int(state["pid"]), "jupyterhub-singleuser"))

    def user(self, name: str, method: str, path: str, **kw):
        """A call to ``name``'s own server through the proxy, with ``name``'s token."""
        return self.api(method, f"/user/{name}{path}", token=self.user_tokens[name], **kw)

    def close(self) -> None:
        if self.proc.poll() is None:  # the servers the hub knows of, also those not yet waited for
            for name in self.user_tokens:
                with contextlib.suppress(requests.RequestException, ValueError, KeyError, TypeError):
                    state = self.api("GET", f"/hub/api/users/{name}", timeout=5).json()["servers"][""][
                        "state"
                    ]
                    if state.get("pid"):
                        self.pids.append((int(state["pid"]), "jupyterhub-singleuser"))
            self.proc.send_signal(signal.SIGTERM)  # the hub stops the servers (cleanup_servers)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # whatever is left in the group
        self.proc.wait()
        # the proxy and the user servers run in sessions of their own: if the hub could
        # not stop them, stop them here (only these pids, and only if they still run that)
        with contextlib.suppress(OSError, ValueError):
            self.pids.append(
                (int((self.tmp / "jupyterhub-proxy.pid").read_text()), "configurable-http-proxy")
            )
        for pid, what in self.pids:
            with contextlib.suppress(OSError):
                if what.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                    os.killpg(pid, signal.SIGKILL)
        # and any process still carrying this hub's own JUPYTER_CONFIG_DIR (a server the
        # hub had not reported yet when it died, a kernel of one): this test's, no one else's
        mine = f"JUPYTER_CONFIG_DIR={self.config_dir}".encode()
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit() and int(entry.name) != os.getpid():
                with contextlib.suppress(OSError):
                    if mine in (entry / "environ").read_bytes().split(b"\0"):
                        os.kill(int(entry.name), signal.SIGKILL)
        self.http.close()
        self.log.close()


def _ok(r, what: str) -> dict | list:
    assert r.status_code == 200, f"{what}: HTTP {r.status_code}: {r.text[:2000]}"
    data = r.json()
    if isinstance(data, dict) and data.get("success") is False:
        pytest.fail(f"{what} failed: {json.dumps(data)[:3000]}")
    return data


def _answer(hub: Hub, student: str, answers: dict[str, str]) -> None:
    """The student opens the fetched notebook and types the answers into its answer cells."""
    path = f"/api/contents/{EX}/{EX}.ipynb"
    model = _ok(hub.user(student, "GET", path), f"{student} opens {EX}")
    nb = model["content"]
    filled = 0
    for cell in nb["cells"]:
        gid = (cell.get("metadata", {}).get("nbgrader") or {}).get("grade_id")
        if cell["cell_type"] == "code" and gid in answers:
            cell["source"] = answers[gid]
            filled += 1
    assert filled == len(answers), f"{student}: answer cells not found"
    r = hub.user(student, "PUT", path, json={"type": "notebook", "format": "json", "content": nb})
    assert r.status_code == 200, r.text


@pytest.fixture
def hub(tmp_path):
    if _chp() is None:
        if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
            pytest.fail(
                "configurable-http-proxy is required under CI (scripts/setup.sh installs it with npm)"
            )
        pytest.skip("configurable-http-proxy is not installed (scripts/setup.sh installs it with npm)")
    h = Hub(tmp_path, ["instructor", "alice", "bob"])
    try:
        h.wait_hub()
        yield h
    finally:
        h.close()


def test_course_on_jupyterhub(hub, tmp_path):
    course = tmp_path / "home" / "instructor"  # the instructor's home is the course directory
    course.mkdir(parents=True)
    shutil.copy(EXERCISES / "nbgrader_config.py", course / "nbgrader_config.py")
    shutil.copytree(EXERCISES / "source" / EX, course / "source" / EX)
    students = {
        "alice": instructor_answers(EX),  # right
        "bob": dict(instructor_answers(EX), **WRONG[EX]["answers"]),  # half-right: forgets the reduction
    }
    for name in ["instructor", *students]:
        hub.start_user(name)
    for name in ["instructor", *students]:
        hub.wait_user(name)

    # instructor: generate and release (formgrader)
    fg = "/formgrader/api/assignment/" + EX
    _ok(hub.user("instructor", "POST", fg + "/assign"), "generate_assignment")
    _ok(hub.user("instructor", "POST", fg + "/release"), "release_assignment")

    # students: fetch, answer, submit (assignment list + contents API of their own servers)
    body = {"course_id": COURSE, "assignment_id": EX}
    for name, answers in students.items():
        listed = _ok(hub.user(name, "POST", "/assignments/fetch", data=body), f"{name} fetches")
        assert any(a["assignment_id"] == EX and a["status"] == "fetched" for a in listed["value"]), listed
        _answer(hub, name, answers)
        _ok(hub.user(name, "POST", "/assignments/submit", data=body), f"{name} submits")

    # instructor: collect, autograde, feedback
    _ok(hub.user("instructor", "POST", fg + "/collect"), "collect")
    for name in students:
        _ok(hub.user("instructor", "POST", f"/formgrader/api/submission/{EX}/{name}/autograde"), "autograde")
    _ok(hub.user("instructor", "POST", fg + "/generate_feedback"), "generate_feedback")
    _ok(hub.user("instructor", "POST", fg + "/release_feedback"), "release_feedback")

    # the gradebook, as the formgrader shows it
    subs = _ok(hub.user("instructor", "GET", f"/formgrader/api/submissions/{EX}"), "submissions")
    by_student = {s["student"]: s for s in subs}
    assert set(by_student) == set(students)
    assert by_student["alice"]["score"] == by_student["alice"]["max_score"] == 9
    bob_score = by_student["bob"]["score"]
    assert 0 < bob_score < 9, by_student["bob"]

    # nbgrader export, in the course directory as the README says
    proc = subprocess.run(
        [str(BIN / "nbgrader"), "export", "--to", "grades.csv"],
        cwd=course,
        env=dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=CALL_S,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = {r["student_id"]: r for r in csv.DictReader((course / "grades.csv").open())}
    assert set(rows) == set(students)
    assert float(rows["alice"]["score"]) == float(rows["alice"]["max_score"]) == 9
    assert float(rows["bob"]["score"]) == bob_score

    # students: fetch their feedback; each gets one page, with their own results only
    pages = {}
    for name in students:
        _ok(hub.user(name, "POST", "/assignments/fetch_feedback", data=body), f"{name} fetches feedback")
        listing = _ok(hub.user(name, "GET", f"/api/contents/{EX}/feedback"), f"{name}'s feedback folder")
        (stamp,) = [e["name"] for e in listing["content"] if e["type"] == "directory"]
        folder = _ok(hub.user(name, "GET", f"/api/contents/{EX}/feedback/{stamp}"), "feedback")
        assert [e["name"] for e in folder["content"]] == [f"{EX}.html"]
        page = _ok(hub.user(name, "GET", f"/api/contents/{EX}/feedback/{stamp}/{EX}.html"), "page")
        pages[name] = html.unescape(re.sub(r"<[^>]+>", "", page["content"]))  # the page's text
    wrong_line = WRONG[EX]["answers"]["gf2m_mul"].splitlines()[1].strip()  # "return clmul(a, b)"
    assert f"{EX} (Score: 9.0 / 9.0)" in pages["alice"]
    assert f"{EX} (Score: {bob_score:.1f} / 9.0)" in pages["bob"]
    assert WRONG[EX]["feedback"] in pages["bob"] and wrong_line in pages["bob"]  # bob's mistake, named
    assert WRONG[EX]["feedback"] not in pages["alice"] and wrong_line not in pages["alice"]
    assert "(Score: 9.0 / 9.0)" not in pages["bob"]
    # the released notebook and the feedback: nothing of the other student in anyone's folder
    for name in students:
        tree = _ok(hub.user(name, "GET", f"/api/contents/{EX}"), f"{name}'s folder")
        assert {e["name"] for e in tree["content"]} <= {f"{EX}.ipynb", "feedback", ".ipynb_checkpoints"}
