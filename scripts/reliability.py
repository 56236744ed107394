"""Write docs/reliability.md from a run of the tests marked ``reliability``.

    python scripts/reliability.py              # run the marked tests (slow ones too), write it
    python scripts/reliability.py --long       # the same under the hypothesis profile "long"
    python scripts/reliability.py --check      # collection only: exit 1 when the doc's rows
                                               # are not the marked tests of today
    python scripts/reliability.py --inventory  # collection only: the marked tests as JSON

Every test of a hostile input, fault or forgery carries ``@pytest.mark.reliability(cls=...,
outcome=...)`` (tests/conftest.py holds the closed vocabularies). The run is pytest itself,
in this process, with a small plugin that records each marked item's node id, marker and
result from pytest's own hooks and counts the examples hypothesis ran from hypothesis'
statistics; nothing reads pytest's terminal text. The doc is written from those records only:
sorted, no timestamps, no paths outside the repository, so the same tests give the same bytes
(hypothesis runs derandomized and without its example database for the count).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import json
import os
import re
import sys
from collections.abc import Generator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "reliability.md"
COMMAND = "python scripts/reliability.py"

# What each outcome of the marker vocabulary proves (tests/conftest.py: RELIABILITY_OUTCOMES).
OUTCOMES = {
    "clear error": "the run stops with exit 2 and one line naming the input; nothing is written",
    "UNKNOWN": "the cell or the gate's answer is UNKNOWN with its reason, never PASS or COMPLETE",
    "refused": "the forged or unsafe input earns nothing: no PASS, no COMPLETE, no write",
    "survived": "the run goes on to its normal end and what it writes is well formed",
    "preserved": "every byte of the user's files is the old one or exactly the intended new one",
}


@dataclass
class Case:
    """One pytest item carrying the reliability marker (a parametrized test gives several)."""

    nodeid: str
    test: str  # the node id without its parameters
    cls: str
    outcome: str
    what: str
    result: str = "not run"
    examples: int = 0


@dataclass(eq=False)
class Recorder:
    """A pytest plugin: the marked items as collected, their results, hypothesis' counts."""

    cases: dict[str, Case] = field(default_factory=dict)

    def pytest_sessionstart(self, session) -> None:
        # The count must not depend on a seed or on examples saved by earlier runs.
        from hypothesis import settings

        current = settings.get_current_profile_name()
        settings.register_profile(
            f"{current}-counted", settings.get_profile(current), derandomize=True, database=None
        )
        settings.load_profile(f"{current}-counted")

    def pytest_collection_finish(self, session) -> None:
        for item in session.items:
            marker = item.get_closest_marker("reliability")
            if marker is None:
                continue
            self.cases[item.nodeid] = Case(
                nodeid=item.nodeid,
                test=item.nodeid.split("[", 1)[0],
                cls=marker.kwargs["cls"],
                outcome=marker.kwargs["outcome"],
                what=_what(item),
            )

    # Inside hypothesis' own wrapper of the call, so its statistics reach this count first.
    @pytest.hookimpl(wrapper=True, trylast=True)
    def pytest_runtest_call(self, item) -> Generator[None, object, object]:
        from hypothesis.statistics import collector

        outer = collector.value
        case = self.cases.get(item.nodeid)

        def count(stats: dict) -> None:
            if case is not None:
                case.examples += _examples(stats)
            if outer is not None:
                outer(stats)

        with collector.with_value(count):
            return (yield)

    def pytest_runtest_logreport(self, report) -> None:
        case = self.cases.get(report.nodeid)
        if case is None:
            return
        if report.failed:
            case.result = "failed"
        elif report.skipped and case.result != "failed":
            case.result = "skipped"
        elif report.when == "call" and report.passed and case.result == "not run":
            case.result = "passed"


def _examples(stats: dict) -> int:
    """The examples a property checked: valid test cases of the generate and reuse phases
    (inputs rejected by the strategy and shrinking steps after a failure are not counted)."""
    return sum(
        1
        for phase in ("reuse-phase", "generate-phase")
        for call in stats.get(phase, {}).get("test-cases", ())
        if call.get("status") == "valid"
    )


def _what(item) -> str:
    """The first line of the test's docstring, else its name in words."""
    function = getattr(item, "function", None)
    doc = (getattr(function, "__doc__", None) or "").strip()
    if doc:
        return " ".join(doc.split("\n\n", 1)[0].split()).rstrip(".")
    name = getattr(item, "originalname", None) or item.name.split("[", 1)[0]
    words = name.removeprefix("test_").replace("_", " ")
    return words[:1].upper() + words[1:]


def _pytest_args(long: bool, collect_only: bool) -> list[str]:
    args = ["-m", "reliability", "--with-slow", "-p", "no:cacheprovider", "-n", "0", "-q"]
    args += ["--long"] if long else []
    args += ["--collect-only"] if collect_only else []
    return [*args, "tests"]


def collect(long: bool = False, collect_only: bool = True) -> tuple[int, list[Case]]:
    """Run (or only collect) the marked tests in this process; pytest's exit code and the cases."""
    recorder = Recorder()
    args = _pytest_args(long, collect_only)
    if collect_only:  # the listing is pytest's; this script prints its own answer
        with contextlib.redirect_stdout(io.StringIO()):
            code = pytest.main(args, plugins=[recorder])
    else:
        code = pytest.main(args, plugins=[recorder])
    return int(code), sorted(recorder.cases.values(), key=lambda c: (c.cls, c.test, c.nodeid))


def _conftest() -> ModuleType:
    """tests/conftest.py, where the marker's vocabularies and the hypothesis profiles live."""
    spec = importlib.util.spec_from_file_location(
        "reliability_conftest", ROOT / "tests" / "conftest.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass
class Row:
    """One test of the doc: all its cases."""

    cls: str
    test: str
    what: str
    outcome: str
    cases: int
    passed: int
    failed: int
    examples: int

    @property
    def result(self) -> str:
        if self.failed:
            return f"{self.failed} failed"
        if self.passed == self.cases:
            return "passed"
        return f"{self.passed} passed, {self.cases - self.passed} not run"


def rows(cases: list[Case]) -> list[Row]:
    """The cases grouped by test and class, sorted by class order, then test."""
    RELIABILITY_CLASSES = _conftest().RELIABILITY_CLASSES

    grouped: dict[tuple[str, str, str], Row] = {}
    for case in cases:
        key = (case.cls, case.test, case.outcome)
        row = grouped.setdefault(key, Row(case.cls, case.test, case.what, case.outcome, 0, 0, 0, 0))
        row.cases += 1
        row.passed += case.result == "passed"
        row.failed += case.result == "failed"
        row.examples += case.examples
    order = {name: i for i, name in enumerate(RELIABILITY_CLASSES)}
    return sorted(grouped.values(), key=lambda r: (order[r.cls], r.test, r.outcome))


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render(found: list[Row], long: bool = False) -> str:
    """The Markdown of docs/reliability.md."""
    RELIABILITY_CLASSES, PROFILE_EXAMPLES = (
        _conftest().RELIABILITY_CLASSES,
        _conftest().PROFILE_EXAMPLES,
    )

    profile = "long" if long else "bounded"
    out = [
        "# Reliability: what is proven against hostile input, faults and forgery",
        "",
        f"Generated by `{COMMAND}{' --long' if long else ''}` from a run of every test marked",
        "`reliability` (slow ones included); do not edit by hand. Each row is one test; a",
        "parametrized test counts each of its cases. To regenerate after adding or changing",
        f"such a test: `{COMMAND}` (add `--long` for the deep hypothesis profile).",
        f"`{COMMAND} --check`, which the test suite runs, fails when a marked test",
        "is missing here or a row names a test that is no longer marked so.",
        "",
        "What an outcome means:",
        "",
    ]
    out += [f"- **{name}**: {meaning}." for name, meaning in OUTCOMES.items()]
    out += ["", "## Summary", "", "| Class | Tests | Cases run | Passed | Hypothesis examples |"]
    out += ["|---|---:|---:|---:|---:|"]
    total = Row("", "", "", "", 0, 0, 0, 0)
    for cls in RELIABILITY_CLASSES:
        of = [r for r in found if r.cls == cls]
        cases, passed = sum(r.cases for r in of), sum(r.passed for r in of)
        examples = sum(r.examples for r in of)
        out.append(f"| {cls} | {len(of)} | {cases} | {passed} | {examples} |")
        total.cases, total.passed, total.examples = (
            total.cases + cases,
            total.passed + passed,
            total.examples + examples,
        )
    out.append(f"| **total** | {len(found)} | {total.cases} | {total.passed} | {total.examples} |")
    out += [
        "",
        "Hypothesis examples are the inputs the property tests checked: the valid test cases",
        "hypothesis generated, as its own statistics report them (inputs a strategy rejected",
        f"and shrinking steps are not counted), under the profile `{profile}`",
        f"({PROFILE_EXAMPLES[profile]} examples a property unless the test sets its own count),",
        "derandomized and without the example database, so the numbers repeat.",
    ]
    for cls in RELIABILITY_CLASSES:
        of = [r for r in found if r.cls == cls]
        out += ["", f"## {cls}", "", "| What | Test | Cases | Outcome | Result |"]
        out += ["|---|---|---:|---|---|"]
        for r in of:
            extra = f" ({r.examples} examples)" if r.examples else ""
            out.append(
                f"| {_cell(r.what)} | `{_cell(r.test)}` | {r.cases}{extra} | {r.outcome} "
                f"| {r.result} |"
            )
        out += ["", f"{len(of)} tests, {sum(r.cases for r in of)} cases."]
    return "\n".join(out) + "\n"


_ROW = re.compile(r"^\| .* \| `(?P<test>[^`]+)` \| (?P<cases>\d+)[^|]* \| (?P<outcome>[^|]+) \|")


def documented(text: str) -> set[tuple[str, str, int, str]]:
    """The (class, test, cases, outcome) rows of a written doc."""
    found: set[tuple[str, str, int, str]] = set()
    cls = ""
    for line in text.splitlines():
        if line.startswith("## "):
            cls = line[3:].strip()
        match = _ROW.match(line)
        if match:
            test = match["test"].replace("\\|", "|")
            found.add((cls, test, int(match["cases"]), match["outcome"].strip()))
    return found


def inventory_rows(found: list[Row]) -> set[tuple[str, str, int, str]]:
    return {(r.cls, r.test, r.cases, r.outcome) for r in found}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--long", action="store_true", help="hypothesis profile 'long'")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--check", action="store_true", help="compare the doc with collection")
    what.add_argument("--inventory", action="store_true", help="print the marked tests as JSON")
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    collect_only = args.check or args.inventory
    code, cases = collect(long=args.long, collect_only=collect_only)
    if code not in (0, 5) or not cases:
        print(f"reliability: pytest exited {code}; {len(cases)} marked tests", file=sys.stderr)
        return 1
    found = rows(cases)
    if args.inventory:
        print(json.dumps(sorted(inventory_rows(found)), indent=1))
        return 0
    if args.check:
        written = documented(DOC.read_text(encoding="utf-8")) if DOC.exists() else set()
        wanted = inventory_rows(found)
        for row in sorted(wanted - written):
            print(f"not in docs/reliability.md: {row}", file=sys.stderr)
        for row in sorted(written - wanted):
            print(f"in docs/reliability.md but not marked so: {row}", file=sys.stderr)
        return 0 if wanted == written else 1
    DOC.write_text(render(found, long=args.long), encoding="utf-8")
    failed = sum(r.failed for r in found)
    print(f"wrote docs/reliability.md: {len(found)} tests, {len(cases)} cases, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
