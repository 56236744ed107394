"""TI009 on skips of a whole module, class or ``describe``: each BASE test they stop where
it ran is newly skipped, as if the skip were its own; a skip only on other platforms than
CI's, one BASE already had, and one over new tests only are not."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.rules.rule import FileContext
from ralph_validate.validator.rules.test.TI009_weakened_test import WeakenedTest

PY_TESTS = """

def test_adds():
    assert add(2, 3) == 5


def test_rounds():
    assert add(0.1, 0.2) == 0.3
"""
PY_BASE = "from shop import add\n" + PY_TESTS


def _skipped(
    path: str, base: str, head: str, importable: frozenset[str] | None = None
) -> list[tuple[int, str, str]]:
    facts = extract(path, head.encode())
    context = FileContext(base=extract(path, base.encode()), importable=importable)
    return sorted(
        (f.line, f.symbol, f.message)
        for f in WeakenedTest().detect(facts, context)
        if "newly skipped" in f.message
    )


def test_a_guarded_module_skip_reports_each_base_test_at_the_skip() -> None:
    head = (
        'import sys\n\nimport pytest\n\nif sys.platform != "win32":\n'
        '    pytest.skip("windows", allow_module_level=True)\n\n' + PY_BASE
    )
    assert _skipped("tests/test_add.py", PY_BASE, head) == [
        (6, "tests/test_add.py::test_adds", "test_adds is newly skipped (pytest.skip())"),
        (6, "tests/test_add.py::test_rounds", "test_rounds is newly skipped (pytest.skip())"),
    ]


def test_a_module_mark_on_a_condition_reports_each_base_test() -> None:
    head = (
        "import sys\n\nimport pytest\n\n"
        'pytestmark = pytest.mark.skipif(sys.version_info < (9, 0), reason="later")\n\n' + PY_BASE
    )
    assert [line for line, _, _ in _skipped("tests/test_add.py", PY_BASE, head)] == [5, 5]


def test_a_class_skip_reports_the_base_tests_of_the_class_only() -> None:
    base = (
        "import unittest\n\nfrom shop import add\n\n\nclass AddTest(unittest.TestCase):\n"
        "    def test_adds(self):\n        self.assertEqual(add(2, 3), 5)\n\n\n"
        "def test_alone():\n    assert add(1, 1) == 2\n"
    )
    head = base.replace(
        "\nclass AddTest", '\n@unittest.skipUnless(sys.platform == "darwin", "mac")\nclass AddTest'
    ).replace("import unittest\n", "import sys\nimport unittest\n")
    assert _skipped("tests/test_add.py", base, head) == [
        (
            7,
            "tests/test_add.py::AddTest::test_adds",
            "test_adds is newly skipped (unittest.skipUnless)",
        )
    ]


def test_a_skip_only_on_another_platform_than_ci_is_no_new_skip() -> None:
    for condition in ('sys.platform == "win32"', 'os.name == "nt"'):
        head = (
            "import os\nimport sys\n\nimport pytest\n\n"
            f'pytestmark = pytest.mark.skipif({condition}, reason="posix")\n\n' + PY_BASE
        )
        assert _skipped("tests/test_add.py", PY_BASE, head) == []


def test_a_module_skip_base_had_is_no_new_skip_but_one_that_now_holds_on_ci_is() -> None:
    windows_only = (
        "import sys\n\nimport pytest\n\n"
        'pytestmark = pytest.mark.skipif(sys.platform != "win32", reason="windows")\n\n' + PY_BASE
    )
    assert (
        _skipped(
            "tests/test_add.py",
            windows_only,
            windows_only + "\n\ndef test_new():\n    assert add(1, 1) == 2\n",
        )
        == []
    )
    posix_only = windows_only.replace('!= "win32"', '== "win32"')
    assert [line for line, _, _ in _skipped("tests/test_add.py", posix_only, windows_only)] == [
        5,
        5,
    ]


def test_a_module_skip_over_new_tests_only_is_no_new_skip() -> None:
    head = (
        "import sys\n\nimport pytest\n\nfrom shop import add\n\n"
        'if sys.platform != "win32":\n    pytest.skip("windows", allow_module_level=True)\n\n\n'
        "def test_new():\n    assert add(1, 1) == 2\n"
    )
    assert _skipped("tests/test_new.py", "", head) == []


def test_a_module_importorskip_of_an_undeclared_package_reports_each_base_test() -> None:
    head = 'import pytest\n\nnp = pytest.importorskip("money_ext")\n' + PY_BASE
    installed = frozenset({"pytest", "yaml", "shop"})
    assert _skipped("tests/test_add.py", PY_BASE, head, installed) == [
        (3, "tests/test_add.py::test_adds", "test_adds is newly skipped (pytest.importorskip())"),
        (
            3,
            "tests/test_add.py::test_rounds",
            "test_rounds is newly skipped (pytest.importorskip())",
        ),
    ]
    declared = head.replace('"money_ext"', '"yaml"')
    assert _skipped("tests/test_add.py", PY_BASE, declared, installed) == []
    in_a_test = PY_BASE.replace(
        "def test_adds():\n", 'def test_adds():\n    pytest.importorskip("yaml.cyaml")\n'
    )
    assert _skipped("tests/test_add.py", PY_BASE, "import pytest\n" + in_a_test, installed) == []


TS_BASE = """import { describe, expect, it } from "vitest";
import { add } from "./add";

describe("add", () => {
  describe("numbers", () => {
    it("adds", () => {
      expect(add(2, 3)).toBe(5);
    });
  });
});

it("stays", () => {
  expect(add(1, 1)).toBe(2);
});
"""


def test_a_describe_skip_on_a_condition_reports_the_base_tests_inside_it() -> None:
    for opener, how in (
        ('describe.skipIf(process.platform !== "win32")("numbers"', "describe.skipIf"),
        ('describe.runIf(process.platform === "darwin")("numbers"', "describe.runIf"),
        ('(process.platform !== "win32" ? describe.skip : describe)("numbers"', "describe.skip"),
    ):
        head = TS_BASE.replace('describe("numbers"', opener)
        assert _skipped("src/add.test.ts", TS_BASE, head) == [
            (5, "src/add.test.ts::add > numbers > adds", f"adds is newly skipped ({how})")
        ]


def test_a_describe_skip_only_on_windows_is_no_new_skip() -> None:
    for opener in (
        'describe.skipIf(process.platform === "win32")("numbers"',
        'describe.runIf(process.platform !== "win32")("numbers"',
    ):
        head = TS_BASE.replace('describe("numbers"', opener)
        assert _skipped("src/add.test.ts", TS_BASE, head) == []
