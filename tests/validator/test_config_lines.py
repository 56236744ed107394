"""Where the settings write each exclude/ignore entry: the line a suppression is reported at."""

from __future__ import annotations

from ralph_validate.validator.config import ConfigEntry, config_from
from ralph_validate.validator.config_lines import entry_lines


def entries(files: dict[str, str]) -> list[tuple[str, int, str, str, str]]:
    config = config_from(files.get)
    return [(e.file, e.line, e.key, e.pattern, e.comment) for e in config.entries]


def test_entries_of_a_multiline_array_sit_on_their_own_lines_with_their_comments() -> None:
    text = (
        "[project]\n"
        'name = "shop"\n'
        "\n"
        "[tool.ralph-validate]\n"
        "exclude = [\n"
        '    "vendor/**",  # generated clients\n'
        '    # a comment line with [brackets] and "quotes"\n'
        "    'build/**',\n"
        "]\n"
        'ignore = ["PH003", "test.skipped"]  # the vendor caps are documented\n'
    )
    assert entries({"pyproject.toml": text}) == [
        ("pyproject.toml", 6, "exclude", "vendor/**", "generated clients"),
        ("pyproject.toml", 8, "exclude", "build/**", ""),
        ("pyproject.toml", 10, "ignore", "PH003", "the vendor caps are documented"),
        ("pyproject.toml", 10, "ignore", "test.skipped", "the vendor caps are documented"),
    ]


def test_a_hash_inside_a_string_is_no_comment_and_escapes_are_decoded() -> None:
    text = '[tool."ralph-validate"]\nexclude = ["docs/#drafts/**", "a\\\\b/**"]  # why\n'
    assert entries({"pyproject.toml": text}) == [
        ("pyproject.toml", 2, "exclude", "a\\b/**", "why"),
        ("pyproject.toml", 2, "exclude", "docs/#drafts/**", "why"),
    ]


def test_dotted_keys_and_the_top_level_of_the_tool_file_are_read() -> None:
    dotted = '[tool]\nralph-validate.ignore = ["CT004"]\n'
    assert entries({"pyproject.toml": dotted}) == [("pyproject.toml", 2, "ignore", "CT004", "")]
    own = '# settings\nignore = [\n  "TI007",\n]\n'
    assert entries({".ralph-validate.toml": own}) == [
        (".ralph-validate.toml", 3, "ignore", "TI007", "")
    ]


def test_the_other_tables_lists_of_the_same_name_are_not_entries() -> None:
    text = (
        '[tool.ruff]\nexclude = ["fixtures"]\n[tool.ruff.lint]\nignore = ["E501"]\n'
        '[tool.ralph-validate]\nignore = ["PH001"]\n'
    )
    assert entries({"pyproject.toml": text}) == [("pyproject.toml", 6, "ignore", "PH001", "")]


def test_an_entry_the_scanner_cannot_place_is_reported_at_its_key() -> None:
    found, key_lines = entry_lines('[tool.ralph-validate]\nignore = """x"""\n', ("tool",))
    assert (found, key_lines) == ([], {})
    config = config_from(
        {"pyproject.toml": '[tool.ralph-validate]\nignore = [\n"""PH001"""]\n'}.get
    )
    assert config.entries == (ConfigEntry("pyproject.toml", 2, "ignore", "PH001"),)
