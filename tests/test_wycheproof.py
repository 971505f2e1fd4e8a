"""Every Wycheproof test case in tests/vectors/wycheproof (Apache-2.0, see LICENSE there).

valid → the expected secret / True.  invalid → an ECEduError (ECDH) or False (ECDSA).
acceptable → ecedu's documented policy, pinned per flag:
  InvalidAsn        rejected (ECEduError): ecedu parses DER strictly, and where the DER is
                    fine but the point was altered, validation rejects the point;
  LowOrderPublic    rejected (InvalidPointError): full public-key validation;
  UnnamedCurve / UnusedParam  rejected (EncodingError): only named curves;
  CompressedPoint / CompressedPublic  accepted, with the expected secret.
Never a different secret.  Every case runs on both backends (the native one has secp256r1 and
secp256k1 in C: curve/prime/).
"""

import json
from pathlib import Path

import pytest

import ecedu
from ecedu import ecdh, ecdsa
from ecedu.backend import native_available
from ecedu.errors import ECEduError, EncodingError, InvalidPointError

HERE = Path(__file__).parent / "vectors" / "wycheproof"


def cases(pattern):
    for path in sorted(HERE.glob(pattern)):
        data = json.loads(path.read_text())
        for group in data["testGroups"]:
            for t in group["tests"]:
                yield pytest.param(group, t, id=f"{path.stem}-{t['tcId']}")


def acceptable_policy(flags):
    if "InvalidAsn" in flags:
        return ECEduError
    if "UnnamedCurve" in flags or "UnusedParam" in flags:
        return EncodingError
    if "LowOrderPublic" in flags:
        return InvalidPointError
    if "CompressedPoint" in flags or "CompressedPublic" in flags:
        return "secret"
    raise AssertionError(f"no policy for acceptable flags {flags}")


BACKENDS = [
    "python",
    pytest.param(
        "native", marks=pytest.mark.skipif(not native_available(), reason="native library not built")
    ),
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("group,t", list(cases("ecdh_*_test.json")))
def test_ecdh(group, t, backend):
    curve = ecedu.get_curve(group["curve"])
    d = int(t["private"], 16)
    public = bytes.fromhex(t["public"])
    expect = t["result"] if t["result"] != "acceptable" else acceptable_policy(t["flags"])
    if expect in ("valid", "secret"):
        assert ecdh.shared_secret(curve, d, public, backend=backend).hex() == t["shared"]
    elif expect == "invalid":
        with pytest.raises(ECEduError):
            ecdh.shared_secret(curve, d, public, backend=backend)
    else:
        with pytest.raises(expect):
            ecdh.shared_secret(curve, d, public, backend=backend)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("group,t", list(cases("ecdsa_*_test.json")))
def test_ecdsa(group, t, backend):
    curve = ecedu.get_curve(group["publicKey"]["curve"])
    assert group["sha"] == "SHA-256"
    key = bytes.fromhex(group["publicKeyDer"])
    ok = ecdsa.verify(curve, key, bytes.fromhex(t["msg"]), bytes.fromhex(t["sig"]), backend=backend)
    assert ok is (t["result"] == "valid")
    assert t["result"] != "acceptable"
