"""The constant-time inversion mod n of ECDSA signing (scalar/modinv.h, Bernstein-Yang divsteps,
through scalar/modn.h's modn_inv and the ecedu_ecdsa_modn_op test hook), and its variable-time
form of verification ("inv_vartime": runs of zeros in one shift, no batch after g = 0), against Python's
pow(x, -1, n) on the order n of every native curve (the 15 prime curves and the 14 binary ones,
161 to 570 bits), on edge inputs: 1, 2, n-1, n-2, every power of two below n, runs of ones and
zeros, n minus powers of two, and random values.  0 maps to 0 (not rejected), as Fermat's
a^(n-2) does; both constant-time inversions are also compared with each other."""

import random

import pytest

from ecedu import native
from ecedu.curves import get_curve
from ecedu.errors import ECEduError

pytestmark = pytest.mark.skipif(
    not native.available(), reason=f"native library not built: {native.load_error()}"
)

from ecedu.native import ecdsa_bridge as eb  # noqa: E402
from ecedu.native import library  # noqa: E402

PRIME = list(library.PRIME_CURVES)
BINARY = list(library.CURVES)


def _edge_values(n, rng):
    b = n.bit_length()
    vals = [1, 2, 3, n - 1, n - 2, n - 3, (n - 1) // 2, (n + 1) // 2, n >> 1]
    vals += [1 << k for k in range(b - 1)] + [n - (1 << k) for k in range(b - 1)]
    vals += [(1 << k) - 1 for k in range(2, b)]  # runs of ones from the bottom
    vals += [((1 << b) - 1) ^ ((1 << k) - 1) for k in range(1, b)]  # ones on top, zeros below
    vals += [((1 << (b // 2)) - 1) << k for k in range(0, b // 2, 7)]  # a run of ones in the middle
    vals += [int("10" * (b // 2), 2) >> 1, int("01" * (b // 2), 2), int("1100" * (b // 4), 2)]
    vals += [rng.randrange(1, n) for _ in range(40)]
    return sorted({v for v in vals if 0 < v < n})


INVERSES = ["inv", "inv_vartime"]  # constant time (signing), variable time (verification)


@pytest.mark.parametrize("op", INVERSES)
@pytest.mark.parametrize("name", PRIME)
def test_inverse_of_every_prime_order(name, op):
    n = get_curve(name).n
    assert n.bit_length() >= 161 and n % 2 == 1  # modinv.h's contract (BY's bound wants >= 46)
    rng = random.Random(f"modinv/{name}")
    for x in _edge_values(n, rng):
        assert eb.modn_op(name, op, x) == pow(x, -1, n), hex(x)


@pytest.mark.parametrize("op", INVERSES)
@pytest.mark.parametrize("name", BINARY)
def test_inverse_of_every_binary_order(name, op):
    """The binary curves' orders take the same path (sect571's n: 570 bits, 10 limbs of 62)."""
    n = get_curve(name).n
    rng = random.Random(f"modinv/{name}")
    vals = _edge_values(n, rng)
    for x in vals[:: 1 if n.bit_length() > 500 else 3]:
        assert eb.modn_op(name, op, x) == pow(x, -1, n), hex(x)


@pytest.mark.parametrize("name", PRIME + BINARY)
def test_zero_maps_to_zero_and_inputs_at_n_are_rejected(name):
    n = get_curve(name).n
    assert eb.modn_op(name, "inv", 0) == 0
    assert eb.modn_op(name, "inv_fermat", 0) == 0
    assert eb.modn_op(name, "inv_vartime", 0) == 0
    with pytest.raises(ECEduError):  # the C contract x < n is checked by the hook
        eb.modn_op(name, "inv", n)


@pytest.mark.parametrize(
    "name", ["secp160r1", "secp256r1", "secp256k1", "secp384r1", "secp521r1", "sect571r1"]
)
def test_divsteps_and_fermat_agree(name):
    n = get_curve(name).n
    rng = random.Random(f"fermat/{name}")
    for x in [1, 2, n - 1, n - 2, 1 << (n.bit_length() - 2)] + [rng.randrange(1, n) for _ in range(6)]:
        assert eb.modn_op(name, "inv", x) == eb.modn_op(name, "inv_fermat", x) == pow(x, -1, n)
