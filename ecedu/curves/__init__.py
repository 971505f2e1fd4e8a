"""Curves: SEC 2 parameters as data (:mod:`.sec2`), curve objects (:mod:`.curve`), the registry."""

from .curve import BinaryCurve, Curve, Point, PrimeCurve
from .registry import ALIASES, canonical_name, curve_from_oid, curve_names, get_curve

__all__ = [
    "BinaryCurve",
    "PrimeCurve",
    "Curve",
    "Point",
    "get_curve",
    "curve_names",
    "canonical_name",
    "curve_from_oid",
    "ALIASES",
]
