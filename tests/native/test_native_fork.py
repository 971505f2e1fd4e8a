"""Fork safety: a process that forks while another of its threads is building the library's
lazily built tables (the fixed-base combs of the binary and prime curves, the inversion and
mod-n tables) gets a child that can still use them.  With a mutex held across the build (the
old code) the child waited forever in pthread_mutex_lock; pthread_once restarts an
initialisation that a fork interrupted."""

import subprocess
import sys
import textwrap

import pytest

from ecedu import native

pytestmark = pytest.mark.skipif(not native.available(), reason="native library not built")

CHILD = textwrap.dedent(
    """
    import os, sys, threading, time
    from ecedu import native
    from ecedu.native import ecdsa_bridge, library

    def build_all():                 # every curve's comb table and mod-n context, ~3 ms each
        for curve in library.ALL_CURVES:
            ecdsa_bridge.ecdsa_sign(curve, 12345, bytes(32))

    builder = threading.Thread(target=build_all)
    builder.start()
    time.sleep(float(sys.argv[1]))   # the thread is inside one of the C table builds now
    pid = os.fork()
    if pid == 0:                     # the child: tables, signing, ECDH on every curve
        try:
            for curve in library.ALL_CURVES:
                P = native.scalar_mult_base(curve, 777)
                r, s = ecdsa_bridge.ecdsa_sign(curve, 777, bytes(32))
                if not ecdsa_bridge.ecdsa_verify(curve, *P, bytes(32), r, s):
                    os._exit(3)
            os._exit(0)
        except BaseException:
            os._exit(4)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            builder.join()
            sys.exit(os.waitstatus_to_exitcode(status))
        time.sleep(0.01)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    print("child still blocked after 15 s: deadlock")
    sys.exit(5)
    """
)


@pytest.mark.parametrize("delay", [0.002, 0.005, 0.008, 0.012, 0.016, 0.022, 0.03, 0.04])
def test_fork_while_another_thread_builds_tables(delay):
    r = subprocess.run([sys.executable, "-c", CHILD, str(delay)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr[-2000:])
