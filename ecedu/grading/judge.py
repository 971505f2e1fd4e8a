"""Judge answers outside the student's kernel (grader side only, never imported by a kernel).

Why: everything that runs inside the kernel is under the submission's control.  An
answer cell can install an IPython input transformer that blanks the test cells, a
``set_custom_exc`` handler that swallows every ``AssertionError``, patch
``checks.check_*`` to do nothing, or return objects whose ``__eq__`` is always True.
A grader that counts "the test cell printed no error" can be fooled by all of them.

How: for every test cell whose calls into the answers take and return plain data
(ints, tuples, lists, bytes, ...), grading runs in three steps.

1. **Record** (here, with the instructor's solution): run the setup, solution and test
   cells in a private namespace; every call the test makes to an answer function is
   recorded as ``(name, args)``.
2. **Produce** (in the kernel): the test cell is replaced by a *producer* cell that
   only calls the student's functions on those arguments and emits the results as
   JSON.  Hidden tests, expected values and the checks' references never enter the
   kernel.
3. **Replay** (here again): run the instructor's test cell once more, the answer
   functions now being look-ups in the kernel's results, decoded by a strict decoder
   that can only build exact built-in types.  The test's own asserts and
   ``checks.check_*`` calls give the verdict and the feedback.

A kernel can only change the results it sends; sending the right results means
computing them.  Test cells that pass objects (fields, callbacks, ctypes handles)
to the answers cannot be replayed this way; they still run in the kernel, where
type-strict checks and the answer guard (:func:`guard_source`) apply.
"""

from __future__ import annotations

import ast
import builtins
import json
import time
from collections import defaultdict, deque
from dataclasses import dataclass, field
from fractions import Fraction

RESULTS_MIME = "application/x-ecedu-results+json"
MAX_RESULT_BYTES = 20_000_000


class NotPlain(TypeError):
    """A value that is not plain data, so it cannot cross the kernel boundary."""


# --------------------------------------------------------------------------
# plain data <-> JSON; the decoder builds exact built-in types only


def encode(value, depth: int = 0, refs: dict | None = None):
    """Plain data as JSON.  ``refs`` maps id() of objects the exercise's setup cell made
    (a toy field, a curve, the given ``add``) to their names: they cross as
    ``{"ref": name}`` and the kernel uses its own object of that name."""
    t = type(value)
    if depth > 30:
        raise NotPlain("nested too deeply")
    if refs and id(value) in refs and not (value is None or t in (bool, int, str)):
        return {"ref": refs[id(value)]}
    if value is None or t in (bool, int, str):
        return value
    if t is float:
        return {"float": repr(value)}
    if t is bytes:
        return {"bytes": value.hex()}
    if t is Fraction:
        return {"frac": [value.numerator, value.denominator]}
    if t is tuple:
        return {"tuple": [encode(x, depth + 1, refs) for x in value]}
    if t is list:
        return [encode(x, depth + 1, refs) for x in value]
    raise NotPlain(t.__name__)


def setup_refs(ns: dict) -> dict:
    """id -> name for the non-plain objects the setup cells left in ``ns``."""
    refs = {}
    for name, v in ns.items():
        if name.startswith("__"):
            continue
        try:
            encode(v)
        except NotPlain:
            refs.setdefault(id(v), name)
    return refs


def decode(obj, depth: int = 0):
    t = type(obj)
    if depth > 30:
        raise ValueError("nested too deeply")
    if obj is None or t in (bool, int, str):
        return obj
    if t is list:
        return [decode(x, depth + 1) for x in obj]
    if t is dict and len(obj) == 1:
        ((tag, v),) = obj.items()
        if tag == "float" and type(v) is str:
            return float(v)
        if tag == "bytes" and type(v) is str:
            return bytes.fromhex(v)
        if tag == "frac" and type(v) is list and len(v) == 2 and all(type(x) is int for x in v):
            return Fraction(v[0], v[1])
        if tag == "tuple" and type(v) is list:
            return tuple(decode(x, depth + 1) for x in v)
    raise ValueError("not a plain value")


def _key(args, refs=None) -> str:
    return json.dumps(encode(tuple(args), refs=refs), sort_keys=True)


# --------------------------------------------------------------------------
# which names the answers define


def bound_names(source: str) -> list[str]:
    """Top-level names a cell binds (defs, classes, assignments, imports)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                names.extend(n.id for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.extend((a.asname or a.name).split(".")[0] for a in node.names)
    return list(dict.fromkeys(names))


def used_names(source: str) -> set[str]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


# --------------------------------------------------------------------------
# step 1: record the calls a test makes, with the instructor's solution


@dataclass
class Plan:
    """How one test cell is judged outside the kernel."""

    calls: list = field(default_factory=list)  # (function, encoded args) in call order
    values: list[str] = field(default_factory=list)  # answer names read as data
    seconds: list = field(default_factory=list)  # how long each call took with the reference


def _run(source: str, ns: dict) -> BaseException | None:
    try:
        exec(compile(source, "<test>", "exec"), ns)
    except BaseException as exc:
        return exc
    return None


def record(cells: list[tuple[str, str, str]]) -> dict[str, Plan]:
    """``cells`` is the instructor notebook as ``(role, grade_id, source)`` with role
    "setup", "answer" or "test".  Returns a plan for every test cell that can be
    judged outside the kernel (its calls and results are plain data and it passes
    with the instructor's solution)."""
    ns: dict = {"__name__": "__main__"}
    answers: dict[str, None] = {}
    plans: dict[str, Plan] = {}
    refs: dict = {}
    depth = [0]  # how deep inside a recorded call we are (per recording, not shared)
    for role, gid, src in cells:
        if role in ("setup", "answer"):
            if _run(src, ns) is not None:
                return plans  # the instructor notebook itself fails here: judge nothing outside
            if role == "setup":
                refs = setup_refs(ns)
            if role == "answer":
                answers.update(dict.fromkeys(bound_names(src)))
            continue
        plan, ok = Plan(), True
        used = used_names(src)
        saved = {}
        for name in answers:
            if name not in ns:
                continue
            if callable(ns[name]):
                saved[name] = ns[name]
                ns[name] = _recorder(name, ns[name], plan, refs, depth)
            elif name in used:
                plan.values.append(name)
                try:
                    encode(ns[name])
                except NotPlain:
                    ok = False
        err = _run(src, ns)
        ns.update(saved)
        if ok and err is None and all(c is not None for c in plan.calls):
            plans[gid] = plan
    return plans


def _recorder(name, fn, plan: Plan, refs: dict, _depth: list):
    """Wrap an answer function so the test's own calls to it are recorded (calls one
    answer makes to another, e.g. gf2m_mul to clmul, are not: the kernel makes those)."""

    def call(*args, **kwargs):
        top = _depth[0] == 0
        if top:
            try:
                if kwargs:
                    raise NotPlain("keyword arguments")
                plan.calls.append((name, encode(tuple(args), refs=refs)))
            except NotPlain:
                plan.calls.append(None)  # marks the plan as not replayable
        _depth[0] += 1
        t0 = time.perf_counter()
        try:
            result = fn(*args, **kwargs)  # a call that raises is recorded too: the kernel must raise
        finally:
            _depth[0] -= 1
            if top:
                plan.seconds.append(time.perf_counter() - t0)
        if top:
            try:
                encode(result)
            except NotPlain:
                plan.calls.append(None)
        return result

    return call


# --------------------------------------------------------------------------
# step 2: the producer cell that runs in the kernel

_PRODUCER = """\
def __ecedu_produce(__calls, __values, __budgets):
    import json as _json, signal as _signal
    from fractions import Fraction as _Fraction
    from IPython.display import display as _display
    def _enc(v, d=0):
        t = type(v)
        if d > 30: raise TypeError("nested too deeply")
        if v is None or t in (bool, int, str): return v
        if t is float: return {"float": repr(v)}
        if t is bytes: return {"bytes": v.hex()}
        if t is _Fraction: return {"frac": [v.numerator, v.denominator]}
        if t is tuple: return {"tuple": [_enc(x, d + 1) for x in v]}
        if t is list: return [_enc(x, d + 1) for x in v]
        if type(v).__module__ == "numpy" and isinstance(v, float): return {"float": repr(float.__float__(v))}
        raise TypeError(t.__name__)
    def _dec(o):
        if type(o) is list: return [_dec(x) for x in o]
        if type(o) is dict:
            (k, v), = o.items()
            return {"float": float, "bytes": bytes.fromhex, "frac": lambda x: _Fraction(*x),
                    "tuple": lambda x: tuple(_dec(y) for y in x), "ref": lambda x: g[x]}[k](v)
        return o
    def _safe(f):
        try:
            return str(f())[:300]
        except BaseException:
            return "?"
    class _TooSlow(BaseException):
        pass
    def _alarm(*a):
        raise _TooSlow()
    _old = _signal.signal(_signal.SIGALRM, _alarm)
    g = globals()
    out = {"calls": [], "values": {}}
    slow = set()
    for (name, args), budget in zip(_json.loads(__calls), _json.loads(__budgets)):
        if name not in g:
            out["calls"].append({"raise": ["NameError", f"name {name!r} is not defined"]})
            continue
        if name in slow:
            out["calls"].append({"raise": ["TimeoutError", f"{name}: skipped, an earlier call was far too slow"]})
            continue
        try:
            _signal.setitimer(_signal.ITIMER_REAL, budget)
            try:
                r = g[name](*_dec(args))
            finally:
                _signal.setitimer(_signal.ITIMER_REAL, 0)
            try:
                out["calls"].append({"ok": _enc(r)})
            except TypeError:
                out["calls"].append({"bad": _safe(lambda: type(r).__name__)})
        except KeyboardInterrupt:
            raise
        except _TooSlow:
            slow.add(name)
            out["calls"].append({"raise": ["TimeoutError", f"{name} took more than {budget:.0f} s on one input "
                                           "(an infinite loop, or far too slow)"]})
        except BaseException as e:
            out["calls"].append({"raise": [_safe(lambda: type(e).__name__), _safe(lambda: e)]})
    _signal.signal(_signal.SIGALRM, _old)
    for name in _json.loads(__values):
        try:
            out["values"][name] = {"ok": _enc(g[name])}
        except KeyError:
            out["values"][name] = {"raise": ["NameError", f"name {name!r} is not defined"]}
        except TypeError:
            out["values"][name] = {"bad": _safe(lambda: type(g[name]).__name__)}
    _display({%r: out}, raw=True)
"""


def producer_source(plan: Plan) -> str:
    """The producer cell: per call a time budget of 100 times what the reference needed
    (at least 2 s), so a wrong answer that explodes (an unreduced product squared 170
    times) fails in seconds instead of using up the whole cell's time limit."""
    calls = json.dumps([[name, args] for name, args in plan.calls])
    budgets = json.dumps([round(max(2.0, 100 * t), 1) for t in plan.seconds])
    return (
        _PRODUCER % RESULTS_MIME
    ) + f"__ecedu_produce({calls!r}, {json.dumps(plan.values)!r}, {budgets!r})\n"


def results_from_outputs(outputs) -> dict | None:
    """The last results record the producer cell displayed (None if there is none)."""
    found = None
    for out in outputs:
        data = out.get("data", {}) if out.get("output_type") == "display_data" else {}
        if RESULTS_MIME in data:
            found = data[RESULTS_MIME]
    try:  # back to exact dicts and lists (nbformat hands out dict subclasses)
        found = json.loads(found if isinstance(found, str) else json.dumps(found))
    except (TypeError, ValueError):
        return None
    if len(json.dumps(found)) > MAX_RESULT_BYTES:
        return None
    return found if type(found) is dict else None


# --------------------------------------------------------------------------
# step 3: replay the instructor's test with the kernel's results


def _outcome(name: str, entry):
    """A look-up result as the value it stands for, or raise what the kernel raised."""
    if type(entry) is not dict or len(entry) != 1:
        raise AssertionError(f"{name}: the kernel sent no usable result")
    ((kind, v),) = entry.items()
    if kind == "ok":
        try:
            return decode(v)
        except ValueError:
            raise AssertionError(f"{name}: the kernel sent a malformed result") from None
    if kind == "bad":
        raise AssertionError(
            f"{name} returned {str(v)[:40]}: expected plain data "
            "(an int, a tuple or list of ints, None, bytes, ...)"
        )
    if kind == "raise" and type(v) is list and len(v) == 2:
        ename, msg = str(v[0])[:60], str(v[1])[:300]
        exc = getattr(builtins, ename, None)
        if isinstance(exc, type) and issubclass(exc, Exception) and exc is not AssertionError:
            raise exc(msg)
        raise RuntimeError(f"{name} raised {ename}: {msg}")
    raise AssertionError(f"{name}: the kernel sent no usable result")


class Replayer:
    """Replays test cells grader-side, one shared namespace per notebook (like the kernel's)."""

    def __init__(self, cells: list[tuple[str, str, str]]):
        self.ns: dict = {"__name__": "__main__"}
        self.cells = cells

    def run_setup(self) -> BaseException | None:
        for role, _gid, src in self.cells:
            if role == "setup":
                err = _run(src, self.ns)
                if err is not None:
                    return err
                self.refs = setup_refs(self.ns)
        return None

    refs: dict = {}

    def replay(self, test_source: str, plan: Plan, results: dict | None) -> BaseException | None:
        """None if the test passes with these results, else the exception it raised."""
        if (
            not isinstance(results, dict)
            or type(results.get("calls")) is not list
            or len(results["calls"]) != len(plan.calls)
        ):
            return AssertionError(
                "the answers produced no results (the answer cells or the kernel stopped the grader's calls)"
            )
        queues: dict[str, dict[str, deque]] = defaultdict(lambda: defaultdict(deque))
        for (name, args), entry in zip(plan.calls, results["calls"]):
            queues[name][json.dumps(args, sort_keys=True)].append(entry)
        ns = dict(self.ns)
        for name in {n for n, _ in plan.calls}:
            ns[name] = _lookup(name, queues[name], self.refs)
        values = results.get("values") if isinstance(results.get("values"), dict) else {}
        for name in plan.values:
            try:
                ns[name] = _outcome(name, values.get(name))
            except BaseException as exc:
                return exc
        return _run(test_source, ns)


def _lookup(name: str, table: dict, refs: dict):
    def call(*args, **kwargs):
        try:
            queue = table.get(_key(args, refs))
        except NotPlain:
            queue = None
        if kwargs or not queue:
            raise AssertionError(
                f"{name} was called on an input the grader did not expect: "
                "an earlier result in this test is wrong"
            )
        return _outcome(name, queue.popleft())

    return call


# --------------------------------------------------------------------------
# the guard for test cells that still run in the kernel


def guard_source(names: list[str]) -> str:
    """Code appended to an answer cell: each answer function's results (and each
    answer value) pass through :func:`checks.plain`, so an int or tuple subclass with
    rigged comparisons never reaches the test cells.  A defence in depth only: the
    submission runs in the same kernel and can undo it; the verdict that counts for
    replayable tests is the one computed outside."""
    return (
        "\n\ndef __ecedu_guard():\n"
        "    from ecedu.grading.checks import strict_answer\n"
        "    g = globals()\n"
        f"    for n in {names!r}:\n"
        "        if n in g:\n"
        "            g[n] = strict_answer(g[n], n)\n"
        "__ecedu_guard()\n"
    )


# --------------------------------------------------------------------------
# test cells that still run in the kernel: did they run to their last line?

DONE_MIME = "application/x-ecedu-done+json"
NOT_TO_THE_END = (
    "the test cell did not run to its end, and showed no error either: something in the kernel "
    "(an input transformer, a custom exception handler, a patched display) stopped it"
)


def done_source(token: str) -> str:
    """A last line for a test cell that runs in the kernel: it displays a token drawn afresh
    for every grading.  A cell that stops early without an error output (an input transformer
    that blanks it, a ``set_custom_exc`` handler that swallows its AssertionError) never shows
    the token, so it earns nothing.  A defence against generic kernel tricks only: a submission
    that reads the cell's source can show the token itself (the verdicts that cannot be faked
    are the ones judged outside, above)."""
    return (
        "\n\n__import__('IPython.display', fromlist=['display']).display("
        f"{{{DONE_MIME!r}: {token!r}}}, raw=True)\n"
    )


def ran_to_end(outputs, token: str) -> bool:
    for out in outputs:
        data = out.get("data", {}) if out.get("output_type") == "display_data" else {}
        if data.get(DONE_MIME) == token:
            return True
    return False
