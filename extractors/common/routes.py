"""How an HTTP route is spelled in facts, whatever the language that declares or calls it."""

from __future__ import annotations

import re

_ROUTE_PARAM = re.compile(r"\{[^}]*\}|<[^>]*>|:\w+")


def normalise_route(route: str) -> str:
    """``/api/orders/{order_id}`` / ``<int:id>`` / ``:id`` -> ``/api/orders/{}``."""
    return _ROUTE_PARAM.sub("{}", route)
