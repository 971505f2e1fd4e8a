"""``ecedu speed modexp``: the openssl speed RSA lines, the records and the table."""

import pytest

from ecedu import native
from ecedu.bench import modexp, opensslspeed, runner


def test_parse_rsa_lines():
    out = "+F2:1:1024:17506.000000:294942.424242\n+F2:3:2048:5157.5:81000.0\n+F5:6:163:2821.0:0.000354\n"
    parsed = opensslspeed.parse_mr(out, "+DTP:1024:private:rsa:1\n+R1:17506:1024:1.00\n")
    assert opensslspeed.rsa_sign_for(parsed, 1024) == 17506.0
    assert opensslspeed.rsa_sign_for(parsed, 2048) == 5157.5
    assert opensslspeed.rsa_sign_for(parsed, 4096) is None
    assert [r.kind for r in parsed.results] == ["ecdh"]  # the ECDH parse is unchanged


def test_seeded_rsa_key_is_a_key():
    key = modexp.rsa_key(256)
    p, q, dp, dq, qinv = key["crt"]
    assert p * q == key["n"] and qinv * q % p == 1
    m = 123456789
    assert pow(pow(m, key["e"], key["n"]), key["d"], key["n"]) == m


@pytest.mark.skipif(not native.available(), reason="native library not built")
def test_run_records_table_and_plot(tmp_path):
    cfg = runner.Config(op="modexp", seconds=0.1, windows=1, openssl_runs=1, openssl=False)
    records = modexp.run(cfg, sizes=(512,), mul_sizes=(256,))
    crt = [r for r in records if r["op"] == "modexp_crt"]
    mul = [r for r in records if r["op"] == "prime_mul"]
    sqr = [r for r in records if r["op"] == "prime_sqr"]
    confs = [(w, level) for w, level, _ in modexp.configs(native)]
    chain = [(w, level) for w, level, _ in modexp.configs(native, chain=True)]
    assert confs[:2] == [(32, "portable"), (64, "portable")]
    assert chain == [c for c in confs if c[1] != "ifma"]  # ifma: the RSA operation only
    assert [(r["limb_bits"], r["level"]) for r in crt] == confs
    assert [(r["limb_bits"], r["level"]) for r in mul] == chain == [(r["limb_bits"], r["level"]) for r in sqr]
    for r in records:
        assert r["variant"] == "montgomery" and r["field"] == r["bits"] and r["ops_per_s"] > 0
        assert r["ratio_64_32"] > 0
        assert (r["level"] == "mulx") == (r["ratio_mulx_portable"] is not None)
        assert r["level"] == "portable" or r["level"] == "ifma" or r["ratio_mulx_portable"] > 0
    for r in crt:
        assert (r["level"] == "ifma") == (r.get("ratio_ifma_mulx") is not None)
        assert r["level"] != "ifma" or r["ratio_ifma_mulx"] > 0
    assert native.prime_implementation() == native.available_prime_implementations()[-1]  # reset
    assert all("MISMATCH" not in str(r["checks"]) for r in crt)
    table = modexp.format_table(records)
    assert (
        "RSA private-key operation" in table and "64/32 speed-up" in table and "Montgomery squaring" in table
    )
    png = tmp_path / "modexp.png"
    assert modexp.plot(records, str(png), title="test") == str(png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000
