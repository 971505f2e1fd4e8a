"""Points and the group law: affine and projective formulas, validation, SEC 1 encoding."""

from .encoding import decode_point, encode_point
from .group import INFINITY, add, coordinates, double, multiply_plain, neg, sub
from .validate import in_prime_order_subgroup, is_on_curve, validate_public_point

__all__ = [
    "INFINITY",
    "add",
    "double",
    "neg",
    "sub",
    "coordinates",
    "multiply_plain",
    "is_on_curve",
    "in_prime_order_subgroup",
    "validate_public_point",
    "encode_point",
    "decode_point",
]
