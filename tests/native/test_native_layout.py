"""The native library's house rules, checked: one source of truth for what C and Python
share, a generated file that is never stale, templates that clean up after themselves,
no cycle among the C units and no module reaching into another's private names."""

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ecedu import native
from ecedu.curves.sec2 import BINARY_CURVES, NATIVE_PRIME_CURVES, PRIME_CURVES
from ecedu.native import ecdsa_bridge, library

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "ecedu" / "native" / "src"

needs_lib = pytest.mark.skipif(not native.available(), reason="native library not built")


# ------------------------------------------------------------ constants shared with C


def _header_enum_names(prefix: str) -> list[str]:
    """The names ``prefix*`` of the public header's enums, in their order there."""
    text = (SRC / "ecedu_native.h").read_text()
    return re.findall(rf"^\s*({prefix}\w+)\s*=", text, re.M)


@needs_lib
def test_library_exports_every_constant_of_the_header():
    """src/constants.c lists every enum constant of ecedu_native.h, with the header's value."""
    names = _header_enum_names("ECEDU_")
    assert names and set(library.CONSTANTS) == set(names)


@needs_lib
def test_key_shapes_mirror_has_the_c_layout():
    """library.KeyShapes, the one C structure Python writes (ecedu_ecdh_key's argument), has the
    size and array bound the library was built with."""
    import ctypes

    assert library.SPKI_PREFIX_MAX == library.constant("ECEDU_SPKI_PREFIX_MAX")
    assert ctypes.sizeof(library.KeyShapes) == library.constant("ECEDU_KEY_SHAPES_BYTES")


@needs_lib
def test_every_error_code_has_an_exception_and_back():
    codes = {n for n in library.CONSTANTS if n.startswith("ECEDU_ERR_")}
    assert codes == set(library.ERRORS)
    values = [library.constant(n) for n in codes]
    assert len(set(values)) == len(values) and all(v < 0 for v in values)


@needs_lib
@pytest.mark.parametrize(
    "prefix, python_names",
    [
        ("ECEDU_IMPL_", native.IMPLEMENTATIONS),
        ("ECEDU_KOBLITZ_", native.KOBLITZ_METHODS),
        ("ECEDU_MODN_", ecdsa_bridge.MODN_OPS),
    ],
)
def test_python_names_follow_the_library(prefix, python_names):
    """Python's tuples of names are the library's constants, in the library's order."""
    assert library.names_with_prefix(prefix) == tuple(python_names)


@needs_lib
def test_cpu_feature_names_come_from_the_library():
    assert set(native.cpu_features()) == set(library.names_with_prefix("ECEDU_CPU_")) | {"using_pclmul"}


@needs_lib
def test_field_operations_cover_the_opcodes():
    ops = library.names_with_prefix("ECEDU_FIELD_")
    assert set(ops) == {"mul", "sqr", "inv", "sqrt", "half_trace", "trace", "inv_vartime"}
    for op in ops:  # each one has its public function
        assert callable(getattr(native, "field_" + op))


@needs_lib
def test_curve_table_is_the_registry():
    """The C table (generated from sec2.py) and the registry agree, curve by curve."""
    lib = library.lib()
    assert len(native.CURVES) == len(BINARY_CURVES)
    assert lib.ecedu_curve_count() == len(BINARY_CURVES) + len(NATIVE_PRIME_CURVES) == len(library.ALL_CURVES)
    for ci, (name, (poly, a, b, _gx, _gy, n, h)) in enumerate(BINARY_CURVES.items()):
        assert lib.ecedu_curve_name(ci).decode() == name == native.CURVES[ci]
        c = library.curve_params(name)
        assert (c.index, c.m, c.nbits, c.h) == (ci, poly[0], n.bit_length(), h)
        assert c.koblitz == (a in (0, 1) and b == 1)
    # the prime curves follow, in the order of sec2.NATIVE_PRIME_CURVES
    for j, name in enumerate(NATIVE_PRIME_CURVES):
        ci = len(BINARY_CURVES) + j
        p, _a, _b, _gx, _gy, n, h = PRIME_CURVES[name]
        assert lib.ecedu_curve_name(ci).decode() == name == library.PRIME_CURVES[j]
        c = library.curve_params(name)
        assert (c.index, c.m, c.nbits, c.h, c.koblitz) == (ci, p.bit_length(), n.bit_length(), h, False)
    assert lib.ecedu_curve_name(len(library.ALL_CURVES)) is None
    assert native.FIELD_DEGREES == tuple(sorted({poly[0] for poly, *_ in BINARY_CURVES.values()}))


def test_generated_curve_table_is_fresh():
    """tools/gen_curves.py --check: sec2_curves.c and curve/prime/sec2_prime_params.h are what
    the generator writes today."""
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_curves.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    generated_files = ("sec2_curves.c", "prime/sec2_prime_params.h", "prime/glv_params.h")
    for generated in (SRC / "curve" / g for g in generated_files):
        first = generated.read_text().splitlines()[0]
        assert "GENERATED" in first and "gen_curves.py" in first


# ------------------------------------------------------------ the templates


def _defined_macros(path: Path) -> set[str]:
    return set(re.findall(r"^\s*#\s*define\s+(\w+)", path.read_text(), re.M))


def test_every_template_macro_is_undefined_after_each_instance():
    """instance.tmpl.h undefines every macro the templates define and every per-instance one,
    so no instance sees the previous one's (the GF_HOT bug of the sanitizer build)."""
    driver = SRC / "instances" / "instance.tmpl.h"
    undefined = set(re.findall(r"^#undef\s+(\w+)", driver.read_text(), re.M))
    # the vector macros of lanes.tmpl.h are set anew before each of its inclusions (once per
    # vector width) and undefined at its end, so each inclusion cleans up after itself
    lanes = SRC / "field" / "gf2m" / "lanes.tmpl.h"
    lanes_undef = set(re.findall(r"^#undef\s+(\w+)", lanes.read_text(), re.M))
    assert lanes_undef and all(m.startswith("GV") for m in lanes_undef), sorted(lanes_undef)
    undefined |= lanes_undef
    defined = set()
    for t in SRC.rglob("*.tmpl.h"):
        defined |= _defined_macros(t)
    defined -= {"ECEDU_ZTAU_H"}  # include guards are not template macros
    assert defined - undefined == set(), f"not undefined: {sorted(defined - undefined)}"
    assert {"GF_PCLMUL", "GF_ZMUL", "GF_TABLE_NAME", "FN"} <= undefined
    # and the contract comment lists the template macros it undefines
    contract = driver.read_text().split("*/", 1)[0]
    for name in defined - {"GF_PCLMUL", "GF_ZMUL", "GF_TABLE_NAME", "FN"} - lanes_undef:
        assert name in contract, f"{name} missing from instance.tmpl.h's contract"


def test_sanitizer_build_flag_reaches_every_instance():
    """The sanitizer build turns forced inlining off by a flag the templates read each time
    (not by predefining GF_HOT, which the first instance's #undef would discard)."""
    from ecedu.native import build

    assert "-DECEDU_NO_FORCED_INLINE" in build.SANITIZE_FLAGS
    assert not any(f.startswith("-DGF_") for f in build.SANITIZE_FLAGS)
    assert "ECEDU_NO_FORCED_INLINE" in (SRC / "field" / "gf2m" / "words.tmpl.h").read_text()


def test_variable_time_has_one_spelling():
    """Variable-time functions end in _vartime; the old spellings are gone."""
    for path in list(SRC.rglob("*.[ch]")) + list((ROOT / "ecedu" / "native").glob("*.py")):
        text = path.read_text()
        for old in (r"\bvt_\w+\(", r"\w+_public\(", r"\w+_var\("):
            assert not re.search(old, text), f"{path.name}: {re.search(old, text).group()}"


def test_one_wipe():
    """Secrets are cleared by ecedu_wipe only (a plain loop of stores may be dropped)."""
    for path in SRC.rglob("*.[ch]"):
        text = path.read_text()
        assert not re.search(r"volatile\s+uint8_t\s*\*", text), path.name
        assert not re.search(
            r"for \(int \w+ = 0; \w+ < \(int\)sizeof \w+; \w+\+\+\) \w+\[\w+\] = 0;", text
        ), path.name


# ------------------------------------------------------------ the units' structure

_SYMBOL = re.compile(r"\b(ecedu_\w+)\b")


def _units():
    """C unit (a .c file with the templates it includes) -> its text."""
    units = {}
    for c in SRC.rglob("*.c"):
        text = c.read_text()
        for inc in re.findall(r'#include "([\w/.]+\.tmpl\.h)"', text):
            text += (SRC / inc).read_text()
            for inc2 in re.findall(r'#include "([\w/.]+\.tmpl\.h)"', (SRC / inc).read_text()):
                text += (SRC / inc2).read_text()
        units[c.relative_to(SRC).as_posix()] = text
    return units


def _definitions(text: str) -> set[str]:
    """Global symbols defined at file level: functions and the exported tables."""
    funcs = set(
        re.findall(r"^(?!static)[A-Za-z_][\w \*]*?\b(ecedu_\w+)\s*\([^;]*?\)\s*\{", text, re.M | re.S)
    )
    tables = set(re.findall(r"^const\s+\w+\s+(ecedu_\w+)\s*[\[=]", text, re.M))
    return funcs | tables


def test_no_cycle_among_the_c_units():
    """The units form layers: words/constants/cpu/fields, curves, protocols, bench on top."""
    units = _units()
    owner = {}
    for unit, text in units.items():
        for sym in _definitions(text):
            owner[sym] = unit
    for unit in units:  # the instance tables are named through macros
        if unit.startswith("instances/gf2m_"):
            m = re.search(r"gf2m_(\d+)\.c", unit).group(1)
            for lvl in native.IMPLEMENTATIONS:
                owner[f"ecedu_gf{m}_{lvl}"] = unit
    graph = {u: set() for u in units}
    for unit, text in units.items():
        for sym in set(_SYMBOL.findall(text)):
            if sym in owner and owner[sym] != unit:
                graph[unit].add(owner[sym])
    assert graph["bench.c"] and "protocol/ecdh.c" in graph["bench.c"]
    assert not any("bench.c" in deps for deps in graph.values()), "nothing calls the benchmarks"
    seen, on_path = set(), []

    def visit(u):
        if u in on_path:
            raise AssertionError("cycle: " + " -> ".join(on_path[on_path.index(u) :] + [u]))
        if u in seen:
            return
        on_path.append(u)
        for v in sorted(graph[u]):
            visit(v)
        on_path.pop()
        seen.add(u)

    for u in sorted(graph):
        visit(u)


def test_no_module_reaches_into_private_names_of_another():
    """No ecedu module imports another's _private name or uses importlib to find ecedu itself."""
    problems = []
    for path in (ROOT / "ecedu").rglob("*.py"):
        tree = ast.parse(path.read_text())
        ecedu_aliases = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                if node.level or mod.startswith("ecedu"):
                    own_package = node.level == 1 and node.module is None  # the package's __init__
                    for a in node.names:
                        if a.name.startswith("_") and not a.name.startswith("__") and not own_package:
                            problems.append(f"{path.name}: from {mod} import {a.name}")
                        ecedu_aliases.add(a.asname or a.name)
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.startswith("ecedu"):
                        ecedu_aliases.add((a.asname or a.name).split(".")[0])
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
                if (
                    node.args
                    and isinstance(node.args[0], ast.Constant)
                    and str(node.args[0].value).startswith("ecedu")
                ):
                    problems.append(f"{path.name}: importlib.import_module({node.args[0].value!r})")
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in ecedu_aliases
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                problems.append(f"{path.name}:{node.lineno}: {node.value.id}.{node.attr}")
    assert problems == []


# ------------------------------------------------------------ names users see


@needs_lib
def test_avx512_level_keeps_its_old_name_as_alias():
    best = native.implementation()
    if "avx512" not in native.available_implementations():
        with pytest.raises(RuntimeError):
            native.force_implementation("vpclmul")
        return
    native.force_implementation("vpclmul")
    try:
        assert native.implementation() == "avx512"
    finally:
        native.force_implementation(None)
    assert native.implementation() == best


def _fresh_process(code: str, **env) -> subprocess.CompletedProcess:
    """Run *code* in a new Python with the environment variables *env* set: the library reads the
    level variables when it loads."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env={**os.environ, **env}
    )


@needs_lib
@pytest.mark.parametrize(
    "env, expect",
    [
        ("vpclmul", "avx512"),
        ("avx512", "avx512"),
        ("avx2", "avx2"),
        ("avx", "avx"),
        ("pclmul", "pclmul"),
        ("portable", "portable"),
    ],
)
def test_environment_accepts_level_names_and_alias(env, expect):
    """ECEDU_NATIVE_IMPL, read by the library at load time (a fresh process)."""
    if expect not in native.available_implementations():
        pytest.skip(f"this CPU cannot run {expect}")
    r = _fresh_process("from ecedu import native; print(native.implementation())", ECEDU_NATIVE_IMPL=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == expect


@needs_lib
@pytest.mark.parametrize(
    "variable, value, names",
    [
        ("ECEDU_NATIVE_IMPL", "avx3", "portable, pclmul, avx, avx2, avx512"),
        ("ECEDU_NATIVE_IMPL", "AVX2", "portable, pclmul, avx, avx2, avx512"),
        ("ECEDU_PRIME_IMPL", "mulz", "portable, mulx, ifma"),
    ],
)
def test_environment_refuses_unknown_level_names(variable, value, names):
    """A typo in a level variable is an ECEduError naming the levels at load time, not the best
    level measured in silence (the C library ignores a name it does not know)."""
    r = _fresh_process("from ecedu import native", **{variable: value})
    assert r.returncode != 0
    last = r.stderr.strip().splitlines()[-1]
    assert (
        last
        == f"ecedu.errors.ECEduError: {variable}={value!r} is not a level; use one of {names} (or unset it)"
    )


@needs_lib
def test_prime_environment_accepts_level_names():
    """ECEDU_PRIME_IMPL's names, read by C (cpu.c) at load time: each level this CPU runs."""
    for level in native.available_prime_implementations():
        r = _fresh_process(
            "from ecedu import native; print(native.prime_implementation())", ECEDU_PRIME_IMPL=level
        )
        assert r.returncode == 0, r.stderr
        assert r.stdout.strip() == level


def test_package_data_ships_every_source():
    """A wheel carries every C source and header (the notebooks show them from the installed
    package): each file under src/ matches a package-data pattern of pyproject.toml."""
    import fnmatch
    import tomllib

    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "ecedu"
    ]
    for path in SRC.rglob("*"):
        if path.is_file():
            rel = path.relative_to(ROOT / "ecedu").as_posix()
            # setuptools globs do not cross "/" with "*", as fnmatch does: compare depths too
            ok = any(fnmatch.fnmatch(rel, p) and rel.count("/") == p.count("/") for p in patterns)
            assert ok, f"{rel} is not in [tool.setuptools.package-data]"
