"""The whole fe interface (bytes, mul, sqr, add, sub, neg, inv, is_zero, cmov, set_small) of the
fixed-size prime fields of src/field/gfp/ -- what a curve uses, beyond ecedu_prime_mul -- through
tests/native/fe_ops_driver.c, which compiles the fe_*.h headers in, against Python's ints.
Values chain through the operations in each field's own representation (partially reduced limbs
of the unsaturated fields, Montgomery form) before they are converted back."""

import os
import random
import subprocess

import build_fe_ops  # tests/native/build_fe_ops.py (rootdir import, as native_oracle)
import pytest

from ecedu import native

NIST = {
    "P-192": 2**192 - 2**64 - 1,
    "P-224": 2**224 - 2**96 + 1,
    "P-256": 2**256 - 2**224 + 2**192 + 2**96 - 1,
    "P-384": 2**384 - 2**128 - 2**96 + 2**32 - 1,
    "P-521": 2**521 - 1,
    "secp160r1": 2**160 - 2**31 - 1,
    "secp256k1": 2**256 - 2**32 - 977,
    "25519": 2**255 - 19,
}
FIELDS = {
    "p192s": "P-192",
    "p224s": "P-224",
    "p256s": "P-256",
    "p384s": "P-384",
    "p521m": "P-521",
    "p256m": "P-256",
    "p224u": "P-224",
    "p256u": "P-256",  # unsaturated: 4 limbs of weight 2^64 in 128-bit words, fe_p256_unsat.h
    "p224w": "P-224",  # Montgomery by p's words, fe_p224_mont.h
    "p521u": "P-521",
    "g160": "secp160r1",  # the generic CIOS field of the curves, fe_mont.tmpl.h
    "g256k": "secp256k1",
    "g384": "P-384",
    "g160s": "secp160r1",  # fe_mont.tmpl.h with the sparse reduction row of p = 2^b - c
    "g192s": "P-192",
    "g224s": "P-224",
    "g384s": "P-384",
    "g256kp": "secp256k1",  # fe_mont.tmpl.h's plain mode FEM_PM
    "p160c": "secp160r1",  # the fold 2^160 = 2^31 + 1, fe_p160_crandall.h
    "p192f": "P-192",  # GECC Alg. 2.27 in 64-bit words, fe_p192_fold.h
    "p224f": "P-224",  # the fold 2^224 = 2^96 - 1, fe_p224_fold.h (C and MULX products)
    "p384f": "P-384",  # the fold 2^384 = c, fe_p384_fold.h (C and MULX products)
    "fe25519": "25519",  # X25519's field in radix 2^51, fe25519.h
    "fe25519x": "25519",  # in four 64-bit limbs with MULX/ADCX/ADOX, fe25519_mulx.h (MULX level only)
}
#: fields whose whole code is the MULX level: not run at 'portable' (the driver refuses them there)
MULX_ONLY = {"fe25519x"}
# fe_p521_ifma.h and fe_p384_ifma.h (48-bit limbs, the AVX-512 IFMA product): only where the CPU
# has the ifma level
IFMA = native.available() and "ifma" in native.available_prime_implementations()
if IFMA:
    FIELDS["p521i"] = "P-521"
    FIELDS["p384i"] = "P-384"


@pytest.fixture(scope="module", params=["plain", "asan-ubsan"])
def driver(request):
    """The driver built plainly, and with ASan and UBSan (the fe_*.h code is compiled into
    it, so the sanitizers see all of it; the library it links is the plain one), by
    tests/native/build_fe_ops.py: scripts/setup.sh builds both ahead, so this only checks
    that they are current."""
    try:
        return build_fe_ops.executable(request.param)
    except FileNotFoundError as e:
        pytest.skip(str(e))
    except build_fe_ops.DriverBuildError:
        # skipped only where the sanitizers themselves are missing; a compile error in the
        # fe_*.h code fails here as in the plain build
        why = build_fe_ops.toolchain_lacks(request.param)
        if why:
            pytest.skip(why)
        raise


def _inputs(p, rng):
    k = p.bit_length()
    vals = [0, 1, 2, p - 1, p - 2, (p + 1) // 2, (1 << (k - 1)) - 1, p - (1 << 96), (1 << 224) - 1]
    vals += [(1 << j) - 1 for j in (56, 58, 64, 112, 116, 128, 168, 192) if (1 << j) < p]
    vals += [rng.randrange(p) for _ in range(25)]
    vals = [v for v in vals if 0 <= v < p]
    pairs = [(a, b) for a in vals[:9] for b in vals[:9]] + list(zip(vals, reversed(vals)))
    return pairs + [(p, 1), (1, p), (2 ** (8 * ((k + 7) // 8)) - 1, 3)]  # >= p: mask 0


def _expect(p, a, b, generic=False):
    """generic: fe_mont.tmpl.h, whose from_bytes leaves an input >= p reduced mod p (the
    others leave 0; the interface says only 'a valid element', the mask is what counts)."""
    oka, okb = int(a < p), int(b < p)
    if generic:
        a, b = a % p, b % p
    else:
        a, b = (a if oka else 0), (b if okb else 0)
    s, d, na = (a + b) % p, (a - b) % p, -a % p
    inv = pow(a, p - 2, p)
    x, y = a, b
    for _ in range(6):  # the driver's chain of lazy adds and subtractions
        x = (x + y) % p
        y = 2 * (y - x) % p
    return [oka, okb, a * b % p, a * a % p, s, d, na, s * d % p, (s * d * s * d + 2 * na) % p, inv,
            inv * a % p, int(a == 0), 1, b, a, 7, x * y % p, (4 * x + y) % p]  # fmt: skip


@pytest.mark.parametrize("level", ["best", "portable"])
def test_fe_interface_of_every_field(driver, level):
    if level == "portable" and "mulx" not in native.available_prime_implementations():
        pytest.skip("no MULX level on this CPU: 'best' already is the portable code")
    rng = random.Random(level)
    lines, want = [], []
    mulx = "mulx" in native.available_prime_implementations()
    for pfx, field in FIELDS.items():
        if pfx in MULX_ONLY and (level == "portable" or not mulx):
            continue
        p = NIST[field]
        n = (p.bit_length() + 7) // 8
        for a, b in _inputs(p, rng):
            lines.append(f"{pfx} {a.to_bytes(n, 'big').hex()} {b.to_bytes(n, 'big').hex()}")
            want.append((pfx, a, b, _expect(p, a, b, generic=pfx.startswith("g"))))
    args = [str(driver)] + (["portable"] if level == "portable" else [])
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0", UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1")
    r = subprocess.run(
        args, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=300, env=env
    )
    assert r.returncode == 0 and "runtime error" not in r.stderr, r.stdout[-2000:] + r.stderr[-4000:]
    out = r.stdout.splitlines()
    assert len(out) == len(want)
    for line, (pfx, a, b, exp) in zip(out, want):
        f = line.split()
        got = [int(f[0]), int(f[1])] + [int(x, 16) for x in f[2:11]] + [int(f[11]), int(f[12])]
        got += [int(x, 16) for x in f[13:]]
        assert got == exp, (pfx, hex(a), hex(b))


def _check_pairs(driver, level, tag, fields, expect):
    """Every valid pair (a, b) of _inputs for each field, sent as lines "<tag>.<field> <a> <b>"
    (at the portable level if level says so); the driver must exit cleanly, with no sanitizer
    report, and print for each line the values expect(p, a, b) in hex."""
    if level == "portable" and "mulx" not in native.available_prime_implementations():
        pytest.skip("no MULX level on this CPU: 'best' already is the portable code")
    rng = random.Random(tag + level)
    lines, want = [], []
    for pfx in fields:
        p = NIST[FIELDS[pfx]]
        n = (p.bit_length() + 7) // 8
        for a, b in _inputs(p, rng):
            if a >= p or b >= p:
                continue
            lines.append(f"{tag}.{pfx} {a.to_bytes(n, 'big').hex()} {b.to_bytes(n, 'big').hex()}")
            want.append((pfx, a, b, expect(p, a, b)))
    args = [str(driver)] + (["portable"] if level == "portable" else [])
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0", UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1")
    r = subprocess.run(
        args, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=300, env=env
    )
    assert r.returncode == 0 and "runtime error" not in r.stderr, r.stdout[-2000:] + r.stderr[-4000:]
    out = r.stdout.splitlines()
    assert len(out) == len(want)
    for line, (pfx, a, b, exp) in zip(out, want):
        assert [int(x, 16) for x in line.split()] == exp, (pfx, hex(a), hex(b))


HALF_FIELDS = ["p192s", "p224s", "p256s", "p384s", "p521m", "p256m", "p224w", "p224f", "p384f"]
# fe_p384_ifma.h's lane-wise halving (ifma level only)
HALF_FIELDS += ["p384i"] if IFMA else []


@pytest.mark.parametrize("level", ["best", "portable"])
def test_half_of_the_saturated_fields(driver, level):
    """fe_sat.tmpl.h's halving (the FE_HALF of curve/prime/sw.tmpl.h's a = -3 doubling; and the IFMA fields'), the
    4-limb assembly and the C of the other sizes, against Python: a / 2 and (a + b) / 4 mod p."""

    def expect(p, a, b):
        inv2 = pow(2, -1, p)
        return [a * inv2 % p, (a + b) * inv2 * inv2 % p]

    _check_pairs(driver, level, "h", HALF_FIELDS, expect)


@pytest.mark.parametrize("pfx,radix", [("p521u", 58), ("p521i", 48)])
def test_fused_linear_combinations_p521(driver, pfx, radix):
    """fe_p521_unsat.h's p521u_lin and fe_p521_ifma.h's p521i_lin (the FE_LIN of
    curve/prime/sw.tmpl.h's P-521 doubling: 12 B - 9 F, 4 B - B', 3 t - 8 G), on canonical inputs
    and with the limbs of b, then of a, at the top of the loose bound (the driver adds T to them),
    against Python."""
    if pfx == "p521i" and not IFMA:
        pytest.skip("no AVX-512 IFMA on this CPU")
    limbs = -(-521 // radix)
    top = sum(((1 << radix) - 1) << (radix * i) for i in range(limbs))

    def expect(p, a, b):
        out = []
        for x, y in ((a, b), (a, b + top), (a + top, b)):
            out += [(12 * x - 9 * y) % p, (4 * x - y) % p, (3 * x - 8 * y) % p]
        return out

    _check_pairs(driver, "best", "l", [pfx], expect)  # one C code at every level


INV_VARTIME_FIELDS = ["p256m", "p224f", "p384f", "p521u"] + (["p384i", "p521i"] if IFMA else [])


@pytest.mark.parametrize("level", ["best", "portable"])
def test_variable_time_inversions(driver, level):
    """The fields' <prefix>_inv_vartime (scalar/modinv.h's modinv_vartime: the inversion of the
    table of a public point's multiples in curve/prime/sw.tmpl.h), against Python: a^-1 and
    (a + b)^-1 mod p, 0 -> 0."""

    def expect(p, a, b):
        return [pow(x, -1, p) if x else 0 for x in (a, (a + b) % p)]

    _check_pairs(driver, level, "v", INV_VARTIME_FIELDS, expect)


def test_x25519_mulx_field_on_any_representation(driver):
    """fe25519_mulx.h keeps values only below 2^256 = 2p + 38, not below p: its product, square,
    sum, difference, times-121665, negation and inversion on representations a, b anywhere in
    [0, 2^256) (the edges of the bound arguments: 2^256 - 1, 2p + 37, 2^255 +- small, limbs all
    ones, values whose folds carry), against Python."""
    if "mulx" not in native.available_prime_implementations():
        pytest.skip("no MULX level on this CPU")
    p, w = 2**255 - 19, 2**256
    rng = random.Random(25519)
    edges = [0, 1, 19, 37, 38, 39, p - 1, p, p + 1, p + 18, 2**255, 2**255 + 37, 2 * p, 2 * p + 37]
    edges += [w - 1, w - 2, w - 38, w - 39, w - 1444, w - 1445, 2**64 - 1, 2**128 - 1, 2**192 - 1]
    edges += [w - 2**64, w - 2**192, (w - 1) // 38, (w - 1) // 121665 + 1]
    vals = edges + [rng.randrange(w) for _ in range(20)] + [w - rng.randrange(2**12) - 1 for _ in range(6)]
    pairs = [(a, b) for a in vals for b in vals[:: max(1, len(vals) // 12)]]
    lines = [f"r.fe25519x {a.to_bytes(32, 'big').hex()} {b.to_bytes(32, 'big').hex()}" for a, b in pairs]
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0", UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1")
    r = subprocess.run(
        [str(driver)], input="\n".join(lines) + "\n", capture_output=True, text=True, env=env, timeout=300
    )
    assert r.returncode == 0 and "runtime error" not in r.stderr, r.stdout[-2000:] + r.stderr[-4000:]
    out = r.stdout.splitlines()
    assert len(out) == len(pairs)
    for line, (a, b) in zip(out, pairs):
        inv = pow(a, p - 2, p)
        exp = [a * b % p, a * a % p, (a + b) % p, (a - b) % p, 121665 * a % p, -a % p, inv]
        assert [int(x, 16) for x in line.split()] == exp, (hex(a), hex(b))
