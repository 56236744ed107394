"""Python runner probes spelled as set algebra on the names a mapping holds.

``os.environ.keys() & {"PYTEST_CURRENT_TEST", "PYTEST_XDIST_WORKER"}``, ``{"pytest"} &
set(sys.modules)``, ``not set(os.environ).isdisjoint(RUNNERS)``: the environment or
``sys.modules`` intersected with a collection of constant names reads each of them.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..facts import Fact
from .model import PythonModel
from .probes import READS, collection_strings, probe_at

# Operators and methods that meet one set of names with another.
_OPERATORS = frozenset({"&", "-", "^"})
_METHODS = frozenset({"isdisjoint", "intersection", "issubset", "issuperset", "difference"})
_VIEWS = frozenset({"set", "frozenset", "list", "tuple", "sorted"})


def _keys_of(model: PythonModel, node: ts.Node | None) -> str:
    """The probe source ("env", "module") when ``node`` lists the names of the environment
    or ``sys.modules``: the mapping, ``.keys()`` of it, or ``set(...)`` of either."""
    while node is not None and node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[0]
    if node is None:
        return ""
    resolved = model.resolve(T.squash(node))
    if resolved in READS:
        return READS[resolved]
    if node.type != "call":
        return ""
    function = node.child_by_field_name("function")
    args = node.child_by_field_name("arguments")
    values = [a for a in (args.named_children if args else []) if a.type != "comment"]
    keys = function is not None and function.type == "attribute" and not values
    if keys and T.text(function.child_by_field_name("attribute")) == "keys":
        return _keys_of(model, function.child_by_field_name("object"))
    if T.text(function) in _VIEWS and len(values) == 1:
        return _keys_of(model, values[0])
    return ""


def set_probes(
    source: SourceFile, model: PythonModel, caps: dict[str, list[ts.Node]]
) -> list[Fact]:
    """Each constant name met with the environment's or ``sys.modules``' names."""
    found: list[Fact] = []
    pairs: list[tuple[ts.Node, ts.Node | None, ts.Node | None]] = []
    for node in caps.get("binary", []):
        operator = node.child_by_field_name("operator")
        if operator is not None and T.text(operator) in _OPERATORS:
            pairs.append(
                (node, node.child_by_field_name("left"), node.child_by_field_name("right"))
            )
    for node in caps.get("call", []):
        function = node.child_by_field_name("function")
        args = node.child_by_field_name("arguments")
        values = [a for a in (args.named_children if args else []) if a.type != "comment"]
        if function is None or function.type != "attribute" or len(values) != 1:
            continue
        if T.text(function.child_by_field_name("attribute")) in _METHODS:
            pairs.append((node, function.child_by_field_name("object"), values[0]))
    for node, left, right in pairs:
        for mapping, names in ((left, right), (right, left)):
            kind = _keys_of(model, mapping)
            if kind:
                found.extend(
                    probe_at(source, node, kind, name) for name in collection_strings(model, names)
                )
                break
    return found
