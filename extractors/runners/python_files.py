"""Python test modules and conftest.py files read into facts: tests, markers, ignores, hooks."""

from __future__ import annotations

import fnmatch
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.treesitter import line_of as line
from ..common.treesitter import text, walk
from ..facts import symbol_id
from ..python import strings as py_strings
from ..python.model import PythonModel
from ..python.module_skips import module_skips
from ..python.test_cases import is_unittest_base
from .conftest_hooks import HookEffect, hook_effects, module_bindings, pytest_aliases

# A dotted name as written -> what it stands for through the module's imports.
Resolve = Callable[[str], str]

# Hooks that change which items exist or run, and whether they are seen by the whole session.
SESSION_HOOKS = frozenset(
    {
        "pytest_collection_modifyitems",
        "pytest_deselected",
        "pytest_sessionfinish",
        "pytest_load_initial_conftests",
        "pytest_cmdline_main",
        "pytest_cmdline_parse",
        "pytest_collection",
    }
)
PATH_HOOKS = frozenset(
    {
        "pytest_ignore_collect",
        "pytest_collect_file",
        "pytest_collect_directory",
        "pytest_pycollect_makeitem",
        "pytest_pycollect_makemodule",
        "pytest_generate_tests",
        "pytest_itemcollected",
        "pytest_runtest_protocol",
        "pytest_runtest_setup",
        "pytest_runtest_call",
        "pytest_runtest_makereport",
        "pytest_runtest_logreport",
        "pytest_report_teststatus",
        "pytest_pyfunc_call",
    }
)


@dataclass(frozen=True)
class PyTestItem:
    """A test pytest would collect from a file: id ``path::Class::name`` and its markers."""

    id: str
    name: str
    classes: tuple[str, ...]
    line: int
    markers: tuple[str, ...]
    unittest: bool
    body: str = ""
    # A skip of the whole module (``pytestmark = pytest.mark.skip``, ``pytest.skip(...,
    # allow_module_level=True)``): its source and line; "" when the module runs.
    not_run: str = ""
    not_run_line: int = 0


@dataclass(frozen=True)
class IgnoreEntry:
    """One literal ``collect_ignore``/``collect_ignore_glob`` entry of a conftest."""

    variable: str
    pattern: str
    line: int
    conditional: bool


@dataclass(frozen=True)
class OpaqueEntry:
    """A conftest statement whose effect on collection cannot be read literally."""

    what: str
    line: int
    source: str


@dataclass(frozen=True)
class HookDef:
    """A hook implementation in a conftest and what it does to items (``conftest_hooks``)."""

    name: str
    line: int
    session_wide: bool
    fingerprint: str
    effects: tuple[HookEffect, ...] = ()


@dataclass(frozen=True)
class ConftestFacts:
    """What one conftest.py does to collection."""

    path: str
    ignores: tuple[IgnoreEntry, ...]
    opaque: tuple[OpaqueEntry, ...]
    hooks: tuple[HookDef, ...]


def matches_prefix_or_glob(name: str, patterns: tuple[str, ...]) -> bool:
    """pytest's ``_matches_prefix_or_glob_option``: a prefix, or a glob when it has glob chars."""
    for pattern in patterns:
        if name.startswith(pattern):
            return True
        if any(c in pattern for c in "*?[") and fnmatch.fnmatch(name, pattern):
            return True
    return False


def body_digest(function: ts.Node | None) -> str:
    """A digest of a test's body, whitespace-blind: the same test renamed or moved keeps it."""
    if function is None:
        return ""
    body = function.child_by_field_name("body")
    return hashlib.sha256(" ".join(text(body).split()).encode()).hexdigest()[:16]


def _decorated(node: ts.Node) -> tuple[ts.Node, tuple[ts.Node, ...]]:
    """The definition inside a decorated_definition and its decorators."""
    if node.type == "decorated_definition":
        inner = node.child_by_field_name("definition")
        assert inner is not None
        return inner, tuple(c for c in node.named_children if c.type == "decorator")
    return node, ()


def _marker_names(expression: ts.Node, resolve: Resolve) -> list[str]:
    """Marker names in ``pytest.mark.x``, ``mark.x(...)`` or lists of them, the object's
    name resolved through the module's imports (``from pytest import mark as m``)."""
    found = []
    for node in walk(expression):
        if node.type != "attribute":
            continue
        target = node.child_by_field_name("object")
        attr = node.child_by_field_name("attribute")
        if (
            target is not None
            and attr is not None
            and resolve(text(target)).split(".")[-1] == "mark"
        ):
            found.append(text(attr))
    return found


def _decorator_markers(decorators: tuple[ts.Node, ...], resolve: Resolve) -> list[str]:
    """Marker names applied by a definition's decorators."""
    return [m for d in decorators for m in _marker_names(d, resolve)]


def _assigned(statement: ts.Node, name: str) -> ts.Node | None:
    """The right-hand side when ``statement`` is ``name = value``."""
    if statement.type != "expression_statement" or not statement.named_children:
        return None
    child = statement.named_children[0]
    if child.type != "assignment":
        return None
    left = child.child_by_field_name("left")
    if left is None or text(left) != name:
        return None
    return child.child_by_field_name("right")


def _base_names(cls: ts.Node) -> list[str]:
    """Every base class as written (``unittest.TestCase``, ``Base``)."""
    bases = cls.child_by_field_name("superclasses")
    if bases is None:
        return []
    return [text(b) for b in bases.named_children if b.type != "keyword_argument"]


def _class_body(cls: ts.Node) -> list[ts.Node]:
    """The statements of a class body."""
    body = cls.child_by_field_name("body")
    return [] if body is None else list(body.named_children)


def _defines(cls: ts.Node, name: str) -> bool:
    """Whether the class body defines ``name`` (method or attribute)."""
    for statement in _class_body(cls):
        inner, _ = _decorated(statement)
        if inner.type == "function_definition" and text(inner.child_by_field_name("name")) == name:
            return True
        if _assigned(statement, name) is not None:
            return True
    return False


def _test_false(cls: ts.Node) -> bool:
    """``__test__ = False`` in the class body."""
    return any(
        (value := _assigned(s, "__test__")) is not None and text(value) == "False"
        for s in _class_body(cls)
    )


@lru_cache(maxsize=4096)
def python_test_items(
    path: str,
    data: bytes,
    functions: tuple[str, ...] = ("test",),
    classes: tuple[str, ...] = ("Test",),
) -> tuple[PyTestItem, ...]:
    """Tests pytest collects from one module under the given name patterns, sorted by id."""
    source = SourceFile(path, data, "python")
    model = source.model(PythonModel)
    root, resolve = source.tree.root_node, model.resolve
    module_marks: list[str] = []
    top_classes: dict[str, tuple[ts.Node, tuple[ts.Node, ...]]] = {}
    skipped = next(
        (
            (
                " ".join(T.text(s.node if s.how == "pytest.skip()" else s.statement).split()),
                T.line_of(s.statement),
            )
            for s in module_skips(model, root)
            if s.always
        ),
        None,
    )
    for statement in root.named_children:
        value = _assigned(statement, "pytestmark")
        if value is not None:
            module_marks.extend(_marker_names(value, resolve))
        inner, decorators = _decorated(statement)
        if inner.type == "class_definition":
            top_classes[text(inner.child_by_field_name("name"))] = (inner, decorators)
        if (
            _assigned(statement, "__test__") is not None
            and text(_assigned(statement, "__test__")) == "False"
        ):
            return ()

    def is_unittest(cls: ts.Node, seen: frozenset[str] = frozenset()) -> bool:
        for base in _base_names(cls):
            if is_unittest_base(model.resolve(base)):
                return True
            base = base.split(".")[-1]
            if (
                base in top_classes
                and base not in seen
                and is_unittest(top_classes[base][0], seen | {base})
            ):
                return True
        return False

    def methods(
        cls: ts.Node, seen: frozenset[str] = frozenset()
    ) -> dict[str, tuple[int, list[str], str]]:
        """Methods by name (own ones win over inherited ones from classes of this module)."""
        found: dict[str, tuple[int, list[str], str]] = {}
        for base in (b.split(".")[-1] for b in _base_names(cls)):
            if base in top_classes and base not in seen:
                found.update(methods(top_classes[base][0], seen | {base}))
        for statement in _class_body(cls):
            inner, decorators = _decorated(statement)
            if inner.type == "function_definition":
                name = text(inner.child_by_field_name("name"))
                found[name] = (
                    line(inner),
                    _decorator_markers(decorators, resolve),
                    body_digest(inner),
                )
        return found

    items: list[PyTestItem] = []

    def collect_class(
        cls: ts.Node, decorators: tuple[ts.Node, ...], outer: tuple[str, ...], marks: list[str]
    ) -> None:
        name = text(cls.child_by_field_name("name"))
        unit = is_unittest(cls)
        if not unit and (not matches_prefix_or_glob(name, classes) or _defines(cls, "__init__")):
            return
        if _test_false(cls):
            return
        chain = (*outer, name)
        class_marks = list(marks) + _decorator_markers(decorators, resolve)
        for statement in _class_body(cls):
            value = _assigned(statement, "pytestmark")
            if value is not None:
                class_marks.extend(_marker_names(value, resolve))
        for method, (at, own, digest) in sorted(methods(cls).items()):
            wanted = (
                method.startswith("test") if unit else matches_prefix_or_glob(method, functions)
            )
            if wanted:
                items.append(
                    PyTestItem(
                        symbol_id(path, "::".join((*chain, method))),
                        method,
                        chain,
                        at,
                        tuple(sorted(set(class_marks + own))),
                        unit,
                        digest,
                    )
                )
        if not unit:
            for statement in _class_body(cls):
                inner, decos = _decorated(statement)
                if inner.type == "class_definition":
                    collect_class(inner, decos, chain, class_marks)

    for statement in root.named_children:
        inner, decorators = _decorated(statement)
        if inner.type == "function_definition":
            name = text(inner.child_by_field_name("name"))
            if matches_prefix_or_glob(name, functions):
                marks = tuple(sorted(set(module_marks + _decorator_markers(decorators, resolve))))
                items.append(
                    PyTestItem(
                        symbol_id(path, name),
                        name,
                        (),
                        line(inner),
                        marks,
                        False,
                        body_digest(inner),
                    )
                )
        elif inner.type == "class_definition":
            collect_class(inner, decorators, (), list(module_marks))
    if skipped is not None:
        items = [replace(i, not_run=skipped[0], not_run_line=skipped[1]) for i in items]
    return tuple(sorted(items, key=lambda i: i.id))


def _list_strings(node: ts.Node) -> tuple[list[tuple[str, int]], list[ts.Node]]:
    """String elements of a list/tuple literal (or ``a + b`` of them) and the unreadable rest."""
    if node.type in ("list", "tuple"):
        readable, opaque = [], []
        for element in node.named_children:
            value = py_strings.decoded_string(element)
            if value is None:
                opaque.append(element)
            else:
                readable.append((value, line(element)))
        return readable, opaque
    if node.type == "binary_operator" and text(node.child_by_field_name("operator")) == "+":
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        assert left is not None and right is not None
        a, b = _list_strings(left), _list_strings(right)
        return a[0] + b[0], a[1] + b[1]
    if node.type == "identifier" and text(node) in ("collect_ignore", "collect_ignore_glob"):
        return [], []
    return [], [node]


def _conditional(node: ts.Node) -> bool:
    """Whether the statement sits under an if/try/for/while/with or inside a function."""
    parent = node.parent
    while parent is not None and parent.type != "module":
        if parent.type in (
            "if_statement",
            "try_statement",
            "for_statement",
            "while_statement",
            "with_statement",
            "function_definition",
            "else_clause",
            "elif_clause",
        ):
            return True
        parent = parent.parent
    return False


@lru_cache(maxsize=1024)
def conftest_facts(path: str, data: bytes) -> ConftestFacts:
    """collect_ignore entries, unreadable collection statements and hooks of one conftest.py."""
    source = SourceFile(path, data, "python")
    root = source.tree.root_node
    ignores: list[IgnoreEntry] = []
    opaque: list[OpaqueEntry] = []
    hooks: list[HookDef] = []
    aliases, bindings = pytest_aliases(source.model(PythonModel)), module_bindings(root)

    def note(values: ts.Node, variable: str, statement: ts.Node) -> None:
        readable, rest = _list_strings(values)
        conditional = _conditional(statement)
        for pattern, at in readable:
            ignores.append(IgnoreEntry(variable, pattern, at, conditional))
        for node in rest:
            opaque.append(OpaqueEntry(variable, line(node), " ".join(text(node).split())))

    for node in walk(root):
        if node.type in ("assignment", "augmented_assignment"):
            left = text(node.child_by_field_name("left"))
            right = node.child_by_field_name("right")
            if left in ("collect_ignore", "collect_ignore_glob") and right is not None:
                note(right, left, node)
            elif left == "pytest_plugins" and right is not None:
                opaque.append(OpaqueEntry("pytest_plugins", line(node), text(right)))
        elif node.type == "call":
            callee = text(node.child_by_field_name("function"))
            variable, _, method = callee.partition(".")
            if variable in ("collect_ignore", "collect_ignore_glob"):
                args = node.child_by_field_name("arguments")
                first = args.named_children[0] if args and args.named_children else None
                if method == "append" and first is not None:
                    value = py_strings.decoded_string(first)
                    if value is None:
                        opaque.append(OpaqueEntry(variable, line(first), text(first)))
                    else:
                        ignores.append(
                            IgnoreEntry(variable, value, line(first), _conditional(node))
                        )
                elif method in ("extend", "insert", "__iadd__") and first is not None:
                    target = args.named_children[-1] if args else first
                    note(target, variable, node)
                elif method not in ("remove", "pop", "clear", "index", "count", "copy"):
                    opaque.append(OpaqueEntry(variable, line(node), text(node)))
        elif node.type == "function_definition" and node.parent is not None:
            name = text(node.child_by_field_name("name"))
            at_module = node.parent.type == "module" or (
                node.parent.type == "decorated_definition"
                and node.parent.parent is not None
                and node.parent.parent.type == "module"
            )
            if at_module and (name in SESSION_HOOKS or name in PATH_HOOKS):
                hooks.append(
                    HookDef(
                        name,
                        line(node),
                        name in SESSION_HOOKS,
                        " ".join(text(node).split()),
                        hook_effects(name, node, aliases, bindings),
                    )
                )
    return ConftestFacts(
        path,
        tuple(sorted(ignores, key=lambda e: (e.line, e.variable, e.pattern))),
        tuple(sorted(opaque, key=lambda e: (e.line, e.what))),
        tuple(sorted(hooks, key=lambda h: (h.line, h.name))),
    )
