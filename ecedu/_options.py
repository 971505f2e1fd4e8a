"""A string option (a backend, a format, an operation's name), checked the same way everywhere.

``value in choices`` is not enough on its own: a numpy array compares element by element and
``in`` then raises numpy's "truth value of an array is ambiguous", a float never matches but
``64.0 == 64`` does.  So the type is checked first and the message names it.
"""

from __future__ import annotations

from .errors import ECEduError


def choice(value, choices, what: str) -> str:
    """*value* if it is a ``str`` among *choices*, else an :class:`~ecedu.errors.ECEduError` naming
    what was given and what is accepted.

    >>> choice("der", ("der", "p1363"), "signature_format")
    'der'
    """
    if not isinstance(value, str):
        raise ECEduError(
            f"{what} must be a str, one of {', '.join(map(repr, choices))}; got {type(value).__name__}"
        )
    if value not in choices:
        raise ECEduError(f"unknown {what} {value!r:.40}: use one of {', '.join(map(repr, choices))}")
    return value
