"""Inline suppression: ``ralph-validate: ignore[<id or kind>, ...] <reason>``.

The comment sits on the offending line or the line above. A suppression
without a reason does not take effect: the finding stays, and its message says
why. Requirement rows, scope findings and the suppression rules' own findings are
not suppressed inline (change the spec or the scope instead; a suppression cannot
hide the report of itself).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..extractors.facts import FileFacts
from ..extractors.facts.integrity import Comment
from .findings import Finding

_DIRECTIVE = re.compile(r"ralph-validate:\s*ignore\[(?P<ids>[^\]]*)\]\s*(?P<reason>.*)$")
SELF_REPORTING = "suppression."  # the kinds that report suppressions themselves
NOT_SUPPRESSIBLE = ("trace.", "scope.", SELF_REPORTING)


@dataclass(frozen=True)
class Directive:
    """One inline suppression comment: the rules it names (as written) and its reason."""

    file: str
    line: int
    rules: tuple[str, ...]
    reason: str

    @property
    def text(self) -> str:
        """What identifies the directive across versions of its file (not its line)."""
        return f"ignore[{', '.join(self.rules)}] {self.reason}".strip()

    def names(self, finding: Finding) -> bool:
        """True when the directive names the finding's rule id or kind (any case)."""
        wanted = {r.lower() for r in self.rules}
        return finding.rule.lower() in wanted or finding.kind.lower() in wanted


@dataclass
class InlineOutcome:
    """The findings kept, and each one an inline directive hid, with that directive."""

    kept: list[Finding] = field(default_factory=list)
    hidden: list[tuple[Finding, Directive]] = field(default_factory=list)


def directives_in(facts: FileFacts) -> list[Directive]:
    """Every suppression comment of one file version, in line order."""
    found: list[Directive] = []
    for comment in facts.of_type(Comment):
        match = _DIRECTIVE.search(comment.text)
        if match:
            rules = tuple(i.strip() for i in match.group("ids").split(",") if i.strip())
            reason = match.group("reason").strip().rstrip("*/->").strip()
            found.append(Directive(comment.file, comment.line, rules, reason))
    return sorted(found, key=lambda d: (d.line, d.text))


def suppressible(finding: Finding) -> bool:
    """Whether an inline directive may hide the finding."""
    return not finding.kind.startswith(NOT_SUPPRESSIBLE)


def reports_suppressions(finding: Finding) -> bool:
    """Whether the finding reports a suppression (only BASE's settings may turn it off)."""
    return finding.kind.startswith(SELF_REPORTING)


def suppress_inline(
    findings: list[Finding], facts_of: Callable[[str], FileFacts | None]
) -> InlineOutcome:
    """Drop findings suppressed with a reason; annotate those suppressed without one."""
    cache: dict[str, dict[int, list[Directive]]] = {}
    out = InlineOutcome()
    for finding in findings:
        if not suppressible(finding):
            out.kept.append(finding)
            continue
        if finding.file not in cache:
            facts = facts_of(finding.file)
            by_line: dict[int, list[Directive]] = {}
            for directive in directives_in(facts) if facts is not None else ():
                by_line.setdefault(directive.line, []).append(directive)
            cache[finding.file] = by_line
        directives = cache[finding.file]
        hit = next(
            (
                d
                for line in (finding.line, finding.line - 1)
                for d in directives.get(line, ())
                if d.names(finding)
            ),
            None,
        )
        if hit is None:
            out.kept.append(finding)
        elif not hit.reason:
            message = f"{finding.message} (suppression without a reason is ignored)"
            out.kept.append(replace(finding, message=message))
        else:
            out.hidden.append((finding, hit))
    return out


def apply_suppressions(
    findings: list[Finding], facts_of: Callable[[str], FileFacts | None]
) -> list[Finding]:
    """The findings no inline directive with a reason hides."""
    return suppress_inline(findings, facts_of).kept
