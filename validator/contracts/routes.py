"""HTTP routes: which route a request (``fetch('/api/orders/' + id)``) reaches."""

from __future__ import annotations

from collections.abc import Iterable

from ...extractors.facts.contracts import Consumer, Producer


def best_routes(producers: Iterable[Producer], consumer: Consumer) -> list[Producer]:
    """The routes an HTTP request most specifically reaches: ``/items/count`` goes to the
    literal route, not to ``/items/{id}``. Several left means the target is ambiguous."""
    scored = [
        (score, p)
        for p in producers
        if p.route and (score := route_score(p.route, consumer)) is not None
    ]
    if not scored:
        return []
    top = max(score for score, _ in scored)
    return [p for score, p in scored if score == top]


def route_matches(route: str, consumer: Consumer) -> bool:
    """True when an HTTP request (``GET /api/orders/{}``) can reach a route."""
    return route_score(route, consumer) is not None


def route_score(route: str, consumer: Consumer) -> int | None:
    """How specifically a request reaches a route (None: it cannot): per segment 2 when both
    sides say the same (a literal, or a parameter against a value), 1 when a route
    parameter takes a literal, 0 when a value we cannot read meets a literal segment."""
    method, _, pattern = route.partition(" ")
    if consumer.method and method and consumer.method != method:
        return None
    want = [s for s in pattern.strip("/").split("/") if s]
    have = [s for s in consumer.target.strip("/").split("/") if s]
    statics = any(w == h != "{}" for w, h in zip(want, have[1:], strict=False))
    if have and have[0] == "{}" and len(have) == len(want) + 1 and statics:
        have = have[1:]  # `${origin}/api/x`: the value in front is the scheme and host
    elif have and have[0] == "{}" and len(have) <= len(want):
        want = want[len(want) - len(have) :]
    if len(want) != len(have):
        return None
    score = 0
    for w, h in zip(want, have, strict=True):
        if w == h:
            score += 2
        elif w == "{}":
            score += 1
        elif h != "{}":
            return None
    return score
