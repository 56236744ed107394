"""Placeholder markers of a JavaScript/TypeScript file: comments, stub bodies, literal bindings,
and the named functions and classes that give every other fact its symbol.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import tree_sitter as ts

from ..common.literals import js_number_text
from ..common.treesitter import squash, text
from ..facts.integrity import LiteralKind, StubKind
from .syntax import body_statements, is_plain_template, string_content, unwrap

EXPRESSION_SENTINELS = frozenset(
    {
        "Infinity",
        "-Infinity",
        "Number.MAX_SAFE_INTEGER",
        "Number.MIN_SAFE_INTEGER",
        "Number.MAX_VALUE",
        "Number.POSITIVE_INFINITY",
        "Number.NEGATIVE_INFINITY",
    }
)
CLASS_OWNERS = frozenset(
    {
        "class_declaration",
        "abstract_class_declaration",
        "class",
        "interface_declaration",
        "type_alias_declaration",
    }
)
MEMBER_CONTAINERS = frozenset({"class_body", "interface_body", "object_type"})


def comment_lines(node: ts.Node) -> list[tuple[int, str]]:
    """(line offset, text) of a comment without its markers; one entry per non-blank line."""
    raw = text(node)
    if raw.startswith("//"):
        body = raw[2:].strip()
        return [(0, body)] if body else []
    if raw.startswith("/*"):
        raw = raw[2:-2] if raw.endswith("*/") else raw[2:]
    found: list[tuple[int, str]] = []
    for offset, line in enumerate(raw.splitlines()):
        cleaned = line.strip().lstrip("*").strip()
        if cleaned:
            found.append((offset, cleaned))
    return found


def _member_path(node: ts.Node) -> str:
    """``module.exports.run``/``exports.run`` → ``run``; ``Foo.prototype.bar`` → ``Foo.bar``."""
    parts = [p for p in text(node).split(".") if p not in ("prototype", "this")]
    while parts and parts[0] in ("module", "exports"):
        parts.pop(0)
    return ".".join(parts) or "default"


def plain_name(node: ts.Node | None) -> str:
    """A property, identifier or string key as a name."""
    if node is None:
        return ""
    if node.type == "member_expression":
        return _member_path(node)
    content = string_content(node)
    return content if content is not None else text(node)


def owner_name(member: ts.Node) -> str:
    """The class, interface or object variable a method/field/pair belongs to, else ""."""
    container = member.parent
    if container is None:
        return ""
    owner = container.parent
    if owner is None:
        return ""
    if container.type in MEMBER_CONTAINERS and owner.type in CLASS_OWNERS:
        return text(owner.child_by_field_name("name"))
    if container.type == "object" and owner.type == "variable_declarator":
        return text(owner.child_by_field_name("name"))
    return ""


def qualified(member: ts.Node, name: str) -> str:
    """``Owner.name`` for class/interface/object members, else ``name``."""
    owner = owner_name(member)
    return f"{owner}.{name}" if owner else name


@dataclass(frozen=True)
class FunctionSite:
    """A named function, method or signature: its symbol and (when a stub) its body kind."""

    node: ts.Node
    name: str  # qualified: ``Class.method``
    has_body: bool
    stub: tuple[StubKind, str] | None  # (body kind, message)
    abstract: bool = False
    protocol: bool = False
    overload: bool = False
    declaration: bool = False


def _nullish(node: ts.Node | None) -> bool:
    node = unwrap(node)
    if node is None:
        return False
    if node.type in ("null", "undefined"):
        return True
    return node.type == "unary_expression" and squash(node) == "void 0"


def _thrown(thrown: ts.Node | None) -> tuple[StubKind, str] | None:
    """("throw-not-implemented", message) of a thrown or rejected value, else None."""
    thrown = unwrap(thrown)
    if thrown is not None and thrown.type in ("string", "template_string"):
        return ("throw-not-implemented", string_content(thrown) or "")
    if thrown is None or thrown.type not in ("new_expression", "call_expression"):
        return None
    args = thrown.child_by_field_name("arguments")
    first = next((a for a in args.named_children if a.type != "comment"), None) if args else None
    if first is None:
        return ("throw-not-implemented", "")
    message = string_content(first)
    return ("throw-not-implemented", message if message is not None else squash(first))


def _rejected(value: ts.Node | None) -> tuple[StubKind, str] | None:
    """``Promise.reject(new Error(...))``: a body that only fails, asynchronously."""
    value = unwrap(value)
    if value is None or value.type != "call_expression":
        return None
    callee = value.child_by_field_name("function")
    if callee is None or squash(callee) != "Promise.reject":
        return None
    args = value.child_by_field_name("arguments")
    first = next((a for a in args.named_children if a.type != "comment"), None) if args else None
    return _thrown(first) if first is not None else ("throw-not-implemented", "")


def stub_kind(function: ts.Node) -> tuple[StubKind, str] | None:
    """(body kind, message) when the whole body does nothing real, else None."""
    body = function.child_by_field_name("body")
    if body is None:
        return None
    if body.type != "statement_block":
        return ("return-null", "") if _nullish(body) else _rejected(body)
    statements = body_statements(body)
    if not statements:
        return ("empty", "")
    if len(statements) != 1:
        return None
    statement = statements[0]
    values = [c for c in statement.named_children if c.type != "comment"]
    if statement.type == "return_statement":
        if not values or _nullish(values[0]):
            return ("return-null", "")
        return _rejected(values[0])
    if statement.type != "throw_statement" or not values:
        return None
    return _thrown(values[0])


def _overload_key(node: ts.Node, name: str) -> tuple[int, int, str]:
    container = node.parent
    while container is not None and container.type in ("export_statement", "ambient_declaration"):
        container = container.parent
    if container is None:
        return (-1, -1, name)
    return (container.start_byte, container.end_byte, name)


def read_functions(
    functions: Iterable[tuple[ts.Node, ts.Node | None]],
    signatures: Iterable[tuple[ts.Node, ts.Node]],
    declaration_file: bool,
) -> list[FunctionSite]:
    """Named functions (with bodies) and TypeScript signatures (without), in file order."""
    sites: list[FunctionSite] = []
    groups: Counter[tuple[int, int, str]] = Counter()
    for node, name_node in functions:
        name = plain_name(name_node) if name_node is not None else "default"
        named_member = name_node.parent if name_node is not None else node
        name = qualified(named_member, name) if named_member is not None else name
        if node.type in ("function_declaration", "method_definition"):
            groups[_overload_key(node, name)] += 1
        sites.append(FunctionSite(node, name, True, stub_kind(node), declaration=declaration_file))
    pending: list[tuple[ts.Node, str]] = []
    for node, name_node in signatures:
        if not plain_name(name_node):
            continue  # a name the parser had to invent (syntax error)
        name = qualified(node, plain_name(name_node))
        groups[_overload_key(node, name)] += 1
        pending.append((node, name))
    for node, name in pending:
        container = node.parent.type if node.parent is not None else ""
        sites.append(
            FunctionSite(
                node,
                name,
                False,
                ("empty", ""),
                abstract=node.type == "abstract_method_signature",
                protocol=container == "interface_body",
                overload=groups[_overload_key(node, name)] > 1,
                declaration=True,
            )
        )
    sites.sort(key=lambda s: s.node.start_byte)
    return sites


@dataclass(frozen=True)
class BindingSite:
    """A literal bound to a name."""

    name_node: ts.Node
    name: str
    value: str
    literal: LiteralKind
    number: float | None


def parse_number(raw: str) -> float | None:
    """The value of a JS number literal: ``1e9``, ``0x7fffffff``, ``1_000_000``, ``10n``."""
    return js_number_text(raw)


def read_binding(name_node: ts.Node, value_node: ts.Node) -> BindingSite | None:
    """The binding of a literal (or a sentinel expression like ``Infinity``), else None."""
    value = unwrap(value_node)
    if value is None:
        return None
    shown = squash(value)
    literal: LiteralKind | None = None
    number: float | None = None
    kind = value.type
    if kind == "number":
        literal, number = "number", parse_number(shown)
    elif kind == "unary_expression":
        arg = value.child_by_field_name("argument")
        sign = text(value.child_by_field_name("operator"))
        if arg is not None and arg.type == "number" and sign in ("-", "+"):
            parsed = parse_number(text(arg))
            literal = "number"
            number = None if parsed is None else (-parsed if sign == "-" else parsed)
        elif shown in EXPRESSION_SENTINELS:
            literal = "expression"
    elif kind == "string" or (kind == "template_string" and is_plain_template(value)):
        literal = "string"
    elif kind in ("true", "false"):
        literal = "bool"
    elif kind in ("null", "undefined") or (kind == "identifier" and shown == "undefined"):
        literal = "none"
    elif shown in EXPRESSION_SENTINELS:
        literal = "expression"
    if literal is None:
        return None
    return BindingSite(name_node, plain_name(name_node), shown, literal, number)
