"""The native X25519 kernels at the C boundary: GF(2^255 - 19) (field/gfp/fe25519.h) against
Python ints, and ecedu_x25519 / ecedu_x25519_base fed every length, NULL pointers and garbage
(hypothesis), with the error codes the header promises.  Also run under ASan/UBSan
(test_native_asan.py)."""

import ctypes
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecedu import native
from ecedu.ec import montgomery
from ecedu.errors import ECEduError, EncodingError, InvalidPointError
from ecedu.native import library
from ecedu.native import x25519_bridge as nx

pytestmark = pytest.mark.skipif(
    not native.available(), reason=f"native library not built: {native.load_error()}"
)

P = 2**255 - 19
# values near the edges of the representation: 0, 1, p - 1, limbs all ones, single limbs
EDGES = [0, 1, 2, 19, P - 1, P - 2, P - 19, 2**255 - 20, 2**51 - 1, 2**51, 2**102 - 1, 2**204, 2**254]
EDGES += [sum((2**51 - 1) << (51 * i) for i in range(j)) % P for j in range(1, 6)]


def _ref(op, a, b):
    return {
        "mul": a * b % P,
        "sqr": a * a % P,
        "inv": pow(a, P - 2, P),
        "add": (a + b) % P,
        "sub": (a - b) % P,
        "neg": -a % P,
        "is_zero": int(a == 0),
    }[op]


def test_opcodes_follow_the_library():
    assert library.names_with_prefix("ECEDU_FE25519_") == nx.FE25519_OPS


@pytest.mark.parametrize("op", nx.FE25519_OPS)
def test_field_edges_against_python_ints(op):
    for a in EDGES:
        for b in EDGES:
            assert nx.fe25519_op(op, a, b) == _ref(op, a, b), (op, a, b)


@settings(max_examples=200)
@given(st.sampled_from(nx.FE25519_OPS), st.integers(0, P - 1), st.integers(0, P - 1))
def test_field_random_against_python_ints(op, a, b):
    assert nx.fe25519_op(op, a, b) == _ref(op, a, b)


def test_field_mixed_sequence_against_python_ints():
    """2000 dependent steps of mixed operations, each result checked against Python ints.  (Each
    call re-reads canonical bytes; the long chains of unreduced limbs are the ladder's, checked by
    the 1000-fold iterated RFC 7748 vector in tests/test_x25519.py.)"""
    rng = random.Random(25519)
    x, y = rng.randrange(P), rng.randrange(P)
    for _ in range(2000):
        op = rng.choice(("mul", "sqr", "add", "sub", "neg"))
        got = nx.fe25519_op(op, x, y)
        assert got == _ref(op, x, y), (op, x, y)
        x, y = got, x


@pytest.mark.parametrize("v", [P, P + 1, 2**255, 2**256 - 1])
def test_field_refuses_inputs_not_below_p(v):
    for a, b in ((v, 1), (1, v)):
        with pytest.raises(ECEduError, match="out of range"):
            nx.fe25519_op("mul", a, b)


def _raw_x25519(k: bytes, klen: int, u: bytes, ulen: int, outlen: int) -> int:
    out = (ctypes.c_uint8 * 64)()
    return library.lib().ecedu_x25519(k, klen, u, ulen, out, outlen)


@settings(max_examples=100)
@given(st.integers(0, 64), st.integers(0, 64), st.integers(0, 64), st.binary(min_size=64, max_size=64))
def test_x25519_lengths_at_the_c_boundary(klen, ulen, outlen, buf):
    """Exactly 32, 32, 32 works (or is the all-zero refusal); anything else is ECEDU_ERR_LENGTH."""
    rc = _raw_x25519(buf, klen, buf[::-1], ulen, outlen)
    if (klen, ulen, outlen) == (32, 32, 32):
        assert rc in (0, library.constant("ECEDU_ERR_ALL_ZERO"))
    else:
        assert rc == library.constant("ECEDU_ERR_LENGTH")


def test_null_pointers_and_bad_opcodes():
    lib = library.lib()
    out = (ctypes.c_uint8 * 32)()
    length = library.constant("ECEDU_ERR_LENGTH")
    assert lib.ecedu_x25519(None, 32, bytes(32), 32, out, 32) == length
    assert lib.ecedu_x25519(bytes(32), 32, None, 32, out, 32) == length
    assert lib.ecedu_x25519(bytes(32), 32, bytes(32), 32, None, 32) == length
    assert lib.ecedu_x25519_base(None, 32, out, 32) == length
    assert lib.ecedu_x25519_base(bytes(32), 31, out, 32) == length
    assert lib.ecedu_x25519_base(bytes(32), 32, None, 32) == length
    assert lib.ecedu_fe25519_op(0, bytes(32), bytes(32), out, 31) == length
    for op in (-1, len(nx.FE25519_OPS), 99):
        assert lib.ecedu_fe25519_op(op, bytes(32), bytes(32), out, 32) == library.constant(
            "ECEDU_ERR_ARGUMENT"
        )
    assert lib.ecedu_bench_x25519(-1) < 0


@settings(max_examples=60)
@given(
    st.one_of(st.binary(max_size=70), st.none(), st.integers(), st.text(max_size=40)), st.binary(max_size=70)
)
def test_bridge_any_input(k, u):
    """The Python bridge: a 32-byte pair gives 32 bytes or the all-zero refusal; anything else an
    EncodingError (wrong type or length), never a crash."""
    try:
        out = nx.x25519(k, u)
    except InvalidPointError:
        assert montgomery.x25519(k, u) == bytes(32)
        return
    except EncodingError:
        assert not (isinstance(k, bytes) and len(k) == 32 and len(u) == 32)
        return
    assert out == montgomery.x25519(k, u)


def test_x25519_base_is_x25519_of_nine():
    rng = random.Random(9)
    for _ in range(20):
        k = rng.randbytes(32)
        assert (
            nx.x25519_base(k) == nx.x25519(k, montgomery.encode_u_coordinate(9)) == montgomery.x25519_base(k)
        )


def test_bench_and_cycles_run():
    assert nx.bench_x25519(3) >= 0
    ticks = (ctypes.c_uint64 * 3)()
    inner = ctypes.c_int()
    rc = library.lib().ecedu_bench_cycles(
        library.constant("ECEDU_CYCLES_X25519"), 0, 3, ticks, ctypes.byref(inner)
    )
    assert rc == 0 and inner.value == 1 and min(ticks) > 0
