"""Python test-integrity and placeholder facts (tree-sitter; judges nothing).

Queries (``queries/python/integrity.scm``) find functions, classes, comments and literal
bindings in C. Test bodies — small by nature — are then read node by node to place
assertions, skips, handlers and returns (``assertions``); which functions are tests is
``collected`` (shared with the test comparison and the runs model), how they are skipped
``test_cases``; production function bodies are only looked at for
their first statements (stubs, ``markers``). Import aliases are resolved by the file's
semantic model: ``import pytest as pt`` makes ``pt.mark.skip`` read as ``pytest.mark.skip``.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.containers import container_name, enclosing_keys
from ..common.dispatch import SourceFile, register
from ..common.languages import extensions
from ..facts import Fact, symbol_id
from ..facts.integrity import (
    Assertion,
    Binding,
    BindingForm,
    Comment,
    Handler,
    PyFramework,
    Skip,
    StubBody,
    TestCase,
)
from . import strings as py_strings
from .assertions import body_facts, importorskip_fact
from .collected import PyTests, default_tests
from .double_sites import double_sites
from .file_context import PyFile
from .markers import binding_value, code_of, docstring, stub_kind, under_type_checking
from .model import PythonModel, decorators, definition_of, enclosing_function
from .module_skips import module_skips
from .test_cases import (
    called_names,
    callee_paths,
    class_bases,
    collects_tests,
    decorator_name,
    enclosing_class,
    env_of,
    is_test_path,
    platform_of,
    skips_of,
)

# Where a literal is bound, as ``Binding.form`` names it.
_BINDING_FORMS: dict[str, BindingForm] = {
    "keyword_argument": "keyword",
    "default_parameter": "parameter",
    "typed_default_parameter": "parameter",
    "pair": "property",
}


def symbol_of(f: PyFile, node: ts.Node, tests: dict[int, str]) -> tuple[str, bool]:
    """(symbol, inside a test) of the innermost function around ``node``."""
    function = enclosing_function(node)
    if function is None:
        return "", False
    if function.id in tests:
        return tests[function.id], True
    return f.model.symbol(function), False


def _find_tests(f: PyFile, collected: PyTests) -> list[tuple[ts.Node, str, PyFramework]]:
    """(function, test id, framework) of every test (``collected.py``), in file order: a
    test class's test inherited by another test class is a test of both. Outside the files
    pytest collects by name, only unittest's test cases are tests."""
    found: list[tuple[ts.Node, str, PyFramework]] = []
    for test in collected.tests:
        if test.unittest or f.collects_tests:
            framework: PyFramework = "unittest" if test.unittest else "pytest"
            found.append((test.function, symbol_id(f.source.path, test.node_id), framework))
    return found


def _class_skips(f: PyFile, collected: PyTests) -> list[Fact]:
    """Skip decorators of test classes."""
    facts: list[Fact] = []
    for chain in collected.classes:
        names = "::".join(T.text(c.child_by_field_name("name")) for c in chain)
        facts.extend(skips_of(f, chain[-1], symbol_id(f.source.path, names), "class"))
    return facts


def _module_skip_facts(f: PyFile) -> list[Fact]:
    """Every test of the module is skipped (``module_skips.py``): a ``pytestmark`` marker,
    a module-level ``pytest.skip`` (under an ``if``, only where its condition holds), or a
    ``pytest.importorskip`` (the tests run only where its module can be imported)."""
    facts: list[Fact] = []
    for skip in module_skips(f.source):
        if skip.how == "pytest.importorskip":
            facts.append(importorskip_fact(f, skip.node, f.source.path, "module"))
            continue
        marker = skip.how != "pytest.skip()"
        env, where = env_of(skip.condition)
        platforms, on = platform_of(skip.condition)
        facts.append(
            Skip(
                file=f.source.path,
                line=T.line_of(skip.statement if marker else skip.node),
                symbol=f.source.path,
                how=skip.how,
                conditional=skip.how != "pytest.mark.skip"
                if marker
                else skip.condition is not None,
                reason=skip.reason,
                scope="module",
                env=env,
                skipped_where=where,
                platforms=platforms,
                platform_skipped=on,
            )
        )
    return facts


def _test_facts(f: PyFile, fn: ts.Node, test_id: str, framework: PyFramework) -> list[Fact]:
    """The TestCase of one test function, its skips and what its body asserts."""
    body = fn.child_by_field_name("body")
    is_async = any(T.text(c) == "async" for c in fn.children if not c.is_named)
    parametrized = any(decorator_name(f, d)[0] == "pytest.mark.parametrize" for d in decorators(fn))
    renamed = {b.local: b.name for b in f.model.imports if b.name and b.name != b.local}
    facts: list[Fact] = [
        TestCase(
            file=f.source.path,
            line=T.line_of(fn),
            symbol=test_id,
            name=T.text(fn.child_by_field_name("name")),
            framework=framework,
            end_line=fn.end_point[0] + 1,
            is_async=is_async,
            doc=docstring(body),
            parametrized=parametrized,
            calls=called_names(body) if body is not None else (),
            callees=callee_paths(body, renamed) if body is not None else (),
        )
    ]
    facts.extend(skips_of(f, fn, test_id, "test"))
    if body is not None:
        facts.extend(body_facts(f, body, test_id, in_test=True))
    return facts


def _methods(cls: ts.Node | None) -> int:
    """How many functions the class body defines directly."""
    body = cls.child_by_field_name("body") if cls is not None else None
    if body is None:
        return 0
    return sum(1 for c in body.named_children if definition_of(c).type == "function_definition")


def _function_facts(f: PyFile, fn: ts.Node, in_test_file: bool, subclassed: set[str]) -> list[Fact]:
    """A function that is no test: assertions of test helpers, handlers of production code,
    and its stub body when it has one."""
    facts: list[Fact] = []
    body = fn.child_by_field_name("body")
    symbol = f.model.symbol(fn)
    if in_test_file and body is not None:
        facts.extend(
            a for a in body_facts(f, body, symbol, in_test=False) if isinstance(a, Assertion)
        )
    elif body is not None:
        facts.extend(
            h for h in body_facts(f, body, symbol, in_test=False) if isinstance(h, Handler)
        )
    stub = stub_kind(body)
    if stub is None:
        return facts
    cls = enclosing_class(fn)
    bases = class_bases(f, cls) if cls is not None else []
    owner = T.text(cls.child_by_field_name("name")) if cls is not None else ""
    names = [decorator_name(f, d)[0] for d in decorators(fn)]
    facts.append(
        StubBody(
            file=f.source.path,
            line=T.line_of(fn),
            symbol=symbol,
            body=stub[0],
            message=stub[1],
            abstract=any(
                d.rsplit(".", 1)[-1] in ("abstractmethod", "abstractproperty") for d in names
            ),
            protocol=any(b.rsplit(".", 1)[-1] == "Protocol" for b in bases),
            overload=any(d.rsplit(".", 1)[-1] == "overload" for d in names),
            declaration=f.source.path.endswith(".pyi") or under_type_checking(fn),
            documented=docstring(body) != "",
            in_test_file=in_test_file,
            owner=owner,
            owner_bases=tuple(bases),
            owner_subclassed=bool(owner) and owner in subclassed,
            owner_methods=_methods(cls),
        )
    )
    return facts


def _comments(f: PyFile, nodes: list[ts.Node], tests: dict[int, str]) -> list[Fact]:
    """Comment facts; inside a test, whether the comment is commented-out code."""
    facts: list[Fact] = []
    for node in nodes:
        symbol, in_test = symbol_of(f, node, tests)
        text = T.text(node).lstrip("#").strip()
        if text:
            facts.append(
                Comment(
                    file=f.source.path,
                    line=T.line_of(node),
                    symbol=symbol,
                    text=text,
                    in_test=in_test,
                    code=code_of(text, f.model.resolve) if in_test else "",
                )
            )
    return facts


def _bindings(
    f: PyFile, nodes: list[ts.Node], tests: dict[int, str], in_test_file: bool
) -> list[Fact]:
    """Literal values bound to names, keywords, parameters and dict keys."""
    facts: list[Fact] = []
    for node in nodes:
        name_node = (
            node.child_by_field_name("left")
            or node.child_by_field_name("name")
            or (node.child_by_field_name("key"))
        )
        value = node.child_by_field_name("right") or node.child_by_field_name("value")
        if name_node is None or value is None:
            continue
        if name_node.type not in ("identifier", "attribute", "string"):
            continue
        found = binding_value(value)
        if found is None:
            continue
        symbol, in_test = symbol_of(f, node, tests)
        key = f.model.string_value(name_node) if name_node.type == "string" else None
        name = (key if key is not None else T.text(name_node)).rsplit(".", 1)[-1]
        facts.append(
            Binding(
                file=f.source.path,
                line=T.line_of(value),
                symbol=symbol,
                name=name,
                value=T.squash(value),
                literal=found[0],
                text=py_strings.literal_string(value) if found[0] == "string" else None,
                number=found[1],
                in_test=in_test or in_test_file,
                form=_BINDING_FORMS.get(node.type, "local" if symbol else "constant"),
                container=container_name(node),
                keys=enclosing_keys(node),
            )
        )
    return facts


def extract_python(source: SourceFile) -> tuple[Fact, ...]:
    """Test, assertion, skip, handler, return, comment, stub and binding facts of a file."""
    root = source.tree.root_node
    f = PyFile(
        source,
        source.model(PythonModel),
        is_test_file=is_test_path(source.path),
        collects_tests=collects_tests(source.path),
    )
    caps = T.captures(T.query("python", "integrity"), root)
    functions = caps.get("function", [])
    classes = caps.get("class", [])
    collected = source.model(default_tests)
    found = _find_tests(f, collected)
    tests: dict[int, str] = {}
    for fn, test_id, _ in found:
        if fn.id not in tests:  # an inherited test: its comments belong to the first id
            tests[fn.id] = test_id
    in_test_file = f.is_test_file or bool(tests)
    subclassed = {b.rsplit(".", 1)[-1] for cls in classes for b in class_bases(f, cls)}
    f.facts.extend(_class_skips(f, collected))
    f.facts.extend(_module_skip_facts(f))
    for fn, test_id, framework in found:
        f.facts.extend(_test_facts(f, fn, test_id, framework))
    if found:
        f.facts.extend(double_sites(f, found, classes, functions))
    for fn in functions:
        if fn.id not in tests:
            f.facts.extend(_function_facts(f, fn, in_test_file, subclassed))
    f.facts.extend(_comments(f, caps.get("comment", []), tests))
    f.facts.extend(_bindings(f, caps.get("binding", []), tests, in_test_file))
    return tuple(sorted(f.facts, key=lambda x: (x.line, type(x).__name__, x.symbol)))


register("python", extensions("python"), extract_python)
