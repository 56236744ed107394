"""The configuration reader on damaged settings files keeps its contract: InputError with one
line naming the file, or a Config."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from mutations import mutated

from ralph_validate.core.errors import InputError
from ralph_validate.validator.config import Config, config_from

SEEDS = (
    b'[tool.ralph-validate]\nexclude = ["vendor/**", "build/**"]\n',
    b'exclude = ["gen/**"]\n[ignore]\n"IM001" = ["tests/**"]\n',
)


@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(SEEDS))
def test_config_reader(data: bytes) -> None:
    text = data.decode("utf-8", "replace")
    for name in (".ralph-validate.toml", "pyproject.toml"):
        try:
            config = config_from(lambda asked, name=name: text if asked == name else None)
        except InputError as err:
            assert "\n" not in err.message and name in err.message
            continue
        assert isinstance(config, Config)
