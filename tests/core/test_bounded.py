"""core/bounded.py: every JSON, TOML and YAML read is bounded in nesting and alias expansion,
and fails with the parser's own error type so each caller keeps its handling."""

from __future__ import annotations

import json
import time
import tomllib

import pytest
import yaml

from ralph_validate.core import bounded

DEEP = (20_000, 100_000)
BOMB = "".join(
    f"{name}: &{name} [{', '.join([f'*{prev}'] * 9) if prev else ', '.join(['lol'] * 9)}]\n"
    for prev, name in zip(["", *"abcdefgh"], "abcdefghi", strict=True)
)


@pytest.mark.reliability(cls="crash or hang", outcome="clear error")
@pytest.mark.parametrize("depth", DEEP)
def test_deep_json_is_a_decode_error_naming_the_bound(depth: int) -> None:
    with pytest.raises(json.JSONDecodeError, match="nested deeper than 200 levels"):
        bounded.json_loads("[" * depth + "]" * depth)
    with pytest.raises(json.JSONDecodeError, match="nested deeper"):
        bounded.json_loads('{"a":' * depth + "1" + "}" * depth)


@pytest.mark.reliability(cls="crash or hang", outcome="clear error")
@pytest.mark.parametrize("depth", DEEP)
def test_deep_toml_is_a_decode_error_naming_the_bound(depth: int) -> None:
    with pytest.raises(tomllib.TOMLDecodeError, match="nested deeper than 200 levels"):
        bounded.toml_loads("a = " + "[" * depth + "]" * depth)
    with pytest.raises(tomllib.TOMLDecodeError, match="nested deeper"):
        bounded.toml_loads("a = " + "{b = " * depth + "1" + "}" * depth)


@pytest.mark.reliability(cls="crash or hang", outcome="clear error")
@pytest.mark.parametrize("depth", DEEP)
def test_deep_yaml_is_a_yaml_error_naming_the_bound(depth: int) -> None:
    flow = "[" * depth + "]" * depth
    for read in (bounded.yaml_compose, bounded.yaml_load, bounded.yaml_compose_all):
        with pytest.raises(yaml.YAMLError, match="nested deeper than 200 levels"):
            read(flow)
    block = "".join(" " * i + "- \n" for i in range(0, 2 * 300, 2)) + " " * 600 + "x\n"
    with pytest.raises(yaml.YAMLError, match="nested deeper"):
        bounded.yaml_compose(block)


@pytest.mark.reliability(cls="crash or hang", outcome="clear error")
def test_an_alias_bomb_is_refused_quickly() -> None:
    assert len(BOMB) < 400
    started = time.monotonic()
    for read in (bounded.yaml_compose, bounded.yaml_load, bounded.yaml_compose_all):
        with pytest.raises(yaml.YAMLError, match="aliases expand to more than"):
            read(BOMB)
    assert time.monotonic() - started < 5


def test_shared_aliases_below_the_bound_still_read() -> None:
    """The honest twin: anchors reused a few times are ordinary YAML (CI files do it)."""
    text = "base: &b {image: node, steps: [1, 2]}\njob1: *b\njob2: *b\n"
    assert bounded.yaml_load(text)["job2"] == {"image": "node", "steps": [1, 2]}
    small = "\n".join(BOMB.splitlines()[:4]) + "\n"  # 9**4 values
    assert len(bounded.yaml_load(small)["d"]) == 9


@pytest.mark.parametrize("depth", (1, 50, 200))
def test_nesting_within_the_bound_reads_as_before(depth: int) -> None:
    nested = "[" * depth + "]" * depth
    assert bounded.json_loads(nested) == json.loads(nested)
    assert bounded.toml_loads(f"a = {nested}") == tomllib.loads(f"a = {nested}")
    assert bounded.yaml_load(nested) == yaml.safe_load(nested)


def test_brackets_in_strings_and_comments_are_not_nesting() -> None:
    many = "[" * 1000
    assert bounded.json_loads(json.dumps({"k": many, "e": '\\"' + many})) == {
        "k": many,
        "e": '\\"' + many,
    }
    toml = (
        f'a = "{many}"\nb = \'{many}\'\nc = """\n{many}\n"""  # {many}\n[t]\nd = [[1], {{x = 1}}]\n'
    )
    assert bounded.toml_loads(toml) == tomllib.loads(toml)
    assert bounded.yaml_load(f"a: '{many}'\n") == {"a": many}


def test_the_errors_are_the_parsers_own_types() -> None:
    with pytest.raises(json.JSONDecodeError):
        bounded.json_loads("{")
    with pytest.raises(tomllib.TOMLDecodeError):
        bounded.toml_loads("a = ")
    with pytest.raises(yaml.YAMLError):
        bounded.yaml_compose("a: [")
