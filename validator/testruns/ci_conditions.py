"""GitHub Actions expressions (``if:``, ``continue-on-error: ${{ … }}``) evaluated over the
events a workflow's ``on:`` allows.

A condition that compares ``github.event_name`` (or ``github.event.action``, where the
trigger lists its activity types) with literals has one value per trigger of the workflow:
``github.event_name == 'pull_request'`` in a workflow that runs only on ``pull_request`` is
always true. Everything else an expression reads (``matrix``, ``inputs``, ``steps``,
``vars``, the status functions) is not known before the run: the evaluation is three-valued,
so ``success() && github.event_name == 'push'`` is still false on a ``pull_request``-only
workflow while ``github.ref == 'refs/heads/main'`` stays unknown.

The language follows GitHub's documentation: literals (``null``, booleans, numbers,
``'strings'`` with ``''`` escapes), property access (``a.b``, ``a['b']``, ``a.*``), ``!``,
comparisons, ``==``/``!=`` (strings compared ignoring case, other types coerced to numbers),
``&&``/``||`` returning one of their operands, and the functions ``contains``,
``startsWith``, ``endsWith``, ``format``, ``join``, ``fromJSON``, ``toJSON``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ...core.bounded import json_loads
from ...extractors.runners.scripts import Trigger


@dataclass(frozen=True)
class Unknown:
    """A value not known before the run, with its truthiness where that is known."""

    truthy: bool | None = None


UNKNOWN = Unknown()

# Activity types a trigger runs for when its ``types`` is not written (GitHub's defaults).
_DEFAULT_TYPES = {
    "pull_request": ("opened", "synchronize", "reopened"),
    "pull_request_target": ("opened", "synchronize", "reopened"),
}
# Events whose payload has no ``action``: ``github.event.action`` is null on them.
_NO_ACTION = frozenset({"push", "schedule", "workflow_dispatch", "create", "delete", "fork"})
# A called workflow sees its caller's ``github`` context: its event name is not its own.
_CALLED = "workflow_call"

_TOKEN = re.compile(
    r"\s*(?:(?P<string>'(?:[^']|'')*')"
    r"|(?P<number>[+-]?(?:0x[0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?))"
    r"|(?P<op>==|!=|<=|>=|&&|\|\||[!<>()\[\],.*])"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_-]*))"
)


class ExpressionError(ValueError):
    """The text is not an expression the model reads."""


def _tokens(text: str) -> list[tuple[str, str]]:
    found = []
    position = 0
    while position < len(text):
        if not text[position:].strip():
            break
        match = _TOKEN.match(text, position)
        if match is None:
            raise ExpressionError(f"unexpected {text[position:].strip()[:1]!r}")
        kind = match.lastgroup or ""
        found.append((kind, match.group(kind)))
        position = match.end()
    return found


# Syntax tree: ("lit", value) | ("ctx", path) | ("not", x) | ("op", op, a, b)
# | ("call", name, args) | ("index", x, key) where a context path is a tuple of names.
Node = tuple


def parse(text: str) -> Node:
    """The expression's syntax tree; ExpressionError when it does not parse."""
    tokens = _tokens(text)
    position = 0

    def peek(value: str | None = None) -> bool:
        if position >= len(tokens):
            return False
        return value is None or tokens[position][1] == value

    def take() -> tuple[str, str]:
        nonlocal position
        if position >= len(tokens):
            raise ExpressionError("unexpected end")
        position += 1
        return tokens[position - 1]

    def binary(operators: tuple[str, ...], operand: Callable[[], Node]) -> Node:
        left = operand()
        while (
            position < len(tokens)
            and tokens[position][0] == "op"
            and (tokens[position][1] in operators)
        ):
            op = take()[1]
            left = ("op", op, left, operand())
        return left

    def or_expr() -> Node:
        return binary(("||",), and_expr)

    def and_expr() -> Node:
        return binary(("&&",), equality)

    def equality() -> Node:
        return binary(("==", "!="), comparison)

    def comparison() -> Node:
        return binary(("<", "<=", ">", ">="), unary)

    def unary() -> Node:
        if peek("!"):
            take()
            return ("not", unary())
        return postfix()

    def postfix() -> Node:
        node = primary()
        while peek(".") or peek("["):
            if take()[1] == ".":
                kind, value = take()
                if value == "*" or kind == "name":
                    node = ("index", node, ("lit", None if value == "*" else value))
                else:
                    raise ExpressionError(f"unexpected {value!r} after '.'")
            else:
                if peek("*"):
                    take()
                    key: Node = ("lit", None)
                else:
                    key = or_expr()
                if take()[1] != "]":
                    raise ExpressionError("missing ]")
                node = ("index", node, key)
        return node

    def primary() -> Node:
        kind, value = take()
        if kind == "string":
            return ("lit", value[1:-1].replace("''", "'"))
        if kind == "number":
            return ("lit", float(int(value, 16)) if "x" in value.lower() else float(value))
        if value == "(":
            node = or_expr()
            if take()[1] != ")":
                raise ExpressionError("missing )")
            return node
        if kind != "name":
            raise ExpressionError(f"unexpected {value!r}")
        literals = {"true": True, "false": False, "null": None}
        if value in literals:
            return ("lit", literals[value])
        if peek("("):
            take()
            args: list[Node] = []
            while not peek(")"):
                args.append(or_expr())
                if not peek(")") and take()[1] != ",":
                    raise ExpressionError("missing ,")
            take()
            return ("call", value.lower(), tuple(args))
        return ("ctx", value.lower())

    tree = or_expr()
    if position != len(tokens):
        raise ExpressionError(f"unexpected {tokens[position][1]!r}")
    return tree


def truthy(value: object) -> bool | None:
    """GitHub's truthiness; None when the value is not known."""
    if isinstance(value, Unknown):
        return value.truthy
    if value is None or value is False:
        return False
    if isinstance(value, int | float):
        return value != 0 and not math.isnan(value)
    if isinstance(value, str):
        return value != ""
    return True


def _number(value: object) -> float:
    """GitHub's coercion of a value to a number (NaN when it has none)."""
    if value is None:
        return 0.0
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return 0.0
        try:
            return float(int(text, 16)) if text.lower().startswith("0x") else float(text)
        except ValueError:
            return math.nan
    return math.nan


def _equal(a: object, b: object) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return a.casefold() == b.casefold()
    if isinstance(a, list | dict) or isinstance(b, list | dict):
        return a is b
    if type(a) is type(b) and not isinstance(a, int | float):
        return a == b
    return _number(a) == _number(b)


def _compare(op: str, a: object, b: object) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        x, y = a.casefold(), b.casefold()
        order = (x > y) - (x < y)
    else:
        p, q = _number(a), _number(b)
        if math.isnan(p) or math.isnan(q):
            return False
        order = (p > q) - (p < q)
    return {"<": order < 0, "<=": order <= 0, ">": order > 0, ">=": order >= 0}[op]


def _text(value: object) -> str:
    """A value as GitHub converts it to a string."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, list | dict):
        return "Array" if isinstance(value, list) else "Object"
    return str(value)


def _call(name: str, args: Sequence[object]) -> object:
    if any(isinstance(a, Unknown) for a in args):
        return UNKNOWN
    if name == "contains" and len(args) == 2:
        haystack, needle = args
        if isinstance(haystack, list):
            return any(_equal(item, needle) for item in haystack)
        return _text(needle).casefold() in _text(haystack).casefold()
    if name in ("startswith", "endswith") and len(args) == 2:
        whole, part = _text(args[0]).casefold(), _text(args[1]).casefold()
        return whole.startswith(part) if name == "startswith" else whole.endswith(part)
    if name == "fromjson" and len(args) == 1:
        try:
            value = json_loads(_text(args[0]))
        except json.JSONDecodeError:
            return UNKNOWN
        return float(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if name == "format" and args:
        words = [_text(a) for a in args[1:]]
        try:
            return re.sub(
                r"\{\{|\}\}|\{(\d+)\}",
                lambda m: m.group(0)[0] if not m.group(1) else words[int(m.group(1))],
                _text(args[0]),
            )
        except IndexError:
            return UNKNOWN
    if name == "join" and args:
        separator = _text(args[1]) if len(args) > 1 else ","
        items = args[0] if isinstance(args[0], list) else [args[0]]
        return separator.join(_text(item) for item in items)
    if name == "tojson" and len(args) == 1:
        return json.dumps(args[0], indent=2)
    return UNKNOWN


def evaluate(node: Node, context: Mapping[str, object]) -> object:
    """The value of a syntax tree; a context path (``github.event_name``) the mapping does not
    hold, a status function and ``hashFiles`` are Unknown."""
    tag = node[0]
    if tag == "lit":
        return node[1]
    if tag == "ctx" or tag == "index":
        path = _path(node)
        return context[path] if path is not None and path in context else UNKNOWN
    if tag == "not":
        value = truthy(evaluate(node[1], context))
        return UNKNOWN if value is None else not value
    if tag == "call":
        if node[1] == "always":
            return True
        return _call(node[1], [evaluate(arg, context) for arg in node[2]])
    op, left, right = node[1], evaluate(node[2], context), evaluate(node[3], context)
    if op in ("&&", "||"):
        first, second = truthy(left), truthy(right)
        if first is None:
            if op == "&&":
                return Unknown(False) if second is False else UNKNOWN
            return Unknown(True) if second is True else UNKNOWN
        if op == "&&":
            return right if first else left
        return left if first else right
    if isinstance(left, Unknown) or isinstance(right, Unknown):
        return UNKNOWN
    if op in ("==", "!="):
        return _equal(left, right) == (op == "==")
    return _compare(op, left, right)


def _path(node: Node) -> str | None:
    """``github.event.action`` for the chain of property accesses that reads it, lower-cased;
    None for an access the mapping cannot hold (a computed key, a ``*`` filter)."""
    if node[0] == "ctx":
        return str(node[1])
    key = node[2]
    if node[0] != "index" or key[0] != "lit" or not isinstance(key[1], str):
        return None
    parent = _path(node[1])
    return None if parent is None else f"{parent}.{key[1].lower()}"


def _contexts(triggers: Sequence[Trigger]) -> list[dict[str, object]] | None:
    """What the expression may read on each trigger (one mapping per event and activity
    type); None when a trigger lets it read anything (a called workflow)."""
    out: list[dict[str, object]] = []
    for trigger in triggers:
        if trigger.event == _CALLED:
            return None
        types = trigger.types or _DEFAULT_TYPES.get(trigger.event, ())
        base: dict[str, object] = {"github.event_name": trigger.event}
        if types:
            out.extend({**base, "github.event.action": t} for t in types)
        elif trigger.event in _NO_ACTION:
            out.append({**base, "github.event.action": None})
        else:
            out.append(base)
    return out


Verdict = Literal["always", "never", "depends"]


def over_triggers(
    value: str, triggers: tuple[Trigger, ...] | None, bare_is_expression: bool
) -> tuple[Verdict, str]:
    """Whether a setting's value is truthy on every trigger of its workflow, on none, or it
    depends (on the trigger or on what is only known during the run), and the triggers that
    decided it (``"pull_request"``, ``"pull_request (opened, synchronize)"``).

    ``bare_is_expression``: ``if:`` reads its whole value as an expression; other settings
    only what is wrapped in ``${{ }}``."""
    text = value.strip()
    whole = re.fullmatch(r"\$\{\{(.*)\}\}", text, re.DOTALL)
    if whole is not None and "${{" not in whole.group(1):
        text = whole.group(1)
    elif "${{" in text or not bare_is_expression:
        return "depends", ""
    if not triggers:
        return "depends", ""
    contexts = _contexts(triggers)
    try:
        tree = parse(text)
    except ExpressionError:
        return "depends", ""
    if contexts is None:
        return "depends", ""
    outcomes = {truthy(evaluate(tree, context)) for context in contexts}
    if len(outcomes) != 1 or None in outcomes:
        return "depends", ""
    verdict: Verdict = "always" if outcomes == {True} else "never"
    return verdict, _describe(triggers, _reads_action(tree))


def _reads_action(node: Node) -> bool:
    """Whether the expression reads ``github.event.action``."""
    tag = node[0]
    if tag in ("ctx", "index") and _path(node) == "github.event.action":
        return True
    children = node[2] if tag == "call" else [p for p in node[1:] if isinstance(p, tuple)]
    return any(_reads_action(child) for child in children)


def _describe(triggers: tuple[Trigger, ...], with_types: bool) -> str:
    """The triggers as the message names them, with the activity types that decided it."""
    words = []
    for t in triggers:
        types = (t.types or _DEFAULT_TYPES.get(t.event, ())) if with_types else ()
        words.append(t.event + (f" ({', '.join(types)})" if types else ""))
    return ", ".join(words)
