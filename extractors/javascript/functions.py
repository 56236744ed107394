"""The parameters of a JavaScript/TypeScript function in the neutral form every binder reads
(``common/parameters.py``): plain names, destructured patterns, defaults and a rest."""

from __future__ import annotations

import tree_sitter as ts

from ..common.parameters import Parameter
from .patterns import PARAMETER_WRAPPERS


def parameters(function: ts.Node) -> list[Parameter]:
    """``(a, { b } = {}, c = 1, ...rest)``, an arrow's single ``x``; TypeScript's ``this``
    parameter declares the receiver's type and takes no argument."""
    single = function.child_by_field_name("parameter")
    if single is not None:
        return [Parameter(single, "positional")]
    params = function.child_by_field_name("parameters")
    found: list[Parameter] = []
    for param in params.named_children if params is not None else []:
        default = None
        if param.type in PARAMETER_WRAPPERS:
            default = param.child_by_field_name("value")
            param = param.child_by_field_name("pattern") or param
        if param.type == "assignment_pattern":
            default = param.child_by_field_name("right")
            param = param.child_by_field_name("left") or param
        if param.type == "rest_pattern":
            inner = [c for c in param.named_children if c.type != "type_annotation"]
            if inner:
                found.append(Parameter(inner[0], "var-positional"))
        elif param.type in ("identifier", "object_pattern", "array_pattern"):
            found.append(Parameter(param, "positional", default))
    return found
