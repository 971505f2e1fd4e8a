"""Hostile submissions cost their own points and nothing else."""

from __future__ import annotations

import json
import os
import signal
import socket
from concurrent.futures import ThreadPoolExecutor

import pytest

from ecedu.grading import notebook as nbu
from ecedu.grading.cli import grade_notebook, sandbox_status

from .helpers import EXERCISES, instructor_answers, submission, write

EX = "ex01_gf2m_mul"
SOL = instructor_answers(EX)


def _grade(nb, tmp_path, name, timeout=5):
    return grade_notebook(write(nb, tmp_path / name / f"{EX}.ipynb"), root=EXERCISES, timeout=timeout)


@pytest.mark.parametrize("cell_limit", [2, 60], ids=["cell-limit-2s", "per-call-budget"])
def test_infinite_loop_times_out_and_others_still_score(tmp_path, cell_limit):
    # Two clocks can stop the loop: the cell's time limit and the judge's per-call budget
    # (2 s at least).  At a 2 s cell limit either may fire first; at 60 s only the budget can.
    loop = "def clmul(a, b):\n    while True:\n        pass\n"
    rep = _grade(submission(EX, {"clmul": loop}), tmp_path, "loop", timeout=cell_limit)
    assert rep.points_for("test_clmul") == 0
    assert rep.feedback_for("test_clmul").startswith("time limit exceeded"), rep.feedback_for("test_clmul")
    if cell_limit == 60:
        assert "clmul took more than 2 s on one input" in rep.feedback_for("test_clmul")
    # poly_reduce does not depend on clmul: still graded normally
    assert rep.points_for("test_poly_reduce") == 2
    assert rep.score < rep.max_score


def test_exception_at_top_level(tmp_path):
    rep = _grade(submission(EX, {"poly_reduce": "raise RuntimeError('boom')\n"}), tmp_path, "exc")
    assert rep.points_for("test_poly_reduce") == 0
    assert "poly_reduce" in rep.feedback_for("test_poly_reduce")
    assert rep.points_for("test_clmul") == 2


def test_sys_exit_is_contained(tmp_path):
    rep = _grade(submission(EX, {"clmul": "import sys\nsys.exit(3)\n"}), tmp_path, "exit")
    assert rep.points_for("test_clmul") == 0
    assert rep.points_for("test_poly_reduce") == 2
    assert rep.exercise == EX


def test_kernel_killed_with_os_exit(tmp_path):
    rep = _grade(submission(EX, {"poly_reduce": "import os\nos._exit(1)\n"}), tmp_path, "osexit")
    assert rep.points_for("test_clmul") == 2  # its test ran before the kernel was killed
    assert rep.points_for("test_poly_reduce") == 0
    # the later questions did not run in the dead kernel; graded again with the reference
    # poly_reduce in place (gf2m_pow through gf2m_mul, which calls it), their own answers score
    for q in ("test_gf2m_mul", "test_gf2m_pow"):
        assert rep.points_for(q) == next(x.max_points for x in rep.questions if x.name == q), rep.to_json()
        assert "passed once the reference poly_reduce (failed in test_poly_reduce)" in rep.feedback_for(q)
    assert any("kernel died" in n for n in rep.notes), rep.notes


def test_megabytes_of_output_are_cut(tmp_path):
    spam = "for _ in range(50):\n    print('x' * 100_000)\n" + SOL["clmul"]
    rep = _grade(submission(EX, {"clmul": spam}), tmp_path, "spam")
    assert rep.score == rep.max_score
    assert any("printed too much" in n for n in rep.notes)
    assert len(json.dumps(rep.to_json())) < 10_000


def test_deleting_files_only_hits_the_private_copy(tmp_path):
    sentinel = tmp_path / "precious.txt"
    sentinel.write_text("keep me")
    nuke = (
        "import glob, os, shutil\nfor p in glob.glob('*') + glob.glob('../*'):\n"
        "    shutil.rmtree(p, ignore_errors=True) if os.path.isdir(p) else os.remove(p)\n"
    ) + SOL["clmul"]
    before = sorted(p.name for p in (EXERCISES / "source").iterdir())
    rep = _grade(submission(EX, {"clmul": nuke}), tmp_path, "nuke")
    assert rep.exercise == EX
    assert rep.score == rep.max_score  # its own copy was wiped after loading: nothing lost
    assert sentinel.read_text() == "keep me"
    assert sorted(p.name for p in (EXERCISES / "source").iterdir()) == before
    assert nbu.source_path(EX, EXERCISES).is_file()


def test_tampered_test_cells_are_restored(tmp_path):
    def tamper(nb):
        for c in nb.cells:
            if nbu.is_test(c):
                c.source = "pass  # all good"
        nb.cells = [c for c in nb.cells if nbu.grade_id(c) != "test_gf2m_pow"]  # and one deleted

    rep = _grade(submission(EX, base="blank", edit=tamper), tmp_path, "tamper")
    assert rep.score == 0
    assert any("was modified" in n for n in rep.notes)
    assert any("missing" in n for n in rep.notes)


def test_tampering_does_not_help_a_wrong_answer(tmp_path):
    def tamper(nb):
        for c in nb.cells:
            if nbu.grade_id(c) == "test_gf2m_mul":
                c.source = "assert True"

    wrong = {"gf2m_mul": "def gf2m_mul(a, b, f):\n    return clmul(a, b)\n"}
    rep = _grade(submission(EX, wrong, edit=tamper), tmp_path, "tamper2")
    assert rep.points_for("test_gf2m_mul") == 0
    assert "not reduced" in rep.feedback_for("test_gf2m_mul")


def test_hostile_and_honest_submissions_side_by_side(tmp_path):
    honest = submission(EX)
    loop = submission(EX, {"gf2m_mul": "while True:\n    pass\n"})
    killer = submission(EX, {"clmul": "import os\nos._exit(0)\n"})
    with ThreadPoolExecutor(3) as pool:
        futs = [
            pool.submit(_grade, nb, tmp_path, name, 2)
            for name, nb in (("honest", honest), ("loop", loop), ("killer", killer))
        ]
        reps = [f.result() for f in futs]
    assert reps[0].score == reps[0].max_score and not reps[0].notes
    assert reps[1].points_for("test_gf2m_mul") == 0
    assert reps[2].points_for("test_clmul") == 0 and reps[2].points_for("test_poly_reduce") == 0
    assert any("kernel died" in n for n in reps[2].notes)


def test_memory_hog_is_capped(tmp_path):
    hog = "_blob = bytearray(20 * 1024 ** 3)\n" + SOL["clmul"]
    rep = _grade(submission(EX, {"clmul": hog}), tmp_path, "hog")
    assert rep.exercise == EX
    assert rep.points_for("test_clmul") == 0
    assert "MemoryError" in rep.feedback_for("test_clmul")
    assert rep.points_for("test_poly_reduce") == 2


def test_cells_added_by_the_student_are_kept(tmp_path):
    import nbformat

    helper = "def _my_xor(a, b):\n    return a ^ b\n"
    uses_helper = (
        "def clmul(a, b):\n    r = 0\n    while b:\n        if b & 1:\n            r = _my_xor(r, a)\n"
        "        a <<= 1\n        b >>= 1\n    return r\n"
    )

    def add_cell(nb):
        i = next(i for i, c in enumerate(nb.cells) if nbu.grade_id(c) == "clmul")
        nb.cells.insert(i, nbformat.v4.new_code_cell(helper))

    rep = _grade(submission(EX, {"clmul": uses_helper}, edit=add_cell), tmp_path, "extra")
    assert rep.score == rep.max_score, rep.to_json()


# --------------------------------------------------------------------------
# the sandbox (issue 17): one notebook tries every escape in its last answer cell and
# reports what it got as the message of an exception, i.e. in that question's feedback;
# the other answers are honest and must keep their points.


SANDBOX, _WHY = sandbox_status()
needs_sandbox = pytest.mark.skipif(not SANDBOX, reason=f"no sandbox here: {_WHY}")
MARK = "98765"  # sleep 98765: the background process that must not outlive grading

ATTACKS = """
import os, json, socket, resource, subprocess
_out = {}
def _try(name, fn, detail=False):
    try:
        fn()
        _out[name] = "ok"
    except BaseException as e:
        _out[name] = type(e).__name__ if detail else "no"   # short: the report must fit in the feedback
_try("hostname", lambda: open("/etc/hostname").read())
_try("source_abs", lambda: open(%(src)r).read())
_try("source_rel", lambda: open(os.path.relpath(%(src)r)).read())
_try("reference", lambda: open(%(grading)r + "/_reference.py").read())
_try("judge", lambda: open(%(grading)r + "/judge.py").read())
_try("ref_import", lambda: __import__("ecedu.grading.checks", fromlist=["x"]).ref_clmul)
_try("write_out", lambda: open(%(outside)r, "w").write("escaped"))
_try("write_source", lambda: open(%(in_source)r, "w").write("pwned"))
_try("socket", lambda: socket.create_connection(("127.0.0.1", %(port)d), timeout=2))
_out["secret"] = "ok" if os.environ.get("ECEDU_TEST_SECRET") else "no"
import glob
_out["merged_nb"] = "ok" if glob.glob("*.ipynb") + glob.glob("../*.ipynb") else "no"
_try("raise_as", lambda: resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY,) * 2))
_try("big_alloc", lambda: bytearray(20 * 1024 ** 3), detail=True)
subprocess.Popen(["sleep", "%(mark)s"], start_new_session=True)
if %(fork)r:
    _kids, _n = [], 0
    try:
        for _ in range(400):
            _pid = os.fork()
            if _pid == 0:
                import time; time.sleep(3); os._exit(0)
            _kids.append(_pid)
    except OSError as e:
        _out["fork400"] = "no"
    else:
        _out["fork400"] = "ok"
raise RuntimeError("ATTACKS " + json.dumps(_out, separators=(",", ":")))
"""


def _attack_report(rep) -> dict:
    fb = rep.feedback_for("test_gf2m_pow")
    assert "ATTACKS " in fb, fb
    return json.loads(fb[fb.index("ATTACKS ") + 8 :].split("}")[0] + "}")


def _sleepers() -> list[int]:
    pids = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/cmdline", "rb") as f:
                    if f.read().split(b"\0")[:2] == [b"sleep", MARK.encode()]:
                        pids.append(int(d))
            except OSError:
                pass
    return pids


def _run_attacks(tmp_path, monkeypatch, *, use_sandbox, fork):
    monkeypatch.setenv("ECEDU_TEST_SECRET", "hunter2")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    outside = tmp_path / "escaped.txt"
    in_source = EXERCISES / "source" / EX / "pwned.txt"
    import ecedu.grading

    code = ATTACKS % dict(
        src=str(nbu.source_path(EX, EXERCISES)),
        outside=str(outside),
        grading=os.path.dirname(ecedu.grading.__file__),
        in_source=str(in_source),
        port=listener.getsockname()[1],
        mark=MARK,
        fork=fork,
    )
    try:
        rep = grade_notebook(
            write(submission(EX, {"gf2m_pow": code}), tmp_path / "sub" / f"{EX}.ipynb"),
            root=EXERCISES,
            timeout=30,
            use_sandbox=use_sandbox,
        )
        return rep, _attack_report(rep), outside.exists(), in_source.exists(), _sleepers()
    finally:
        listener.close()
        if in_source.exists():
            in_source.unlink()
        for pid in _sleepers():
            os.kill(pid, signal.SIGKILL)


@needs_sandbox
def test_sandbox_contains_every_escape(tmp_path, monkeypatch):
    rep, got, wrote_out, wrote_source, sleepers = _run_attacks(
        tmp_path, monkeypatch, use_sandbox=None, fork=True
    )
    assert got["hostname"] != "ok" and got["source_abs"] != "ok" and got["source_rel"] != "ok", got
    assert got["reference"] != "ok" and got["judge"] != "ok" and got["ref_import"] != "ok", got
    assert got["write_out"] != "ok" and not wrote_out, got
    assert got["write_source"] != "ok" and not wrote_source, got
    assert got["socket"] != "ok", got
    assert got["secret"] == "no", got
    assert got["merged_nb"] == "no", got  # the notebook being run (hidden tests) is not on its disk
    assert got["raise_as"] != "ok" and got["big_alloc"] == "MemoryError", got
    assert got["fork400"] != "ok", got  # the process-count limit stopped the fork loop
    assert not sleepers, "a process started in a new session outlived grading"
    # the honest answers of the same notebook were graded normally
    for q in ("test_clmul", "test_poly_reduce", "test_gf2m_mul"):
        assert rep.points_for(q) == rep.questions[[x.name for x in rep.questions].index(q)].max_points, (
            rep.to_json()
        )
    assert rep.points_for("test_gf2m_pow") == 0


def test_the_same_escapes_work_without_the_sandbox(tmp_path, monkeypatch):
    """The control: switched off, the same notebook reads, writes and leaves a process
    behind, so the test above measures the sandbox and not a broken attack."""
    rep, got, wrote_out, wrote_source, sleepers = _run_attacks(
        tmp_path, monkeypatch, use_sandbox=False, fork=False
    )
    assert got["hostname"] == "ok" and got["source_abs"] == "ok" and got["source_rel"] == "ok", got
    assert got["reference"] == "ok" and got["judge"] == "ok", got
    assert wrote_out and wrote_source and got["socket"] == "ok" and got["merged_nb"] == "ok", got
    assert got["secret"] == "no", got  # the scrubbed environment holds without the sandbox too
    assert sleepers, "without the sandbox the background process survives"
    assert "NO SANDBOX" in rep.sandbox


def test_require_sandbox_refuses_when_there_is_none(tmp_path, monkeypatch, capsys):
    from ecedu.grading import cli, sandbox

    monkeypatch.setattr(sandbox, "_status", (False, "bwrap missing (simulated)"))
    path = write(submission(EX), tmp_path / f"{EX}.ipynb")
    assert cli.main([str(path), "--require-sandbox", "--exercises", str(EXERCISES)]) == 3
    err = capsys.readouterr().err
    assert "NO SANDBOX (bwrap missing (simulated))" in err and "not graded" in err


# --- found by a red-team review of the grader (6 December 2026) ---------------------------------


@needs_sandbox
def test_the_kernel_cannot_redirect_the_removal_of_its_connection_files(tmp_path):
    """The kernel's connection file and sockets lived in the work folder: the kernel renamed
    their folder and put a symbolic link in its place, and the grader (root) removed kernel.json
    and k-1..k-5 from whatever the link pointed to.  They now live beside the work folder,
    bound into the sandbox as a mount point, which the kernel can neither rename nor replace."""
    victim = tmp_path / "victim"
    victim.mkdir()
    for name in ("kernel.json", "k-1", "k-2", "keep.txt"):
        (victim / name).write_text("precious")
    attack = (
        "import os, ipykernel.connect as _c\n"
        "_d = os.path.dirname(_c.get_connection_file())\n"
        "_moved = 'no'\n"
        "for _p in (_d, '.kernel'):\n"
        "    try:\n"
        "        os.rename(_p, _p + '.old')\n"
        f"        os.symlink({str(victim)!r}, _p)\n"
        "        _moved = 'yes: ' + _p\n"
        "    except OSError:\n"
        "        pass\n"
        "assert not os.path.realpath(_d).startswith(os.getcwd() + os.sep), _d\n"
    ) + SOL["clmul"]
    rep = _grade(submission(EX, {"clmul": attack}), tmp_path, "symlink")
    assert rep.points_for("test_clmul") == 2, rep.to_json()  # the connection folder is not in the work folder
    assert sorted(p.name for p in victim.iterdir()) == ["k-1", "k-2", "keep.txt", "kernel.json"]


def test_results_sent_again_and_again_are_not_kept():
    """A cell could send the producer's results message (under 20 MB each) any number of
    times, and the runner kept every copy (60 x 19 MB: 4.5 GB in the runner, then the grader);
    an error's message was kept whole (300 MB).  The runner's output filter, fed directly:
    one results message per cell, errors clipped."""
    import nbformat

    from ecedu.grading.runner import _make_client_class

    client = _make_client_class()(nbformat.v4.new_notebook())
    client.clear_before_next_output = False  # set by nbclient when a cell starts

    def msg(msg_type, content):
        return {
            "msg_type": msg_type,
            "header": {"msg_type": msg_type},
            "parent_header": {},
            "metadata": {},
            "content": content,
        }

    results = msg(
        "display_data", {"data": {"application/x-ecedu-results+json": "A" * 100_000}, "metadata": {}}
    )
    outs: list = []
    for _ in range(30):
        client.output(outs, results, None, 0)
    kept = [o for o in outs if "application/x-ecedu-results+json" in o.get("data", {})]
    assert len(kept) == 1
    error = msg(
        "error", {"ename": "ValueError", "evalue": "E" * 1_000_000, "traceback": ["x" * 1_000_000] * 100}
    )
    client.output(outs, error, None, 1)
    assert outs[-1]["output_type"] == "error" and outs[-1]["ename"] == "ValueError"
    assert len(outs[-1]["evalue"]) <= client.max_error_chars and len(outs[-1]["traceback"]) <= 30


def test_malformed_metadata_gets_a_report_not_a_traceback(tmp_path):
    """Hand-edited metadata that nbformat still reads (ecedu metadata a string, a grade_id a
    list, nbgrader metadata a string, a source that is not text) made the grader fail with a
    traceback; it now grades what it can and says what was wrong."""

    def edit(nb):
        nb.metadata["ecedu"] = "ex01"
        answers = [c for c in nb.cells if nbu.is_answer(c)]
        answers[0].metadata["nbgrader"]["grade_id"] = ["clmul"]
        answers[1].metadata["nbgrader"] = "poly_reduce"
        tests = [c for c in nb.cells if nbu.is_test(c)]
        tests[-1]["source"] = 42

    path = tmp_path / "meta" / f"{EX}.ipynb"
    path.parent.mkdir(parents=True)
    nb = submission(EX, edit=edit)
    path.write_text(json.dumps(nb))  # nbformat.write would refuse the source
    rep = grade_notebook(path, root=EXERCISES, timeout=5)
    assert rep.exercise == EX, rep.to_json()
    assert any("metadata is malformed" in n for n in rep.notes), rep.notes
    assert any("not text" in n for n in rep.notes), rep.notes
    clean = _grade(submission(EX), tmp_path, "clean")
    assert [q.name for q in rep.questions] == [q.name for q in clean.questions]  # every question graded


def test_feedback_is_one_line_of_plain_text(tmp_path):
    """An exception message with a carriage return and newlines wrote its own lines, a fake
    total among them, into the text report."""
    forged = "raise ValueError('x\\rExercise: ex01\\n  ok test_clmul 2 / 2 passed\\nTotal: 9 / 9\\x1b7')\n"
    rep = _grade(submission(EX, {"clmul": forged}), tmp_path, "forged")
    fb = rep.feedback_for("test_clmul")
    assert rep.points_for("test_clmul") == 0
    assert not any(ch in fb for ch in "\r\n\x1b"), repr(fb)


def test_the_regrade_with_references_does_not_quote_the_students_code(tmp_path):
    """A question graded again with the reference answers of the earlier questions put in runs
    those answers in the student's kernel, where the student's code can read their source (In,
    __code__) and raise it as an exception's message; that message was the feedback, 300
    characters of the instructor's solution per question.  Messages of that run are withheld."""
    leak = (
        "def gf2m_mul(a, b, f):\n"
        "    src = [s for s in In if s.startswith('def clmul')]\n"
        "    raise ValueError(src[-1].replace(chr(10), ' | ') if src else 'no reference here')\n"
        "    return clmul(a, b)\n"
    )
    rep = _grade(
        submission(EX, {"clmul": "def clmul(a, b):\n    return 0\n", "gf2m_mul": leak}), tmp_path, "leak"
    )
    fb = rep.feedback_for("test_gf2m_mul")
    assert rep.points_for("test_gf2m_mul") == 0
    assert "graded with the reference clmul" in fb, fb  # the regrade ran
    assert "def clmul" not in fb and "while b" not in fb, fb
    assert "message not shown" in fb, fb
