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


# --------------------------------------------------------------------------
# ex14-ex16: the designed mistakes (each graded in tests/grading/test_prime_exercises.py)

EX14_REDC_NO_FINAL = (
    "def redc(T, p, w):\n    n, mask = limbs(p, w), (1 << w) - 1\n    q = neg_inverse(p, w)\n    t = T\n"
    "    for _ in range(n):\n        m = (t & mask) * q & mask\n        t = (t + m * p) >> w\n    return t\n"
)
EX14_REDC_WRONG_SIGN = (
    "def redc(T, p, w):\n    n, mask = limbs(p, w), (1 << w) - 1\n    q = pow(p, -1, 1 << w)\n    t = T\n"
    "    for _ in range(n):\n        m = (t & mask) * q & mask\n        t = (t + m * p) >> w\n"
    "    if t >= p:\n        t -= p\n    return t\n"
)
EX14_NEG_INVERSE_PLUS = "def neg_inverse(p, w):\n    return pow(p, -1, 1 << w)\n"
EX14_MONT_MUL = """def mont_mul(a, b, p, w):
    n, mask = limbs(p, w), (1 << w) - 1
    q = neg_inverse(p, w)
    A, B, N = words(a, w, n), words(b, w, n), words(p, w, n)
    t = [0] * (n + 2)
    muls = 0
    for i in range(n):
        C = 0
        for j in range(n):
            s = t[j] + A[j] * B[i] + C
            t[j], C = s & mask, s >> w
            muls += 1
        s = t[n] + C
        t[n], t[n + 1] = s & mask, s >> w
        m = t[0] * q & mask
        s = t[0] + m * N[0]
        C = s >> w
        muls += MCOUNT
        for j in range(1, n):
            s = t[j] + m * N[j] + C
            t[j - 1], C = s & mask, s >> w
            muls += 1
        s = t[n] + C
        t[n - 1], C = s & mask, s >> w
        t[n] = t[n + 1] + C
    c = sum(x << (w * j) for j, x in enumerate(t[: n + 1]))
    FINAL
    return c, muls
"""
EX14_MONT_MUL_NO_FINAL = EX14_MONT_MUL.replace("MCOUNT", "2").replace("FINAL", "pass")
EX14_MONT_MUL_COUNT_2N2 = EX14_MONT_MUL.replace("MCOUNT", "1").replace("FINAL", "c = c - p if c >= p else c")
EX14_MOD_MUL_NO_CONVERSION = "def mod_mul(a, b, p, w):\n    return mont_mul(a, b, p, w)[0]\n"
EX14_WORD_MULS_FLOOR = "def word_muls(bits, w):\n    n = bits // w\n    return 2 * n * n + n\n"

EX15_TERMS = """def solinas_terms(c):
    c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15 = words32(c)
    return [
        from_words(c7, c6, c5, c4, c3, c2, c1, c0),
        from_words(c15, c14, c13, c12, c11, 0, 0, 0),
        from_words(0, c15, c14, c13, c12, 0, 0, 0),
        S4,
        S5,
        from_words(c10, c8, 0, 0, 0, c13, c12, c11),
        from_words(c11, c9, 0, 0, c15, c14, c13, c12),
        from_words(c12, 0, c10, c9, c8, c15, c14, c13),
        from_words(c13, 0, c11, c10, c9, 0, c15, c14),
    ]
"""
_S4 = "from_words(c15, c14, 0, 0, 0, c10, c9, c8)"
_S5 = "from_words(c8, c13, c15, c14, c13, c11, c10, c9)"
EX15_S5_SWAPPED = EX15_TERMS.replace("S4", _S4).replace(
    "S5", "from_words(c8, c13, c15, c14, c13, c11, c9, c10)"
)
EX15_S4_REVERSED = EX15_TERMS.replace("S4", "from_words(c8, c9, c10, 0, 0, 0, c14, c15)").replace("S5", _S5)
EX15_SUM_ONCE = (
    "def solinas_sum(c):\n    s1, s2, s3, s4, s5, d1, d2, d3, d4 = solinas_terms(c)\n"
    "    return s1 + s2 + s3 + s4 + s5 - d1 - d2 - d3 - d4\n"
)
EX15_REDUCE_ONCE = (
    "def p256_reduce(c):\n    t = solinas_sum(c)\n    if t < 0:\n        t += P256\n"
    "    if t >= P256:\n        t -= P256\n    return t\n"
)
EX15_BOUNDS_TERMWISE = (
    "def sum_bounds():\n    s1, s2, s3, s4, s5, d1, d2, d3, d4 = solinas_terms(2**512 - 1)\n"
    "    return -(d1 + d2 + d3 + d4), s1 + 2 * s2 + 2 * s3 + s4 + s5\n"
)

EX16_AFFINE_CASES = """def complete_add(P, Q, p, b):
    A, B = to_affine(P, p), to_affine(Q, p)
    if A is None:
        return Q
    if B is None:
        return P
    (x1, y1), (x2, y2) = A, B
    if x1 == x2 and (y1 + y2) % p == 0:
        return (0, 1, 0)
    if A == B:
        lam = (3 * x1 * x1 - 3) * pow(2 * y1, -1, p) % p
    else:
        lam = (y2 - y1) * pow(x2 - x1, -1, p) % p
    x3 = (lam * lam - x1 - x2) % p
    return (x3, (lam * (x1 - x3) - y1) % p, 1)
"""
EX16_RCB = """def complete_add(P, Q, p, b):
    X1, Y1, Z1 = P
    X2, Y2, Z2 = Q
    t0 = X1 * X2 % p
    t1 = Y1 * Y2 % p
    t2 = Z1 * Z2 % p
    t3 = (X1 + Y1) * (X2 + Y2) % p
    t3 = (t3 - t0 - t1) % p
    t4 = (Y1 + Z1) * (Y2 + Z2) % p
    t4 = (t4 - t1 - t2) % p
    X3 = (X1 + Z1) * (X2 + Z2) % p
    Y3 = (X3 - t0 - t2) % p
    Z3 = b * t2 % p
    X3 = 3 * (Y3 - Z3) % p
    Z3 = (t1 - X3) % p
    X3 = (t1 + X3) % p
    Y3 = b * Y3 % p
    t2 = 3 * t2 % p
    Y3 = 3 * (Y3 - t2 - t0) % p
    t0 = (3 * t0 + t2) % p
    t1 = t4 * Y3 % p
    t2 = t0 * Y3 % p
    Y3 = (X3 * Z3 + t2) % p
    X3 = (X3 * t3 - t1) % p
    Z3 = (Z3 * t4 + t3 * t0) % p
    return (X3, Y3, Z3)
"""
EX16_LOOKUP_INDEXED = "def ct_lookup(table, index):\n    return table[index]\n"
EX16_LOOKUP_BRANCH = (
    "def ct_lookup(table, index):\n    r = (0, 0, 0)\n    for i, e in enumerate(table):\n"
    "        if i == index:\n            r = tuple(int(x) for x in e)\n    return r\n"
)
EX16_SCALAR_LAST_WINDOW = (
    "def scalar_mul(k, P, p, b, nbits):\n    T = [O]\n    for _ in range(15):\n"
    "        T.append(complete_add(T[-1], P, p, b))\n    R = O\n"
    "    for i in reversed(range(1, -(-nbits // 4))):\n        for _ in range(4):\n"
    "            R = complete_add(R, R, p, b)\n        R = complete_add(R, ct_lookup(T, (k >> (4 * i)) & 15), p, b)\n"
    "    return R\n"
)

WRONG.update(
    {
        "ex14_montgomery_limbs": dict(
            why="REDC without the final conditional subtraction",
            answers={"redc": EX14_REDC_NO_FINAL},
            question="test_redc",
            feedback="the final subtraction is missing",
        ),
        "ex15_solinas_p256": dict(
            why="two words of s5 swapped (c10, c9 → c9, c10)",
            answers={"solinas_terms": EX15_S5_SWAPPED},
            question="test_terms",
            feedback="s5 is wrong in word position(s) 6, 7",
        ),
        "ex16_complete_addition": dict(
            why="the textbook group law with special cases and a normalised result",
            answers={"complete_add": EX16_AFFINE_CASES},
            question="test_exact",
            feedback="the right point, but not the coordinates Algorithm 4 computes",
        ),
    }
)

# exercise, why, answers, the total it must score, {question that must score 0: phrase of its feedback},
# questions regraded with a reference put in (full points, "passed once the reference ...").  Mistakes in
# independent questions share one submission (fewer gradings, the suite stays fast).
DESIGNED = [
    (
        "ex14_montgomery_limbs",
        "REDC without the final subtraction; the count 2n²; a·b left in Montgomery form; n = bits // w",
        {
            "redc": EX14_REDC_NO_FINAL,
            "mont_mul": EX14_MONT_MUL_COUNT_2N2,
            "mod_mul": EX14_MOD_MUL_NO_CONVERSION,
            "word_muls": EX14_WORD_MULS_FLOOR,
        },
        7,
        {
            "test_redc": "the final subtraction is missing",
            "test_count": "the n products m = t₀·p' mod 2^w are missing",
            "test_mod_mul": "still in Montgomery form",
            "test_word_muls": "the top limb is partly filled",
        },
        (),
    ),
    (
        "ex14_montgomery_limbs",
        "REDC with m = t·(+p⁻¹) mod 2^w; CIOS without the final subtraction",
        {"redc": EX14_REDC_WRONG_SIGN, "mont_mul": EX14_MONT_MUL_NO_FINAL},
        10,
        {"test_redc": "p' = +p⁻¹ mod 2^w", "test_mont_mul": "the final subtraction is missing"},
        ("test_mod_mul", "test_mont_pow"),
    ),
    (
        "ex14_montgomery_limbs",
        "p' = +p⁻¹ (the later answers are right given a right p')",
        {"neg_inverse": EX14_NEG_INVERSE_PLUS},
        14,
        {"test_neg_inverse": "REDC needs the negative"},
        ("test_redc", "test_mont_mul", "test_mod_mul", "test_mont_pow"),
    ),
    (
        "ex15_solinas_p256",
        "two words of s5 swapped",
        {"solinas_terms": EX15_S5_SWAPPED},
        7,
        {"test_terms": "s5 is wrong in word position(s) 6, 7"},
        ("test_sum", "test_reduce"),
    ),
    (
        "ex15_solinas_p256",
        "s4 written least significant word first",
        {"solinas_terms": EX15_S4_REVERSED},
        7,
        {"test_terms": "s4 has its words in reverse order"},
        ("test_sum", "test_reduce", "test_bounds"),
    ),
    (
        "ex15_solinas_p256",
        "s2 and s3 counted once",
        {"solinas_sum": EX15_SUM_ONCE},
        9,
        {"test_sum": "s2 and s3 are counted once"},
        ("test_reduce", "test_bounds"),
    ),
    (
        "ex15_solinas_p256",
        "one correction step each way; the sum bounded term by term",
        {"p256_reduce": EX15_REDUCE_ONCE, "sum_bounds": EX15_BOUNDS_TERMWISE},
        6,
        {"test_reduce": "p while the value is", "test_bounds": "bounded term by term"},
        (),
    ),
    (
        "ex16_complete_addition",
        "textbook special cases, normalised; a look-up that selects with an if; the last window forgotten",
        {
            "complete_add": EX16_AFFINE_CASES,
            "ct_lookup": EX16_LOOKUP_BRANCH,
            "scalar_mul": EX16_SCALAR_LAST_WINDOW,
        },
        5,
        {
            "test_exact": "the right point, but not the coordinates Algorithm 4 computes",
            "test_lookup_regular": "the instructions ct_lookup executes depend on the index",
            "test_scalar_mul": "the last window is missing",
        },
        (),
    ),
    (
        "ex16_complete_addition",
        "sign slip in step 34 (t0 + t2); a look-up by index",
        {"complete_add": EX16_RCB, "ct_lookup": EX16_LOOKUP_INDEXED},
        3,
        {
            "test_complete_add": "complete_add on P + P",
            "test_exact": "not the (X3, Y3, Z3) of Algorithm 4",
            "test_lookup_regular": "the entry was picked by its index",
        },
        ("test_scalar_mul",),
    ),
]

#: Mistakes a first version of the autotests let through, found by grading wrong answers on
#: purpose (6 December 2026): (exercise, why, answers, the question that must lose its points, a
#: phrase of its feedback).  Each once scored full marks on its question.
SLIPPED_THROUGH = [
    (
        "ex03_itoh_tsujii",
        "the Itoh-Tsujii chain without its final squaring (right counts, wrong inverse)",
        {
            "itoh_tsujii": (
                "def itoh_tsujii(a, F):\n    e = F.m - 1\n    beta, k = a, 1\n    for bit in bin(e)[3:]:\n"
                "        beta = F.mul(sqr_k(beta, k, F), beta)\n        k *= 2\n        if bit == '1':\n"
                "            beta = F.mul(F.sqr(beta), a)\n            k += 1\n    return beta\n"
            )
        },
        "test_cost",
        "the counts score only for a correct inverse",
    ),
    (
        "ex05_double_and_add",
        "adds before doubling (right counts, wrong point)",
        {
            "double_and_add": (
                "def double_and_add(k, P, add, double):\n    bits = bits_msb_first(k)\n    if not bits:\n"
                "        return None\n    Q = P\n    for b in bits[1:]:\n        if b:\n            Q = add(Q, P)\n"
                "        Q = double(Q)\n    return Q\n"
            )
        },
        "test_cost",
        "the counts score only for the right point",
    ),
    (
        "ex06_naf",
        "plain binary double-and-add where the NAF was asked for",
        {
            "naf_mult": (
                "def naf_mult(k, P, add, double, neg):\n    Q = None\n    for b in bin(k)[2:] if k else '':\n"
                "        Q = double(Q)\n        if b == '1':\n            Q = add(Q, P)\n    return Q\n"
            )
        },
        "test_naf_mult",
        "walk the NAF digits, not the binary ones",
    ),
    (
        "ex09_partial_reduction",
        "a norm without the squares (right on (0, 1) and (1, 1))",
        {"zt_norm": "def zt_norm(x, mu):\n    r0, r1 = x\n    return r0 + mu * r0 * r1 + 2 * r1\n"},
        "test_norm",
        "r0² + μ r0 r1 + 2 r1²",
    ),
    (
        "ex10_ecdh",
        "validation that rejects the small-order points only (h·Q = ∞), not the points of order 2n or 4n",
        {
            "validate_public_key": (
                "def validate_public_key(curve, Q):\n    if Q is None:\n        raise ValueError('infinity')\n"
                "    x, y = Q\n    if not (0 <= x < curve.p and 0 <= y < curve.p):\n        raise ValueError('range')\n"
                "    if (y * y - x * x * x - curve.a * x - curve.b) % curve.p:\n        raise ValueError('curve')\n"
                "    if ec_mul(curve.h, Q, curve) is None:\n        raise ValueError('small order')\n"
            )
        },
        "test_validate",
        "a point outside the subgroup of order n",
    ),
    (
        "ex10_ecdh",
        "a shared secret computed without validating the peer's point",
        {
            "ecdh_shared_secret": (
                "def ecdh_shared_secret(curve, d, Q):\n    S = ec_mul(d, Q, curve)\n    if S is None:\n"
                "        raise ValueError('infinity')\n"
                "    return S[0].to_bytes((curve.p.bit_length() + 7) // 8, 'big')\n"
            )
        },
        "test_shared",
        "validate Q first",
    ),
    (
        "ex13_benchmark",
        "a bootstrap that resamples BASE only",
        {
            "bootstrap_ci": (
                "def bootstrap_ci(base, fast, n_boot=2000, seed=0):\n    rng = np.random.default_rng(seed)\n"
                "    base, fast = np.asarray(base), np.asarray(fast)\n"
                "    ratios = [np.median(rng.choice(base, len(base))) / np.median(fast) for _ in range(n_boot)]\n"
                "    lo, hi = np.quantile(ratios, [0.025, 0.975])\n    return float(lo), float(hi)\n"
            )
        },
        "test_bootstrap",
        "the bootstrap interval is too narrow",
    ),
    (
        "ex16_complete_addition",
        "a look-up that reads every entry into a list, then picks one by the secret index",
        {
            "ct_lookup": (
                "def ct_lookup(table, index):\n    entries = [e for e in table]\n"
                "    return tuple(int(v) for v in entries[index])\n"
            )
        },
        "test_lookup_regular",
        "did not combine the values of entries",
    ),
]
