"""The semantic model of one JavaScript/TypeScript file: what its imported names stand for,
its scopes (``javascript/scopes.py``) and string forms (``javascript/strings.py``).

Built once per file (``source.model(JsModel)``) and read by every JS/TS extractor: the
contract reader (consumers, doubles, routes), the test-framework reader (``imports``) and
CDK stacks, so ``import { it as iit } from 'vitest'``, ``const { a: b } = require('./m')``
and ``import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks'`` are read once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.module_strings import ModuleStrings
from . import strings as js_strings
from .patterns import keys
from .scopes import Scopes
from .strings import literal_string, module_string_names
from .symbols import function_symbol

# Wrappers a ``require(...)`` may sit in: ``await``, parentheses, TypeScript casts.
_TRANSPARENT = {
    "await_expression",
    "parenthesized_expression",
    "as_expression",
    "non_null_expression",
    "satisfies_expression",
}

Via = Literal["import", "import-require", "require"]
Imports = dict[str, tuple[str, str]]  # local name -> (module specifier, exported name)


@dataclass(frozen=True)
class JsImport:
    """One local name bound from another module."""

    local: str
    module: str  # the specifier as written: ``./client``, ``vitest``
    # The exported name: ``default``, ``*`` for a namespace import; for a ``require`` the
    # destructured key, the member read off the module (``require('m').x``), or "".
    name: str
    via: Via
    destructured: bool = False  # ``{ a } = require(...)``: a key of the module's value
    member: str = ""  # ``require('m').member`` the value was read from


def strip(node: ts.Node | None) -> ts.Node | None:
    """The expression inside ``await``, parentheses and casts; ``await (x)``, which the
    JavaScript grammar reads as a call of a function named ``await``, included."""
    while node is not None:
        if node.type in _TRANSPARENT:
            node = node.named_children[0] if node.named_children else None
        elif _misread_await(node):
            args = node.child_by_field_name("arguments")
            node = args.named_children[0] if args is not None else None
        else:
            break
    return node


def _misread_await(node: ts.Node) -> bool:
    if node.type != "call_expression":
        return False
    callee = node.child_by_field_name("function")
    args = node.child_by_field_name("arguments")
    return (
        callee is not None
        and callee.type == "identifier"
        and T.text(callee) == "await"
        and args is not None
        and args.type == "arguments"
        and len(args.named_children) == 1
    )


def call_parts(node: ts.Node | None) -> tuple[str, list[ts.Node]] | None:
    """(dotted callee, arguments) of a call, wrappers stripped; None for anything else."""
    node = strip(node)
    if node is None or node.type != "call_expression":
        return None
    callee = node.child_by_field_name("function")
    args = node.child_by_field_name("arguments")
    items = [a for a in (args.named_children if args is not None else []) if a.type != "comment"]
    return ir.dotted(ir.from_js(callee)), items


def symbol(path: str, scope: ts.Node) -> str:
    """``path::name`` of a function scope (``javascript/symbols.py``), "" for an anonymous
    one or the module."""
    return function_symbol(path, scope)


def _required_module(value: ts.Node | None) -> str | None:
    """``m`` of ``require('m')`` (one string argument), else None."""
    value = strip(value)
    if value is None or value.type != "call_expression":
        return None
    callee = value.child_by_field_name("function")
    if callee is None or ir.dotted(ir.from_js(callee)) != "require":
        return None
    args = value.child_by_field_name("arguments")
    items = [a for a in (args.named_children if args is not None else []) if a.type != "comment"]
    spec = strip(items[0]) if len(items) == 1 else None
    if spec is None or spec.type != "string":
        return None
    return js_strings.string_text(spec)


class JsModel:
    """The imports of one JS/TS/TSX file, in file order."""

    def __init__(self, source: SourceFile) -> None:
        self._source = source
        # Declarators whose value is a ``require(...)``, with the names they import.
        self._requires: dict[int, frozenset[str]] = {}
        caps = source.captures("imports", source.language, "javascript")
        found: list[JsImport] = []
        self.modules: list[str] = []  # specifiers of import statements, bindings or not
        # Each import with the statement or declarator that binds it (its scope).
        self._declared: list[tuple[JsImport, ts.Node]] = []
        for node in caps.get("import", []):
            before = len(found)
            self._import_statement(node, found)
            self._declared += [(bound, node) for bound in found[before:]]
        for node in caps.get("declarator", []):
            before = len(found)
            self._require(node, found)
            self._declared += [(bound, node) for bound in found[before:]]
        self.imports: tuple[JsImport, ...] = tuple(found)
        # (specifier, line) of every module the file names: imports, re-exports,
        # ``require('m')`` and ``import('m')`` wherever they stand, in file order.
        specifiers = (
            [node.child_by_field_name("source") for node in caps.get("import", [])]
            + caps.get("reexport", [])
            + caps.get("required", [])
        )
        self.references: tuple[tuple[str, int], ...] = tuple(
            (js_strings.string_text(node), T.line_of(node))
            for node in sorted(
                (n for n in specifiers if n is not None and n.type == "string"),
                key=lambda n: n.start_byte,
            )
        )

    def _import_statement(self, node: ts.Node, found: list[JsImport]) -> None:
        source = node.child_by_field_name("source")
        via: Via = "import"
        clauses = [
            c for c in node.named_children if c.type in ("import_clause", "import_require_clause")
        ]
        if source is None:
            # ``import x = require('m')`` keeps its source inside the clause.
            for clause in clauses:
                source = clause.child_by_field_name("source") or source
            via = "import-require"
        if source is None or source.type != "string":
            return
        module = js_strings.string_text(source)
        self.modules.append(module)
        for clause in clauses:
            for part in clause.named_children:
                if part.type == "identifier":
                    found.append(JsImport(T.text(part), module, "default", via))
                elif part.type == "namespace_import":
                    names = [c for c in part.named_children if c.type == "identifier"]
                    if names:
                        found.append(JsImport(T.text(names[0]), module, "*", via))
                elif part.type == "named_imports":
                    for spec in part.named_children:
                        if spec.type != "import_specifier":
                            continue
                        name = spec.child_by_field_name("name")
                        alias = spec.child_by_field_name("alias") or name
                        # ``import { "a-b" as x }`` names an export by a string
                        quoted = name is not None and name.type == "string"
                        exported = literal_string(name) if quoted else None
                        written = exported if exported is not None else T.text(name)
                        found.append(JsImport(T.text(alias), module, written, via))

    def _require(self, node: ts.Node, found: list[JsImport]) -> None:
        """``c = require('./c')``, ``{ a, b: x } = require('./c')``, ``a = require('./c').a``."""
        name = node.child_by_field_name("name")
        value = strip(node.child_by_field_name("value"))
        member = ""
        if value is not None and value.type == "member_expression":
            member = T.text(value.child_by_field_name("property"))
            value = value.child_by_field_name("object")
        module = _required_module(value)
        if name is None or module is None:
            return
        if name.type == "identifier":
            found.append(JsImport(T.text(name), module, member, "require", member=member))
            self._requires[node.id] = frozenset({T.text(name)})
            return
        taken = keys(name)
        for key, bound in taken:
            found.append(JsImport(bound.local, module, key, "require", True, member))
        self._requires[node.id] = frozenset(bound.local for _, bound in taken)

    @cached_property
    def scopes(self) -> Scopes:
        """Which names each scope of the file binds (built on first use)."""
        source = self._source
        statements = [(b.local, 1) for b in self.imports if b.via in ("import", "import-require")]
        return Scopes(
            source.tree.root_node,
            source.captures("scopes", source.language, "javascript"),
            statements,
            self._requires,
        )

    @cached_property
    def _strings(self) -> ModuleStrings:
        return ModuleStrings(
            self._source.tree.root_node, lambda: self.scopes, literal_string, module_string_names
        )

    def string_value(self, node: ts.Node | None) -> str | None:
        """The constant text ``node`` stands for: a string expression (``strings.py``), or a
        name that reads a top-level ``const`` bound to such an expression."""
        return self._strings.value(node)

    @cached_property
    def _decoded(self) -> ModuleStrings:
        return ModuleStrings(
            self._source.tree.root_node,
            lambda: self.scopes,
            js_strings.decoded_string,
            module_string_names,
        )

    def decoded_value(self, node: ts.Node | None) -> str | None:
        """``string_value`` as the program sees it at run time (escapes decoded): the form
        a runner reports a test title in."""
        return self._decoded.value(node)

    def is_import(self, name: str, at: ts.Node) -> bool:
        """A reference to ``name`` at ``at`` reads an imported name (not a parameter or local
        that shadows it)."""
        return self.scopes.is_import(name, at)

    def named_imports(self) -> list[tuple[str, str, str]]:
        """(module, exported name, local name) of every named import or destructured
        ``require`` key."""
        return [
            (b.module, b.name, b.local)
            for b in self.imports
            if b.name not in ("*", "default")
            and (b.via == "import" or b.destructured)
            and not (b.via == "require" and not b.name)
        ]

    def module_imports(self) -> list[tuple[str, str]]:
        """(module, local name) of every whole module: ``import * as n``, ``n = require(m)``."""
        return [
            (b.module, b.local)
            for b in self.imports
            if b.name == "*" or (b.via == "require" and not b.name)
        ]

    def binding_at(self, name: str, at: ts.Node) -> tuple[str, str] | None:
        """(module, exported name) of the import ``name`` read at ``at`` stands for, as
        ``bindings`` resolves it, through the scope whose binding it reads: a parameter or
        local that shadows the import is none, and a ``require`` inside one test is read
        there only."""
        scope = self.scopes.lookup(name, at)
        if scope is None or name not in scope.imported:
            return None
        found: tuple[str, str] | None = None
        for bound, node in self._declared:
            if bound.local != name or self.scopes.of(node) is not scope:
                continue
            if bound.via == "require" and bound.destructured and bound.member:
                continue
            if bound.via == "import":
                return bound.module, bound.name
            found = (bound.module, bound.name or "*")
        return found

    def bindings(self) -> Imports:
        """local name -> (module, exported name) as the contract reader resolves calls:
        a whole ``require`` is the module object (``*``), import statements win."""
        out: Imports = {}
        for bound in self.imports:
            if bound.via != "require" or (bound.destructured and bound.member):
                continue
            out[bound.local] = (bound.module, bound.name or "*")
        for bound in self.imports:
            if bound.via == "import":
                out[bound.local] = (bound.module, bound.name)
        return out
