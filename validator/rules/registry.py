"""The rule registry, collected from the package: every ``<family>/<ID>_<name>.py`` module.

Third parties add rules through the ``ralph_validate.rules`` entry-point group: each entry
point names a module (or a rule class) whose import defines ``Rule`` subclasses.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib.metadata import entry_points

from ...core.errors import InputError
from .rule import AnyRule, defined_rules

ENTRY_POINT_GROUP = "ralph_validate.rules"


def _import_package_rules() -> None:
    """Import every module of every family folder under this package."""
    package = importlib.import_module(__package__ or "")
    for family in pkgutil.iter_modules(package.__path__):
        if not family.ispkg:
            continue
        family_pkg = importlib.import_module(f"{package.__name__}.{family.name}")
        for module in pkgutil.iter_modules(family_pkg.__path__):
            importlib.import_module(f"{family_pkg.__name__}.{module.name}")


def _import_plugin_rules() -> None:
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        entry.load()


@cache
def all_rules() -> tuple[AnyRule, ...]:
    """One instance of every rule, sorted by id; two rules with one id is an error."""
    _import_package_rules()
    _import_plugin_rules()
    rules = sorted((cls() for cls in defined_rules()), key=lambda r: r.id)
    ids = [r.id for r in rules]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise RuntimeError(f"rule ids defined twice: {', '.join(duplicates)}")
    return tuple(rules)


def rules_of(family: str) -> tuple[AnyRule, ...]:
    """The rules of one family (the kind prefix: ``test``, ``contract``, …), sorted by id."""
    return tuple(r for r in all_rules() if r.family == family)


def get_rule(rule_id: str) -> AnyRule:
    """One rule by id (case-insensitive); InputError for an unknown id."""
    for rule in all_rules():
        if rule.id.lower() == rule_id.lower():
            return rule
    known = ", ".join(r.id for r in all_rules())
    raise InputError(f"unknown rule '{rule_id}' (known: {known})")


def rule_named(name: str) -> AnyRule:
    """One rule by its short name (``stub-body``): how other code refers to a rule's kind."""
    for rule in all_rules():
        if rule.name == name:
            return rule
    raise KeyError(name)
