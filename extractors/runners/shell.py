"""Shell scripts split into simple commands and the operators between them (shlex, no regexes)."""

from __future__ import annotations

import shlex
from dataclasses import dataclass

CONDITION_KEYWORDS = frozenset({"if", "elif", "while", "until"})
BODY_KEYWORDS = frozenset({"then", "else", "do", "{", "time"})
CLOSING_KEYWORDS = frozenset({"fi", "done", "}", "esac", ";;"})
OPERATORS = frozenset({"&&", "||", ";", "|", "&", "|&", "\n"})


@dataclass(frozen=True)
class SimpleCommand:
    """One command of a script: its words, its line, and the operators around it."""

    words: tuple[str, ...]
    line: int
    before: str
    after: str
    negated: bool = False
    condition: bool = False
    parsed: bool = True


def _logical_lines(script: str) -> list[tuple[int, str]]:
    """Lines with backslash continuations joined, each with its 1-based first line."""
    found: list[tuple[int, str]] = []
    pending = ""
    start = 0
    for number, raw in enumerate(script.splitlines(), 1):
        if not pending:
            start = number
        if raw.endswith("\\") and not raw.endswith("\\\\"):
            pending += raw[:-1] + " "
            continue
        found.append((start, pending + raw))
        pending = ""
    if pending:
        found.append((start, pending))
    return found


def _tokens(text: str) -> list[str] | None:
    """Words and operators of one logical line, or None when its quoting does not close."""
    lexer = shlex.shlex(text, posix=True, punctuation_chars=";&|")
    lexer.whitespace_split = True
    lexer.commenters = "#"
    try:
        return list(lexer)
    except ValueError:
        return None


def split_script(script: str) -> tuple[SimpleCommand, ...]:
    """The simple commands of ``script`` in order, with the operator before and after each."""
    raw: list[tuple[list[str], int, bool]] = []
    operators: list[str] = []
    for number, text in _logical_lines(script):
        tokens = _tokens(text)
        parsed = tokens is not None
        if tokens is None:
            tokens = text.split()
        current: list[str] = []
        for token in tokens:
            if token in OPERATORS or (parsed and set(token) <= set(";&|")):
                raw.append((current, number, parsed))
                operators.append(token)
                current = []
            else:
                current.append(token)
        raw.append((current, number, parsed))
        operators.append("\n")
    commands: list[SimpleCommand] = []
    before = ""
    for (words, number, parsed), after in zip(raw, operators, strict=True):
        negated = False
        condition = False
        while words and (words[0] in CONDITION_KEYWORDS | BODY_KEYWORDS | {"!"}):
            first = words.pop(0)
            condition = condition or first in CONDITION_KEYWORDS
            negated = negated or first == "!"
        while words and words[0] in CLOSING_KEYWORDS:
            words.pop(0)
        if words and words[0].startswith("("):
            words[0] = words[0][1:]
        if words and words[-1].endswith(")") and "(" not in words[-1]:
            words[-1] = words[-1][:-1]
        words = [w for w in words if w]
        if not words:
            before = after
            continue
        if commands and commands[-1].condition and before in ("&&", "||", "|", "!"):
            condition = True
        commands.append(
            SimpleCommand(tuple(words), number, before, after, negated, condition, parsed)
        )
        before = after
    if commands and commands[-1].after == "\n":
        last = commands[-1]
        commands[-1] = SimpleCommand(
            last.words, last.line, last.before, "", last.negated, last.condition, last.parsed
        )
    return tuple(commands)
