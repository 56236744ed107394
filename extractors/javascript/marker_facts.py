"""Facts every JS/TS file has, tests or not: Handler (catch), StubBody, Binding.

Also the symbol scopes (named functions, methods, classes, interfaces) that
give each fact its ``symbol``.
"""

from __future__ import annotations

import bisect

import tree_sitter as ts

from ..common.containers import container_name, enclosing_keys
from ..common.treesitter import line_of
from ..facts.integrity import Binding, BindingForm, Handler, HandlerBody, StubBody
from .classes import file_classes, overridden_in_subclass, subclassed
from .context import JsFile
from .markers import FunctionSite, read_binding, read_functions
from .strings import literal_string
from .symbols import function_symbol
from .syntax import SpanIndex, body_statements, enclosing_function, literal_kind, situation, span

NAMED_FUNCTIONS = frozenset(
    {"function_declaration", "generator_function_declaration", "method_definition"}
)


def _pairs(
    caps: dict[str, list[ts.Node]], node_name: str, name_name: str
) -> list[tuple[ts.Node, ts.Node | None]]:
    """Pair each captured node with the name captured inside it (both lists in file order)."""
    names = caps.get(name_name, [])
    starts = [n.start_byte for n in names]
    paired: list[tuple[ts.Node, ts.Node | None]] = []
    for node in caps.get(node_name, []):
        i = bisect.bisect_left(starts, node.start_byte)
        found = None
        while i < len(names) and names[i].start_byte < node.end_byte:
            if names[i].parent == node:
                found = names[i]
                break
            i += 1
        paired.append((node, found))
    return paired


def _name_before(caps: dict[str, list[ts.Node]]) -> list[tuple[ts.Node, ts.Node | None]]:
    """Functions with the name that labels them: their own or the binding's (``const f =``)."""
    names = caps.get("fn.name", [])
    by_parent = {span(n.parent): n for n in names if n.parent is not None}
    found: list[tuple[ts.Node, ts.Node | None]] = []
    for node in caps.get("fn", []):
        own = node.child_by_field_name("name")
        if node.type in NAMED_FUNCTIONS:
            found.append((node, own))
        elif node.parent is not None and span(node.parent) in by_parent:
            found.append((node, by_parent[span(node.parent)]))
    found.extend((node, None) for node in caps.get("fn.default", []))
    return found


def function_scopes(f: JsFile) -> list[FunctionSite]:
    """Named functions and classes as symbol scopes; returns the function sites."""
    signatures = [
        (node, node.child_by_field_name("name"))
        for node in f.markers.get("sig", [])
        if node.child_by_field_name("name") is not None
    ]
    sites = read_functions(_name_before(f.markers), signatures, f.declaration_file)
    scopes = [s.node for s in sites if s.has_body]
    scopes.extend(f.markers.get("fn.called", []))
    scopes.extend(node for node, name in _pairs(f.markers, "class", "class.name") if name)
    spans: list[tuple[int, int, str]] = []
    for node in scopes:
        symbol = function_symbol(f.path, node)
        if symbol:
            spans.append((node.start_byte, node.end_byte, symbol))
    spans.sort()
    f.scope_spans = spans
    f.scope_index = SpanIndex(spans)
    return sites


def _own_throw(f: JsFile, block: ts.Node) -> bool:
    """A throw inside ``block`` that is not inside a nested function."""
    throws = f.markers.get("throw", [])
    starts = f.throw_starts
    i = bisect.bisect_left(starts, block.start_byte)
    while i < len(throws) and throws[i].start_byte < block.end_byte:
        if not situation(throws[i], block).nested_function:
            return True
        i += 1
    return False


def handler_body(f: JsFile, body: ts.Node) -> HandlerBody:
    """ "empty" | "reraise" | "asserts" | "return" | "other" for a catch block or callback."""
    if body.type != "statement_block":
        if f.assertions_between(body.start_byte, body.end_byte):
            return "asserts"
        return "return" if literal_kind(body) is not None or body.type == "identifier" else "other"
    statements = body_statements(body)
    if not statements:
        return "empty"
    if _own_throw(f, body):
        return "reraise"
    if f.assertions_between(body.start_byte, body.end_byte):
        return "asserts"
    if len(statements) == 1 and statements[0].type == "return_statement":
        return "return"
    return "other"


def handlers(f: JsFile) -> None:
    """Every catch clause, in tests and production code alike; JS catches catch everything."""
    for clause in f.markers.get("catch", []):
        body = clause.child_by_field_name("body")
        if body is None:
            continue
        symbol, owner = f.place(clause.start_byte)
        guarded = clause.parent.child_by_field_name("body") if clause.parent else None
        f.facts.append(
            Handler(
                file=f.path,
                line=line_of(clause),
                symbol=symbol,
                caught=(),
                body=handler_body(f, body),
                in_test=owner is not None,
                try_has_assertions=guarded is not None
                and f.assertions_between(guarded.start_byte, guarded.end_byte) > 0,
            )
        )


def stubs(f: JsFile, functions: list[FunctionSite]) -> None:
    """StubBody for every function or signature whose whole body does nothing real."""
    in_test_file = f.test_path or bool(f.tests)
    classes = None
    for site in functions:
        if site.stub is None:
            continue
        kind, message = site.stub
        owner, _, method = site.name.rpartition(".")
        if classes is None and owner:
            classes = file_classes(f.root)
        shape = classes.get(owner) if classes is not None and owner else None
        f.facts.append(
            StubBody(
                file=f.path,
                line=line_of(site.node),
                symbol=f.symbol(site.name),
                body=kind,
                message=message,
                abstract=site.abstract,
                protocol=site.protocol,
                overload=site.overload,
                declaration=site.declaration,
                in_test_file=in_test_file,
                owner=shape.name if shape is not None else "",
                owner_bases=(shape.base,) if shape is not None and shape.base else (),
                owner_subclassed=shape is not None and subclassed(classes or {}, shape.name),
                overridden=shape is not None
                and overridden_in_subclass(classes or {}, shape.name, method),
            )
        )


def bindings(f: JsFile) -> None:
    """Binding for every literal (or sentinel expression) bound to a name."""
    names = f.markers.get("bind.name", [])
    values = f.markers.get("bind.value", [])
    by_parent = {span(v.parent): v for v in values if v.parent is not None}
    for name in names:
        parent = name.parent
        value = by_parent.get(span(parent)) if parent is not None else None
        if value is None:
            continue
        site = read_binding(name, value)
        if site is None:
            continue
        symbol, owner = f.place(name.start_byte)
        f.facts.append(
            Binding(
                file=f.path,
                line=line_of(name),
                symbol=symbol,
                name=site.name,
                value=site.value,
                literal=site.literal,
                text=literal_string(value) if site.literal == "string" else None,
                number=site.number,
                in_test=f.test_path or owner is not None,
                form=_binding_form(name),
                container=container_name(name),
                keys=enclosing_keys(name.parent),
            )
        )


def _binding_form(name: ts.Node) -> BindingForm:
    """ "local" for a variable of a function body, "parameter" for a parameter's default,
    "" where the form is not told apart (module constants, properties, fields)."""
    parent = name.parent
    if parent is None:
        return ""
    if parent.type in ("assignment_pattern", "object_assignment_pattern"):
        return "parameter"
    if parent.type in ("variable_declarator", "assignment_expression"):
        return "local" if enclosing_function(name) is not None else ""
    return ""
