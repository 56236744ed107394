"""Binding patterns are read once (``extractors/javascript/patterns.py``): the imports, the
scopes, the consumer reads, the environment probes, the test comparison's local names and
the CDK helper evaluation all take names, key paths and defaults from the same reader."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common import treesitter as T
from ralph_validate.extractors.common.dispatch import SourceFile
from ralph_validate.extractors.common.reads import destructured
from ralph_validate.extractors.javascript.model import JsModel
from ralph_validate.extractors.javascript.patterns import bindings
from ralph_validate.extractors.javascript.testfile_naming import local_bindings


def _declarator(source: str, language: str = "typescript") -> tuple[SourceFile, object]:
    file = SourceFile("src/a.ts", source.encode(), language)
    stack = [file.tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "variable_declarator":
            return file, node
        stack.extend(reversed(node.children))
    raise AssertionError("no declarator")


PATTERNS = {
    "shorthand": ("const { a } = v;", [("a", ("a",), None)]),
    "rename": ("const { b: c } = v;", [("c", ("b",), None)]),
    "default": ("const { a = 1 } = v;", [("a", ("a",), "1")]),
    "rename with default": ("const { b: c = 2 } = v;", [("c", ("b",), "2")]),
    "quoted key": ("const { 'x-y': z } = v;", [("z", ("x-y",), None)]),
    "nested": ("let { d: { e, f: g } } = v;", [("e", ("d", "e"), None), ("g", ("d", "f"), None)]),
    "rest": ("var { a, ...others } = v;", [("a", ("a",), None), ("others", ("...",), None)]),
    "computed key": ("const { [k]: z } = v;", [("z", ("[]",), None)]),
    "array with hole": (
        "const [x, , y = 3, ...tail] = v;",
        [("x", ("[0]",), None), ("y", ("[2]",), "3"), ("tail", ("[...]", "..."), None)],
    ),
    "array inside object": ("const { list: [first] } = v;", [("first", ("list", "[0]"), None)]),
    "typed pattern": ("const { a, b: c }: Props = v;", [("a", ("a",), None), ("c", ("b",), None)]),
}


@pytest.mark.parametrize("case", sorted(PATTERNS))
def test_every_pattern_form_names_its_bindings_paths_and_defaults(case: str) -> None:
    source, expected = PATTERNS[case]
    _, declarator = _declarator(source)
    found = [
        (b.local, b.path, T.text(b.default) if b.default is not None else None)
        for b in bindings(declarator.child_by_field_name("name"))
    ]
    assert found == expected


def test_a_destructured_require_binds_the_same_names_in_the_imports_and_the_scopes() -> None:
    source = "const { a = 1, b: c = 2, d, ...rest } = require('./m');\nuse(a, c, d, rest);\n"
    file = SourceFile("src/a.js", source.encode(), "javascript")
    model = file.model(JsModel)
    imported = sorted((b.local, b.name) for b in model.imports)
    assert imported == [("a", "a"), ("c", "b"), ("d", "d")]
    call = file.tree.root_node.named_children[1]
    assert all(model.is_import(local, call) for local, _ in imported)
    # ``rest`` holds the other keys: a value of the module, no import of one export.
    assert not model.is_import("rest", call)


def test_a_destructuring_reads_each_key_path_once_and_a_default_guards_it() -> None:
    _, declarator = _declarator("const { a = 1, b: [x, y], c: { d }, ...more } = v;")
    uses = destructured(declarator.child_by_field_name("name"))
    assert [(r.path, r.guarded) for r in uses.reads] == [(("a",), 1), (("b",), 0), (("c", "d"), 0)]
    assert uses.escapes  # ``...more`` keeps the keys not named


def test_the_test_comparison_names_locals_from_the_same_reader() -> None:
    _, declarator = _declarator("function t() { const { a = fallback, b: [c] } = v; }")
    body = declarator.parent.parent
    assert local_bindings(body) == ["a", "c"]  # not ``fallback``, a name the default reads


@pytest.mark.parametrize(
    ("source", "shadowed"),
    [
        ("rows.map(({ id = data }) => data.total);", False),  # ``data`` is read, not bound
        ("rows.map(({ [data]: v }) => data.total);", False),  # a computed key reads it
        ("rows.map(({ data }) => data.total);", True),
        ("rows.map(([first, data]) => data.total);", True),
        ("rows.map((data = {}) => data.total);", True),
    ],
)
def test_a_parameter_shadows_only_the_names_its_pattern_binds(source: str, shadowed: bool) -> None:
    from ralph_validate.extractors.common.reads import shadowed as is_shadowed
    from ralph_validate.extractors.javascript.adapter import JAVASCRIPT

    file = SourceFile("src/a.ts", source.encode(), "typescript")
    root = file.tree.root_node
    stack, uses = [root], []
    while stack:
        node = stack.pop()
        if node.type == "identifier" and T.text(node) == "data":
            parent = node.parent
            if parent is not None and parent.type == "member_expression":
                uses.append(node)
        stack.extend(node.children)
    [use] = uses
    assert is_shadowed(use, root, JAVASCRIPT) is shadowed
