"""Left-to-right double-and-add (GECC Alg. 3.27): the textbook scalar multiplication.

One doubling per bit of *k* and one addition per 1-bit: on average m doublings and m/2
additions.  Its sequence of operations depends on the bits of *k* — the timing leak that
chapter 6 measures and the Montgomery ladder removes.
"""

from __future__ import annotations

from ..ec.group import multiply_plain, neg


def double_and_add(curve, k: int, P):
    """k·P for any integer *k* (negative *k* multiplies −P); returns an affine point or None.

    The loop itself is :func:`ecedu.ec.group.multiply_plain` — the group layer needs it for
    subgroup checks, so it lives there once::

        R = O
        for each bit of k, from the top:
            R = 2R                     (projective doubling)
            if the bit is 1: R = R + P (mixed addition)
    """
    return multiply_plain(curve, k, P)


def double_and_add_affine(curve, k: int, P):
    """The same in affine coordinates: one field inversion per group operation (chapter 4 compares)."""
    from ..ec.group import add, double

    if k < 0:
        k, P = -k, neg(curve, P)
    R = None
    for bit in bin(k)[2:]:
        R = double(curve, R)
        if bit == "1":
            R = add(curve, R, P)
    return R
