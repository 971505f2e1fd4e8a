"""``python -m ecedu.grading.limits [--as BYTES] [--cpu S] [--nproc N] [--fsize B] -- CMD...``

Set resource limits with the **hard limit equal to the soft one**, then ``exec`` CMD.
A soft limit alone is only advice: a process may raise it up to the hard limit, so
an answer cell could lift a 6 GiB address-space cap with ``resource.setrlimit``
when the hard limit is "unlimited".  With both equal, nothing below root can raise
them.  ``--nproc`` caps the number of processes and threads of the user id the
kernel runs as (a fork bomb gets ``BlockingIOError``).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys


def set_limits(address_space: int = 0, cpu: int = 0, nproc: int = 0, fsize: int = 0, nofile: int = 0) -> None:
    for rlim, value in (
        (resource.RLIMIT_AS, address_space),
        (resource.RLIMIT_CPU, cpu),
        (resource.RLIMIT_NPROC, nproc),
        (resource.RLIMIT_FSIZE, fsize),
        (resource.RLIMIT_NOFILE, nofile),
    ):
        if value > 0:
            _, hard = resource.getrlimit(rlim)
            if hard != resource.RLIM_INFINITY:
                value = min(value, hard)
            resource.setrlimit(rlim, (value, value))


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--" not in argv:
        print("usage: python -m ecedu.grading.limits [options] -- CMD ...", file=sys.stderr)
        return 2
    i = argv.index("--")
    ap = argparse.ArgumentParser(prog="python -m ecedu.grading.limits")
    ap.add_argument("--as", dest="address_space", type=int, default=0)
    ap.add_argument("--cpu", type=int, default=0)
    ap.add_argument("--nproc", type=int, default=0)
    ap.add_argument("--fsize", type=int, default=0)
    ap.add_argument("--nofile", type=int, default=0)
    args = ap.parse_args(argv[:i])
    cmd = argv[i + 1 :]
    set_limits(args.address_space, args.cpu, args.nproc, args.fsize, args.nofile)
    os.execvp(cmd[0], cmd)
    return 127  # not reached


if __name__ == "__main__":
    sys.exit(main())
