# The commands a user (and CI) runs.  Each target sets up first, so one command is enough.
PY := .venv/bin/python
SECONDS ?= 1

.PHONY: setup speed test test-fast lint book exercises clean full-run

setup:
	@bash scripts/setup.sh

## The main job: ECDH speed of ecedu next to `openssl speed ecdh`, per curve, with ratios and a plot.
speed: setup
	@mkdir -p out
	$(PY) -m ecedu speed ecdh --seconds $(SECONDS) --plot out/speed_ecdh.png -o out/speed_ecdh.json

## The whole test suite: package, native kernels, constant-time, notebooks (executed once, into
## the book's cache: tests/book), exercises, book.  --dist worksteal: a worker that runs out of
## tests takes half of the other's queue (with xdist's default, --dist load, the queues are dealt
## out once: on a 2-core machine one worker finished its 6,000 quick tests in 2 minutes and then
## sat idle for 10 while the other ran the slow ones -- 45% of the CPU time idle, 12.7 min in all).
test: setup
	ECEDU_SHORT=1 $(PY) -m pytest -n 2 --dist worksteal --durations=20 tests

## Only the package's own tests (no notebooks, book or grading) — for quick iterations.
test-fast: setup
	ECEDU_SHORT=1 $(PY) -m pytest -n 2 --dist worksteal tests --ignore=tests/book --ignore=tests/grading

## The long vectors the suite leaves out for time: RFC 7748 5.2's X25519 iterated 1,000,000 times
## (natively, about 30 s).  CI runs it after the suite (.ci/run).
test-long: setup
	ECEDU_X25519_MILLION=1 $(PY) -m pytest tests/test_x25519.py -k million

## ruff: lint and format check (the test suite runs the same).
lint: setup
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .

book: setup
	$(PY) book/build.py

## The full-length measurements of chapters 09 and 10 on this machine (about 7 min; run it on a quiet
## machine), stored with date, CPU and flags, OpenSSL, ecedu version and commit in
## notebooks/data/full_run.json; the book (built in short mode) then shows this run instead of its
## short CI measurement.
full-run: setup
	$(PY) -m ecedu.bench.fullrun -o notebooks/data/full_run.json

exercises: setup
	$(PY) -m ecedu.grading.release

clean:
	rm -rf out book/_build .pytest_cache
