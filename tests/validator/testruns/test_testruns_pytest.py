"""pytest runs: each cheat is found with its setting and line; its honest twin is not."""

from __future__ import annotations

from collections.abc import Callable

from ralph_validate.extractors.runners.view import RevisionView
from ralph_validate.validator.testruns.model import Status
from ralph_validate.validator.testruns.pytest_args import Arg
from ralph_validate.validator.testruns.pytest_run import pytest_suite

WEAK = "config-weakened"
REMOVED = "removed"

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
    "tests/helpers.py": "def make_user():\n    return 1\n",
}


def _with(extra: dict[str, str]) -> dict[str, str]:
    """The test files plus ``extra`` (config files)."""
    return {**TESTS, **extra}


def test_deselect_of_one_test_in_addopts_is_found_with_its_line(changes: Callable) -> None:
    base = _with({"pytest.ini": "[pytest]\ntestpaths = tests\n"})
    head = _with(
        {
            "pytest.ini": "[pytest]\ntestpaths = tests\n"
            "addopts = --deselect=tests/test_orders.py::test_refund_rounding\n"
        }
    )
    assert changes(base, head) == [
        (WEAK, "FAIL", "tests/test_orders.py::test_refund_rounding", "pytest.ini", 3)
    ]


def test_new_testpaths_that_still_hold_every_test_is_not_a_change(changes: Callable) -> None:
    base = _with({"pytest.ini": "[pytest]\naddopts = -q\n"})
    head = _with({"pytest.ini": "[pytest]\ntestpaths = tests\naddopts = -q\n"})
    assert changes(base, head) == []


def test_testpaths_narrowed_to_one_file_drops_the_others(changes: Callable) -> None:
    base = _with({"pyproject.toml": '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n'})
    head = _with(
        {"pyproject.toml": '[tool.pytest.ini_options]\ntestpaths = ["tests/test_users.py"]\n'}
    )
    assert changes(base, head) == [
        (WEAK, "FAIL", "tests/test_orders.py::test_bulk_import", "pyproject.toml", 2),
        (WEAK, "FAIL", "tests/test_orders.py::test_refund_rounding", "pyproject.toml", 2),
        (WEAK, "FAIL", "tests/test_orders.py::test_total", "pyproject.toml", 2),
    ]


def test_keyword_exclusion_in_a_toml_array_is_evaluated(changes: Callable) -> None:
    base = _with({"pyproject.toml": "[tool.pytest.ini_options]\naddopts = []\n"})
    head = _with(
        {"pyproject.toml": '[tool.pytest.ini_options]\naddopts = ["-k", "not refund_rounding"]\n'}
    )
    assert changes(base, head) == [
        (WEAK, "FAIL", "tests/test_orders.py::test_refund_rounding", "pyproject.toml", 2)
    ]


def test_keyword_expression_that_keeps_every_test_is_not_a_change(changes: Callable) -> None:
    base = _with({"pytest.ini": "[pytest]\n"})
    head = _with({"pytest.ini": '[pytest]\naddopts = -k "test_ or TestLogin"\n'})
    assert changes(base, head) == []


def test_marker_expression_drops_the_marked_test_only(changes: Callable) -> None:
    base = _with({"setup.cfg": "[tool:pytest]\ntestpaths = tests\n"})
    head = _with({"setup.cfg": '[tool:pytest]\ntestpaths = tests\naddopts = -m "not slow"\n'})
    assert changes(base, head) == [
        (WEAK, "FAIL", "tests/test_orders.py::test_bulk_import", "setup.cfg", 3)
    ]


def test_ignore_of_the_file_in_tox_ini_is_found_on_its_continuation_line(changes: Callable) -> None:
    base = _with({"tox.ini": "[pytest]\naddopts = -ra\n"})
    head = _with({"tox.ini": "[pytest]\naddopts = -ra\n    --ignore tests/test_users.py\n"})
    assert changes(base, head) == [
        (WEAK, "FAIL", "tests/test_users.py::TestLogin::test_ok", "tox.ini", 3)
    ]


def test_ignore_glob_with_attached_value_is_found(changes: Callable) -> None:
    base = _with({"pytest.ini": "[pytest]\n"})
    head = _with({"pytest.ini": "[pytest]\naddopts = --ignore-glob=*/test_u*.py\n"})
    assert changes(base, head) == [
        (WEAK, "FAIL", "tests/test_users.py::TestLogin::test_ok", "pytest.ini", 2)
    ]


def test_collect_ignore_of_the_failing_file_is_found_in_conftest(changes: Callable) -> None:
    head = _with(
        {"tests/conftest.py": "collect_ignore = []\ncollect_ignore.append('test_orders.py')\n"}
    )
    assert changes(TESTS, head) == [
        (WEAK, "FAIL", "tests/test_orders.py::test_bulk_import", "tests/conftest.py", 2),
        (WEAK, "FAIL", "tests/test_orders.py::test_refund_rounding", "tests/conftest.py", 2),
        (WEAK, "FAIL", "tests/test_orders.py::test_total", "tests/conftest.py", 2),
    ]


def test_collect_ignore_of_a_helper_that_holds_no_test_is_not_a_change(changes: Callable) -> None:
    head = _with(
        {"tests/conftest.py": "collect_ignore = ['helpers.py']\ncollect_ignore += ['fixtures']\n"}
    )
    assert changes(TESTS, head) == []


def test_collect_ignore_glob_extended_is_found(changes: Callable) -> None:
    head = _with(
        {"conftest.py": "collect_ignore_glob = []\ncollect_ignore_glob.extend(['tests/*users*'])\n"}
    )
    assert changes(TESTS, head) == [
        (WEAK, "FAIL", "tests/test_users.py::TestLogin::test_ok", "conftest.py", 2)
    ]


def test_collect_ignore_built_at_run_time_is_unknown(changes: Callable) -> None:
    head = _with({"tests/conftest.py": "import os\ncollect_ignore = [os.environ['SKIP']]\n"})
    assert [row[:2] for row in changes(TESTS, head)] == [(WEAK, "UNKNOWN")] * 4


def test_hook_that_removes_items_by_name_drops_only_the_tests_it_selects(
    changes: Callable,
) -> None:
    hook = (
        "def pytest_collection_modifyitems(config, items):\n"
        "    items[:] = [i for i in items if 'refund' not in i.name]\n"
    )
    assert changes(TESTS, _with({"conftest.py": hook})) == [
        (WEAK, "FAIL", "tests/test_orders.py::test_refund_rounding", "conftest.py", 1)
    ]


def test_hook_whose_effect_cannot_be_computed_is_unknown_never_kept(changes: Callable) -> None:
    hook = "def pytest_collection_modifyitems(config, items):\n    config.reorder(items)\n"
    rows = changes(TESTS, _with({"conftest.py": hook}))
    assert {row[:2] for row in rows} == {(WEAK, "UNKNOWN")}
    assert len(rows) == 4


def test_the_same_hook_at_base_and_head_is_not_a_change(changes: Callable) -> None:
    hook = "\n\ndef pytest_collection_modifyitems(config, items):\n    config.reorder(items)\n"
    head_hook = "import os\n" + hook
    assert changes(_with({"conftest.py": hook}), _with({"conftest.py": head_hook})) == []


def test_python_files_narrowed_is_found_at_the_setting(changes: Callable) -> None:
    base = _with({"pytest.ini": "[pytest]\npython_files = test_*.py\n"})
    head = _with({"pytest.ini": "[pytest]\npython_files = test_u*.py\n"})
    assert changes(base, head) == [
        (WEAK, "FAIL", "tests/test_orders.py::test_bulk_import", "pytest.ini", 2),
        (WEAK, "FAIL", "tests/test_orders.py::test_refund_rounding", "pytest.ini", 2),
        (WEAK, "FAIL", "tests/test_orders.py::test_total", "pytest.ini", 2),
    ]


def test_python_functions_narrowed_drops_the_functions_no_longer_matched(changes: Callable) -> None:
    base = _with({"pytest.ini": "[pytest]\n"})
    head = _with({"pytest.ini": "[pytest]\npython_functions = test_total test_ok\n"})
    assert changes(base, head) == [
        (WEAK, "FAIL", "tests/test_orders.py::test_bulk_import", "pytest.ini", 2),
        (WEAK, "FAIL", "tests/test_orders.py::test_refund_rounding", "pytest.ini", 2),
    ]


def test_file_renamed_out_of_python_files_is_a_removed_test(changes: Callable) -> None:
    head = dict(TESTS)
    head["tests/check_users.py"] = head.pop("tests/test_users.py")
    assert changes(TESTS, head) == [
        (REMOVED, "FAIL", "tests/test_users.py::TestLogin::test_ok", "tests/test_users.py", 2)
    ]


def test_file_moved_to_another_collected_folder_is_not_a_change(changes: Callable) -> None:
    head = dict(TESTS)
    head["tests/auth/test_users.py"] = head.pop("tests/test_users.py")
    assert changes(TESTS, head) == []


def test_test_deleted_from_its_file_is_removed(changes: Callable) -> None:
    head = dict(TESTS)
    head["tests/test_orders.py"] = "def test_total():\n    assert 1\n"
    assert changes(TESTS, head) == [
        (REMOVED, "FAIL", "tests/test_orders.py::test_refund_rounding", "tests/test_orders.py", 6),
        (REMOVED, "FAIL", "tests/test_orders.py::test_bulk_import", "tests/test_orders.py", 10),
    ]


def test_norecursedirs_covering_the_test_folder_is_found(changes: Callable) -> None:
    base = _with({"pytest.ini": "[pytest]\nnorecursedirs = .git build\n"})
    head = _with({"pytest.ini": "[pytest]\nnorecursedirs = .git build tests\n"})
    assert {row[3:] for row in changes(base, head)} == {("pytest.ini", 2)}
    assert len(changes(base, head)) == 4


def test_override_ini_on_the_command_line_is_honoured(view: Callable) -> None:
    revision = view({**TESTS, "pytest.ini": "[pytest]\npython_files = test_*.py\n"})
    suite = pytest_suite(
        revision, (Arg("-o", "ci.yml", 3), Arg("python_files=test_u*.py", "ci.yml", 3))
    )
    assert suite.running() == ("tests/test_users.py::TestLogin::test_ok",)


def test_disabling_the_python_plugin_drops_every_test(changes: Callable) -> None:
    base = _with({"pytest.ini": "[pytest]\naddopts = -pno:cacheprovider\n"})
    head = _with({"pytest.ini": "[pytest]\naddopts = -pno:cacheprovider -p no:python\n"})
    assert len(changes(base, head)) == 4


def test_config_precedence_follows_pytest(view: Callable) -> None:
    """pytest.ini wins over pyproject.toml; a pyproject.toml without a pytest table is skipped."""
    revision = view(
        {
            **TESTS,
            "pytest.ini": "[pytest]\ntestpaths = tests/test_users.py\n",
            "pyproject.toml": '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
        }
    )
    assert pytest_suite(revision).running() == ("tests/test_users.py::TestLogin::test_ok",)


def test_unittest_testcase_subclasses_are_collected_whatever_their_name(view: Callable) -> None:
    source = "import unittest\n\nclass Orders(unittest.TestCase):\n"
    source += "    def test_sum(self):\n        pass\n"
    revision = view({"tests/test_unit.py": source})
    suite = pytest_suite(revision)
    assert suite.running() == ("tests/test_unit.py::Orders::test_sum",)
    assert suite.tests["tests/test_unit.py::Orders::test_sum"].status is Status.RUNS


def test_unreadable_addopts_quoting_is_unknown(view: Callable) -> None:
    revision = view({**TESTS, "pytest.ini": "[pytest]\naddopts = -k 'not x\n"})
    statuses = {v.status for v in pytest_suite(revision).tests.values()}
    assert statuses == {Status.UNKNOWN}


def test_test_renamed_with_the_same_body_still_runs(changes: Callable) -> None:
    head = dict(TESTS)
    head["tests/test_orders.py"] = TESTS["tests/test_orders.py"].replace(
        "def test_total", "def test_order_total"
    )
    assert changes(TESTS, head) == []


def test_test_renamed_and_moved_to_a_folder_outside_testpaths_is_removed(changes: Callable) -> None:
    config = {"pytest.ini": "[pytest]\ntestpaths = tests\n"}
    head = {**TESTS, **config}
    head["scratch/test_users.py"] = head.pop("tests/test_users.py")
    assert changes({**TESTS, **config}, head) == [
        (REMOVED, "FAIL", "tests/test_users.py::TestLogin::test_ok", "pytest.ini", 2)
    ]


def test_conditional_collect_ignore_is_unknown(changes: Callable) -> None:
    conftest = "import sys\ncollect_ignore = []\nif sys.platform == 'win32':\n"
    conftest += "    collect_ignore.append('test_users.py')\n"
    assert changes(TESTS, _with({"tests/conftest.py": conftest})) == [
        (WEAK, "UNKNOWN", "tests/test_users.py::TestLogin::test_ok", "tests/conftest.py", 4)
    ]


def test_mapping_and_callable_views_read_the_same_revision(view: Callable) -> None:
    files = {**TESTS, "pytest.ini": "[pytest]\naddopts = -m 'not slow'\n"}
    from_disk = pytest_suite(view(files))
    from_mapping = pytest_suite(RevisionView({p: t.encode() for p, t in files.items()}))
    assert from_disk.tests == from_mapping.tests
    assert from_disk.running() == (
        "tests/test_orders.py::test_refund_rounding",
        "tests/test_orders.py::test_total",
        "tests/test_users.py::TestLogin::test_ok",
    )


def test_hook_that_deselects_by_marker_drops_only_the_marked_tests(changes: Callable) -> None:
    hook = (
        "def pytest_collection_modifyitems(config, items):\n"
        "    if config.getoption('--with-slow'):\n"
        "        return\n"
        "    slow = [item for item in items if item.get_closest_marker('slow')]\n"
        "    config.hook.pytest_deselected(items=slow)\n"
        "    items[:] = [item for item in items if not item.get_closest_marker('slow')]\n"
    )
    assert changes(TESTS, _with({"conftest.py": hook})) == [
        (WEAK, "FAIL", "tests/test_orders.py::test_bulk_import", "conftest.py", 1)
    ]


def test_hook_that_reads_markers_and_names_drops_the_tests_both_select(
    changes: Callable,
) -> None:
    hook = (
        "def pytest_collection_modifyitems(config, items):\n"
        "    items[:] = [i for i in items if not i.get_closest_marker('slow') or 'x' in i.name]\n"
    )
    assert changes(TESTS, _with({"conftest.py": hook})) == [
        (WEAK, "FAIL", "tests/test_orders.py::test_bulk_import", "conftest.py", 1)
    ]


def test_exit_first_and_quiet_options_are_not_a_change(changes: Callable) -> None:
    base = _with({"pytest.ini": "[pytest]\naddopts = -ra\n"})
    head = _with({"pytest.ini": "[pytest]\naddopts = -ra -xq --maxfail=1 -p no:randomly\n"})
    assert changes(base, head) == []


def test_a_hook_in_a_conftest_pytest_never_loads_drops_nothing(changes: Callable) -> None:
    hook = (
        "def pytest_collection_modifyitems(config, items):\n"
        "    items[:] = [i for i in items if 'refund' not in i.name]\n"
    )
    base = _with({"pytest.ini": "[pytest]\ntestpaths = tests\nnorecursedirs = vendor\n"})
    outside = {**base, "fixtures/cheat/conftest.py": hook, "tests/vendor/conftest.py": hook}
    assert changes(base, outside) == []
    inside = {**base, "tests/conftest.py": hook}
    assert (WEAK, "FAIL", "tests/test_orders.py::test_refund_rounding", "tests/conftest.py", 1) in (
        changes(base, inside)
    )


def test_a_test_class_renamed_with_its_tests_rewritten_still_runs_them(changes: Callable) -> None:
    base = {
        "tests/test_sign.py": "class TestSigning:\n    def test_sign(self):\n        assert 1\n"
    }
    head = {
        "tests/test_signer.py": "class TestSigner:\n    def test_sign(self):\n        assert 2\n"
    }
    assert changes(base, head) == []
    gone = {
        "tests/test_signer.py": "class TestSigner:\n    def test_verify(self):\n        assert 2\n"
    }
    assert changes(base, gone) == [
        (REMOVED, "FAIL", "tests/test_sign.py::TestSigning::test_sign", "tests/test_sign.py", 2)
    ]
