"""Value types for the command lines (``python -m ecedu speed|grade``, ``ecedu.bench.*``): argparse
calls them on the text, and a bad value becomes argparse's own usage error (exit status 2) that
names the option, before anything is measured or graded.
"""

from __future__ import annotations

import argparse
import math


def seconds(text: str) -> float:
    """A finite number of seconds above 0 and at most a day (``nan``, ``inf``, ``0``, ``-1`` refused)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value) or not 0 < value <= 86400:
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds in (0, 86400], not {text}")
    return value


def count(low: int, high: int):
    """An int from *low* to *high*: the type of an option that counts runs, calls or processes."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be an integer from {low} to {high:,}, not {text}")
        return value

    parse.__name__ = "integer"  # argparse names the type in its messages
    return parse
