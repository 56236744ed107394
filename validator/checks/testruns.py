"""Test runs (DESIGN §6 ``test.config-weakened``, ``test.removed``): the test-run rules' driver.

BASE and HEAD (the work tree with ``--include-dirty``) are read as two
``RevisionView``s straight from git, the whole tree, not only the change set: a setting in
``pyproject.toml`` drops tests whether or not the goal touched them. ``compare`` lists how
HEAD runs less than BASE; each rule of the family that reads those changes turns them into
findings, and every change is one row of the *Integration test integrity* table: a test
under its BASE id, a command under its invocation, at the cause's ``file:line``.

Without a BASE to compare with nothing is compared: ``--all`` without ``--base`` gives each
rule's UNKNOWN row (``checks/base_missing.py``), and BASE equal to HEAD with a clean work
tree a note in the report's header whenever HEAD has tests to run.
"""

from __future__ import annotations

from ...core.git import EMPTY_TREE, BlobReader, Git
from ...extractors.facts import symbol_name
from ...extractors.runners.view import RevisionView
from ..baseline import compare_with_base
from ..context import AnalysisContext, CheckOutput
from ..findings import Finding, Status
from ..report.model import TestRow
from ..rules import all_rules, rules_of
from ..rules.test.runs import RunsContext, RunsRule
from ..testruns import Change, compare, revision_runs


def revision_view(git: Git, revision: str, blobs: BlobReader | None = None) -> RevisionView:
    """The files of a commit, listed with ``git ls-tree`` and read with ``git show`` (or through
    ``blobs``, one ``git cat-file --batch`` process for the whole tree)."""
    if revision == EMPTY_TREE:
        return RevisionView({})
    read = blobs.read if blobs is not None else (lambda path: git.show(revision, path))
    return RevisionView(list_paths=lambda: git.ls_tree(revision), read=read)


def worktree_view(git: Git) -> RevisionView:
    """The work tree: tracked files still on disk and untracked files that are not ignored."""
    root = git.root

    def listing() -> list[str]:
        names = set(git.ls_files()) | set(git.untracked())
        return [n for n in names if (root / n).is_file() and not (root / n).is_symlink()]

    def read(path: str) -> bytes | None:
        try:
            return (root / path).read_bytes()
        except OSError:
            return None

    return RevisionView(list_paths=listing, read=read)


def renames(git: Git, base: str, head: str | None) -> dict[str, str]:
    """BASE path -> HEAD path of every file git sees as renamed (``head`` None: the work
    tree's tracked files)."""
    if base == EMPTY_TREE:
        return {}
    words = git.run("diff", "--name-status", "-M", "-z", base, *([head] if head else []))
    fields = words.split("\0")
    found: dict[str, str] = {}
    index = 0
    while index < len(fields) and fields[index]:
        status = fields[index]
        if status.startswith(("R", "C")):
            if status.startswith("R"):
                found[fields[index + 1]] = fields[index + 2]
            index += 3
        else:
            index += 2
    return found


def _base_is_head(ctx: AnalysisContext) -> bool:
    """Whether BASE is HEAD with a clean work tree: nothing changed, nothing to compare."""
    change = ctx.change_set
    return change.base == change.head and not change.include_dirty


def _rules() -> list[RunsRule]:
    return [r for r in rules_of("test") if isinstance(r, RunsRule)]


class TestRunCheck:
    """Which tests BASE ran that HEAD no longer runs, or no longer lets fail."""

    __test__ = False  # not a pytest test class

    name = "test-runs"

    def run(self, ctx: AnalysisContext) -> CheckOutput:
        """Findings and one table row per change of the test runs since BASE."""
        out = CheckOutput()
        git = ctx.facts.git
        change = ctx.change_set
        with BlobReader(git, change.base) as base_blobs, BlobReader(git, change.head) as blobs:
            head = (
                worktree_view(git)
                if change.include_dirty
                else revision_view(git, change.head, blobs)
            )
            if not compare_with_base(ctx):
                return out  # the rules' UNKNOWN rows say it (checks/base_missing.py)
            if _base_is_head(ctx):
                if revision_runs(head).suites:
                    out.notes.append(
                        "test runs not compared with BASE (BASE is HEAD): removed tests and "
                        "weakened test configuration are not checked; --base REF turns it on"
                    )
                return out
            base = revision_view(git, change.base, base_blobs)
            changes = compare(base, head)
            context = RunsContext(
                base=change.base,
                head=change.head,
                base_text=base.text,
                head_text=head.text,
                renamed=renames(git, change.base, None if change.include_dirty else change.head),
            )
            found = [f for rule in _rules() for f in rule.detect(changes, context)]
            out.superseded = _superseded(ctx, [c for c in changes if c.not_run])
        rows: dict[tuple[str, str, int], TestRow] = {}
        for finding in found:
            out.findings.append(finding)
            row = _row(finding)
            held = rows.get((row.file, row.name, row.line))
            if held is not None:
                row = _merged(held, row)
            rows[(row.file, row.name, row.line)] = row
        out.tests.extend(rows[key] for key in sorted(rows))
        return out


def _superseded(ctx: AnalysisContext, removals: list[Change]) -> list[Finding]:
    """Earlier findings that a test is skipped or checks nothing, about a test its own file
    now removes (``it.todo`` in its place, the module skipped): the removal says it."""
    if not removals:
        return []
    says = {r.id for r in all_rules() if r.says_not_run}
    by_file: dict[str, list[Change]] = {}
    for change in removals:
        by_file.setdefault(change.file, []).append(change)
    return [
        f
        for f in ctx.so_far.findings
        if f.rule in says
        and any(f.symbol == c.subject or f.line == c.line for c in by_file.get(f.file, []))
    ]


def _merged(a: TestRow, b: TestRow) -> TestRow:
    """One row for two findings at the same place: the worse status, both kinds."""
    status = Status.FAIL if Status.FAIL in (a.status, b.status) else Status.UNKNOWN
    return TestRow(a.file, a.name, a.line, status, tuple(sorted(set(a.kinds) | set(b.kinds))))


def _row(finding: Finding) -> TestRow:
    """The table row of a test-run finding: named by its subject, located at its cause."""
    name = symbol_name(finding.symbol)
    status = Status.FAIL if finding.status is Status.FAIL else Status.UNKNOWN
    return TestRow(
        file=finding.file, name=name, line=finding.line, status=status, kinds=(finding.kind,)
    )
