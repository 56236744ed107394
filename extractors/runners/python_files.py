"""Python test modules and conftest.py files read into facts: tests, markers, ignores, hooks."""

from __future__ import annotations

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
from ..python.collected import DEFAULT_CLASSES as DEFAULT_CLASSES
from ..python.collected import DEFAULT_FILES as DEFAULT_FILES
from ..python.collected import DEFAULT_FUNCTIONS as DEFAULT_FUNCTIONS
from ..python.collected import collected_tests, marks_of
from ..python.collected import matches_prefix_or_glob as matches_prefix_or_glob
from ..python.knowledge import collected_by_default as collected_by_default
from ..python.model import PythonModel
from ..python.module_skips import module_skips
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


def body_digest(function: ts.Node | None) -> str:
    """A digest of a test's body, whitespace-blind: the same test renamed or moved keeps it."""
    if function is None:
        return ""
    body = function.child_by_field_name("body")
    return hashlib.sha256(" ".join(text(body).split()).encode()).hexdigest()[:16]


@lru_cache(maxsize=4096)
def python_test_items(
    path: str,
    data: bytes,
    functions: tuple[str, ...] = DEFAULT_FUNCTIONS,
    classes: tuple[str, ...] = DEFAULT_CLASSES,
) -> tuple[PyTestItem, ...]:
    """Tests pytest collects from one module under the given name patterns, sorted by id."""
    source = SourceFile(path, data, "python")
    root = source.tree.root_node
    skipped = next(
        (
            (
                " ".join(T.text(s.node if s.how == "pytest.skip()" else s.statement).split()),
                T.line_of(s.statement),
            )
            for s in module_skips(source)
            if s.always
        ),
        None,
    )

    def markers(definition: ts.Node) -> set[str]:
        return {m.marker for m in marks_of(source, definition) if m.marker}

    module_marks = markers(root)
    items = [
        PyTestItem(
            symbol_id(path, test.node_id),
            test.names[-1],
            test.names[:-1],
            line(test.function),
            tuple(
                sorted(
                    module_marks
                    | {m for c in test.classes for m in markers(c)}
                    | markers(test.function)
                )
            ),
            test.unittest,
            body_digest(test.function),
        )
        for test in collected_tests(source, functions, classes).tests
    ]
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
