"""pytest's ``-k`` and ``-m`` expression language, evaluated the way pytest evaluates it."""

from __future__ import annotations

import re
from collections.abc import Callable

_TOKEN = re.compile(r"\s*(?:(\()|(\))|((?:\w|:|\+|-|\.|\[|\]|\\|/)+)|(\S))")


class ExpressionError(ValueError):
    """The expression does not parse, or uses a form the model does not evaluate."""


def _tokens(source: str) -> list[str]:
    """The expression's tokens: parentheses and identifiers (pytest's lexer)."""
    found = []
    position = 0
    while position < len(source):
        match = _TOKEN.match(source, position)
        if match is None:
            break
        if match.group(4) is not None:
            raise ExpressionError(f"unexpected character {match.group(4)!r}")
        found.append(match.group(1) or match.group(2) or match.group(3))
        position = match.end()
    return found


def evaluate(source: str, matcher: Callable[[str], bool]) -> bool:
    """Evaluate ``source`` with ``matcher`` deciding each identifier; empty means true."""
    tokens = _tokens(source)
    if not tokens:
        return True
    position = 0

    def peek() -> str | None:
        return tokens[position] if position < len(tokens) else None

    def take() -> str:
        nonlocal position
        if position >= len(tokens):
            raise ExpressionError("unexpected end of expression")
        position += 1
        return tokens[position - 1]

    def expr() -> bool:
        value = and_expr()
        while peek() == "or":
            take()
            right = and_expr()
            value = value or right
        return value

    def and_expr() -> bool:
        value = not_expr()
        while peek() == "and":
            take()
            right = not_expr()
            value = value and right
        return value

    def not_expr() -> bool:
        token = take()
        if token == "not":
            return not not_expr()
        if token == "(":
            value = expr()
            if take() != ")":
                raise ExpressionError("missing )")
            return value
        if token in (")", "and", "or"):
            raise ExpressionError(f"unexpected {token!r}")
        if peek() == "(":
            raise ExpressionError("marker arguments are not evaluated")
        return matcher(token)

    result = expr()
    if position != len(tokens):
        raise ExpressionError(f"unexpected {tokens[position]!r}")
    return result


def keyword_matches(source: str, names: frozenset[str]) -> bool:
    """``-k``: an identifier matches when it is a case-insensitive substring of any name."""
    lowered = [n.lower() for n in names]
    return evaluate(source, lambda word: any(word.lower() in n for n in lowered))


def marker_matches(source: str, markers: frozenset[str]) -> bool:
    """``-m``: an identifier matches when a marker of the test has exactly that name."""
    return evaluate(source, lambda word: word in markers)
