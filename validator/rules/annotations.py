"""Semgrep-style fixture annotations: ``ruleid: X`` above a line that must fire, ``ok: X``
above a clean look-alike. Used by the project's rule tests and its accuracy benchmark;
rule authors can use it for their own fixtures.
"""

from __future__ import annotations

import re

ANNOTATION = re.compile(r"(?:#|//|<!--)\s*(ruleid|ok):\s*([A-Z]{2}\d{3})")
_LEADERS = ("#", "//", "<!--")


def annotations(text: str) -> tuple[set[tuple[str, int]], set[tuple[str, int]]]:
    """(rule, line) pairs that must fire and pairs that must not. An annotation applies to
    the next line that is not itself an annotation."""
    must: set[tuple[str, int]] = set()
    must_not: set[tuple[str, int]] = set()
    pending: list[tuple[str, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        found = ANNOTATION.search(line)
        if found and line.strip().startswith(_LEADERS):
            pending.append((found.group(1), found.group(2)))
            continue
        for label, rule in pending:
            (must if label == "ruleid" else must_not).add((rule, number))
        pending = []
    return must, must_not
