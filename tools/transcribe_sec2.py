"""Transcribe SEC 2 domain parameters from the local OpenSSL into ecedu/curves/sec2.py.

Run once by a maintainer (``python tools/transcribe_sec2.py > ecedu/curves/sec2.py``);
the package itself never calls OpenSSL for its parameters.  The tests then check every
curve independently (irreducible f, G on the curve, n*G = O, ...).
"""

import argparse
import re
import subprocess

BINARY = [
    "sect163k1",
    "sect163r1",
    "sect163r2",
    "sect193r1",
    "sect193r2",
    "sect233k1",
    "sect233r1",
    "sect239k1",
    "sect283k1",
    "sect283r1",
    "sect409k1",
    "sect409r1",
    "sect571k1",
    "sect571r1",
]
PRIME = [
    "secp160r1",
    "secp192r1",
    "secp224r1",
    "secp256r1",
    "secp384r1",
    "secp521r1",
    "secp256k1",
    # SEC 2 Koblitz primes (GLV endomorphism), then RFC 5639 Brainpool: primes of no special form
    "secp160k1",
    "secp192k1",
    "secp224k1",
    "brainpoolP224r1",
    "brainpoolP256r1",
    "brainpoolP320r1",
    "brainpoolP384r1",
    "brainpoolP512r1",
]
OPENSSL_NAME = {"secp192r1": "prime192v1", "secp256r1": "prime256v1"}


def _hex_block(text, label):
    m = re.search(label + r"(?: \(uncompressed\))?:\s*((?:[0-9a-f]{2}:?\s*)+)", text)
    if m is None:
        m = re.search(label + r":\s+(\d+)", text)
        return int(m.group(1))
    return int(re.sub(r"[^0-9a-f]", "", m.group(1)), 16)


def main(argv=None):
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)  # --help; no options
    print('"""SEC 2 (v1.0/v2.0) and RFC 5639 (Brainpool) domain parameters, as data.')
    print()
    print("Transcribed from OpenSSL's built-in tables by tools/transcribe_sec2.py; every value")
    print("is re-checked by tests/test_curves.py against the mathematics (not against OpenSSL),")
    print("and tests/test_curves.py compares the eight curves added for issue 18 (SEC 2 v2.0 §2.2-2.4,")
    print("RFC 5639 §3.3-3.7) with `openssl ecparam -param_enc explicit` at test time.")
    print('"""')
    print()
    print("# name: (field polynomial exponents, a, b, Gx, Gy, n, h)")
    print("BINARY_CURVES = {")
    for name in BINARY:
        t = subprocess.run(
            ["openssl", "ecparam", "-name", name, "-param_enc", "explicit", "-text", "-noout"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        poly = _hex_block(t, "Polynomial")
        exps = tuple(i for i in range(poly.bit_length() - 1, -1, -1) if poly >> i & 1)
        a, b = _hex_block(t, "A"), _hex_block(t, "B")
        g = _hex_block(t, "Generator")
        m = exps[0]
        nbytes = (m + 7) // 8
        gx, gy = (g >> (8 * nbytes)) & ((1 << 8 * nbytes) - 1), g & ((1 << 8 * nbytes) - 1)
        n = _hex_block(t, "Order")
        h = int(re.search(r"Cofactor:\s+(\d+)", t).group(1))
        print(
            f"    {name!r}: (\n        {exps!r},\n        {a:#x},\n        {b:#x},\n"
            f"        {gx:#x},\n        {gy:#x},\n        {n:#x},\n        {h},\n    ),"
        )
    print("}")
    print()
    print("# name: (p, a, b, Gx, Gy, n, h)")
    print("PRIME_CURVES = {")
    for name in PRIME:
        t = subprocess.run(
            [
                "openssl",
                "ecparam",
                "-name",
                OPENSSL_NAME.get(name, name),
                "-param_enc",
                "explicit",
                "-text",
                "-noout",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        p = _hex_block(t, "Prime")
        a, b = _hex_block(t, "A"), _hex_block(t, "B")
        g = _hex_block(t, "Generator")
        nbytes = (p.bit_length() + 7) // 8
        gx, gy = (g >> (8 * nbytes)) & ((1 << 8 * nbytes) - 1), g & ((1 << 8 * nbytes) - 1)
        n = _hex_block(t, "Order")
        h = int(re.search(r"Cofactor:\s+(\d+)", t).group(1))
        print(
            f"    {name!r}: (\n        {p:#x},\n        {a:#x},\n        {b:#x},\n"
            f"        {gx:#x},\n        {gy:#x},\n        {n:#x},\n        {h},\n    ),"
        )
    print("}")
    print()
    print("# name: dotted OID (SEC 2 section A.2, X9.62 for prime192v1/prime256v1, RFC 5639 §4.1)")
    print("OIDS = {")
    for name in BINARY + PRIME:
        der = subprocess.run(
            ["openssl", "ecparam", "-name", OPENSSL_NAME.get(name, name), "-outform", "DER"],
            capture_output=True,
            check=True,
        ).stdout
        oid = _decode_oid(der[2 : 2 + der[1]])
        print(f"    {name!r}: {oid!r},")
    print("}")


def _decode_oid(body):
    first = body[0]
    arcs = [first // 40, first % 40]
    v = 0
    for byte in body[1:]:
        v = (v << 7) | (byte & 0x7F)
        if not byte & 0x80:
            arcs.append(v)
            v = 0
    return ".".join(map(str, arcs))


if __name__ == "__main__":
    main()
