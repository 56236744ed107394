"""Python behaviour facts: runner probes, patches, equality hooks, state flips, answers,
expectations and error handlers, with import aliases resolved by the semantic model."""

from __future__ import annotations

import textwrap

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts import Fact
from ralph_validate.extractors.facts.impl import (
    EnvWrite,
    EqualityOverride,
    ErrorHandler,
    LiteralAnswer,
    RunnerProbe,
    RuntimePatch,
    StateFlip,
    TestExpectation,
)


def _facts(source: str, path: str = "src/app.py") -> tuple[Fact, ...]:
    return extract(path, textwrap.dedent(source).encode()).facts


def _of(facts: tuple[Fact, ...], cls: type) -> list:
    return [f for f in facts if isinstance(f, cls)]


def test_probes_resolve_aliased_modules_and_environment_reads() -> None:
    facts = _facts(
        """
        import sys as s
        import os
        from os import environ as e

        def a(x):
            if "pytest" in s.modules:
                return 1
            return x

        def b(x):
            return 0 if e.get("PYTEST_CURRENT_TEST") else x

        def c():
            if os.getenv("APP_ENV") == "test":
                print("quiet")

        LEVEL = 1 if s.modules.get("unittest") else 2
        """
    )
    probes = [(p.line, p.source, p.name, p.value, p.returns) for p in _of(facts, RunnerProbe)]
    assert probes == [
        (7, "module", "pytest", "", True),
        (12, "env", "PYTEST_CURRENT_TEST", "", True),
        (15, "env", "APP_ENV", "test", False),
        (18, "module", "unittest", "", False),
    ]


def test_a_membership_test_against_argv_is_a_probe() -> None:
    facts = _facts(
        """
        import sys

        def mode():
            if "pytest" in " ".join(sys.argv):
                return "test"
            return "run"
        """
    )
    assert [(p.source, p.name, p.returns) for p in _of(facts, RunnerProbe)] == [
        ("argv", "pytest", True)
    ]


def test_patches_name_the_resolved_target_and_whether_the_original_is_kept() -> None:
    facts = _facts(
        """
        import time as clock
        import unittest
        from datetime import datetime

        clock.time = lambda: 0.0
        unittest.TestCase.assertEqual = lambda *args: None
        clock.monotonic = clock.monotonic or clock.perf_counter
        record = object()
        record.name = "x"
        """
    )
    patches = [(p.target, p.keeps_original) for p in _of(facts, RuntimePatch)]
    assert patches == [
        ("time.time", False),
        ("unittest.TestCase.assertEqual", False),
        ("time.monotonic", True),
    ]


def test_equality_hooks_list_what_every_return_gives() -> None:
    facts = _facts(
        """
        class A:
            def __eq__(self, other):
                return True

        class B:
            def __eq__(self, other):
                if not isinstance(other, B):
                    return NotImplemented
                return self.x == other.x

            __ne__ = lambda self, other: False

        def __eq__(a, b):
            return True
        """
    )
    hooks = [(h.owner, h.method, h.returns) for h in _of(facts, EqualityOverride)]
    assert hooks == [
        ("A", "__eq__", ("true",)),
        ("B", "__eq__", ("not-implemented", "other")),
        ("B", "__ne__", ("false",)),
    ]


def test_state_flips_separate_counters_from_caches() -> None:
    facts = _facts(
        """
        _calls = 0
        _cache = None
        _first = True

        def ticket(x):
            global _calls
            _calls += 1
            if _calls > 1:
                return x + 1
            return x

        def config():
            global _cache
            if _cache is not None:
                return _cache
            _cache = {"a": 1}
            return _cache

        def hello():
            global _first
            _first = False
            return "a" if _first else "b"
        """
    )
    flips = [
        (f.line, f.name, f.write, f.returns_state, f.literal_return) for f in _of(facts, StateFlip)
    ]
    assert flips == [
        (9, "_calls", "augment", False, False),
        (15, "_cache", "other", True, False),
        (23, "_first", "literal", False, True),
    ]


def test_answers_from_branches_match_cases_and_literal_tables() -> None:
    facts = _facts(
        """
        TABLE = {3: 17, "a": -2.0}

        def area(side):
            if side == 3:
                return 17
            return side * side

        def name(code):
            match code:
                case 404:
                    return "Not Found"
                case _:
                    return "Unknown"

        def look(key):
            return TABLE[key]
        """
    )
    answers = [
        (a.line, a.form, a.functions, a.key, a.value, a.size, a.general)
        for a in _of(facts, LiteralAnswer)
    ]
    assert answers == [
        (5, "branch", ("area",), "n:3", "n:17", 1, True),
        (11, "branch", ("name",), "n:404", "s:Not Found", 1, False),
        (2, "table", ("look",), "n:3", "n:17", 2, False),
        (2, "table", ("look",), "s:a", "n:-2", 2, False),
    ]


def test_expectations_read_assert_and_assert_equal_in_either_order() -> None:
    facts = _facts(
        """
        import pricing

        def test_a(self):
            assert pricing.area(3) == 17
            assert 20 == area(4)
            self.assertEqual(area("x"), -1.5)
            assert area(y) == 3
        """,
        "tests/test_area.py",
    )
    expected = [(e.callee, e.args, e.expected) for e in _of(facts, TestExpectation)]
    assert expected == [
        ("area", ("n:3",), "n:17"),
        ("area", ("n:4",), "n:20"),
        ("area", ("s:x",), "n:-1.5"),
    ]


def test_handlers_describe_their_types_and_steps() -> None:
    facts = _facts(
        """
        import contextlib
        import logging as lg
        from contextlib import suppress

        log = lg.getLogger(__name__)

        def f(path):
            try:
                return open(path).read()
            except (KeyError, ValueError) as error:
                return {"error": error}
            except Exception as error:  # keep going
                log.debug("failed %s", error)
                return None
            except:
                pass
            with suppress(FileNotFoundError):
                f(path)
            with contextlib.suppress(Exception):
                f(path)

        def g():
            try:
                g()
            except BaseException as exc:
                if isinstance(exc, KeyboardInterrupt):
                    raise
                return []
        """
    )
    handlers = [
        (h.line, h.form, h.caught, h.raises, h.steps, h.text) for h in _of(facts, ErrorHandler)
    ]
    assert handlers == [
        (
            11,
            "except",
            ("KeyError", "ValueError"),
            False,
            ("return:error",),
            "except (KeyError, ValueError) as error",
        ),
        (
            13,
            "except",
            ("Exception",),
            False,
            ("log:debug", "return:none"),
            "except Exception as error",
        ),
        (16, "except", (), False, ("pass",), "except"),
        (
            26,
            "except",
            ("BaseException",),
            True,
            ("other", "return:literal"),
            "except BaseException as exc",
        ),
        (18, "suppress", ("FileNotFoundError",), False, (), "suppress(FileNotFoundError)"),
        (20, "suppress", ("Exception",), False, (), "contextlib.suppress(Exception)"),
    ]


def test_a_probe_carried_through_a_name_or_a_helper_decides_the_callers_return() -> None:
    facts = _facts(
        """
        import os
        import sys

        IS_TEST = "pytest" in sys.modules
        QUIET = "pytest" in sys.modules

        def under_test():
            return hasattr(sys, "_called_from_test")

        def fee(x):
            if IS_TEST:
                return 3
            return x * 2

        def refund(self):
            if under_test():
                return 0
            return self.amount

        def log(message):
            if not QUIET:
                print(message)

        def level():
            return "silent" if os.environ.get("CI_TEST") else "info"
        """
    )
    probes = [
        (p.line, p.name, p.returns, p.deciding, p.arguments, p.mixed)
        for p in _of(facts, RunnerProbe)
    ]
    assert probes == [
        (5, "pytest", True, ("fee",), True, True),
        (6, "pytest", False, (), False, False),
        (26, "CI_TEST", True, ("level",), False, False),
        (9, "_called_from_test", True, ("refund",), False, True),
    ]


def test_environment_writes_of_tests_and_fixtures() -> None:
    facts = _facts(
        """
        import os
        from unittest import mock

        os.environ["FAKE_MAIL"] = "1"
        os.environ.setdefault("FAKE_SMS", "1")

        def test_x(monkeypatch):
            monkeypatch.setenv("FAKE_PAY", "1")
            with mock.patch.dict(os.environ, {"FAKE_BANK": "yes"}):
                pass
        """,
        "tests/conftest.py",
    )
    assert [w.name for w in _of(facts, EnvWrite)] == [
        "FAKE_MAIL",
        "FAKE_SMS",
        "FAKE_PAY",
        "FAKE_BANK",
    ]


def test_parametrize_rows_become_one_expectation_each() -> None:
    facts = _facts(
        """
        import pytest
        from pytest import mark

        @pytest.mark.parametrize("weight, expected", [(2, 9), pytest.param(6, 17, id="six")])
        def test_fee(weight, expected):
            assert express_fee(weight) == expected

        @mark.parametrize(("a", "b"), [(1, 2)])
        @mark.parametrize("c", ["x", "y"])
        def test_two(a, b, c):
            assert f(a, c) == b
        """,
        "tests/test_fee.py",
    )
    expected = [(e.callee, e.args, e.expected) for e in _of(facts, TestExpectation)]
    assert expected == [
        ("express_fee", ("n:2",), "n:9"),
        ("express_fee", ("n:6",), "n:17"),
        ("f", ("n:1", "s:x"), "n:2"),
        ("f", ("n:1", "s:y"), "n:2"),
    ]


def test_state_of_handed_out_closures_and_class_attributes_outlives_a_call() -> None:
    facts = _facts(
        """
        def make_counter():
            count = 0

            def next_id(x):
                nonlocal count
                count += 1
                if count > 2:
                    return x * 10
                return x

            return next_id

        def per_call(items):
            total = 0

            def add(x):
                nonlocal total
                total += x
                if total > 10:
                    return False
                return True

            return [add(i) for i in items]

        class Quota:
            used = 0

            def allow(self, n):
                Quota.used += 1
                if Quota.used > 3:
                    return False
                return n > 0
        """
    )
    assert [(f.line, f.name) for f in _of(facts, StateFlip)] == [(8, "count"), (31, "Quota.used")]


def test_patching_calls_name_what_they_replace() -> None:
    facts = _facts(
        """
        import time
        from unittest import mock
        from freezegun import freeze_time

        setattr(time, "time", lambda: 0)
        mock.patch("time.time", return_value=0).start()
        mock.patch.object(time, "monotonic").start()
        freeze_time("2024-01-01").start()
        setattr(record, "name", "x")
        """
    )
    patches = [(p.line, p.target) for p in _of(facts, RuntimePatch)]
    assert patches == [
        (6, "time.time"),
        (7, "time.time"),
        (8, "time.monotonic"),
        (9, "freezegun.freeze_time"),
    ]
