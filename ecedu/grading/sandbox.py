"""The sandbox the grader's kernel runs in (bubblewrap), and the fallback without it.

What each layer defends against, from the outside in:

* **bubblewrap** (``bwrap``, Debian package ``bubblewrap``) gives the kernel its own
  mount, PID, network, IPC and UTS namespaces.  The kernel sees a read-only
  ``/usr`` (with ``/bin``, ``/lib`` as on the host), the Python interpreter and
  virtual environment read-only, the ``ecedu`` package read-only **without** the
  grader's modules (``cli``, ``judge``, ...) and without ``_reference.py``: in its
  place, when the exercise's setup cells use part of it, a view with only that part
  (:mod:`ecedu.grading.reference_view`); a private ``/tmp``; and the submission's
  work folder, the only writable place.  No ``/etc/hostname``, no ``$HOME``, no
  ``exercises/source``, no network (``--unshare-net``: not even loopback is shared).
* **an unprivileged user id**: when the grader runs as root the kernel is switched
  to a fresh, otherwise unused uid (no capabilities, no supplementary groups,
  ``no_new_privs``), so even a path left visible by mistake is only as readable as
  it is to "others"; run by a normal user, bwrap maps the user into a user namespace.
* **a scrubbed environment**: ``--clearenv`` plus a handful of variables, so secrets in
  the grader's environment (tokens, passwords) do not reach the submission.
* **equal soft and hard rlimits** (address space, CPU seconds, process count, file
  size, open files) set by :mod:`ecedu.grading.limits` before the kernel starts.
* **the whole session is killed at the end**: bwrap's PID namespace dies with the
  kernel (``--die-with-parent``), taking every child with it, also those that
  started a new session to escape the process group.

Where bwrap is missing or cannot create namespaces (some containers), grading
still runs, with the limits and the scrubbed environment but **no filesystem
isolation**; :func:`status` says why, the CLI prints it before grading, and
``--require-sandbox`` turns it into an error.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

_status: tuple[bool, str] | None = None
_uid_counter = itertools.count()

# grading modules the kernel may see: the rest of ecedu/grading stays outside
KERNEL_GRADING_FILES = ("__init__.py", "checks.py", "strict.py", "limits.py")


@dataclass
class Limits:
    memory_mb: int = 6144
    cpu_seconds: int = 600
    nproc: int = 256
    fsize_mb: int = 256
    nofile: int = 512


def status() -> tuple[bool, str]:
    """(usable, reason): can bwrap create the namespaces the sandbox needs here?"""
    global _status
    if _status is not None:
        return _status
    if os.environ.get("ECEDU_NO_SANDBOX"):
        _status = (False, "switched off by ECEDU_NO_SANDBOX")
        return _status
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        _status = (False, "bubblewrap (bwrap) is not installed; on Debian/Ubuntu: apt-get install bubblewrap")
        return _status
    cmd = (
        [bwrap, "--ro-bind", "/", "/", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--die-with-parent"]
        + ([] if os.geteuid() == 0 else ["--unshare-user"])
        + ["true"]
    )
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        _status = (False, f"bwrap could not be run: {exc}")
        return _status
    if proc.returncode != 0:
        _status = (
            False,
            "bwrap cannot create namespaces here ("
            + (proc.stderr.strip() or f"exit {proc.returncode}")
            + "); in a container, allow user namespaces or run the grader outside it",
        )
    else:
        _status = (True, "bubblewrap")
    return _status


def session_uid() -> int | None:
    """A fresh unprivileged uid for one grading session when the grader is root
    (distinct sessions cannot signal each other or share a process-count budget)."""
    if os.geteuid() != 0:
        return None
    return 200_000 + (os.getpid() * 97 + next(_uid_counter)) % 700_000


def kernel_env(work: Path, pkg_parent: str) -> dict[str, str]:
    """The whole environment the kernel gets (nothing of the grader's)."""
    venv_bin = str(Path(sys.executable).parent)
    return {
        "PATH": f"{venv_bin}:/usr/local/bin:/usr/bin:/bin",
        "HOME": str(work),
        "PYTHONPATH": pkg_parent,
        "PYTHONDONTWRITEBYTECODE": "1",
        "MPLBACKEND": "Agg",
        "MPLCONFIGDIR": "/tmp",
        "JUPYTER_RUNTIME_DIR": "/tmp",
        "LANG": "C.UTF-8",
        "ECEDU_GRADING": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
    }


def limits_prefix(limits: Limits) -> list[str]:
    return [
        sys.executable,
        "-m",
        "ecedu.grading.limits",
        "--as",
        str(limits.memory_mb * 1024 * 1024),
        "--cpu",
        str(limits.cpu_seconds),
        "--nproc",
        str(limits.nproc),
        "--fsize",
        str(limits.fsize_mb * 1024 * 1024),
        "--nofile",
        str(limits.nofile),
        "--",
    ]


def _ro(path: str) -> list[str]:
    """Bind ``path`` read-only at the same place (its parent folders made world-readable:
    bwrap would otherwise create them 0700, closed to the unprivileged kernel)."""
    if not os.path.exists(path):
        return []
    return _parents(path) + ["--ro-bind", path, path]


def _parents(path: str) -> list[str]:
    out = []
    parts = Path(path).parts[1:-1]
    for i in range(1, len(parts) + 1):
        out += ["--perms", "0755", "--dir", "/" + "/".join(parts[:i])]
    return out


def bwrap_argv(
    kernel_cmd: list[str],
    *,
    work: Path,
    pkg_dir: Path,
    uid: int | None,
    with_reference: bool | str,
    limits: Limits,
    run_dir: Path | None = None,
) -> list[str]:
    """The command that starts ``kernel_cmd`` inside the sandbox.  ``with_reference``:
    True mounts ``_reference.py``, False nothing, a path mounts that file (a view of
    it, see :mod:`reference_view`) in its place.  ``run_dir``: the folder of the kernel's
    connection file and sockets, outside ``work``, bound at its own path (a mount point the
    kernel cannot rename or replace by a symbolic link: the grader, root, removes the files
    in it when the kernel stops, and must not be led to other files that way)."""
    argv = [
        shutil.which("bwrap") or "bwrap",
        "--die-with-parent",
        "--new-session",
        "--unshare-pid",
        "--unshare-net",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-cgroup-try",
        "--hostname",
        "sandbox",
        "--clearenv",
    ]
    if uid is None:
        argv.append("--unshare-user")
    for name in ("bin", "lib", "lib64", "sbin"):
        p = "/" + name
        if os.path.islink(p):
            argv += ["--symlink", os.readlink(p), p]
        elif os.path.isdir(p):
            argv += _ro(p)
    argv += _ro("/usr")
    for p in ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives"):
        argv += _ro(p)
    argv += ["--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--tmpfs", "/tmp"]
    prefixes = {os.path.realpath(sys.base_prefix), os.path.realpath(sys.prefix), sys.prefix}
    for p in sorted(prefixes):
        argv += _ro(p)
    # the package, read-only, with only the kernel's part of ecedu/grading
    argv += _ro(str(pkg_dir))
    grading = pkg_dir / "grading"
    argv += ["--perms", "0755", "--tmpfs", str(grading)]
    files = list(KERNEL_GRADING_FILES) + (["_reference.py"] if with_reference is True else [])
    for f in files:
        argv += _ro(str(grading / f))
    if isinstance(with_reference, str):
        argv += ["--ro-bind", with_reference, str(grading / "_reference.py")]
    argv += ["--remount-ro", str(grading)]
    argv += _parents(str(work)) + ["--bind", str(work), str(work), "--chdir", str(work)]
    if run_dir is not None:
        argv += _parents(str(run_dir)) + ["--bind", str(run_dir), str(run_dir)]
    for k, v in kernel_env(work, str(pkg_dir.parent)).items():
        argv += ["--setenv", k, v]
    argv.append("--")
    if uid is not None:
        argv += [
            "setpriv",
            f"--reuid={uid}",
            f"--regid={uid}",
            "--clear-groups",
            "--inh-caps=-all",
            "--bounding-set=-all",
            "--no-new-privs",
            "--",
        ]
    return argv + limits_prefix(limits) + list(kernel_cmd)


def config(enabled: bool, work: Path, with_reference: bool | str, limits: Limits) -> dict:
    """What the runner needs to start the kernel (passed to it as JSON)."""
    pkg_dir = Path(__file__).resolve().parents[1]
    uid = session_uid() if enabled else None
    # the kernel's connection file and sockets: beside the work folder, not in it (bwrap_argv)
    run_dir = work.parent / f"{work.name}.kernel"
    run_dir.mkdir(mode=0o700, exist_ok=True)
    if uid is not None:
        for root, dirs, files in os.walk(work):
            for name in dirs + files:
                os.lchown(os.path.join(root, name), uid, uid)
        os.chown(work, uid, uid)
    return {
        "enabled": enabled,
        "work": str(work),
        "run_dir": str(run_dir),
        "pkg_dir": str(pkg_dir),
        "uid": uid,
        "with_reference": with_reference,
        "limits": asdict(limits),
    }
