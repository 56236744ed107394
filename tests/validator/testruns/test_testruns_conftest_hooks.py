"""conftest hooks since BASE: a hook that skips or removes tests drops exactly the tests
its condition selects; a hook that provably leaves every test running is no change."""

from __future__ import annotations

from collections.abc import Callable

import pytest

WEAK = "config-weakened"
TESTS = {
    "tests/test_orders.py": (
        "import pytest\n"
        "\n"
        "def test_total():\n    assert 1\n"
        "\n"
        "def test_refund_rounding():\n    assert 1\n"
        "\n"
        "@pytest.mark.slow\n"
        "def test_bulk_import():\n    assert 1\n"
    ),
    "tests/test_users.py": "class TestLogin:\n    def test_ok(self):\n        assert 1\n",
}
EVERY = (
    "tests/test_orders.py::test_bulk_import",
    "tests/test_orders.py::test_refund_rounding",
    "tests/test_orders.py::test_total",
    "tests/test_users.py::TestLogin::test_ok",
)


def _with(conftest: str, **extra: str) -> dict[str, str]:
    return {**TESTS, "conftest.py": conftest, **extra}


HARMLESS = {
    "env-in-setup": (
        "import os\n\n"
        "def pytest_runtest_setup(item):\n"
        "    os.environ['SHOP_MODE'] = 'test'\n"
        "    os.environ.setdefault('TZ', 'UTC')\n"
    ),
    "marker-added": (
        "import pytest\n\n"
        "def pytest_collection_modifyitems(config, items):\n"
        "    for item in items:\n"
        "        if 'orders' in item.nodeid:\n"
        "            item.add_marker(pytest.mark.orders)\n"
    ),
    "option-and-markers": (
        "def pytest_addoption(parser):\n"
        "    parser.addoption('--live', action='store_true')\n\n"
        "def pytest_configure(config):\n"
        "    config.addinivalue_line('markers', 'slow: a slow test')\n\n"
        "def pytest_collection_modifyitems(session, config, items):\n"
        "    items.sort(key=lambda item: item.nodeid)\n"
    ),
    "skipif-false": (
        "from pytest import mark as m\n\n"
        "def pytest_collection_modifyitems(config, items):\n"
        "    for it in items:\n"
        "        it.add_marker(m.skipif(False, reason='never'))\n"
    ),
    "setup-reads-marker": (
        "def pytest_runtest_setup(item):\n"
        "    marker = item.get_closest_marker('slow')\n"
        "    if marker is not None:\n"
        "        item.user_properties.append(('slow', True))\n"
    ),
}


@pytest.mark.parametrize("hook", sorted(HARMLESS))
def test_a_hook_that_leaves_every_test_running_is_no_change(changes: Callable, hook: str) -> None:
    assert changes(TESTS, _with(HARMLESS[hook])) == []


def test_a_skip_marker_added_to_every_item_drops_every_test_at_the_hook(
    changes: Callable,
) -> None:
    hook = (
        "import pytest\n\n"
        "def pytest_collection_modifyitems(config, items):\n"
        "    for item in items:\n"
        "        item.add_marker(pytest.mark.skip(reason='flaky on CI'))\n"
    )
    assert changes(TESTS, _with(hook)) == [(WEAK, "FAIL", test, "conftest.py", 3) for test in EVERY]


def test_skipif_true_through_an_alias_and_a_variable_drops_the_selected_tests(
    changes: Callable,
) -> None:
    hook = (
        "import pytest as pt\n\n\n"
        "def pytest_collection_modifyitems(config, items):\n"
        "    later = pt.mark.skipif(True, reason='later')\n"
        "    for index, item in enumerate(items):\n"
        "        if item.name.startswith('test_refund') or 'slow' in item.keywords:\n"
        "            item.add_marker(later)\n"
    )
    assert changes(TESTS, _with(hook)) == [
        (WEAK, "FAIL", "tests/test_orders.py::test_bulk_import", "conftest.py", 4),
        (WEAK, "FAIL", "tests/test_orders.py::test_refund_rounding", "conftest.py", 4),
    ]


def test_a_skip_in_runtest_setup_drops_only_the_tests_its_condition_matches(
    changes: Callable,
) -> None:
    hook = (
        "from pytest import skip\n\n"
        "def pytest_runtest_setup(item):\n"
        "    if item.nodeid.endswith('::test_ok'):\n"
        "        skip('login is down')\n"
    )
    assert changes(TESTS, _with(hook)) == [
        (WEAK, "FAIL", "tests/test_users.py::TestLogin::test_ok", "conftest.py", 3)
    ]


def test_a_skip_under_a_condition_on_the_platform_may_drop_the_tests(
    changes: Callable,
) -> None:
    hook = (
        "import sys\nimport pytest\n\n"
        "def pytest_collection_modifyitems(config, items):\n"
        "    for item in items:\n"
        "        item.add_marker(pytest.mark.skipif(sys.platform == 'linux', reason='x'))\n"
    )
    assert {row[:2] for row in changes(TESTS, _with(hook))} == {(WEAK, "UNKNOWN")}


def test_a_marker_added_that_the_run_deselects_may_drop_the_marked_tests(
    changes: Callable,
) -> None:
    hook = HARMLESS["marker-added"]
    ini = "[pytest]\naddopts = -m 'not orders'\n"
    base = {**TESTS, "pytest.ini": ini}
    rows = changes(base, _with(hook, **{"pytest.ini": ini}))
    assert [(r[1], r[2]) for r in rows] == [
        ("UNKNOWN", "tests/test_orders.py::test_bulk_import"),
        ("UNKNOWN", "tests/test_orders.py::test_refund_rounding"),
        ("UNKNOWN", "tests/test_orders.py::test_total"),
    ]


@pytest.mark.parametrize(
    "body",
    [
        "def pytest_runtest_makereport(item, call):\n"
        "    outcome = yield\n    rep = outcome.get_result()\n    rep.outcome = 'passed'\n",
        "def pytest_collection_modifyitems(config, items):\n"
        "    for item in items:\n        item.obj = lambda: None\n",
        "def pytest_collection_modifyitems(config, items):\n    helper(items)\n",
        "def pytest_pyfunc_call(pyfuncitem):\n    return True\n",
    ],
    ids=["report-rewritten", "test-replaced", "items-handed-on", "call-replaced"],
)
def test_a_hook_whose_effect_is_not_known_is_unknown_for_every_test(
    changes: Callable, body: str
) -> None:
    rows = changes(TESTS, _with(body))
    assert [(r[1], r[2]) for r in rows] == [("UNKNOWN", test) for test in EVERY]
