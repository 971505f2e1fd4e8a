"""The timing harness: structure of the results only (no speed assertions)."""

import time

from ecedu.bench.timing import Interleaved, Measurement, round_groups, run_job


def test_interleaved_windows_and_fast_slow():
    calls = []

    def fast(k):
        for _ in range(k):
            calls.append("fast")

    def slow(k):
        calls.append("slow")
        time.sleep(0.03 * k)

    def native(k):
        time.sleep(2e-4 * k)
        return 1e-6 * k  # a C loop reporting its own (CPU) time

    bench = Interleaved({"fast": fast, "slow": slow, "native": native}, seconds=0.05, windows=5, timer="wall")
    res = bench.run_all()
    assert set(res) == {"fast", "slow", "native"}
    assert len(res["fast"].window_rates) == 5
    assert 1 <= len(res["slow"].window_rates) < 5  # too slow for 5 windows of 10 ms
    # with timer="wall" the wall clock divides a C loop too, not the loop's own CPU figure
    assert res["native"].timer == "perf_counter"
    assert res["native"].ops_per_s < 1e4  # 0.2 ms of wall time per op, not the 1 µs it reports
    assert abs(res["native"].native_seconds - 1e-6 * res["native"].ops) < 1e-9  # kept beside
    assert res["fast"].batch > 1  # calibrated batches for fast operations
    s = res["fast"].summary()
    assert s["ops_per_s"] > 0 and s["spread"] >= 0 and s["windows"] == 5


def test_cpu_timer_is_the_default_and_counts_cpu_only():
    def sleepy(k):
        time.sleep(0.002 * k)  # no CPU used: a CPU-time rate is far above the wall rate

    def busy(k):
        sum(range(2000 * k))

    res = Interleaved({"sleepy": sleepy, "busy": busy}, seconds=0.05, windows=2).run_all()
    assert res["busy"].timer == "process_time"
    s = res["sleepy"].summary()
    assert s["cpu_share"] < 0.5 and s["wall_ops_per_s"] > 0


def test_middle_runs_between_halves():
    order = []

    def a(k):
        for _ in range(k):
            pass
        order.append("a")

    bench = Interleaved({"a": a}, seconds=0.02, windows=4)
    bench.run_all(middle=lambda: order.append("MIDDLE"))
    i = order.index("MIDDLE")
    assert "a" in order[:i] and "a" in order[i + 1 :]


def test_round_groups_spread_the_calls():
    assert round_groups(5, 1) == [(0, 3), (3, 5)]
    assert round_groups(5, 3) == [(0, 2), (2, 3), (3, 4), (4, 5)]
    assert round_groups(4, 0) == [(0, 4)]
    groups = round_groups(2, 3)  # more calls than windows: some groups are empty
    assert len(groups) == 4 and groups[-1][1] == 2
    assert all(a <= b for a, b in groups) and sum(b - a for a, b in groups) == 2


def test_middle_called_between_groups_of_rounds():
    order = []
    bench = Interleaved({"a": lambda k: order.append("a")}, seconds=0.05, windows=5)
    bench.run_all(middle=lambda: order.append("M"), calls=3)
    assert order.count("M") == 3
    # windows before the first call, between every two calls and after the last one
    segments = "".join(order).split("M")
    assert len(segments) == 4 and all("a" in seg for seg in segments)


def test_failing_implementation_is_reported_not_raised():
    def broken(k):
        raise RuntimeError("boom")

    res = Interleaved({"x": broken}, seconds=0.01).run_all()
    assert res["x"].ops_per_s is None and "boom" in res["x"].error


class _Job:
    windows = 3

    def __call__(self):
        job = type("J", (), {})()
        job.bench = Interleaved({"a": lambda k: sum(range(k)) and None}, seconds=0.03, windows=3)
        job.info = {"checks": {}}
        return job


def test_multi_process_sums_children():
    hit = []
    results, info, children = run_job(_Job(), multi=2, middle=lambda: hit.append(1))
    assert hit == [1]
    assert len(children) == 2
    m = results["a"]
    assert isinstance(m, Measurement) and m.ops_per_s > 0
    medians = [c["a"].ops_per_s for c in children]
    assert m.ops_per_s <= sum(max(c["a"].window_rates) for c in children) + 1e-9
    assert m.ops_per_s >= 0.5 * min(medians)
