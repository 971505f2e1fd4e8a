"""The native X25519 kernels at the C boundary: GF(2^255 - 19) against Python ints at both
prime-field levels (portable: field/gfp/fe25519.h, radix 2^51; mulx: field/gfp/fe25519_mulx.h,
four 64-bit limbs with MULX/ADCX/ADOX), the two ladders against the Python reference and the
RFC 7748 iterated vector, and ecedu_x25519 / ecedu_x25519_base fed every length, NULL pointers
and garbage (hypothesis), with the error codes the header promises.  Also run under ASan/UBSan
(test_native_asan.py)."""

import contextlib
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


LEVELS = ("portable", "mulx")


@contextlib.contextmanager
def _level(name):
    """Run the block at the prime-field level name (skip if the CPU lacks it), then the best."""
    if name not in native.available_prime_implementations():
        pytest.skip(f"this CPU has no {name} prime-field level")
    native.force_prime_implementation(name)
    try:
        yield
    finally:
        native.force_prime_implementation(None)


def _levels():
    return [lvl for lvl in LEVELS if lvl in native.available_prime_implementations()]


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


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("op", nx.FE25519_OPS)
def test_field_edges_against_python_ints(op, level):
    with _level(level):
        for a in EDGES:
            for b in EDGES:
                assert nx.fe25519_op(op, a, b) == _ref(op, a, b), (op, a, b, level)


@settings(max_examples=200)
@given(st.sampled_from(nx.FE25519_OPS), st.integers(0, P - 1), st.integers(0, P - 1))
def test_field_random_against_python_ints(op, a, b):
    for level in _levels():
        native.force_prime_implementation(level)
        try:
            assert nx.fe25519_op(op, a, b) == _ref(op, a, b), level
        finally:
            native.force_prime_implementation(None)


@pytest.mark.parametrize("level", LEVELS)
def test_field_mixed_sequence_against_python_ints(level):
    with _level(level):
        _mixed_sequence()


def _mixed_sequence():
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


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("v", [P, P + 1, 2**255, 2**256 - 1])
def test_field_refuses_inputs_not_below_p(v, level):
    with _level(level):
        for a, b in ((v, 1), (1, v)):
            with pytest.raises(ECEduError, match="out of range"):
                nx.fe25519_op("mul", a, b)


# u-coordinates at the edges of the two representations: 0, 1, small order (RFC 7748 §6.1's
# all-zero cases), p - 1, the non-canonical p .. 2^255 - 1, bit 255 set (masked), all ones
_U_EDGES = [0, 1, P - 1, P, P + 1, 2**255 - 1, 2**255, 2**256 - 1, 2**255 + 9, 2**51, 2**64 - 1, 2**192]
_U_EDGES += [  # the two of order 8 (as tests/test_x25519.py), and plus p
    325606250916557431795983626356110631294008115727848805560023387167927233504,
    39382357235489614581723060781553021112529911719440698176882885853963445705823,
    325606250916557431795983626356110631294008115727848805560023387167927233504 + P,
]


@pytest.mark.parametrize("level", LEVELS)
def test_ladder_against_the_python_reference(level):
    """Each level's ladder against ecedu.ec.montgomery (Python ints) on edge u and random
    (k, u), the all-zero refusal included."""
    rng = random.Random("ladder" + level)
    cases = [(rng.randbytes(32), u.to_bytes(32, "little")) for u in _U_EDGES]
    cases += [(rng.randbytes(32), rng.randbytes(32)) for _ in range(12)]
    cases += [(bytes(32), rng.randbytes(32)), (b"\xff" * 32, rng.randbytes(32))]
    with _level(level):
        for k, u in cases:
            want = montgomery.x25519(k, u)
            if want == bytes(32):
                with pytest.raises(InvalidPointError):
                    nx.x25519(k, u)
            else:
                assert nx.x25519(k, u) == want, (k.hex(), u.hex(), level)
            assert nx.x25519_base(k) == montgomery.x25519_base(k), (k.hex(), level)


@pytest.mark.parametrize("level", LEVELS)
def test_ladder_rfc7748_iterated_1000(level):
    """RFC 7748 §5.2: k = u = 9, 1000 times (k, u) = (X25519(k, u), k), at each level (long
    dependent chains of the partially reduced values)."""
    k = u = montgomery.encode_u_coordinate(9)
    with _level(level):
        for _ in range(1000):
            k, u = nx.x25519(k, u), k
    assert k.hex() == "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"


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
    assert nx.bench_x25519(3) > 0
    ticks = (ctypes.c_uint64 * 3)()
    inner = ctypes.c_int()
    rc = library.lib().ecedu_bench_cycles(
        library.constant("ECEDU_CYCLES_X25519"), 0, 3, ticks, ctypes.byref(inner)
    )
    assert rc == 0 and inner.value == 1 and min(ticks) > 0
