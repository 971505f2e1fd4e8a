"""ex17 (ECDSA nonce reuse) and ex18 (the lattice attack on biased nonces): beyond the one
seeded mistake of ``wrong_solutions.py``, each designed mistake loses exactly its question's
points, the other questions keep theirs, and the feedback names the mistake."""

from __future__ import annotations

import pytest

from ecedu.grading.cli import grade_notebook

from .helpers import EXERCISES, submission, write

MISTAKES = [
    (
        "ex17_nonce_reuse",
        "find_reuse",
        "def find_reuse(sigs):\n    for i in range(len(sigs)):\n        for j in range(i + 1, len(sigs)):\n"
        "            if sigs[i][1] == sigs[j][1]:\n                return (i, j)\n    return None\n",
        "test_find_reuse",
        "compare r = x(kG) mod n",
    ),
    (
        "ex17_nonce_reuse",
        "recover_key",
        "def recover_key(r, e1, s1, e2, s2, n):\n    k = recover_nonce(e1, s1, e2, s2, n)\n"
        "    return (s1 * k + e1) * pow(r, -1, n) % n\n",
        "test_recover_key",
        "sign of e",
    ),
    (
        "ex17_nonce_reuse",
        "recover_key_low_s",
        "def recover_key_low_s(Q, r, e1, s1, e2, s2, n):\n    return recover_key(r, e1, s1, e2, s2, n)\n",
        "test_low_s",
        "normalised to low s",
    ),
    (
        "ex18_lattice_attack",
        "hnp_basis",
        "def hnp_basis(pairs, n, bound):\n    t0, u0 = pairs[0]\n    inv = pow(t0, -1, n)\n"
        "    a = [t * inv % n for t, _ in pairs[1:]]\n    b = [(u - ai * u0) % n for (_, u), ai in zip(pairs[1:], a)]\n"
        "    m = len(a)\n    rows = [[n if j == i else 0 for j in range(m + 2)] for i in range(m)]\n"
        "    return rows + [a + [1, 0], b + [0, 1]]\n",
        "test_hnp_basis",
        "the embedding entry has the size of the nonces",
    ),
    (
        "ex18_lattice_attack",
        "key_candidates",
        "def key_candidates(reduced, pairs, n, bound):\n    t0, u0 = pairs[0]\n"
        "    return sorted({(row[-2] - u0) * pow(t0, -1, n) % n for row in reduced if row[-1] == bound})\n",
        "test_key_candidates",
        "one from the row ending in −8",
    ),
    (
        "ex18_lattice_attack",
        "lattice_attack",
        "def lattice_attack(Q, sigs, n, zero_bits):\n    bound = 2 ** (n.bit_length() - zero_bits)\n"
        "    pairs = hnp_pairs(sigs, n)\n    found = key_candidates(lll(hnp_basis(pairs, n, bound)), pairs, n, bound)\n"
        "    return found[0] if found else 0\n",
        "test_lattice_attack",
        "returned a key whose public key is not Q",
    ),
]


@pytest.mark.parametrize("ex, cell, code, question, phrase", MISTAKES, ids=[m[1] for m in MISTAKES])
def test_designed_mistake_loses_its_question_only(ex, cell, code, question, phrase, tmp_path):
    path = write(submission(ex, {cell: code}), tmp_path / f"{ex}.ipynb")
    rep = grade_notebook(path, root=EXERCISES, timeout=60)
    assert rep.points_for(question) == 0, rep.to_json()
    assert phrase in rep.feedback_for(question), rep.feedback_for(question)
    others = [q for q in rep.questions if q.name != question]
    assert all(q.points == q.max_points for q in others), rep.to_json()
    assert not rep.notes, rep.notes
