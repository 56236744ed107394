"""An expected value printed as a test's language writes it, for messages that quote it.

The containers print alike in Python and JavaScript (``[1, 2]``, ``{k: v}``); each
language's knowledge (``python/knowledge.py``, ``javascript/knowledge.py``) hands in how
it writes a scalar.
"""

from __future__ import annotations

from collections.abc import Callable

from ..facts.testfile import MapValue


def shown(value: object, scalar: Callable[[object], str]) -> str:
    """``value`` with its containers spelled out and each scalar written by ``scalar``."""
    if isinstance(value, MapValue):
        inner = ", ".join(f"{shown(k, scalar)}: {shown(v, scalar)}" for k, v in value.items)
        return "{" + inner + "}"
    if isinstance(value, tuple | list):
        return "[" + ", ".join(shown(v, scalar) for v in value) + "]"
    return scalar(value)
