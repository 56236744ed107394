"""The validator's language questions, answered by each language's knowledge: built-in
exception ancestry, coverage pragmas, how a value is written, which languages are code."""

from __future__ import annotations

from ralph_validate.extractors.common.languages import (
    broad_exceptions,
    calls_own_member,
    is_code,
    is_prose,
    is_unread,
    knowledge_of,
)
from ralph_validate.extractors.facts.testfile import MapValue


def _knowledge(language: str):
    found = knowledge_of(language)
    assert found is not None, language
    return found


def test_a_python_builtin_exception_has_its_whole_ancestry() -> None:
    python = _knowledge("python")
    assert python.exception_ancestors("KeyError") == {"LookupError", "Exception", "BaseException"}
    assert python.exception_ancestors("builtins.ValueError") == {"Exception", "BaseException"}
    assert python.exception_ancestors("OverdraftError") == frozenset()
    assert python.exception_ancestors("len") == frozenset()


def test_a_javascript_builtin_error_derives_from_error_in_every_dialect() -> None:
    for dialect in ("javascript", "typescript", "tsx"):
        knowledge = _knowledge(dialect)
        assert knowledge.exception_ancestors("TypeError") == {"Error"}
        assert knowledge.exception_ancestors("KeyError") == frozenset()


def test_broad_exceptions_are_those_of_every_language() -> None:
    assert {"Exception", "BaseException", "builtins.Exception", "Error"} <= broad_exceptions()
    assert "ValueError" not in broad_exceptions()


def test_coverage_pragmas_are_read_in_the_language_of_the_comment() -> None:
    python, js = _knowledge("python"), _knowledge("typescript")
    assert python.coverage_pragma("pragma: no cover") == "pragma: no cover"
    assert python.coverage_pragma("noqa  pragma:no  cover - platform") == "pragma: no cover"
    assert python.coverage_pragma("istanbul ignore next") is None
    assert js.coverage_pragma("  Istanbul   Ignore  Next  ") == "istanbul ignore next"
    assert js.coverage_pragma("c8 ignore start") == "c8 ignore start"
    assert js.coverage_pragma("c8 ignore stop") is None
    assert js.coverage_pragma("node:coverage disable") == "node:coverage disable"
    assert js.coverage_pragma("pragma: no cover") is None


def test_a_value_is_written_as_the_tests_language_writes_it() -> None:
    value = MapValue((("total", 18), ("code", 'a"b'), ("paid", True), ("note", None)))
    assert _knowledge("python").show_value(value) == (
        "{'total': 18, 'code': 'a\"b', 'paid': True, 'note': None}"
    )
    assert _knowledge("javascript").show_value(value) == (
        '{"total": 18, "code": "a\\"b", "paid": true, "note": null}'
    )
    assert _knowledge("tsx").show_value((1, [False, "x"])) == '[1, [false, "x"]]'


def test_only_code_languages_have_knowledge() -> None:
    assert [is_code(x) for x in ("python", "typescript", "tsx", "javascript")] == [True] * 4
    for other in ("markdown", "json", "yaml", "none", None):
        assert not is_code(other)
    assert knowledge_of("markdown") is None
    assert is_prose("markdown") and not is_prose("python")
    assert is_unread("none") and not is_unread("json")


def test_a_call_on_the_callers_own_object_is_known_in_either_language() -> None:
    assert calls_own_member("self.check_total") and calls_own_member("this.verify")
    assert calls_own_member("cls.build")
    assert not calls_own_member("selfcheck") and not calls_own_member("helper.self")
