"""Which argument of a call lands in which parameter: written once for every language.

Each language's model lists a function's parameters in this neutral form
(``python/model.py``, ``javascript/functions.py``); ``bind_arguments`` then maps a call's
positional and keyword arguments onto them the way Python does (JavaScript has no keyword
arguments, so its calls bind by position alone). The CDK helper interpreter and the
readers of test-double values both bind through it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

import tree_sitter as ts

from . import treesitter as T

ParamKind = Literal["positional", "keyword-only", "var-positional", "var-keyword"]
V = TypeVar("V")


@dataclass(frozen=True)
class Parameter:
    """One parameter of a function."""

    target: ts.Node  # the name, or the pattern an argument is destructured into
    kind: ParamKind
    default: ts.Node | None = None
    # Python's ``self``/``cls`` of a method: bound by the call's receiver, no argument.
    receiver: bool = False

    @property
    def name(self) -> str:
        """The parameter's name; "" for a destructuring pattern."""
        return T.text(self.target) if self.target.type == "identifier" else ""


@dataclass(frozen=True)
class Argument(Generic[V]):
    """What one parameter receives from a call: an argument (``given``, its ``value`` may
    itself be ``None``/``null``), nothing (its default applies, if any), or the arguments no
    other parameter took (``rest`` for ``*args``/``...rest``, ``keywords`` for ``**kwargs``)."""

    parameter: Parameter
    value: V | None = None
    given: bool = False
    rest: tuple[V, ...] | None = None
    keywords: dict[str, V] | None = None


def bind_arguments(
    parameters: list[Parameter],
    positional: list[V],
    keywords: dict[str, V],
    absent: frozenset[int] = frozenset(),
) -> list[Argument[V]]:
    """Each parameter (receivers left out) with what the call hands it. ``absent``: the
    positions whose argument passes no value (JavaScript's ``undefined``): the parameter
    there is bound as if the call stopped before it, so its default applies."""
    named = {p.name for p in parameters if p.kind in ("positional", "keyword-only") and p.name}
    found: list[Argument[V]] = []
    position = 0
    for parameter in parameters:
        if parameter.receiver:
            continue
        if parameter.kind == "var-positional":
            found.append(Argument(parameter, rest=tuple(positional[position:])))
            position = len(positional)
        elif parameter.kind == "var-keyword":
            left = {k: v for k, v in keywords.items() if k not in named}
            found.append(Argument(parameter, keywords=left))
        elif parameter.kind == "positional" and position < len(positional):
            if position in absent:
                found.append(Argument(parameter))
            else:
                found.append(Argument(parameter, value=positional[position], given=True))
            position += 1
        elif parameter.name and parameter.name in keywords:
            found.append(Argument(parameter, value=keywords[parameter.name], given=True))
        else:
            found.append(Argument(parameter))
    return found
