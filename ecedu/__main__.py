"""The command line: ``python -m ecedu speed …``, ``python -m ecedu grade …``, ``python -m ecedu info``."""

from __future__ import annotations

import sys

USAGE = """usage: python -m ecedu COMMAND [options]

commands:
  speed [ecdh|ecdsa|field|modexp] …  measure ecedu next to `openssl speed` (see `speed --help`)
  grade NOTEBOOK [--json]      grade a filled-in exercise notebook
  info                         curves, backends, CPU features and the native levels in use
"""


def _info() -> int:
    import ecedu
    from ecedu.backend import native_available, native_reason

    print(f"ecedu {ecedu.__version__}")
    print("curves:", ", ".join(ecedu.curve_names()))
    print("native backend:", "available" if native_available() else f"unavailable ({native_reason()})")
    if native_available():
        from ecedu import native

        print("cpu features:", native.cpu_features())
        print(
            f"binary-field level: {native.implementation()} "
            f"(this CPU runs {', '.join(native.available_implementations())}; ECEDU_NATIVE_IMPL forces one)"
        )
        print(
            f"prime-field level: {native.prime_implementation()} "
            f"(this CPU runs {', '.join(native.available_prime_implementations())}; ECEDU_PRIME_IMPL forces one)"
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command's exit status; an ecedu error (a bad ECEDU_NATIVE_IMPL, say) is one line on stderr
    and status 2, not a traceback."""
    from ecedu.errors import ECEduError

    try:
        return _main(argv)
    except ECEduError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _main(argv: list[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command == "speed":
        from ecedu.bench.cli import main as speed_main

        return speed_main(rest)
    if command == "grade":
        from ecedu.grading.cli import main as grade_main

        return grade_main(rest)
    if command == "info":
        if rest:
            print(f"info takes no options, got {' '.join(rest)}\n\n{USAGE}", file=sys.stderr)
            return 2
        return _info()
    print(f"unknown command {command!r}\n\n{USAGE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
