"""Constant-time check, second checker: the ctime drivers built with clang's
MemorySanitizer (tests/ctime/build_msan.py) and run natively, where valgrind cannot go:
the AVX-512 and AVX2 levels of the binary fields (512- and 256-bit VPCLMULQDQ, the
double shifts, the matrix products of the inversion), and the PCLMULQDQ and portable
levels again.

The secrets are poisoned (tests/ctime/ctime_check.h: ``__msan_allocated_memory``, the
public results unpoisoned with ``__msan_unpoison``, and ecdsa.c's declassified bits too);
MSan then reports every branch, load/store address and divisor computed from a secret,
which memcheck reports as well (a conditional jump or an address from undefined bits).
Zero reports allowed, on every level the CPU has; ``--selftest`` plants a secret branch
that each driver's MSan build must report.

What MSan does not check: inline assembly (a secret passed in a register is reported
as a use, one reached through a pointer comes out "clean"), so the drivers run the prime
fields at their portable C here; the MULX/ADX level is valgrind's (test_ctime*.py with
--mulx).  And MSan follows clang's code, not gcc's: a branch that only gcc would emit
for a select (or the reverse) is seen by one checker alone; valgrind checks the shipped
gcc library on the levels it can run.

The executables are built by scripts/setup.sh (fingerprinted: an unchanged tree is not
rebuilt), so this test normally only runs them; if the tree changed since, the fixture
rebuilds first (minutes).  Skips, with the reason, without clang or its MSan runtime.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_msan

LEVELS = ["avx512", "avx2", "pclmul", "portable"]
# halt at the first report (exit 77); poison_in_malloc is what __msan_allocated_memory obeys
MSAN_OPTIONS = "halt_on_error=1:exitcode=77:poison_in_malloc=1"
N_BINARY, N_KOBLITZ, N_PRIME = 14, 6, 15
SOURCES = {d.stem: str(d) for d in build_msan.DRIVERS}


def top_frame(stderr):
    """'#0 0x... in FUNCTION FILE' of the first MSan report, without its :line:column."""
    line = next((t for t in stderr.splitlines() if t.strip().startswith("#0 ")), "")
    return line.strip().rsplit(":", 2)[0]


@pytest.fixture(scope="module")
def exes():
    why = build_msan.msan_unavailable_reason()
    if why:
        pytest.skip(f"MemorySanitizer checker unavailable: {why}")
    try:
        return build_msan.build()
    except build_msan.MsanBuildError as e:
        pytest.fail(f"the MSan build of the ctime drivers failed: {e}")


def run(exe, *args, timeout=300):
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("ECEDU_NATIVE_", "ECEDU_PRIME_", "MSAN_"))
    }
    env["MSAN_OPTIONS"] = MSAN_OPTIONS
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=timeout, env=env)


def check_clean(r):
    assert "MemorySanitizer" not in r.stderr, r.stderr[-8000:]
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]


def run_level(exe, level):
    r = run(exe, "--level", level)
    if r.returncode == 3 and "not available on this CPU" in r.stdout:
        pytest.skip(f"this CPU has no {level} level")
    check_clean(r)
    assert f"checker=msan level={level} prime_level=0 failures=0" in r.stdout, r.stdout
    return r.stdout


@pytest.mark.parametrize("name", [d.stem for d in build_msan.DRIVERS])
def test_msan_detects_planted_secret_branch(exes, name):
    r = run(exes[name], "--selftest")
    assert r.returncode == 77, r.stdout + r.stderr[-3000:]
    assert "WARNING: MemorySanitizer: use-of-uninitialized-value" in r.stderr, r.stderr[-3000:]
    # the report (its top frame) is the planted branch in the driver's main, not something on the way
    assert top_frame(r.stderr).endswith(f"in main {SOURCES[name]}"), r.stderr[-3000:]


def test_msan_detects_planted_secret_table_index(exes):
    r = run(exes["ctime_driver"], "--selftest-index")
    assert r.returncode == 77, r.stdout + r.stderr[-3000:]
    assert top_frame(r.stderr).endswith(f"in main {SOURCES['ctime_driver']}"), r.stderr[-3000:]


@pytest.mark.parametrize("level", LEVELS)
def test_msan_detects_secret_branch_behind_the_level(exes, level):
    # a branch on a product computed by the level's GF(2^571) multiplication (at avx512 the
    # 512-bit VPCLMULQDQ one): the secret must survive the field code and be reported
    r = run(exes["ctime_driver"], "--level", level, "--selftest")
    if r.returncode == 3:
        pytest.skip(f"this CPU has no {level} level")
    assert r.returncode == 77, r.stdout + r.stderr[-3000:]
    assert "use-of-uninitialized-value" in r.stderr, r.stderr[-3000:]
    assert top_frame(r.stderr).endswith(f"in main {SOURCES['ctime_driver']}"), r.stderr[-3000:]


@pytest.mark.parametrize("level", LEVELS)
def test_msan_keeps_the_secret_through_every_field_function(exes, level):
    # a secret lost on the way (an instruction MSan checks strictly, or assembly, returns a
    # "clean" value) would make the zero-report runs below pass for nothing
    r = run(exes["ctime_driver"], "--level", level, "--taint-flow")
    if r.returncode == 3:
        pytest.skip(f"this CPU has no {level} level")
    check_clean(r)
    assert r.stdout.count(" secret\n") == 7 + N_BINARY + N_PRIME, r.stdout
    assert "LOST" not in r.stdout and f"level={level} taint-flow lost=0" in r.stdout, r.stdout


@pytest.mark.parametrize("level", LEVELS)
def test_msan_scalar_mult_ecdh_constant_time(exes, level):
    out = run_level(exes["ctime_driver"], level)
    assert out.count(" ok\n") == N_BINARY + N_KOBLITZ + N_PRIME, out
    assert out.count(" tau    ") == N_BINARY and out.count(" ladder ") == N_KOBLITZ, out
    assert out.count(" prime  ") == N_PRIME, out
    assert "FAIL" not in out, out


@pytest.mark.parametrize("level", LEVELS)
def test_msan_ecdsa_sign_constant_time(exes, level):
    out = run_level(exes["ctime_ecdsa_driver"], level)
    assert out.count(" ok\n") == N_BINARY + N_PRIME, out
    assert "FAIL" not in out, out


@pytest.mark.parametrize(
    "name, expect",
    [
        ("ctime_fe_driver", "fe p521u ok"),
        ("ctime_prime_driver", "crt    2048 bits"),
        ("ctime_x25519_driver", "x25519_base"),
    ],
)
def test_msan_prime_field_drivers_constant_time(exes, name, expect):
    # the prime fields, RSA-style modexp and X25519 do not depend on the GF(2^m) level: once
    r = run(exes[name])
    check_clean(r)
    assert expect in r.stdout and "FAIL" not in r.stdout, r.stdout


def test_ternlog_replacement_equals_the_instruction(tmp_path):
    """msan_x86.h's _mm512_ternarylogic_epi64 (MSan build only) against VPTERNLOGQ itself: all
    256 immediates on 50 random triples of 512-bit inputs, no sanitizer (values only)."""
    cc = build_msan.find_clang()
    if cc is None:
        pytest.skip("clang is not installed")
    if "avx512f" not in Path("/proc/cpuinfo").read_text(errors="ignore").split():
        pytest.skip("this CPU has no AVX-512F")
    cases = "".join(f"case {i}: return _mm512_ternarylogic_epi64(a, b, c, {i});\n" for i in range(256))
    fn = '__attribute__((target("avx512f"))) static __m512i {}(int imm, __m512i a, __m512i b, __m512i c) {{\n'
    src = tmp_path / "tl.c"
    src.write_text(
        "#include <immintrin.h>\n#include <stdio.h>\n#include <string.h>\n"
        + fn.format("real")
        + "switch (imm) {\n"
        + cases
        + "}\nreturn a;\n}\n"
        + f'#include "{build_msan.X86_H}"\n'
        + fn.format("shim")
        + "switch (imm) {\n"
        + cases
        + "}\nreturn a;\n}\n"
        + """__attribute__((target("avx512f"))) int main(void) {
    unsigned long long s = 88172645463325252ULL, v[3][8];
    int bad = 0;
    for (int t = 0; t < 50; t++) {
        for (int i = 0; i < 24; i++) s ^= s << 13, s ^= s >> 7, s ^= s << 17, v[i / 8][i % 8] = s;
        __m512i a = _mm512_loadu_si512(v[0]), b = _mm512_loadu_si512(v[1]), c = _mm512_loadu_si512(v[2]);
        for (int imm = 0; imm < 256; imm++) {
            long long x[8], y[8];
            _mm512_storeu_si512(x, real(imm, a, b, c));
            _mm512_storeu_si512(y, shim(imm, a, b, c));
            bad += memcmp(x, y, sizeof x) != 0;
        }
    }
    printf("mismatches %d of %d\\n", bad, 50 * 256);
    return bad != 0;
}
"""
    )
    exe = tmp_path / "tl"
    subprocess.run([cc, "-O1", str(src), "-o", str(exe)], check=True, capture_output=True)
    r = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "mismatches 0 of 12800" in r.stdout, r.stdout + r.stderr


def test_carry_replacements_equal_the_instructions(tmp_path):
    """msan_x86.h's _addcarry_u64/_subborrow_u64 (MSan build only) against ADC/SBB themselves:
    edge words (0, 1, 2^63, 2^64 - 1) and random ones, carry-in 0, 1 and 2 (any nonzero is a
    carry), no sanitizer (values only)."""
    cc = build_msan.find_clang()
    if cc is None:
        pytest.skip("clang is not installed")
    fn = (
        "static void {0}(unsigned char c, unsigned long long a, unsigned long long b, unsigned long long *o) {{\n"
        "    o[1] = _addcarry_u64(c, a, b, &o[0]);\n"
        "    o[3] = _subborrow_u64(c, a, b, &o[2]);\n"
        "}}\n"
    )
    src = tmp_path / "carry.c"
    src.write_text(
        "#include <x86intrin.h>\n#include <stdio.h>\n#include <string.h>\n"
        + fn.format("real")
        + f'#include "{build_msan.X86_H}"\n'
        + fn.format("shim")
        + """int main(void) {
    unsigned long long w[24] = {0, 1, 1ULL << 63, ~0ULL}, s = 88172645463325252ULL;
    for (int i = 4; i < 24; i++) s ^= s << 13, s ^= s >> 7, s ^= s << 17, w[i] = s;
    int bad = 0, n = 0;
    for (int c = 0; c < 3; c++)
        for (int i = 0; i < 24; i++)
            for (int j = 0; j < 24; j++, n++) {
                unsigned long long x[4], y[4];
                real((unsigned char)c, w[i], w[j], x);
                shim((unsigned char)c, w[i], w[j], y);
                bad += memcmp(x, y, sizeof x) != 0;
            }
    printf("mismatches %d of %d\\n", bad, n);
    return bad != 0;
}
"""
    )
    exe = tmp_path / "carry"
    subprocess.run([cc, "-O1", str(src), "-o", str(exe)], check=True, capture_output=True)
    r = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "mismatches 0 of 1728" in r.stdout, r.stdout + r.stderr
