"""TR003 requirements-not-read: a requirements file with text but no requirement read is
not "no requirements"."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import PurePosixPath

from ....core.specs.model import Unread
from ...findings import Finding, Status
from ...report.model import RequirementRow
from .rows import RequirementTable, RowRule


class RequirementsNotRead(RowRule[Iterable[Unread]]):
    """## What it does
    Reports a spec's requirements file that has text but from which no
    requirement was read: headings in another shape or language, a plain
    list, a table. So is a spec file that declares nothing to check: a JSON
    task list whose story, task or feature list is empty, a requirements
    file holding only its title with no task beside it. The traceability
    table gets one UNKNOWN row for the file, at its first line of text (the
    empty list's key), and a warning is printed on stderr.

    ## Why is this bad?
    "The spec declares no requirements" would be a PASS nobody earned: the
    requirements are there, the tool just did not understand them.

    ## Example
    A `requirements.md` that lists its requirements as a table
    (`| R1 | The cart sums its prices |`) instead of `### Requirement 1` sections;
    a `prd.json` of `{"branchName": "x", "userStories": []}`.

    Use instead: Kiro's structure, a numbered `Requirement N` heading per
    requirement with its acceptance criteria below it.

    ## How to suppress
    Requirement rows are not suppressed: write the requirements in a shape
    the tool reads.
    """

    id = "TR003"
    kind = "trace.not-understood"
    name = "requirements-not-read"
    summary = "A requirements file with text from which no requirement was read."
    severity = Status.UNKNOWN
    message = "{id}: {reason}"
    # The row's title and reason (the ``reason`` of ``message``), of what was not read.
    title_format = "not understood: {what}"
    reason_format = "{what}; its requirements were not traced"

    def detect(self, facts: Iterable[Unread], context: RequirementTable) -> Iterator[Finding]:
        """An UNKNOWN row, and its finding, for each requirements file nothing was read from."""
        for unread in facts:
            row = RequirementRow(
                id=PurePosixPath(unread.file).name,
                title=self.title_format.format(what=unread.what),
                status=self.severity,
                implementation=(),
                tests=(),
                decided_by="analysis",
                reason=self.reason_format.format(what=unread.what),
                file=unread.file,
                line=unread.line,
                kind=self.kind,
            )
            context.keep(row)
            finding = self.row_finding(row)
            if finding is not None:
                yield finding
