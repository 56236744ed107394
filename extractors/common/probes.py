"""What a runner probe decides: the functions whose returned value a read of the test
environment chooses, written once over the language's ``BehaviourSyntax``.

A read decides a function's value directly (it sits in an ``if``/``elif`` condition with a
returning arm, or in the condition of a conditional expression that is returned), or
through a carrier: a name it is bound to, read in such a condition, or a helper function
that returns it, called in one. Which reads are probes (``sys.modules``, ``process.env``,
``typeof``) is each language's own (``python/probes.py``, ``javascript/probes.py``).
"""

from __future__ import annotations

import tree_sitter as ts

from ..facts.impl import RunnerProbe
from . import treesitter as T
from .adapter import BehaviourSyntax
from .bodies import returned_values, value_returns
from .dispatch import SourceFile
from .walk import enclosing, inside, is_within


def root(node: ts.Node) -> ts.Node:
    """The root of the tree ``node`` is in."""
    while node.parent is not None:
        node = node.parent
    return node


def _unwrap_up(node: ts.Node, syntax: BehaviourSyntax) -> ts.Node | None:
    parent = node.parent
    while parent is not None and parent.type in syntax.wrappers:
        parent = parent.parent
    return parent


def _arms_return(branch: ts.Node, syntax: BehaviourSyntax) -> bool:
    """Whether an ``if`` (the whole chain, from one of its ``elif`` clauses) decides a
    returned value: an arm returns one, or an arm sets a name a later ``return`` of the
    function reads (``if probe: rate = 0.06`` ... ``return amount * rate``)."""
    chain = branch
    if branch.type == syntax.probes.elif_clause and branch.parent is not None:
        chain = branch.parent
    if value_returns(chain, syntax):
        return True
    names = _set_names(chain, syntax)
    fn = enclosing(chain, syntax.functions)
    if not names or fn is None:
        return False
    later = [r for r in value_returns(fn.child_by_field_name("body"), syntax)]
    return any(
        r.start_byte > chain.end_byte and uses(r, name, False, syntax)
        for r in later
        for name in names
    )


def _set_names(chain: ts.Node, syntax: BehaviourSyntax) -> set[str]:
    """The plain names an ``if`` chain's arms bind or rebind (nested functions aside)."""
    found: set[str] = set()
    for node in inside(chain, syntax.nested):
        if node.type != syntax.binding and node.type not in syntax.updates:
            continue
        target = node.child_by_field_name(syntax.binding_fields[0])
        target = target if target is not None else node.child_by_field_name("left")
        if target is not None and target.type == "identifier":
            found.add(T.text(target))
    return found


def _decided(node: ts.Node, syntax: BehaviourSyntax) -> ts.Node | None:
    """The function whose returned value the condition ``node`` sits in decides, if any."""
    child, current = node, node.parent
    while current is not None and current.type not in syntax.probes.statement_stops:
        if current.type in syntax.probes.branches:
            condition = current.child_by_field_name("condition")
            if (
                condition is not None
                and is_within(child, condition)
                and _arms_return(current, syntax)
            ):
                return enclosing(current, syntax.functions)
            return None
        parts = syntax.probes.conditional(current)
        if parts is not None:
            if not is_within(child, parts[0]):
                return None
            outer = _unwrap_up(current, syntax)
            if outer is not None and outer.type in syntax.lambdas:
                return outer
            if outer is not None and outer.type == "return_statement":
                return enclosing(outer, syntax.functions)
            return None
        child, current = current, current.parent
    return None


def uses(scope: ts.Node, name: str, call: bool, syntax: BehaviourSyntax) -> list[ts.Node]:
    """Reads of ``name`` in ``scope`` (calls of it when ``call``), bindings aside."""
    found: list[ts.Node] = []
    for n in inside(scope, frozenset()):
        if call and n.type == syntax.call:
            callee = T.squash(n.child_by_field_name("function"))
            if callee == name or callee.endswith("." + name):
                found.append(n)
        elif not call and n.type == "identifier" and T.text(n) == name and not syntax.binds(n):
            found.append(n)
    return found


def deciding(node: ts.Node, syntax: BehaviourSyntax, depth: int = 2) -> list[ts.Node]:
    """The functions whose returned value ``node``'s value decides: in a condition, or
    carried there through a name it is bound to or a function that returns it."""
    direct = _decided(node, syntax)
    found = [direct] if direct is not None else []
    if depth == 0:
        return found
    name_field, value_field = syntax.binding_fields
    current = node.parent
    while current is not None and current.type not in syntax.probes.carrier_stops:
        if current.type == syntax.binding:
            name = current.child_by_field_name(name_field)
            value = current.child_by_field_name(value_field)
            if value is not None and value.type in syntax.functions:
                break  # the read is inside a function bound to the name
            if name is None or name.type != "identifier":
                return found
            fn = enclosing(current, syntax.functions)
            scope = fn if fn is not None else root(current)
            reads = uses(scope, T.text(name), False, syntax)
            return found + [f for u in reads for f in deciding(u, syntax, depth - 1)]
        if current.type == "return_statement" or current.type in syntax.probes.returning_functions:
            fn = (
                current
                if current.type in syntax.probes.returning_functions
                else enclosing(current, syntax.functions)
            )
            name = syntax.function_name(fn) if fn is not None else ""
            calls = uses(root(current), name, True, syntax) if name else []
            return found + [f for u in calls for f in deciding(u, syntax, depth - 1)]
        current = current.parent
    return found


def _mixes_literals(fn: ts.Node, syntax: BehaviourSyntax) -> bool:
    """Whether ``fn`` returns a literal on one path and a computed value on another."""
    arms: list[ts.Node | None] = []
    for value in returned_values(fn, syntax):
        value = syntax.strip(value)
        parts = syntax.probes.conditional(value)
        if parts is not None:
            arms.extend(parts[1:])
        else:
            arms.append(value)
    literal = {syntax.literal(a) is not None for a in arms if a is not None}
    return literal == {True, False}


def compared_value(node: ts.Node, syntax: BehaviourSyntax) -> str:
    """The string ``node`` is compared with by ``==``/``!=``, else ""."""
    for other in syntax.probes.compared_operands(node):
        literal = syntax.literal(other)
        if literal is not None and literal.startswith("s:"):
            return literal[2:]
    return ""


def runner_probe(
    source: SourceFile,
    at: ts.Node,
    kind: str,
    name: str,
    decided_by: list[ts.Node],
    syntax: BehaviourSyntax,
    value: str = "",
    symbol_node: ts.Node | None = None,
) -> RunnerProbe:
    """The fact of one probe read at ``at`` whose value ``decided_by`` read (the probe
    itself, or each use of the name it was bound to) decide."""
    decided = [f for u in decided_by for f in deciding(u, syntax)]
    return RunnerProbe(
        file=source.path,
        line=T.line_of(at),
        symbol=syntax.symbol_at(source.path, symbol_node or at),
        source=kind,
        name=name,
        value=value,
        returns=bool(decided),
        deciding=tuple(sorted({syntax.function_name(f) or syntax.anonymous for f in decided})),
        arguments=any(syntax.probes.takes_arguments(f) for f in decided),
        mixed=any(_mixes_literals(f, syntax) for f in decided),
    )


def probe(source: SourceFile, node: ts.Node, kind: str, name: str, syntax: BehaviourSyntax):
    """The fact of a probe read at ``node``, decided through its own value."""
    return runner_probe(
        source, node, kind, name, [node], syntax, value=compared_value(node, syntax)
    )
