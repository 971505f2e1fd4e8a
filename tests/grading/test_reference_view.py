"""The kernel's view of the reference module, and the objects that cross the kernel
boundary (fields, callbacks, returned functions): unit tests without a kernel, and one
sandboxed grading that looks for the references from inside."""

from __future__ import annotations

import json
import types

import pytest

from ecedu.grading import checks, judge, reference_view
from ecedu.grading.cli import _judge_outside, grade_notebook, sandbox_status

from .helpers import EXERCISES, exercises, source_nb, submission, write


def _view(names):
    code, kept = reference_view.subset_source(set(names))
    mod = types.ModuleType("ecedu.grading._view")
    mod.__package__ = "ecedu.grading"
    exec(compile(code, "<view>", "exec"), mod.__dict__)
    return mod, kept, code


def test_view_keeps_what_is_named_and_what_it_needs():
    mod, kept, code = _view({"RefField", "bin_points", "bin_on_curve"})
    F = mod.RefField(0b10011)
    assert F.mul(0b1000, 0b1000) == checks.RefField(0b10011).mul(0b1000, 0b1000)
    assert mod.bin_points(0b1000, 0b1001, F) == checks.bin_points(0b1000, 0b1001, F)
    assert "ref_mul" in kept and "degree" in kept  # RefField needs them
    for answer in ("bin_add", "bin_mul", "ref_tnaf", "check_ladder_x", "p_mul", "zt_mul"):
        assert not hasattr(mod, answer) and f"def {answer}(" not in code, answer
    assert not hasattr(mod, "round_off")  # an import nobody kept


#: The one question whose answer must receive the test's own object (an access-recording table:
#: what it records is the verdict), so it runs in the kernel, guarded by the completion token.
STILL_IN_KERNEL = {"ex16_complete_addition": {"test_lookup_regular"}}


def test_view_names_follow_the_setup_cells():
    """Every exercise's kernel gets only what its setup cells hand out; ex04's view has
    no point addition (its answer), ex01, ex02 and ex12-ex18 get no view at all (exercises/README.md)."""
    views = {}
    for ex in exercises():
        nb = source_nb(ex)
        from ecedu.grading import notebook as nbu

        merged = nbu.merge_submission(nb, nb)
        _cells, plans, names = _judge_outside(nb, merged)
        in_kernel = {q.name for q in merged.questions if q.name not in plans}
        assert in_kernel == STILL_IN_KERNEL.get(ex, set()), f"{ex}: judged in the kernel: {in_kernel}"
        views[ex] = set(reference_view.subset_source(names)[1]) if names else set()
    assert views["ex01_gf2m_mul"] == views["ex02_squaring"] == set()
    for ex in views:
        if ex >= "ex12":
            assert views[ex] == set(), (ex, views[ex])
    assert "bin_points" in views["ex04_binary_point_add"]
    assert "bin_add" not in views["ex04_binary_point_add"]
    for ex, names in views.items():
        assert not names & {"check_ladder_x", "check_binary_sum", "ref_tnaf", "der_to_rs"}, (ex, names)


def test_names_used_falls_back_to_the_whole_file():
    assert reference_view.names_used(["from ecedu.grading.checks import *"]) is None
    assert reference_view.names_used(["from ecedu.grading import _reference"]) is None
    assert reference_view.names_used(["from ecedu.grading.checks import RefField as R\nchecks.rng(1)"]) == {
        "RefField",
        "rng",
    }


def test_span():
    s = judge.Span([0b1010, 0b0110, 1])
    assert 0b1100 in s and 0b1011 in s and 0 in s
    assert 0b1000 not in s and -1 not in s and True not in s
    s.add(0b1000)
    assert 0b1111 in s


def test_a_traced_field_is_replayed_on_the_tests_own_object():
    """What the grader does with a kernel's trace: the test's CountingField counts the
    replayed operations; a result that the field did not compute, an operation whose
    input comes from nowhere, a forged output and a token nobody made are refused."""

    class FakeReplay:
        refs: dict = {}
        made = judge.Made()

    F = checks.RefField(0b100101)
    C = checks.CountingField(F)
    a = 0b10110
    a2 = F.sqr(a)
    a3 = F.mul(a2, a)
    trace = [["f", 1, "sqr", [a], a2], ["f", 1, "mul", [a2, a], a3]]
    call = judge._Call("f", (a, C), {}, FakeReplay())
    assert call.fields == {1} and call.audited == {1}
    assert judge._outcome("f", {"ok": a3, "trace": trace}, call) == a3
    assert (C.sqrs, C.muls) == (1, 1)

    def refused(entry, args=(a, C), match="f: "):
        with pytest.raises(AssertionError, match=match):
            judge._outcome("f", entry, judge._Call("f", args, {}, FakeReplay()))

    inv = F.inv(a)
    refused({"ok": inv}, match="does not come from")  # computed elsewhere
    refused({"ok": inv, "trace": [["f", 1, "mul", [inv, 1], inv]]}, match="given a value")
    refused({"ok": a2, "trace": [["f", 1, "sqr", [a], a2 ^ 1]]}, match="another result")
    refused({"ok": 1, "trace": [["f", 0, "sqr", [a], a2]]}, match="malformed trace")  # not a field argument
    # callbacks: tokens stand for what the test's callback returns
    seen = []

    def double(P):
        seen.append(P)
        return (P[0] + 1, P[1])

    call = judge._Call("g", ((1, 2), double), {}, FakeReplay())
    entry = {"ok": {"tok": 1}, "trace": [["c", 1, [{"tuple": [1, 2]}], 0], ["c", 1, [{"tok": 0}], 1]]}
    assert judge._outcome("g", entry, call) == (3, 2) and seen == [(1, 2), (2, 2)]
    refused({"ok": {"tok": 7}, "trace": []}, args=((1, 2), double), match="malformed result")
    refused({"ok": {"tuple": [5, 5]}}, args=((1, 2), double), match="not built from")
    refused({"ok": None, "trace": [["c", 1, [{"tok": 3}], 0]]}, args=((1, 2), double), match="no earlier")
    assert judge._outcome(
        "g", {"ok": {"tuple": [1, 2]}}, judge._Call("g", ((1, 2), double), {}, FakeReplay())
    )


SANDBOX, _WHY = sandbox_status()

LOOK = """
import json
from ecedu.grading import checks as _c
import ecedu.grading as _g
_out = {"bin_points": hasattr(_c, "bin_points"), "bin_add": hasattr(_c, "bin_add"),
        "CountingField": hasattr(_c, "CountingField")}
try:
    _text = open(_g.__path__[0] + "/_reference.py").read()
    _out["file_has_bin_add"] = "def bin_add(" in _text
except OSError:
    _out["file_has_bin_add"] = None
raise RuntimeError("VIEW " + json.dumps(_out, separators=(",", ":")))
"""


def _look(tmp_path, use_sandbox):
    ex = "ex04_binary_point_add"
    rep = grade_notebook(
        write(submission(ex, {"point_add": LOOK}), tmp_path / f"{ex}.ipynb"),
        root=EXERCISES,
        timeout=30,
        use_sandbox=use_sandbox,
    )
    fb = rep.feedback_for("test_add")
    assert "VIEW " in fb, fb
    got = json.loads(fb[fb.index("VIEW ") + 5 :].split("}")[0] + "}")
    return rep, got


@pytest.mark.skipif(not SANDBOX, reason=f"no sandbox here: {_WHY}")
def test_the_sandboxed_kernel_sees_only_its_view(tmp_path):
    rep, got = _look(tmp_path, None)
    assert got == {"bin_points": True, "bin_add": False, "CountingField": False, "file_has_bin_add": False}, (
        got
    )
    assert rep.points_for("test_neg") == 1 and rep.points_for("test_double") == 3, rep.to_json()


def test_without_the_sandbox_the_whole_reference_is_there(tmp_path):
    """The control: the same look-around, unsandboxed, finds ex04's answer."""
    _rep, got = _look(tmp_path, False)
    assert got["bin_add"] is True and got["file_has_bin_add"] is True, got


def test_a_plan_the_solution_cannot_cross_falls_back_to_the_kernel():
    """Backward compatibility: before a plan with fields or callbacks is used, the whole
    round trip runs with the instructor's solution; an answer that looks inside what a
    callback returned (tokens are opaque) keeps its test in the kernel, as before."""
    cells = [
        ("setup", "setup", "def inc(x):\n    return x + 1\n"),
        ("answer", "twice", "def twice(f, x):\n    return f(f(x))\n"),
        (
            "test",
            "t_twice",
            "_n = []\ndef _f(x):\n    _n.append(x)\n    return x * 3\nassert twice(_f, 2) == 18\n"
            "assert _n == [2, 6]\nassert twice(inc, 1) == 3\n",
        ),
        ("answer", "peek", "def peek(f, x):\n    return f(x) + 1\n"),
        ("test", "t_peek", "assert peek(lambda x: 2 * x, 3) == 7\n"),
    ]
    plans = judge.record(cells)
    assert set(plans) == {"t_twice"}
    calls = [c[0] for c in plans["t_twice"].calls]
    assert calls == ["twice", "twice"]
