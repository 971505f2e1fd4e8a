"""ecedu.notebook_client: the stepped polls that keep a lost wake-up from stalling a notebook run
for a whole cell timeout, and the executor the book build runs."""

import asyncio
import doctest
import json
import subprocess
import sys
import time
from queue import Empty

import nbformat
import pytest

from ecedu import notebook_client
from ecedu.grading import runner


def channel(misses: int):
    """A fake channel's get_msg: Empty for the first ``misses`` polls, then a message; records
    the timeout of every poll."""
    polls = []

    async def get_msg(timeout=None):
        polls.append(timeout)
        if len(polls) <= misses:
            raise Empty
        return {"n": len(polls)}

    return get_msg, polls


def test_a_message_missed_by_one_poll_is_taken_by_the_next_step():
    get_msg, polls = channel(misses=3)
    msg = asyncio.run(notebook_client.poll_in_steps(get_msg, step=0.01)(timeout=300))
    assert msg == {"n": 4}
    assert len(polls) == 4 and all(0 <= t <= 0.01 for t in polls)


def test_without_a_message_the_deadline_still_holds():
    get_msg, polls = channel(misses=10**9)

    async def empty_after_sleeping(timeout=None):  # a real poll sleeps for its timeout
        await asyncio.sleep(timeout)
        return await get_msg(timeout)

    t0 = time.monotonic()
    with pytest.raises(Empty):
        asyncio.run(notebook_client.poll_in_steps(empty_after_sleeping, step=0.02)(timeout=0.1))
    elapsed = time.monotonic() - t0
    assert 0.1 <= elapsed < 1.0
    assert len(polls) >= 4  # in steps, not one long poll
    assert sum(polls) == pytest.approx(0.1, abs=0.03)


def test_no_timeout_waits_step_by_step():
    get_msg, polls = channel(misses=5)
    assert asyncio.run(notebook_client.poll_in_steps(get_msg, step=0.5)(timeout=None)) == {"n": 6}
    assert polls == [0.5] * 6


def test_step_must_be_positive():
    with pytest.raises(ValueError, match="step must be positive"):
        notebook_client.poll_in_steps(lambda timeout=None: None, step=0)


def test_module_examples_run():
    result = doctest.testmod(notebook_client)
    assert result.attempted > 0 and result.failed == 0, result


def test_the_grader_polls_in_steps_too():
    from nbclient import NotebookClient

    limited = runner._make_client_class()
    assert issubclass(limited, NotebookClient)
    # LimitedClient -> SteppedPollClient -> NotebookClient: the kernel client it starts is wrapped
    assert limited.__mro__[1].__name__ == "SteppedPollClient"
    assert "async_start_new_kernel_client" in vars(limited.__mro__[1])


def _notebook(tmp_path, *sources):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(s) for s in sources]
    path = tmp_path / "nb.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.mark.slow
def test_executes_a_notebook_with_widgets_into_the_output_folder(tmp_path):
    src = _notebook(
        tmp_path,
        "import ipywidgets as w\nw.interact(lambda n: print('n =', n), n=w.IntSlider(value=3));",
        "import os\nprint(os.getcwd())",
    )
    out = tmp_path / "out"
    out.mkdir()
    proc = subprocess.run(
        [sys.executable, "-m", "ecedu.notebook_client", str(src), str(out), "--timeout=60"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    done = nbformat.read(out / "nb.ipynb", as_version=4)
    widget, cwd = done.cells
    views = [o for o in widget.outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert views, json.dumps(widget.outputs)[:500]
    assert cwd.outputs[0]["text"].strip() == str(tmp_path)  # the notebook's folder


@pytest.mark.slow
def test_a_failing_cell_fails_the_run(tmp_path):
    src = _notebook(tmp_path, "1 / 0")
    proc = subprocess.run(
        [sys.executable, "-m", "ecedu.notebook_client", str(src), str(tmp_path), "--timeout=60"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode != 0
    assert "ZeroDivisionError" in proc.stderr
