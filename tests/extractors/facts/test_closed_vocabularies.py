"""Every value the extractors write into a closed-vocabulary fact field is one its
``Literal`` type lists, so the type checker's view of the facts is the real one.

The fields are found from the facts' type hints, not listed here: a field typed with a
``Literal`` (alone, ``| None``, or as the element of a tuple) is checked wherever it
occurs, nested values (an assertion's operands, a machine's states, a shape's fields)
included, over the facts of every fixture file of the repository.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from pathlib import Path
from typing import Literal, get_args, get_origin

import pytest

from ralph_validate.extractors.common.dispatch import _load_builtin_extractors, extract
from ralph_validate.extractors.common.testfile import parse_test_file
from ralph_validate.extractors.facts import Fact
from ralph_validate.extractors.facts.contracts import state_type
from ralph_validate.extractors.facts.impl import LOG_LEVELS, HandlerStep, handler_step
from ralph_validate.extractors.facts.testfile import ParsedTestFile, TestLanguage
from ralph_validate.extractors.runners.coverage import CoverageTool, Threshold, config_thresholds
from ralph_validate.extractors.runners.view import RevisionView
from ralph_validate.validator.testdiff.compare import compare_parsed
from ralph_validate.validator.testdiff.model import FileComparison
from ralph_validate.validator.testruns.commands import RunnerCall
from ralph_validate.validator.testruns.launchers import runner_of
from ralph_validate.validator.testruns.model import Change, Runner, Suite
from ralph_validate.validator.testruns.thresholds import command_thresholds

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"
SUFFIXES = (".py", ".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".yaml", ".yml", ".md")

Members = frozenset[object]


def _members(hint: object) -> Members | None:
    """The values a closed type allows (None among them for ``| None``), or None when
    the type is not closed."""
    if get_origin(hint) is Literal:
        return frozenset(get_args(hint))
    if get_origin(hint) in (typing.Union, types.UnionType):
        found: set[object] = set()
        for arg in get_args(hint):
            if arg is type(None):
                found.add(None)
                continue
            inner = _members(arg)
            if inner is None:
                return None
            found |= inner
        return frozenset(found)
    return None


def _element(hint: object) -> object | None:
    """``X`` of ``tuple[X, ...]``, else None."""
    args = get_args(hint)
    if get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    return None


@functools.cache
def _closed_fields(cls: type) -> dict[str, tuple[Members, bool]]:
    """``field -> (allowed values, holds a tuple of them)`` for a dataclass's closed fields."""
    hints = typing.get_type_hints(cls)
    out: dict[str, tuple[Members, bool]] = {}
    for field in dataclasses.fields(cls):
        hint = hints[field.name]
        direct = _members(hint)
        if direct is not None:
            out[field.name] = (direct, False)
            continue
        element = _element(hint)
        inner = _members(element) if element is not None else None
        if inner is not None:
            out[field.name] = (inner, True)
    return out


def _visit(value: object, seen: dict[str, set[object]], allowed: dict[str, Members]) -> None:
    if isinstance(value, tuple | list):
        for item in value:
            _visit(item, seen, allowed)
        return
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return
    cls = type(value)
    closed = _closed_fields(cls)
    for field in dataclasses.fields(value):
        current = getattr(value, field.name)
        if field.name in closed:
            members, many = closed[field.name]
            key = f"{cls.__name__}.{field.name}"
            allowed[key] = members
            seen.setdefault(key, set()).update(current if many else (current,))
        _visit(current, seen, allowed)


@pytest.fixture(scope="module")
def extracted() -> tuple[dict[str, set[object]], dict[str, Members]]:
    _load_builtin_extractors()
    seen: dict[str, set[object]] = {}
    allowed: dict[str, Members] = {}
    for path in sorted(FIXTURES.rglob("*")):
        if not path.is_file() or not path.name.endswith(SUFFIXES):
            continue
        facts = extract(path.relative_to(FIXTURES).as_posix(), path.read_bytes())
        _visit(facts.facts, seen, allowed)
    return seen, allowed


def _fact_classes() -> list[type]:
    """Every fact class the extractors define, and the dataclasses nested in them."""
    _load_builtin_extractors()
    found: list[type] = []
    pending = [Fact]
    while pending:
        cls = pending.pop()
        found.append(cls)
        pending.extend(cls.__subclasses__())
    return sorted(found, key=lambda c: (c.__module__, c.__name__))


def _declared() -> list[str]:
    """``Class.field`` of every closed field of a fact class of the extractors' ``facts``."""
    return sorted(
        f"{cls.__name__}.{name}"
        for cls in _fact_classes()
        if cls.__module__.startswith("ralph_validate.extractors.facts")
        for name in _closed_fields(cls)
    )


@pytest.mark.parametrize("field", _declared())
def test_extracted_values_lie_in_the_fields_literal_type(
    extracted: tuple[dict[str, set[object]], dict[str, Members]], field: str
) -> None:
    seen, allowed = extracted
    values = seen.get(field, set())
    assert values, f"no fixture produced a {field} value"
    assert values <= allowed[field], sorted(map(str, values - allowed[field]))


def test_nested_values_lie_in_their_literal_type_too(
    extracted: tuple[dict[str, set[object]], dict[str, Members]],
) -> None:
    seen, allowed = extracted
    for nested in ("Operand.literal", "State.type", "Shape.kind"):
        assert seen.get(nested), nested
    outside = {key: sorted(map(str, seen[key] - allowed[key])) for key in sorted(seen)}
    assert {key: values for key, values in outside.items() if values} == {}


def test_the_fields_closed_vocabularies_are_read_from_their_hints() -> None:
    declared = _declared()
    for field in (
        "RunnerProbe.source",
        "EqualityOverride.returns",
        "StateFlip.write",
        "LiteralAnswer.form",
        "AllowList.form",
        "ErrorHandler.form",
        "ErrorHandler.steps",
        "Skip.skipped_where",
        "Skip.scope",
        "Assertion.operator",
        "TestCase.framework",
    ):
        assert field in declared, field


def test_every_log_level_has_its_handler_step() -> None:
    steps = set(get_args(HandlerStep))
    assert {f"log:{level}" for level in LOG_LEVELS} <= steps


def test_a_handler_step_built_from_parts_must_be_in_the_vocabulary() -> None:
    assert handler_step("return:" + "call") == "return:call"
    assert handler_step(f"log:{'warn'}") == "log:warn"
    with pytest.raises(ValueError, match="return:maybe"):
        handler_step("return:maybe")


def test_a_state_type_the_language_does_not_define_reads_as_empty() -> None:
    assert state_type("Task") == "Task"
    assert state_type("Taks") == ""
    assert state_type(["Task"]) == ""
    assert state_type(None) == ""


def test_the_models_closed_vocabularies_are_read_from_their_hints_too() -> None:
    closed = {
        f"{cls.__name__}.{name}": members
        for cls in (ParsedTestFile, FileComparison, Suite, Change, RunnerCall, Threshold)
        for name, (members, _) in _closed_fields(cls).items()
    }
    languages, runners = frozenset(get_args(TestLanguage)), frozenset(get_args(Runner))
    tools = frozenset(get_args(CoverageTool))
    assert closed["ParsedTestFile.language"] == languages
    assert closed["FileComparison.language"] == languages
    assert closed["Suite.runner"] == closed["RunnerCall.runner"] == runners
    assert closed["Threshold.tool"] == tools
    # A change names the runner that stopped running a test, or the tool whose threshold fell.
    assert closed["Change.runner"] == runners | tools


def test_every_test_file_language_read_lies_in_its_literal_type() -> None:
    seen: set[str] = set()
    for path in sorted(FIXTURES.rglob("*")):
        if not path.is_file() or not path.name.endswith(SUFFIXES):
            continue
        name = path.relative_to(FIXTURES).as_posix()
        parsed = parse_test_file(name, path.read_text(encoding="utf-8", errors="replace"))
        compared = compare_parsed(parsed, parsed)
        seen |= {parsed.language, compared.language}
    assert seen == set(get_args(TestLanguage))


@pytest.mark.parametrize(
    ("command", "runner"),
    [
        ("pytest -q", "pytest"),
        ("python3.12 -m pytest tests", "pytest"),
        ("coverage run -m pytest", "pytest"),
        ("node --test test/", "node-test"),
        ("npx jest --ci", "jest"),
        ("react-scripts test", "jest"),
        ("node node_modules/.bin/_mocha spec", "mocha"),
        ("nyc --reporter=lcov mocha", "mocha"),
        ("vitest run", "vitest"),
    ],
)
def test_every_runner_a_command_names_lies_in_its_literal_type(command: str, runner: str) -> None:
    words = command.split()
    found = runner_of(words[1:] if words[0] == "npx" else words)
    assert found is not None
    assert found[0] == runner
    assert found[0] in get_args(Runner)


def test_every_coverage_tool_a_threshold_names_lies_in_its_literal_type() -> None:
    files = {
        ".coveragerc": b"[report]\nfail_under = 80\n",
        ".nycrc": b'{"check-coverage": true, "lines": 80}',
        ".c8rc.json": b'{"check-coverage": true, "lines": 80}',
        "package.json": b'{"jest": {"coverageThreshold": {"global": {"lines": 80}}}}',
        "web/package.json": b'{"devDependencies": {"vitest": "1"}}',
        "web/vitest.config.ts": b"export default {test: {coverage: {thresholds: {lines: 80}}}}",
        "pytest.ini": b"[pytest]\naddopts = --cov-fail-under=80\n",
    }
    view = RevisionView(files)
    found = [*config_thresholds(view), *command_thresholds(view, ())]
    assert {t.tool for t in found} == set(get_args(CoverageTool))
