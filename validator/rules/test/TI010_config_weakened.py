"""TI010 config-weakened: since BASE the test run was narrowed or made unable to fail."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from types import MappingProxyType

from ...findings import Finding, Status
from ...testruns import CONFIG_WEAKENED, Change
from .runs import RunsContext, RunsRule, before_after, row_symbol, split_reason

_THRESHOLD = re.compile(r"^coverage threshold (?P<what>.+)$")


class ConfigWeakened(RunsRule):
    """## What it does
    Compares which tests run at BASE and at HEAD, from each runner's own
    configuration and from every command that runs them (pytest, Jest, Vitest, Mocha,
    `node --test`; `pyproject.toml`, `pytest.ini`, `setup.cfg`, `tox.ini`, `conftest.py`,
    `noxfile.py`, the `test` and GNU `check` targets of a `Makefile`, `justfile`,
    `package.json` scripts, Jest and Vitest configs, CI workflows), and reports every way
    HEAD runs less or can no longer fail:

    - a BASE test now dropped by a setting or option: `addopts` gaining
      `--deselect`, `-k "not …"`, `--ignore`, `-m "not …"` or `-p no:…`,
      `testpaths` or `python_files` narrowed, `collect_ignore` or a
      `pytest_collection_modifyitems` hook in `conftest.py`,
      `testPathIgnorePatterns`, `testMatch` or `exclude` narrowed, a test
      script given a narrower path;
    - a test command that could fail the build at BASE and cannot at HEAD:
      `|| true`, `; exit 0`, `set +e`, `--passWithNoTests` over nothing,
      `continue-on-error: true`, `if: false`, or the command removed; a GitHub
      expression in `continue-on-error` or a step's or job's `if:` is evaluated
      over the events the workflow's `on:` allows (`github.event_name`, and
      `github.event.action` over the activity types a trigger lists or GitHub's
      defaults), so `continue-on-error: ${{ github.event_name == 'pull_request' }}`
      in a workflow run only on pull requests can no longer fail, and an `if:`
      false on every such event never runs; one whose value depends on the event
      or on the run (`matrix`, `inputs`, a called workflow's caller) is UNKNOWN for
      `continue-on-error` and counts as running for `if:`;
    - a coverage minimum lowered, no longer enforced, or removed
      (`fail_under`, `--cov-fail-under`, `coverageThreshold`, nyc/c8 checks).

    A conftest hook drops the tests its condition selects (a name, node id,
    file or marker test: `"slow" in item.keywords`, `item.name.startswith(…)`)
    by removing them from `items`, adding a `skip`, `xfail` or `skipif(True)`
    marker, or calling `pytest.skip`; the others still run. A hook that
    provably leaves every test running (it sets environment variables, adds
    an option, registers or adds a marker no `-m` selects) is no change.
    Where the effect cannot be computed (a hook whose filter is not literal, a
    configuration built at run time) the cell is UNKNOWN, never PASS. Only
    changes since BASE are reported: a setting that was already there is not.

    ## Why is this bad?
    Narrowing what runs is the cheapest way to turn a red suite green: every
    remaining test passes, and the failing ones are simply not asked.

    ## Example
    ```toml
    # BASE
    [tool.pytest.ini_options]
    addopts = "-q"
    # HEAD
    [tool.pytest.ini_options]
    addopts = "-q --deselect tests/test_cart.py::test_refund"
    ```

    Use instead: fix the code the test checks, or change the test in the open
    and say why in the spec.

    ## How to suppress
    A configuration file may not take comments (`package.json`): turn the rule
    off with `ignore = ["TI010"]` in `[tool.ralph-validate]`, or `# ralph-validate:
    ignore[TI010] <reason>` on the cause's line where the file is analysed source.
    """

    id = "TI010"
    kind = "test.config-weakened"
    name = "config-weakened"
    summary = (
        "Since BASE, the test run was narrowed, made unable to fail, or its coverage bar lowered."
    )
    message = MappingProxyType(
        {
            "dropped": "{test} no longer runs ({runner}, {invocation}): {cause}{edit}",
            "maybe-dropped": "{test} may no longer run ({runner}, {invocation}): {cause}{edit}",
            "masked": "{command} can no longer fail the build: {cause}{edit}",
            "maybe-masked": "{command} may no longer fail the build: {cause}{edit}",
            "command-removed": "{command} ran {runner} at BASE and is gone at HEAD",
            "coverage": "{scope}: coverage threshold {what}",
            "other": "{command}: {cause}",
            "no-base": "test runs not compared with BASE ({why}): a test run narrowed or made "
            "unable to fail is not known; --base REF compares them",
        }
    )

    def detect(self, facts: Sequence[Change], context: RunsContext) -> Iterator[Finding]:
        """One finding per config-weakened change, worded after what weakened it."""
        for change in facts:
            if change.kind != CONFIG_WEAKENED:
                continue
            status = Status.FAIL if change.status == "FAIL" else Status.UNKNOWN
            yield self.finding(
                change,
                status=status,
                symbol=row_symbol(change),
                **_wording(change, status, _edit(change, context)),
            )


def _edit(change: Change, context: RunsContext) -> str:
    """The cause's line before and after, for the message: `` (`a` -> `b`)``."""
    found = before_after(change, context)
    if found is None:
        return ""
    was, now = found
    return f" (added `{now}`)" if not was else f" (`{was}` -> `{now}`)"


def _wording(change: Change, status: Status, edit: str) -> dict[str, object]:
    """The message variant and its arguments for one change."""
    common = {"runner": change.runner, "invocation": change.invocation}
    per_test = split_reason(change.reason, "no longer runs", "may no longer run")
    if per_test is not None:
        variant = "dropped" if status is Status.FAIL else "maybe-dropped"
        return {
            "variant": variant,
            "test": change.subject,
            "cause": per_test[1],
            "edit": edit,
            **common,
        }
    outcome = split_reason(
        change.reason, "can no longer fail the build", "may no longer fail the build"
    )
    if outcome is not None:
        variant = "masked" if status is Status.FAIL else "maybe-masked"
        return {"variant": variant, "command": change.subject, "cause": outcome[1], "edit": edit}
    threshold = _THRESHOLD.match(change.reason)
    if threshold is not None:
        return {"variant": "coverage", "scope": change.subject, "what": threshold["what"]}
    if change.reason == "test command removed":
        return {"variant": "command-removed", "command": change.subject, **common}
    return {"variant": "other", "command": change.subject, "cause": change.reason}
