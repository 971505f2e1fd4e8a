#!/usr/bin/env bash
# One-step set-up for a fresh clone: system tools (Debian/Ubuntu, when run as root), a virtual
# environment at .venv, and ecedu installed editable with everything the course and tests use.
# Building the package also compiles the native C library (ecedu/native).
set -euo pipefail
cd "$(dirname "$0")/.."

# The Python: $PYTHON, else the first of python3, python3.11, 3.12, 3.13 that is 3.11 or newer.
PY=${PYTHON:-}
if [ -z "$PY" ]; then
  for p in python3 python3.11 python3.12 python3.13; do
    if command -v "$p" >/dev/null && "$p" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      PY=$p
      break
    fi
  done
fi
if [ -z "$PY" ] || ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "setup: ecedu needs Python 3.11 or newer; none found as python3.11+ or python3 (set PYTHON=/path/to/python3.11)" >&2
  exit 1
fi

need=()
command -v gcc >/dev/null || need+=(gcc)
command -v openssl >/dev/null || need+=(openssl)
[ -f /usr/include/valgrind/memcheck.h ] && command -v valgrind >/dev/null || need+=(valgrind)
command -v bwrap >/dev/null || need+=(bubblewrap)   # the sandbox of python -m ecedu grade
# Debian's Python has no working venv module until python3.X-venv (or python3-venv) is installed
venv_pkg=
"$PY" -c 'import ensurepip, venv' 2>/dev/null || venv_pkg="$("$PY" -c 'import sys; print("python%d.%d-venv" % sys.version_info[:2])')"
# optional, each installed on its own so that a distribution without the package name (Ubuntu
# has chromium only as a snap) still sets up the rest: chromium (the book's browser test) and
# Node.js with npm (JupyterHub's proxy for the hub test, below)
optional=()
command -v chromium >/dev/null || optional+=(chromium)
command -v npm >/dev/null || optional+=("nodejs npm")
if [ ${#need[@]} -gt 0 ] || [ ${#optional[@]} -gt 0 ] || [ -n "$venv_pkg" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq
    if [ ${#need[@]} -gt 0 ]; then
      echo "setup: installing system packages: ${need[*]}"
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
    fi
    if [ -n "$venv_pkg" ]; then
      echo "setup: installing $venv_pkg (the venv module)"
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$venv_pkg" >/dev/null \
        || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
    fi
    for pkgs in "${optional[@]}"; do
      echo "setup: installing $pkgs"
      # shellcheck disable=SC2086 # "nodejs npm" is two packages
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $pkgs >/dev/null \
        || echo "setup: could not install $pkgs; the tests needing it will skip (outside CI)" >&2
    done
  else
    echo "setup: please install these system packages: ${need[*]} $venv_pkg ${optional[*]} (tests needing them will skip)" >&2
  fi
fi

# --- issue 18: clang and its MemorySanitizer runtime, for the second constant-time checker
# (tests/ctime/test_ctime_msan.py, built below; it skips without them).  Apart, so that a
# distribution without these package names still sets up the rest.  Measured on Debian
# bookworm (clang 14): apt-get update + install 12 s, 107 MB installed where libllvm14 and
# libclang-cpp14 were already present (about 280 MB with them, more to download).
msan_probe() { # can clang build and run a -fsanitize=memory program here? (about 0.3 s)
  local d rc
  d=$(mktemp -d)
  printf 'int main(void){return 0;}\n' | clang -fsanitize=memory -x c - -o "$d/p" 2>/dev/null && "$d/p"
  rc=$?
  rm -rf "$d"
  return $rc
}
if [ "$(uname -m)" = x86_64 ] && ! { command -v clang >/dev/null && msan_probe; }; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing clang libclang-rt-dev (MemorySanitizer)"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends clang libclang-rt-dev >/dev/null; } \
      || echo "setup: could not install clang + libclang-rt-dev; the MSan constant-time test will skip" >&2
  else
    echo "setup: please install clang and libclang-rt-dev (the MSan constant-time test will skip)" >&2
  fi
fi
# --- end issue 18 ---

# a .venv left half-made (no pip: a venv module without ensurepip) is made again
if [ ! -x .venv/bin/python ] || ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
  rm -rf .venv
  "$PY" -m venv .venv
fi
# Install only when what decides the installation changed (pyproject.toml, setup.py, this
# script): a second `make test` starts in seconds.  The editable install follows the sources.
stamp=.venv/.ecedu-setup-stamp
want=$(cat pyproject.toml setup.py scripts/setup.sh | sha256sum | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  .venv/bin/python -m pip install -q --upgrade pip setuptools wheel
  .venv/bin/python -m pip install -q -e '.[dev]'
  echo "$want" > "$stamp"
fi
# JupyterHub's proxy (configurable-http-proxy, from npm) into the venv, for the hub test
# (tests/grading/test_hub.py skips without it): needs Node.js >= 18 and npm.
chp=.venv/node_modules/.bin/configurable-http-proxy
if [ ! -x "$chp" ]; then
  if command -v npm >/dev/null; then
    npm install --prefix .venv --no-audit --no-fund --loglevel=error 'configurable-http-proxy@^4.6' >/dev/null \
      || echo "setup: npm could not install configurable-http-proxy; the JupyterHub test will skip" >&2
  else
    echo "setup: no npm here: the JupyterHub test will skip, or fail under CI (install Node.js 18+ and rerun)" >&2
  fi
fi
# The native library: compiled only if its sources (or flags) changed since the last build.
# Under CI a failure stops here: the native tests would otherwise all skip and the run pass.
if ! .venv/bin/python -m ecedu.native.build >/dev/null; then
  echo "setup: the native library did not build (see above); the Python backend still works" >&2
  [ -z "${CI:-}" ] || exit 1
fi
# issue 18: the MemorySanitizer builds of the ctime drivers (build/ctime_msan/), fingerprinted
# like the native library: an unchanged tree costs 0.4 s; a full build 2 min 54 s of CPU (about
# 1.5 min on 2 idle cores; 4-7 min measured on the shared machine), most of it the seven gf2m
# instances (tests/ctime/build_msan.py -v prints each unit's time).  Not paid in the test run.
if command -v clang >/dev/null; then
  .venv/bin/python tests/ctime/build_msan.py >/dev/null || echo "setup: the MSan ctime build failed (see above); tests/ctime/test_ctime_msan.py will try again" >&2
fi
# The AddressSanitizer + UBSan build of the native library (tests/native/test_native_asan.py
# and the fuzz under it), fingerprinted like the others: built here so that the test run does
# not pay it (about 1.5 min on 2 idle cores; the clean-clone test run had it at 157 s with the fuzz).
.venv/bin/python -m ecedu.native.build --sanitize >/dev/null || echo "setup: the ASan build failed (see above); tests/native/test_native_asan.py will try again" >&2
# The fe-ops driver of tests/native/test_native_fe_ops.py, plain and with ASan + UBSan
# (build/fe_ops/, fingerprinted): the sanitized one took 34 s of the clean-clone test run.
.venv/bin/python tests/native/build_fe_ops.py >/dev/null || echo "setup: the fe-ops driver did not build (see above); tests/native/test_native_fe_ops.py will try again" >&2
.venv/bin/python -c "import ecedu, ecedu.backend as b; print('setup: ecedu', ecedu.__version__, '| native backend:', 'yes' if b.native_available() else 'no (' + b.native_reason() + ')')"
