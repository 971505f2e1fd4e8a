"""Finite fields: GF(2^m) (:mod:`ecedu.fields.binary`) and GF(p) (:mod:`ecedu.fields.prime`)."""

from .binary import BinaryField
from .element import BinaryFieldElement, PrimeFieldElement
from .prime import MontgomeryDomain, PrimeField

__all__ = ["BinaryField", "PrimeField", "MontgomeryDomain", "BinaryFieldElement", "PrimeFieldElement"]
