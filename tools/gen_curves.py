"""Generate ecedu/native/src/curve/sec2_curves.c, curve/prime/sec2_prime_params.h and
curve/prime/glv_params.h from ecedu/curves/sec2.py.

Run ``python tools/gen_curves.py`` after changing a curve or the τ-adic constants;
``python tools/gen_curves.py --check`` exits 1 if a stored file is stale (a test runs it).
The C library carries its own copy of the domain parameters so that it needs nothing at run
time; the curve parameters have one source, sec2.py.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's ecedu, not an installed one

from ecedu.curves.sec2 import BINARY_CURVES, NATIVE_PRIME_CURVES, PRIME_CURVES
from ecedu.scalar.tnaf import delta, native_width, regular_plan, tau_power, tnaf, wtnaf_constants, zt_mul

MAXW = 9
TW = MAXW + 2  # ECEDU_TW: words of the two's-complement integers in scalar/ztau.h


def _steps_ok(start, terms, mu) -> bool:
    """True if adding the terms ±τ^i (τ-NAF digits, lowest first) one by one to `start` (an
    element of Z[τ], or None: begin with the lowest term) never adds Q + T with Q = ±T, the
    cases the mixed addition of curve/ld.tmpl.h gets wrong (doubling, or O)."""
    acc = start
    for i, d in enumerate(terms):
        if not d:
            continue
        t = zt_mul((d, 0), tau_power(i, mu), mu)
        if acc is None:
            acc = t
            continue
        if acc == t or acc == (-t[0], -t[1]):
            return False
        acc = (acc[0] + t[0], acc[1] + t[1])
    return True


def table_plan(alphas: dict, mu: int) -> list[tuple[int, int, list[int]]]:
    """How curve/tnaf.tmpl.h builds its table α_u P (u = 1, 3, ..., in order) with few point additions.

    Entry j is  sign · (entry_v + Σ_i d_i τ^i P)  with v < j an earlier entry, or v = -1 (no
    earlier entry, only the sum); the rest d is a τ-NAF (digits lowest first).  The plain
    τ-NAF of α_u costs (its non-zero digits − 1) additions, an earlier entry plus a rest one
    per non-zero digit of the rest; the negation is free (λ → λ + 1 at the end).  For w = 5
    this takes 7 additions instead of 10, for w = 6 21 instead of 24.  Every step is checked
    against the cases the mixed addition gets wrong (_steps_ok).
    Returns one (v, sign, rest digits) per entry.
    """
    us = sorted(alphas)
    plan = []
    for j, u in enumerate(us):
        digits = tnaf(alphas[u], mu)
        assert _steps_ok(None, digits, mu)
        best_cost, best = sum(1 for d in digits if d) - 1, (-1, 1, digits)
        for v in range(j):
            for sign in (1, -1):
                rest = (sign * alphas[u][0] - alphas[us[v]][0], sign * alphas[u][1] - alphas[us[v]][1])
                rd = tnaf(rest, mu)
                cost = sum(1 for d in rd if d)
                if cost < best_cost and _steps_ok(alphas[us[v]], rd, mu):
                    best_cost, best = cost, (v, sign, rd)
        plan.append(best)
    return plan


def twos(v: int, n: int = TW) -> str:
    """v as n little-endian two's-complement words."""
    assert -(1 << (64 * n - 1)) <= v < (1 << (64 * n - 1))
    return words(v % (1 << (64 * n)), n)


def tau_consts(name, m, a, n) -> list[str]:
    """The ecedu_tau_consts initializer of a Koblitz curve (see internal.h)."""
    mu = 1 if a == 1 else -1
    w = native_width(m)
    length, complete = regular_plan(m, mu, n, w)
    t_w, alphas = wtnaf_constants(w, mu)
    d0, d1 = delta(m, mu)
    nw = (m + 63) // 64
    frac = nw + 1  # F = 64 (NW + 1) fraction bits
    s0, s1 = d0 + mu * d1, -d1  # k/δ = k (s0 + s1 τ)/N(δ), N(δ) = n
    M = [(2 * abs(si) * (1 << (64 * frac)) + n) // (2 * n) for si in (s0, s1)]
    assert all(x < 1 << (64 * (nw + 1)) for x in M)
    plan = table_plan(alphas, mu)
    digits = [rest for _, _, rest in plan]
    maxd = max(len(d) for d in digits)
    assert maxd <= 16 and length <= 160
    # ztau.h reads alpha_u from 4-bit two's-complement fields of one word
    assert len(alphas) <= 16 and all(-8 <= v <= 7 for ab in alphas.values() for v in ab)
    alpha_rows = ", ".join(f"{{{alphas[u][0]}, {alphas[u][1]}}}" for u in sorted(alphas))
    digit_rows = ", ".join("{" + ", ".join(str(x) for x in d) + "}" for d in digits)
    return [
        f"static const ecedu_tau_consts tau_{name} = {{",
        f"    {mu}, {w}, {length}, {complete}, {t_w}ULL, {frac},",
        f"    {{{alpha_rows}}},",
        f"    {{{', '.join(str(v) for v, _, _ in plan)}}},",
        f"    {{{', '.join(str(sign) for _, sign, _ in plan)}}},",
        f"    {{{', '.join(str(len(d)) for d in digits)}}},",
        f"    {{{digit_rows}}},",
        f"    {twos(d0)},",
        f"    {twos(d1)},",
        f"    {words(M[0], TW)}, {int(s0 < 0)},",
        f"    {words(M[1], TW)}, {int(s1 < 0)},",
        "};",
        "",
    ]


def words(v, n=MAXW):
    ws = [(v >> (64 * i)) & (2**64 - 1) for i in range(n)]
    assert v >> (64 * n) == 0
    return "{" + ", ".join(f"0x{w:016x}ULL" for w in ws) + "}"


def render() -> str:
    out = [
        "/* GENERATED by tools/gen_curves.py from ecedu/curves/sec2.py: do not edit by hand. */",
        "/*",
        " * sec2_curves.c -- the 14 SEC 2 binary curves and, for the Koblitz curves, the",
        " * constants of the regular tau-adic method; then the table of the prime curves of",
        " * curve/prime/.  Looked up by curve/curves.c.",
        " */",
        '#include "internal.h"',
        "",
        "/* Koblitz curves: constants of the regular tau-adic method (curve/tnaf.tmpl.h, scalar/ztau.h). */",
    ]
    for name, (poly, a, b, _gx, _gy, n, _h) in BINARY_CURVES.items():
        if a in (0, 1) and b == 1:
            out += tau_consts(name, poly[0], a, n)
    out += [
        f'_Static_assert(ECEDU_NCURVES == {len(BINARY_CURVES)}, "internal.h: the number of curves");',
        "const ecedu_curve ecedu_curves[ECEDU_NCURVES] = {",
    ]
    for name, (poly, a, b, gx, gy, n, h) in BINARY_CURVES.items():
        m = poly[0]
        kob = a in (0, 1) and b == 1
        out += [
            f'    {{"{name}", {m}, {(m + 63) // 64},',
            f"     {words(a)},",
            f"     {words(b)},",
            f"     {words(gx)},",
            f"     {words(gy)},",
            f"     {words(n, MAXW + 1)},",
            f"     {n.bit_length()}, {h}, {int(a in (0, 1))}, {int(b == 1)},",
            f"     {'&tau_' + name if kob else 'NULL'}}},",
        ]
    out += [
        "};",
        "",
    ]
    out += render_prime_table()
    return "\n".join(out)


# ------------------------------------------------------------------ prime curves


def prime_sizes(name):
    p, a, b, gx, gy, n, h = PRIME_CURVES[name]
    assert h == 1 and (a in (0, p - 3) or twist_z(name)), (
        f"{name}: the template covers a = 0 or -3, cofactor 1"
    )
    pbits, nbits = p.bit_length(), n.bit_length()
    return p, a, b, gx, gy, n, pbits, nbits, (pbits + 63) // 64, (nbits + 63) // 64


def twist_z(name):
    """For a curve with a neither 0 nor -3 (Brainpool): the Z of RFC 5639 §3 that maps it to
    its twisted curve y^2 = x^3 - 3x + B_t, B_t = b Z^6 (a Z^4 = -3), by (x, y) -> (Z^2 x,
    Z^3 y), an isomorphism over GF(p) (Z != 0; Silverman, AEC III.3.1(b)).  Derived here, not
    copied: Z^4 = -3/a, found by two square roots (p = 3 mod 4 on these primes, so -1 is a
    non-square and exactly one of the two square roots of -3/a is itself a square); of the two
    fourth roots +-Z the smaller, which is RFC 5639's Z (tests/native/test_native_brainpool.py
    checks B_t and the base point against OpenSSL's brainpoolPxxxt1).  None for a in {0, -3}."""
    p, a, _b, _gx, _gy, _n, _h = PRIME_CURVES[name]
    if a in (0, p - 3):
        return None
    assert p % 4 == 3, f"{name}: the fourth root below needs p = 3 mod 4"
    c = -3 * pow(a, -1, p) % p
    s = pow(c, (p + 1) // 4, p)
    assert s * s % p == c, f"{name}: -3/a is not a square: no twist with a = -3"
    if pow(s, (p - 1) // 2, p) != 1:
        s = p - s
    z = pow(s, (p + 1) // 4, p)
    assert z * z % p == s and pow(z, 4, p) * a % p == p - 3
    return min(z, p - z)


def twisted(name):
    """(B_t, G_t) of the twisted curve of twist_z: b Z^6 and (Z^2 gx, Z^3 gy), checked on it."""
    p, _a, b, gx, gy, _n, _h = PRIME_CURVES[name]
    z = twist_z(name)
    bt, gxt, gyt = b * pow(z, 6, p) % p, z * z * gx % p, pow(z, 3, p) * gy % p
    assert (gyt * gyt - (gxt**3 - 3 * gxt + bt)) % p == 0
    return bt, gxt, gyt


def byte_list(v: int, nbytes: int) -> str:
    return "{" + ", ".join(f"0x{x:02x}" for x in v.to_bytes(nbytes, "big")) + "}"


def render_prime_table() -> list[str]:
    """The table ecedu_pcurves (internal.h): name, sizes, n and the instance of each curve."""
    out = [
        "/* The prime curves of curve/prime/ (one instance each, instances/gfp_<curve>.c), indexed",
        " * after the binary curves: curve index ECEDU_NCURVES + i is ecedu_pcurves[i]. */",
    ]
    out += [f"extern const ecedu_pcurve_impl ecedu_pcurve_{name};" for name in NATIVE_PRIME_CURVES]
    out += [
        f'_Static_assert(ECEDU_NPCURVES == {len(NATIVE_PRIME_CURVES)}, "internal.h: the number of prime curves");',
        "const ecedu_pcurve ecedu_pcurves[ECEDU_NPCURVES] = {",
    ]
    for name in NATIVE_PRIME_CURVES:
        p, a, b, gx, gy, n, pbits, nbits, _pw, _nw = prime_sizes(name)
        out += [
            f'    {{"{name}", {pbits}, {nbits},',
            f"     {words(n, MAXW + 1)},",
            f"     &ecedu_pcurve_{name}}},",
        ]
    out += ["};", ""]
    return out


def render_prime_params() -> str:
    """Per-curve macros for instances/gfp_<curve>.c: the field constants of fe_mont.tmpl.h
    (p, -1/p mod 2^64, R^2 mod p) and the curve constants of curve/prime/sw.tmpl.h."""
    out = [
        "/* GENERATED by tools/gen_curves.py from ecedu/curves/sec2.py: do not edit by hand. */",
        "/*",
        " * sec2_prime_params.h -- the constants of the prime curves of curve/prime/, as macros",
        " * for their instances (instances/gfp_<curve>.c): words are little-endian 64-bit, byte",
        " * strings big-endian of the field's length.  R = 2^(64 limbs).",
        " */",
        "#ifndef ECEDU_SEC2_PRIME_PARAMS_H",
        "#define ECEDU_SEC2_PRIME_PARAMS_H",
        "",
    ]
    for name in NATIVE_PRIME_CURVES:
        p, a, b, gx, gy, n, pbits, nbits, pw, nw = prime_sizes(name)
        P = f"ECEDU_PC_{name.upper()}_"
        fb = (pbits + 7) // 8
        R = 1 << (64 * pw)
        c = (1 << pbits) - p
        pclimbs = max(1, (c.bit_length() + 63) // 64)
        z = twist_z(name)
        if z is None:
            head = f"/* {name}: p of {pbits} bits, n of {nbits} bits, a = {'0' if a == 0 else '-3'} */"
        else:  # the template runs on the twisted curve; B, GX, GY are its b_t and Z^2 G, Z^3 G
            b, gx, gy = twisted(name)
            head = (
                f"/* {name}: p of {pbits} bits, n of {nbits} bits, general a: B, GX, GY of its twisted\n"
                f" * curve {name[:-2]}t1 (a = -3, RFC 5639 §3), the isomorphism's Z^2, Z^3 and inverses */"
            )
        out += [
            head,
            f"#define {P}LIMBS {pw}",
            f"#define {P}BYTES {fb}",
            f"#define {P}P {words(p, pw)}",
            f"#define {P}PINV 0x{(-pow(p, -1, 1 << 64)) % (1 << 64):016x}ULL",
            f"#define {P}RR {words(R * R % p, pw)}",
            # p = 2^PBITS - PC: the sparse Montgomery reduction row of fe_mont.tmpl.h
            f"#define {P}PBITS {pbits}",
            f"#define {P}PC {words((1 << pbits) - p, pclimbs)}",
            f"#define {P}PCLIMBS {pclimbs}",
            # 1 if fe_mont.tmpl.h's plain pseudo-Mersenne mode (FEM_PM) is valid for p: p = W^N - c
            # with c^2 + c < p (the second fold leaves V < 2p) and 2 PCLIMBS - 1 <= N
            f"#define {P}PM_OK {int(pbits == 64 * pw and c * c + c < p and 2 * pclimbs - 1 <= pw)}",
            f"#define {P}A_ZERO {int(a == 0)}",
            f"#define {P}B {byte_list(b, fb)}",
            f"#define {P}GX {byte_list(gx, fb)}",
            f"#define {P}GY {byte_list(gy, fb)}",
            f"#define {P}N {words(n, nw)}",
            f"#define {P}NW {nw}",
            f"#define {P}NBITS {nbits}",
        ]
        if z is not None:
            z2, z3 = z * z % p, pow(z, 3, p)
            out += [
                f"#define {P}ISO_Z2 {byte_list(z2, fb)}",
                f"#define {P}ISO_Z3 {byte_list(z3, fb)}",
                f"#define {P}ISO_Z2INV {byte_list(pow(z2, -1, p), fb)}",
                f"#define {P}ISO_Z3INV {byte_list(pow(z3, -1, p), fb)}",
            ]
        out += [""]
    out += ["#endif", ""]
    return "\n".join(out)


# ------------------------------------------------------------------ the GLV endomorphism (a = 0)


def _cube_roots_of_one(m: int) -> list[int]:
    """The two cube roots of 1 other than 1 modulo a prime m = 1 (mod 3): g^((m-1)/3) for the
    first g that is not a cube (then the roots are r and r^2)."""
    assert m % 3 == 1, "no nontrivial cube root of 1"
    r = next(r for r in (pow(g, (m - 1) // 3, m) for g in range(2, 1000)) if r != 1)
    return sorted((r, r * r % m))


def _affine_mul(p: int, k: int, P):
    """k P on y^2 = x^3 + b over F_p (a = 0), affine double-and-add; None is infinity.  For the
    generator only (public data, a few calls)."""

    def add(A, B):
        if A is None or B is None:
            return A or B
        if A[0] == B[0] and (A[1] + B[1]) % p == 0:
            return None
        if A == B:
            s = 3 * A[0] * A[0] * pow(2 * A[1], -1, p) % p
        else:
            s = (B[1] - A[1]) * pow(B[0] - A[0], -1, p) % p
        x = (s * s - A[0] - B[0]) % p
        return x, (s * (A[0] - x) - A[1]) % p

    R = None
    for bit in bin(k)[2:]:
        R = add(R, R)
        if bit == "1":
            R = add(R, P)
    return R


def glv_basis(n: int, lam: int) -> tuple[int, int, int, int]:
    """GECC Alg. 3.74 (Gallant-Lambert-Vanstone 2001): the extended Euclidean algorithm on
    (n, lam) gives r_i = s_i n + t_i lam; with l the largest index with r_l >= sqrt(n),
    v1 = (r_{l+1}, -t_{l+1}) and v2 the shorter of (r_l, -t_l), (r_{l+2}, -t_{l+2}).  Both
    satisfy a + b lam = 0 (mod n) and span that lattice; returned oriented so that
    det(v1, v2) = a1 b2 - a2 b1 = +n (negating a vector keeps it a basis)."""
    r, t = [n, lam], [0, 1]
    while r[-1]:  # the whole remainder sequence r_i = s_i n + t_i lam (s_i not needed)
        q = r[-2] // r[-1]
        r.append(r[-2] - q * r[-1])
        t.append(t[-2] - q * t[-1])
    ell = max(i for i in range(len(r)) if r[i] * r[i] >= n)  # r_l >= sqrt(n), exactly
    a1, b1 = r[ell + 1], -t[ell + 1]
    u, v = (r[ell], -t[ell]), (r[ell + 2], -t[ell + 2])
    a2, b2 = u if u[0] ** 2 + u[1] ** 2 <= v[0] ** 2 + v[1] ** 2 else v
    if a1 * b2 - a2 * b1 < 0:
        a2, b2 = -a2, -b2
    return a1, b1, a2, b2


def glv_params(name: str) -> dict:
    """The GLV constants of a native prime curve with a = 0 (curve/prime/glv.tmpl.h):
    beta (a cube root of 1 mod p) and lam (one mod n) paired so that phi(x, y) = (beta x, y)
    is lam G on G; the basis (a1, b1), (a2, b2) of GECC 3.74; and the rounding constants of the
    constant-time decomposition: c1 = round(b2 k / n), c2 = round(-b1 k / n) (GECC 3.74 step 2)
    computed as floor((k g + 2^(S-1)) / 2^S) with g1 = round(2^S b2 / n), g2 = round(2^S (-b1) / n).
    Error of that: |k g / 2^S - k b / n| <= k / 2^(S+1) < n / 2^(S+1), tiny, so |c - k b/n| is
    at most 1/2 + n / 2^(S+1).  Then k1 = k - c1 a1 - c2 a2 and k2 = -c1 b1 - c2 b2 are
    (k, 0) minus a lattice vector: -(e1 v1 + e2 v2) with |e_i| <= 1/2 + n / 2^(S+1), hence
    |k1| <= (|a1| + |a2|) (1/2 + n / 2^(S+1)), |k2| <= (|b1| + |b2|) (same): kbits below."""
    p, a, b, gx, gy, n, pbits, nbits, pw, nw = prime_sizes(name)
    assert a == 0 and p % 3 == 1 and n % 3 == 1, f"{name}: no GLV endomorphism of this form"
    beta = _cube_roots_of_one(p)[0]
    image = (beta * gx % p, gy)
    lam = next(v for v in _cube_roots_of_one(n) if _affine_mul(p, v, (gx, gy)) == image)
    a1, b1, a2, b2 = glv_basis(n, lam)
    assert (a1 + b1 * lam) % n == 0 and (a2 + b2 * lam) % n == 0 and a1 * b2 - a2 * b1 == n
    assert b2 > 0 and -b1 > 0, f"{name}: the rounding assumes c1, c2 >= 0"
    cbits = max(b2, -b1).bit_length()  # c_i <= round(b k / n) <= b (k < n)
    cw = (cbits + 63) // 64
    sw = nw + cw  # shift S = 64 sw bits
    S = 64 * sw
    g1, g2 = (b2 * 2**S + n // 2) // n, (-b1 * 2**S + n // 2) // n
    gw = (max(g1, g2).bit_length() + 63) // 64
    assert sw + cw <= nw + gw, "c must lie within the product k g"
    # the bound of |k_i| (exact rationals: times 2^(S+1)), plus 1 for the odd fix-up
    bound = max((abs(a1) + abs(a2)), (abs(b1) + abs(b2))) * (2**S + n) // 2 ** (S + 1) + 2
    kbits = bound.bit_length()
    assert kbits < 64 * nw - 1, "k1, k2 must fit the two's-complement words with room for the sign"
    return dict(
        beta=beta,
        lam=lam,
        a1=a1,
        b1=b1,
        a2=a2,
        b2=b2,
        g1=g1,
        g2=g2,
        S=S,
        sw=sw,
        cw=cw,
        gw=gw,
        kbits=kbits,
        pbits=pbits,
        nw=nw,
    )


def glv_curves() -> list[str]:
    """The native prime curves with a = 0 (the GLV endomorphism of curve/prime/glv.tmpl.h)."""
    return [name for name in NATIVE_PRIME_CURVES if PRIME_CURVES[name][1] == 0]


def render_glv_params() -> str:
    """Per-curve macros of curve/prime/glv.tmpl.h (its contract says what each one is)."""
    out = [
        "/* GENERATED by tools/gen_curves.py from ecedu/curves/sec2.py: do not edit by hand. */",
        "/*",
        " * glv_params.h -- the constants of the GLV endomorphism phi(x, y) = (beta x, y) = lambda P",
        " * of the native a = 0 curves, derived by tools/gen_curves.py (glv_params: cube roots of 1,",
        " * the lattice basis of GECC Alg. 3.74, the rounding constants g1, g2 and the bound on k1,",
        " * k2).  Words little-endian 64-bit; M* are -a1, -a2, -b1, -b2 mod 2^(64 NW) (two's",
        " * complement), so that k1 = k + c1 MA1 + c2 MA2 and k2 = c1 MB1 + c2 MB2 (mod 2^(64 NW)).",
        " */",
        "#ifndef ECEDU_GLV_PARAMS_H",
        "#define ECEDU_GLV_PARAMS_H",
        "",
    ]
    for name in glv_curves():
        g = glv_params(name)
        P = f"ECEDU_PC_{name.upper()}_GLV_"
        nw, mod = g["nw"], 1 << (64 * g["nw"])
        out += [
            f"/* {name}: lambda = {g['lam']:#x} (mod n) */",
            f"#define {P}BETA {byte_list(g['beta'], (g['pbits'] + 7) // 8)}",
            f"#define {P}G1 {words(g['g1'], g['gw'])}",
            f"#define {P}G2 {words(g['g2'], g['gw'])}",
            f"#define {P}GW {g['gw']}",
            f"#define {P}SW {g['sw']}",
            f"#define {P}CW {g['cw']}",
            f"#define {P}MA1 {words(-g['a1'] % mod, nw)}",
            f"#define {P}MA2 {words(-g['a2'] % mod, nw)}",
            f"#define {P}MB1 {words(-g['b1'] % mod, nw)}",
            f"#define {P}MB2 {words(-g['b2'] % mod, nw)}",
            f"#define {P}KBITS {g['kbits']}",
            "",
        ]
    out += ["#endif", ""]
    return "\n".join(out)


TARGET = Path(__file__).resolve().parents[1] / "ecedu" / "native" / "src" / "curve" / "sec2_curves.c"
PRIME_TARGET = TARGET.parent / "prime" / "sec2_prime_params.h"
GLV_TARGET = TARGET.parent / "prime" / "glv_params.h"


def main(argv=None) -> int:
    import argparse

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="exit 1 if the stored file differs")
    a = p.parse_args(argv)
    outputs = {TARGET: render(), PRIME_TARGET: render_prime_params(), GLV_TARGET: render_glv_params()}
    if a.check:
        stale = [t for t, text in outputs.items() if not t.exists() or t.read_text() != text]
        for t in stale:
            print(f"{t} is stale: run python tools/gen_curves.py")
        return 1 if stale else 0
    for t, text in outputs.items():
        t.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
