"""A BASE test its own file stops running while it stays written (``it.todo`` in its place,
the whole module skipped) is removed, at the line that removes it; a skip of part of a file
or under a condition is not a removal."""

from __future__ import annotations

from collections.abc import Callable

REMOVED = "removed"
PY = (
    "def test_total():\n    assert 1\n\n\n"
    "class TestRefund:\n    def test_rounding(self):\n        assert 1\n"
)
PY_IDS = ("tests/test_cart.py::TestRefund::test_rounding", "tests/test_cart.py::test_total")
VITEST = {"package.json": '{"scripts": {"test": "vitest run"}, "devDependencies": {"vitest": "1"}}'}
JS = (
    'import { expect, it, test } from "vitest";\n\n'
    'test("adds", () => {\n  expect(1).toBe(1);\n});\n\n'
    'it("rounds", () => {\n  expect(2).toBe(2);\n});\n'
)


def test_pytestmark_skip_removes_every_test_of_the_module(changes: Callable) -> None:
    head = "from pytest import mark\n\npytestmark = [mark.skip(reason='later')]\n\n\n" + PY
    rows = changes({"tests/test_cart.py": PY}, {"tests/test_cart.py": head})
    assert rows == [(REMOVED, "FAIL", test, "tests/test_cart.py", 3) for test in PY_IDS]


def test_a_module_level_skip_call_removes_every_test_of_the_module(changes: Callable) -> None:
    head = "import pytest as pt\n\npt.skip('later', allow_module_level=True)\n\n\n" + PY
    rows = changes({"tests/test_cart.py": PY}, {"tests/test_cart.py": head})
    assert rows == [(REMOVED, "FAIL", test, "tests/test_cart.py", 3) for test in PY_IDS]


def test_a_module_skip_under_a_condition_or_already_at_base_is_no_removal(
    changes: Callable,
) -> None:
    conditional = (
        "import sys\nimport pytest\n\nif sys.platform == 'win32':\n"
        "    pytest.skip('posix only', allow_module_level=True)\n\n\n" + PY
    )
    assert changes({"tests/test_cart.py": PY}, {"tests/test_cart.py": conditional}) == []
    skipped = "import pytest\n\npytestmark = pytest.mark.skip\n\n\n" + PY
    assert changes({"tests/test_cart.py": skipped}, {"tests/test_cart.py": skipped}) == []


def test_it_todo_in_place_of_a_base_test_removes_it_at_the_todo(changes: Callable) -> None:
    head = JS.replace('it("rounds", () => {\n  expect(2).toBe(2);\n});\n', 'it.todo("rounds");\n')
    rows = changes({**VITEST, "cart.test.js": JS}, {**VITEST, "cart.test.js": head})
    assert rows == [(REMOVED, "FAIL", "cart.test.js::rounds", "cart.test.js", 7)]


def test_describe_skip_around_the_whole_file_removes_each_test(changes: Callable) -> None:
    body = JS.split("\n\n", 1)[1].replace("\n", "\n  ").rstrip()
    head = (
        'import { describe, expect, it, test } from "vitest";\n\ndescribe.skip("cart", () => {\n  '
    )
    head += body + "\n});\n"
    rows = changes({**VITEST, "cart.test.js": JS}, {**VITEST, "cart.test.js": head})
    assert rows == [
        (REMOVED, "FAIL", "cart.test.js::adds", "cart.test.js", 3),
        (REMOVED, "FAIL", "cart.test.js::rounds", "cart.test.js", 3),
    ]


def test_describe_skip_around_part_of_the_file_is_no_removal(changes: Callable) -> None:
    head = JS.replace('it("rounds"', 'describe.skip("slow", () => {\n  it("rounds"') + "});\n"
    head = head.replace("import { expect,", "import { describe, expect,")
    rows = changes({**VITEST, "cart.test.js": JS}, {**VITEST, "cart.test.js": head})
    assert rows == []
