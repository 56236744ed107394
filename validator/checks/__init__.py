"""The registry of checks, in the order they run.

Order matters: test integrity and placeholders first, contracts next,
traceability after them (it reads which tests integrity flagged, ``ctx.so_far``), and
suppressions last (they are judged by which findings they hid).
Adding a check is one line here.
"""

from __future__ import annotations

from ..context import Check
from .base_missing import BaseMissingCheck
from .contracts import ContractCheck
from .implementation import ImplementationCheck
from .integrity import IntegrityCheck
from .placeholders import PlaceholderCheck
from .scope import ScopeCheck
from .suppression import SuppressionCheck
from .testruns import TestRunCheck
from .traceability import TraceabilityCheck

CHECKS: tuple[Check, ...] = (
    IntegrityCheck(),
    TestRunCheck(),
    BaseMissingCheck(),
    PlaceholderCheck(),
    ImplementationCheck(),
    ScopeCheck(),
    ContractCheck(),
    TraceabilityCheck(),
    SuppressionCheck(),
)
