"""Python test-integrity and placeholder facts (tree-sitter; judges nothing).

Queries (``queries/python/integrity.scm``) find functions, classes, comments,
imports and literal bindings in C. Test bodies — small by nature — are then
read node by node to place assertions, skips, handlers and returns; production
function bodies are only looked at for their first statements (stubs).
Import aliases are resolved per file: ``import pytest as pt`` makes
``pt.mark.skip`` read as ``pytest.mark.skip``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile, register
from ..facts import Fact
from ..facts.integrity import (
    Assertion,
    Binding,
    Comment,
    Handler,
    Operand,
    Return,
    Skip,
    StubBody,
    TestCase,
)
from .model import PythonModel, qualname

_TEST_DIRS = {"tests", "test", "testing"}
_UNITTEST_BASES = {
    "unittest.TestCase",
    "unittest.IsolatedAsyncioTestCase",
    "TestCase",
    "IsolatedAsyncioTestCase",
    "unittest.case.TestCase",
}
_CONDITIONAL = {
    "if_statement",
    "for_statement",
    "while_statement",
    "match_statement",
    "conditional_expression",
    "boolean_operator",
    "elif_clause",
    "else_clause",
    "case_clause",
    "list_comprehension",
    "generator_expression",
}
_NESTED_SCOPES = {"function_definition", "lambda", "class_definition"}
_HANDLER_PARTS = {"except_clause", "finally_clause", "except_group_clause"}
_MOCK_ASSERTS = re.compile(r"^assert_(called|not_called|awaited|not_awaited|has_calls|any_call)")
_SKIP_DECORATORS = {
    "pytest.mark.skip": False,
    "pytest.mark.skipif": True,
    "pytest.mark.xfail": None,
    "unittest.skip": False,
    "unittest.skipIf": True,
    "unittest.skipUnless": True,
    "unittest.expectedFailure": False,
}
_SKIP_CALLS = {"pytest.skip": "pytest.skip()", "pytest.xfail": "pytest.xfail()"}
_BIG_EXPRESSIONS = {
    "sys.maxsize",
    "math.inf",
    "float('inf')",
    'float("inf")',
    "numpy.inf",
    "np.inf",
    "float('Infinity')",
}


@dataclass
class _File:
    source: SourceFile
    model: PythonModel
    facts: list[Fact] = field(default_factory=list)
    is_test_file: bool = False


def _is_test_path(path: str) -> bool:
    posix = PurePosixPath(path)
    name = posix.name
    return (
        (name.startswith("test_") and name.endswith(".py"))
        or name.endswith("_test.py")
        or any(part in _TEST_DIRS for part in posix.parts[:-1])
    ) and name != "conftest.py"


def _resolve(f: _File, node: ts.Node | None) -> str:
    """The dotted name an expression stands for, import aliases resolved."""
    return f.model.resolve(T.squash(node))


def _operand(node: ts.Node) -> Operand:
    kind = node.type
    text = T.squash(node)
    literal: str | None = None
    if kind in ("true", "false"):
        literal = "bool"
    elif kind in ("integer", "float") or (
        kind == "unary_operator"
        and node.named_child_count == 1
        and node.named_children[0].type in ("integer", "float")
    ):
        literal = "number"
    elif kind == "string" or kind == "concatenated_string":
        if not any(c.type == "interpolation" for c in node.children):
            literal = "string"
    elif kind == "none":
        literal = "none"
    elif kind in ("list", "dictionary", "tuple", "set") and all(
        _operand(c).literal for c in node.named_children if c.type != "pair"
    ):
        literal = "collection"
    return Operand(text=text, literal=literal, value=text if literal else None)


def number_value(text: str) -> float | None:
    """The value of a Python number literal (``0o400``, ``1_000``, ``-2.5e3``, ``0xFF``), or
    None for what is not a real number (``3j``)."""
    cleaned = text.replace("_", "").replace(" ", "")
    for read in (lambda t: int(t, 0), float):  # int first: 0o400, 0x1F, 0b11
        try:
            return float(read(cleaned))
        except ValueError:
            continue
    return None


def _always_iterates(loop: ts.Node) -> bool:
    """A ``for`` over a non-empty literal collection or ``range`` of literals runs its body."""
    if loop.type != "for_statement":
        return False
    right = loop.child_by_field_name("right")
    if right is None:
        return False
    if right.type in ("list", "tuple", "set", "dictionary"):
        return right.named_child_count > 0
    if right.type == "call" and T.text(right.child_by_field_name("function")) == "range":
        args = right.child_by_field_name("arguments")
        values = [a for a in (args.named_children if args else [])]
        if values and all(_operand(a).literal == "number" for a in values):
            parsed = [number_value(T.squash(a)) for a in values]
            numbers = [n for n in parsed if n is not None]
            if len(numbers) != len(parsed):  # complex or otherwise not a plain number
                return False
            start, stop = (0.0, numbers[0]) if len(numbers) == 1 else (numbers[0], numbers[1])
            step = numbers[2] if len(numbers) > 2 else 1.0
            return (stop - start) * step > 0
    return False


def _conditional_and_handler(node: ts.Node, stop: ts.Node) -> tuple[bool, bool]:
    conditional = in_handler = False
    current = node.parent
    while current is not None and current != stop:
        if current.type in _CONDITIONAL and not _always_iterates(current):
            conditional = True
        if current.type in _HANDLER_PARTS:
            in_handler = True
        current = current.parent
    return conditional, in_handler


def _walk_own(body: ts.Node) -> list[ts.Node]:
    """Every node of a function body except those inside nested functions, lambdas, classes."""
    found: list[ts.Node] = []
    stack = list(reversed(body.children))
    while stack:
        node = stack.pop()
        found.append(node)
        if node.type in _NESTED_SCOPES:
            continue
        stack.extend(reversed(node.children))
    return found


def _call_assertion(f: _File, call: ts.Node, symbol: str, stop: ts.Node) -> Assertion | None:
    func = call.child_by_field_name("function")
    args = call.child_by_field_name("arguments")
    name = _resolve(f, func)
    last = name.rsplit(".", 1)[-1]
    positional = [a for a in (args.named_children if args else []) if a.type != "keyword_argument"]
    keywords = {
        T.text(a.child_by_field_name("name")): a
        for a in (args.named_children if args else [])
        if a.type == "keyword_argument"
    }
    style = method = ""
    exception_types: tuple[str, ...] = ()
    has_match = False
    if name.startswith("self.") and (last.startswith("assert") or last.startswith("fail")):
        style, method = "unittest", last
        if last in ("assertRaises", "assertRaisesRegex", "assertWarns", "assertWarnsRegex"):
            exception_types = tuple(_resolve(f, a) for a in positional[:1])
            has_match = last.endswith("Regex")
    elif name in ("pytest.raises", "pytest.warns"):
        style, method = "raises", last
        first = positional[:1]
        if first and first[0].type == "tuple":
            exception_types = tuple(_resolve(f, c) for c in first[0].named_children)
        else:
            exception_types = tuple(_resolve(f, a) for a in first)
        has_match = "match" in keywords
    elif name == "pytest.fail":
        style, method = "fail", "fail"
    elif _MOCK_ASSERTS.match(last) and "." in name:
        style, method = "mock", last
    elif last.startswith("assert") and last != "assert_":  # assert_frame_equal, assertThat
        style, method = "call", last
    else:
        return None
    conditional, in_handler = _conditional_and_handler(call, stop)
    return Assertion(
        file=f.source.path,
        line=T.line_of(call),
        symbol=symbol,
        style=style,
        method=method,
        operands=tuple(_operand(a) for a in positional),
        conditional=conditional,
        in_handler=in_handler,
        text=T.squash(call),
        exception_types=exception_types,
        has_match=has_match,
    )


def _assert_statement(f: _File, node: ts.Node, symbol: str, stop: ts.Node) -> Assertion:
    expr = node.named_children[0] if node.named_children else node
    negated = False
    if expr.type == "not_operator":
        negated = True
        expr = expr.child_by_field_name("argument") or expr
    operator = ""
    operands: tuple[Operand, ...]
    if expr.type == "comparison_operator" and expr.named_child_count == 2:
        operator = " ".join(
            T.text(c) for c in expr.children if not c.is_named and T.text(c) not in ("(", ")")
        )
        operands = tuple(_operand(c) for c in expr.named_children)
    else:
        operands = (_operand(expr),)
    conditional, in_handler = _conditional_and_handler(node, stop)
    return Assertion(
        file=f.source.path,
        line=T.line_of(node),
        symbol=symbol,
        style="assert",
        method="assert",
        operator=operator,
        operands=operands,
        negated=negated,
        conditional=conditional,
        in_handler=in_handler,
        text=T.squash(node),
    )


def _handler_body(block: ts.Node | None, assertions_inside: bool) -> str:
    statements = [c for c in (block.named_children if block else []) if c.type != "comment"]
    if not statements:
        return "empty"
    if any(n.type == "raise_statement" for n in _walk_own(block)):  # type: ignore[arg-type]
        return "reraise"
    if all(s.type == "pass_statement" or T.text(s) == "..." for s in statements):
        return "pass"
    if assertions_inside:
        return "asserts"
    if len(statements) == 1 and statements[0].type == "return_statement":
        return "return"
    return "other"


def _body_facts(f: _File, body: ts.Node, symbol: str, in_test: bool) -> list[Fact]:
    """Assertions, skips, handlers and returns of one function body (not nested scopes)."""
    facts: list[Fact] = []
    nodes = _walk_own(body)
    assertions: list[Assertion] = []
    for node in nodes:
        if node.type == "assert_statement":
            assertions.append(_assert_statement(f, node, symbol, body))
        elif node.type == "call":
            found = _call_assertion(f, node, symbol, body)
            if found is not None:
                assertions.append(found)
            elif in_test:
                name = _resolve(f, node.child_by_field_name("function"))
                how = _SKIP_CALLS.get(name) or ("skipTest" if name == "self.skipTest" else None)
                if name == "pytest.importorskip":  # skips only where the module is missing
                    facts.append(
                        Skip(
                            file=f.source.path,
                            line=T.line_of(node),
                            symbol=symbol,
                            how="pytest.importorskip()",
                            conditional=True,
                        )
                    )
                elif how is not None:
                    conditional, _ = _conditional_and_handler(node, body)
                    facts.append(
                        Skip(
                            file=f.source.path,
                            line=T.line_of(node),
                            symbol=symbol,
                            how=how,
                            conditional=conditional,
                        )
                    )
    facts.extend(assertions)
    lines_with_asserts = [(a.line, a) for a in assertions]
    for node in nodes:
        if node.type == "try_statement":
            try_body = node.child_by_field_name("body")
            try_lines = (
                (try_body.start_point[0] + 1, try_body.end_point[0] + 1) if try_body else (0, 0)
            )
            try_asserts = any(
                try_lines[0] <= line <= try_lines[1] for line, _ in lines_with_asserts
            )
            for clause in node.named_children:
                if clause.type not in ("except_clause", "except_group_clause"):
                    continue
                value = clause.child_by_field_name("value")
                if value is not None and value.type == "as_pattern":
                    value = value.named_children[0]
                caught: tuple[str, ...] = ()
                if value is not None:
                    parts = value.named_children if value.type == "tuple" else [value]
                    caught = tuple(_resolve(f, p) for p in parts)
                block = next((c for c in clause.named_children if c.type == "block"), None)
                start = clause.start_point[0] + 1
                end = clause.end_point[0] + 1
                inside = any(start <= line <= end for line, _ in lines_with_asserts)
                facts.append(
                    Handler(
                        file=f.source.path,
                        line=start,
                        symbol=symbol,
                        caught=caught,
                        body=_handler_body(block, inside),
                        in_test=in_test,
                        try_has_assertions=try_asserts,
                    )
                )
        elif node.type == "return_statement" and in_test:
            conditional, in_handler = _conditional_and_handler(node, body)
            end_line = node.end_point[0] + 1
            after = sum(1 for line, _ in lines_with_asserts if line > end_line)
            facts.append(
                Return(
                    file=f.source.path,
                    line=T.line_of(node),
                    symbol=symbol,
                    conditional=conditional or in_handler,
                    assertions_after=after,
                )
            )
    return facts


def _decorators(f: _File, definition: ts.Node) -> list[ts.Node]:
    parent = definition.parent
    if parent is not None and parent.type == "decorated_definition":
        return [c for c in parent.named_children if c.type == "decorator"]
    return []


def _decorator_name(f: _File, decorator: ts.Node) -> tuple[str, ts.Node | None]:
    expr = decorator.named_children[0] if decorator.named_children else decorator
    if expr.type == "call":
        return _resolve(f, expr.child_by_field_name("function")), expr
    return _resolve(f, expr), None


def _skips_of(f: _File, definition: ts.Node, symbol: str, scope: str) -> list[Fact]:
    facts: list[Fact] = []
    for decorator in _decorators(f, definition):
        name, call = _decorator_name(f, decorator)
        if name not in _SKIP_DECORATORS:
            continue
        conditional = _SKIP_DECORATORS[name]
        args = call.child_by_field_name("arguments") if call is not None else None
        positional = [
            a for a in (args.named_children if args else []) if a.type != "keyword_argument"
        ]
        if conditional is None:  # xfail: conditional when given a condition
            conditional = bool(positional) and positional[0].type != "string"
        reason = ""
        for a in args.named_children if args else []:
            if a.type == "keyword_argument" and T.text(a.child_by_field_name("name")) == "reason":
                reason = T.text(a.child_by_field_name("value")).strip("'\"")
            elif a.type == "string" and not reason:
                reason = T.text(a).strip("'\"")
        facts.append(
            Skip(
                file=f.source.path,
                line=T.line_of(decorator),
                symbol=symbol,
                how=name,
                conditional=bool(conditional),
                reason=reason,
                scope=scope,
            )
        )
    return facts


def _docstring(body: ts.Node | None) -> str:
    if body is None or not body.named_children:
        return ""
    first = body.named_children[0]
    if (
        first.type == "expression_statement"
        and first.named_children
        and (first.named_children[0].type == "string")
    ):
        return " ".join(T.text(first.named_children[0]).strip("'\"rbuf").split())
    return ""


def _stub_kind(body: ts.Node | None) -> tuple[str, str] | None:
    """(kind, message) when a body does nothing real, else None."""
    if body is None:
        return None
    statements = [c for c in body.named_children if c.type != "comment"]
    has_doc = bool(statements) and _docstring(body) != ""
    if has_doc:
        statements = statements[1:]
    if not statements:
        return ("docstring-only", "") if has_doc else None
    if len(statements) != 1:
        return None
    only = statements[0]
    if only.type == "pass_statement":
        return "pass", ""
    if only.type == "expression_statement" and T.text(only) == "...":
        return "ellipsis", ""
    if only.type == "raise_statement":
        raised = only.named_children[0] if only.named_children else None
        target = (
            raised.child_by_field_name("function")
            if raised is not None and raised.type == "call"
            else raised
        )
        if target is not None and T.text(target).rsplit(".", 1)[-1] == "NotImplementedError":
            args = raised.child_by_field_name("arguments") if raised.type == "call" else None
            message = T.squash(args.named_children[0]) if args and args.named_children else ""
            return "not-implemented", message
    if only.type == "return_statement":
        value = only.named_children[0] if only.named_children else None
        if value is None or value.type == "none":
            return "return-null", ""
    return None


def _under_type_checking(node: ts.Node) -> bool:
    """True inside ``if TYPE_CHECKING:``: definitions there exist for type checkers only."""
    current = node.parent
    while current is not None:
        if current.type == "if_statement":
            condition = T.text(current.child_by_field_name("condition"))
            if condition.rsplit(".", 1)[-1] == "TYPE_CHECKING":
                return True
        current = current.parent
    return False


def _class_bases(f: _File, cls: ts.Node) -> list[str]:
    supers = cls.child_by_field_name("superclasses")
    if supers is None:
        return []
    return [_resolve(f, a) for a in supers.named_children if a.type != "keyword_argument"]


def _enclosing_class(definition: ts.Node) -> ts.Node | None:
    current = definition.parent
    while current is not None:
        if current.type == "class_definition":
            return current
        if current.type == "function_definition":
            return None
        current = current.parent
    return None


def _is_test(f: _File, fn: ts.Node, unittest_classes: set[str]) -> str | None:
    """The framework when ``fn`` is a test, else None."""
    name = T.text(fn.child_by_field_name("name"))
    if not name.startswith("test"):
        return None
    if any(_decorator_name(f, d)[0] in ("pytest.fixture", "fixture") for d in _decorators(f, fn)):
        return None
    cls = _enclosing_class(fn)
    if cls is not None:
        cls_name = T.text(cls.child_by_field_name("name"))
        if cls_name in unittest_classes:
            return "unittest"
        if f.is_test_file and cls_name.startswith("Test") and _enclosing_class(cls) is None:
            return "pytest"
        return None
    outer = fn.parent
    while outer is not None and outer.type not in ("module", "function_definition"):
        outer = outer.parent
    if outer is not None and outer.type == "module" and f.is_test_file and name.startswith("test"):
        return "pytest"
    return None


def _unittest_classes(f: _File, classes: list[ts.Node]) -> set[str]:
    found: set[str] = set()
    changed = True
    while changed:
        changed = False
        for cls in classes:
            name = T.text(cls.child_by_field_name("name"))
            if name in found:
                continue
            bases = _class_bases(f, cls)
            if any(
                b in _UNITTEST_BASES or b.rsplit(".", 1)[-1] in found or b in found for b in bases
            ):
                found.add(name)
                changed = True
    return found


def _calls(body: ts.Node) -> tuple[str, ...]:
    """Names the body calls: bare names, and ``self.x`` / ``cls.x`` for methods of the test."""
    names: set[str] = set()
    for n in _walk_own(body):
        func = n.child_by_field_name("function") if n.type == "call" else None
        if func is None:
            continue
        text = T.text(func)
        head, _, last = text.rpartition(".")
        if head in ("self", "cls") and last.isidentifier():
            names.add(f"{head}.{last}")
        elif last.isidentifier():
            names.add(last)
    return tuple(sorted(names))


def _binding_value(node: ts.Node) -> tuple[str, float | None] | None:
    kind = node.type
    text = T.squash(node)
    if kind in ("integer", "float") or (
        kind == "unary_operator"
        and node.named_child_count == 1
        and node.named_children[0].type in ("integer", "float")
    ):
        number = number_value(text)
        if number is None:
            return None
        return "number", number
    if kind == "string" and not any(c.type == "interpolation" for c in node.children):
        return "string", None
    if kind in ("true", "false"):
        return "bool", None
    if kind == "none":
        return "none", None
    if text in _BIG_EXPRESSIONS or text.replace(" ", "") in _BIG_EXPRESSIONS:
        return "expression", None
    return None


def _code_of(text: str) -> str:
    """What statement a comment's text parses as ("assert", "call"), or "" for prose."""
    root = T.parse("python", text.encode("utf-8")).root_node
    if root.has_error or root.named_child_count != 1:
        return ""
    statement = root.named_children[0]
    if statement.type == "assert_statement":
        return "assert"
    if (
        statement.type == "expression_statement"
        and statement.named_children
        and (statement.named_children[0].type == "call")
    ):
        return "call"
    return ""


def _symbol_of(f: _File, node: ts.Node, tests: dict[int, str]) -> tuple[str, bool]:
    current = node.parent
    while current is not None:
        if current.type == "function_definition":
            if current.id in tests:
                return tests[current.id], True
            return f"{f.source.path}::{qualname(current)}", False
        current = current.parent
    return "", False


def extract_python(source: SourceFile) -> tuple[Fact, ...]:
    """Test, assertion, skip, handler, return, comment, stub and binding facts of a file."""
    root = source.tree.root_node
    f = _File(source, source.model(PythonModel), is_test_file=_is_test_path(source.path))
    caps = T.captures(T.query("python", "integrity"), root)
    functions = caps.get("function", [])
    classes = caps.get("class", [])
    unittest_classes = _unittest_classes(f, classes)
    tests: dict[int, str] = {}
    test_nodes: list[tuple[ts.Node, str, str]] = []
    for fn in functions:
        framework = _is_test(f, fn, unittest_classes)
        if framework is not None:
            test_id = f"{source.path}::{qualname(fn).replace('.', '::')}"
            tests[fn.id] = test_id
            test_nodes.append((fn, test_id, framework))
    in_test_file = f.is_test_file or bool(tests)
    subclassed = {b.rsplit(".", 1)[-1] for cls in classes for b in _class_bases(f, cls)}
    for cls in classes:
        name = T.text(cls.child_by_field_name("name"))
        if name in unittest_classes or name.startswith("Test"):
            f.facts.extend(_skips_of(f, cls, f"{source.path}::{name}", "class"))
    for node in caps.get("module_skip", []):
        value = node.child_by_field_name("right")
        how = _resolve(
            f,
            value.child_by_field_name("function")
            if value is not None and value.type == "call"
            else value,
        )
        if how in _SKIP_DECORATORS:
            f.facts.append(
                Skip(
                    file=source.path,
                    line=T.line_of(node),
                    symbol=source.path,
                    how=how,
                    conditional=how != "pytest.mark.skip",
                    scope="module",
                )
            )
    for fn, test_id, framework in test_nodes:
        body = fn.child_by_field_name("body")
        is_async = any(T.text(c) == "async" for c in fn.children if not c.is_named)
        parametrized = any(
            _decorator_name(f, d)[0] == "pytest.mark.parametrize" for d in _decorators(f, fn)
        )
        f.facts.append(
            TestCase(
                file=source.path,
                line=T.line_of(fn),
                symbol=test_id,
                name=T.text(fn.child_by_field_name("name")),
                framework=framework,
                end_line=fn.end_point[0] + 1,
                is_async=is_async,
                doc=_docstring(body),
                parametrized=parametrized,
                calls=_calls(body) if body is not None else (),
            )
        )
        f.facts.extend(_skips_of(f, fn, test_id, "test"))
        if body is not None:
            f.facts.extend(_body_facts(f, body, test_id, in_test=True))
    for fn in functions:
        if fn.id in tests:
            continue
        body = fn.child_by_field_name("body")
        symbol = f"{source.path}::{qualname(fn)}"
        if in_test_file and body is not None:
            f.facts.extend(
                a for a in _body_facts(f, body, symbol, in_test=False) if isinstance(a, Assertion)
            )
        elif body is not None:
            f.facts.extend(
                h for h in _body_facts(f, body, symbol, in_test=False) if isinstance(h, Handler)
            )
        stub = _stub_kind(body)
        if stub is None:
            continue
        cls = _enclosing_class(fn)
        bases = _class_bases(f, cls) if cls is not None else []
        owner = T.text(cls.child_by_field_name("name")) if cls is not None else ""
        decorators = [_decorator_name(f, d)[0] for d in _decorators(f, fn)]
        f.facts.append(
            StubBody(
                file=source.path,
                line=T.line_of(fn),
                symbol=symbol,
                body=stub[0],
                message=stub[1],
                abstract=any(
                    d.rsplit(".", 1)[-1] in ("abstractmethod", "abstractproperty")
                    for d in decorators
                ),
                protocol=any(b.rsplit(".", 1)[-1] == "Protocol" for b in bases),
                overload=any(d.rsplit(".", 1)[-1] == "overload" for d in decorators),
                declaration=source.path.endswith(".pyi") or _under_type_checking(fn),
                documented=_docstring(body) != "",
                in_test_file=in_test_file,
                owner=owner,
                owner_bases=tuple(bases),
                owner_subclassed=bool(owner) and owner in subclassed,
            )
        )
    for node in caps.get("comment", []):
        symbol, in_test = _symbol_of(f, node, tests)
        text = T.text(node).lstrip("#").strip()
        if text:
            f.facts.append(
                Comment(
                    file=source.path,
                    line=T.line_of(node),
                    symbol=symbol,
                    text=text,
                    in_test=in_test,
                    code=_code_of(text) if in_test else "",
                )
            )
    for node in caps.get("binding", []):
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
        found = _binding_value(value)
        if found is None:
            continue
        symbol, in_test = _symbol_of(f, node, tests)
        name = T.text(name_node).strip("'\"").rsplit(".", 1)[-1]
        form = {
            "keyword_argument": "keyword",
            "default_parameter": "parameter",
            "typed_default_parameter": "parameter",
            "pair": "property",
        }.get(node.type, "local" if symbol else "constant")
        f.facts.append(
            Binding(
                file=source.path,
                line=T.line_of(value),
                symbol=symbol,
                name=name,
                value=T.squash(value),
                literal=found[0],
                number=found[1],
                in_test=in_test or in_test_file,
                form=form,
            )
        )
    return tuple(sorted(f.facts, key=lambda x: (x.line, type(x).__name__, x.symbol)))


register("python", (".py", ".pyi"), extract_python)
