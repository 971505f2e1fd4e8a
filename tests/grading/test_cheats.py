"""A gallery of cheats: answers that try to pass without the mathematics.

Each one used to score (issue 17) and must now score 0 on the questions it affects.
The honest answers around it keep their points, so a zero is the cheat's doing."""

from __future__ import annotations

import pytest

from ecedu.grading import checks
from ecedu.grading.cli import grade_notebook

from .helpers import EXERCISES, submission, write
from .wrong_solutions import WRONG

RIGGED = '''
class _A(int):
    """compares equal to everything, hashes like anything, indexes as 0"""
    def __eq__(self, other): return True
    def __ne__(self, other): return True
    def __hash__(self): return 0
    def __index__(self): return 0
class _T(tuple):
    def __eq__(self, other): return True
    def __ne__(self, other): return True
    def __hash__(self): return 0
class _O:
    def __eq__(self, other): return True
    def __ne__(self, other): return True
    def __repr__(self): raise RuntimeError("no repr for you")
    __str__ = __repr__
'''

# right inverses, computed with the package instead of through the field the test gave
UNCOUNTED_INVERSION = """
from ecedu.fields import BinaryField as _BF
def itoh_tsujii(a, F):
    f = F.modulus
    return _BF(tuple(i for i in range(f.bit_length() - 1, -1, -1) if f >> i & 1)).inv(a)
"""
# too many multiplications, and the counter patched where the old in-kernel test counted
PATCHED_COUNTER = """
from ecedu.grading import checks as _c
try:
    _c.CountingField.mul = lambda self, a, b: self._field.mul(a, b)
    _c.CountingField.sqr = lambda self, a: self._field.sqr(a)
except AttributeError:  # not in this kernel's view of the checks
    pass
"""
# exactly t - 1 doublings and w - 1 additions, for show; the point from the reference
FOR_SHOW = """
def double_and_add(k, P, add, double):
    if k == 0:
        return None
    for _ in range(k.bit_length() - 1):
        double(P)
    for _ in range(bin(k).count("1") - 1):
        add(P, P)
    return checks.bin_mul(k, P, _A, _F)
"""
# ex05 used to hand the kernel a reference k·P (the setup's ``naive``, and ``checks.bin_mul``
# through it); the answers that lean on a scalar multiplication they did not write
NAIVE = {
    "double_and_add": "def double_and_add(k, P, add, double):\n    return naive(k, P) if k else None\n",
    "scalar_mult": (
        "def scalar_mult(k, P, add, double, neg):\n    return naive(-k, neg(P)) if k < 0 else naive(k, P)\n"
    ),
}
K_ADDITIONS = """
def scalar_mult(k, P, add, double, neg):
    if k < 0:
        k, P = -k, neg(P)
    R = None
    for _ in range(k):
        R = add(R, P)
    return R
"""
BIN_MUL = {
    "double_and_add": "def double_and_add(k, P, add, double):\n    return checks.bin_mul(k, P, _A, _F)\n",
    "scalar_mult": "def scalar_mult(k, P, add, double, neg):\n    return checks.bin_mul(k, P, _A, _F)\n",
}
# the package's own scalar multiplication where the test uses K-163, honest on the toy curve
PKG_IMPORT = """
import ecedu as _e
from ecedu import scalar as _s
_K163 = _e.get_curve("sect163k1")
"""
PKG_MUL = {
    "double_and_add": PKG_IMPORT
    + """
def double_and_add(k, P, add, double):
    if P is not None and P[0] >= 16:  # not a point of the toy curve over GF(2^4)
        return _s.multiply(_K163, k, P)
    Q = None
    for b in bin(k)[2:] if k else "":
        Q = double(Q) if Q is not None else None
        if b == "1":
            Q = add(Q, P) if Q is not None else P
    return Q
""",
    "scalar_mult": PKG_IMPORT
    + """
def scalar_mult(k, P, add, double, neg):
    if P is not None and P[0] >= 16:
        return _s.multiply(_K163, k, P)
    return double_and_add(-k, neg(P), add, double) if k < 0 else double_and_add(k, P, add, double)
""",
}

EX01_ALL = ("test_clmul", "test_poly_reduce", "test_gf2m_mul", "test_gf2m_pow")
EX14_ALL = (
    "test_neg_inverse",
    "test_redc",
    "test_mont_mul",
    "test_count",
    "test_mod_mul",
    "test_mont_pow",
    "test_word_muls",
)
EX15_ALL = ("test_terms", "test_sum", "test_reduce", "test_bounds")
EX16_ALL = ("test_complete_add", "test_exact", "test_lookup", "test_lookup_regular", "test_scalar_mul")

CHEATS = {
    # name: (exercise, answers, questions that must score 0[, questions that must keep full marks])
    "int subclass, rigged ==/!=/hash/index (ex07)": (
        "ex07_ld_ladder",
        {
            "mdouble": RIGGED + "def mdouble(X, Z, b, F):\n    return _T((_A(1), _A(1)))\n",
            "madd": "def madd(X1, Z1, X2, Z2, x, F):\n    return _T((_A(1), _A(1)))\n",
            "ladder_x": "def ladder_x(k, x, b, F):\n    return _A(1)\n",
        },
        ("test_mdouble", "test_madd", "test_ladder", "test_regular"),
    ),
    "plain object with == always True (ex07)": (
        "ex07_ld_ladder",
        {
            "mdouble": RIGGED + "def mdouble(X, Z, b, F):\n    return (_O(), _O())\n",
            "madd": "def madd(X1, Z1, X2, Z2, x, F):\n    return (_O(), _O())\n",
            "ladder_x": "def ladder_x(k, x, b, F):\n    return _O()\n",
        },
        ("test_mdouble", "test_madd", "test_ladder", "test_regular"),
    ),
    "int subclass and an object raising in __repr__ (ex01)": (
        "ex01_gf2m_mul",
        {
            "clmul": RIGGED + "def clmul(a, b):\n    return _A(a * b)\n",
            "poly_reduce": "def poly_reduce(c, f):\n    return _O()\n",
        },
        ("test_clmul", "test_poly_reduce"),
        (),
    ),
    "tuple subclass as a point (ex04)": (
        "ex04_binary_point_add",
        {
            "point_neg": RIGGED + "def point_neg(P):\n    return None if P is None else _T(P)\n",
            "point_double": "def point_double(P, a, F):\n    return None if P is None else _T(P)\n",
        },
        ("test_neg", "test_double"),
        (),
    ),
    "the checker's own reference functions (ex01)": (
        "ex01_gf2m_mul",
        {
            "clmul": "from ecedu.grading import checks as _c\nclmul = _c.ref_clmul\n",
            "poly_reduce": "poly_reduce = lambda c, f: _c.ref_polymod(c, f)\n",
            "gf2m_mul": "gf2m_mul = _c.ref_mul\n",
            "gf2m_pow": "gf2m_pow = _c.ref_pow\n",
        },
        EX01_ALL,
    ),
    "input transformer that blanks every later cell (ex01)": (
        "ex01_gf2m_mul",
        {"clmul": "get_ipython().input_transformers_cleanup.append(lambda lines: ['pass\\n'])\n"},
        EX01_ALL,
    ),
    "set_custom_exc swallowing every exception (ex01)": (
        "ex01_gf2m_mul",
        {
            "clmul": (
                "get_ipython().set_custom_exc((BaseException,), lambda *a, **k: None)\n"
                "def clmul(a, b):\n    raise NotImplementedError\n"
            ),
            "poly_reduce": "def poly_reduce(c, f):\n    return 0\n",
        },
        EX01_ALL,
    ),
    "patching the checks to pass (ex01)": (
        "ex01_gf2m_mul",
        {
            "clmul": (
                "from ecedu.grading import checks as _c\n"
                "for _n in dir(_c):\n    if _n.startswith('check_') or _n in ('fail', 'expect', 'same'):\n"
                "        setattr(_c, _n, lambda *a, **k: None)\n"
                "import builtins\nbuiltins.AssertionError = type('Nope', (Exception,), {})\n"
                "def clmul(a, b):\n    return 0\n"
            ),
            "poly_reduce": "def poly_reduce(c, f):\n    return 0\n",
        },
        EX01_ALL,
    ),
    # the 13 questions that used to be judged in the kernel (fields, callbacks, returned
    # functions, keyword arguments): the kernel's machinery no longer decides them either
    "set_custom_exc on the questions given fields (ex03)": (
        "ex03_itoh_tsujii",
        {"sqr_k": "get_ipython().set_custom_exc((BaseException,), lambda *a, **k: None)\n"},
        ("test_sqr_k", "test_itoh_tsujii", "test_cost"),
    ),
    "input transformer on the questions given callbacks (ex05)": (
        "ex05_double_and_add",
        {"bits_msb_first": "get_ipython().input_transformers_cleanup.append(lambda lines: ['pass\\n'])\n"},
        ("test_bits", "test_double_and_add", "test_cost", "test_scalar_mult"),
    ),
    "input transformer on a returned ctypes function (ex12)": (
        "ex12_ctypes",
        {"make_clmul32": "get_ipython().input_transformers_cleanup.append(lambda lines: ['pass\\n'])\n"},
        ("test_clmul32", "test_xor_words", "test_limbs", "test_gf163_native"),
    ),
    "set_custom_exc on the bootstrap, called with keywords (ex13)": (
        "ex13_benchmark",
        {"bootstrap_ci": "get_ipython().set_custom_exc((BaseException,), lambda *a, **k: None)\n"},
        ("test_speedup", "test_log_ratio_ci", "test_bootstrap", "test_verdict"),
    ),
    # work done outside the object the test counts on: right results, no counted operations
    "inversion done by the package, not through the counting field (ex03)": (
        "ex03_itoh_tsujii",
        {"itoh_tsujii": UNCOUNTED_INVERSION},
        ("test_cost",),
    ),
    "the kernel's CountingField patched to count nothing (ex03)": (
        "ex03_itoh_tsujii",
        {"itoh_tsujii": WRONG["ex03_itoh_tsujii"]["answers"]["itoh_tsujii"] + PATCHED_COUNTER},
        ("test_cost",),
    ),
    "callbacks called for show, the point computed elsewhere (ex05)": (
        "ex05_double_and_add",
        {"double_and_add": FOR_SHOW},
        ("test_double_and_add", "test_cost"),
        ("test_bits", "test_scalar_mult"),
    ),
    "the setup's naive k·P, no longer given (ex05)": (
        "ex05_double_and_add",
        NAIVE,
        ("test_double_and_add", "test_cost", "test_scalar_mult"),
    ),
    "k additions instead of double-and-add (ex05)": (
        "ex05_double_and_add",
        {"scalar_mult": K_ADDITIONS},
        ("test_scalar_mult",),
    ),
    "the checker's bin_mul (ex05)": (
        "ex05_double_and_add",
        BIN_MUL,
        ("test_double_and_add", "test_cost", "test_scalar_mult"),
    ),
    "the package's scalar multiplication on K-163 (ex05)": (
        "ex05_double_and_add",
        PKG_MUL,
        ("test_double_and_add", "test_scalar_mult"),
    ),
    # ex14-ex16 (Montgomery limbs, Solinas P-256, complete addition): the same gallery
    "int and tuple subclasses with rigged == (ex14)": (
        "ex14_montgomery_limbs",
        {
            "neg_inverse": RIGGED + "def neg_inverse(p, w):\n    return _A(1)\n",
            "redc": "def redc(T, p, w):\n    return _A(0)\n",
            "mont_mul": "def mont_mul(a, b, p, w):\n    return _T((_A(0), _A(0)))\n",
        },
        ("test_neg_inverse", "test_redc", "test_mont_mul", "test_count"),
    ),
    "list subclass and objects raising in __repr__ (ex15)": (
        "ex15_solinas_p256",
        {
            "solinas_terms": RIGGED
            + "class _L(list):\n    def __eq__(self, o): return True\n"
            + "def solinas_terms(c):\n    return _L([_A(0)] * 9)\n",
            "solinas_sum": "def solinas_sum(c):\n    return _O()\n",
        },
        ("test_terms", "test_sum"),
    ),
    "tuple subclass as a point and as a look-up result (ex16)": (
        "ex16_complete_addition",
        {
            "complete_add": RIGGED + "def complete_add(P, Q, p, b):\n    return _T((_A(0), _A(1), _A(0)))\n",
            "ct_lookup": "def ct_lookup(table, index):\n    return _T((_A(0), _A(0), _A(0)))\n",
        },
        ("test_complete_add", "test_exact", "test_lookup", "test_lookup_regular"),
    ),
    "the checker's own references (ex14)": (
        "ex14_montgomery_limbs",
        {
            "neg_inverse": "from ecedu.grading import checks as _c\nneg_inverse = _c.ref_neg_inverse\n",
            "redc": "redc = _c.ref_redc\n",
            "word_muls": "word_muls = _c.ref_word_muls\n",
        },
        EX14_ALL,
    ),
    "the checker's own references (ex15)": (
        "ex15_solinas_p256",
        {
            "solinas_terms": "from ecedu.grading import checks as _c\nsolinas_terms = _c.ref_solinas_terms\n",
            "solinas_sum": "solinas_sum = _c.ref_solinas_sum\n",
            "sum_bounds": "sum_bounds = _c.ref_solinas_bounds\n",
        },
        EX15_ALL,
    ),
    "the checker's own references (ex16)": (
        "ex16_complete_addition",
        {"complete_add": "from ecedu.grading import _reference as _r\ncomplete_add = _r.ref_rcb_add\n"},
        EX16_ALL,
    ),
    "input transformer that blanks every later cell (ex16, one test in the kernel)": (
        "ex16_complete_addition",
        {"complete_add": "get_ipython().input_transformers_cleanup.append(lambda lines: ['pass\\n'])\n"},
        EX16_ALL,
    ),
    "set_custom_exc swallowing every exception (ex16, one test in the kernel)": (
        "ex16_complete_addition",
        {"complete_add": "get_ipython().set_custom_exc((BaseException,), lambda *a, **k: None)\n"},
        EX16_ALL,
    ),
    "set_custom_exc swallowing every exception (ex07, regularity tested in the kernel)": (
        "ex07_ld_ladder",
        {
            "ladder_x": (
                "get_ipython().set_custom_exc((BaseException,), lambda *a, **k: None)\n"
                "def ladder_x(k, x, b, F):\n    return 0\n"
            )
        },
        ("test_ladder", "test_regular"),
    ),
    "patching the checks to pass (ex15)": (
        "ex15_solinas_p256",
        {
            "solinas_terms": (
                "from ecedu.grading import checks as _c\n"
                "for _n in dir(_c):\n    if _n.startswith('check_') or _n in ('fail', 'expect', 'same'):\n"
                "        setattr(_c, _n, lambda *a, **k: None)\n"
                "def solinas_terms(c):\n    return [0] * 9\n"
            ),
        },
        EX15_ALL,
    ),
}
# issue 17: "an empty submission scored 9/9 in four ways": these start from the blank release
EMPTY_SUBMISSION = {
    "the checker's own reference functions (ex01)",
    "input transformer that blanks every later cell (ex01)",
    "set_custom_exc swallowing every exception (ex01)",
    "patching the checks to pass (ex01)",
    "set_custom_exc on the questions given fields (ex03)",
    "input transformer on the questions given callbacks (ex05)",
    "input transformer on a returned ctypes function (ex12)",
    "set_custom_exc on the bootstrap, called with keywords (ex13)",
    "the checker's own references (ex14)",
    "the checker's own references (ex15)",
    "the checker's own references (ex16)",
    "input transformer that blanks every later cell (ex16, one test in the kernel)",
    "set_custom_exc swallowing every exception (ex16, one test in the kernel)",
    "patching the checks to pass (ex15)",
}


@pytest.mark.parametrize("name", list(CHEATS))
def test_cheat_scores_zero(name, tmp_path):
    ex, answers, zero, *honest = CHEATS[name]
    base = "blank" if name in EMPTY_SUBMISSION else "solution"
    rep = grade_notebook(
        write(submission(ex, answers, base=base), tmp_path / f"{ex}.ipynb"), root=EXERCISES, timeout=20
    )
    assert rep.exercise == ex
    if base == "blank":
        assert rep.score == 0, rep.to_json()
    # honest answers of the same notebook keep their points (by default: every question
    # not listed; a question built on a cheated answer is listed in ``honest`` explicitly)
    keep = honest[0] if honest else [q.name for q in rep.questions if q.name not in zero]
    for q in rep.questions:
        if q.name in zero:
            assert q.points == 0, (name, q)
        elif q.name in keep:
            assert q.points == q.max_points, (name, q)


def test_the_provenance_audit_is_what_stops_uncounted_work(tmp_path, monkeypatch):
    """The control for the uncounted inversion: with the audit switched off (in this,
    the grader's process), the same submission does score test_cost, so the zero above
    is the audit's doing."""
    monkeypatch.setattr(checks.CountingField, "audit_provenance", False)
    ex = "ex03_itoh_tsujii"
    sub = submission(ex, {"itoh_tsujii": UNCOUNTED_INVERSION})
    rep = grade_notebook(write(sub, tmp_path / f"{ex}.ipynb"), root=EXERCISES, timeout=20)
    assert rep.points_for("test_cost") == 2, rep.to_json()
    assert rep.points_for("test_itoh_tsujii") == 4, rep.to_json()


def test_rigged_values_are_refused_without_calling_their_methods():
    ns: dict = {}
    exec(RIGGED, ns)
    A, T, O = ns["_A"], ns["_T"], ns["_O"]
    for check, args in (
        (checks.check_int, (A(1),)),
        (checks.check_clmul, (A(5), 3, 3)),
        (checks.check_reduced, (A(1), 4)),
        (checks.check_point_shape, (T((1, 2)), "P")),
        (checks.check_point, (T((1, 2)), (1, 2), "P")),
        (checks.check_naf, ([A(1)], 1)),
        (checks.check_close, (O(), 1.0, "x")),
        (checks.check_ladder_x, (O(), 1, (1, 2), 1, 1, None)),
        (checks.check_neg_inverse, (A(1), 97, 8)),
        (checks.check_redc, (A(0), 5, 97, 8)),
        (checks.check_mont_mul, (T((A(0), A(0))), 1, 1, 97, 8)),
        (checks.check_mont_count, ((0, A(3)), 97, 8)),
        (checks.check_solinas_terms, ([A(0)] * 9, 5)),
        (checks.check_solinas_sum, (O(), 5)),
        (checks.check_solinas_bounds, (T((A(0), A(0))),)),
        (checks.check_complete_add, (T((A(0), A(1), A(0))), (0, 1, 0), (0, 1, 0), 53, 50, 6)),
        (checks.check_complete_add, ((A(0), 1, 0), (0, 1, 0), (0, 1, 0), 53, 50, 6)),
        (checks.check_rcb_exact, (T((1, 2, 3)), (0, 1, 0), (0, 1, 0), 53, 6)),
    ):
        with pytest.raises(AssertionError) as exc:
            check(*args)
        assert "expected" in str(exc.value) and "got _" in str(exc.value), str(exc.value)
    with pytest.raises(AssertionError, match="expected an int, got _A"):
        checks.check_int(A(3), "clmul(3, 3)")
    with pytest.raises(AssertionError, match="got _O"):
        checks.same(O(), 5, "wrong")
    checks.same((1, [2, b"x"]), (1, [2, b"x"]), "equal plain data passes")
    guarded = checks.strict_answer(lambda: A(1), "f")
    with pytest.raises(AssertionError, match="got _A"):
        guarded()


def test_questions_are_graded_independently(tmp_path):
    """ex07 half right: madd forgets to square Z₃.  madd loses its 3 points; the
    ladder, which calls madd, is graded with the reference madd put in and keeps its
    points, and its feedback names the earlier answer that failed."""
    bad_madd = (
        "def madd(X1, Z1, X2, Z2, x, F):\n    T1, T2 = F.mul(X1, Z2), F.mul(X2, Z1)\n"
        "    Z3 = T1 ^ T2\n    return F.mul(x, Z3) ^ F.mul(T1, T2), Z3\n"
    )
    ex = "ex07_ld_ladder"
    rep = grade_notebook(write(submission(ex, {"madd": bad_madd}), tmp_path / f"{ex}.ipynb"), root=EXERCISES)
    assert rep.points_for("test_madd") == 0
    assert rep.points_for("test_mdouble") == 2
    assert rep.points_for("test_ladder") == 3, rep.to_json()
    assert "madd (failed in test_madd)" in rep.feedback_for("test_ladder")
    # and a ladder that is wrong on its own still fails with the reference madd in place
    wrong_ladder = WRONG[ex]["answers"]["ladder_x"]
    rep = grade_notebook(
        write(
            submission(ex, {"madd": bad_madd, "ladder_x": wrong_ladder}), tmp_path / "both" / f"{ex}.ipynb"
        ),
        root=EXERCISES,
    )
    assert rep.points_for("test_ladder") == 0
    fb = rep.feedback_for("test_ladder")
    assert WRONG[ex]["feedback"] in fb and "graded with the reference madd" in fb, fb
