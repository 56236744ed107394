"""Every value the extractors write into a closed-vocabulary fact field is one its
``Literal`` type lists, so the type checker's view of the facts is the real one."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest

from ralph_validate.extractors.common.dispatch import _load_builtin_extractors, extract
from ralph_validate.extractors.facts.contracts import State, StateMachine, StateType, state_type
from ralph_validate.extractors.facts.integrity import (
    Assertion,
    AssertionStyle,
    Binding,
    BindingForm,
    Comment,
    CommentCode,
    Framework,
    Handler,
    HandlerBody,
    LiteralKind,
    OperandKind,
    Skip,
    SkipScope,
    StubBody,
    StubKind,
    TestCase,
)

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"
SUFFIXES = (".py", ".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".yaml", ".yml")


def _states(states: tuple[State, ...]) -> list[State]:
    out: list[State] = []
    for state in states:
        out.append(state)
        for branch in state.branches:
            out.extend(_states(branch.states))
    return out


@pytest.fixture(scope="module")
def seen() -> dict[str, set[object]]:
    _load_builtin_extractors()
    values: dict[str, set[object]] = {}

    def add(field: str, value: object) -> None:
        values.setdefault(field, set()).add(value)

    for path in sorted(FIXTURES.rglob("*")):
        if not path.is_file() or not path.name.endswith(SUFFIXES):
            continue
        facts = extract(path.relative_to(FIXTURES).as_posix(), path.read_bytes())
        for fact in facts.facts:
            if isinstance(fact, TestCase):
                add("framework", fact.framework)
            elif isinstance(fact, Assertion):
                add("style", fact.style)
                for operand in fact.operands:
                    add("operand", operand.literal)
            elif isinstance(fact, Skip):
                add("scope", fact.scope)
            elif isinstance(fact, Handler):
                add("handler", fact.body)
            elif isinstance(fact, Comment):
                add("code", fact.code)
            elif isinstance(fact, StubBody):
                add("stub", fact.body)
            elif isinstance(fact, Binding):
                add("literal", fact.literal)
                add("form", fact.form)
            elif isinstance(fact, StateMachine):
                for state in _states(fact.machine.states):
                    add("state", state.type)
    return values


@pytest.mark.parametrize(
    ("field", "allowed"),
    [
        ("framework", Framework),
        ("style", AssertionStyle),
        ("operand", OperandKind | None),
        ("scope", SkipScope),
        ("handler", HandlerBody),
        ("code", CommentCode),
        ("stub", StubKind),
        ("literal", LiteralKind),
        ("form", BindingForm),
        ("state", StateType),
    ],
)
def test_extracted_values_lie_in_the_fields_literal_type(
    seen: dict[str, set[object]], field: str, allowed: object
) -> None:
    values = seen.get(field, set())
    assert values, f"no fixture produced a {field} value"
    members = {a for arg in get_args(allowed) for a in (get_args(arg) or (arg,))}
    members.discard(type(None))
    if None in values or type(None) in get_args(allowed):
        members.add(None)
    assert values <= members, sorted(map(str, values - members))


def test_a_state_type_the_language_does_not_define_reads_as_empty() -> None:
    assert state_type("Task") == "Task"
    assert state_type("Taks") == ""
    assert state_type(["Task"]) == ""
    assert state_type(None) == ""
