import os
import shutil

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ecedu", deadline=None, max_examples=25, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "thorough", deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ecedu"))


@pytest.fixture(scope="session")
def openssl():
    path = shutil.which("openssl")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("openssl is required in CI")
        pytest.skip("openssl CLI not installed")
    return path
