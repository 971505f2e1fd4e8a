from ecedu import native
from ecedu.native import library
for name in library.PRIME_CURVES:
    n = 200
    t = native.bench_ecdh(name, n)
    tb = native.bench_scalar_mult_base(name, n)
    ts = native.bench_ecdsa_sign(name, n)
    tv = native.bench_ecdsa_verify(name, n)
    print(f"{name}: ecdh {n/t:8.0f}/s  base {n/tb:8.0f}/s  sign {n/ts:8.0f}/s verify {n/tv:8.0f}/s")
