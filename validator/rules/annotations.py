"""Semgrep-style fixture annotations: ``ruleid: X`` above a line that must fire, ``ok: X``
above a clean look-alike, ``todoruleid: X`` above a known miss (a line that should fire
and does not yet). Used by the project's rule tests and its accuracy benchmark; rule
authors can use it for their own fixtures.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

ANNOTATION = re.compile(
    r"(?:#|//|<!--)\s*(todoruleid|ruleid|ok):\s*([A-Z]{2}\d{3}(?:\s*,\s*[A-Z]{2}\d{3})*)"
)
_LEADERS = ("#", "//", "<!--")


@dataclass
class Annotations:
    """(rule, line) pairs by label."""

    must: set[tuple[str, int]] = field(default_factory=set)
    must_not: set[tuple[str, int]] = field(default_factory=set)
    todo: set[tuple[str, int]] = field(default_factory=set)

    def add(self, label: str, rules: str, line: int) -> None:
        """Record one annotation (one rule id, or several separated by commas) for ``line``."""
        target = {"ruleid": self.must, "ok": self.must_not, "todoruleid": self.todo}[label]
        target.update((rule.strip(), line) for rule in rules.split(","))


def read_annotations(text: str) -> Annotations:
    """Every annotation of a file. An annotation on a line of its own applies to the next
    line that is not itself an annotation; one that ends a line of code applies to that
    line (for findings on a file's first line)."""
    found = Annotations()
    pending: list[tuple[str, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        match = ANNOTATION.search(line)
        if match and line.strip().startswith(_LEADERS):
            pending.append((match.group(1), match.group(2)))
            continue
        if match:
            found.add(match.group(1), match.group(2), number)
        for label, rule in pending:
            found.add(label, rule, number)
        pending = []
    return found
