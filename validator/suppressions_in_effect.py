"""Every suppression in effect, what each one hid, and the findings left.

Inline directives (``suppression.py``) are applied first, then the settings' ``exclude``
globs and ``ignore`` patterns. Each suppression is one ``Suppression`` record, ``used``
when it hid at least one finding of this audit (an ``exclude`` glob also when it keeps a
tracked file out of the audit). The suppression rules' own findings are never hidden by a
directive, nor by settings the change set wrote: only BASE's settings may turn them off,
so that a suppression cannot hide the report of itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ..core.errors import InputError
from ..core.git import EMPTY_TREE, Git
from ..extractors.facts import FileFacts
from .config import Config, ConfigEntry, config_from, glob_spec
from .context import ChangeSet
from .findings import Finding
from .report.model import SuppressedFinding, Suppression
from .suppression import Directive, directives_in, reports_suppressions, suppress_inline

EVERY_RULE = "*"


@dataclass
class Resolution:
    """The findings kept, the hidden ones with what hid them, and every suppression."""

    kept: list[Finding] = field(default_factory=list)
    hidden: list[SuppressedFinding] = field(default_factory=list)
    suppressions: list[Suppression] = field(default_factory=list)


def base_config(git: Git, change: ChangeSet) -> tuple[Config | None, str]:
    """The settings at BASE, or None and why there is no BASE to read them from."""
    if change.source == "all" and not change.base_rule.startswith("--base"):
        return None, "--all without --base"
    if change.base == EMPTY_TREE:
        return Config(), ""

    def read(name: str) -> str | None:
        data = git.show(change.base, name)
        return None if data is None else data.decode("utf-8", errors="replace")

    try:
        return config_from(read), ""
    except InputError as err:
        return None, f"the settings at BASE are unreadable: {err}"


def directive_record(d: Directive, used: bool) -> Suppression:
    """The report's record of an inline directive."""
    return Suppression(d.file, d.line, d.rules, d.reason, "inline", used)


def entry_record(entry: ConfigEntry, used: bool) -> Suppression:
    """The report's record of a settings entry."""
    if entry.key == "exclude":
        return Suppression(
            entry.file, entry.line, (EVERY_RULE,), entry.comment, "config", used, (entry.pattern,)
        )
    return Suppression(entry.file, entry.line, (entry.pattern,), entry.comment, "config", used)


def _config_hides(finding: Finding, config: Config) -> list[ConfigEntry] | None:
    """The entries hiding a finding ([] when only ``select`` leaves it out), None if none."""
    globs = set(config.excluded_by(finding.file))
    if globs:
        return [e for e in config.entries if e.key == "exclude" and e.pattern in globs]
    patterns = set(config.ignored_by(finding.rule, finding.kind))
    if patterns:
        return [e for e in config.entries if e.key == "ignore" and e.pattern in patterns]
    return None if config.rule_enabled(finding.rule, finding.kind) else []


def _guarded(finding: Finding, base: Config | None) -> bool:
    """Whether a finding no suppression may hide stays: BASE's settings alone decide."""
    if base is None:
        return True
    return base.rule_enabled(finding.rule, finding.kind) and not base.is_excluded(finding.file)


def resolve(
    findings: Sequence[Finding],
    facts_of: Callable[[str], FileFacts | None],
    files: Iterable[str],
    config: Config,
    base: Config | None,
    tracked: Sequence[str],
) -> Resolution:
    """Apply every suppression to ``findings``; list the directives of ``files`` (the change
    set) and of any file where one hid a finding, and every settings entry."""
    inline = suppress_inline(list(findings), facts_of)
    out = Resolution()
    used_entries: set[ConfigEntry] = set()
    hidden_by: dict[Finding, Suppression] = {}
    for finding in inline.kept:
        entries = _config_hides(finding, config)
        if reports_suppressions(finding) and _guarded(finding, base):
            out.kept.append(finding)
            continue
        if reports_suppressions(finding) and base is not None:
            entries = _config_hides(finding, base) or []
            entries = [e for e in config.entries if (e.key, e.pattern) in _keyed(entries)]
        if entries is None:
            out.kept.append(finding)
            continue
        used_entries.update(entries)
        if entries:
            hidden_by[finding] = entry_record(entries[0], True)
    used_directives = {d for _, d in inline.hidden}
    directives = set(used_directives)
    for path in files:
        facts = facts_of(path)
        if facts is not None:
            directives.update(d for d in directives_in(facts) if d.reason)
    records = {d: directive_record(d, d in used_directives) for d in directives}
    for entry in config.entries:
        used = entry in used_entries or (entry.key == "exclude" and _matches(entry, tracked))
        out.suppressions.append(entry_record(entry, used))
    out.suppressions += records.values()
    out.suppressions.sort(key=Suppression.sort_key)
    out.hidden = [SuppressedFinding(f, records[d]) for f, d in inline.hidden]
    out.hidden += [SuppressedFinding(f, s) for f, s in hidden_by.items()]
    out.hidden.sort(key=lambda h: h.finding.sort_key())
    return out


def _keyed(entries: list[ConfigEntry]) -> set[tuple[str, str]]:
    return {(e.key, e.pattern) for e in entries}


def _matches(entry: ConfigEntry, paths: Sequence[str]) -> bool:
    spec = glob_spec(entry.pattern)
    return any(spec.match_file(p) for p in paths)
