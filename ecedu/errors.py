"""The one way ecedu reports bad input.

Every error that a caller's input can cause is an :class:`ECEduError`, a subclass of
:class:`ValueError`, whose message says *what* was wrong (never a wrong answer, a crash or
a hang).  The subclasses let tests and callers tell the cases apart.
"""


class ECEduError(ValueError):
    """Base class of every error that bad input causes in ecedu."""


class UnknownCurveError(ECEduError):
    """A curve name that is not in the registry (the message lists the closest names)."""


class InvalidPointError(ECEduError):
    """A point that is not on the curve, is the point at infinity, or has small order."""


class EncodingError(ECEduError):
    """Bytes of the wrong length or format: SEC 1 points, DER, PEM, field elements."""


class InvalidScalarError(ECEduError):
    """A scalar (private key, nonce, signature component) outside [1, n-1]."""


class BackendUnavailableError(ECEduError):
    """``backend="native"`` was asked for but the native library cannot be loaded."""


__all__ = [
    "ECEduError",
    "UnknownCurveError",
    "InvalidPointError",
    "EncodingError",
    "InvalidScalarError",
    "BackendUnavailableError",
]
