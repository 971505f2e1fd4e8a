"""Scalar multiplication: one module per idea, all giving the same answers.

============================  ==========================================================
:func:`double_and_add`        left-to-right binary method (GECC Alg. 3.27)
:func:`wnaf_mult`             width-w NAF (GECC Alg. 3.36)
:func:`montgomery_ladder`     López–Dahab x-only ladder (binary), regular ladder (prime)
:func:`tnaf_mult`             width-w τNAF with partial reduction (Koblitz curves)
:func:`regular_tnaf_mult`     regular τ-adic method, every digit non-zero (as the C library)
:func:`fixed_base_mult`       precomputed table for the generator
:func:`multiply`              the fastest of these for the curve
============================  ==========================================================
"""

from .counters import OpCount, counting
from .double_and_add import double_and_add, double_and_add_affine
from .fixed_base import fixed_base_mult
from .ladder import ladder_step_binary, montgomery_ladder
from .naf import from_digits, naf, wnaf, wnaf_mult
from .tnaf import partial_reduce, regular_tnaf_mult, regular_wtnaf, tnaf, tnaf_mult, wtnaf

WNAF_WIDTH = 4


def tnaf_width(m: int) -> int:
    """The width w that measured fastest for τNAF in CPython: 4 up to m = 239, 5 above.

    A wider window means fewer additions in the main loop (about m/(w+1)) but 2^(w−2)
    precomputed points α_u·P, which must be paid for on every call with a new point P.
    """
    return 4 if m < 250 else 5


def multiply(curve, k: int, P):
    """k·P with the fastest pure-Python method for the curve: τNAF on Koblitz curves (P must be
    in the prime-order subgroup), wNAF elsewhere."""
    if curve.is_koblitz:
        return tnaf_mult(curve, k, P, tnaf_width(curve.field.m))
    return wnaf_mult(curve, k, P, WNAF_WIDTH)


__all__ = [
    "double_and_add",
    "double_and_add_affine",
    "naf",
    "wnaf",
    "wnaf_mult",
    "from_digits",
    "montgomery_ladder",
    "ladder_step_binary",
    "tnaf",
    "wtnaf",
    "partial_reduce",
    "tnaf_mult",
    "regular_tnaf_mult",
    "regular_wtnaf",
    "tnaf_width",
    "fixed_base_mult",
    "multiply",
    "counting",
    "OpCount",
]
