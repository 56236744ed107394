"""Python error handlers: ``except`` clauses and ``contextlib.suppress``, with what they do.

Each handler's body is described one word per top-level statement (``ErrorHandler.steps``,
``common/handlers.py``); whether that discards the error is the ``impl.error-swallowed``
rule's call.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.handlers import assigned_names, converted_input, handed_names, only_raised, step
from ..common.walk import inside
from ..facts import Fact
from ..facts.impl import ErrorHandler
from .adapter import BEHAVIOUR, NESTED, symbol_at
from .model import PythonModel

# Calls that convert a value and fail only when it is malformed: a ``try`` around one of
# them alone is the language's try-parse.
CONVERSIONS = frozenset(
    {
        "int",
        "float",
        "complex",
        "bytes.fromhex",
        "json.loads",
        "ast.literal_eval",
        "base64.b64decode",
        "base64.urlsafe_b64decode",
        "decimal.Decimal",
        "fractions.Fraction",
        "uuid.UUID",
        "ipaddress.ip_address",
        "ipaddress.ip_network",
        "ipaddress.ip_interface",
        "ipaddress.IPv4Address",
        "ipaddress.IPv6Address",
        "datetime.datetime.fromisoformat",
        "datetime.date.fromisoformat",
        "datetime.time.fromisoformat",
        "datetime.datetime.strptime",
    }
)


def _types(model: PythonModel, node: ts.Node | None) -> tuple[str, ...]:
    if node is None:
        return ()
    if node.type in ("tuple", "parenthesized_expression", "list"):
        return tuple(t for c in node.named_children for t in _types(model, c))
    return (model.resolve(T.squash(node)),)


def _except(source: SourceFile, model: PythonModel, node: ts.Node) -> ErrorHandler:
    value = node.child_by_field_name("value")
    error = ""
    if value is not None and value.type == "as_pattern":
        alias = value.child_by_field_name("alias")
        error = T.squash(alias)
        value = value.named_children[0] if value.named_children else None
    body = next((c for c in reversed(node.named_children) if c.type == "block"), None)
    statement = node.parent
    guarded = statement.child_by_field_name("body") if statement is not None else None
    statements = [c for c in body.named_children if c.type != "comment"] if body else []
    head = [c for c in node.children if c.type not in ("comment", "block", ":")]
    header = " ".join(T.text(c) for c in head)
    return ErrorHandler(
        file=source.path,
        line=T.line_of(node),
        symbol=symbol_at(source.path, node),
        form="except",
        caught=_types(model, value),
        raises=body is not None and any(n.type == "raise_statement" for n in inside(body, NESTED)),
        steps=tuple(step(s, error, model.resolve, BEHAVIOUR) for s in statements),
        text=" ".join(header.split()),
        converts=converted_input(guarded, BEHAVIOUR, model.resolve, CONVERSIONS),
        hands_back=handed_names(body, BEHAVIOUR),
        only_raised=statement is not None
        and only_raised(assigned_names(body), statement, "raise_statement"),
    )


def error_handlers(
    source: SourceFile, model: PythonModel, caps: dict[str, list[ts.Node]]
) -> list[Fact]:
    """Every ``except`` clause and ``with contextlib.suppress(...)``."""
    found: list[Fact] = [_except(source, model, n) for n in caps.get("except", [])]
    for call in caps.get("with_call", []):
        if model.resolve(T.squash(call.child_by_field_name("function"))) != "contextlib.suppress":
            continue
        args = call.child_by_field_name("arguments")
        caught = tuple(t for a in (args.named_children if args else []) for t in _types(model, a))
        found.append(
            ErrorHandler(
                file=source.path,
                line=T.line_of(call),
                symbol=symbol_at(source.path, call),
                form="suppress",
                caught=caught,
                raises=False,
                steps=(),
                text=T.squash(call),
            )
        )
    return found
