"""TI011 test-removed: a test that ran at BASE no longer runs at HEAD."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from types import MappingProxyType

from ...findings import Finding, Status
from ...testruns import REMOVED, Change
from .runs import RunsContext, RunsRule, row_symbol


class RemovedTest(RunsRule):
    """## What it does
    Lists every test that BASE's runners collected (pytest, Jest, Vitest, Mocha, `node --test`, from
    their own configuration and test scripts) and reports each one that HEAD
    does not run any more: its file deleted, the test deleted from its file,
    the file renamed or moved out of what the runner collects
    (`test_cart.py` → `check_cart.py`, `cart.test.ts` → `cart.spec-old.ts`, out
    of `testpaths`), the test replaced by `it.todo`/`test.todo`, or its whole
    file skipped (`pytestmark = pytest.mark.skip`, `pytest.skip(...,
    allow_module_level=True)`, a `describe.skip` around every test of the file):
    one finding per BASE test, at the line that removes it, and no separate
    skipped-test finding for the same thing. A test renamed or moved
    to a place the runner still collects is not reported (the same name in
    another file or class, the same body under another name, or a title
    reworded into `describe` blocks with every word kept, `%s`/`${…}`
    placeholders aside), nor is a test that another configured runner now
    runs. A test re-titled, rewritten and moved at once (a move to another
    framework or assertion style) is paired with the new test that makes the
    same calls with the same values and the same checks (title words and file
    name weigh in): it is not reported when the pairing is certain and the new
    test checks all the old one did, and it is UNKNOWN when another new test
    fits nearly as well or the likeliest one checks less or something else.

    ## Why is this bad?
    A deleted test cannot fail. Removing the test that catches a regression
    hides the regression as well as fixing it would, and the suite stays green.

    ## Example
    ```text
    BASE: tests/test_refund.py::test_partial_refund
    HEAD: tests/check_refund.py (pytest collects test_*.py only)
    ```

    Use instead: keep the test where the runner finds it; if the behaviour it
    pins really changed, change the test in the open and say why in the spec.

    ## How to suppress
    A deleted file cannot carry a comment: turn the rule off with
    `ignore = ["TI011"]` in `[tool.ralph-validate]`.
    """

    id = "TI011"
    kind = "test.removed"
    name = "test-removed"
    summary = "A test that ran at BASE no longer runs: deleted, renamed or moved out of collection."
    message = MappingProxyType(
        {
            "deleted": "{test} no longer runs: {path} deleted (BASE line {line})",
            "renamed": "{test} no longer runs: {path} renamed to {new}, which {runner} does not "
            "collect (BASE line {line})",
            "gone": "{test} no longer runs: removed from {path} (BASE line {line})",
            "moved": "{test} moved to {where}, which {runner} does not collect: {cause}",
            "not-run": "{test} no longer runs: {cause}",
            "rewritten": "{test} no longer runs: no longer in {path} (was at line {line}); it may "
            "have been rewritten as {new}, which is not certainly the same test",
            "rewritten-deleted": "{test} no longer runs: {path} deleted (the test was at line "
            "{line}); it may have been rewritten as {new}, which is not certainly the same test",
            "other": "{test} no longer runs: {cause}",
            "no-base": "test runs not compared with BASE ({why}): a test that no longer runs "
            "is not known; --base REF compares them",
        }
    )

    def detect(self, facts: Sequence[Change], context: RunsContext) -> Iterator[Finding]:
        """One finding per BASE test that HEAD no longer runs, worded after how it went."""
        for change in facts:
            if change.kind != REMOVED:
                continue
            status = Status.FAIL if change.status == "FAIL" else Status.UNKNOWN
            yield self.finding(
                change, status=status, symbol=row_symbol(change), **_wording(change, context)
            )


def _wording(change: Change, context: RunsContext) -> dict[str, object]:
    """The message variant and its arguments for one removal, from how it went."""
    test, removal = change.subject, change.removal
    if removal is None:
        return {"variant": "other", "test": test, "cause": change.reason}
    path, line = removal.path, removal.line
    if removal.how == "deleted":
        new = context.renamed.get(path)
        if new is not None:
            return {
                "variant": "renamed",
                "test": test,
                "path": path,
                "new": new,
                "runner": change.runner,
                "line": line,
            }
        return {"variant": "deleted", "test": test, "path": path, "line": line}
    if removal.how == "not-run":
        return {"variant": "not-run", "test": test, "cause": removal.cause}
    if removal.how == "gone":
        return {"variant": "gone", "test": test, "path": path, "line": line}
    if removal.how == "moved":
        return {
            "variant": "moved",
            "test": test,
            "where": path,
            "runner": change.runner,
            "cause": removal.cause,
        }
    return {
        "variant": "rewritten-deleted" if removal.file_deleted else "rewritten",
        "test": test,
        "path": path,
        "line": line,
        "new": removal.successor,
    }
