"""One algorithm follows a statement's effect on local shapes in every language: bindings,
field writes, writes under computed keys (the object stays open) and merges."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common import treesitter as T
from ralph_validate.extractors.common.adapter import CodeSyntax
from ralph_validate.extractors.common.code_shapes import Env
from ralph_validate.extractors.common.returns import follow_statement
from ralph_validate.extractors.common.syntaxes import syntax_of


def _follow(language: str, lines: list[str]) -> Env:
    syntax: CodeSyntax = syntax_of(language)
    tree = T.parse(language, "\n".join(lines).encode())
    env: Env = {}
    for statement in tree.root_node.named_children:
        assert statement.type == "expression_statement"
        follow_statement(statement.named_children[0], env, syntax)
    return env


def _fields(env: Env, name: str) -> tuple[list[str], bool]:
    shape = env[name]
    return sorted(f.name for f in shape.fields), shape.open


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        ("python", ["out = {'id': 1}", "out['details'] = {'passed': True}", "out.extra = 2"]),
        ("javascript", ["out = {id: 1}", "out['details'] = {passed: true}", "out.extra = 2"]),
        ("typescript", ["out = {id: 1} as Out", "out.details = {passed: true}", "out.extra = 2"]),
    ],
)
def test_bindings_and_field_writes_build_the_object(language: str, lines: list[str]) -> None:
    env = _follow(language, lines)
    assert _fields(env, "out") == (["details", "extra", "id"], False)
    details = env["out"].field("details")
    assert details is not None and [f.name for f in details.shape.fields] == ["passed"]


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        ("python", ["by_id = {}", "by_id[key] = 1"]),
        ("python", ["by_id = {'a': {}}", "by_id['a'][0] = 1"]),
        ("javascript", ["byId = {}", "byId[key] = 1"]),
        ("tsx", ["byId = {a: {}}", "byId.a[`k${i}`] = 1"]),
    ],
)
def test_a_write_under_a_computed_key_leaves_the_root_open(language: str, lines: list[str]) -> None:
    env = _follow(language, lines)
    assert next(iter(env.values())).open


@pytest.mark.parametrize(
    ("language", "lines", "opened"),
    [
        ("python", ["r = {'a': 1}", "r.update({'b': 2}, c=3)"], False),
        ("python", ["r = {'a': 1}", "r.update(other)"], True),
        ("javascript", ["r = {a: 1}", "Object.assign(r, {b: 2}, {c: 3})"], False),
        ("javascript", ["r = {a: 1}", "Object.assign(r, other)"], True),
    ],
)
def test_merges_add_fields_and_unknown_sources_leave_it_open(
    language: str, lines: list[str], opened: bool
) -> None:
    names, is_open = _fields(_follow(language, lines), "r")
    assert is_open is opened
    assert names == (["a"] if opened else ["a", "b", "c"])
