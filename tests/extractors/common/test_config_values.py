"""Configuration files give their values and comments as facts, each at its own line."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Binding, Comment


def _bindings(path: str, text: str) -> list[tuple[str, str, int, float | None]]:
    facts = extract(path, text.encode("utf-8"))
    return [(b.name, b.value, b.line, b.number) for b in facts.of_type(Binding)]


def _comments(path: str, text: str) -> list[tuple[int, str]]:
    return [(c.line, c.text) for c in extract(path, text.encode("utf-8")).of_type(Comment)]


def test_json_values_sit_at_their_keys_lines() -> None:
    text = (
        '{\n  "db": {\n    "timeout_ms": 1000000000,\n    "name": "orders"\n  },\n  "ids": [7]\n}\n'
    )
    assert _bindings("config/app.json", text) == [
        ("timeout_ms", "1000000000", 3, 1e9),
        ("name", "orders", 4, None),
        ("ids", "7", 6, 7.0),
    ]


def test_json_that_does_not_parse_has_no_values() -> None:
    assert _bindings("config/app.json", '{"timeout_ms": 1,,}') == []


def test_yaml_comments_are_outside_strings_and_values_keep_hex() -> None:
    text = (
        "limits:\n"
        "  # TODO: measure\n"
        "  budget: 0xDEADBEEF  # not final\n"
        '  note: "# inside a string"\n'
        "  url: http://x.org/#frag\n"
    )
    assert _bindings("deploy/limits.yaml", text) == [
        ("budget", "0xDEADBEEF", 3, float(0xDEADBEEF)),
        ("note", "# inside a string", 4, None),
        ("url", "http://x.org/#frag", 5, None),
    ]
    assert _comments("deploy/limits.yaml", text) == [(2, "TODO: measure"), (3, "not final")]


def test_toml_values_and_comments_with_a_hash_inside_a_string() -> None:
    text = (
        "[tool.loader]\n"
        'label = "a # b"\n'
        "retries = [\n  1,\n  2,\n]\n"
        "max_rows = 9999  # for now\n"
        "[other]\nmax_rows = 3\n"
    )
    assert _bindings("loader.toml", text) == [
        ("label", "a # b", 2, None),
        ("retries", "1", 6, 1.0),
        ("retries", "2", 6, 2.0),
        ("max_rows", "9999", 7, 9999.0),
        ("max_rows", "3", 9, 3.0),
    ]
    assert _comments("loader.toml", text) == [(7, "for now")]


def test_env_files_give_values_and_comments_but_templates_do_not() -> None:
    text = "# limits\nexport TIMEOUT_MS=99999 # TODO pick\nNAME='a # b'\n\nPORT=8080\n"
    assert _bindings(".env.production", text) == [
        ("TIMEOUT_MS", "99999", 2, 99999.0),
        ("NAME", "a # b", 3, None),
        ("PORT", "8080", 5, 8080.0),
    ]
    assert _comments(".env", text) == [(1, "limits"), (2, "TODO pick")]
    assert _bindings(".env.example", text) == []


def test_lock_files_and_test_folders() -> None:
    assert _bindings("package-lock.json", '{"timeout": 99999}') == []
    facts = extract("tests/data/limits.json", b'{"timeout": 99999}')
    assert [b.in_test for b in facts.of_type(Binding)] == [True]
