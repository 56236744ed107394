"""Which functions of a Python file pytest and unittest collect as tests, read once per file.

The integrity facts (``integrity.py``), the test comparison (``testfile_side.py``) and the
runs model (``runners/python_files.py``) all read the tests of a file here, so that they
never disagree on which tests a file holds. pytest's rules (``_pytest/python.py``,
``_pytest/unittest.py``):

- a function is a test when its name matches ``python_functions`` (prefix ``test``) and it
  is no fixture; module functions are tests only where pytest collects the module;
- a class is a test class when its name matches ``python_classes`` (prefix ``Test``) and
  neither it nor a base of the module defines ``__init__`` or ``__new__``; a subclass of
  unittest's ``TestCase`` is one whatever its name, and its ``test*`` methods are unittest's;
- a class holds the tests it defines and those it inherits from bases defined in the same
  module (a ``Base`` or mixin not named ``Test*`` is not collected itself, its tests are in
  every test class deriving from it); a base defined elsewhere cannot be read;
- a pytest test class collects the test classes nested in it by the same rules;
- ``__test__ = False`` on the module, or on a class or a base it inherits it from, collects
  nothing there; ``name.__test__ = False`` after a module function or class does the same
  for it;
- a base may be a class nested in another class of the module (``class T(Holder.Base)``).
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from .knowledge import TEST_FILES
from .model import PythonModel, base_nodes, decorator_parts, decorators

# unittest's test case classes (and the frameworks' subclasses of the same name:
# ``django.test.TestCase``), by the last part of the name a base resolves to.
UNITTEST_CLASSES = frozenset({"TestCase", "IsolatedAsyncioTestCase", "AsyncTestCase"})
# pytest's defaults of ``python_functions`` and ``python_classes``.
DEFAULT_FUNCTIONS = ("test",)
DEFAULT_FILES = TEST_FILES
DEFAULT_CLASSES = ("Test",)
# Statements whose blocks bind names in the scope around them (``if``, ``try``, ``with``).
_BLOCKS = frozenset(
    {
        "if_statement",
        "elif_clause",
        "else_clause",
        "try_statement",
        "except_clause",
        "finally_clause",
        "with_statement",
        "block",
        "decorated_definition",
    }
)
# Marks and decorators that skip what they apply to: whether they take a condition (None:
# when given one, as ``xfail(cond)``).
SKIP_MARKS: dict[str, bool | None] = {
    "pytest.mark.skip": False,
    "pytest.mark.skipif": True,
    "pytest.mark.xfail": None,
    "unittest.skip": False,
    "unittest.skipIf": True,
    "unittest.skipUnless": True,
    "unittest.expectedFailure": False,
}
_FIXTURES = frozenset({"pytest.fixture", "fixture", "pytest_asyncio.fixture"})


def is_unittest_base(qualified: str) -> bool:
    """A base class, as the module's imports resolve it, is unittest's test case class."""
    return qualified.rsplit(".", 1)[-1] in UNITTEST_CLASSES


def matches_prefix_or_glob(name: str, patterns: tuple[str, ...]) -> bool:
    """pytest's ``_matches_prefix_or_glob_option``: a prefix, or a glob when it has glob chars."""
    for pattern in patterns:
        if name.startswith(pattern):
            return True
        if any(c in pattern for c in "*?[") and fnmatch.fnmatch(name, pattern):
            return True
    return False


@dataclass(frozen=True)
class PyCollected:
    """One test as collected: ``names`` make its node id (``TestCart::TestTotals::test_sum``)."""

    names: tuple[str, ...]
    function: ts.Node  # the definition, in a base class when the test is inherited
    classes: tuple[ts.Node, ...]  # the classes that collect it, outermost first
    unittest: bool

    @property
    def node_id(self) -> str:
        return "::".join(self.names)


def definitions(block: ts.Node | None) -> list[ts.Node]:
    """The function and class definitions a module or class body binds, in source order,
    looking into ``if``/``try``/``with`` blocks (not into functions or classes)."""
    found: list[ts.Node] = []
    for child in block.named_children if block is not None else []:
        if child.type in ("function_definition", "class_definition"):
            found.append(child)
        elif child.type in _BLOCKS:
            found.extend(definitions(child))
    return found


def _assigned_false(block: ts.Node | None, name: str) -> bool | None:
    """Whether the body binds ``name = False`` (True), ``name = <other>`` (False), or not (None)."""
    answer: bool | None = None
    for child in block.named_children if block is not None else []:
        inner = child.named_children[0] if child.named_children else None
        if child.type != "expression_statement" or inner is None or inner.type != "assignment":
            continue
        left, right = inner.child_by_field_name("left"), inner.child_by_field_name("right")
        if left is not None and right is not None and T.text(left) == name:
            answer = T.text(right) == "False"
    return answer


def _class_named(block: ts.Node | None, name: str, before: int) -> ts.Node | None:
    """The last class called ``name`` a body defines before byte ``before``."""
    named = [
        d
        for d in definitions(block)
        if d.type == "class_definition"
        and d.start_byte < before
        and T.text(d.child_by_field_name("name")) == name
    ]
    return named[-1] if named else None


def _hidden_by_attribute(root: ts.Node) -> set[str]:
    """Names a module marks ``<name>.__test__ = False`` (pytest collects neither such a
    function nor such a class)."""
    hidden: set[str] = set()
    for child in root.named_children:
        inner = child.named_children[0] if child.named_children else None
        if child.type != "expression_statement" or inner is None or inner.type != "assignment":
            continue
        left, right = inner.child_by_field_name("left"), inner.child_by_field_name("right")
        if left is None or right is None or left.type != "attribute":
            continue
        owner, attribute = left.child_by_field_name("object"), left.child_by_field_name("attribute")
        if owner is not None and owner.type == "identifier" and T.text(attribute) == "__test__":
            if T.text(right) == "False":
                hidden.add(T.text(owner))
            else:
                hidden.discard(T.text(owner))
    return hidden


def module_values(source: SourceFile) -> dict[str, ts.Node]:
    """Names the module binds exactly once at its top level, with their values: a marker
    kept in a name (``later = pytest.mark.skip(reason=...)``, then ``@later``)."""
    found: dict[str, ts.Node] = {}
    seen: dict[str, int] = {}
    for statement in source.tree.root_node.named_children:
        inner = statement.named_children[0] if statement.named_children else None
        if statement.type != "expression_statement" or inner is None or inner.type != "assignment":
            continue
        left, right = inner.child_by_field_name("left"), inner.child_by_field_name("right")
        if left is not None and left.type == "identifier" and right is not None:
            seen[T.text(left)] = seen.get(T.text(left), 0) + 1
            found[T.text(left)] = right
    return {name: value for name, value in found.items() if seen[name] == 1}


@dataclass(frozen=True)
class PyMark:
    """One mark applied to a definition or a module, however it is spelled: a decorator
    (``@pytest.mark.skip``, ``@m.slow`` through ``from pytest import mark as m``, ``@sk``
    for a module-level ``sk = pytest.mark.skip``) or an entry of a ``pytestmark`` list."""

    name: str  # resolved through the imports: ``pytest.mark.skip``, ``unittest.skipIf``
    call: ts.Node | None  # the call that gives the mark its arguments, None without any
    anchor: ts.Node  # the decorator, or the ``pytestmark`` statement
    written: ts.Node  # the expression as written at the anchor (a list entry, a decorator's)

    @property
    def marker(self) -> str:
        """The pytest marker name (``slow`` of ``pytest.mark.slow``), "" for no pytest mark."""
        head, _, last = self.name.rpartition(".")
        return last if head.rpartition(".")[2] == "mark" else ""


def decorator_mark(source: SourceFile, decorator: ts.Node) -> PyMark:
    """The mark (or any decorator, by its resolved name) one decorator applies."""
    written = decorator.named_children[0] if decorator.named_children else decorator
    return _mark(source, written, decorator)


def _mark(source: SourceFile, written: ts.Node, anchor: ts.Node) -> PyMark:
    expr = written
    if expr.type == "identifier":
        expr = source.model(module_values).get(T.text(expr), expr)
    call = expr if expr.type == "call" else None
    target = (expr.child_by_field_name("function") or expr) if call is not None else expr
    name = source.model(PythonModel).resolve_at(T.squash(target), written)
    return PyMark(name, call, anchor, written)


def _pytestmark(source: SourceFile, block: ts.Node | None) -> list[PyMark]:
    """The marks of ``pytestmark = <mark>`` or ``= [<mark>, ...]`` statements of a body."""
    found: list[PyMark] = []
    for statement in block.named_children if block is not None else []:
        inner = statement.named_children[0] if statement.named_children else None
        if statement.type != "expression_statement" or inner is None or inner.type != "assignment":
            continue
        left, value = inner.child_by_field_name("left"), inner.child_by_field_name("right")
        if left is not None and value is not None and T.text(left) == "pytestmark":
            found += marks_given(source, value, statement)
    return found


def marks_given(source: SourceFile, value: ts.Node, anchor: ts.Node) -> list[PyMark]:
    """The marks a value gives (``pytestmark = ...``, ``pytest.param(..., marks=...)``): one
    mark, a list or tuple of them, or a module-level name for either."""
    if value.type == "identifier":
        value = source.model(module_values).get(T.text(value), value)
    items = value.named_children if value.type in ("list", "tuple") else [value]
    return [_mark(source, item, anchor) for item in items if item.type != "comment"]


def marks_of(source: SourceFile, definition: ts.Node) -> list[PyMark]:
    """The marks of a definition: its decorators, then a class body's ``pytestmark``; for
    the module node, its ``pytestmark``. The one reader of marks for the integrity facts,
    the module skips and the runs model."""
    if definition.type == "module":
        return _pytestmark(source, definition)
    found = [decorator_mark(source, d) for d in decorators(definition)]
    if definition.type == "class_definition":
        found += _pytestmark(source, definition.child_by_field_name("body"))
    return found


@dataclass(frozen=True)
class PyTests:
    """The tests of one file in source order, and its test classes (each as the chain of
    classes from the module down to it, whether or not it holds a test)."""

    tests: tuple[PyCollected, ...]
    classes: tuple[tuple[ts.Node, ...], ...]


class _Reader:
    """The collection of one module under the given name patterns."""

    def __init__(
        self, model: PythonModel, functions: tuple[str, ...], classes: tuple[str, ...]
    ) -> None:
        self.model, self.functions, self.classes = model, functions, classes
        self.chains: list[tuple[ts.Node, ...]] = []

    def is_fixture(self, fn: ts.Node) -> bool:
        for decorator in decorators(fn):
            expr = decorator_parts(decorator)[0]
            if self.model.resolve_at(T.squash(expr), expr) in _FIXTURES:
                return True
        return False

    def local_bases(self, cls: ts.Node) -> list[ts.Node]:
        """The bases of a class that the same module (or the same class body) defines."""
        scopes: list[ts.Node] = []
        current = cls.parent
        while current is not None:
            if current.type == "class_definition":
                scopes.append(current.child_by_field_name("body") or current)
            elif current.type == "module":
                scopes.append(current)
            current = current.parent
        found: list[ts.Node] = []
        for base in base_nodes(cls):
            if base.type not in ("identifier", "attribute"):
                continue
            head, *rest = T.squash(base).split(".")
            for block in scopes[:1] + scopes[-1:]:
                named = _class_named(block, head, cls.start_byte)
                for part in rest:  # ``Holder.Base``: a class nested in a class of the module
                    inner = named.child_by_field_name("body") if named is not None else None
                    named = _class_named(inner, part, cls.start_byte)
                if named is not None:
                    found.append(named)
                    break
        return found

    def mro(self, cls: ts.Node, seen: frozenset[int] = frozenset()) -> list[ts.Node]:
        """The class and its bases of this module, depth first, each once."""
        order = [cls]
        for base in self.local_bases(cls):
            if base.id not in seen and base.id != cls.id:
                order += [c for c in self.mro(base, seen | {cls.id}) if c not in order]
        return order

    def is_unittest(self, cls: ts.Node) -> bool:
        for klass in self.mro(cls):
            for base in base_nodes(klass):
                if is_unittest_base(self.model.resolve_at(T.squash(base), base)):
                    return True
        return False

    def members(self, cls: ts.Node) -> dict[str, ts.Node]:
        """Functions and classes of a class by name, its own winning over inherited ones."""
        found: dict[str, ts.Node] = {}
        for klass in reversed(self.mro(cls)):
            for d in definitions(klass.child_by_field_name("body")):
                found[T.text(d.child_by_field_name("name"))] = d
        return found

    def collected_class(self, cls: ts.Node) -> bool | None:
        """True for a unittest test case, False for a pytest test class, None otherwise."""
        for klass in self.mro(cls):
            test = _assigned_false(klass.child_by_field_name("body"), "__test__")
            if test is not None:
                if test:
                    return None
                break
        if self.is_unittest(cls):
            return True
        name = T.text(cls.child_by_field_name("name"))
        if not matches_prefix_or_glob(name, self.classes):
            return None
        members = self.members(cls)
        if "__init__" in members or "__new__" in members:
            return None
        return False

    def of_class(self, cls: ts.Node, outer: tuple[ts.Node, ...], unit: bool) -> list[PyCollected]:
        chain = (*outer, cls)
        self.chains.append(chain)
        names = tuple(T.text(c.child_by_field_name("name")) for c in chain)
        found: list[PyCollected] = []
        for name, member in self.members(cls).items():
            if member.type == "function_definition":
                patterns = DEFAULT_FUNCTIONS if unit else self.functions
                wanted = matches_prefix_or_glob(name, patterns)
                if wanted and not self.is_fixture(member):
                    found.append(PyCollected((*names, name), member, chain, unit))
            elif not unit and all(member.id != c.id for c in chain):
                # (a class inside the chain is one that cannot run: it names itself
                # through a base before it is bound)
                nested = self.collected_class(member)
                if nested is not None:
                    found += self.of_class(member, chain, nested)
        return found

    def of_module(self, root: ts.Node) -> list[PyCollected]:
        if _assigned_false(root, "__test__"):
            return []
        found: list[PyCollected] = []
        last: dict[str, ts.Node] = {}
        for d in definitions(root):
            last[T.text(d.child_by_field_name("name"))] = d
        hidden = _hidden_by_attribute(root)
        for name, d in last.items():
            if name in hidden:
                continue
            if d.type == "function_definition":
                if matches_prefix_or_glob(name, self.functions) and not self.is_fixture(d):
                    found.append(PyCollected((name,), d, (), False))
                continue
            unit = self.collected_class(d)
            if unit is not None:
                found += self.of_class(d, (), unit)
        return sorted(found, key=lambda c: (c.function.start_byte, c.names))


def collected_tests(
    source: SourceFile,
    functions: tuple[str, ...] = DEFAULT_FUNCTIONS,
    classes: tuple[str, ...] = DEFAULT_CLASSES,
) -> PyTests:
    """The tests of one file that pytest collects under the given name patterns."""
    reader = _Reader(source.model(PythonModel), functions, classes)
    tests = reader.of_module(source.tree.root_node)
    chains = sorted(reader.chains, key=lambda c: c[-1].start_byte)
    return PyTests(tuple(tests), tuple(chains))


def default_tests(source: SourceFile) -> PyTests:
    """The tests under pytest's default name patterns, as if pytest collected the file;
    built once per file (``source.model(default_tests)``)."""
    return collected_tests(source)
