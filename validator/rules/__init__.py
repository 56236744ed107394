"""The rule catalogue: a stable id per detector, its kind, and its documentation.

Each rule is a small class whose docstring *is* its documentation, in the same
sections every time (What it does, Why is this bad?, Example, Use instead,
How to suppress). ``docs/rules/<id>.md`` is generated from these docstrings
(``python -m ralph_validate.validator.rules.docs``); a test keeps them in step.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

from ...core.errors import InputError
from . import catalogue


@dataclass(frozen=True)
class RuleInfo:
    """What a rule is: id, kind (DESIGN §6), short name, one-line summary, documentation."""

    id: str
    kind: str
    name: str
    summary: str
    doc: str


def _info(cls: type) -> RuleInfo:
    doc = inspect.cleandoc(cls.__doc__ or "")
    return RuleInfo(cls.id, cls.kind, cls.name, cls.summary, doc)  # type: ignore[attr-defined]


def list_rules() -> list[RuleInfo]:
    """Every rule, sorted by id."""
    return sorted((_info(c) for c in catalogue.RULES), key=lambda r: r.id)


def get_rule(rule_id: str) -> RuleInfo:
    """One rule by id (case-insensitive); InputError for an unknown id."""
    for rule in list_rules():
        if rule.id.lower() == rule_id.lower():
            return rule
    known = ", ".join(r.id for r in list_rules())
    raise InputError(f"unknown rule '{rule_id}' (known: {known})")


def render_doc(rule: RuleInfo) -> str:
    """The Markdown page of a rule."""
    return f"# {rule.id} `{rule.name}` ({rule.kind})\n\n{rule.summary}\n\n{rule.doc}\n"


def explain(rule_id: str) -> str:
    """The documentation of one rule, as printed by ``ralph-validate explain``."""
    return render_doc(get_rule(rule_id))
