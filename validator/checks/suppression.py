"""Suppressions (DESIGN §6 ``suppression.*``): the family driver of the ``suppression`` rules.

It runs after every other check, so that the findings the suppressions hide are known:
the suppressions in effect are resolved over them (``suppressions_in_effect``), each one
becomes a ``Site`` of HEAD, the same sites are read at BASE (inline directives and
coverage pragmas from the files' BASE versions, settings entries from BASE's settings
read from git), and the rules compare the two.
"""

from __future__ import annotations

from ...core.git import Git
from ...extractors.common.comment_lines import code_at
from ...extractors.common.languages import is_code
from ...extractors.facts import FileFacts
from ...extractors.facts.integrity import Comment
from ..config import Config, ConfigEntry
from ..context import AnalysisContext, CheckOutput
from ..findings import Finding
from ..report.model import Suppression
from ..rules import rules_of
from ..rules.suppression.common import SETTINGS, Site, SuppressionSites, coverage_pragma
from ..suppression import directives_in
from ..suppressions_in_effect import base_config, resolve
from .testruns import renames


def _owners(facts: FileFacts) -> dict[int, str]:
    """Line -> the function or class a comment on it sits in (without the file's path)."""
    return {c.line: _local(c.symbol) for c in facts.of_type(Comment)}


def _local(symbol: str) -> str:
    """``path::Class.method`` -> ``Class.method``: a renamed file keeps its owners."""
    return symbol.split("::", 1)[-1] if symbol else ""


def _directive_sites(facts: FileFacts, used: dict[tuple[str, int], bool], scope: str) -> list[Site]:
    owners = _owners(facts)
    return [
        Site(
            d.file,
            d.line,
            "inline",
            scope,
            d.text,
            d.text,
            used=used.get((d.file, d.line), False),
            owner=owners.get(d.line, ""),
            names=d.rules,
        )
        for d in directives_in(facts)
        if d.reason
    ]


def _pragma_sites(facts: FileFacts, text: str | None, scope: str) -> list[Site]:
    path, language = facts.path, facts.language
    if not is_code(language):
        return []
    lines = (text or "").splitlines()
    sites = []
    for comment in facts.of_type(Comment):
        pragma = coverage_pragma(comment.text, language)
        if pragma is not None:
            code = code_at(lines, comment.line)
            identity = f"{pragma} @ {code}"
            owner = _local(comment.symbol)
            site = Site(
                path, comment.line, "coverage", scope, identity, pragma, code=code, owner=owner
            )
            sites.append(site)
    return sites


def _entry_sites(config: Config, used: dict[tuple[str, int, str], bool]) -> list[Site]:
    def site(e: ConfigEntry) -> Site:
        label = f"{e.key} = {e.pattern!r}"
        flag = used.get((e.file, e.line, e.pattern), False)
        return Site(
            e.file, e.line, "config", SETTINGS, f"{e.key}:{e.pattern}", label, flag, key=e.key
        )

    return [site(e) for e in config.entries]


def _used(
    records: list[Suppression],
) -> tuple[dict[tuple[str, int], bool], dict[tuple[str, int, str], bool]]:
    """Whether each directive (by file and line) and settings entry hid a finding."""
    inline = {(s.file, s.line): s.used for s in records if s.source == "inline"}
    config = {
        (s.file, s.line, (s.paths or s.rules)[0]): s.used for s in records if s.source == "config"
    }
    return inline, config


class SuppressionCheck:
    """Suppressions added since BASE, and suppressions that hid nothing."""

    name = "suppression"

    def run(self, ctx: AnalysisContext) -> CheckOutput:
        """SU findings over every suppression in effect. Two passes: whether a settings
        entry that names a suppression rule hid anything is known once that rule ran."""
        out = CheckOutput()
        git = ctx.facts.git
        base, missing = base_config(git, ctx.change_set)
        tracked = list(ctx.facts.tracked)
        moved = _moved(git, ctx) if base is not None else {}
        found: list[Finding] = []
        sites = SuppressionSites((), None)
        for _ in range(2):
            resolution = resolve(
                [*ctx.so_far.findings, *found],
                ctx.facts.head,
                ctx.change_set.files,
                ctx.config,
                base,
                tracked,
            )
            sites = _sites(ctx, resolution.suppressions, base, missing, moved)
            found = [f for rule in rules_of("suppression") for f in rule.detect(sites, ctx)]
        if sites.base is None and sites.head:
            out.notes.append(
                f"suppressions not compared with BASE ({missing}): each one in effect is "
                "UNKNOWN; --base REF turns the comparison on"
            )
        out.findings.extend(found)
        return out


def _moved(git: Git, ctx: AnalysisContext) -> dict[str, str]:
    """HEAD path -> BASE path of every file git sees as renamed: a renamed file keeps the
    suppressions it had."""
    change = ctx.change_set
    pairs = renames(git, change.base, None if change.include_dirty else change.head)
    return {new: old for old, new in pairs.items()}


def _sites(
    ctx: AnalysisContext,
    records: list[Suppression],
    base: Config | None,
    missing: str,
    moved: dict[str, str],
) -> SuppressionSites:
    """Every suppression site of HEAD with whether it hid a finding, and BASE's sites."""
    inline_used, config_used = _used(records)
    head = _entry_sites(ctx.config, config_used)
    before: list[Site] | None = None if base is None else _entry_sites(base, {})
    inline_files = {s.file for s in records if s.source == "inline"}
    for path in sorted(inline_files | set(ctx.change_set.files)):
        facts = ctx.facts.head(path)
        if facts is not None:
            head += _directive_sites(facts, inline_used, path)
            head += _pragma_sites(facts, ctx.facts.head_text(path), path)
        if before is None:
            continue
        origin = moved.get(path, path)
        old = ctx.facts.base(origin)
        if old is not None:
            before += _directive_sites(old, {}, path)
            before += _pragma_sites(old, ctx.facts.base_text(origin), path)
    return SuppressionSites(tuple(head), None if before is None else tuple(before), missing)
