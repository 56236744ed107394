"""TI007 no-assert: a test without a runnable assertion passes whatever the code does."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from ....extractors.common.languages import calls_own_member
from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Skip, TestCase
from ...findings import Finding
from ..rule import FileContext, FileRule
from .common import own_and_helper_assertions


class NoAssert(FileRule):
    """## What it does
    Finds tests with no assertion that can run — none in the test, none in the
    same-file helpers it calls (`pytest.raises`, mock `assert_called*`,
    `expect.assertions` count as assertions).

    ## Why is this bad?
    Such a test passes as long as nothing raises; it does not check a result.

    ## Example
    ```python
    def test_export():
        export_report("out.csv")
    ```

    Use instead:
    ```python
    def test_export(tmp_path):
        export_report(tmp_path / "out.csv")
        assert (tmp_path / "out.csv").read_text().startswith("id,")
    ```

    A call of a method named as an assertion by the xUnit convention counts too:
    `db.assertCalledWith(...)`, `response.assert_status(200)`, `api.expectStatus(200)`,
    `mock.verify()`.

    ## Options
    `assert-functions` in `[tool.ralph-validate]` lists the project's own assertion
    helpers, as eslint-plugin-jest's `assertFunctionNames` does: a test that calls one has
    an assertion. A name matches a callee as written, arguments left out (`verifyAll`,
    `api.expectOk`), or under the name it was imported as; `*` stands for any part of
    one name, `**` for any names in between (`request.**.expect` matches
    `request(app).get("/").expect(200)`).

    ## How to suppress
    `# ralph-validate: ignore[TI007] <reason>` on the test's line or the line above.
    """

    id = "TI007"
    whole_test = True
    says_not_run = True
    kind = "test.no-assert"
    name = "no-assert"
    summary = "A test without an assertion that can run."
    message = "{test} has no assertion that can run"

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Tests that run, assert nothing themselves or in a same-file helper, and delegate
        to no method of their own."""
        assertions = own_and_helper_assertions(facts)
        helper = assert_function_matcher(context.assert_functions)
        skipped = {s.symbol for s in facts.of_type(Skip) if not s.conditional}
        tests = list(facts.of_type(TestCase))
        # A test holding subtests (node:test ``t.test``) is their group: they are judged.
        groups = {t.symbol.rsplit(" > ", 1)[0] for t in tests if " > " in t.symbol}
        for t in tests:
            if t.symbol in groups:
                continue
            # A test that calls its own methods (self.check(...)) may assert in them through
            # indirection this file does not show: not reported.
            delegates = any(calls_own_member(c) and not _is_assert_name(c) for c in t.calls)
            if any(helper(c) or _named_as_assertion(c) for c in t.callees):
                continue
            if not assertions.get(t.symbol) and t.symbol not in skipped and not delegates:
                yield self.finding(t, test=t.name)


# A method named as an assertion by the xUnit convention: ``db.assertCalledWith(...)``,
# ``response.assert_status(200)``, ``api.expectStatus(200)``, a mock's ``verify()``.
_ASSERTION_NAME = re.compile(r"(?:assert|expect)(?:[A-Z_].*)?|verify")


def _named_as_assertion(callee: str) -> bool:
    """A method call (``obj.assertX``) whose name says it asserts; a bare function of that
    name is only an assertion when it is a known one or configured (its body may be here).
    Waits for a state are assertions the extractor reads."""
    head, _, last = callee.rpartition(".")
    return bool(head) and _ASSERTION_NAME.fullmatch(last) is not None


def assert_function_matcher(patterns: tuple[str, ...]) -> Callable[[str], bool]:
    """Whether a dotted callee matches one of the configured assertion function names."""
    if not patterns:
        return lambda _callee: False
    compiled = re.compile("|".join(f"(?:{_pattern_regex(p)})" for p in patterns))
    return lambda callee: compiled.fullmatch(callee) is not None


def _pattern_regex(pattern: str) -> str:
    """``request.**.expect`` -> a regex over dotted names: ``**`` stands for any names
    (none included), ``*`` for any part of one name."""
    out = ""
    for name in pattern.split("."):
        if name == "**":
            out += r"(?:\.[^.]+)*" if out else r"(?:[^.]+\.)*"
            continue
        if out and not out.endswith(r"\.)*"):
            out += r"\."
        out += re.escape(name).replace(r"\*", "[^.]*")
    return out


def _is_assert_name(call: str) -> bool:
    last = call.rsplit(".", 1)[-1]
    return last.startswith(("assert", "fail", "skipTest"))
