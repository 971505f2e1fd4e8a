"""Execute one notebook in a kernel of its own, with limits.

Run as ``python -m ecedu.grading.runner IN.ipynb OUT.ipynb STATUS.json
--timeout SECONDS --max-output BYTES --kernel JSON``; the grader starts it in a
fresh process (own session / process group).  This process (nbclient) stays
*outside* the sandbox: only the kernel it starts runs inside (see
:mod:`ecedu.grading.sandbox`), talking to it over unix sockets in the work
folder, so the kernel cannot reach this process, the executed notebook it
writes or the status file.  Every cell runs with a time limit: on timeout the kernel is
interrupted and the cell is recorded as timed out; the run goes on with the
next cell.  A cell's output beyond ``--max-output`` bytes is dropped.  If the
kernel dies (``os._exit``, a crash), the remaining cells are left unexecuted
and the status says so.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from . import _skip_slow_optional_imports

_skip_slow_optional_imports()


def _make_client_class():
    # nbclient's client with the channels polled in 1 s steps (ecedu.notebook_client): else a
    # lost wake-up (nbclient issue 312) leaves the grader asleep until the cell's time limit and
    # records a cell that finished as timed out
    from ..notebook_client import client_class

    class LimitedClient(client_class()):
        max_output_bytes = 200_000
        #: the results a producer cell hands the grader (one message per cell, under 20 MB): at
        #: most this much in the whole notebook, so that a cell cannot fill the grader's memory
        #: by sending them again and again
        max_results_bytes = 64_000_000
        #: an error's message and traceback lines are clipped to this many characters each
        max_error_chars = 4000

        def __init__(self, *a, **kw):
            super().__init__(*a, **kw)
            self.timed_out: set[int] = set()
            self._bytes: dict[int, int] = {}
            self.truncated: set[int] = set()
            self._current = -1
            self._results_cells: set[int] = set()
            self._results_bytes = 0

        async def async_execute_cell(self, cell, cell_index, *a, **kw):
            self._current = cell_index
            return await super().async_execute_cell(cell, cell_index, *a, **kw)

        async def _async_handle_timeout(self, timeout, cell=None):
            self.timed_out.add(self._current)
            return await super()._async_handle_timeout(timeout, cell)

        def output(self, outs, msg, display_id, cell_index):
            content = msg.get("content", {})
            size = len(json.dumps(content, default=str))
            used = self._bytes.get(cell_index, 0)
            self._bytes[cell_index] = used + size
            data = content.get("data", {})
            if (
                "application/x-ecedu-results+json" in data
                and size < 20_000_000
                and cell_index not in self._results_cells
                and self._results_bytes + size <= self.max_results_bytes
            ):
                self._results_cells.add(cell_index)
                self._results_bytes += size
                return super().output(outs, msg, display_id, cell_index)  # the producer's results
            if "application/x-ecedu-done+json" in data and size < 1000:
                return super().output(outs, msg, display_id, cell_index)  # an in-kernel test's last line
            if msg.get("msg_type") == "error":
                # errors are kept whatever the budget (the feedback reads them), but clipped:
                # an exception's message can be hundreds of megabytes
                clip = self.max_error_chars
                content["ename"] = str(content.get("ename", ""))[:200]
                content["evalue"] = str(content.get("evalue", ""))[:clip]
                content["traceback"] = [
                    str(line)[:clip] for line in list(content.get("traceback") or [])[-30:]
                ]
                return super().output(outs, msg, display_id, cell_index)
            if used + size > self.max_output_bytes:
                if cell_index not in self.truncated:
                    self.truncated.add(cell_index)
                    from nbformat.v4 import new_output

                    outs.append(
                        new_output(
                            "stream",
                            name="stderr",
                            text=f"\n[output truncated by the grader after {self.max_output_bytes} bytes]\n",
                        )
                    )
                return None
            return super().output(outs, msg, display_id, cell_index)

    return LimitedClient


def _make_kernel_manager(cfg: dict):
    """A KernelManager whose kernel starts inside the sandbox (or, without one, under
    the limits and scrubbed environment only), over IPC sockets in ``run_dir``, a folder
    beside the work folder (sandbox.config): in the work folder the kernel could replace it by
    a symbolic link, and the removal of the connection files when the kernel stops (by this
    process, root) would then delete whatever the link pointed to."""
    from jupyter_client.manager import AsyncKernelManager

    from . import sandbox

    work = Path(cfg["work"])
    run_dir = Path(cfg["run_dir"])  # made by sandbox.config
    limits = sandbox.Limits(**cfg["limits"])

    class SandboxedKernelManager(AsyncKernelManager):
        def format_kernel_cmd(self, extra_arguments=None):
            cmd = super().format_kernel_cmd(extra_arguments)
            # SIGINT would reach bwrap (or the limits launcher), not the kernel: ask the
            # kernel to interrupt itself over its control channel instead
            self.kernel_spec.interrupt_mode = "message"
            uid = cfg.get("uid")
            if uid is not None:  # the kernel's uid must read its connection file and bind its sockets
                os.chown(run_dir, uid, uid)
                os.chown(self.connection_file, uid, uid)
            if cfg.get("enabled"):
                return sandbox.bwrap_argv(
                    cmd,
                    work=work,
                    pkg_dir=Path(cfg["pkg_dir"]),
                    uid=uid,
                    with_reference=cfg.get("with_reference", True),
                    limits=limits,
                    run_dir=run_dir,
                )
            return sandbox.limits_prefix(limits) + cmd

        def __init__(self, **kw):
            kw.update(transport="ipc", ip=str(run_dir / "k"), connection_file=str(run_dir / "kernel.json"))
            super().__init__(**kw)

    env = sandbox.kernel_env(work, str(Path(cfg["pkg_dir"]).parent))
    return SandboxedKernelManager, env


def _kill_uid(uid: int | None) -> None:
    """Kill every process left running as the session's uid (from a child that takes
    that uid, so ``kill(-1)`` reaches exactly those processes and nothing else)."""
    if uid is None:
        return
    import signal

    pid = os.fork()
    if pid == 0:
        try:
            os.setgid(uid)
            os.setuid(uid)
            os.kill(-1, signal.SIGKILL)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)


def _limit_memory(megabytes: int) -> None:
    """Cap the address space of this process and of the kernel it starts."""
    if megabytes <= 0:
        return
    try:
        import resource

        limit = megabytes * 1024 * 1024
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, ValueError, OSError):  # not on this platform: no cap
        pass


def run(
    in_path: str,
    out_path: str,
    status_path: str,
    timeout: float,
    max_output: int,
    memory_mb: int = 0,
    kernel: dict | None = None,
) -> int:
    _limit_memory(memory_mb)
    import nbformat
    from nbclient.exceptions import DeadKernelError

    nb = nbformat.read(in_path, as_version=4)
    workdir = (kernel or {}).get("work") or str(Path(in_path).resolve().parent)
    Client = _make_client_class()
    km_class, env = _make_kernel_manager(kernel) if kernel else (None, None)
    client = Client(
        nb,
        timeout=int(max(1, timeout)),
        kernel_name="python3",
        allow_errors=True,
        interrupt_on_timeout=True,
        error_on_timeout={
            "ename": "CellTimeoutError",
            "evalue": f"cell exceeded the time limit of {int(timeout)} s",
            "traceback": [],
        },
        record_timing=False,
        shutdown_kernel="immediate",
        resources={"metadata": {"path": workdir}},
    )
    client.max_output_bytes = max_output
    if km_class is not None:
        client.kernel_manager_class = km_class
    status = {"status": "ok", "message": ""}
    try:
        client.execute(**({"env": env} if env else {}))
    except DeadKernelError as exc:
        status = {"status": "dead_kernel", "message": str(exc), "cell": client._current}
    except Exception as exc:
        status = {"status": "error", "message": f"{type(exc).__name__}: {exc}", "cell": client._current}
    finally:
        _kill_uid((kernel or {}).get("uid"))
    status["timed_out"] = sorted(client.timed_out)
    status["truncated"] = sorted(client.truncated)
    nbformat.write(nb, out_path)
    Path(status_path).write_text(json.dumps(status))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ecedu.grading.runner")
    ap.add_argument("notebook")
    ap.add_argument("out")
    ap.add_argument("status")
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--max-output", type=int, default=200_000)
    ap.add_argument("--memory-mb", type=int, default=0, help="address-space cap of this process (0: none)")
    ap.add_argument("--kernel", default=None, help="JSON from ecedu.grading.sandbox.config")
    args = ap.parse_args(argv)
    return run(
        args.notebook,
        args.out,
        args.status,
        args.timeout,
        args.max_output,
        args.memory_mb,
        json.loads(args.kernel) if args.kernel else None,
    )


if __name__ == "__main__":
    sys.exit(main())
