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
computing them.

Arguments that are not plain data cross too (:func:`encode_arg`):

* an object the setup cells made (a toy field, the given ``add``) as its name, and
  an object a setup *function* returned (``load_lib()``) as that call: the kernel
  uses its own;
* a **field** the test made (``CountingField(F5)``, ``BinaryField((233, 74, 0))``, a
  curve's field) as its reduction polynomial: the kernel gets a *tracing* field that
  computes with the package and records every ``mul``/``sqr``/``inv``/``add``.  The
  grader replays that trace on the test's own object (so a ``CountingField``
  counts grader-side, what the kernel says about counts is never asked), checks
  that every result matches, and that every field input of the answer, and its
  result, lies in the GF(2)-span of the call's integer inputs, 1 and the outputs
  of earlier traced operations (:class:`Span`): work done outside the given field
  (``F5.inv`` from a global, the package) cannot feed the answer without showing;
* a **callback** the test made (``_cadd`` counting additions, the package's add on
  K-163) as a stub that returns opaque tokens and records the call: the grader
  evaluates the recorded calls with the test's own callbacks (so counting
  callbacks count grader-side) and turns the result's tokens into points; a
  result that neither a callback nor the inputs produced is refused;
* a **function returned** by an answer (ex12's ``make_clmul32``) stays in the kernel;
  the test's calls to it are recorded and produced like the answers' own.

Keyword arguments cross like positional ones.  A test cell whose calls cannot be
encoded still runs in the kernel, where the type-strict checks and the answer
guard (:func:`guard_source`) apply; none of the course's exercises has one.
"""

from __future__ import annotations

import ast
import builtins
import json
import time
import types
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


def field_modulus(value) -> int | None:
    """The reduction polynomial of a binary-field-like object (``m``, ``modulus``,
    ``mul``, ``sqr``), else None.  Only called on the grader's own objects."""
    if isinstance(value, type):
        return None
    m, f = getattr(value, "m", None), getattr(value, "modulus", None)
    if type(m) is int and type(f) is int and f.bit_length() - 1 == m and m > 0:
        if callable(getattr(value, "mul", None)) and callable(getattr(value, "sqr", None)):
            return f
    return None


class Made:
    """What setup functions returned during a test (``load_lib()``): id -> (object, spec).
    The object is kept alive so that its id cannot be reused."""

    def __init__(self):
        self.objects: dict[int, tuple[object, list]] = {}

    def wrap(self, name: str, fn):
        def call(*args, **kwargs):
            result = fn(*args, **kwargs)
            if not kwargs:
                try:
                    encode(result)
                except NotPlain:
                    try:
                        self.objects[id(result)] = (result, [name, encode(tuple(args))])
                    except NotPlain:
                        pass
            return result

        call.__wrapped__ = fn
        return call


def wrap_setup_functions(ns: dict, made: Made) -> None:
    """Functions the setup cells defined record their non-plain results in ``made``."""
    for name, v in list(ns.items()):
        if (
            isinstance(v, types.FunctionType)
            and v.__module__ == ns.get("__name__")
            and not name.startswith("__")
        ):
            ns[name] = made.wrap(name, v)


def encode_arg(value, refs: dict, made: Made | None):
    """One top-level argument of a recorded call (see the module's docstring)."""
    if refs and id(value) in refs and not (value is None or type(value) in (bool, int, str)):
        return {"ref": refs[id(value)]}
    if made is not None and id(value) in made.objects:
        return {"call": made.objects[id(value)][1]}
    try:
        return encode(value, refs=refs)
    except NotPlain:
        pass
    f = field_modulus(value)
    if f is not None:
        return {"field": f}
    if callable(value) and not isinstance(value, type):
        return {"cb": 0}
    raise NotPlain(type(value).__name__)


def encode_call(args, kwargs, refs: dict, made: Made | None) -> list:
    """``[args]`` or ``[args, kwargs]``, each argument by :func:`encode_arg`."""
    enc = [{"tuple": [encode_arg(a, refs, made) for a in args]}]
    if kwargs:
        enc.append({k: encode_arg(v, refs, made) for k, v in sorted(kwargs.items())})
    return enc


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


def decode(obj, depth: int = 0, tokens: dict | None = None):
    """Exact built-in types only; ``{"tok": i}`` (a callback's result) only where
    ``tokens`` maps i to the value the grader computed for it."""
    t = type(obj)
    if depth > 30:
        raise ValueError("nested too deeply")
    if obj is None or t in (bool, int, str):
        return obj
    if t is list:
        return [decode(x, depth + 1, tokens) for x in obj]
    if t is dict and len(obj) == 1:
        ((tag, v),) = obj.items()
        if tag == "tok" and tokens is not None and type(v) is int and v in tokens:
            return tokens[v]
        if tag == "float" and type(v) is str:
            return float(v)
        if tag == "bytes" and type(v) is str:
            return bytes.fromhex(v)
        if tag == "frac" and type(v) is list and len(v) == 2 and all(type(x) is int for x in v):
            return Fraction(v[0], v[1])
        if tag == "tuple" and type(v) is list:
            return tuple(decode(x, depth + 1, tokens) for x in v)
    raise ValueError("not a plain value")


def _key(args, kwargs, refs=None, made=None) -> str:
    return json.dumps(encode_call(args, kwargs, refs, made), sort_keys=True)


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
    judged outside the kernel (its calls and results cross the boundary, see
    :func:`encode_arg`, and it passes with the instructor's solution)."""
    ns: dict = {"__name__": "__main__"}
    answers: dict[str, None] = {}
    plans: dict[str, Plan] = {}
    refs: dict = {}
    made = Made()
    depth = [0]  # how deep inside a recorded call we are (per recording, not shared)
    for role, gid, src in cells:
        if role in ("setup", "answer"):
            if _run(src, ns) is not None:
                return plans  # the instructor notebook itself fails here: judge nothing outside
            if role == "setup":
                wrap_setup_functions(ns, made)
                refs = setup_refs(ns)
            if role == "answer":
                answers.update(dict.fromkeys(bound_names(src)))
            continue
        plan, ok = Plan(), True
        used = used_names(src)
        saved = {}
        rec = _Recording(plan, refs, made, depth)
        for name in answers:
            if name not in ns:
                continue
            if callable(ns[name]):
                saved[name] = ns[name]
                ns[name] = rec.wrap(name, ns[name])
            elif name in used:
                plan.values.append(name)
                try:
                    encode(ns[name])
                except NotPlain:
                    ok = False
        err = _run(src, ns)
        ns.update(saved)
        if ok and err is None and all(c is not None for c in plan.calls):
            if not _crosses_objects(plan) or _dry_run(src, plan, ns, refs, made) is None:
                plans[gid] = plan
    return plans


def _crosses_objects(plan: Plan) -> bool:
    """Does the plan pass a field, a callback or a setup function's result, or call a
    returned function?  (Plain-data plans need no dry run.)"""
    text = json.dumps([c[1:] for c in plan.calls])
    return any(n.startswith("#") for n, *_ in plan.calls) or any(
        tag in text for tag in ('{"field": ', '{"cb": ', '{"call": ')
    )


def _dry_run(test_source: str, plan: Plan, ns: dict, refs: dict, made: Made) -> BaseException | None:
    """The whole round trip with the instructor's solution, in this process: the producer
    on the instructor's answers, then the replay.  A plan whose crossing the solution
    does not survive (an answer that looks inside what a callback returned, a field
    method the tracing field lacks) is not used: that test runs in the kernel instead,
    as before.  None if the test passes this way."""
    g = dict(ns)
    try:
        exec(compile(_PRODUCER % RESULTS_MIME, "<producer>", "exec"), g)
        sent: list = []
        calls = json.dumps([list(c) for c in plan.calls])
        g["__ecedu_produce"](calls, json.dumps(plan.values), json.dumps([0] * len(plan.calls)), sent.append)
        results = json.loads(json.dumps(sent[-1]))
    except BaseException as exc:
        return exc
    replayer = Replayer([])
    replayer.ns, replayer.refs, replayer.made = dict(ns), refs, made
    return replayer.replay(test_source, plan, results)


class _Recording:
    """Wraps answer functions so the test's own calls to them are recorded (calls one
    answer makes to another, e.g. gf2m_mul to clmul, are not: the kernel makes those).
    A function an answer returns is wrapped too, under the name ``#<index of that call>``."""

    def __init__(self, plan: Plan, refs: dict, made: Made, depth: list):
        self.plan, self.refs, self.made, self.depth = plan, refs, made, depth

    def wrap(self, name: str, fn):
        plan = self.plan

        def call(*args, **kwargs):
            top = self.depth[0] == 0
            index = len(plan.calls)
            if top:
                try:
                    plan.calls.append((name, *encode_call(args, kwargs, self.refs, self.made)))
                except NotPlain:
                    plan.calls.append(None)  # marks the plan as not replayable
            self.depth[0] += 1
            t0 = time.perf_counter()
            try:
                result = fn(*args, **kwargs)  # a call that raises is recorded too: the kernel must raise
            finally:
                self.depth[0] -= 1
                if top:
                    plan.seconds.append(time.perf_counter() - t0)
            if top:
                if callable(result) and not isinstance(result, type):
                    return self.wrap(f"#{index}", result)
                try:
                    encode(result)
                except NotPlain:
                    plan.calls.append(None)
            return result

        return call


# --------------------------------------------------------------------------
# step 2: the producer cell that runs in the kernel

_PRODUCER = """\
def __ecedu_produce(__calls, __values, __budgets, __emit=None):
    import json as _json, signal as _signal
    from fractions import Fraction as _Fraction
    from ecedu.grading.strict import Token as _Tok
    def _enc(v, d=0):
        t = type(v)
        if d > 30: raise TypeError("nested too deeply")
        if v is None or t in (bool, int, str): return v
        if t is float: return {"float": repr(v)}
        if t is bytes: return {"bytes": v.hex()}
        if t is _Fraction: return {"frac": [v.numerator, v.denominator]}
        if t is tuple: return {"tuple": [_enc(x, d + 1) for x in v]}
        if t is list: return [_enc(x, d + 1) for x in v]
        if t is _Tok: return {"tok": v.i}
        if type(v).__module__ == "numpy" and isinstance(v, float): return {"float": repr(float.__float__(v))}
        raise TypeError(t.__name__)
    def _dec(o):
        if type(o) is list: return [_dec(x) for x in o]
        if type(o) is dict:
            (k, v), = o.items()
            return {"float": float, "bytes": bytes.fromhex, "frac": lambda x: _Fraction(*x),
                    "tuple": lambda x: tuple(_dec(y) for y in x), "ref": lambda x: g[x],
                    "call": lambda x: g[x[0]](*_dec(x[1]))}[k](v)
        return o
    trace, ntok, rets = [], [0], {}
    def _field(f, pos):
        from ecedu.fields import BinaryField as _BF
        F = _BF(tuple(i for i in range(f.bit_length() - 1, -1, -1) if f >> i & 1))
        class TracingField:
            "the field the test gave, computed by the package; every operation is recorded"
            m, modulus = F.m, f
            def _op(self, op, *a):
                r = getattr(F, op)(*a)
                trace.append(["f", pos, op, [_enc(x) for x in a], _enc(r)])
                return r
            def mul(self, a, b): return self._op("mul", a, b)
            def sqr(self, a): return self._op("sqr", a)
            def inv(self, a): return self._op("inv", a)
            def add(self, a, b): return self._op("add", a, b)
        return TracingField()
    def _callback(pos):
        def callback(*a):
            t = _Tok(ntok[0])
            ntok[0] += 1
            trace.append(["c", pos, [_enc(x) for x in a], t.i])
            return t
        return callback
    def _arg(o, pos):
        if type(o) is dict and len(o) == 1 and "field" in o: return _field(o["field"], pos)
        if type(o) is dict and len(o) == 1 and "cb" in o: return _callback(pos)
        return _dec(o)
    def _safe(f):
        try:
            return str(f())[:300]
        except BaseException:
            return "?"
    class _TooSlow(BaseException):
        pass
    def _alarm(*a):
        raise _TooSlow()
    _timed = __emit is None  # the grader's own dry run (__emit given) has no timer
    if _timed:
        _old = _signal.signal(_signal.SIGALRM, _alarm)
    g = globals()
    out = {"calls": [], "values": {}}
    slow = set()
    for index, (entry, budget) in enumerate(zip(_json.loads(__calls), _json.loads(__budgets))):
        name = entry[0]
        fn = rets.get(int(name[1:])) if name.startswith("#") else g.get(name)
        if fn is None:
            out["calls"].append({"raise": ["NameError", f"name {name!r} is not defined"]})
            continue
        if name in slow:
            out["calls"].append({"raise": ["TimeoutError", f"{name}: skipped, an earlier call was far too slow"]})
            continue
        del trace[:]
        try:
            args = [_arg(x, i) for i, x in enumerate(entry[1]["tuple"])]
            kwargs = {k: _arg(x, k) for k, x in (entry[2] if len(entry) > 2 else {}).items()}
            if _timed:
                _signal.setitimer(_signal.ITIMER_REAL, budget)
            try:
                r = fn(*args, **kwargs)
            finally:
                if _timed:
                    _signal.setitimer(_signal.ITIMER_REAL, 0)
            try:
                if callable(r) and not isinstance(r, type) and type(r) is not _Tok:
                    rets[index] = r
                    res = {"fn": index}
                else:
                    res = _enc(r)
                res = {"ok": res}
                if trace:
                    res["trace"] = list(trace)
                out["calls"].append(res)
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
    if _timed:
        _signal.signal(_signal.SIGALRM, _old)
    for name in _json.loads(__values):
        try:
            out["values"][name] = {"ok": _enc(g[name])}
        except KeyError:
            out["values"][name] = {"raise": ["NameError", f"name {name!r} is not defined"]}
        except TypeError:
            out["values"][name] = {"bad": _safe(lambda: type(g[name]).__name__)}
    if __emit is not None:
        return __emit(out)
    from IPython.display import display as _display
    _display({%r: out}, raw=True)
"""


def producer_source(plan: Plan) -> str:
    """The producer cell: per call a time budget of 100 times what the reference needed
    (at least 2 s), so a wrong answer that explodes (an unreduced product squared 170
    times) fails in seconds instead of using up the whole cell's time limit."""
    calls = json.dumps([list(c) for c in plan.calls])
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


class Span:
    """A GF(2)-linear span of binary polynomials (ints), kept as an echelon basis by
    leading bit: what an answer can compute from given values with additions (XOR)."""

    def __init__(self, values=()):
        self.basis: dict[int, int] = {}
        for v in values:
            self.add(v)

    def _reduce(self, v: int) -> int:
        while v:
            b = self.basis.get(v.bit_length() - 1)
            if b is None:
                return v
            v ^= b
        return 0

    def add(self, v: int) -> None:
        if type(v) is int and v > 0:
            r = self._reduce(v)
            if r:
                self.basis[r.bit_length() - 1] = r

    def __contains__(self, v) -> bool:
        return type(v) is int and v >= 0 and self._reduce(v) == 0


def _int_leaves(value, out: list) -> list:
    if type(value) is int:
        out.append(value)
    elif type(value) in (tuple, list):
        for x in value:
            _int_leaves(x, out)
    return out


FIELD_OPS = ("mul", "sqr", "inv", "add")


class _Call:
    """One answer call during the replay: its real arguments (the test's own fields and
    callbacks) and the trace the kernel sent with the result."""

    def __init__(self, name, args, kwargs, replay):
        self.name, self.replay = name, replay
        self.real = dict(enumerate(args)) | dict(kwargs)
        enc = {}
        for pos, a in self.real.items():
            try:
                enc[pos] = encode_arg(a, replay.refs, replay.made)
            except NotPlain:
                enc[pos] = None
        self.fields = {p for p, e in enc.items() if type(e) is dict and "field" in e}
        self.callbacks = {p for p, e in enc.items() if type(e) is dict and "cb" in e}
        # the fields that count: everything the answer used must have come through them
        self.audited = {p for p in self.fields if getattr(self.real[p], "audit_provenance", False)}
        self.span = Span([1, *_int_leaves([a for p, a in self.real.items() if p not in self.fields], [])])

    def fail(self, why: str):
        raise AssertionError(f"{self.name}: {why}")

    def run_trace(self, trace) -> dict:
        """Replay the kernel's field operations and callback calls on the test's own
        objects; returns token -> value.  Raises AssertionError if anything does not add up."""
        if trace is None:
            trace = []
        if type(trace) is not list:
            self.fail("the kernel sent a malformed trace")
        if trace and not (self.fields or self.callbacks):
            self.fail("the kernel sent operations for a call that was given no field or callback")
        tokens: dict[int, object] = {}
        for ev in trace:
            if (
                type(ev) is list
                and len(ev) == 5
                and ev[0] == "f"
                and ev[1] in self.fields
                and ev[2] in FIELD_OPS
            ):
                _, pos, op, args, out = ev
                try:
                    a = [decode(x) for x in args] if type(args) is list else None
                    got = decode(out)
                except ValueError:
                    a = None
                if a is None or any(type(x) is not int for x in a):
                    self.fail(f"F.{op} was given something that is not a field element (an int)")
                if pos in self.audited and any(x not in self.span for x in a):
                    self.fail(
                        f"F.{op} was given a value that does not come from the inputs and the field's "
                        "earlier results: part of the work was done outside the field object the test gave"
                    )
                want = getattr(self.real[pos], op)(*a)  # on the test's own object: a CountingField counts
                if got != want or type(got) is not type(want):
                    self.fail(
                        f"F.{op} gave another result in the kernel than in the field the test gave "
                        "(an unreduced input, or the kernel's arithmetic was changed)"
                    )
                self.span.add(want)
            elif type(ev) is list and len(ev) == 4 and ev[0] == "c" and ev[1] in self.callbacks:
                _, pos, args, tok = ev
                try:
                    a = decode(args, tokens=tokens) if type(args) is list else None
                except ValueError:
                    a = None
                if a is None or type(tok) is not int or tok in tokens:
                    self.fail("a callback was called with a value no earlier callback returned")
                tokens[tok] = self.real[pos](*a)  # the test's own callback (it may count)
            else:
                self.fail("the kernel sent a malformed trace")
        return tokens

    def check_result(self, value, raw) -> None:
        if self.audited and any(x not in self.span for x in _int_leaves(value, [])):
            self.fail(
                "the result does not come from the field operations the test could see: "
                "part of the work was done outside the field object the test gave"
            )
        if self.callbacks and not self._built(raw, 0):
            self.fail(
                "the result is not built from what the given operations returned and the inputs "
                "(a point computed some other way)"
            )

    def _built(self, raw, depth) -> bool:
        """Every part of the raw result is a callback's token, None, a bool/str or an argument."""
        if depth > 30:
            return False
        if raw is None or type(raw) in (bool, str):
            return True
        if type(raw) is dict and set(raw) == {"tok"}:
            return True
        try:
            value = decode(raw)
        except ValueError:
            value = object()
        for a in self.real.values():
            try:
                if type(value) is type(a) and value == a:
                    return True
            except Exception:
                continue
        if type(raw) is dict and set(raw) == {"tuple"} and type(raw["tuple"]) is list:
            return all(self._built(x, depth + 1) for x in raw["tuple"])
        if type(raw) is list:
            return all(self._built(x, depth + 1) for x in raw)
        return False


def _outcome(name: str, entry, call: _Call | None = None):
    """A look-up result as the value it stands for, or raise what the kernel raised."""
    if type(entry) is not dict or not (
        len(entry) == 1 or (len(entry) == 2 and set(entry) == {"ok", "trace"})
    ):
        raise AssertionError(f"{name}: the kernel sent no usable result")
    kind = "ok" if "ok" in entry else next(iter(entry))
    v = entry[kind]
    if kind == "ok":
        if call is None:
            if "trace" in entry:
                raise AssertionError(f"{name}: the kernel sent no usable result")
            try:
                return decode(v)
            except ValueError:
                raise AssertionError(f"{name}: the kernel sent a malformed result") from None
        tokens = call.run_trace(entry.get("trace"))
        if type(v) is dict and set(v) == {"fn"} and type(v["fn"]) is int:
            return call.replay.function(f"#{v['fn']}")
        try:
            value = decode(v, tokens=tokens)
        except ValueError:
            raise AssertionError(f"{name}: the kernel sent a malformed result") from None
        call.check_result(value, v)
        return value
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
        self.refs: dict = {}
        self.made = Made()
        self.queues: dict = {}

    def run_setup(self) -> BaseException | None:
        for role, _gid, src in self.cells:
            if role == "setup":
                err = _run(src, self.ns)
                if err is not None:
                    return err
                wrap_setup_functions(self.ns, self.made)
                self.refs = setup_refs(self.ns)
        return None

    def function(self, name: str):
        """The grader's stand-in for an answer function (or for a function an answer returned)."""
        table = self.queues.get(name, {})

        def call(*args, **kwargs):
            try:
                queue = table.get(_key(args, kwargs, self.refs, self.made))
            except NotPlain:
                queue = None
            if not queue:
                raise AssertionError(
                    f"{name} was called on an input the grader did not expect: "
                    "an earlier result in this test is wrong"
                )
            return _outcome(name, queue.popleft(), _Call(name, args, kwargs, self))

        return call

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
        self.queues = defaultdict(lambda: defaultdict(deque))
        for (name, *enc), entry in zip(plan.calls, results["calls"]):
            self.queues[name][json.dumps(enc, sort_keys=True)].append(entry)
        ns = dict(self.ns)
        for name in {n for n, *_ in plan.calls if not n.startswith("#")}:
            ns[name] = self.function(name)
        values = results.get("values") if isinstance(results.get("values"), dict) else {}
        for name in plan.values:
            try:
                ns[name] = _outcome(name, values.get(name))
            except BaseException as exc:
                return exc
        return _run(test_source, ns)


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
