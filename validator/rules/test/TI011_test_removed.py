"""TI011 test-removed: a test that ran at BASE no longer runs at HEAD."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from types import MappingProxyType

from ...findings import Finding, Status
from ...testruns import REMOVED, Change
from .runs import RunsContext, RunsRule, row_symbol, split_reason

_DELETED = re.compile(r"^(?P<path>.+) deleted \(the test was at line (?P<line>\d+)\)$")
_GONE = re.compile(r"^no longer in (?P<path>.+) \(was at line (?P<line>\d+)\)$")
_MOVED = re.compile(r"^moved to (?P<where>.+?), not collected$")


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
    runs. A test renamed with other words and its body rewritten is reported:
    nothing written says it is the same test.

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
    """The message variant and its arguments for one removal."""
    test = change.subject
    deleted = _DELETED.match(change.reason)
    if deleted is not None:
        path, line = deleted["path"], deleted["line"]
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
    if change.not_run:
        cause = split_reason(change.reason, "no longer runs")
        return {"variant": "not-run", "test": test, "cause": cause[1] if cause else change.reason}
    gone = _GONE.match(change.reason)
    if gone is not None:
        return {"variant": "gone", "test": test, "path": gone["path"], "line": gone["line"]}
    split = split_reason(change.reason, *_prefixes(change.reason))
    if split is not None:
        moved = _MOVED.match(split[0])
        if moved is not None:
            return {
                "variant": "moved",
                "test": test,
                "where": moved["where"],
                "runner": change.runner,
                "cause": split[1],
            }
    return {"variant": "other", "test": test, "cause": change.reason}


def _prefixes(reason: str) -> tuple[str, ...]:
    """The candidate ``moved to …, not collected`` prefix of a reason, if it has one."""
    head, sep, _ = reason.partition(", not collected: ")
    return (head + ", not collected",) if sep else ()
