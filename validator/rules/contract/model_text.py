"""How contract rules word what a published model (botocore's) says about a field."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

_SHOWN = 8
_SHOWN_VALUES = 12


def fields_text(members: Sequence[str]) -> str:
    """``its fields are A, B, ...`` (the first few of a structure's members)."""
    shown = ", ".join(members[:_SHOWN]) + (", ..." if len(members) > _SHOWN else "")
    return f"its fields are {shown}" if members else "it has no fields"


def allowed_text(values: Sequence[str], allowed: Sequence[str]) -> str:
    """``allows only A, B, C`` plus the closest allowed spelling of a wrong value."""
    choices = list(allowed)
    close = [m for v in values for m in difflib.get_close_matches(v, choices, n=1, cutoff=0.6)]
    hint = f" (did you mean {close[0]}?)" if close else ""
    shown = ", ".join(choices[:_SHOWN_VALUES]) + (", ..." if len(choices) > _SHOWN_VALUES else "")
    return f"allows only {shown}{hint}"
