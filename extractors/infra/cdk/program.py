"""The structure of a stack file the interpreter follows: helpers, classes, loops, blocks.

A stack often builds its constructs through code of its own: a module-level factory
(``makeFn(this, 'A', 'a.ts')``), a method (``this.createLambda(...)``), an arrow
function bound to a name, a construct class whose constructor builds a function, a loop
over a constant array. Each such helper that some call in the file names is run only
where it is called, with its arguments bound (``inline``); every other statement runs
once, in source order, as before. A helper nobody calls here (the stack's own
constructor) is read in place.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import tree_sitter as ts

from ...common import treesitter as T
from ...common.adapter import CodeSyntax
from ...common.dispatch import SourceFile

# Node types that open a function body, per grammar (TypeScript/JavaScript and Python).
FUNCTION_NODES = frozenset(
    {
        "function_declaration",
        "method_definition",
        "arrow_function",
        "function_expression",
        "function_definition",
    }
)
CLASS_NODES = frozenset({"class_declaration", "class", "class_definition"})
LOOP_NODES = frozenset({"for_in_statement", "for_statement"})
CONSTRUCTORS = ("constructor", "__init__")
ROOT = -1  # the owner id of statements outside any called helper or loop


@dataclass(frozen=True)
class Helper:
    """A function-like definition: its name, node, and the class it is a method of."""

    name: str
    node: ts.Node
    owner_class: str = ""  # the class it is a method of ("" for functions)
    base: ts.Node | None = None  # a constructor's class's base class expression

    @property
    def params(self) -> ts.Node | None:
        """The parameter list node."""
        return self.node.child_by_field_name("parameters")

    @property
    def body(self) -> ts.Node | None:
        """The body: a block, or the expression of an arrow function."""
        return self.node.child_by_field_name("body")


@dataclass
class Program:
    """Helpers by how they are called, and the statements each block runs."""

    functions: dict[str, list[Helper]] = field(default_factory=dict)
    methods: dict[str, list[Helper]] = field(default_factory=dict)
    classes: dict[str, Helper] = field(default_factory=dict)  # class -> its constructor
    bases: dict[str, ts.Node] = field(default_factory=dict)  # class -> base class expression
    blocks: dict[int, list[ts.Node]] = field(default_factory=dict)  # owner id -> items
    # functions handed to ``forEach``/``map``, by their start byte
    callbacks: dict[int, Helper] = field(default_factory=dict)

    def items(self, owner: int) -> list[ts.Node]:
        """The statements and loops a block runs, in source order."""
        return self.blocks.get(owner, [])


def _class_of(node: ts.Node) -> ts.Node | None:
    """The class a method definition sits in directly, if any."""
    parent = node.parent
    if parent is not None and parent.type in ("class_body", "block", "decorated_definition"):
        parent = parent.parent
        if parent is not None and parent.type == "decorated_definition":
            parent = parent.parent
    return parent if parent is not None and parent.type in CLASS_NODES else None


def _helper_name(node: ts.Node) -> str:
    """The name a function-like node is called by: its own, or the variable/field it is
    bound to (``const makeFn = (...) => ...``); "" for an anonymous callback."""
    name = node.child_by_field_name("name")
    if name is not None:
        return T.text(name)
    parent = node.parent
    if parent is not None and parent.type in ("variable_declarator", "public_field_definition"):
        bound = parent.child_by_field_name("name") or parent.child_by_field_name("property")
        return T.text(bound) if bound is not None else ""
    return ""


def _called_names(source: SourceFile, folder: str) -> set[str]:
    """Names some call in the file makes: ``f(...)``, ``new C(...)``, ``this.m(...)``."""
    caps = source.captures("contract_cdk", source.language, folder)
    return {T.text(n) for n in caps.get("callee", [])}


def build(source: SourceFile, syntax: CodeSyntax) -> Program:
    """The helpers of a stack file and the blocks its statements belong to."""
    folder = syntax.query_folder
    caps = source.captures("contract_cdk", source.language, folder)
    program = Program()
    called = _called_names(source, folder)
    owners: set[int] = set()
    for node in caps.get("class", []):
        name = node.child_by_field_name("name")
        base = syntax.class_base(node)
        if name is not None and base is not None:
            program.bases[T.text(name)] = base
    for node in caps.get("helper", []):
        name = _helper_name(node)
        cls = _class_of(node)
        cls_name = cls.child_by_field_name("name") if cls is not None else None
        owner_class = T.text(cls_name) if cls_name is not None else ""
        if cls is not None and name in CONSTRUCTORS:
            if owner_class in called:
                base = program.bases.get(owner_class)
                program.classes[owner_class] = Helper(owner_class, node, owner_class, base)
                owners.add(node.id)
            continue
        if not name or name not in called:
            continue
        if cls is not None:
            program.methods.setdefault(name, []).append(Helper(name, node, owner_class))
        else:
            program.functions.setdefault(name, []).append(Helper(name, node))
        owners.add(node.id)
    for node in caps.get("callback", []):
        program.callbacks[node.start_byte] = Helper("callback", node)
        owners.add(node.id)
    owners.update(n.id for n in caps.get("loop", []))
    items = caps.get("declare", []) + caps.get("statement", []) + caps.get("loop", [])
    for node in sorted(items, key=lambda n: n.start_byte):
        program.blocks.setdefault(_owner(node, owners), []).append(node)
    return program


def _owner(node: ts.Node, owners: set[int]) -> int:
    """The nearest enclosing called helper or loop of a statement (ROOT for none)."""
    parent = node.parent
    while parent is not None:
        if parent.id in owners:
            return parent.id
        parent = parent.parent
    return ROOT
