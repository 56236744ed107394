"""Where the settings are read from, and how they may be spelled."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ralph_validate.core.errors import InputError
from ralph_validate.validator.config import config_from

README = Path(__file__).resolve().parents[2] / "README.md"


def _readme_snippet() -> str:
    """The TOML block under the README's Configuration heading, as a user copies it."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Configuration") :]
    found = re.search(r"```toml\n(.*?)```", section, re.S)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize("name", ["pyproject.toml", ".ralph-validate.toml"])
def test_the_readme_snippet_works_in_either_file(name) -> None:
    snippet = _readme_snippet()
    assert snippet.startswith("[tool.ralph-validate]\n")
    config = config_from({name: snippet}.get)
    assert config.source == name
    assert config.exclude == ("fixtures/**",)
    assert config.sentinel_names == ("BUDGET",)
    assert config.include_vendored is False
    assert config.entries[0].line == 2


def test_the_own_file_reads_its_top_level_and_its_tool_table_alike() -> None:
    top = config_from({".ralph-validate.toml": 'ignore = ["PH003"]\n'}.get)
    table = config_from(
        {".ralph-validate.toml": '# shared\n[tool.ralph-validate]\nignore = ["PH003"]\n'}.get
    )
    assert top.ignore == table.ignore == ("PH003",)
    assert [(e.line, e.pattern) for e in table.entries] == [(3, "PH003")]
    assert not table.rule_enabled("PH003", "placeholder.sentinel")


@pytest.mark.parametrize(
    "text",
    [
        'ignore = ["PH003"]\n[tool.ralph-validate]\nexclude = ["a/**"]\n',
        '[tool.ralph-validate]\nignore = ["PH003"]\n[tool.ruff]\nline-length = 9\n',
        'tool = "x"\n',
    ],
)
def test_settings_at_both_levels_of_the_own_file_are_an_input_error(text) -> None:
    with pytest.raises(InputError, match="either at the top level or all under one"):
        config_from({".ralph-validate.toml": text}.get)


def test_an_unknown_setting_under_the_tool_table_is_still_named() -> None:
    with pytest.raises(InputError, match=r"unknown ralph-validate setting.*: colour"):
        config_from({".ralph-validate.toml": '[tool.ralph-validate]\ncolour = "red"\n'}.get)
