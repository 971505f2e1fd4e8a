"""Timing harness: warm-up, interleaved time-bounded windows, median and spread.

An *implementation* is a callable ``run(k)`` that performs ``k`` operations.  If it
returns a float, that is the time the operations took as measured inside C (a native
timing loop); otherwise the harness measures the window with ``time.perf_counter``.

:class:`Interleaved` measures several implementations of the same operation:

1. warm-up: each implementation runs once (caches, lazy tables, first-call costs), then
   the batch size ``k`` is doubled until one batch takes about ``batch_target`` seconds
   (so the clock is read rarely for fast operations) or the warm-up budget is spent;
2. ``windows`` rounds; in each round every implementation runs one window of
   ``seconds / windows`` seconds (at least one batch), in an order rotated every round,
   so slow drift of the machine (thermal, other load) hits everybody alike;
3. per implementation: ops/s of every window, the **median** (reported) and the spread
   ``(max - min) / median`` over windows.  The divisor is, by default (``timer="cpu"``),
   the *process CPU time* (``time.process_time``, user + system), as ``openssl speed``
   divides by CPU time (user time only, counted in clock ticks by ``times()``; the kernels
   spend no time in the system): on a loaded machine, time spent waiting for a core counts
   for nobody.  With ``timer="wall"`` it is ``time.perf_counter`` for every implementation,
   the C loops included (their own figure is process CPU time, kept as ``native_seconds``),
   to be compared with ``openssl speed -elapsed``.  Both figures, and the CPU share
   cpu/wall, are kept in the summary.

An implementation slower than one window per op gets fewer windows (at least one), so
a single pure-Python sect571 operation never stretches the run by ``windows`` times.
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
import traceback
from dataclasses import dataclass, field

MAX_BATCH = 1 << 22


@dataclass
class Measurement:
    name: str
    window_rates: list = field(default_factory=list)  # ops/s per window
    ops: int = 0
    seconds: float = 0.0  # sum of the timed windows (timer of the implementation)
    wall: float = 0.0  # perf_counter over the windows
    cpu: float = 0.0  # process CPU time over the windows
    batch: int = 1
    warmup_ops: int = 0
    warmup_seconds: float = 0.0
    timer: str = "process_time"  # or "perf_counter"
    native_seconds: float = 0.0  # what the C loops reported (their process CPU time), if any
    error: str | None = None

    @property
    def ops_per_s(self) -> float | None:
        return statistics.median(self.window_rates) if self.window_rates else None

    @property
    def spread(self) -> float | None:
        """(max - min) / median of the window rates; 0 for a single window."""
        if not self.window_rates:
            return None
        med = statistics.median(self.window_rates)
        return (max(self.window_rates) - min(self.window_rates)) / med if med else None

    @property
    def cpu_ops_per_s(self) -> float | None:
        return self.ops / self.cpu if self.cpu > 0 and self.ops else None

    @property
    def wall_ops_per_s(self) -> float | None:
        return self.ops / self.wall if self.wall > 0 and self.ops else None

    def summary(self) -> dict:
        return {
            "ops_per_s": self.ops_per_s,
            "spread": self.spread,
            "windows": len(self.window_rates),
            "window_ops_per_s": [round(r, 3) for r in self.window_rates],
            "ops": self.ops,
            "seconds": round(self.seconds, 6),
            "cpu_ops_per_s": self.cpu_ops_per_s,
            "wall_ops_per_s": self.wall_ops_per_s,
            "cpu_share": round(self.cpu / self.wall, 3) if self.wall > 0 else None,
            "native_ops_per_s": (self.ops / self.native_seconds if self.native_seconds > 0 else None),
            "batch": self.batch,
            "timer": self.timer,
            "error": self.error,
        }


class Interleaved:
    """Measure several implementations in alternating time-bounded windows."""

    def __init__(
        self,
        impls: dict,
        seconds: float,
        windows: int = 5,
        batch_target: float = 0.005,
        warmup_budget: float | None = None,
        timer: str = "cpu",
    ):
        if timer not in ("cpu", "wall"):
            raise ValueError("timer must be 'cpu' or 'wall'")
        self.timer = timer
        self.impls = dict(impls)
        self.seconds = float(seconds)
        self.windows = max(1, int(windows))
        self.window_time = self.seconds / self.windows
        self.batch_target = min(batch_target, self.window_time / 4)
        self.warmup_budget = (
            warmup_budget if warmup_budget is not None else min(0.5, max(0.05, 0.1 * self.seconds))
        )
        self.results = {name: Measurement(name) for name in self.impls}
        self._nwin = {}

    # ----------------------------------------------------------------------
    def warmup(self) -> None:
        for name, run in self.impls.items():
            m = self.results[name]
            try:
                # The first call may build tables (fixed-base precomputation, half-trace
                # table, ...): run it untimed, or its one-off cost would make the batch
                # size 1 and every window would pay each call's set-up again.
                run(1)
                t0 = time.perf_counter()
                run(1)
                per_op = time.perf_counter() - t0
                k, ops = 1, 1
                while (
                    time.perf_counter() - t0 < self.warmup_budget
                    and per_op * k < self.batch_target
                    and k < MAX_BATCH
                ):
                    k *= 2
                    t1 = time.perf_counter()
                    run(k)
                    ops += k
                    per_op = (time.perf_counter() - t1) / k
                m.batch = k
                m.warmup_ops = ops
                m.warmup_seconds = time.perf_counter() - t0
                if per_op > 0:
                    fits = int(self.seconds / per_op)
                    self._nwin[name] = max(1, min(self.windows, fits))
                else:
                    self._nwin[name] = self.windows
            except Exception as exc:  # reported, never fatal
                m.error = f"{type(exc).__name__}: {exc}"
                self._nwin[name] = 0

    def run_rounds(self, start: int, stop: int) -> None:
        names = list(self.impls)
        for r in range(start, min(stop, self.windows)):
            shift = r % len(names) if names else 0
            for name in names[shift:] + names[:shift]:
                if r < self._nwin.get(name, 0):
                    self._window(name)

    def _window(self, name: str) -> None:
        run, m = self.impls[name], self.results[name]
        cpu_timer = self.timer == "cpu"
        try:
            ops, native_secs, native = 0, 0.0, False
            c0, t0 = time.process_time(), time.perf_counter()
            while True:
                ret = run(m.batch)
                ops += m.batch
                if isinstance(ret, float):
                    native = True
                    native_secs += ret
                elapsed = time.perf_counter() - t0
                cpu = time.process_time() - c0
                if elapsed >= self.window_time:  # windows end on the wall clock, as
                    break  # openssl speed's alarm() does
            # the C loops' own figure is process CPU time (bench.c's now()): it stands in for
            # neither clock exactly, so both timers divide by what the harness measured
            if cpu_timer:
                secs, m.timer = cpu, "process_time"
            else:
                secs, m.timer = elapsed, "perf_counter"
            m.ops += ops
            m.seconds += secs
            m.wall += elapsed
            m.cpu += cpu
            if native:
                m.native_seconds += native_secs
            if secs > 0:
                m.window_rates.append(ops / secs)
        except Exception as exc:
            m.error = f"{type(exc).__name__}: {exc}"
            self._nwin[name] = 0

    def run_all(self, middle=None, calls: int = 1) -> dict:
        """Warm-up, then the rounds with ``middle()`` called ``calls`` times in between.

        The calls are spread evenly over the rounds (:func:`round_groups`), so what
        ``middle`` measures (``openssl speed``) is sampled at the same times as the
        windows here, and slow drift of the machine hits both sides alike."""
        self.warmup()
        groups = round_groups(self.windows, calls if middle is not None else 0)
        for i, (start, stop) in enumerate(groups):
            self.run_rounds(start, stop)
            if middle is not None and i < len(groups) - 1:
                middle()
        return self.results


def round_groups(windows: int, calls: int) -> list:
    """Split rounds ``0 .. windows-1`` into ``calls + 1`` consecutive groups.

    Group ``i`` ends at ``ceil((i + 1) * windows / (calls + 1))``; a caller runs one
    outside measurement between consecutive groups.  ``calls = 1`` gives the two
    halves, the first one the larger; groups may be empty when ``calls >= windows``.
    """
    bounds = [0] + [-(-(i + 1) * windows // (calls + 1)) for i in range(calls)] + [windows]
    return list(zip(bounds[:-1], bounds[1:]))


# --------------------------------------------------------------------------
# N processes (like openssl speed -multi N)
# --------------------------------------------------------------------------


def _worker(factory, conn):
    try:
        job = factory()
        job.bench.warmup()
        conn.send(("ready", None))
        while True:
            cmd = conn.recv()
            if cmd[0] == "rounds":
                job.bench.run_rounds(cmd[1], cmd[2])
                conn.send(("ok", None))
            elif cmd[0] == "finish":
                conn.send(("result", (job.bench.results, job.info)))
                break
    except Exception:
        conn.send(("error", traceback.format_exc()))
    finally:
        conn.close()


def run_job(factory, multi: int = 1, middle=None, calls: int = 1):
    """Run ``factory()`` (an object with ``.bench`` (:class:`Interleaved`) and ``.info``).

    ``multi == 1``: in this process.  ``multi > 1``: ``multi`` forked processes run the
    same windows at the same time (each set up independently).  Either way ``middle()``
    (an ``openssl speed [-multi N]`` run) happens ``calls`` times between groups of
    rounds (:func:`round_groups`), while the windows wait.

    Returns ``(results, info, per_child)``: ``results[name]`` is a :class:`Measurement`
    whose ``ops_per_s`` is the **sum** of the children's medians, as openssl sums its
    children's rates.
    """
    if multi <= 1:
        job = factory()
        job.bench.run_all(middle, calls)
        return job.bench.results, job.info, None
    ctx = multiprocessing.get_context("fork")
    procs, conns = [], []
    for _ in range(multi):
        parent, child = ctx.Pipe()
        p = ctx.Process(target=_worker, args=(factory, child), daemon=True)
        p.start()
        child.close()
        procs.append(p)
        conns.append(parent)

    def broadcast(cmd):
        for c in conns:
            c.send(cmd)
        replies = [c.recv() for c in conns]
        for kind, payload in replies:
            if kind == "error":
                raise RuntimeError("benchmark worker failed:\n" + payload)
        return replies

    try:
        for c in conns:  # wait until every child is set up and warm
            kind, payload = c.recv()
            if kind == "error":
                raise RuntimeError("benchmark worker failed:\n" + payload)
        # children share the same window plan (windows is a constructor argument)
        windows = getattr(factory, "windows", 5)
        groups = round_groups(windows, calls if middle is not None else 0)
        for i, (start, stop) in enumerate(groups):
            broadcast(("rounds", start, stop))
            if middle is not None and i < len(groups) - 1:
                middle()
        replies = broadcast(("finish",))
    finally:
        for p in procs:
            p.join(timeout=30)
    child_results = [payload[0] for _, payload in replies]
    info = replies[0][1][1]
    combined = {}
    for name in child_results[0]:
        ms = [cr[name] for cr in child_results]
        agg = Measurement(name)
        agg.timer = ms[0].timer
        agg.batch = ms[0].batch
        agg.ops = sum(m.ops for m in ms)
        agg.seconds = max(m.seconds for m in ms)
        agg.wall = max(m.wall for m in ms)
        agg.cpu = sum(m.cpu for m in ms)
        errs = [m.error for m in ms if m.error]
        agg.error = errs[0] if errs else None
        if all(m.window_rates for m in ms):
            nwin = min(len(m.window_rates) for m in ms)
            # window i of all children ran concurrently: the machine's rate is the sum
            agg.window_rates = [sum(m.window_rates[i] for m in ms) for i in range(nwin)]
        combined[name] = agg
    return combined, info, child_results


def fmt_rate(x: float | None) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    if x >= 100:
        return f"{x:.1f}"
    if x >= 1:
        return f"{x:.2f}"
    return f"{x:.4f}"
