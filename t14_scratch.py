import random, subprocess
import ecedu
from ecedu import ecdh, ecdsa, keys
from ecedu.curves import get_curve
from ecedu.native import library
print([n for n in dir(ecdh) if not n.startswith('_')][:20])
for name in library.PRIME_CURVES:
    C = get_curve(name)
    d = random.randrange(1, C.n); e = random.randrange(1, C.n)
    from ecedu.scalar import fixed_base_mult
    Q = fixed_base_mult(C, e)
    F = (C.field.p.bit_length()+7)//8 if hasattr(C.field,'p') else None
    enc = b"\x04" + Q[0].to_bytes(F,'big') + Q[1].to_bytes(F,'big')
    encc = bytes([2 + (Q[1]&1)]) + Q[0].to_bytes(F,'big')
    a = ecdh.shared_secret(C, d, enc, backend="python")
    b = ecdh.shared_secret(C, d, enc, backend="native")
    c = ecdh.shared_secret(C, d, encc, backend="native")
    for h in ("sha256", "sha384", "sha224", "sha3_256"):
        s1 = ecdsa.sign(C, d, b"hello", hash=h, backend="python")
        s2 = ecdsa.sign(C, d, b"hello", hash=h, backend="native")
        Pd = fixed_base_mult(C, d)
        pub = b"\x04" + Pd[0].to_bytes(F,'big') + Pd[1].to_bytes(F,'big')
        v1 = ecdsa.verify(C, pub, b"hello", s2, hash=h, backend="native")
        v2 = ecdsa.verify(C, pub, b"hellp", s2, hash=h, backend="native")
        v3 = ecdsa.verify(C, pub, b"hello", s2, hash=h, backend="python")
        if not (s1 == s2 and v1 and not v2 and v3): print("FAIL", name, h, s1==s2, v1, v2, v3)
    print(name, a == b == c)
