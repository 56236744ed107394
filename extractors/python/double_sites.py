"""Where a Python test file places doubles, and which imported functions its tests call.

Two facts, no judgement: a ``Double`` per ``patch``/``patch.object``/``mocker.patch``/
``mocker.spy``/``monkeypatch.setattr`` with its target qualified through the file's model
(``patch.object(p, "total")`` after ``import shop.pricing as p`` is ``shop.pricing.total``),
and an ``ImportedCall`` per call of an imported function in a test, with whether its result
reaches an assertion. Whether a test mocks its own subject is the rule's question.
"""

from __future__ import annotations

import re
from dataclasses import replace

import tree_sitter as ts

from ..common import treesitter as T
from ..facts import Fact, symbol_id
from ..facts.integrity import Double, ImportedCall
from .assertions import walk_own
from .check_calls import check_call
from .doubles import call_arguments
from .file_context import PyFile, resolve
from .model import decorators
from .strings import module_relative_string
from .test_cases import decorator_name, enclosing_class

_PATCH = re.compile(r"(^|\.)patch(\.object)?$")
_VALUE_WRAPPERS = {"await", "attribute", "subscript", "parenthesized_expression"}
_SETUP = {"setUp", "setUpClass", "asyncSetUp", "setup_method", "setup_class"}


class _Reader:
    """The doubles and imported calls of one Python test file."""

    def __init__(self, f: PyFile) -> None:
        self.f = f
        self.own = f.model.module
        self.early = {i.local for i in f.model.imports if i.top_level and i.name}

    # --- targets -------------------------------------------------------------------------
    def _qualified(self, text: str) -> tuple[str, bool]:
        """A patch target string qualified; True when it names the test module's own name."""
        for own in ("__name__", self.own):
            if own and text.startswith(own + "."):
                return self.f.model.resolve(text[len(own) + 1 :]), True
        return text, False

    def _owner(self, owner: ts.Node, attr: ts.Node | None) -> str | None:
        name = module_relative_string(attr)
        head = T.squash(owner).split(".", 1)[0]
        if not name or not self.f.model.imported_at(head, owner):
            return None
        return f"{resolve(self.f, owner)}.{name}"

    def double(self, call: ts.Node, symbol: str, until: int, line: int) -> Double | None:
        """The double a call places, or None when the call places none we can name."""
        name = resolve(self.f, call.child_by_field_name("function"))
        positional, keywords = call_arguments(call)
        rebinds = False
        if name.endswith("monkeypatch.setattr") or name == "monkeypatch.setattr":
            if len(positional) == 2 and module_relative_string(positional[0]):
                target, rebinds = self._qualified(module_relative_string(positional[0]) or "")
            elif len(positional) == 3:
                target = self._owner(positional[0], positional[1]) or ""
            else:
                return None
            how, replaces = "monkeypatch.setattr", True
        elif name.endswith("mocker.spy") and len(positional) == 2:
            target = self._owner(positional[0], positional[1]) or ""
            how, replaces = "mocker.spy", False
        elif _PATCH.search(name) and positional:
            if name.endswith(".object"):
                if len(positional) < 2:
                    return None
                target = self._owner(positional[0], positional[1]) or ""
            else:
                target, rebinds = self._qualified(module_relative_string(positional[0]) or "")
            how = "patch.object" if name.endswith(".object") else "mock.patch"
            if name.startswith("mocker."):
                how = name
            replaces = "wraps" not in keywords
        else:
            return None
        if "." not in target:
            return None
        return Double(
            file=self.f.source.path,
            line=line,
            symbol=symbol,
            how=how,
            target=target,
            replaces=replaces,
            until=until,
            rebinds_local=rebinds,
        )

    # --- where doubles are placed --------------------------------------------------------
    def decorated(self, definition: ts.Node, symbol: str) -> list[Fact]:
        """``@patch(...)`` on a test function or a test class: in place for all of it."""
        out: list[Fact] = []
        for decorator in decorators(definition):
            expr = decorator.named_children[0] if decorator.named_children else None
            if expr is not None and expr.type == "call":
                until = definition.end_point[0] + 1
                found = self.double(expr, symbol, until, T.line_of(decorator))
                if found is not None:
                    out.append(found)
        return out

    def in_body(self, body: ts.Node, symbol: str, end: int) -> list[Fact]:
        """Doubles placed by calls in a body: a ``with`` one until the block ends, any other
        (``monkeypatch``, ``mocker``, ``patcher.start()``) until ``end``."""
        out: list[Fact] = []
        for node in walk_own(body):
            if node.type != "call":
                continue
            found = self.double(node, symbol, _with_end(node) or end, T.line_of(node))
            if found is not None:
                out.append(found)
        return out

    # --- what the tests call -------------------------------------------------------------
    def calls(self, body: ts.Node, symbol: str) -> list[Fact]:
        """Calls of imported names in a test body, and whether an assertion reads them."""
        nodes = walk_own(body)
        checks = [n for n in nodes if _is_assertion(self.f, n)]
        start, end = body.start_point[0] + 1, body.end_point[0] + 1
        rebound = {i.local for i in self.f.model.imports if start <= i.line <= end}
        out: list[Fact] = []
        for node in nodes:
            if node.type != "call":
                continue
            func = node.child_by_field_name("function")
            if func is None or func.type not in ("identifier", "attribute"):
                continue
            text = T.squash(func)
            head = text.split(".", 1)[0]
            if not self.f.model.imported_at(head, func) or not all(
                p.isidentifier() for p in text.split(".")
            ):
                continue
            target = self.f.model.resolve_at(text, func)
            if "." not in target:
                continue
            out.append(
                ImportedCall(
                    file=self.f.source.path,
                    line=T.line_of(node),
                    symbol=symbol,
                    target=target,
                    text=T.squash(node),
                    asserted=_asserted(node, checks),
                    bound_early=func.type == "identifier"
                    and head in self.early
                    and head not in rebound,
                )
            )
        return out


def _with_end(call: ts.Node) -> int:
    """The last line of the ``with`` block a call is the context manager of, else 0."""
    current = call.parent
    while current is not None and current.type in ("as_pattern", "with_item", "with_clause"):
        current = current.parent
        if current is not None and current.type == "with_statement":
            return current.end_point[0] + 1
    return 0


def _is_assertion(f: PyFile, node: ts.Node) -> bool:
    """An ``assert`` statement or an assertion call (``self.assertEqual``, ``assert_that``)."""
    if node.type == "assert_statement":
        return True
    if node.type != "call":
        return False
    func = node.child_by_field_name("function")
    receiver = func.child_by_field_name("object") if func is not None else None
    on_self = receiver is not None and T.text(receiver) in ("self", "cls")
    found = check_call(resolve(f, func), on_self=on_self)
    return found is not None and found.style in ("unittest", "call")


def _inside(node: ts.Node, outer: ts.Node) -> bool:
    return outer.start_byte <= node.start_byte and node.end_byte <= outer.end_byte


def _asserted(call: ts.Node, checks: list[ts.Node]) -> bool:
    """The call sits in an assertion, or its value (awaited, a field of it) is bound to a
    name a later assertion reads."""
    if any(_inside(call, check) for check in checks):
        return True
    top = call
    while top.parent is not None and top.parent.type in _VALUE_WRAPPERS:
        top = top.parent
    parent = top.parent
    if parent is None or parent.type != "assignment" or parent.child_by_field_name("right") != top:
        return False
    left = parent.child_by_field_name("left")
    if left is None or left.type != "identifier":
        return False
    name = T.text(left)
    return any(
        ident.type == "identifier" and T.text(ident) == name
        for check in checks
        if check.start_byte > parent.end_byte
        for ident in walk_own(check)
    )


def _fixtures(f: PyFile, functions: list[ts.Node]) -> dict[str, tuple[ts.Node, bool]]:
    """The file's pytest fixtures by name: (function, autouse)."""
    found: dict[str, tuple[ts.Node, bool]] = {}
    for fn in functions:
        for decorator in decorators(fn):
            name, call = decorator_name(f, decorator)
            if name not in ("pytest.fixture", "fixture"):
                continue
            autouse = call is not None and "autouse=True" in T.squash(call).replace(" ", "")
            found[T.text(fn.child_by_field_name("name"))] = (fn, autouse)
    return found


def _parameters(fn: ts.Node) -> list[str]:
    params = fn.child_by_field_name("parameters")
    names: list[str] = []
    for p in params.named_children if params is not None else []:
        node = p if p.type == "identifier" else p.child_by_field_name("name") or p
        if node.type == "identifier":
            names.append(T.text(node))
    return names


def _requested(
    fn: ts.Node, fixtures: dict[str, tuple[ts.Node, bool]], owner: ts.Node | None
) -> list[ts.Node]:
    """The fixtures a test runs: those it names (and those they name), and the autouse
    ones of its module or class."""
    wanted = [
        fixture
        for fixture, autouse in fixtures.values()
        if autouse and enclosing_class(fixture) in (None, owner)
    ]
    queue = list(_parameters(fn))
    seen: set[str] = set()
    while queue:
        name = queue.pop(0)
        if name in seen or name not in fixtures:
            continue
        seen.add(name)
        wanted.append(fixtures[name][0])
        queue.extend(_parameters(fixtures[name][0]))
    return sorted(set(wanted), key=lambda n: n.start_byte)


def double_sites(
    f: PyFile,
    tests: list[tuple[ts.Node, str, str]],
    classes: list[ts.Node],
    functions: list[ts.Node],
) -> list[Fact]:
    """Doubles and imported calls of a file's tests; test classes' decorators and setup
    methods place doubles for every test of the class, a fixture's for every test that
    requests it."""
    reader = _Reader(f)
    fixtures = _fixtures(f, functions)
    out: list[Fact] = []
    test_classes = {symbol.rsplit("::", 1)[0] for _, symbol, _ in tests if symbol.count("::") > 1}
    for cls in classes:
        symbol = symbol_id(f.source.path, T.text(cls.child_by_field_name("name")))
        if symbol not in test_classes:
            continue
        out += reader.decorated(cls, symbol)
        body = cls.child_by_field_name("body")
        for method in body.named_children if body is not None else []:
            definition = method.child_by_field_name("definition") or method
            if definition.type != "function_definition":
                continue
            if T.text(definition.child_by_field_name("name")) in _SETUP:
                inner = definition.child_by_field_name("body")
                if inner is not None:
                    out += reader.in_body(inner, symbol, cls.end_point[0] + 1)
    for fn, symbol, _ in tests:
        body = fn.child_by_field_name("body")
        out += reader.decorated(fn, symbol)
        for fixture in _requested(fn, fixtures, enclosing_class(fn)):
            inner = fixture.child_by_field_name("body")
            if inner is None:
                continue
            end = fn.end_point[0] + 1
            out += [
                replace(d, start=T.line_of(fn), until=end)
                for d in reader.in_body(inner, symbol, end)
                if isinstance(d, Double)
            ]
        if body is not None:
            out += reader.in_body(body, symbol, fn.end_point[0] + 1)
            out += reader.calls(body, symbol)
    return out
