"""Python test modules and conftest.py files read into tests, markers, ignores and hooks."""

from __future__ import annotations

from ralph_validate.extractors.runners.python_files import (
    HookDef,
    IgnoreEntry,
    OpaqueEntry,
    conftest_facts,
    python_test_items,
)

MODULE = b"""import pytest
from unittest import TestCase

pytestmark = [pytest.mark.integration]


def test_plain():
    pass


@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 2])
def test_marked(n):
    pass


def helper():
    pass


class TestCart:
    pytestmark = pytest.mark.db

    def test_add(self):
        pass

    class TestNested:
        def test_deep(self):
            pass


class TestWithInit:
    def __init__(self):
        pass

    def test_never(self):
        pass


class Legacy(TestCase):
    def test_old(self):
        pass

    def check_other(self):
        pass


class TestDisabled:
    __test__ = False

    def test_hidden(self):
        pass
"""


def test_items_follow_pytest_discovery_and_carry_their_markers() -> None:
    items = python_test_items("tests/test_cart.py", MODULE)
    assert [(i.id, i.line, i.markers, i.unittest) for i in items] == [
        ("tests/test_cart.py::Legacy::test_old", 41, ("integration",), True),
        ("tests/test_cart.py::TestCart::TestNested::test_deep", 28, ("db", "integration"), False),
        ("tests/test_cart.py::TestCart::test_add", 24, ("db", "integration"), False),
        ("tests/test_cart.py::test_marked", 13, ("integration", "parametrize", "slow"), False),
        ("tests/test_cart.py::test_plain", 7, ("integration",), False),
    ]


def test_custom_name_patterns_select_other_functions_and_classes() -> None:
    source = (
        b"class CheckCart:\n    def check_add(self):\n        pass\n\ndef check_sum():\n    pass\n"
    )
    items = python_test_items("t.py", source, ("check_",), ("Check*",))
    assert [i.id for i in items] == ["t.py::CheckCart::check_add", "t.py::check_sum"]


def test_conftest_ignores_in_every_literal_spelling_are_read_with_lines() -> None:
    source = b"""import sys
collect_ignore = ["setup.py"]
collect_ignore += ["legacy/test_old.py"]
collect_ignore.append("test_flaky.py")
collect_ignore_glob = ["*_wip.py"]
collect_ignore_glob.extend(["e2e/*"])
if sys.platform == "win32":
    collect_ignore.append("test_posix.py")
collect_ignore.append(str(ROOT / "x"))
"""
    facts = conftest_facts("tests/conftest.py", source)
    assert facts.ignores == (
        IgnoreEntry("collect_ignore", "setup.py", 2, False),
        IgnoreEntry("collect_ignore", "legacy/test_old.py", 3, False),
        IgnoreEntry("collect_ignore", "test_flaky.py", 4, False),
        IgnoreEntry("collect_ignore_glob", "*_wip.py", 5, False),
        IgnoreEntry("collect_ignore_glob", "e2e/*", 6, False),
        IgnoreEntry("collect_ignore", "test_posix.py", 8, True),
    )
    assert facts.opaque == (OpaqueEntry("collect_ignore", 9, 'str(ROOT / "x")'),)


def test_hooks_that_drop_items_are_told_from_hooks_that_may_do_anything() -> None:
    source = b"""import pytest

def pytest_collection_modifyitems(config, items):
    for item in list(items):
        if "flaky" in item.name:
            items.remove(item)

def pytest_runtest_setup(item):
    if item.get_closest_marker("net"):
        pytest.skip("no network")

def pytest_ignore_collect(collection_path, config):
    return None

def pytest_configure(config):
    config.addinivalue_line("markers", "net: network")
"""
    hooks = conftest_facts("conftest.py", source).hooks
    assert [(h.name, h.line, h.session_wide) for h in hooks] == [
        ("pytest_collection_modifyitems", 3, True),
        ("pytest_runtest_setup", 8, False),
        ("pytest_ignore_collect", 12, False),
    ]
    assert [[(e.kind, e.line, e.condition, e.guarded) for e in h.effects] for h in hooks] == [
        [("removes", 6, ("contains", "name", "flaky"), False)],
        [("skips", 10, ("marker", "net"), False)],
        [],
    ]
    assert all(isinstance(h, HookDef) and h.fingerprint.startswith("def ") for h in hooks)


def test_markers_are_read_through_the_module_imports_however_pytest_is_named() -> None:
    """``from pytest import mark as m`` and ``import pytest as pt`` name the same markers as
    ``import pytest``; a ``mark`` attribute of something else is not a marker."""
    plain = b"import pytest\npytestmark = pytest.mark.skip\n\ndef test_a():\n    pass\n"
    aliased = b"from pytest import mark as m\npytestmark = m.skip\n\ndef test_a():\n    pass\n"
    renamed = b"import pytest as pt\npytestmark = pt.mark.skip\n\ndef test_a():\n    pass\n"
    skip_call = (
        b"from pytest import skip as later\nlater('wip', allow_module_level=True)\n\n"
        b"def test_a():\n    pass\n"
    )
    for data in (plain, aliased, renamed, skip_call):
        [item] = python_test_items("tests/test_a.py", data)
        assert item.not_run and item.not_run_line == 2, data
    [marked] = python_test_items("tests/test_a.py", aliased)
    assert marked.markers == ("skip",)
    lookalike = b"pytestmark = shelf.bookmark.skip\n\ndef test_a():\n    pass\n"
    [item] = python_test_items("tests/test_a.py", lookalike)
    assert item.markers == () and not item.not_run


def test_conftest_hooks_follow_pytest_imported_under_another_name() -> None:
    data = (
        b"from pytest import mark as m\n\n"
        b"def pytest_collection_modifyitems(items):\n"
        b"    for item in items:\n"
        b"        if 'slow' in item.name:\n"
        b"            item.add_marker(m.skip(reason='later'))\n"
    )
    [hook] = conftest_facts("conftest.py", data).hooks
    assert [(effect.kind, effect.line) for effect in hook.effects] == [("skips", 6)]
