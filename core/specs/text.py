"""Spec files as text: UTF-8 only, a leading BOM tolerated, byte offsets kept.

A line ends at LF, CRLF or a lone CR (old Mac files, and editors that mix them): a
reader that split on LF only saw a CR-only file as one line and missed every task
after the first.

Markdown readers also need to know which lines sit inside fenced code or an
HTML comment: a checkbox or heading there is an example, not part of the spec.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InputError

BOM = "\ufeff"
_EOL = re.compile(rb"\r\n|\r|\n")
_FENCE = re.compile(r"^[ \t]*(?P<marker>`{3,}|~{3,})(?P<info>.*)$")


def decode(data: bytes, name: str) -> str:
    """``data`` as text without a leading BOM; InputError naming ``name`` when not UTF-8."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(f"{name} is not UTF-8 text (invalid byte at offset {err.start})") from None
    return text.removeprefix(BOM)


@dataclass(frozen=True)
class Line:
    """One line of a file: 1-based number, byte offset of its first character, text."""

    number: int
    offset: int  # byte offset in the raw file of ``text[0]`` (after a BOM on line 1)
    text: str  # without the line ending


def split_lines(data: bytes, name: str) -> list[Line]:
    """Every line of ``data`` with its byte offset; line endings (LF, CRLF, CR) removed."""
    decode(data, name)
    bom = BOM.encode("utf-8")
    lines: list[Line] = []
    start = 0
    ends = [(m.start(), m.end()) for m in _EOL.finditer(data)] + [(len(data), len(data))]
    for number, (stop, after) in enumerate(ends, start=1):
        skip = len(bom) if number == 1 and data.startswith(bom) else 0
        lines.append(Line(number, start + skip, data[start + skip : stop].decode("utf-8")))
        start = after
    return lines


def _closes(opening: str, marker: str, info: str) -> bool:
    """A closing fence: same character, at least as long, nothing after it."""
    return marker[0] == opening[0] and len(marker) >= len(opening) and not info.strip()


def prose_lines(lines: list[Line]) -> list[Line]:
    """The lines outside fenced code blocks and whole-line HTML comments."""
    return _prose(lines)[0]


def unclosed_block(lines: list[Line]) -> Line | None:
    """The line opening a fence or an HTML comment that is never closed, else None."""
    return _prose(lines)[1]


def _prose(lines: list[Line]) -> tuple[list[Line], Line | None]:
    kept: list[Line] = []
    fence: str | None = None  # the opening marker while inside a fence
    in_comment = False
    opened: Line | None = None  # where the fence or comment still open began
    for line in lines:
        match = _FENCE.match(line.text)
        if fence is not None:
            if match is not None and _closes(fence, match.group("marker"), match.group("info")):
                fence = None
            continue
        if in_comment:
            in_comment = "-->" not in line.text
            continue
        if match is not None:
            fence = match.group("marker")
            opened = line
            continue
        stripped = line.text.strip()
        if stripped.startswith("<!--"):
            in_comment = "-->" not in stripped[4:]
            opened = line
            if in_comment or stripped.endswith("-->"):
                continue
        kept.append(line)
    return kept, opened if fence is not None or in_comment else None
