"""The registry of checks, in the order they run.

Order matters: test integrity and placeholders first, contracts next,
traceability last (it reads which tests integrity flagged, ``ctx.so_far``).
Adding a check is one line here.
"""

from __future__ import annotations

from ralph_validate.validator.checks.contracts import ContractCheck
from ralph_validate.validator.checks.integrity import IntegrityCheck
from ralph_validate.validator.checks.placeholders import PlaceholderCheck
from ralph_validate.validator.checks.scope import ScopeCheck
from ralph_validate.validator.checks.traceability import TraceabilityCheck
from ralph_validate.validator.context import Check

CHECKS: tuple[Check, ...] = (
    IntegrityCheck(),
    PlaceholderCheck(),
    ScopeCheck(),
    ContractCheck(),
    TraceabilityCheck(),
)
