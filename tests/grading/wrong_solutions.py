"""One realistic mistake per exercise: the answer cells to replace (grade_id ->
code; the other answers are the instructor's), the question that must lose its
points and a phrase its feedback must contain."""

WRONG = {
    "ex01_gf2m_mul": dict(
        why="forgets the reduction",
        answers={"gf2m_mul": "def gf2m_mul(a, b, f):\n    return clmul(a, b)\n"},
        question="test_gf2m_mul",
        feedback="result not reduced: degree",
    ),
    "ex02_squaring": dict(
        why="shifts each table entry by 8·i instead of 16·i",
        answers={
            "spread_bytes": (
                "SPREAD8 = [spread(b) for b in range(256)]\n\n"
                "def spread_bytes(a):\n    r, i = 0, 0\n    while a:\n"
                "        r |= SPREAD8[a & 0xFF] << (8 * i)\n        a >>= 8\n        i += 1\n    return r\n"
            )
        },
        question="test_spread_bytes",
        feedback="spread bytes overlap",
    ),
    "ex03_itoh_tsujii": dict(
        why="Fermat inversion by square-and-multiply (correct but too many multiplications)",
        answers={
            "itoh_tsujii": (
                "def itoh_tsujii(a, F):\n    e = (1 << F.m) - 2\n    r = a\n"
                "    for bit in bin(e)[3:]:\n        r = F.sqr(r)\n"
                "        if bit == '1':\n            r = F.mul(r, a)\n"
                "    return r\n"
            )
        },
        question="test_cost",
        feedback="an addition chain for m − 1 = 162 needs only 9",
    ),
    "ex04_binary_point_add": dict(
        why="drops the curve coefficient a from x3",
        answers={
            "point_add": (
                "def point_add(P, Q, a, F):\n    if P is None:\n        return Q\n    if Q is None:\n        return P\n"
                "    x1, y1 = P\n    x2, y2 = Q\n    if x1 == x2:\n        if y1 == y2:\n"
                "            return point_double(P, a, F)\n        return None\n"
                "    lam = F.mul(y1 ^ y2, F.inv(x1 ^ x2))\n    x3 = F.sqr(lam) ^ lam ^ x1 ^ x2\n"
                "    y3 = F.mul(lam, x1 ^ x3) ^ x3 ^ y1\n    return (x3, y3)\n"
            )
        },
        question="test_add",
        feedback="the curve coefficient a is missing from x₃",
    ),
    "ex05_double_and_add": dict(
        why="starts from ∞ and doubles for every bit, the leading one included",
        answers={
            "double_and_add": (
                "def double_and_add(k, P, add, double):\n    Q = None\n    for b in bits_msb_first(k):\n"
                "        Q = double(Q)\n        if b:\n            Q = add(Q, P)\n    return Q\n"
            )
        },
        question="test_cost",
        feedback="the leading 1 bit needs no doubling",
    ),
    "ex06_naf": dict(
        why="takes k mod 4 as the digit (digit 3 instead of −1)",
        answers={
            "naf": (
                "def naf(k):\n    digits = []\n    while k > 0:\n        d = k % 4 if k & 1 else 0\n"
                "        k -= d\n        digits.append(d)\n        k //= 2\n    return digits\n"
            )
        },
        question="test_naf",
        feedback="digit 3 at position",
    ),
    "ex07_ld_ladder": dict(
        why="runs the loop over every bit, the leading one included",
        answers={
            "ladder_x": (
                "def ladder_x(k, x, b, F):\n    X1, Z1 = x, 1\n    X2, Z2 = F.sqr(F.sqr(x)) ^ b, F.sqr(x)\n"
                "    for bit in bin(k)[2:]:\n        if bit == '1':\n            X1, Z1 = madd(X1, Z1, X2, Z2, x, F)\n"
                "            X2, Z2 = mdouble(X2, Z2, b, F)\n        else:\n"
                "            X2, Z2 = madd(X1, Z1, X2, Z2, x, F)\n            X1, Z1 = mdouble(X1, Z1, b, F)\n"
                "    if Z1 == 0:\n        return None\n    return F.mul(X1, F.inv(Z1))\n"
            )
        },
        question="test_ladder",
        feedback="the leading bit is processed twice",
    ),
    "ex08_tnaf": dict(
        why="hard-codes μ = 1 when dividing by τ",
        answers={
            "tnaf": (
                "def tnaf(r0, r1, mu):\n    digits = []\n    while r0 != 0 or r1 != 0:\n        if r0 % 2:\n"
                "            u = 2 - ((r0 - 2 * r1) % 4)\n            r0 -= u\n        else:\n            u = 0\n"
                "        digits.append(u)\n        r0, r1 = r1 + (r0 // 2), -(r0 // 2)\n    return digits\n"
            )
        },
        question="test_tnaf",
        feedback="do not evaluate to r0 + r1·τ (with μ = -1",
    ),
    "ex09_partial_reduction": dict(
        why="takes δ = τ^m − 1, forgetting the division by τ − 1",
        answers={"delta": "def delta(m, mu):\n    t0, t1 = tau_power(m, mu)\n    return (t0 - 1, t1)\n"},
        question="test_delta",
        feedback="N(δ) equals #E = 2n",
    ),
    "ex10_ecdh": dict(
        why="does not check the subgroup (cofactor 4)",
        answers={
            "validate_public_key": (
                "def validate_public_key(curve, Q):\n    if Q is None:\n        raise ValueError('infinity')\n"
                "    x, y = Q\n    if not (0 <= x < curve.p and 0 <= y < curve.p):\n        raise ValueError('range')\n"
                "    if (y * y - x ** 3 - curve.a * x - curve.b) % curve.p:\n        raise ValueError('not on curve')\n"
            )
        },
        question="test_validate",
        feedback="a point of small order",
    ),
    "ex11_ecdsa_verify": dict(
        why="skips the range checks on r and s",
        answers={
            "ecdsa_verify": (
                "def ecdsa_verify(curve, Q, digest, r, s):\n    n = curve.n\n    e = hash_to_int(digest, n)\n"
                "    w = pow(s, -1, n)\n"
                "    R = ec_add(ec_mul(e * w % n, curve.G, curve), ec_mul(r * w % n, Q, curve), curve)\n"
                "    return R is not None and R[0] % n == r\n"
            )
        },
        question="test_ranges",
        feedback="for s = 0; it must return False",
    ),
    "ex12_ctypes": dict(
        why="sets argtypes but forgets restype",
        answers={
            "make_clmul32": (
                "def make_clmul32(lib):\n    fn = lib.clmul32\n    fn.argtypes = [ctypes.c_uint32, ctypes.c_uint32]\n"
                "    return lambda a, b: fn(a, b)\n"
            )
        },
        question="test_clmul32",
        feedback="result truncated to 32 bits",
    ),
    "ex13_benchmark": dict(
        why="population variances (ddof = 0) in the analytic interval",
        answers={
            "log_ratio_ci": (
                "def log_ratio_ci(base, fast, z=Z95):\n    lb, lf = np.log(base), np.log(fast)\n"
                "    d = lb.mean() - lf.mean()\n    se = math.sqrt(lb.var() / len(lb) + lf.var() / len(lf))\n"
                "    return math.exp(d - z * se), math.exp(d + z * se)\n"
            )
        },
        question="test_log_ratio_ci",
        feedback="sample variances (ddof = 1)",
    ),
    # ---- issue 16: the nonce attacks of chapter 11 (more designed mistakes in test_nonce_attacks.py)
    "ex17_nonce_reuse": dict(
        why="divides (e1 - e2) by (s1 - s2) as integers instead of modulo n",
        answers={
            "recover_nonce": "def recover_nonce(e1, s1, e2, s2, n):\n    return (e1 - e2) // (s1 - s2) % n\n"
        },
        question="test_recover_nonce",
        feedback="is a division modulo n",
    ),
    "ex18_lattice_attack": dict(
        why="multiplies by s instead of by its inverse",
        answers={
            "hnp_pairs": "def hnp_pairs(sigs, n):\n    return [(r * s % n, e * s % n) for r, s, e in sigs]\n"
        },
        question="test_hnp_pairs",
        feedback="need the inverse of s",
    ),
}
