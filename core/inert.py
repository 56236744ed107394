"""User text made inert for a terminal or a loop's grep: one line, no control bytes, no tag.

Everything the tools print may carry text an agent wrote (task titles, code comments,
finding messages, file names, report cells). Printed raw it could move the cursor or
retitle the terminal (ANSI/OSC escapes, C1 controls), reorder what a reader sees
(bidirectional overrides), or fake the ``<promise>…</promise>`` tag a loop looks for.
``one_line`` flattens whitespace, writes ``<`` as ``&lt;`` and every control character as a
visible ``\\x1b``/``\\u202e`` escape; ``inert_json`` writes a JSON document whose only
non-ASCII-safe characters are escaped and whose ``<`` is ``\\u003c``. Neither interprets
markup: a ``[/x]`` prints as it is when the text is printed without a markup engine.
"""

from __future__ import annotations

import json
import re

# What a terminal acts on: C0 and C1 controls, DEL, and the bidirectional overrides.
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str) -> str:
    """``text`` with every control character written as a visible escape."""
    return CONTROL.sub(_escape, text)


def inert_text(text: str) -> str:
    """``text`` inert with its layout kept: each line with ``<`` written ``&lt;`` and every
    control character escaped; the line breaks between lines stay."""
    return "\n".join(escape_controls(line.replace("<", "&lt;")) for line in text.split("\n"))


def one_line(text: str) -> str:
    """``text`` on one line and inert: ``<`` written ``&lt;``, control characters escaped."""
    return escape_controls(" ".join(text.split()).replace("<", "&lt;"))


def inert_json(value: object, indent: int | None = None) -> str:
    """``value`` as JSON: non-ASCII (controls included) escaped, ``<`` written ``\\u003c``."""
    return json.dumps(value, ensure_ascii=True, indent=indent).replace("<", "\\u003c")
