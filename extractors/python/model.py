"""The semantic model of one Python file: imports as qualified names, enclosing qualnames,
scopes (``python/scopes.py``) and string forms (``python/strings.py``).

Built once per file (``source.model(PythonModel)``) from tree-sitter captures and read by
every Python extractor (integrity, contracts, the AWS SDK boundary, CDK stacks), so that
``import pytest as pt``, ``from .client import fetch`` or ``from aws_cdk import X as Y``
is resolved once, the same way for every concern.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import PurePosixPath

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.module_strings import ModuleStrings
from ..common.parameters import Parameter, ParamKind
from ..facts import symbol_id
from .scopes import Scopes, scope_node
from .strings import literal_string, module_string_names

_DEFINITIONS = ("function_definition", "class_definition")


@dataclass(frozen=True)
class PyImport:
    """One name an import statement binds, and what it stands for."""

    local: str  # the name bound here: ``pt`` of ``import pytest as pt``
    qualified: str  # what it stands for, relative imports resolved: ``pytest``
    module: str  # the module the statement names (resolved): ``aws_cdk`` of ``from aws_cdk …``
    name: str  # the imported name, "" for ``import m`` / ``import m as n``
    line: int
    top_level: bool  # a module-level statement: another module may import the name from here
    written: str = ""  # the module as the statement spells it: ``..pkg.mod``, ``a.b``


def module_of(path: str) -> str:
    """The dotted module a file defines: ``src/pkg/mod.py`` -> ``src.pkg.mod``."""
    p = PurePosixPath(path)
    parts = list(p.parent.parts)
    if p.stem != "__init__":
        parts.append(p.stem)
    return ".".join(parts)


def definition_of(node: ts.Node) -> ts.Node:
    """The function or class a ``decorated_definition`` wraps; any other node itself."""
    if node.type == "decorated_definition":
        return node.child_by_field_name("definition") or node
    return node


def decorators(definition: ts.Node) -> list[ts.Node]:
    """The decorators of a function or class definition, in source order."""
    parent = definition.parent
    if parent is not None and parent.type == "decorated_definition":
        return [c for c in parent.named_children if c.type == "decorator"]
    return []


def decorator_parts(decorator: ts.Node) -> tuple[ts.Node, ts.Node | None]:
    """What a decorator names (the callee when it is called: ``app.get`` of
    ``@app.get("/x")``) and its call, None when it is not called."""
    written = decorator.named_children[0] if decorator.named_children else decorator
    if written.type == "call":
        return written.child_by_field_name("function") or written, written
    return written, None


def qualname(definition: ts.Node) -> str:
    """``Poller.status``: the names of the class and function definitions around (and
    including) ``definition``."""
    names: list[str] = []
    current: ts.Node | None = definition
    while current is not None:
        if current.type in _DEFINITIONS:
            names.append(T.text(current.child_by_field_name("name")))
        current = current.parent
    return ".".join(reversed(names))


def definition_symbol(path: str, definition: ts.Node) -> str:
    """``path::Poller.status``: the symbol of a function or class definition."""
    return symbol_id(path, qualname(definition))


def parameters(function: ts.Node) -> list[Parameter]:
    """The parameters of a ``def`` (or ``lambda``) in the neutral form every binder reads:
    after ``*``/``*args`` they are keyword-only; a method's first one is its receiver."""
    params = function.child_by_field_name("parameters")
    found: list[Parameter] = []
    keyword_only = False
    for param in params.named_children if params is not None else []:
        kind = param.type
        if kind == "typed_parameter" and param.named_children:
            inner = param.named_children[0]
            kind, param = (inner.type, inner) if "splat" in inner.type else (kind, inner)
        if kind == "keyword_separator":
            keyword_only = True
        elif kind == "list_splat_pattern" and param.named_children:
            found.append(Parameter(param.named_children[0], "var-positional"))
            keyword_only = True
        elif kind == "dictionary_splat_pattern" and param.named_children:
            found.append(Parameter(param.named_children[0], "var-keyword"))
        elif kind in ("default_parameter", "typed_default_parameter"):
            name = param.child_by_field_name("name")
            if name is not None:
                plain: ParamKind = "keyword-only" if keyword_only else "positional"
                found.append(Parameter(name, plain, param.child_by_field_name("value")))
        elif param.type == "identifier":
            found.append(Parameter(param, "keyword-only" if keyword_only else "positional"))
    if found and _is_method(function) and found[0].kind == "positional":
        found[0] = replace(found[0], receiver=True)
    return found


def _is_method(function: ts.Node) -> bool:
    """A ``def`` directly in a class body that is no ``@staticmethod``."""
    outer = function.parent
    if outer is not None and outer.type == "decorated_definition":
        outer = outer.parent
    owner = outer.parent if outer is not None and outer.type == "block" else None
    if owner is None or owner.type != "class_definition":
        return False
    return not any(
        T.text(decorator_parts(d)[0]).rsplit(".", 1)[-1] == "staticmethod"
        for d in decorators(function)
    )


def qualify(imports: dict[str, str], dotted: str) -> str:
    """``dotted`` with its head resolved through ``imports`` (local name -> qualified name,
    ``PythonModel.qualified``); unchanged when its head is not imported."""
    head, _, rest = dotted.partition(".")
    if head in imports:
        return imports[head] + (f".{rest}" if rest else "")
    return dotted


def base_nodes(cls: ts.Node) -> list[ts.Node]:
    """The base classes of a ``class`` statement as written (``Base``, ``mod.Base``), a
    subscripted one (``Generic[T]``) as its value; keywords (``metaclass=``) left out."""
    supers = cls.child_by_field_name("superclasses")
    found: list[ts.Node] = []
    for base in supers.named_children if supers is not None else []:
        if base.type in ("keyword_argument", "comment"):
            continue
        if base.type == "subscript":
            base = base.child_by_field_name("value") or base
        found.append(base)
    return found


def class_keywords(cls: ts.Node) -> list[tuple[str, ts.Node]]:
    """The keywords of a ``class`` statement: (``total``, ``False``) of ``total=False``."""
    supers = cls.child_by_field_name("superclasses")
    found: list[tuple[str, ts.Node]] = []
    for item in supers.named_children if supers is not None else []:
        name, value = item.child_by_field_name("name"), item.child_by_field_name("value")
        if item.type == "keyword_argument" and name is not None and value is not None:
            found.append((T.text(name), value))
    return found


def enclosing_function(node: ts.Node) -> ts.Node | None:
    """The innermost ``def`` around ``node`` (not ``node`` itself), or None at module level."""
    current = node.parent
    while current is not None:
        if current.type == "function_definition":
            return current
        current = current.parent
    return None


class PythonModel:
    """Imports (local name -> qualified name) and symbols of one Python file."""

    def __init__(self, source: SourceFile) -> None:
        self._source = source
        self.path = source.path
        self.module = module_of(source.path)
        package = self.module.split(".")
        if PurePosixPath(source.path).stem != "__init__":
            package = package[:-1]
        self._package = package
        imports: list[PyImport] = []
        # ``import a.b`` binds ``a`` but also lets ``a.b`` be looked up whole. The file's
        # names: its module-level imports, then (for names none of those binds) the
        # imports inside functions and classes.
        self.qualified: dict[str, str] = {}
        # The imports each scope binds, by the span of the scope's node (``resolve_at``
        # reads the table of the scope whose binding a name reads).
        self._tables: dict[tuple[int, int], dict[str, str]] = {}
        inner: dict[str, str] = {}
        statements: list[tuple[ts.Node, tuple[PyImport, ...]]] = []
        for statement in source.captures("imports", "python").get("import", []):
            bindings = tuple(self._bindings(statement))
            statements.append((statement, bindings))
            where = scope_node(statement)
            table = self._tables.setdefault((where.start_byte, where.end_byte), {})
            for bound in bindings:
                imports.append(bound)
                names = self.qualified if bound.top_level else inner
                for target in (names, table):
                    target[bound.local] = bound.qualified
                    if not bound.name and bound.local == bound.qualified != bound.module:
                        target[bound.module] = bound.module
        for local, qualified in inner.items():
            self.qualified.setdefault(local, qualified)
        self.imports: tuple[PyImport, ...] = tuple(imports)
        self._statements = tuple(statements)
        # ``from m import *`` binds no name this model can record, yet is an import edge (a
        # package's ``__init__`` re-exporting a module), wherever it stands (``try``, ``if``).
        self.star_imports: tuple[PyImport, ...] = tuple(
            star for statement, _ in statements if (star := self._star(statement)) is not None
        )

    def _resolve_module(self, module_node: ts.Node) -> str:
        """The module of ``from <module> import``, a relative one made absolute."""
        module = T.text(module_node)
        if module_node.type != "relative_import":
            return module
        dots = len(module) - len(module.lstrip("."))
        base = self._package[: len(self._package) - (dots - 1)] if dots > 1 else self._package
        rest = module.lstrip(".")
        return ".".join([*base, rest] if rest else base)

    def _bindings(self, statement: ts.Node) -> list[PyImport]:
        line = T.line_of(statement)
        top = statement.parent is not None and statement.parent.type == "module"
        out: list[PyImport] = []
        if statement.type == "import_statement":
            for item in statement.named_children:
                if item.type == "dotted_name":
                    module = T.text(item)
                    head = module.split(".")[0]
                    out.append(PyImport(head, head, module, "", line, top, module))
                elif item.type == "aliased_import":
                    module = T.text(item.child_by_field_name("name"))
                    alias = T.text(item.child_by_field_name("alias"))
                    out.append(PyImport(alias, module, module, "", line, top, module))
            return out
        module_node = statement.child_by_field_name("module_name")
        if module_node is None:
            return out
        module = self._resolve_module(module_node)
        for item in statement.children_by_field_name("name"):
            if item.type == "aliased_import":
                name = T.text(item.child_by_field_name("name"))
                local = T.text(item.child_by_field_name("alias"))
            else:
                name = local = T.text(item)
            out.append(
                PyImport(local, f"{module}.{name}", module, name, line, top, T.text(module_node))
            )
        return out

    def _star(self, statement: ts.Node) -> PyImport | None:
        """The module ``from <module> import *`` imports everything from, as one import."""
        module_node = statement.child_by_field_name("module_name")
        if module_node is None or not any(c.type == "wildcard_import" for c in statement.children):
            return None
        module = self._resolve_module(module_node)
        top = statement.parent is not None and statement.parent.type == "module"
        written = T.text(module_node)
        return PyImport("*", f"{module}.*", module, "*", T.line_of(statement), top, written)

    def named_imports(self) -> list[tuple[str, str, str]]:
        """(module, imported name, local name) of every ``from m import a [as b]``."""
        return [(b.module, b.name, b.local) for b in self.imports if b.name]

    def module_imports(self) -> list[tuple[str, str]]:
        """(module, local name) of every module bound under another name: ``import m as n``."""
        return [
            (b.module, b.local)
            for b in self.imports
            if not b.name and b.qualified == b.module != b.local
        ]

    @cached_property
    def scopes(self) -> Scopes:
        """Which names each scope of the file binds (built on first use)."""
        source = self._source
        return Scopes(
            source.tree.root_node,
            source.captures("scopes", "python"),
            [
                (statement, [(b.local, b.line) for b in bound])
                for statement, bound in self._statements
            ],
        )

    @cached_property
    def _strings(self) -> ModuleStrings:
        return ModuleStrings(
            self._source.tree.root_node, lambda: self.scopes, literal_string, module_string_names
        )

    def string_value(self, node: ts.Node | None) -> str | None:
        """The constant text ``node`` stands for: a string expression (``strings.py``), or a
        name that reads a module-level name bound once, to such an expression."""
        return self._strings.value(node)

    def imported_at(self, name: str, at: ts.Node) -> bool:
        """``name`` read at ``at`` is an imported name (not a local that shadows one)."""
        return name in self.qualified and self.scopes.is_import(name, at)

    def resolve_at(self, dotted: str, at: ts.Node) -> str:
        """``resolve`` for a name read at ``at``, through the import of the scope whose
        binding it reads: a head that a parameter, a local or a class attribute shadows
        there is not the import, and an import inside another function is not read here."""
        head = dotted.partition(".")[0]
        if head not in self.qualified:
            return dotted
        scope = self.scopes.lookup(head, at)
        if scope is None or head not in scope.imported:
            return dotted
        table = self._tables.get((scope.node.start_byte, scope.node.end_byte), self.qualified)
        return qualify(table, dotted)

    def resolve(self, dotted: str) -> str:
        """``pt.mark.skip`` -> ``pytest.mark.skip``: the head resolved through the imports,
        the name unchanged when its head is not imported."""
        return qualify(self.qualified, dotted)

    def symbol(self, scope: ts.Node) -> str:
        """``path::Class.method`` of a function scope; "" for the module or a lambda."""
        if scope.type == "function_definition":
            return definition_symbol(self.path, scope)
        return ""
