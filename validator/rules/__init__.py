"""The rules: one module per rule under ``<family>/<ID>_<name>.py``, collected into a registry.

Each rule's class docstring *is* its documentation, in the same sections every time
(What it does, Why is this bad?, Example, Use instead, How to suppress).
``docs/rules/<id>.md`` is generated from these docstrings
(``python -m ralph_validate.validator.rules.docs``); a test keeps them in step.
"""

from __future__ import annotations

from .registry import all_rules, get_rule, rule_named, rules_of
from .rule import AnyRule, Rule

__all__ = [
    "Rule",
    "all_rules",
    "explain",
    "get_rule",
    "list_rules",
    "render_doc",
    "rule_named",
    "rules_of",
]


def list_rules() -> list[AnyRule]:
    """Every rule, sorted by id."""
    return list(all_rules())


def render_doc(rule: AnyRule) -> str:
    """The Markdown page of a rule."""
    return f"# {rule.id} `{rule.name}` ({rule.kind})\n\n{rule.summary}\n\n{rule.doc}\n"


def explain(rule_id: str) -> str:
    """The documentation of one rule, as printed by ``ralph-validate explain``."""
    return render_doc(get_rule(rule_id))
