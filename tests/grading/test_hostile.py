"""Hostile submissions cost their own points and nothing else."""
from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

from ecedu.grading.cli import grade_notebook
from ecedu.grading import notebook as nbu

from .helpers import EXERCISES, instructor_answers, submission, write

EX = "ex01_gf2m_mul"
SOL = instructor_answers(EX)


def _grade(nb, tmp_path, name, timeout=5):
    return grade_notebook(write(nb, tmp_path / name / f"{EX}.ipynb"), root=EXERCISES, timeout=timeout)


def test_infinite_loop_times_out_and_others_still_score(tmp_path):
    loop = "def clmul(a, b):\n    while True:\n        pass\n"
    rep = _grade(submission(EX, {"clmul": loop}), tmp_path, "loop", timeout=2)
    assert rep.points_for("test_clmul") == 0
    assert "time limit" in rep.feedback_for("test_clmul")
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
    assert rep.points_for("test_gf2m_pow") == 0
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
    nuke = ("import glob, os, shutil\nfor p in glob.glob('*') + glob.glob('../*'):\n"
            "    shutil.rmtree(p, ignore_errors=True) if os.path.isdir(p) else os.remove(p)\n") + SOL["clmul"]
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
        futs = [pool.submit(_grade, nb, tmp_path, name, 2)
                for name, nb in (("honest", honest), ("loop", loop), ("killer", killer))]
        reps = [f.result() for f in futs]
    assert reps[0].score == reps[0].max_score and not reps[0].notes
    assert reps[1].points_for("test_gf2m_mul") == 0
    assert reps[2].score == 0


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
    uses_helper = ("def clmul(a, b):\n    r = 0\n    while b:\n        if b & 1:\n            r = _my_xor(r, a)\n"
                   "        a <<= 1\n        b >>= 1\n    return r\n")

    def add_cell(nb):
        i = next(i for i, c in enumerate(nb.cells) if nbu.grade_id(c) == "clmul")
        nb.cells.insert(i, nbformat.v4.new_code_cell(helper))
    rep = _grade(submission(EX, {"clmul": uses_helper}, edit=add_cell), tmp_path, "extra")
    assert rep.score == rep.max_score, rep.to_json()
