"""The class-scale path of exercises/README.md, end to end on a real JupyterHub.

A hub on 127.0.0.1 (free ports; DummyAuthenticator), the configurable-http-proxy that
``scripts/setup.sh`` installs with npm, nbgrader's exchange in a temporary folder
(world-writable and sticky, as for any multi-user exchange), one instructor and two
students. Run as root (as on CI), the three are **real local Unix users** made for the
run (``useradd``, names ``ecedu-hub-<random>-<role>``, removed with ``userdel -r`` at the
end, also after a failure) and JupyterHub's LocalProcessSpawner starts each one's server
as that user, in a home of mode 0700; run as anyone else, where no users can be made,
SimpleLocalProcessSpawner runs every server as the caller (the flow is the same, the
per-user checks below are not made and the test says so in its output). Everything goes
through the hub's proxy with each user's own API token:

* the instructor, through the formgrader's REST API in her server: generate and
  release ex01;
* each student, through the assignment list API and the contents API of their own
  server: fetch, write an answer into the notebook (one right, one half-right),
  submit;
* the instructor: collect, autograde each submission, generate and release
  feedback; then ``nbgrader export`` in the course directory, as the instructor;
* each student fetches their feedback.

Checked: the exported scores (9/9 and the half-right score), the gradebook's
per-question points as the formgrader reports them, and that each student's
feedback holds their own results only. With local users, also: each submission in
the exchange is owned by its student's uid; a student cannot read the other's
notebook nor the instructor's source notebook (``cat`` as that uid: permission
denied, while the owner can), cannot list the exchange's inbound folder, and the hub
refuses one student's token on the other's server.

If the Python environment lies under a folder other users cannot enter (here the
interpreter is under ``/root``, mode 0700), the hub runs under bubblewrap with that
folder replaced by an empty one (mode 0755) holding read-only binds of only what the
servers need: the interpreter, the virtual environment and this checkout.
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
import stat
import subprocess
import sys
import tempfile
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
ROLES = ("instructor", "alice", "bob")
# real local users: root, and the tools to make them and run a command as one
SYSTEM_USERS = os.geteuid() == 0 and all(shutil.which(t) for t in ("useradd", "userdel", "setpriv"))


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


def _closed_ancestor(path: Path) -> Path | None:
    """The top-most folder on the way to ``path`` that other users cannot enter (no o+x)."""
    for d in [*reversed(path.resolve().parents), path.resolve()]:
        if d.is_dir() and not d.stat().st_mode & stat.S_IXOTH:
            return d
    return None


def _wrapper() -> list[str]:
    """A command prefix for the hub (and whatever runs as a hub user) that lets the users'
    servers reach the interpreter, the venv and this checkout: empty if they can already;
    else bubblewrap with each closed folder replaced by an empty one (0755) holding
    read-only binds of just those paths. Skips if neither is possible."""
    needed = sorted({Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve(), ROOT.resolve()})
    closed: dict[Path, list[Path]] = {}
    for p in needed:
        d = _closed_ancestor(p)
        if d is not None:
            closed.setdefault(d, []).append(p)
    if not closed:
        return []
    where = ", ".join(f"{d} (mode {d.stat().st_mode & 0o7777:04o})" for d in closed)
    if shutil.which("bwrap") is None:
        pytest.skip(
            f"the Python environment is under {where}, which the students' uids cannot enter, and "
            "bwrap (to open just that path) is not installed"
        )
    cmd = ["bwrap", "--dev-bind", "/", "/", "--cap-add", "ALL"]
    for d, paths in closed.items():
        cmd += ["--perms", "0755", "--tmpfs", str(d)]
        made = set()
        binds: list[Path] = []
        for p in paths:
            # a needed path that is the closed folder itself (a checkout cloned into a 0700
            # folder, as `mktemp -d` makes): binding it would bring its mode back, so its
            # entries are bound one by one into the open 0755 copy
            for q in sorted(d.iterdir()) if p == d else [p]:
                if q not in binds:
                    binds.append(q)
        for p in binds:
            for i in reversed(p.relative_to(d).parents[:-1]):  # the folders between, 0755 too
                if d / i not in made:
                    made.add(d / i)
                    cmd += ["--perms", "0755", "--dir", str(d / i)]
            cmd += ["--ro-bind", str(p), str(p)]
    probe = subprocess.run([*cmd, "true"], capture_output=True, text=True, timeout=30)
    if probe.returncode != 0:
        pytest.skip(
            f"the Python environment is under {where}, which the students' uids cannot enter, and "
            f"bwrap cannot open just that path here: {probe.stderr.strip()}"
        )
    return cmd


class LocalUsers:
    """Local Unix users made for one run, removed (home included) by ``remove``."""

    def __init__(self):
        self.made: dict[str, tuple[int, int, Path]] = {}  # name -> (uid, gid, home)

    def add(self, name: str, home: Path) -> None:
        proc = subprocess.run(
            ["useradd", "--create-home", "--home-dir", str(home), "--shell", "/bin/sh", "--user-group", name],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert proc.returncode == 0, f"useradd {name}: {proc.stderr}"
        import pwd

        pw = pwd.getpwnam(name)
        self.made[name] = (pw.pw_uid, pw.pw_gid, home)
        os.chmod(home, 0o700)  # whatever HOME_MODE says: nobody else enters a home

    def uid(self, name: str) -> int:
        return self.made[name][0]

    def remove(self) -> None:
        uids = {uid for uid, _, _ in self.made.values()}
        for entry in Path("/proc").iterdir():  # what still runs as these users (theirs only)
            if entry.name.isdigit():
                with contextlib.suppress(OSError, ValueError, IndexError):
                    status = (entry / "status").read_text()
                    uid = int(re.search(r"^Uid:\s+(\d+)", status, re.M).group(1))
                    if uid in uids:
                        os.kill(int(entry.name), signal.SIGKILL)
        time.sleep(0.2)
        errors = []
        for name in self.made:
            proc = subprocess.run(["userdel", "--remove", name], capture_output=True, text=True, timeout=30)
            if proc.returncode not in (0, 12):  # 12: home not removed (already gone)
                errors.append(f"userdel {name}: {proc.returncode} {proc.stderr.strip()}")
        self.made.clear()
        assert not errors, errors


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
c.JupyterHub.spawner_class = {spawner!r}
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
# The student id is the hub user's name (with local users, also the OS user's name).
NBGRADER_USER_CONFIG = """\
import os
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "{course}"
c.Exchange.root = "{exchange}"
c.Exchange.path_includes_course = False
if os.environ["JUPYTERHUB_USER"] != os.environ["ECEDU_HUB_INSTRUCTOR"]:
    c.CourseDirectory.student_id = os.environ["JUPYTERHUB_USER"]
"""


class Hub:
    def __init__(self, tmp: Path, names: dict[str, str], users: LocalUsers | None, wrapper: list[str]):
        self.tmp = tmp
        self.names = names  # role -> hub (and OS) user name
        self.users = users
        self.wrapper = wrapper
        port, hub_port, api_port = _free_ports(3)
        self.url = f"http://127.0.0.1:{port}"
        self.token = secrets.token_hex(16)
        self.user_tokens: dict[str, str] = {}
        self.http = requests.Session()
        self.http.trust_env = False  # 127.0.0.1 directly, whatever HTTP(S)_PROXY says
        self.pids: list[tuple[int, str]] = []  # servers in sessions of their own: (pid, what it runs)
        self.config_dir = tmp / "jupyter_config"
        self.config_dir.mkdir()
        # read-only to the users' servers: the marker of jupyter_core's one-off config
        # migration, which each server would otherwise try to write here
        (self.config_dir / "migrated").write_text("")
        self.exchange = tmp / "exchange"
        self.exchange.mkdir()
        os.chmod(self.exchange, 0o1777)  # every user writes here; only the owner deletes (sticky)
        (self.config_dir / "nbgrader_config.py").write_text(
            NBGRADER_USER_CONFIG.format(course=COURSE, exchange=self.exchange)
        )
        self.env = {
            "JUPYTER_CONFIG_DIR": str(self.config_dir),
            "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
            "PYTHONPATH": str(ROOT),
            "ECEDU_HUB_INSTRUCTOR": names["instructor"],
        }
        args = ["--allow-root"] if users is None and os.geteuid() == 0 else []
        (tmp / "jupyterhub_config.py").write_text(
            HUB_CONFIG.format(
                port=port,
                hub_port=hub_port,
                api_port=api_port,
                chp=_chp(),
                tmp=tmp,
                users=set(names.values()),
                spawner="simple" if users is None else "localprocess",
                singleuser=str(BIN / "jupyterhub-singleuser"),
                args=args,
                env=self.env,
                token=self.token,
                startup=STARTUP_S,
            )
        )
        self.log = (tmp / "hub.log").open("wb")
        self.proc = subprocess.Popen(
            [*wrapper, str(BIN / "jupyterhub"), "-f", str(tmp / "jupyterhub_config.py")],
            cwd=tmp,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=dict(os.environ, PATH=self.env["PATH"], CONFIGPROXY_AUTH_TOKEN=secrets.token_hex(16)),
            start_new_session=True,  # hub, proxy and user servers: one process group, killed at the end
        )

    def home(self, role: str) -> Path:
        return self.tmp / "home" / self.names[role]

    def run_as(self, role: str, argv: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess:
        """``argv`` as ``role``'s OS user (with local users; else as the caller)."""
        name = self.names[role]
        prefix = []
        if self.users is not None:
            uid, gid, _ = self.users.made[name]
            prefix = [*self.wrapper, "setpriv", f"--reuid={uid}", f"--regid={gid}", "--init-groups", "--"]
        env = dict(self.env, HOME=str(self.home(role)), USER=name, LANG="C.UTF-8")
        return subprocess.run(
            [*prefix, *argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=CALL_S
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

    def start_user(self, role: str) -> None:
        name = self.names[role]
        r = self.api("POST", "/hub/api/users", json={"usernames": [name]})
        assert r.status_code in (201, 409), r.text
        r = self.api("POST", f"/hub/api/users/{name}/tokens", json={"note": "test", "expires_in": 3600})
        assert r.status_code in (200, 201), r.text
        self.user_tokens[role] = r.json()["token"]
        r = self.api("POST", f"/hub/api/users/{name}/server")
        assert r.status_code in (201, 202), f"{r.text}\n{self.log_tail()}"

    def wait_user(self, role: str) -> None:
        name = self.names[role]
        self._wait(lambda: self.user(role, "GET", "/api/status").ok, f"{name}'s server")
        state = self.api("GET", f"/hub/api/users/{name}").json()["servers"][""].get("state") or {}
        if state.get("pid"):
            self.pids.append((int(state["pid"]), "jupyterhub-singleuser"))

    def user(self, role: str, method: str, path: str, *, server: str | None = None, **kw):
        """A call to ``role``'s own server (or ``server``'s) through the proxy, with ``role``'s token."""
        owner = self.names[server or role]
        return self.api(method, f"/user/{owner}{path}", token=self.user_tokens[role], **kw)

    def close(self) -> None:
        if self.proc.poll() is None:  # the servers the hub knows of, also those not yet waited for
            for name in self.names.values():
                with contextlib.suppress(requests.RequestException, ValueError, KeyError, TypeError):
                    state = self.api("GET", f"/hub/api/users/{name}", timeout=5).json()["servers"][""][
                        "state"
                    ]
                    if state.get("pid"):
                        self.pids.append((int(state["pid"]), "jupyterhub-singleuser"))
            # the hub stops the servers (cleanup_servers); under bwrap, the hub is bwrap's child
            hub_pid = self.proc.pid
            with contextlib.suppress(OSError, ValueError):
                hub_pid = int((self.tmp / "jupyterhub.pid").read_text())
            with contextlib.suppress(ProcessLookupError):
                os.kill(hub_pid, signal.SIGTERM)
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
def hub():
    if _chp() is None:
        if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
            pytest.fail(
                "configurable-http-proxy is required under CI (scripts/setup.sh installs it with npm)"
            )
        pytest.skip("configurable-http-proxy is not installed (scripts/setup.sh installs it with npm)")
    wrapper = _wrapper() if SYSTEM_USERS else []
    # not pytest's tmp_path: its folders are 0700, closed to the students' uids
    tmp = Path(tempfile.mkdtemp(prefix="ecedu-hub-"))
    tag = tmp.name.rsplit("-", 1)[-1].lower()[:6]
    names = {role: f"ecedu-hub-{re.sub('[^a-z0-9]', 'x', tag)}-{role}" for role in ROLES}
    users = LocalUsers() if SYSTEM_USERS else None
    h = None
    try:
        os.chmod(tmp, 0o755)
        (tmp / "home").mkdir(mode=0o755)
        for name in names.values():
            if users is not None:
                users.add(name, tmp / "home" / name)
            else:
                (tmp / "home" / name).mkdir()
        h = Hub(tmp, names, users, wrapper)
        h.wait_hub()
        yield h
    finally:
        try:
            if h is not None:
                h.close()
        finally:
            try:
                if users is not None:
                    users.remove()
            finally:
                shutil.rmtree(tmp, ignore_errors=True)


def _denied(hub: Hub, role: str, path: Path) -> bool:
    """``role``'s uid tries to read ``path``: True if the kernel says no."""
    proc = hub.run_as(role, ["cat", str(path)])
    return proc.returncode != 0 and "Permission denied" in proc.stderr


def test_course_on_jupyterhub(hub):
    course = hub.home("instructor")  # the instructor's home is the course directory
    shutil.copy(EXERCISES / "nbgrader_config.py", course / "nbgrader_config.py")
    shutil.copytree(EXERCISES / "source" / EX, course / "source" / EX)
    if hub.users is not None:
        uid, gid, _ = hub.users.made[hub.names["instructor"]]
        for p in [course, *course.rglob("*")]:
            os.chown(p, uid, gid)
    students = {
        "alice": instructor_answers(EX),  # right
        "bob": dict(instructor_answers(EX), **WRONG[EX]["answers"]),  # half-right: forgets the reduction
    }
    sid = {role: hub.names[role] for role in students}  # the student ids nbgrader sees
    for role in ROLES:
        hub.start_user(role)
    for role in ROLES:
        hub.wait_user(role)

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

    # one student's token opens nothing on the other's server (the hub's own check)
    r = hub.user("bob", "GET", f"/api/contents/{EX}/{EX}.ipynb", server="alice")
    assert r.status_code in (403, 404) and "cells" not in r.text, r.status_code
    if hub.users is not None:
        _check_local_users(hub, course, students)
    else:
        print("no local users (not root, or no useradd/userdel/setpriv): per-user file checks not made")

    # instructor: collect, autograde, feedback
    _ok(hub.user("instructor", "POST", fg + "/collect"), "collect")
    for name in students:
        _ok(
            hub.user("instructor", "POST", f"/formgrader/api/submission/{EX}/{sid[name]}/autograde"),
            "autograde",
        )
    _ok(hub.user("instructor", "POST", fg + "/generate_feedback"), "generate_feedback")
    _ok(hub.user("instructor", "POST", fg + "/release_feedback"), "release_feedback")

    # the gradebook, as the formgrader shows it
    subs = _ok(hub.user("instructor", "GET", f"/formgrader/api/submissions/{EX}"), "submissions")
    by_student = {s["student"]: s for s in subs}
    assert set(by_student) == set(sid.values())
    assert by_student[sid["alice"]]["score"] == by_student[sid["alice"]]["max_score"] == 9
    bob_score = by_student[sid["bob"]]["score"]
    assert 0 < bob_score < 9, by_student[sid["bob"]]

    # nbgrader export, in the course directory, as the instructor (as the README says)
    proc = hub.run_as("instructor", [str(BIN / "nbgrader"), "export", "--to", "grades.csv"], cwd=course)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = {r["student_id"]: r for r in csv.DictReader((course / "grades.csv").open())}
    assert set(rows) == set(sid.values())
    assert float(rows[sid["alice"]]["score"]) == float(rows[sid["alice"]]["max_score"]) == 9
    assert float(rows[sid["bob"]]["score"]) == bob_score

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


def _check_local_users(hub: Hub, course: Path, students: dict) -> None:
    """After the submissions: whose files are whose, and who can read what."""
    inbound = hub.exchange / COURSE / "inbound"
    for name in students:
        uid = hub.users.uid(hub.names[name])
        (sub,) = [d for d in inbound.iterdir() if d.name.startswith(f"{hub.names[name]}+{EX}+")]
        files = [sub, *sub.rglob("*")]
        assert any(f.name == f"{EX}.ipynb" for f in files), files
        owners = {f: f.stat().st_uid for f in files}
        assert set(owners.values()) == {uid}, (name, uid, owners)  # the student's own uid, every file
        work = hub.home(name) / EX / f"{EX}.ipynb"
        assert work.stat().st_uid == uid
        other = "bob" if name == "alice" else "alice"
        # the owner reads her notebook; the other student's uid cannot (home 0700)
        mine = hub.run_as(name, ["cat", str(work)])
        assert mine.returncode == 0 and '"cells"' in mine.stdout, mine.stderr
        assert _denied(hub, other, work), f"{other} could read {work}"
        # nor the instructor's source notebook (solutions, hidden tests), which she can read
        src = course / "source" / EX / f"{EX}.ipynb"
        assert hub.run_as("instructor", ["cat", str(src)]).returncode == 0
        assert _denied(hub, name, src), f"{name} could read the instructor's {src}"
        # nor list who submitted what
        listing = hub.run_as(name, ["ls", str(inbound)])
        assert listing.returncode != 0 and "Permission denied" in listing.stderr, listing.stdout
