"""ex14–ex16 (Montgomery with w-bit limbs, Solinas for P-256, complete addition and a
constant-time look-up): every designed mistake scores its designed partial mark, the
question it breaks scores 0 with feedback that names the mistake, and the questions built
on the broken answer are graded with the reference put in (full marks, saying so)."""

from __future__ import annotations

import pytest

from ecedu.grading import checks
from ecedu.grading import notebook as nbu
from ecedu.grading.cli import _judge_outside, grade_notebook

from .helpers import EXERCISES, source_nb, submission, write
from .wrong_solutions import DESIGNED

NEW = ("ex14_montgomery_limbs", "ex15_solinas_p256", "ex16_complete_addition")


@pytest.mark.parametrize("case", DESIGNED, ids=[f"{d[0][:4]}-{d[1]}" for d in DESIGNED])
def test_designed_mistake(case, tmp_path):
    ex, why, answers, score, zero, regraded = case
    rep = grade_notebook(write(submission(ex, answers), tmp_path / f"{ex}.ipynb"), root=EXERCISES, timeout=60)
    assert rep.score == score, (why, rep.to_json())
    for q, phrase in zero.items():
        assert rep.points_for(q) == 0, (why, rep.to_json())
        assert phrase in rep.feedback_for(q), (why, rep.feedback_for(q))
    for q in regraded:
        assert rep.feedback_for(q).startswith("passed once the reference"), (why, rep.feedback_for(q))
    for q in rep.questions:
        if q.name not in zero:
            assert q.points == q.max_points, (why, q)


@pytest.mark.parametrize("ex", NEW)
def test_judged_outside_without_references_in_the_kernel(ex):
    """Every test whose calls take plain data is judged by the grader, and no cell that still
    runs in the kernel needs the reference answers, so the sandbox leaves them out."""
    src = source_nb(ex)
    merged = nbu.merge_submission(src, src)
    _cells, plans, needs_reference = _judge_outside(src, merged)
    in_kernel = {q.name for q in merged.questions} - set(plans)
    assert in_kernel == ({"test_lookup_regular"} if ex == "ex16_complete_addition" else set()), in_kernel
    assert not needs_reference


def test_the_references_against_independent_oracles():
    """The checks' references: Solinas terms against ``%``, the correction inputs cover every
    interval the sum can land in (k·p ≤ t < (k + 1)·p for k = −4 … 5, the exact bounds), REDC
    against ``pow``, Algorithm 4 against the affine group law (toy curve: every pair; P-256: ecedu)."""
    import ecedu
    from ecedu import ec, scalar

    r = checks.rng(7)
    for c in [0, 2**512 - 1] + [r.getrandbits(512) for _ in range(200)]:
        assert checks.ref_solinas_sum(c) % checks.P256_PRIME == c % checks.P256_PRIME
    lo, hi = checks.ref_solinas_bounds()
    ks = [checks.ref_solinas_sum(c) // checks.P256_PRIME for c in checks.solinas_correction_inputs()]
    assert ks == list(range(lo // checks.P256_PRIME, hi // checks.P256_PRIME + 1)) == list(range(-4, 6))
    for p in checks.mont_moduli():
        for w in (16, 32, 64):
            n = checks.mont_limbs(p, w)
            assert (n - 1) * w < p.bit_length() <= n * w
            assert p * checks.ref_neg_inverse(p, w) % 2**w == 2**w - 1
            T = r.randrange(p * p)
            assert checks.ref_redc(T, p, w) * pow(2, w * n, p) % p == T % p
    p, a, b = checks.rcb_tiny_curve()
    pts = checks.p_points(p, a, b)
    assert len(pts) == 41  # a prime: no point of order 2, so the formulas are complete
    for P in pts:
        for Q in pts:
            PP, QQ = checks.proj_from_affine(P, p, r.randrange(1, p)), checks.proj_from_affine(Q, p, 3)
            assert checks.proj_to_affine(checks.ref_rcb_add(PP, QQ, p, b), p) == checks.p_add(P, Q, p, a)
    K = ecedu.get_curve("P-256")
    for _ in range(3):
        P = scalar.multiply(K, r.getrandbits(256), K.G)
        for Q in (P, ec.neg(K, P), scalar.multiply(K, r.getrandbits(256), K.G), None):
            S = checks.ref_rcb_add(
                checks.proj_from_affine(P, K.field.p, 5),
                checks.proj_from_affine(Q, K.field.p),
                K.field.p,
                K.b,
            )
            assert checks.proj_to_affine(S, K.field.p) == ec.add(K, P, Q)
