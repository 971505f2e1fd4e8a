"""Executing a notebook with nbclient, without the stall on a lost wake-up.

nbclient waits for a cell's ``execute_reply`` with one long ``await socket.poll(timeout)`` on
the kernel's shell channel (and for the cell's outputs with an unbounded one on IOPub).  Now and
then that poll does not wake up when the reply arrives: the kernel is idle, its reply is waiting
in the socket, and the client sleeps on until the cell's timeout, then finds the reply and goes
on (nbclient issue 312, with ipywidgets; pull request 311 there polls in short steps).  Seen
here with the course's ``ipywidgets.interact`` cells: chapter 09, executed beside four busy
processes, stalled at one (cells 11 or 35) in each of 3 runs; in CI it cost a whole notebook time
limit, and a grader that waits out a cell's limit records a finished cell as timed out.

A fresh poll sees a waiting message at once, so :func:`poll_in_steps` makes the channel wait in
steps of at most ``step`` seconds up to the same deadline: a lost wake-up costs one step (1 s)
instead of the timeout, and a cell that really runs long still times out when it should.
:func:`client_class` is nbclient's ``NotebookClient`` with both channels polled so; the book
build (``python -m ecedu.notebook_client IN.ipynb OUT_DIR``) and the grader's runner
(:mod:`ecedu.grading.runner`) execute notebooks with it.

>>> import asyncio
>>> from queue import Empty
>>> calls = []
>>> async def get_msg(timeout=None):   # a channel whose first poll misses the message
...     calls.append(timeout)
...     if len(calls) == 1:
...         raise Empty
...     return {"msg_type": "execute_reply"}
>>> asyncio.run(poll_in_steps(get_msg, step=0.01)(timeout=60))["msg_type"], calls[0]
('execute_reply', 0.01)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from queue import Empty
from time import monotonic

#: seconds one poll of a channel waits at most (what a lost wake-up costs)
STEP = 1.0


def poll_in_steps(get_msg, step: float = STEP):
    """Wrap a channel's ``async get_msg(timeout)`` so that it polls in steps of at most ``step``
    seconds until a message comes or ``timeout`` seconds have passed (then ``queue.Empty``, as
    the channel raises); ``timeout=None`` waits for ever, one step at a time."""
    if step <= 0:
        raise ValueError("step must be positive")

    async def get(timeout: float | None = None):
        deadline = None if timeout is None else monotonic() + timeout
        while True:
            left = step if deadline is None else max(0.0, min(step, deadline - monotonic()))
            try:
                return await get_msg(timeout=left)
            except Empty:
                if deadline is not None and monotonic() >= deadline:
                    raise

    return get


def client_class():
    """nbclient's ``NotebookClient`` whose kernel client polls its shell and IOPub channels with
    :func:`poll_in_steps` (imported here: nbclient takes a while to import)."""
    from nbclient import NotebookClient

    class SteppedPollClient(NotebookClient):
        async def async_start_new_kernel_client(self):
            kc = await super().async_start_new_kernel_client()
            kc.shell_channel.get_msg = poll_in_steps(kc.shell_channel.get_msg)
            kc.iopub_channel.get_msg = poll_in_steps(kc.iopub_channel.get_msg)
            return kc

    return SteppedPollClient


def execute(notebook: Path, out_dir: Path, timeout: int) -> Path:
    """Execute ``notebook`` (its folder as the working directory, ``timeout`` seconds per cell)
    and write the executed copy into ``out_dir``; return its path.  A cell's error raises
    nbclient's ``CellExecutionError``."""
    import nbformat

    nb = nbformat.read(notebook, as_version=4)
    client = client_class()(
        nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(notebook.parent)}}
    )
    client.execute()
    out = out_dir / notebook.name
    nbformat.write(nb, out)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ecedu.notebook_client", description=__doc__.split("\n")[0])
    ap.add_argument("notebook", type=Path)
    ap.add_argument("out_dir", type=Path)
    ap.add_argument("--timeout", type=int, default=300, help="seconds per cell (default 300)")
    args = ap.parse_args(argv)
    execute(args.notebook.resolve(), args.out_dir, args.timeout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
