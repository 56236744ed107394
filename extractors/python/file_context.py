"""One Python file as the integrity readers see it: its model and the facts found so far."""

from __future__ import annotations

from dataclasses import dataclass, field

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..facts import Fact
from .model import PythonModel


@dataclass
class PyFile:
    """A file being read for integrity facts."""

    source: SourceFile
    model: PythonModel
    facts: list[Fact] = field(default_factory=list)
    is_test_file: bool = False  # test code (exempt from the production-code rules)
    collects_tests: bool = False  # pytest collects its test functions by default


def resolve(f: PyFile, node: ts.Node | None) -> str:
    """The dotted name an expression stands for, import aliases resolved."""
    if node is None:
        return f.model.resolve("")
    return f.model.resolve_at(T.squash(node), node)
