"""The timing-leakage test (ecedu/bench/dudect.py) in its short form, on every implementation
level the CPU has, including AVX-512, which valgrind cannot run.

The full command is ``python -m ecedu.bench.dudect``.  A copy of the library with a planted
secret-dependent branch (an early return in FN(cswap) when the swap bit is 0) gave |t| = 173,
139 and 45 on the portable, PCLMULQDQ and AVX-512 levels with 20,000 samples; the real library
stays below 3.  The suite allows |t| up to 10 (the command's threshold is 4.5) so that a busy
CI machine does not fail it by chance; a leak like the planted one is far above both."""

import random

import pytest

from ecedu import native
from ecedu.bench import dudect

pytestmark = pytest.mark.skipif(not native.available(), reason="native library not built")

SUITE_LIMIT = 10.0


def test_welch_t_sees_a_shift_and_not_noise():
    rng = random.Random(5)
    a = [rng.gauss(100, 5) for _ in range(4000)]
    b = [rng.gauss(100, 5) for _ in range(4000)]
    c = [rng.gauss(101, 5) for _ in range(4000)]  # a shift of a fifth of a standard deviation
    assert abs(dudect.welch_t(a, b)) < 4.5
    assert abs(dudect.welch_t(a, c)) > 4.5
    times = a + c
    classes = [0] * len(a) + [1] * len(c)
    assert dudect.max_abs_t(times, classes) > 4.5
    with pytest.raises(ValueError):
        dudect.welch_t([1.0], [1.0, 2.0])


@pytest.mark.parametrize("level", native.IMPLEMENTATIONS)
@pytest.mark.parametrize("curve", ["sect233r1", "sect233k1"])  # the ladder and the tau-adic method
def test_scalar_mult_time_does_not_depend_on_the_scalar(curve, level):
    if level not in native.available_implementations():
        pytest.skip(f"this CPU cannot run {level}")
    r = dudect.run(curve, 6000, level)
    assert r.level == level
    assert r.max_t < SUITE_LIMIT, f"{curve} on {level}: max |t| = {r.max_t:.1f} over {r.samples} samples"
