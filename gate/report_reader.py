"""Read any validation report written in Markdown: its Status cells and the commit it records.

The gate judges reports written by anyone — this tool, another validator, a
person. So it reads only what the contract fixes:

- every GFM pipe table whose header has a ``Status`` column (case-insensitive)
  counts, extra tables included; other columns may hold anything;
- a Status cell counts as PASS, FAIL or UNKNOWN only when it is exactly one of
  those words (surrounding ``**``, ``*``, ``_`` or backticks and spaces are
  ignored); anything else — ``pass``, ``N/A``, empty — is UNKNOWN;
- a file with no table that has a Status column is malformed, and so is one
  that is not UTF-8 text or is JSON;
- the recorded commit is the 40-hex sha on a header line naming ``HEAD``
  (``- **HEAD:** `<sha>```, ``HEAD: <sha>``), or ``"head"`` of the
  ``validation-report.json`` beside it; None when neither has one.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from ralph_validate.core.errors import InputError

WORDS = ("PASS", "FAIL", "UNKNOWN")
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_HEAD_LINE = re.compile(r"\bHEAD\b[^0-9a-f\n]{0,20}\b([0-9a-f]{40})\b", re.IGNORECASE)
_FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class StatusRow:
    """One row of a table with a Status column: the table's title, its cells, its status."""

    table: str
    cells: tuple[str, ...]
    status: str  # PASS | FAIL | UNKNOWN (normalised)
    raw_status: str
    line: int


@dataclass(frozen=True)
class ParsedReport:
    """The Status rows of a report and the commit it says it describes."""

    rows: tuple[StatusRow, ...]
    head: str | None

    @property
    def gaps(self) -> tuple[StatusRow, ...]:
        """Rows that are FAIL or UNKNOWN."""
        return tuple(r for r in self.rows if r.status != "PASS")


def split_row(line: str) -> list[str]:
    """Cells of a pipe-table row (``\\|`` is a literal pipe; code spans may hold pipes)."""
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    cells: list[str] = []
    current: list[str] = []
    in_code = False
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text) and text[i + 1] == "|":
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
    return cells


def normalise_status(cell: str) -> str:
    """PASS/FAIL/UNKNOWN when the cell is exactly that word (emphasis aside), else UNKNOWN."""
    word = cell.strip().strip("*_`").strip()
    return word if word in WORDS else "UNKNOWN"


def _is_json(text: str) -> bool:
    if not text.startswith(("{", "[")):
        return False
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


class ReportUnavailable(InputError):
    """The report is missing or cannot be read: the gate says INCOMPLETE, not exit 2."""


def parse_report_text(text: str, name: str) -> ParsedReport:
    """Status rows and recorded HEAD of a Markdown report; InputError when malformed."""
    if _is_json(text.lstrip("\ufeff").lstrip()):
        raise InputError(f"{name} is JSON, not a Markdown report")
    lines = text.splitlines()
    rows: list[StatusRow] = []
    tables_with_status = 0
    title = ""
    fenced = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if _FENCE.match(line):
            fenced = not fenced
        if fenced:
            i += 1
            continue
        if line.lstrip().startswith("#"):
            title = line.lstrip("# ").strip()
        is_table = "|" in line and i + 1 < len(lines) and _SEPARATOR.match(lines[i + 1]) is not None
        if not is_table:
            i += 1
            continue
        headers = [h.strip().strip("*_`").strip().lower() for h in split_row(line)]
        status_col = headers.index("status") if "status" in headers else None
        i += 2
        if status_col is not None:
            tables_with_status += 1
        while i < len(lines) and "|" in lines[i] and lines[i].strip():
            if status_col is not None:
                cells = split_row(lines[i])
                raw = cells[status_col] if status_col < len(cells) else ""
                rows.append(StatusRow(title, tuple(cells), normalise_status(raw), raw, i + 1))
            i += 1
    if tables_with_status == 0:
        raise InputError(f"{name} is malformed: no table has a Status column")
    match = _HEAD_LINE.search("\n".join(lines[:60]))
    return ParsedReport(tuple(rows), match.group(1).lower() if match else None)


def read_report(path: Path) -> ParsedReport:
    """Parse the report at ``path``; the JSON beside it may supply the recorded HEAD."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ReportUnavailable(f"report {path.name} not found; run ralph-validate first") from None
    except OSError as err:
        raise ReportUnavailable(f"report {path.name} cannot be read: {err.strerror}") from None
    if b"\0" in data[:8192]:
        raise InputError(f"{path.name} is a binary file, not a Markdown report")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{path.name} is not UTF-8 text") from None
    parsed = parse_report_text(text, path.name)
    if parsed.head is None:
        sibling = path.with_suffix(".json")
        try:
            head = json.loads(sibling.read_text(encoding="utf-8")).get("head")
        except (OSError, ValueError, AttributeError):
            head = None
        if isinstance(head, str) and re.fullmatch(r"[0-9a-f]{40}", head):
            return ParsedReport(parsed.rows, head)
    return parsed
