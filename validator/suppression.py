"""Inline suppression: ``ralph-validate: ignore[<id or kind>, ...] <reason>``.

The comment sits on the offending line or the line above. A suppression
without a reason does not take effect: the finding stays, and its message says
why. Requirement rows and scope findings are not suppressed inline (change the
spec or the scope instead).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from ..extractors.facts import FileFacts
from ..extractors.facts.integrity import Comment
from .findings import Finding

_DIRECTIVE = re.compile(r"ralph-validate:\s*ignore\[(?P<ids>[^\]]*)\]\s*(?P<reason>.*)$")
_NOT_SUPPRESSIBLE = ("trace.", "scope.")


def _directives(facts: FileFacts) -> dict[int, tuple[set[str], str]]:
    found: dict[int, tuple[set[str], str]] = {}
    for comment in facts.of_type(Comment):
        match = _DIRECTIVE.search(comment.text)
        if match:
            ids = {i.strip().lower() for i in match.group("ids").split(",") if i.strip()}
            reason = match.group("reason").strip().rstrip("*/->").strip()
            found[comment.line] = (ids, reason)
    return found


def apply_suppressions(
    findings: list[Finding], facts_of: Callable[[str], FileFacts | None]
) -> list[Finding]:
    """Drop findings suppressed with a reason; annotate those suppressed without one."""
    cache: dict[str, dict[int, tuple[set[str], str]]] = {}
    kept: list[Finding] = []
    for finding in findings:
        if finding.kind.startswith(_NOT_SUPPRESSIBLE):
            kept.append(finding)
            continue
        if finding.file not in cache:
            facts = facts_of(finding.file)
            cache[finding.file] = _directives(facts) if facts is not None else {}
        directives = cache[finding.file]
        hit = next(
            (
                directives[line]
                for line in (finding.line, finding.line - 1)
                if line in directives
                and (
                    finding.rule.lower() in directives[line][0]
                    or finding.kind.lower() in directives[line][0]
                )
            ),
            None,
        )
        if hit is None:
            kept.append(finding)
        elif not hit[1]:
            message = f"{finding.message} (suppression without a reason is ignored)"
            kept.append(replace(finding, message=message))
    return kept
