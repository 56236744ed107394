"""Python classes that declare a value's fields: TypedDict, ``@dataclass``, pydantic models.

A function that returns ``Order(...)`` (or builds its value out of sight) has no dict
literal to read, but its return annotation names the class whose body lists the fields.
The class's shape is a ``Record``; the function's ``Producer`` carries the annotation as a
qualified name (``declared``) and the validator joins the two, in whichever file the class
lives. Fields are the annotated names (TypedDict) or every class attribute, method and
property (what an instance answers to). ``total=False`` / ``NotRequired[...]`` fields are
optional. A class whose bases are not all known here, or that accepts extra fields
(``extra="allow"``, ``__getattr__``), is open: what it lacks is not known. A pydantic
model's record also carries the JSON it serialises to (``wire``), which is what a
FastAPI route that declares it sends.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..facts import symbol_id
from ..facts.contracts import PyClassBases, Record, Shape, ShapeField, obj, unknown
from . import strings as py_strings
from .model import (
    base_nodes,
    class_keywords,
    decorator_parts,
    decorators,
    definition_of,
    module_of,
    qualify,
)
from .wire import Models

_MARKERS = {"TypedDict": "typeddict", "BaseModel": "model"}
_IGNORED_BASES = {"Generic", "Protocol", "object"}
# Methods that may give an instance attributes its class body does not list.
_OPENING = {
    "__init__",
    "__post_init__",
    "__getattr__",
    "__getattribute__",
    "__setattr__",
    "model_post_init",
}
# Attributes every pydantic v2 model instance has besides its fields (methods are calls,
# not reads, and need no entry).
_MODEL_ATTRIBUTES = (
    "model_computed_fields",
    "model_config",
    "model_extra",
    "model_fields",
    "model_fields_set",
)


def _last(node: ts.Node | None) -> str:
    return ir.dotted(ir.from_py(node)).rsplit(".", 1)[-1] if node is not None else ""


def _is_dataclass(applied: list[ts.Node]) -> bool:
    return any(_last(decorator_parts(d)[0]) == "dataclass" for d in applied)


class _Classes:
    """The record classes of one file, by name, built on demand (bases first)."""

    def __init__(self, classes: list[ts.Node]) -> None:
        self.nodes = {T.text(c.child_by_field_name("name")): c for c in classes}
        self.kinds: dict[str, str] = {}
        self.shapes: dict[str, tuple[Shape, str]] = {}
        self.busy: set[str] = set()

    def shape(self, name: str) -> tuple[Shape, str] | None:
        """(shape, kind) of a record class of this file, or None for any other class."""
        if name in self.shapes:
            return self.shapes[name]
        node = self.nodes.get(name)
        if node is None or name in self.busy:
            return None
        self.busy.add(name)
        try:
            built = self._build(node)
        finally:
            self.busy.discard(name)
        if built is not None:
            self.shapes[name] = built
        return built

    def _build(self, node: ts.Node) -> tuple[Shape, str] | None:
        applied = decorators(node)
        kind = "dataclass" if _is_dataclass(applied) else ""
        fields: dict[str, ShapeField] = {}
        opened = False
        total = True
        for name, value in class_keywords(node):
            if name == "total":
                total = T.text(value) != "False"
            elif name != "metaclass":
                opened = True
        for base in base_nodes(node):
            last = _last(base)
            if last in _MARKERS:
                kind = _MARKERS[last]
                continue
            if last in _IGNORED_BASES:
                continue
            inherited = self.shape(last) if base.type == "identifier" else None
            if inherited is None:
                opened = True
                continue
            kind = kind or inherited[1]
            fields.update({f.name: f for f in inherited[0].fields})
            opened = opened or inherited[0].open
        if not kind:
            return None
        body = node.child_by_field_name("body")
        # Another decorator (``@dataclass_json(letter_case=...)``) or a pydantic alias may
        # rename or add what an instance holds.
        extra_decorators = len(applied) > (1 if kind == "dataclass" else 0)
        aliased = kind == "model" and "alias" in T.text(body)
        opened = opened or extra_decorators or aliased
        for statement in body.named_children if body is not None else []:
            opened = self._member(statement, kind, total, fields) or opened
        if kind == "model":
            for name in _MODEL_ATTRIBUTES:
                fields.setdefault(name, ShapeField(name, unknown(T.line_of(node)), T.line_of(node)))
        return obj(fields, open=opened, line=T.line_of(node)), kind

    def _member(
        self, statement: ts.Node, kind: str, total: bool, fields: dict[str, ShapeField]
    ) -> bool:
        """Add the field a class-body statement declares; True when it opens the class."""
        statement = definition_of(statement)
        if statement.type in ("function_definition", "class_definition"):
            name = T.text(statement.child_by_field_name("name"))
            if kind != "typeddict":
                line = T.line_of(statement)
                fields[name] = ShapeField(name, unknown(line), line)
            return name in _OPENING or (name == "Config" and "extra" in T.text(statement))
        if statement.type != "expression_statement" or not statement.named_children:
            return False
        assignment = statement.named_children[0]
        if assignment.type != "assignment":
            return False
        left = assignment.child_by_field_name("left")
        if left is None or left.type != "identifier":
            return False
        name = T.text(left)
        annotation = assignment.child_by_field_name("type")
        if name == "model_config" and "extra" in T.text(assignment.child_by_field_name("right")):
            return True
        if annotation is None and kind == "typeddict":
            return False
        line = T.line_of(assignment)
        optional = False
        inner = annotation.named_children[0] if annotation is not None else None
        wrapper = ""
        if inner is not None and inner.type == "generic_type" and inner.named_children:
            wrapper = _last(inner.named_children[0])
        if kind == "typeddict":
            optional = wrapper == "NotRequired" or (not total and wrapper != "Required")
        value = self._field_shape(inner, line)
        fields[name] = ShapeField(name, value, line, optional=optional)
        return False

    def _field_shape(self, annotation: ts.Node | None, line: int) -> Shape:
        """A field typed with another record class of this file has that class's fields."""
        if annotation is not None and annotation.type == "identifier":
            found = self.shape(T.text(annotation))
            if found is not None:
                return found[0]
        return unknown(line)


def records(
    path: str, classes: list[ts.Node], imports: dict[str, str] | None = None
) -> list[Record]:
    """A ``Record`` for every TypedDict / dataclass / pydantic model class of a file; a
    model's also carries the JSON it serialises to (``wire``), by alias and by name."""
    found = _Classes(classes)
    models = Models(found.nodes, imports or {})
    out: list[Record] = []
    for node in classes:
        if not _module_level(node):
            continue
        name = T.text(node.child_by_field_name("name"))
        built = found.shape(name)
        if built is not None:
            line = T.line_of(node)
            model = built[1] == "model"
            out.append(
                Record(
                    file=path,
                    line=line,
                    symbol=symbol_id(path, name),
                    name=name,
                    shape=built[0],
                    wire=models.wire(name, True) if model else None,
                    wire_names=models.wire(name, False) if model else None,
                )
            )
    return out


def class_bases(path: str, classes: list[ts.Node], imports: dict[str, str]) -> list[PyClassBases]:
    """The qualified bases of every module-level class of a file (``object``, ``Generic``,
    ``Protocol`` and keyword arguments aside)."""
    module = module_of(path)
    local = {T.text(c.child_by_field_name("name")) for c in classes if _module_level(c)}
    out: list[PyClassBases] = []
    for node in classes:
        if not _module_level(node):
            continue
        bases: list[str] = []
        for base in base_nodes(node):
            if base.type not in ("identifier", "attribute"):
                continue
            dotted = T.squash(base)
            head, _, rest = dotted.partition(".")
            if head in _IGNORED_BASES and not rest:
                continue
            if head in imports:
                bases.append(qualify(imports, dotted))
            elif head in local and not rest:
                bases.append(f"{module}.{head}")
        if bases:
            name = T.text(node.child_by_field_name("name"))
            out.append(
                PyClassBases(
                    file=path,
                    line=T.line_of(node),
                    symbol=symbol_id(path, name),
                    name=name,
                    bases=tuple(bases),
                )
            )
    return out


def _module_level(node: ts.Node) -> bool:
    parent = node.parent
    if parent is not None and parent.type == "decorated_definition":
        parent = parent.parent
    return parent is not None and parent.type == "module"


def functional_records(path: str, bindings: list[ts.Node]) -> list[Record]:
    """``Customer = TypedDict("Customer", {"name": str}, total=False)`` at module level."""
    out: list[Record] = []
    for assignment in bindings:
        statement = assignment.parent
        if statement is None or statement.parent is None or statement.parent.type != "module":
            continue
        left, right = (
            assignment.child_by_field_name("left"),
            assignment.child_by_field_name("right"),
        )
        if left is None or right is None or left.type != "identifier" or right.type != "call":
            continue
        if _last(right.child_by_field_name("function")) != "TypedDict":
            continue
        arguments = right.child_by_field_name("arguments")
        items = arguments.named_children if arguments is not None else []
        declared = [a for a in items if a.type == "dictionary"]
        if not declared:
            continue
        total = not any(
            a.type == "keyword_argument"
            and T.text(a.child_by_field_name("name")) == "total"
            and T.text(a.child_by_field_name("value")) == "False"
            for a in items
        )
        fields: dict[str, ShapeField] = {}
        opened = False
        for pair in declared[0].named_children:
            key = pair.child_by_field_name("key") if pair.type == "pair" else None
            name = py_strings.string_text(key) if key is not None else None
            if name is None:
                opened = True
                continue
            value = pair.child_by_field_name("value")
            wrapper = _last(value.child_by_field_name("value")) if value is not None else ""
            wrapped = value is not None and value.type == "subscript"
            optional = (wrapped and wrapper == "NotRequired") or (
                not total and not (wrapped and wrapper == "Required")
            )
            line = T.line_of(pair)
            fields[name] = ShapeField(name, unknown(line), line, optional=optional)
        line = T.line_of(assignment)
        name = T.text(left)
        shape = obj(fields, open=opened, line=line)
        out.append(
            Record(file=path, line=line, symbol=symbol_id(path, name), name=name, shape=shape)
        )
    return out


def annotated_class(function: ts.Node) -> str:
    """The dotted class name a function's return annotation names (``Order``,
    ``models.Order``, ``"Order"``), or "" for anything else (generics, unions, None)."""
    annotation = function.child_by_field_name("return_type")
    inner = (
        annotation.named_children[0]
        if annotation is not None and annotation.named_children
        else None
    )
    if inner is None:
        return ""
    if inner.type == "string":
        text = py_strings.string_text(inner) or ""
        return text if all(p.isidentifier() for p in text.split(".")) else ""
    if inner.type in ("identifier", "attribute"):
        text = ir.dotted(ir.from_py(inner))
        return "" if text in ("None", "dict", "Any", "object") else text
    return ""
