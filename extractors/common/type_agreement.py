"""The types an equality hook agrees with on a type test alone: a return path that answers
``true`` because the other object is of some type, whatever it holds (``return
isinstance(other, (int, float)) or ...``, ``return True if isinstance(other, Number) else
...``, ``if (typeof o === 'number') return true``, ``return typeof o === 'number' || ...``).

Written once over the language's ``BehaviourSyntax``; what a type test looks like
(``isinstance``, ``typeof``, ``instanceof``) and how a disjunction is spelled is the
language's ``type_tests``, given the expression and the other object's name.
"""

from __future__ import annotations

from collections.abc import Callable

import tree_sitter as ts

from .adapter import BehaviourSyntax
from .bodies import first_return, returned_values
from .walk import inside

# The types an expression is true for on a type test of the named object alone: the
# expression itself or one of its disjuncts.
TypeTests = Callable[[ts.Node | None, str], list[str]]


def agreeing_types(
    fn: ts.Node, other: str, syntax: BehaviourSyntax, type_tests: TypeTests
) -> tuple[str, ...]:
    """The types for which a path of ``fn`` returns ``true`` on a type test of ``other``
    alone: a returned disjunction with such a disjunct, a conditional returning ``true``
    under one, an ``if`` whose arm returns ``true`` under one."""
    if not other:
        return ()
    found: list[str] = []
    for value in returned_values(fn, syntax):
        value = syntax.strip(value)
        parts = syntax.probes.conditional(value)
        if parts is not None:
            if syntax.literal(syntax.strip(parts[1])) == "b:true":
                found += type_tests(parts[0], other)
        elif value is not None:
            found += type_tests(value, other)
    body = fn.child_by_field_name("body")
    for node in inside(body, syntax.nested) if body is not None else []:
        if node.type not in syntax.probes.branches:
            continue
        if first_return(node.child_by_field_name("consequence"), syntax) == "b:true":
            found += type_tests(node.child_by_field_name("condition"), other)
    return tuple(sorted(set(found)))
