"""The BASE -> HEAD comparison: every BASE test that no longer runs, every test command that can
no longer fail, every coverage threshold lowered; UNKNOWN where the model cannot tell."""

from __future__ import annotations

import re

from ...extractors.runners.entrypoints import revision_scripts
from ...extractors.runners.scripts import Script
from ...extractors.runners.view import RevisionView
from ..testdiff.pairing import Pairing, Successor, TestPrints, pair_tests
from .model import (
    CONFIG_WEAKENED,
    NOT_RUN,
    REMOVED,
    Cause,
    Change,
    ChangeStatus,
    Removal,
    Status,
    Suite,
    Verdict,
)
from .runs import Patterns, RevisionRuns, revision_runs
from .thresholds import threshold_changes

# Names the package and the rules import from here.
__all__ = ["RevisionRuns", "compare", "revision_runs"]

# Test runners the model does not read: a suite that moves to one of them may still run.
_OTHER_RUNNERS = re.compile(
    r"(?<![\w-])(ava|tap|uvu|jasmine|karma|playwright\s+test"
    r"|cypress\s+run|bun\s+test|deno\s+test|python[\d.]*\s+-m\s+unittest|nose2|ward)(?![\w-])"
)


def _cause_text(causes: tuple[Cause, ...]) -> str:
    """Causes as one readable clause."""
    return "; ".join(
        f"{c.setting} {c.detail}".strip() + (f" ({c.file}:{c.line})" if c.file else "")
        for c in causes
    )


def _first(causes: tuple[Cause, ...], fallback: tuple[str, int]) -> tuple[str, int]:
    """The file and line to report: the first cause that names a file."""
    for cause in causes:
        if cause.file:
            return cause.file, cause.line
    return fallback


def _entry_group(invocation: str) -> str:
    """The file and first key part of an entry point (``ci.yml:jobs.test``): steps and targets
    inside it may be renamed or reordered without the suite disappearing."""
    return ":".join(invocation.split(" > ")[0].split(" #")[0].split(":")[:2])


def _match(base: Suite, head: RevisionRuns) -> Suite | None:
    """The HEAD suite that stands for a BASE suite: same invocation, else the suite of the same
    entry point that keeps the most of BASE's running tests, any runner."""
    exact = head.suite(base.runner, base.invocation)
    if exact is not None:
        return exact
    group = _entry_group(base.invocation)
    running = base.running()
    candidates = [s for s in head.suites if _entry_group(s.invocation) == group]
    if candidates:
        # The same entry point may now call another runner (Jest -> Vitest) or be reordered.
        return max(
            candidates,
            key=lambda s: (
                sum(1 for t in running if t in s.tests and s.tests[t].status is Status.RUNS),
                s.runner == base.runner,
                s.can_fail.status is Status.RUNS,
                s.invocation,
            ),
        )
    if base.invocation.startswith("config"):
        # The runner left the package (Jest -> ``node --test``): the command that now runs
        # the most of its tests, by file and own name, stands for it.
        kept = {(t.split("::", 1)[0], _leaf(t)) for t in running}
        scored = [
            (len(kept & {(t.split("::", 1)[0], _leaf(t)) for t in s.running()}), s.invocation, s)
            for s in head.suites
            if not s.invocation.startswith("config") and s.can_fail.status is Status.RUNS
        ]
        best = max(scored, key=lambda item: (item[0], item[1]), default=None)
        if best is not None and best[0]:
            return best[2]
        return Suite(base.runner, base.invocation, base.file, base.line)
    return None


def _qualname(test_id: str) -> str:
    """The part of an id after its file: ``Class::test`` or ``describe > name``."""
    return test_id.split("::", 1)[1] if "::" in test_id else test_id


def _leaf(test_id: str) -> str:
    """A test's own name, without its file, class or ``describe`` (a test class renamed, or
    a test moved into another class, keeps it)."""
    return _qualname(test_id).split("::")[-1].split(" > ")[-1]


_PLACEHOLDER = re.compile(r"%[sdifjopc#%]|\$\{[^}]*\}|\$[A-Za-z_]\w*")
_WORD = re.compile(r"[^\W_]+")


def _words(test_id: str) -> frozenset[str]:
    """The words of a test's full name, without the placeholders a parametrised title fills
    (``%s``, ``${name}``, ``$name``): a title reworded into ``describe`` blocks, or a
    ``test.each`` turned into a loop, keeps them."""
    return frozenset(w.lower() for w in _WORD.findall(_PLACEHOLDER.sub(" ", _qualname(test_id))))


def _rewritten(
    vanished: list[str], fresh: list[str], prints: tuple[TestPrints, TestPrints]
) -> dict[str, Successor]:
    """The new test each vanished BASE test was rewritten as (another title, another file,
    another assertion library), among the new tests HEAD runs."""
    if not vanished or not fresh:
        return {}
    return pair_tests(prints[0].of(vanished), prints[1].of(fresh))


def _test_changes(
    base: Suite,
    head: Suite,
    head_view: RevisionView,
    elsewhere: frozenset[str],
    prints: tuple[TestPrints, TestPrints],
) -> list[Change]:
    """Changes for every test BASE runs (or may run) in a suite; ``elsewhere`` holds the tests
    another runner's configuration runs at HEAD (a move from Jest to Vitest keeps them), and
    ``prints`` the tests of both revisions, to find a test rewritten under another name."""
    changes: list[Change] = []
    new_ids = {t: v for t, v in head.tests.items() if t not in base.tests}
    # A BASE test absent at HEAD may live on under a new path (same name) or a new name
    # (same body): both are looked up among the tests HEAD adds.
    successors: dict[str, list[tuple[str, Verdict]]] = {}
    for test, verdict in sorted(new_ids.items()):
        successors.setdefault(_qualname(test), []).append((test, verdict))
        successors.setdefault(f"leaf:{_leaf(test)}", []).append((test, verdict))
        body = head.bodies.get(test, "")
        if body:
            successors.setdefault(f"body:{body}", []).append((test, verdict))

    def moved_to(test: str) -> list[tuple[str, Verdict]]:
        body = base.bodies.get(test, "")
        return (
            successors.get(_qualname(test), [])
            + (successors.get(f"body:{body}", []) if body else [])
            + successors.get(f"leaf:{_leaf(test)}", [])
            + _reworded(test, new_ids)
        )

    vanished = {
        t: moved_to(t)
        for t, v in sorted(base.tests.items())
        if v.status is not Status.DROPPED and t not in head.tests and t not in elsewhere
    }
    # Only what no name or body match explains is paired by likeness (with any new test: a
    # loose name match of another test may point at this one's successor).
    rewritten = _rewritten(
        [t for t, found in vanished.items() if not found],
        [t for t, v in sorted(new_ids.items()) if v.status is Status.RUNS],
        prints,
    )
    for test, before in sorted(base.tests.items()):
        if before.status is Status.DROPPED:
            continue
        path = test.split("::", 1)[0]
        after = head.tests.get(test)
        if after is None and test in elsewhere:
            continue
        if after is None:
            moved = vanished[test]
            if any(v.status is Status.RUNS for _, v in moved):
                continue
            if moved:
                target, verdict = moved[0]
                file, line = _first(verdict.causes, (target.split("::", 1)[0], 1))
                if verdict.causes and all(c.setting in NOT_RUN for c in verdict.causes):
                    removal = Removal("not-run", cause=_cause_text(verdict.causes))
                    changes.append(_removed("FAIL", file, line, test, base, head, removal, True))
                    continue
                where = target.split("::", 1)[0]
                removal = Removal("moved", where, cause=_cause_text(verdict.causes))
                status = "FAIL" if verdict.status is Status.DROPPED else "UNKNOWN"
                changes.append(_removed(status, file, line, test, base, head, removal))
                continue
            line = base.locations.get(test, 1)
            successor = rewritten.get(test)
            if successor is not None and successor.pairing is Pairing.CERTAIN:
                continue
            deleted = not head_view.exists(path)
            if successor is not None:
                removal = Removal(
                    "rewritten", path, line, successor=successor.id, file_deleted=deleted
                )
                changes.append(_removed("UNKNOWN", path, line, test, base, head, removal))
                continue
            removal = Removal("deleted" if deleted else "gone", path, line)
            changes.append(_removed("FAIL", path, line, test, base, head, removal))
            continue
        if after.status is Status.RUNS:
            continue
        fresh = tuple(c for c in after.causes if not any(c.same_as(b) for b in before.causes))
        if not fresh:
            continue
        file, line = _first(fresh, (path, 1))
        if (
            before.status is Status.RUNS
            and after.status is Status.DROPPED
            and all(c.setting in NOT_RUN for c in fresh)
        ):
            removal = Removal("not-run", cause=_cause_text(fresh))
            changes.append(_removed("FAIL", file, line, test, base, head, removal, True))
            continue
        if before.status is Status.RUNS and after.status is Status.DROPPED:
            status, reason = "FAIL", f"no longer runs: {_cause_text(fresh)}"
        else:
            status, reason = "UNKNOWN", f"may no longer run: {_cause_text(fresh)}"
        changes.append(
            Change(CONFIG_WEAKENED, status, file, line, test, reason, base.runner, head.invocation)
        )
    return changes


def _reworded(test: str, new_ids: dict[str, Verdict]) -> list[tuple[str, Verdict]]:
    """Tests HEAD adds in the same file whose full name holds every word of ``test``'s."""
    words = _words(test)
    if len(words) < 2:
        return []
    path = test.split("::", 1)[0]
    return [
        (t, v)
        for t, v in sorted(new_ids.items())
        if t.split("::", 1)[0] == path and words <= _words(t)
    ]


def _removed(
    status: ChangeStatus,
    file: str,
    line: int,
    test: str,
    base: Suite,
    head: Suite,
    removal: Removal,
    not_run: bool = False,
) -> Change:
    """The change of a BASE test HEAD no longer runs, at the line that removes it."""
    return Change(
        REMOVED, status, file, line, test, "", base.runner, head.invocation, not_run, removal
    )


def _outcome_changes(base: Suite, head: Suite | None) -> list[Change]:
    """A command that could fail the build at BASE and cannot, or may not, at HEAD."""
    if base.can_fail.status is not Status.RUNS or not base.running():
        return []
    if head is None:
        return [
            Change(
                CONFIG_WEAKENED,
                "FAIL",
                base.file,
                base.line,
                base.invocation,
                "test command removed",
                base.runner,
                base.invocation,
            )
        ]
    if head.can_fail.status is Status.RUNS:
        return []
    file, line = _first(head.can_fail.causes, (head.file, head.line))
    if head.can_fail.status is Status.DROPPED:
        status, reason = (
            "FAIL",
            f"can no longer fail the build: {_cause_text(head.can_fail.causes)}",
        )
    else:
        status, reason = (
            "UNKNOWN",
            f"may no longer fail the build: {_cause_text(head.can_fail.causes)}",
        )
    return [
        Change(
            CONFIG_WEAKENED,
            status,
            file,
            line,
            head.invocation,
            reason,
            head.runner,
            head.invocation,
        )
    ]


def _runs_elsewhere(base: Suite, head: RevisionRuns) -> bool:
    """Whether every test a removed command ran that HEAD still has runs, and can fail the
    build, in a command of HEAD (a ``make test`` target dropped while tox or CI still runs the
    suite; ``tox.ini`` moved into ``pyproject.toml``'s ``[tool.tox]`` in the same change that
    deleted some tests)."""
    commands = [
        s
        for s in head.suites
        if not s.invocation.startswith("config") and s.can_fail.status is Status.RUNS
    ]
    # A test deleted from the repository is test.removed's to report, not the command's.
    running = [t for t in base.running() if any(t in s.tests for s in head.suites)]
    return bool(running) and all(
        any(t in s.tests and s.tests[t].status is Status.RUNS for s in commands) for t in running
    )


def _other_runner(scripts: tuple[Script, ...], entry: str | None = None) -> tuple[str, str, int]:
    """(command, file, line) of the first script (``entry``'s only, when given) that runs a
    test runner the model does not read, or ("", "", 0)."""
    for script in scripts:
        if entry is not None and f"{script.file}:{script.key}" != entry:
            continue
        for offset, text in enumerate(script.text.splitlines(), 1):
            found = _OTHER_RUNNERS.search(text)
            if found:
                return " ".join(text.split()), script.file, script.file_line(offset)
    return "", "", 0


def compare(base_view: RevisionView, head_view: RevisionView) -> list[Change]:
    """Every way HEAD runs less of the test suite than BASE did, sorted, without duplicates."""
    base = revision_runs(base_view)
    files: list[str] = []
    classes: list[str] = []
    functions: list[str] = []
    for suite in base.suites:
        if suite.runner == "pytest":
            files.extend(suite.python_patterns[0])
            classes.extend(suite.python_patterns[1])
            functions.extend(suite.python_patterns[2])
    extra: Patterns = (
        tuple(dict.fromkeys(files)),
        tuple(dict.fromkeys(classes)),
        tuple(dict.fromkeys(functions)),
    )
    head = revision_runs(head_view, extra)
    prints = (TestPrints(base_view.text), TestPrints(head_view.text))
    changes: list[Change] = []
    by_configuration = frozenset(
        test
        for suite in head.suites
        if suite.invocation.startswith("config")
        for test in suite.running()
    )
    head_scripts = revision_scripts(head_view)
    ordered = sorted(
        base.suites, key=lambda s: (not s.invocation.startswith("config"), s.invocation, s.runner)
    )
    for suite in ordered:
        matched = _match(suite, head)
        entry_file = suite.invocation.split(" > ")[0].split(":")[0]
        if matched is None and entry_file in head.unreadable:
            reason = f"{entry_file} does not parse at HEAD: what it runs is unknown"
            changes.append(
                Change(
                    CONFIG_WEAKENED,
                    "UNKNOWN",
                    entry_file,
                    1,
                    suite.invocation,
                    reason,
                    suite.runner,
                    suite.invocation,
                )
            )
            continue
        placeholder = suite.invocation.startswith("config") and (
            matched is not None and matched not in head.suites
        )
        if matched is None or placeholder:
            # The runner is gone from this entry point (or from the package): if a runner the
            # model does not read took over, the tests may still run.
            entry = None if placeholder else suite.invocation.split(" > ")[-1].split(" #")[0]
            command, file, line = _other_runner(head_scripts, entry)
            if command:
                reason = f"may now run under `{command}`, which the model does not read"
                changes.append(
                    Change(
                        CONFIG_WEAKENED,
                        "UNKNOWN",
                        file,
                        line,
                        suite.invocation,
                        reason,
                        suite.runner,
                        suite.invocation,
                    )
                )
                continue
        if matched is None:
            if not _runs_elsewhere(suite, head):
                changes.extend(_outcome_changes(suite, None))
            continue
        elsewhere = by_configuration if suite.invocation.startswith("config") else frozenset()
        changes.extend(_test_changes(suite, matched, head_view, elsewhere, prints))
        changes.extend(_outcome_changes(suite, matched))
    changes.extend(threshold_changes(base.thresholds, head.thresholds))
    unique: dict[tuple[str, str, str, int, str, str, Removal | None], Change] = {}
    for change in changes:
        key = (change.kind, change.status, change.file, change.line, change.subject, change.reason)
        unique.setdefault((*key, change.removal), change)
    return sorted(unique.values())
