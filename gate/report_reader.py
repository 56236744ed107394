"""Read any validation report written in Markdown: its Status cells and the commit it records.

The gate judges reports written by anyone — this tool, another validator, a
person. So it reads only what the contract fixes:

- every GFM pipe table counts whose header has a ``Status`` column (header cell
  compared case-insensitively after trimming spaces and emphasis), extra tables
  included; the other columns may hold anything (``YES``, ``4/3``, ``PASS``);
  tables inside fenced code or HTML comments are examples and are skipped;
- a table is a header row, then a delimiter row (``---``, ``:---:``) with as
  many cells, then every following line that has a pipe; leading and trailing
  pipes are optional, ``\\|`` is a literal pipe and a pipe inside a code span
  does not split cells;
- a Status cell counts as PASS, FAIL or UNKNOWN only when, after trimming
  spaces, it is exactly one of those words, optionally wrapped in one pair of
  ``**``, ``*``, ``__``, ``_`` or backticks (``**PASS**``); anything else —
  ``pass``, ``N/A``, ``✅ PASS``, an empty cell — is UNKNOWN;
- malformed (InputError, exit 2): not UTF-8, binary (a NUL byte), JSON, no
  table with a Status column at all, or a fence or HTML comment opened and never
  closed (it would hide every table after it, the real ones included);
- when this tool's ``validation-report.json`` (same stem) lies beside the Markdown, the
  two must agree: the same recorded HEAD and, over the Status rows, as many FAIL and
  UNKNOWN cells as its summary counts and as many PASS cells as its summary plus one
  for each of its three tables that is empty (the Markdown writes one PASS row saying
  there is nothing to check). A pair that disagrees is malformed: something other than
  the writer changed one of them.

The recorded commit is read from the header, i.e. the lines before the first
table: the first line naming ``HEAD`` followed by a 40-hex sha. This tool's
writer emits ``- **HEAD:** `<40-hex sha>``` (possibly followed by
`` + uncommitted changes``); ``HEAD: <sha>`` and ``- HEAD: `<sha>``` are read
too. When the Markdown has none, ``"head"`` of the ``validation-report.json``
beside it (same stem) is used. None when neither has one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..core.bounded import json_loads
from ..core.errors import InputError
from ..core.specs.text import Line, prose_lines, split_lines, unclosed_block

WORDS = ("PASS", "FAIL", "UNKNOWN")
_STATUS_CELL = re.compile(r"^(\*\*|__|\*|_|`|)(PASS|FAIL|UNKNOWN)\1$")
_DELIMITER_CELL = re.compile(r"^:?-+:?$")
_HEAD_LINE = re.compile(r"\bHEAD\b[\s:*`=|]*([0-9a-f]{40})\b", re.IGNORECASE)
_SHA = re.compile(r"[0-9a-f]{40}")
_HEADING = re.compile(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$")


class ReportUnavailable(InputError):
    """The report is missing or cannot be read: the gate says INCOMPLETE, not exit 2."""


@dataclass(frozen=True)
class StatusRow:
    """One row of a table with a Status column: the table's title, its cells, its status."""

    table: str  # the heading above the table, "" when there is none
    cells: tuple[str, ...]
    status: str  # PASS | FAIL | UNKNOWN (normalised)
    raw_status: str
    line: int  # 1-based line in the report


@dataclass(frozen=True)
class ParsedReport:
    """The Status rows of a report and the commit it says it describes."""

    rows: tuple[StatusRow, ...]
    head: str | None

    @property
    def gaps(self) -> tuple[StatusRow, ...]:
        """Rows that are FAIL or UNKNOWN, in report order."""
        return tuple(r for r in self.rows if r.status != "PASS")


def split_row(line: str) -> list[str]:
    """Cells of a pipe-table row (``\\|`` is a literal pipe; code spans may hold pipes)."""
    text = line.strip()
    cells: list[str] = []
    current: list[str] = []
    in_code = False
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and text[i + 1 : i + 2] == "|":
            current.append("|")
            i += 2
            continue
        if ch == "`":
            in_code = not in_code
        if ch == "|" and not in_code:
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
        i += 1
    cells.append("".join(current).strip())
    if text.startswith("|"):
        cells = cells[1:]
    if len(cells) > 1 and text.endswith("|") and not text.endswith("\\|") and not cells[-1]:
        cells = cells[:-1]
    return cells


def normalise_status(cell: str) -> str:
    """PASS/FAIL/UNKNOWN when the cell is exactly that word (one emphasis pair aside)."""
    match = _STATUS_CELL.match(cell.strip())
    return match.group(2) if match else "UNKNOWN"


def _header_name(cell: str) -> str:
    match = re.fullmatch(r"(\*\*|__|\*|_|`|)(.*?)\1", cell.strip())
    return (match.group(2) if match else cell).strip().lower()


def _is_delimiter(line: str, columns: int) -> bool:
    if "-" not in line:
        return False
    cells = split_row(line)
    return len(cells) == columns and all(_DELIMITER_CELL.match(c) for c in cells)


def _is_json(text: str) -> bool:
    if not text.startswith(("{", "[")):
        return False
    try:
        json_loads(text)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class _Table:
    title: str
    header: list[str]
    rows: list[Line]
    first_line: int


def _tables(lines: list[Line]) -> list[_Table]:
    """Every pipe table among ``lines`` (prose lines: fences and comments already removed)."""
    tables: list[_Table] = []
    title = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        heading = _HEADING.match(line.text)
        if heading:
            title = heading.group(1)
        following = lines[i + 1] if i + 1 < len(lines) else None
        header = split_row(line.text) if "|" in line.text else []
        if (
            following is None
            or following.number != line.number + 1
            or not header
            or not _is_delimiter(following.text, len(header))
        ):
            i += 1
            continue
        rows: list[Line] = []
        i += 2
        while (
            i < len(lines)
            and lines[i].number == lines[i - 1].number + 1
            and "|" in lines[i].text
            and lines[i].text.strip()
        ):
            rows.append(lines[i])
            i += 1
        tables.append(_Table(title, header, rows, line.number))
    return tables


def _recorded_head(lines: list[Line], before: int) -> str | None:
    for line in lines:
        if line.number >= before:
            return None
        match = _HEAD_LINE.search(line.text)
        if match:
            return match.group(1).lower()
    return None


def parse_report(data: bytes, name: str) -> ParsedReport:
    """Status rows and recorded HEAD of a Markdown report; InputError when malformed."""
    if b"\0" in data:
        raise InputError(f"{name} is a binary file, not a Markdown report")
    every = split_lines(data, name)
    opened = unclosed_block(every)
    if opened is not None:
        what = "HTML comment" if opened.text.lstrip().startswith("<!--") else "code fence"
        raise InputError(
            f"{name} is malformed: the {what} opened at line {opened.number} is never closed"
        )
    lines = prose_lines(every)
    if _is_json("\n".join(line.text for line in lines).strip()):
        raise InputError(f"{name} is JSON, not a Markdown report")
    rows: list[StatusRow] = []
    with_status = [t for t in _tables(lines) if "status" in map(_header_name, t.header)]
    if not with_status:
        raise InputError(f"{name} is malformed: no table has a Status column")
    for table in with_status:
        column = [_header_name(h) for h in table.header].index("status")
        for row in table.rows:
            cells = split_row(row.text)
            raw = cells[column] if column < len(cells) else ""
            rows.append(
                StatusRow(table.title, tuple(cells), normalise_status(raw), raw, row.number)
            )
    if not rows:  # "0 rows, all PASS" would be a COMPLETE nothing earned
        raise InputError(f"{name} is malformed: no table with a Status column has a row")
    return ParsedReport(tuple(rows), _recorded_head(lines, with_status[0].first_line))


def _own_json(path: Path) -> dict[str, object] | None:
    """The JSON report beside the Markdown when it is this tool's, else None."""
    try:
        data = json_loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("schema_version") != 1:
        return None
    tool = data.get("tool")
    return data if isinstance(tool, dict) and tool.get("name") == "ralph-validate" else None


def _expected_counts(data: dict[str, object]) -> dict[str, int] | None:
    summary = data.get("summary")
    if not isinstance(summary, dict) or not all(isinstance(summary.get(w), int) for w in WORDS):
        return None
    counts = {w: int(summary[w]) for w in WORDS}
    tables = [data.get(key) for key in ("requirements", "contracts", "tests")]
    counts["PASS"] += sum(1 for t in tables if not t)
    return counts


def _cross_check(parsed: ParsedReport, path: Path, beside: Path) -> None:
    """InputError when this tool's JSON report beside ``path`` disagrees with its rows."""
    data = _own_json(beside)
    if data is None:
        return
    head = data.get("head")
    if isinstance(head, str) and parsed.head is not None and head.lower() != parsed.head:
        raise InputError(
            f"{path.name} and {beside.name} disagree: they record different HEAD commits"
        )
    expected = _expected_counts(data)
    got = {w: sum(1 for r in parsed.rows if r.status == w) for w in WORDS}
    if expected is not None and got != expected:
        said = ", ".join(f"{got[w]} {w}" for w in WORDS)
        wanted = ", ".join(f"{expected[w]} {w}" for w in WORDS)
        raise InputError(
            f"{path.name} and {beside.name} disagree: the Markdown has {said}, "
            f"the JSON report {wanted}"
        )


def _head_from_json(path: Path) -> str | None:
    try:
        head = json_loads(path.read_bytes().decode("utf-8")).get("head")
    except (OSError, ValueError, AttributeError):
        return None
    return head.lower() if isinstance(head, str) and _SHA.fullmatch(head.lower()) else None


def read_report(path: Path) -> ParsedReport:
    """Parse the report at ``path``; the JSON beside it may supply the recorded HEAD."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ReportUnavailable(f"report {path.name} not found; run ralph-validate first") from None
    except OSError as err:
        raise ReportUnavailable(f"report {path.name} cannot be read: {err.strerror}") from None
    parsed = parse_report(data, path.name)
    if path.suffix != ".json":
        _cross_check(parsed, path, path.with_suffix(".json"))
    if parsed.head is None and path.suffix != ".json":
        head = _head_from_json(path.with_suffix(".json"))
        if head is not None:
            return ParsedReport(parsed.rows, head)
    return parsed
